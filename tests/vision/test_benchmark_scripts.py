"""Every speed and cost benchmark runs to its figures on a few frames, so a script that no
longer matches the code it measures (a changed constructor, a renamed field) fails here, not on
the day its figures are wanted. The figures themselves are not checked: timing is for the
benchmarks, on a quiet machine."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

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
