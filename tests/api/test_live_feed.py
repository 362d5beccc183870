"""The live side: MJPEG from a real video source, the websocket hub under many clients, and a
source that ends or fails while the server keeps answering."""

import itertools
import threading
import time
from types import SimpleNamespace

import cv2
import numpy as np
import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.live import is_reopenable
from api.settings import Settings
from api.vision_feed import models_missing
from tests.api.clips import write_clip
from tests.api.polling import wait_for

WS = "ws://127.0.0.1/api/live"


@pytest.mark.video
def test_mjpeg_streams_jpeg_frames_of_the_source(tmp_path, short_clip):
    settings = Settings(data_dir=tmp_path, source=str(short_clip), loop=True)
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        response = client.get("/api/stream/cam1.mjpg?frames=3")
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("multipart/x-mixed-replace")
        parts = [p for p in response.content.split(b"--keinuframe") if p.strip()]
        assert len(parts) == 3
        for part in parts:
            head, _, body = part.partition(b"\r\n\r\n")
            assert b"image/jpeg" in head
            assert body.startswith(b"\xff\xd8")  # JPEG start-of-image
        assert client.get("/api/stream").json()["sources"] == ["cam1"]
        assert client.get("/api/health").json()["sources"] == ["cam1"]


def stream_images(body: bytes) -> list[np.ndarray]:
    """The pictures of an MJPEG response's body."""
    parts = [p for p in body.split(b"--keinuframe") if p.strip()]
    jpegs = [p.partition(b"\r\n\r\n")[2].removesuffix(b"\r\n") for p in parts]
    return [cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR) for jpeg in jpegs]


@pytest.mark.video
def test_the_stream_draws_no_words_nor_figures_of_its_own(tmp_path, short_clip):
    """On a clip with no face, each picture streamed is the clip's frame as it was: the page
    writes the seats' and gestures' words over it in its language (its header, the frame rate
    and the one count of dropped frames), none drawn into the picture in English."""
    assert models_missing() is None  # the pipeline's results are drawn, not the raw video
    capture = cv2.VideoCapture(str(short_clip))
    clip = [capture.read()[1] for _ in range(20)]
    capture.release()
    settings = Settings(data_dir=tmp_path, source=str(short_clip), loop=True)
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        body = client.get("/api/stream/cam1.mjpg?frames=3").content
    for image in stream_images(body):
        # each row's difference from the clip's closest frame: JPEG's few levels, no text box
        rows = min((np.abs(image.astype(int) - frame).mean(axis=(1, 2)) for frame in clip),
                   key=lambda diff: diff.mean())  # fmt: skip
        assert rows.max() < 8


def test_without_live_video_the_server_tells_the_page_there_is_no_stream(client):
    health = client.get("/api/health").json()
    assert health["sources"] == []
    assert health["pipeline"]["state"] == "off"
    with client.websocket_connect(WS) as ws:
        hello = ws.receive_json()
    assert hello["type"] == "hello"
    assert hello["data"]["sources"] == []


def test_twenty_websocket_clients_each_get_every_event_in_order(client):
    hub = client.app.state.hub
    sockets = [client.websocket_connect(WS) for _ in range(20)]
    sessions = [s.__enter__() for s in sockets]
    try:
        assert all(s.receive_json()["type"] == "hello" for s in sessions)
        assert wait_for(lambda: hub.client_count == 20)
        for n in range(5):
            hub.publish("gesture", {"n": n})
        for session in sessions:
            got = [session.receive_json() for _ in range(5)]
            assert [m["data"]["n"] for m in got] == [0, 1, 2, 3, 4]
            assert [m["type"] for m in got] == ["gesture"] * 5
    finally:
        for s in sockets:
            s.__exit__(None, None, None)
    assert wait_for(lambda: hub.client_count == 0)


def test_scores_are_samples_so_a_busy_client_gets_only_the_newest(client):
    hub = client.app.state.hub
    with client.websocket_connect(WS) as ws:
        ws.receive_json()
        assert wait_for(lambda: hub.client_count == 1)
        client_state = next(iter(hub._clients))
        # publish from this thread while the client's loop is busy elsewhere (held until all is
        # published, so the test does not depend on the machine's speed): the samples queue up
        # in one slot, the event does not get lost
        busy = threading.Event()
        client_state.loop.call_soon_threadsafe(busy.wait, 10)
        for n in range(50):
            hub.publish("scores", {"n": n})
        hub.publish("sena", {"id": 1})
        busy.set()
        seen = []
        while not seen or seen[-1]["type"] != "scores" or seen[-1]["data"]["n"] != 49:
            seen.append(ws.receive_json())
        assert any(m["type"] == "sena" for m in seen)
        assert len([m for m in seen if m["type"] == "scores"]) < 50
        assert client_state.overflowed is False


