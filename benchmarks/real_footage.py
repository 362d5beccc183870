"""Vision measured on real footage of real people: the yardstick the generated sets are not.

    python -m benchmarks.real_footage FOOTAGE_DIR... [--split tuning|heldout|all] [--cache DIR]
        [--truth DIR]

Every clip named by a truth file in ``benchmarks/real_footage/`` (made from the footage's frame
labels by ``import_footage_labels.py``) is looked for in each FOOTAGE_DIR in turn (the first that
holds it is used, so a clip in two folders counts once; ``get_photos``' DIR/footage holds the
registry's clips in the same layout) and run through the real pipeline, with the clip's first
frame held for ``--lead-in`` seconds in front of it, as a player sits still while calibrating
(truth times are shifted to match). Two figures, per split:

- on the clips where people signal: precision, recall and median onset error per gesture kind
  and side (``benchmarks/accuracy.py``'s scoring; the labels' unsure moments count neither way),
  and recall and precision on the gestures labelled "sure" alone;
- on the clips of people who give no seña: every gesture is false, counted per five minutes of
  watched face time (the clip itself, the lead-in left out, every face of it), by kind and by
  clip.

A truth file's split names the whole clip, or with ``heldout_from_ms`` its part before that time
(the part after is held out): the one clip of people at a table is needed on both sides.
``--truth DIR`` scores the truth files of another folder instead, such as those
``elan_truth.py`` makes of a club's own recordings, checked in ELAN.
``--mirror`` reads every clip flipped left to right, its labelled sides swapped: a person may
as well have made each gesture with the other side, so what the tuning fit to one side of a face
(or to how MediaPipe reads it) shows there. ``--fps``, ``--light``, ``--jpeg`` and ``--tempo``
read it as a slow camera, another light, a hard video coding, or people faster or slower than
those filmed would show it (``robustness.py`` prints them all). ``--open-inside [F]`` opens each
clip of people signalling on its first gesture (F of the way through it): a recording, or a
seat, that opens on a player already signalling, whose rest cannot be taken until the face
rests. Clips another tracker drew its points on (the truth says ``drawn_marks``) are read with
those marks painted out (``drawn_marks.py``).

``--cache DIR`` keeps each clip's landmarks in DIR (MediaPipe runs once) and reruns only the
features and detectors, with the current code and ``models/detectors.toml``: a detector change
is rescored in seconds. Without it, the whole pipeline runs (the published figures). The footage
is never copied into the repository; only the truth files are. Last lines, one per split, then
the false gestures over every split's watched time when there is more than one:

    SPLIT precision P recall R onset_ms M false_per_5min F (W watched minutes)
    all splits, people not signalling: false_per_5min F (N in W watched minutes; 95% interval)
"""

from __future__ import annotations

import argparse
import itertools
import json
import pickle
import sys
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import cv2
import numpy as np

from benchmarks import intervals
from benchmarks.accuracy import Interval, Score, match, report
from benchmarks.docs_section import outside_named, score_table, write_section
from benchmarks.drawn_marks import paint_out_marks
from benchmarks.rescore import Rows, cache_observations, cached_features, replay_rows
from benchmarks.vary_light import LIGHTS, relight
from engine.gesture import Gesture

if TYPE_CHECKING:  # vision is imported where it is used: these names are for the annotations
    from vision.capture.sources import SourceItem, VideoSource
    from vision.config.detector_settings import DetectorSettings
    from vision.detectors.seat import SeatGestureDetector
    from vision.measures.features import FaceFeatures

TRUTH_DIR = Path(__file__).parent / "real_footage"
#: Seconds the first frame is held before a clip (``--lead-in``); the landmark cache is per value.
LEAD_IN_S = 3.0
LEAD_IN_MS = round(LEAD_IN_S * 1000)
SPLITS = ("tuning", "heldout")


