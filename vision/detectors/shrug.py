"""shrug (both/left/right): shoulders lifted towards the ears and up in the frame.

Poses may arrive at a lower rate than faces, so the last one is held for ``pose_hold_ms``.
Breathing lifts the shoulders far less than ``lift`` asks; reaching shifts the torso sideways or
brings the head closer to the camera (the face grows against the shoulders), which cancels the
activation; so does a head tilt (the roll brings one ear down to its shoulder, which reads as
that shoulder rising towards the head). A pose that jumps from one estimate to the next (a small
figure at a wide table, shoulders half out of the frame) gives no shrug at all: its jumps are as
large as a shrug. The jitter is the median jump of the shoulders' height between successive poses
over the last ``jitter_poses`` poses, so the brief steady rise of a shrug does not count as one.

Where the picture beside the neck can be read (vision.measures.shoulder_motion), it decides instead
of the pose: the pose's shoulders hardly follow a shrug there. A shoulder counts as lifted when its
strip rose in the frame *and* against the head's height at its temples (a nod moves only the head, a
whole-body sway moves both), and not while the other strip drops (a torso leaning sideways lifts
one shoulder and lowers the other). A strip that matches its rest only roughly must rise more (its
reading is less precise), and one that stops matching it at all or finds it only at the top of its
reach (a hand passing, hair swinging) switches the image cue off for ``image_broken_ms``, rather
than the pose taking over. With only one strip in view (a face at the frame's edge) there is no
shrug: one side or both cannot be told.
"""

from __future__ import annotations

import math
import statistics
from collections import deque
from collections.abc import Mapping

from vision.config.detector_settings import ShrugSettings
from vision.detectors.base import KindDetector
from vision.measures.features import FaceFeatures, ramp
from vision.measures.shoulder_motion import ShoulderLift, ShoulderRest, StripShift, readable

#: The pose's readings of how far each shoulder rose: towards the head, and up in the frame.
POSE_RISES = (
    "shoulder_gap_left",
    "shoulder_gap_right",
    "shoulder_height_left",
    "shoulder_height_right",
)
SHOULDER_SIGNALS = (*POSE_RISES, "shoulder_lean", "head_scale")


