"""The detectors end to end on the committed sample clip (MediaPipe on real video): every
gesture kind once, a wink twice, with exact ground truth (benchmarks/make_sample_videos.py)."""

import json

import pytest

from vision.capture.sources import open_source
from vision.pipeline import Pipeline

pytestmark = pytest.mark.video


@pytest.fixture(scope="module")
def single(sample_videos):
    truth = json.loads((sample_videos / "single.truth.json").read_text())
    with Pipeline(open_source(str(sample_videos / "single.mp4"))) as pipeline:
        for _ in pipeline:
            pass
    return truth["gestures"], pipeline.gestures


def _matches(truth, found):
    return [
        g
        for g in found
        if (g.kind, g.side) == (truth["kind"], truth["side"])
        and g.start_ms <= truth["end_ms"]
        and g.end_ms >= truth["start_ms"]
    ]


def test_the_sample_clip_gestures_are_found_with_their_sides(single):
    truth, found = single
    found_truth = [t for t in truth if _matches(t, found)]
    # shrug needs shoulders in view and the tongue's colour depends on the face: most, not all
    assert len(found_truth) >= 0.7 * len(truth), [g.label for g in found]
    for kind in ("wink", "brows_raised", "eyes_closed", "head_tilt", "mouth_twist"):
        assert any(t["kind"] == kind for t in found_truth), kind


def test_the_sample_clip_has_few_false_gestures_and_twice_is_two(single):
    truth, found = single
    false = [g for g in found if not any(_matches(t, [g]) for t in truth)]
    assert len(false) <= 2, [g.label for g in false]
    assert len([g for g in found if g.label == "wink right"]) == 2