@pytest.mark.video
def test_a_source_that_ends_mid_hand_shows_a_gap_and_the_table_keeps_working(tmp_path, short_clip):
    settings = Settings(data_dir=tmp_path, source=str(short_clip))
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        seats = [{"seat": n, "name": f"P{n}"} for n in range(1, 5)]
        hand_id = client.post("/api/tables", json={"seats": seats}).json()["current"]["hand"]["id"]
        with client.websocket_connect(WS) as ws:
            ws.receive_json()
            assert client.post(f"/api/hands/{hand_id}/calls", json={"seat": 1, "text": "mus"})
            message = ws.receive_json()
            while message["type"] != "source" or message["data"]["state"] != "gap":
                message = ws.receive_json()
            assert message["data"]["reason"] == "ended"
        pipeline = client.get("/api/health").json()["pipeline"]
        assert pipeline["state"] == "gap"
        assert pipeline["gaps"][0]["reason"] == "ended"
        for seat, text in [(2, "mus"), (3, "mus"), (4, "no hay mus"), (1, "paso")]:
            response = client.post(f"/api/hands/{hand_id}/calls", json={"seat": seat, "text": text})
            assert response.status_code == 200, response.text
        assert response.json()["view"]["phase"] == "grande"


def test_a_source_that_fails_mid_stream_is_reported_not_fatal(tmp_path):
    class Broken:
        def __iter__(self):
            raise OSError("camera unplugged")

    settings = Settings(data_dir=tmp_path, source="0")
    app = create_app(settings, pipeline_factory=Broken)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        assert wait_for(lambda: client.get("/api/health").json()["pipeline"]["gaps"])
        gap = client.get("/api/health").json()["pipeline"]["gaps"][0]
        assert gap["reason"] == "failed"
        assert "camera unplugged" in gap["message"]


@pytest.mark.video
def test_each_camera_of_a_table_has_its_own_stream(tmp_path, short_clip):
    other = write_clip(tmp_path / "other.mp4", frames=20, size=(128, 96))
    settings = Settings(data_dir=tmp_path, source=f"{short_clip};{other}", loop=True)
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        assert client.get("/api/stream").json()["sources"] == ["cam1", "cam2"]
        for source_id, width in (("cam1", 160), ("cam2", 128)):
            body = client.get(f"/api/stream/{source_id}.mjpg?frames=1").content
            assert stream_images(body)[0].shape[1] == width


def test_a_pipeline_that_ends_on_a_source_error_reports_it(tmp_path):
    class EndsOnError:
        stats = SimpleNamespace(errors=["cannot read camera 0: device gone"])

        def __iter__(self):
            return iter(())

    app = create_app(Settings(data_dir=tmp_path, source="0"), pipeline_factory=EndsOnError)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        assert wait_for(lambda: client.get("/api/health").json()["pipeline"]["gaps"])
        gap = client.get("/api/health").json()["pipeline"]["gaps"][0]
        assert (gap["reason"], gap["message"]) == ("failed", "cannot read camera 0: device gone")


@pytest.mark.parametrize(
    ("source", "reopened"),
    [("0", True), ("rtsp://cam.local/table", True), ("table.mp4;1", True), ("table.mp4", False)],
)
def test_cameras_and_streams_are_reopened_files_are_not(source, reopened):
    assert is_reopenable(source) is reopened


def test_a_camera_that_fails_is_reopened_and_the_gap_closes(tmp_path):
    from api.vision_feed import RawFrame
    from vision.observation import Frame

    attempts = []

    def factory():
        attempts.append(time.monotonic())
        if len(attempts) == 1:
            raise OSError("camera busy")
        return (RawFrame(Frame(i * 33, np.zeros((4, 4, 3), np.uint8), "cam1", i)) for i in range(5))

    app = create_app(Settings(data_dir=tmp_path, source="0"), pipeline_factory=factory)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        assert wait_for(lambda: len(attempts) >= 2 and app.state.live.health.frames == 5)
        gap = client.get("/api/health").json()["pipeline"]["gaps"][0]
        assert gap["reason"] == "failed" and gap["end_ms"] >= gap["start_ms"]


def test_a_failed_source_is_reopened_after_the_pauses_of_its_reconnect_policy():
    from api.hub import Hub
    from api.live import LiveFeed
    from vision.capture.sources import ReconnectPolicy

    attempts = []

    def factory():
        attempts.append(time.monotonic())
        raise OSError("camera busy")

    feed = LiveFeed(
        source="0",
        pipeline_factory=factory,
        reconnect=ReconnectPolicy(
            failed_reads=1, first_delay_s=0.2, max_delay_s=0.4, give_up_after_s=0
        ),
        hub=Hub(),
        on_gesture=lambda gesture, source_id: None,
        annotate=lambda result, wanted: None,
    )
    feed.start()
    try:
        assert wait_for(lambda: len(attempts) >= 4)
    finally:
        feed.stop()
    first, second, third = (b - a for a, b in itertools.pairwise(attempts[:4]))
    assert 0.2 <= first < 0.9  # the policy's first pause, not another backoff's
    assert second >= 0.4 and third >= 0.4  # doubled, then held at the policy's maximum
