"""One atheris (libFuzzer) run over one fuzz target; started by ``scripts/bench fuzz``.

python scripts/benches/_fuzz_atheris.py TARGET RUNS SECONDS SEED HANG_SECONDS

libFuzzer exits the process itself; it prints ``Done N runs in S second(s)`` on success,
a Python traceback and a non-zero status on a crash, and ``ALARM`` on an input that runs
over HANG_SECONDS.  The targets are imported under atheris' instrumentation (coverage
guided).  ``Crash`` (an inconsistent state) is re-raised as a crash like any other.
"""

from __future__ import annotations

import sys
from pathlib import Path

import atheris

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

with atheris.instrument_imports(include=["p2pcards", "tests.reliability"]):
    from tests.reliability.fuzz_targets import TARGETS, TableFuzzer


def main() -> None:
    name, runs, seconds, seed, hang = sys.argv[1:6]
    fn = TableFuzzer(check_every=10**9) if name == "table" else TARGETS[name]

    def one(data: bytes) -> None:
        fn(data)

    atheris.Setup(
        [sys.argv[0], f"-runs={runs}", f"-max_total_time={seconds}", f"-seed={seed}",
         f"-timeout={int(float(hang))}", "-max_len=512", "-print_final_stats=1"],
        one,
    )  # fmt: skip
    atheris.Fuzz()


if __name__ == "__main__":
    main()