@dataclass(frozen=True)
class Clip:
    """One truth file and the footage it names; or the part of it from ``window[0]`` to
    ``window[1]`` ms (None: the end), when a clip is tuned on up to a time and held out after."""

    name: str
    truth: dict[str, Any]
    video: Path
    window: tuple[int, int | None] = (0, None)
    #: Another tracker's marks to paint out of each frame (``drawn_marks.py``): the truth says
    #: the clip has them, and this is the footage as recorded, not a copy made from it.
    paint_marks: bool = False
    #: Every frame flipped left to right, the truth's sides swapped (``--mirror``).
    mirrored: bool = False
    #: Read at this many frames a second at most, the others dropped (``--fps``): a slow camera,
    #: or a machine the pipeline falls behind on. None: every frame.
    max_fps: float | None = None
    #: Every frame re-lit as a whole (``--light``, ``vary_light.LIGHTS``). None: as filmed.
    light: str | None = None
    #: Every frame coded as a JPEG of this quality and decoded again (``--jpeg``): a webcam's
    #: MJPEG or a network camera's stream. None: as filmed.
    jpeg_quality: int | None = None
    #: Played this many times as fast (``--tempo``, ``retime_clip``): its frames on a clock
    #: that runs ``tempo`` times as fast, as people who signal and talk faster (or, under 1,
    #: slower) than those filmed would show them.
    tempo: float = 1.0
    #: Read from this many ms into the clip on (``--open-inside``, ``open_inside``): a recording,
    #: or a seat, that opens on a player already signalling.
    opened_ms: int = 0

    def prepare(self, image: np.ndarray) -> np.ndarray:
        """One frame as the clip is read: drawn marks painted out, mirrored, re-lit."""
        if self.paint_marks:
            image = paint_out_marks(image)
        if self.mirrored:
            image = cv2.flip(image, 1)
        if self.light is not None:
            image = relight(image, self.light)
        if self.jpeg_quality is not None:
            coded = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, self.jpeg_quality])[1]
            image = np.asarray(cv2.imdecode(coded, cv2.IMREAD_COLOR))
        return image

    def frames(self, lead_in_ms: int) -> Iterator[tuple[int, int, np.ndarray]]:
        """(index, ts_ms, BGR image) of the clip as read, after its lead-in."""
        return lead_in_frames(
            self.video, lead_in_ms, self.prepare, self.max_fps, self.tempo, self.opened_ms
        )

    def offset_ms(self, lead_in_ms: int) -> int:
        """Where the clip itself starts on the clock of ``frames``."""
        return lead_in_ms_of(self.video, lead_in_ms, self.tempo)

    @property
    def label(self) -> str:
        start, end = self.window
        if (start, end) == (0, None):
            return self.name
        return f"{self.name} [{start / 1000:g}-{'' if end is None else f'{end / 1000:g}'} s]"

    @property
    def split(self) -> str:
        split: str = self.truth["split"]
        return split

    @property
    def signalling(self) -> bool:
        signalling: bool = self.truth["signalling"]
        return signalling


def load_clips(folders: Sequence[Path], split: str, truth_dir: Path = TRUTH_DIR) -> list[Clip]:
    """The clips whose video is in one of ``folders``, each from the first that holds it: every
    clip whole for ``split`` "all"; for "tuning" or "heldout" only that split's clips and parts
    (``split_parts``), so a clip held out from a time on never reaches a tuning run whole."""
    clips = []
    for path in sorted(truth_dir.glob("*.truth.json")):
        truth = json.loads(path.read_text())
        if split != "all" and truth["split"] != split and "heldout_from_ms" not in truth:
            continue
        videos = [folder / truth["video"] for folder in folders]
        video = next((v for v in videos if v.is_file()), None)
        if video is None:
            names = ", ".join(str(f) for f in folders)
            print(f"{truth['video']}: not in {names}, left out", file=sys.stderr)
            continue
        name = path.name.removesuffix(".truth.json")
        clips.append(Clip(name, truth, video, paint_marks=_as_recorded_with_marks(truth, video)))
    return clips if split == "all" else split_parts(clips, split)


def _as_recorded_with_marks(truth: dict[str, Any], video: Path) -> bool:
    if not truth.get("drawn_marks", False):
        return False
    capture = cv2.VideoCapture(str(video))
    size = (capture.get(cv2.CAP_PROP_FRAME_WIDTH), capture.get(cv2.CAP_PROP_FRAME_HEIGHT))
    capture.release()
    return size == (truth["width"], truth["height"])


def split_parts(clips: Sequence[Clip], split: str) -> list[Clip]:
    """Each clip whose truth says ``heldout_from_ms`` as two parts, tuning before that time and
    held out from it (their truth gestures cut likewise); the parts of ``split`` are kept."""
    parts = []
    for clip in clips:
        cut = clip.truth.get("heldout_from_ms")
        if cut is None:
            if split in ("all", clip.split):
                parts.append(clip)
            continue
        for part_split, window in (("tuning", (0, cut)), ("heldout", (cut, None))):
            if split not in ("all", part_split):
                continue
            start, end = window
            gestures = [
                g
                for g in clip.truth["gestures"]
                if start <= g["start_ms"] and (end is None or g["start_ms"] < end)
            ]
            truth = {**clip.truth, "split": part_split, "gestures": gestures}
            parts.append(replace(clip, truth=truth, window=window))
    return parts


