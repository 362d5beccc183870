"""The image cue for shrugs on drawn frames: strips beside the neck raised by a known number of
pixels, one side only, a moving chin, a hand passing, a whole body rising, shoulders out of view."""

from dataclasses import replace
from functools import cache

import cv2
import numpy as np
import pytest

from tests.vision.feature_traces import Trace, labels
from tests.vision.test_detectors_speech import talking
from vision.config.detector_settings import default_detector_settings
from vision.detectors import SeatGestureDetector
from vision.measures.shoulder_motion import (
    ShoulderRest,
    StripShift,
    readable,
    rest_template,
    rise_per_slide,
    shift_from,
)
from vision.measures.shoulder_strips import Strip, measure_strips, strip_bounds
from vision.mediapipe.face_mesh import FacePoints

SETTINGS = default_detector_settings().gestures.shrug
FACE_PX = 80.0
CHIN = (320.0, 300.0)
#: Half a strip pixel, in face sizes: what sub-pixel matching must get within.
TOLERANCE = 0.5 / SETTINGS.strip_px_per_face


def face_at(
    dy: float = 0.0,
    chin_drop: float = 0.0,
    dx: float = 0.0,
    eyes_closed: bool = False,
    size: float = FACE_PX,
) -> FacePoints:
    """Landmarks with what the strips read: the outer eye corners (the player's left eye on the
    image's right), the temples and the chin; ``dy`` moves the head down, ``dx`` right,
    ``chin_drop`` the chin alone, ``size`` the face size the temples give. Closed eyes move the
    eye corners as MediaPipe does on the generated faces' most affected: 6 % apart and 0.03 face
    sizes down."""
    landmarks = np.zeros((478, 3), np.float32)
    eye_x, eye_y = size / 2, CHIN[1] - 90 + dy
    if eyes_closed:
        eye_x, eye_y = 1.06 * eye_x, eye_y + 0.03 * size
    landmarks[33, :2] = (CHIN[0] - eye_x + dx, eye_y)
    landmarks[263, :2] = (CHIN[0] + eye_x + dx, eye_y)
    temple_x = size / 2 / SETTINGS.face_per_temples
    landmarks[127, :2] = (CHIN[0] - temple_x + dx, CHIN[1] - 85 + dy)
    landmarks[356, :2] = (CHIN[0] + temple_x + dx, CHIN[1] - 85 + dy)
    landmarks[152, :2] = (CHIN[0] + dx, CHIN[1] + dy + chin_drop)
    return FacePoints.of(landmarks)


def drawn_once(draw):
    """``draw`` cached by its arguments, its pictures read-only: a trace asks for the same
    picture at every frame of a rest, and drawing one takes longer than reading its strips."""

    @cache
    def drawn(*args, **kwargs) -> np.ndarray:
        image = draw(*args, **kwargs)
        image.flags.writeable = False
        return image

    return drawn


@drawn_once
def frame(
    left: float = 0.0,
    right: float = 0.0,
    body_top: float = 330.0,
    hand_x: float | None = None,
) -> np.ndarray:
    """Grey wall, a dark torso with light stripes whose top slopes down away from the neck; the
    player's left (image right) shoulder raised by ``left`` pixels, the right by ``right``; an
    open hand with its forearm at column ``hand_x``."""
    height, width = 480, 640
    x = np.arange(width, dtype=np.float32)
    lift = np.where(x >= CHIN[0], left, right)
    top = body_top + np.abs(x - CHIN[0]) / 8 - lift
    rows = np.arange(height, dtype=np.float32)[:, None]
    grey = np.where(rows >= top, np.where((rows - top) % 24 < 4, 140.0, 60.0), 200.0)
    image = np.repeat(np.clip(grey, 0, 255).astype(np.uint8)[..., None], 3, axis=2)
    if hand_x is not None:
        skin = (120, 150, 205)
        cv2.ellipse(image, (int(hand_x), 300), (30, 38), 0, 0, 360, skin, -1)
        cv2.line(image, (int(hand_x), 300), (int(hand_x) + 20, 479), skin, int(0.7 * FACE_PX))
    return image


def strip_shift(
    current: Strip, rest: Strip, rest_chin_y: float, face_px: float, s=SETTINGS
) -> StripShift | None:
    """How ``current`` moved since the resting strip ``rest``, its template made for this one
    comparison (ShoulderRest keeps one per rest)."""
    template = rest_template(rest, rest_chin_y, face_px, s)
    return None if template is None else shift_from(current, template, s)


