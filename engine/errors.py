"""The engine's errors. Every one is a ``ValueError`` so callers at the boundary (the CLI, the
API) can turn any of them into a one-line message for the user."""

from __future__ import annotations


class EngineError(ValueError):
    """Base of every error the engine raises for bad input."""


class CardError(EngineError):
    """A card or hand text that does not parse (unknown rank or suit, not four cards)."""


class RulesError(EngineError):
    """A rules option that does not exist or has a value outside its choices."""


class CallError(EngineError):
    """A call text that does not parse (``envido x``, ``pares quizas``)."""


class IllegalCall(EngineError):
    """A well-formed call that the rules do not allow at this moment.

    ``index`` is the call's position in the record (0-based), ``seat`` the seat that made it
    and ``rule`` a sentence naming the rule broken; ``where`` names the deal in a game record.
    """

    def __init__(self, index: int | None, seat: int, call: str, rule: str, where: str = "") -> None:
        self.index = index
        self.seat = seat
        self.call = call
        self.rule = rule
        self.where = where
        place = f"call {index}" if index is not None else "call"
        if where:
            place = f"{where}, {place}"
        super().__init__(f"{place} (seat {seat}, {call!r}): {rule}")


class RecordError(EngineError):
    """A hand record that is malformed (missing keys, wrong types, unknown fields)."""
