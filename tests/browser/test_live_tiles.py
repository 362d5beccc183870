"""A seat tile of the live page, as a club user meets it on `keinu serve` of the bundled sample
table video, in Debian's chromium: a tile whose table names no player asks who sits there before
keeping anything (never under the seat's label), and the name given is the seat's everywhere (the
table's seat, when a table calls it by its label); a seat is calibrated again from its tile, and
what a run of enrolment left to show again is one press away."""

import json
import re

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.test_dashboard import live_tab, serving

pytestmark = pytest.mark.browser

SEAT_LABEL = re.compile(r"^(asiento|seat) *[0-9]+$", re.IGNORECASE)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with serving(tmp_path_factory.mktemp("data")) as url:
        yield url


def practice_posts(page) -> list[tuple[str, str | None]]:
    """Every POST the page makes to a player's practice routes: its path and query after
    ``players/``, and the kind an enrolment window asks for (None for a calibration)."""
    posts: list[tuple[str, str | None]] = []

    def seen(request) -> None:
        if request.method == "POST" and "/api/practice/players/" in request.url:
            kind = json.loads(request.post_data)["kind"] if request.post_data else None
            posts.append((request.url.split("/api/practice/players/")[1], kind))

    page.on("request", seen)
    return posts


def kept_players(url: str) -> list[str]:
    return httpx.get(f"{url}api/practice/players").json()["players"]


def test_a_tile_whose_table_names_nobody_asks_who_sits_there(server, browser):
    page, errors = live_tab(browser, server)
    posts = practice_posts(page)
    tile = page.locator(".seat-tile[data-seat='2']")
    expect(tile.locator(".tile-head b")).to_have_text("Asiento 2")
    expect(tile.locator(".tile-head .who")).to_have_text("¿Quién?")
    tile.locator(".enrol-seat").click()
    dialog = page.locator("dialog.player-dialog")
    expect(dialog.locator("h3")).to_have_text("¿Quién se sienta en el asiento 2?")
    why = dialog.locator(".error")
    dialog.locator("button[value=ok]").click()
    expect(why).to_have_text("el nombre del jugador no puede estar vacío")
    dialog.locator("input").fill("Asiento 2")
    dialog.locator("input").press("Enter")
    expect(why).to_have_text(
        "«Asiento 2» es el nombre de un asiento, no de un jugador: escribe el de quien se sienta"
        " en él"
    )
    dialog.locator("button[value=cancel]").click()
    expect(dialog).to_have_count(0)
    assert posts == []  # nothing was asked of the seat

    expect(tile.locator(".calib small")).to_have_text("calibrado", timeout=60_000)
    tile.locator(".enrol-seat").click()
    dialog.locator("input").fill("  Bego ")
    dialog.locator("input").press("Enter")
    expect(dialog).to_have_count(0)
    expect(tile.locator(".tile-head b")).to_have_text("Bego")
    expect(tile.locator(".tile-head .who")).to_have_text("Cambiar")
    state = tile.locator(".enrol-state")
    expect(state).to_contain_text("hazlo ahora", timeout=60_000)
    expect(state).not_to_contain_text("Habla y mira tus cartas", timeout=30_000)  # talking kept
    assert kept_players(server) == ["Bego"]
    assert posts[0] == ("Bego/enrol?seat=2", "rest")
    # the name given is the seat's: it is asked no more, and it may be changed once the
    # enrolment under way lets it (slow on a loaded machine)
    expect(tile.locator(".tile-head .who")).to_be_enabled(timeout=120_000)
    tile.locator(".tile-head .who").click()
    expect(dialog.locator("input")).to_have_value("Bego")
    dialog.locator("button[value=cancel]").click()
    expect(state).to_contain_text("señas aprendidas", timeout=60_000)
    assert {path for path, _ in posts} == {"Bego/enrol?seat=2"}, posts
    assert not any(SEAT_LABEL.match(name) for name in kept_players(server))
    assert errors == []


