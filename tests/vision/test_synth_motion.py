"""A real gesture's landmark motion, measured and moved onto another face (benchmarks.synth.motion,
benchmarks.measure_motion)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from benchmarks.measure_motion import main as measure_motion
from benchmarks.synth.face import FaceGeometry
from benchmarks.synth.fields import Grid
from benchmarks.synth.motion import (
    EYES,
    LandmarkMotion,
    load_motion,
    measured,
    similarity,
    transferred_field,
)

BROWS = [70, 63, 105, 66, 107, 336, 296, 334, 293, 300]


def _face(rng: np.random.Generator) -> np.ndarray:
    """478 points laid out as a face's are: the lower face below the eyes, the eyes on their
    line, the brows above them; the two eye corners 1 apart."""
    points = np.column_stack([rng.uniform(-1.0, 1.0, 478), rng.uniform(0.4, 1.4, 478)])
    eyes = list(EYES)
    points[eyes] = np.column_stack(
        [rng.uniform(-0.6, 0.6, len(eyes)), rng.uniform(-0.1, 0.1, len(eyes))]
    )
    points[BROWS] = np.column_stack(
        [np.linspace(-0.7, 0.7, len(BROWS)), np.full(len(BROWS), -0.45)]
    )
    points[33], points[263] = (-0.5, 0.0), (0.5, 0.0)
    return points


def _placed(points: np.ndarray, scale: float, degrees: float, shift: tuple[float, float]):
    turn = math.radians(degrees)
    rotation = np.array([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]])
    return scale * points @ rotation.T + np.array(shift)


def test_similarity_finds_the_scale_turn_and_shift_between_two_point_sets():
    source = _face(np.random.default_rng(1))
    target = _placed(source, 120.0, 12.0, (300.0, 200.0))
    scale, rotation, shift = similarity(source, target)
    assert scale == pytest.approx(120.0)
    assert math.degrees(math.atan2(rotation[1, 0], rotation[0, 0])) == pytest.approx(12.0)
    assert np.allclose(scale * source @ rotation.T + shift, target)


def test_a_motion_is_measured_on_the_face_laid_over_its_rest():
    rest = _face(np.random.default_rng(2))
    raised = rest.copy()
    raised[BROWS, 1] -= 0.08  # the brows up by 0.08 eye distances
    # The same face filmed a little turned and nearer in the gesture's frames.
    motion = measured(_placed(rest, 100, 0, (320, 240)), _placed(raised, 110, 5, (330, 230)), "t")
    assert np.allclose(motion.motion[BROWS], [0.0, -0.08], atol=1e-6)
    assert np.abs(np.delete(motion.motion, BROWS, axis=0)).max() < 1e-6
    assert motion.source == "t"


def test_a_motion_moves_another_face_as_far_for_its_size_its_eyes_held():
    rest = _face(np.random.default_rng(3))
    lifted = np.zeros_like(rest)
    lifted[BROWS, 1] = -0.08
    lifted[list(EYES), 1] = -0.03
    motion = LandmarkMotion(rest, lifted, "t")
    # Another face: the same shape placed 150 px between the eye corners, turned 10 degrees.
    face = FaceGeometry(_placed(rest, 150.0, 10.0, (320.0, 240.0)).astype(np.float32))
    grid = Grid(480, 640)
    field = transferred_field(motion, face, grid, gain=2.0, held=EYES)
    up = np.array([math.sin(math.radians(10)), -math.cos(math.radians(10))])  # turned 10 degrees
    expected = 2.0 * 150.0 * 0.08 * up  # 24 px
    # The content at each brow landmark appears that far on: the field there says so.
    arrived = face.landmarks[BROWS] + expected
    assert np.allclose(_at(field, arrived), expected, atol=1.0)
    assert np.abs(_at(field, face.landmarks[list(EYES)])).max() < 1.0
    assert np.abs(field[[0, 0, -1, -1], [0, -1, 0, -1]]).max() < 0.5  # the frame's corners stay


def _at(field: np.ndarray, points: np.ndarray) -> np.ndarray:
    rows, cols = np.round(points[:, 1]).astype(int), np.round(points[:, 0]).astype(int)
    return field[rows, cols]


def test_the_kept_brow_raise_is_the_real_ones_measured_lift():
    motion = load_motion("brows_raised")
    assert motion.rest.shape == motion.motion.shape == (478, 2)
    assert "driving_d7" in motion.source
    assert 0.07 < -motion.motion[BROWS, 1].mean() < 0.1  # the real raise: 0.08-0.087
    assert np.abs(motion.motion[152]).max() < 0.01  # the chin stays


@pytest.mark.video
def test_measure_motion_writes_a_labelled_gestures_motion(sample_videos: Path, tmp_path: Path):
    truth = json.loads((sample_videos / "single.truth.json").read_text())
    truth["split"] = "tuning"
    (tmp_path / "truth").mkdir()
    (tmp_path / "truth" / "single.truth.json").write_text(json.dumps(truth))
    code = measure_motion([str(sample_videos), "--clip", "single", "--truth",
                           str(tmp_path / "truth"), "--out", str(tmp_path)])  # fmt: skip
    assert code == 0
    motion = load_motion_from(tmp_path / "brows_raised.json")
    assert -motion.motion[BROWS, 1].mean() > 0.02  # the generated raise lifts the brows


def load_motion_from(path: Path) -> LandmarkMotion:
    return LandmarkMotion.from_json(json.loads(path.read_text()))


def test_measure_motion_refuses_held_out_footage(sample_videos: Path, tmp_path: Path, capsys):
    truth = json.loads((sample_videos / "single.truth.json").read_text())
    truth["split"] = "heldout"
    (tmp_path / "single.truth.json").write_text(json.dumps(truth))
    with pytest.raises(SystemExit) as stop:
        measure_motion([str(sample_videos), "--clip", "single", "--truth", str(tmp_path)])
    assert stop.value.code == 2
    assert "held out" in capsys.readouterr().err
