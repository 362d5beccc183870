"""Practice drills scored from gestures, sensitivities per player, progress across sessions."""

import time

import numpy as np
import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.settings import Settings
from engine.cards import parse_hand
from engine.gesture import GESTURE_SIDES, Gesture
from engine.rules import Rules
from engine.senas import load_profile, senas_for
from tests.api.polling import wait_for

SEATS = [{"seat": n, "name": f"P{n}"} for n in range(1, 5)]


def drill(client, **body):
    response = client.post("/api/practice/drills", json={"player": "Ane"} | body)
    assert response.status_code == 201, response.text
    return response.json()


def test_a_sena_drill_recognises_the_right_gesture_and_scores_it(client):
    started = drill(client, target="dos_reyes", session="s1")
    assert started["targets"] == {"dos_reyes": [["lip_bite"]]}
    client.app.state.on_gesture(Gesture(1, "lip_bite", "center", 1000, 1600, peak=0.7), "cam1")
    attempt = client.post("/api/practice/drills/current/finish").json()["attempt"]
    assert attempt["recognised"] is True
    assert attempt["seen"] == [{"meaning": "dos_reyes", "gestures": ["lip_bite center"]}]
    assert attempt["duration_ms"] == 600
    assert attempt["size"] == 0.7
    assert attempt["time_ms"] >= 0


def test_a_wrong_gesture_is_reported_as_what_was_seen_instead(client):
    drill(client, target="dos_reyes")
    client.app.state.on_gesture(Gesture(1, "wink", "left", 1000, 1300), "cam1")
    attempt = client.post("/api/practice/drills/current/finish").json()["attempt"]
    assert attempt["recognised"] is False
    assert attempt["seen"] == [{"meaning": "juego_31", "gestures": ["wink left"]}]
    assert client.app.state.store.attempts_of("Ane")[0].targets == ("dos_reyes",)


def test_a_drill_never_takes_a_seat_of_a_hand_in_play_unless_told_to(client):
    hand_id = client.post("/api/tables", json={"seats": SEATS}).json()["current"]["hand"]["id"]
    refused = client.post("/api/practice/drills", json={"player": "Ane", "seat": 1})
    assert refused.status_code == 409
    assert "seat 1 (P1) plays hand 1" in refused.json()["detail"]
    client.app.state.on_gesture(Gesture(1, "brows_raised", None, 10, 300), "cam1")
    assert len(client.get(f"/api/hands/{hand_id}").json()["senas"]) == 1


def test_gestures_of_an_open_drill_do_not_reach_the_table(client):
    hand_id = client.post("/api/tables", json={"seats": SEATS}).json()["current"]["hand"]["id"]
    drill(client, target="duples", take_seat=True)
    client.app.state.on_gesture(Gesture(1, "brows_raised", None, 10, 300), "cam1")
    assert client.get(f"/api/hands/{hand_id}").json()["senas"] == []
    client.post("/api/practice/drills/current/finish")
    client.app.state.on_gesture(Gesture(1, "brows_raised", None, 5000, 5300), "cam1")
    assert len(client.get(f"/api/hands/{hand_id}").json()["senas"]) == 1


def test_a_hand_drill_deals_cards_whose_true_senas_are_the_targets(client):
    profile = load_profile("standard")
    for _ in range(5):
        started = drill(client, kind="hand")
        options = senas_for(parse_hand(started["cards"]), profile)
        assert started["targets"] == {o.meaning: [list(w) for w in o.ways] for o in options}
        assert started["targets"]


def _gestures(way: list[str], start_ms: int) -> list[Gesture]:
    """The gestures of one way of a seña, one after another, each on a side it may take."""
    made = []
    for i, label in enumerate(way):
        kind, *side = label.split()
        sides = GESTURE_SIDES[kind]
        made.append(
            Gesture(1, kind, side[0] if side else (sides[0] if sides else None),
                    start_ms + 800 * i, start_ms + 800 * i + 500, peak=0.6)
        )  # fmt: skip
    return made


