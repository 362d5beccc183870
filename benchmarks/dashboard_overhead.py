"""What the dashboard costs on top of vision: the same decoded frames through the bare Pipeline,
then through the dashboard's live feed (every gesture judged on an active table and written to
SQLite, scores and health broadcast, every frame drawn with the overlay and JPEG-encoded for a
watcher of the MJPEG stream), in one run.

    python -m benchmarks.dashboard_overhead [--clip sample_videos/table.mp4] [--frames N]

Prints frames per second of both and their ratio (1.0 = the dashboard adds nothing).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path
from typing import cast

import numpy as np

from api.hub import Hub
from api.live import LiveFeed
from api.referee import Referee
from api.store import HandRow, SeatRow, Store
from api.vision_feed import Annotator, seat_summary
from benchmarks.docs_section import WRITE_DOCS_HELP, run_main
from benchmarks.vision_speed import DecodedFrames, decode
from engine.gesture import Gesture
from engine.rules import Rules
from vision.capture.sources import ReconnectPolicy
from vision.config.pipeline_settings import default_vision_settings
from vision.pipeline import Pipeline

REPO = Path(__file__).resolve().parents[1]


def bare(images: list[np.ndarray], fps: float) -> tuple[float, int]:
    started = time.perf_counter()
    results = gestures = 0
    for result in Pipeline(DecodedFrames("cam1", images, fps)):
        results += 1
        gestures += len(result.gestures)
    return results / (time.perf_counter() - started), gestures


def dashboard(images: list[np.ndarray], fps: float, data: Path) -> tuple[float, int]:
    store = Store(data / "bench.sqlite3")
    hub = Hub()
    referee = Referee(store, hub)
    referee.create_table(
        name="bench",
        rules=Rules(),
        mano=1,
        seats=[SeatRow(seat, f"P{seat}") for seat in range(1, 5)],
    )

    def on_gesture(gesture: Gesture, source_id: str) -> None:  # the judged seña is not needed
        referee.observe(gesture, source_id)

    feed = LiveFeed(
        source="bench",
        pipeline_factory=lambda: Pipeline(DecodedFrames("cam1", images, fps)),
        reconnect=ReconnectPolicy.from_settings(default_vision_settings().sources),
        hub=hub,
        on_gesture=on_gesture,
        annotate=Annotator(),
        describe_seats=seat_summary,
    )
    feed.frame_of("cam1").viewers = 1  # someone watches the MJPEG stream
    started = time.perf_counter()
    feed.start()
    while feed.health.state != "gap":
        time.sleep(0.01)
    elapsed = time.perf_counter() - started
    feed.stop()
    # the table made above is the active one, with its first hand
    hand = cast(HandRow, store.last_hand(cast(int, referee.active_table_id)))
    senas = sum(1 for call in hand.calls if call.text.startswith("sena"))
    store.close()
    return feed.health.frames / elapsed, senas


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clip", type=Path, default=REPO / "sample_videos" / "table.mp4")
    parser.add_argument("--frames", type=int, default=240)
    parser.add_argument("--write-docs", action="store_true", help=WRITE_DOCS_HELP)
    args = parser.parse_args()
    images, fps = decode(args.clip, None, args.frames)
    height, width = images[0].shape[:2]
    print(f"{args.clip.name}: {len(images)} frames {width}x{height}")
    base_fps, gestures = bare(images, fps)
    with tempfile.TemporaryDirectory() as data:
        dash_fps, senas = dashboard(images, fps, Path(data))
    print(f"pipeline alone      {base_fps:6.1f} fps  ({gestures} gestures)")
    print(f"through the feed    {dash_fps:6.1f} fps  ({senas} señas stored)")
    print(f"ratio {dash_fps / base_fps:.2f}")


if __name__ == "__main__":
    raise SystemExit(run_main(main, "dashboard_overhead", "The dashboard on top of vision"))
