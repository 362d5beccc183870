"""The engine's errors. Every one is a ``ValueError`` so callers at the boundary (the CLI, the
API) can turn any of them into a one-line message for the user."""

from __future__ import annotations


class Refusal(ValueError):
    """Input refused, its message the English sentence. ``code``, when given, names the refusal
    (and ``params`` its particulars) for a caller that words it in its own language, as the
    dashboard does. The engine's errors are refusals, and so are the API's own (a request the
    table's state does not allow)."""

    def __init__(
        self, message: str = "", *, code: str | None = None, params: dict[str, object] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.params = params or {}


class EngineError(Refusal):
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
    The rule is a sentence only, so its ``code`` names the kind of refusal ("illegal_call"),
    with the seat and the call as its params.
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
        super().__init__(
            f"{place} (seat {seat}, {call!r}): {rule}",
            code="illegal_call",
            params={"seat": seat, "call": call},
        )


class RecordError(EngineError):
    """A hand record that is malformed (missing keys, wrong types, unknown fields)."""
