"""Something in front of the face (vision.measures.face_occlusion, vision.detectors.occlusion) on a
drawn lower face: a hand over the mouth is told; a tongue, teeth or a change of light is not."""

import cv2
import numpy as np
import pytest

from tests.vision.feature_traces import Trace, labels, run
from vision.config.detector_settings import OCCLUSION_REGIONS, SettingsError, load_detector_settings
from vision.detectors.occlusion import HiddenRegions
from vision.measures.face_occlusion import (
    REGIONS,
    SIGNAL_PREFIX,
    measure_surroundings,
    pattern_change,
    region_changes,
)
from vision.mediapipe.face_mesh import FacePoints

SETTINGS = load_detector_settings()
OCCLUSION = SETTINGS.occlusion
SKIN = (120, 150, 200)  # BGR
MOUTH = (200, 250)
#: Each cheek's samples on a small grid, the player's right cheek on the image's left.
CHEEK_CENTRE = {"cheek_right": (95, 150), "cheek_left": (305, 150)}


def landmarks() -> np.ndarray:
    """Eye corners 200 px apart, the mouth's samples on an ellipse around the lips, each
    cheek's on a grid."""
    points = np.zeros((478, 3), np.float32)
    points[33, :2], points[263, :2] = (100, 100), (300, 100)
    ring = REGIONS["mouth"]
    angles = np.linspace(0, 2 * np.pi, len(ring), endpoint=False)
    for index, angle in zip(ring, angles, strict=True):
        points[index, :2] = (MOUTH[0] + 80 * np.cos(angle), MOUTH[1] + 55 * np.sin(angle))
    for region, (cx, cy) in CHEEK_CENTRE.items():
        for k, index in enumerate(REGIONS[region]):
            points[index, :2] = (cx + 15 * (k % 4 - 1.5), cy + 15 * (k // 4 - 1.5))
    return points


def face() -> np.ndarray:
    """Skin with shading around the mouth (a shadow under the nose, folds beside the corners, a
    lit chin), shaded cheeks, and red lips."""
    image = np.full((400, 400, 3), SKIN, np.uint8)
    cv2.ellipse(image, (MOUTH[0], MOUTH[1] - 60), (45, 18), 0, 0, 360, (85, 105, 150), -1)
    for side in (-1, 1):
        cv2.line(image, (MOUTH[0] + side * 60, MOUTH[1] - 45),
                 (MOUTH[0] + side * 85, MOUTH[1] + 20), (95, 120, 165), 14)  # fmt: skip
        cx, cy = CHEEK_CENTRE["cheek_left" if side > 0 else "cheek_right"]
        cv2.circle(image, (cx - side * 15, cy - 15), 14, (150, 180, 225), -1)
        cv2.circle(image, (cx + side * 15, cy + 15), 14, (90, 115, 160), -1)
    cv2.ellipse(image, (MOUTH[0], MOUTH[1] + 62), (40, 16), 0, 0, 360, (150, 180, 225), -1)
    cv2.ellipse(image, MOUTH, (45, 16), 0, 0, 360, (70, 70, 180), -1)
    return image


def signals(image: np.ndarray) -> dict[str, float]:
    values = {}
    for region, greys in measure_surroundings(image, FacePoints.of(landmarks()), OCCLUSION).items():
        for index, grey in enumerate(greys):
            values[f"{SIGNAL_PREFIX[region]}{index}"] = grey
    return values


def changes(image: np.ndarray, rest: dict[str, float]) -> dict[str, float]:
    now = signals(image)
    delta = {name: now[name] - rest[name] for name in rest}
    return region_changes(delta, rest, ["mouth", "cheek_left", "cheek_right"], OCCLUSION)


@pytest.fixture(scope="module")
def rest() -> dict[str, float]:
    return signals(face())


def test_the_regions_are_the_ones_the_settings_name():
    assert set(SIGNAL_PREFIX) == set(OCCLUSION_REGIONS)


def test_a_hand_over_the_mouth_hides_it_and_not_the_cheeks(rest):
    covered = face()
    cv2.ellipse(covered, MOUTH, (105, 80), 0, 0, 360, (115, 140, 195), -1)
    cv2.ellipse(covered, (MOUTH[0] - 20, MOUTH[1] + 10), (60, 40), 0, 0, 360, (105, 130, 185), -1)
    found = changes(covered, rest)
    assert found["mouth"] >= OCCLUSION.hidden[1]
    assert max(found["cheek_left"], found["cheek_right"]) < OCCLUSION.hidden[0]


def test_a_hand_over_one_cheek_hides_that_cheek(rest):
    covered = face()
    cv2.circle(covered, CHEEK_CENTRE["cheek_right"], 45, (115, 140, 195), -1)
    found = changes(covered, rest)
    assert found["cheek_right"] >= OCCLUSION.hidden[1]
    assert found["cheek_left"] < OCCLUSION.hidden[0]


def test_a_tongue_over_the_chin_or_bared_teeth_do_not_hide_the_mouth(rest):
    tongue = face()
    cv2.ellipse(tongue, (MOUTH[0], MOUTH[1] + 35), (22, 40), 0, 0, 360, (90, 90, 200), -1)
    teeth = face()
    cv2.rectangle(teeth, (MOUTH[0] - 35, MOUTH[1] - 8), (MOUTH[0] + 35, MOUTH[1] + 4),
                  (230, 235, 240), -1)  # fmt: skip
    for image in (tongue, teeth):
        assert changes(image, rest)["mouth"] < OCCLUSION.hidden[0]


def test_a_change_of_light_hides_nothing(rest):
    for alpha, beta in ((0.6, 10), (1.3, -20)):
        found = changes(cv2.convertScaleAbs(face(), alpha=alpha, beta=beta), rest)
        assert max(found.values()) < OCCLUSION.hidden[0]


def test_a_flat_rest_tells_nothing_a_flat_now_is_hidden_and_dimmer_light_only_noise():
    pattern = np.array([100.0, 120.0, 90.0, 130.0, 110.0, 95.0])
    assert pattern_change(np.full(6, 100.0), pattern, OCCLUSION) == 0.0
    assert pattern_change(pattern, np.full(6, 140.0), OCCLUSION) >= OCCLUSION.hidden[1]
    dimmer = pattern_change(pattern, 0.5 * pattern + 30, OCCLUSION)
    assert dimmer == pytest.approx(OCCLUSION.noise_grey / (0.5 * pattern.std()))


def test_a_face_off_the_frame_or_too_small_is_not_measured():
    assert measure_surroundings(face()[:280], FacePoints.of(landmarks()), OCCLUSION) == {}
    tiny = landmarks()
    tiny[263, :2] = (105, 100)
    assert measure_surroundings(face(), FacePoints.of(tiny), OCCLUSION) == {}


def test_a_hidden_region_stays_hidden_for_hold_ms(rest):
    covered = face()
    cv2.ellipse(covered, MOUTH, (105, 80), 0, 0, 360, (115, 140, 195), -1)
    regions = HiddenRegions(OCCLUSION, ["mouth", "cheek_left"])
    now = signals(covered)
    regions.update(0, {name: now[name] - rest[name] for name in rest}, rest)
    still = dict.fromkeys(rest, 0.0)
    regions.update(OCCLUSION.hold_ms, still, rest)
    assert regions.hidden(["mouth"]) == 1.0
    assert regions.hidden(["cheek_left"]) == 0.0
    regions.update(OCCLUSION.hold_ms + 40, still, rest)
    assert regions.hidden(["mouth"]) == 0.0


@pytest.mark.parametrize("axis", ["yaw", "roll", "pitch"])
def test_a_changed_pattern_on_a_head_turned_far_from_rest_is_not_a_hand(rest, axis):
    """Turned 25 degrees, the skin's shading is new (a real face turned to the window read as
    hidden all over): that is not put down to a hand; the same change seen frontally is."""
    covered = face()
    cv2.ellipse(covered, MOUTH, (105, 80), 0, 0, 360, (115, 140, 195), -1)
    now = signals(covered)
    delta = {name: now[name] - rest[name] for name in rest}
    frontal = HiddenRegions(OCCLUSION, ["mouth"])
    frontal.update(0, {**delta, f"head_{axis}_deg": OCCLUSION.turned_deg[0] - 1}, rest)
    turned = HiddenRegions(OCCLUSION, ["mouth"])
    turned.update(0, {**delta, f"head_{axis}_deg": -OCCLUSION.turned_deg[1]}, rest)
    assert frontal.hidden(["mouth"]) == 1.0
    assert turned.hidden(["mouth"]) == 0.0


def test_occluded_by_must_name_known_regions(tmp_path):
    from vision.config.detector_settings import DEFAULT_SETTINGS_PATH

    text = DEFAULT_SETTINGS_PATH.read_text().replace(
        'occluded_by = ["mouth", "cheek_left", "cheek_right"]', 'occluded_by = ["nose"]', 1
    )
    path = tmp_path / "detectors.toml"
    path.write_text(text)
    with pytest.raises(SettingsError, match="occluded_by"):
        load_detector_settings(path)


def test_a_region_changed_for_settle_ms_is_settled_and_a_break_restarts_the_clock(rest):
    covered = face()
    cv2.ellipse(covered, MOUTH, (105, 80), 0, 0, 360, (115, 140, 195), -1)
    now = signals(covered)
    hidden_delta = {name: now[name] - rest[name] for name in rest}
    regions = HiddenRegions(OCCLUSION, ["mouth", "cheek_left"])
    for ts in range(0, OCCLUSION.settle_ms, 500):
        regions.update(ts, hidden_delta, rest)
    assert regions.settled(OCCLUSION.settle_ms - 500) == []
    regions.update(OCCLUSION.settle_ms, hidden_delta, rest)
    assert regions.settled(OCCLUSION.settle_ms) == ["mouth"]
    regions.update(OCCLUSION.settle_ms + 40, dict.fromkeys(rest, 0.0), rest)
    regions.update(OCCLUSION.settle_ms + 80, hidden_delta, rest)
    assert regions.settled(OCCLUSION.settle_ms + 80) == []


POUT = {"mouthPucker": 0.55, "mouth_width": -0.14, "lower_lip_center": 0.02}


def test_a_pout_is_found_in_view_and_not_behind_a_hand_passing_over_the_mouth():
    assert labels(run(Trace(6000, mouth=True).add(3000, 3800, **POUT))[0]) == ["pout"]
    passing = Trace(6000, mouth=True).add(3000, 3800, **POUT).set(3100, 3500, mouth_cover=1.0)
    assert run(passing)[0] == []


@pytest.mark.parametrize(
    "below_lip, found",
    [
        (0.0, []),  # a hand over the mouth as a tongue begins behind the lips
        (0.04, ["tongue_out center"]),  # the tongue itself hanging over the chin's samples
    ],
)
def test_a_tongue_stuck_out_over_the_chin_is_no_hand_over_the_mouth(below_lip, found):
    # Generated tongues reaching down over the chin covered most of the mouth region's
    # samples there from their first frame (changes of 300-1500, a hand's size): lost.
    tongue = {"tongue": 0.3, "mouth_open": 0.2, "jawOpen": 0.3,
              "tongue_left": below_lip / 2, "tongue_right": below_lip / 2}  # fmt: skip
    trace = Trace(6000, mouth=True).add(3000, 3900, **tongue).set(3000, 3900, mouth_cover=1.0)
    assert labels(run(trace)[0]) == found


def test_a_mouth_gesture_held_long_enough_is_not_cancelled_by_its_own_change_of_the_mouth():
    # A tongue drawn back into an open mouth after a second out read as a hand over the mouth
    # (generated, 100 px): the tongue, seen from its start, was lost.
    changing = Trace(6000, mouth=True).add(3000, 4000, **POUT).set(3700, 4300, mouth_cover=1.0)
    (pout,) = run(changing)[0]
    assert pout.kind == "pout" and pout.start_ms < 3100


def test_a_hand_over_the_mouth_at_calibration_becomes_the_rest_after_settle_ms():
    trace = Trace(12000, mouth=True).set(0, 3000, mouth_cover=1.0)
    trace.add(3500, 4300, **POUT).add(3000 + OCCLUSION.settle_ms + 1000, 9800, **POUT)
    (pout,) = run(trace)[0]
    assert pout.start_ms > 3000 + OCCLUSION.settle_ms
