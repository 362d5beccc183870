"""One seat's detector as a whole: calibration, lost faces, poor views, end of stream, scores,
a player's saved baseline."""

import pytest

from engine.gesture import GESTURE_KINDS
from tests.vision.feature_traces import Trace, labels, run
from vision.config.detector_settings import load_detector_settings
from vision.detectors import DETECTOR_CLASSES, SeatGestureDetector
from vision.measures.baseline import Baseline

WINK_LEFT = {"eye_open_left": -0.2, "eyeBlinkLeft": 0.72}  # eyeBlink as a real shut eye


def test_every_gesture_kind_has_one_detector():
    assert sorted(cls.kind for cls in DETECTOR_CLASSES) == sorted(GESTURE_KINDS)


def test_calibration_reports_its_progress():
    detector = SeatGestureDetector(2, load_detector_settings())
    progress = []
    for ts, features in Trace(2600).frames():
        detector.update(ts, features)
        progress.append(detector.calibration.progress)
    assert progress == sorted(progress) and progress[0] < 0.05
    assert detector.calibration.state == "ready" and progress[-1] == 1.0


def test_a_wink_made_while_calibrating_is_reported_once_calibrated():
    detector = SeatGestureDetector(2, load_detector_settings())
    reported = []
    for ts, features in Trace(4000).add(500, 1100, **WINK_LEFT).frames():
        was_ready = detector.calibration.state == "ready"
        gestures = detector.update(ts, features)
        reported += [(ts, was_ready, g) for g in gestures]
    ((ts, was_ready, wink),) = reported
    assert wink.label == "wink left" and 450 <= wink.start_ms <= 600
    assert not was_ready and ts > 2000  # returned by the frame that completed calibration


def test_frames_seen_while_calibrating_are_judged_without_the_watchers():
    detector = SeatGestureDetector(1, load_detector_settings())
    watched = []
    detector.watchers.append(watched.append)
    gestures = []
    for ts, features in Trace(3000).add(500, 1100, **WINK_LEFT).frames():
        gestures += detector.update(ts, features)
    assert labels(gestures) == ["wink left"]
    assert watched and min(watched) > 2000  # live frames only, none of the replayed ones


def test_the_replayed_frames_leave_the_calibrated_rest_as_it_is():
    settings = load_detector_settings()
    detector = SeatGestureDetector(1, settings)
    reference = Baseline.from_settings(settings)
    smiling = Trace(4000).add(300, 1500, mouthSmileLeft=0.3, mouthSmileRight=0.3)  # still at rest
    for ts, features in smiling.frames():
        detector.update(ts, features)
        reference.calibrate(ts, features.signals())
        if detector.calibration.state == "ready":
            break
    assert reference.ready
    assert detector.baseline.values == reference.values


