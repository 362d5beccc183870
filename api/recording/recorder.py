"""Recording the live feed: each camera's frames, as the pipeline processed them, go to a
writer thread of their own (encoding must not slow the pipeline down) and into fragmented MP4
segments under ``recordings/<session>/``, the session being the active table's.

Video needs the table's switch (off unless ``keinu serve --record``); the switches are kept in
``recordings/switches.json`` so that a restarted server records again. A folder that cannot be
written, or a full disk, stops the video of that session with a message; nothing else stops.
A writer that cannot keep up drops frames (counted), never the pipeline's."""

from __future__ import annotations

import json
import logging
import os
import queue
import shutil
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from api.exports.session import session_name
from api.recording.manifest import RECORDINGS, Segment, append, session_folder
from api.recording.segment import SegmentWriter

log = logging.getLogger("keinu.recording")

SWITCHES = "switches.json"
#: Frames a camera's writer may have waiting before new ones are dropped (about 2 s).
QUEUE_FRAMES = 48
#: The rate a segment is announced with; frames carry their own times (a frame whose time
#: goes back, as a looped file's or a reopened camera's, starts a new segment).
ASSUMED_FPS = 25.0
#: Stop recording when less than this is left on the disk.
MIN_FREE_BYTES = 200 * 1024 * 1024


@dataclass
class CameraState:
    frames: int = 0
    dropped: int = 0
    bytes: int = 0
    segment: str | None = None


@dataclass
class SessionState:
    session: str
    error: str | None = None
    cameras: dict[str, CameraState] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "session": self.session,
            "error": self.error,
            "cameras": {
                name: {
                    "frames": c.frames,
                    "dropped": c.dropped,
                    "bytes": c.bytes,
                    "segment": c.segment,
                }
                for name, c in sorted(self.cameras.items())
            },
        }


class RecordingError(OSError):
    """The video cannot be written (unwritable folder, full disk): the message says which."""


class _CameraWriter(threading.Thread):
    """Encodes one camera's frames of one session, one segment after another."""

    def __init__(
        self,
        folder: Path,
        camera: str,
        state: SessionState,
        on_error: Callable[[str], None],
        armed_ms: int,
    ) -> None:
        super().__init__(name=f"keinu-record-{camera}", daemon=True)
        self.folder = folder
        self.camera = camera
        self.armed_ms = armed_ms
        self.state = state
        self.frames: queue.Queue[tuple[int, int, np.ndarray] | None] = queue.Queue(QUEUE_FRAMES)
        self._on_error = on_error
        self._writer: SegmentWriter | None = None
        self._ts0 = 0
        self._last_ts = 0

    def offer(self, wall_ms: int, ts_ms: int, image: np.ndarray) -> None:
        try:
            self.frames.put_nowait((wall_ms, ts_ms, image))
        except queue.Full:
            self.state.cameras[self.camera].dropped += 1

    def finish(self) -> None:
        self.frames.put(None)

    def run(self) -> None:
        camera = self.state.cameras[self.camera]
        try:
            while (item := self.frames.get()) is not None:
                wall_ms, ts_ms, image = item
                if self._writer is None or ts_ms < self._last_ts:
                    self._open(wall_ms, ts_ms, image)
                assert self._writer is not None  # _open made one
                if self._writer.write(image, ts_ms - self._ts0):
                    camera.frames += 1
                self._last_ts = ts_ms
                if camera.frames % 50 == 0:
                    self._check_disk(camera)
        except (OSError, ValueError) as exc:  # av's errors are OSErrors; ValueError: bad frame
            self._on_error(_why(exc, self.folder))
        finally:
            self._close()

    def _open(self, wall_ms: int, ts_ms: int, image: np.ndarray) -> None:
        self._close()
        height, width = image.shape[:2]
        name = f"{self.camera}-{wall_ms}.mp4"
        self._writer = SegmentWriter(self.folder / name, width, height, ASSUMED_FPS)
        segment = Segment(
            name, self.camera, wall_ms, ts_ms, ASSUMED_FPS, width, height, self.armed_ms
        )
        append(self.folder, segment)
        self._ts0 = ts_ms
        self.state.cameras[self.camera].segment = name

    def _close(self) -> None:
        if self._writer is not None:
            writer, self._writer = self._writer, None
            try:
                writer.close()
            except OSError as exc:
                self._on_error(_why(exc, self.folder))

    def _check_disk(self, camera: CameraState) -> None:
        if self._writer is not None:
            camera.bytes = self._writer.path.stat().st_size
        if shutil.disk_usage(self.folder).free < MIN_FREE_BYTES:
            raise RecordingError(28, "No space left on device")


def _why(exc: Exception, folder: Path) -> str:
    reason = getattr(exc, "strerror", None) or str(exc)
    return f"video recording stopped: cannot write {folder} ({reason}); the table goes on"


