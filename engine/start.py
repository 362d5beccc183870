"""What a hand starts from and what it shows: the score, the hands, the wild cards' values.
Each parser turns record JSON (or engine values) into the engine's, with one clear error."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.cards import Card, Hand, parse_hand
from engine.errors import CardError
from engine.rules import Rules

_COUNT_WORDS = {3: "three", 4: "four", 5: "five", 6: "six"}
#: The wild cards of Mus con diez reyes (000, 002): the sota de copas and the sota de oros.
WILD_CARDS = frozenset({Card("S", "c"), Card("S", "o")})
#: What a wild card may stand for.
WILD_VALUES = ("R", "1")


def parse_score(score: Mapping[str, int] | None, rules: Rules | None = None) -> dict[str, int]:
    """Stones of each team (each seat in Encaje); absent: 0 each (Encaje: ``rules.stones``)."""
    rules = rules or Rules()
    teams = rules.seating.teams
    if score is None:
        return dict.fromkeys(teams, rules.stones if rules.is_encaje else 0)
    if not isinstance(score, Mapping) or set(score) != set(teams):
        shown = ", ".join(f'"{team}": N' for team in teams)
        raise ValueError(f"score is {{{shown}}}, got {score!r}")
    for team, stones in score.items():
        if isinstance(stones, bool) or not isinstance(stones, int) or stones < 0:
            raise ValueError(f"score of {team} must be a whole number >= 0, got {stones!r}")
    return {team: score[team] for team in teams}


def _seat(key: Any, seats: tuple[int, ...], what: str) -> int:
    try:
        seat = int(key)
    except (TypeError, ValueError):
        raise CardError(f"{what}: unknown seat {key!r}") from None
    if seat not in seats:
        raise CardError(f"{what}: unknown seat {key!r}")
    return seat


def parse_hands(hands: Mapping[Any, Any], rules: Rules | None = None) -> dict[int, Hand]:
    """``{"1": ["R","R","S","1"], ...}`` (or Hand values, int keys) -> {seat: Hand}; every
    seat's hand, all fitting in one 40-card deck."""
    seats = (rules or Rules()).seating.seats
    if not isinstance(hands, Mapping):
        raise CardError(f"hands is an object of seat -> four cards, got {hands!r}")
    parsed: dict[int, Hand] = {}
    for key, cards in hands.items():
        seat = _seat(key, seats, "hands")
        try:
            parsed[seat] = cards if isinstance(cards, Hand) else parse_hand(cards)
        except CardError as exc:
            raise CardError(f"hand of seat {seat}: {exc}") from None
    if set(parsed) != set(seats):
        count = _COUNT_WORDS.get(len(seats), str(len(seats)))
        raise CardError(f"hands must give all {count} seats, got {sorted(parsed)}")
    ranks = Counter(card.rank for hand in parsed.values() for card in hand)
    too_many = sorted(rank for rank, n in ranks.items() if n > 4)
    if too_many:
        raise CardError(
            f"hands: more than four cards of rank {', '.join(too_many)}",
            code="too_many_of_rank",
            params={"ranks": ", ".join(too_many)},
        )
    suited = [card for hand in parsed.values() for card in hand if card.suit]
    twice = sorted({str(c) for c, n in Counter(suited).items() if n > 1})
    if twice:
        raise CardError(f"hands: the card {', '.join(twice)} appears twice")
    return parsed


def parse_wild(wild: Mapping[Any, Any] | None, rules: Rules) -> dict[int, tuple[str, ...]]:
    """``{"1": ["R"]}`` -> {1: ("R",)}: for each seat holding wild cards, what they stand for,
    in the order they appear in the hand."""
    if not wild:
        return {}
    if not rules.diez_reyes:
        raise CardError("wild: wild cards are played only with rules.diez_reyes")
    if not isinstance(wild, Mapping):
        raise CardError(f'wild is an object of seat -> values, like {{"1": ["R"]}}; got {wild!r}')
    parsed: dict[int, tuple[str, ...]] = {}
    for key, values in wild.items():
        seat = _seat(key, rules.seating.seats, "wild")
        if not isinstance(values, list | tuple) or not all(v in WILD_VALUES for v in values):
            raise CardError(f"wild of seat {seat}: a list of 'R' or '1', got {values!r}")
        parsed[seat] = tuple(values)
    return parsed


def played_hands(
    hands: Mapping[int, Hand], wild: Mapping[int, tuple[str, ...]], rules: Rules
) -> dict[int, Hand]:
    """The hands as they play: under ``diez_reyes`` each wild card becomes the rey or as its
    holder chose (``wild``), and every wild card needs exactly one choice."""
    if not rules.diez_reyes:
        return dict(hands)
    played: dict[int, Hand] = {}
    for seat, hand in hands.items():
        wilds = [card for card in hand if card in WILD_CARDS]
        chosen = wild.get(seat, ())
        if len(chosen) != len(wilds):
            held = " ".join(str(card) for card in wilds) or "none"
            raise CardError(
                f"wild of seat {seat}: its hand holds {len(wilds)} wild card(s) ({held}), "
                f"{len(chosen)} value(s) given; say for each whether it is R or 1"
            )
        values = iter(chosen)
        played[seat] = Hand(Card(next(values)) if card in WILD_CARDS else card for card in hand)
    return played