def shift_of(image: np.ndarray, mesh: FacePoints | None = None, plain_frame_rest: bool = False):
    rest = measure_strips(plain_frame() if plain_frame_rest else frame(), face_at(), SETTINGS)
    now = measure_strips(image, face_at() if mesh is None else mesh, SETTINGS)
    return [
        strip_shift(a, b, rest.chin_y, rest.face_px, SETTINGS)
        for a, b in ((now.left, rest.left), (now.right, rest.right))
    ]


@pytest.mark.parametrize("pixels", [3, 6, 12])
def test_shoulders_raised_by_k_pixels_read_k_pixels(pixels):
    left, right = shift_of(frame(left=pixels, right=pixels))
    assert left.rise == pytest.approx(pixels / FACE_PX, abs=TOLERANCE)
    assert right.rise == pytest.approx(pixels / FACE_PX, abs=TOLERANCE)
    assert min(left.match, right.match) > SETTINGS.image_sharp_match


def plain_frame(lift: float = 0.0) -> np.ndarray:
    """A plain shirt against a wall a few grey levels lighter, its top (the only thing to read)
    just below the chin, both shoulders raised by ``lift`` pixels."""
    x = np.arange(640, dtype=np.float32)
    top = 314.0 + np.abs(x - CHIN[0]) / 16 - lift
    rows = np.arange(480, dtype=np.float32)[:, None]
    grey = np.where(rows >= top, 70, 76).astype(np.uint8)
    return np.repeat(grey[..., None], 3, axis=2)


def test_a_faint_shoulder_line_over_a_plain_shirt_is_still_read():
    rest = measure_strips(plain_frame(), face_at(), SETTINGS)
    now = measure_strips(plain_frame(lift=6.0), face_at(), SETTINGS)
    for a, b in ((now.left, rest.left), (now.right, rest.right)):
        shift = strip_shift(a, b, rest.chin_y, rest.face_px, SETTINGS)
        assert shift is not None and shift.rise == pytest.approx(6 / FACE_PX, abs=TOLERANCE)


def test_still_shoulders_read_no_rise():
    left, right = shift_of(frame())
    assert abs(left.rise) < 0.01 and abs(right.rise) < 0.01


def test_one_raised_shoulder_moves_only_the_strip_on_the_players_own_side():
    left, right = shift_of(frame(left=8))  # the player's left is the image's right
    assert left.rise == pytest.approx(8 / FACE_PX, abs=TOLERANCE)
    assert abs(right.rise) < 0.01


def test_a_dropping_chin_moves_the_strips_window_but_not_the_reading():
    left, right = shift_of(frame(), face_at(chin_drop=10.0))  # speech opens the jaw
    assert abs(left.rise) < 0.01 and abs(right.rise) < 0.01


@drawn_once
def jacket(bend: float, size: float = FACE_PX) -> np.ndarray:
    """A dark jacket against a light wall and no shoulder line in the strips: only its edge,
    near vertical under the jaw and bending outwards by ``bend`` face sizes further down (a
    player turned to the camera, as the generated held-out face whose head's sway read as
    rises of 0.05)."""
    y, x = np.mgrid[0:480, 0:640].astype(np.float32)
    below = np.clip((y - CHIN[1]) / size, 0.0, None)
    inside = np.abs(x - CHIN[0]) < size * (1.0 + bend * np.sqrt(below))
    grey = cv2.GaussianBlur(np.where(inside, 35.0, 215.0), (0, 0), 1.5)
    return np.repeat(grey.astype(np.uint8)[..., None], 3, axis=2)


@pytest.mark.parametrize("bend", [0.2, 1.0])
def test_a_head_swaying_over_a_still_jacket_edge_reads_no_rise(bend):
    image = jacket(bend)
    rest = measure_strips(image, face_at(), SETTINGS)
    rises = [
        strip_shift(now, then, rest.chin_y, rest.face_px, SETTINGS).rise
        for dx in np.arange(-4.0, 4.5, 0.5)
        for dy in (-2.0, -0.5, 1.0)
        for strips in [measure_strips(image, face_at(dx=dx, dy=dy), SETTINGS)]
        for now, then in ((strips.left, rest.left), (strips.right, rest.right))
    ]
    assert len(rises) == 2 * 17 * 3
    assert max(abs(r) for r in rises) < 0.005


