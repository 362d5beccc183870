"""The review page in Debian's chromium: a referee records a hand with `keinu serve --record`,
opens the review page, jumps from seña to seña on the timeline, plays the video and a seña's
clip, overrules a verdict with a note, filters, changes speed and downloads the ELAN export;
`keinu review DIR` shows an analysis folder the same way. The video's captions and chapters say
what the page says, in its language (and in the other once the dashboard switches to it), on the
clock of the file playing."""

from __future__ import annotations

import json
import re
import subprocess
import time
from types import SimpleNamespace

import cv2
import httpx
import numpy as np
import pympi
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from api.exports.session import CAMERA_START_MS
from tests.api.test_recording_gaps import recorded_for
from tests.browser.test_dashboard import NAMES
from tests.keinu_server import KEINU, KeinuServer, free_port

pytestmark = pytest.mark.browser
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


# The cues of the video's track of a kind, once loaded: [start s, end s, text] (null before).
CUES = """(kind) => {
  const track = document.querySelector(`#video track[kind="${kind}"]`);
  return track && track.readyState === 2
    ? [...track.track.cues].map((cue) => [cue.startTime, cue.endTime, cue.text]) : null;
}"""
VTT_TIMING = re.compile(r"\d{2}:\d{2}:\d{2}\.\d{3} --> \d{2}:\d{2}:\d{2}\.\d{3}")


def track_cues(page, kind: str, word: str) -> list[list]:
    """The video's ``kind`` track's cues once one of them says ``word`` (a track is made anew when
    the language switches)."""
    says = f"(args) => {{ const cues = ({CUES})(args[0]); "
    says += "return cues && cues.some((cue) => cue[2].includes(args[1])) && cues; }"
    try:
        return page.wait_for_function(says, arg=[kind, word], timeout=10_000).json_value()
    except PlaywrightTimeout:
        cues = page.evaluate(CUES, kind)
        raise AssertionError(f"no {kind} cue says {word!r}: {cues}") from None


def track_file(page, kind: str) -> str:
    """The WebVTT the page gave the track, as written."""
    return page.evaluate(
        "(kind) => fetch(document.querySelector(`#video track[kind='${kind}']`).src)"
        ".then((response) => response.text())",
        kind,
    )


def texts(cues: list[list]) -> list[str]:
    return [text for *_, text in cues]


def words_said(said_texts: list[str], words: list[str]) -> list[str]:
    """Those of ``words`` (the other language's) that a cue says, whole or within a word."""
    said = " ".join(said_texts).lower()
    return [word for word in words if word.lower() in said]


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

        # the review page opens beside the dashboard: a language chosen there reaches it
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        dashboard = page
        dashboard.goto(f"{server.url}/", wait_until="domcontentloaded")
        expect(dashboard.locator("#rec-badge")).to_have_text("● REC")
        expect(dashboard.locator("#rec-switch")).to_be_checked()

        page = context.new_page()
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

        # the video's captions and chapters in the page's words, then in English once the
        # dashboard switches to it
        said = texts(track_cues(page, "captions", "tardía"))
        assert said == [
            f"Asiento 2 · {NAMES[2]}: seña juego de 31 — legal",
            f"Asiento 3 · {NAMES[3]}: seña dos reyes — tardía [anulada · se rascaba la oreja]",
        ]
        chapters = texts(track_cues(page, "chapters", "mano 1"))
        assert chapters == ["mano 1", "mano 1 · mus", "mano 1 · grande"]
        assert words_said(said + chapters, ["seat", "late", "overruled", "hand"]) == []
        dashboard.click("#lang")
        said = texts(track_cues(page, "captions", "late"))
        assert said == [
            f"Seat 2 · {NAMES[2]}: seña juego de 31 — legal",
            f"Seat 3 · {NAMES[3]}: seña dos reyes — late [overruled · se rascaba la oreja]",
        ]
        chapters = texts(track_cues(page, "chapters", "hand 1"))
        assert chapters == ["hand 1", "hand 1 · mus", "hand 1 · grande"]
        assert words_said(said + chapters, ["asiento", "tardía", "anulada", "mano"]) == []
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


