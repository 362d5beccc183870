"""What the review page is sent for a stored session: each band names its hand and lance by
the engine's words (the page says them in its own language), each seña its reason in Spanish
beside the English one the exports write."""

from tests.api.test_session_export import played_session


def test_bands_name_their_hand_and_lance_and_senas_carry_both_reasons(client):
    table_id = played_session(client)
    timeline = client.get(f"/api/review/table-{table_id}").json()["timeline"]
    hands = [(b["hand"], b["phase"]) for b in timeline["bands"] if b["kind"] == "hand"]
    assert hands == [(1, None), (2, None)]
    lances = [(b["hand"], b["phase"]) for b in timeline["bands"] if b["kind"] == "lance"]
    assert lances[:4] == [(1, "mus"), (1, "grande"), (1, "chica"), (1, "pares_declaration")]
    reasons = {(s["reason_es"], s["reason"]) for s in timeline["senas"]}
    assert len(reasons) == 2
    for spanish, english in reasons:
        assert spanish.startswith("seña legal") and english.startswith("legal and true")
