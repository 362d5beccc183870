"""Memory over a long source: a clip looped to 30 minutes of source time (by default) through the
whole pipeline, printing the process's resident memory at intervals of source time.

    python -m benchmarks.memory [CLIP] [--minutes 30] [--every 2] [--draw]

The first line after warm-up is the baseline; the last line gives the growth over it as a ratio
(flat: close to 1.00). ``--draw`` also draws the overlay on every frame, as the dashboard does.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from benchmarks.docs_section import WRITE_DOCS_HELP, run_main
from vision.capture.sources import open_source
from vision.output.overlay import Overlay
from vision.pipeline import Pipeline

REPO = Path(__file__).resolve().parents[1]


def rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024.0
    raise RuntimeError("no VmRSS in /proc/self/status")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("clip", nargs="?", type=Path, default=REPO / "sample_videos" / "table.mp4")
    parser.add_argument("--minutes", type=float, default=30.0, help="source time to run")
    parser.add_argument("--every", type=float, default=2.0, help="minutes between RSS lines")
    parser.add_argument("--warmup", type=float, default=1.0, help="minutes before the baseline")
    parser.add_argument("--draw", action="store_true", help="draw the overlay on every frame")
    parser.add_argument("--write-docs", action="store_true", help=WRITE_DOCS_HELP)
    args = parser.parse_args()

    source = open_source(args.clip, loop=True)
    overlay = Overlay() if args.draw else None
    end_ms = args.minutes * 60_000
    every_ms = args.every * 60_000
    next_ms = args.warmup * 60_000
    baseline: float | None = None
    started = time.perf_counter()
    frames = 0
    rss = rss_mb()
    print(f"{'source min':>10}{'frames':>9}{'fps':>7}{'rss MB':>9}{'vs baseline':>13}")
    with Pipeline(source) as pipeline:
        for result in pipeline:
            if overlay is not None and not result.end_of_stream:
                overlay.draw(result)
            frames += 1
            ts = result.frame.ts_ms
            if ts >= next_ms:
                rss = rss_mb()
                baseline = baseline or rss
                fps = frames / (time.perf_counter() - started)
                print(
                    f"{ts / 60_000:>10.1f}{frames:>9}{fps:>7.1f}{rss:>9.1f}{rss / baseline:>13.3f}"
                )
                next_ms += every_ms
            if ts >= end_ms:
                rss = rss_mb()
                pipeline.stop()
    print(
        f"memory over {args.minutes:g} min of source time: baseline {baseline or rss:.1f} MB, "
        f"end {rss:.1f} MB, ratio {rss / (baseline or rss):.3f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(run_main(main, "memory", "Memory over a long source"))
