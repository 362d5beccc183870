"""How the dashboard opens the vision side: the pipeline over the configured source, and the
annotated image of each result for the MJPEG stream."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from api.settings import Settings
from engine.gesture import Gesture
from vision.capture.sources import ReconnectPolicy, SourceGap, open_source, open_sources
from vision.config.pipeline_settings import VisionSettings, default_vision_settings
from vision.observation import Frame


@dataclass
class RawFrame:
    """A frame with nothing detected on it: what the stream shows while the models are missing."""

    frame: Frame
    gestures: list[Gesture] = field(default_factory=list)


class RawVideo:
    """The first source's frames, unannotated, paced to the source's clock."""

    def __init__(
        self, spec: str, loop: bool, reconnect: ReconnectPolicy, mirrored: bool = False
    ) -> None:
        self._source = open_source(
            spec, source_id="cam1", loop=loop, reconnect=reconnect, mirrored=mirrored
        )

    def __iter__(self) -> Iterator[RawFrame]:
        clock = SourceClock(live=self._source.live)
        for item in self._source:
            if isinstance(item, SourceGap):
                continue
            clock.wait_for(item.ts_ms)
            yield RawFrame(item)

    def stop(self) -> None:
        self._source.stop()

    def close(self) -> None:
        self._source.close()


class SourceClock:
    """Plays a recorded source in real time: a file is read as fast as it decodes, but the
    dashboard shows it as a camera would deliver it."""

    def __init__(self, live: bool) -> None:
        self.live = live
        self._origin: tuple[float, int] | None = None

    def wait_for(self, ts_ms: int) -> None:
        if self.live:
            return
        now = time.monotonic()
        if self._origin is None or ts_ms < self._origin[1]:
            self._origin = (now, ts_ms)
            return
        due = self._origin[0] + (ts_ms - self._origin[1]) / 1000
        if due > now:
            time.sleep(due - now)


def models_missing() -> str | None:
    """Why the landmarker cannot run (the message names the command to run), or None."""
    from vision.mediapipe.models import ModelError, require_model

    try:
        require_model("face_landmarker")
    except ModelError as exc:
        return str(exc)
    return None


def vision_pipeline_factory(
    settings: Settings,
    on_degraded: Callable[[str], None] | None = None,
    vision_settings: VisionSettings | None = None,
    seats_in_play: Callable[[], tuple[int, ...]] | None = None,
) -> Callable[[], Any]:
    """Opens the sources (``cam1``, ``cam2``, … with one clock) and the vision Pipeline over them,
    each with its seat map (``settings.seats``, in the order of the sources) or, without
    one, handing out the seats of the table in play (``seats_in_play``), played in real
    time, by ``vision_settings`` (models/vision.toml when not given). Without the MediaPipe
    models it shows the first source's raw video, and says what to run."""
    from vision.seats import parse_seat_map

    vision_settings = vision_settings or default_vision_settings()
    reconnect = ReconnectPolicy.from_settings(vision_settings.sources)

    specs, ids = settings.source_specs, settings.source_ids
    loop = settings.loop or not settings.source
    seat_maps = {
        source_id: parse_seat_map(spec)
        for source_id, spec in zip(ids, settings.seats, strict=False)
    }

    def open_pipeline() -> Any:
        missing = models_missing()
        if missing is not None:
            if on_degraded is not None:
                on_degraded(missing)
            return RawVideo(specs[0], loop, reconnect, settings.mirrored)
        from vision.mediapipe.landmarks import mediapipe_factory
        from vision.mediapipe.models import ModelError, require_model
        from vision.pipeline import Pipeline

        try:
            require_model("pose_landmarker")
            pose = True
        except ModelError:
            pose = False  # no shrugs, everything else works
        sources = open_sources(specs, loop=loop, reconnect=reconnect, mirrored=settings.mirrored)
        for source, source_id in zip(sources, ids, strict=True):
            source.source_id = source_id
        return Pipeline(
            sources,
            landmarker_factory=mediapipe_factory(vision_settings.landmarker, pose=pose),
            seat_maps=seat_maps or None,
            realtime=True,
            settings=vision_settings,
            seats_in_play=seats_in_play,
        )

    return open_pipeline


def seat_summary(result: Any) -> dict[str, dict[str, Any]]:
    """Per seat: present or not, its face's box in its source's frame (``[x, y, w, h]`` pixels,
    where the page writes the seat's words over the stream), live scores per gesture kind (0..1),
    calibration state, whether the face is talking (the kinds a talking face makes in passing are
    held back), whether both shoulders are in the picture (else no shrug can be seen), and whether
    its face can be judged (with the reason when not: too small, too poorly seen)."""
    seats = getattr(result, "seats", None) or {}
    summary = {}
    for seat, view in sorted(seats.items()):
        calibration = view.calibration
        judgeability = getattr(view, "judgeability", None)
        summary[str(seat)] = {
            "source": view.source_id,
            "present": view.face is not None,
            "box": None if view.face is None else [int(v) for v in view.face.bbox],
            "scores": {kind: round(float(v), 3) for kind, v in view.scores.items()},
            "calibration": (
                None
                if calibration is None
                else {
                    "state": calibration.state,
                    "progress": round(calibration.progress, 2),
                    "resting": calibration.resting,
                    "guessed": calibration.guessed,
                }
            ),
            "talking": bool(getattr(view, "talking", False)),
            "shoulders_in_view": bool(getattr(view, "shoulders_in_view", True)),
            "eyes_unreadable": list(getattr(view, "eyes_unreadable", ())),
            "judgeable": judgeability is None or judgeability.judgeable,
            "unjudgeable_reason": None if judgeability is None else judgeability.reason,
            "unjudgeable_code": None if judgeability is None else judgeability.code,
            "unjudgeable_params": None if judgeability is None else judgeability.params,
        }
    return summary


def unseated_boxes(result: Any) -> list[list[int]]:
    """The boxes (``[x, y, w, h]`` pixels) of the faces of ``result``'s frame on no seat: drawn
    grey, and not watched."""
    return [
        [int(v) for v in seated.face.bbox]
        for seated in getattr(result, "faces", ()) or ()
        if seated.seat is None
    ]


class Annotator:
    """Draws each result with vision's Overlay: landmarks, boxes and score traces, no words (the
    page writes the seats' and gestures' in its language over the picture, and its header the
    pipeline's figures). Every result is taken in, so the traces stay whole; only watched ones
    are drawn."""

    def __init__(self) -> None:
        self._overlays: dict[str, Any] = {}

    def __call__(self, result: Any, draw: bool) -> tuple[str, np.ndarray] | None:
        frame = getattr(result, "frame", None)
        if frame is None:
            return None
        if isinstance(result, RawFrame):
            return (frame.source_id, frame.image) if draw else None
        overlay = self._overlays.get(frame.source_id)
        if overlay is None:
            from vision.output.overlay import Overlay

            overlay = self._overlays[frame.source_id] = Overlay(words=False)
        if not draw:
            overlay.update(result)
            return None
        return frame.source_id, overlay.draw(result)
