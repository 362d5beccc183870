"""Ctrl-C stops a server at once whatever a browser holds open, and says nothing alarming: a
dashboard showing a camera (an MJPEG response with no end), a review page loading a long video.
uvicorn alone would wait for those responses (forever, for a reader that has paused), then
cancel them with tracebacks in the terminal."""

import json
import signal
import socket
import subprocess

import cv2
import httpx
import numpy as np
import pytest

from tests.api.clips import write_clip
from tests.keinu_server import KEINU, KeinuServer, free_port


@pytest.mark.video
def test_ctrl_c_with_a_camera_shown_ends_its_stream_and_says_nothing(tmp_path):
    clip = write_clip(tmp_path / "table.mp4", frames=40)
    server = KeinuServer("--data-dir", str(tmp_path), "--source", str(clip), "--loop")
    log = server.log.read_text  # read before stop() removes the file
    try:
        with httpx.stream("GET", f"{server.url}/api/stream/cam1.mjpg", timeout=30) as stream:
            chunks = stream.iter_bytes()
            assert b"image/jpeg" in next(chunks)
            server.process.send_signal(signal.SIGINT)
            with pytest.raises(httpx.RemoteProtocolError):  # cut, as a closed page would be
                for _ in chunks:
                    pass
        server.process.wait(10)
        said = log()
    finally:
        server.stop()
    assert "Traceback" not in said and "graceful shutdown" not in said, said


def noise_video(path, frames: int) -> None:
    """A video that compresses badly: about 100 kB a frame."""
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"mp4v"), 20.0, (640, 480))
    noise = np.random.default_rng(0)
    for _ in range(frames):
        writer.write(noise.integers(0, 256, (480, 640, 3), dtype=np.uint8))
    writer.release()


def paused_reader(port: int, path: str) -> socket.socket:
    """A GET of ``path`` that reads the first bytes of the answer and no more, as a paused
    ``<video>`` does; its small receive buffer leaves most of the video unsent."""
    reader = socket.socket()
    reader.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16_384)
    reader.connect(("127.0.0.1", port))
    reader.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    assert reader.recv(1024).startswith(b"HTTP/1.1 200")
    return reader


def test_ctrl_c_ends_keinu_review_while_a_video_is_half_sent(tmp_path):
    folder = tmp_path / "analysis"
    folder.mkdir()
    noise_video(folder / "annotated.mp4", frames=40)
    (folder / "gestures.jsonl").write_text("")
    summary = {"source": "t.mp4", "frames": 40, "duration_ms": 2_000, "seats": {"1": {}}}
    (folder / "summary.json").write_text(json.dumps(summary))
    port = free_port()
    process = subprocess.Popen(
        [KEINU, "review", str(folder), "--port", str(port), "--data-dir", str(tmp_path / "d")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout.readline().startswith("keinu: review on")
        with paused_reader(port, "/api/review/analysis/video/annotated.mp4"):
            process.send_signal(signal.SIGINT)
            process.wait(10)  # it does not wait for the reader
        said = process.stderr.read()
    finally:
        process.kill()
        process.wait()
    assert process.returncode == 130  # interrupted, as the shell counts Ctrl-C
    assert "Traceback" not in said and "ERROR" not in said, said
