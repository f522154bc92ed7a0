"""Hostile input: a bounded fuzz run over every parser an honest peer exposes.

scripts/bench fuzz [--inputs N] [--budget SECONDS] [--seed S] [--no-atheris]

Targets (tests/reliability/fuzz_targets.py): the frame reader (FrameDecoder, lying length
prefixes), the wire decoder (net.decode), the handshake (an impostor's key, bad
signatures, early close), the transcript (verify_entry, peek_entry, Log.append),
mental-poker body checks (invalid and small-order points), and Table.receive against
tables in the middle of a real game with genuine entries mutated and re-signed by a
seat's key.  Each target reads its input bytes as a stream of decisions, so every
engine can drive every target.

Engines, N inputs in total (default 100,000), each target its share (WEIGHTS):
* hypothesis: ``st.binary`` examples (about 10% of the inputs: hypothesis costs
  milliseconds per example, so it cannot drive 100,000 inputs in minutes);
* mutator: seeded byte-level mutations (flip, insert, delete, splice, truncate) of the
  hypothesis examples and of fresh random bytes, in the same process;
* atheris, when installed: coverage-guided libFuzzer, in a second process at the same
  time (the second core), about 30% of the inputs (0 and the mutator takes its share
  when atheris is missing).
Each target also has a share of the time budget (default 170 s); a target stops early
when its share is spent (the lines say how many inputs ran).

A crash is any exception other than the documented error types, or an inconsistent
state (see fuzz_targets).  A hang is an input that runs over HANG_SECONDS (a SIGALRM
watchdog interrupts it).  Output: one JSON line per target and engine (unit us: time per
input; ``inputs``, ``crashes``, ``hangs``), then a total line.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import signal
import subprocess
import sys
import tempfile
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


class Hang(BaseException):
    """Raised by the watchdog inside an input that ran too long."""


class _OutOfTime(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise Hang()


class Runner:
    """Feeds one target, timing every input under the hang watchdog."""

    def __init__(self, fn: Callable[[bytes], None], seconds: float) -> None:
        self.fn = fn
        self.deadline = time.monotonic() + seconds
        self.times: list[float] = []
        self.crashes: list[str] = []
        self.hangs = 0

    def out_of_time(self) -> bool:
        return time.monotonic() > self.deadline

    def feed(self, data: bytes) -> None:
        t0 = time.perf_counter()
        signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
        try:
            self.fn(data)
        except Hang:
            self.hangs += 1
        except Exception as e:  # a crash: record it, go on
            self.crashes.append(f"{type(e).__name__}: {str(e)[:300]} input={data.hex()[:400]}")
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        self.times.append((time.perf_counter() - t0) * 1e6)


def run_hypothesis(runner: Runner, n: int, seed: int) -> list[bytes]:
    """Feed up to ``n`` hypothesis examples; return them (the mutator's corpus)."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hseed
    from hypothesis import strategies as st

    corpus: list[bytes] = []

    @hseed(seed)
    @settings(max_examples=n, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))  # fmt: skip
    @given(st.binary(max_size=512))
    def body(data: bytes) -> None:
        if runner.out_of_time():
            raise _OutOfTime
        corpus.append(data)
        runner.feed(data)

    try:
        body()
    except _OutOfTime:
        pass
    return corpus


def mutant(rng: random.Random, corpus: list[bytes]) -> bytes:
    """A byte-level mutation of a corpus item (or fresh random bytes)."""
    if not corpus or rng.random() < 0.2:
        return rng.randbytes(rng.randrange(512))
    b = bytearray(rng.choice(corpus))
    for _ in range(1 + rng.randrange(4)):
        op = rng.randrange(5)
        i = rng.randrange(len(b) + 1)
        if op == 0 and b:
            b[min(i, len(b) - 1)] = rng.randrange(256)
        elif op == 1:
            b[i:i] = rng.randbytes(rng.randrange(1, 16))
        elif op == 2:
            del b[i : i + rng.randrange(1, 16)]
        elif op == 3:
            other = rng.choice(corpus)
            j = rng.randrange(len(other) + 1)
            b[i:] = other[j:]
        else:
            del b[i:]
    return bytes(b[:512])


def run_mutator(runner: Runner, n: int, corpus: list[bytes], seed: int) -> None:
    """Feed ``n`` mutants of ``corpus`` (seeded)."""
    rng = random.Random(seed)
    for _ in range(n):
        if runner.out_of_time():
            return
        runner.feed(mutant(rng, corpus))