def test_a_seat_whose_rest_was_guessed_is_calibrated_again_from_its_tile(server, browser):
    # The sample's first player never rests her face: her rest is guessed, and said so.
    page, errors = live_tab(browser, server)
    posts = practice_posts(page)
    tile = page.locator(".seat-tile[data-seat='1']")
    calib = tile.locator(".calib")
    expect(calib.locator("small")).to_contain_text(
        "sin verla en reposo: vuelve a calibrar con la cara relajada", timeout=60_000
    )
    calib.locator("button.recalibrate").click()
    dialog = page.locator("dialog.player-dialog")
    dialog.locator("input").fill("Ane")
    dialog.locator("button[value=ok]").click()
    expect(calib.locator("small")).to_contain_text("calibrando")
    assert posts == [("Ane/calibrate?seat=1", None)]
    assert httpx.get(f"{server}api/practice/players/Ane").json()["calibration"]["started_ms"]
    page.click("#lang")
    expect(calib.locator("button.recalibrate")).to_have_text("Calibrate again")
    assert errors == []


def test_what_a_run_left_to_show_again_is_one_press_away(server, browser):
    # The sample's third player rests with her eyes narrowed: her tile asks to learn her eye
    # señas; whatever the looping clip shows in those windows, a kind not seen (or a closure
    # learnt without a look at the cards) is offered again, and only what is missing is asked.
    page, errors = live_tab(browser, server)
    posts = practice_posts(page)
    tile = page.locator(".seat-tile[data-seat='3']")
    tile.locator(".enrol-eyes").click(timeout=60_000)
    page.locator("dialog.player-dialog input").fill("Koldo")
    page.locator("dialog.player-dialog input").press("Enter")
    state = tile.locator(".enrol-state")
    expect(state).to_contain_text("señas aprendidas", timeout=60_000)
    saved = httpx.get(f"{server}api/practice/players/Koldo").json()["calibration"]
    said = state.inner_text()
    retry = tile.locator(".enrol-retry")
    if not saved["missed"] and "mirar las cartas" not in said:
        expect(retry).to_have_count(0)
        return
    expect(retry).to_have_text("Repetir lo que falta")
    page.click("#lang")  # the run's outcome is said again in English
    expect(state).to_contain_text("señas learnt")
    expect(retry).to_have_text("Repeat what is missing")
    posts.clear()
    retry.click()
    expect(state).to_contain_text("do it now", timeout=30_000)
    expect(state).to_contain_text("señas learnt", timeout=60_000)
    assert {path for path, _ in posts} == {"Koldo/enrol?seat=3"}, posts
    asked = [kind for _, kind in posts]
    assert asked[0] == "rest" and sorted(asked[1:]) == sorted(saved["missed"]), asked
    assert errors == []


def test_a_table_that_names_its_players_is_not_asked_again(browser, tmp_path):
    with serving(tmp_path) as url:
        seats = [
            {"seat": 1, "name": "Ane", "source": "cam1"},
            {"seat": 2, "name": "Bego", "source": "cam1"},
            {"seat": 3, "name": "Asiento 3", "source": "cam1"},  # the setup's default
            {"seat": 4, "name": "Asiento 4", "source": "cam1"},
        ]
        assert httpx.post(f"{url}api/tables", json={"seats": seats}).status_code == 201
        page, errors = live_tab(browser, url)
        posts = practice_posts(page)
        first = page.locator(".seat-tile[data-seat='1']")
        expect(first.locator(".tile-head b")).to_have_text("Ane")
        expect(first.locator(".tile-head .who")).to_have_count(0)
        with page.expect_request(lambda r: r.method == "POST" and "/calibrate" in r.url):
            first.locator(".recalibrate").click()
        assert posts == [("Ane/calibrate?seat=1", None)]
        expect(page.locator("dialog.player-dialog")).to_have_count(0)
        third = page.locator(".seat-tile[data-seat='3']")
        expect(third.locator(".tile-head .who")).to_have_text("¿Quién?")
        third.locator(".recalibrate").click()
        expect(page.locator("dialog.player-dialog")).to_have_count(1)
        assert errors == []


def test_without_live_video_a_tile_offers_nothing_to_calibrate_or_teach(page):
    page.click("[data-tab=live]")
    expect(page.locator("#seat-tiles .seat-tile")).to_have_count(4)
    expect(page.locator(".seat-tile").first).to_contain_text("sin cara")
    controls = ".seat-tile button"
    expect(page.locator(controls)).to_have_count(0)