@pytest.mark.parametrize(("profile", "reyes"), [("standard", 8), ("navarra", 4)])
def test_a_hand_drill_deals_and_judges_under_the_reyes_of_the_house_profile(
    tmp_path, profile, reyes
):
    """Under navarra (4 reyes) a 3 is a 3: a hand of three treses and a rey is medias; under the
    standard profile (8 reyes) it is four reyes. The drill says its reyes, asks the señas true
    under them, and judges a seña made under them."""
    house = load_profile(profile)
    settings = Settings(data_dir=tmp_path / "data", live=False, profile=profile)
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        for _ in range(200):  # a hand the two reyes read apart
            started = drill(client, kind="hand")
            hand = parse_hand(started["cards"])
            under = {n: senas_for(hand, house, Rules(reyes=n)) for n in (8, 4)}
            apart = {o.meaning for o in under[8]} ^ {o.meaning for o in under[4]}
            if apart:
                break
            client.delete("/api/practice/drills/current")
        else:
            pytest.fail("no hand dealt that 8 and 4 reyes read apart")
        assert started["reyes"] == reyes
        assert started["targets"] == {o.meaning: [list(w) for w in o.ways] for o in under[reyes]}
        made = sorted(apart)[0]
        (way, *_) = [[p.label for p in e.gestures] for e in house.entries if e.meaning == made]
        for gesture in _gestures(way, 1000):
            client.app.state.on_gesture(gesture, "cam1")
        attempt = client.post("/api/practice/drills/current/finish").json()["attempt"]
        assert made in [seen["meaning"] for seen in attempt["seen"]]
        assert attempt["recognised"] is (made in started["targets"])


def test_an_unknown_target_is_refused(client):
    response = client.post("/api/practice/drills", json={"player": "Ane", "target": "cinco_reyes"})
    assert response.status_code == 422
    assert "cinco_reyes" in response.json()["detail"]


