"""A seat's face too small or too poorly seen to judge: reported, and never guessed from."""

from __future__ import annotations

import json
from types import SimpleNamespace

import numpy as np

from api.commands import analyze as analyze_command
from api.vision_feed import seat_summary
from tests.vision.fakes import FakeDetector, FakeLandmarker, ListSource, fake_features, frames
from tests.vision.feature_traces import Trace
from tests.vision.test_analyze_cli import write_clip
from vision.capture.sources import open_source
from vision.config.detector_settings import JudgeableSettings, default_detector_settings
from vision.detectors import SeatGestureDetector
from vision.judgeable import JUDGEABLE, Judgeability, SeatJudge, frame_problem
from vision.observation import FaceObservation
from vision.output.export import GUESSED_REST, UnjudgedSpans
from vision.pipeline import Pipeline

SETTINGS = JudgeableSettings(min_face_width_px=60.0, hold_ms=200)
DETECTOR_SETTINGS = default_detector_settings().model_copy(update={"judgeable": SETTINGS})


def face(width: int, ts_ms: int = 0) -> FaceObservation:
    return FaceObservation(
        ts_ms, "cam", 1, np.zeros((478, 3), np.float32), {}, None, (10, 10, width, width)
    )


def reason(width, features=None):
    return frame_problem(face(width), features, SETTINGS, 0.35).reason


def test_a_narrow_face_is_too_small_and_a_poor_one_named_by_its_weakest_part():
    assert reason(45) == "face 45 px wide: too small"
    assert reason(90, SimpleNamespace(quality=0.2, quality_parts={"size": 0.2, "yaw": 0.9})) == (
        "face 90 px wide: too small"
    )
    turned = SimpleNamespace(quality=0.1, quality_parts={"size": 1.0, "yaw": 0.1})
    assert reason(150, turned) == "face turned away"
    assert reason(90, SimpleNamespace(quality=0.2)) == "face seen too poorly (quality 0.20)"
    assert reason(90, SimpleNamespace(quality=0.9)) is None
    assert reason(60, {}) is None  # features without a quality
    assert frame_problem(face(45), None, SETTINGS, 0.35).too_small
    assert not frame_problem(face(150), turned, SETTINGS, 0.35).too_small


def test_why_a_face_is_not_judged_comes_as_a_code_for_the_pages_words():
    def coded(width, features=None):
        problem = frame_problem(face(width), features, SETTINGS, 0.35)
        return problem.code, problem.params

    assert coded(45) == ("too_small", {"width": 45})
    turned = SimpleNamespace(quality=0.1, quality_parts={"size": 1.0, "yaw": 0.1})
    assert coded(150, turned) == ("yaw", None)
    assert coded(90, SimpleNamespace(quality=0.2)) == ("poor", {"quality": 0.2})
    assert coded(90, SimpleNamespace(quality=0.9)) == (None, None)


def test_a_face_seen_poorly_is_judged_again_on_its_first_good_frame():
    judge = SeatJudge(SETTINGS, 0.35)
    turned = SimpleNamespace(quality=0.1, quality_parts={"size": 1.0, "yaw": 0.1})
    for ts in range(0, 280, 40):
        status = judge.update(ts, face(150, ts), turned)
    assert status.reason == "face turned away" and judge.judges(face(150))
    assert judge.update(280, face(150, 280), SimpleNamespace(quality=0.9)).judgeable


def test_the_status_changes_only_after_the_hold():
    judge = SeatJudge(SETTINGS, 0.35)
    statuses = []
    for ts, width in [(0, 90), (40, 40), (200, 40), (240, 40), (280, 90), (440, 90), (480, 90)]:
        statuses.append(judge.update(ts, face(width, ts), None).judgeable)
    assert statuses == [True, True, True, False, False, False, True]
    assert judge.update(520, face(41, 520), None).judgeable  # one odd frame: still judged


def test_a_shrinking_face_is_never_judged_even_while_the_hold_runs():
    judge = SeatJudge(SETTINGS, 0.35)
    judge.update(0, face(40), None)
    assert judge.status.judgeable and not judge.judges(face(40))
    assert judge.judges(face(80))


def test_the_reason_follows_the_face_while_it_stays_unjudgeable():
    judge = SeatJudge(SETTINGS, 0.35)
    for ts in range(0, 400, 40):
        judge.update(ts, face(40, ts), None)
    assert judge.update(400, face(30, 400), None).reason == "face 30 px wide: too small"


def shrinking_then_growing(frame):
    """Seat 1's face is 100 px wide, 40 px from 1 s to 2 s, and winks at 1.2-1.4 s and 2.6-2.8 s
    (once judged again: the hold, 0.2 s, after it is wide enough)."""
    width = 40 if 1000 <= frame.ts_ms < 2000 else 100
    wink = 1.0 if 1200 <= frame.ts_ms < 1400 or 2600 <= frame.ts_ms < 2800 else 0.0
    return [(1, (20, 10, width, width), {"wink": wink})]


