"""The gesture detectors' settings: every threshold, duration, window and sensitivity, loaded from
``models/detectors.toml`` and validated, so no number that decides a gesture lives in code.

Each gesture kind turns feature changes (the face's feature minus its baseline) into an activation
in 0..1 through *ramps*: ``[lo, hi]`` maps a change of ``lo`` to 0 and ``hi`` to 1. The kind's
``sensitivity`` multiplies that activation before the shared ``on``/``off`` hysteresis, so a
player's sensitivity file can make one kind easier or harder to trigger without touching the
ramps.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Annotated

from pydantic import AfterValidator, Field, field_validator, model_validator

from engine.gesture import GESTURE_KINDS
from vision.config.loader import SettingsError as SettingsError  # re-exported for callers
from vision.config.loader import StrictSettings, load_settings
from vision.measures.signal_names import FACE_SIGNALS

DEFAULT_SETTINGS_PATH = Path(__file__).resolve().parents[2] / "models" / "detectors.toml"


def _ordered(ramp: tuple[float, float]) -> tuple[float, float]:
    if ramp[0] == ramp[1]:
        raise ValueError(f"a ramp needs lo != hi, got {list(ramp)}")
    return ramp


#: ``[lo, hi]``: a change of ``lo`` maps to activation 0, ``hi`` to 1 (hi < lo for decreases).
Ramp = Annotated[tuple[float, float], AfterValidator(_ordered)]


#: Parts of the face whose concealment vision.measures.face_occlusion tells (eyes:
#: vision.measures.eye_appearance).
#: The regions around the eyes: shut eyes change them as a hand over them would.
EYE_REGIONS = ("eye_left", "eye_right")
OCCLUSION_REGIONS = ("mouth", "cheek_left", "cheek_right", *EYE_REGIONS)


class KindSettings(StrictSettings):
    """What every gesture kind shares: its hysteresis, durations and refractory period."""

    sensitivity: float = Field(1.0, gt=0, le=5)
    on: float = Field(gt=0, le=1)  # activation at which a gesture starts
    off: float = Field(ge=0, lt=1)  # activation under which it ends
    min_ms: int = Field(ge=0)  # shorter: not a gesture (a blink, a glance, a breath)
    max_ms: int = Field(gt=0)  # longer: a new resting posture, not a gesture
    end_hold_ms: int = Field(ge=0)  # the activation must stay under ``off`` this long to end it
    refractory_ms: int = Field(ge=0)  # after a gesture ends, no new one of this kind starts
    #: Kinds whose activity during this one's span cancels it (a wink inside eyes_closed).
    vetoed_by: tuple[str, ...] = ()
    #: Rise of mean(mouthSmileLeft, mouthSmileRight) that cancels this kind: a laugh squints
    #: one eye more than the other, bares teeth and parts the lips around the tongue.
    smile_veto: Ramp | None = None
    #: The lips' back-and-forth over ``speech.window_ms`` (vision.measures.speech) that cancels
    #: this kind: a seña is held still, a talking mouth shows teeth and tongue in passing.
    speech_veto: Ramp | None = None
    #: How long (ms) the talking last read counts for ``speech_veto``: the most over that
    #: time, this frame's included, is what the veto reads (0: this frame's only).
    speech_hold_ms: int = Field(0, ge=0)
    #: Which face region's quality gates this kind ("face" or "mouth").
    region: str = Field("face", pattern="^(face|mouth)$")
    #: Parts of the face (OCCLUSION_REGIONS) that something in front of, now or within the
    #: occlusion's ``hold_ms``, makes this kind unreadable: it lowers the kind's quality.
    occluded_by: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _consistent(self) -> KindSettings:
        if self.off >= self.on:
            raise ValueError(f"off ({self.off}) must be below on ({self.on})")
        if self.max_ms <= self.min_ms:
            raise ValueError(f"max_ms ({self.max_ms}) must exceed min_ms ({self.min_ms})")
        unknown = set(self.vetoed_by) - set(GESTURE_KINDS)
        if unknown:
            raise ValueError(f"vetoed_by names unknown kinds: {sorted(unknown)}")
        unknown = set(self.occluded_by) - set(OCCLUSION_REGIONS)
        if unknown:
            raise ValueError(f"occluded_by names unknown face regions: {sorted(unknown)}")
        return self


class EyeReading(KindSettings):
    """How the eye kinds read one eye's landmarks (vision.detectors.eyes); its appearance is
    read alike for every kind (EyeAppearanceSettings)."""

    #: Rise of the eye's eyeBlink blendshape -> how shut it is: a real look down loses as much
    #: of the lids' opening and of the eye's darkness as a real closure; only eyeBlink stays lower.
    shut_blink: Ramp


class WinkSettings(EyeReading):
    #: How much more closed the shut eye is than the other (EyeKindDetector.closedness).
    asymmetry: Ramp


class EyesClosedSettings(EyeReading):
    """Both eyes, read alike."""

    #: The eyes' closedness difference -> how one-sided the closure is (a wink: cancels it).
    asymmetry_veto: Ramp


class LipBiteSettings(KindSettings):
    roll_lower: Ramp  # rise of mouthRollLower
    lip_hidden: Ramp  # drop of lower-lip thickness (fraction of face size)
    roll_upper_veto: Ramp  # rise of mouthRollUpper: both lips rolled in is a mouth roll
    #: mouthRollUpper's rise as a share of mouthRollLower's: a pressed mouth rolls both lips.
    roll_upper_share_veto: Ramp
    #: How long (ms) a pressed mouth, once seen, keeps vetoing: MediaPipe's upper roll flickers
    #: under the veto for a frame or three while the lips stay pressed.
    pressed_hold_ms: int = Field(ge=0)
    open_veto: Ramp  # rise of the lip gap: a bitten lip keeps the mouth closed
    side_asymmetry: float = Field(gt=0)  # lower-lip half difference (of its mean) for a side bite
    #: Rise of the teeth-coloured share of one half of the lips (the half that rose most).
    teeth_half: Ramp
    #: ... and that rise in multiples of the half's own flicker on a quiet face, where that asks
    #: more (vision.measures.flicker): measured over ``teeth_flicker_seconds``, in use once
    #: ``teeth_flicker_frames`` quiet frames were seen.
    teeth_flicker: Ramp
    teeth_flicker_seconds: float = Field(gt=0)
    teeth_flicker_frames: int = Field(ge=1)
    #: (left rise - right rise) / (left rise + right rise) beyond which a bite is on one side.
    teeth_balance: float = Field(gt=0, lt=1)
    #: Change of the mouth crop's mean lightness, of its resting value, that discounts the teeth.
    light_veto: Ramp
    #: Rise of the lower lip's thickness in its middle (fraction of face size) that discounts
    #: the teeth: lip drawn under the teeth shows less of itself, never more.
    fuller_lip_veto: Ramp
    #: Widening of the mouth (of face size) that discounts the teeth: a smile stretches the
    #: mouth, a bite does not.
    wide_veto: Ramp
    #: The head's yaw from the camera (degrees) past which the lips' halves, one foreshortened
    #: behind the other, no longer show teeth reliably: the teeth cue then counts for nothing.
    teeth_yaw_veto: Ramp
    #: The eye corners' distance (px) from which the teeth cue counts (a ramp up): the lips of a
    #: smaller face are too few pixels to tell teeth from a lip's sheen.
    teeth_face_px: Ramp


class TongueOutSettings(KindSettings):
    tongue: Ramp  # rise of the tongue-coloured fraction of the mouth zone
    parting: Ramp  # ... which counts as the lip gap rises from rest (a tongue parts the lips)
    #: Rise of the lip gap beyond what the jaw explains (gap rise - jaw_share * jawOpen rise, a
    #: closing jaw counting as none): lips parted around a tongue; speech opens the jaw too.
    lip_gap: Ramp
    #: Fall of the tongue-coloured fraction under its rest: lips parted over an opening *less*
    #: tongue-coloured than at rest show teeth or the dark mouth of speech, not a tongue.
    gap_colour_veto: Ramp
    #: Rise of the smile (the lower of the two mouthSmile shapes' rises) that cancels the lips'
    #: own cues: a grin draws the lips apart over teeth held together, a gap no jaw explains,
    #: and fills the opening with lit lips and teeth, with no tongue.
    grin_veto: Ramp
    #: Rise of the opening's share filled with something as light and colourful as the lips:
    #: a tongue out in the lips' own colour, which the colour test cannot tell from them. Every
    #: real talking mouth fills its opening so, with the tongue at rest; so it counts only on a
    #: face that has talked no more than ``filled_quiet`` over the last ``filled_quiet_ms``.
    filled: Ramp
    filled_quiet: Ramp
    filled_quiet_ms: int = Field(ge=0)
    jaw_share: float = Field(ge=0)
    mouth_open_min: float = Field(ge=0)  # lips must part at least this much (of face size)
    side_offset: float = Field(gt=0)  # tongue centroid offset (of mouth width) for a side
    #: Rise of the bared teeth area (face size squared): a laugh, which cancels every cue.
    teeth_veto: Ramp
    #: Rise of jawOpen: a jaw dropped this wide shows the tongue inside the mouth (real talk
    #: 0.5-0.63; real tongues out 0.1-0.38), which cancels every cue too.
    jaw_veto: Ramp
    #: Rise of the tongue-like area below the lower lip (face size squared, both halves, the
    #: larger of the tongue-coloured and the off-skin reading) that says the tongue is stuck out
    #: over the lip: it lifts ``jaw_veto`` (a tongue lying in a wide-open mouth stays behind the
    #: lower lip; real talk with the jaw dropped: <= 0.0065), and at its top the mouth region's
    #: change, the chin's skin under the tongue, is no hand over the mouth.
    out_over_lip: Ramp
    filled_side_offset: float = Field(gt=0)  # the filled area's centroid offset for a side
    #: Rise of the tongue-coloured area below the lower lip (face size squared, both halves) from
    #: which its halves decide the side; a side when (left - right) / (left + right) passes
    #: below_lip_balance (0.5: three quarters of it on one half).
    below_lip_area: float = Field(gt=0)
    below_lip_balance: float = Field(gt=0, lt=1)


class MouthTwistSettings(KindSettings):
    shift_blend: Ramp  # rise of mouthLeft/mouthRight
    #: The shift of the mouth centre from the face midline (of face size) towards the
    #: blendshape's side that lets mouthLeft/mouthRight count: a twist moves the mouth, a
    #: blendshape wobbling on a still mouth does not.
    blend_needs_offset: Ramp
    #: How far the mouth centre seems to shift per degree of head turn (the nose, nearer the
    #: camera, swings further): the turn's share is taken out of the shift before it counts.
    offset_per_yaw_deg: float = Field(ge=0, le=0.02)
    yaw_veto_deg: Ramp  # a head turn shifts the mouth against the nose line too
    roll_veto_deg: Ramp  # a head tilt makes MediaPipe read the mouth as pulled to one side


class BrowsRaisedSettings(KindSettings):
    brow_up: Ramp  # rise of mean(browInnerUp, browOuterUpLeft, browOuterUpRight)
    brows_alike: Ramp  # the weaker outer brow's rise over the stronger's
    #: The rise of that distance that lets the blendshapes count: MediaPipe lifts the brow
    #: blendshapes of some faces (one side of a mirrored pair only) when the eyes close, with
    #: the brows still.
    shapes_need_gap: Ramp


class PoutSettings(KindSettings):
    pucker: Ramp  # rise of max(mouthPucker, mouthFunnel)
    narrowing: Ramp  # drop of mouth width (of face size), which confirms the pucker
    offset_veto: Ramp  # mouth centre's shift from the midline (of face size): a twist


class HeadTiltSettings(KindSettings):
    roll_deg: Ramp  # head roll away from the resting roll
    yaw_veto_deg: Ramp  # a head turned away (a glance) cancels the tilt
    yaw_per_roll_veto: Ramp  # yaw over roll: a head leaning into a turn (a posture) cancels it


class ShrugSettings(KindSettings):
    lift: Ramp  # drop of shoulder-to-ear gap (of shoulder width), per shoulder
    lean_veto: Ramp  # sideways torso shift (of shoulder width): reaching, not shrugging
    forward_veto: Ramp  # face size over shoulder width, as a ratio of its rest: leaning in
    roll_veto_deg: Ramp  # head roll from rest: a tilt brings an ear down towards a shoulder
    jitter_veto: Ramp  # median jump of shoulder height between poses: a pose too shaky to read
    jitter_poses: int = Field(ge=3)  # ... over this many recent poses
    single_ratio: float = Field(gt=0, lt=1)  # the other shoulder below this share: one side only
    pose_hold_ms: int = Field(gt=0)  # a pose this old no longer counts
    #: Shoulders out of the picture this long: the seat says a shrug cannot be seen.
    view_hold_ms: int = Field(gt=0)
    pose_drift_ms: float = Field(gt=0)  # time constant of the pose's slow drift, taken off
    # The image cue (vision.measures.shoulder_motion): strips beside the neck, in face sizes from
    # the chin.
    #: A face size (the outer eye corners' distance) over the temples' distance, on a typical
    #: face: the strips measure the face by its temples, which closing the eyes does not move.
    face_per_temples: float = Field(gt=0)
    strip_rows: tuple[float, float]  # from .. to, below the chin (+ = down)
    strip_columns: tuple[float, float]  # from .. to, sideways from the chin
    strip_template_top: float  # the part matched against rest starts this far below the chin
    strip_px_per_face: int = Field(ge=4)  # strip pixels per face size
    strip_min_share: float = Field(gt=0, le=1)  # a strip cut narrower by the frame is not read
    strip_frame_margin: float = Field(ge=0)  # rows this near the frame's bottom are not read
    strip_max_rise: float = Field(gt=0)  # largest rise looked for
    strip_max_drop: float = Field(ge=0)  # largest drop looked for
    #: The template leaves this much out each side, so the strip may follow the face sideways.
    strip_template_margin: float = Field(ge=0)
    strip_min_texture: float = Field(ge=0)  # grey spread under which a strip says nothing
    strip_rest_ms: int = Field(gt=0)  # a still strip becomes the rest at most this often
    strip_rest_lost_ms: int = Field(gt=0)  # unreadable against rest this long: take it afresh
    strip_rest_stale_ms: int = Field(gt=0)  # no still frame this long: a new posture
    strip_drift_ms: float = Field(gt=0)  # time constant of a slow drift that is taken off
    #: Face sizes a second no shoulder outruns: a strip's reading that jumps faster has locked
    #: onto another place, and its rest is taken afresh.
    strip_max_speed: float = Field(gt=0)
    #: Another place at least ``strip_tie_rows`` strip rows from the best that matches within
    #: ``strip_tie_margin`` of it: the strip cannot tell where its rest went (a plain band).
    strip_tie_rows: int = Field(ge=1)
    strip_tie_margin: float = Field(ge=0, lt=1)
    image_lift: Ramp  # a strip's rise in the frame
    image_lift_px: Ramp  # ... in pixels: a rise of a pixel or two is the match's own wobble
    image_towards_head: Ramp  # ... and how much more than the head (its temples) rose
    #: The other strip dropping, as a share of the one's rise: the torso leaned sideways.
    image_lean_veto: Ramp
    #: A strip matching its rest at least this well reads its rise as it is; a worse match reads
    #: it less precisely, so ``image_match_cost`` times the shortfall is taken off the rise.
    image_sharp_match: float = Field(gt=0, le=1)
    image_match_cost: float = Field(ge=0)
    #: How far (face sizes) a body may slide sideways since the rest without making a seña (a
    #: player settling in the chair). A strip whose only structure is a steep edge (a turned
    #: player's jacket) reads such a slide as a rise: its ``rise_per_slide`` times this is
    #: taken off the rise.
    image_slide: float = Field(ge=0)
    image_broken_match: float = Field(ge=-1, lt=1)  # worse: something crossed the strip ...
    image_broken_ms: int = Field(ge=0)  # ... and the image cue stays off this long


class GestureKinds(StrictSettings):
    wink: WinkSettings
    eyes_closed: EyesClosedSettings
    lip_bite: LipBiteSettings
    tongue_out: TongueOutSettings
    mouth_twist: MouthTwistSettings
    brows_raised: BrowsRaisedSettings
    pout: PoutSettings
    head_tilt: HeadTiltSettings
    shrug: ShrugSettings

    def of(self, kind: str) -> KindSettings:
        settings: KindSettings = getattr(self, kind)
        return settings


class CalibrationSettings(StrictSettings):
    seconds: float = Field(gt=0)  # neutral face needed before detection starts
    #: A frame counts as neutral only while each of these signals (by its name in
    #: ``FaceFeatures.signals``) stays at or under its value: eyes shut, a
    #: frown, a pout or lips parted over a tongue are no resting face to measure from.
    neutral_max: dict[str, float]
    #: After this much usable face time with too few neutral frames, any usable frame counts
    #: (someone whose resting face fails the limits must still get a baseline).
    lenient_after_seconds: float = Field(gt=0)

    @field_validator("neutral_max")
    @classmethod
    def _known_signals(cls, limits: dict[str, float]) -> dict[str, float]:
        unknown = sorted(set(limits) - FACE_SIGNALS)
        if unknown:  # a misspelt name would read 0 and never hold calibration back
            raise ValueError(
                f"neutral_max names no measured signal: {unknown}; "
                f"the names are {sorted(FACE_SIGNALS)}"
            )
        return limits


class BaselineSettings(StrictSettings):
    adapt_seconds: float = Field(gt=0)  # time constant of the baseline while the face rests
    #: Time constant while a kind is held past its max duration: a new resting face.
    release_seconds: float = Field(gt=0)
    #: The eyes' signals wait while either eye's eyeBlink stands this far over rest (a blink, a
    #: look down, a squint) ...
    eyes_away_rise: float = Field(gt=0, lt=1)
    #: ... unless it has stood there this long on end: then the eyes rest so.
    eyes_away_seconds: float = Field(gt=0)


class EnrolmentSettings(StrictSettings):
    """How a player's shows of each seña, when asked, set that player's detectors
    (vision.detectors.enrolment)."""

    #: The player's smallest show must reach this multiple of ``on`` (margin for a smaller one).
    target_over_on: float = Field(gt=1)
    #: A player's sensitivity stays within these bounds whatever the shows measured.
    sensitivity_range: tuple[float, float]
    #: Ordinary talking, amplified, must stay under this share of ``off``.
    quiet_under_off: float = Field(gt=0, le=1)
    #: A show whose peak reaches this was clipped at 1: the gesture may be larger, so enrolment
    #: never lowers that kind's sensitivity below 1.
    saturated: float = Field(gt=0, le=1)
    #: A show under this peak is not the gesture (the face was not seen, or the player did not
    #: move): the kind is not enrolled from it.
    not_seen: float = Field(ge=0, lt=1)
    #: An eye kind's shut_blink tops out at this share of the player's smallest shown rise ...
    shut_of_smallest: float = Field(gt=0, le=1)
    #: ... and never lower than this: a show that rose less was a squint, not a shut eye ...
    lowest_shut: float = Field(gt=0, lt=1)
    #: ... nor within this of how far the eyes stayed risen at rest and talking (a look down at
    #: the cards included): the level ``quiet_shut_share`` of the rest window's frames stay under
    #: (a blink, a tenth of a second, is too brief to count).
    quiet_shut_margin: float = Field(ge=0, lt=1)
    quiet_shut_share: float = Field(gt=0, le=1)
    #: A rest window whose eyes rose less than this saw no look down at the cards: a shut eye's
    #: level lowered from it is not guarded against one (the player is told so).
    look_seen: float = Field(gt=0, lt=1)

    @field_validator("sensitivity_range")
    @classmethod
    def _range(cls, bounds: tuple[float, float]) -> tuple[float, float]:
        if not 0 < bounds[0] <= 1 <= bounds[1] <= 5:
            raise ValueError(f"sensitivity_range must hold 1 within (0, 5], got {list(bounds)}")
        return bounds


class QualitySettings(StrictSettings):
    """Ramps from 0 (no detection) to 1 (full trust) for each way a view can be poor."""

    face_px: Ramp  # eye-corner-to-eye-corner distance in pixels
    yaw_deg: Ramp  # head turned away from the camera (profile view)
    pitch_deg: Ramp
    luma: Ramp  # mean brightness of the face (0..255)
    contrast: Ramp  # brightness spread of the face (0..255)
    #: Share of its resting redness over the cheeks (Lab a*) that the upper lip keeps: a hand
    #: over the mouth hides the lip. Only for lips at least ``min_rest_lip_contrast`` redder
    #: than the cheeks at rest; this only ever lowers quality.
    lip_contrast_kept: Ramp
    min_rest_lip_contrast: float = Field(ge=0)
    min_quality: float = Field(gt=0, lt=1)  # frames under this count as lost


class JudgeableSettings(StrictSettings):
    """When a seat's face is too small or too poorly seen to judge at all (vision.judgeable):
    the seat is then reported unjudgeable and its frames are not judged, rather than guessed."""

    min_face_width_px: float = Field(gt=0)  # the face box's width in frame pixels
    #: The face must stay too small (or under ``quality.min_quality``) this long to be reported
    #: unjudgeable, and judgeable again this long to be judged again.
    hold_ms: int = Field(ge=0)


class SpeechSettings(StrictSettings):
    """How talking is read (vision.measures.speech)."""

    window_ms: int = Field(gt=0)  # the lips' travel is summed over this trailing window
    #: The lips' gap (face sizes) is followed with this much play: a landmark's jitter within
    #: it travels nowhere.
    deadband: float = Field(ge=0)


class TrackingSettings(StrictSettings):
    lost_grace_ms: int = Field(ge=0)  # a face lost for less keeps its gesture going
    twice_window_ms: int = Field(gt=0)  # two events of a kind this close are a repetition
    #: A vetoing kind this close to an event still cancels it, once it has been active for its
    #: own ``min_ms`` (a real wink shuts both eyes for a frame or two, which is no closure).
    veto_margin_ms: int = Field(ge=0)


class PoseReadingSettings(StrictSettings):
    """When a pose's shoulders are read for a face (vision.measures.features.shoulders_of)."""

    min_visibility: float = Field(ge=0, le=1)  # both shoulders at least this visible
    #: The pose's nose may lie this many eye-corner distances from the face mesh's nose tip.
    max_nose_gap: float = Field(gt=0)


