"""What a player says (or signals) at the table, as the hand record writes it.

Texts: ``mus``, ``no hay mus`` (also ``mus ez``), ``descarte N``; ``paso``, ``envido [N]``,
``sube [N]``, ``quiero``, ``no quiero``, ``no queremos``, ``ordago``; ``pares si|no``,
``juego si|no``; ``sena GESTURE [SIDE]``. With the matching house rules also ``mus visto``
(a card was exposed in the deal) and ``reparto 4567`` (a 4-5-6-7 shown for a new hand).
``Call.parse(seat, text).text`` is the canonical form and parses back to the same call.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from engine.errors import CallError
from engine.gesture import GestureError, normalise_side

DEFAULT_BET = 2
MIN_BET = 2

#: Canonical text of each action that takes no argument.
PLAIN_TEXTS: dict[str, str] = {
    "mus": "mus",
    "no_hay_mus": "no hay mus",
    "paso": "paso",
    "quiero": "quiero",
    "no_quiero": "no quiero",
    "no_queremos": "no queremos",
    "ordago": "ordago",
    "mus_visto": "mus visto",
    "reparto_4567": "reparto 4567",
}
_PLAIN_BY_TEXT = {text: action for action, text in PLAIN_TEXTS.items()} | {"mus ez": "no_hay_mus"}
BET_ACTIONS = frozenset({"envido", "sube", "ordago"})
ANSWERS = frozenset({"quiero", "no_quiero", "no_queremos"})


def _fold_text(text: str) -> str:
    """Lower case, accents off (órdago, sí), single spaces."""
    text = unicodedata.normalize("NFKD", text.strip().lower())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(text.split())


@dataclass(frozen=True, slots=True)
class Call:
    """One call by one seat. ``amount``: the N of ``envido``/``sube``/``descarte`` (None when
    the text left it to the default); ``says``: the si/no of a declaration; ``gesture`` and
    ``side``: a seña; ``t_ms``: when it happened, if known."""

    seat: int
    action: str
    amount: int | None = None
    says: bool | None = None
    gesture: str | None = None
    side: str | None = None
    t_ms: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.seat, bool) or self.seat not in (1, 2, 3, 4):
            raise CallError(f"seat must be 1..4, got {self.seat!r}")

    @property
    def text(self) -> str:
        if self.action in PLAIN_TEXTS:
            return PLAIN_TEXTS[self.action]
        if self.action in ("envido", "sube", "descarte"):
            return self.action if self.amount is None else f"{self.action} {self.amount}"
        if self.action in ("pares", "juego"):
            return f"{self.action} {'si' if self.says else 'no'}"
        if self.action == "sena":
            return f"sena {self.gesture}" + (f" {self.side}" if self.side else "")
        raise CallError(f"unknown action {self.action!r}")

    @property
    def bet_amount(self) -> int:
        """The stones an ``envido``/``sube`` adds (2 when the text gave no number)."""
        return DEFAULT_BET if self.amount is None else self.amount

    @property
    def is_sena(self) -> bool:
        return self.action == "sena"

    def __str__(self) -> str:
        return f"{self.seat}: {self.text}"

    def to_record(self) -> list[Any]:
        """``[seat, text]`` or ``[seat, text, t_ms]``, as in the hand record."""
        item: list[Any] = [self.seat, self.text]
        if self.t_ms is not None:
            item.append(self.t_ms)
        return item

    @classmethod
    def parse(cls, seat: int, text: str, t_ms: int | None = None) -> Call:
        if not isinstance(text, str):
            raise CallError(f"a call is a text, got {text!r}")
        folded = _fold_text(text)
        if folded in _PLAIN_BY_TEXT:
            return cls(seat, _PLAIN_BY_TEXT[folded], t_ms=t_ms)
        words = folded.split()
        if not words:
            raise CallError("empty call")
        head, rest = words[0], words[1:]
        if head in ("envido", "sube", "descarte"):
            if len(rest) > 1:
                raise CallError(f"{head!r} takes at most one number, got {text!r}")
            amount = None
            if rest:
                if not rest[0].isdigit():
                    raise CallError(f"{head!r} takes a whole number, got {text!r}")
                amount = int(rest[0])
            if head == "descarte" and amount is None:
                raise CallError("'descarte' needs the number of cards, like 'descarte 2'")
            return cls(seat, head, amount=amount, t_ms=t_ms)
        if head in ("pares", "juego"):
            if len(rest) != 1 or rest[0] not in ("si", "no"):
                raise CallError(f"'{head}' is followed by 'si' or 'no', got {text!r}")
            return cls(seat, head, says=rest[0] == "si", t_ms=t_ms)
        if head == "sena":
            if not 1 <= len(rest) <= 2:
                raise CallError(f"a seña is 'sena GESTURE [SIDE]', got {text!r}")
            try:
                side = normalise_side(rest[0], rest[1] if len(rest) == 2 else None)
            except GestureError as exc:
                raise CallError(str(exc)) from exc
            return cls(seat, "sena", gesture=rest[0], side=side, t_ms=t_ms)
        raise CallError(f"unknown call {text!r}")


def parse_call(item: Any) -> Call:
    """A record entry ``[seat, text]`` or ``[seat, text, t_ms]`` -> Call."""
    if not isinstance(item, list | tuple) or len(item) not in (2, 3):
        raise CallError(f"a call is [seat, text] or [seat, text, t_ms], got {item!r}")
    seat, text = item[0], item[1]
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise CallError(f"seat must be 1..4, got {seat!r}")
    t_ms = item[2] if len(item) == 3 else None
    if t_ms is not None and (isinstance(t_ms, bool) or not isinstance(t_ms, int) or t_ms < 0):
        raise CallError(f"t_ms must be a whole number of milliseconds, got {t_ms!r}")
    return Call.parse(seat, text, t_ms)