def name_on_tile(page, seat: int, name: str) -> None:
    tile = page.locator(f".seat-tile[data-seat='{seat}']")
    tile.locator(".tile-head .who").click()
    page.locator("dialog.player-dialog input").fill(name)
    page.locator("dialog.player-dialog input").press("Enter")


def test_a_name_given_on_a_tile_is_the_seats_on_a_reload_another_tab_and_the_picture(
    browser, tmp_path
):
    with serving(tmp_path) as url:
        page, errors = live_tab(browser, url)
        name_on_tile(page, 4, "Unai")
        expect(page.locator("dialog.player-dialog")).to_have_count(0)
        other, other_errors = live_tab(browser, url)
        for shown in (page, other):
            tile = shown.locator(".seat-tile[data-seat='4']")
            expect(tile.locator(".tile-head b")).to_have_text("Unai")
            expect(shown.locator(".stream-labels .stream-seat[data-seat='4']")).to_contain_text(
                "Asiento 4 · Unai", timeout=30_000
            )
        page.reload(wait_until="domcontentloaded")
        page.click("[data-tab=live]")
        tile = page.locator(".seat-tile[data-seat='4']")
        expect(tile.locator(".tile-head b")).to_have_text("Unai")
        # a table set up after, calling the seat by its label, names it; its tile offers the name
        seats = [{"seat": s, "name": f"Asiento {s}"} for s in (1, 2, 3, 4)]
        assert httpx.post(f"{url}api/tables", json={"seats": seats}).status_code == 201
        expect(tile.locator(".tile-head b")).to_have_text("Asiento 4")
        tile.locator(".tile-head .who").click()
        expect(page.locator("dialog.player-dialog input")).to_have_value("Unai")
        assert errors == other_errors == []


def test_a_name_given_on_a_tile_names_the_tables_seat_never_over_another(browser, tmp_path):
    with serving(tmp_path) as url:
        seats = [{"seat": s, "name": f"Asiento {s}", "source": "cam1"} for s in (1, 2, 3, 4)]
        assert httpx.post(f"{url}api/tables", json={"seats": seats}).status_code == 201
        page, errors = live_tab(browser, url)
        name_on_tile(page, 2, "Bego")
        tile = page.locator(".seat-tile[data-seat='2']")
        expect(tile.locator(".tile-head b")).to_have_text("Bego")
        expect(tile.locator(".tile-head .who")).to_have_count(0)  # the table names her now
        page.click("[data-tab=referee]")
        expect(page.locator("#seat-picker [data-seat='2'] .name")).to_have_text("Bego")
        table = httpx.get(f"{url}api/tables/active").json()["table"]
        names = [s["name"] for s in table["seats"]]
        assert names == ["Asiento 1", "Bego", "Asiento 3", "Asiento 4"]

        # another tab named seat 3 while this one was asking: it is said, not overwritten
        page.click("[data-tab=live]")
        page.locator(".seat-tile[data-seat='3'] .tile-head .who").click()
        dialog = page.locator("dialog.player-dialog")
        expect(dialog.locator("p").first).to_contain_text("y de la mesa en juego")
        dialog.locator("input").fill("Itziar")
        named = httpx.put(f"{url}api/live/seats/3/player", json={"name": "Koldo"})
        assert named.status_code == 200
        dialog.locator("input").press("Enter")
        expect(dialog.locator(".error")).to_have_text(
            "En la mesa «Mesa» el asiento 3 es de Koldo: esta mesa ya dice quién se sienta ahí."
        )
        dialog.locator("button[value=cancel]").click()
        expect(page.locator(".seat-tile[data-seat='3'] .tile-head b")).to_have_text("Koldo")
        table = httpx.get(f"{url}api/tables/active").json()["table"]
        assert table["seats"][2]["name"] == "Koldo"
        assert errors == []


