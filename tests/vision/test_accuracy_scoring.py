"""benchmarks/accuracy.py's matching of predicted gestures to a truth file: a truth scored
against itself is perfect, and each kind of perturbation costs what it should."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from benchmarks.accuracy import Interval, match, report, truth_intervals

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def truth(sample_videos: Path) -> dict:
    return json.loads((sample_videos / "table.truth.json").read_text())


def test_the_truth_against_itself_is_perfect(truth):
    score = match(truth, truth_intervals(truth))
    assert score.precision() == score.recall() == 1.0
    assert score.median_onset_ms() == 0
    assert report(score, 1, 17.0)[-1] == "overall precision 1.000 recall 1.000 onset_ms 0"


def test_late_onsets_still_match_and_give_the_onset_error(truth):
    late = [
        replace(t, start_ms=t.start_ms + 80, end_ms=t.end_ms + 80) for t in truth_intervals(truth)
    ]
    score = match(truth, late)
    assert score.recall() == 1.0 and score.median_onset_ms() == 80


def test_a_wrong_side_is_one_false_gesture_and_one_miss(truth):
    predicted = truth_intervals(truth)
    index = next(i for i, t in enumerate(predicted) if t.kind == "wink")
    right = predicted[index]
    flipped = "left" if right.side == "right" else "right"
    predicted[index] = replace(right, side=flipped)
    score = match(truth, predicted)
    assert score.false_positives == {("wink", flipped): 1}
    assert score.false_negatives == {("wink", right.side): 1}
    assert score.false_on == {f"gesture wink {right.side}": 1}
    assert score.missed == [right]


def test_wrong_seat_no_overlap_and_duplicates_do_not_match(truth):
    first = truth_intervals(truth)[0]
    others = truth_intervals(truth)[1:]
    moved_seat = replace(first, seat=first.seat % 4 + 1)
    too_early = replace(first, start_ms=first.start_ms - 5000, end_ms=first.start_ms - 4000)
    score = match(truth, [*others, moved_seat, too_early, replace(others[0])])
    assert score.false_negatives[first.label] == 1
    assert sum(score.false_positives.values()) == 3
    expected = len(truth["gestures"])
    assert score.recall() == pytest.approx((expected - 1) / expected)


def test_a_false_gesture_on_a_distractor_is_named_after_it():
    truth = {
        "gestures": [{"seat": 1, "kind": "pout", "side": None, "start_ms": 5000, "end_ms": 6000}],
        "distractors": [{"seat": 1, "kind": "talking", "start_ms": 1000, "end_ms": 3000}],
    }
    score = match(truth, [Interval(1, "tongue_out", "center", 2000, 2400)])
    assert score.false_on == {"talking": 1}
    assert score.recall() == 0.0 and score.precision() == 0.0


def test_the_rescore_recorder_has_all_the_pipeline_asks_of_a_seat_detector():
    from benchmarks.rescore import Recorder
    from vision.pipeline import SeatDetector

    asked = set(SeatDetector.__annotations__) | {
        name for name in vars(SeatDetector) if not name.startswith("_")
    }
    assert {"wants_pose", "update", "flush"} <= asked
    assert all(hasattr(Recorder(), name) for name in asked)


def test_a_gesture_in_an_unsure_moment_of_its_kind_is_neither_found_nor_false():
    truth = {
        "gestures": [],
        "ignore": [{"seat": 1, "kind": "wink", "start_ms": 1000, "end_ms": 1200, "note": "?"}],
    }
    inside = Interval(1, "wink", "right", 1100, 1400)
    other_kind = Interval(1, "pout", None, 1100, 1400)
    other_seat = Interval(2, "wink", "right", 1100, 1400)
    score = match(truth, [inside, other_kind, other_seat])
    assert score.false_positives == {("pout", None): 1, ("wink", "right"): 1}


def test_the_onset_is_reported_per_kind(truth):
    predicted = [
        replace(t, start_ms=t.start_ms + (40 if t.kind == "wink" else 0))
        for t in truth_intervals(truth)
    ]
    score = match(truth, predicted)
    wink = next(t.label for t in truth_intervals(truth) if t.kind == "wink")
    assert score.median_onset_ms(wink) == 40
    line = next(row for row in report(score, 1, 17.0) if row.startswith(" ".join(wink)))
    assert line.split()[-1] == "40"
