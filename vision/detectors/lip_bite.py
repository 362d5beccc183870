"""lip_bite (center/left/right): the lower lip drawn in under the upper teeth.

Told apart from a mouth roll (both lips rolled in: mouthRollUpper rises too), from a pout (the
lower lip pushed out, not hidden; pout vetoes it) and from speech (the lips part). The side is the
half of the lower lip that disappears more.
"""

from __future__ import annotations

from vision.detectors.base import KindDetector
from vision.features import ramp
from vision.settings import LipBiteSettings


class LipBiteDetector(KindDetector[LipBiteSettings]):
    kind = "lip_bite"
    signals = (
        "mouthRollLower", "mouthRollUpper", "lower_lip_left", "lower_lip_center",
        "lower_lip_right", "mouth_open",
    )  # fmt: skip

    def activation(self, delta, features, rest):
        s = self.settings
        rolled = ramp(delta["mouthRollLower"], s.roll_lower)
        hidden = max(
            ramp(delta[f"lower_lip_{part}"], s.lip_hidden) for part in ("left", "center", "right")
        )
        both_rolled = ramp(delta["mouthRollUpper"], s.roll_upper_veto)
        parted = ramp(delta["mouth_open"], s.open_veto)
        value = max(rolled, hidden) * (1.0 - both_rolled) * (1.0 - parted)
        thickness = max(
            (rest.get("lower_lip_left", 0.0) + rest.get("lower_lip_right", 0.0)) / 2, 1e-6
        )
        asymmetry = (delta["lower_lip_right"] - delta["lower_lip_left"]) / thickness
        if asymmetry > s.side_asymmetry:
            side = "left"
        elif asymmetry < -s.side_asymmetry:
            side = "right"
        else:
            side = "center"
        return value, side
