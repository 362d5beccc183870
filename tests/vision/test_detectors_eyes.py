"""Winks, blinks and closed eyes on synthetic feature traces (no MediaPipe)."""

from tests.vision.feature_traces import Trace, labels, run, with_kind
from vision.config.detector_settings import DetectorSettings, load_detector_settings

# A shut eye as MediaPipe reads a real one: eyeBlink up 0.70-0.75 from rest.
WINK_LEFT = {"eye_open_left": -0.2, "eyeBlinkLeft": 0.72}
WINK_RIGHT = {"eye_open_right": -0.2, "eyeBlinkRight": 0.72}
BOTH = {**WINK_LEFT, **WINK_RIGHT}


def test_a_wink_is_reported_with_its_side_and_timing():
    gestures, reported_at, _ = run(Trace(5000).add(3000, 3450, **WINK_RIGHT))
    assert labels(gestures) == ["wink right"]
    (wink,) = gestures
    # It starts where eyeBlink passes a shut eye's level, most of the way up the 50 ms onset.
    assert abs(wink.start_ms - 3000) <= 80 and abs(wink.end_ms - 3450) <= 60
    assert reported_at[id(wink)] - 3450 <= 150
    assert 0.5 < wink.confidence <= 1.0


def test_a_blink_is_neither_a_wink_nor_closed_eyes():
    trace = Trace(6000).add(3000, 3150, **BOTH).add(4000, 4200, **BOTH).add(5000, 5120, **BOTH)
    gestures, _, _ = run(trace)
    assert gestures == []


def test_a_blink_with_one_eye_lagging_is_not_a_wink():
    trace = Trace(5000).add(3000, 3200, **WINK_LEFT).add(3060, 3220, **WINK_RIGHT)
    assert run(trace)[0] == []


def test_eyes_closed_needs_longer_than_a_blink_and_is_not_a_wink():
    gestures, _, _ = run(Trace(5000).add(3000, 3800, **BOTH))
    assert labels(gestures) == ["eyes_closed"]
    assert run(Trace(5000).add(3000, 3350, **BOTH))[0] == []


def test_eyes_closing_one_after_the_other_is_not_also_a_wink():
    trace = Trace(6000).add(3000, 4200, **WINK_LEFT).add(3150, 4000, **WINK_RIGHT)
    assert labels(run(trace)[0]) == ["eyes_closed"]


def test_twice_is_two_events_and_the_second_counts_as_a_repetition():
    trace = Trace(6000).add(3000, 3400, **WINK_LEFT).add(3700, 4100, **WINK_LEFT)
    gestures, _, detector = run(trace)
    assert labels(gestures) == ["wink left", "wink left"]
    assert [detector.repetition(g) for g in gestures] == [1, 2]


def test_winks_far_apart_are_not_a_repetition():
    trace = Trace(9000).add(3000, 3400, **WINK_LEFT).add(6500, 6900, **WINK_LEFT)
    gestures, _, detector = run(trace)
    assert [detector.repetition(g) for g in gestures] == [1, 1]


def test_a_flicker_inside_a_wink_does_not_split_it():
    trace = Trace(5000).add(3000, 3600, **WINK_LEFT)
    trace.set(3300, 3320, eye_open_left=0.3, eyeBlinkLeft=0.05)  # one frame
    assert labels(run(trace)[0]) == ["wink left"]


def test_a_flicker_before_a_wink_does_not_hold_the_wink_off():
    """A one-frame flick of the lid, then the eye reopening past end_hold_ms, then the wink: the
    flick is too short to count, so it must not open a refractory period over the wink."""
    trace = Trace(5000).add(3000, 3040, ramp_ms=1, **WINK_LEFT).add(3100, 3700, **WINK_LEFT)
    gestures = run(trace)[0]
    assert labels(gestures) == ["wink left"]
    assert abs(gestures[0].start_ms - 3100) <= 80


def test_a_retrigger_inside_the_refractory_period_is_ignored():
    settings = with_kind("wink", refractory_ms=600)
    trace = Trace(6000).add(3000, 3400, **WINK_LEFT).add(3600, 4000, **WINK_LEFT)
    assert labels(run(trace, settings)[0]) == ["wink left"]
    assert labels(run(trace)[0]) == ["wink left", "wink left"]


def test_a_resting_squint_calibrated_in_is_not_a_wink():
    trace = Trace(8000, rest={"eye_open_left": -0.12, "eyeBlinkLeft": 0.2})
    assert run(trace)[0] == []
    trace.add(4000, 4500, eye_open_left=-0.12, eyeBlinkLeft=0.7)
    assert labels(run(trace)[0]) == ["wink left"]


def test_a_wink_held_for_ever_is_a_resting_face_not_a_gesture():
    held = Trace(12000).add(3000, 13000, **WINK_LEFT)
    gestures, _, detector = run(held)
    assert gestures == []
    assert detector.baseline.values["eye_open_left"] < 0.2  # absorbed as the new rest
    then = Trace(20000).add(3000, 12000, **WINK_LEFT).add(16000, 16500, **WINK_LEFT)
    assert labels(run(then)[0]) == ["wink left"]  # the rest came back when the eye reopened


