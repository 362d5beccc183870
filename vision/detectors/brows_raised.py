"""brows_raised: both brows up, read from the brow blendshapes (inner, outer left, outer right).
A seña lifts the whole brow line, the two outer brows alike, so the weaker outer brow must rise
nearly as much as the stronger (``brows_alike``): MediaPipe reads a one-brow raise so. (It also
reads one real man's silent raises, whose landmarks lift both brows alike, as 0.55 against 0.15
as filmed: this test misses some real both-brow raises, and is no defence against them.) The
blendshapes count only once the brows have also risen above the eye corners: MediaPipe lifts
them on some faces when the eyes close, with the brows still."""

from __future__ import annotations

from collections.abc import Mapping

from vision.config.detector_settings import BrowsRaisedSettings
from vision.detectors.base import KindDetector
from vision.measures.features import FaceFeatures, ramp


class BrowsRaisedDetector(KindDetector[BrowsRaisedSettings]):
    kind = "brows_raised"
    signals = (
        "browInnerUp",
        "browOuterUpLeft",
        "browOuterUpRight",
        "brow_gap_left",
        "brow_gap_right",
    )

    def activation(
        self, delta: Mapping[str, float], features: FaceFeatures, rest: Mapping[str, float]
    ) -> tuple[float, str | None]:
        s = self.settings
        left, right = delta["browOuterUpLeft"], delta["browOuterUpRight"]
        shapes = (delta["browInnerUp"] + left + right) / 3
        alike = min(left, right) / max(left, right, 1e-6)
        gap = (delta["brow_gap_left"] + delta["brow_gap_right"]) / 2
        moved = ramp(gap, s.shapes_need_gap)
        return ramp(shapes, s.brow_up) * ramp(alike, s.brows_alike) * moved, None
