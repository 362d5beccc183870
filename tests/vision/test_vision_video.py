"""The vision side on real MediaPipe and the sample clips: faces found and followed on crops,
landmarks mapped back to the frame, seats left to right, small faces of a wide shot found on
tiles, and ``keinu analyze`` end to end."""

from __future__ import annotations

import json
import os
from pathlib import Path

import cv2
import numpy as np
import pytest

from api.cli import main
from tests.vision.photo_faces import read as read_photo
from vision.capture.sources import open_source
from vision.mediapipe.landmarks import MediaPipeLandmarker
from vision.observation import Frame
from vision.seats import SeatTracker

pytestmark = pytest.mark.video


@pytest.fixture(scope="module")
def clips(sample_videos) -> Path:
    # KEINU_TEST_CLIPS: another folder of clips in the sample_videos layout (NAME.mp4 and
    # NAME.truth.json), e.g. freshly regenerated ones.
    return Path(os.environ.get("KEINU_TEST_CLIPS", sample_videos))


def truth(clips: Path, name: str) -> dict:
    return json.loads((clips / f"{name}.truth.json").read_text())


def first_frames(path: Path, count: int) -> list[Frame]:
    frames = []
    for item in open_source(path):
        frames.append(item)
        if len(frames) == count:
            break
    return frames


def centre(box) -> tuple[float, float]:
    return box[0] + box[2] / 2, box[1] + box[3] / 2


def inside(point, box) -> bool:
    return box[0] <= point[0] <= box[0] + box[2] and box[1] <= point[1] <= box[1] + box[3]


def test_one_face_is_followed_with_landmarks_blendshapes_and_head_pose(clips):
    seat_box = truth(clips, "single")["seats"]["1"]["bbox"]
    with MediaPipeLandmarker(pose=False) as landmarker:
        observed = [landmarker.observe(f) for f in first_frames(clips / "single.mp4", 20)]
    assert [len(o.faces) for o in observed] == [1] * 20
    assert len({o.faces[0].track_id for o in observed}) == 1
    face = observed[-1].faces[0]
    assert face.landmarks.shape == (478, 3) and face.landmarks.dtype == np.float32
    assert inside(centre(face.bbox), seat_box)
    # Landmarks are in frame pixels: the eye corners lie inside the face box, left of the
    # image for the player's right eye (landmark 33) and right for the left eye (263).
    x, y, w, h = face.bbox
    for index in (33, 263, 1):
        assert x <= face.landmarks[index, 0] <= x + w and y <= face.landmarks[index, 1] <= y + h
    assert face.landmarks[33, 0] < face.landmarks[263, 0]
    assert len(face.blendshapes) == 51 and "_neutral" not in face.blendshapes
    assert all(0.0 <= v <= 1.0 for v in face.blendshapes.values())
    assert face.transform is not None and face.transform.shape == (4, 4)


def test_table_faces_are_found_and_seated_left_to_right(clips):
    seats = truth(clips, "table")["seats"]
    tracker = SeatTracker("table", confirm_ms=0)
    with MediaPipeLandmarker(pose=False) as landmarker:
        for frame in first_frames(clips / "table.mp4", 10):
            seated = tracker.assign(landmarker.observe(frame).faces, frame.ts_ms)
    assert sorted(s.seat for s in seated) == [int(n) for n in sorted(seats)]
    for entry in seated:
        assert inside(centre(entry.face.bbox), seats[str(entry.seat)]["bbox"])