def analysis_folder(folder):
    """A video analysed: seat 1's lip bite (dos reyes in the standard profile), seat 2's head
    tilt (no seña of it), each shorter than a caption stays."""
    folder.mkdir()
    write_clip(folder / "annotated.mp4", frames=60, fps=20.0)
    gestures = [
        {"seat": 1, "kind": "lip_bite", "side": "center", "start_ms": 500, "end_ms": 800},
        {"seat": 2, "kind": "head_tilt", "side": "left", "start_ms": 1500, "end_ms": 1600},
    ]
    (folder / "gestures.jsonl").write_text("".join(json.dumps(g) + "\n" for g in gestures))
    summary = {"source": "table.mp4", "frames": 60, "duration_ms": 3000, "profile": "standard"}
    (folder / "summary.json").write_text(json.dumps(summary | {"seats": {"1": {}, "2": {}}}))
    return folder


def test_the_captions_speak_the_pages_language_and_follow_its_switch(tmp_path, browser):
    folder = analysis_folder(tmp_path / "analysis")
    port = free_port()
    process = subprocess.Popen(
        [KEINU, "review", str(folder), "--port", str(port), "--data-dir", str(tmp_path / "d")],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout.readline().startswith(f"keinu: review on http://127.0.0.1:{port}/")
        url = f"http://127.0.0.1:{port}/review"
        context = browser.new_context()
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(url, wait_until="domcontentloaded")  # in Spanish: nobody chose English
        spanish = track_cues(page, "captions", "Asiento")
        assert spanish == [
            [0.5, 1.0, "Asiento 1: morderse el labio (centro)"],
            [0.5, 1.0, "Asiento 1: seña dos reyes — sin juzgar"],
            [1.5, 2.0, "Asiento 2: ladear la cabeza (izquierda)"],
            [1.5, 2.0, "Asiento 2: seña «ladear la cabeza (izquierda)» — fuera de catálogo"],
        ]  # a cue lasts MIN_CUE_MS at least, as the server's captions do
        english_words = ["seat", "lip bite", "head tilt", "left", "judged", "catalogue"]
        assert words_said(texts(spanish), english_words) == []
        written = track_file(page, "captions").split("\n")
        assert written[0] == "WEBVTT"
        assert written[3] == "00:00:00.500 --> 00:00:01.000"
        timings = [line for line in written if "-->" in line]
        assert len(timings) == 4 and all(VTT_TIMING.fullmatch(line) for line in timings)
        label = "document.querySelector('#video track[kind=chapters]').label"
        assert page.evaluate(label) == "manos"

        page.keyboard.press("k")
        page.fill("#note", "dudosa")
        page.click("#acknowledge")  # the caption carries the review
        acknowledged = texts(track_cues(page, "captions", "reconocida"))
        assert "Asiento 1: seña dos reyes — sin juzgar [reconocida · dudosa]" in acknowledged

        # English chosen on another page of the dashboard: this one follows, captions and all
        other = context.new_page()
        other.goto(url, wait_until="domcontentloaded")
        other.evaluate("localStorage.setItem('keinu.lang', 'en')")
        english = track_cues(page, "captions", "Seat")
        assert texts(english) == [
            "Seat 1: lip bite (centre)",
            "Seat 1: seña dos reyes — not judged [acknowledged · dudosa]",
            "Seat 2: head tilt (left)",
            "Seat 2: seña «head tilt (left)» — not in catalogue",
        ]
        spanish_words = ["asiento", "morderse", "ladear", "izquierda", "juzgar", "catálogo"]
        assert words_said(texts(english), [*spanish_words, "reconocida"]) == []
        assert english[0][:2] == spanish[0][:2]
        expect(page.locator("#detail-title")).to_have_text(
            "Seat 1: dos reyes · lip bite (centre) · not judged"
        )
        expect(page.locator("#kind-filter option")).to_have_text(["all", "head tilt", "lip bite"])
        expect(page.locator("#timeline .lane-name").last).to_have_text("Seat 2")
        assert page.evaluate(label) == "hands"
        assert page.evaluate("document.querySelectorAll('#video track').length") == 2
        assert errors == []
        context.close()
    finally:
        process.terminate()
        process.wait(10)


def test_the_captions_keep_to_the_clock_of_the_file_playing(tmp_path, browser):
    """Recording switched off and on again: the seña after it lies in a second file, whose time 0
    is seconds into the session's timeline. Its caption shows when the file shows it, and the
    ELAN document downloaded for that file times it the same."""
    clip = write_clip(tmp_path / "table.mp4", frames=40, fps=20.0)
    server = KeinuServer(
        "--data-dir", str(tmp_path / "data"), "--source", str(clip), "--loop", "--record"
    )
    try:
        table = httpx.post(f"{server.url}/api/tables", json={"seats": SEATS}).json()
        calls = f"{server.url}/api/hands/{table['current']['hand']['id']}/calls"
        switch = f"{server.url}/api/tables/1/recording"
        review = f"{server.url}/api/review/table-1"
        assert wait_for(lambda: frames_recorded(server.url) >= 20, timeout=30)
        httpx.put(switch, json={"on": False}).raise_for_status()
        httpx.put(switch, json={"on": True}).raise_for_status()
        assert wait_for(lambda: len(httpx.get(review).json()["videos"]) == 2, timeout=30)
        into_second = frames_recorded(server.url) + 10  # the seña well inside the second file
        assert wait_for(lambda: frames_recorded(server.url) >= into_second, timeout=30)
        httpx.post(calls, json={"seat": 1, "text": "mus"}).raise_for_status()
        httpx.post(calls, json={"seat": 2, "text": "sena wink left"}).raise_for_status()
        after = frames_recorded(server.url) + 20
        assert wait_for(lambda: frames_recorded(server.url) >= after, timeout=30)
        data = httpx.get(review).json()
        (sena,) = data["timeline"]["senas"]
        second = data["videos"][1]
        assert second["offset_ms"] > 0 and sena["start_ms"] > second["offset_ms"]

        page = browser.new_page()
        page.goto(f"{server.url}/review?session=table-1", wait_until="domcontentloaded")
        expect(page.locator(".sena")).to_have_count(1)
        first_file = track_file(page, "captions")  # the first file plays
        assert first_file.startswith("WEBVTT") and "seña" not in first_file  # it is the second's
        page.keyboard.press("k")  # to the seña: the second file plays
        playing = f"document.getElementById('video').src.endsWith('/{second['name']}')"
        page.wait_for_function(playing)
        ((start, end, text),) = track_cues(page, "captions", "seña")
        assert text == f"Asiento 2 · {NAMES[2]}: seña juego de 31 — legal"
        start_ms, end_ms = round(start * 1000), round(end * 1000)
        assert start_ms == sena["start_ms"] - second["offset_ms"]
        assert end_ms == start_ms + 500  # a seña of one gesture: the shortest a caption stays
        page.wait_for_function("document.getElementById('video').readyState >= 1")
        assert abs(video_time(page) - start) < 0.1

        # each file's ELAN document, its link named by its camera and start: the second's
        # times the seña as its caption does
        expect(page.locator(".export-files")).to_have_count(2)  # the EAF's and the captions'
        stem = second["name"].removesuffix(".mp4")
        link = page.locator(f"#export-eaf-{stem}")
        camera, at = link.inner_text().split(" ")  # "cam1 0:02,4", as the page's clock says it
        assert camera == "cam1" and at == clock_text(second["offset_ms"])
        with page.expect_download() as download:
            link.click()
        assert download.value.suggested_filename == f"table-1.{stem}.eaf"
        saved = tmp_path / download.value.suggested_filename
        download.value.save_as(saved)
        eaf = pympi.Elan.Eaf(str(saved))
        tiers = [tier for tier in eaf.get_tier_names() if tier.startswith("señas")]
        ((eaf_start, *_),) = [a for t in tiers for a in eaf.get_annotation_data_for_tier(t)]
        assert eaf_start == start_ms
        page.close()
    finally:
        server.stop()


def test_a_recording_switched_on_mid_hand_says_where_the_video_began(tmp_path, browser):
    """Seat 2's seña came before REC was switched on: the page leaves it out, says the video
    began in hand 1, and its timeline holds only the calls filmed."""
    clip = write_clip(tmp_path / "table.mp4", frames=40, fps=20.0)
    server = KeinuServer("--data-dir", str(tmp_path / "data"), "--source", str(clip), "--loop")
    try:
        table = httpx.post(f"{server.url}/api/tables", json={"seats": SEATS}).json()
        calls = f"{server.url}/api/hands/{table['current']['hand']['id']}/calls"
        httpx.post(calls, json={"seat": 1, "text": "mus"}).raise_for_status()
        httpx.post(calls, json={"seat": 2, "text": "sena wink left"}).raise_for_status()
        time.sleep(CAMERA_START_MS / 1000 + 0.5)  # longer than a camera's start-up
        httpx.put(f"{server.url}/api/tables/1/recording", json={"on": True}).raise_for_status()
        assert wait_for(lambda: frames_recorded(server.url) >= 10, timeout=30)
        httpx.post(calls, json={"seat": 2, "text": "no hay mus"}).raise_for_status()

        page = browser.new_page()
        page.goto(f"{server.url}/review?session=table-1", wait_until="domcontentloaded")
        expect(page.locator("#begins")).to_have_text(
            "El vídeo empezó a grabarse en la mano 1: lo anterior no está aquí "
            "(el informe de la mesa lo tiene entero)."
        )
        expect(page.locator(".sena")).to_have_count(0)
        expect(page.locator(".tick")).to_have_count(1)  # no hay mus; the mus came before
        page.close()
    finally:
        server.stop()


def test_a_sena_made_while_recording_was_off_is_shown_without_video(tmp_path, browser):
    """Two files with a gap between them, seat 2's seña in the gap: stepping onto it the clock
    says its moment and the page says there is no video then, instead of the first file's
    last frame; back in a file, the word goes."""
    data = tmp_path / "data"
    server = KeinuServer("--data-dir", str(data), "--no-live")
    try:
        table = httpx.post(f"{server.url}/api/tables", json={"seats": SEATS}).json()
        calls = f"{server.url}/api/hands/{table['current']['hand']['id']}/calls"
        httpx.post(calls, json={"seat": 1, "text": "mus"}).raise_for_status()
        time.sleep(1.0)
        # the seña is stored between these two times, however slow a loaded machine answers
        asked_ms = int(time.time() * 1000)
        httpx.post(calls, json={"seat": 2, "text": "sena wink left"}).raise_for_status()
        answered_ms = int(time.time() * 1000)
        settings = SimpleNamespace(data_dir=data)
        recorded_for(settings, "table-1", asked_ms - 2500, 2000)  # ends 500 ms before the seña
        recorded_for(settings, "table-1", answered_ms + 1500, 2000)
        assert httpx.get(f"{server.url}/api/review/table-1").json()["timeline"]["senas"]

        page = browser.new_page()
        page.goto(f"{server.url}/review?session=table-1", wait_until="domcontentloaded")
        expect(page.locator(".sena")).to_have_count(1)
        expect(page.locator("#gap")).to_be_hidden()
        page.keyboard.press("k")
        expect(page.locator("#gap")).to_have_text(
            "Sin vídeo en este momento: la grabación estaba apagada."
        )
        sena = httpx.get(f"{server.url}/api/review/table-1").json()["timeline"]["senas"][0]
        expect(page.locator("#clock")).to_have_text(clock_text(sena["start_ms"]))
        box = page.locator("#cursor-area").bounding_box()
        page.mouse.click(box["x"] + 2, box["y"] + 8)  # the timeline's start: filmed
        expect(page.locator("#gap")).to_be_hidden()
        page.close()
    finally:
        server.stop()


def clock_text(ms: int, lang: str = "es") -> str:
    """The page's clock, ``m:ss,d`` in Spanish, ``m:ss.d`` in English (tenths rounded half up)."""
    tenths = (ms + 50) // 100
    clock = f"{tenths // 600}:{tenths % 600 // 10:02d}.{tenths % 10}"
    return clock.replace(".", ",") if lang == "es" else clock


def test_keinu_review_refuses_a_folder_that_is_not_an_analysis(tmp_path):
    result = subprocess.run([KEINU, "review", str(tmp_path)], capture_output=True, text=True)
    assert result.returncode == 2
    assert "is not a keinu analysis folder" in result.stderr
    assert result.stderr.count("\n") == 1


def test_the_review_page_opened_bare_offers_the_servers_tables(tmp_path, browser):
    """/review with no session says how it is opened and lists the server's tables, newest
    first, each a link to its review; a server with none says so."""
    server = KeinuServer("--no-live", "--data-dir", str(tmp_path / "data"))
    try:
        page = browser.new_page()
        page.goto(f"{server.url}/review")
        expect(page.locator("#sessions")).to_contain_text("Este servidor aún no tiene ninguna mesa")
        for name in ("Mesa 1", "Mesa 2"):
            table = {"name": name, "seats": SEATS}
            httpx.post(f"{server.url}/api/tables", json=table).raise_for_status()
        page.reload()
        expect(page.locator("#error")).to_contain_text("ábrela desde una mesa")
        expect(page.locator("#sessions a")).to_have_text(["Mesa 2 (#2)", "Mesa 1 (#1)"])
        expect(page.locator("main")).to_be_hidden()
        page.click("#sessions a >> nth=1")
        expect(page).to_have_url(re.compile(r"/review\?session=table-1$"))
        expect(page.locator("#title")).to_contain_text("Mesa 1")
    finally:
        server.stop()