def test_a_face_whose_size_hovers_between_two_grids_reads_no_rise():
    # 3.5 image pixels a strip pixel: the nearest grid flips between 3 and 4 pixels a cell as
    # the face's size wobbles (the DoD face at 100 px read +0.156 so on the flip's frames).
    boundary = 3.5 * SETTINGS.strip_px_per_face
    image = jacket(0.4, boundary)
    rest = measure_strips(image, face_at(size=boundary - 0.4), SETTINGS)
    for size in (boundary - 0.8, boundary + 0.4, boundary + 1.2):
        strips = measure_strips(image, face_at(size=size), SETTINGS)
        assert strips.step != rest.step or size < boundary
        for now, then in zip(*strips.compared_with(rest), strict=True):
            shift = strip_shift(now, then, rest.chin_y, rest.face_px, SETTINGS)
            assert abs(shift.rise) < 0.005


def test_closing_the_eyes_leaves_still_shoulders_still():
    # The eye corners move apart and down when the eyes close: strips sized by them would come
    # out smaller and read the shoulder line as risen, and towards an eye line that dropped.
    left, right = shift_of(frame(), face_at(eyes_closed=True))
    assert abs(left.rise) < TOLERANCE and abs(right.rise) < TOLERANCE


def test_eyes_closed_over_still_shoulders_are_not_a_shrug():
    def look(ts):
        return frame(), face_at(eyes_closed=during(ts))

    assert run_drawn(drawn_trace(5000, look)) == []


def test_a_chin_read_higher_than_the_template_reaches_makes_no_rise():
    # A jaw misread (the tongue out) moves the chin up: the strip cut from it ends above where
    # the resting template lies, and its last row must not pass for a rise.
    for shift in shift_of(frame(), face_at(chin_drop=-16.0)):
        assert shift is None or abs(shift.rise) < 0.01


def test_a_strip_that_matches_several_places_alike_is_unreadable():
    # Level stripes four strip rows apart filling the strip, nothing else in it: a rise of one
    # stripe and none look the same.
    rows = np.arange(480)[:, None, None]
    stripes = np.broadcast_to(np.where(rows % 20 < 10, 150, 60), (480, 640, 3)).astype(np.uint8)
    rest = measure_strips(stripes, face_at(), SETTINGS)
    for a, b in ((rest.left, rest.left), (rest.right, rest.right)):
        shift = strip_shift(a, b, rest.chin_y, rest.face_px, SETTINGS)
        assert shift is not None and not shift.distinct and not readable(shift, SETTINGS)
    for shift in shift_of(frame(left=8)):  # the shoulders' line tells one place from another
        assert shift.distinct and readable(shift, SETTINGS)


def test_a_hand_in_a_strip_makes_it_unreadable():
    # The forearm hides the shoulder line: the rest is not found at all, or only where the
    # search ends (a stripe of the torso above matched to the one below), never as a rise.
    left, right = shift_of(frame(hand_x=CHIN[0] + 1.1 * FACE_PX))
    assert not readable(left, SETTINGS)
    assert readable(right, SETTINGS)


def test_shoulders_below_the_frame_give_no_strip_to_read():
    rest = ShoulderRest(SETTINGS)
    high_chin = face_at(dy=160.0)  # the chin 20 px above the bottom: nothing below it is seen
    strips = measure_strips(frame(body_top=600.0), high_chin, SETTINGS)
    assert rest.lift(strips, 0) is None  # the first frame is the rest
    lift = rest.lift(strips, 33)
    assert lift is None or (lift.left is None and lift.right is None)


def drawn_trace(
    duration_ms: int, look, face_px: float = FACE_PX, face: Trace | None = None
) -> list:
    """A feature trace (neutral, or ``face``'s) whose strips are cut from ``look(ts) -> (image,
    face points)``; ``face_px``: the eye corners' distance the features report."""
    face = Trace(duration_ms, pose_every=0) if face is None else face
    return [
        (
            ts,
            replace(
                f,
                face_px=face_px,
                shoulders=None,
                shoulder_strips=measure_strips(*look(ts), SETTINGS),
            ),
        )
        for ts, f in face.frames()
    ]


def run_drawn(frames) -> list:
    detector = SeatGestureDetector(1, default_detector_settings())
    found = [g for ts, f in frames for g in detector.update(ts, f)]
    return found + detector.flush(frames[-1][0])


