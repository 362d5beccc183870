"""Six players from one wide camera, end to end (MediaPipe on real video): six faces of the
sample clip side by side in one frame, seated by `keinu analyze --seats 1,2,3,4,5,6` and by the
pipeline it runs, left to right."""

import json

import cv2
import numpy as np
import pytest

from api.cli import main
from vision.capture.sources import open_source
from vision.pipeline import Pipeline
from vision.seats import SeatMap

pytestmark = pytest.mark.video

FRAMES = 30
SEATS = 6
#: Each tile: the sample's face with some room around it (its truth box is 241,109,162,191).
CROP = (200, 70, 240, 280)  # x, y, w, h
#: Each tile starts this many frames later in the clip: six different moments of one face.
OFFSET = 90


@pytest.fixture(scope="module")
def six_faces(sample_videos, tmp_path_factory):
    path = tmp_path_factory.mktemp("six") / "six.mp4"
    capture = cv2.VideoCapture(str(sample_videos / "single.mp4"))
    frames = []
    for _ in range(FRAMES + OFFSET * (SEATS - 1)):
        ok, image = capture.read()
        assert ok
        frames.append(image)
    capture.release()
    x, y, w, h = CROP
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"mp4v"), 30.0, (w * SEATS, h))
    for i in range(FRAMES):
        tiles = [frames[i + OFFSET * k][y : y + h, x : x + w] for k in range(SEATS)]
        writer.write(np.hstack(tiles))
    writer.release()
    return path


def test_analyze_seats_six_faces_of_one_wide_camera(six_faces, tmp_path):
    out = tmp_path / "out"
    code = main(["analyze", str(six_faces), "--seats", "1,2,3,4,5,6", "--out", str(out),
                 "--no-video"])  # fmt: skip
    assert code in (0, None)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["faces_seen"] == SEATS
    assert sorted(summary["seats"]) == [str(seat) for seat in range(1, SEATS + 1)]
    assert all(s["frames_with_face"] > FRAMES // 2 for s in summary["seats"].values())


def test_the_six_seats_go_left_to_right(six_faces):
    pipeline = Pipeline(open_source(str(six_faces)), seat_maps=SeatMap(seats=(1, 2, 3, 4, 5, 6)))
    last = None
    for result in pipeline:
        if len([v for v in result.seats.values() if v.face is not None]) == SEATS:
            last = result
    assert last is not None, "never all six faces seated in one frame"
    centres = [last.seats[seat].face.bbox[0] for seat in range(1, SEATS + 1)]
    assert centres == sorted(centres)
    tile = CROP[2]
    assert [int(x // tile) for x in centres] == list(range(SEATS))