# A look down at the cards as real faces make one: the lids drop and eyeBlink rises 0.48-0.57.
LOOK_DOWN = {"eye_open_left": -0.2, "eye_open_right": -0.2,
             "eyeBlinkLeft": 0.52, "eyeBlinkRight": 0.52}  # fmt: skip


def with_baseline(**fields: float) -> DetectorSettings:
    settings = load_detector_settings()
    return settings.model_copy(update={"baseline": settings.baseline.model_copy(update=fields)})


def card_play(minutes: float, share: float, period_ms: int = 5000) -> Trace:
    """A player who looks down at the cards ``share`` of every ``period_ms`` for ``minutes``,
    then shuts both eyes for 1.5 s."""
    play_ms = int(minutes * 60000)
    trace = Trace(play_ms + 8000)
    for start in range(3000, 3000 + play_ms, period_ms):
        trace.add(start, start + int(period_ms * share), **LOOK_DOWN)
    return trace.add(play_ms + 5000, play_ms + 6500, **BOTH)


def test_a_closure_after_minutes_of_looks_down_at_the_cards_is_still_found():
    """The eyes' rest follows open eyes only: followed, the looks down would lift it until the
    closure no longer rose far enough over it (``[baseline] eyes_away_rise``)."""
    trace = card_play(minutes=2, share=0.6)
    gestures, _, detector = run(trace)
    assert labels(gestures) == ["eyes_closed"]
    assert detector.baseline.values["eyeBlinkLeft"] < 0.1  # the open eyes' 0.05, not lifted
    followed = with_baseline(eyes_away_rise=0.99)  # every look down followed, as before
    assert labels(run(trace, followed)[0]) == []


def test_half_a_minute_and_more_studying_the_cards_is_not_yet_a_new_rest():
    """Looks down of 36 s on end still wait (``eyes_away_seconds``, a minute); followed after
    10 s, the same looks lift the rest past a closure's reach."""
    trace = card_play(minutes=3, share=0.9, period_ms=40_000)
    assert labels(run(trace)[0]) == ["eyes_closed"]
    assert labels(run(trace, with_baseline(eyes_away_seconds=10.0))[0]) == []


def test_eyes_that_stay_narrowed_become_their_rest():
    """A squint held beyond ``eyes_away_seconds`` (a minute) on end is how the eyes now rest:
    followed."""
    narrowed = Trace(180_000).add(3000, 180_000, eyeBlinkLeft=0.3, eyeBlinkRight=0.3)
    assert run(narrowed)[2].baseline.values["eyeBlinkLeft"] > 0.15
    never = with_baseline(eyes_away_seconds=1000.0)
    assert run(narrowed, never)[2].baseline.values["eyeBlinkLeft"] < 0.1


def test_narrow_eyes_wink_by_the_same_share_of_their_opening():
    """Which eye is shut more is read from each eye's share of its own opening."""
    trace = Trace(5000, rest={"eye_open_left": -0.12, "eye_open_right": -0.12})  # 0.18 open
    trace.add(3000, 3500, eye_open_left=-0.09, eye_open_right=-0.02, eyeBlinkLeft=0.72,
              eyeBlinkRight=0.55)  # fmt: skip
    assert labels(run(trace)[0]) == ["wink left"]


# A real look down (a talking head glancing at its notes): the lids' landmarks lose as much of
# their opening as in a closure and the iris is hidden, but eyeBlink rises only 0.48-0.57.
LOOK_DOWN = {
    "eye_open_left": -0.27, "eye_open_right": -0.27, "eyeBlinkLeft": 0.52, "eyeBlinkRight": 0.46,
    "eye_dark_left": -0.25, "eye_dark_right": -0.25,
}  # fmt: skip


def test_a_look_down_held_as_long_as_a_closure_is_no_gesture():
    assert run(Trace(6000, eyes=True).add(3000, 5000, **LOOK_DOWN))[0] == []
    closed = {**LOOK_DOWN, "eyeBlinkLeft": 0.72, "eyeBlinkRight": 0.72}
    assert labels(run(Trace(6000, eyes=True).add(3000, 5000, **closed))[0]) == ["eyes_closed"]


# A real glance at a phone in the hands (the table clip): eyeBlink as high as a shallow closure's,
# the lids as low, but one eye still shows most of its iris (0.14 of its darkness lost).
GLANCE_AT_PHONE = {
    "eye_open_left": -0.27, "eye_open_right": -0.27, "eyeBlinkLeft": 0.66, "eyeBlinkRight": 0.66,
    "eye_dark_left": -0.063, "eye_dark_right": -0.13,
}  # fmt: skip