def during(ts: int, start: int = 3000, end: int = 3800) -> bool:
    return start <= ts < end


@pytest.mark.parametrize(
    "left, right, label", [(8, 8, "shrug both"), (8, 0, "shrug left"), (0, 8, "shrug right")]
)
def test_shoulders_raised_in_the_picture_are_a_shrug_with_its_side(left, right, label):
    def look(ts):
        up = during(ts)
        return frame(left=left * up, right=right * up), face_at()

    assert labels(run_drawn(drawn_trace(5000, look))) == [label]


@pytest.mark.parametrize("face_px, found", [(FACE_PX, ["shrug both"]), (22.0, [])])
def test_a_rise_of_a_pixel_or_two_is_no_shrug(face_px, found):
    # 0.1 face sizes is a clear shrug on a face whose eyes are 80 px apart, and 2.2 px, the
    # template match's own wobble, on one whose eyes are 22 px apart (a 60 px face at a table).
    def look(ts):
        up = during(ts)
        return frame(left=8 * up, right=8 * up), face_at()

    assert labels(run_drawn(drawn_trace(5000, look, face_px))) == found


def test_shoulders_rising_a_sixteenth_of_a_face_are_no_shrug():
    # A seña lifts the shoulders half a face or more; a real talker's shoulders, still
    # between words, rose 0.067 face sizes for half a second (bob.io.video's test clip).
    def look(ts):
        up = during(ts, 3000, 3700)
        return frame(left=5 * up, right=5 * up), face_at()

    assert labels(run_drawn(drawn_trace(5000, look))) == []


def test_both_shoulders_raised_unequally_are_a_shrug_both():
    # One strip may read half the other's rise (less of its template on the shoulder): still
    # both, since the still side of a one-sided shrug reads about nothing.
    def look(ts):
        up = during(ts)
        return frame(left=12 * up, right=6 * up), face_at()

    assert labels(run_drawn(drawn_trace(5000, look))) == ["shrug both"]


@pytest.mark.parametrize("off_vertical_deg, expected", [(90.0, 0.0), (45.0, 1.0), (20.0, 2.75)])
def test_a_templates_rise_per_slide_is_how_steep_its_edge_is(off_vertical_deg, expected):
    # An edge whose normal lies off_vertical_deg from the horizontal: shifted sideways by d,
    # it matches best shifted up or down by d / tan(angle).
    y, x = np.mgrid[0:40, 0:40].astype(np.float32)
    normal = np.deg2rad(off_vertical_deg)
    across = (x - 19.5) * np.cos(normal) + (y - 19.5) * np.sin(normal)
    edge = cv2.GaussianBlur(np.where(across > 0, 200.0, 50.0).astype(np.float32), (0, 0), 1.5)
    assert rise_per_slide(edge) == pytest.approx(expected, rel=0.05, abs=0.02)


@drawn_once
def half_jacket(slide: float = 0.0, lift: float = 0.0) -> np.ndarray:
    """A player turned to the camera: on the player's right (image left) a striped shoulder, on
    the left only a jacket's near-vertical edge; the body slid ``slide`` pixels right and its
    jacket side raised ``lift`` pixels, the head where it was."""
    image = frame().copy()
    image[:, int(CHIN[0]) :] = jacket(0.2)[:, int(CHIN[0]) :]
    slid = cv2.warpAffine(image, np.float32([[1, 0, slide], [0, 1, 0]]), (640, 480),
                          borderMode=cv2.BORDER_REPLICATE)  # fmt: skip
    raised = cv2.warpAffine(slid, np.float32([[1, 0, 0], [0, 1, -lift]]), (640, 480),
                            borderMode=cv2.BORDER_REPLICATE)  # fmt: skip
    slid[:, int(CHIN[0]) :] = raised[:, int(CHIN[0]) :]
    return slid


@pytest.mark.parametrize("slide", [2.0, 3.0, -3.0])
def test_a_body_sliding_sideways_beside_a_steep_jacket_edge_is_no_shrug(slide):
    # Sideways, the edge's match moves up or down several times as far (a 2 px slide read
    # +0.124 face sizes there), while the striped side reads nothing: a one-sided "shrug".
    def look(ts):
        return half_jacket(slide * during(ts)), face_at()

    assert labels(run_drawn(drawn_trace(5000, look))) == []