class TongueAppearanceSettings(StrictSettings):
    """How tongue-coloured pixels are told apart inside the mouth zone (Lab, OpenCV scale)."""

    redness_of_skin: float = Field(gt=0)  # tongue: a* - 128 at least this times the cheeks'
    min_lightness_of_skin: float = Field(gt=0)  # darker is the mouth's cavity
    max_lightness_of_skin: float = Field(gt=0)  # lighter is teeth or a highlight
    teeth_redness_below_skin: float  # teeth: a* this far under the cheeks' a*
    teeth_lightness_of_skin: float = Field(gt=0)  # ... and lighter than this share of their L*
    below_lip_fraction: float = Field(ge=0)  # how far below the lower lip the zone reaches
    #: Below the lip, a colour (a*, b*) this far from the cheeks' in a way shade cannot explain
    #: (Lab units, vision.measures.tongue): a tongue no redder than the cheeks, by its hue.
    chroma_off_skin: float = Field(gt=0)
    # Against the player's own upper lip: the opening is filled (a tongue) where it is at least
    # this share of the lip's L* and of its chroma; teeth are light and under this share of it.
    fill_lightness_of_lip: float = Field(gt=0)
    fill_chroma_of_lip: float = Field(gt=0)
    teeth_chroma_of_lip: float = Field(gt=0)
    crop_px: int = Field(ge=16)  # the mouth crop is resized to this width
    #: Where the mouth's middle lies, from the corners' midpoint (0) to the lips' midline (1).
    middle_on_midline: float = Field(ge=0, le=1)


