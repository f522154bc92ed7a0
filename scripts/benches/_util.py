"""Helpers for benchmarks: timing statistics and the one-JSON-object-per-line output."""

from __future__ import annotations

import json
import math
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


def paired(xs: list[float], ys: list[float], digits: int, name: str) -> dict[str, Any]:
    """The summary of a paired A/B run (``xs[i]`` and ``ys[i]`` the two forms on the same
    deal and seat): ``value`` the mean of B - A with its normal 95 % interval ``ci95``
    (1.96 standard errors), ``{name}_a`` / ``{name}_b`` the two means, ``differ`` how
    many pairs differ; rounded to ``digits``."""
    diffs = [y - x for x, y in zip(xs, ys, strict=True)]
    m = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return {
        "value": round(m, digits),
        "ci95": [round(m - 1.96 * se, digits), round(m + 1.96 * se, digits)],
        f"{name}_a": round(statistics.fmean(xs), digits),
        f"{name}_b": round(statistics.fmean(ys), digits),
        "differ": sum(d != 0 for d in diffs),
    }
