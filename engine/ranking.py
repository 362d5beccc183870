"""How hands compare in each lance.

Every ``rank_*`` function returns an integer strength: higher beats lower, equal is a tie that
position breaks (the mano, then counterclockwise). Suits never matter except for the Juego Real
de sota de oros, so each strength is a lookup in a table precomputed over the 715 multisets of
four ranks, once for 8 reyes and once for 4 reyes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import combinations_with_replacement

from engine.cards import RANK_INDEX, RANKS, Hand
from engine.rules import Lance, Rules
from engine.seats import MAX_SEATS

#: Juego totals from the worst (33) to the best (31); 38 and 39 cannot be made.
JUEGO_ORDER: tuple[int, ...] = (33, 34, 35, 36, 37, 40, 32, 31)
JUEGO_REAL_STRENGTH = len(JUEGO_ORDER) + 1
PARES_KINDS: tuple[str, ...] = ("par", "medias", "duples")
TEN_POINT_RANKS = frozenset({"S", "C", "R"})


def _effective_rank(rank: str, reyes: int) -> str:
    """Under 8 reyes a 3 plays as a rey and a 2 as an as."""
    if reyes == 8:
        return {"3": "R", "2": "1"}.get(rank, rank)
    return rank


def card_points(rank: str, reyes: int) -> int:
    effective = _effective_rank(rank, reyes)
    if effective in TEN_POINT_RANKS:
        return 10
    return int(effective)


def _pares_of(values: list[int]) -> tuple[str | None, tuple[int, ...]]:
    counts = Counter(values)
    groups = sorted(((n, v) for v, n in counts.items() if n >= 2), reverse=True)
    if not groups:
        return None, ()
    if groups[0][0] == 4:
        return "duples", (groups[0][1], groups[0][1])
    if len(groups) == 2:
        return "duples", (max(groups[0][1], groups[1][1]), min(groups[0][1], groups[1][1]))
    if groups[0][0] == 3:
        return "medias", (groups[0][1],)
    return "par", (groups[0][1],)


class _Entry:
    """Everything about one multiset of ranks under one reyes setting."""

    __slots__ = (
        "ases",
        "chica",
        "grande",
        "juego",
        "pares",
        "pares_kind",
        "pares_ranks",
        "points",
        "reyes_count",
        "tres_sietes_y_figura",
    )

    def __init__(self, key: tuple[int, ...], reyes: int) -> None:
        ranks = [RANKS[i] for i in key]
        effective = [_effective_rank(rank, reyes) for rank in ranks]
        values = sorted(RANK_INDEX[rank] for rank in effective)
        strength_desc = 0
        for value in reversed(values):
            strength_desc = strength_desc * 10 + value
        strength_asc = 0
        for value in values:
            strength_asc = strength_asc * 10 + (9 - value)
        self.grande = strength_desc
        self.chica = strength_asc
        kind, pares_values = _pares_of(values)
        self.pares_kind = kind
        self.pares_ranks = tuple(RANKS[v] for v in pares_values)
        if kind is None:
            self.pares = 0
        else:
            high = pares_values[0]
            low = pares_values[1] if len(pares_values) == 2 else 0
            self.pares = (PARES_KINDS.index(kind) + 1) * 100 + high * 10 + low
        self.points = sum(card_points(rank, reyes) for rank in ranks)
        self.juego = JUEGO_ORDER.index(self.points) + 1 if self.points in JUEGO_ORDER else 0
        self.reyes_count = effective.count("R")
        self.ases = effective.count("1")
        sietes = effective.count("7")
        self.tres_sietes_y_figura = sietes == 3 and self.points == 31


def _build(reyes: int) -> dict[tuple[int, ...], _Entry]:
    return {key: _Entry(key, reyes) for key in combinations_with_replacement(range(len(RANKS)), 4)}


_TABLES: dict[int, dict[tuple[int, ...], _Entry]] = {8: _build(8), 4: _build(4)}


def _entry(hand: Hand, rules: Rules) -> _Entry:
    return _TABLES[rules.reyes][hand.key]


def rank_grande(hand: Hand, rules: Rules) -> int:
    return _TABLES[rules.reyes][hand.key].grande


def rank_chica(hand: Hand, rules: Rules) -> int:
    return _TABLES[rules.reyes][hand.key].chica


def rank_pares(hand: Hand, rules: Rules) -> int:
    """0 = no pares; any duples > any medias > any par."""
    return _TABLES[rules.reyes][hand.key].pares


def is_juego_real(hand: Hand, rules: Rules) -> bool:
    """Three sietes and a 10-point card (with ``juego_real_sota_oros``: the sota de oros; a
    hand written without suits then never makes it)."""
    if not rules.juego_real or not _entry(hand, rules).tres_sietes_y_figura:
        return False
    if not rules.juego_real_sota_oros:
        return True
    return any(card.rank == "S" and card.suit == "o" for card in hand)


def rank_juego(hand: Hand, rules: Rules) -> int:
    """0 = no juego; 31 > 32 > 40 > 37 > ... > 33, and a Juego Real above every 31."""
    strength = _TABLES[rules.reyes][hand.key].juego
    if strength == len(JUEGO_ORDER) and rules.juego_real and is_juego_real(hand, rules):
        return JUEGO_REAL_STRENGTH
    return strength


def rank_punto(hand: Hand, rules: Rules) -> int:
    """The points themselves: 30 is the best punto, 4 the worst."""
    return _TABLES[rules.reyes][hand.key].points


RANKERS = {
    Lance.GRANDE: rank_grande,
    Lance.CHICA: rank_chica,
    Lance.PARES: rank_pares,
    Lance.JUEGO: rank_juego,
    Lance.PUNTO: rank_punto,
}


def rank(lance: Lance | str, hand: Hand, rules: Rules) -> int:
    return RANKERS[Lance(lance)](hand, rules)


def pares_kind(hand: Hand, rules: Rules) -> str | None:
    """ "par", "medias", "duples" or None. Four equal cards are duples."""
    return _entry(hand, rules).pares_kind


def pares_value(hand: Hand, rules: Rules) -> int:
    """Stones the pares are worth at the showdown: par 1, medias 2, duples 3, none 0."""
    kind = _entry(hand, rules).pares_kind
    return 0 if kind is None else PARES_KINDS.index(kind) + 1


def pares_rank_of(hand: Hand, rules: Rules) -> tuple[str, ...]:
    """The rank(s) that make the pares, as they play (under 8 reyes a 3 is "R", a 2 is "1"):
    ("R",) for dos or tres reyes, ("R", "1") for duples of reyes and ases, () for none."""
    return _entry(hand, rules).pares_ranks


def juego_points(hand: Hand, rules: Rules) -> int:
    return _entry(hand, rules).points


def has_juego(hand: Hand, rules: Rules) -> bool:
    return _entry(hand, rules).points >= 31


def juego_value(hand: Hand, rules: Rules) -> int:
    """Stones a juego is worth at the showdown: 3 for 31 (a Juego Real is a 31), 2 for any
    other juego, 0 without juego."""
    points = _entry(hand, rules).points
    if points == 31:
        return 3
    return 2 if points > 31 else 0


def count_reyes(hand: Hand, rules: Rules) -> int:
    """Reyes in the hand; under 8 reyes the treses count."""
    return _entry(hand, rules).reyes_count


def count_ases(hand: Hand, rules: Rules) -> int:
    """Ases in the hand; under 8 reyes the doses count."""
    return _entry(hand, rules).ases


def winner_seat(lance: Lance | str, hands: Mapping[int, Hand], mano: int, rules: Rules) -> int:
    """The seat with the best hand for ``lance``; a tie goes to the seat nearer the mano,
    counterclockwise. Seats missing from ``hands`` do not compete."""
    ranker = RANKERS[Lance(lance)]
    best_seat = None
    best = -1
    for seat in sorted(hands, key=lambda s: (s - mano) % MAX_SEATS):
        strength = ranker(hands[seat], rules)
        if strength > best:
            best, best_seat = strength, seat
    if best_seat is None:
        raise ValueError("winner_seat needs at least one hand")
    return best_seat


def loser_seat(lance: Lance | str, hands: Mapping[int, Hand], mano: int, rules: Rules) -> int:
    """The seat whose hand loses to every other for ``lance`` (Encaje's pot): of equal hands
    the one farther from the mano loses, as ties go to the nearer."""
    ranker = RANKERS[Lance(lance)]
    worst_seat = None
    worst = None
    for seat in sorted(hands, key=lambda s: (s - mano) % MAX_SEATS, reverse=True):
        strength = ranker(hands[seat], rules)
        if worst is None or strength < worst:
            worst, worst_seat = strength, seat
    if worst_seat is None:
        raise ValueError("loser_seat needs at least one hand")
    return worst_seat
