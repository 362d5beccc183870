"""`keinu serve` as a real process: killed with SIGKILL in the middle of a hand, restarted on the
same data dir, the hand resumes exactly where it was; the session it exports replays."""

import json
import os
import signal
import socket
import subprocess
from contextlib import ExitStack

import httpx
import pytest
from websockets.sync.client import connect

from tests.api.clips import write_clip
from tests.api.table_examples import EXAMPLE_CALLS, EXAMPLE_HANDS, SEATS
from tests.keinu_server import KEINU, KeinuServer


@pytest.fixture
def clip(tmp_path):
    return write_clip(tmp_path / "table.mp4", frames=40)


@pytest.mark.video
def test_killed_mid_hand_the_server_resumes_the_hand_exactly(tmp_path, clip):
    data = tmp_path / "data"
    args = ("--data-dir", str(data), "--source", str(clip), "--loop")
    first = KeinuServer(*args, fresh_process=True)
    try:
        assert first.banner.startswith(f"keinu: dashboard on http://127.0.0.1:{first.port}/")
        table = httpx.post(f"{first.url}/api/tables", json={"seats": SEATS}).json()
        hand_id = table["current"]["hand"]["id"]
        for seat, text in EXAMPLE_CALLS[:12]:
            response = httpx.post(
                f"{first.url}/api/hands/{hand_id}/calls", json={"seat": seat, "text": text}
            )
            assert response.status_code == 200, response.text
        before = httpx.get(f"{first.url}/api/hands/{hand_id}").json()
    finally:
        first.kill()
    assert first.process.returncode == -signal.SIGKILL

    second = KeinuServer(*args)
    try:
        after = httpx.get(f"{second.url}/api/hands/{hand_id}").json()
        assert after == before
        assert after["view"]["to_speak"] == 4  # seat 4 still has to answer the órdago
        # twenty dashboards watch the next call arrive
        ws_url = f"ws://127.0.0.1:{second.port}/api/live"
        with ExitStack() as stack:
            watchers = [stack.enter_context(connect(ws_url, open_timeout=10)) for _ in range(20)]
            assert all(json.loads(w.recv(10))["type"] == "hello" for w in watchers)
            seat, text = EXAMPLE_CALLS[12]
            httpx.post(f"{second.url}/api/hands/{hand_id}/calls", json={"seat": seat, "text": text})
            for watcher in watchers:
                message = json.loads(watcher.recv(10))
                while message["type"] != "call":
                    message = json.loads(watcher.recv(10))
                assert message["data"]["call"] == [seat, text]
        for seat, text in EXAMPLE_CALLS[13:]:
            response = httpx.post(
                f"{second.url}/api/hands/{hand_id}/calls", json={"seat": seat, "text": text}
            )
            assert response.status_code == 200, response.text
        httpx.put(f"{second.url}/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS})
        session = httpx.get(f"{second.url}/api/tables/{table['table']['id']}/export").json()
    finally:
        second.kill()
    exported = tmp_path / "session.json"
    exported.write_text(json.dumps(session))
    replay = subprocess.run([KEINU, "replay", str(exported)], capture_output=True, text=True)
    assert replay.returncode == 0, replay.stderr
    assert json.loads(replay.stdout)["score"] == {"1-3": 10, "2-4": 10}


def test_serve_refuses_a_missing_source_with_one_line(tmp_path):
    result = subprocess.run(
        [KEINU, "serve", "--source", str(tmp_path / "nope.mp4"), "--data-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "no such video" in result.stderr
    assert "Traceback" not in result.stderr


def test_serve_refuses_a_port_in_use(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [KEINU, "serve", "--no-live", "--port", str(port), "--data-dir", str(tmp_path)],
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ},
        )
    assert result.returncode == 2
    assert "another --port" in result.stderr


def test_serve_on_port_0_prints_the_port_the_system_chose(tmp_path):
    process = subprocess.Popen(
        [KEINU, "serve", "--no-live", "--port", "0", "--data-dir", str(tmp_path)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        banner = process.stdout.readline()
        address = banner.split()[3]
        assert banner.startswith("keinu: dashboard on http://127.0.0.1:") and ":0/" not in address
        assert httpx.get(f"{address}api/health", timeout=10).status_code == 200
    finally:
        process.terminate()
        process.wait(10)
