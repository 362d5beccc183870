"""Practice drills scored from gestures, sensitivities per player, progress across sessions."""

from engine.cards import parse_hand
from engine.gesture import Gesture
from engine.senas import load_profile, senas_for

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
    assert attempt["seen"] == ["dos_reyes"]
    assert attempt["duration_ms"] == 600
    assert attempt["size"] == 0.7
    assert attempt["time_ms"] >= 0


def test_a_wrong_gesture_is_reported_as_what_was_seen_instead(client):
    drill(client, target="dos_reyes")
    client.app.state.on_gesture(Gesture(1, "wink", "left", 1000, 1300), "cam1")
    attempt = client.post("/api/practice/drills/current/finish").json()["attempt"]
    assert attempt["recognised"] is False
    assert attempt["seen"] == ["juego_31"]
    assert attempt["target"] == "dos_reyes"


def test_gestures_of_an_open_drill_do_not_reach_the_table(client):
    hand_id = client.post("/api/tables", json={"seats": SEATS}).json()["current"]["hand"]["id"]
    drill(client, target="duples")
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
    assert progress["sessions"][1]["targets"]["medias"]["attempts"] == 2
    assert "Ane" in client.get("/api/practice/players").json()["players"]


def test_calibration_needs_the_live_video(client):
    assert client.post("/api/practice/players/Ane/calibrate").status_code == 409
