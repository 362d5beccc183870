"""A seña the referee adds by hand: its side is asked only where the table's profile gives the
sides different meanings, and is otherwise none, never one made up."""

from fastapi.testclient import TestClient

from api.app import create_app
from api.settings import Settings
from tests.api.table_examples import SEATS

#: A club's profile where a head tilt to the right says "no quiere mus" and one to the left
#: says nothing.
TILT_RIGHT = """name = "txoko"
extends = "standard"
use_variants = ["head_tilt_right_no_quiere_mus"]
"""


def added(client, hand_id: int, seat: int, gesture: str) -> dict:
    response = client.post(
        f"/api/hands/{hand_id}/calls", json={"seat": seat, "text": f"sena {gesture}"}
    )
    assert response.status_code == 200, response.text
    return response.json()["senas"][-1]


def test_a_sided_gesture_is_offered_and_stored_with_a_side_only_where_it_means_one(tmp_path):
    club = tmp_path / "txoko.toml"
    club.write_text(TILT_RIGHT, encoding="utf-8")
    settings = Settings(data_dir=tmp_path / "data", profile=str(club), live=False)
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        state = client.post("/api/tables", json={"seats": SEATS, "profile": str(club)}).json()
        listed = client.get(f"/api/tables/{state['table']['id']}/gestures").json()
        assert "wink" in listed["gestures"] and "head_tilt right" in listed["gestures"]
        assert "head_tilt left" in listed["others"]
        assert not {"head_tilt", "wink left", "wink right"} & {
            *listed["gestures"],
            *listed["others"],
        }
        hand_id = state["current"]["hand"]["id"]
        wink = added(client, hand_id, 1, "wink")
        assert (wink["gestures"], wink["meaning"]) == (["wink"], "juego_31")
        right = added(client, hand_id, 2, "head_tilt right")
        assert (right["gestures"], right["meaning"]) == (["head_tilt right"], "no_quiere_mus")
        left = added(client, hand_id, 3, "head_tilt left")
        assert (left["gestures"], left["verdict"]) == (["head_tilt left"], "not_in_catalogue")
        record = client.get(f"/api/hands/{hand_id}/record").json()
        assert [text for _, text in record["calls"]] == [
            "sena wink",
            "sena head_tilt right",
            "sena head_tilt left",
        ]
        # a tilt whose side was not seen says nothing of the right's "no quiere mus"
        unseen = added(client, hand_id, 4, "head_tilt")
        assert (unseen["gestures"], unseen["meaning"]) == (["head_tilt"], None)
