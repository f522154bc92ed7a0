"""Hostile input: a bounded fuzz run over every parser an honest peer exposes.

scripts/bench fuzz [--inputs N] [--budget SECONDS] [--seed S] [--no-atheris]

Targets (tests/reliability/fuzz_targets.py): the frame reader (FrameDecoder, lying length
prefixes), the wire decoder (net.decode), the handshake (an impostor's key, bad
signatures, early close), the transcript (verify_entry, peek_entry, Log.append),
mental-poker body checks (invalid and small-order points), and Table.receive against
tables in the middle of a real game with genuine entries mutated and re-signed by a
seat's key.

Engines: hypothesis (st.binary fed to each target) in this process and, when it is
installed, atheris (coverage-guided libFuzzer) in a second process at the same time (2
cores).  N inputs in total (default 100,000): 70% hypothesis, 30% atheris (100%
hypothesis without atheris).  Each target also has a share of the time budget (default
170 s); a target stops early when its share is spent (the lines say how many ran).

A crash is any exception other than the documented error types, or an inconsistent
state (see fuzz_targets).  A hang is an input that runs over HANG_SECONDS (a SIGALRM
watchdog interrupts it).  Output: one JSON line per target and engine (unit us: time per
input; ``inputs``, ``crashes``, ``hangs``), then a total line.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from _util import emit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.reliability.fuzz_targets import TARGETS, TableFuzzer  # noqa: E402

HANG_SECONDS = 10.0
WEIGHTS = {
    "frames": 0.22,
    "wire": 0.22,
    "transcript": 0.20,
    "mental_poker": 0.12,
    "table": 0.18,
    "handshake": 0.06,
}
ATHERIS_TARGETS = ("frames", "wire", "transcript", "mental_poker", "table")


class Hang(BaseException):
    """Raised by the watchdog inside an input that ran too long."""


class _OutOfTime(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise Hang()


def run_hypothesis(
    name: str, fn: Callable[[bytes], None], n: int, seconds: float, seed: int
) -> dict[str, object]:
    """Feed ``fn`` up to ``n`` hypothesis-generated inputs within ``seconds``."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hseed
    from hypothesis import strategies as st

    times: list[float] = []
    crashes: list[str] = []
    hangs = 0
    deadline = time.monotonic() + seconds

    @hseed(seed)
    @settings(
        max_examples=n,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(st.binary(max_size=512))
    def body(data: bytes) -> None:
        nonlocal hangs
        if time.monotonic() > deadline:
            raise _OutOfTime
        t0 = time.perf_counter()
        signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
        try:
            fn(data)
        except Hang:
            hangs += 1
        except Exception as e:  # a crash: record it, go on
            crashes.append(f"{type(e).__name__}: {str(e)[:300]} input={data.hex()[:400]}")
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        times.append((time.perf_counter() - t0) * 1e6)

    try:
        body()
    except _OutOfTime:
        pass
    return {"times": times, "crashes": crashes, "hangs": hangs}


def run_atheris(name: str, n: int, seconds: float, seed: int) -> subprocess.Popen[str]:
    """Start the atheris runner for one target in a child process."""
    cmd = [sys.executable, str(Path(__file__).with_name("_fuzz_atheris.py")), name,
           str(n), str(max(1, int(seconds))), str(seed), str(HANG_SECONDS)]  # fmt: skip
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})  # fmt: skip


def atheris_available() -> bool:
    try:
        import atheris  # noqa: F401
    except ImportError:
        return False
    return True


