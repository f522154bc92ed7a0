"""Run a command inside a private network namespace (helper of the tests/net suite).

No network test may send a packet off this machine, so every test that opens a socket
runs its scenario in a child process under ``unshare -rn`` (``unshare -n`` when user
namespaces are unavailable but we are root).  Inside, loopback is brought up with
multicast and the 224.0.0.0/4 route (unless ``multicast=False``: then there is no
multicast route and joining any multicast group is refused, so mDNS hears nothing, as on
a Wi-Fi with client isolation).  If no namespace can be
created the calling test FAILS, never skips.
"""

from __future__ import annotations

import functools
import json
import os
import signal
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


def _kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def run_in_netns(
    argv: list[str], *, timeout: float = 60.0, multicast: bool = True, extra_setup: str = ""
) -> str:
    """Run ``argv`` in a fresh private netns; return its stdout (fail the test on error).
    ``extra_setup``: more shell commands run first inside it (e.g. a dummy interface
    with an address of its own)."""
    setup = "ip link set lo up multicast on && ip route add 224.0.0.0/4 dev lo"
    if not multicast:  # no route, and no group can be joined: mDNS hears nothing
        setup = "ip link set lo up && echo 0 > /proc/sys/net/ipv4/igmp_max_memberships"
    if extra_setup:
        setup = f"{setup} && {extra_setup}"
    script = f'{setup} || {{ echo "netns setup failed" >&2; exit 97; }}; exec "$@"'
    env = {**os.environ, "PYTHONPATH": str(ROOT), "P2PCARDS_IN_NETNS": "1"}
    # Own session, so that on timeout the scenario and every node it started die together.
    proc = subprocess.Popen(
        [*_unshare_prefix(), "sh", "-c", script, "sh", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=ROOT,
        start_new_session=True,
    )
    try:
        stdout, stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(proc.pid)
        stdout, stderr = proc.communicate()
        out = stdout.decode(errors="replace")[-3000:]
        err = stderr.decode(errors="replace")[-3000:]
        pytest.fail(f"scenario timed out after {timeout} s\nstdout:\n{out}\nstderr:\n{err}")
    _kill_group(proc.pid)  # leftovers, if any
    out = stdout.decode(errors="replace")
    err = stderr.decode(errors="replace")
    if proc.returncode != 0:
        pytest.fail(f"scenario failed (exit {proc.returncode})\nstdout:\n{out[-3000:]}\n"
                    f"stderr:\n{err[-5000:]}")  # fmt: skip
    return out


def run_scenario(name: str, *args: Any, timeout: float = 60.0, multicast: bool = True) -> Any:
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
