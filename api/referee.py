"""The referee's table: the engine's ``Table`` for each hand, kept in step with the store.

A call is checked by the engine first; only an accepted call is written (at once, in its own
transaction) and broadcast. A refused call changes nothing anywhere. After a restart each
hand's ``Table`` is rebuilt by replaying its stored calls, so a killed server resumes a hand
exactly where it was. Gestures from the live feed reach the active table's current hand through
``observe``, from the pipeline thread; one lock keeps them and the referee's calls in order.
"""

from __future__ import annotations

import dataclasses
import functools
import threading
from collections.abc import Callable
from typing import Any, NamedTuple, cast

from api.game_choices import more_options
from api.hub import Hub
from api.player_names import SEAT_LABEL, player_key
from api.sanctions import award_of
from api.schemas import CorrectionOut, HandInfo, RemovedOut, ReviewOut, TableOut
from api.store import HandRow, HandStart, SeatRow, Store, TableRow
from engine.calls import Call
from engine.errors import Coded, Refusal
from engine.game import Award, Game, Match
from engine.gesture import Gesture
from engine.rules import Rules
from engine.seats import FOUR
from engine.senas import (
    VERDICTS,
    Profile,
    SenaRecord,
    judge_senas,
    load_profile,
    summarise_by_seat,
)
from engine.start import parse_score
from engine.table import Table

#: What ``hands.shown`` holds for a hand closed with "cards not shown": its showdown is not
#: settled and the señas that depend on the cards stay pending.
NOT_SHOWN: dict[str, list[str]] = {}


class NotFound(Coded, LookupError):
    """No table or hand with that id (answered 404); ``code`` and ``params`` name what is
    missing for a page that words it itself (:class:`engine.errors.Coded`)."""


class StateError(Refusal):
    """A request that the table's state does not allow now (the message says why; ``code`` and
    ``params``, the hand's number, the phase..., for a page that words it itself)."""


@functools.cache
def profile_named(name: str) -> Profile:
    return load_profile(name)


def rules_of(table: TableRow) -> Rules:
    return Rules(
        **table.options,
        game=table.game,
        players=table.players,
        reyes=table.reyes,
        target=table.target,
        captains=table.captains,
        stones=table.stones,
        deal=table.deal,
        diez_reyes=table.diez_reyes,
        profile=table.profile,
    )


def _closed_without_cards(hand: HandRow) -> StateError:
    """The refusal of cards for a hand the referee closed with the cards not shown."""
    return StateError(
        f"hand {hand.number} was closed with the cards not shown",
        code="cards_not_shown",
        params={"hand": hand.number},
    )


