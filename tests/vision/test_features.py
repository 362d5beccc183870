"""Features on real MediaPipe output for real photos, and which side is which."""

import math

import cv2
import numpy as np
import pytest

from tests.vision.photo_faces import read
from tests.vision.photo_warps import IMAGE_LEFT_EYE, IMAGE_RIGHT_EYE, close_eye, rotate, shift_mouth
from vision.config.detector_settings import load_detector_settings
from vision.measures.features import compute_features, shoulders_of
from vision.mediapipe.face_mesh import LEFT_BROW, LEFT_EYE_RING, RIGHT_BROW, RIGHT_EYE_RING
from vision.observation import FaceObservation, PoseObservation

pytestmark = pytest.mark.video
SETTINGS = load_detector_settings()


def features_of(observe, image):
    face = observe(image)
    assert face is not None
    return compute_features(face, image, None, SETTINGS)


@pytest.fixture(scope="module")
def neutral(observe):
    image = read()
    face = observe(image)
    return image, face, compute_features(face, image, None, SETTINGS)


def test_a_frontal_photo_is_good_quality_and_plausible(neutral):
    _, _, f = neutral
    assert f.quality > 0.9 and f.mouth_quality > 0.9
    assert 0.2 < f.eye_open_left < 0.45 and 0.2 < f.eye_open_right < 0.45
    assert abs(f.head_roll_deg) < 8 and abs(f.head_yaw_deg) < 10
    assert f.shoulders is None


@pytest.mark.parametrize(
    "ring, shut, other", [(IMAGE_LEFT_EYE, "Right", "Left"), (IMAGE_RIGHT_EYE, "Left", "Right")]
)
def test_the_eye_on_the_image_left_is_the_players_right(observe, neutral, ring, shut, other):
    image, face, before = neutral
    after = features_of(observe, close_eye(image, face.landmarks, ring))
    rise = {s: after.blendshapes[f"eyeBlink{s}"] - before.blendshapes[f"eyeBlink{s}"]
            for s in ("Left", "Right")}  # fmt: skip
    assert rise[shut] > rise[other] + 0.1
    drop = {s: getattr(before, f"eye_open_{s.lower()}") - getattr(after, f"eye_open_{s.lower()}")
            for s in ("Left", "Right")}  # fmt: skip
    assert drop[shut] > drop[other]


@pytest.mark.parametrize("amount, side", [(-0.25, "Right"), (0.25, "Left")])
def test_a_mouth_moved_to_the_image_left_is_moved_to_the_players_right(
    observe, neutral, amount, side
):
    image, face, before = neutral
    after = features_of(observe, shift_mouth(image, face.landmarks, amount))
    assert after.blendshapes[f"mouth{side}"] > before.blendshapes[f"mouth{side}"] + 0.1
    moved = after.mouth_offset - before.mouth_offset
    assert (moved > 0.02) if side == "Left" else (moved < -0.02)


def test_head_roll_sign_from_the_matrix_and_from_the_landmarks(observe, neutral):
    image, _, before = neutral
    face = observe(rotate(image, 15.0))  # counterclockwise: leaning to the player's right
    tilted = compute_features(face, rotate(image, 15.0), None, SETTINGS)
    assert tilted.head_roll_deg - before.head_roll_deg == pytest.approx(-15, abs=4)
    no_matrix = FaceObservation(**{**_fields(face), "transform": None})
    from_landmarks = compute_features(no_matrix, rotate(image, 15.0), None, SETTINGS)
    assert from_landmarks.head_roll_deg == pytest.approx(tilted.head_roll_deg, abs=4)


def test_the_brows_are_measured_from_eye_corners_that_closing_lids_leave_in_place(neutral):
    image, face, before = neutral

    def features_with(points: np.ndarray):
        return compute_features(
            FaceObservation(**{**_fields(face), "landmarks": points}), image, None, SETTINGS
        )

    shut = face.landmarks.copy()
    for ring in (RIGHT_EYE_RING, LEFT_EYE_RING):
        shut[list(ring[9:])] = shut[list(ring[7:0:-1])]  # each upper-lid point onto the lower lid
    closed = features_with(shut)
    assert closed.eye_open_left < 0.02 and closed.eye_open_right < 0.02
    assert closed.brow_gap_left == pytest.approx(before.brow_gap_left, abs=1e-6)
    assert closed.brow_gap_right == pytest.approx(before.brow_gap_right, abs=1e-6)
    raised = face.landmarks.copy()
    raised[list(RIGHT_BROW + LEFT_BROW), 1] -= 0.05 * before.face_px
    lifted = features_with(raised)
    assert lifted.brow_gap_left - before.brow_gap_left == pytest.approx(0.05, abs=0.005)
    assert lifted.brow_gap_right - before.brow_gap_right == pytest.approx(0.05, abs=0.005)


def test_geometry_does_not_depend_on_image_size(observe, neutral):
    image, _, before = neutral
    bigger = cv2.resize(image, None, fx=2.0, fy=2.0, interpolation=cv2.INTER_CUBIC)
    after = features_of(observe, bigger)
    for name in ("eye_open_left", "brow_gap_left", "mouth_width", "lower_lip_center"):
        assert getattr(after, name) == pytest.approx(getattr(before, name), rel=0.12), name


