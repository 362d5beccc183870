"""The real footage read the ways a table may show it, side by side: one row a reading.

    python -m benchmarks.robustness FOOTAGE_DIR... [--cache DIR] [--write-docs]

Each row reads every real clip one way (``real_footage.py``'s options: as filmed, mirrored,
fewer frames a second, under another light, coded hard, played faster or slower, opened on a
player already signalling), landmarks from the cache (MediaPipe runs once per clip and
reading, on first use: several minutes for a reading not yet cached), and prints per split
the precision and recall on the people signalling and the false gestures per 5 minutes on the
people not signalling. A row far from the first is a way the tuning does not hold.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from benchmarks.docs_section import WRITE_DOCS_HELP, run_main
from benchmarks.real_footage import (
    LEAD_IN_MS,
    SPLITS,
    Clip,
    Tally,
    add_footage_arguments,
    footage_clips,
    mirror_clip,
    open_inside,
    retime_clip,
    run_cached,
    score_clip,
)

#: Each reading of a clip, by the name its row takes.
READINGS: dict[str, Callable[[Clip], Clip]] = {
    "as filmed": lambda clip: clip,
    "mirrored": mirror_clip,
    "15 frames a second": lambda clip: replace(clip, max_fps=15.0),
    "10 frames a second": lambda clip: replace(clip, max_fps=10.0),
    "dim, warm light (tan)": lambda clip: replace(clip, light="tan"),
    "washed-out light (pale)": lambda clip: replace(clip, light="pale"),
    "JPEG quality 30 (a cheap webcam's MJPEG)": lambda clip: replace(clip, jpeg_quality=30),
    "played 1.5 times as fast": lambda clip: retime_clip(clip, 1.5),
    "played at two thirds of its speed": lambda clip: retime_clip(clip, 2 / 3),
    "opened on a player already signalling": open_inside,
}


def tallies(clips: Sequence[Clip], read: Callable[[Clip], Clip], cache: Path) -> dict[str, Tally]:
    """Per split, the tally of every clip read one way."""
    from vision.config.detector_settings import default_detector_settings

    settings = default_detector_settings()
    found = {split: Tally() for split in SPLITS}
    for clip in clips:
        seen = read(clip)
        run = run_cached(seen, LEAD_IN_MS, cache, settings)
        found[seen.split].add(seen, run, score_clip(seen, run))
    return found


def row(name: str, by_split: dict[str, Tally]) -> str:
    """One reading's markdown row: per split, precision / recall, then false per 5 min; a dash
    where the split has no clip of that kind."""
    cells = []
    for split in SPLITS:
        tally = by_split[split]
        scores = (
            f"{tally.score.precision():.3f} / {tally.score.recall():.3f}" if tally.clips else "—"
        )
        false = sum(tally.quiet_false.values())
        minutes = tally.quiet_watched_ms / 60000
        rate = f"{tally.false_per_5min:.1f} ({false} in {minutes:.1f} min)" if minutes else "—"
        cells.append(f"{scores}, {rate}")
    return f"| {name} | " + " | ".join(cells) + " |"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_footage_arguments(parser)
    parser.add_argument("--reading", choices=list(READINGS), action="append",
                        help="only these rows (repeatable; default: all)")  # fmt: skip
    parser.add_argument("--write-docs", action="store_true", help=WRITE_DOCS_HELP)
    args = parser.parse_args(argv)
    clips = footage_clips(parser, args.footage)
    print("real footage, people signalling: precision / recall; people not signalling: false "
          "gestures per 5 min (how many in how many minutes of faces watched)\n")  # fmt: skip
    print("| reading | tuning clips | held-out clips |")
    print("| --- | --- | --- |")
    for name in args.reading or READINGS:
        print(f"{name}...", end="\r", file=sys.stderr, flush=True)
        print(row(name, tallies(clips, READINGS[name], args.cache)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(run_main(main, "robustness", "Real footage read other ways", "FOOTAGE"))
