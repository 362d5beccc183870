"""benchmarks/enrolment_gain.py: which moments of a clip enrol, and what is scored after."""

import pytest

from benchmarks.enrolment_gain import held_out_score, quiet_spans
from engine.gesture import Gesture

TRUTH = {
    "gestures": [
        {"seat": 1, "kind": "wink", "side": "left", "start_ms": 2000, "end_ms": 2400},
        {"seat": 1, "kind": "wink", "side": "right", "start_ms": 6000, "end_ms": 6400},
        {"seat": 1, "kind": "pout", "side": None, "start_ms": 8000, "end_ms": 8600},
    ],
    "distractors": [{"seat": 1, "kind": "talking", "start_ms": 600, "end_ms": 900}],
    "ignore": [],
}


def test_the_ordinary_face_is_before_the_enrolment_and_away_from_labelled_moments():
    assert quiet_spans(TRUTH, before_ms=1500, offset_ms=3000) == [(3000, 3100), (4400, 4500)]


def test_only_the_other_instances_of_the_kind_are_scored():
    found = [
        Gesture(1, "wink", "left", 2050, 2400),  # the enrolment itself: neither way
        Gesture(1, "wink", "right", 6020, 6400),
        Gesture(1, "wink", "left", 8100, 8500),  # during the pout: false
        Gesture(1, "pout", None, 8000, 8600),  # another kind: not scored here
    ]
    score = held_out_score(TRUTH, "wink", TRUTH["gestures"][0], found)
    assert sum(score.true_positives.values()) == 1
    assert sum(score.false_negatives.values()) == 0
    assert dict(score.false_positives) == {("wink", "left"): 1}


def test_only_the_enrolled_seat_is_scored():
    truth = {
        "gestures": [
            *TRUTH["gestures"],
            {"seat": 2, "kind": "wink", "side": "left", "start_ms": 7000, "end_ms": 7400},
        ],
        "distractors": [],
        "ignore": [],
    }
    found = [
        Gesture(1, "wink", "right", 6020, 6400),
        Gesture(2, "wink", "right", 9000, 9400),  # another player's wink: not this enrolment's
    ]
    score = held_out_score(truth, "wink", truth["gestures"][0], found)
    assert sum(score.true_positives.values()) == 1
    assert sum(score.false_negatives.values()) == 0
    assert sum(score.false_positives.values()) == 0


def test_a_kind_enrols_per_seat_only_where_that_seat_shows_it_twice():
    from benchmarks.enrolment_gain import _repeated_kinds

    truth = {
        "gestures": [
            {"seat": 2, "kind": "wink", "side": "left", "start_ms": 9000, "end_ms": 9400},
            *TRUTH["gestures"],
            {"seat": 2, "kind": "wink", "side": "left", "start_ms": 1000, "end_ms": 1400},
            {"seat": 3, "kind": "pout", "side": None, "start_ms": 1000, "end_ms": 1600},
        ]
    }
    repeated = _repeated_kinds(truth)
    assert set(repeated) == {(1, "wink"), (2, "wink")}
    assert [g["start_ms"] for g in repeated[2, "wink"]] == [1000, 9000]  # the first one enrols


def test_narrowed_eyes_rest_higher_while_a_shut_eye_reads_as_it_did():
    from benchmarks.enrolment_gain import narrowed
    from tests.vision.feature_traces import Trace
    from vision.config.detector_settings import load_detector_settings

    settings = load_detector_settings()  # a shut eye reads 0.80
    trace = Trace(200).set(100, 200, eyeBlinkLeft=0.80, eyeBlinkRight=0.40)
    rows = [(ts, 1, features) for ts, features in trace.frames()] + [(200, 1, None)]
    read = narrowed(rows, 0.2, settings)
    rest, open_eye, shut_eye = (
        rows[0][2].blendshapes,
        read[0][2].blendshapes,
        read[-2][2].blendshapes,
    )
    assert open_eye["eyeBlinkLeft"] == pytest.approx(
        rest["eyeBlinkLeft"] + 0.2 * (1 - rest["eyeBlinkLeft"] / 0.8)
    )
    assert open_eye["eyeBlinkLeft"] > rest["eyeBlinkLeft"] + 0.18  # rests near 0.05
    assert shut_eye["eyeBlinkLeft"] == pytest.approx(0.80)  # shut: as it was
    assert shut_eye["eyeBlinkRight"] == pytest.approx(0.40 + 0.1)  # half way
    assert read[-1] == (200, 1, None)
    assert narrowed(rows, 0.0, settings) is rows
