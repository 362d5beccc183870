"""Which seat each face belongs to, stable across frames.

A source either has a configured seat map (a box per seat, in frame pixels: a face whose centre
is in the box sits there) or hands out seats by position: faces, ordered left to right by the
centre of their box, take the source's seats in that order, in the order they are first seen.
Those seats are the ones given (``--seats 1,2,3,4,5,6``), else the table's (its 3 to 6 seats,
when the dashboard says which table is in play), else 1..4. A seat remembers where its face was,
so a face that is lost for a moment (or whose track restarts) takes its own seat back, and no
other face can take it meanwhile. Faces off the seats, or beyond the last seat, are ignored.
Several sources of one table share one :class:`TableSeats`, so two cameras never hand out the
same seat.
"""

from __future__ import annotations

import json
import math
import tomllib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.seats import MAX_SEATS
from vision.config.pipeline_settings import SeatSettings
from vision.observation import FaceObservation

Box = tuple[float, float, float, float]

#: The seats handed out when neither a seat map nor a table says which: a table of four.
DEFAULT_SEATS = (1, 2, 3, 4)
#: Seats a map may name: up to six (six-player Mus).
KNOWN_SEATS = range(1, MAX_SEATS + 1)
#: The seats of the table in play, asked at every frame (the dashboard's active table).
SeatsInPlay = Callable[[], tuple[int, ...]]


class SeatMapError(ValueError):
    """A seat map that cannot be read; the message says what is wrong."""


@dataclass(frozen=True, slots=True)
class SeatMap:
    """The seats one source sees: ``regions`` (seat -> box) when configured; otherwise the seats
    to hand out left to right, in this order."""

    seats: tuple[int, ...] = DEFAULT_SEATS
    regions: dict[int, Box] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for seat in (*self.seats, *self.regions):
            if seat not in KNOWN_SEATS:
                raise SeatMapError(f"seat must be 1..{MAX_SEATS}, got {seat}")
        if len(set(self.seats)) != len(self.seats):
            raise SeatMapError(f"seat listed twice in {self.seats}")

    @property
    def configured(self) -> bool:
        return bool(self.regions)


def parse_seat_map(text: str) -> SeatMap:
    """Read ``--seats``: a JSON or TOML file (``{"seats": {"1": {"bbox": [x, y, w, h]}, ...}}``,
    the form of the sample videos' truth files), boxes inline (``1=x,y,w,h;2=x,y,w,h``) or the
    seat numbers to hand out left to right (``2,3``)."""
    path = Path(text).expanduser()
    if path.suffix.lower() in (".json", ".toml"):
        if not path.is_file():
            raise SeatMapError(f"no such seat map file: {path}")
        try:
            raw = path.read_text(encoding="utf-8")
            data = json.loads(raw) if path.suffix.lower() == ".json" else tomllib.loads(raw)
        except (OSError, ValueError) as exc:
            raise SeatMapError(f"cannot read seat map {path}: {exc}") from exc
        return _seat_map_from_data(data, str(path))
    try:
        return _inline_seat_map(text.strip())
    except SeatMapError:
        if path.is_dir():  # only now: a folder named "2" must not hide the seat list "2"
            raise SeatMapError(
                f"{path} is a folder, not a seat map file: give a .json or .toml file, boxes "
                "'1=x,y,w,h;2=x,y,w,h' or the seats left to right, e.g. 1,2"
            ) from None
        if path.is_file():
            raise SeatMapError(f"{path}: a seat map file is .json or .toml") from None
        raise


def _inline_seat_map(text: str) -> SeatMap:
    if "=" in text:
        regions: dict[int, Box] = {}
        for part in filter(None, (p.strip() for p in text.split(";"))):
            seat, _, box = part.partition("=")
            number = _seat_number(seat)
            if number in regions:
                raise SeatMapError(f"seat {number} listed twice: give each seat one box")
            regions[number] = _box(box.split(","), part)
        return SeatMap(seats=tuple(sorted(regions)), regions=regions)
    seats = tuple(_seat_number(s) for s in text.split(",") if s.strip())
    if not seats:
        raise SeatMapError("empty seat list; give e.g. 1,2,3,4")
    return SeatMap(seats=seats)


