"""Pipeline: sources -> landmarks -> seats -> features -> detectors, with fakes for MediaPipe and
the detectors."""

from __future__ import annotations

import json
import threading
import time

import cv2
import numpy as np
import pytest

from tests.vision.fakes import (
    FakeCapture,
    FakeDetector,
    FakeLandmarker,
    ListSource,
    fake_features,
    frames,
    gap,
    judging_any_face,
)
from vision.capture.sources import LiveCaptureSource, ReconnectPolicy, SourceError
from vision.pipeline import Pipeline, open_pipeline


def make_pipeline(sources, script, *, delay_s=0.0, **options):
    landmarkers: dict[str, FakeLandmarker] = {}
    detectors: dict[int, FakeDetector] = {}

    def landmarker(source_id):
        landmarkers[source_id] = FakeLandmarker(script, delay_s)
        return landmarkers[source_id]

    def detector(seat):
        detectors[seat] = FakeDetector(seat)
        return detectors[seat]

    pipeline = Pipeline(
        sources,
        landmarker_factory=landmarker,
        features=fake_features,
        detector_factory=detector,
        detector_settings=options.pop("detector_settings", judging_any_face()),
        **options,
    )
    return pipeline, landmarkers, detectors


def wink_between(start_ms, end_ms):
    def script(frame):
        shapes = {"wink": 1.0 if start_ms <= frame.ts_ms < end_ms else 0.0}
        return [(1, (40, 30, 50, 50), shapes), (2, (10, 30, 20, 20), {})]

    return script


def test_recorded_source_every_frame_in_order_and_gestures_reported_once():
    source = ListSource("clip", frames("clip", 30))
    pipeline, landmarkers, _detectors = make_pipeline(source, wink_between(400, 600))
    results = list(pipeline)
    assert [r.frame.ts_ms for r in results[:-1]] == [i * 40 for i in range(30)]
    assert results[-1].end_of_stream and results[-1].frame.ts_ms == 29 * 40
    gestures = [g for r in results for g in r.gestures]
    assert [(g.seat, g.kind, g.start_ms, g.end_ms) for g in gestures] == [(2, "wink", 400, 600)]
    assert pipeline.gestures == gestures
    # Left to right: track 2 (x=10) is seat 1, track 1 (x=40) seat 2, both after 300 ms.
    late = results[9]
    assert {s.face.track_id: s.seat for s in late.faces} == {1: 2, 2: 1}
    assert set(late.seats) == {1, 2} and late.seats[2].scores == {"wink": 0.0}
    assert results[12].seats[2].scores == {"wink": 1.0}
    assert late.stats.frames == 10 and late.stats.dropped == 0
    assert landmarkers["clip"].closed
    json.dumps(late.to_dict())


@pytest.mark.parametrize("step_ms, slow", [(40, False), (100, True)])
def test_too_few_frames_a_second_for_a_brief_sena_is_said(step_ms, slow):
    # 25 frames a second, then 10: the rate is the frames' own, not how fast they were read.
    source = ListSource("clip", frames("clip", 30, step_ms=step_ms))
    pipeline, _, _ = make_pipeline(source, wink_between(400, 600))
    last = [r for r in pipeline if not r.end_of_stream][-1]
    assert last.stats.read_fps == pytest.approx(1000 / step_ms, rel=0.01)
    assert last.stats.slow is slow
    assert last.stats.to_dict()["slow"] is slow


def test_photos_have_no_frame_rate_to_be_slow():
    source = ListSource("photos", frames("photos", 30, step_ms=1000), stills=True)
    pipeline, _, _ = make_pipeline(source, wink_between(400, 600))
    last = [r for r in pipeline if not r.end_of_stream][-1]
    assert last.stats.read_fps == 0.0 and not last.stats.slow