def test_a_dark_or_tiny_face_has_low_quality(observe, neutral):
    image, face, _ = neutral
    dark = (image * 0.12).astype(np.uint8)
    assert compute_features(face, dark, None, SETTINGS).quality < 0.35
    tiny = cv2.resize(image, None, fx=0.3, fy=0.3, interpolation=cv2.INTER_AREA)
    small_face = FaceObservation(**{**_fields(face), "landmarks": face.landmarks * 0.3})
    assert compute_features(small_face, tiny, None, SETTINGS).quality < 0.35


def test_shoulders_are_named_by_the_players_side_whatever_the_pose_calls_them(neutral):
    image, face, _ = neutral
    frame_size = image.shape[1::-1]
    image_right_x = face.landmarks[263, 0] + 60  # the player's left is on the image's right
    image_left_x = face.landmarks[33, 0] - 60
    points = np.zeros((33, 3), np.float32)
    points[0, :2] = face.landmarks[1, :2]
    points[7, :2] = (image_right_x - 40, face.landmarks[1, 1])
    points[8, :2] = (image_left_x + 40, face.landmarks[1, 1])
    for names in ((11, 12), (12, 11)):
        points[names[0], :2] = (image_right_x, face.landmarks[1, 1] + 80)  # higher: smaller gap
        points[names[1], :2] = (image_left_x, face.landmarks[1, 1] + 100)
        pose = PoseObservation(0, "photo", points.copy(), np.ones(33, np.float32))
        shoulders = shoulders_of(face, pose, frame_size, SETTINGS.pose)
        assert shoulders.gap_left < shoulders.gap_right
    hidden = PoseObservation(0, "photo", points, np.zeros(33, np.float32))
    assert shoulders_of(face, hidden, frame_size, SETTINGS.pose) is None


def test_shoulders_the_pose_places_below_the_frame_are_not_read(neutral):
    # A face filling the frame: the pose model still guesses its shoulders, off the frame.
    image, face, _ = neutral
    height = image.shape[0]
    points = np.zeros((33, 3), np.float32)
    points[[0, 7, 8], :2] = face.landmarks[1, :2]
    points[11, :2] = (face.landmarks[263, 0] + 60, height - 5)
    points[12, :2] = (face.landmarks[33, 0] - 60, height - 5)
    pose = PoseObservation(0, "photo", points.copy(), np.ones(33, np.float32))
    assert shoulders_of(face, pose, image.shape[1::-1], SETTINGS.pose) is not None
    points[11, 1] = height + 20
    below = PoseObservation(0, "photo", points, np.ones(33, np.float32))
    assert shoulders_of(face, below, image.shape[1::-1], SETTINGS.pose) is None


def _fields(face: FaceObservation) -> dict:
    return {name: getattr(face, name) for name in FaceObservation.__slots__}


def test_the_roll_of_a_matrix_is_read_in_degrees():
    from vision.measures.features import head_angles

    angle = math.radians(-20)  # the matrix's roll: -20 = leaning to the player's left by 20
    rotation = np.eye(4)
    rotation[:2, :2] = [[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]]
    face = FaceObservation(0, "x", 0, np.zeros((478, 3), np.float32), {}, rotation, (0, 0, 1, 1))
    roll, yaw, pitch = head_angles(face)
    assert roll == pytest.approx(20) and yaw == pytest.approx(0) and pitch == pytest.approx(0)


def _turned(yaw_deg: float, pitch_deg: float, roll_deg: float, scale: float = 1.0) -> np.ndarray:
    """A face's matrix turned by yaw, then nodding by pitch, then leaning by roll about its own
    forward axis (the matrix's roll sign: + = leaning to the player's right)."""
    y, p, r = (math.radians(a) for a in (yaw_deg, pitch_deg, roll_deg))
    turn = np.array([[math.cos(y), 0, math.sin(y)], [0, 1, 0], [-math.sin(y), 0, math.cos(y)]])
    nod = np.array([[1, 0, 0], [0, math.cos(p), -math.sin(p)], [0, math.sin(p), math.cos(p)]])
    lean = np.array([[math.cos(r), -math.sin(r), 0], [math.sin(r), math.cos(r), 0], [0, 0, 1]])
    matrix = np.eye(4)
    matrix[:3, :3] = scale * turn @ nod @ lean
    return matrix


@pytest.mark.parametrize("pitch", [-15.0, 0.0, 15.0])
def test_a_turned_face_that_nods_keeps_its_roll(pitch):
    # A player turned 40 degrees to a partner looks down at the cards: no tilt is read.
    from vision.measures.features import head_angles

    for lean in (0.0, -12.0):
        matrix = _turned(40.0, pitch, lean, scale=1.7)
        face = FaceObservation(0, "x", 0, np.zeros((478, 3), np.float32), {}, matrix, (0, 0, 1, 1))
        roll, yaw, read_pitch = head_angles(face)
        assert roll == pytest.approx(-lean, abs=1e-6)
        assert yaw == pytest.approx(40.0, abs=1e-6)
        assert read_pitch == pytest.approx(pitch, abs=1e-6)
