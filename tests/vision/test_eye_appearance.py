"""Each eye's appearance (vision.measures.eye_appearance) on a drawn face, and how the eye detectors
read it against rest (vision.detectors.eyes): a lid over the iris, a hand over the eye, new
light."""

import cv2
import numpy as np
import pytest

from vision.config.detector_settings import load_detector_settings
from vision.detectors.eyes import look_drop
from vision.measures.eye_appearance import measure_eyes
from vision.mediapipe.face_mesh import EYE_CORNERS, FacePoints

SETTINGS = load_detector_settings()
SKIN = (120, 150, 200)  # BGR
EYE_Y = 200
#: Image x of each eye's (outer, inner) corner; the player's right eye is on the image's left.
CORNERS_X = {"right": (100, 180), "left": (300, 220)}


def landmarks() -> np.ndarray:
    points = np.zeros((478, 3), np.float32)
    for side, (outer, inner) in EYE_CORNERS.items():
        points[outer, :2] = (CORNERS_X[side][0], EYE_Y)
        points[inner, :2] = (CORNERS_X[side][1], EYE_Y)
    return points


def face(shut: tuple[str, ...] = ()) -> np.ndarray:
    """Skin with a brow-less texture around each eye (nose side, cheek shading) and an open eye
    (white, iris, pupil), or lid skin and a lash line for the ``shut`` ones."""
    image = np.full((400, 400, 3), SKIN, np.uint8)
    for side, (outer, inner) in CORNERS_X.items():
        centre_x = (outer + inner) // 2
        cv2.circle(image, (min(outer, inner) - 25, EYE_Y + 30), 12, (90, 110, 160), -1)  # shade
        cv2.circle(image, (centre_x, EYE_Y + 45), 10, (140, 170, 215), -1)  # cheek highlight
        if side in shut:
            cv2.line(image, (min(outer, inner), EYE_Y + 4), (max(outer, inner), EYE_Y + 4),
                     (40, 40, 60), 2)  # fmt: skip
            continue
        cv2.ellipse(image, (centre_x, EYE_Y - 2), (40, 14), 0, 0, 360, (235, 235, 235), -1)
        cv2.circle(image, (centre_x, EYE_Y - 2), 13, (60, 70, 90), -1)
        cv2.circle(image, (centre_x, EYE_Y - 2), 5, (20, 20, 20), -1)
    return image


def signals(image: np.ndarray) -> dict[str, float]:
    values = {}
    for side, eye in measure_eyes(image, FacePoints.of(landmarks()), SETTINGS.eyes).items():
        values[f"eye_dark_{side}"] = eye.darkness
        for index, grey in enumerate(eye.surround):
            values[f"eye_surround_{side}_{index}"] = grey
    return values


def change(image: np.ndarray, rest: dict[str, float]) -> dict[str, float]:
    now = signals(image)
    return {name: now[name] - rest[name] for name in rest}


@pytest.fixture(scope="module")
def rest() -> dict[str, float]:
    return signals(face())


EYES = SETTINGS.eyes


def test_an_open_eye_is_darker_than_the_cheek_and_a_shut_one_loses_most_of_that(rest):
    assert rest["eye_dark_left"] > 0.2 and rest["eye_dark_right"] > 0.2
    delta = change(face(shut=("left",)), rest)
    assert look_drop(delta, rest, "left", EYES) > 0.6
    assert abs(look_drop(delta, rest, "right", EYES)) < 0.05


def test_a_change_of_light_does_not_shut_an_eye(rest):
    dimmer = cv2.convertScaleAbs(face(), alpha=0.6, beta=10)
    delta = change(dimmer, rest)
    assert max(abs(look_drop(delta, rest, side, EYES)) for side in ("left", "right")) < 0.1


def test_an_eye_too_small_or_off_the_frame_is_not_measured():
    assert measure_eyes(face()[:, :250], FacePoints.of(landmarks()), SETTINGS.eyes).keys() == {
        "right"
    }
    tiny = landmarks()
    tiny[list(EYE_CORNERS["left"]), 0] = (262, 258)
    assert measure_eyes(face(), FacePoints.of(tiny), SETTINGS.eyes).keys() == {"right"}
