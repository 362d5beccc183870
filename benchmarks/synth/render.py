"""Frames from a timeline: each seat is a photo placed on its own stage of the canvas and
deformed at every instant by the events active for that seat."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from . import deform, paint
from .face import CHEEKS, INNER_LOWER_LIP, FaceGeometry, image_sign
from .fields import Grid, move_points, rotation_field, warp
from .timeline import Event

FPS = 30
#: How far (in face heights) each stage extends below the visible frame.
BELOW_FRAME = 0.4
#: How far a wink shuts the other eye: real winks squint it hard (its eyeBlink rises 0.2-0.55
#: on the labelled real footage); half shut, a drawn one rises 0.21 on the tuning photos.
WINK_SQUINT = 0.5


def _other_side(side: str | None) -> str:
    return "right" if side == "left" else "left"


@dataclass(frozen=True)
class Placement:
    """Where a seat goes: its stage rectangle in the canvas (x, y, w, h), the face's height in
    pixels and the height of its centre as a fraction of the stage's (centred across)."""

    stage: tuple[int, int, int, int]
    face_height: float
    face_y: float


def build_stage(
    photo: np.ndarray, landmarks: np.ndarray, placement: Placement
) -> tuple[np.ndarray, np.ndarray]:
    """The photo scaled and moved onto the stage as ``placement`` says; where it does not cover
    the stage, its edges continue, defocused, with a neck and shoulders drawn under a head shot.
    The stage reaches ``BELOW_FRAME`` face heights below the frame, so that lifted shoulders
    bring up what was out of sight. Returns the stage image and the landmarks in stage pixels."""
    _, _, width, visible_height = placement.stage
    height = visible_height + int(BELOW_FRAME * placement.face_height)
    photo_h = photo.shape[0]
    face = FaceGeometry(landmarks[:, :2])
    scale = placement.face_height / face.face_height
    offset_x = width / 2 - face.centre[0] * scale
    offset_y = visible_height * placement.face_y - face.centre[1] * scale
    matrix = np.array([[scale, 0.0, offset_x], [0.0, scale, offset_y]], np.float32)
    interpolation = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    stage = cv2.warpAffine(photo, matrix, (width, height), flags=interpolation,
                           borderMode=cv2.BORDER_REPLICATE)  # fmt: skip
    inside = cv2.warpAffine(np.ones(photo.shape[:2], np.float32), matrix, (width, height),
                            flags=cv2.INTER_LINEAR, borderValue=0.0)  # fmt: skip
    points = (landmarks[:, :2] * scale + matrix[:, 2]).astype(np.float32)
    if inside.min() < 1.0:
        inside = cv2.GaussianBlur(cv2.erode(inside, np.ones((5, 5), np.uint8)), (0, 0), 4.0)
        backdrop = cv2.GaussianBlur(stage, (0, 0), max(width, height) / 30.0)
        photo_bottom = offset_y + photo_h * scale
        if photo_bottom < height:
            _draw_body(backdrop, stage, FaceGeometry(points), int(photo_bottom))
        stage = (stage * inside[..., None] + backdrop * (1.0 - inside[..., None])).astype(np.uint8)
    return stage, points