def mirror_clip(clip: Clip) -> Clip:
    """The clip read mirrored: a player's left is the image's left, so each labelled side swaps
    (a wink of the left eye is one of the right eye in the mirrored picture)."""
    swap = {"left": "right", "right": "left"}
    gestures = [{**g, "side": swap.get(g["side"], g["side"])} for g in clip.truth["gestures"]]
    return replace(clip, truth={**clip.truth, "gestures": gestures}, mirrored=True)


def retime_clip(clip: Clip, tempo: float) -> Clip:
    """The clip played ``tempo`` times as fast: every labelled time, its window and its frame
    rate on that clock."""

    def faster(ms: int) -> int:
        return round(ms / tempo)

    truth = {**clip.truth, "fps": clip.truth["fps"] * tempo}
    for key in ("gestures", "distractors", "ignore"):
        if key in clip.truth:
            truth[key] = [
                {**g, "start_ms": faster(g["start_ms"]), "end_ms": faster(g["end_ms"])}
                for g in clip.truth[key]
            ]
    start, end = clip.window
    window = (faster(start), None if end is None else faster(end))
    return replace(clip, truth=truth, window=window, tempo=clip.tempo * tempo)


def open_inside(clip: Clip, into: float = 0.0) -> Clip:
    """A clip of people signalling read from its first labelled gesture on (``into`` that far
    through it, 0 its first frame), its labels on that clock: as a recording, or a seat, that
    opens on a player already signalling. That gesture, shown while the seat calibrates, counts
    neither way; the labels that ended before are left out. Other clips are as they were."""
    gestures = clip.truth["gestures"]
    if not clip.signalling or not gestures or clip.window != (0, None):
        return clip
    first = min(gestures, key=lambda g: g["start_ms"])
    fps = clip.truth["fps"]
    at_ms = first["start_ms"] + into * (first["end_ms"] - first["start_ms"])
    frames = round(at_ms * fps / 1000)
    cut = round(frames * 1000 / fps)
    truth: dict[str, Any] = {**clip.truth, "frames": clip.truth["frames"] - frames}
    shown = [
        {"seat": g["seat"], "kind": g["kind"], "start_ms": g["start_ms"], "end_ms": g["end_ms"]}
        for g in gestures
        if g["start_ms"] <= cut < g["end_ms"]
    ]
    for key in ("gestures", "distractors"):
        truth[key] = [
            {**g, "start_ms": g["start_ms"] - cut, "end_ms": g["end_ms"] - cut}
            for g in clip.truth.get(key, [])
            if g["start_ms"] > cut
        ]
    truth["ignore"] = [  # the unsure moments still under way at the cut are kept from it on
        {**g, "start_ms": max(g["start_ms"] - cut, 0), "end_ms": g["end_ms"] - cut}
        for g in [*shown, *clip.truth.get("ignore", [])]
        if g["end_ms"] > cut
    ]
    return replace(clip, truth=truth, opened_ms=clip.opened_ms + cut)


def lead_in_frames(
    video: Path,
    lead_in_ms: int,
    prepare: Callable[[np.ndarray], np.ndarray] | None = None,
    max_fps: float | None = None,
    tempo: float = 1.0,
    opened_ms: int = 0,
) -> Iterator[tuple[int, int, np.ndarray]]:
    """(index, ts_ms, BGR image): the first frame held for ``lead_in_ms``, then the clip, on one
    clock at the clip's own rate (``tempo`` times it: the clip played faster or slower); each
    frame passed through ``prepare`` (``Clip.prepare``). With ``max_fps`` under that rate, only
    the first frame of each 1/max_fps slot is kept, on the same clock, as a pipeline that cannot
    keep up drops the frames between. With ``opened_ms``, the clip's frames before that time (on
    its played clock) are left out: its first frame is the one there."""
    capture = cv2.VideoCapture(str(video))
    fps = (capture.get(cv2.CAP_PROP_FPS) or 30.0) * tempo
    clean = prepare or _unchanged
    keep_rate = min(max_fps or fps, fps)
    try:
        for _ in range(round(opened_ms * fps / 1000)):
            capture.grab()
        ok, image = capture.read()
        if not ok:
            raise SystemExit(f"cannot decode {video}")
        first = clean(image)
        held = round(lead_in_ms * fps / 1000)  # the clip's own first frame is at index held
        index, slot = 0, -1
        while True:
            if index > held:
                ok, image = capture.read()
                if not ok:
                    return
            if int(index * keep_rate / fps) > slot:
                slot = int(index * keep_rate / fps)
                yield index, round(index * 1000 / fps), first if index <= held else clean(image)
            index += 1
    finally:
        capture.release()


def _unchanged(image: np.ndarray) -> np.ndarray:
    return image