def test_a_shoulder_rising_beside_a_steep_jacket_edge_is_still_a_shrug():
    # Half a face in a quarter of a second: a seña's rise, past what a slide could explain.
    def look(ts):
        return half_jacket(lift=40.0 * min((ts - 3000) / 250, 1.0) * during(ts)), face_at()

    assert labels(run_drawn(drawn_trace(5000, look))) == ["shrug left"]


def test_one_shoulder_lifted_for_under_half_a_second_while_talking_is_not_a_shrug():
    # A real talker's left shoulder rose with a word for 0.37 s; a seña is held.
    def look(ts):
        return frame(left=8 * during(ts, 3000, 3350)), face_at()

    assert run_drawn(drawn_trace(5000, look)) == []


@pytest.mark.parametrize("then_lifted, found", [(0, []), (8, ["shrug left"])])
def test_a_shoulder_raised_while_talking_is_where_it_rests_once_the_talking_stops(
    then_lifted, found
):
    # A real talker's shoulder rose with a word and stayed up; when she stopped talking, she
    # straightened a little and it read as a shrug against the rest from before the word. Only
    # a quick rise from where it rests then is one (2 s after the last word: past speech_hold_ms).
    def look(ts):
        raised = 8 * during(ts, 4000, 10000) + then_lifted * during(ts, 8000, 8800)
        return frame(left=raised), face_at()

    words = talking(Trace(10000, pose_every=0), 3800, 6000)
    assert labels(run_drawn(drawn_trace(10000, look, face=words))) == found


def test_a_torso_leaning_sideways_lifting_one_shoulder_and_lowering_the_other_is_not_a_shrug():
    # A real talker leaning: one strip rose 0.11 of the face, the other dropped 0.075.
    def look(ts):
        up = during(ts)
        return frame(left=8 * up, right=-6 * up), face_at()

    assert run_drawn(drawn_trace(5000, look)) == []


def test_a_hand_passing_in_front_of_the_shoulders_is_not_a_shrug():
    def look(ts):
        x = CHIN[0] - 200 + (ts - 3000) * 0.4 if during(ts, 3000, 4000) else None
        return frame(hand_x=x), face_at()

    assert run_drawn(drawn_trace(5000, look)) == []


def test_the_whole_body_rising_is_not_a_shrug():
    def look(ts):
        up = 8 * during(ts)
        return frame(left=up, right=up), face_at(dy=-up)

    assert run_drawn(drawn_trace(5000, look)) == []


def test_one_shoulder_out_of_the_frame_gives_no_shrug_rather_than_a_guessed_side():
    def look(ts):
        up = 8 * during(ts)
        return frame(left=up, right=up), face_at(dx=-260.0)  # the right strip is cut off

    assert measure_strips(*look(0), SETTINGS).right is None
    assert run_drawn(drawn_trace(5000, look)) == []


def noisy(image: np.ndarray, ts: int, sigma: float = 60.0) -> np.ndarray:
    """``image`` under blotches of noise that change every frame: strips that match their rest
    only roughly (correlation about 0.7)."""
    rng = np.random.default_rng(ts)
    blotches = np.kron(rng.normal(0.0, sigma, (81, 107)), np.ones((6, 6)))[:480, :640]
    return np.clip(image + blotches[..., None], 0, 255).astype(np.uint8)


def test_a_clear_rise_counts_where_the_strips_match_their_rest_only_roughly():
    def look(ts):
        up = 12 * during(ts)
        return noisy(frame(left=up, right=up), ts), face_at()

    left, right = shift_of(noisy(frame(left=12, right=12), 0))
    assert SETTINGS.image_broken_match < min(left.match, right.match) < SETTINGS.image_sharp_match
    assert labels(run_drawn(drawn_trace(5000, look))) == ["shrug both"]


def test_a_both_shrug_whose_one_strip_matches_roughly_stays_both():
    # The rough side's reading is imprecise, which keeps it from starting a shrug, not from
    # telling that its shoulder rose with the other.
    def look(ts):
        up = during(ts)
        image = frame(left=12 * up, right=5 * up).copy()
        rough = noisy(image, ts, sigma=75.0)
        image[:, : int(CHIN[0])] = rough[:, : int(CHIN[0])]  # the player's right: the image's left
        return image, face_at()

    _, right = shift_of(look(3500)[0])
    assert SETTINGS.image_broken_match < right.match < SETTINGS.image_sharp_match - 0.1
    assert labels(run_drawn(drawn_trace(5000, look))) == ["shrug both"]


