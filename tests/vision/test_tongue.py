"""The mouth's appearance on a real photo: a painted tongue, its side, a covered mouth."""

import cv2
import numpy as np
import photo_faces
import pytest
from photo_faces import read
from photo_warps import cover_mouth, paint_tongue

from vision.face_mesh import FacePoints
from vision.numeric import median
from vision.settings import load_detector_settings
from vision.tongue import measure_mouth

pytestmark = pytest.mark.video
observe = photo_faces.observe  # the module-scoped landmarker fixture
SETTINGS = load_detector_settings().tongue


@pytest.fixture(scope="module")
def neutral(observe):
    image = read()
    face = observe(image)
    return image, face, measure_mouth(image, FacePoints.of(face.landmarks), SETTINGS)


def measured(observe, image):
    face = observe(image)
    assert face is not None
    return measure_mouth(image, FacePoints.of(face.landmarks), SETTINGS)


def test_a_tongue_out_fills_the_mouth_zone(observe, neutral):
    image, face, before = neutral
    after = measured(observe, paint_tongue(image, face.landmarks, 0.0))
    assert after.tongue > before.tongue + 0.15
    assert abs(after.tongue_side) < 0.1


@pytest.mark.parametrize("image_side, sign", [(-1.0, -1), (1.0, 1)])
def test_the_tongue_side_is_the_players(observe, neutral, image_side, sign):
    image, face, _ = neutral
    centre = measured(observe, paint_tongue(image, face.landmarks, 0.0))
    aside = measured(observe, paint_tongue(image, face.landmarks, image_side))
    # the image's left (-x) is the player's right, which tongue_side counts negative
    assert sign * (aside.tongue_side - centre.tongue_side) > 0.05


@pytest.mark.parametrize(
    "image_side, near, far",
    [(-1.0, "tongue_right", "tongue_left"), (1.0, "tongue_left", "tongue_right")],
)
def test_a_side_tongue_lies_below_the_lip_on_the_players_side(
    observe, neutral, image_side, near, far
):
    image, face, before = neutral
    centre = measured(observe, paint_tongue(image, face.landmarks, 0.0))
    aside = measured(observe, paint_tongue(image, face.landmarks, image_side))
    assert getattr(aside, near) - getattr(before, near) > 2 * (
        getattr(aside, far) - getattr(before, far)
    )
    # a centred tongue covers both halves
    left, right = centre.tongue_left - before.tongue_left, centre.tongue_right - before.tongue_right
    assert min(left, right) > 0.3 * max(left, right) > 0


def test_the_halves_split_where_middle_on_midline_puts_the_mouths_middle(observe, neutral):
    # The lips' midline moved towards the image's +x (a turned head): a tongue painted at the
    # corners' midpoint lies on both halves when the middle is there, on the player's right
    # (image -x) when the middle is on the moved midline.
    image, face, _ = neutral
    tongue = paint_tongue(image, face.landmarks, 0.0)
    turned = face.landmarks.copy()
    turned[[13, 14], 0] += 0.25 * np.linalg.norm(turned[291, :2] - turned[61, :2])
    at_corners = SETTINGS.model_copy(update={"middle_on_midline": 0.0})
    on_midline = SETTINGS.model_copy(update={"middle_on_midline": 1.0})
    balanced = measure_mouth(tongue, FacePoints.of(turned), at_corners)
    shifted = measure_mouth(tongue, FacePoints.of(turned), on_midline)
    halves = balanced.tongue_left, balanced.tongue_right
    assert min(halves) > 0.3 * max(halves) > 0
    assert shifted.tongue_right > 3 * shifted.tongue_left


def test_a_covered_mouth_loses_its_lip_contrast_and_shows_no_tongue(observe, neutral):
    image, face, before = neutral
    after = measure_mouth(
        cover_mouth(image, face.landmarks), FacePoints.of(face.landmarks), SETTINGS
    )
    assert before.lip_contrast > 4
    assert after.lip_contrast < 1.5
    assert after.tongue < 0.02


