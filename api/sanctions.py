"""What a signed acta's sanctions decide at the table.

A game the referee stops (its acta signed before the game ended) goes to the other side when
the seats sanctioned ``game_lost`` all sit on one side, and the match does with
``disqualification``; the table then deals the next game, or the match is over. A warning, a
club's own sanction, sanctions on both sides, or an Encaje (every seat for itself) decide
nothing: the game stays stopped where the acta left it, and no hand is dealt in it. A game
already over when its acta is signed keeps the result played at the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.game import Award
from engine.seats import Seating

GAME_LOST = "game_lost"
DISQUALIFICATION = "disqualification"


def award_of(sanctions: Iterable[Mapping[str, Any]], seating: Seating) -> Award | None:
    """What the sanctions of a game stopped by its acta decide, or None."""
    if seating.individual:
        return None
    for kind in (DISQUALIFICATION, GAME_LOST):
        sides = {seating.team_of(s["seat"]) for s in sanctions if s["kind"] == kind}
        if len(sides) > 1:
            return None  # both sides sanctioned alike: the referee decides, not keinu
        if sides:
            (loser,) = sides
            winner = next(team for team in seating.teams if team != loser)
            return Award(winner, kind, match=kind == DISQUALIFICATION)
    return None