@pytest.mark.parametrize(
    "score, flag, from_ms",
    [("talking", "talking", 400), ("shoulders", "shoulders_in_view", 560)],
    ids=["talking", "shoulders out of the picture"],
)
def test_a_seat_s_state_is_said_in_its_view_and_on_the_feed(score, flag, from_ms):
    """The fake detector talks while its "talking" score is up, and sees the shoulders while
    its "shoulders" score is: each flips at ``from_ms``, from 0 for talking, from 1 for the
    shoulders."""
    from api.vision_feed import seat_summary

    before = 0.0 if flag == "talking" else 1.0

    def script(frame):
        return [(1, (40, 30, 50, 50), {score: 1.0 - before if frame.ts_ms >= from_ms else before})]

    results = list(make_pipeline(ListSource("clip", frames("clip", 20)), script)[0])
    by_ts = {r.frame.ts_ms: r for r in results if not r.end_of_stream}
    early, late = by_ts[360], by_ts[640]  # the seat is taken after 300 ms
    assert getattr(early.seats[1], flag) is bool(before)
    assert getattr(late.seats[1], flag) is not bool(before)
    assert late.to_dict()["seats"]["1"][flag] is not bool(before)
    assert seat_summary(early)["1"][flag] is bool(before)
    assert seat_summary(late)["1"][flag] is not bool(before)


def test_the_eye_kinds_a_seat_cannot_be_read_making_are_in_its_view_and_on_the_feed():
    from api.vision_feed import seat_summary

    def script(frame):
        return [(1, (40, 30, 50, 50), {"narrow": 1.0 if frame.ts_ms >= 400 else 0.0})]

    results = list(make_pipeline(ListSource("clip", frames("clip", 20)), script)[0])
    by_ts = {r.frame.ts_ms: r for r in results if not r.end_of_stream}
    early, late = by_ts[360], by_ts[640]
    assert early.seats[1].eyes_unreadable == ()
    assert late.seats[1].eyes_unreadable == ("wink", "eyes_closed")
    assert late.to_dict()["seats"]["1"]["eyes_unreadable"] == ["wink", "eyes_closed"]
    assert seat_summary(early)["1"]["eyes_unreadable"] == []
    assert seat_summary(late)["1"]["eyes_unreadable"] == ["wink", "eyes_closed"]


def test_a_recorded_frame_is_judged_while_the_next_frame_s_landmarks_run():
    """Features of frame N wait (up to 2 s) for the landmarker to be given frame N + 1: they
    only see it if both run at once."""
    source = ListSource("clip", frames("clip", 20))
    observed = {i * 40: threading.Event() for i in range(21)}
    saw_next = []

    def script(frame):
        observed[frame.ts_ms].set()
        return [(1, (40, 30, 50, 50), {})]

    def features(face, image, pose, beside):
        if face.ts_ms < 19 * 40:
            saw_next.append(observed[face.ts_ms + 40].wait(timeout=2.0))
        return {}

    pipeline = Pipeline(
        source,
        landmarker_factory=lambda source_id: FakeLandmarker(script),
        features=features,
        detector_factory=FakeDetector,
        detector_settings=judging_any_face(),
    )
    results = list(pipeline)
    assert [r.frame.ts_ms for r in results] == [i * 40 for i in range(20)] + [19 * 40]
    assert len(saw_next) >= 10 and all(saw_next)  # faces are seated after 300 ms


def test_stop_on_a_recorded_source_ends_after_the_frame_it_was_asked_on():
    source = ListSource("clip", frames("clip", 30))
    pipeline, _, detectors = make_pipeline(source, wink_between(0, 0))
    results = []
    for result in pipeline:
        results.append(result)
        if len(results) == 15:
            pipeline.stop()
    assert [r.frame.ts_ms for r in results] == [i * 40 for i in range(15)] + [14 * 40]
    assert results[-1].end_of_stream
    assert max(ts for d in detectors.values() for ts, _ in d.updates) == 14 * 40


@pytest.mark.parametrize(("stills", "resets"), [(True, [0, 1, 2]), (False, [])])
def test_the_landmarker_starts_afresh_on_every_still_photo_only(stills, resets):
    source = ListSource("photos", frames("photos", 3, step_ms=1000), stills=stills)
    pipeline, landmarkers, _ = make_pipeline(source, wink_between(0, 0))
    assert len(list(pipeline)) == 4
    assert landmarkers["photos"].resets == resets


