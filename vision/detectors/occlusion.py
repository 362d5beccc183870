"""How far something hides each part of the face, now or within ``hold_ms`` (a hand passing in
front of the face throws MediaPipe's whole mesh off a few frames before it covers a part, and
for a few frames after it leaves), for the kinds whose settings name those parts in
``occluded_by``: it lowers their quality, so they give no gesture rather than a false one.

A region that looks changed for longer than ``settle_ms`` (longer than any gesture) has a new
rest, as a gesture held past its ``max_ms`` does: a baseline calibrated with a hand over the
mouth, or a new posture. Its samples' present values then become their resting values (the
baseline does not adapt while a kind is unusable, so it would never follow them)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from vision.config.detector_settings import OcclusionSettings
from vision.measures.face_occlusion import region_changes
from vision.measures.features import ramp
from vision.measures.recent_peak import RecentPeak

#: The head's turn, tilt and nod: how far they moved from rest relights the skin.
_HEAD_ANGLES = ("head_yaw_deg", "head_roll_deg", "head_pitch_deg")


class HiddenRegions:
    """The held hidden-ness (0..1, the ``hidden`` ramp of each region's pattern change) of the
    regions some kind names, updated once a frame."""

    def __init__(self, settings: OcclusionSettings, regions: Iterable[str]) -> None:
        self.settings = settings
        self._regions = sorted(set(regions))
        self._recent = {r: RecentPeak(settings.hold_ms) for r in self._regions}
        self._changed_since: dict[str, int | None] = dict.fromkeys(self._regions)
        self._held: dict[str, float] = dict.fromkeys(self._regions, 0.0)

    def update(self, ts_ms: int, delta: Mapping[str, float], rest: Mapping[str, float]) -> None:
        """Read every region of this frame against the player's rest."""
        s = self.settings
        changes = region_changes(delta, rest, self._regions, s)
        turned = max(abs(delta.get(name, 0.0)) for name in _HEAD_ANGLES)
        relit = ramp(turned, s.turned_deg)
        for region, recent in self._recent.items():
            value = ramp(changes[region], s.hidden) * (1.0 - relit)
            if value == 0.0:
                self._changed_since[region] = None
            elif self._changed_since[region] is None:
                self._changed_since[region] = ts_ms
            self._held[region] = recent.update(ts_ms, value)

    def hidden(self, regions: Iterable[str]) -> float:
        """0 (all of ``regions`` in view lately) .. 1 (one of them hidden)."""
        return max((self._held[region] for region in regions), default=0.0)

    def settled(self, ts_ms: int) -> list[str]:
        """The regions changed without a break for at least ``settle_ms``: their new look is
        the new rest."""
        return [
            region
            for region, since in self._changed_since.items()
            if since is not None and ts_ms - since >= self.settings.settle_ms
        ]
