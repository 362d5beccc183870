"""All gesture kinds of one seat: baseline, quality gating, vetoes between kinds, repetitions."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

from engine.gesture import Gesture, gesture_label
from vision.config.detector_settings import EYE_REGIONS, DetectorSettings, KindSettings
from vision.detectors.base import KindDetector
from vision.detectors.brows_raised import BrowsRaisedDetector
from vision.detectors.enrolment import (
    enrolled_sensitivities,
    enrolled_settings,
    unguarded_eye_kinds,
    was_seen,
)
from vision.detectors.eyes import EYE_SIGNALS, EyeKindDetector
from vision.detectors.eyes_closed import EyesClosedDetector
from vision.detectors.head_tilt import HeadTiltDetector
from vision.detectors.lip_bite import LipBiteDetector
from vision.detectors.mouth_twist import MouthTwistDetector
from vision.detectors.occlusion import HiddenRegions
from vision.detectors.pout import PoutDetector
from vision.detectors.shrug import ShrugDetector
from vision.detectors.state import Event, EventTracker, NearMiss, Phase
from vision.detectors.tongue_out import TongueOutDetector
from vision.detectors.wink import WinkDetector
from vision.measures.baseline import (
    Baseline,
    CalibrationStatus,
    EnrolledKind,
    load_player,
    save_player,
)
from vision.measures.face_occlusion import SIGNAL_PREFIX
from vision.measures.features import FaceFeatures, ramp, smile_of
from vision.measures.recent_peak import RecentPeak
from vision.measures.speech import SpeechActivity

DETECTOR_CLASSES: tuple[type[KindDetector[Any]], ...] = (
    WinkDetector,
    EyesClosedDetector,
    LipBiteDetector,
    TongueOutDetector,
    MouthTwistDetector,
    BrowsRaisedDetector,
    PoutDetector,
    HeadTiltDetector,
    ShrugDetector,
)

#: How long activity intervals are kept for vetoes and gestures for repetition counts.
_HISTORY_MS = 20_000
#: Near misses kept for a reader that has not taken them (the oldest go first).
_NEAR_MISSES_KEPT = 32


@dataclass(frozen=True, slots=True)
class NearMissedGesture:
    """A seat's gesture that reached its kind's ``on`` but was held too briefly or too long
    to count (``state.NearMiss``): what the practice page tells a player it lacked."""

    seat: int
    kind: str
    miss: NearMiss

    @property
    def label(self) -> str:
        return gesture_label(self.kind, self.miss.side)

    def to_dict(self) -> dict[str, Any]:
        m = self.miss
        return {
            "seat": self.seat, "kind": self.kind, "side": m.side, "label": self.label,
            "start_ms": m.start_ms, "end_ms": m.end_ms, "lasted_ms": m.end_ms - m.start_ms,
            "reason": m.reason, "limit_ms": m.limit_ms,
        }  # fmt: skip


@dataclass(slots=True)
class ActiveSpan:
    """A time a kind's activation stayed at or over its ``on`` (``end_ms`` None: still)."""

    start_ms: int
    end_ms: int | None = None


