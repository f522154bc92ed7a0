"""Confidence intervals for match reports (``simulate``, ``scripts/bench bots``).

Shares (wins, losses) get the Wilson score interval (Wilson 1927; Agresti & Coull 1998
recommend it over the normal "Wald" interval for small samples and shares near 0 or 1);
means (scores) the normal interval ``mean ± z·s/√n``.  z = 1.96 for 95 %.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

Z95 = 1.959963984540054
"""The two-sided 95 % quantile of the standard normal distribution."""


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval (low, high) for ``k`` successes in ``n`` trials, both in
    [0, 1].  Raises ValueError unless 0 <= k <= n and n > 0."""
    if n <= 0 or not 0 <= k <= n:
        raise ValueError(f"wilson: need 0 <= k <= n and n > 0, got k={k}, n={n}")
    p = k / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_ci(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): the normal 95 % interval of the mean of ``values``; with one
    value the interval is the point.  Raises ValueError when ``values`` is empty."""
    if not values:
        raise ValueError("mean_ci: no values")
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, m, m
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return m, m - half, m + half