def _seat_map_from_data(data: object, where: str) -> SeatMap:
    seats = data.get("seats") if isinstance(data, dict) else None
    if not isinstance(seats, dict) or not seats:
        raise SeatMapError(f'{where}: expected {{"seats": {{"1": {{"bbox": [x, y, w, h]}}}}}}')
    regions: dict[int, Box] = {}
    for seat, entry in seats.items():
        box = entry.get("bbox") if isinstance(entry, dict) else entry
        number = _seat_number(str(seat))
        if number in regions:  # "1" and "01"
            raise SeatMapError(f"{where}: seat {number} listed twice: give each seat one box")
        regions[number] = _box(box, f"{where} seat {seat}")
    return SeatMap(seats=tuple(sorted(regions)), regions=regions)


def _seat_number(text: str) -> int:
    try:
        seat = int(text.strip())
    except ValueError:
        raise SeatMapError(f"not a seat number: {text!r} (seats are 1..{MAX_SEATS})") from None
    if seat not in KNOWN_SEATS:
        raise SeatMapError(f"seat must be 1..{MAX_SEATS}, got {seat}")
    return seat


def _box(values: Any, where: str) -> Box:
    try:
        x, y, w, h = (float(v) for v in values)
    except (TypeError, ValueError):
        raise SeatMapError(f"{where}: a seat box is x,y,w,h in pixels") from None
    if w <= 0 or h <= 0:
        raise SeatMapError(f"{where}: a seat box needs a positive width and height")
    return x, y, w, h


class TableSeats:
    """Which source holds each seat, shared by the trackers of one table's sources."""

    def __init__(self) -> None:
        self._holder: dict[int, str] = {}

    def claim(self, seat: int, source_id: str) -> bool:
        holder = self._holder.setdefault(seat, source_id)
        return holder == source_id

    def holder(self, seat: int) -> str | None:
        return self._holder.get(seat)


@dataclass(slots=True)
class _Anchor:
    """Where a seat's face was last seen."""

    cx: float
    cy: float
    size: float
    track_id: int
    last_ms: int


@dataclass(frozen=True, slots=True)
class SeatedFace:
    face: FaceObservation
    seat: int | None  # None: the face is on no seat and is ignored


def _centre(box: Sequence[float]) -> tuple[float, float]:
    return box[0] + box[2] / 2, box[1] + box[3] / 2


