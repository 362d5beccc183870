"""The shoulders' vertical motion read from the picture beside the neck.

The pose model's shoulder points barely follow a shrug in some views (they seem placed from the
head as much as from the body's outline), so the shrug detector also reads the image itself:
against a resting strip of the same side (vision.measures.shoulder_strips), the part of it below the
chin (the shoulder line, clothes) is looked for in the current strip by normalised
cross-correlation. Where it matches best says how far the shoulders rose in the frame; how well it
matches says whether the strip still shows the same thing moved (a shrug) or something new in it (a
hand passing, hair swinging).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.config.detector_settings import ShrugSettings
from vision.measures.numeric import mean_and_std
from vision.measures.shoulder_strips import ShoulderStrips, Strip


@dataclass(frozen=True, slots=True)
class StripShift:
    """How one side's strip moved since rest, in face sizes."""

    rise: float  # + = up in the frame
    match: float  # best normalised correlation, -1..1
    #: False when the best place is the highest looked at (``strip_max_rise`` or the strip's top):
    #: the rest is not found within reach, as when a hand's forearm fills the strip or the rest
    #: was taken with one in it; the true best may lie beyond, so the rise is no shoulder's.
    within_reach: bool = True
    #: False when another place in reach matches about as well (``strip_tie_margin``): which of
    #: them is the rest cannot be told, so the rise is no reading.
    distinct: bool = True
    #: The rise this strip reads when the body slides sideways, per unit of slide (the rest
    #: template's ``rise_per_slide``): about 0 for a level shoulder line, several for a steep
    #: edge, whose sideways shift looks the same as a shift up or down.
    rise_per_slide: float = 0.0


@dataclass(frozen=True, slots=True)
class RestTemplate:
    """The part of a resting strip below the chin that later strips are searched for, made once
    per rest: its pixels, where they lie in the rest's strip, and the sub-row fit's own offset
    there (``_own_vertex``)."""

    rest: Strip
    pixels: np.ndarray
    first: int  # the rest strip's row and column of the template's top-left pixel
    pad: int
    face_px: float  # the rest's face size
    bias: float
    rise_per_slide: float


def rest_template(
    rest: Strip, rest_chin_y: float, face_px: float, s: ShrugSettings
) -> RestTemplate | None:
    """The template of the resting strip ``rest``; None when it has too little texture to be
    found."""
    per_face = face_px / rest.step  # strip pixels per face size
    first = max(math.ceil(rest.row_of(rest_chin_y + s.strip_template_top * face_px)), 0)
    last = rest.pixels.shape[0] - round(s.strip_max_drop * per_face)
    pad = round(s.strip_template_margin * per_face)
    pixels = rest.pixels[first:last, pad : rest.pixels.shape[1] - pad]
    if pixels.shape[0] < 3 or pixels.shape[1] < 3 or mean_and_std(pixels)[1] < s.strip_min_texture:
        return None
    bias = _own_vertex(rest.pixels, pixels, first, pad)
    return RestTemplate(rest, pixels, first, pad, face_px, bias, rise_per_slide(pixels))


def rise_per_slide(template: np.ndarray) -> float:
    """How far a sideways shift of ``template``'s picture moves where it matches up or down, per
    unit of shift: the least-squares vertical shift that explains a horizontal one from its
    gradients, |sum(gx * gy)| / sum(gy ** 2). A level edge gives 0, an edge 20 degrees off
    vertical 2.7, a vertical one no bound (none of its rise can be told from a slide)."""
    pixels = template.astype(np.float32)
    gx = cv2.Sobel(pixels, cv2.CV_32F, 1, 0, ksize=3)[1:-1, 1:-1]
    gy = cv2.Sobel(pixels, cv2.CV_32F, 0, 1, ksize=3)[1:-1, 1:-1]
    return abs(float((gx * gy).sum())) / max(float((gy * gy).sum()), 1e-6)


