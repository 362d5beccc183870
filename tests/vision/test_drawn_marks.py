"""benchmarks/drawn_marks.py: another tracker's dots painted out of real footage, and the real
footage yardstick reading a clip that carries them without them."""

import json
import pickle
from pathlib import Path
from types import SimpleNamespace

import cv2
import numpy as np

from benchmarks.drawn_marks import marks_mask, paint_out_marks
from benchmarks.import_footage_labels import truth_name
from benchmarks.real_footage import lead_in_frames, load_clips
from benchmarks.shrink_real_footage import shrink_footage

SKIN = (120, 150, 200)  # BGR
TONGUE = (125, 120, 205)  # the reddest real tongue: red 80-85 over its other channels
RED_DOT = (0, 0, 255)
GREEN_DOT = (40, 230, 40)


def face_with_marks() -> np.ndarray:
    image = np.full((120, 160, 3), SKIN, np.uint8)
    cv2.ellipse(image, (80, 70), (30, 14), 0, 0, 360, TONGUE, -1)
    cv2.circle(image, (95, 72), 4, RED_DOT, -1)
    for x in range(50, 115, 10):
        cv2.circle(image, (x, 52), 2, GREEN_DOT, -1)
    return image


def strongly_red(image: np.ndarray) -> np.ndarray:
    b, g, r = (image[..., i].astype(int) for i in range(3))
    return (r - g > 110) & (r - b > 110)


def test_the_drawn_dots_are_filled_in_from_the_face_around_them():
    image = face_with_marks()
    painted = paint_out_marks(image)

    assert strongly_red(image).any() and not strongly_red(painted).any()
    red_dot = painted[72, 95].astype(int)
    assert np.abs(red_dot - TONGUE).max() < 25  # the tongue it sat on, not the dot
    green_dot = painted[52, 60].astype(int)
    assert np.abs(green_dot - SKIN).max() < 25


def test_a_real_tongue_s_own_red_and_the_skin_are_no_mark():
    image = face_with_marks()
    mask = marks_mask(image) > 0
    assert not mask[70, 60] and not mask[100, 20]  # tongue, skin
    clean = np.full((120, 160, 3), SKIN, np.uint8)
    cv2.ellipse(clean, (80, 70), (30, 14), 0, 0, 360, TONGUE, -1)
    assert paint_out_marks(clean) is clean


def write_clip(path: Path, image: np.ndarray, frames: int = 4) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    height, width = image.shape[:2]
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"mp4v"), 30, (width, height))
    for _ in range(frames):
        writer.write(image)
    writer.release()


def marked_truth(truths: Path, video: str, width: int, height: int) -> None:
    truths.mkdir(parents=True, exist_ok=True)
    document = {
        "video": video, "fps": 30.0, "width": width, "height": height, "frames": 4,
        "split": "tuning", "signalling": True, "drawn_marks": True, "complete": True,
        "seats": {}, "gestures": [], "distractors": [], "ignore": [],
    }  # fmt: skip
    (truths / truth_name(video)).write_text(json.dumps(document))


def test_the_yardstick_reads_a_marked_clip_as_recorded_without_its_marks(tmp_path: Path):
    footage, truths = tmp_path / "footage", tmp_path / "truths"
    write_clip(footage / "tracker" / "tongue.mp4", face_with_marks())
    marked_truth(truths, "tracker/tongue.mp4", 160, 120)

    (clip,) = load_clips([footage], "all", truths)

    assert clip.paint_marks
    frames = [image for _, _, image in lead_in_frames(clip.video, 100, clip.prepare)]
    assert len(frames) > 4 and not any(strongly_red(image).any() for image in frames)
    raw = [image for _, _, image in lead_in_frames(clip.video, 100)]
    assert all(strongly_red(image).any() for image in raw)


def test_a_copy_of_another_size_was_painted_when_made_and_is_not_painted_again(tmp_path: Path):
    footage, truths = tmp_path / "small", tmp_path / "truths"
    write_clip(footage / "tracker" / "tongue.mp4", face_with_marks())
    marked_truth(truths, "tracker/tongue.mp4", 640, 480)  # the recording's size, not this copy's

    (clip,) = load_clips([footage], "all", truths)

    assert not clip.paint_marks


def test_a_marked_clip_is_shrunk_to_table_size_without_its_marks(tmp_path: Path):
    footage, truths, cache, out = (tmp_path / d for d in ("footage", "truths", "cache", "out"))
    image = cv2.resize(face_with_marks(), (640, 480), interpolation=cv2.INTER_NEAREST)
    write_clip(footage / "tracker" / "tongue.mp4", image)
    marked_truth(truths, "tracker/tongue.mp4", 640, 480)
    cache.mkdir()
    (clip,) = load_clips([footage], "all", truths)
    seen = {1: [(0, (SimpleNamespace(bbox=(120, 80, 400, 320)), None))]}
    (cache / f"{clip.name}.lead3000.unmarked.obs.pkl").write_bytes(pickle.dumps(seen))

    target = shrink_footage([footage], out, 200, cache, truths)

    capture = cv2.VideoCapture(str(target / "tracker" / "tongue.mp4"))
    ok, frame = capture.read()
    capture.release()
    assert ok and not strongly_red(frame).any()