def lead_in_ms_of(video: Path, lead_in_ms: int, tempo: float = 1.0) -> int:
    """Where the clip itself starts on the lead-in clock (played at ``tempo``)."""
    capture = cv2.VideoCapture(str(video))
    fps = (capture.get(cv2.CAP_PROP_FPS) or 30.0) * tempo
    capture.release()
    return round(round(lead_in_ms * fps / 1000) * 1000 / fps)


def lead_in_source(clip: Clip, lead_in_ms: int) -> VideoSource:
    """The clip with its lead-in as a pipeline source."""
    from vision.capture.sources import VideoSource
    from vision.observation import Frame

    class LeadInSource(VideoSource):
        source_id = clip.video.name
        stills = False

        def __iter__(self) -> Iterator[SourceItem]:
            for index, ts, image in clip.frames(lead_in_ms):
                if self.stopped:
                    return
                yield Frame(ts, image, self.source_id, index)

    return LeadInSource()


@dataclass
class Run:
    """What the pipeline made of one clip, on the clip's own clock."""

    gestures: list[Gesture]
    watched_ms: float
    talking_ms: float = 0.0  # of the watched time, how long the seats read as talking
    #: Per seat, the eye kinds its eyes rested too narrowed to be read making at the clip's end.
    eyes_unreadable: dict[int, tuple[str, ...]] = field(default_factory=dict)


def run_pipeline(clip: Clip, lead_in_ms: int) -> Run:
    from vision.pipeline import Pipeline

    gestures: list[Gesture] = []
    stamps: list[tuple[int, int]] = []
    talking: set[tuple[int, int]] = set()
    narrow: dict[int, tuple[str, ...]] = {}
    offset = clip.offset_ms(lead_in_ms)
    start, end = window_on_clock(offset, clip.window)
    with Pipeline(lead_in_source(clip, lead_in_ms)) as pipeline:
        for result in pipeline:
            gestures += result.gestures
            if result.end_of_stream or result.gap is not None:
                continue
            seen = [(seat, view) for seat, view in result.seats.items() if view.face is not None]
            stamps += [(seat, result.frame.ts_ms) for seat, _ in seen]
            talking.update((seat, result.frame.ts_ms) for seat, view in seen if view.talking)
            if start <= result.frame.ts_ms < end:
                narrow.update((seat, view.eyes_unreadable) for seat, view in seen)
    run = on_clip_clock(gestures, stamps, offset, clip.window, talking)
    return replace(run, eyes_unreadable=narrow)


def _cache_stem(clip: Clip, lead_in_ms: int) -> str:
    unmarked = ".unmarked" if clip.paint_marks else ""
    rate = "" if clip.max_fps is None else f".fps{clip.max_fps:g}"
    light = "" if clip.light is None else f".{clip.light}"
    jpeg = "" if clip.jpeg_quality is None else f".jpeg{clip.jpeg_quality}"
    tempo = "" if clip.tempo == 1.0 else f".tempo{clip.tempo:g}"
    mirrored = ".mirrored" if clip.mirrored else ""
    opened = "" if clip.opened_ms == 0 else f".from{clip.opened_ms}"
    return f"{clip.name}.lead{lead_in_ms}{unmarked}{mirrored}{rate}{light}{jpeg}{tempo}{opened}"


def cached_observations(clip: Clip, lead_in_ms: int, cache: Path) -> Path:
    """The clip's landmark file in ``cache``: MediaPipe runs on the clip once, on first use."""
    cache.mkdir(parents=True, exist_ok=True)
    observations = cache / f"{_cache_stem(clip, lead_in_ms)}.obs.pkl"
    if not observations.exists():
        source = lead_in_source(clip, lead_in_ms)
        cache_observations(source, observations)
    return observations


def cached_faces(clip: Clip, cache: Path, lead_in_ms: int = LEAD_IN_MS) -> dict[int, Any]:
    """Per seat, the clip's (ts_ms, (FaceObservation, PoseObservation) | None) from ``cache``'s
    landmark file (made on first use)."""
    seen: dict[int, Any] = pickle.loads(cached_observations(clip, lead_in_ms, cache).read_bytes())
    return seen


def cached_rows(clip: Clip, lead_in_ms: int, cache: Path, settings: DetectorSettings) -> Rows:
    """(ts_ms on the lead-in clock, seat, FaceFeatures | None) of every face seen: landmarks
    from ``cache`` (made on first use), features from the code (kept until it changes)."""
    observations = cached_observations(clip, lead_in_ms, cache)
    kept = cache / f"{_cache_stem(clip, lead_in_ms)}.features.pkl"
    frames = ((ts, image) for _, ts, image in clip.frames(lead_in_ms))
    return cached_features(observations, kept, frames, settings)


