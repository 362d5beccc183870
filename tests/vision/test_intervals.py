"""The 95% intervals the real-footage figures are printed with."""

import math

import pytest

from benchmarks import intervals


@pytest.mark.parametrize(
    "successes, trials, low, high",
    [(8, 8, 0.6756, 1.0), (0, 5, 0.0, 0.4345), (11, 15, 0.4805, 0.8910), (50, 100, 0.4038, 0.5962)],
)
def test_wilson_interval_of_a_proportion(successes, trials, low, high):
    assert intervals.proportion(successes, trials) == pytest.approx((low, high), abs=1e-4)


def test_no_trials_have_no_interval():
    assert all(math.isnan(x) for x in intervals.proportion(0, 0))
    assert all(math.isnan(x) for x in intervals.rate(3, 0.0))


@pytest.mark.parametrize(
    "events, low, high",
    [(0, 0.0, 3.6889), (1, 0.0253, 5.5716), (9, 4.1154, 17.0848), (30, 20.2409, 42.8269)],
)
def test_exact_interval_of_a_poisson_count(events, low, high):
    # Garwood's interval, as tabulated (chi-square quantiles / 2).
    assert intervals.count(events) == pytest.approx((low, high), abs=1e-3)


def test_a_rate_divides_the_count_interval_by_the_exposure():
    low, high = intervals.count(9)
    assert intervals.rate(9, 0.7) == pytest.approx((low / 0.7, high / 0.7))