class EyeAppearanceSettings(StrictSettings):
    """Where each eye's appearance is sampled (vision.measures.eye_appearance), in eye widths (the
    distance between the eye's corners), and how the eye kinds read it (vision.detectors.eyes)."""

    #: The eye is read in rows from this far below the corners' line to this far above it, each
    #: at three points this far apart across the eye, averaging squares of half-side look_window.
    look_below: float = Field(ge=0)
    look_above: float = Field(gt=0)
    look_rows: int = Field(ge=2)
    look_across: float = Field(ge=0)
    look_window: float = Field(gt=0)
    cheek_below: float = Field(gt=0)  # the cheek reference this far below the eye's centre
    cheek_spread: float = Field(ge=0)  # ... at three points this far apart along the eye
    surround_points: int = Field(ge=5)  # points on the lower half-ellipse around the eye
    surround_across: float = Field(gt=0)  # its half-axis along the eye
    surround_down: float = Field(gt=0)  # its half-axis down the face
    window: float = Field(gt=0)  # half-side of the square averaged at each point
    min_eye_px: float = Field(gt=0)  # a smaller eye is not measured
    #: Share of the eye's resting darkness (upper eye against cheek) lost -> how closed it looks.
    look: Ramp
    #: How far an eye that still looks open (no darkness lost) lowers its eyeBlink's reading of
    #: shut, where the eye shows at least ``min_rest_darkness`` at rest.
    look_weight: float = Field(ge=0, le=1)
    min_rest_darkness: float = Field(ge=0, lt=1)
    #: What MediaPipe's eyeBlink reads on a shut eye, whatever the eye's rest: an eye resting
    #: so high that a kind's ``shut_blink`` would carry it past this cannot be read shut.
    shut_reads: float = Field(gt=0, le=1)