def test_a_blink_inside_a_glance_as_deep_as_a_closure_does_not_make_it_one():
    trace = Trace(7000, eyes=True).add(3000, 5000, **GLANCE_AT_PHONE)
    trace.add(3500, 3650, ramp_ms=30, eyeBlinkLeft=0.15, eye_dark_left=-0.2)  # the blink
    assert run(trace)[0] == []
    settings = load_detector_settings()
    held = settings.gestures.eyes_closed.model_copy(update={"off": 0.35})
    loose = settings.model_copy(
        update={"gestures": settings.gestures.model_copy(update={"eyes_closed": held})}
    )
    assert labels(run(trace, loose)[0]) == ["eyes_closed"]  # the glance carried the blink on


# The eyes' appearance (vision.measures.eye_appearance) beside their landmarks. On a turned face
# MediaPipe dropped the open eye's lid landmarks by a third during a wink, and kept a shut far eye's
# open.
WINK_LEFT_DRAGGING_THE_RIGHT = {
    "eye_open_left": -0.2, "eyeBlinkLeft": 0.72, "eye_open_right": -0.11, "eyeBlinkRight": 0.12,
}  # fmt: skip
LOOKS_SHUT = -0.25  # eye_dark change: the lid hides most of the iris's darkness (rest 0.45)


def test_a_wink_that_drags_the_open_eyes_landmarks_is_a_wink_while_that_eye_looks_open():
    looked = Trace(5000, eyes=True).add(
        3000, 3700, eye_dark_left=LOOKS_SHUT, **WINK_LEFT_DRAGGING_THE_RIGHT
    )
    assert labels(run(looked)[0]) == ["wink left"]
    landmarks_only = Trace(5000).add(3000, 3700, **WINK_LEFT_DRAGGING_THE_RIGHT)
    assert labels(run(landmarks_only)[0]) == ["wink left"]  # the open eye's eyeBlink stays low


def test_an_eye_that_looks_shut_while_its_eyeblink_stays_low_is_not_winking():
    shut = {"eye_open_right": -0.02, "eyeBlinkRight": 0.05, "eye_dark_right": LOOKS_SHUT}
    assert run(Trace(5000, eyes=True).add(3000, 3700, **shut))[0] == []


def test_an_eyeblink_that_reads_shut_on_an_eye_still_showing_its_darkness_is_not_shut():
    assert run(Trace(5000, eyes=True).add(3000, 3700, **WINK_RIGHT))[0] == []
    shut = {**WINK_RIGHT, "eye_dark_right": LOOKS_SHUT}
    assert labels(run(Trace(5000, eyes=True).add(3000, 3700, **shut))[0]) == ["wink right"]


def test_eyes_that_both_look_shut_are_closed_eyes():
    both = {**BOTH, "eye_dark_left": LOOKS_SHUT, "eye_dark_right": LOOKS_SHUT}
    assert labels(run(Trace(5000, eyes=True).add(3000, 3800, **both))[0]) == ["eyes_closed"]


# Real winks (a frame-labelled clip of a real face): the other eye squints hard, its lids losing
# two thirds of their opening and its eyeBlink rising by 0.2-0.55, against 0.6-0.75 for the shut
# eye; for a frame or two in the middle both are shut.
REAL_WINK_LEFT = {
    "eye_open_left": -0.30, "eyeBlinkLeft": 0.74, "eye_open_right": -0.20, "eyeBlinkRight": 0.25,
}  # fmt: skip


def test_a_real_wink_whose_other_eye_squints_is_a_wink():
    trace = Trace(5000).add(3000, 3300, ramp_ms=20, **REAL_WINK_LEFT)  # a lid shuts in a frame
    assert labels(run(trace)[0]) == ["wink left"]


def test_both_eyes_shut_for_a_moment_inside_a_wink_do_not_make_it_a_closure():
    trace = Trace(5000).add(3000, 3300, ramp_ms=20, **REAL_WINK_LEFT)
    trace.set(3120, 3190, eye_open_right=-0.24, eyeBlinkRight=0.45)  # both read as shut
    assert labels(run(trace)[0]) == ["wink left"]


def test_a_closure_held_as_long_as_a_wink_is_no_wink():
    trace = Trace(5000).add(3000, 3600, **BOTH)  # real gentle closures: 0.47 s and longer
    assert labels(run(trace)[0]) == ["eyes_closed"]


def test_brows_raised_right_after_a_closure_are_found_at_once():
    # A real face shut its eyes, then raised its brows: the shut eyes had changed their own
    # surroundings as a hand over them would, and that held the raise back 166 ms.
    shut = {**BOTH, "eye_dark_left": LOOKS_SHUT, "eye_dark_right": LOOKS_SHUT,
            "eye_cover_left": 1.0, "eye_cover_right": 1.0}  # fmt: skip
    raise_ = {"browInnerUp": 0.4, "browOuterUpLeft": 0.4, "browOuterUpRight": 0.4,
              "brow_gap_left": 0.07, "brow_gap_right": 0.07}  # fmt: skip
    trace = Trace(7000, eyes=True).add(3000, 3800, **shut).add(3850, 4700, **raise_)
    found = {g.kind: g for g in run(trace)[0]}
    assert set(found) == {"eyes_closed", "brows_raised"}
    assert abs(found["brows_raised"].start_ms - 3850) <= 60
