"""The timeline of a stored session (a table of the dashboard, ``table-<id>``): its hands,
their calls, the señas the live feed saw with the referee's verdicts and reviews.

Everything is put on the wall clock the store wrote (each call's ``created_ms``), counted from
the start of the session's recorded video when there is one, else from its first hand. A
gesture's call is written the moment vision reports it, just after it ends; it is drawn from
``created_ms`` less its length."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from api.exports.errors import ExportError
from api.exports.timeline import Band, CallMark, GestureSpan, MediaFile, SenaSpan, Timeline
from api.hub import Hub
from api.referee import Referee, rules_of
from api.store import HandRow, Store
from engine.calls import Call
from engine.game import new_table
from engine.phases import Phase

SESSION_NAME = re.compile(r"^(?:table-)?([1-9][0-9]{0,8})$")
#: A hand's last band ends this long after its last call when no later hand starts it off.
TAIL_MS = 2000
#: For a video that does not say when its recording was asked for (``Segment.armed_ms``): a
#: session recorded from its start has its first frame up to this after its first hand began
#: (the writer opens on the next frame the table gets, and a camera may be slow to give it).
CAMERA_START_MS = 2000


def session_name(table_id: int) -> str:
    return f"table-{table_id}"


def table_id_of(name: str) -> int:
    match = SESSION_NAME.match(name)
    if match is None:
        raise ExportError(f"{name!r} is not a session: give a table number like 3 or table-3")
    return int(match.group(1))


def load_session(
    database: Path,
    table_id: int,
    *,
    origin_ms: int | None = None,
    armed_ms: int | None = None,
    media: Path | None = None,
    videos: Sequence[tuple[Path, str, int, int | None]] = (),
) -> Timeline:
    """``origin_ms``: the wall-clock moment that is 0 on the timeline (the recording's first
    frame), default the first hand's start; ``armed_ms``: when that recording was asked for.
    What happened from then (or from the session's start, if later) until the first frame,
    while the camera started, is placed at 0; what came before is on no video. ``videos``:
    each video file of the session, its camera, the wall-clock moment of its first frame and
    how long it plays (None: unknown)."""
    if not database.is_file():
        raise ExportError(f"no session {session_name(table_id)}: there is no keinu database yet")
    store = Store(database)
    try:
        referee = Referee(store, Hub())
        row = store.get_table(table_id)
        if row is None:
            raise ExportError(f"no session {session_name(table_id)} in {database}")
        hands = store.hands_of(table_id)
        created = _call_times(database, [hand.id for hand in hands])
        origin = origin_ms if origin_ms is not None else min(h.created_ms for h in hands)
        timeline = Timeline(
            title=f"{row.name} ({session_name(table_id)})",
            media=media,
            base=database.parent,
            seats={s.seat: s.name for s in row.seats},
            record=referee.session(table_id),
            files=[
                MediaFile(path, camera, wall - origin, length)
                for path, camera, wall, length in videos
            ],
        )
        for i, hand in enumerate(hands):
            later = hands[i + 1].created_ms if i + 1 < len(hands) else None
            times = {idx: t - origin for idx, t in created.get(hand.id, {}).items()}
            _add_hand(timeline, referee, hand, times, hand.created_ms - origin, later, origin)
    finally:
        store.close()
    began = min((h.created_ms for h in hands), default=origin)
    if armed_ms is not None:
        return _from_origin(timeline, max(0, origin - max(armed_ms, began)))
    from_start = origin - began <= CAMERA_START_MS
    return _from_origin(timeline, CAMERA_START_MS if from_start else 0)


def _from_origin(timeline: Timeline, grace_ms: int) -> Timeline:
    """What lies from the timeline's 0 on: a recording switched on in the middle of a session
    begins there, and what came before it is on no video (the hand record keeps it). What
    happened up to ``grace_ms`` before, or was under way at 0, is kept from 0; where something
    was left out, ``begins_in_hand`` says which hand was under way."""
    inside = timeline.within((0, None), grace_ms)
    kept = len(inside.gestures) + len(inside.senas) + len(inside.calls)
    if kept == len(timeline.gestures) + len(timeline.senas) + len(timeline.calls):
        return inside
    under_way = next(
        (b.hand for b in timeline.bands if b.kind == "hand" and b.end_ms + grace_ms > 0), None
    )
    return replace(inside, begins_in_hand=under_way)


def _call_times(database: Path, hand_ids: list[int]) -> dict[int, dict[int, int]]:
    """When each call was written (the store keeps it; its rows do not carry it)."""
    db = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        times: dict[int, dict[int, int]] = {}
        for hand_id in hand_ids:
            rows = db.execute(
                "SELECT idx, created_ms FROM calls WHERE hand_id = ?", (hand_id,)
            ).fetchall()
            times[hand_id] = dict(rows)
        return times
    finally:
        db.close()


def _add_hand(
    timeline: Timeline,
    referee: Referee,
    hand: HandRow,
    times: dict[int, int],
    start: int,
    next_start: int | None,
    origin: int,
) -> None:
    gesture_start: dict[int, int] = {}
    for call in hand.calls:
        at = times.get(call.idx, start)
        if call.gesture is not None:
            length = max(0, int(call.gesture["end_ms"]) - int(call.gesture["start_ms"]))
            gesture_start[call.idx] = at - length
            timeline.gestures.append(
                GestureSpan(
                    call.seat,
                    call.gesture["kind"],
                    call.gesture.get("side"),
                    gesture_start[call.idx],
                    at,
                    float(call.gesture.get("confidence", 1.0)),
                )
            )
        elif not call.text.startswith("sena"):
            timeline.calls.append(CallMark(at, call.seat, call.text, hand.number))
    last = max(times.values(), default=start)
    end = next_start - origin if next_start is not None else last + TAIL_MS
    timeline.bands.append(
        Band("hand", f"hand {hand.number}", start, max(end, start + 1), hand.number)
    )
    timeline.bands += _lances(referee, hand, times, start, end)
    for sena in referee.hand_state(hand.id)["senas"]:
        calls = sena["calls"] or []
        starts = [gesture_start.get(i, times.get(i, start)) for i in calls]
        ends = [times.get(i, start) for i in calls]
        review = sena["review"] or {}
        timeline.senas.append(
            SenaSpan(
                seat=sena["seat"],
                start_ms=min(starts, default=start),
                end_ms=max(ends, default=start),
                gestures=tuple(sena["gestures"]),
                meaning=sena["meaning"],
                verdict=sena["verdict"],
                reason=sena["reason_en"],
                reason_es=sena["reason"],
                hand=hand.number,
                call=calls[0] if calls else None,
                review=review.get("action"),
                note=review.get("note", ""),
            )
        )


def _lances(
    referee: Referee, hand: HandRow, times: dict[int, int], start: int, end: int
) -> list[Band]:
    """The hand's phases (mus, then each lance) from the first call made in each to the first
    of the next, found by replaying its calls."""
    table = new_table(
        rules_of(referee.table(hand.table_id)), hand.mano, hand.score, hand.hand_in_game
    )
    phases: list[tuple[Phase, int]] = []
    for call in hand.calls:
        if call.text.startswith("sena"):
            table.apply(Call.parse(call.seat, call.text, call.t_ms), index=call.idx)
            continue
        phase = table.phase
        if not phases or phases[-1][0] != phase:
            phases.append((phase, times.get(call.idx, start)))
        table.apply(Call.parse(call.seat, call.text, call.t_ms), index=call.idx)
    bands = []
    for i, (phase, at) in enumerate(phases):
        until = phases[i + 1][1] if i + 1 < len(phases) else end
        label = phase.replace("_", " ")
        bands.append(
            Band(
                "lance",
                f"hand {hand.number}: {label}",
                at,
                max(until, at + 1),
                hand.number,
                phase.value,
            )
        )
    return bands
