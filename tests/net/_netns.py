"""Run a command inside a private network namespace (helper of the tests/net suite).

No network test may send a packet off this machine, so every test that opens a socket
runs its scenario in a child process under ``unshare -rn`` (``unshare -n`` when user
namespaces are unavailable but we are root).  Inside, loopback is brought up with
multicast and the 224.0.0.0/4 route (unless ``multicast=False``: then there is no
multicast route at all, as on a Wi-Fi with client isolation).  If no namespace can be
created the calling test FAILS, never skips.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


@functools.cache
def _unshare_prefix() -> list[str]:
    errors = []
    for prefix in (["unshare", "-rn"], ["unshare", "-n"]):
        try:
            done = subprocess.run([*prefix, "true"], capture_output=True, timeout=10)
        except (OSError, subprocess.TimeoutExpired) as exc:
            errors.append(f"{' '.join(prefix)}: {exc}")
            continue
        if done.returncode == 0:
            return prefix
        errors.append(f"{' '.join(prefix)}: {done.stderr.decode(errors='replace').strip()}")
    pytest.fail(
        "cannot create a private network namespace, and network tests must never touch "
        "the real network: " + "; ".join(errors),
        pytrace=False,
    )


def run_in_netns(argv: list[str], *, timeout: float = 20.0, multicast: bool = True) -> str:
    """Run ``argv`` in a fresh private netns; return its stdout (fail the test on error)."""
    setup = "ip link set lo up multicast on && ip route add 224.0.0.0/4 dev lo"
    if not multicast:
        setup = "ip link set lo up multicast off"
    script = f'{setup} || {{ echo "netns setup failed" >&2; exit 97; }}; exec "$@"'
    env = {**os.environ, "PYTHONPATH": str(ROOT), "P2PCARDS_IN_NETNS": "1"}
    try:
        done = subprocess.run(
            [*_unshare_prefix(), "sh", "-c", script, "sh", *argv],
            capture_output=True,
            timeout=timeout,
            env=env,
            cwd=ROOT,
        )
    except subprocess.TimeoutExpired as exc:
        out = (exc.stdout or b"").decode(errors="replace")[-3000:]
        err = (exc.stderr or b"").decode(errors="replace")[-3000:]
        pytest.fail(f"scenario timed out after {timeout} s\nstdout:\n{out}\nstderr:\n{err}")
    out = done.stdout.decode(errors="replace")
    err = done.stderr.decode(errors="replace")
    if done.returncode != 0:
        pytest.fail(f"scenario failed (exit {done.returncode})\nstdout:\n{out[-3000:]}\n"
                    f"stderr:\n{err[-5000:]}")  # fmt: skip
    return out


def run_scenario(name: str, *args: Any, timeout: float = 20.0, multicast: bool = True) -> Any:
    """Run ``tests/net/_scenarios.py NAME ARGS_JSON`` in a netns; return its RESULT JSON."""
    out = run_in_netns(
        [sys.executable, str(HERE / "_scenarios.py"), name, json.dumps(list(args))],
        timeout=timeout,
        multicast=multicast,
    )
    for line in out.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT ") :])
    pytest.fail(f"scenario {name} printed no RESULT line:\n{out[-3000:]}")
