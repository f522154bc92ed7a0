"""Nobody but the player's browser drives the seat: the token, Host and Origin checks
(p2pcards.web._security), in a real browser and on the ASGI scopes directly."""

from __future__ import annotations

from typing import Any

from p2pcards.web._security import Guard, allowed_hosts, new_token
from tests.web._browser import served
from tests.web.conftest import Console


def _scope(path: str, host: str, origin: str | None = None, kind: str = "http") -> Any:
    headers = [(b"host", host.encode())]
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    return {"type": kind, "path": path, "headers": headers}


async def _app(scope: Any, receive: Any, send: Any) -> None:
    raise AssertionError("the guard let a refused request through")


def test_guard_reasons() -> None:
    token = new_token()
    assert len(token) == 43
    g = Guard(_app, token, allowed_hosts("127.0.0.1", 8123))
    ok_host = "127.0.0.1:8123"
    assert g.reason(_scope(f"/{token}/", ok_host)) is None
    assert g.reason(_scope(f"/{token}/s/app.js", "localhost:8123")) is None
    assert g.reason(_scope(f"/{token}/ws", ok_host, "http://127.0.0.1:8123", "websocket")) is None
    assert g.reason(_scope("/", ok_host)) == "no token"
    assert g.reason(_scope(f"/{token[:-1]}/", ok_host)) == "no token"
    assert g.reason(_scope(f"/{token}x/", ok_host)) == "no token"
    assert g.reason(_scope(f"/x/{token}/", ok_host)) == "no token"
    # DNS rebinding: a page of evil.example resolving to 127.0.0.1
    assert g.reason(_scope(f"/{token}/", "evil.example:8123")) == "host 'evil.example:8123'"
    assert g.reason(_scope(f"/{token}/", "127.0.0.1:8124")) == "host '127.0.0.1:8124'"
    # another page (another local server, or a site) calling in with a stolen token
    assert (
        g.reason(_scope(f"/{token}/", ok_host, "http://127.0.0.1:9999"))
        == "origin 'http://127.0.0.1:9999'"
    )
    assert g.reason(_scope(f"/{token}/ws", ok_host, "null", "websocket")) == "origin 'null'"
    assert g.reason(_scope(f"/{token}/ws", ok_host, None, "websocket")) == (
        "websocket without an origin"
    )


async def test_guard_answers_403() -> None:
    token = new_token()
    g = Guard(_app, token, allowed_hosts("127.0.0.1", 8123))
    sent: list[Any] = []

    async def receive() -> Any:
        return {"type": "websocket.connect"}

    async def send(m: Any) -> None:
        sent.append(m)

    await g(_scope("/nope/", "127.0.0.1:8123"), receive, send)
    assert sent[0]["status"] == 403
    sent.clear()
    await g(_scope(f"/{token}/ws", "127.0.0.1:8123", "http://x", "websocket"), receive, send)
    assert sent == [{"type": "websocket.close", "code": 1008}]


def test_second_context_without_the_token_is_refused(
    browser: Any, context: Any, console: Console
) -> None:
    with served("akulina", seed=1) as s:
        page = console.watch(context.new_page())
        page.goto(s.page.url)
        page.wait_for_selector("body[data-rev]")
        base = f"http://127.0.0.1:{s.page.port}"
        other = browser.new_context()
        try:
            stranger = other.new_page()
            for path in ("/", "/s/app.js", "/ws", f"/{s.page.token[:-2]}/", "/favicon.ico"):
                r = stranger.goto(base + path)
                assert r is not None and r.status == 403, path
            opened = stranger.evaluate(
                """(url) => new Promise((ok) => {
                    const ws = new WebSocket(url);
                    ws.onopen = () => ok("open");
                    ws.onerror = () => ok("refused");
                })""",
                f"ws://127.0.0.1:{s.page.port}/wrong/ws",
            )
            assert opened == "refused"
        finally:
            other.close()
        # the player's own page still works
        assert page.query_selector("#hand .card") is not None
        page.close()
    assert console.errors == []
