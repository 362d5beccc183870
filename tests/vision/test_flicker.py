"""A signal's flicker about its rest on a quiet face (vision.measures.flicker)."""

import math

import pytest

from vision.measures.flicker import RestingFlicker

FRAME_MS = 33


def fed(flicker: RestingFlicker, changes, start_ms: int = 0) -> int:
    ts = start_ms
    for change in changes:
        flicker.update(ts, change)
        ts += FRAME_MS
    return ts


def test_no_level_until_enough_quiet_frames_were_seen():
    flicker = RestingFlicker(seconds=10.0, frames=30)
    fed(flicker, [0.05] * 29 + [None] * 10)
    assert flicker.level is None
    fed(flicker, [0.05], start_ms=2000)
    assert flicker.level == pytest.approx(0.05)


def test_the_level_is_the_root_mean_square_of_the_changes():
    flicker = RestingFlicker(seconds=10.0, frames=4)
    fed(flicker, [0.03, -0.04, 0.03, -0.04])
    assert flicker.level == pytest.approx(math.sqrt((0.03**2 + 0.04**2) / 2))


def test_the_level_follows_a_new_flicker_within_a_few_time_constants():
    flicker = RestingFlicker(seconds=2.0, frames=10)
    ts = fed(flicker, [0.1, -0.1] * 5)
    fed(flicker, [0.01, -0.01] * 45, start_ms=ts)  # 3 s: 1.5 time constants
    early = flicker.level
    fed(flicker, [0.01, -0.01] * 180, start_ms=ts + 3000)  # 12 s more
    assert early is not None and flicker.level is not None
    assert 0.02 < early < 0.1
    assert flicker.level == pytest.approx(0.01, rel=0.05)


def test_frames_that_are_not_quiet_and_their_time_count_for_nothing():
    steady = RestingFlicker(seconds=1.0, frames=5)
    interrupted = RestingFlicker(seconds=1.0, frames=5)
    fed(steady, [0.02] * 5 + [0.08] * 3)
    ts = fed(interrupted, [0.02] * 5 + [None] * 60)  # a 2 s gesture
    fed(interrupted, [0.08] * 3, start_ms=ts)
    assert interrupted.level == pytest.approx(steady.level, rel=1e-6)
