"""A seña is held still: what a talking face does in passing is none (synthetic traces)."""

import pytest

from tests.vision.feature_traces import Trace, labels, run, with_kind
from tests.vision.test_detectors_head_shoulders import lift

BROWS = {"browInnerUp": 0.5, "browOuterUpLeft": 0.4, "browOuterUpRight": 0.4,
         "brow_gap_left": 0.07, "brow_gap_right": 0.07}  # fmt: skip
TONGUE = {"tongue": 0.35, "mouth_open": 0.08, "jawOpen": 0.2}


def talking(trace: Trace, start_ms: int, end_ms: int) -> Trace:
    """Syllables five times a second: the lips part 0.12 face sizes and close again."""
    for syllable in range(start_ms, end_ms, 200):
        trace.add(syllable, syllable + 100, ramp_ms=30, mouth_open=0.12, jawOpen=0.3)
    return trace


@pytest.mark.parametrize(
    "gesture, found",
    [(BROWS, "brows_raised"), (lift(-0.15, -0.14), "shrug both")],
    ids=["brows", "shrug"],
)
def test_a_gesture_made_while_talking_is_no_sena(gesture, found):
    still = Trace(7000).add(3500, 4300, ramp_ms=120, **gesture)
    assert labels(run(still)[0]) == [found]
    spoken = talking(Trace(7000).add(3500, 4300, ramp_ms=120, **gesture), 3000, 5000)
    assert run(spoken)[0] == []


@pytest.mark.parametrize("then_lifted, found", [(0.0, []), (-0.3, ["shrug left"])])
def test_shoulders_raised_while_talking_rest_there_once_the_talking_stops(then_lifted, found):
    # The pose's reading of them, where the picture beside the neck cannot be read (the image
    # cue's own case is in test_shoulder_motion.py).
    trace = talking(Trace(10000).add(4000, 10000, ramp_ms=120, **lift(-0.15, 0.0)), 3800, 6000)
    if then_lifted:  # 2 s after the last word: past speech_hold_ms
        trace.add(8000, 8800, ramp_ms=120, **lift(then_lifted, 0.0))
    assert labels(run(trace)[0]) == found


def test_a_tongue_put_out_once_the_talking_stops_is_found():
    # The lips open once into the tongue: a single opening is no talking.
    trace = talking(Trace(8000), 3000, 4400).add(5200, 6400, **TONGUE)
    assert labels(run(trace)[0]) == ["tongue_out center"]


def test_a_mouth_opened_on_a_tongue_between_two_words_is_no_sena():
    # psychopy's jwpIntro, mirrored: a talker's mouth, red inside, held open as a word ended.
    trace = talking(Trace(8000), 3000, 4000).add(4200, 5200, **TONGUE)
    assert labels(run(trace, _without_speech_hold("tongue_out"))[0]) == ["tongue_out center"]
    assert run(trace)[0] == []


def test_a_head_tilted_while_talking_is_no_sena():
    tilt = {"head_roll_deg": 14.0}
    assert labels(run(Trace(7000).add(3500, 4700, ramp_ms=150, **tilt))[0]) == ["head_tilt left"]
    spoken = talking(Trace(7000).add(3500, 4700, ramp_ms=150, **tilt), 3000, 5000)
    assert run(spoken)[0] == []


def _without_speech_hold(*kinds: str):
    settings = None
    for kind in kinds:
        settings = with_kind(kind, settings, speech_hold_ms=0)
    return settings


def test_a_lean_kept_through_a_pause_between_words_is_no_tilt():
    # fer's woman2: the head leaned 20 degrees for 3 s while she talked. Read on each frame
    # alone, the talking let go in a pause between her words long enough for a tilt.
    trace = Trace(9000).add(3200, 7600, ramp_ms=150, head_roll_deg=-18.0)
    trace = talking(talking(trace, 3000, 4400), 6200, 7400)
    assert labels(run(trace, _without_speech_hold("head_tilt"))[0]) == ["head_tilt right"]
    assert run(trace)[0] == []


def test_a_shoulder_kept_up_just_after_a_word_is_no_shrug():
    # fer's woman2 at 100 px: a shoulder rose with a word and stayed up 0.57 s after it.
    trace = talking(Trace(8000).add(4000, 5600, ramp_ms=120, **lift(-0.15, 0.0)), 3000, 4400)
    assert labels(run(trace, _without_speech_hold("shrug"))[0]) == ["shrug left"]
    assert run(trace)[0] == []


def test_a_tilt_made_a_little_after_the_last_word_is_found():
    trace = talking(Trace(8000), 3000, 4000).add(5800, 7000, ramp_ms=150, head_roll_deg=14.0)
    assert labels(run(trace)[0]) == ["head_tilt left"]


def test_the_veto_can_be_switched_off_per_kind():
    settings = with_kind("brows_raised", speech_veto=None)
    spoken = talking(Trace(7000).add(3500, 4300, ramp_ms=120, **BROWS), 3000, 5000)
    assert labels(run(spoken, settings)[0]) == ["brows_raised"]


def test_the_seat_says_it_is_talking_while_the_lips_come_and_go():
    assert run(talking(Trace(4200), 3000, 4400))[2].talking  # the trace ends mid-sentence
    assert not run(talking(Trace(6600), 3000, 4400))[2].talking  # 2.2 s after it


def test_the_seat_says_it_is_talking_while_a_tilt_is_still_held_back_after_the_words():
    # The lips' reading lets go 0.7 s after the last word; a tilt waits speech_hold_ms more.
    after = talking(Trace(5800), 3000, 4400)  # the last word ended 1.4 s ago
    assert run(after)[2].talking
    assert not run(after, _without_speech_hold("head_tilt", "shrug"))[2].talking


def test_lips_moving_behind_a_hand_are_not_talking():
    # The lips' landmarks jump as a hand passes over the mouth (its upper lip's red gone).
    covered = talking(Trace(4200), 3000, 4400).set(2900, 4200, lip_contrast=0.5)
    assert not run(covered)[2].talking