def test_small_faces_of_a_wide_shot_are_found_on_tiles(clips):
    """The table's first frame shrunk into a wide canvas, its smallest face 90 px wide as in a
    camera over a whole table: the tiles find every face, and the landmarks come back at the
    faces' place in the big frame."""
    frame = first_frames(clips / "table.mp4", 1)[0]
    seats = truth(clips, "table")["seats"]
    with MediaPipeLandmarker(pose=False) as landmarker:
        widths = [face.bbox[2] for face in landmarker.observe(frame).faces]
    scale, dx, dy = 90 / min(widths), 300, 400
    small = cv2.resize(frame.image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    height, width = max(1440, small.shape[0] + 2 * dy), max(2560, small.shape[1] + 2 * dx)
    canvas = np.full((height, width, 3), 70, np.uint8)
    canvas[dy : dy + small.shape[0], dx : dx + small.shape[1]] = small
    with MediaPipeLandmarker(pose=False) as landmarker:
        faces = landmarker.observe(Frame(0, canvas, "wide")).faces
    assert len(faces) == len(seats)
    boxes = [
        (dx + b[0] * scale, dy + b[1] * scale, b[2] * scale, b[3] * scale)
        for b in (seat["bbox"] for seat in seats.values())
    ]
    for face in faces:
        assert sum(inside(centre(face.bbox), box) for box in boxes) == 1
        assert face.bbox[2] > 60


def test_analyze_the_table_clip_end_to_end(clips, tmp_path, capsys):
    out = tmp_path / "out"
    status = main(["analyze", str(clips / "table.mp4"), "--max-frames", "45", "--out", str(out)])
    assert status == 0, capsys.readouterr().err
    summary = json.loads((out / "summary.json").read_text())
    assert summary["frames"] == 45 and summary["duration_ms"] == 1500
    assert sorted(summary["seats"]) == sorted(truth(clips, "table")["seats"])
    assert (out / "gestures.vtt").read_text().startswith("WEBVTT")
    assert (out / "gestures.jsonl").exists()
    video = cv2.VideoCapture(str(out / "annotated.mp4"))
    assert int(video.get(cv2.CAP_PROP_FRAME_COUNT)) == 45


def test_analyze_a_clip_without_faces_says_so(tmp_path, capsys):
    clip = tmp_path / "wall.mp4"
    rng = np.random.default_rng(3)
    writer = cv2.VideoWriter(str(clip), cv2.VideoWriter_fourcc(*"mp4v"), 30.0, (320, 240))
    for _ in range(8):
        writer.write(rng.integers(90, 140, (240, 320, 3), dtype=np.uint8))
    writer.release()
    status = main(["analyze", str(clip), "--out", str(tmp_path / "out"), "--no-video"])
    err = capsys.readouterr().err
    assert status == 2 and "no face found in" in err and "Traceback" not in err


def test_the_same_face_in_two_photos_of_a_folder_counts_as_two_faces(tmp_path):
    from vision.mediapipe.landmarks import mediapipe_factory
    from vision.pipeline import open_pipeline

    photo = cv2.imread(str(Path(__file__).parent / "data" / "astronaut_face.jpg"))
    for name in ("a.jpg", "b.jpg"):
        cv2.imwrite(str(tmp_path / name), photo)
    tracks = set()
    with open_pipeline(tmp_path, landmarker_factory=mediapipe_factory(pose=False)) as pipeline:
        for result in pipeline:
            tracks |= {seated.face.track_id for seated in result.faces}
    assert len(tracks) == 2


def test_shoulders_at_rest_reuse_their_pose_and_a_lift_runs_the_model_again(clips):
    """A still frame: once the model has settled, the pose is carried forward (still one pose
    every ``pose_every_ms``) without running the model; lifting everything below the chin (a
    shrug) runs it again at the next pose."""
    import dataclasses

    from vision.config.pipeline_settings import default_vision_settings

    image = first_frames(clips / "single.mp4", 1)[0].image
    settings = dataclasses.replace(
        default_vision_settings().landmarker, num_faces=1, pose_steady_ms=60_000
    )
    with MediaPipeLandmarker(settings) as landmarker:
        step = 1000 // 30

        def play(picture, start_ms, end_ms):
            with_pose = []
            for ts in range(start_ms, end_ms, step):
                observations = landmarker.observe(Frame(ts, picture, "still"))
                assert len(observations.faces) == 1
                with_pose += [ts] if observations.poses else []
            return with_pose

        play(image, 0, 1000)  # the model settles on a still picture in a few runs
        settled = landmarker.pose_runs
        with_pose = play(image, 1000, 3000)
        assert landmarker.pose_runs == settled
        frames_apart = -(-settings.pose_every_ms // step)  # a pose every this many frames
        assert len(with_pose) >= 2000 // (frames_apart * step)
        face = landmarker.observe(Frame(3000, image, "still")).faces[0]
        chin = int(face.bbox[1] + face.bbox[3])
        lifted = image.copy()
        lifted[chin:-20] = image[chin + 20 :]
        play(lifted, 3000 + step, 3000 + settings.pose_every_ms + 2 * step)
        assert landmarker.pose_runs == settled + 1


def _sweeping_often(**changes):
    import dataclasses

    from vision.config.pipeline_settings import default_vision_settings

    return dataclasses.replace(
        default_vision_settings().landmarker, discover_every_ms=100, **changes
    )


def test_a_false_face_is_checked_once_while_its_region_looks_the_same(clips):
    """single.mp4 has a false face (the suit's collar ring): with a sweep every 100 ms, the
    landmarks run on it once, not at every sweep."""
    frames = first_frames(clips / "single.mp4", 60)
    counts = []
    for memory_ms in (0, 20_000):
        settings = _sweeping_often(false_face_memory_ms=memory_ms)
        with MediaPipeLandmarker(settings, pose=False) as landmarker:
            for frame in frames:
                assert len(landmarker.observe(frame).faces) == 1
            counts.append(landmarker.false_faces)
    forgetting, remembering = counts
    assert forgetting >= 5
    assert remembering == 1


def test_a_face_that_appears_on_a_remembered_false_face_is_found(clips):
    """A face moving in changes the region: it is checked again at once, and followed."""
    frames = first_frames(clips / "single.mp4", 40)
    with MediaPipeLandmarker(_sweeping_often(), pose=False) as landmarker:
        for frame in frames[:20]:
            landmarker.observe(frame)
        assert landmarker.false_faces == 1
        box = landmarker._false_faces[0].box
        visitor = cv2.resize(read_photo(), (150, 150))
        found = 0
        for frame in frames[20:]:
            image = frame.image.copy()
            x, y = int(box[0] + box[2] / 2) - 75, int(box[1] + box[3] / 2) - 75
            image[y : y + 150, x : x + 150] = visitor
            found = max(found, len(landmarker.observe(Frame(frame.ts_ms, image, "x")).faces))
    assert found == 2


def test_a_face_whose_seat_wants_no_pose_runs_no_pose_model(clips):
    """The pose model runs for a face only while its seat wants it (the strips beside the neck
    cannot be read); asked again, it runs at once."""
    import dataclasses

    from vision.config.pipeline_settings import default_vision_settings

    image = first_frames(clips / "single.mp4", 1)[0].image
    settings = dataclasses.replace(default_vision_settings().landmarker, num_faces=1)
    step = 1000 // 30
    with MediaPipeLandmarker(settings) as landmarker:
        (face,) = landmarker.observe(Frame(0, image, "still")).faces
        landmarker.want_pose(face.track_id, False)
        poses = [
            landmarker.observe(Frame(ts, image, "still")).poses for ts in range(step, 1500, step)
        ]
        assert landmarker.pose_runs == 0 and not any(poses)
        landmarker.want_pose(face.track_id, True)
        for ts in range(1500, 1500 + 3 * step, step):
            landmarker.observe(Frame(ts, image, "still"))
        assert landmarker.pose_runs == 1