def shift_from(current: Strip, resting: RestTemplate, s: ShrugSettings) -> StripShift | None:
    """Where the resting strip's part below the chin lies in ``current``, looked for straight up
    and down from where it would be had nothing moved; None when there is no room to look for
    it. A strip cut from a chin that rose (a jaw read wrongly while the tongue is out) may end
    above where the template lies: its best match then sits at the strip's last row, a rise
    that never happened, and gives no reading.

    The strips are cut on one grid of the image (vision.measures.shoulder_strips), so while the
    face keeps its size that place falls on a strip column and row. Once the size crossed to
    the next grid, the template is scaled to the current strip's and the place falls between
    columns: the scores of the two columns around it are blended. Taking the nearer one instead
    would make a sloping shoulder line jump up or down by a pixel whenever the face drifts
    across a column's middle.
    """
    rest, template, first, pad = resting.rest, resting.pixels, resting.first, resting.pad
    face_px, bias = resting.face_px, resting.bias
    if current.step != rest.step:  # the face's size crossed from one grid to the next
        bias = 0.0
        scale = rest.step / current.step
        size = (round(template.shape[1] * scale), round(template.shape[0] * scale))
        template = cv2.resize(template, size, interpolation=cv2.INTER_LINEAR)
    if current.pixels.shape[0] < template.shape[0] or current.pixels.shape[1] < template.shape[1]:
        return None
    scores = cv2.matchTemplate(current.pixels, template, cv2.TM_CCOEFF_NORMED)
    # Row and column of ``current`` where the template's first pixel would sit had nothing moved.
    still_row = (rest.y0 + first * rest.step - current.y0) / current.step
    still_col = (rest.x0 + pad * rest.step - current.x0) / current.step
    last_col = scores.shape[1] - 1
    if not 0.0 <= still_col <= last_col:
        return None
    left_col = min(int(still_col), max(last_col - 1, 0))
    weight = still_col - left_col
    column = scores[:, left_col] * (1.0 - weight)
    if weight > 0.0:
        column = column + scores[:, left_col + 1] * weight
    current_per_face = face_px / current.step
    up, down = s.strip_max_rise * current_per_face, s.strip_max_drop * current_per_face
    low, high = (
        max(math.ceil(still_row - up), 0),
        min(math.floor(still_row + down), len(column) - 1),
    )
    if low > high:
        return None
    masked = np.full(len(column), -2.0, np.float32)  # rows out of reach
    masked[low : high + 1] = column[low : high + 1]
    row = int(masked.argmax())
    if row == len(column) - 1 and row < still_row + down:
        return None  # the best place is where the strip ends: the template may lie further down
    fine = row + _vertex(masked[row - 1 : row + 2]) - bias if 0 < row < len(column) - 1 else row
    rise = (still_row - fine) * current.step / face_px
    distinct = _runner_up(masked, row, s.strip_tie_rows) < masked[row] - s.strip_tie_margin
    return StripShift(
        rise,
        float(masked[row]),
        within_reach=row > low,
        distinct=distinct,
        rise_per_slide=resting.rise_per_slide,
    )


def _own_vertex(pixels: np.ndarray, template: np.ndarray, row: int, col: int) -> float:
    """Where the sub-row fit places ``template`` in the strip ``pixels`` it was cut from at
    (``row``, ``col``): not always 0, as its matches a row above and below differ (a steep
    jacket edge: 0.4 rows). Taken off every reading, a strip that has not moved reads no rise."""
    rows, columns = template.shape
    if row < 1 or row + rows + 1 > pixels.shape[0]:
        return 0.0
    around = pixels[row - 1 : row + rows + 1, col : col + columns]
    return _vertex(cv2.matchTemplate(around, template, cv2.TM_CCOEFF_NORMED)[:, 0])


def _runner_up(scores: np.ndarray, best: int, apart: int) -> float:
    """The highest local peak of ``scores`` at least ``apart`` rows from ``best`` (-inf: none).

    A peak is at least its neighbours (the ends have one); NaN is none. In plain floats: the
    scores are a few dozen, fewer than NumPy's calls' overhead is worth."""
    values = scores.tolist()
    last = len(values) - 1
    found = -math.inf
    for row in (*range(min(best - apart + 1, last + 1)), *range(max(best + apart, 0), last + 1)):
        value = values[row]
        if (
            value > found
            and (row == 0 or value >= values[row - 1])
            and (row == last or value >= values[row + 1])
        ):
            found = value
    return found


def readable(shift: StripShift, s: ShrugSettings) -> bool:
    """The strip still shows its rest, moved or not, in one place: nothing crossed it."""
    return shift.within_reach and shift.distinct and shift.match >= s.image_broken_match


def _vertex(three: np.ndarray) -> float:
    """Offset of the peak of a parabola through three samples around the middle one."""
    a, b, c = three.tolist()
    curve = a - 2.0 * b + c
    if curve >= 0.0 or min(a, c) < -1.5:
        return 0.0
    offset: float = min(max(0.5 * (a - c) / curve, -0.5), 0.5)
    return offset


@dataclass(frozen=True, slots=True)
class ShoulderLift:
    """Shoulders' and head's rise since rest, in face sizes (+ = up in the frame)."""

    left: StripShift | None
    right: StripShift | None
    face: float  # the head's rise (its temples')
    scale: float  # face size over its resting size: grows when leaning in