class ShrugDetector(KindDetector[ShrugSettings]):
    kind = "shrug"
    signals = (*SHOULDER_SIGNALS, "head_roll_deg")

    def __init__(self, settings: ShrugSettings) -> None:
        super().__init__(settings)
        self._held: dict[str, float] | None = None
        self._held_ms = 0
        self._last_height: float | None = None
        self._jumps: deque[float] = deque(maxlen=settings.jitter_poses)
        self._strips = ShoulderRest(settings)
        self._broken_ms: int | None = None
        self._pose_drift = dict.fromkeys(POSE_RISES, 0.0)
        self._last_ms: int | None = None
        self._picture_reads = False
        #: This frame's drift updates left out because a rise was under way (``held_back``).
        self._strips_unfollowed = False
        self._unfollowed: tuple[dict[str, float], int] | None = None

    @property
    def wants_pose(self) -> bool:
        """Whether the pose is of use: it decides only where the picture beside the neck cannot
        be read (and the baseline learns its rest while calibrating, before any picture is
        read), so while the strips read, the pose model need not run at all."""
        return not self._picture_reads

    def activation(
        self, delta: Mapping[str, float], features: FaceFeatures, rest: Mapping[str, float]
    ) -> tuple[float, str | None]:
        s = self.settings
        step_ms = 0 if self._last_ms is None else features.ts_ms - self._last_ms
        self._last_ms = features.ts_ms
        self._strips_unfollowed, self._unfollowed = False, None
        roll = ramp(abs(delta["head_roll_deg"]), s.roll_veto_deg)
        held = self._hold_pose(delta, features)
        image = self._image_lift(features, roll)
        self._picture_reads = image is not None
        if image is None:
            left, right = self._pose_lift(held, rest, roll)
            sizes = (left, right)
        else:
            left, right, sizes = image
        value = max(left, right)
        if held is not None and (image is not None or value < s.off):
            self._follow_pose(held, step_ms)
        elif held is not None:
            self._unfollowed = held, step_ms
        if value <= 0.0:
            return 0.0, None
        low, high = sorted(sizes)
        side = "both" if low >= s.single_ratio * high else "left" if left > right else "right"
        return value, side

    def held_back(self) -> None:
        """Talking (or a laugh) held a rise back: the drifts follow it as between gestures, so a
        shoulder raised while talking is where the shoulders rest once talking stops, and only
        a quick rise from there is a shrug."""
        if self._strips_unfollowed:
            self._strips.follow()
        if self._unfollowed is not None:
            self._follow_pose(*self._unfollowed)

    def _hold_pose(
        self, delta: Mapping[str, float], features: FaceFeatures
    ) -> dict[str, float] | None:
        """This frame's pose readings, or the last ones while they are under ``pose_hold_ms``
        old (poses run less often than faces); None without a recent pose. The first pose after
        none (the pose model runs only where the picture cannot be read) is where the pose's
        drift starts: its rest may be far from where the shoulders now read."""
        lapsed = self._held is None or features.ts_ms - self._held_ms > self.settings.pose_hold_ms
        if features.shoulders is None:
            return None if lapsed else self._held
        if lapsed:
            self._pose_drift = {name: delta[name] for name in POSE_RISES}
        self._held = {name: delta[name] for name in SHOULDER_SIGNALS}
        self._held_ms = features.ts_ms
        self._note_jump(features.shoulders.height_left + features.shoulders.height_right)
        return self._held

    def _follow_pose(self, held: dict[str, float], step_ms: int) -> None:
        """Let the pose's drift follow its readings, for the time since the last frame: while
        the picture decides, and while the pose shows no shrug. An offset the pose keeps (its
        rest taken while it misread the shoulders) is then no shrug when the pose takes over;
        only a quick rise is."""
        share = 1.0 - math.exp(-step_ms / self.settings.pose_drift_ms)
        for name in POSE_RISES:
            self._pose_drift[name] += share * (held[name] - self._pose_drift[name])

    def _pose_lift(
        self, held: dict[str, float] | None, rest: Mapping[str, float], roll: float
    ) -> tuple[float, float]:
        if held is None:
            return 0.0, 0.0
        s = self.settings
        rise = {name: held[name] - self._pose_drift[name] for name in POSE_RISES}
        # Lifted towards the head *and* up in the frame: a nod or a head tilt changes only
        # the first, a camera or body sway mostly the second.
        left = min(
            ramp(rise["shoulder_gap_left"], s.lift), ramp(rise["shoulder_height_left"], s.lift)
        )
        right = min(
            ramp(rise["shoulder_gap_right"], s.lift), ramp(rise["shoulder_height_right"], s.lift)
        )
        scale = 1.0 + held["head_scale"] / max(rest.get("head_scale", 1.0), 1e-6)
        reaching = max(
            ramp(abs(held["shoulder_lean"]), s.lean_veto),
            ramp(scale, s.forward_veto),
            roll,
            ramp(self.jitter(), s.jitter_veto),
        )
        return left * (1.0 - reaching), right * (1.0 - reaching)

    def _image_lift(
        self, features: FaceFeatures, roll: float
    ) -> tuple[float, float, tuple[float, float]] | None:
        """(left, right, how far each rose) from the strips beside the neck, or None where
        neither can be read."""
        s = self.settings
        strips = features.shoulder_strips
        lift = None if strips is None else self._strips.lift(strips, features.ts_ms)
        if strips is None or lift is None or (lift.left is None and lift.right is None):
            return None
        shifts = [x for x in (lift.left, lift.right) if x is not None]
        if not all(readable(x, s) for x in shifts):
            self._broken_ms = features.ts_ms
        if self._broken_ms is not None and features.ts_ms - self._broken_ms < s.image_broken_ms:
            return 0.0, 0.0, (0.0, 0.0)
        if len(shifts) < 2:  # which shoulders rose cannot be told from one
            trust = 0.0
        else:
            low, high = sorted(x.rise for x in shifts)
            lean = ramp(-low / high, s.image_lean_veto) if high > 0 else 0.0
            trust = 1.0 - max(roll, ramp(lift.scale, s.forward_veto), lean)
        left, right = (self._lifted(x, lift, features.face_px) for x in (lift.left, lift.right))
        self._strips_unfollowed = max(left, right) * trust >= s.off
        if not self._strips_unfollowed:
            self._strips.follow()
        if all(x.rise < s.image_lift[0] and x.match >= s.image_sharp_match for x in shifts):
            self._strips.settle(strips, features.ts_ms)
        # Whole rises, not what exceeds ``image_lift``: a both-shrug whose one strip reads a
        # smaller rise (less of its template on the shoulder) stays both, and the side still
        # at rest of a one-sided shrug reads about nothing. Nor less a rough match's cost: that
        # keeps an imprecise reading from starting a shrug, not from telling that its shoulder
        # rose with the other (one strip of a both-shrug at a table clip matched at 0.75-0.8).
        rose_left, rose_right = (
            0.0 if x is None else max(x.rise, 0.0) for x in (lift.left, lift.right)
        )
        return left * trust, right * trust, (rose_left, rose_right)

    def _lifted(self, shift: StripShift | None, lift: ShoulderLift, face_px: float) -> float:
        """One side's activation: its strip rose in the frame and towards the head, by pixels
        enough for the template's match to tell (a small face's rise of a pixel or two is the
        match's own wobble)."""
        if shift is None:
            return 0.0
        rise = self._sure_rise(shift)
        s = self.settings
        return min(
            ramp(rise, s.image_lift),
            ramp(rise - lift.face, s.image_towards_head),
            ramp(rise * face_px, s.image_lift_px),
        )

    def _sure_rise(self, shift: StripShift) -> float:
        """The rise less what an imprecise match, or the body sliding sideways beside a steep
        edge, may have made up."""
        s = self.settings
        imprecise = s.image_match_cost * max(s.image_sharp_match - shift.match, 0.0)
        return shift.rise - imprecise - shift.rise_per_slide * s.image_slide

    def jitter(self) -> float:
        """Median jump of the shoulders' mean height between successive poses (shoulder widths);
        0 until a few poses were seen."""
        return statistics.median(self._jumps) if len(self._jumps) >= 3 else 0.0

    def _note_jump(self, height_sum: float) -> None:
        """Poses run slower than faces: a frame may carry the same pose again, not a new one."""
        if self._last_height is not None and height_sum != self._last_height:
            self._jumps.append(abs(height_sum - self._last_height) / 2)
        self._last_height = height_sum