class OcclusionSettings(StrictSettings):
    """Something in front of part of the face (vision.measures.face_occlusion): where the skin
    around the mouth and on the cheeks is sampled, and how a change of its pattern from rest is
    read."""

    window: float = Field(gt=0)  # half-side of the square averaged at each landmark (face size)
    min_face_px: float = Field(gt=0)  # a smaller face is not measured
    #: Share of a region's points the light's gain and offset are refitted on (the others may
    #: be a tongue over the chin or a fold that moved).
    keep: float = Field(gt=0, le=1)
    quantile: float = Field(gt=0, lt=1)  # the misfit read at this quantile of the points
    min_rest_spread: float = Field(ge=0)  # a region flatter than this at rest (grey) tells nothing
    #: Grey levels of noise (compression, sensor) added to the misfit: a pattern whose contrast
    #: under the fitted gain sinks to it is gone, however well a flat line fits it.
    noise_grey: float = Field(gt=0)
    #: Pattern change (vision.measures.face_occlusion.pattern_change) -> how far it is hidden.
    hidden: Ramp
    #: Degrees the head has turned, tilted or nodded from rest -> how far a pattern change is
    #: put down to the light falling on the skin anew rather than to a hand: the pattern is
    #: measured against a resting one seen from the front.
    turned_deg: Ramp
    hold_ms: int = Field(ge=0)  # a region hidden this recently still counts as hidden
    #: A region changed without a break this long has a new rest: its present look becomes it.
    settle_ms: int = Field(gt=0)