class ShoulderRest:
    """One face's resting strips, and each frame's lift against them.

    The rest is taken afresh while nothing moves (``settle``, at most every ``strip_rest_ms``), so
    a slow drift of the body is forgotten and a shrug, which rises within a few hundred ms, is
    measured from just before it. It is taken from the current frame when the strips have been
    unreadable against it for ``strip_rest_lost_ms`` (the player moved, something covered them),
    or when nothing settled for ``strip_rest_stale_ms``, longer than any gesture lasts: what it
    reads then is a new posture. Between rests, readings that drift slowly (the head swaying
    what hangs beside the neck) are followed (``follow``, time constant ``strip_drift_ms``) and
    taken off, so that only a quick rise counts. A reading that jumps faster than any shoulder
    moves (``strip_max_speed``) has found its template in another place that matches about as
    well (a small face's strip, a patterned cloth, a hand coming in): the strips are not read
    until it comes back, and after ``strip_rest_lost_ms`` the rest is taken afresh, so the jump
    is never read as a rise.
    """

    def __init__(self, settings: ShrugSettings) -> None:
        self.settings = settings
        self._rest: ShoulderStrips | None = None
        self._rest_ms = 0
        self._read_ms = 0
        self._drift = np.zeros(3)  # left, right, face
        self._raw: tuple[float, ...] = (0.0, 0.0, 0.0)  # the last rises read (nan: not)
        #: The last rises read clearly (nan: not), left and right.
        self._clear: tuple[float, ...] = (math.nan, math.nan)
        self._anchor: tuple[float, ...] | None = None  # the rises before a jump, until back
        self._last_ms: int | None = None
        self._step_ms = 0  # since the reading before the last
        #: The rest's templates, made when first needed: by (side, grid step).
        self._templates: dict[tuple[int, int], RestTemplate | None] = {}

    def lift(self, strips: ShoulderStrips, ts_ms: int) -> ShoulderLift | None:
        rest, s = self._rest, self.settings
        self._step_ms = 0 if self._last_ms is None else ts_ms - self._last_ms
        self._last_ms = ts_ms
        if (
            rest is None
            or ts_ms - self._read_ms > s.strip_rest_lost_ms
            or ts_ms - self._rest_ms > s.strip_rest_stale_ms
        ):
            self._take(strips, ts_ms)
            return None
        current, resting = strips.compared_with(rest)
        templates = [
            None if then is None else self._template(rest, side, then)
            for side, then in enumerate(resting)
        ]
        shifts = [
            None if now is None or template is None else shift_from(now, template, s)
            for now, template in zip(current, templates, strict=True)
        ]
        face = (rest.head_y - strips.head_y) / rest.face_px
        clearly = [x is not None and readable(x, s) for x in shifts]
        clear = tuple(
            x.rise if x is not None and ok else math.nan
            for x, ok in zip(shifts, clearly, strict=True)
        )
        if self._off_track(clear):
            return None  # not read: the rest is taken afresh if this lasts strip_rest_lost_ms
        if any(clearly):
            self._read_ms = ts_ms
        self._raw = (*(math.nan if x is None else x.rise for x in shifts), face)
        steady = [_less(x, drift) for x, drift in zip(shifts, self._drift[:2], strict=True)]
        return ShoulderLift(
            steady[0], steady[1], face - self._drift[2], strips.face_px / rest.face_px
        )

    def _off_track(self, rises: tuple[float, ...]) -> bool:
        """Whether the strips' clear readings (nan: not read clearly) have jumped away from the
        last ones before: faster than ``strip_max_speed`` between frames under 200 ms apart
        (over a longer gap anything may have happened), and not come back within that of
        where they were since."""
        most = self.settings.strip_max_speed * min(max(self._step_ms, 1), 200) / 1000.0
        if self._anchor is not None:
            if _moved(rises, self._anchor, most):
                return True
            self._anchor = None
        if 0 < self._step_ms <= 200 and _moved(rises, self._clear, most):
            self._anchor = self._clear
            return True
        self._clear = rises
        return False

    def follow(self) -> None:
        """Nothing is under way: let the drift follow the last reading for the time since the
        one before."""
        share = 1.0 - np.exp(-self._step_ms / self.settings.strip_drift_ms)
        drift = self._drift
        for index, raw in enumerate(self._raw):
            if not math.isnan(raw):
                drift[index] += share * (raw - drift[index])

    def settle(self, strips: ShoulderStrips, ts_ms: int) -> None:
        """Nothing is moving: let ``strips`` be the rest if the last one is old enough."""
        if ts_ms - self._rest_ms >= self.settings.strip_rest_ms:
            self._take(strips, ts_ms)

    def _template(self, rest: ShoulderStrips, side: int, strip: Strip) -> RestTemplate | None:
        """The template of ``rest``'s ``strip`` on the player's ``side`` (0 left, 1 right)."""
        key = (side, strip.step)
        if key not in self._templates:
            self._templates[key] = rest_template(strip, rest.chin_y, rest.face_px, self.settings)
        return self._templates[key]

    def _take(self, strips: ShoulderStrips, ts_ms: int) -> None:
        self._rest, self._rest_ms, self._read_ms = strips, ts_ms, ts_ms
        self._templates = {}
        self._drift = np.zeros(3)
        self._raw = (0.0, 0.0, 0.0)
        self._clear = (0.0, 0.0)
        self._anchor = None


def _moved(rises: Sequence[float], before: Sequence[float], most: float) -> bool:
    """Whether a rise read now and before (nan: not read) moved by more than ``most``."""
    return any(abs(now - then) > most for now, then in zip(rises, before, strict=True))


def _less(shift: StripShift | None, drift: float) -> StripShift | None:
    """``shift`` with ``drift`` taken off its rise (``dataclasses.replace`` without its cost)."""
    if shift is None:
        return None
    return StripShift(
        shift.rise - drift, shift.match, shift.within_reach, shift.distinct, shift.rise_per_slide
    )
