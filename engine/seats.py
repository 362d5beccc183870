"""Seats and teams. Seats are 1..n in counterclockwise speaking order.

With four players partners sit opposite: the pairs are "1-3" and "2-4". With six, two teams of
three sit alternately: "1-3-5" and "2-4-6" (000, 002). In Encaje (3 or 5 players) everyone
plays alone: each seat is its own team, written "1", "2", ...
"""

from __future__ import annotations

from dataclasses import dataclass

SEATS: tuple[int, ...] = (1, 2, 3, 4)
PAIRS: tuple[str, ...] = ("1-3", "2-4")
#: The most seats any game has (six-player Mus).
MAX_SEATS = 6
#: With six players and captains, the captains sit mid-side facing each other (000).
CAPTAINS: tuple[int, ...] = (2, 5)


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where: ``players`` seats, in two alternating teams or each on his own."""

    players: int = 4
    individual: bool = False

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(range(1, self.players + 1))

    @property
    def teams(self) -> tuple[str, ...]:
        if self.individual:
            return tuple(str(seat) for seat in self.seats)
        return tuple("-".join(str(s) for s in self.seats[first::2]) for first in (0, 1))

    def team_of(self, seat: int) -> str:
        if self.individual:
            return str(seat)
        return self.teams[(seat - 1) % 2]

    def side_name(self, team: str) -> str:
        """How errors name a team: "pair 1-3", "team 1-3-5", "seat 2"."""
        if self.individual:
            return f"seat {team}"
        return f"{'pair' if self.players == 4 else 'team'} {team}"

    def next_seat(self, seat: int) -> int:
        """The seat that speaks after ``seat`` (counterclockwise)."""
        return seat % self.players + 1

    def speaking_order(self, mano: int) -> tuple[int, ...]:
        """Every seat from the mano, counterclockwise: the order of speech and of ties."""
        return tuple((mano - 1 + i) % self.players + 1 for i in range(self.players))


FOUR = Seating()


def pair_of(seat: int) -> str:
    return FOUR.team_of(seat)


def other_pair(pair: str) -> str:
    return "2-4" if pair == "1-3" else "1-3"


def partner(seat: int) -> int:
    return (seat + 1) % 4 + 1


def next_seat(seat: int) -> int:
    """The seat that speaks after ``seat`` at a table of four (counterclockwise)."""
    return FOUR.next_seat(seat)


def speaking_order(mano: int) -> tuple[int, ...]:
    """The four seats from the mano, counterclockwise: the order of speech and of ties."""
    return FOUR.speaking_order(mano)


def seats_of(pair: str) -> tuple[int, int]:
    return (1, 3) if pair == "1-3" else (2, 4)