def test_gesture_in_progress_at_the_end_is_flushed():
    source = ListSource("clip", frames("clip", 20))
    pipeline, _, _ = make_pipeline(source, wink_between(600, 10_000))
    results = list(pipeline)
    assert [(g.start_ms, g.end_ms) for g in results[-1].gestures] == [(600, 19 * 40)]


def test_a_seat_whose_face_is_lost_is_told_so():
    def script(frame):
        return [] if 400 <= frame.ts_ms < 520 else [(1, (40, 30, 50, 50), {})]

    pipeline, _, detectors = make_pipeline(ListSource("clip", frames("clip", 20)), script)
    results = list(pipeline)
    lost = [ts for ts, features in detectors[1].updates if features is None]
    assert lost == [400, 440, 480]
    assert results[10].seats[1].face is None and results[13].seats[1].face is not None


def test_live_source_drops_frames_not_gestures_nor_gaps():
    # Frames every 2 ms, processing takes 10 ms: most frames are dropped. The wink is long
    # enough to be seen in any case; the gap marker must come through.
    items = [*frames("cam", 60, step_ms=2), gap("cam", 118, 300)]
    items += frames("cam", 120, step_ms=2, start_ms=300)
    source = ListSource("cam", items, live=True, interval_s=0.002)
    pipeline, _, _ = make_pipeline(source, wink_between(440, 500), delay_s=0.01)
    results = list(pipeline)
    stats = results[-1].stats
    assert stats.dropped > 20
    assert stats.frames + stats.dropped == 180
    assert stats.gaps == 1 and sum(r.gap is not None for r in results) == 1
    at = next(i for i, r in enumerate(results) if r.gap is not None)
    assert all(r.frame.ts_ms <= 118 for r in results[:at])
    assert all(r.frame.ts_ms >= 300 for r in results[at + 1 :])
    assert [(g.kind, g.seat) for r in results for g in r.gestures] == [("wink", 2)]


def test_two_sources_of_one_table_are_merged_by_time_with_their_own_seats():
    a = ListSource("left", frames("left", 20, step_ms=40))
    b = ListSource("right", frames("right", 20, step_ms=40, start_ms=20))
    pipeline, landmarkers, _ = make_pipeline([a, b], wink_between(0, 0))
    results = list(pipeline)
    stamps = [r.frame.ts_ms for r in results if not r.end_of_stream]
    assert stamps == sorted(stamps) and len(stamps) == 40
    last = results[-2]
    seats = {(r.frame.source_id, s.face.track_id): s.seat for r in results[-3:-1] for s in r.faces}
    assert sorted(seats.values()) == [1, 2, 3, 4]
    assert last.stats.frames == 40
    assert all(lm.closed for lm in landmarkers.values())


def test_stop_from_another_thread_ends_a_live_pipeline():
    source = ListSource("cam", frames("cam", 10_000, step_ms=2), live=True, interval_s=0.002)
    pipeline, landmarkers, _ = make_pipeline(source, wink_between(0, 0))
    seen = []
    timer = threading.Timer(0.3, pipeline.stop)
    timer.start()
    for result in pipeline:
        seen.append(result)
    timer.join()
    assert 0 < len(seen) < 10_000
    assert landmarkers["cam"].closed