class Recorder:
    """The live feed hands every processed frame to :meth:`feed`, in the pipeline's thread;
    ``active_table`` says which table's session the frames belong to."""

    def __init__(
        self,
        data_dir: Path,
        *,
        default_on: bool,
        active_table: Callable[[], int | None],
        publish: Callable[[str, dict[str, Any]], None],
        retention_days: int = 0,
    ) -> None:
        self.root = data_dir / RECORDINGS
        self.data_dir = data_dir
        self.default_on = default_on
        self.retention_days = retention_days
        self._active_table = active_table
        self._publish = publish
        self._lock = threading.Lock()
        self._switches: dict[int, bool] = self._read_switches()
        #: When each table's REC was last switched on; else recording began with the server.
        self._armed: dict[int, int] = {}
        self._started_ms = int(time.time() * 1000)
        self._sessions: dict[str, SessionState] = {}
        self._writers: dict[tuple[str, str], _CameraWriter] = {}
        self.apply_retention()

    # switches

    def is_on(self, table_id: int) -> bool:
        return self._switches.get(table_id, self.default_on)

    def switch(self, table_id: int, on: bool) -> dict[str, Any]:
        with self._lock:
            self._switches[table_id] = on
            self._write_switches()
            session = session_name(table_id)
            if on:
                self._armed[table_id] = int(time.time() * 1000)
                self._sessions.pop(session, None)  # a new try after an error
            else:
                self._stop_session(session)
        status = self.status(table_id)
        self._publish("recording", status)
        return status

    def status(self, table_id: int) -> dict[str, Any]:
        session = session_name(table_id)
        state = self._sessions.get(session)
        active = self._active_table() == table_id
        return {
            "table_id": table_id,
            "on": self.is_on(table_id),
            "recording": bool(
                active
                and self.is_on(table_id)
                and state
                and not state.error
                and any(c.frames for c in state.cameras.values())
            ),
            **(state.to_dict() if state else {"session": session, "error": None, "cameras": {}}),
        }

    # frames

    def feed(self, result: Any) -> None:
        frame = getattr(result, "frame", None)
        table_id = self._active_table()
        if frame is None or table_id is None or getattr(result, "end_of_stream", False):
            return
        if getattr(result, "gap", None) is not None or not self.is_on(table_id):
            return
        session = session_name(table_id)
        writer = self._writers.get((session, frame.source_id))
        if writer is None:
            writer = self._start(session, frame.source_id)
            if writer is None:
                return
        writer.offer(int(time.time() * 1000), frame.ts_ms, frame.image)

    def _start(self, session: str, camera: str) -> _CameraWriter | None:
        with self._lock:
            table_id = self._active_table()
            if table_id is None or session_name(table_id) != session:
                return None  # the table changed (or was deleted) meanwhile
            state = self._sessions.setdefault(session, SessionState(session))
            if state.error:
                return None
            for other in [key for key in self._writers if key[0] != session]:
                self._writers.pop(other).finish()  # the active table changed
            folder = session_folder(self.data_dir, session)
            try:
                folder.mkdir(parents=True, exist_ok=True)
                if not os.access(folder, os.W_OK):
                    raise PermissionError(13, "Permission denied")
            except OSError as exc:
                self._fail(state, _why(exc, folder))
                return None
            state.cameras.setdefault(camera, CameraState())
            armed = self._armed.get(table_id, self._started_ms)
            writer = _CameraWriter(folder, camera, state, lambda why: self._fail(state, why), armed)
            self._writers[(session, camera)] = writer
            writer.start()
        self.apply_retention()
        return writer

    def _fail(self, state: SessionState, message: str) -> None:
        log.warning("%s: %s", state.session, message)
        state.error = message
        self._publish("recording", {"session": state.session, "error": message})

    def _stop_session(self, session: str) -> None:
        for key in [key for key in self._writers if key[0] == session]:
            writer = self._writers.pop(key)
            writer.finish()
            writer.join(5)

    def close(self) -> None:
        with self._lock:
            writers = list(self._writers.values())
            self._writers.clear()
        for writer in writers:
            writer.finish()
        for writer in writers:
            writer.join(10)

    # sessions on disk

    def delete_session(self, session: str) -> bool:
        """Remove the session's video folder whole; True if there was one. The table must no
        longer be the active one (else its next frame would start a new folder)."""
        with self._lock:
            self._stop_session(session)
            self._sessions.pop(session, None)
            folder = session_folder(self.data_dir, session)
            if not folder.is_dir():
                return False
            shutil.rmtree(folder)
            return True

    def apply_retention(self, now_s: float | None = None) -> list[str]:
        """Delete the video of sessions whose last file is older than the retention setting
        (0 keeps everything); the events stay in the database. Run at start-up and whenever a
        session starts recording."""
        if self.retention_days <= 0 or not self.root.is_dir():
            return []
        cutoff = (now_s or time.time()) - self.retention_days * 86400
        deleted = []
        for folder in self.root.iterdir():
            if not folder.is_dir() or any(key[0] == folder.name for key in self._writers):
                continue
            videos = list(folder.glob("*.mp4"))
            if videos and max(v.stat().st_mtime for v in videos) < cutoff:
                shutil.rmtree(folder)
                deleted.append(folder.name)
        return deleted

    def _read_switches(self) -> dict[int, bool]:
        try:
            data = json.loads((self.root / SWITCHES).read_text(encoding="utf-8"))
            return {int(k): bool(v) for k, v in data.items()}
        except (OSError, ValueError, AttributeError):
            return {}

    def _write_switches(self) -> None:
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            partial = self.root / (SWITCHES + ".part")
            partial.write_text(json.dumps({str(k): v for k, v in self._switches.items()}), "utf-8")
            os.replace(partial, self.root / SWITCHES)
        except OSError as exc:
            log.warning("cannot keep the recording switches: %s", exc)
