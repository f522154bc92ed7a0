"""Helpers for benchmarks: timing statistics and the one-JSON-object-per-line output."""

from __future__ import annotations

import json
import statistics
import sys
from typing import Any


def emit(bench: str, unit: str, values: list[float], **params: Any) -> None:
    """Print one line: {"bench", params..., "unit", "median", "p95", "runs"}."""
    values = sorted(values)
    p95 = values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]
    out = {"bench": bench, **params, "unit": unit, "median": round(statistics.median(values), 3)}
    if len(values) > 1:
        out["p95"] = round(p95, 3)
    out["runs"] = len(values)
    print(json.dumps(out, ensure_ascii=False), flush=True)
    sys.stdout.flush()