def test_open_pipeline_loops_a_file_in_real_time(tmp_path):
    clip = tmp_path / "clip.mp4"
    writer = cv2.VideoWriter(str(clip), cv2.VideoWriter_fourcc(*"mp4v"), 50.0, (32, 24))
    for _ in range(5):
        writer.write(np.zeros((24, 32, 3), np.uint8))
    writer.release()
    pipeline = open_pipeline(
        clip,
        loop=True,
        realtime=True,
        landmarker_factory=lambda source_id: FakeLandmarker(lambda frame: []),
        features=fake_features,
        detector_factory=FakeDetector,
    )
    started = time.perf_counter()
    stamps = []
    for result in pipeline:
        if result.end_of_stream:
            continue
        stamps.append(result.frame.ts_ms)
        if result.frame.ts_ms >= 14 * 20:
            pipeline.stop()
    elapsed = time.perf_counter() - started
    assert pipeline.live
    # Past the end of the 5-frame clip, in step with the source's clock (frames may drop when
    # the machine is busy, but time goes on at the source's pace).
    assert stamps == sorted(set(stamps)) and all(ts % 20 == 0 for ts in stamps)
    assert stamps[-1] >= 14 * 20
    assert elapsed >= 0.9 * stamps[-1] / 1000


class FailingSource(ListSource):
    """A recorded source that breaks after its frames (a file cut short)."""

    def __iter__(self):
        yield from super().__iter__()
        raise SourceError("cannot decode clip.mp4 past frame 5: the file looks corrupt")


def test_a_source_that_fails_mid_way_ends_with_its_message_and_keeps_its_gestures():
    source = FailingSource("clip", frames("clip", 20))
    pipeline, _, _ = make_pipeline(source, wink_between(400, 600))
    results = list(pipeline)
    assert results[-1].end_of_stream
    assert results[-1].stats.errors == [
        "cannot decode clip.mp4 past frame 5: the file looks corrupt"
    ]
    assert pipeline.stats.errors == results[-1].stats.errors
    assert [g.kind for g in pipeline.gestures] == ["wink"]


def test_stop_cuts_short_a_camera_waiting_to_reconnect():
    cameras = iter([FakeCapture(3)])
    camera = LiveCaptureSource(
        0,
        opener=lambda target: next(cameras, FakeCapture(0, opened=False)),
        reconnect=ReconnectPolicy(
            failed_reads=1, first_delay_s=30.0, max_delay_s=30.0, give_up_after_s=0
        ),
    )
    pipeline, _, _ = make_pipeline(camera, wink_between(0, 0))
    timer = threading.Timer(0.3, pipeline.stop)
    started = time.perf_counter()
    timer.start()
    results = list(pipeline)
    timer.join()
    assert time.perf_counter() - started < 5
    assert results[-1].end_of_stream
    assert results[-1].stats.frames + results[-1].stats.dropped == 3


def test_two_live_cameras_are_both_processed_on_their_own_seats():
    a = ListSource("cam1", frames("cam1", 60, step_ms=10), live=True, interval_s=0.005)
    b = ListSource("cam2", frames("cam2", 60, step_ms=10, start_ms=5), live=True, interval_s=0.005)
    pipeline, landmarkers, _ = make_pipeline([a, b], wink_between(0, 0), delay_s=0.002)
    results = list(pipeline)
    seen = {r.frame.source_id for r in results if not r.end_of_stream}
    assert seen == {"cam1", "cam2"}
    seats = {(s.face.source_id, s.seat) for r in results for s in r.faces if s.seat}
    assert {seat for _, seat in seats} == {1, 2, 3, 4}
    assert len({source for source, _ in seats}) == 2
    assert results[-1].stats.frames + results[-1].stats.dropped == 120
    assert all(landmarker.closed for landmarker in landmarkers.values())


def test_each_face_s_landmarker_hears_whether_its_seat_wants_a_pose():
    # The fake detectors of odd seats want a pose, those of even seats not (fakes.FakeDetector).
    source = ListSource("clip", frames("clip", 20))
    pipeline, landmarkers, _ = make_pipeline(source, wink_between(0, 0))
    seats = {}
    for result in pipeline:
        seats.update({s.face.track_id: s.seat for s in result.faces if s.seat is not None})
    wanted = landmarkers["clip"].poses_wanted
    assert set(wanted) == set(seats) == {1, 2}
    assert all(wanted[track] == (seats[track] % 2 == 1) for track in wanted)


