"""The hand record (the game's PGN): parse, validate, format, replay. docs/hand-record.md
describes the format.

A hand record is one hand as played (``rules``, ``score``, ``mano``, optional ``hands`` and
``hand_in_game``, ``calls``). A game record (``rules``, optional ``score`` and ``mano``,
``deals``) is a list of hands that carries the score forward, rotates the mano and, when a
game is won, starts the next one at 0-0 — so a record can hold a whole match.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from engine.calls import Call, parse_call
from engine.cards import Hand
from engine.encaje import EncajeTable
from engine.errors import EngineError, IllegalCall, RecordError
from engine.game import Award, Match, new_table
from engine.phases import ENDED_PHASES
from engine.rules import Rules
from engine.senas.verdicts import summarise_by_seat
from engine.start import parse_wild, played_hands
from engine.table import Table, parse_hands, parse_score

HAND_KEYS = frozenset({"rules", "score", "mano", "hands", "wild", "calls", "hand_in_game", "meta"})
DEAL_KEYS = frozenset(
    {"score", "mano", "hands", "wild", "calls", "hand_in_game", "meta", "awarded"}
)
GAME_KEYS = frozenset({"rules", "score", "mano", "deals", "meta"})

#: Turns a hand's seña calls into what the output shows (the señas engine judges them).
SenaJudge = Callable[[Table], list[dict[str, Any]]]


@dataclass
class HandRecord:
    """One hand. Inside a game record ``mano`` and ``score`` are None unless the deal states
    them (the game carries them)."""

    rules: Rules
    mano: int | None
    score: dict[str, int] | None
    calls: list[Call]
    hands: dict[int, Hand] | None = None
    hand_in_game: int | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    wild: dict[int, tuple[str, ...]] = field(default_factory=dict)
    #: A deal of a game record after which the game (or the match) was given to a side off the
    #: table (a sanction): the deal may stop unfinished.
    awarded: Award | None = None


@dataclass
class GameRecord:
    rules: Rules
    mano: int
    score: dict[str, int]
    deals: list[HandRecord]
    meta: dict[str, Any] = field(default_factory=dict)


def _fail(where: str, message: str) -> RecordError:
    return RecordError(f"{where}: {message}" if where else message)


def _check_keys(data: Any, allowed: frozenset[str], where: str) -> None:
    if not isinstance(data, dict):
        raise _fail(where, f"expected a JSON object, got {type(data).__name__}")
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise _fail(
            where, f"unknown key(s) {', '.join(unknown)}; allowed: {', '.join(sorted(allowed))}"
        )


def _mano(value: Any, where: str, rules: Rules) -> int:
    seats = rules.seating.seats
    if isinstance(value, bool) or not isinstance(value, int) or value not in seats:
        raise _fail(where, f"mano must be a seat 1..{len(seats)}, got {value!r}")
    return value


def _hand_fields(
    data: dict[str, Any], rules: Rules, where: str, mano: int | None, score: dict[str, int] | None
) -> HandRecord:
    if "calls" not in data or not isinstance(data["calls"], list):
        raise _fail(where, "calls must be a list of [seat, text] or [seat, text, t_ms]")
    calls = []
    for i, item in enumerate(data["calls"]):
        try:
            calls.append(parse_call(item))
        except EngineError as exc:
            seat = item[0] if isinstance(item, list) and item else "?"
            raise _fail(where, f"call {i} (seat {seat}): {exc}") from None
    hands = None
    try:
        if data.get("hands") is not None:
            hands = parse_hands(data["hands"], rules)
        wild = parse_wild(data.get("wild"), rules)
        if hands is not None:
            played_hands(hands, wild, rules)
    except EngineError as exc:
        raise _fail(where, str(exc)) from None
    hand_in_game = data.get("hand_in_game")
    if hand_in_game is not None and (
        isinstance(hand_in_game, bool) or not isinstance(hand_in_game, int) or hand_in_game < 1
    ):
        raise _fail(where, f"hand_in_game is 1, 2, ... (1-based), got {hand_in_game!r}")
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise _fail(where, "meta must be an object")
    return HandRecord(rules, mano, score, calls, hands, hand_in_game, meta, wild)


def _rules(data: dict[str, Any]) -> Rules:
    try:
        return Rules.from_dict(data.get("rules"))
    except EngineError as exc:
        raise RecordError(str(exc)) from None


def _award(value: Any, where: str, rules: Rules) -> Award:
    shape = '{"winner": side, "reason": text, "match": true|false}'
    if not isinstance(value, dict) or set(value) - {"winner", "reason", "match"}:
        raise _fail(where, f"awarded must be {shape}")
    winner, reason, match = value.get("winner"), value.get("reason"), value.get("match", False)
    if winner not in rules.seating.teams:
        raise _fail(where, f"awarded.winner is one of {list(rules.seating.teams)}, got {winner!r}")
    if not isinstance(reason, str) or not reason or not isinstance(match, bool):
        raise _fail(where, f"awarded must be {shape}")
    return Award(winner, reason, match)


def _score(value: Any, where: str, rules: Rules) -> dict[str, int]:
    try:
        return parse_score(value, rules)
    except ValueError as exc:
        raise _fail(where, str(exc)) from None


def parse_record(data: Any) -> HandRecord | GameRecord:
    """A decoded JSON record -> HandRecord (one hand) or GameRecord (``deals``)."""
    if isinstance(data, dict) and "deals" in data:
        _check_keys(data, GAME_KEYS, "")
        rules = _rules(data)
        mano = _mano(data.get("mano", 1), "", rules)
        score = _score(data.get("score"), "", rules)
        if not isinstance(data["deals"], list) or not data["deals"]:
            raise RecordError("deals must be a non-empty list of hands")
        deals = []
        for i, deal in enumerate(data["deals"]):
            where = f"deal {i + 1}"
            _check_keys(deal, DEAL_KEYS, where)
            deal_mano = _mano(deal["mano"], where, rules) if "mano" in deal else None
            deal_score = _score(deal["score"], where, rules) if "score" in deal else None
            record = _hand_fields(deal, rules, where, deal_mano, deal_score)
            if "awarded" in deal:
                record.awarded = _award(deal["awarded"], where, rules)
            deals.append(record)
        meta = data.get("meta", {})
        return GameRecord(rules, mano, score, deals, meta if isinstance(meta, dict) else {})
    _check_keys(data, HAND_KEYS, "")
    if "mano" not in data:
        raise RecordError("mano is missing (the seat that speaks first, 1..4)")
    rules = _rules(data)
    mano, score = _mano(data["mano"], "", rules), _score(data.get("score"), "", rules)
    return _hand_fields(data, rules, "", mano, score)


def format_record(record: HandRecord | GameRecord) -> dict[str, Any]:
    """The JSON-ready form; ``parse_record(format_record(r))`` gives ``r`` back."""

    def hand_part(hand: HandRecord) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if hand.hand_in_game is not None:
            data["hand_in_game"] = hand.hand_in_game
        if hand.hands is not None:
            data["hands"] = {str(s): h.to_list() for s, h in sorted(hand.hands.items())}
        if hand.wild:
            data["wild"] = {str(s): list(values) for s, values in sorted(hand.wild.items())}
        data["calls"] = [call.to_record() for call in hand.calls]
        if hand.meta:
            data["meta"] = hand.meta
        return data

    score = None if record.score is None else dict(record.score)
    head: dict[str, Any] = {"rules": record.rules.to_dict(), "score": score}
    head["mano"] = record.mano
    if isinstance(record, GameRecord):
        deals = []
        for deal in record.deals:
            part = hand_part(deal)
            if deal.mano is not None:
                part["mano"] = deal.mano
            if deal.score is not None:
                part["score"] = dict(deal.score)
            if deal.awarded is not None:
                part["awarded"] = deal.awarded.to_dict()
            deals.append(part)
        head["deals"] = deals
        if record.meta:
            head["meta"] = record.meta
        return head
    return head | hand_part(record)


def _apply_calls(table: Table, calls: list[Call], where: str) -> None:
    for index, call in enumerate(calls):
        try:
            table.apply(call, index)
        except IllegalCall as exc:
            raise exc.at(where) from None


def replay_hand(record: HandRecord) -> Table:
    if record.mano is None:
        raise RecordError("mano is missing (the seat that speaks first, 1..4)")
    table = new_table(
        record.rules, record.mano, record.score, record.hand_in_game, record.hands, record.wild
    )
    _apply_calls(table, record.calls, "")
    return table


@dataclass
class GameReplay:
    match: Match
    tables: list[Table]


def replay_game(record: GameRecord) -> GameReplay:
    """Play the deals in order through a Match: each deal's table starts from the carried
    score and mano; a deal that states its own ``mano``/``score``/``hand_in_game`` must agree."""
    match = Match(record.rules, record.mano, record.score)
    tables: list[Table] = []
    for i, deal in enumerate(record.deals):
        where = f"deal {i + 1}"
        if match.is_over:
            raise _fail(where, f"the match was already won by pair {match.winner}")
        if tables and isinstance(tables[-1], EncajeTable) and tables[-1].loser is not None:
            raise _fail(
                where, f"the Encaje was over: seat {tables[-1].loser} was left holding stones"
            )
        game = match.current_game()
        table = game.start_hand(deal.hands, deal.wild)
        for name, stated, carried in (
            ("mano", deal.mano, table.mano),
            ("score", deal.score, table.initial_score),
            ("hand_in_game", deal.hand_in_game, table.hand_in_game),
        ):
            if stated is not None and stated != carried:
                raise _fail(where, f"{name} is {stated!r} but the game carries {carried!r}")
        _apply_calls(table, deal.calls, where)
        tables.append(table)
        ended = table.phase in ENDED_PHASES
        if not ended and deal.awarded is None:
            if i + 1 < len(record.deals):
                raise _fail(where, f"the hand stops in phase {table.phase} before the next deal")
            break
        if ended:
            game.end_hand(table)
        if deal.awarded is not None:
            if game.is_over:
                raise _fail(where, f"awarded, yet game {game.number} was won at the table")
            match.record_award(game, deal.awarded)
        elif game.is_over:
            match.record_game(game)
    return GameReplay(match, tables)


def sena_calls_as_dicts(table: Table) -> list[dict[str, Any]]:
    """The default seña output: a hand's seña calls as parsed, without judgement."""
    return [cast(dict[str, Any], sena.to_dict()) for sena in table.sena_calls]