def parse_atheris(out: str, rc: int) -> dict[str, object]:
    """Runs, crashes and hangs from libFuzzer's output."""
    done = re.findall(r"Done (\d+) runs in (\d+) second", out)
    runs = int(done[-1][0]) if done else 0
    if not done:
        stats = re.findall(r"#(\d+)\s", out)
        runs = int(stats[-1]) if stats else 0
    extra = {"seconds": int(done[-1][1])} if done else {}
    hangs = len(re.findall(r"ALARM: working on the last Unit|timeout", out)) if rc else 0
    crashes = 0 if rc == 0 else (0 if hangs else 1)
    return {"runs": runs, "crashes": crashes, "hangs": hangs, "rc": rc, **extra,
            "tail": out[-1500:] if rc else ""}  # fmt: skip


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(prog="scripts/bench fuzz")
    ap.add_argument("--inputs", type=int, default=100_000, help="inputs in total")
    ap.add_argument("--budget", type=float, default=170.0, help="seconds in total")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-atheris", action="store_true")
    args = ap.parse_args(argv)
    start = time.monotonic()
    signal.signal(signal.SIGALRM, _alarm)
    use_atheris = not args.no_atheris and atheris_available()
    hyp_share = 0.7 if use_atheris else 1.0
    total_w = sum(WEIGHTS.values())

    procs: list[tuple[str, subprocess.Popen[str]]] = []
    if use_atheris:  # in parallel on the second core, one target after another
        ath_total = args.inputs - int(args.inputs * hyp_share)
        ath_w = sum(WEIGHTS[t] for t in ATHERIS_TARGETS)
        plan = [(t, int(ath_total * WEIGHTS[t] / ath_w), args.budget * 0.9 * WEIGHTS[t] / ath_w)
                for t in ATHERIS_TARGETS]  # fmt: skip
    else:
        plan = []
    atheris_iter = iter(plan)

    def next_atheris() -> None:
        item = next(atheris_iter, None)
        if item is not None:
            procs.append((item[0], run_atheris(item[0], item[1], item[2], args.seed)))

    next_atheris()
    totals = {"inputs": 0, "crashes": 0, "hangs": 0}
    crash_texts: list[str] = []
    table_stats: dict[str, int] = {}
    for name, w in WEIGHTS.items():
        n = int(args.inputs * hyp_share * w / total_w)
        seconds = args.budget * 0.95 * w / total_w
        fn: Callable[[bytes], None]
        if name == "table":
            fz = TableFuzzer(check_every=max(500, n // 10))
            fn = fz
        else:
            fn = TARGETS[name]
        t0 = time.monotonic()
        res = run_hypothesis(name, fn, n, seconds - 1.0, args.seed)
        if name == "table":
            try:
                fz.check_all()
            except Exception as e:
                res["crashes"].append(f"final check: {e}")  # type: ignore[attr-defined]
            table_stats = {"finish_checks": fz.checks, "cheats": fz.cheats_seen,
                           "rejected": fz.rejected_seen, "accepted": fz.accepted_seen}  # fmt: skip
        times: list[float] = res["times"]  # type: ignore[assignment]
        crashes: list[str] = res["crashes"]  # type: ignore[assignment]
        hangs: int = res["hangs"]  # type: ignore[assignment]
        extra = table_stats if name == "table" else {}
        emit(f"fuzz.{name}", "us", times or [0.0], engine="hypothesis", inputs=len(times),
             crashes=len(crashes), hangs=hangs, max_ms=round(max(times or [0]) / 1e3, 1),
             seconds=round(time.monotonic() - t0, 1), **extra)  # fmt: skip
        totals["inputs"] += len(times)
        totals["crashes"] += len(crashes)
        totals["hangs"] += hangs
        crash_texts += crashes
        # keep the atheris pipeline going
        while procs and procs[-1][1].poll() is not None and len(procs) < len(plan):
            next_atheris()
    # wait for atheris
    done_ath: list[tuple[str, dict[str, object]]] = []
    seen = 0
    while seen < len(plan):
        name, proc = procs[seen]
        out, _ = proc.communicate()
        r = parse_atheris(out, proc.returncode)
        done_ath.append((name, r))
        seen += 1
        if len(procs) < len(plan):
            next_atheris()
    for name, r in done_ath:
        emit(f"fuzz.{name}", "inputs", [float(r["runs"])], engine="atheris",  # type: ignore[arg-type]
             inputs=r["runs"], crashes=r["crashes"], hangs=r["hangs"],
             seconds=r.get("seconds"))  # fmt: skip
        totals["inputs"] += int(r["runs"])  # type: ignore[call-overload]
        totals["crashes"] += int(r["crashes"])  # type: ignore[call-overload]
        totals["hangs"] += int(r["hangs"])  # type: ignore[call-overload]
        if r["rc"]:
            crash_texts.append(f"atheris {name}: {r['tail']}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    emit("fuzz.total", "inputs", [float(totals["inputs"])], inputs=totals["inputs"],
         crashes=totals["crashes"], hangs=totals["hangs"],
         atheris="used" if use_atheris else "not installed",
         seconds=round(time.monotonic() - start, 1), peak_rss_mb=round(peak, 1))  # fmt: skip
    for text in crash_texts[:20]:
        print("CRASH " + text, file=sys.stderr)