class Referee:
    def __init__(self, store: Store, hub: Hub) -> None:
        self.store = store
        self.hub = hub
        self._lock = threading.RLock()
        #: Each table's hands as rebuilt: table id -> hand id -> Table.
        self._tables: dict[int, dict[int, Table]] = {}
        self._matches: dict[int, Match] = {}
        self.active_table_id = store.last_active_table()

    @property
    def active_table_id(self) -> int | None:
        return self._active_table_id

    @active_table_id.setter
    def active_table_id(self, table_id: int | None) -> None:
        self._active_table_id = table_id
        row = self.store.get_table(table_id) if table_id is not None else None
        #: The active table's seats, for the camera to hand out (read by the vision thread at
        #: every frame, so kept here rather than asked of the store).
        self.active_seats: tuple[int, ...] = (
            tuple(s.seat for s in row.seats) if row is not None else FOUR.seats
        )

    # tables and hands

    def create_table(
        self, *, name: str, rules: Rules, mano: int, seats: list[SeatRow]
    ) -> dict[str, Any]:
        """A table of ``rules`` (its game, players and options) and its first hand."""
        profile_named(rules.profile)  # refuse an unknown or broken profile before storing
        with self._lock:
            row = self.store.create_table(
                name=name,
                profile=rules.profile,
                target=rules.target,
                reyes=rules.reyes,
                first_mano=mano,
                seats=seats,
                game=rules.game,
                players=rules.players,
                captains=rules.captains,
                stones=rules.stones,
                deal=rules.deal,
                diez_reyes=rules.diez_reyes,
                options=more_options(rules),
                first_hand_score=parse_score(None, rules),
            )
            self.store.mark_active(row.id)
            self.active_table_id = row.id
        state = self.table_state(row.id)
        self.hub.publish("table", state)
        return state

    def table(self, table_id: int) -> TableRow:
        row = self.store.get_table(table_id)
        if row is None:
            raise NotFound(f"no table {table_id}", code="no_table", params={"table": table_id})
        return row

    def hand(self, hand_id: int) -> HandRow:
        row = self.store.get_hand(hand_id)
        if row is None:
            raise NotFound(f"no hand {hand_id}", code="no_hand", params={"hand": hand_id})
        return row

    def forget_deleted(self, table_id: int) -> None:
        """Drop what is kept in memory of a table deleted from the store."""
        with self._lock:
            self.forget(table_id)
            if self.active_table_id == table_id:
                last = self.store.list_tables()
                self.active_table_id = last[-1].id if last else None

    def activate(self, table_id: int) -> dict[str, Any]:
        self.table(table_id)
        with self._lock:
            self.store.mark_active(table_id)
            self.active_table_id = table_id
        state = self.table_state(table_id)
        self.hub.publish("table", state)
        return state

    def seat_in_play(self, seat: int) -> dict[str, Any] | None:
        """How ``seat`` plays a hand of the active table now (its ``seat``, player's ``name``,
        the ``hand``'s number, the ``table``'s name and ``hand_id``), or None when it does not."""
        with self._lock:
            if self.active_table_id is None:
                return None
            row = self.table(self.active_table_id)
            hand = self.store.last_hand(row.id)
            if hand is None or is_closed(hand, self.engine_table(hand)):
                return None
            name = next((s.name for s in row.seats if s.seat == seat), "")
            return {
                "seat": seat,
                "name": name,
                "hand": hand.number,
                "table": row.name,
                "hand_id": hand.id,
            }

    def name_seat(self, seat: int, name: str) -> dict[str, Any] | None:
        """Name the player at ``seat`` of the active table, where the table calls it by its
        label ("Asiento 2"): its state, published. None when no active table has that seat;
        refused when the table already names another player there."""
        with self._lock:
            if self.active_table_id is None:
                return None
            row = self.table(self.active_table_id)
            given = next((s.name for s in row.seats if s.seat == seat), None)
            if given is None:
                return None
            if player_key(given) != player_key(name):
                if given.strip() and not SEAT_LABEL.fullmatch(given.strip()):
                    raise StateError(
                        f"seat {seat} is {given}'s at table {row.name!r}",
                        code="seat_named",
                        params={"seat": seat, "name": given, "table": row.name},
                    )
                self.store.name_seat(row.id, seat, name)
            state = self.table_state(row.id)
        self.hub.publish("table", state)
        return state

    def rename_seat(self, table_id: int, seat: int, name: str) -> dict[str, Any]:
        """The table's ``seat`` named ``name``: its state, published."""
        with self._lock:
            if seat not in [s.seat for s in self.table(table_id).seats]:
                raise NotFound(
                    f"table {table_id} has no seat {seat}",
                    code="no_seat",
                    params={"table": table_id, "seat": seat},
                )
            self.store.name_seat(table_id, seat, name)
            state = self.table_state(table_id)
        self.hub.publish("table", state)
        return state

    def _match(self, table_id: int) -> Match:
        """The table's match as its stored hands make it (``replay_match``), rebuilt the first
        time it is needed and kept in step with every change after."""
        with self._lock:
            match = self._matches.get(table_id)
            if match is not None:
                return match
            row = self.table(table_id)
            rules = rules_of(row)
            hands = self.store.hands_of(table_id)
            match, tables = replay_match(rules, row.first_mano, hands, self._awards(row, rules))
            self._tables[table_id] = tables
            self._matches[table_id] = match
            return match

    def _awards(self, row: TableRow, rules: Rules) -> dict[int, Award]:
        """The games of the table its referee stopped and gave to a side, by number."""
        awards = {}
        for acta in self.store.actas_of(row.id):
            award = award_of(acta.sanctions, rules.seating)
            if award is not None:
                awards[acta.game] = award
        return awards

    def _count_if_closed(self, hand: HandRow, table: Table) -> None:
        """The last hand has just closed (a call, its cards, "cards not shown"): its result goes
        into the kept match, as a rebuild from the store would put it."""
        match = self._matches.get(hand.table_id)
        if match is None or not is_closed(hand, table):
            return  # the next rebuild reads it from the store
        game = match.games[-1]
        if game.tables[-1] is table:
            count_hand(match, game, table)
        else:
            self.forget(hand.table_id)

    def forget(self, table_id: int | None = None) -> None:
        """Drop what was rebuilt of a table (of every table with None), so it is read again
        from the store: another server on a shared database has written to it, or a change
        here reopened or removed a hand it had counted. (A removed hand's id may be given to
        the next hand stored: nothing of it is kept.)"""
        with self._lock:
            if table_id is None:
                self._matches.clear()
                self._tables.clear()
                return
            self._matches.pop(table_id, None)
            self._tables.pop(table_id, None)

    def game_won(self, table_id: int, number: int) -> GameWon | None:
        """Who won the table's game ``number``, or None while that game is not won."""
        with self._lock:
            games = self._match(table_id).games
            if len(games) < number or games[number - 1].winner is None:
                return None
            game = games[number - 1]
            reason = None if game.awarded is None else game.awarded.reason
            return GameWon(cast(str, game.winner), dict(game.score), reason)

    def engine_table(self, hand: HandRow) -> Table:
        """The hand's ``Table``, as rebuilt from the stored calls."""
        with self._lock:
            if hand.id not in self._tables.get(hand.table_id, {}):
                self.forget(hand.table_id)  # a hand dealt since the table was rebuilt
                self._match(hand.table_id)
            return self._tables[hand.table_id][hand.id]

    def next_hand(self, table_id: int) -> dict[str, Any]:
        """Deal the next hand as the engine's ``Match`` says: mano, score and game carried. A
        refusal changes nothing, kept or stored: the same request is refused the same way again,
        and after a restart."""
        with self._lock:
            last = self.store.last_hand(table_id)
            # A table an older keinu stored without its first hand: this deals it.
            if last is not None:
                refusal = self._deal_refusal(last, self.engine_table(last))
                if refusal is not None:
                    raise refusal
            match = self._match(table_id)
            try:
                game = match.current_game()
                table = game.start_hand()
                hand = self.store.create_hand(
                    table_id,
                    game=game.number,
                    hand_in_game=cast(int, table.hand_in_game),  # start_hand numbers it
                    mano=table.mano,
                    score=table.initial_score,
                )
            except BaseException:
                self.forget(table_id)  # read again from the store, which has no new hand
                raise
            self._tables[table_id][hand.id] = table
        state = self.table_state(table_id)
        self.hub.publish("table", state)
        return state

    def _deal_refusal(self, last: HandRow, current: Table) -> StateError | None:
        """Why no hand may be dealt after ``last`` (its table's last hand), or None: its game
        was stopped by its acta, it is not over yet, or the Encaje or the match is."""
        match = self._match(last.table_id)
        game = match.games[last.game - 1]
        if is_closed(last, current):
            return end_refusal(current, match) or self._stopped_by_acta(last, game)
        stopped = self._stopped_by_acta(last, game)
        if stopped is not None:
            return stopped
        if game.awarded is None:
            at_showdown = current.phase == "showdown"
            return StateError(
                f"hand {last.number} is still in {current.phase}: "
                + (
                    "enter the cards shown, or close it with the cards not shown"
                    if at_showdown
                    else "finish it before dealing"
                ),
                code="hand_at_showdown" if at_showdown else "hand_not_over",
                params={"hand": last.number, "phase": str(current.phase)},
            )
        return end_refusal(current, match)

    def _stopped_by_acta(self, last: HandRow, game: Game) -> StateError | None:
        """The refusal of a hand dealt after ``last`` in its own game ``game``, when that
        game's acta is signed before it ended and gave it to nobody, or None."""
        if game.is_over:
            return None
        signed = self.store.acta(last.table_id, last.game)
        if signed is None:
            return None
        return StateError(
            f"the acta of game {last.game} is signed by {signed.referee} as it stands: the "
            "game stops there and no hand is dealt in it",
            code="game_stopped_by_acta",
            params={"game_number": last.game, "referee": signed.referee},
        )

    # calls

    def apply_call(
        self, hand_id: int, seat: int, text: str, t_ms: int | None = None
    ) -> dict[str, Any]:
        """Parse and apply one call; ``CallError``/``IllegalCall`` leave everything unchanged."""
        with self._lock:
            hand = self._open_hand(hand_id)
            self._check_acta_open(hand)
            table = self.engine_table(hand)
            table.check_seat(seat, text)  # the table's own seats, whatever the text says
            call = Call.parse(seat, text, t_ms)
            index = len(table.calls)
            table.apply(call, index=index)
            try:
                self.store.append_call(hand_id, seat, call.text, t_ms)
            except BaseException:
                table.undo()
                raise
            self._count_if_closed(hand, table)  # a deje that reached the target
            state = self.hand_state(hand_id)
        self.hub.publish("call", {"hand_id": hand_id, "call": [seat, call.text], "state": state})
        return state

    def undo(self, hand_id: int) -> dict[str, Any]:
        """Take back the referee's last step: a "cards not shown", the cards entered (kept among
        the hand's corrections, for the page to offer again), else the last call. The camera's
        señas since stay where they were (a seña has its own removal, ``remove_sena``)."""
        with self._lock:
            hand = self._open_hand(hand_id)
            self._check_acta_open(hand)
            table = self.engine_table(hand)
            closed = is_closed(hand, table)
            entered = [c.idx for c in hand.calls if c.gesture is None]
            if hand.shown == NOT_SHOWN:
                self.store.set_shown(hand_id, None)
            elif hand.shown is not None:
                self.store.replace_shown(hand_id, None, None, how="undo")
            elif entered:
                self.store.delete_call(hand_id, entered[-1])
                table.undo(entered[-1])
            else:
                raise StateError(
                    "no call of the referee to undo in this hand", code="nothing_to_undo"
                )
            if closed:  # the hand counted in the match is open again: read it all anew
                self.forget(hand.table_id)
            state = self.hand_state(hand_id)
        self.hub.publish("undo", {"hand_id": hand_id, "state": state})
        return state

    def show(
        self,
        hand_id: int,
        hands: dict[str, list[str]],
        wild: dict[str, list[str]] | None = None,
    ) -> dict[str, Any]:
        """The hands as shown; with diez reyes, ``wild`` says what each seat's wild cards
        stand for (the engine refuses a wild card left without a value)."""
        with self._lock:
            hand = self._open_hand(hand_id)
            self._check_acta_open(hand)
            table = self.engine_table(hand)
            self._check_showdown(hand, table)
            # a bad card, a card twice, a wild card without its value: the engine refuses it
            # before it changes anything, and nothing is stored
            table.show(hands, wild)
            try:
                self.store.set_shown(hand_id, hands, wild)
            except BaseException:
                self.forget(hand.table_id)  # the table was settled with cards not stored
                raise
            self._count_if_closed(self.hand(hand_id), table)
            state = self.hand_state(hand_id)
        self.hub.publish("shown", {"hand_id": hand_id, "state": state})
        return state

    def correct_shown(
        self,
        hand_id: int,
        hands: dict[str, list[str]],
        wild: dict[str, list[str]] | None = None,
        *,
        referee: str = "",
        note: str = "",
    ) -> dict[str, Any]:
        """Correct the cards entered for a settled hand: the hand is settled again with them
        (lances, score, false declarations, señas) and the cards replaced are kept among its
        corrections, with who corrected them and why. The table's last hand can be corrected,
        or the one before while the last has no call of the referee yet: that hand then starts
        again from the corrected result (its score, game and number in the game), or goes when
        the corrected hand ends the match. A game whose acta is signed stays as signed."""
        with self._lock:
            hand = self.hand(hand_id)
            refusal = self._correction_refusal(hand, self.store.last_hand(hand.table_id))
            if refusal is not None:
                raise refusal
            if hands == hand.shown and (wild or None) == hand.wild:
                return self.table_state(hand.table_id)
            row = self.table(hand.table_id)
            stored = self.store.hands_of(hand.table_id)
            upto = [
                dataclasses.replace(h, shown=hands, wild=wild or None) if h.id == hand_id else h
                for h in stored
                if h.number <= hand.number
            ]
            # the engine refuses a bad card, a card twice, a wild card without its value here,
            # before anything is stored
            rules = rules_of(row)
            match, tables = replay_match(rules, row.first_mano, upto, self._awards(row, rules))
            later = next((h for h in stored if h.number > hand.number), None)
            restart, drop = None, None
            if later is not None:
                if end_refusal(tables[hand.id], match) is None:
                    game = match.current_game()
                    table = game.start_hand()
                    start = HandStart(
                        game.number, cast(int, table.hand_in_game), table.mano, table.initial_score
                    )
                    restart = (later.id, start)
                else:
                    drop = later.id
            self.store.replace_shown(
                hand_id,
                hands,
                wild,
                how="corrected",
                referee=referee,
                note=note,
                restart=restart,
                drop=drop,
            )
            self.forget(hand.table_id)
            shown = self.hand_state(hand_id)
            state = self.table_state(hand.table_id)
        self.hub.publish("shown", {"hand_id": hand_id, "state": shown})
        self.hub.publish("table", state)
        return state

    def _correction_refusal(self, hand: HandRow, last: HandRow | None) -> StateError | None:
        """Why the cards of ``hand`` cannot be corrected now, or None."""
        number: dict[str, object] = {"hand": hand.number}
        if hand.shown == NOT_SHOWN:
            return _closed_without_cards(hand)
        if hand.shown is None:
            return StateError(
                f"the cards of hand {hand.number} are not entered: enter them, not a correction",
                code="cards_not_entered",
                params=number,
            )
        assert last is not None  # its table has that hand
        if _begun_after(hand.number, last):
            return StateError(
                f"hand {hand.number + 1} has begun: the cards of hand {hand.number} can no "
                "longer be corrected",
                code="later_hand_begun",
                params=number | {"later": hand.number + 1},
            )
        later = self._acta_refusal(last) if last.id != hand.id else None
        return self._acta_refusal(hand) or later  # a correction restarts or drops the later hand

    def _acta_refusal(self, hand: HandRow) -> StateError | None:
        signed = self.store.acta(hand.table_id, hand.game)
        if signed is None:
            return None
        return StateError(
            f"the acta of game {hand.game} is signed by {signed.referee}: hand {hand.number} "
            "stays as signed",
            code="game_acta_signed",
            params={"hand": hand.number, "game_number": hand.game, "referee": signed.referee},
        )

    def _check_acta_open(self, hand: HandRow) -> None:
        refusal = self._acta_refusal(hand)
        if refusal is not None:
            raise refusal

    def skip_showdown(self, hand_id: int) -> dict[str, Any]:
        """Close the hand at its showdown with the cards not shown: nothing more is paid and
        the señas that depend on the cards stay pending; the next hand may be dealt."""
        with self._lock:
            hand = self._open_hand(hand_id)
            self._check_acta_open(hand)
            table = self.engine_table(hand)
            self._check_showdown(hand, table)
            self.store.set_shown(hand_id, NOT_SHOWN)
            self._count_if_closed(self.hand(hand_id), table)
            state = self.hand_state(hand_id)
        self.hub.publish("shown", {"hand_id": hand_id, "state": state})
        return state

    def _check_showdown(self, hand: HandRow, table: Table) -> None:
        number: dict[str, object] = {"hand": hand.number}
        if hand.shown == NOT_SHOWN:
            raise _closed_without_cards(hand)
        if hand.shown is not None:
            raise StateError(
                f"the cards of hand {hand.number} are already entered: correct them instead",
                code="cards_already_entered",
                params=number,
            )
        if table.phase != "showdown":
            raise StateError(
                f"the cards are entered at the showdown: hand {hand.number} is in {table.phase}",
                code="not_at_showdown",
                params=number | {"phase": str(table.phase)},
            )

    def observe(self, gesture: Gesture, source_id: str) -> dict[str, Any] | None:
        """A gesture from the live feed: a seña call on the active table's current hand (if the
        seat is watched by that source). Returns the judged seña it belongs to."""
        with self._lock:
            if self.active_table_id is None:
                return None
            row = self.table(self.active_table_id)
            seat = next((s for s in row.seats if s.seat == gesture.seat), None)
            if seat is None or (seat.source and seat.source != source_id):
                return None
            hand = self.store.last_hand(row.id)
            if hand is None:  # a table stored without its first hand by an older keinu
                return None
            table = self.engine_table(hand)
            if table.phase == "finished" or self.store.acta(row.id, hand.game) is not None:
                return None
            sena_call = table.observe(gesture)
            call = table.calls[-1]
            try:
                self.store.append_call(
                    hand.id, call.seat, call.text, call.t_ms, gesture=gesture.to_dict()
                )
            except BaseException:
                table.undo()
                raise
            hand = self.hand(hand.id)
            senas = self._judged(hand, self._records(hand, table))
            sena = next(s for s in senas if sena_call.index in s["calls"])
        self.hub.publish("sena", {"hand_id": hand.id, "table_id": row.id, **sena})
        return sena

    def review(self, hand_id: int, call_idx: int, action: str, note: str) -> dict[str, Any]:
        """Acknowledge a seña's verdict or overrule it (an overruled seña leaves the report);
        a later review replaces the earlier one."""
        return self._mark(
            hand_id, call_idx, lambda: self.store.review_sena(hand_id, call_idx, action, note)
        )

    def remove_sena(self, hand_id: int, call_idx: int, note: str) -> dict[str, Any]:
        """Strike out a seña the camera misread: kept in the record, marked, and out of the
        report."""
        return self._mark(
            hand_id, call_idx, lambda: self.store.remove_sena(hand_id, call_idx, note)
        )

    def restore_sena(self, hand_id: int, call_idx: int) -> dict[str, Any]:
        return self._mark(hand_id, call_idx, lambda: self.store.restore_sena(hand_id, call_idx))

    def _mark(self, hand_id: int, call_idx: int, write: Callable[[], object]) -> dict[str, Any]:
        with self._lock:
            hand = self.hand(hand_id)
            self._check_acta_open(hand)
            records = self._records(hand, self.engine_table(hand))
            if not any(r.calls and r.calls[0] == call_idx for r in records):
                raise NotFound(f"no seña starts at call {call_idx} of hand {hand_id}")
            write()
            state = self.hand_state(hand_id)
        self.hub.publish("review", {"hand_id": hand_id, "call_idx": call_idx, "state": state})
        return state

    def _open_hand(self, hand_id: int) -> HandRow:
        hand = self.hand(hand_id)
        last = cast(HandRow, self.store.last_hand(hand.table_id))  # its table has that hand
        if last.id != hand_id:
            raise StateError(
                f"hand {hand.number} is over: calls go to hand {last.number}",
                code="hand_over",
                params={"hand": hand.number, "current": last.number},
            )
        return hand

    # views

    def _records(self, hand: HandRow, table: Table) -> list[SenaRecord]:
        return judge_senas(
            table.sena_calls,
            profile=profile_named(self.table(hand.table_id).profile),
            rules=table.rules,
            hands=table.played_hands,
            last_draw=table.last_draw,
        )

    def _set_aside(self, hand: HandRow) -> dict[int, Any]:
        """The señas out of the report, by their first call: removed, or overruled."""
        overruled = {
            idx: r for idx, r in self.store.reviews_of(hand.id).items() if r.action == "overruled"
        }
        return overruled | self.store.removals_of(hand.id)

    def _standing(self, hand: HandRow, records: list[SenaRecord]) -> list[SenaRecord]:
        """The señas that count: neither overruled nor removed by the referee."""
        aside = self._set_aside(hand)
        return [r for r in records if not (r.calls and r.calls[0] in aside)]

    def _judged(self, hand: HandRow, records: list[SenaRecord]) -> list[dict[str, Any]]:
        """Each seña as the dashboard shows it: the verdict, the seat's name, the review, who
        entered it (the camera, or the referee for one it missed) and whether it was removed."""
        names = {s.seat: s.name for s in self.table(hand.table_id).seats}
        reviews = self.store.reviews_of(hand.id)
        removals = self.store.removals_of(hand.id)
        by_referee = {c.idx for c in hand.calls if c.gesture is None}
        judged = []
        for record in records:
            item = record.to_dict()
            first = record.calls[0] if record.calls else None
            review, removal = (
                (reviews.get(first), removals.get(first)) if first is not None else (None, None)
            )
            item["name"] = names.get(record.seat, "")
            item["review"] = (
                None if review is None else ReviewOut.model_validate(review).model_dump()
            )
            item["removed"] = (
                None if removal is None else RemovedOut.model_validate(removal).model_dump()
            )
            item["origin"] = "referee" if first in by_referee else "camera"
            judged.append(item)
        return judged

    def hand_state(self, hand_id: int) -> dict[str, Any]:
        with self._lock:
            hand = self.hand(hand_id)
            table = self.engine_table(hand)
            records = self._records(hand, table)
            last = cast(HandRow, self.store.last_hand(hand.table_id))  # its table has that hand
            current = last.id == hand.id
            signed = self.store.acta(hand.table_id, hand.game)
            return {
                "hand": self._hand_info(hand, current=current),
                "view": table.view(),
                "legal": []
                if signed is not None
                else [
                    {"seat": c.seat, "action": c.action, "text": c.text}
                    for c in table.legal_calls()
                ],
                "acta_signed": None
                if signed is None
                else {"game_number": signed.game, "referee": signed.referee},
                "game_awarded": self._awarded(hand),
                "senas": self._judged(hand, records),
                "senas_by_seat": summarise_by_seat(
                    self._standing(hand, records), table.seating.seats
                ),
                "can_deal": current and self._deal_refusal(hand, table) is None,
                "can_correct": self._correction_refusal(hand, last) is None,
                "previous": self._correctable_previous(last) if current else None,
                "match": self._match_summary(hand.table_id),
            }

    def _awarded(self, hand: HandRow) -> dict[str, Any] | None:
        """The side its acta gave the hand's game to, and the sanction why, or None."""
        won = self.game_won(hand.table_id, hand.game)
        return None if won is None else won.award_out()

    def _hand_info(self, hand: HandRow, *, current: bool) -> dict[str, Any]:
        corrections = [CorrectionOut.model_validate(c) for c in self.store.corrections_of(hand.id)]
        info = HandInfo.model_validate(hand)
        return info.model_copy(update={"current": current, "corrections": corrections}).model_dump()

    def _correctable_previous(self, last: HandRow) -> dict[str, Any] | None:
        """The hand before the last, while its cards may still be corrected (nobody has called
        in the last one yet)."""
        if _begun_after(last.number - 1, last):  # the common case, told without reading it
            return None
        ids = self.store.hand_ids_of(last.table_id)
        previous = self.store.get_hand(ids[-2]) if len(ids) > 1 else None
        if previous is None or self._correction_refusal(previous, last) is not None:
            return None
        return self._hand_info(previous, current=False)

    def _match_summary(self, table_id: int) -> dict[str, Any]:
        """Games (and vacas) won by each side, counting the last hand once it is over, and the
        match's winner once it is decided."""
        summary = self._match(table_id).to_dict()
        del summary["games"]
        return summary

    def table_state(self, table_id: int) -> dict[str, Any]:
        row = self.table(table_id)
        last = self.store.last_hand(table_id)
        return {
            "table": table_out(row),
            "active": self.active_table_id == table_id,
            "current": self.hand_state(last.id) if last else None,
        }

    def record(self, hand_id: int) -> dict[str, Any]:
        """The hand as a hand record (docs/hand-record.md), which ``keinu replay`` reads; what
        the referee did to it (reviews, removals, corrections) travels in its ``meta``."""
        hand = self.hand(hand_id)
        table = self.engine_table(hand)
        record: dict[str, Any] = {
            "rules": table.rules.to_dict(),
            "score": hand.score,
            "mano": hand.mano,
            "hand_in_game": hand.hand_in_game,
        }
        if hand.shown:
            record["hands"] = hand.shown
        if hand.wild:
            record["wild"] = hand.wild
        record["calls"] = [call.to_record() for call in table.calls]
        meta = self._referee_meta(hand)
        if meta:
            record["meta"] = meta
        return record

    def session(self, table_id: int) -> dict[str, Any]:
        """The whole table as a game record (``deals``, the hands carried forward), which
        ``keinu replay`` reads."""
        row = self.table(table_id)
        hands = self.store.hands_of(table_id)
        games = self._match(table_id).games
        deals = []
        for i, hand in enumerate(hands):
            deal = {k: v for k, v in self.record(hand.id).items() if k != "rules"}
            last_of_game = i + 1 == len(hands) or hands[i + 1].game != hand.game
            awarded = games[hand.game - 1].awarded
            if last_of_game and awarded is not None:
                deal["awarded"] = awarded.to_dict()
            deals.append(deal)
        return {
            "rules": rules_of(row).to_dict(),
            "score": parse_score(None, rules_of(row)),
            "mano": row.first_mano,
            "deals": deals,
            "meta": {"table": row.name, "seats": {str(s.seat): s.name for s in row.seats}},
        }

    def _referee_meta(self, hand: HandRow) -> dict[str, Any]:
        """What the referee did to the hand: reviews, removals, señas entered by hand, a
        showdown closed with the cards not shown, and the cards shown before each correction."""
        marks = {
            "reviews": [
                {"call": r.call_idx, "action": r.action, "note": r.note}
                for r in self.store.reviews_of(hand.id).values()
            ],
            "removed": [
                {"call": r.call_idx, "note": r.note}
                for r in self.store.removals_of(hand.id).values()
            ],
            "senas_by_referee": [
                c.idx for c in hand.calls if c.gesture is None and c.text.startswith("sena ")
            ],
            "corrections": [
                CorrectionOut.model_validate(c).model_dump(exclude_none=True)
                for c in self.store.corrections_of(hand.id)
            ],
        }
        meta: dict[str, Any] = {key: value for key, value in marks.items() if value}
        if hand.shown == NOT_SHOWN:
            meta["cards_not_shown"] = True
        return meta

    def report(self, table_id: int) -> dict[str, Any]:
        """Per hand and per game: stones won per lance, final score, señas by verdict (the
        engine's ``verdicts``, in their order), false señas and false declarations."""
        row = self.table(table_id)
        hands: list[dict[str, Any]] = []
        games: dict[int, dict[str, Any]] = {}
        for hand in self.store.hands_of(table_id):
            state = self.hand_state(hand.id)
            view = state["view"]
            entry = {
                "number": hand.number,
                "game": hand.game,
                "mano": hand.mano,
                "phase": view["phase"],
                "score_before": hand.score,
                "score_after": view["score"],
                "lances": view["lances"],
                "wild": hand.wild,
                "game_winner": view["game_winner"],
                "senas_by_seat": state["senas_by_seat"],
                "false_senas": [
                    s for s in state["senas"] if s["verdict"] == "false" and sena_counts(s)
                ],
                "set_aside": [s for s in state["senas"] if not sena_counts(s)],
                "false_declarations": view["false_declarations"],
            }
            hands.append(entry)
            game = games.setdefault(
                hand.game,
                {
                    "game": hand.game,
                    "hands": 0,
                    "score": view["score"],
                    "winner": None,
                    "awarded": None,
                    "senas": {},
                },
            )
            game["hands"] += 1
            game["score"] = view["score"]
            game["winner"] = view["game_winner"] or game["winner"]
            if state["game_awarded"] is not None:  # stopped by its acta, given to a side
                game["winner"] = state["game_awarded"]["winner"]
                game["awarded"] = state["game_awarded"]["sanction"]
            for seat, counts in state["senas_by_seat"].items():
                totals = game["senas"].setdefault(seat, dict.fromkeys(counts, 0))
                for verdict, n in counts.items():
                    totals[verdict] += n
        return {
            "table": table_out(row),
            "verdicts": list(VERDICTS),
            "hands": hands,
            "games": list(games.values()),
        }


