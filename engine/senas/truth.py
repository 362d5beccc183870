"""Is a seña true? Its meaning's condition checked against the signaller's shown hand, with the
fact of the hand that decided it, in words, for the reason a person reads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

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
from engine.senas.meanings import Meaning

TruthValue = Literal["true", "false", "pending", "uncheckable"]
TRUTHS: tuple[TruthValue, ...] = get_args(TruthValue)

#: Mus terms stay Spanish in both languages.
_RANK_NAMES = {"1": "ases", "R": "reyes", "C": "caballos", "S": "sotas"}


@dataclass(frozen=True, slots=True)
class Truth:
    value: TruthValue
    #: What the hand shows that decided ``value`` ("tiene 1 rey"); None when no hand was seen.
    fact_es: str | None = None
    fact_en: str | None = None


#: A seña made before its seat changed cards: the hand shown is not the one it spoke of.
CARDS_CHANGED = Truth(
    "uncheckable",
    "porque se hizo antes de que cambiara cartas: la mano mostrada no es la que tenía",
    "since it was made before the seat changed cards: the hand shown is not the one it had",
)


def _count(n: int, one_es: str, many_es: str, one_en: str, many_en: str) -> tuple[str, str]:
    return (
        f"tiene {n} {one_es if n == 1 else many_es}",
        f"has {n} {one_en if n == 1 else many_en}",
    )


def _pares_fact(hand: Hand, rules: Rules) -> tuple[str, str]:
    kind = pares_kind(hand, rules)
    if kind is None:
        return "no tiene pares", "has no pares"
    ranks = pares_rank_of(hand, rules)
    names = [_RANK_NAMES.get(rank, f"{rank}s") for rank in dict.fromkeys(ranks)]
    names_es, names_en = " y ".join(names), " and ".join(names)
    return f"tiene {kind} de {names_es}", f"has {kind} of {names_en}"


def _juego_fact(hand: Hand, rules: Rules) -> tuple[str, str]:
    points = juego_points(hand, rules)
    if has_juego(hand, rules):
        return f"tiene juego de {points}", f"has juego of {points}"
    return f"no tiene juego: {points} de punto", f"has no juego: punto of {points}"


def hand_fact(meaning: Meaning, hand: Hand, rules: Rules) -> tuple[str, str]:
    """The part of ``hand`` that ``meaning`` talks about, in Spanish and English."""
    if meaning.topic == "reyes":
        return _count(count_reyes(hand, rules), "rey", "reyes", "rey", "reyes")
    if meaning.topic == "ases":
        return _count(count_ases(hand, rules), "as", "ases", "as", "ases")
    if meaning.topic == "reyes_y_ases":
        reyes_es, reyes_en = _count(count_reyes(hand, rules), "rey", "reyes", "rey", "reyes")
        ases = count_ases(hand, rules)
        ases_word = "as" if ases == 1 else "ases"
        return f"{reyes_es} y {ases} {ases_word}", f"{reyes_en} and {ases} {ases_word}"
    if meaning.topic == "pares":
        return _pares_fact(hand, rules)
    return _juego_fact(hand, rules)


def truth_of(meaning: Meaning | None, hand: Hand | None, rules: Rules) -> Truth:
    """``uncheckable`` for a meaning no cards confirm (or no meaning at all), ``pending`` until
    the signaller's hand is shown, then ``true`` or ``false``."""
    if meaning is None or meaning.holds is None:
        return Truth("uncheckable")
    if hand is None:
        return Truth("pending")
    fact_es, fact_en = hand_fact(meaning, hand, rules)
    value: TruthValue = "true" if meaning.holds(hand, rules) else "false"
    return Truth(value, f"{fact_es} ({hand})", f"{fact_en} ({hand})")
