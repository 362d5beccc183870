"""The review page in Debian's chromium: a referee records a hand with `keinu serve --record`,
opens the review page, jumps from seña to seña on the timeline, plays the video and a seña's
clip, overrules a verdict with a note, filters, changes speed and downloads the ELAN export;
`keinu review DIR` shows an analysis folder the same way."""

from __future__ import annotations

import json
import subprocess
import time

import cv2
import httpx
import numpy as np
import pytest
from playwright.sync_api import expect

from tests.browser.test_dashboard import NAMES
from tests.keinu_server import KEINU, KeinuServer, free_port

pytestmark = pytest.mark.browser
expect.set_options(timeout=15_000)
SEATS = [{"seat": seat, "name": name} for seat, name in NAMES.items()]


def write_clip(path, frames: int, fps: float, size=(320, 240)):
    """A bar moving across a grey field, one position per frame."""
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"mp4v"), fps, size)
    for i in range(frames):
        image = np.full((size[1], size[0], 3), 90, np.uint8)
        image[:, (i * 7) % size[0] :][:, :6] = (40, 200, 240)
        writer.write(image)
    writer.release()
    return path


def wait_for(predicate, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return False


def frames_recorded(url: str) -> int:
    tables = httpx.get(f"{url}/api/recording").json()["tables"]
    return sum(c["frames"] for t in tables.values() for c in t["cameras"].values())


def video_time(page) -> float:
    return page.evaluate("document.getElementById('video').currentTime")


def test_a_recorded_hand_is_reviewed_seña_by_seña(tmp_path, browser):
    clip = write_clip(tmp_path / "table.mp4", frames=200, fps=20.0, size=(320, 240))
    server = KeinuServer(
        "--data-dir", str(tmp_path / "data"), "--source", str(clip), "--loop", "--record"
    )
    try:
        table = httpx.post(f"{server.url}/api/tables", json={"seats": SEATS}).json()
        hand = table["current"]["hand"]["id"]
        calls = f"{server.url}/api/hands/{hand}/calls"
        assert wait_for(lambda: frames_recorded(server.url) >= 20, timeout=30)
        httpx.post(calls, json={"seat": 1, "text": "mus"})
        time.sleep(1.0)
        httpx.post(calls, json={"seat": 2, "text": "sena wink left"})
        time.sleep(1.0)
        httpx.post(calls, json={"seat": 2, "text": "no hay mus"})
        httpx.post(calls, json={"seat": 1, "text": "paso"})
        time.sleep(1.0)
        httpx.post(calls, json={"seat": 3, "text": "sena lip_bite center"})  # late: grande began
        # Two seconds of video after the last seña, however far the recording lags the calls
        # on a loaded machine: playing on from that seña must not run into the video's end.
        after_last = frames_recorded(server.url) + 40
        assert wait_for(lambda: frames_recorded(server.url) >= max(110, after_last), timeout=30)

        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        dashboard = page
        dashboard.goto(f"{server.url}/", wait_until="domcontentloaded")
        expect(dashboard.locator("#rec-badge")).to_have_text("● REC")
        expect(dashboard.locator("#rec-switch")).to_be_checked()

        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{server.url}/review?session=table-1", wait_until="domcontentloaded")
        expect(page.locator(".sena")).to_have_count(2)
        expect(page.locator(".sena.v-late")).to_have_count(1)
        expect(page.locator(".band.hand")).to_have_count(1)
        expect(page.locator(".tick")).to_have_count(3)
        page.wait_for_function("document.getElementById('video').readyState >= 1")
        assert page.evaluate("document.getElementById('video').duration") > 4

        page.click("#next")
        expect(page.locator("#detail-title")).to_contain_text("guiño (izquierda)")
        first = video_time(page)
        assert first > 0.5
        page.keyboard.press("k")
        expect(page.locator("#detail-title")).to_contain_text("morderse el labio (centro)")
        page.wait_for_function(f"document.getElementById('video').currentTime > {first + 1.5}")
        page.keyboard.press("j")
        expect(page.locator("#detail-title")).to_contain_text("guiño (izquierda)")
        page.keyboard.press("i")  # the next illegal seña
        expect(page.locator("#detail-title")).to_contain_text("tardía")

        page.select_option("#speed", "2")
        assert page.evaluate("document.getElementById('video').playbackRate") == 2
        page.keyboard.press(" ")
        start = video_time(page)
        page.wait_for_function(f"document.getElementById('video').currentTime > {start + 0.5}")
        page.keyboard.press(" ")

        page.fill("#note", "se rascaba la oreja")
        page.click("#overrule")
        expect(page.locator("#detail-review")).to_contain_text("anulada · se rascaba la oreja")
        expect(page.locator(".sena.reviewed")).to_have_count(1)

        page.click("#clip")
        expect(page.locator("#clip-video")).to_be_visible()
        page.wait_for_function("document.getElementById('clip-video').readyState >= 1")
        assert page.evaluate("document.getElementById('clip-video').duration") > 2

        page.click("#seat-filters input[data-seat='3']")
        expect(page.locator(".sena")).to_have_count(1)
        page.click("#seat-filters input[data-seat='3']")

        box = page.locator("#cursor-area").bounding_box()  # on a seat's lane, near its start
        page.mouse.click(box["x"] + box["width"] * 0.02, box["y"] + box["height"] - 4)
        assert video_time(page) < first

        with page.expect_download() as download:
            page.click("#export-eaf")
        saved = tmp_path / "session.eaf"
        download.value.save_as(saved)
        assert "se rascaba la oreja" in saved.read_text(encoding="utf-8")
        assert errors == []
    finally:
        server.stop()


def test_keinu_review_shows_an_analysis_folder(tmp_path, browser):
    folder = tmp_path / "analysis"
    folder.mkdir()
    write_clip(folder / "annotated.mp4", frames=60, fps=20.0)
    gestures = [
        {"seat": 1, "kind": "wink", "side": "left", "start_ms": 500, "end_ms": 800},
        {"seat": 2, "kind": "pout", "side": None, "start_ms": 1500, "end_ms": 1900},
    ]
    (folder / "gestures.jsonl").write_text("".join(json.dumps(g) + "\n" for g in gestures))
    summary = {
        "source": "table.mp4",
        "frames": 60,
        "duration_ms": 3000,
        "profile": "standard",
        "seats": {"1": {}, "2": {}},
    }
    (folder / "summary.json").write_text(json.dumps(summary))
    port = free_port()
    process = subprocess.Popen(
        [KEINU, "review", str(folder), "--port", str(port), "--data-dir", str(tmp_path / "d")],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout.readline().startswith(f"keinu: review on http://127.0.0.1:{port}/")
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{port}/review", wait_until="domcontentloaded")
        expect(page.locator(".sena")).to_have_count(2)
        expect(page.locator(".gesture")).to_have_count(2)
        page.keyboard.press("k")
        expect(page.locator("#detail-title")).to_contain_text("Asiento 1")
        page.fill("#note", "dudosa")
        page.click("#acknowledge")
        expect(page.locator("#detail-review")).to_contain_text("dudosa")
        reviews = json.loads((folder / "reviews.json").read_text())
        assert reviews["1@500"]["note"] == "dudosa"
    finally:
        process.terminate()
        process.wait(10)


def test_keinu_review_refuses_a_folder_that_is_not_an_analysis(tmp_path):
    result = subprocess.run([KEINU, "review", str(tmp_path)], capture_output=True, text=True)
    assert result.returncode == 2
    assert "is not a keinu analysis folder" in result.stderr
    assert result.stderr.count("\n") == 1
