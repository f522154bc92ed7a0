"""One atheris (libFuzzer) run over the fuzz targets; started by ``scripts/bench fuzz``.

python scripts/benches/_fuzz_atheris.py RUNS SECONDS SEED HANG_SECONDS COUNTS_FILE

The first input byte picks the target (frames, wire, transcript, mental_poker, table),
the rest is its input.  libFuzzer exits the process itself: it prints ``Done N runs in S
second(s)`` on success, a Python traceback and a non-zero status on a crash (``Crash``,
an inconsistent state, included), and ``ALARM`` on an input that runs over HANG_SECONDS.
Inputs per target are kept in COUNTS_FILE (JSON, rewritten after every input, since
libFuzzer's exit skips Python's clean-up).  The targets are imported under atheris'
instrumentation (coverage guided).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import atheris

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

with atheris.instrument_imports(include=["p2pcards", "tests.reliability"]):
    from tests.reliability.fuzz_targets import TARGETS, TableFuzzer

NAMES = ("frames", "wire", "transcript", "mental_poker", "table")


def main() -> None:
    runs, seconds, seed, hang, counts_path = sys.argv[1:6]
    fns = {name: TARGETS[name] for name in NAMES if name != "table"}
    fns["table"] = TableFuzzer(steps=(15, 90, 260), check_every=10**9)
    counts = dict.fromkeys(NAMES, 0)
    fd = os.open(counts_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)

    def one(data: bytes) -> None:
        if not data:
            return
        name = NAMES[data[0] % len(NAMES)]
        counts[name] += 1
        record = json.dumps(counts).encode().ljust(200)
        os.pwrite(fd, record, 0)
        fns[name](data[1:])

    atheris.Setup(
        [sys.argv[0], f"-runs={runs}", f"-max_total_time={seconds}", f"-seed={seed}",
         f"-timeout={int(float(hang))}", "-max_len=513", "-print_final_stats=1"],
        one,
    )  # fmt: skip
    atheris.Fuzz()


if __name__ == "__main__":
    main()