def test_the_settings_given_reach_the_seat_trackers_and_the_detectors():
    from vision.config.detector_settings import load_detector_settings
    from vision.config.pipeline_settings import load_vision_settings

    vision = load_vision_settings()
    seats = vision.seats.model_copy(update={"confirm_ms": 1234, "rebind_size_ratio": 3.5})
    vision = vision.model_copy(update={"seats": seats})
    detectors = load_detector_settings().with_sensitivities({"wink": 2.5})
    pipeline = Pipeline(
        ListSource("clip", frames("clip", 3)),
        landmarker_factory=lambda source_id: FakeLandmarker(wink_between(0, 0)),
        settings=vision,
        detector_settings=detectors,
    )
    tracker = pipeline.seat_trackers["clip"]
    assert (tracker.confirm_ms, tracker.rebind_size_ratio) == (1234, 3.5)
    assert pipeline._detector_factory(1).settings.gestures.wink.sensitivity == 2.5


def test_open_pipeline_reconnects_by_the_settings_given(monkeypatch):
    from vision.config.pipeline_settings import load_vision_settings

    vision = load_vision_settings()
    sources = vision.sources.model_copy(update={"reconnect_first_delay_s": 7.0})
    vision = vision.model_copy(update={"sources": sources})
    monkeypatch.setattr(cv2, "VideoCapture", lambda target: FakeCapture(3))  # camera 0
    with open_pipeline(
        0, settings=vision, landmarker_factory=lambda source_id: FakeLandmarker(wink_between(0, 0))
    ) as pipeline:
        assert pipeline.sources[0].reconnect.first_delay_s == 7.0


def test_a_gesture_too_brief_to_count_reaches_the_result_of_its_frame_only():
    def script(frame):
        return [(1, (40, 30, 50, 50), {"brief": 1.0 if frame.ts_ms == 480 else 0.0})]

    results = list(make_pipeline(ListSource("clip", frames("clip", 20)), script)[0])
    missed = {r.frame.ts_ms: [m.to_dict() for m in r.near_misses] for r in results}
    assert missed[480] == [{"seat": 1, "kind": "wink", "side": "left", "label": "wink left",
                            "start_ms": 380, "end_ms": 480, "lasted_ms": 100,
                            "reason": "too_brief", "limit_ms": 200}]  # fmt: skip
    assert sum(len(m) for m in missed.values()) == 1
    assert [g for r in results for g in r.gestures] == []


class PlacedFaces(FakeLandmarker):
    """Faces whose chin and temples lie where the shoulder strips are placed from: each bbox's
    bottom centre, and its top corners' row a fifth down."""

    def observe(self, frame):
        found = super().observe(frame)
        for face in found.faces:
            x, y, w, h = face.bbox
            face.landmarks[152, :2] = (x + w / 2, y + h)
            face.landmarks[127, :2] = (x, y + h / 5)
            face.landmarks[356, :2] = (x + w, y + h / 5)
        return found


def test_each_face_is_measured_within_the_picture_beside_its_own_neck():
    """Two faces side by side: each face's features are given the columns its shoulder strips
    may span, split between their chins in proportion to their sizes; a third face far above
    theirs bounds neither."""
    script = lambda frame: [  # noqa: E731
        (1, (10, 60, 20, 20), {}), (2, (70, 50, 40, 40), {}), (3, (130, 0, 10, 10), {}),
    ]  # fmt: skip
    seen = {}

    def features(face, image, pose, beside):
        seen[face.track_id] = beside
        return {}

    pipeline = Pipeline(
        ListSource("clip", frames("clip", 30)),
        landmarker_factory=lambda source_id: PlacedFaces(script),
        features=features,
        detector_factory=FakeDetector,
        detector_settings=judging_any_face(),
    )
    list(pipeline)
    split = 20 + (90 - 20) * 20 / (20 + 40)  # chins at x 20 and 90, faces 20 and 40 wide
    assert seen[1] == (-np.inf, pytest.approx(split)) and seen[2] == (pytest.approx(split), np.inf)
    assert seen[3] is None