def test_a_mouth_out_of_the_frame_is_not_measured(neutral):
    image, face, _ = neutral
    away = face.landmarks.copy()
    away[:, 1] += 10 * image.shape[0]
    assert measure_mouth(image, FacePoints.of(away), SETTINGS) is None


def test_teeth_over_one_half_of_the_lips_are_counted_on_that_half(neutral):
    image, face, before = neutral
    bitten = image.copy()
    lower = face.landmarks[[78, 95, 88, 178, 87, 14, 317, 402, 318, 324, 308], :2]
    top, bottom = lower[:, 1].min(), lower[:, 1].max() + 4
    left, right = lower[:, 0].min(), face.landmarks[14, 0]  # the image-left half: player's right
    bitten[int(top) : int(bottom), int(left) : int(right)] = (205, 210, 215)
    after = measure_mouth(bitten, FacePoints.of(face.landmarks), SETTINGS)
    assert after.teeth_right > before.teeth_right + 0.1
    assert after.teeth_left < before.teeth_left + 0.02
    assert after.teeth_area > before.teeth_area + 0.003  # light and colourless against the lips
    assert np.isfinite(after.tongue)


def test_teeth_over_the_upper_lip_count_too(neutral):
    # On a rolled-in lip the contour is loose: teeth drawn over the upper lip are still a bite's.
    image, face, before = neutral
    bitten = image.copy()
    upper = face.landmarks[[0, 267, 269, 270, 409, 13, 312, 311, 310, 415], :2]
    top, bottom = int(upper[:, 1].min()) + 1, int(upper[:, 1].max())
    middle, corner = int(face.landmarks[0, 0]) + 1, int(upper[:, 0].max())
    bitten[top:bottom, middle:corner] = (205, 210, 215)  # the image-right half: player's left
    after = measure_mouth(bitten, FacePoints.of(face.landmarks), SETTINGS)
    assert after.teeth_left > before.teeth_left + 0.05
    assert after.teeth_right < before.teeth_right + 0.02


def test_teeth_over_the_upper_lip_do_not_hide_it_as_a_hand_does(neutral):
    # A finer crop than the default: this photo's upper lip is four pixels tall.
    settings = SETTINGS.model_copy(update={"crop_px": 256})
    image, face, _ = neutral
    before = measure_mouth(image, FacePoints.of(face.landmarks), settings)
    upper = face.landmarks[[61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291], :2]
    bottom = int(face.landmarks[13, 1])
    top = (int(upper[:, 1].min()) + bottom) // 2
    bitten = image.copy()
    bitten[top:bottom, int(upper[:, 0].min()) : int(upper[:, 0].max())] = (205, 210, 215)
    after = measure_mouth(bitten, FacePoints.of(face.landmarks), settings)
    assert after.teeth_left > before.teeth_left + 0.05  # the teeth are there
    assert after.lip_contrast > 0.5 * before.lip_contrast


def test_a_tongue_no_redder_than_the_cheeks_still_fills_the_opening(observe, neutral):
    image, face, _ = neutral
    flushed = image.copy()
    width = float(np.linalg.norm(face.landmarks[61, :2] - face.landmarks[291, :2]))
    for index in (205, 425):  # cheeks painted the tongue's colour
        x, y = face.landmarks[index, :2]
        cv2.circle(flushed, (int(x), int(y)), int(0.3 * width), (110, 105, 200), -1)
    before = measure_mouth(flushed, FacePoints.of(face.landmarks), SETTINGS)
    after = measured(observe, paint_tongue(flushed, face.landmarks, 0.0))
    assert after.tongue < before.tongue + 0.08  # the test against the cheeks is blind here
    assert after.filled_opening > before.filled_opening + 0.03
    assert after.teeth_area < 0.01


@pytest.mark.parametrize("size", [1, 2, 7, 8, 501])
@pytest.mark.parametrize("dtype", [np.float32, np.uint8])
def test_the_fast_median_is_numpys_bit_for_bit(size, dtype):
    rng = np.random.default_rng(size)
    values = (rng.random(size) * 255).astype(dtype)
    assert median(values) == float(np.median(values.astype(np.float32)))