def _draw_body(
    backdrop: np.ndarray, stage: np.ndarray, face: FaceGeometry, photo_bottom: int
) -> None:
    """Neck and shoulders under a head shot that ends above the stage's bottom: clothes in the
    colour the photo's last rows show beside the neck (dark grey if that is the skin's or the
    wall's colour), the neck in the skin's colour."""
    height = face.face_height
    chin = face.landmarks[152]
    cheeks = np.round(face.points(list(CHEEKS))).astype(int)
    skin = np.median(np.stack([stage[y, x] for x, y in cheeks]), axis=0).astype(np.float64)
    row = stage[max(photo_bottom - 3, 0), :].astype(np.float64)
    left, right = int(max(chin[0] - 0.9 * height, 0)), int(chin[0] + 0.9 * height)
    middle_l, middle_r = int(max(chin[0] - 0.3 * height, 0)), int(chin[0] + 0.3 * height)
    beside = np.concatenate([row[left:middle_l], row[middle_r:right]])

    clothes = np.median(beside, axis=0) if len(beside) else np.array([70.0, 70.0, 75.0])
    edge = max(len(row) // 10, 1)
    wall = np.median(np.concatenate([row[:edge], row[-edge:]]), axis=0)
    if min(np.linalg.norm(clothes - skin), np.linalg.norm(clothes - wall)) < 60:
        clothes = np.array([70.0, 70.0, 75.0])
    top = min(photo_bottom - 0.08 * height, chin[1] + 0.3 * height)
    cv2.rectangle(backdrop, (int(chin[0] - 0.22 * height), int(chin[1] - 0.2 * height)),
                  (int(chin[0] + 0.22 * height), int(top + 0.2 * height)),
                  (skin * 0.85).tolist(), -1)  # fmt: skip
    shoulders = (int(chin[0]), int(top + 0.5 * height))
    half_width = int(1.05 * height)
    cv2.ellipse(backdrop, shoulders, (half_width, int(0.5 * height)), 0, 180, 360,
                clothes.tolist(), -1, cv2.LINE_AA)  # fmt: skip
    cv2.rectangle(backdrop, (shoulders[0] - half_width, shoulders[1]),
                  (shoulders[0] + half_width, backdrop.shape[0]), clothes.tolist(), -1)  # fmt: skip
    backdrop[...] = cv2.GaussianBlur(backdrop, (0, 0), 1.5)


class SeatRenderer:
    """Renders one seat's stage at any instant from the events of that seat."""

    def __init__(
        self,
        stage: np.ndarray,
        landmarks: np.ndarray,
        rng: np.random.Generator,
        visible_height: int,
    ) -> None:
        self.stage = stage
        self.visible_height = visible_height
        self.face = FaceGeometry(landmarks)
        self.grid = Grid(*stage.shape[:2])
        self.head_weight = deform.head_weight(self.grid, self.face)
        self._raised_brows: np.ndarray | None = None  # made on the first raise
        self.pivot = self.face.landmarks[152] + np.array(
            [0.0, 0.15 * self.face.face_height], np.float32
        )
        cheeks = np.round(self.face.points(list(CHEEKS))).astype(int)
        self.skin = np.median(
            np.concatenate([stage[y - 3 : y + 4, x - 3 : x + 4].reshape(-1, 3) for x, y in cheeks]),
            axis=0,
        ).astype(np.float32)
        # A slow natural sway: a few incommensurate sines per axis.
        self.sway = [
            (float(rng.uniform(0.08, 0.35)), float(rng.uniform(0, 2 * math.pi))) for _ in range(6)
        ]

    def _sway(self, t_s: float) -> tuple[float, np.ndarray]:
        terms = [math.sin(2 * math.pi * f * t_s + p) for f, p in self.sway]
        degrees = 0.9 * (terms[0] + 0.5 * terms[1])
        shift = (
            0.012
            * self.face.face_height
            * np.array([terms[2] + 0.5 * terms[3], terms[4] + 0.5 * terms[5]])
        )
        return degrees, shift.astype(np.float32)

    def render(self, t_ms: float, events: list[Event]) -> np.ndarray:
        amounts: dict[str, float] = {}
        signs: dict[str, float] = {}
        degrees, shift = self._sway(t_ms / 1000.0)
        light = (1.0, 0.0)
        hand: tuple[float, float] | None = None

        def bump(name: str, value: float, sign: float = 0.0) -> None:
            if value > amounts.get(name, 0.0):
                amounts[name], signs[name] = value, sign

        for event in events:
            level = event.envelope(t_ms)
            if event.kind == "hand" and event.onset_ms <= t_ms < event.finish_ms:
                hand = (event.progress(t_ms), level)
            if level <= 0.0:
                continue
            sign = image_sign(event.side or "")
            kind = event.kind
            if kind == "wink":
                bump(f"eye_{event.side}", level)
                bump(f"eye_{_other_side(event.side)}", WINK_SQUINT * level)
            elif kind in ("eyes_closed", "blink"):
                bump("eye_left", level)
                bump("eye_right", level)
            elif kind == "brows_raised":
                bump("brows", level)
            elif kind == "mouth_twist":
                bump("twist", level, sign)
            elif kind == "pout":
                bump("pout", level)
            elif kind == "tongue_out":
                bump("tongue", level, sign)
                bump("jaw", 0.55 * level)
            elif kind == "lip_bite":
                bump("bite", level, sign)
            elif kind == "head_tilt":
                degrees += sign * event.params["degrees"] * level
            elif kind == "shrug":
                bump("shrug", level, sign)
            elif kind == "head_motion":
                degrees += event.params["degrees"] * level
                shift = shift + level * self.face.face_height * np.array(
                    [event.params["dx"], event.params["dy"]], np.float32
                )
            elif kind == "talking":
                wave = 0.5 + 0.5 * math.sin(
                    2 * math.pi * event.params["hz"] * t_ms / 1000.0 + event.params["phase"]
                )
                bump("jaw", level * event.params["depth"] * wave)
            elif kind == "smile":
                bump("smile", level)
            elif kind == "lighting":
                light = (1.0 + (event.params["gain"] - 1.0) * level, event.params["slope"] * level)
        return self._draw(amounts, signs, degrees, shift, light, hand)

    def _draw(
        self,
        amounts: dict[str, float],
        signs: dict[str, float],
        degrees: float,
        shift: np.ndarray,
        light: tuple[float, float],
        hand: tuple[float, float] | None,
    ) -> np.ndarray:
        grid, face = self.grid, self.face
        field = grid.zeros()
        if "brows" in amounts:
            if self._raised_brows is None:
                self._raised_brows = deform.raised_brows(grid, face, self.head_weight)
            field += amounts["brows"] * self._raised_brows
        if "twist" in amounts:
            deform.twist_mouth(field, grid, face, amounts["twist"], signs["twist"])
        if "pout" in amounts:
            deform.pout(field, grid, face, amounts["pout"])
        if "smile" in amounts:
            deform.smile(field, grid, face, amounts["smile"])
        if "jaw" in amounts:
            deform.open_jaw(field, grid, face, amounts["jaw"])
        if "bite" in amounts:
            deform.roll_lower_lip(field, grid, face, amounts["bite"], signs["bite"])
        if "shrug" in amounts:
            deform.lift_shoulders(field, grid, face, amounts["shrug"], signs["shrug"])
        image = warp(self.stage, grid, field) if amounts else self.stage.copy()
        moved = self._moved(field)
        if amounts.get("jaw", 0.0) > 0.03:
            paint.darken_mouth(image, moved)
        if "tongue" in amounts:
            paint.draw_tongue(image, moved, amounts["tongue"], signs["tongue"])
        if "bite" in amounts:
            paint.show_upper_teeth(image, moved, amounts["bite"], signs["bite"])
        for side in ("left", "right"):
            if f"eye_{side}" in amounts:
                paint.close_eye(image, moved, side, amounts[f"eye_{side}"])
        map_x, map_y = rotation_field(grid, self.pivot, degrees, shift, self.head_weight)
        image = cv2.remap(image, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        image = image[: self.visible_height]
        if light != (1.0, 0.0):
            image = paint.relight(image, *light)
        if hand is not None:
            paint.draw_hand(image, face, hand[0], self.skin)
        return image

    def _moved(self, field: np.ndarray) -> FaceGeometry:
        """The face's landmarks after the warp. The lower inner lip is sampled just below itself,
        so that with closed lips it follows the lower lip rather than the parting line."""
        points = move_points(face_points := self.face.landmarks, field)
        below = np.array([0.0, 0.08 * self.face.mouth_width], np.float32)
        points[INNER_LOWER_LIP] = move_points(face_points[INNER_LOWER_LIP] + below, field) - below
        return FaceGeometry(points)


def truth_document(
    video: str,
    canvas_size: tuple[int, int],
    seats: dict[int, tuple[SeatRenderer, Placement]],
    events: list[Event],
    seed: int,
    photos: list[str],
) -> dict[str, Any]:
    """The NAME.truth.json content (format fixed with the detector and pipeline code)."""
    seat_boxes = {}
    for seat, (renderer, placement) in sorted(seats.items()):
        x, y, w, h = renderer.face.bbox()
        seat_boxes[str(seat)] = {"bbox": [x + placement.stage[0], y + placement.stage[1], w, h]}
    ordered = sorted(events, key=lambda e: (e.onset_ms, e.seat))
    return {
        "video": video,
        "fps": FPS,
        "width": canvas_size[0],
        "height": canvas_size[1],
        "seats": seat_boxes,
        "gestures": [e.truth() for e in ordered if e.is_gesture],
        "distractors": [e.truth() for e in ordered if not e.is_gesture],
        "seed": seed,
        "photos": photos,
    }


def save_truth(path: Path, document: Mapping[str, Any]) -> None:
    path.write_text(json.dumps(document, indent=1) + "\n")
