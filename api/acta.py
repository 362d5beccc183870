"""The acta: the report of one game that the referee signs at the table, then printed and kept.

It names the tournament board its table plays, if any (the tournament, the round, the board and
each pair's team), and lists the players, the score hand by hand, and every seña that was not
legal (false, late, not in the house catalogue, or not allowed at that moment) with its hand,
seat, moment and the reason, beside the referee's review of it. Signing stores the acta as it
reads at that moment, with the referee's name, notes and sanctions: a later change to the table
does not alter it.

An acta is signed when its game is over. A game the referee stops before its end (a sanction
of ``game_lost`` or ``disqualification``) is signed as it stands only when the signature says
so (``unfinished``): the hands played after a signature are never in the acta.
"""

from __future__ import annotations

from typing import Any

from api.referee import NotFound, Referee, table_out
from api.tournament.desk import SIDE_OF_PAIR
from api.tournament.records import TournamentRecords

#: The verdicts an acta lists: every one but "legal".
LISTED_VERDICTS = ("false", "late", "not_in_catalogue", "not_allowed_now")


def acta_content(referee: Referee, table_id: int, game: int) -> dict[str, Any]:
    row = referee.table(table_id)
    hands = [hand for hand in referee.store.hands_of(table_id) if hand.game == game]
    if not hands:
        raise NotFound(
            f"table {table_id} has no game {game}",
            code="no_game",
            params={"table": table_id, "game_number": game},
        )
    entries: list[dict[str, Any]] = []
    senas: list[dict[str, Any]] = []
    winner = loser = None
    for hand in hands:
        state = referee.hand_state(hand.id)
        view = state["view"]
        winner = view["game_winner"] or winner
        loser = view.get("loser") or loser
        entries.append(
            {
                "number": hand.number,
                "mano": hand.mano,
                "phase": view["phase"],
                "score_before": hand.score,
                "score_after": view["score"],
            }
        )
        senas.extend(
            {
                "hand": hand.number,
                "seat": sena["seat"],
                "name": sena["name"],
                "verdict": sena["verdict"],
                "meaning": sena["meaning"],
                "lance": sena["lance"],
                "gestures": sena["gestures"],
                "t_ms": sena["t_ms"],
                "reason": sena["reason"],
                "reason_en": sena["reason_en"],
                "review": sena["review"],
            }
            for sena in state["senas"]
            if sena["verdict"] in LISTED_VERDICTS
        )
    table = table_out(row)
    return {
        "table": table,
        #: The tournament board the table plays, when a desk made it for one.
        "board": board_of(referee, table_id, {seat["pair"] for seat in table["seats"]}),
        "game": game,
        "hands": entries,
        "score": entries[-1]["score_after"],
        "winner": winner,
        #: Encaje: the seat left holding stones.
        "loser": loser,
        "senas": senas,
    }


def board_of(referee: Referee, table_id: int, pairs: set[str]) -> dict[str, Any] | None:
    """The tournament, round and board that the table plays as the desk names them, and the
    team of each of its ``pairs`` ("1-3": "Los Reyes"); None for a table of no tournament."""
    records = TournamentRecords(referee.store.database)
    pairing = records.pairing_at_table(table_id)
    tournament = records.tournament(pairing.tournament_id) if pairing else None
    if pairing is None or pairing.team_b is None or tournament is None:
        return None
    names = {team.id: team.name for team in records.teams(tournament.id)}
    side = {"a": names[pairing.team_a], "b": names[pairing.team_b]}
    return {
        "tournament": tournament.name,
        "round": pairing.round,
        "board": pairing.board,
        "teams": {pair: side[SIDE_OF_PAIR[pair]] for pair in sorted(pairs)},
    }


def game_over(content: dict[str, Any]) -> bool:
    """Whether the acta's game has ended: a team won it (or, in Encaje, a seat lost it)."""
    return content["winner"] is not None or content["loser"] is not None