def test_the_pipeline_feeds_nothing_for_a_face_too_small_and_reports_why():
    detectors = {}

    def detector(seat):
        detectors[seat] = FakeDetector(seat)
        return detectors[seat]

    pipeline = Pipeline(
        ListSource("clip", frames("clip", 80)),
        landmarker_factory=lambda source_id: FakeLandmarker(shrinking_then_growing),
        features=fake_features,
        detector_factory=detector,
        detector_settings=DETECTOR_SETTINGS,
    )
    results = list(pipeline)
    gestures = [(g.seat, g.kind, g.start_ms, g.end_ms) for r in results for g in r.gestures]
    assert gestures == [(1, "wink", 2600, 2800)]  # the wink of the small face is not guessed
    fed = dict(detectors[1].updates)
    assert all(fed[ts] is None for ts in range(1000, 2200, 40))
    assert fed[960] is not None and fed[2200] is not None
    by_ts = {r.frame.ts_ms: r for r in results if not r.end_of_stream}
    assert by_ts[1160].seats[1].judgeability.judgeable
    late = by_ts[1200].seats[1].judgeability
    assert not late.judgeable and late.reason == "face 40 px wide: too small"
    assert by_ts[960].seats[1].judgeability.judgeable
    seat = by_ts[1800].to_dict()["seats"]["1"]
    assert seat["judgeable"] is False and seat["reason"] == "face 40 px wide: too small"
    live = seat_summary(by_ts[1800])["1"]
    assert live["judgeable"] is False and live["unjudgeable_reason"] == seat["reason"]
    assert seat_summary(by_ts[600])["1"]["judgeable"] is True


def test_analyze_lists_the_spans_a_seat_was_too_small_to_judge(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    analyze_command.analyze(
        open_source(write_clip(tmp_path / "clip.mp4", frames=80)),
        out,
        landmarker_factory=lambda source_id: FakeLandmarker(shrinking_then_growing),
        features=fake_features,
        detector_factory=FakeDetector,
        progress=False,
        video=False,
        detector_settings=DETECTOR_SETTINGS,
    )
    gestures = [json.loads(line) for line in (out / "gestures.jsonl").read_text().splitlines()]
    assert [(g["start_ms"], g["end_ms"]) for g in gestures] == [(2600, 2800)]
    summary = json.loads((out / "summary.json").read_text())
    (span,) = summary["unjudged"]["1"]
    assert span["reason"] == "face 40 px wide: too small"
    assert (span["start_ms"], span["end_ms"]) == (1200, 2160)


def test_the_command_says_which_seat_was_not_judged_and_why(tmp_path, monkeypatch, capsys):
    from api.cli import main

    script = lambda frame: [(1, (20, 10, 40, 40), {})]  # noqa: E731
    monkeypatch.setattr(
        analyze_command, "_landmarker_factory", lambda: lambda source_id: FakeLandmarker(script)
    )
    clip = write_clip(tmp_path / "clip.mp4", frames=50)
    assert main(["analyze", str(clip), "--no-video", "--out", str(tmp_path / "out")]) == 0
    said = capsys.readouterr().out.splitlines()[-1]
    assert said.startswith("seat 1: not judged for ")
    assert said.endswith(" s (face 40 px wide: too small): no gesture is read there")


def _spans_of(trace: Trace, small: tuple[int, int] = (0, 0)) -> dict:
    """The unjudged spans a run over ``trace`` leaves, the seat's real detector deciding; the
    face is reported too small from ``small[0]`` to ``small[1]`` ms."""
    detector = SeatGestureDetector(1, default_detector_settings())
    spans = UnjudgedSpans()
    too_small = Judgeability(False, "face 40 px wide: too small")
    for ts, features in trace.frames():
        detector.update(ts, features)
        judged = too_small if small[0] <= ts < small[1] else JUDGEABLE
        view = SimpleNamespace(calibration=detector.calibration, judgeability=judged)
        spans.add(ts, SimpleNamespace(seats={1: view}))
    return spans.to_dict()


def test_a_seat_calibrated_on_a_face_never_at_rest_says_its_first_seconds_were_not_judged():
    (span,) = _spans_of(Trace(16000, rest={"mouth_open": 0.25}))["1"]  # lips always parted
    assert span["reason"] == GUESSED_REST
    assert span["start_ms"] == 0 and 12000 <= span["end_ms"] <= 12500
    assert _spans_of(Trace(6000)) == {}  # at rest: its first seconds are judged once calibrated
    # Too small for a while inside that calibration and on after it: no second counted twice.
    spans = _spans_of(Trace(16000, rest={"mouth_open": 0.25}), small=(3000, 14000))["1"]
    assert [s["reason"] for s in spans] == [GUESSED_REST, "face 40 px wide: too small"]
    assert spans[0]["end_ms"] == spans[1]["start_ms"] and spans[1]["end_ms"] >= 13900


def test_the_live_feed_tells_a_seat_whose_rest_was_guessed():
    def guessed(trace: Trace) -> bool:
        detector = SeatGestureDetector(1, default_detector_settings())
        for ts, features in trace.frames():
            detector.update(ts, features)
        calibrated = detector.calibration
        view = SimpleNamespace(
            source_id="cam1", face=None, scores={}, calibration=calibrated, judgeability=JUDGEABLE
        )
        calibration = seat_summary(SimpleNamespace(seats={1: view}))["1"]["calibration"]
        assert calibration["state"] == "ready"
        return bool(calibration["guessed"])

    assert guessed(Trace(14000, rest={"mouth_open": 0.25}))
    assert not guessed(Trace(4000))
