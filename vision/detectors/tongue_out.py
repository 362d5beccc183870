"""tongue_out (center/left/right): tongue-coloured pixels appear in and just below lips that part
further than at rest (vision.measures.tongue), beyond what this mouth zone shows at rest (the
parting keeps a tongue visible in a mouth open at rest, or a change of light, from counting); or the
lips part far more than the jaw opens, which is how MediaPipe's lip contour wraps a tongue whose
colour is too close to the skin's to tell, unless the opening is less tongue-coloured than at
rest (teeth and the dark of a talking mouth: lips stretched in speech); or the opening fills with
something as light and colourful as the player's own lips, a tongue in their colour, on a face
that has not been talking for a while (every real talking mouth fills its opening so, with the
tongue at rest, also in the pauses between words). A smile whose corners both rise cancels those
two lips' cues: a grin parts the lips over teeth held together and fills the opening with lit
lips and teeth. Teeth bared beyond rest cancel it all (a tongue out covers them, a laugh shows
them), and so does a jaw dropped wide, unless the tongue reaches out over the lower lip. The side
is where the tongue lies below the lower lip: the tongue-coloured area that appeared there on each
side of the mouth's middle (across the face's own eye line, so a turned face does not move it), a
side when most of it is on one half. Where too little of it is redder than
cheeks as red as the tongue, the area there unlike the cheeks' colour in a way shade cannot explain
is read the same way (after the redness test, which a chin yellower than the cheeks does not fool).
The centroids' offsets from the mouth's middle blur a side tongue with the lips' own red and the
opening's shape on a turned face, so they decide only when neither area shows enough: then where the
tongue-coloured pixels and the filled area are, not how far their centroids moved from rest (the
opening is empty at rest, so its resting centroid is noise)."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from vision.config.detector_settings import TongueOutSettings
from vision.detectors.base import KindDetector, side_of
from vision.measures.features import FaceFeatures, ramp, smile_of


class TongueOutDetector(KindDetector[TongueOutSettings]):
    kind = "tongue_out"
    signals = ("tongue", "mouth_open", "jawOpen", "filled_opening", "teeth_area", "tongue_left",
               "tongue_right", "off_skin_left", "off_skin_right")  # fmt: skip

    def activation(
        self, delta: Mapping[str, float], features: FaceFeatures, rest: Mapping[str, float]
    ) -> tuple[float, str | None]:
        s = self.settings
        if features.mouth_open < s.mouth_open_min:
            return 0.0, None
        parting = ramp(delta["mouth_open"], s.parting)
        gap_beyond_jaw = delta["mouth_open"] - s.jaw_share * max(delta["jawOpen"], 0.0)
        coloured = ramp(delta["tongue"], s.tongue) * parting
        # Teeth bared beyond rest: a laugh, whose open lips and lit inside look like the above.
        bared = ramp(delta["teeth_area"], s.teeth_veto)
        below_lip = _below_lip(delta)
        # A jaw dropped wide (talking loud, a yawn) shows the tongue lying inside the mouth,
        # unless the tongue reaches out over the lower lip.
        out_over_lip = self._out_over_lip(below_lip)
        bared = max(bared, ramp(delta["jawOpen"], s.jaw_veto) * (1.0 - out_over_lip))
        gap = ramp(gap_beyond_jaw, s.lip_gap) * (1.0 - ramp(-delta["tongue"], s.gap_colour_veto))
        # An opening filled in the lips' colour, on a face that has not been talking.
        filled = ramp(delta["filled_opening"], s.filled) * parting
        filled *= 1.0 - ramp(self._talked, s.filled_quiet)
        grin = ramp(smile_of(delta), s.grin_veto)
        value = max(coloured, (1.0 - grin) * max(gap, filled)) * (1.0 - bared)
        for left, right in below_lip:
            if left + right >= s.below_lip_area:
                return value, side_of((left - right) / (left + right), s.below_lip_balance)
        # Both centroids vote, each in units of its own side threshold: the tongue-coloured one is
        # sharp where the tongue is redder than the cheeks, the filled one where it is not.
        mouth = features.mouth
        shift = mouth.tongue_side / s.side_offset + mouth.filled_side / s.filled_side_offset
        return value, side_of(shift, 1.0)

    def __init__(self, settings: TongueOutSettings) -> None:
        super().__init__(settings)
        self._talked = 0.0

    @property
    def talk_memory_ms(self) -> int:
        return self.settings.filled_quiet_ms

    def hear(self, talked: float) -> None:
        self._talked = talked

    def explained_regions(self, delta: Mapping[str, float]) -> Collection[str]:
        """A tongue stuck out over the lower lip covers the chin's skin under it, where the
        mouth region's samples lie: a change there is the tongue, not a hand."""
        return ("mouth",) if self._out_over_lip(_below_lip(delta)) >= 1.0 else ()

    def _out_over_lip(self, below_lip: list[tuple[float, float]]) -> float:
        return ramp(max(sum(halves) for halves in below_lip), self.settings.out_over_lip)


def _below_lip(delta: Mapping[str, float]) -> list[tuple[float, float]]:
    """What appeared below the lower lip, (left, right) halves, as tongue colour and as
    off-skin colour."""
    return [
        (max(delta[f"{area}_left"], 0.0), max(delta[f"{area}_right"], 0.0))
        for area in ("tongue", "off_skin")
    ]