def run_cached(clip: Clip, lead_in_ms: int, cache: Path, settings: DetectorSettings) -> Run:
    """Landmarks from ``cache`` (made on first use), features and detectors from the code."""
    return run_rows(clip, cached_rows(clip, lead_in_ms, cache, settings), lead_in_ms, settings)


def run_rows(clip: Clip, rows: Rows, lead_in_ms: int, settings: DetectorSettings) -> Run:
    """The detectors over the clip's (ts_ms, seat, FaceFeatures | None) ``rows``."""
    talking: set[tuple[int, int]] = set()
    narrow: dict[int, tuple[str, ...]] = {}
    offset = clip.offset_ms(lead_in_ms)
    start, end = window_on_clock(offset, clip.window)

    def note_eyes(
        ts: int, seat: int, found: FaceFeatures | None, detector: SeatGestureDetector
    ) -> None:
        if found is not None and start <= ts < end:
            narrow[seat] = tuple(detector.eyes_unreadable)

    gestures = replay_rows(rows, settings, talking, note_eyes)
    run = on_clip_clock(gestures, seen_stamps(rows), offset, clip.window, talking)
    return replace(run, eyes_unreadable=narrow)


def seen_stamps(rows: Rows) -> list[tuple[int, int]]:
    """(seat, ts_ms) of every face seen in ``rows``."""
    return [(seat, ts) for ts, seat, found in rows if found is not None]


def window_on_clock(offset_ms: int, window: tuple[int, int | None]) -> tuple[int, float]:
    """A clip part's ``window`` (from the clip's start) as [start, end) on the clock of its
    frames, where the clip itself starts at ``offset_ms``."""
    return offset_ms + window[0], float("inf") if window[1] is None else offset_ms + window[1]


def on_clip_clock(
    gestures: list[Gesture],
    stamps: list[tuple[int, int]],
    offset_ms: int,
    window: tuple[int, int | None] = (0, None),
    talking: Collection[tuple[int, int]] = (),
) -> Run:
    """The gestures on the clip's own clock that start inside ``window`` (from the clip's start:
    the lead-in's too), and the face time watched there after the lead-in: (seat, ts_ms) of each
    face seen, summed over seats (three faces for a minute are three minutes watched), gaps of
    half a second or more left out; and how much of it followed a frame in ``talking``."""
    from dataclasses import replace

    start, end = window_on_clock(offset_ms, window)
    shifted = [
        replace(g, start_ms=g.start_ms - offset_ms, end_ms=g.end_ms - offset_ms)
        for g in gestures
        if (window[0] == 0 or start <= g.start_ms) and g.start_ms < end
    ]
    watched = talked = 0.0
    talking = set(talking)
    for seat in {seat for seat, _ in stamps}:
        seen = sorted({ts for s, ts in stamps if s == seat})
        for before, after in itertools.pairwise(seen):
            if start <= before < end and after - before < 500:
                watched += after - before
                if (seat, before) in talking:
                    talked += after - before
    return Run(shifted, watched, talked)


def score_clip(clip: Clip, run: Run, sides: bool = True) -> Score:
    """The clip's gestures against its truth; without ``sides``, on kind alone (a tongue read to
    the left where it was labelled centre is found)."""
    truth = clip.truth if sides else without_sides(clip.truth)
    predicted = [
        Interval(g.seat, g.kind, g.side if sides else None, g.start_ms, g.end_ms)
        for g in run.gestures
    ]
    return match(truth, predicted)


def without_sides(truth: dict[str, Any]) -> dict[str, Any]:
    """``truth`` with no gesture's side: how the standard profile reads a seña, which names no
    side (a tongue out is dos ases whichever way it points)."""
    return {**truth, "gestures": [{**g, "side": None} for g in truth["gestures"]]}


def sure_only(truth: dict[str, Any]) -> dict[str, Any]:
    """``truth`` with the gestures its labeller marked "likely" made unsure moments: scored on
    the gestures the labeller was sure of, a detection on a likely one counts neither way."""
    likely = [g for g in truth["gestures"] if g.get("certainty") == "likely"]
    unsure = [{k: g[k] for k in ("seat", "kind", "start_ms", "end_ms")} for g in likely]
    return {
        **truth,
        "gestures": [g for g in truth["gestures"] if g.get("certainty") != "likely"],
        "ignore": [*truth.get("ignore", []), *unsure],
    }


