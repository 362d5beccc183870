"""An enrolment kept as a clip (``keinu calibrate --enrol --record``): a constant rate on the
source's own clock, whatever rate the camera delivers, and the prompts on the clip's clock."""

import json

import cv2
import numpy as np

from api.exports.timeline import PromptSpan
from api.recording.enrolment_clip import EnrolmentClip, read_prompts


def _frame(value: int) -> np.ndarray:
    return np.full((48, 64, 3), value, np.uint8)


def test_a_camera_slower_than_the_rate_has_its_frames_repeated_not_sped_up(tmp_path):
    clip = EnrolmentClip(tmp_path, 30.0)
    start = 5_000  # a live source's clock starts anywhere
    for i in range(30):  # 2 s of a camera giving 15 frames a second
        clip.add(start + round(i * 1000 / 15), _frame(40 * (i % 6)))
    clip.prompt("show wink (31), 1 of 2", start + 1000, start + 1500)
    clip.close()

    video = cv2.VideoCapture(str(clip.path))
    frames = []
    while True:
        ok, image = video.read()
        if not ok:
            break
        frames.append(int(image.mean()))
    video.release()
    assert len(frames) == 59  # 0 .. 1933 ms at 30 a second: the 2 s last as long as filmed
    # each frame of the clip is the first read at or after its time: 0, then each one twice
    shown = [round(value / 40) for value in frames]
    assert shown[:7] == [0, 1, 1, 2, 2, 3, 3]
    assert read_prompts(tmp_path) == [PromptSpan(1000, 1500, "show wink (31), 1 of 2")]
    assert json.loads((tmp_path / "prompts.json").read_text())["fps"] == 30.0


def test_a_frame_read_twice_or_going_back_adds_nothing(tmp_path):
    clip = EnrolmentClip(tmp_path, 10.0)
    for ts in (0, 100, 100, 50, 200):
        clip.add(ts, _frame(100))
    clip.close()
    assert clip.frames == 3
