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
from enum import StrEnum
from typing import Any

from engine.errors import CallError
from engine.gesture import GestureError, normalise_side
from engine.seats import MAX_SEATS

DEFAULT_BET = 2
MIN_BET = 2


class Action(StrEnum):
    """What a call does; a record writes it as the call's text (``Call.text``)."""

    MUS = "mus"
    NO_HAY_MUS = "no_hay_mus"
    DESCARTE = "descarte"
    MUS_VISTO = "mus_visto"
    REPARTO_4567 = "reparto_4567"
    PASO = "paso"
    ENVIDO = "envido"
    SUBE = "sube"
    QUIERO = "quiero"
    NO_QUIERO = "no_quiero"
    NO_QUEREMOS = "no_queremos"
    ORDAGO = "ordago"
    PARES = "pares"
    JUEGO = "juego"
    SENA = "sena"


#: Canonical text of each action that takes no argument.
PLAIN_TEXTS: dict[Action, str] = {
    Action.MUS: "mus",
    Action.NO_HAY_MUS: "no hay mus",
    Action.PASO: "paso",
    Action.QUIERO: "quiero",
    Action.NO_QUIERO: "no quiero",
    Action.NO_QUEREMOS: "no queremos",
    Action.ORDAGO: "ordago",
    Action.MUS_VISTO: "mus visto",
    Action.REPARTO_4567: "reparto 4567",
}
_PLAIN_BY_TEXT = {text: action for action, text in PLAIN_TEXTS.items()} | {
    "mus ez": Action.NO_HAY_MUS
}
#: Actions that take a number: the stones of a bet, the cards of a discard.
COUNTED_ACTIONS = frozenset({Action.ENVIDO, Action.SUBE, Action.DESCARTE})
DECLARATION_ACTIONS = frozenset({Action.PARES, Action.JUEGO})
BET_ACTIONS = frozenset({Action.ENVIDO, Action.SUBE, Action.ORDAGO})
ANSWERS = frozenset({Action.QUIERO, Action.NO_QUIERO, Action.NO_QUEREMOS})
#: Every call of a lance's betting.
BETTING_ACTIONS = BET_ACTIONS | ANSWERS | {Action.PASO}
#: Calls made once, at the deal, before anyone speaks (with their house rules).
DEAL_ACTIONS = frozenset({Action.MUS_VISTO, Action.REPARTO_4567})


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
    action: Action
    amount: int | None = None
    says: bool | None = None
    gesture: str | None = None
    side: str | None = None
    t_ms: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.seat, bool) or self.seat not in range(1, MAX_SEATS + 1):
            raise CallError(
                f"seat must be 1..{MAX_SEATS}, got {self.seat!r}",
                code="call_seat",
                params={"seat": self.seat, "most": MAX_SEATS},
            )
        try:
            object.__setattr__(self, "action", Action(self.action))
        except ValueError:
            raise CallError(
                f"unknown action {self.action!r}",
                code="call_action",
                params={"action": str(self.action)},
            ) from None

    @property
    def text(self) -> str:
        if self.action in PLAIN_TEXTS:
            return PLAIN_TEXTS[self.action]
        if self.action in COUNTED_ACTIONS:
            return self.action if self.amount is None else f"{self.action} {self.amount}"
        if self.action in DECLARATION_ACTIONS:
            return f"{self.action} {'si' if self.says else 'no'}"
        return f"sena {self.gesture}" + (f" {self.side}" if self.side else "")

    @property
    def bet_amount(self) -> int:
        """The stones an ``envido``/``sube`` adds (2 when the text gave no number)."""
        return DEFAULT_BET if self.amount is None else self.amount

    @property
    def is_sena(self) -> bool:
        return self.action == Action.SENA

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
            raise CallError(f"a call is a text, got {text!r}", code="call_not_text")
        folded = _fold_text(text)
        if folded in _PLAIN_BY_TEXT:
            return cls(seat, _PLAIN_BY_TEXT[folded], t_ms=t_ms)
        words = folded.split()
        if not words:
            raise CallError("empty call", code="call_empty")
        head, rest = words[0], words[1:]
        if head in COUNTED_ACTIONS:
            if len(rest) > 1:
                raise CallError(
                    f"{head!r} takes at most one number, got {text!r}",
                    code="call_one_number",
                    params={"call": head, "text": text},
                )
            amount = None
            if rest:
                if not rest[0].isdigit():
                    raise CallError(
                        f"{head!r} takes a whole number, got {text!r}",
                        code="call_whole_number",
                        params={"call": head, "text": text},
                    )
                try:
                    amount = int(rest[0])
                except ValueError:  # more digits than Python reads: no count of stones or cards
                    raise CallError(
                        f"{head!r} takes a whole number, not one of {len(rest[0])} digits",
                        code="call_whole_number",
                        params={"call": head, "text": text},
                    ) from None
            if head == "descarte" and amount is None:
                raise CallError(
                    "'descarte' needs the number of cards, like 'descarte 2'",
                    code="call_descarte_cards",
                )
            return cls(seat, Action(head), amount=amount, t_ms=t_ms)
        if head in DECLARATION_ACTIONS:
            if len(rest) != 1 or rest[0] not in ("si", "no"):
                raise CallError(
                    f"'{head}' is followed by 'si' or 'no', got {text!r}",
                    code="call_si_or_no",
                    params={"call": head, "text": text},
                )
            return cls(seat, Action(head), says=rest[0] == "si", t_ms=t_ms)
        if head == "sena":
            if not 1 <= len(rest) <= 2:
                raise CallError(
                    f"a seña is 'sena GESTURE [SIDE]', got {text!r}",
                    code="call_sena_words",
                    params={"text": text},
                )
            try:
                side = normalise_side(rest[0], rest[1] if len(rest) == 2 else None)
            except GestureError as exc:
                raise CallError(str(exc), code=exc.code, params=exc.params) from exc
            return cls(seat, Action.SENA, gesture=rest[0], side=side, t_ms=t_ms)
        raise CallError(f"unknown call {text!r}", code="unknown_call", params={"text": text})


def parse_call(item: Any) -> Call:
    """A record entry ``[seat, text]`` or ``[seat, text, t_ms]`` -> Call."""
    if not isinstance(item, list | tuple) or len(item) not in (2, 3):
        raise CallError(
            f"a call is [seat, text] or [seat, text, t_ms], got {item!r}", code="call_entry"
        )
    seat, text = item[0], item[1]
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise CallError(
            f"seat must be 1..{MAX_SEATS}, got {seat!r}",
            code="call_seat",
            params={"seat": seat, "most": MAX_SEATS},
        )
    t_ms = item[2] if len(item) == 3 else None
    if t_ms is not None and (isinstance(t_ms, bool) or not isinstance(t_ms, int) or t_ms < 0):
        raise CallError(
            f"t_ms must be a whole number of milliseconds, got {t_ms!r}", code="call_t_ms"
        )
    return Call.parse(seat, text, t_ms)
