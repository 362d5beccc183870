"""The lips' back-and-forth that tells a talking mouth from a held one."""

import pytest

from vision.measures.speech import SpeechActivity

FRAME_MS = 33


def read(gaps: list[float], window_ms: int = 700) -> list[float]:
    speech = SpeechActivity(window_ms)
    return [speech.update(i * FRAME_MS, gap) for i, gap in enumerate(gaps)]


def test_a_still_mouth_is_not_talking():
    assert read([0.02] * 40)[-1] == 0.0


def test_a_mouth_opening_once_into_a_gesture_is_not_talking():
    opening = [0.01 + 0.3 * min(i / 6, 1.0) for i in range(40)]  # parts 0.3 and holds
    assert max(read(opening)) == pytest.approx(0.0, abs=1e-12)


def test_syllables_read_as_the_lips_travel_back_and_forth():
    syllables = [0.12 if (i // 3) % 2 else 0.02 for i in range(40)]  # open 0.1, 5 times a second
    # 21 frames in 0.7 s: six openings and closings of 0.1 each, ending near where it began.
    assert read(syllables)[-1] == pytest.approx(0.6, abs=0.11)


def test_talking_is_forgotten_once_the_window_has_passed():
    gaps = [0.12 if (i // 3) % 2 else 0.02 for i in range(30)] + [0.02] * 22
    readings = read(gaps)
    assert readings[29] > 0.3
    assert readings[-1] == 0.0
