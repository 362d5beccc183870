"""What recording a table's video costs the pipeline: the same decoded frames (four faces,
1280x720, the bundled sample table) through the dashboard's live feed without and with the
recorder, alternated so that a busy machine weighs on both alike, and the size of an hour of
recorded video per camera.

    python -m benchmarks.recording_cost [--clip sample_videos/table.mp4] [--frames N] [--rounds R]

Prints frames per second of each run, the ratio of their medians (1.0 = recording costs
nothing), the frames the recorder dropped (a writer that cannot keep up drops rather than slow
the pipeline: a cost hidden as lost video), MB per hour of video, and the encoder's own speed.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from typing import cast

import numpy as np

from api.hub import Hub
from api.live import LiveFeed
from api.recording.manifest import segments
from api.recording.recorder import Recorder
from api.recording.segment import SegmentWriter
from api.vision_feed import seat_summary
from benchmarks.vision_speed import DecodedFrames, decode
from vision.capture.sources import ReconnectPolicy
from vision.config.pipeline_settings import default_vision_settings
from vision.pipeline import Pipeline

REPO = Path(__file__).resolve().parents[1]


def run_feed(images: list[np.ndarray], fps: float, data: Path | None) -> dict[str, float]:
    """The live feed over ``images``; with ``data`` every frame is also recorded there."""
    hub = Hub()
    recorder = (
        Recorder(data, default_on=True, active_table=lambda: 1, publish=hub.publish)
        if data is not None
        else None
    )
    feed = LiveFeed(
        source="bench",
        pipeline_factory=lambda: Pipeline(DecodedFrames("cam1", images, fps)),
        hub=hub,
        on_gesture=lambda gesture, source_id: None,
        annotate=lambda result, draw: None,
        describe_seats=seat_summary,
        on_frame=recorder.feed if recorder is not None else None,
        reconnect=ReconnectPolicy.from_settings(default_vision_settings().sources),
    )
    started = time.perf_counter()
    feed.start()
    while feed.health.state != "gap":
        time.sleep(0.01)
    elapsed = time.perf_counter() - started
    feed.stop()
    out = {"fps": feed.health.frames / elapsed}
    if recorder is not None:
        recorder.close()
        state = recorder.status(1)["cameras"]["cam1"]
        (segment,) = segments(cast(Path, data), "table-1")  # a recorder only with data
        out |= {
            "frames": state["frames"],
            "dropped": state["dropped"],
            "bytes": segment.path.stat().st_size,
            "video_s": len(images) / fps,
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clip", type=Path, default=REPO / "sample_videos" / "table.mp4")
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    images, fps = decode(args.clip, None, args.frames)
    height, width = images[0].shape[:2]
    print(f"{args.clip.name}: {len(images)} frames {width}x{height} at {fps:g} fps")
    plain, recorded = [], []
    run_feed(images[:30], fps, None)  # the models' first inference is slow: not measured
    for round_ in range(1, args.rounds + 1):
        plain.append(run_feed(images, fps, None)["fps"])
        with tempfile.TemporaryDirectory() as data:
            result = run_feed(images, fps, Path(data))
        recorded.append(result["fps"])
        mb_hour = result["bytes"] / result["video_s"] * 3600 / 1e6
        print(
            f"round {round_}: without {plain[-1]:5.1f} fps  with {recorded[-1]:5.1f} fps  "
            f"({result['frames']} recorded, {result['dropped']} dropped, {mb_hour:.0f} MB/hour)"
        )
    without, with_ = statistics.median(plain), statistics.median(recorded)
    ratio = with_ / without
    print(f"median without {without:.1f} fps, with {with_:.1f} fps: ratio {ratio:.2f}")
    print(f"the encoder alone: {encoder_fps(images, fps):.0f} fps on one thread")


def encoder_fps(images: list[np.ndarray], fps: float) -> float:
    """Frames per second the recorder's encoder takes on its own (what a core spends on it)."""
    with tempfile.TemporaryDirectory() as data:
        height, width = images[0].shape[:2]
        writer = SegmentWriter(Path(data) / "bench.mp4", width, height, fps)
        started = time.perf_counter()
        for index, image in enumerate(images):
            writer.write(image, round(index * 1000 / fps))
        writer.close()
        return len(images) / (time.perf_counter() - started)


if __name__ == "__main__":
    main()
