"""The engine's errors. Every one is a ``ValueError`` so callers at the boundary (the CLI, the
API) can turn any of them into a one-line message for the user."""

from __future__ import annotations


class Coded(Exception):
    """An error whose message is the English sentence and whose ``code``, when given, names it
    (and ``params`` its particulars) for a caller that words it in its own language, as the
    dashboard does. The kinds of error mix it in: a :class:`Refusal` is a ``ValueError``, the
    API's "not found" a ``LookupError``."""

    def __init__(
        self, message: str = "", *, code: str | None = None, params: dict[str, object] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.params = params or {}


class Refusal(Coded, ValueError):
    """Input refused (:class:`Coded`). The engine's errors are refusals, and so are the API's
    own (a request the table's state does not allow)."""


class EngineError(Refusal):
    """Base of every error the engine raises for bad input."""


class CardError(EngineError):
    """A card or hand text that does not parse (unknown rank or suit, not four cards)."""


class RulesError(EngineError):
    """A rules option that does not exist or has a value outside its choices."""


class CallError(EngineError):
    """A call text that does not parse (``envido x``, ``pares quizas``)."""


class RuleBroken(Exception):
    """The rule a call breaks, found while checking it: its message the English sentence,
    ``code`` a stable name for the rule and ``params`` its particulars (a seat, a lance, a number
    of stones), so a caller can word it in its own language. Every rule the engine checks has a
    code. It never leaves the engine: the table turns it into ``IllegalCall``."""

    def __init__(self, message: str, *, code: str, params: dict[str, object] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.params = params or {}


class IllegalCall(EngineError):
    """A well-formed call that the rules do not allow at this moment.

    ``index`` is the call's position in the record (0-based), ``seat`` the seat that made it
    and ``rule`` a sentence naming the rule broken; ``where`` names the deal in a game record.
    ``rule_code`` and ``rule_params`` name that rule (a ``RuleBroken``'s code and params). The
    refusal's ``code`` is the kind, "illegal_call", its params the seat, the call and the
    rule's code and params: a caller that does not know the rule's code still words the kind.
    """

    def __init__(
        self,
        index: int | None,
        seat: int,
        call: str,
        rule: str,
        where: str = "",
        *,
        rule_code: str,
        rule_params: dict[str, object] | None = None,
    ) -> None:
        self.index = index
        self.seat = seat
        self.call = call
        self.rule = rule
        self.where = where
        self.rule_code = rule_code
        self.rule_params = rule_params or {}
        place = f"call {index}" if index is not None else "call"
        if where:
            place = f"{where}, {place}"
        super().__init__(
            f"{place} (seat {seat}, {call!r}): {rule}",
            code="illegal_call",
            params={
                "seat": seat,
                "call": call,
                "rule_code": rule_code,
                "rule_params": self.rule_params,
            },
        )

    @classmethod
    def of(cls, broken: RuleBroken, index: int | None, seat: int, call: str) -> IllegalCall:
        """The refusal of ``call`` for the rule ``broken``."""
        return cls(index, seat, call, str(broken), rule_code=broken.code, rule_params=broken.params)

    def at(self, where: str) -> IllegalCall:
        """The same refusal, naming the deal it happened in."""
        return IllegalCall(
            self.index,
            self.seat,
            self.call,
            self.rule,
            where,
            rule_code=self.rule_code,
            rule_params=self.rule_params,
        )


class RecordError(EngineError):
    """A hand record that is malformed (missing keys, wrong types, unknown fields)."""
