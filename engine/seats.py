"""Seats and pairs. Seats are 1..4 in counterclockwise speaking order; partners sit opposite,
so the pairs are "1-3" and "2-4"."""

from __future__ import annotations

SEATS: tuple[int, ...] = (1, 2, 3, 4)
PAIRS: tuple[str, ...] = ("1-3", "2-4")


def pair_of(seat: int) -> str:
    return "1-3" if seat in (1, 3) else "2-4"


def other_pair(pair: str) -> str:
    return "2-4" if pair == "1-3" else "1-3"


def partner(seat: int) -> int:
    return (seat + 1) % 4 + 1


def next_seat(seat: int) -> int:
    """The seat that speaks after ``seat`` (counterclockwise)."""
    return seat % 4 + 1


def speaking_order(mano: int) -> tuple[int, ...]:
    """The four seats from the mano, counterclockwise: the order of speech and of ties."""
    return tuple((mano - 1 + i) % 4 + 1 for i in range(4))


def seats_of(pair: str) -> tuple[int, int]:
    return (1, 3) if pair == "1-3" else (2, 4)