def test_sensitivities_are_validated_and_saved_per_player(client):
    url = "/api/practice/players/Ane/sensitivities"
    assert client.put(url, json={"sensitivities": {"wink": 1.4}}).status_code == 200
    assert client.put(url, json={"sensitivities": {"lip_bite": 0.8}}).status_code == 200
    assert client.get("/api/practice/players/Ane").json()["sensitivities"] == {
        "lip_bite": 0.8,
        "wink": 1.4,
    }
    assert client.put(url, json={"sensitivities": {"sneeze": 1.0}}).status_code == 422
    assert client.put(url, json={"sensitivities": {"wink": 50}}).status_code == 422
    assert client.get("/api/practice/players/Ane").json()["sensitivities"]["wink"] == 1.4


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "50", "0.1"])
def test_a_sensitivity_that_is_not_a_number_in_range_is_told_so(client, value):
    response = client.put(
        "/api/practice/players/Ane/sensitivities",
        content=f'{{"sensitivities": {{"wink": {value}}}}}',
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 422
    assert response.json()["detail"] == (
        "body.sensitivities.wink: a sensitivity must be a number between 0.2 and 5"
    )


def test_progress_is_counted_per_session_and_sena(client):
    for session, hits in (("s1", [True, False]), ("s2", [True, True])):
        for hit in hits:
            drill(client, target="medias", session=session)
            kind = "mouth_twist" if hit else "pout"
            client.app.state.on_gesture(Gesture(1, kind, None, 0, 400), "cam1")
            client.post("/api/practice/drills/current/finish")
    progress = client.get("/api/practice/players/Ane/progress").json()
    assert [(s["session"], s["accuracy"]) for s in progress["sessions"]] == [
        ("s1", 0.5),
        ("s2", 1.0),
    ]
    assert progress["sessions"][1]["senas"]["medias"]["attempts"] == 2
    assert progress["sessions"][1]["hand"] is None
    assert "Ane" in client.get("/api/practice/players").json()["players"]


def make(client, way: list[str]) -> None:
    """The gestures of one way of a seña, one after the other, on seat 1."""
    for i, label in enumerate(way):
        kind, *side = label.split()
        start = 1000 + 500 * i
        gesture = Gesture(1, kind, side[0] if side else None, start, start + 300, peak=0.6)
        client.app.state.on_gesture(gesture, "cam1")


def test_a_missed_hand_keeps_every_sena_it_asked_and_counts_once_as_a_hand(client):
    """Missed: a hand of several true señas is stored with each of them, not as one seña named
    after them all; a hand made, alike. Each counts once, as a hand, not per seña."""
    missed = drill(client, kind="hand", session="s1")
    while len(missed["targets"]) < 2:
        client.delete("/api/practice/drills/current")
        missed = drill(client, kind="hand", session="s1")
    client.post("/api/practice/drills/current/finish")
    made = drill(client, kind="hand", session="s1")
    make(client, next(iter(made["targets"].values()))[0])
    attempt = client.post("/api/practice/drills/current/finish").json()["attempt"]
    assert attempt["recognised"] is True
    stored = client.app.state.store.attempts_of("Ane")
    assert [(a.drill, a.targets, a.recognised) for a in stored] == [
        ("hand", tuple(missed["targets"]), False),
        ("hand", tuple(made["targets"]), True),
    ]
    (session,) = client.get("/api/practice/players/Ane/progress").json()["sessions"]
    assert session["senas"] == {}
    assert (session["hand"]["attempts"], session["hand"]["recognised"]) == (2, 1)


def test_attempts_stored_before_read_as_the_senas_their_drill_asked(client, settings):
    """Stored before a drill's señas were kept as a list: a seña drill's one seña, a hand made
    as the seña made, a hand missed as its señas joined by " | ". Each counts as before it was
    stored, a seña drill by its seña, a hand as a hand."""
    import sqlite3

    rows = [
        ("sena", "dos_reyes", 1, 900),
        ("hand", "medias", 1, 1500),
        ("hand", "dos_ases | medias | tres_ases", 0, None),
    ]
    with sqlite3.connect(settings.database) as db:
        db.executemany(
            "INSERT INTO practice_attempts (player, session, drill, target, seen, recognised,"
            " time_ms, duration_ms, size, created_ms) VALUES ('Ane', 's0', ?, ?, NULL, ?, ?,"
            " NULL, NULL, 1)",
            rows,
        )
    assert [a.targets for a in client.app.state.store.attempts_of("Ane")] == [
        ("dos_reyes",),
        ("medias",),
        ("dos_ases", "medias", "tres_ases"),
    ]
    (session,) = client.get("/api/practice/players/Ane/progress").json()["sessions"]
    assert session["senas"] == {
        "dos_reyes": {"attempts": 1, "recognised": 1, "accuracy": 1.0, "time_ms": 900}
    }
    assert session["hand"] == {"attempts": 2, "recognised": 1, "accuracy": 0.5, "time_ms": 1500}


def test_calibration_needs_the_live_video(client):
    response = client.post("/api/practice/players/Ane/calibrate")
    assert response.status_code == 409
    assert response.json()["code"] == "no_live_video"  # the pages word it


class DetectorPipeline:
    """Frames without faces, and the real per-seat detector the practice page tunes."""

    def __init__(self, detector, frames):
        self.detectors = {1: detector}
        self._frames = frames

    def __iter__(self):
        from api.vision_feed import RawFrame
        from vision.observation import Frame

        for i in range(self._frames):
            time.sleep(0.01)
            yield RawFrame(Frame(i * 33, np.zeros((8, 8, 3), np.uint8), "cam1", i))


def test_sensitivities_and_calibration_reach_the_live_detector(tmp_path):
    from vision.config.detector_settings import load_detector_settings
    from vision.pipeline import default_detectors

    detector = default_detectors(load_detector_settings())(1)
    pipeline = DetectorPipeline(detector, frames=400)
    settings = Settings(data_dir=tmp_path, source="0")
    app = create_app(settings, pipeline_factory=lambda: pipeline)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        url = "/api/practice/players/Ane/sensitivities?seat=1"
        assert client.put(url, json={"sensitivities": {"wink": 1.8}}).status_code == 200
        assert wait_for(lambda: detector.settings.gestures.of("wink").sensitivity == 1.8)
        assert detector.settings.gestures.of("pout").sensitivity == 1.0
        detector.baseline.load({"eye_open_left": 0.3})
        assert detector.calibration.state == "ready"
        assert client.post("/api/practice/players/Ane/calibrate?seat=1").json()["state"] == (
            "calibrating"
        )
        assert wait_for(lambda: detector.calibration.state == "calibrating")
        # the player's sensitivities survive the fresh calibration
        assert detector.settings.gestures.of("wink").sensitivity == 1.8


def test_a_drill_puts_the_players_saved_sensitivities_on_the_seat(tmp_path):
    from vision.config.detector_settings import load_detector_settings
    from vision.pipeline import default_detectors

    detector = default_detectors(load_detector_settings())(2)
    pipeline = DetectorPipeline(detector, frames=400)
    pipeline.detectors = {2: detector}
    app = create_app(Settings(data_dir=tmp_path, source="0"), pipeline_factory=lambda: pipeline)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        app.state.store.save_player("Bea", sensitivities={"lip_bite": 2.5})
        drill(client, player="Bea", target="dos_reyes", seat=2)
        assert wait_for(lambda: detector.settings.gestures.of("lip_bite").sensitivity == 2.5)


class TracePipeline:
    """A seat's real detector fed a synthetic face trace, one frame per 5 ms of wall time."""

    def __init__(self, detector, trace):
        self.detectors = {1: detector}
        self._trace = trace

    def __iter__(self):
        from api.vision_feed import RawFrame
        from vision.observation import Frame

        for i, (ts, features) in enumerate(self._trace.frames()):
            self.detectors[1].update(ts, features)
            time.sleep(0.005)
            yield RawFrame(Frame(ts, np.zeros((8, 8, 3), np.uint8), "cam1", i))


def _raising_brows(tmp_path, up: float, gap: float):
    """An app whose seat 1 is a face raising its brows (``up``, the brows ``gap`` above the
    eyes) for 0.8 s every 1.5 s, never anything else: the app and that seat's detector."""
    from tests.vision.feature_traces import Trace
    from vision.config.detector_settings import load_detector_settings
    from vision.detectors import SeatGestureDetector

    raised = {"browInnerUp": up, "browOuterUpLeft": up, "browOuterUpRight": up,
              "brow_gap_left": gap, "brow_gap_right": gap}  # fmt: skip
    trace = Trace(60_000)
    for start in range(3000, 60_000, 1500):  # any 2.5 s window holds a whole raise
        trace.add(start, start + 800, **raised)
    detector = SeatGestureDetector(1, load_detector_settings())
    app = create_app(
        Settings(data_dir=tmp_path, source="0"),
        pipeline_factory=lambda: TracePipeline(detector, trace),
    )
    return app, detector


def test_enrolling_on_the_live_seat_sets_and_saves_the_players_sensitivity(tmp_path):
    app, detector = _raising_brows(tmp_path, up=0.2, gap=0.03)  # half what the detectors expect
    url = "/api/practice/players/Ane/enrol?seat=1"
    with TestClient(app, base_url="http://127.0.0.1") as client:
        assert wait_for(lambda: detector.calibration.state == "ready")
        response = client.post(url, json={"kind": "brows_raised", "seconds": 2.5})
        assert response.status_code == 202, response.text
        busy = client.post(url, json={"kind": "wink"})
        assert busy.status_code == 409 and "already" in busy.json()["detail"]
        assert wait_for(lambda: detector.enrolment.get("brows_raised") is not None, timeout=10)
        assert wait_for(lambda: "brows_raised" in (
            client.get("/api/practice/players/Ane").json()["calibration"] or {}
        ).get("enrolment", {}))  # fmt: skip
        saved = client.get("/api/practice/players/Ane").json()
        peak = saved["calibration"]["enrolment"]["brows_raised"]["peaks"][0]
        assert 0.2 < peak < 0.6  # the player's raise is smaller than the detectors expect
        assert saved["sensitivities"]["brows_raised"] > 1.2
        assert detector.sensitivities()["brows_raised"] == saved["sensitivities"]["brows_raised"]
        assert client.post(url, json={"kind": "sneeze"}).status_code == 422


def test_the_enrolment_message_says_whether_the_show_was_seen(tmp_path):
    app, detector = _raising_brows(tmp_path, up=0.6, gap=0.06)
    url = "/api/practice/players/Ane/enrol?seat=1"
    with TestClient(app, base_url="http://127.0.0.1") as client:
        assert wait_for(lambda: detector.calibration.state == "ready")
        with client.websocket_connect("ws://127.0.0.1/api/live") as ws:
            outcomes = {}
            for kind in ("rest", "brows_raised", "wink"):
                assert client.post(url, json={"kind": kind, "seconds": 2}).status_code == 202
                while (message := ws.receive_json())["type"] != "enrolment":
                    pass
                outcomes[kind] = message["data"]["seen"]
    assert outcomes == {"rest": None, "brows_raised": True, "wink": False}


def enrolment_messages(app) -> list[dict]:
    """Every ``enrolment`` message the app publishes from now on, as the pages get them."""
    messages: list[dict] = []
    app.state.hub.subscribe(
        lambda kind, data: messages.append(data) if kind == "enrolment" else None
    )
    return messages


def show(client, messages: list[dict], kind: str, seconds: float = 2) -> dict:
    """Ask seat 1 for one window of Ane's ``kind``; how it ended."""
    asked = len(messages)
    response = client.post(
        "/api/practice/players/Ane/enrol?seat=1", json={"kind": kind, "seconds": seconds}
    )
    assert response.status_code == 202, response.text
    assert wait_for(lambda: len(messages) > asked, timeout=15)
    return messages[-1]


def test_a_kind_shown_but_not_seen_is_kept_as_missed_not_as_learnt(tmp_path):
    app, detector = _raising_brows(tmp_path, up=0.6, gap=0.06)
    messages = enrolment_messages(app)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        assert wait_for(lambda: detector.calibration.state == "ready")
        wink = show(client, messages, "wink")
        rest = show(client, messages, "rest")
        brows = show(client, messages, "brows_raised")
        calibration = client.get("/api/practice/players/Ane").json()["calibration"]
        # a new calibration of the seat asks for the talking window again, and keeps the rest
        assert client.post("/api/practice/players/Ane/calibrate?seat=1").status_code == 200
        again = client.get("/api/practice/players/Ane").json()["calibration"]
    assert (wink["seen"], wink["rested"]) == (False, False)
    assert (rest["error"], rest["rested"]) == (None, True)
    assert (brows["seen"], brows["rested"]) == (True, True)
    assert brows["size"] == brows["peak"] > 0.5
    # what a reload of the page reads: the wink not seen is not learnt but still to do
    assert set(calibration["enrolment"]) == {"brows_raised"}
    assert calibration["missed"] == ["wink"]
    assert calibration["rest_shown"] is True
    assert "rest_shown" not in again
    assert (set(again["enrolment"]), again["missed"]) == ({"brows_raised"}, ["wink"])


def test_a_seat_showing_a_gesture_for_its_enrolment_makes_no_sena_at_the_table(tmp_path):
    """The live page's tile teaches a seat's player at a table: what the player shows when
    asked is no seña of the hand in play; the other seats' are, and so are the player's own
    once the window is over."""
    app, detector = _raising_brows(tmp_path, up=0.6, gap=0.06)
    messages = enrolment_messages(app)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        hand_id = client.post("/api/tables", json={"seats": SEATS}).json()["current"]["hand"]["id"]
        assert wait_for(lambda: detector.calibration.state == "ready")
        url = "/api/practice/players/P1/enrol?seat=1"
        assert client.post(url, json={"kind": "brows_raised", "seconds": 2}).status_code == 202
        for seat in (1, 2):
            client.app.state.on_gesture(Gesture(seat, "brows_raised", None, 10, 300), "cam1")
        assert wait_for(lambda: messages)
        client.app.state.on_gesture(Gesture(1, "brows_raised", None, 5000, 5300), "cam1")
        senas = client.get(f"/api/hands/{hand_id}").json()["senas"]
    assert [(s["seat"], s["t_ms"]) for s in senas] == [(2, 10), (1, 5000)]


def test_a_record_of_before_reads_a_kind_stored_enrolled_but_not_seen_as_missed(client):
    """Stored before the kinds not seen were kept apart: the wink's shows (peak 0, no rise) sit
    under ``enrolment`` beside the raise. The page reads the wink as missed, by the same
    ``was_seen``, and the stored record stays as it was."""
    store = client.app.state.store
    stored = {
        "started_ms": 1,
        "enrolment": {
            "brows_raised": {"peaks": [0.62], "quiet_peak": 0.04},
            "wink": {"peaks": [0.0], "quiet_peak": 0.0, "shut_rises": [0.0]},
            "eyes_closed": {"peaks": [0.0], "quiet_peak": 0.0, "shut_rises": [0.45]},  # shut
            "pout": {"peaks": [0.01, 0.02], "quiet_peak": 0.0},
        },
        "missed": ["lip_bite"],
    }
    store.save_player("Ane", sensitivities={"brows_raised": 1.4}, calibration=stored)
    read = client.get("/api/practice/players/Ane").json()
    assert set(read["calibration"]["enrolment"]) == {"brows_raised", "eyes_closed"}
    assert read["calibration"]["missed"] == ["lip_bite", "pout", "wink"]
    assert read["calibration"]["started_ms"] == 1
    url = "/api/practice/players/Ane/sensitivities"
    answer = client.put(url, json={"sensitivities": {"pout": 1.2}}).json()
    assert answer["calibration"] == read["calibration"]
    assert store.player("Ane")["calibration"] == stored  # not rewritten behind the user's back


def test_a_window_the_seat_begins_calibrating_in_keeps_nothing_and_says_so(tmp_path):
    app, detector = _raising_brows(tmp_path, up=0.6, gap=0.06)
    messages = enrolment_messages(app)
    url = "/api/practice/players/Ane/enrol?seat=1"
    with TestClient(app, base_url="http://127.0.0.1") as client:
        assert wait_for(lambda: detector.calibration.state == "ready")
        assert client.post(url, json={"kind": "brows_raised", "seconds": 10}).status_code == 202
        assert wait_for(lambda: detector.watchers)  # the window is open on the seat
        assert client.post("/api/practice/players/Ane/calibrate?seat=1").status_code == 200
        assert wait_for(lambda: messages, timeout=15)
        saved = client.get("/api/practice/players/Ane").json()
    assert messages[0]["error"] == "seat 1 began calibrating again: show it once it is calibrated"
    # the pages' own words for it
    assert (messages[0]["error_code"], messages[0]["error_params"]) == (
        "enrol_recalibrating",
        {"seat": 1},
    )
    assert messages[0]["seen"] is None and messages[0]["peak"] is None
    assert "brows_raised" not in saved["calibration"].get("enrolment", {})
    assert detector.watchers == []


def test_every_step_is_refused_alike_while_the_seat_calibrates(tmp_path):
    from vision.config.detector_settings import load_detector_settings
    from vision.pipeline import default_detectors

    detector = default_detectors(load_detector_settings())(1)  # never given a face: calibrating
    app = create_app(
        Settings(data_dir=tmp_path, source="0"),
        pipeline_factory=lambda: DetectorPipeline(detector, frames=2000),
    )
    messages = enrolment_messages(app)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        outcomes = {kind: show(client, messages, kind)
                    for kind in ("rest", "eyes_closed", "wink", "lip_bite")}  # fmt: skip
        saved = client.get("/api/practice/players/Ane").json()
    assert {kind: o["error"] for kind, o in outcomes.items()} == dict.fromkeys(
        outcomes, "seat 1 is still calibrating: show it once it is calibrated"
    )
    assert {(o["error_code"], o["error_params"]["seat"]) for o in outcomes.values()} == {
        ("enrol_calibrating", 1)
    }
    assert saved["calibration"] is None


def test_a_closure_learnt_with_no_look_down_seen_is_said_unguarded(tmp_path):
    """A face resting narrowed (eyeBlink 0.20) that shuts its eyes to 0.80 for 0.8 s every 1.5 s:
    learnt with no talking window before it, the level it lowers is not kept above a look down."""
    from tests.vision.feature_traces import Trace
    from vision.config.detector_settings import load_detector_settings
    from vision.detectors import SeatGestureDetector

    narrowed = {"eyeBlinkLeft": 0.15, "eyeBlinkRight": 0.15}
    trace = Trace(60_000, rest=narrowed)
    for start in range(3000, 60_000, 1500):
        trace.add(start, start + 800, eye_open_left=-0.25, eye_open_right=-0.25,
                  eyeBlinkLeft=0.6, eyeBlinkRight=0.6)  # fmt: skip
    detector = SeatGestureDetector(1, load_detector_settings())
    app = create_app(
        Settings(data_dir=tmp_path, source="0"),
        pipeline_factory=lambda: TracePipeline(detector, trace),
    )
    url = "/api/practice/players/Ane/enrol?seat=1"
    with TestClient(app, base_url="http://127.0.0.1") as client:
        # read between the pipeline's frames: once calibrated, the narrowed eyes are said so
        assert wait_for(lambda: detector.eyes_unreadable == ["wink", "eyes_closed"])
        with client.websocket_connect("ws://127.0.0.1/api/live") as ws:
            assert client.post(url, json={"kind": "eyes_closed", "seconds": 2}).status_code == 202
            while (message := ws.receive_json())["type"] != "enrolment":
                pass
    assert message["data"]["seen"] is True
    assert message["data"]["unguarded"] == ["eyes_closed"]
    assert message["data"]["rested"] is False  # no talking window was shown: ask for it
    # its size is how far the eyes shut (eyeBlink 0.6 over rest), not the activation that a
    # face resting narrowed lifts only a little before enrolment
    assert message["data"]["size"] == pytest.approx(0.6, abs=0.05)
    assert message["data"]["peak"] < 0.4


def test_enrolment_needs_the_live_video(client):
    response = client.post("/api/practice/players/Ane/enrol", json={"kind": "wink"})
    assert response.status_code == 409
    assert "live video" in response.json()["detail"]
    assert response.json()["code"] == "no_live_video"


def _near_miss(seat: int, kind: str, side: str | None, lasted_ms: int, reason="too_brief"):
    from vision.config.detector_settings import load_detector_settings
    from vision.detectors.seat import NearMissedGesture
    from vision.detectors.state import NearMiss

    limit = load_detector_settings().gestures.of(kind)
    limit_ms = limit.min_ms if reason == "too_brief" else limit.max_ms
    return NearMissedGesture(seat, kind, NearMiss(1000, 1000 + lasted_ms, side, reason, limit_ms))


def test_an_attempt_not_recognised_says_which_asked_gesture_was_too_brief(client):
    drill(client, target="juego_31")  # a wink
    practice = client.app.state.practice
    practice.observe_near_miss(_near_miss(1, "wink", "left", 120))
    practice.observe_near_miss(_near_miss(1, "pout", None, 300))  # not asked for
    practice.observe_near_miss(_near_miss(2, "wink", "left", 90))  # another seat
    attempt = client.post("/api/practice/drills/current/finish").json()["attempt"]
    assert attempt["recognised"] is False
    assert attempt["near_misses"] == [
        {"seat": 1, "kind": "wink", "side": "left", "label": "wink left", "start_ms": 1000,
         "end_ms": 1120, "lasted_ms": 120, "reason": "too_brief", "limit_ms": 200}
    ]  # fmt: skip


def test_a_recognised_attempt_has_no_near_misses_to_tell(client):
    drill(client, target="juego_31")
    client.app.state.practice.observe_near_miss(_near_miss(1, "wink", "left", 120))
    client.app.state.on_gesture(Gesture(1, "wink", "left", 2000, 2300), "cam1")
    attempt = client.post("/api/practice/drills/current/finish").json()["attempt"]
    assert attempt["recognised"] is True and attempt["near_misses"] == []


def test_near_misses_of_the_live_pipeline_reach_the_open_drill(tmp_path):
    from dataclasses import dataclass, field

    from api.vision_feed import RawFrame
    from vision.observation import Frame

    @dataclass
    class Result(RawFrame):
        near_misses: list = field(default_factory=list)

    class NearMissing:
        """Frames without faces, each 50th with a wink too brief to count."""

        def __iter__(self):
            for i in range(400):
                time.sleep(0.01)
                missed = [_near_miss(1, "wink", "right", 150)] if i % 50 == 49 else []
                yield Result(Frame(i * 33, np.zeros((8, 8, 3), np.uint8), "cam1", i), [], missed)

    settings = Settings(data_dir=tmp_path, source="0")
    app = create_app(settings, pipeline_factory=NearMissing)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        drill(client, target="juego_31")
        assert wait_for(lambda: client.app.state.practice.drill.near_misses)
        attempt = client.post("/api/practice/drills/current/finish").json()["attempt"]
        assert attempt["near_misses"][0]["label"] == "wink right"


@pytest.mark.parametrize("language", ["ES", "EN"])
def test_every_way_an_enrolment_window_fails_has_the_pages_words(language):
    """The ``error_code`` of an ``enrolment`` message: every one api/practice.py builds has a
    sentence in both languages, naming only the seat it sends."""
    import re
    from pathlib import Path

    from tests.api.test_rule_wording import page_words

    source = (Path(__file__).resolve().parents[2] / "api" / "practice.py").read_text()
    codes = set(re.findall(r'code="(enrol_\w+)"', source))
    assert codes == {"enrol_calibrating", "enrol_recalibrating", "enrol_no_face"}
    words = page_words(language)
    for code in codes:
        assert set(re.findall(r"\{(\w+)\}", words[f"error.{code}"])) == {"seat"}


@pytest.mark.parametrize("language", ["ES", "EN"])
def test_the_refusals_of_a_seats_calibration_have_the_pages_words(language):
    """Calibrating or teaching a seat is refused without live video, and for a seat's label
    taken as the player's name: both worded in the page's languages."""
    from tests.api.test_rule_wording import page_words

    words = page_words(language)
    assert "--no-live" in words["error.no_live_video"]
    assert "{input}" in words["invalid.name_is_seat"]
