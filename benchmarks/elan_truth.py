"""Turn an ELAN file of one clip, its gestures checked by a person, into a truth file that
``real_footage.py`` scores: measure keinu on your own players' faces.

    python -m benchmarks.elan_truth EAF FOOTAGE_DIR/FOLDER/CLIP.mp4 --footage FOOTAGE_DIR \\
        --split tuning|heldout [--not-signalling] [--partial] [--out TRUTH_DIR]

The usual way in: ``keinu analyze CLIP --out DIR`` writes ``DIR/gestures.eaf``; open it in ELAN
beside the clip, delete what is wrong, move the edges of what is right, add what was missed.
The tiers read (their names as keinu writes them; a numbered second tier of one counts too):

- ``seat N gestures``: one annotation per gesture, ``kind`` or ``kind side`` in keinu's
  vocabulary (``wink left``, ``pout``, ``tongue_out center``), the side the player's own;
- ``seat N unsure``: moments to count neither way, the kind first (``pout maybe an oo``);
- ``seat N blinks``: ordinary blinks, the hard negatives of winks and closures.

Every other tier (señas, verdicts, calls, hands, lances) is left alone. ``--not-signalling``
marks a clip of people who give no seña at all (every gesture keinu reports on it is false):
its gestures tiers must then be empty. ``--partial`` says not every gesture was labelled.
The truth file (``FOLDER--CLIP.truth.json``) names the video by its path in FOOTAGE_DIR, which
is never copied; score it with

    python -m benchmarks.real_footage FOOTAGE_DIR --truth TRUTH_DIR
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.import_footage_labels import truth_name, video_facts
from engine.gesture import GESTURE_KINDS, GESTURE_SIDES

#: ``seat 2 gestures``, ``seat 2 (ane) gestures (2)``: the seat and which kind of tier.
TIER = re.compile(r"^seat (\d+)(?: \([^)]*\))? (gestures|unsure|blinks)(?: \(\d+\))?$")


class TruthError(ValueError):
    """An ELAN file or its clip that cannot become a truth file; the message says why."""


def _at(tier: str, start_ms: int) -> str:
    """Where an annotation is, as ELAN shows it: the tier and the start in seconds."""
    return f"{tier} at {start_ms / 1000:.2f} s"


def _gesture(seat: int, tier: str, start: int, end: int, value: str) -> dict[str, Any]:
    words = value.split()
    where = _at(tier, start)
    if not words or words[0] not in GESTURE_SIDES:
        raise TruthError(
            f"{where}: {value!r} is no gesture; write the kind first, one of "
            f"{', '.join(GESTURE_KINDS)}"
        )
    kind, rest = words[0], words[1:]
    sides = GESTURE_SIDES[kind]
    if sides and (len(rest) != 1 or rest[0] not in sides):
        raise TruthError(f"{where}: {kind} needs one side, {' | '.join(sides)}; got {value!r}")
    if not sides and rest:
        raise TruthError(f"{where}: {kind} has no side; got {value!r}")
    side = rest[0] if sides else None
    return {"seat": seat, "kind": kind, "side": side, "start_ms": start, "end_ms": end}


def truth_of_eaf(
    eaf: Path,
    video: Path,
    footage: Path,
    split: str,
    signalling: bool = True,
    complete: bool = True,
) -> dict[str, Any]:
    """The truth document of ``video`` (inside ``footage``) from the tiers of ``eaf``."""
    import pympi

    try:
        name = video.resolve().relative_to(footage.resolve()).as_posix()
    except ValueError:
        raise TruthError(f"{video} is not inside the footage folder {footage}") from None
    if not video.is_file():
        raise TruthError(f"{video} is not a file")
    try:
        document = pympi.Elan.Eaf(str(eaf))
    except Exception as exc:  # pympi raises whatever its XML parser does
        raise TruthError(f"{eaf} is not an ELAN file that can be read: {exc}") from None
    gestures, ignore, blinks = [], [], []
    for tier in sorted(document.get_tier_names()):
        found = TIER.match(tier)
        if found is None:
            continue
        seat, role = int(found[1]), found[2]
        for start, end, value in document.get_annotation_data_for_tier(tier):
            if end <= start:
                raise TruthError(f"{_at(tier, start)}: the annotation has no length")
            if role == "gestures":
                gestures.append(
                    {**_gesture(seat, tier, start, end, value.strip()), "certainty": "sure"}
                )
            elif role == "unsure":
                kind, _, note = value.strip().partition(" ")
                if kind not in GESTURE_SIDES:
                    raise TruthError(f"{_at(tier, start)}: {value!r} names no gesture kind first")
                ignore.append({"seat": seat, "kind": kind, "start_ms": start, "end_ms": end,
                               "note": note})  # fmt: skip
            else:
                blinks.append({"seat": seat, "kind": "blink", "start_ms": start, "end_ms": end})
    if not signalling and gestures:
        raise TruthError(
            f"{eaf} labels {len(gestures)} gestures on a clip of people not signalling: "
            "drop --not-signalling, or empty its gestures tiers"
        )
    facts = video_facts(video)
    if facts["frames"] <= 0:
        raise TruthError(f"{video} has no frames that can be read")
    order = sorted(gestures, key=lambda g: (g["start_ms"], g["seat"]))
    return {
        "video": name,
        **facts,
        "split": split,
        "signalling": signalling,
        "complete": complete,
        "seats": {},
        "gestures": order,
        "distractors": sorted(blinks, key=lambda b: b["start_ms"]),
        "ignore": sorted(ignore, key=lambda i: i["start_ms"]),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("eaf", type=Path, help="the ELAN file, its gestures checked")
    parser.add_argument("video", type=Path, help="the clip it annotates, inside --footage")
    parser.add_argument("--footage", type=Path, required=True, help="the footage folder")
    parser.add_argument("--split", choices=("tuning", "heldout"), required=True,
                        help="heldout: a clip nothing will be tuned on")  # fmt: skip
    parser.add_argument("--not-signalling", action="store_true",
                        help="people who give no seña: every gesture on them is false")  # fmt: skip
    parser.add_argument("--partial", action="store_true", help="not every gesture is labelled")
    parser.add_argument("--out", type=Path, default=Path("truth"), help="the truth folder")
    args = parser.parse_args(argv)
    try:
        truth = truth_of_eaf(
            args.eaf, args.video, args.footage, args.split,
            signalling=not args.not_signalling, complete=not args.partial,
        )  # fmt: skip
    except TruthError as exc:
        print(f"elan_truth: {exc}", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    target = args.out / truth_name(truth["video"])
    target.write_text(json.dumps(truth, indent=1, ensure_ascii=False) + "\n")
    print(f"{target}: {len(truth['gestures'])} gestures, {len(truth['ignore'])} unsure, "
          f"{len(truth['distractors'])} blinks, {truth['split']}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