@dataclass
class Tally:
    """One split's figures: scores on the clips of people signalling, false gestures and
    watched time on the others."""

    score: Score = field(default_factory=Score)
    sure: Score = field(default_factory=Score)  # on the gestures labelled "sure" alone
    kinds: Score = field(default_factory=Score)  # sides not scored
    clips: int = 0
    seconds: float = 0.0
    quiet_false: Counter[str] = field(default_factory=Counter)
    quiet_watched_ms: float = 0.0
    quiet_talking_ms: float = 0.0
    quiet_clips: list[tuple[str, float, int]] = field(default_factory=list)
    #: Faces seen, and of them those whose eyes rested too narrowed for each eye kind.
    faces: int = 0
    narrowed: Counter[str] = field(default_factory=Counter)

    def add(self, clip: Clip, run: Run, score: Score) -> None:
        self.faces += len(run.eyes_unreadable)
        self.narrowed.update(k for kinds in run.eyes_unreadable.values() for k in kinds)
        if clip.signalling:
            self.score.add(score)
            self.sure.add(score_clip(replace(clip, truth=sure_only(clip.truth)), run))
            self.kinds.add(score_clip(clip, run, sides=False))
            self.seconds += clip.truth["frames"] / clip.truth["fps"]
            self.clips += 1
        else:
            for label, n in score.false_positives.items():
                self.quiet_false[" ".join(x for x in label if x)] += n
            self.quiet_watched_ms += run.watched_ms
            self.quiet_talking_ms += run.talking_ms
            false = sum(score.false_positives.values())
            self.quiet_clips.append((clip.label, run.watched_ms, false))

    @property
    def false_per_5min(self) -> float:
        minutes = self.quiet_watched_ms / 60000
        return sum(self.quiet_false.values()) / minutes * 5 if minutes else float("nan")

    def summary(self, split: str) -> str:
        return (
            f"{split} precision {self.score.precision():.3f} recall {self.score.recall():.3f} "
            f"onset_ms {self.score.median_onset_ms():.0f} false_per_5min "
            f"{self.false_per_5min:.1f} ({sum(self.quiet_false.values())} in "
            f"{self.quiet_watched_ms / 60000:.2f} watched minutes)"
        )

    def intervals(self, split: str) -> str:
        """The 95% intervals of the summary's figures: the counts are small."""
        found = sum(self.score.true_positives.values())
        missed = sum(self.score.false_negatives.values())
        wrong = sum(self.score.false_positives.values())
        recall = intervals.proportion(found, found + missed)
        precision = intervals.proportion(found, found + wrong)
        false = intervals.rate(sum(self.quiet_false.values()), self.quiet_watched_ms / 300_000)
        return (
            f"{split} 95% intervals: recall {recall[0]:.2f}-{recall[1]:.2f} "
            f"({found} of {found + missed}), precision {precision[0]:.2f}-{precision[1]:.2f}, "
            f"false_per_5min {false[0]:.1f}-{false[1]:.1f}"
        )

    def sure_line(self) -> str:
        """Recall and precision on the gestures labelled "sure": the "likely" ones are those the
        labeller could read more than one way (the targets count them all)."""
        found = sum(self.sure.true_positives.values())
        truth = found + sum(self.sure.false_negatives.values())
        return (
            f"labelled sure alone: recall {self.sure.recall():.3f} ({found} of {truth}), "
            f"precision {self.sure.precision():.3f}"
        )

    def kinds_line(self) -> str:
        """Recall and precision with no side scored, as the standard profile reads señas (the
        targets score sides: the extended profile and some variants read them)."""
        found = sum(self.kinds.true_positives.values())
        truth = found + sum(self.kinds.false_negatives.values())
        return (
            f"sides not scored (the standard profile reads none): recall "
            f"{self.kinds.recall():.3f} ({found} of {truth}), "
            f"precision {self.kinds.precision():.3f}"
        )

    def quiet_kinds(self) -> str:
        kinds = ", ".join(f"{label} {n}" for label, n in self.quiet_false.most_common())
        return f"false gestures on people not signalling: {kinds or 'none'}"

    def quiet_talking(self) -> str:
        """How long a seña would have been held back: the share of the watched face time of
        people not signalling that read as talking."""
        share = self.quiet_talking_ms / self.quiet_watched_ms if self.quiet_watched_ms else 0.0
        return f"people not signalling read as talking (señas held back): {share:.0%} of the time"

    def narrowed_eyes(self) -> str:
        """How many faces' eyes rested so narrowed that a shut eye would not rise as far as the
        eye kinds ask (the pages tell such a player to show the kind once)."""
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(self.narrowed.items()))
        return (
            f"faces whose eyes rest too narrowed to be read shut (enrolment asked): "
            f"{kinds or 'none'} of {self.faces}"
        )

    def quiet_by_clip(self) -> str:
        """Where those false gestures fell: the clips with any, most first, then the rest."""
        clips = sorted(self.quiet_clips, key=lambda c: -c[2])
        named = [f"{name} {n} in {ms / 1000:.0f} s" for name, ms, n in clips if n]
        clean = [c for c in clips if not c[2]]
        clean_s = sum(ms for _, ms, _ in clean) / 1000
        return "by clip: " + "; ".join([*named, f"{len(clean)} clips none in {clean_s:.0f} s"])