class DetectorSettings(StrictSettings):
    calibration: CalibrationSettings
    baseline: BaselineSettings
    quality: QualitySettings
    judgeable: JudgeableSettings
    tracking: TrackingSettings
    speech: SpeechSettings
    pose: PoseReadingSettings
    tongue: TongueAppearanceSettings
    eyes: EyeAppearanceSettings
    occlusion: OcclusionSettings
    enrolment: EnrolmentSettings
    gestures: GestureKinds

    def with_sensitivities(self, sensitivities: dict[str, float]) -> DetectorSettings:
        """A copy where the named kinds' sensitivities are replaced (a player's file)."""
        unknown = set(sensitivities) - set(GESTURE_KINDS)
        if unknown:
            raise SettingsError(f"unknown gesture kinds in sensitivities: {sorted(unknown)}")
        bad = {kind: value for kind, value in sensitivities.items() if not 0 < value <= 5}
        if bad:
            raise SettingsError(f"sensitivities must be in (0, 5]: {bad}")
        updates = {
            kind: self.gestures.of(kind).model_copy(update={"sensitivity": float(value)})
            for kind, value in sensitivities.items()
        }
        return self.model_copy(update={"gestures": self.gestures.model_copy(update=updates)})

    def with_shut_blink(self, gates: dict[str, tuple[float, float]]) -> DetectorSettings:
        """A copy where the named eye kinds' ``shut_blink`` ramps are replaced (a player's own
        shut eyes, learnt by enrolment)."""
        updates = {}
        for kind, (lo, hi) in gates.items():
            current = self.gestures.of(kind)
            if not isinstance(current, EyeReading):
                raise SettingsError(f"{kind} is not read from the eyes")
            if not 0 <= lo < hi <= 1:
                raise SettingsError(f"{kind}: shut_blink must rise within 0..1, not {lo}..{hi}")
            updates[kind] = current.model_copy(update={"shut_blink": (float(lo), float(hi))})
        return self.model_copy(update={"gestures": self.gestures.model_copy(update=updates)})


def load_detector_settings(path: Path | None = None) -> DetectorSettings:
    """Read and validate the detector settings (``models/detectors.toml`` by default)."""
    return load_settings(path or DEFAULT_SETTINGS_PATH, DetectorSettings, "detector settings")


@lru_cache(maxsize=1)
def default_detector_settings() -> DetectorSettings:
    """``models/detectors.toml``, read once per process."""
    return load_detector_settings()
