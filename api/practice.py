"""Practice mode: one player in front of the camera, drills, and the score of every attempt.

A drill asks for a seña (a meaning of the house profile) or deals four cards and asks the
player to signal them (the engine's ``senas_for`` says which señas are true). The gestures the
player makes are read by the engine exactly as at a table (``Table.observe`` then the señas
``interpret``), and the attempt is settled once the player stops: when the profile's combination
window has passed after the last gesture, or when the drill times out.

Each attempt records: recognised or not, what was seen instead, time to signal (from the prompt
to the start of the first gesture, on the wall clock), and discretion: how long the movement
lasted and how large it was (the detector's peak activation, 0..1).
"""

from __future__ import annotations

import itertools
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from api.enrolment import REST, LiveWindow, cancel_windows, recorded_shows, shows_as_read
from api.hub import Hub
from api.live import LiveFeed
from api.store import AttemptRow, Store
from engine.cards import RANKS, Card, Hand
from engine.errors import Refusal
from engine.gesture import Gesture
from engine.rules import Rules
from engine.senas import SenaOption, interpret, load_profile, senas_for
from engine.table import SenaCall, Table
from vision.detectors.seat import NearMissedGesture

#: Seconds a drill waits for the player to start signalling.
DRILL_TIMEOUT_S = 12.0
#: Seconds past an enrolment window after which its seat may start another one anyway.
ENROL_GRACE_S = 10.0


@dataclass
class Drill:
    id: int
    player: str
    session: str
    kind: str  # "sena" | "hand"
    seat: int
    targets: dict[str, list[list[str]]]  # meaning -> ways (gesture labels in order)
    #: The rules' reyes (8: a 3 counts as a rey and a 2 as an as; 4: they keep their rank).
    reyes: int
    started: float
    cards: list[str] | None = None
    gestures: list[Gesture] = field(default_factory=list)
    calls: list[SenaCall] = field(default_factory=list)
    received: list[float] = field(default_factory=list)
    timer: threading.Timer | None = None
    table: Table | None = None
    #: The asked kinds' gestures seen but held too briefly or too long to count.
    near_misses: list[NearMissedGesture] = field(default_factory=list)

    @property
    def target_kinds(self) -> set[str]:
        return {label.split()[0] for ways in self.targets.values() for way in ways for label in way}

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "player": self.player,
            "session": self.session,
            "kind": self.kind,
            "seat": self.seat,
            "targets": self.targets,
            "cards": self.cards,
            "reyes": self.reyes,
            "timeout_s": DRILL_TIMEOUT_S,
        }


class SeatInPlay(Refusal):
    """The drill's seat plays a hand of the active table (the referee must agree to take it).
    ``params``: the ``seat``, its player's ``name``, the ``hand``'s number, the ``table``'s
    name and the ``hand_id``."""


class NoLiveVideo(Refusal):
    """The server runs without its cameras (``serve --no-live``): no seat to watch."""

    def __init__(self, message: str) -> None:
        super().__init__(message, code="no_live_video")


class SeatBusy(Refusal):
    """The seat is already showing a seña for an enrolment: the next waits for it to end."""