class GameWon(NamedTuple):
    """A game's winner, the score it ended with, and the sanction that gave it to the winner
    when its acta stopped it (else None)."""

    winner: str
    score: dict[str, int]
    awarded: str | None

    def award_out(self) -> dict[str, Any] | None:
        """``{"winner", "sanction"}`` of a game its acta gave to a side, else None."""
        return None if self.awarded is None else {"winner": self.winner, "sanction": self.awarded}


def replay_match(
    rules: Rules, first_mano: int, hands: list[HandRow], awards: dict[int, Award] | None = None
) -> tuple[Match, dict[int, Table]]:
    """The match that a table's ``hands`` (in order) make, and each hand's ``Table``: every
    stored call replayed, the cards shown, and every closed hand counted (the last one too,
    once it is over), so the match knows a game or the match won by the last hand. A game of
    ``awards`` (its acta's sanctions) not won at the table after its last hand goes to the
    award's side."""
    match = Match(rules, first_mano)
    tables: dict[int, Table] = {}
    for i, hand in enumerate(hands):
        game = match.current_game()
        table = game.start_hand()
        for call in hand.calls:
            table.apply(Call.parse(call.seat, call.text, call.t_ms), index=call.idx)
        if hand.shown:
            table.show(hand.shown, hand.wild)
        tables[hand.id] = table
        award = (awards or {}).get(game.number)
        last_of_game = i + 1 == len(hands) or hands[i + 1].game != game.number
        closed = is_closed(hand, table)
        abandoned = award is not None and last_of_game and not closed
        if not abandoned and (i + 1 < len(hands) or closed):
            count_hand(match, game, table)
        if award is not None and last_of_game and not game.is_over:
            match.record_award(game, award)
    return match, tables


