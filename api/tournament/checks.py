"""What the desk may record: a game's result and a team's players. Pure, no I/O.

Each check raises :class:`engine.errors.Refusal` with the English sentence, a ``code`` and its
``params``, which the desk's page words in its own language (``error.<code>`` in i18n.js).

A game of the tournament ends the moment a team reaches the target (``settings.target``, 30 or
40): the winner has at least the target (more when the last lance paid past it; exactly the
target after an accepted órdago, as the engine scores one), the loser stays below it. A result
from a table's game end is always so; the desk's own results are held to the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from api.player_names import player_key
from api.tournament.standings import Winner
from engine.errors import Refusal


def check_result(
    winner: Winner, stones_a: int, stones_b: int, target: int, teams: tuple[str, str] = ("A", "B")
) -> None:
    """A board's result as a game to ``target`` can end; ``teams``: the names of sides a and b.
    ``winner`` "none" (both lose: both forfeited, or both sanctioned) leaves both below it."""
    sides = {"a": (teams[0], stones_a), "b": (teams[1], stones_b)}
    if winner == "none":
        for team, stones in sides.values():
            if stones >= target:
                raise Refusal(
                    f"nobody wins, yet {team} has {stones} stones: a team that reaches {target}"
                    " wins the game",
                    code="result_none_reached",
                    params={"team": team, "stones": stones, "target": target},
                )
        return
    team, won = sides[winner]
    if won < target:
        raise Refusal(
            f"{team} cannot win with {won} stones: the winner of a game to {target} has"
            f" reached {target}",
            code="result_winner_short",
            params={"team": team, "stones": won, "target": target},
        )
    loser, lost = sides["b" if winner == "a" else "a"]
    if lost >= target:
        raise Refusal(
            f"{loser} cannot lose with {lost} stones: the first team to reach {target} wins the"
            " game, so the loser ends below it",
            code="result_loser_reached",
            params={"team": loser, "stones": lost, "target": target},
        )


def check_players(players: Sequence[str], teams: Iterable[tuple[str, Sequence[str]]]) -> None:
    """A new team's ``players``: each a different person, and none already in one of the
    ``teams`` registered (name, players), withdrawn ones included. Names are one player's
    whatever their case, accents and spaces (:func:`api.player_names.player_key`)."""
    seen: set[str] = set()
    for player in players:
        key = player_key(player)
        if key in seen:
            raise Refusal(
                f"{player} is named twice: the players of a team are different people",
                code="player_twice",
                params={"player": player},
            )
        seen.add(key)
    for team, registered in teams:
        for player in registered:
            if player_key(player) in seen:
                raise Refusal(
                    f"{player} already plays in {team}: a player is registered in one team only",
                    code="player_registered",
                    params={"player": player, "team": team},
                )
