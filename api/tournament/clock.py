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


def sanction_for(minutes_late: float, rules: Lateness) -> Verdict:
    """``minutes_late``: counted from the start of the round."""
    if minutes_late <= rules.courtesy_minutes:
        return Verdict("none", 0)
    if minutes_late > rules.forfeit_minutes:
        return Verdict("forfeit", 0)
    if rules.sanction == "stones":
        return Verdict("stones", rules.stones)
    return Verdict("warning", 0)