def test_the_names_given_on_the_tiles_fill_the_referees_setup(page):
    """Players name themselves on the tiles before any table: the setup offers each name for its
    seat, at once and after a reload; a name the referee typed stays his."""
    url = page.url.split("#")[0].rstrip("/")
    seat = page.locator("#setup-seats input[name=seat2]")
    expect(seat).to_have_value("Asiento 2")
    given = httpx.put(f"{url}/api/live/seats/2/player", json={"name": "Bego"})
    assert given.status_code == 200, given.text
    expect(seat).to_have_value("Bego")
    expect(page.locator("#setup [name=mano] option").nth(1)).to_contain_text("Bego")
    page.fill("#setup-seats input[name=seat3]", "Itziar")
    httpx.put(f"{url}/api/live/seats/3/player", json={"name": "Koldo"}).raise_for_status()
    expect(seat).to_have_value("Bego")
    page.wait_for_timeout(300)  # the message read and the setup drawn again
    expect(page.locator("#setup-seats input[name=seat3]")).to_have_value("Itziar")
    page.reload(wait_until="domcontentloaded")
    expect(seat).to_have_value("Bego")
    expect(page.locator("#setup-seats input[name=seat3]")).to_have_value("Koldo")


# Keeps in window.heard each message of the feed the page has handled, as it came.
HEARD = """() => {
  const Native = window.WebSocket;
  window.heard = [];
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      // the page's own handler runs in the same dispatch: kept once it has run
      this.addEventListener("message", (event) => setTimeout(() => window.heard.push(event.data)));
    }
  };
}"""

#: Whether the page has handled a message that says ``word``, then scores after it.
HEARD_THEN_SCORES = """(word) => {
  const at = window.heard.findIndex((text) => text.includes(word));
  return at >= 0 && window.heard.slice(at + 1).some((text) => JSON.parse(text).type === "scores");
}"""


def test_a_button_focused_on_one_tile_keeps_the_focus_while_another_seat_changes(server, browser):
    # The scores come several times a second and any seat's state changes with them: a
    # keyboard's user tabbed to seat 4's button must not lose it when seat 3 is named.
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.add_init_script(f"({HEARD})()")
    page.goto(server, wait_until="domcontentloaded")
    page.click("[data-tab=live]")
    named = httpx.put(f"{server}api/live/seats/4/player", json={"name": "Unai"})
    assert named.status_code == 200, named.text
    expect(page.locator(".seat-tile[data-seat='4'] .tile-head b")).to_have_text("Unai")
    button = page.locator(".seat-tile[data-seat='4'] button.recalibrate")
    button.focus()
    named = httpx.put(f"{server}api/live/seats/3/player", json={"name": "Xabi"})
    assert named.status_code == 200, named.text
    # the page has handled the news, and the scores after it (which draw the tiles)
    page.wait_for_function(HEARD_THEN_SCORES, arg="Xabi")
    expect(page.locator(".seat-tile[data-seat='3'] .tile-head b")).to_have_text("Xabi")
    expect(button).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".seat-tile[data-seat='4'] .calib small")).to_contain_text("calibrando")
    assert errors == []


def test_a_press_on_a_tiles_button_is_kept_while_the_tile_is_drawn_again(server, browser):
    """A tile is drawn again whenever its seat changes (several times a second while a player
    talks or calibrates). A hand pressing one of its buttons meanwhile still presses it: a
    button made anew under the pointer would take no click."""
    page, errors = live_tab(browser, server)
    posts = practice_posts(page)
    tile = page.locator(".seat-tile[data-seat='2']")  # the sample's seat with no warning
    button = tile.locator(".enrol-seat")
    expect(tile.locator(".calib small")).to_have_text("calibrado", timeout=60_000)
    expect(button).to_be_enabled()
    box = button.bounding_box()  # where the button stays: pressed elsewhere, nothing is clicked
    for _ in range(20):
        page.wait_for_timeout(300)
        if (now := button.bounding_box()) == box:
            break
        box = now
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    named = httpx.put(f"{server}api/live/seats/2/player", json={"name": "Karmele"})
    assert named.status_code == 200, named.text
    expect(tile.locator(".tile-head b")).to_have_text("Karmele")  # drawn again, pressed
    page.mouse.up()
    for _ in range(100):
        if posts:
            break
        page.wait_for_timeout(50)
    assert posts and posts[0][0].startswith("Karmele/"), posts  # Karmele's señas asked for
    assert errors == []