def add_footage_arguments(parser: argparse.ArgumentParser) -> None:
    """The real footage folders and their landmark cache, as the scripts that read them take
    them."""
    parser.add_argument("footage", type=Path, nargs="+", help="real footage folders")
    parser.add_argument("--cache", type=Path, default=Path("data/real-cache"),
                        help="real_footage.py's landmark cache (made on first use)")  # fmt: skip


def require_folders(parser: argparse.ArgumentParser, folders: Sequence[Path]) -> None:
    """Stop with one line of error (status 2) at the first of ``folders`` that is none."""
    for folder in folders:
        if not folder.is_dir():
            parser.error(f"{folder} is not a folder")


def footage_clips(parser: argparse.ArgumentParser, folders: Sequence[Path]) -> list[Clip]:
    """Every clip of the project's truth files in ``folders``, the table clip as its two parts;
    one line of error (status 2) for a folder that is none, or when no clip is in them."""
    require_folders(parser, folders)
    clips = split_parts(load_clips(folders, "all"), "all")
    if not clips:
        parser.error("no clip of the project's truth files is in the folders given")
    return clips


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("footage", type=Path, nargs="+", help="real footage folders")
    parser.add_argument("--split", choices=(*SPLITS, "all"), default="all")
    parser.add_argument("--cache", type=Path, help="keep landmarks here; rescore detectors only")
    parser.add_argument(
        "--truth",
        type=Path,
        default=TRUTH_DIR,
        help="the truth files' folder (default: the project's; elan_truth.py writes others)",
    )
    parser.add_argument(
        "--lead-in", type=float, default=LEAD_IN_S, help="seconds of held first frame"
    )
    parser.add_argument(
        "--mirror",
        action="store_true",
        help="read every clip flipped left to right, its labelled sides swapped",
    )
    parser.add_argument(
        "--fps",
        type=float,
        help="read every clip at this many frames a second at most, the others dropped, as on a "
        "slow camera or a machine the pipeline falls behind on",
    )
    parser.add_argument(
        "--light",
        choices=sorted(LIGHTS),
        help="re-light every frame: tan (dim, warm, as a bar's lamps), pale (washed out)",
    )
    parser.add_argument(
        "--jpeg",
        type=int,
        metavar="QUALITY",
        help="code every frame as a JPEG of this quality (1-100), as a webcam's MJPEG is",
    )
    parser.add_argument(
        "--tempo",
        type=float,
        help="play every clip this many times as fast (0.25-4; under 1, slower): people who "
        "signal and talk faster or slower than those filmed",
    )
    parser.add_argument(
        "--open-inside",
        type=float,
        nargs="?",
        const=0.0,
        metavar="FRACTION",
        help="open every clip of people signalling on its first gesture (FRACTION of the way "
        "through it, default 0), as a recording or a seat may open on a player already "
        "signalling (that one counts neither way)",
    )
    parser.add_argument("--verbose", "-v", action="store_true", help="list every gesture")
    parser.add_argument(
        "--write-docs", action="store_true", help="write the tables into docs/benchmarks.md"
    )
    args = parser.parse_args(argv)
    require_folders(parser, [*args.footage, args.truth])
    if args.fps is not None and not 1 <= args.fps <= 240:
        parser.error(f"--fps {args.fps:g}: give a rate from 1 to 240 frames a second")
    if args.jpeg is not None and not 1 <= args.jpeg <= 100:
        parser.error(f"--jpeg {args.jpeg}: give a quality from 1 to 100")
    if args.tempo is not None and not 0.25 <= args.tempo <= 4:
        parser.error(f"--tempo {args.tempo:g}: give a speed from 0.25 to 4 times as fast")
    if args.open_inside is not None and not 0 <= args.open_inside < 1:
        parser.error(f"--open-inside {args.open_inside:g}: give a fraction from 0 to under 1")
    altered = args.fps is not None or args.light is not None or args.jpeg is not None
    opened = args.open_inside is not None
    if args.write_docs and (args.mirror or altered or args.tempo is not None or opened):
        parser.error(
            "--write-docs publishes the footage as recorded; drop --mirror, --fps, --light, "
            "--jpeg, --tempo and --open-inside"
        )
    if args.write_docs and args.truth.resolve() != TRUTH_DIR.resolve():
        parser.error("--write-docs publishes the project's own truth files only; drop --truth")
    clips = split_parts(load_clips(args.footage, "all", args.truth), args.split)
    if args.mirror:
        clips = [mirror_clip(clip) for clip in clips]
    if altered:
        clips = [
            replace(clip, max_fps=args.fps, light=args.light, jpeg_quality=args.jpeg)
            for clip in clips
        ]
    if args.tempo is not None:
        clips = [retime_clip(clip, args.tempo) for clip in clips]
    if opened:
        clips = [open_inside(clip, args.open_inside) for clip in clips]
    if not clips:
        names = ", ".join(str(f) for f in args.footage)
        parser.error(f"no clip of the truth files in {args.truth} is in {names}")
    lead_in_ms = round(args.lead_in * 1000)
    settings = None
    if args.cache:
        from vision.config.detector_settings import default_detector_settings

        settings = default_detector_settings()
    tallies = {split: Tally() for split in SPLITS}
    for clip in clips:
        if args.cache:
            # settings were read above, with --cache
            run = run_cached(clip, lead_in_ms, args.cache, cast("DetectorSettings", settings))
        else:
            run = run_pipeline(clip, lead_in_ms)
        score = score_clip(clip, run)
        found, missed = sum(score.true_positives.values()), sum(score.false_negatives.values())
        wrong = sum(score.false_positives.values())
        print(f"{clip.label} [{clip.split}]: truth {found + missed} found {found} false {wrong}"
              f" in {run.watched_ms / 1000:.0f} s watched", file=sys.stderr)  # fmt: skip
        if args.verbose or not clip.signalling:
            for g in run.gestures:
                print(f"    {g.start_ms / 1000:6.2f}-{g.end_ms / 1000:6.2f} s {g.label}",
                      file=sys.stderr)  # fmt: skip
        if args.verbose:
            for label, n in score.false_negatives.items():
                print(f"    missed {n} {' '.join(x for x in label if x)}", file=sys.stderr)
        tallies[clip.split].add(clip, run, score)
    summary, tables = [], []
    for split, tally in tallies.items():
        if not tally.clips and not tally.quiet_watched_ms:
            continue
        table = [
            *report(tally.score, tally.clips, tally.seconds)[:-1],
            tally.sure_line(),
            tally.kinds_line(),
            tally.quiet_kinds(),
            tally.quiet_by_clip(),
            tally.quiet_talking(),
            tally.narrowed_eyes(),
        ]
        print(f"\n== {split}: clips of people signalling ==")
        print("\n".join(table))
        summary.append(tally.summary(split))
        tables.append((split, table, summary[-1], tally.intervals(split)))
    counted = [tally for tally in tallies.values() if tally.quiet_watched_ms]
    if len(counted) > 1:
        summary.append(quiet_overall(counted))
    print()
    print("\n".join(summary))
    print("\n".join(spread for *_, spread in tables))
    if args.write_docs:
        write_section("real_footage", _command(args), _markdown(tables, summary[len(tables) :]))
    return 0


