"""The review page of a session recorded without video (recording is off by default), in Debian's
chromium at a laptop's and a small window's size: each lane's name keeps a gutter no mark enters,
a band's label shows only where it fits whole (never running into the next), a notice stands
where there is no video to play, and gestures, señas, verdicts and lances carry the dashboard's
names in its language."""

from __future__ import annotations

import re
import time

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.overflow import overflowing
from tests.browser.test_dashboard import NAMES
from tests.browser.test_review import clock_text
from tests.keinu_server import KeinuServer

pytestmark = pytest.mark.browser
SEATS = [{"seat": seat, "name": name} for seat, name in NAMES.items()]
# The worked example of tests/records (10-10 at the showdown), with three señas made at once at
# the hand's start: seat 3's true two kings, seat 1's false ones, seat 4's head tilt that the
# standard profile does not list. The grande lasts long enough to be read; the lances after it
# are called in a burst, each too brief on the timeline for its name.
OPENING = [[1, "mus"], [2, "no hay mus"], [3, "sena lip_bite center"], [1, "sena lip_bite center"]]
OPENING += [[4, "sena head_tilt left"], [1, "paso"]]
REST = [[2, "paso"], [3, "paso"], [4, "envido 5"], [1, "quiero"]]
REST += [[1, "envido"], [2, "sube 4"], [3, "ordago"], [2, "no quiero"], [4, "no quiero"]]
REST += [[1, "pares si"], [2, "pares si"], [3, "pares si"], [4, "pares si"]]
REST += [[1, "paso"], [2, "paso"], [3, "paso"], [4, "paso"]]
REST += [[1, "juego no"], [2, "juego si"], [3, "juego si"], [4, "juego si"]]
REST += [[2, "paso"], [3, "paso"], [4, "paso"]]
SHOWN = {"1": ["7", "7", "2", "1"], "2": ["3", "3", "S", "2"]}
SHOWN |= {"3": ["R", "R", "S", "1"], "4": ["C", "C", "C", "6"]}

# What the page draws that should not meet: a lane's name and a mark, two labels, a label
# and its band's edge (a label cut off by its band runs into the next band's).
OVERLAPS = """() => {
  const box = (el) => el.getBoundingClientRect();
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
    && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const textBox = (el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return range.getBoundingClientRect();
  };
  const names = [...document.querySelectorAll("#timeline .lane-name")];
  const marks = [...document.querySelectorAll("#timeline .item, #timeline .tick")];
  const problems = [];
  for (const name of names) {
    for (const mark of marks) {
      if (meet(box(name), box(mark))) problems.push(`${mark.className} over «${name.textContent}»`);
    }
  }
  const labels = [...document.querySelectorAll("#timeline .band")].filter((b) => b.textContent);
  for (const band of labels) {
    const text = textBox(band), edge = box(band);
    if (text.left < edge.left - 0.5 || text.right > edge.right + 0.5) {
      problems.push(`«${band.textContent}» cut off`);
    }
    for (const name of names) {
      if (meet(text, textBox(name))) problems.push(`«${band.textContent}» over a lane's name`);
    }
  }
  labels.forEach((a, i) => labels.slice(i + 1).forEach((b) => {
    if (meet(textBox(a), textBox(b))) problems.push(`«${a.textContent}» into «${b.textContent}»`);
  }));
  return problems;
}"""


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    """A server with table 1's hand played as above, and no video recorded."""
    server = KeinuServer("--no-live", "--data-dir", str(tmp_path_factory.mktemp("data")))
    try:
        table = httpx.post(f"{server.url}/api/tables", json={"seats": SEATS}).json()
        calls = f"{server.url}/api/hands/{table['current']['hand']['id']}/calls"
        for seat, text in OPENING:
            httpx.post(calls, json={"seat": seat, "text": text}).raise_for_status()
        time.sleep(1.5)
        for seat, text in REST:
            httpx.post(calls, json={"seat": seat, "text": text}).raise_for_status()
        shown = calls.replace("/calls", "/shown")
        httpx.put(shown, json={"hands": SHOWN}).raise_for_status()
        yield server
    finally:
        server.stop()


def open_review(browser, url: str, size: tuple[int, int], lang: str):
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{url}/static/review.html", wait_until="domcontentloaded")
    page.evaluate(f"localStorage.setItem('keinu.lang', '{lang}')")
    page.goto(f"{url}/review?session=table-1", wait_until="domcontentloaded")
    expect(page.locator("#timeline .sena")).to_have_count(3)
    return page, errors


def shown_labels(page) -> list[str]:
    return [text for text in page.locator("#timeline .band").all_inner_texts() if text]


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_the_timeline_keeps_its_lane_names_and_labels_apart(session, browser, size):
    page, errors = open_review(browser, session.url, size, "es")
    assert page.evaluate(OVERLAPS) == []
    labels = shown_labels(page)
    assert {"mano 1", "grande", "juego"} <= set(labels)
    assert not any("hand" in label or "_" in label for label in labels)
    # a lance too brief for its name has it as its tooltip
    lances = page.locator("#timeline .band.lance")
    titles = lances.evaluate_all("bands => bands.map((b) => b.title)")
    assert {"mano 1 · chica", "mano 1 · pares (declaración)", "mano 1 · juego"} <= set(titles)
    page.set_viewport_size({"width": size[0] - 150, "height": size[1]})  # labels refit
    page.wait_for_timeout(200)
    assert page.evaluate(OVERLAPS) == []
    assert errors == []
    page.close()


