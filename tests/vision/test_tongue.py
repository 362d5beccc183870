"""The mouth's appearance on a real photo: a painted tongue, its side, a covered mouth."""

import cv2
import numpy as np
import photo_faces
import pytest
from photo_faces import read
from photo_warps import cover_mouth, paint_tongue

from vision.config.detector_settings import load_detector_settings
from vision.measures.numeric import median
from vision.measures.tongue import measure_mouth
from vision.mediapipe.face_mesh import OUTER_LOWER_LIP, OUTER_UPPER_LIP, FacePoints

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


def _recolour_below(image, landmarks, top, chroma_scale, chroma, lightness_scale=1.0):
    """Every pixel below landmark ``top``, the lips left out: (a*, b*) scaled by
    ``chroma_scale`` then moved by ``chroma``, L* scaled by ``lightness_scale``."""
    outline = landmarks[list(OUTER_UPPER_LIP + OUTER_LOWER_LIP[::-1]), :2].astype(np.int32)
    lips = np.zeros(image.shape[:2], np.uint8)
    cv2.fillPoly(lips, [outline], 1)
    region = np.zeros_like(lips)
    region[int(landmarks[top, 1]) :, :] = 1
    region &= 1 - lips
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2LAB).astype(np.float32)
    shifted = lab.copy()
    shifted[..., 0] *= lightness_scale
    shifted[..., 1:] = (lab[..., 1:] - 128.0) * chroma_scale + 128.0 + np.float32(chroma)
    lab = np.where(region[..., None] > 0, shifted, lab)
    return cv2.cvtColor(np.clip(lab, 0, 255).astype(np.uint8), cv2.COLOR_LAB2BGR)


@pytest.mark.parametrize(
    "image_side, near, far",
    [(-1.0, "off_skin_right", "off_skin_left"), (1.0, "off_skin_left", "off_skin_right")],
)
def test_a_side_tongue_on_skin_as_red_as_it_lies_below_the_lip_on_its_side(
    neutral, image_side, near, far
):
    # The skin made as red as the painted tongue (a* 38) but pinker (b* 0 against its 14), as on
    # a flushed face: the test against the cheeks' redness is blind, the tongue's hue is not.
    image, face, _ = neutral
    points = FacePoints.of(face.landmarks)
    flushed = _recolour_below(image, face.landmarks, 145, 0.0, (38.0, 0.0))  # the eyes
    before = measure_mouth(flushed, points, SETTINGS)
    aside = measure_mouth(paint_tongue(flushed, face.landmarks, image_side), points, SETTINGS)
    redder = aside.tongue_left + aside.tongue_right - before.tongue_left - before.tongue_right
    assert redder < 0.2 * (getattr(aside, near) - getattr(before, near))
    assert getattr(aside, near) - getattr(before, near) > 0.01
    assert getattr(aside, near) - getattr(before, near) > 3 * (
        getattr(aside, far) - getattr(before, far)
    )


def test_shade_on_the_chin_is_not_a_colour_unlike_the_skin(neutral):
    # Darker and greyer, as skin turned from the light: the skin's own hue, only duller.
    image, face, before = neutral
    points = FacePoints.of(face.landmarks)
    shaded = _recolour_below(image, face.landmarks, 17, 0.5, (0.0, 0.0), 0.75)  # the lower lip
    after = measure_mouth(shaded, points, SETTINGS)
    assert after.off_skin_left + after.off_skin_right < 0.002 + (
        before.off_skin_left + before.off_skin_right
    )


@pytest.mark.parametrize("size", [1, 2, 7, 8, 501])
@pytest.mark.parametrize("dtype", [np.float32, np.uint8])
def test_the_fast_median_is_numpys_bit_for_bit(size, dtype):
    rng = np.random.default_rng(size)
    values = (rng.random(size) * 255).astype(dtype)
    assert median(values) == float(np.median(values.astype(np.float32)))
