"""lip_bite (center/left/right): the lower lip drawn in under the upper teeth.

Told apart from a mouth roll (both lips rolled in, mouthRollUpper rising too, and no teeth: seen
once, it vetoes for ``pressed_hold_ms``, as the upper lip's roll flickers while the lips stay
pressed), from a pout (the lower lip pushed out, not hidden; pout vetoes it), from speech (the lips
part) and from a twist (mouth_twist vetoes it: lips pulled to one side stretch thin, MediaPipe reads
the lower one as rolled in and the stretched half's pale lip passes for teeth). The evidence is the
lower lip drawn in, or upper teeth showing over the lips where the landmarks hardly move. Drawn in
means rolled in (MediaPipe's mouthRollLower) *and* thinner (the lower lip's visible thickness, from
the landmarks), both: on real faces that bite nothing each rises alone (FG-net franck pressing his
lips: mouthRollLower +0.33 and no thinning; a listener at the table clip: the lower lip 0.067 face
sizes thinner and no roll). The teeth: vision.measures.tongue measures, on each half of the lips
(split at their own midline, landmarks 0 and 17), the share that is teeth. Each half is compared
with the same half at rest, so teeth a smile shows at rest do not count, and as a share of that
half, so a half foreshortened by a turned head weighs as much as the near one. Teeth risen on both
halves alike are a bite in the middle; on one half far more than on the other, a bite on that side.
Without teeth the side is the half of the lip that thins. On a face turned well away from the
camera, or too small (``teeth_yaw_veto``, ``teeth_face_px``), the teeth count for nothing: a real
talker's far lip half, and a small real face's lips, read as teeth in speech. Nor do teeth over a
lower lip fuller than at rest (``fuller_lip_veto``): a lip drawn under the teeth shows less of
itself; nor teeth in a mouth stretched wider than at rest (``wide_veto``): a smile's, which a
small face's smile blendshapes may hardly show; nor teeth rising no further than that half
flickers on a quiet face (``teeth_flicker``).
"""

from __future__ import annotations

from collections.abc import Mapping

from vision.config.detector_settings import LipBiteSettings
from vision.detectors.base import KindDetector, side_of
from vision.measures.features import FaceFeatures, ramp, smile_of
from vision.measures.flicker import RestingFlicker
from vision.measures.recent_peak import RecentPeak


class LipBiteDetector(KindDetector[LipBiteSettings]):
    kind = "lip_bite"
    signals = (
        "mouthRollLower", "mouthRollUpper", "lower_lip_left", "lower_lip_center",
        "lower_lip_right", "mouth_open", "teeth_left", "teeth_right", "mouth_luma",
    )  # fmt: skip

    def __init__(self, settings: LipBiteSettings) -> None:
        super().__init__(settings)
        #: How far both lips read rolled in, over the last ``pressed_hold_ms``: a pressed mouth
        #: does not turn into a bite for the frames its upper lip's roll dips under the veto.
        self._pressed = RecentPeak(settings.pressed_hold_ms)
        #: Each lip half's teeth share flickering on a quiet face, left and right.
        self._teeth_flicker = [
            RestingFlicker(settings.teeth_flicker_seconds, settings.teeth_flicker_frames)
            for _ in range(2)
        ]

    def _teeth_ramp(self, flicker: RestingFlicker) -> tuple[float, float]:
        """How far a lip half's teeth share must rise: ``teeth_half``, or a few times that
        half's own flicker on a quiet face where that is more."""
        s, level = self.settings, flicker.level
        if level is None:
            return s.teeth_half
        return (
            max(s.teeth_half[0], s.teeth_flicker[0] * level),
            max(s.teeth_half[1], s.teeth_flicker[1] * level),
        )

    def activation(
        self, delta: Mapping[str, float], features: FaceFeatures, rest: Mapping[str, float]
    ) -> tuple[float, str | None]:
        s = self.settings
        rolled = ramp(delta["mouthRollLower"], s.roll_lower)
        hidden = max(
            ramp(delta["lower_lip_left"], s.lip_hidden),
            ramp(delta["lower_lip_center"], s.lip_hidden),
            ramp(delta["lower_lip_right"], s.lip_hidden),
        )
        upper = delta["mouthRollUpper"]
        share = upper / max(delta["mouthRollLower"], s.roll_lower[0])
        both_rolled = self._pressed.update(
            features.ts_ms,
            max(ramp(upper, s.roll_upper_veto), ramp(share, s.roll_upper_share_veto)),
        )
        parted = ramp(delta["mouth_open"], s.open_veto)
        left, right = max(delta["teeth_left"], 0.0), max(delta["teeth_right"], 0.0)
        # A change of light moves every colour test against the cheeks; a bite changes no light.
        relit = abs(delta["mouth_luma"]) / max(rest.get("mouth_luma", 0.0), 1.0)
        askew = ramp(abs(features.head_yaw_deg), s.teeth_yaw_veto)
        seen = ramp(features.face_px, s.teeth_face_px) * (1.0 - askew)
        fuller = ramp(delta["lower_lip_center"], s.fuller_lip_veto)
        discounted = max(ramp(relit, s.light_veto), fuller)
        left_flicker, right_flicker = self._teeth_flicker
        teeth = max(
            ramp(left, self._teeth_ramp(left_flicker)), ramp(right, self._teeth_ramp(right_flicker))
        )
        smiled_wide = ramp(delta["mouth_width"], s.wide_veto)
        teeth *= (1.0 - max(discounted, smiled_wide)) * seen
        drawn_in = min(rolled, hidden)
        value = max(drawn_in * (1.0 - both_rolled), teeth) * (1.0 - parted)
        smiling = s.smile_veto is not None and smile_of(delta) >= s.smile_veto[0]
        quiet = value < s.off and parted == 0.0 and discounted == 0.0 and not smiling
        left_flicker.update(features.ts_ms, delta["teeth_left"] if quiet else None)
        right_flicker.update(features.ts_ms, delta["teeth_right"] if quiet else None)
        if teeth >= drawn_in:
            return value, side_of((left - right) / max(left + right, 1e-6), s.teeth_balance)
        thickness = max(
            (rest.get("lower_lip_left", 0.0) + rest.get("lower_lip_right", 0.0)) / 2, 1e-6
        )
        asymmetry = (delta["lower_lip_right"] - delta["lower_lip_left"]) / thickness
        return value, side_of(asymmetry, s.side_asymmetry)