class SeatTracker:
    """Face-to-seat assignment for one source.

    ``confirm_ms``: a face must have been seen this long before it takes a new seat, so a face
    glimpsed in one frame (or a false detection) does not use one up. ``rebind_radius``: a new
    track within this many face sizes of a free seat's last position is that seat's face back,
    if its size is within ``rebind_size_ratio`` of that face's: a false detection on a hand
    passing the face must not take the seat (and move its anchor) while the face is hidden.
    All three come from ``settings`` (``[seats]`` of models/vision.toml). Without a
    ``seat_map``, the seats handed out are ``seats_in_play()`` (the table's), else 1..4; a seat
    the table no longer has is given up.
    """

    def __init__(
        self,
        source_id: str,
        seat_map: SeatMap | None = None,
        *,
        settings: SeatSettings,
        table: TableSeats | None = None,
        seats_in_play: SeatsInPlay | None = None,
    ) -> None:
        self.source_id = source_id
        self.seat_map = seat_map or SeatMap()
        self._seats_in_play = seats_in_play if seat_map is None else None
        self.table = table or TableSeats()
        self.confirm_ms = settings.confirm_ms
        self.rebind_radius = settings.rebind_radius
        self.rebind_size_ratio = settings.rebind_size_ratio
        self._anchors: dict[int, _Anchor] = {}
        self._seat_of_track: dict[int, int] = {}
        self._first_seen: dict[int, int] = {}
        self.tracks_seen: set[int] = set()

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats this source has handed out so far."""
        return tuple(sorted(self._anchors))

    @property
    def handed_out(self) -> tuple[int, ...]:
        """The seats this source may hand out now."""
        if self._seats_in_play is not None:
            return self._seats_in_play()
        return self.seat_map.seats

    def _give_up_seats_not_in_play(self) -> None:
        seats = self.handed_out
        for seat in [s for s in self._anchors if s not in seats]:
            del self._anchors[seat]
        self._seat_of_track = {t: s for t, s in self._seat_of_track.items() if s in seats}

    def assign(self, faces: Iterable[FaceObservation], ts_ms: int) -> list[SeatedFace]:
        faces = list(faces)
        if self._seats_in_play is not None:
            self._give_up_seats_not_in_play()
        for face in faces:
            self._first_seen.setdefault(face.track_id, ts_ms)
            self.tracks_seen.add(face.track_id)
        if self.seat_map.configured:
            seats = self._by_region(faces)
        else:
            seats = self._by_position(faces, ts_ms)
        for face in faces:
            seat = seats.get(face.track_id)
            if seat is not None:
                cx, cy = _centre(face.bbox)
                size = float(max(face.bbox[2], face.bbox[3]))
                self._anchors[seat] = _Anchor(cx, cy, size, face.track_id, ts_ms)
                self._seat_of_track[face.track_id] = seat
        present = {f.track_id for f in faces}
        for track in [t for t in self._first_seen if t not in present]:
            del self._first_seen[track]
        return [SeatedFace(face, seats.get(face.track_id)) for face in faces]

    def _available(self, seat: int) -> bool:
        return self.table.claim(seat, self.source_id)

    def _by_region(self, faces: list[FaceObservation]) -> dict[int, int]:
        candidates: dict[int, list[tuple[float, FaceObservation]]] = {}
        for face in faces:
            cx, cy = _centre(face.bbox)
            inside = [
                (math.hypot(cx - _centre(box)[0], cy - _centre(box)[1]), seat)
                for seat, box in self.seat_map.regions.items()
                if box[0] <= cx <= box[0] + box[2] and box[1] <= cy <= box[1] + box[3]
            ]
            if inside:
                dist, seat = min(inside)
                candidates.setdefault(seat, []).append((dist, face))
        seats: dict[int, int] = {}
        for seat, contenders in candidates.items():
            if not self._available(seat):
                continue
            holder = self._anchors.get(seat)
            held = [f for _, f in contenders if holder and f.track_id == holder.track_id]
            face = held[0] if held else min(contenders, key=lambda c: c[0])[1]
            seats[face.track_id] = seat
        return seats

    def _by_position(self, faces: list[FaceObservation], ts_ms: int) -> dict[int, int]:
        seats: dict[int, int] = {}
        taken: set[int] = set()
        for face in faces:
            seat = self._seat_of_track.get(face.track_id)
            anchor = self._anchors.get(seat) if seat is not None else None
            if (
                seat is not None
                and anchor is not None
                and anchor.track_id == face.track_id
                and seat not in taken
            ):
                seats[face.track_id] = seat
                taken.add(seat)
        newcomers = sorted(
            (f for f in faces if f.track_id not in seats), key=lambda f: _centre(f.bbox)[0]
        )
        unplaced = []
        for face in newcomers:
            seat = self._nearest_free_anchor(face, taken)
            if seat is None:
                unplaced.append(face)
                continue
            seats[face.track_id] = seat
            taken.add(seat)
        fresh = [s for s in self.handed_out if s not in self._anchors and s not in taken]
        for face in unplaced:
            if ts_ms - self._first_seen[face.track_id] < self.confirm_ms:
                continue
            if self._near_any_anchor(face):
                continue  # a second track on a seated face, not a new player
            while fresh and not self._available(fresh[0]):
                fresh.pop(0)
            if not fresh:
                break
            seat = fresh.pop(0)
            seats[face.track_id] = seat
            taken.add(seat)
        return seats

    def _near_any_anchor(self, face: FaceObservation) -> bool:
        cx, cy = _centre(face.bbox)
        return any(
            math.hypot(cx - a.cx, cy - a.cy) <= self.rebind_radius * a.size
            for a in self._anchors.values()
        )

    def _nearest_free_anchor(self, face: FaceObservation, taken: set[int]) -> int | None:
        cx, cy = _centre(face.bbox)
        size = float(max(face.bbox[2], face.bbox[3]))
        best, best_dist = None, float("inf")
        for seat, anchor in self._anchors.items():
            if seat in taken:
                continue
            ratio = max(size, anchor.size) / max(min(size, anchor.size), 1.0)
            if ratio > self.rebind_size_ratio:
                continue
            dist = math.hypot(cx - anchor.cx, cy - anchor.cy)
            if dist <= self.rebind_radius * anchor.size and dist < best_dist:
                best, best_dist = seat, dist
        return best
