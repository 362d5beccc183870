"""A seat of a table named anew by the referee (a name mistyped, a player replaced): the table,
the pages (a ``table`` message), the hand record and export say the new name; an acta signed
before keeps the names it was signed with. A seat the table has not, or a name that cannot be a
player's, is refused."""

from tests.api.table_examples import EXAMPLE_CALLS
from tests.api.test_refusal_codes import refused
from tests.api.test_signed_hand import sign
from tests.api.test_tables import call, new_table


def test_a_seat_named_anew_is_so_everywhere_but_in_an_acta_signed_before(client):
    state = new_table(client)
    table_id, hand_id = state["table"]["id"], state["current"]["hand"]["id"]
    for seat, text in EXAMPLE_CALLS[:4]:
        call(client, hand_id, seat, text)
    sign(client, table_id, unfinished=True)
    told: list[dict] = []
    client.app.state.hub.subscribe(lambda type_, data: type_ == "table" and told.append(data))
    renamed = client.put(f"/api/tables/{table_id}/seats/3", json={"name": "  Koldobika "})
    assert renamed.status_code == 200, renamed.text
    assert [s["name"] for s in renamed.json()["table"]["seats"]][2] == "Koldobika"
    assert told and told[-1]["table"]["seats"][2]["name"] == "Koldobika"
    exported = client.get(f"/api/tables/{table_id}/export").json()
    assert exported["meta"]["seats"]["3"] == "Koldobika"
    acta = client.get(f"/api/tables/{table_id}/games/1/acta").json()["acta"]
    assert [s["name"] for s in acta["table"]["seats"]][2] == state["table"]["seats"][2]["name"]


def test_a_seat_the_table_has_not_or_a_bad_name_is_refused(client):
    table_id = new_table(client)["table"]["id"]
    refused(
        client.put(f"/api/tables/{table_id}/seats/5", json={"name": "Ane"}),
        404,
        "no_seat",
        {"table": table_id, "seat": 5},
    )
    refused(client.put("/api/tables/99/seats/1", json={"name": "Ane"}), 404, "no_table", None)
    bad = client.put(f"/api/tables/{table_id}/seats/1", json={"name": "a/b"})
    assert bad.status_code == 422 and bad.json()["errors"][0]["field"] == ["name"]
    assert client.put(f"/api/tables/{table_id}/seats/7", json={"name": "Ane"}).status_code == 422
