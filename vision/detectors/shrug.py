"""shrug (both/left/right): shoulders lifted towards the ears and up in the frame.

Poses may arrive at a lower rate than faces, so the last one is held for ``pose_hold_ms``.
Breathing lifts the shoulders far less than ``lift`` asks; reaching shifts the torso sideways or
brings the head closer to the camera (the face grows against the shoulders), which cancels the
activation; so does a head tilt (the roll brings one ear down to its shoulder, which reads as
that shoulder rising towards the head). A pose that jumps from one estimate to the next (a small
figure at a wide table, shoulders half out of the frame) gives no shrug at all: its jumps are as
large as a shrug. The jitter is the median jump of the shoulders' height between successive poses
over the last ``jitter_poses`` poses, so the brief steady rise of a shrug does not count as one.
"""

from __future__ import annotations

import statistics
from collections import deque

from vision.detectors.base import KindDetector
from vision.features import ramp
from vision.settings import ShrugSettings

SHOULDER_SIGNALS = (
    "shoulder_gap_left", "shoulder_gap_right", "shoulder_height_left", "shoulder_height_right",
    "shoulder_lean", "head_scale",
)  # fmt: skip


class ShrugDetector(KindDetector[ShrugSettings]):
    kind = "shrug"
    signals = (*SHOULDER_SIGNALS, "head_roll_deg")

    def __init__(self, settings: ShrugSettings) -> None:
        super().__init__(settings)
        self._held: dict[str, float] | None = None
        self._held_ms = 0
        self._last_height: float | None = None
        self._jumps: deque[float] = deque(maxlen=settings.jitter_poses)

    def activation(self, delta, features, rest):
        s = self.settings
        if features.shoulders is not None:
            self._held = {name: delta[name] for name in SHOULDER_SIGNALS}
            self._held_ms = features.ts_ms
            self._note_jump(features.shoulders.height_left + features.shoulders.height_right)
        elif self._held is None or features.ts_ms - self._held_ms > s.pose_hold_ms:
            return 0.0, None
        held = self._held
        # Lifted towards the head *and* up in the frame: a nod or a head tilt changes only
        # the first, a camera or body sway mostly the second.
        left = min(
            ramp(held["shoulder_gap_left"], s.lift), ramp(held["shoulder_height_left"], s.lift)
        )
        right = min(
            ramp(held["shoulder_gap_right"], s.lift), ramp(held["shoulder_height_right"], s.lift)
        )
        scale = 1.0 + held["head_scale"] / max(rest.get("head_scale", 1.0), 1e-6)
        reaching = max(
            ramp(abs(held["shoulder_lean"]), s.lean_veto),
            ramp(scale, s.forward_veto),
            ramp(abs(delta["head_roll_deg"]), s.roll_veto_deg),
            ramp(self.jitter(), s.jitter_veto),
        )
        value = max(left, right) * (1.0 - reaching)
        low, high = sorted((left, right))
        side = "both" if low >= s.single_ratio * high else "left" if left > right else "right"
        return value, side

    def jitter(self) -> float:
        """Median jump of the shoulders' mean height between successive poses (shoulder widths);
        0 until a few poses were seen."""
        return statistics.median(self._jumps) if len(self._jumps) >= 3 else 0.0

    def _note_jump(self, height_sum: float) -> None:
        """Poses run slower than faces: a frame may carry the same pose again, not a new one."""
        if self._last_height is not None and height_sum != self._last_height:
            self._jumps.append(abs(height_sum - self._last_height) / 2)
        self._last_height = height_sum
