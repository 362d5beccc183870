"""Every speed and cost benchmark runs to its figures on a few frames, so a script that no
longer matches the code it measures (a changed constructor, a renamed field) fails here, not on
the day its figures are wanted. The figures themselves are not checked: timing is for the
benchmarks, on a quiet machine."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from benchmarks.vision_speed import LatencyMeter

pytestmark = pytest.mark.video

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "script, arguments, figure",
    [
        ("vision_speed", ["--frames", "12", "--rounds", "1"], "four faces 1280x720"),
        ("recording_cost", ["--frames", "12", "--rounds", "1"], "ratio"),
        ("dashboard_overhead", ["--frames", "12"], "ratio"),
        ("engine_speed", ["--hands", "40"], "ratio"),
    ],
)
def test_a_benchmark_runs_to_its_figures(script: str, arguments: list[str], figure: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", f"benchmarks.{script}", *arguments],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert figure in done.stdout, done.stdout[-2000:]


def test_the_latency_leaves_out_gestures_made_while_their_seat_calibrated() -> None:
    def result(ts: int, states: dict[int, str], ends: dict[int, int]) -> SimpleNamespace:
        seats = {seat: SimpleNamespace(calibration=SimpleNamespace(state=state))
                 for seat, state in states.items()}  # fmt: skip
        gestures = [SimpleNamespace(seat=seat, end_ms=end) for seat, end in ends.items()]
        return SimpleNamespace(frame=SimpleNamespace(ts_ms=ts), seats=seats, gestures=gestures)

    meter = LatencyMeter()
    meter.add(result(2000, {1: "calibrating", 2: "ready"}, {}), 5.0)
    # Seat 1 calibrated at 2033 and reports a wink made at 500: replayed, left out.
    meter.add(result(2033, {1: "ready", 2: "ready"}, {1: 600, 2: 1950}), 5.0)
    meter.add(result(3033, {1: "ready", 2: "ready"}, {1: 2950}), 4.0)
    assert meter.latencies == [2033 - 1950 + 5.0, 3033 - 2950 + 4.0]