def test_a_rest_found_only_at_the_top_of_the_reach_is_not_read_as_a_rise():
    # Where the rest's shoulder line lies beyond ``strip_max_rise`` (as when the rest was taken
    # with a forearm in the strip), the best place looked at is the highest: no rise at all.
    beyond = 1.2 * SETTINGS.strip_max_rise * FACE_PX
    for shift in shift_of(plain_frame(lift=beyond), plain_frame_rest=True):
        assert shift is not None and not shift.within_reach
    within = 0.8 * SETTINGS.strip_max_rise * FACE_PX
    for shift in shift_of(plain_frame(lift=within), plain_frame_rest=True):
        assert shift.within_reach and shift.rise == pytest.approx(within / FACE_PX, abs=0.02)


def test_shoulders_beyond_the_reach_are_not_a_shrug():
    def look(ts):
        return plain_frame(lift=1.2 * SETTINGS.strip_max_rise * FACE_PX * during(ts)), face_at()

    assert run_drawn(drawn_trace(5000, look)) == []


POSE_LIFT = {"gap_left": -0.15, "gap_right": -0.15, "height_left": -0.15, "height_right": -0.15}


def pose_offset_then_unreadable_strips(duration_ms: int, rise_at: int | None = None) -> list:
    """The pose reads both shoulders 0.15 shoulder widths higher from 2.5 s on and keeps doing
    so (its rest taken while it misread them), while the strips show still shoulders; from 5 s
    the strips can no longer be read (the face moved down, its shoulders below the frame) and the
    pose decides.
    ``rise_at``: a quick real shrug in the pose, 0.8 s long, on top of the offset."""
    below = frame(body_top=600.0), face_at(dy=160.0)  # the chin near the frame's bottom
    trace = Trace(duration_ms).add(2500, duration_ms + 1000, ramp_ms=150, **POSE_LIFT)
    if rise_at is not None:
        trace.add(rise_at, rise_at + 800, ramp_ms=120, **POSE_LIFT)
    return [
        (ts, replace(f, shoulder_strips=measure_strips(
            *((frame(), face_at()) if ts < 5000 else below), SETTINGS)))
        for ts, f in trace.frames()
    ]  # fmt: skip


def test_a_pose_offset_kept_while_the_picture_decided_is_no_shrug_when_the_pose_takes_over():
    # (7.5 s: an offset read as a rise from 5 s on would end within max_ms, as a shrug)
    assert run_drawn(pose_offset_then_unreadable_strips(7500)) == []


def test_a_quick_rise_in_the_pose_is_still_a_shrug_after_the_picture_was_lost():
    assert labels(run_drawn(pose_offset_then_unreadable_strips(9000, rise_at=7000))) == [
        "shrug both"
    ]


def test_the_pose_is_wanted_only_while_the_picture_beside_the_neck_cannot_be_read():
    detector = SeatGestureDetector(1, default_detector_settings())
    wanted = {}
    for ts, f in pose_offset_then_unreadable_strips(9000):
        detector.update(ts, f)
        wanted[ts] = detector.wants_pose
    calibrated = [ts for ts in wanted if 4000 <= ts < 5000]
    assert not any(wanted[ts] for ts in calibrated)  # the strips read: no pose needed
    assert all(wanted[ts] for ts in wanted if ts >= 5000)  # the shoulders left the frame


def without_poses_while_the_picture_reads(frames: list) -> list:
    """``frames`` as the pipeline delivers them once the pose model runs only on demand: no
    pose between calibration (3 s) and the strips becoming unreadable (5 s)."""
    return [(ts, replace(f, shoulders=None) if 3000 <= ts < 5000 else f) for ts, f in frames]


def test_a_pose_that_resumes_with_an_offset_is_no_shrug_but_a_quick_rise_after_it_is():
    assert run_drawn(without_poses_while_the_picture_reads(
        pose_offset_then_unreadable_strips(7500))) == []  # fmt: skip
    rise = without_poses_while_the_picture_reads(
        pose_offset_then_unreadable_strips(9000, rise_at=7000)
    )
    assert labels(run_drawn(rise)) == ["shrug both"]


