"""lip_bite (center/left/right): the lower lip drawn in under the upper teeth.

Told apart from a mouth roll (both lips rolled in, mouthRollUpper rising too, and no teeth), from
a pout (the lower lip pushed out, not hidden; pout vetoes it) and from speech (the lips part).
The evidence is the lower lip rolling in or thinning, or upper teeth showing over it
(vision.tongue) where the landmarks hardly move — as a share of the zone that is less red than the
cheeks, or as the area that is light and far less colourful than the player's own lips (which
holds when the cheeks are as red as the lips); the side is where the teeth are, or else the half
of the lip that thins.
"""

from __future__ import annotations

from vision.detectors.base import KindDetector
from vision.features import ramp
from vision.settings import LipBiteSettings


class LipBiteDetector(KindDetector[LipBiteSettings]):
    kind = "lip_bite"
    signals = (
        "mouthRollLower", "mouthRollUpper", "lower_lip_left", "lower_lip_center",
        "lower_lip_right", "mouth_open", "teeth", "teeth_side", "teeth_area", "teeth_area_side",
    )  # fmt: skip

    def activation(self, delta, features, rest):
        s = self.settings
        rolled = ramp(delta["mouthRollLower"], s.roll_lower)
        hidden = max(
            ramp(delta[f"lower_lip_{part}"], s.lip_hidden) for part in ("left", "center", "right")
        )
        both_rolled = ramp(delta["mouthRollUpper"], s.roll_upper_veto)
        parted = ramp(delta["mouth_open"], s.open_veto)
        # Teeth that show at rest (a smile) come and go with every movement: ask for more.
        shown = s.teeth_rest_factor * rest.get("teeth", 0.0)
        teeth_share = ramp(delta["teeth"] - shown, s.teeth)
        bare = ramp(
            delta["teeth_area"] - s.teeth_rest_factor * rest.get("teeth_area", 0.0), s.teeth_area
        )
        teeth = max(teeth_share, bare)
        value = max(max(rolled, hidden) * (1.0 - both_rolled), teeth) * (1.0 - parted)
        if teeth >= max(rolled, hidden):
            # The bare area is mostly empty at rest, so its centroid then is noise: take it as is.
            side = delta["teeth_side"] if teeth_share >= bare else features.teeth_area_side
            return value, _side(side, s.teeth_side_offset)
        thickness = max(
            (rest.get("lower_lip_left", 0.0) + rest.get("lower_lip_right", 0.0)) / 2, 1e-6
        )
        asymmetry = (delta["lower_lip_right"] - delta["lower_lip_left"]) / thickness
        return value, _side(asymmetry, s.side_asymmetry)


def _side(offset: float, threshold: float) -> str:
    """+ offsets are the player's left."""
    if offset > threshold:
        return "left"
    if offset < -threshold:
        return "right"
    return "center"
