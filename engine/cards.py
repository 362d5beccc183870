"""Cards and hands of the 40-card Spanish deck as Mus uses them.

A card is written as its rank (``1 2 3 4 5 6 7 S C R``: 1 = as, S = sota, C = caballo,
R = rey), optionally followed by its suit (``o c e b``: oros, copas, espadas, bastos). Suits
only matter to the Juego Real de sota de oros variant, so most records leave them out.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from engine.errors import CardError

#: Ranks from the lowest to the highest in the natural (4 reyes) order.
RANKS: tuple[str, ...] = ("1", "2", "3", "4", "5", "6", "7", "S", "C", "R")
SUITS: tuple[str, ...] = ("o", "c", "e", "b")
SUIT_NAMES: dict[str, str] = {"o": "oros", "c": "copas", "e": "espadas", "b": "bastos"}
RANK_INDEX: dict[str, int] = {rank: i for i, rank in enumerate(RANKS)}
HAND_SIZE = 4


@dataclass(frozen=True, slots=True, order=True)
class Card:
    rank: str
    suit: str | None = None

    def __post_init__(self) -> None:
        if self.rank not in RANK_INDEX:
            raise CardError(f"unknown rank {self.rank!r}; ranks are {' '.join(RANKS)}")
        if self.suit is not None and self.suit not in SUITS:
            raise CardError(f"unknown suit {self.suit!r}; suits are {' '.join(SUITS)}")

    def __str__(self) -> str:
        return self.rank + (self.suit or "")


def parse_card(text: str) -> Card:
    """``"R"`` -> rey of no given suit, ``"So"`` -> sota de oros."""
    if not isinstance(text, str) or not 1 <= len(text.strip()) <= 2:
        raise CardError(f"a card is a rank and an optional suit, like 'R' or 'So'; got {text!r}")
    text = text.strip()
    rank = text[0].upper()
    suit = text[1].lower() if len(text) == 2 else None
    return Card(rank, suit)


class Hand:
    """Four cards, immutable. ``key`` is the multiset of ranks (sorted rank indices), which is
    all the ranking tables need."""

    __slots__ = ("_cards", "_key")

    def __init__(self, cards: Iterable[Card]) -> None:
        cards = tuple(cards)
        if len(cards) != HAND_SIZE:
            raise CardError(f"a hand has {HAND_SIZE} cards, got {len(cards)}")
        for card in cards:
            if not isinstance(card, Card):
                raise CardError(f"not a card: {card!r}")
        suited = [card for card in cards if card.suit is not None]
        if len(set(suited)) != len(suited):
            raise CardError(f"the same card twice in one hand: {' '.join(map(str, cards))}")
        self._cards = cards
        self._key = tuple(sorted(RANK_INDEX[card.rank] for card in cards))

    @property
    def cards(self) -> tuple[Card, ...]:
        return self._cards

    @property
    def key(self) -> tuple[int, ...]:
        return self._key

    @property
    def ranks(self) -> tuple[str, ...]:
        return tuple(card.rank for card in self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __len__(self) -> int:
        return HAND_SIZE

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and self._cards == other._cards

    def __hash__(self) -> int:
        return hash(self._cards)

    def __str__(self) -> str:
        return " ".join(str(card) for card in self._cards)

    def __repr__(self) -> str:
        return f"parse_hand({[str(card) for card in self._cards]!r})"

    def to_list(self) -> list[str]:
        return [str(card) for card in self._cards]


def parse_hand(cards: Iterable[str] | str) -> Hand:
    """``["R","R","S","1"]`` or ``"R R S 1"`` -> Hand; ``parse_hand(str(hand)) == hand``."""
    if isinstance(cards, str):
        cards = cards.split()
    try:
        items = list(cards)
    except TypeError as exc:
        raise CardError(f"a hand is a list of four cards, got {cards!r}") from exc
    return Hand(parse_card(item) for item in items)
