"""The lobby's errors in words, shared by the terminal and the web page (pure: the
error is read, never imported from the peer layer at run time)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from p2pcards.ui._texts import N_, Texts

if TYPE_CHECKING:
    from p2pcards.peer import LobbyError


REFUSED = "the host refused to seat you ({reason})"
"""The message id of a refusal for a reason of the host's
(:data:`p2pcards.peer._lobby.REFUSALS`)."""


def address_text(address: tuple[str, int]) -> str:
    """``ip:port``, an IPv6 address in brackets (as :func:`p2pcards.peer.address_text`)."""
    host, port = address
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def decimal(number: str, lang: str) -> str:
    """A number written out (``"0.5"``) with the decimal sign of ``lang``: a comma in
    Russian (``"0,5"``)."""
    return number.replace(".", ",") if lang == "ru" else number


def lobby_error_text(e: LobbyError, t: Texts) -> str:
    """A lobby error (:class:`p2pcards.peer.LobbyError`) in the language of ``t``: the
    cases with a ``kind`` in words of their own (with what to do next), any other
    through its ``msgid`` and ``params`` (the English message is the message id), as it
    is when it has none."""
    p = dict(e.params)
    where = address_text((str(p.get("host", "")), int(p.get("port", 0))))
    if e.kind in _NO_HOST:
        seconds = f"{float(p.get('seconds', 0)):g}"  # "0.5 s", "0,5 с"
        return t(_NO_HOST[e.kind], where=where, seconds=decimal(seconds, t.lang))
    if e.kind == "started":
        return t(
            "the game at {where} has already started: ask its players for a new table",
            where=where,
        )
    if e.kind == "full":
        return t("table full: every seat at {where} is taken", where=where)
    if e.kind == "not a table":
        return t("{where} answers but hosts no table", where=where)
    trust = _trust_error_text(e.kind, p, t)
    if trust:
        return trust
    if e.msgid == REFUSED:
        # the host's reason: one of the peer's REFUSALS, worded here in our language (the
        # peer is loaded: the error came from it); any other text is the host's own words
        from p2pcards.peer._lobby import REFUSALS

        reason = str(p.get("reason", ""))
        p["reason"] = t(reason) if reason in REFUSALS else reason
        return t(e.msgid, **p)
    if e.msgid:  # one of the rarer cases, worded through the catalog
        return t(e.msgid, **e.params)
    return str(e)


_NO_HOST = {  # kind -> the words, with what to try next
    "unreachable": N_(
        "no answer from {where} within {seconds} s: is the host running, and is this "
        "the address it prints? Retry with: p2pcards join {where}"
    ),
    "refused": N_(
        "nothing listens at {where} (tried for {seconds} s): is the host running, and "
        "is this the address it prints? Retry with: p2pcards join {where}"
    ),
}


def _trust_error_text(kind: str, p: dict[str, Any], t: Texts) -> str:
    """The confirmation cases of :func:`lobby_error_text` ('' for any other kind)."""
    name, fp = str(p.get("name", "")), str(p.get("fingerprint", ""))
    if kind == "key changed":
        return (
            t(
                "WARNING: {name} [{fingerprint}] is NOT the {name} you played with before "
                "[{known_fingerprint}]: another computer, or someone pretending to be them.",
                name=name,
                fingerprint=fp,
                known_fingerprint=str(p.get("known_fingerprint", "")),
            )
            + " "
            + t(
                "Not joined. If they really changed computers: p2pcards players forget {name!r}, "
                "then join again",
                name=name,
            )
        )
    if kind == "not confirmed":
        return t(
            "the host {name} [{fingerprint}] was not confirmed: not joined (compare the "
            "fingerprint with the one the host's p2pcards shows and answer y, or pass --yes)",
            name=name,
            fingerprint=fp,
        )
    if kind == "not admitted":
        return t("the host did not let you in")
    if kind == "name taken":
        return t(
            "the host knows another player called {name} (with another key): choose another "
            "name with --player-name, or ask the host to run: p2pcards players forget {name!r}",
            name=name,
        )
    return ""