def test_a_session_without_video_says_so_instead_of_an_empty_player(session, browser):
    page, errors = open_review(browser, session.url, (1280, 720), "es")
    expect(page.locator("#no-video")).to_be_visible()
    expect(page.locator("#no-video")).to_contain_text("no tiene vídeo grabado")
    for control in ["#video", "#frame-back", "#frame-fwd", "#speed", "#clip"]:
        expect(page.locator(control)).to_be_hidden()
    page.keyboard.press("k")  # the señas are still reviewed one by one
    expect(page.locator("#detail-title")).to_be_visible()
    for key in [" ", ".", "]"]:  # with nothing to play, these do nothing
        page.keyboard.press(key)
    box = page.locator("#cursor-area").bounding_box()  # a click on a seat's lane: the clock follows
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] - 4)
    expect(page.locator("#clock")).not_to_have_text("0:00,0")
    assert errors == []
    page.close()


def test_the_review_page_names_things_as_the_dashboard_does(session, browser):
    page, errors = open_review(browser, session.url, (1280, 720), "es")
    expect(page.locator("#kind-filter option")).to_have_text(
        ["todos", "ladear la cabeza", "morderse el labio"]
    )
    expect(page.locator("#verdict-filter option")).to_have_text(
        ["todos", "falsa", "fuera de catálogo", "legal"]
    )
    expect(page.locator("#timeline .lane-name").first).to_have_text("manos")
    page.keyboard.press("k")
    expect(page.locator("#detail-title")).to_have_text(
        "Asiento 3: dos reyes · morderse el labio (centro) · legal"
    )
    expect(page.locator("#detail-reason")).to_contain_text("seña legal y verdadera")
    page.select_option("#verdict-filter", "not_in_catalogue")
    page.keyboard.press("k")
    expect(page.locator("#detail-title")).to_have_text(
        "Asiento 4: «ladear la cabeza (izquierda)» · fuera de catálogo"
    )  # its reason quotes the gesture by the same name, not by its key («head_tilt left»)
    expect(page.locator("#detail-reason")).to_contain_text(
        "«ladear la cabeza (izquierda)» no es una seña del perfil"
    )
    page.click("#acknowledge")
    expect(page.locator("#detail-review")).to_have_text("reconocida")
    page.close()

    page, errors_en = open_review(browser, session.url, (1280, 720), "en")
    expect(page.locator("#kind-filter option")).to_have_text(["all", "head tilt", "lip bite"])
    expect(page.locator("#verdict-filter option")).to_have_text(
        ["all", "false", "legal", "not in catalogue"]
    )
    assert {"hand 1", "grande", "juego"} <= set(shown_labels(page))
    expect(page.locator("#no-video")).to_contain_text("no recorded video")
    page.keyboard.press("k")
    expect(page.locator("#detail-title")).to_have_text(
        "Seat 3: dos reyes · lip bite (centre) · legal"
    )
    expect(page.locator("#detail-reason")).to_contain_text("legal and true")
    page.select_option("#verdict-filter", "not_in_catalogue")
    page.keyboard.press("k")
    expect(page.locator("#detail-reason")).to_contain_text(
        "«head tilt (left)» is not a seña of the"
    )
    assert errors == errors_en == []
    page.close()


SWITCH_LANG = "(lang) => import('/static/i18n.js').then(({ switchLang }) => switchLang(lang))"


def test_the_review_writes_its_times_and_speeds_in_the_pages_language(session, browser):
    """The clock, the calls' moments and the speeds as the page's language writes them ("0:01,6",
    "1,5" in Spanish; "0:01.6", "1.5" in English), written anew when the language is switched."""
    page, errors = open_review(browser, session.url, (1280, 720), "es")
    senas = httpx.get(f"{session.url}/api/review/table-1").json()["timeline"]["senas"]
    first = min(sena["start_ms"] for sena in senas)
    page.keyboard.press("k")  # to the first seña: the clock on its moment
    ticks = page.locator("#timeline .tick")
    for lang, speeds, moment in [
        ("es", ["0,25", "0,5", "1", "1,5", "2"], r"^\d+:\d\d,\d · "),
        ("en", ["0.25", "0.5", "1", "1.5", "2"], r"^\d+:\d\d\.\d · "),
    ]:
        page.evaluate(SWITCH_LANG, lang)
        expect(page.locator("#clock")).to_have_text(clock_text(first, lang))
        expect(page.locator("#speed option")).to_have_text(speeds)
        titles = ticks.evaluate_all("ticks => ticks.map((tick) => tick.title)")
        assert titles and all(re.match(moment, title) for title in titles), titles
    assert errors == []
    page.close()


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_long_names_and_notes_stay_inside_the_review(tmp_path, browser, size):
    """A table's name, players' names and a referee's note with no space in them: the review page
    stays as wide as a laptop's window and a phone's, each text inside its box."""
    server = KeinuServer("--no-live", "--data-dir", str(tmp_path / "data"))
    try:
        seats = [
            seat | {"name": ("W" * 40, "Bartolomé" + "x" * 31)[seat["seat"] % 2]} for seat in SEATS
        ]
        table = httpx.post(f"{server.url}/api/tables", json={"name": "M" * 40, "seats": seats})
        calls = f"{server.url}/api/hands/{table.json()['current']['hand']['id']}/calls"
        for seat, text in OPENING:
            httpx.post(calls, json={"seat": seat, "text": text}).raise_for_status()
        page, errors = open_review(browser, server.url, size, "es")
        page.keyboard.press("k")
        page.fill("#note", "n" * 300)
        page.click("#acknowledge")
        expect(page.locator("#detail-review")).to_contain_text("nnnn")
        assert overflowing(page) == {"page": size[0], "window": size[0], "out": []}
        assert errors == []
        page.close()
    finally:
        server.stop()
