"""What the desk's tests do again and again: a tournament of pairs, and a short game played at
a desk's table through the referee's own API (an órdago at grande, accepted, then the cards)."""

from __future__ import annotations

from typing import Any

#: With these cards the órdago at grande goes to the pair at seats 2 and 4 (team b).
B_WINS = {"1": ["7", "7", "2", "1"], "2": ["3", "3", "S", "2"], "3": ["R", "R", "S", "1"],
          "4": ["C", "C", "C", "6"]}  # fmt: skip
#: The same hands turned around the table: the pair at seats 1 and 3 (team a) wins.
A_WINS = {"1": B_WINS["2"], "2": B_WINS["1"], "3": B_WINS["4"], "4": B_WINS["3"]}
ORDAGO = [(1, "no hay mus"), (1, "ordago"), (2, "quiero")]


def pairs(count: int) -> list[dict[str, Any]]:
    return [{"name": f"Pareja {i}", "players": [f"J{i}a", f"J{i}b"]} for i in range(1, count + 1)]


def play_ordago(client, table_id: int, team_a_wins: bool) -> dict:
    """One game to its end at ``table_id``; the hand's last state."""
    hand_id = client.get(f"/api/tables/{table_id}").json()["current"]["hand"]["id"]
    for seat, text in ORDAGO:
        response = client.post(f"/api/hands/{hand_id}/calls", json={"seat": seat, "text": text})
        assert response.status_code == 200, response.text
    shown = client.put(
        f"/api/hands/{hand_id}/shown", json={"hands": A_WINS if team_a_wins else B_WINS}
    )
    assert shown.status_code == 200, shown.text
    return shown.json()
