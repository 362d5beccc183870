"""VideoSource: what each kind of source yields, its timestamps, and its failures."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.vision.fakes import FakeCapture, FakeClock
from vision.capture.sources import (
    ImageFolderSource,
    ImageSource,
    LiveCaptureSource,
    ReconnectPolicy,
    SourceError,
    SourceGap,
    VideoFileSource,
    open_source,
    open_sources,
)
from vision.observation import Frame


def write_clip(
    path: Path, frames: int, fps: float = 25.0, size: tuple[int, int] = (64, 48)
) -> Path:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"mp4v"), fps, size)
    for i in range(frames):
        writer.write(np.full((size[1], size[0], 3), 10 * i % 250, np.uint8))
    writer.release()
    return path


def frames_of(source) -> list[Frame]:
    return [item for item in source if isinstance(item, Frame)]


def test_video_file_is_stamped_by_frame_index_over_fps(tmp_path):
    source = open_source(write_clip(tmp_path / "clip.mp4", 6, fps=25.0))
    assert isinstance(source, VideoFileSource) and not source.live
    frames = frames_of(source)
    assert [f.ts_ms for f in frames] == [0, 40, 80, 120, 160, 200]
    assert [f.index for f in frames] == list(range(6))
    assert frames[0].image.shape == (48, 64, 3)
    assert frames[0].source_id == "clip.mp4"


def test_looping_file_keeps_time_increasing(tmp_path):
    source = open_source(write_clip(tmp_path / "clip.mp4", 4, fps=20.0), loop=True)
    stamps = []
    for item in source:
        stamps.append(item.ts_ms)
        if len(stamps) == 10:
            source.stop()
    assert stamps == [i * 50 for i in range(10)]


def test_a_video_file_is_read_once(tmp_path):
    source = open_source(write_clip(tmp_path / "clip.mp4", 4))
    first = iter(source)
    next(first)
    with pytest.raises(SourceError, match="already being read"):
        next(iter(source))
    assert len(list(first)) == 3
    with pytest.raises(SourceError, match="already read"):
        next(iter(source))


def test_corrupt_video_is_a_clear_error(tmp_path):
    bad = tmp_path / "broken.mp4"
    bad.write_bytes(b"\x00\x00\x00\x18ftypmp42" + bytes(range(256)) * 8)
    with pytest.raises(SourceError, match=r"broken\.mp4"):
        open_source(bad)


def test_missing_path_is_a_clear_error(tmp_path):
    with pytest.raises(SourceError, match="no such file"):
        open_source(tmp_path / "nothing.mp4")


def test_folder_without_images_is_a_clear_error(tmp_path):
    (tmp_path / "notes.txt").write_text("no images here")
    with pytest.raises(SourceError, match="no images in"):
        open_source(tmp_path)


def test_folder_in_natural_order_skipping_unreadable_images(tmp_path):
    for n in (10, 2, 1):
        cv2.imwrite(str(tmp_path / f"frame{n}.png"), np.full((8, 8, 3), n, np.uint8))
    (tmp_path / "frame3.png").write_bytes(b"not a png")
    source = open_source(tmp_path, fps=10)
    assert isinstance(source, ImageFolderSource)
    frames = frames_of(source)
    assert [int(f.image[0, 0, 0]) for f in frames] == [1, 2, 10]
    assert [f.ts_ms for f in frames] == [0, 100, 200]
    assert [p.name for p in source.skipped] == ["frame3.png"]


def test_folder_of_only_unreadable_images_is_a_clear_error(tmp_path):
    (tmp_path / "a.jpg").write_bytes(b"garbage")
    with pytest.raises(SourceError, match="readable"):
        frames_of(open_source(tmp_path))


def test_single_image_and_unreadable_image(tmp_path):
    cv2.imwrite(str(tmp_path / "one.jpg"), np.zeros((10, 12, 3), np.uint8))
    source = open_source(tmp_path / "one.jpg")
    assert isinstance(source, ImageSource)
    assert [(f.ts_ms, f.image.shape) for f in frames_of(source)] == [(0, (10, 12, 3))]
    (tmp_path / "bad.png").write_bytes(b"garbage")
    with pytest.raises(SourceError, match="cannot read image"):
        open_source(tmp_path / "bad.png")


def camera_until_lost(captures: list[FakeCapture], failed_reads: int, give_up_after_s: float):
    """Camera 0 opening ``captures`` one after the other (then none), on a fake clock; returns
    the source and everything it yielded before it gave up (which must say it lost the camera)."""
    opens = iter(captures)
    clock = FakeClock()
    source = LiveCaptureSource(
        0,
        opener=lambda target: next(opens, FakeCapture(0, opened=False)),
        clock=clock,
        sleep=clock.sleep,
        reconnect=ReconnectPolicy(
            failed_reads=failed_reads,
            first_delay_s=0.5,
            max_delay_s=1.0,
            give_up_after_s=give_up_after_s,
        ),
    )
    items = []
    with pytest.raises(SourceError, match="lost camera 0"):
        for item in source:
            items.append(item)
    return source, items


def test_dropped_camera_reconnects_and_marks_the_gap():
    # Opens: 3 frames, then a failed reopen, then a reopen that gives 2 frames, then gone.
    captures = [FakeCapture(3), FakeCapture(0, opened=False), FakeCapture(2)]
    source, items = camera_until_lost(captures, failed_reads=1, give_up_after_s=3.0)
    kinds = [type(i).__name__ for i in items]
    assert kinds == ["Frame"] * 3 + ["SourceGap"] + ["Frame"] * 2
    gap = items[3]
    assert isinstance(gap, SourceGap)
    assert gap.start_ms == items[2].ts_ms and gap.end_ms == items[4].ts_ms
    assert gap.duration_ms >= 1500  # two pauses: 0.5 s and 1 s
    stamps = [i.ts_ms for i in items if isinstance(i, Frame)]
    assert stamps == sorted(set(stamps))
    assert source.reconnects == 1


def test_camera_that_cannot_open_is_a_clear_error():
    with pytest.raises(SourceError, match="cannot open camera 3"):
        LiveCaptureSource(
            3,
            opener=lambda target: FakeCapture(0, opened=False),
            reconnect=ReconnectPolicy(1, 0.5, 1.0, 3.0),
        )


def test_sources_of_one_table_get_distinct_ids(tmp_path):
    clip = write_clip(tmp_path / "clip.mp4", 2)
    a, b = open_sources([clip, clip])
    assert a.source_id != b.source_id


class FlakyCapture(FakeCapture):
    """A camera whose every third read fails once, then works again."""

    def __init__(self, frames: int):
        super().__init__(frames)
        self.reads = 0

    def read(self):
        self.reads += 1
        if self.reads % 3 == 0:
            return False, None
        return super().read()


def test_a_single_failed_read_is_not_a_drop():
    _, items = camera_until_lost([FlakyCapture(6)], failed_reads=3, give_up_after_s=0.1)
    assert [type(i).__name__ for i in items] == ["Frame"] * 6