def quiet_overall(tallies: Sequence[Tally]) -> str:
    """False gestures per 5 minutes over every split's people not signalling: the target's own
    measure, taken over all the footage."""
    false = sum(sum(tally.quiet_false.values()) for tally in tallies)
    watched_ms = sum(tally.quiet_watched_ms for tally in tallies)
    low, high = intervals.rate(false, watched_ms / 300_000)
    return (
        f"all splits, people not signalling: false_per_5min {false / watched_ms * 300_000:.2f} "
        f"({false} in {watched_ms / 60000:.2f} watched minutes; 95% interval {low:.1f}-{high:.1f})"
    )


def _command(args: argparse.Namespace) -> str:
    """The command line, the folders outside the repository named FOOTAGE."""
    folders = " ".join(outside_named(str(f), "FOOTAGE") for f in args.footage)
    cache = f" --cache {args.cache}" if args.cache else ""
    return f"python -m benchmarks.real_footage {folders}{cache} --split {args.split}"


def _markdown(tables: list[tuple[str, list[str], str, str]], overall: Sequence[str] = ()) -> str:
    """The printed tables as one markdown table per split, then the lines over all splits."""
    lines = ["## Real footage of real people", ""]
    for split, table, summary, spread in tables:
        lines += [f"### {split} clips", "", f"`{summary}`", "", f"`{spread}`", ""]
        lines += [*score_table(table), ""]
    for line in overall:
        lines += [f"`{line}`", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
