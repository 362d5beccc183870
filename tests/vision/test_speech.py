"""The lips' back-and-forth that tells a talking mouth from a held one."""

import pytest

from vision.measures.speech import SpeechActivity

FRAME_MS = 33


def read(gaps: list[float], window_ms: int = 700, deadband: float = 0.0) -> list[float]:
    speech = SpeechActivity(window_ms, deadband)
    return [speech.update(i * FRAME_MS, gap) for i, gap in enumerate(gaps)]


def syllables(frames: int, depth: float = 0.1) -> list[float]:
    """The lips parting ``depth`` face sizes and closing, five times a second."""
    return [0.02 + depth if (i // 3) % 2 else 0.02 for i in range(frames)]


def test_a_still_mouth_is_not_talking():
    assert read([0.02] * 40)[-1] == 0.0


def test_a_mouth_opening_once_into_a_gesture_is_not_talking():
    opening = [0.01 + 0.3 * min(i / 6, 1.0) for i in range(40)]  # parts 0.3 and holds
    assert max(read(opening)) == pytest.approx(0.0, abs=1e-12)


def test_syllables_read_as_the_lips_travel_back_and_forth():
    # 21 frames in 0.7 s: six openings and closings of 0.1 each, ending near where it began.
    assert read(syllables(40))[-1] == pytest.approx(0.6, abs=0.11)


def test_the_play_takes_a_landmark_flutter_out_and_shortens_each_swing():
    flutter = [0.2 + (0.018 if i % 2 else 0.0) for i in range(40)]  # an open mouth, jittering
    assert read(flutter)[-1] > 0.3
    assert read(flutter, deadband=0.01)[-1] == pytest.approx(0.0, abs=1e-12)
    # Each swing of 0.1 travels 0.1 - 2 x 0.01 once followed with that play.
    assert read(syllables(40), deadband=0.01)[-1] == pytest.approx(0.48, abs=0.09)


def test_talking_is_forgotten_once_the_window_has_passed():
    readings = read(syllables(30) + [0.02] * 22)
    assert readings[29] > 0.3
    assert readings[-1] == 0.0