class SeatGestureDetector:
    """Turns one seat's per-frame FaceFeatures into Gesture events.

    The first ``calibration.seconds`` of good frames calibrate the baseline (``calibration``
    reports progress), unless a player's file was loaded. The frames seen meanwhile are kept and
    judged against that baseline once it is ready, so a seña made while the seat calibrated (a
    recording that opens on one) is reported then, late, not lost. A gesture is returned
    by the ``update`` call on which it ends (``end_hold_ms`` after its last active frame). Two
    gestures of one kind and side within ``tracking.twice_window_ms`` are both returned: the
    engine reads the pair as "twice"; :meth:`repetition` tells which one of a series a gesture is.
    """

    def __init__(self, seat: int, settings: DetectorSettings) -> None:
        self.seat = seat
        self.settings = settings
        self.baseline = Baseline.from_settings(settings)
        #: The player's own señas, learnt by enrolment (vision.detectors.enrolment).
        self.enrolment: dict[str, EnrolledKind] = {}
        #: Called with the frame's time after every frame the gestures were read on (an
        #: enrolment window watching the raw scores).
        self.watchers: list[Callable[[int], None]] = []
        #: When the face was first and last seen, and its shoulders last: see
        #: ``shoulders_in_view``.
        self._watched_ms: tuple[int, int] | None = None
        self._shoulders_seen_ms: int | None = None
        #: Each eye's eyeBlink rise on the last frame, and the highest held two frames running
        #: since the calibration, kept through new settings (see ``eyes_unreadable``).
        self._eyes_before = (0.0, 0.0)
        self._eyes_reached = (0.0, 0.0)
        #: The eye kinds' shut eye before any enrolment: each enrolment starts from it, so a
        #: level lowered with no look down seen comes back up once one is.
        self._unenrolled_shut = {
            cls.kind: settings.gestures.of(cls.kind).shut_blink  # type: ignore[attr-defined]
            for cls in DETECTOR_CLASSES
            if issubclass(cls, EyeKindDetector)
        }
        self._build(settings)

    def _build(self, settings: DetectorSettings) -> None:
        self.settings = settings
        self.detectors = [self._detector(cls, settings) for cls in DETECTOR_CLASSES]
        self._shrug = next(d for d in self.detectors if isinstance(d, ShrugDetector))
        self._eye_detectors = [d for d in self.detectors if isinstance(d, EyeKindDetector)]
        self.trackers = {
            d.kind: EventTracker(settings.gestures.of(d.kind), settings.tracking.lost_grace_ms)
            for d in self.detectors
        }
        self._scores = {d.kind: 0.0 for d in self.detectors}
        #: (kind, speech_hold_ms, speech_veto) of each kind a talking face holds back.
        self._speech_vetoes = [
            (d.kind, d.settings.speech_hold_ms, d.settings.speech_veto)
            for d in self.detectors
            if d.settings.speech_veto is not None
        ]
        self._raw_scores = dict(self._scores)
        self.hidden_regions = HiddenRegions(
            settings.occlusion, {r for d in self.detectors for r in d.settings.occluded_by}
        )
        self._active: dict[str, deque[ActiveSpan]] = {d.kind: deque() for d in self.detectors}
        self._recent: deque[Gesture] = deque()
        #: Kept until taken; bounded, as a reader that never takes them (a replay) must not
        #: gather one per blink for hours.
        self._near_misses: deque[NearMissedGesture] = deque(maxlen=_NEAR_MISSES_KEPT)
        self._releasing_until: dict[str, int] = {}
        #: Per kind held past its maximum, its signals' resting values from before: the face
        #: going back to them ends the posture, and they are the rest again at once.
        self._rest_before: dict[str, dict[str, float]] = {}
        self._first_usable_ms: int | None = None
        #: Every frame since the first usable one, while calibrating: judged once it is done.
        self._calibrating_frames: deque[tuple[int, FaceFeatures | None]] = deque()
        #: Whether a frame not at rest went into the calibration (``lenient_after_seconds``).
        self._rest_guessed = False
        self._resting = True  # the last usable frame while calibrating was a resting face
        self._last_delta: Mapping[str, float] = {}
        self._speech = SpeechActivity(settings.speech.window_ms, settings.speech.deadband)
        self._held_by_talk = False  # see ``talking``
        #: Talking lately, for the kinds whose ``speech_veto`` reads it over ``speech_hold_ms``
        #: and those that read it themselves (``talk_memory_ms``).
        self._talked = RecentPeak(
            max(max(d.settings.speech_hold_ms, d.talk_memory_ms) for d in self.detectors)
        )
        #: Until when the eyes' own closing explains their regions' change (see ``update``).
        self._eyes_shut_until = -1
        #: Since when either eye has stood away from its rest (see ``_eyes_away``).
        self._eyes_away_since: int | None = None

    def _detector(
        self, cls: type[KindDetector[Any]], settings: DetectorSettings
    ) -> KindDetector[Any]:
        """One kind's detector; the eye kinds also read how eyes are seen (``[eyes]``)."""
        if issubclass(cls, EyeKindDetector):
            return cls(settings.gestures.of(cls.kind), settings.eyes)
        return cls(settings.gestures.of(cls.kind))

    @property
    def calibration(self) -> CalibrationStatus:
        status = self.baseline.status
        status.resting = status.state == "ready" or self._resting
        status.guessed = self._rest_guessed
        return status

    @property
    def wants_pose(self) -> bool:
        """Whether this seat's face needs the pose model (see ShrugDetector.wants_pose)."""
        return self._shrug.wants_pose

    @property
    def talking(self) -> bool:
        """Whether the face's talking, as of its last frame (or over a kind's
        ``speech_hold_ms`` before it), holds back a kind that a talking face makes in passing
        (its ``speech_veto``): the pages tell the player so."""
        return self._held_by_talk

    @property
    def shoulders_in_view(self) -> bool:
        """Whether a shrug could be seen: both shoulders were in the picture (the strips beside
        the neck, or the pose's points) within the last ``view_hold_ms``. A face framed to the
        collar, as a laptop's camera frames the player in front of it, never shrugs; the pages
        say so rather than leave a shrug unseen without a word. True until the face has been
        watched that long."""
        if self._watched_ms is None:
            return True
        first, last = self._watched_ms
        hold = self._shrug.settings.view_hold_ms
        seen = self._shoulders_seen_ms if self._shoulders_seen_ms is not None else first
        return last - seen < hold

    def scores(self) -> dict[str, float]:
        """Live activation per gesture kind (0..1), after sensitivity."""
        return dict(self._scores)

    def raw_scores(self) -> dict[str, float]:
        """Live activation per gesture kind (0..1) before sensitivity: what enrolment reads."""
        return dict(self._raw_scores)

    def recalibrate(self) -> None:
        self.baseline.restart()
        self._forget_eyes_reached()
        self._build(self.settings)

    def update(self, ts_ms: int, features: FaceFeatures | None) -> list[Gesture]:
        """Feed one frame (None: the face was not seen); returns the gestures that ended."""
        if features is not None:
            self._watched_ms = (self._watched_ms or (ts_ms, ts_ms))[0], ts_ms
            if features.shoulder_strips is not None or features.shoulders is not None:
                self._shoulders_seen_ms = ts_ms
        if not self.baseline.ready:
            return self._calibrate(ts_ms, features)
        return self._judge(ts_ms, features)

    def _usable(self, features: FaceFeatures | None) -> TypeGuard[FaceFeatures]:
        return features is not None and features.quality >= self.settings.quality.min_quality

    def _calibrate(self, ts_ms: int, features: FaceFeatures | None) -> list[Gesture]:
        """Calibrate on a resting face (on any usable one after ``lenient_after_seconds``);
        once the baseline is ready, the frames seen since the first usable one are judged."""
        calibration = self.settings.calibration
        if self._first_usable_ms is not None and not self._rest_guessed:
            self._calibrating_frames.append((ts_ms, features))
            kept_ms = (calibration.lenient_after_seconds + calibration.seconds) * 1000
            while self._calibrating_frames[0][0] < ts_ms - kept_ms:
                self._calibrating_frames.popleft()
        if not self._usable(features):
            self._held_by_talk = False
            self.baseline.gap()
            return []
        if self._first_usable_ms is None:
            self._first_usable_ms = ts_ms
            self._calibrating_frames.append((ts_ms, features))
        signals = features.signals()
        self._resting = self._neutral(features, signals)
        lenient = ts_ms - self._first_usable_ms > calibration.lenient_after_seconds * 1000
        if self._resting or lenient:
            self.baseline.calibrate(ts_ms, signals)
            if not self._resting and not self._rest_guessed:
                self._rest_guessed = True
                self._calibrating_frames.clear()  # none of them will be judged
        else:
            self.baseline.gap()
        if not self.baseline.ready:
            return []
        held, self._calibrating_frames = list(self._calibrating_frames), deque()
        if self._rest_guessed:  # measured against a rest this face never showed: not judged
            return []
        return [g for ts, f in held for g in self._judge(ts, f, replayed=True)]

    def _judge(
        self, ts_ms: int, features: FaceFeatures | None, replayed: bool = False
    ) -> list[Gesture]:
        """Read one frame's gestures against the baseline (``replayed``: a frame held while
        calibrating, whose time has passed: nobody is watching it live)."""
        if not self._usable(features):
            self._held_by_talk = False
            self._missing(ts_ms, self._scores)
            return []
        minimum = self.settings.quality.min_quality
        signals = features.signals()
        delta = self.baseline.delta(signals)
        self._last_delta = delta
        self._note_eyes_reached(delta)
        mouth_quality = min(features.mouth_quality, self._lips_in_view(features.mouth.lip_contrast))
        smile = smile_of(delta)
        self.hidden_regions.update(ts_ms, delta, self.baseline.values)
        # A hand passing over the mouth moves its landmarks too: that is not talking.
        mouth_seen = min(mouth_quality, 1.0 - self.hidden_regions.hidden(["mouth"])) >= minimum
        talking = self._speech.update(ts_ms, features.mouth_open) if mouth_seen else 0.0
        self._talked.update(ts_ms, talking)
        heard = {  # per kind with a speech veto: the talking it reads
            kind: self._talked.within(ts_ms, hold_ms) for kind, hold_ms, _ in self._speech_vetoes
        }
        self._held_by_talk = any(heard[kind] > veto[0] for kind, _, veto in self._speech_vetoes)
        ended: list[tuple[str, Event]] = []
        for detector in self.detectors:
            kind, tracker = detector.kind, self.trackers[detector.kind]
            quality = mouth_quality if detector.settings.region == "mouth" else features.quality
            if detector.settings.occluded_by:
                hidden = self.hidden_regions.hidden(self._covering(detector, ts_ms, delta))
                quality = min(quality, 1.0 - hidden)
            if quality < minimum:
                self._missing(ts_ms, [kind])
                continue
            if detector.talk_memory_ms:
                detector.hear(self._talked.within(ts_ms, detector.talk_memory_ms))
            value, side = detector.activation(delta, features, self.baseline.values)
            before = value
            if detector.settings.smile_veto is not None:
                value *= 1.0 - ramp(smile, detector.settings.smile_veto)
            if detector.settings.speech_veto is not None:
                value *= 1.0 - ramp(heard[kind], detector.settings.speech_veto)
            if value < detector.settings.off <= before:
                detector.held_back()
            self._raw_scores[kind] = value
            value = min(value * detector.settings.sensitivity, 1.0)
            self._scores[kind] = value
            self._note_activity(kind, ts_ms, value >= detector.settings.on)
            event = tracker.update(ts_ms, value, side, quality)
            if event is not None:
                ended.append((kind, event))
            if tracker.near_miss is not None:
                self._note_near_miss(kind)
        if any(self._scores[d.kind] >= d.settings.off for d in self._eye_kinds()):
            self._eyes_shut_until = ts_ms + self.settings.occlusion.hold_ms
        if not replayed:  # a replayed frame leaves the rest it calibrated as it is
            self._adapt(ts_ms, signals)
            for watch in list(self.watchers):
                watch(ts_ms)
        return [self._emit(kind, event) for kind, event in ended if not self._vetoed(kind, event)]

    def flush(self, ts_ms: int) -> list[Gesture]:
        """The stream ended at ``ts_ms``: report gestures still in progress that already count."""
        ended = []
        for kind, tracker in self.trackers.items():
            event = tracker.flush()
            if event is not None and not self._vetoed(kind, event):
                ended.append(self._emit(kind, event))
            self._note_near_miss(kind)
        return ended

    def take_near_misses(self) -> list[NearMissedGesture]:
        """The gestures that reached ``on`` and ended without counting since the last call."""
        missed = list(self._near_misses)
        self._near_misses.clear()
        return missed

    def _note_near_miss(self, kind: str) -> None:
        miss = self.trackers[kind].take_near_miss()
        if miss is not None:
            self._near_misses.append(NearMissedGesture(self.seat, kind, miss))

    def repetition(self, gesture: Gesture) -> int:
        """1 for a gesture on its own, 2 for the second of a pair of the same kind and side
        within ``tracking.twice_window_ms``, and so on."""
        window = self.settings.tracking.twice_window_ms
        count, last_start = 1, gesture.start_ms
        for earlier in reversed(self._recent):
            if earlier.end_ms >= gesture.end_ms or (earlier.kind, earlier.side) != (
                gesture.kind,
                gesture.side,
            ):
                continue
            if last_start - earlier.end_ms > window:
                break
            count, last_start = count + 1, earlier.start_ms
        return count

    def sensitivities(self) -> dict[str, float]:
        """The sensitivity of every gesture kind now in use."""
        return {d.kind: d.settings.sensitivity for d in self.detectors}

    def set_sensitivities(self, sensitivities: Mapping[str, float]) -> None:
        """Use new sensitivities for the named kinds, keeping the baseline (gestures under way
        are dropped). Raises SettingsError for an unknown kind or a value out of (0, 5]."""
        self._build(self.settings.with_sensitivities(dict(sensitivities)))

    def _eye_kinds(self) -> list[EyeKindDetector[Any]]:
        return self._eye_detectors

    def shut_rises(self) -> dict[str, float]:
        """How far this frame's eyeBlink has risen over rest, per eye kind, from the eye it rests
        on (the more shut one for a wink, the less shut for eyes_closed): what enrolment keeps."""
        left = self._last_delta.get("eyeBlinkLeft", 0.0)
        right = self._last_delta.get("eyeBlinkRight", 0.0)
        return {d.kind: d.of_eyes(left, right) for d in self._eye_kinds()}

    @property
    def eyes_unreadable(self) -> list[str]:
        """The eye kinds this face may not be read making: a shut eye reads eyeBlink about
        ``[eyes] shut_reads`` whatever its rest, so an eye resting closer to it than a kind's
        ``shut_blink`` cannot rise that far over its rest. A kind is named until the face has
        shown otherwise (its eyes held that far over rest for two frames running, as in a full
        blink) or the player has enrolled it (their own ``shut_blink``)."""
        if not self.baseline.ready:
            return []
        reads = self.settings.eyes.shut_reads
        rest = self.baseline.values
        left, right = reads - rest.get("eyeBlinkLeft", 0.0), reads - rest.get("eyeBlinkRight", 0.0)
        return [
            d.kind
            for d in self._eye_kinds()
            if d.of_eyes(left, right) < d.settings.shut_blink[1]
            and d.of_eyes(*self._eyes_reached) < d.settings.shut_blink[1]
        ]

    def _forget_eyes_reached(self) -> None:
        """A new rest: how far the eyes rose over the old one shows nothing about it."""
        self._eyes_before = self._eyes_reached = (0.0, 0.0)

    def _note_eyes_reached(self, delta: Mapping[str, float]) -> None:
        """Keep, per eye, the highest eyeBlink rise held two frames running (see
        ``eyes_unreadable``)."""
        left, right = delta.get("eyeBlinkLeft", 0.0), delta.get("eyeBlinkRight", 0.0)
        (left_before, right_before), (left_reached, right_reached) = (
            self._eyes_before,
            self._eyes_reached,
        )
        self._eyes_reached = (
            max(left_reached, min(left, left_before)),
            max(right_reached, min(right, right_before)),
        )
        self._eyes_before = (left, right)

    @property
    def eyes_unguarded(self) -> list[str]:
        """The eye kinds whose level the player's enrolment lowered with no look down at the
        cards seen in its talking window (see ``unguarded_eye_kinds``)."""
        return unguarded_eye_kinds(self.enrolment, self._unenrolled())

    def _unenrolled(self) -> DetectorSettings:
        """The settings in use with the eye kinds' shut eye as before any enrolment."""
        return self.settings.with_shut_blink(self._unenrolled_shut)

    def _build_for_player(
        self, sensitivities: Mapping[str, float], enrolment: Mapping[str, EnrolledKind]
    ) -> None:
        """The detectors again, with a player's sensitivities and the shut eyes enrolled."""
        self._build(enrolled_settings(self._unenrolled(), enrolment, sensitivities))

    def use_enrolment(self, enrolment: Mapping[str, EnrolledKind]) -> dict[str, float]:
        """Keep a player's enrolled señas and use the sensitivities and shut eyes they call for
        (gestures under way are dropped); returns the sensitivities."""
        self.enrolment.update(enrolment)
        sensitivities = enrolled_sensitivities(enrolment, self.settings)
        self._build_for_player(sensitivities, self.enrolment)
        return sensitivities

    def load_player(self, path: Path) -> str:
        """Use a player's calibrated baseline, sensitivities and enrolled señas; returns the
        player's name."""
        player = load_player(path)
        self._build_for_player(player.sensitivities, player.enrolment)
        self.baseline.load(player.baseline)
        self._forget_eyes_reached()
        self.enrolment = dict(player.enrolment)
        return player.player

    def save_player(self, path: Path, player: str) -> None:
        """Write the current baseline, sensitivities and enrolled señas as ``player``'s file: a
        kind shown but not seen (``was_seen``) is kept as missed, to show again, not as learnt."""
        if not self.baseline.ready:
            raise RuntimeError("the baseline is still calibrating")
        rules = self.settings.enrolment
        learnt = {k: e for k, e in self.enrolment.items() if was_seen(e, rules)}
        missed = [k for k in self.enrolment if k not in learnt]
        save_player(path, player, self.baseline.values, self.sensitivities(), learnt, missed=missed)

    def _covering(
        self, detector: KindDetector[KindSettings], ts_ms: int, delta: Mapping[str, float]
    ) -> Sequence[str]:
        """The regions whose hiding cancels ``detector``'s kind this frame. Shut eyes change
        their own regions as a hand over them would: while an eye kind reads them shut (and for
        the occlusion's hold after), the eye regions hide nothing (a real raise of the brows
        right after a closure was held back 166 ms). So does a mouth kind's own gesture: once
        its event has lasted ``min_ms`` (it counts already), the mouth region no longer cancels
        it (a tongue drawn back into an open mouth read as a hand over it at 100 px, and a held
        pout's lips changed it so). A hand passing over a gesture just begun still does, unless
        the kind's own reading accounts for the change (``explained_regions``)."""
        regions: Sequence[str] = detector.settings.occluded_by
        if detector.settings.region == "mouth" and self.trackers[detector.kind].lasted(ts_ms):
            regions = [r for r in regions if r != "mouth"]
        explained = detector.explained_regions(delta)
        if explained:
            regions = [r for r in regions if r not in explained]
        if ts_ms <= self._eyes_shut_until:
            return [r for r in regions if r not in EYE_REGIONS]
        return regions

    def _lips_in_view(self, lip_contrast: float) -> float:
        """1 while the upper lip stays as much redder than the cheeks as at rest, falling to 0
        as it loses that (a hand over the mouth). Lips no redder than the cheeks at rest give
        no such cue, so they never lower the quality."""
        q = self.settings.quality
        rest = self.baseline.values.get("lip_contrast", 0.0)
        if rest < q.min_rest_lip_contrast:
            return 1.0
        return ramp(lip_contrast / rest, q.lip_contrast_kept)

    def _neutral(self, features: FaceFeatures, signals: dict[str, float]) -> bool:
        """Whether this frame may calibrate: a resting face with the mouth in view."""
        limits = self.settings.calibration.neutral_max
        minimum = self.settings.quality.min_quality
        if features.mouth_quality < minimum:
            return False
        return all(signals[name] <= top for name, top in limits.items())

    def _missing(self, ts_ms: int, kinds: Iterable[str]) -> None:
        self.baseline.gap()
        for kind in list(kinds):
            self._scores[kind] = 0.0
            self._raw_scores[kind] = 0.0
            self.trackers[kind].missing(ts_ms)
            self._note_activity(kind, ts_ms, False)

    def _note_activity(self, kind: str, ts_ms: int, active: bool) -> None:
        """Keep the intervals in which ``kind`` reached ``on``, for vetoes."""
        spans = self._active[kind]
        if active:
            if spans and spans[-1].end_ms is None:
                return
            spans.append(ActiveSpan(ts_ms))
        elif spans and spans[-1].end_ms is None:
            spans[-1].end_ms = ts_ms
        while spans and spans[0].end_ms is not None and spans[0].end_ms < ts_ms - _HISTORY_MS:
            spans.popleft()

    def _vetoed(self, kind: str, event: Event) -> bool:
        margin = self.settings.tracking.veto_margin_ms
        lo, hi = event.start_ms - margin, event.end_ms + margin
        for other in self.settings.gestures.of(kind).vetoed_by:
            lasting = self.settings.gestures.of(other).min_ms
            for span in self._active[other]:
                end = hi if span.end_ms is None else span.end_ms
                if span.start_ms <= hi and end >= lo and end - span.start_ms >= lasting:
                    return True
        return False

    def _emit(self, kind: str, event: Event) -> Gesture:
        gesture = Gesture(
            seat=self.seat,
            kind=kind,
            side=event.side,
            start_ms=event.start_ms,
            end_ms=event.end_ms,
            peak=event.peak,
            confidence=event.confidence,
        )
        self._recent.append(gesture)
        while self._recent and self._recent[0].end_ms < gesture.end_ms - _HISTORY_MS:
            self._recent.popleft()
        return gesture

    def _restore_if_back(self, kind: str, signals: Mapping[str, float]) -> None:
        """A posture held past its maximum became the rest (the baseline followed it); once the
        face is nearer its rest from before on most of the kind's signals, that rest is back at
        once: a wink held for seconds must not leave a half-shut rest behind for a minute."""
        before = self._rest_before.get(kind)
        if before is None or self.trackers[kind].phase is Phase.OVERLONG:
            return
        now = self.baseline.values
        nearer = [
            abs(signals[n] - before[n]) < abs(signals[n] - now[n]) for n in before if n in signals
        ]
        if nearer and sum(nearer) * 2 > len(nearer):
            self.baseline.rest_at(before)
            del self._rest_before[kind]
            self._releasing_until.pop(kind, None)

    def _eyes_away(self, ts_ms: int) -> bool:
        """Whether either eye stands away from its rest (eyeBlink risen ``eyes_away_rise``: a
        blink, a look down at the cards, a squint), and not yet for ``eyes_away_seconds`` on end.
        The eyes' rest waits meanwhile: followed, a hand's looks down would lift it until a
        closure no longer rose far enough over it."""
        s = self.settings.baseline
        delta = self._last_delta
        risen = max(delta.get("eyeBlinkLeft", 0.0), delta.get("eyeBlinkRight", 0.0))
        if risen <= s.eyes_away_rise:
            self._eyes_away_since = None
            return False
        if self._eyes_away_since is None:
            self._eyes_away_since = ts_ms
        return ts_ms - self._eyes_away_since < s.eyes_away_seconds * 1000.0

    def _adapt(self, ts_ms: int, signals: Mapping[str, float]) -> None:
        frozen: set[str] = set()
        released: set[str] = set()
        for detector in self.detectors:
            tracker = self.trackers[detector.kind]
            self._restore_if_back(detector.kind, signals)
            if tracker.phase is Phase.OVERLONG:
                self._rest_before.setdefault(
                    detector.kind,
                    {
                        n: self.baseline.values[n]
                        for n in detector.signals
                        if n in self.baseline.values
                    },
                )
                # Keep releasing for a while after the posture lets go of `off`, and start no
                # gesture of this kind meanwhile: what is left of it is the new resting face.
                self._releasing_until[detector.kind] = ts_ms + int(self.baseline.release_ms)
                tracker.hold_off(self._releasing_until[detector.kind])
            if ts_ms <= self._releasing_until.get(detector.kind, -1):
                released.update(detector.signals)
            elif (
                tracker.phase is Phase.ACTIVE
                or self._scores[detector.kind] >= detector.settings.off
            ):
                frozen.update(detector.signals)
        if self._eyes_away(ts_ms):  # a posture held past its kind's max_ms still releases them
            frozen.update(set(EYE_SIGNALS) - released)
        self.baseline.adapt(ts_ms, signals, frozen=frozen, released=released - frozen)
        prefixes = tuple(SIGNAL_PREFIX[r] for r in self.hidden_regions.settled(ts_ms))
        if prefixes:
            self.baseline.rest_at({n: v for n, v in signals.items() if n.startswith(prefixes)})
