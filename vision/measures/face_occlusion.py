"""Whether something (a hand) is in front of part of the face: grey levels on the skin around the
mouth and on each cheek, read at face-mesh landmarks, and how far their pattern has left the
player's own pattern at rest.

The mouth's own pixels cannot tell: a tongue out or teeth over a bitten lip legitimately change
them. Its surroundings can: under the nose, beside the corners, the chin's sides. The samples sit
on mesh landmarks, which move with the skin (a twist, a pout, an open jaw carry them along), so
each reads the same patch of skin whatever the mouth does; a tongue hanging over the chin covers
only a few of them. A change of light scales and shifts the whole pattern (``now ~ gain * rest +
offset``); a hand replaces it with its own, much flatter one. So the pattern is fitted to the
rest's by least squares, refitted on the best-fitting share of the points (a tongue's or a
moving fold's few points drop out), and the change is the median point's misfit plus the image's
noise, in units of the rest pattern's contrast under that gain: small for the player's own skin
in any light, large when most points stop fitting or the gain collapses (a flat hand).

The eyes' surroundings are measured by vision.measures.eye_appearance; ``region_changes`` reads them
too. Cost: about 0.04 ms a face to measure and 0.05 ms to read all five regions.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate, chain, count, pairwise
from operator import add

import cv2
import numpy as np

from vision.config.detector_settings import OcclusionSettings
from vision.measures.signal_names import numbered
from vision.mediapipe.face_mesh import LEFT_CHEEK_SKIN, MOUTH_SKIN, RIGHT_CHEEK_SKIN, FacePoints

#: Face-mesh landmarks sampled per region (skin only, none on the lips or in the eyes); sides
#: are the player's own (the player's right cheek is on the image's left).
REGIONS: dict[str, tuple[int, ...]] = {
    "mouth": MOUTH_SKIN,
    "cheek_right": RIGHT_CHEEK_SKIN,
    "cheek_left": LEFT_CHEEK_SKIN,
}
#: The signal-name prefix of each region's samples, the eyes' (vision.measures.eye_appearance)
#: included.
SIGNAL_PREFIX = {
    **{region: f"surround_{region}_" for region in REGIONS},
    "eye_left": "eye_surround_left_",
    "eye_right": "eye_surround_right_",
}
_POINTS = np.concatenate([np.array(points) for points in REGIONS.values()])
#: Where each region's samples start and end in _POINTS.
_BOUNDS = [0, *accumulate(len(points) for points in REGIONS.values())]
#: More samples than any region has: their names are made once (samples_of reads on past them).
_NAMED = 64


def _within(values: np.ndarray, end: int) -> np.ndarray:
    """``values`` clipped to 0..``end``: np.clip's result at a fraction of its call's cost."""
    clipped: np.ndarray = np.minimum(np.maximum(values, 0), end)
    return clipped


def box_means(integral: np.ndarray, centres: np.ndarray, radii: np.ndarray) -> np.ndarray:
    """Mean grey of the square of half-side ``radii[i]`` around each centre (clipped to the
    crop whose ``integral`` image this is)."""
    h, w = integral.shape[0] - 1, integral.shape[1] - 1
    # np.rint is the rounding np.round makes to 0 decimals, without its wrapper's cost.
    r = np.maximum(np.rint(radii), 1).astype(int)
    c = np.rint(centres).astype(int)
    x0, x1 = _within(c[:, 0] - r, w), _within(c[:, 0] + r + 1, w)
    y0, y1 = _within(c[:, 1] - r, h), _within(c[:, 1] + r + 1, h)
    area = np.maximum((x1 - x0) * (y1 - y0), 1)
    sums = integral[y1, x1] - integral[y0, x1] - integral[y1, x0] + integral[y0, x0]
    means: np.ndarray = sums / area
    return means


def measure_surroundings(
    image: np.ndarray, mesh: FacePoints, settings: OcclusionSettings
) -> dict[str, tuple[float, ...]]:
    """Grey levels at each region's landmarks of ``image`` (BGR), in one pass over one integral
    image of the lower face; empty when the face is too small or a sample leaves the frame."""
    pts, face_px = mesh.xy, mesh.size
    if face_px < settings.min_face_px:
        return {}
    at = pts[_POINTS]
    r = max(round(settings.window * face_px), 1)
    h, w = image.shape[:2]
    (low_x, low_y), (high_x, high_y) = at.min(axis=0).tolist(), at.max(axis=0).tolist()
    x0, y0 = math.floor(low_x) - r, math.floor(low_y) - r
    x1, y1 = math.ceil(high_x) + r + 1, math.ceil(high_y) + r + 1
    if x0 < 0 or y0 < 0 or x1 > w or y1 > h:
        return {}
    gray = cv2.cvtColor(np.ascontiguousarray(image[y0:y1, x0:x1]), cv2.COLOR_BGR2GRAY)
    integral = cv2.integral(gray, sdepth=cv2.CV_64F)
    greys = box_means(integral, at - (x0, y0), np.full(len(at), float(r))).tolist()
    return {
        region: tuple(greys[start:end])
        for region, (start, end) in zip(REGIONS, pairwise(_BOUNDS), strict=True)
    }


@dataclass(frozen=True)
class _Layout:
    """How ``pattern_changes`` lays out regions of the given sizes, one region a row: made once
    per set of sizes (the same every frame), read-only."""

    sizes: np.ndarray
    valid: np.ndarray  # which cells of each row hold a point
    cells: np.ndarray  # valid as 1.0 and 0.0
    at: np.ndarray  # the misfit's rank read, per row
    rows: np.ndarray  # each row's index, as a column
    #: 1.0 for the ``keep`` first of each row's points by misfit, 0.0 for the others.
    firsts: np.ndarray

    @staticmethod
    @lru_cache(maxsize=64)
    def of(sizes: tuple[int, ...], keep: float, quantile: float) -> _Layout:
        counts = np.array(sizes)
        cells = np.arange(int(counts.max()))[None, :]
        kept = np.maximum(3, (keep * counts).astype(int))
        layout = _Layout(
            sizes=counts,
            valid=cells < counts[:, None],
            cells=(cells < counts[:, None]).astype(float),
            at=np.round(quantile * (counts - 1)).astype(int),
            rows=np.arange(len(sizes))[:, None],
            firsts=(cells < kept[:, None]).astype(float),
        )
        for array in vars(layout).values():
            array.flags.writeable = False
        return layout


def pattern_changes(
    rests: Sequence[Sequence[float]], nows: Sequence[Sequence[float]], settings: OcclusionSettings
) -> np.ndarray:
    """How far each ``nows[i]`` has left the pattern of ``rests[i]`` (grey levels at the same
    points), all regions at once: the ``quantile`` point's misfit after fitting ``now ~ gain *
    rest + offset`` (refitted on the ``keep`` share of points that fit best), plus the image's
    ``noise_grey``, over the rest pattern's spread times the gain: large when most points stop
    fitting, and when the pattern's contrast under the gain sinks to the noise (a flat hand).
    0 for a rest too flat (under ``min_rest_spread``) to tell anything."""
    layout = _Layout.of(tuple(len(r) for r in rests), settings.keep, settings.quantile)
    sizes, valid = layout.sizes, layout.valid
    # The rest (0) and now (1) patterns side by side: the fit reads both alike, at once.
    both = np.zeros((2, *valid.shape))
    both[:, valid] = list(chain.from_iterable(rests)), list(chain.from_iterable(nows))
    gain, misfit, squares = _fit(both, layout.cells, sizes, valid)
    # Fitted on every point first, whose rest offsets' squares make the rest's spread.
    spread = np.sqrt(squares / sizes)
    # Refitted where a point's rank by misfit is under ``keep``: the first ``keep`` in order.
    weight = np.empty(valid.shape)
    weight[layout.rows, np.argsort(misfit, axis=1)] = layout.firsts
    gain, misfit, _ = _fit(both, weight, weight.sum(1), valid)
    chosen = np.sort(misfit, axis=1)[layout.rows[:, 0], layout.at]
    change = (chosen + settings.noise_grey) / (np.maximum(gain, 1e-3) * np.maximum(spread, 1e-9))
    return np.where(spread < settings.min_rest_spread, 0.0, change)


def _fit(
    both: np.ndarray, weight: np.ndarray, kept: np.ndarray, valid: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each row's gain fitting ``now ~ gain * rest + offset`` over the ``kept`` points
    ``weight`` keeps (1.0, others 0.0), ``both`` holding rest and now; every point's misfit (inf
    where ``valid`` has none); and the sum of the kept rest offsets' squares. With weights of 0
    and 1, ``(weight * r) * r`` is ``weight * r**2`` bit for bit."""
    means = (weight * both).sum(2) / kept
    offsets = both - means[..., None]
    products = (weight * offsets[0] * offsets).sum(2)
    gain = products[1] / np.maximum(products[0], 1e-9)
    misfit = np.where(valid, np.abs(offsets[1] - gain[:, None] * offsets[0]), np.inf)
    return gain, misfit, products[0]


