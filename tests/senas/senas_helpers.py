"""Building blocks for the señas tests: seña calls as engine.table records them, and hands."""

from __future__ import annotations

from engine.cards import parse_hand
from engine.gesture import normalise_side
from engine.table import SenaCall

#: Phase -> the lances whose first call has been made by then (a hand where every lance is
#: played, in the order of the rules).
BEGUN_BY_PHASE: dict[str, frozenset[str]] = {
    "mus": frozenset(),
    "descarte": frozenset(),
    "grande": frozenset({"grande"}),
    "chica": frozenset({"grande", "chica"}),
    "pares_declaration": frozenset({"grande", "chica"}),
    "pares": frozenset({"grande", "chica", "pares"}),
    "juego_declaration": frozenset({"grande", "chica", "pares"}),
    "juego": frozenset({"grande", "chica", "pares", "juego"}),
    "showdown": frozenset({"grande", "chica", "pares", "juego"}),
}


def call(
    seat: int,
    gesture: str,
    index: int,
    *,
    t_ms: int | None = None,
    phase: str = "mus",
    begun: frozenset[str] | None = None,
    betting: frozenset[str] | None = None,
    hand_in_game: int | None = None,
    draws: int = 0,
) -> SenaCall:
    """A seña call as engine.table records it. ``gesture`` is "kind" or "kind side" (no side,
    as in hand records, is none); the lances begun, and those whose betting began, default to
    those a fully played hand has begun by ``phase``."""
    kind, _, side = gesture.partition(" ")
    return SenaCall(
        index=index,
        seat=seat,
        kind=kind,
        side=normalise_side(kind, side or None),
        t_ms=t_ms,
        phase=phase,
        lances_begun=BEGUN_BY_PHASE[phase] if begun is None else begun,
        betting_begun=BEGUN_BY_PHASE.get(phase, begun or frozenset())
        if betting is None
        else betting,
        mus_over=phase not in ("mus", "descarte"),
        hand_in_game=hand_in_game,
        draws=draws,
    )


def hands(**by_seat: str) -> dict:
    """``hands(s1="R R S 1")`` -> {1: Hand}."""
    return {int(seat[1:]): parse_hand(cards) for seat, cards in by_seat.items()}
