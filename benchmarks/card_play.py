"""The real closures and winks, given after minutes of looking down at the cards.

    python -m benchmarks.card_play FOOTAGE [REGISTRY] [--minutes 2] [--level 0.55] [--period 10]
        [--iris-kept 0.85]

Players look at their cards through most of a hand, and a look down raises MediaPipe's eyeBlink
0.48-0.57 over rest, under what a shut eye needs. Each labelled clip with a wink or a closure is
replayed from its landmark cache as: its lead-in and the frames before its first eye seña, then
``--minutes`` of card play (those frames again, in a loop, with both eyes' eyeBlink raised to a
look down's ``--level`` for a share of every ``--period`` seconds: the longer the period, the
longer each look), then the rest of the clip with its señas. For
each share it prints the eye señas found with the shipped settings, where the eyes' rest follows
open eyes only, and with every look down followed (``[baseline] eyes_away_rise`` out of reach, as
the baseline was before), and the higher eye's resting eyeBlink when the first seña comes.
``--iris-kept`` is the share of its darkness one eye keeps in a look (a real glance at a phone
kept one iris in view); the other keeps a closure's.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from benchmarks.accuracy import Interval, match
from benchmarks.docs_section import WRITE_DOCS_HELP, run_main
from benchmarks.enrolment_gain import enrol_on, narrowed
from benchmarks.real_footage import (
    LEAD_IN_MS,
    Clip,
    add_footage_arguments,
    cached_rows,
    footage_clips,
)
from benchmarks.rescore import Rows, replay_rows
from vision.config.detector_settings import DetectorSettings, default_detector_settings
from vision.detectors import SeatGestureDetector
from vision.measures.features import FaceFeatures

EYE_KINDS = ("wink", "eyes_closed")
SHARES = (0.0, 0.3, 0.5, 0.7, 0.9)
#: The looped frames start this long into the clip: a short clip's señas begin at once, and its
#: lead-in (the first frame held) is looped then.
LOOP_FROM_MS = 500
#: The card play ends this long before the first eye seña is labelled.
CUT_BEFORE_MS = 300
#: A real look down keeps 0.04-0.08 of the lids' opening and loses 0.31-0.47 of the eye's
#: darkness, as a closure does: only eyeBlink stays lower (docs/vision.md, *Eyes*).
LOOK_OPENING = 0.06
LOOK_DARKNESS = 0.6
#: With ``--narrow``: the player enrols on the card play's first seconds (talking, looking at the
#: cards) and on each eye kind's first seña, this much either side of its label.
ENROL_PLAY_MS = 10_000
ENROL_PAD_MS = 300
#: A real glance at a phone in the hands (the table clip) kept one eye's iris in view, 0.78-0.95
#: of its darkness, while its eyeBlink rose 0.60-0.69: what ``--iris-kept`` replays.
GLANCE_IRIS_KEPT = 0.85


@dataclass(frozen=True)
class Played:
    """A clip's rows with card play put in from ``from_ms`` for ``shift_ms`` (how far the clip's
    own frames after it moved); ``offset_ms``: where the clip itself started on their clock."""

    rows: Rows
    from_ms: int
    shift_ms: int
    offset_ms: int


@dataclass(frozen=True)
class Outcome:
    found: int
    labelled: int
    rest: float  # the higher eye's resting eyeBlink when the first seña comes
    false: int  # eye señas reported during the card play, where there is none


def eye_clips(clips: Sequence[Clip]) -> list[Clip]:
    return [c for c in clips if any(g["kind"] in EYE_KINDS for g in c.truth["gestures"])]


def first_eye_sena_ms(clip: Clip) -> int:
    return min(int(g["start_ms"]) for g in clip.truth["gestures"] if g["kind"] in EYE_KINDS)


def card_play(
    rows: Rows,
    clip: Clip,
    minutes: float,
    share: float,
    level: float,
    period_ms: int = 10_000,
    iris_kept: float = LOOK_DARKNESS,
) -> Played:
    """``rows`` with ``minutes`` of card play put in before the clip's first eye seña: a look
    down for ``share`` of every ``period_ms``, the player's left eye keeping ``iris_kept`` of
    its darkness."""
    offset = clip.offset_ms(LEAD_IN_MS)
    cut = offset + first_eye_sena_ms(clip) - CUT_BEFORE_MS
    before = [row for row in rows if row[0] < cut]
    loop = [row for row in before if row[0] >= offset + LOOP_FROM_MS] or before
    span = loop[-1][0] - loop[0][0] + (loop[1][0] - loop[0][0] if len(loop) > 1 else 33)
    rounds = max(round(minutes * 60_000 / span), 1)
    jitter = random.Random(0)
    played: Rows = []
    for k in range(1, rounds + 1):
        for ts, seat, found in loop:
            t = ts + k * span
            looked_down = (t - loop[0][0]) % period_ms < share * period_ms
            seen = None if found is None else _at(found, t, looked_down, level, jitter, iris_kept)
            played.append((t, seat, seen))
    shift = rounds * span
    after = [
        (ts + shift, seat, None if f is None else replace(f, ts_ms=ts + shift))
        for ts, seat, f in rows
        if ts >= cut
    ]
    return Played(before + played + after, cut, shift, offset)


def _at(
    found: FaceFeatures,
    ts: int,
    looked_down: bool,
    level: float,
    jitter: random.Random,
    iris_kept: float = LOOK_DARKNESS,
) -> FaceFeatures:
    """``found`` at ``ts``; looking down, as real looks down read: eyeBlink at least ``level``
    (jittered), the lids' opening down to ``LOOK_OPENING`` of what it was and the iris as hidden
    as in a closure (its darkness down to ``LOOK_DARKNESS``; the left eye's to ``iris_kept``)."""
    if not looked_down:
        return replace(found, ts_ms=ts)
    shapes = dict(found.blendshapes)
    for eye in ("eyeBlinkLeft", "eyeBlinkRight"):
        shapes[eye] = max(shapes.get(eye, 0.0), level + jitter.uniform(-0.03, 0.03))
    kept = {"left": iris_kept, "right": LOOK_DARKNESS}
    eyes = {
        side: replace(eye, darkness=eye.darkness * kept.get(side, LOOK_DARKNESS))
        for side, eye in found.eyes.items()
    }
    return replace(
        found,
        ts_ms=ts,
        blendshapes=shapes,
        eye_open_left=found.eye_open_left * LOOK_OPENING,
        eye_open_right=found.eye_open_right * LOOK_OPENING,
        eyes=eyes,
    )


def replay(
    clip: Clip, played: Played, settings: DetectorSettings, shown: Sequence[dict[str, Any]] = ()
) -> Outcome:
    """The clip's eye señas scored on the detectors' reading of ``played``; those ``shown`` (an
    enrolment's) count neither way."""
    offset = played.offset_ms + played.shift_ms
    first = offset + first_eye_sena_ms(clip)
    truth = {
        **clip.truth,
        "gestures": [
            g for g in clip.truth["gestures"] if g["kind"] in EYE_KINDS and g not in shown
        ],
        "ignore": [*clip.truth.get("ignore", []), *shown],
    }
    rest = [0.0]

    def watch(ts: int, seat: int, found: FaceFeatures | None, seen: SeatGestureDetector) -> None:
        if ts <= first:
            values = seen.baseline.values
            rest[0] = max(values.get("eyeBlinkLeft", 0.0), values.get("eyeBlinkRight", 0.0))

    gestures = [g for g in replay_rows(played.rows, settings, watch=watch) if g.kind in EYE_KINDS]
    during = range(played.from_ms, played.from_ms + played.shift_ms)
    predicted = [
        Interval(g.seat, g.kind, g.side, g.start_ms - offset, g.end_ms - offset)
        for g in gestures
        if g.start_ms >= first - 1000
    ]
    score = match(truth, predicted)
    false = sum(1 for g in gestures if g.start_ms in during)
    return Outcome(sum(score.true_positives.values()), len(truth["gestures"]), rest[0], false)


def enrolled_on_first(
    clip: Clip, played: Played, settings: DetectorSettings, looking: bool = True
) -> tuple[DetectorSettings, list[dict[str, Any]]]:
    """``settings`` as a player's enrolment sets them, and the señas shown for it: each eye kind
    the clip labels twice shown once, its first instance, after the player talked and looked at
    their cards (the first ``ENROL_PLAY_MS`` of the card play); not ``looking``: talked without
    looking down (the clip's own frames before the card play)."""
    from vision.detectors.enrolment import enrolled_settings

    offset = played.offset_ms + played.shift_ms
    if looking:
        quiet = [(played.from_ms, played.from_ms + min(ENROL_PLAY_MS, played.shift_ms))]
    else:
        quiet = [(played.offset_ms, played.from_ms)]
    learnt, shown = {}, []
    for kind in EYE_KINDS:
        instances = sorted(
            (g for g in clip.truth["gestures"] if g["kind"] == kind), key=lambda g: g["start_ms"]
        )
        if len(instances) < 2:
            continue
        show = instances[0]
        span = (show["start_ms"] + offset - ENROL_PAD_MS, show["end_ms"] + offset + ENROL_PAD_MS)
        enrolled, _ = enrol_on(played.rows, settings, int(show["seat"]), kind, span, quiet, [])
        if enrolled is not None:
            learnt[kind] = enrolled
            shown.append(show)
    return enrolled_settings(settings, learnt), shown


def every_look_followed(settings: DetectorSettings) -> DetectorSettings:
    """``settings`` whose eyes' rest follows every frame, as the baseline did before."""
    baseline = settings.baseline.model_copy(update={"eyes_away_rise": 0.99})
    return settings.model_copy(update={"baseline": baseline})


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_footage_arguments(parser)
    parser.add_argument("--minutes", type=float, default=2.0, help="card play before the señas")
    parser.add_argument("--level", type=float, default=0.55,
                        help="a look down's eyeBlink (real: 0.48-0.57 over rest)")  # fmt: skip
    parser.add_argument("--period", type=float, default=10.0,
                        help="seconds of each look down and look up together")  # fmt: skip
    parser.add_argument("--iris-kept", type=float, default=LOOK_DARKNESS,
                        help=f"share of one eye's darkness a look down keeps (a closure's: "
                        f"{LOOK_DARKNESS:g}; a real glance at a phone's: "
                        f"{GLANCE_IRIS_KEPT:g})")  # fmt: skip
    parser.add_argument("--narrow", type=float, default=0.0,
                        help="read the eyes as resting this much narrowed (enrolment_gain.py's "
                        "--narrow), and compare with the player enrolled (0-0.4)")  # fmt: skip
    parser.add_argument(
        "--enrolled-without-looking",
        action="store_true",
        help="with --narrow: the enrolment's talking window holds no look down (the clip's own "
        "start), the player not looking at the cards",
    )
    parser.add_argument("--write-docs", action="store_true", help=WRITE_DOCS_HELP)
    args = parser.parse_args(argv)
    if not 0 < args.minutes <= 30:
        parser.error("--minutes: more than 0, at most 30")
    if not 0 < args.level < 1:
        parser.error("--level: between 0 and 1")
    if not 2 <= args.period <= 300:
        parser.error("--period: from 2 to 300 seconds")
    if not 0 <= args.iris_kept <= 1:
        parser.error("--iris-kept: between 0 and 1")
    if not 0 <= args.narrow <= 0.4:
        parser.error("--narrow: from 0 to 0.4")
    period_ms = round(args.period * 1000)
    clips = eye_clips(footage_clips(parser, args.footage))
    if not clips:
        print("no clip with a labelled wink or closure in the folders given", file=sys.stderr)
        return 2
    shipped = default_detector_settings()
    followed = every_look_followed(shipped)
    print(f"{len(clips)} clips, their eye señas after {args.minutes:g} min of card play, "
          f"looking down (eyeBlink {args.level:g}) a share of every {args.period:g} s",
          flush=True)  # fmt: skip
    other = "enrolled on the first of each" if args.narrow else "every look followed"
    print(f"{'looking down':>12}  {'rest follows open eyes':>31}  {other:>31}")
    rows = {clip.name: cached_rows(clip, LEAD_IN_MS, args.cache, shipped) for clip in clips}
    for share in SHARES:
        ours, theirs = [], []
        for clip in clips:
            played = card_play(rows[clip.name], clip, args.minutes, share, args.level, period_ms,
                               args.iris_kept)  # fmt: skip
            if args.narrow:
                played = replace(played, rows=narrowed(played.rows, args.narrow, shipped))
                looking = not args.enrolled_without_looking
                enrolled = enrolled_on_first(clip, played, shipped, looking)
                theirs.append(replay(clip, played, *enrolled))
            else:
                theirs.append(replay(clip, played, followed))
            ours.append(replay(clip, played, shipped))
        print(f"{share:>12.0%}  {_cell(ours):>31}  {_cell(theirs):>31}", flush=True)
    print(
        "each cell: señas found of those labelled, eye señas reported during the card play "
        "(none was made), the highest resting eyeBlink when the señas came"
    )
    return 0


def _cell(outcomes: Sequence[Outcome]) -> str:
    found = sum(o.found for o in outcomes)
    labelled = sum(o.labelled for o in outcomes)
    false = sum(o.false for o in outcomes)
    return f"{found} of {labelled}, {false} false (rest {max(o.rest for o in outcomes):.2f})"


if __name__ == "__main__":
    raise SystemExit(run_main(main, "card_play", "Eye señas after card play", "FOOTAGE"))
