"""A face too small to judge, end to end (MediaPipe on real video): `keinu analyze` on the sample
clip's raised brows with the seconds before them, at full size and shrunk into a table frame
(benchmarks/shrink_eval_set.py)."""

import json

import cv2
import pytest

from api.commands.analyze import analyze
from benchmarks.shrink_eval_set import shrink_clip
from vision.capture.sources import open_source
from vision.config.detector_settings import default_detector_settings

pytestmark = pytest.mark.video

# From 4.0 s (after the clip's first wink) to 8.5 s: 2 s of calibration, a blink, then its
# raised brows (6.51-7.30 s in the clip, 2.51-3.30 s in the cut).
SKIP = 120
FRAMES = 135
SMALL_PX = 45


@pytest.fixture(scope="module")
def clips(sample_videos, tmp_path_factory):
    """The cut at full size, and shrunk so the face is SMALL_PX wide."""
    folder = tmp_path_factory.mktemp("small-faces")
    truth = json.loads((sample_videos / "single.truth.json").read_text())
    capture = cv2.VideoCapture(str(sample_videos / "single.mp4"))
    size = (truth["width"], truth["height"])
    writer = cv2.VideoWriter(str(folder / "full.mp4"), cv2.VideoWriter_fourcc(*"mp4v"),
                             truth["fps"], size)  # fmt: skip
    for index in range(SKIP + FRAMES):
        ok, image = capture.read()
        assert ok
        if index >= SKIP:
            writer.write(image)
    writer.release()
    capture.release()
    shrink_clip(folder / "full.mp4", truth, SMALL_PX, folder / "small.mp4")
    return folder


def analysed(clips, name):
    out = clips / f"out-{name}"
    out.mkdir()
    analyze(open_source(str(clips / f"{name}.mp4")), out, video=False, progress=False)
    gestures = [json.loads(line) for line in (out / "gestures.jsonl").read_text().splitlines()]
    return gestures, json.loads((out / "summary.json").read_text())


def test_a_face_too_small_is_reported_and_its_gesture_never_guessed(clips):
    gestures, summary = analysed(clips, "small")
    assert default_detector_settings().judgeable.min_face_width_px > SMALL_PX
    assert summary["seats"]["1"]["frames_with_face"] > FRAMES // 2  # MediaPipe does see it
    (span,) = summary["unjudged"]["1"]
    assert span["reason"].endswith("px wide: too small")
    assert span["start_ms"] <= 1500 and span["end_ms"] >= 3500  # over the brows
    assert gestures == []


def test_the_same_face_at_full_size_is_judged_and_its_brows_found(clips):
    gestures, summary = analysed(clips, "full")
    assert summary["unjudged"] == {}
    assert [(g["kind"], g["side"]) for g in gestures] == [("brows_raised", None)]
