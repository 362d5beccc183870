"""``keinu serve --record`` killed with SIGKILL in the middle of a recorded hand: the video on
disk plays every frame encoded before the kill but those of the last second's fragment, the
hand resumes after a restart with every call, and the restarted server records on into a new
file of the same session.

The loss is counted in the clip's frames, not on the wall clock: a loaded machine reads the
clip slower than it plays, and the frames it has not read yet were never the recording's."""

from __future__ import annotations

import signal

import av
import httpx

from api.recording.manifest import segments
from api.recording.segment import KEYFRAME_MS
from tests.api.clips import write_clip
from tests.api.polling import wait_for
from tests.api.table_examples import EXAMPLE_CALLS, SEATS
from tests.keinu_server import KeinuServer

FPS = 20.0
FRAME_MS = int(1000 / FPS)


def last_frame_ms(path) -> int:
    """The time of the last frame that decodes (a file cut by a kill ends mid-fragment)."""
    last = -1
    try:
        with av.open(str(path)) as container:
            for frame in container.decode(video=0):
                last = int(frame.time * 1000)
    except av.error.InvalidDataError:
        pass
    return last


def frames_recorded(server, table_id) -> int:
    status = httpx.get(f"{server.url}/api/recording").json()["tables"][str(table_id)]
    return sum(c["frames"] for c in status["cameras"].values())


def test_a_killed_recording_keeps_all_but_the_last_two_seconds(tmp_path):
    clip = write_clip(tmp_path / "table.mp4", frames=200, fps=FPS, size=(320, 240))
    data = tmp_path / "data"
    args = ("--data-dir", str(data), "--source", str(clip), "--loop", "--record")
    first = KeinuServer(*args, fresh_process=True)
    try:
        table = httpx.post(f"{first.url}/api/tables", json={"seats": SEATS}).json()
        table_id, hand_id = table["table"]["id"], table["current"]["hand"]["id"]
        for seat, text in EXAMPLE_CALLS[:6]:
            response = httpx.post(
                f"{first.url}/api/hands/{hand_id}/calls", json={"seat": seat, "text": text}
            )
            assert response.status_code == 200, response.text
        assert wait_for(lambda: frames_recorded(first, table_id) >= 80, timeout=30)
        before = httpx.get(f"{first.url}/api/hands/{hand_id}").json()
        encoded = frames_recorded(first, table_id)
    finally:
        first.kill()
    assert first.process.returncode == -signal.SIGKILL
    (segment,) = segments(data, f"table-{table_id}")
    assert segment.armed_ms is not None and segment.armed_ms <= segment.wall_ms
    # the clip's frames are 50 ms apart from its first: the last encoded was at this time
    last_encoded_ms = (encoded - 1) * FRAME_MS
    assert last_frame_ms(segment.path) >= last_encoded_ms - KEYFRAME_MS - FRAME_MS, encoded

    second = KeinuServer(*args)
    try:
        assert httpx.get(f"{second.url}/api/hands/{hand_id}").json() == before
        assert wait_for(lambda: len(segments(data, f"table-{table_id}")) == 2, timeout=30)
        review = httpx.get(f"{second.url}/api/review/table-{table_id}").json()
        assert [v["offset_ms"] > 0 for v in review["videos"]] == [False, True]
        # the killed file ends where its last whole fragment does, not where the next begins
        killed_until = review["videos"][0]["until_ms"]
        assert 0 <= killed_until - last_frame_ms(segment.path) <= 100
        assert killed_until < review["videos"][1]["offset_ms"]
        calls = [c["text"] for c in review["timeline"]["calls"]]
        assert calls == [text for _, text in EXAMPLE_CALLS[:6] if not text.startswith("sena")]
    finally:
        second.stop()
