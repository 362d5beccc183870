"""vision/read_rate.py: the frames a second the detectors are given, in source time."""

import pytest

from vision.read_rate import MIN_FRAMES, ReadRate


def fed(rate: ReadRate, source_id: str, count: int, step_ms: int, start_ms: int = 0) -> ReadRate:
    for i in range(count):
        rate.add(source_id, start_ms + i * step_ms)
    return rate


def test_the_rate_is_counted_on_the_frames_own_clock():
    rate = fed(ReadRate(20), "cam", 40, 100)  # 10 a second, however fast they were processed
    assert rate.fps == pytest.approx(10.0)
    assert rate.slow
    assert not fed(ReadRate(20), "cam", 40, 33).slow


def test_nothing_is_said_before_enough_frames():
    rate = fed(ReadRate(20), "cam", MIN_FRAMES - 1, 100)
    assert rate.fps == 0.0 and not rate.slow
    assert fed(rate, "cam", 1, 100, start_ms=(MIN_FRAMES - 1) * 100).slow


def test_the_slowest_source_speaks_for_the_table():
    rate = fed(fed(ReadRate(20), "wide", 30, 33), "side", 30, 80)
    assert rate.fps == pytest.approx(12.5)
    assert rate.slow
    rate.forget("side")  # the slow camera dropped out: its rate starts afresh when it is back
    assert not rate.slow


def test_a_looped_file_starts_its_clock_again():
    rate = fed(ReadRate(20), "clip", 30, 40)
    fed(rate, "clip", 5, 40)  # back at 0 ms: the old stamps would give a negative span
    assert rate.fps == 0.0  # too few since the loop
    fed(rate, "clip", 10, 40, start_ms=200)
    assert rate.fps == pytest.approx(25.0)
