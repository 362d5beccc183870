"""A table's clock: what a team's lateness costs it, by the tournament's settings. Pure."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from api.tournament.settings import Lateness

Sanction = Literal["none", "warning", "stones", "forfeit"]


@dataclass(frozen=True, slots=True)
class Verdict:
    sanction: Sanction
    stones: int
    text: str


def sanction_for(minutes_late: float, rules: Lateness) -> Verdict:
    """``minutes_late``: counted from the start of the round."""
    if minutes_late <= rules.courtesy_minutes:
        return Verdict("none", 0, f"within the courtesy wait of {rules.courtesy_minutes:g} min")
    if minutes_late > rules.forfeit_minutes:
        return Verdict(
            "forfeit", 0, f"past {rules.forfeit_minutes:g} min: the game is lost by forfeit"
        )
    if rules.sanction == "stones":
        return Verdict(
            "stones",
            rules.stones,
            f"past the courtesy wait of {rules.courtesy_minutes:g} min: {rules.stones} stones "
            "deducted",
        )
    return Verdict(
        "warning", 0, f"past the courtesy wait of {rules.courtesy_minutes:g} min: a warning"
    )
