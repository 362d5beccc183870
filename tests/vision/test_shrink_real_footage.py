"""benchmarks/shrink_real_footage.py: a labelled clip's face shrunk to table size, under the
clip's own path so that its truth file scores the copy."""

import json
import pickle
from types import SimpleNamespace

import cv2
import numpy as np

from benchmarks.shrink_eval_set import shrink_placement
from benchmarks.shrink_real_footage import face_box, shrink_footage
from benchmarks.synth.scenes import TABLE_SIZE


def clip(folder, name, frames=6):
    folder.mkdir(parents=True, exist_ok=True)
    writer = cv2.VideoWriter(str(folder / name), cv2.VideoWriter_fourcc(*"mp4v"), 30, (640, 480))
    for i in range(frames):
        writer.write(np.full((480, 640, 3), 40 + 20 * i, np.uint8))
    writer.release()


def truth(truths, name, video):
    document = {"video": video, "fps": 30.0, "width": 640, "height": 480, "split": "tuning",
                "signalling": True, "seats": {}, "gestures": [], "distractors": []}  # fmt: skip
    (truths / f"{name}.truth.json").write_text(json.dumps(document))


def observed(cache, name, boxes, seats=(1,)):
    frames = [(i * 33, None if b is None else (SimpleNamespace(bbox=b), None))
              for i, b in enumerate(boxes)]  # fmt: skip
    (cache / f"{name}.lead3000.obs.pkl").write_bytes(pickle.dumps(dict.fromkeys(seats, frames)))


def test_a_clips_face_is_shrunk_to_the_width_asked_under_its_own_path(tmp_path, capsys):
    footage, truths, cache, out = (tmp_path / d for d in ("footage", "truths", "cache", "out"))
    truths.mkdir()
    cache.mkdir()
    clip(footage / "people", "talk.mp4")
    clip(footage / "people", "far.mp4")
    truth(truths, "people--talk", "people/talk.mp4")
    truth(truths, "people--far", "people/far.mp4")
    clip(footage / "people", "table.mp4")
    truth(truths, "people--table", "people/table.mp4")
    observed(cache, "people--talk", [(200, 100, 250, 260), None, (204, 104, 246, 256)])
    observed(cache, "people--far", [(300, 200, 80, 90)])
    observed(cache, "people--table", [(100, 200, 200, 210)], seats=(1, 2, 3))

    target = shrink_footage([footage], out, 100, cache, truths)

    assert target == out / "w100"
    capture = cv2.VideoCapture(str(target / "people" / "talk.mp4"))
    size = (capture.get(cv2.CAP_PROP_FRAME_WIDTH), capture.get(cv2.CAP_PROP_FRAME_HEIGHT))
    assert size == TABLE_SIZE and int(capture.get(cv2.CAP_PROP_FRAME_COUNT)) == 6
    capture.release()
    assert not (target / "people" / "far.mp4").exists()
    assert not (target / "people" / "table.mp4").exists()
    err = capsys.readouterr().err
    assert "people--table: 3 faces, a table-sized clip already, left out" in err
    assert "people--talk: face 248 -> 100 px" in err
    assert "people--far: the face is 80.0 px wide already" in err


def test_a_clip_without_any_face_has_no_box(tmp_path):
    observed(tmp_path, "empty", [None, None])
    from benchmarks.real_footage import Clip

    assert face_box(Clip("empty", {}, tmp_path / "x.mp4"), tmp_path) is None


def test_a_sensors_grain_is_added_over_the_clip_alike_every_time(tmp_path):
    footage, truths, cache = (tmp_path / d for d in ("footage", "truths", "cache"))
    truths.mkdir()
    cache.mkdir()
    clip(footage / "people", "talk.mp4")
    truth(truths, "people--talk", "people/talk.mp4")
    observed(cache, "people--talk", [(200, 100, 250, 260)])

    scale, x, y = shrink_placement([200, 100, 250, 260], (640, 480), 100)
    rows, columns = round(480 * scale), round(640 * scale)
    inside = (slice(y + 20, y + rows - 20), slice(x + 20, x + columns - 20))

    def middle_frames(target):
        capture = cv2.VideoCapture(str(target / "people" / "talk.mp4"))
        frames = [capture.read()[1].astype(np.float32) for _ in range(3)]
        capture.release()
        return np.stack(frames)[:, inside[0], inside[1]]

    clean = shrink_footage([footage], tmp_path / "a", 100, cache, truths)
    grainy = shrink_footage([footage], tmp_path / "a", 100, cache, truths, noise=8.0)
    again = shrink_footage([footage], tmp_path / "b", 100, cache, truths, noise=8.0)

    assert grainy == tmp_path / "a" / "w100-noise8"
    spread = float(np.std(middle_frames(grainy) - middle_frames(clean)))
    assert 3.0 < spread < 12.0  # the encoder smooths some grain away, never all
    assert np.array_equal(middle_frames(grainy), middle_frames(again))
