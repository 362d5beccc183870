"""95% intervals for the small counts real footage gives: a recall of 8 of 8 is not "1.0".

``proportion`` is Wilson's score interval (it stays inside 0..1 and is sensible at 0 of n and
n of n); ``rate`` the exact (Garwood) interval of a Poisson count, found by bisection on the
Poisson distribution so that no statistics package is needed for two numbers.
"""

from __future__ import annotations

import math
from collections.abc import Callable

Z_95 = 1.959964


def proportion(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """Wilson score interval of ``successes`` out of ``trials`` (nan, nan for no trials)."""
    if trials <= 0:
        return math.nan, math.nan
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return max(0.0, round(centre - half, 12)), min(1.0, round(centre + half, 12))


def _poisson_cdf(k: int, mean: float) -> float:
    """P(X <= k) for X ~ Poisson(mean)."""
    term = total = math.exp(-mean)
    for i in range(1, k + 1):
        term *= mean / i
        total += term
    return total


def _solve(f: Callable[[float], float], target: float, low: float, high: float) -> float:
    """The mean in [low, high] where the decreasing ``f`` equals ``target`` (bisection)."""
    for _ in range(100):
        middle = (low + high) / 2
        if f(middle) > target:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def count(events: int, tail: float = 0.025) -> tuple[float, float]:
    """Exact 95% interval of a Poisson mean from one observed count."""
    high_end = 10.0 + 10.0 * events
    upper = _solve(lambda m: _poisson_cdf(events, m), tail, 0.0, high_end)
    if events == 0:
        return 0.0, upper
    lower = _solve(lambda m: _poisson_cdf(events - 1, m), 1.0 - tail, 0.0, high_end)
    return lower, upper


def rate(events: int, exposure: float) -> tuple[float, float]:
    """The interval of ``events`` per unit of ``exposure`` (e.g. per 5 minutes watched)."""
    if exposure <= 0:
        return math.nan, math.nan
    lower, upper = count(events)
    return lower / exposure, upper / exposure
