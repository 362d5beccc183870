"""A mirrored (selfie) camera flipped back: its frames, its gaps, and `keinu analyze --mirrored`
reading the sides of a mirrored recording as the player made them (MediaPipe on a real video)."""

import json

import cv2
import numpy as np
import pytest

from api.cli import main
from tests.vision.fakes import ListSource
from vision.capture.sources import SourceGap, UnmirroredSource, open_source
from vision.observation import Frame


def test_frames_are_flipped_back_and_carry_the_source_s_own_id(sample_videos):
    raw = open_source(sample_videos / "single.mp4")
    flipped = open_source(sample_videos / "single.mp4", mirrored=True)
    assert isinstance(flipped, UnmirroredSource)
    flipped.source_id = "cam2"  # as serve names a table's cameras
    assert (flipped.fps, flipped.frame_count, flipped.live) == (raw.fps, raw.frame_count, raw.live)
    first, flipped_first = next(iter(raw)), next(iter(flipped))
    raw.close()
    flipped.close()
    assert isinstance(first, Frame) and isinstance(flipped_first, Frame)
    assert np.array_equal(flipped_first.image, first.image[:, ::-1])
    assert (flipped_first.ts_ms, flipped_first.index) == (first.ts_ms, first.index)
    assert flipped_first.source_id == "cam2"


def test_a_gap_passes_through_and_stopping_reaches_the_camera():
    image = np.zeros((4, 6, 3), np.uint8)
    image[:, 0] = 255
    inner = ListSource("cam1", [Frame(0, image, "cam1"), SourceGap("cam1", 0, 900, "dropped")])
    source = UnmirroredSource(inner)
    frame, gap = list(source)
    assert frame.image[:, -1].min() == 255 and frame.image[:, 0].max() == 0
    assert gap == SourceGap("cam1", 0, 900, "dropped")
    source.close()
    assert inner.stopped


@pytest.fixture(scope="module")
def mirrored_cut(sample_videos, tmp_path_factory):
    """11.0-19.6 s of the sample clip flipped left to right: a tongue to the player's right,
    then a mouth twist to the left."""
    truth = json.loads((sample_videos / "single.truth.json").read_text())
    capture = cv2.VideoCapture(str(sample_videos / "single.mp4"))
    fps, size = truth["fps"], (truth["width"], truth["height"])
    clip = tmp_path_factory.mktemp("mirrored") / "selfie.mp4"
    writer = cv2.VideoWriter(str(clip), cv2.VideoWriter_fourcc(*"mp4v"), fps, size)
    for index in range(round(19.6 * fps)):
        ok, image = capture.read()
        assert ok
        if index >= round(11.0 * fps):
            writer.write(cv2.flip(image, 1))
    writer.release()
    capture.release()
    return clip


@pytest.mark.video
@pytest.mark.parametrize(
    "options, sides",
    [
        ([], ["tongue_out left", "mouth_twist right"]),
        (["--mirrored"], ["tongue_out right", "mouth_twist left"]),
    ],
    ids=["as delivered", "flipped back"],
)
def test_analyze_reads_a_mirrored_recording_s_sides_once_told(
    mirrored_cut, tmp_path, options, sides
):
    out = tmp_path / "out"
    assert main(["analyze", str(mirrored_cut), "--out", str(out), "--no-video", *options]) == 0
    lines = (out / "gestures.jsonl").read_text().splitlines()
    assert [f"{g['kind']} {g['side']}" for g in map(json.loads, lines)] == sides
