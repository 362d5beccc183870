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
    # The generator's drawn eyelids read eyeBlink 0.2-0.5, below the 0.63 a real shut eye passes
    # (real closures and winks rise 0.70-0.75, a real look down 0.48-0.57): its winks and
    # closures are not reported. Of the rest, the tongue's colour depends on the face: most.
    eyes = [t for t in truth if t["kind"] in ("wink", "eyes_closed")]
    others = [t for t in truth if t not in eyes]
    assert eyes and not any(t in found_truth for t in eyes)
    assert len(found_truth) >= 0.7 * len(others), [g.label for g in found]
    for kind in ("brows_raised", "lip_bite", "head_tilt", "mouth_twist", "shrug"):
        assert any(t["kind"] == kind for t in found_truth), kind


def test_the_sample_clip_has_few_false_gestures(single):
    truth, found = single
    false = [g for g in found if not any(_matches(t, [g]) for t in truth)]
    # The generated clip's pout narrows the lips without the pucker every real pout shows, so it
    # no longer vetoes the tongue its mouth then reads as.
    assert len(false) <= 2, [g.label for g in false]