def pattern_change(rest: np.ndarray, now: np.ndarray, settings: OcclusionSettings) -> float:
    """``pattern_changes`` of one region."""
    return float(pattern_changes([rest.tolist()], [now.tolist()], settings)[0])


def samples_of(
    delta: Mapping[str, float], rest: Mapping[str, float], region: str
) -> tuple[list[float], list[float]] | None:
    """A region's (keys of SIGNAL_PREFIX) grey levels at rest and now, from the seat's baseline
    and its change; None when it was not measured at rest or is not now."""
    prefix = SIGNAL_PREFIX[region]
    names = chain(numbered(prefix, _NAMED), (f"{prefix}{index}" for index in count(_NAMED)))
    at_rest: list[float] = []
    for value in map(rest.get, names):
        if value is None:
            break
        at_rest.append(value)
    if not at_rest:
        return None
    try:
        change = [delta[name] for name in numbered(prefix, len(at_rest))]
    except KeyError:
        return None
    return at_rest, list(map(add, at_rest, change))


def region_changes(
    delta: Mapping[str, float],
    rest: Mapping[str, float],
    regions: Sequence[str],
    settings: OcclusionSettings,
) -> dict[str, float]:
    """``pattern_changes`` of each region (keys of SIGNAL_PREFIX) between the player's rest and
    now, from the seat's baseline; 0 for a region not measured now or at rest."""
    changes = dict.fromkeys(regions, 0.0)
    measured, rests, nows = [], [], []
    for region in regions:
        found = samples_of(delta, rest, region)
        if found is None or len(found[0]) < 3:
            continue
        measured.append(region)
        rests.append(found[0])
        nows.append(found[1])
    if measured:
        found = pattern_changes(rests, nows, settings).tolist()
        changes.update(zip(measured, found, strict=True))
    return changes