class Practice:
    def __init__(
        self,
        store: Store,
        hub: Hub,
        live: LiveFeed | None,
        profile: str,
        seed: int | None = None,
        seat_in_play: Callable[[int], dict[str, Any] | None] = lambda seat: None,
    ) -> None:
        """``seat_in_play(seat)`` says how the seat plays at a live table (``Referee.seat_in_play``;
        None: it does not);
        a drill takes the gestures of its seat, so it takes such a seat only when asked to."""
        self.seat_in_play = seat_in_play
        self.store = store
        self.hub = hub
        self.live = live
        self.profile = load_profile(profile)
        self.rules = Rules(profile=self.profile.name, reyes=self.profile.reyes)
        self._random = random.Random(seed)
        self._ids = itertools.count(1)
        self._lock = threading.RLock()
        self.drill: Drill | None = None
        #: (player, seat) -> what that player showed on that seat since its calibration.
        self._enrolments: dict[tuple[str, int], Any] = {}
        #: seat -> until when (monotonic) a window is being shown on it.
        self._enrolling: dict[int, float] = {}

    # drills

    def start_drill(
        self,
        *,
        player: str,
        kind: str,
        target: str | None,
        seat: int,
        session: str,
        take_seat: bool = False,
    ) -> dict[str, Any]:
        playing = self.seat_in_play(seat)
        if playing and not take_seat:
            raise SeatInPlay(
                f"seat {seat} ({playing['name']}) plays hand {playing['hand']} of table"
                f" {playing['table']!r}: its señas would go to the drill; choose another seat, or"
                " take it for the drill (take_seat)",
                code="seat_in_play",
                params=playing,
            )
        cards = None
        if kind == "hand":
            cards, options = self._deal_with_senas()
            targets = {o.meaning: [list(w) for w in o.ways] for o in options}
        else:
            targets = self._targets_for(target)
        saved = self.store.player(player)["sensitivities"]
        if saved:  # the detector of this seat follows the player who practises on it
            self._apply_sensitivities(seat, saved)
        with self._lock:
            self._cancel()
            drill = Drill(
                id=next(self._ids),
                player=player,
                session=session,
                kind=kind,
                seat=seat,
                targets=targets,
                reyes=self.rules.reyes,
                started=time.monotonic(),
                cards=cards,
                table=Table(self.rules),
            )
            self.drill = drill
            self._schedule(drill, DRILL_TIMEOUT_S)
        data = drill.to_dict()
        self.hub.publish("drill", data)
        return data

    def _targets_for(self, target: str | None) -> dict[str, list[list[str]]]:
        meanings = [e.meaning for e in self.profile.entries]
        if target is None:
            target = self._random.choice(meanings)
        if target not in meanings:
            raise ValueError(
                f"{target!r} is not a seña of the {self.profile.name} profile; "
                f"choose one of {', '.join(dict.fromkeys(meanings))}"
            )
        ways = [[p.label for p in e.gestures] for e in self.profile.entries if e.meaning == target]
        return {target: ways}

    def _deal_with_senas(self) -> tuple[list[str], list[SenaOption]]:
        for _ in range(200):
            hand = Hand(Card(self._random.choice(RANKS)) for _ in range(4))
            options = senas_for(hand, self.profile, self.rules)
            if options:
                return hand.to_list(), options
        raise ValueError(f"no hand to signal under the {self.profile.name} profile")

    def finish(self) -> dict[str, Any] | None:
        """Settle the open drill now (the player says "done"); its attempt, or None."""
        with self._lock:
            drill = self.drill
        return None if drill is None else self._settle(drill.id)

    def cancel(self) -> None:
        with self._lock:
            self._cancel()

    def _cancel(self) -> None:
        if self.drill is not None and self.drill.timer is not None:
            self.drill.timer.cancel()
        self.drill = None

    def _schedule(self, drill: Drill, delay_s: float) -> None:
        if drill.timer is not None:
            drill.timer.cancel()
        drill.timer = threading.Timer(delay_s, self._settle, args=(drill.id,))
        drill.timer.daemon = True
        drill.timer.start()

    def observe(self, gesture: Gesture, source_id: str) -> bool:
        """Take a gesture for the open drill; True when it was the drill's, or made by a seat
        showing its gestures for an enrolment (asked for, not signalled): either way it does
        not go to a table."""
        with self._lock:
            if self._enrolling.get(gesture.seat, 0.0) > time.monotonic():
                return True
            drill = self.drill
            if drill is None or gesture.seat != drill.seat:
                return False
            drill.gestures.append(gesture)
            drill.received.append(time.monotonic())
            assert drill.table is not None  # start_drill gives every drill its table
            drill.calls.append(drill.table.observe(gesture))
            self._schedule(drill, self.profile.window_ms / 1000)
        return True

    def observe_near_miss(self, missed: NearMissedGesture) -> None:
        """Keep a gesture of an asked kind that was seen but did not count for its length: an
        attempt that is not recognised says what it lacked."""
        with self._lock:
            drill = self.drill
            if drill is None or missed.seat != drill.seat:
                return
            if missed.kind in drill.target_kinds:
                drill.near_misses.append(missed)

    def _settle(self, drill_id: int) -> dict[str, Any] | None:
        with self._lock:
            drill = self.drill
            if drill is None or drill.id != drill_id:
                return None
            if drill.timer is not None:
                drill.timer.cancel()
            self.drill = None
        attempt = self._score(drill)
        self.hub.publish("attempt", attempt)
        return attempt

    def _score(self, drill: Drill) -> dict[str, Any]:
        senas = interpret(drill.calls, self.profile)
        seen = [{"meaning": s.meaning, "gestures": list(s.gestures)} for s in senas]
        seen_text = ", ".join(s.meaning or " + ".join(s.gestures) for s in senas)
        hit = next((s for s in senas if s.meaning in drill.targets), None)
        time_ms = duration_ms = size = None
        if drill.gestures:
            first = drill.gestures[0]
            spans = [g.end_ms - g.start_ms for g in drill.gestures]
            reported_after = (drill.received[0] - drill.started) * 1000
            time_ms = max(0, int(reported_after - spans[0]))
            duration_ms = drill.gestures[-1].end_ms - first.start_ms
            size = round(max(g.peak for g in drill.gestures), 3)
        row = self.store.add_attempt(
            player=drill.player,
            session=drill.session,
            drill=drill.kind,
            targets=tuple(drill.targets),
            seen=seen_text or None,
            recognised=hit is not None,
            time_ms=time_ms,
            duration_ms=duration_ms,
            size=size,
        )
        return {
            "drill": drill.to_dict(),
            "recognised": row.recognised,
            "seen": seen,
            "gestures": [g.label for g in drill.gestures],
            "time_ms": time_ms,
            "duration_ms": duration_ms,
            "size": size,
            # what an attempt not recognised lacked: the last few of the asked kinds
            "near_misses": [] if hit else [m.to_dict() for m in drill.near_misses[-3:]],
        }

    # players

    def player(self, name: str) -> dict[str, Any]:
        """The player's record as the pages read it: its sensitivities, and its calibration with
        a kind stored as enrolled but not seen read as missed (``shows_as_read``)."""
        from vision.config.detector_settings import default_detector_settings

        saved = self.store.player(name)
        rules = default_detector_settings().enrolment  # the live seats' own (vision.pipeline)
        return {**saved, "calibration": shows_as_read(saved["calibration"], rules)}

    def set_sensitivities(
        self, player: str, sensitivities: dict[str, float], seat: int
    ) -> dict[str, Any]:
        saved = self.store.save_player(
            player, sensitivities={**self.store.player(player)["sensitivities"], **sensitivities}
        )
        self._apply_sensitivities(seat, saved["sensitivities"])
        return self.player(player)

    def _apply_sensitivities(self, seat: int, sensitivities: dict[str, float]) -> None:
        if self.live is None:
            return

        def apply(pipeline: Any) -> None:
            detector = getattr(pipeline, "detectors", {}).get(seat)
            if detector is not None:
                detector.set_sensitivities(sensitivities)

        self.live.run_in_pipeline(apply)

    def calibrate(self, player: str, seat: int) -> dict[str, Any]:
        """Start a fresh neutral-face calibration of ``seat``'s detector; progress arrives in the
        ``scores`` messages of the websocket feed."""
        if self.live is None:
            raise NoLiveVideo("calibration needs the live video (the server runs without it)")
        saved = self.store.player(player)
        sensitivities = saved["sensitivities"]

        def restart(pipeline: Any) -> None:
            detector = getattr(pipeline, "detectors", {}).get(seat)
            if detector is not None:
                again = Refusal(
                    f"seat {seat} began calibrating again: show it once it is calibrated",
                    code="enrol_recalibrating",
                    params={"seat": seat},
                )
                cancel_windows(detector, again)
                detector.recalibrate()
                if sensitivities:
                    detector.set_sensitivities(sensitivities)

        self.live.run_in_pipeline(restart)
        with self._lock:
            self._enrolments.pop((player, seat), None)
        calibration = {**(saved["calibration"] or {}), "started_ms": int(time.time() * 1000)}
        calibration.pop("rest_shown", None)  # the seat's new rest asks for its talking again
        self.store.save_player(player, sensitivities=sensitivities, calibration=calibration)
        return {"player": player, "seat": seat, "state": "calibrating"}

    def enrol(self, player: str, seat: int, kind: str, seconds: float) -> dict[str, Any]:
        """Watch ``seat`` for ``seconds`` while ``player`` shows ``kind`` (or talks, for
        "rest"); the outcome arrives as an ``enrolment`` message, and the sensitivities it
        sets are saved for the player and used on the seat."""
        if self.live is None:
            raise NoLiveVideo("enrolment needs the live video (the server runs without it)")
        with self._lock:
            if self._enrolling.get(seat, 0.0) > time.monotonic():
                raise SeatBusy(
                    f"seat {seat} is already showing a seña: wait for it to end",
                    code="seat_busy",
                    params={"seat": seat},
                )
            # a window whose face is never seen again frees the seat after a while
            self._enrolling[seat] = time.monotonic() + seconds + ENROL_GRACE_S
        live = self.live

        def start(pipeline: Any) -> None:
            from vision.detectors.enrolment import Enrolment

            detector = getattr(pipeline, "detectors", {}).get(seat)
            if detector is None:
                why = Refusal(
                    f"seat {seat}: no face seen there yet: sit facing the camera and calibrate",
                    code="enrol_no_face",
                    params={"seat": seat},
                )
                self._enrolled(player, seat, kind, None, why)
                return
            if detector.calibration.state != "ready":  # every kind alike, the rest window too
                why = Refusal(
                    f"seat {seat} is still calibrating: show it once it is calibrated",
                    code="enrol_calibrating",
                    params={"seat": seat},
                )
                self._enrolled(player, seat, kind, None, why)
                return
            with self._lock:
                enrolment = self._enrolments.get((player, seat))
                if enrolment is None or enrolment.seat is not detector:
                    enrolment = self._enrolments[(player, seat)] = Enrolment(detector)

            def shown(peak: float) -> None:
                live.run_in_pipeline(lambda _: self._use(player, seat, kind, peak, enrolment))

            def failed(why: Refusal) -> None:
                self._enrolled(player, seat, kind, None, why)

            asked = None if kind == REST else kind
            window = LiveWindow(detector, enrolment, asked, int(seconds * 1000), shown, failed)
            detector.watchers.append(window)

        live.run_in_pipeline(start)
        return {"player": player, "seat": seat, "kind": kind, "seconds": seconds,
                "state": "watching"}  # fmt: skip

    def _use(self, player: str, seat: int, kind: str, peak: float, enrolment: Any) -> None:
        """In the pipeline's thread: the seat uses what was learnt, and the player keeps it
        (a kind shown but not seen is kept as missed, not as learnt)."""
        from vision.detectors.enrolment import show_size, was_seen

        learnt = enrolment.learnt()
        detector = enrolment.seat
        sensitivities = detector.use_enrolment(learnt)
        rules = detector.settings.enrolment
        seen = {k for k, shown in learnt.items() if was_seen(shown, rules)}
        saved = self.store.player(player)
        calibration = recorded_shows(saved["calibration"] or {}, learnt, seen, kind == REST)
        self.store.save_player(
            player,
            sensitivities={**saved["sensitivities"], **sensitivities},
            calibration=calibration,
        )
        self._enrolled(
            player, seat, kind, peak, None, sensitivities,
            seen=None if kind == REST else kind in seen,
            unguarded=detector.eyes_unguarded,
            size=peak if kind == REST else show_size(learnt[kind]),
            rested=enrolment.rested,
        )  # fmt: skip

    def _enrolled(
        self,
        player: str,
        seat: int,
        kind: str,
        peak: float | None,
        error: Refusal | None,
        sensitivities: dict[str, float] | None = None,
        seen: bool | None = None,
        unguarded: list[str] | None = None,
        size: float | None = None,
        rested: bool = False,
    ) -> None:
        """Tell the pages how a window ended: ``seen`` says whether the show taught anything
        (None for the rest window, or when the window failed); ``size`` how large the show was
        (``show_size``); ``unguarded``, the eye kinds whose level came down with no look down
        at the cards seen; ``rested``, whether the window of talking and looking at the cards
        was shown since the seat's calibration (the pages say which of the two to do again);
        ``error``, why the window failed, its ``code`` and ``params`` for the pages' words."""
        with self._lock:
            self._enrolling.pop(seat, None)
        self.hub.publish(
            "enrolment",
            {"player": player, "seat": seat, "kind": kind,
             "peak": None if peak is None else round(peak, 3),
             "error": None if error is None else str(error),
             "error_code": None if error is None else error.code,
             "error_params": {} if error is None else error.params,
             "size": None if size is None else round(size, 3),
             "sensitivities": sensitivities or {}, "seen": seen, "unguarded": unguarded or [],
             "rested": rested},
        )  # fmt: skip

    def progress(self, player: str) -> dict[str, Any]:
        """Accuracy and median time to signal per session, oldest first: of each seña asked on
        its own (``senas``, by meaning) and of the hands dealt to signal (``hand``, None in a
        session without one). A dealt hand is one drill whichever of its true señas it asked
        for: it counts once, in ``hand``."""
        by_session: dict[str, list[AttemptRow]] = {}
        for attempt in self.store.attempts_of(player):
            by_session.setdefault(attempt.session, []).append(attempt)
        sessions = []
        for session, attempts in by_session.items():
            senas: dict[str, list[AttemptRow]] = {}
            for attempt in attempts:
                if attempt.drill != "hand":
                    senas.setdefault(attempt.targets[0], []).append(attempt)
            hands = [a for a in attempts if a.drill == "hand"]
            sessions.append({
                "session": session,
                "started_ms": attempts[0].created_ms,
                **_tally(attempts),
                "senas": {meaning: _tally(of) for meaning, of in senas.items()},
                "hand": _tally(hands) if hands else None,
            })  # fmt: skip
        return {"player": player, "sessions": sessions}


def _tally(attempts: list[AttemptRow]) -> dict[str, Any]:
    """How many ``attempts``, how many recognised, the share recognised and the median time to
    signal of those recognised (None with none)."""
    recognised = [a for a in attempts if a.recognised]
    times = sorted(a.time_ms for a in recognised if a.time_ms is not None)
    return {
        "attempts": len(attempts),
        "recognised": len(recognised),
        "accuracy": round(len(recognised) / len(attempts), 3) if attempts else 0.0,
        "time_ms": times[len(times) // 2] if times else None,
    }
