"""What a seña can say, and the claim about the signaller's own cards that each meaning makes.

A meaning's ``holds`` is the condition the shown hand must meet for the seña to be true; it is
None for meanings no cards can confirm (malas, the mus wishes). Counts are "at least" (dos_reyes
holds with three reyes), pares kinds are exact (medias is a trío, not duples), and the reyes and
ases are counted under the table's reyes rule (under 8 reyes the treses are reyes and the doses
ases).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from engine.cards import Hand
from engine.ranking import (
    count_ases,
    count_reyes,
    has_juego,
    juego_points,
    pares_kind,
    pares_rank_of,
)
from engine.rules import Rules

Condition = Callable[[Hand, Rules], bool]

#: punto_N for every total a hand without juego can make (four ases: 4; the best: 30).
PUNTO_RANGE = range(4, 31)
_PUNTO = re.compile(r"^punto_(\d+)$")


@dataclass(frozen=True, slots=True)
class Meaning:
    name: str
    label_es: str
    label_en: str
    #: The condition in words, for reasons and the docs ("al menos dos reyes").
    claim_es: str
    claim_en: str
    #: What part of the hand the claim is about: picks the fact a reason quotes.
    topic: str
    holds: Condition | None

    @property
    def checkable(self) -> bool:
        return self.holds is not None


def _reyes_at_least(n: int) -> Condition:
    return lambda hand, rules: count_reyes(hand, rules) >= n


def _ases_at_least(n: int) -> Condition:
    return lambda hand, rules: count_ases(hand, rules) >= n


def _pares_is(kind: str) -> Condition:
    return lambda hand, rules: pares_kind(hand, rules) == kind


def _duples_with(rank: str) -> Condition:
    return lambda hand, rules: (
        pares_kind(hand, rules) == "duples" and rank in pares_rank_of(hand, rules)
    )


def _punto(n: int) -> Condition:
    return lambda hand, rules: not has_juego(hand, rules) and juego_points(hand, rules) == n


def _juego_31(hand: Hand, rules: Rules) -> bool:
    return has_juego(hand, rules) and juego_points(hand, rules) == 31


def _juego_31_o_punto_30(hand: Hand, rules: Rules) -> bool:
    return _juego_31(hand, rules) or _punto(30)(hand, rules)


def _tres_reyes_y_as(hand: Hand, rules: Rules) -> bool:
    return count_reyes(hand, rules) >= 3 and count_ases(hand, rules) >= 1


_MEANINGS: tuple[Meaning, ...] = (
    Meaning(
        "malas",
        "malas",
        "bad cards",
        "ninguna carta puede confirmarla",
        "no cards can confirm it",
        "none",
        None,
    ),
    Meaning(
        "quiere_mus",
        "quiere mus",
        "wants mus",
        "es un deseo, no una carta",
        "a wish, not a card",
        "none",
        None,
    ),
    Meaning(
        "no_quiere_mus",
        "no quiere mus",
        "does not want mus",
        "es un deseo, no una carta",
        "a wish, not a card",
        "none",
        None,
    ),
    Meaning(
        "dos_reyes",
        "dos reyes",
        "two reyes",
        "al menos dos reyes",
        "at least two reyes",
        "reyes",
        _reyes_at_least(2),
    ),
    Meaning(
        "tres_reyes",
        "tres reyes",
        "three reyes",
        "al menos tres reyes",
        "at least three reyes",
        "reyes",
        _reyes_at_least(3),
    ),
    Meaning(
        "cuatro_reyes",
        "cuatro reyes",
        "four reyes",
        "cuatro reyes",
        "four reyes",
        "reyes",
        _reyes_at_least(4),
    ),
    Meaning(
        "dos_ases",
        "dos ases",
        "two ases",
        "al menos dos ases",
        "at least two ases",
        "ases",
        _ases_at_least(2),
    ),
    Meaning(
        "tres_ases",
        "tres ases",
        "three ases",
        "al menos tres ases",
        "at least three ases",
        "ases",
        _ases_at_least(3),
    ),
    Meaning(
        "cuatro_ases",
        "cuatro ases",
        "four ases",
        "cuatro ases",
        "four ases",
        "ases",
        _ases_at_least(4),
    ),
    Meaning(
        "tres_reyes_y_as",
        "tres reyes y as",
        "three reyes and an as",
        "al menos tres reyes y un as",
        "at least three reyes and an as",
        "reyes_y_ases",
        _tres_reyes_y_as,
    ),
    Meaning(
        "par",
        "par",
        "a par",
        "exactamente un par (una pareja: no medias ni duples)",
        "exactly a par (one pair: not medias or duples)",
        "pares",
        _pares_is("par"),
    ),
    Meaning(
        "medias",
        "medias",
        "medias",
        "exactamente medias (un trío, no duples)",
        "exactly medias (three of a kind, not duples)",
        "pares",
        _pares_is("medias"),
    ),
    Meaning(
        "duples",
        "duples",
        "duples",
        "duples (dos parejas, o cuatro cartas iguales)",
        "duples (two pairs, or four equal cards)",
        "pares",
        _pares_is("duples"),
    ),
    Meaning(
        "duples_reyes",
        "duples de reyes",
        "duples with reyes",
        "duples con una pareja de reyes",
        "duples with a pair of reyes",
        "pares",
        _duples_with("R"),
    ),
    Meaning(
        "duples_ases",
        "duples de ases",
        "duples with ases",
        "duples con una pareja de ases",
        "duples with a pair of ases",
        "pares",
        _duples_with("1"),
    ),
    Meaning(
        "juego_31",
        "juego de 31",
        "juego of 31",
        "juego de exactamente 31",
        "juego of exactly 31",
        "juego",
        _juego_31,
    ),
    Meaning(
        "juego_31_o_punto_30",
        "31, o 30 a juego no",
        "31, or 30 at punto",
        "juego de 31, o sin juego exactamente 30",
        "juego of 31, or no juego and exactly 30",
        "juego",
        _juego_31_o_punto_30,
    ),
)

MEANINGS: dict[str, Meaning] = {meaning.name: meaning for meaning in _MEANINGS}


def punto_meaning(n: int) -> Meaning:
    return Meaning(
        f"punto_{n}",
        f"punto de {n}",
        f"punto of {n}",
        f"sin juego y exactamente {n}",
        f"no juego and exactly {n}",
        "juego",
        _punto(n),
    )


def meaning(name: str) -> Meaning | None:
    """The meaning called ``name`` (``punto_N`` for any N a hand can make), or None."""
    if name in MEANINGS:
        return MEANINGS[name]
    match = _PUNTO.match(name)
    if match and int(match.group(1)) in PUNTO_RANGE:
        return punto_meaning(int(match.group(1)))
    return None


def known_meanings() -> tuple[str, ...]:
    """Every meaning name, with the punto_N family written once."""
    return (*MEANINGS, f"punto_N (N = {PUNTO_RANGE.start}..{PUNTO_RANGE.stop - 1})")