@pytest.mark.parametrize("rise_ms, found", [(0, []), (250, ["shrug both"])])
def test_a_strip_reading_that_jumps_faster_than_a_shoulder_moves_is_no_shrug(rise_ms, found):
    # FG-net franck shrunk to 60 px: the right strip's template matched 0.49 face sizes higher
    # from one frame to the next (12 face sizes a second) and back, about as well (0.74).
    # Here 30 px on a face 80 px across in one frame: 11 face sizes a second. Shoulders rising as
    # far within a quarter of a second are a shrug.
    def look(ts):
        up = min(max((ts - 3000) / rise_ms, 0.0), 1.0) if rise_ms else float(ts >= 3000)
        up *= during(ts, 3000, 3900)
        return frame(left=30 * up, right=30 * up), face_at()

    assert labels(run_drawn(drawn_trace(5000, look))) == found


def test_a_seat_framed_to_the_collar_says_a_shrug_cannot_be_seen():
    settings = default_detector_settings()
    hold = settings.gestures.shrug.view_hold_ms
    detector = SeatGestureDetector(1, settings)
    in_view = {}
    for ts, f in Trace(hold + 1000, pose_every=0).frames():  # no strips and no pose's shoulders
        detector.update(ts, f)
        in_view[ts] = detector.shoulders_in_view
    assert all(seen for ts, seen in in_view.items() if ts < hold - 50)  # not said at once
    assert not in_view[max(in_view)]

    back = max(in_view) + 33  # the player sits back: the pose finds both shoulders
    for ts, f in Trace(300, pose_every=3).frames():
        detector.update(back + ts, replace(f, ts_ms=back + ts))
    assert detector.shoulders_in_view


def test_shoulders_seen_by_the_strips_alone_are_in_view():
    look = lambda ts: (frame(), face_at())  # noqa: E731
    detector = SeatGestureDetector(1, default_detector_settings())
    for ts, f in drawn_trace(4000, look):
        detector.update(ts, f)
    assert detector.shoulders_in_view


def test_neighbours_strips_end_where_the_gap_between_them_splits_by_size():
    left, right = face_at(dx=-150), face_at(dx=90, size=1.5 * FACE_PX)
    across = face_at(dx=-30, dy=-400)  # further up: its strips lie at other heights
    (a, b, c) = strip_bounds([left, right, across], SETTINGS)
    split = (CHIN[0] - 150) + 240 * FACE_PX / (FACE_PX + 1.5 * FACE_PX)
    assert a == (-np.inf, pytest.approx(split)) and b == (pytest.approx(split), np.inf)
    assert c is None
    assert strip_bounds([face_at()], SETTINGS) == [None]


def two_players(lift_right_of_neighbour: float) -> np.ndarray:
    """Two players whose chins are 200 px apart: the one on the left turned so that nothing of
    his own body lies in his strips' rows, the one on the right in a striped jumper, her right
    shoulder (the image's left) raised by ``lift_right_of_neighbour`` pixels. Each body ends
    midway between the chins."""
    x = np.arange(640, dtype=np.float32)
    mine = x < CHIN[0]
    centre = np.where(mine, CHIN[0] - 100, CHIN[0] + 100)
    top = (
        330.0
        + np.abs(x - centre) / 8
        - np.where(~mine & (x < CHIN[0] + 100), 1.0, 0.0) * (lift_right_of_neighbour)
    )
    rows = np.arange(480, dtype=np.float32)[:, None]
    striped = np.where((rows - top) % 24 < 4, 140.0, 60.0)
    grey = np.where(
        mine, np.where(rows >= top + 60, 120.0, 200.0), np.where(rows >= top, striped, 200.0)
    )
    return np.repeat(grey.astype(np.uint8)[..., None], 3, axis=2)


def test_a_neighbours_shrug_is_not_read_beside_ones_own_neck():
    """Cut to the full width, the left player's strip towards her holds her shoulder, and her
    shrug reads as his (the sample table clip's seat 4, beside seat 3's shrug); cut within
    their bounds, it holds nothing of hers."""
    him, her = face_at(dx=-100), face_at(dx=100)
    bounds = strip_bounds([him, her], SETTINGS)[0]

    def rise(beside):
        rest = measure_strips(two_players(0.0), him, SETTINGS, beside)
        now = measure_strips(two_players(40.0), him, SETTINGS, beside)
        shift = strip_shift(now.left, rest.left, rest.chin_y, rest.face_px, SETTINGS)
        return 0.0 if shift is None else shift.rise

    assert rise(None) > 0.3  # her 40 px, half a face size, read in his strip
    assert abs(rise(bounds)) < TOLERANCE