def hand_summary(table: Table, judge: SenaJudge = sena_calls_as_dicts) -> dict[str, Any]:
    """What ``keinu replay`` prints for one hand, with the señas counted by verdict per seat."""
    senas = judge(table)
    return {
        "mano": table.mano,
        "hand_in_game": table.hand_in_game,
        "start_score": dict(table.initial_score),
        "score": table.score,
        "game_winner": table.game_winner,
        "phase": table.phase,
        "lances": [result.to_dict() for result in table.results],
        "dejes": [payment.to_dict() for payment in table.dejes],
        "payments": [payment.to_dict() for payment in table.payments],
        "false_declarations": table.false_declarations,
        "senas": senas,
        "senas_summary": summarise_by_seat(senas, table.seating.seats),
    } | ({"pot": table.pot, "loser": table.loser} if isinstance(table, EncajeTable) else {})


def replay_summary(data: Any, judge: SenaJudge = sena_calls_as_dicts) -> dict[str, Any]:
    """Parse, validate and replay a decoded record; the JSON object ``keinu replay`` prints.
    Raises RecordError (malformed) or IllegalCall (a call the rules refuse)."""
    record = parse_record(data)
    if isinstance(record, HandRecord):
        return hand_summary(replay_hand(record), judge)
    replay = replay_game(record)
    deals = [hand_summary(table, judge) for table in replay.tables]
    last_game = replay.match.games[-1]
    return {
        "score": deals[-1]["score"],
        "game_winner": last_game.winner,
        "match": replay.match.to_dict(),
        "lances": [lance | {"deal": i + 1} for i, d in enumerate(deals) for lance in d["lances"]],
        "senas": [sena | {"deal": i + 1} for i, d in enumerate(deals) for sena in d["senas"]],
        "deals": deals,
    }