def run_atheris(n: int, seconds: float, seed: int, counts: Path) -> subprocess.Popen[str]:
    """Start the atheris runner (every target but the handshake) in a child process."""
    cmd = [sys.executable, str(Path(__file__).with_name("_fuzz_atheris.py")), str(n),
           str(max(1, int(seconds))), str(seed), str(HANG_SECONDS), str(counts)]  # fmt: skip
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
    if done:
        runs, seconds = int(done[-1][0]), int(done[-1][1])
    else:
        stats = re.findall(r"#(\d+)\s", out)
        runs, seconds = (int(stats[-1]) if stats else 0), 0
    hangs = 1 if rc and ("ALARM" in out or "timeout" in out) else 0
    crashes = 1 if rc and not hangs else 0
    return {"runs": runs, "seconds": seconds, "crashes": crashes, "hangs": hangs, "rc": rc,
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
    total_w = sum(WEIGHTS.values())
    ath_total = int(args.inputs * 0.3) if use_atheris else 0
    local_total = args.inputs - ath_total
    counts_file = Path(tempfile.mkstemp(prefix="p2pcards-fuzz-")[1])
    proc = run_atheris(ath_total, args.budget * 0.9, args.seed, counts_file) if ath_total else None
    totals = {"inputs": 0, "crashes": 0, "hangs": 0}
    crash_texts: list[str] = []
    for name, w in WEIGHTS.items():
        n = int(local_total * w / total_w)
        n_h = max(50, n // 10)
        fn: Callable[[bytes], None]
        fz = None
        if name == "table":
            fz = TableFuzzer(check_every=max(500, n // 8))
            fn = fz
        else:
            fn = TARGETS[name]
        runner = Runner(fn, args.budget * 0.95 * w / total_w)
        lines = []
        t0 = time.monotonic()
        corpus = run_hypothesis(runner, n_h, args.seed)
        lines.append(("hypothesis", len(runner.times), len(runner.crashes), runner.hangs,
                      list(runner.times), time.monotonic() - t0))  # fmt: skip
        mark = (len(runner.times), len(runner.crashes), runner.hangs)
        t0 = time.monotonic()
        run_mutator(runner, n - n_h, corpus, args.seed)
        new_times = runner.times[mark[0] :]
        lines.append(("mutator", len(new_times), len(runner.crashes) - mark[1],
                      runner.hangs - mark[2], new_times, time.monotonic() - t0))  # fmt: skip
        extra: dict[str, object] = {}
        if fz is not None:
            try:
                fz.check_all()
            except Exception as e:
                runner.crashes.append(f"final check: {e}")
                lines[-1] = (*lines[-1][:2], lines[-1][2] + 1, *lines[-1][3:])
            extra = {"finish_checks": fz.checks, "cheats": fz.cheats_seen,
                     "rejected": fz.rejected_seen, "accepted": fz.accepted_seen}  # fmt: skip
        for engine, inputs, crashes, hangs, times, seconds in lines:
            emit(f"fuzz.{name}", "us", times or [0.0], engine=engine, inputs=inputs,
                 crashes=crashes, hangs=hangs, max_ms=round(max(times or [0]) / 1e3, 1),
                 seconds=round(seconds, 1), **(extra if engine == "mutator" else {}))  # fmt: skip
            totals["inputs"] += inputs
            totals["crashes"] += crashes
            totals["hangs"] += hangs
        crash_texts += runner.crashes
    if proc is not None:
        out, _ = proc.communicate()
        r = parse_atheris(out, proc.returncode)
        try:
            per_target = json.loads(counts_file.read_bytes().strip() or b"{}")
        except ValueError:
            per_target = {}
        emit("fuzz.atheris", "inputs", [float(r["runs"])], engine="atheris",  # type: ignore[arg-type]
             inputs=r["runs"], crashes=r["crashes"], hangs=r["hangs"], seconds=r["seconds"],
             per_target=per_target)  # fmt: skip
        totals["inputs"] += int(r["runs"])  # type: ignore[call-overload]
        totals["crashes"] += int(r["crashes"])  # type: ignore[call-overload]
        totals["hangs"] += int(r["hangs"])  # type: ignore[call-overload]
        if r["rc"]:
            crash_texts.append(f"atheris: {r['tail']}")
    counts_file.unlink(missing_ok=True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    emit("fuzz.total", "inputs", [float(totals["inputs"])], inputs=totals["inputs"],
         crashes=totals["crashes"], hangs=totals["hangs"],
         atheris="used" if use_atheris else "not installed",
         seconds=round(time.monotonic() - start, 1), peak_rss_mb=round(peak, 1))  # fmt: skip
    for text in crash_texts[:20]:
        print("CRASH " + text, file=sys.stderr)