def end_refusal(closed: Table, match: Match) -> StateError | None:
    """Why no hand may follow the closed hand ``closed``, or None: the Encaje or the match is
    over (``match`` counts that hand)."""
    loser = getattr(closed, "loser", None)
    if loser is not None:
        return StateError(
            f"the Encaje is over: seat {loser} is left holding stones",
            code="encaje_over",
            params={"seat": loser},
        )
    if match.winner is not None:
        side = match.rules.seating.side_name(match.winner)
        return StateError(
            f"the match is over: {side} won it", code="match_over", params={"side": match.winner}
        )
    return None


def count_hand(match: Match, game: Game, table: Table) -> None:
    """Carry a hand's result into its game, and a game won into the match."""
    game.end_hand(table)
    if game.is_over:
        match.record_game(game)


def _begun_after(number: int, last: HandRow) -> bool:
    """A hand after hand ``number`` has begun, its table's last hand being ``last``: a second one
    is dealt, or the next has a call of the referee."""
    return last.number > number + 1 or (
        last.number == number + 1 and any(c.gesture is None for c in last.calls)
    )


def is_closed(hand: HandRow, table: Table) -> bool:
    """The hand is over: settled, or closed at its showdown with the cards not shown."""
    return table.phase == "finished" or (table.phase == "showdown" and hand.shown == NOT_SHOWN)


def sena_counts(sena: dict[str, Any]) -> bool:
    """A judged seña counts in the report unless the referee overruled or removed it."""
    overruled = sena["review"] is not None and sena["review"]["action"] == "overruled"
    return not overruled and sena["removed"] is None


def table_out(row: TableRow) -> dict[str, Any]:
    return TableOut.model_validate(row).model_dump()