def test_a_face_calibrated_leniently_has_its_earlier_frames_left_unjudged():
    # Never at rest for the first 10 s: the rest it is measured from is a guess, and the frames
    # before it are not judged against that guess.
    parted = {"mouth_open": 0.25}  # lips always parted: no resting face to the limits
    trace = Trace(16000, rest=parted).add(3000, 3600, **WINK_LEFT).add(14000, 14600, **WINK_LEFT)
    gestures, _, detector = run(trace)
    assert detector.calibration.state == "ready"
    assert [g.start_ms // 1000 for g in gestures] == [14]


def test_once_a_face_is_calibrated_leniently_nothing_held_is_judged():
    # Lips parted for the first 10.5 s, so calibration turns lenient at 10 s; the face rests
    # from 10.5 s and tilts its head as the calibration ends (at 12 s) on those resting frames.
    trace = Trace(18000).add(0, 10500, ramp_ms=1, mouth_open=0.25)
    trace.add(11400, 12600, ramp_ms=150, head_roll_deg=20.0)
    trace.add(15000, 16200, ramp_ms=150, head_roll_deg=20.0)
    gestures, _, _ = run(trace)
    assert [g.start_ms // 1000 for g in gestures] == [15]


def test_the_frames_kept_while_calibrating_are_bounded():
    detector = SeatGestureDetector(1, load_detector_settings())
    trace = Trace(30000).lose(1000, 30000)  # seen for a second, then lost: never calibrated
    for ts, features in trace.frames():
        detector.update(ts, features)
    assert detector.calibration.state == "calibrating"
    kept = detector._calibrating_frames
    assert kept[-1][0] - kept[0][0] <= 12_000 and len(kept) < 400


def test_a_calibration_turned_lenient_keeps_no_frames():
    """Its rest is a guess, so none of the frames would be judged: they are not kept either."""
    detector = SeatGestureDetector(1, load_detector_settings())
    for ts, features in Trace(11000, rest={"mouth_open": 0.25}).frames():
        detector.update(ts, features)
    assert detector.calibration.state == "calibrating" and detector.calibration.guessed
    assert len(detector._calibrating_frames) == 0


def test_a_wink_during_calibration_does_not_spoil_the_baseline():
    trace = Trace(6000).add(500, 800, **WINK_LEFT).add(4000, 4400, **WINK_LEFT)
    assert labels(run(trace)[0]) == ["wink left"]


def test_a_face_lost_mid_gesture_gives_no_gesture():
    trace = Trace(6000).add(3000, 3800, **WINK_LEFT).lose(3200, 3700)
    assert run(trace)[0] == []


def test_a_dropped_frame_or_two_does_not_break_a_gesture():
    trace = Trace(6000).add(3000, 3600, **WINK_LEFT).lose(3250, 3310)
    assert labels(run(trace)[0]) == ["wink left"]


def test_low_quality_suppresses_gestures():
    trace = Trace(6000).add(3000, 3600, **WINK_LEFT).set(2800, 4000, quality=0.2)
    assert run(trace)[0] == []


def test_lower_quality_lowers_confidence():
    (good,) = run(Trace(6000).add(3000, 3600, **WINK_LEFT))[0]
    trace = Trace(6000).add(3000, 3600, **WINK_LEFT).set(2800, 4000, quality=0.6)
    (fair,) = run(trace)[0]
    assert fair.confidence < good.confidence


def test_a_gesture_still_under_way_at_the_end_of_the_stream_is_flushed():
    gestures, _, _ = run(Trace(4000).add(3300, 4500, **WINK_LEFT))
    assert labels(gestures) == ["wink left"]
    assert gestures[0].end_ms >= 3900


def test_gestures_carry_the_seat():
    assert {g.seat for g in run(Trace(5000).add(3000, 3500, **WINK_LEFT), seat=3)[0]} == {3}


def test_scores_rise_during_a_gesture_and_stay_in_range():
    detector = SeatGestureDetector(1, load_detector_settings())
    peak = 0.0
    for ts, features in Trace(5000).add(3000, 3600, **WINK_LEFT).frames():
        detector.update(ts, features)
        scores = detector.scores()
        assert set(scores) == set(GESTURE_KINDS)
        assert all(0.0 <= v <= 1.0 for v in scores.values())
        if 3100 <= ts <= 3500:
            peak = max(peak, scores["wink"])
        if ts > 4000:
            assert scores["wink"] < 0.2
    assert peak > 0.9


def test_a_saved_player_starts_ready_with_their_sensitivities(tmp_path):
    settings = load_detector_settings()
    first = SeatGestureDetector(1, settings)
    for ts, features in Trace(3000, rest={"mouthPucker": 0.3}).frames():
        first.update(ts, features)
    path = tmp_path / "ane.json"
    first.save_player(path, "Ane")

    second = SeatGestureDetector(1, settings)
    assert second.calibration.state == "calibrating"
    assert second.load_player(path) == "Ane"
    assert second.calibration.state == "ready"
    assert second.baseline.values["mouthPucker"] == pytest.approx(0.35, abs=0.02)

    text = path.read_text().replace('"wink": 1.0', '"wink": 0.2')
    path.write_text(text)
    third = SeatGestureDetector(1, settings)
    third.load_player(path)
    gestures = []
    for ts, features in Trace(2000).add(500, 1000, **WINK_LEFT).frames():
        gestures += third.update(ts, features)
    assert gestures == []  # sensitivity 0.2 keeps the wink under `on`


def test_saving_before_calibration_is_refused(tmp_path):
    with pytest.raises(RuntimeError):
        SeatGestureDetector(1, load_detector_settings()).save_player(tmp_path / "x.json", "x")


def test_calibration_waits_for_open_eyes():
    shut = {"eye_open_left": -0.2, "eye_open_right": -0.2, "eyeBlinkLeft": 0.7,
            "eyeBlinkRight": 0.7}  # fmt: skip
    trace = Trace(9000).add(0, 4000, ramp_ms=1, **shut).add(7000, 7500, **WINK_LEFT)
    gestures, _, detector = run(trace)
    # Measured against open eyes, not shut ones: the closure it opened on is one too.
    assert labels(gestures) == ["eyes_closed", "wink left"]
    assert gestures[0].start_ms < 100
    assert detector.baseline.values["eye_open_left"] > 0.25


def test_calibration_waits_for_the_lips_to_close_over_a_tongue_shown_from_the_start():
    # A real player had the tongue out from the first frame: the lips parted 0.3 of the face,
    # where resting talkers part theirs 0.18 at most.
    tongue = {"tongue": 0.35, "mouth_open": 0.28, "jawOpen": 0.2}
    trace = Trace(10000).add(0, 3000, ramp_ms=1, **tongue).add(7000, 8000, **tongue)
    gestures, _, detector = run(trace)
    assert labels(gestures) == ["tongue_out center", "tongue_out center"]
    assert [g.start_ms // 1000 for g in gestures] == [0, 7]
    assert detector.baseline.values["mouth_open"] < 0.05


def test_calibration_says_while_the_face_it_sees_is_not_at_rest():
    detector = SeatGestureDetector(1, load_detector_settings())
    shut = {"eye_open_left": -0.2, "eye_open_right": -0.2, "eyeBlinkLeft": 0.7,
            "eyeBlinkRight": 0.7}  # fmt: skip
    resting = {}
    for ts, features in Trace(5000).add(0, 2000, ramp_ms=1, **shut).frames():
        detector.update(ts, features)
        resting[ts] = detector.calibration.resting
    assert not resting[1000] and resting[2500]
    assert detector.calibration.state == "ready" and detector.calibration.resting


def test_a_face_never_neutral_is_calibrated_leniently_in_the_end():
    detector = SeatGestureDetector(1, load_detector_settings())
    trace = Trace(14000, rest={"eyeBlinkLeft": 0.5, "eyeBlinkRight": 0.5})  # heavy lids
    states = [detector.update(ts, f) or detector.calibration.state for ts, f in trace.frames()]
    assert states[60] == "calibrating" and states[-1] == "ready"


def test_a_laugh_that_squints_one_eye_more_is_not_a_wink():
    laugh = {"mouthSmileLeft": 0.6, "mouthSmileRight": 0.6, **WINK_LEFT}
    assert run(Trace(5000).add(3000, 3800, **laugh))[0] == []


def test_sensitivities_change_live_and_keep_the_baseline():
    detector = SeatGestureDetector(1, load_detector_settings())
    gestures = []
    trace = Trace(8000).add(4000, 4500, **WINK_LEFT).add(6000, 6500, **WINK_LEFT)
    for ts, features in trace.frames():
        if ts == 5000:
            detector.set_sensitivities({"wink": 0.2})
            assert detector.calibration.state == "ready"
            assert detector.sensitivities()["wink"] == 0.2
        gestures += detector.update(ts, features)
    assert [g.start_ms < 5000 for g in gestures] == [True]  # the second wink is too faint now
