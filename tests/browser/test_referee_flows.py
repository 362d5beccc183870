"""The referee console in a real browser (Debian's chromium through Playwright): a hand with an
undo, a seña added by the referee and then overruled (the game report changes), a showdown
closed with the cards not shown, a new table behind a confirmation and a switch back to the
first one; the video and the messages come back after a server restart; the API pages load
nothing from outside."""

import re

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.test_dashboard import CALLS, NAMES, press_call
from tests.keinu_server import KeinuServer

pytestmark = pytest.mark.browser


def log_entries(page):
    return page.locator("#call-log li:not(.sena-call)")


def set_up(page, name: str) -> None:
    expect(page.locator("#setup")).to_be_visible()
    page.fill("input[name=name]", name)
    for seat, player in NAMES.items():
        page.fill(f"input[name=seat{seat}]", player)
    page.click("#setup-submit")
    expect(page.locator("#status-phase")).to_have_text("mus")


def seat_counts(page, seat: int) -> list[str]:
    page.click("#game-report")
    row = page.locator("dialog.report-dialog table tbody tr").nth(seat - 1)
    expect(row).to_be_visible()
    counts = row.locator("td").all_inner_texts()[1:]
    page.locator("dialog.report-dialog form button").click()
    expect(page.locator("dialog.report-dialog")).to_have_count(0)
    return counts


def test_a_hand_with_an_undo_a_review_a_skipped_showdown_and_a_table_switch(browser, tmp_path):
    server = KeinuServer("--data-dir", str(tmp_path / "data"), "--no-live")
    try:
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        dialogs = []
        page.on("dialog", lambda d: (dialogs.append(d.message), d.accept()))
        page.goto(server.url, wait_until="domcontentloaded")
        set_up(page, "Uno")

        # undo takes the referee's call back
        press_call(page, 1, "m")
        page.keyboard.press("u")
        expect(log_entries(page)).to_have_count(0)
        expect(page.locator("#status-speaks")).to_have_text("Ane (1)")
        for seat, keys in CALLS[:2]:
            press_call(page, seat, keys)

        # a seña the camera missed, added by the referee
        page.select_option("#sena-add-seat", "3")
        page.select_option("#sena-add-gesture", "lip_bite")
        page.click("#sena-add-submit")
        sena = page.locator("#sena-list li.sena")
        expect(sena).to_have_count(1)
        expect(sena).to_have_attribute("data-origin", "referee")
        for seat, keys in CALLS[2:]:
            press_call(page, seat, keys)
        expect(page.locator("#status-phase")).to_have_text("a ver cartas")

        # the review counts: overruled, the seña leaves the report
        before = seat_counts(page, 3)
        assert "1" in before, before
        sena.locator("button.overrule").click()
        expect(page.locator("#sena-list li.sena.reviewed-overruled")).to_have_count(1)
        assert seat_counts(page, 3) == ["0"] * len(before)
        # and can be changed
        page.click("#sena-list li.sena button.change")
        page.click("#sena-list li.sena button.ack")
        expect(page.locator("#sena-list li.sena.reviewed-acknowledged")).to_have_count(1)
        assert seat_counts(page, 3) == before

        # the next hand waits for the cards, or for "cards not shown"
        expect(page.locator("#next-hand")).to_be_disabled()
        page.click("#not-shown")
        expect(page.locator("#closed-note")).to_be_visible()
        # the lances the cards would have paid say they are not paid, not "to be seen"
        expect(page.locator("#report")).to_contain_text("no se cobra")
        expect(page.locator("#report")).not_to_contain_text("por ver")
        expect(page.locator("#next-hand")).to_be_enabled()
        page.click("#next-hand")
        expect(page.locator("#status")).to_contain_text("Mano nº 2")
        press_call(page, 2, "m")

        # a new table only after a confirmation, and back to the first from the list
        dialogs.clear()
        page.click("#new-table")
        assert len(dialogs) == 1
        set_up(page, "Dos")
        expect(page.locator("#table-list option")).to_have_count(2)
        page.select_option("#table-list", label="Uno (#1)")
        expect(page.locator("#status")).to_contain_text("Uno")
        expect(page.locator("#status")).to_contain_text("Mano nº 2")
        expect(log_entries(page)).to_have_count(1)
        assert httpx.get(f"{server.url}/api/tables/active").json()["table"]["name"] == "Uno"
    finally:
        server.stop()


def test_after_a_restart_the_video_and_the_messages_come_back(browser, tmp_path):
    args = ("--data-dir", str(tmp_path / "data"))
    server = KeinuServer(*args)
    try:
        # a browser set to US English: the Spanish page still has no "AM" in its clock
        page = browser.new_page(viewport={"width": 1366, "height": 900}, locale="en-US")
        streams = []
        page.on("request", lambda r: streams.append(r.url) if ".mjpg" in r.url else None)
        page.goto(server.url, wait_until="domcontentloaded")
        set_up(page, "Uno")
        page.wait_for_function(
            "document.querySelector('#page-referee img.stream').naturalWidth > 0"
        )
        opened = len(streams)
        server.stop()
        page.click("#undo")
        expect(page.locator("#call-error")).to_have_text(
            "Sin conexión con el servidor: se reintenta al volver."
        )
        server = KeinuServer(*args, port=server.port)
        expect(page.locator("#call-error")).to_have_text("", timeout=20_000)
        page.wait_for_function(
            "document.querySelector('#page-referee img.stream').naturalWidth > 0", timeout=20_000
        )
        assert len(streams) > opened, "a new stream is opened after the restart"

        # the live picture keeps its height when the column beside it grows taller
        page.click("[data-tab=live]")
        when = page.locator("#feed li .when").first
        expect(when).to_have_text(re.compile(r"^\d\d:\d\d:\d\d$"), timeout=30_000)
        page.wait_for_function(  # the live page's own stream, not yet drawn a moment after
            "document.querySelector('#page-live img.stream').naturalWidth > 0", timeout=20_000
        )
        page.evaluate(
            "for (let i = 0; i < 60; i++) document.getElementById('feed')"
            ".append(Object.assign(document.createElement('li'), {textContent: 'x'}))"
        )
        band = page.evaluate(
            "(() => { const img = document.querySelector('#page-live img.stream');"
            " return img.closest('.card').getBoundingClientRect().height"
            " - img.getBoundingClientRect().height; })()"
        )
        assert band < 4, f"a band of {band} px under the video"
        page.set_viewport_size({"width": 800, "height": 1000})
        expect(page.locator("#health-text .fps")).to_be_visible()
        expect(page.locator("#health-text .fps")).to_contain_text("fps")
    finally:
        server.stop()


def test_the_api_pages_load_nothing_from_outside(browser, tmp_path):
    server = KeinuServer("--data-dir", str(tmp_path / "data"), "--no-live")
    try:
        page = browser.new_page()
        outside, blocked = [], []
        page.on("request", lambda r: outside.append(r.url) if "127.0.0.1" not in r.url else None)
        # the browser refuses what the pages' policy does not allow, before any traffic
        page.on(
            "requestfailed",
            lambda r: blocked.append(r.url) if "csp" in (r.failure or "").lower() else None,
        )
        page.goto(f"{server.url}/docs")
        expect(page.locator(".swagger-ui .info .title")).to_contain_text("keinu")
        page.goto(f"{server.url}/redoc")
        expect(page.locator("h1")).to_contain_text("keinu")
        page.wait_for_load_state("networkidle")
        assert sorted(outside) == sorted(blocked)
    finally:
        server.stop()


def test_the_smaller_things_a_referee_notices(browser, tmp_path):
    server = KeinuServer("--data-dir", str(tmp_path / "data"), "--no-live")
    try:
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        page.goto(server.url, wait_until="domcontentloaded")
        page.click("#lang")  # English: the defaults and the call log speak it too
        expect(page.locator("input[name=name]")).to_have_value("Table 1")
        # the mano's list follows the names as they are typed
        page.fill("input[name=seat3]", "Koldo")
        expect(page.locator("#setup-mano option[value='3']")).to_have_text("3 · Koldo")
        page.select_option("#setup-mano", "3")
        page.fill("input[name=seat1]", "Ane")
        expect(page.locator("#setup-mano")).to_have_value("3")
        page.click("#setup-submit")
        expect(page.locator("#status-speaks")).to_have_text("Koldo (3)")

        # a key that is not legal now says so
        page.keyboard.press("p")
        expect(page.locator("#call-error")).to_contain_text("P: is not legal now")
        press_call(page, 3, "n")
        expect(log_entries(page).first).to_have_text("Koldo: No mus")

        # the call log can hide the señas
        page.select_option("#sena-add-gesture", "wink")
        page.click("#sena-add-submit")
        expect(page.locator("#call-log li.sena-call")).to_be_visible()
        page.check("#log-calls-only")
        expect(page.locator("#call-log li.sena-call")).to_be_hidden()
        expect(log_entries(page)).to_have_count(1)

        # Back returns to the tab it left
        page.click("[data-tab=live]")
        expect(page.locator("#page-live")).to_be_visible()
        page.go_back()
        expect(page.locator("#page-referee")).to_be_visible()
        expect(page.locator("#page-live")).to_be_hidden()
    finally:
        server.stop()


def test_the_token_leaves_the_address_bar_and_a_page_without_it_says_what_to_do(
    browser, tmp_path, monkeypatch
):
    monkeypatch.setenv("KEINU_TOKEN", "a-token-long-enough-for-the-gate")
    server = KeinuServer("--data-dir", str(tmp_path / "data"), "--no-live", health_token=True)
    try:
        page = browser.new_page()
        page.goto(f"{server.url}/?token=a-token-long-enough-for-the-gate#live")
        expect(page.locator("#page-live")).to_be_visible()
        assert page.url == f"{server.url}/#live"
        page.reload()  # the cookie opens the page
        expect(page.locator("#page-live")).to_be_visible()
        stranger = browser.new_page()
        stranger.goto(server.url)
        expect(stranger.locator("body")).to_contain_text("keinu serve")
        expect(stranger.locator("h1")).to_have_text("keinu")
    finally:
        server.stop()


def test_a_drills_cards_go_with_it_and_the_progress_plot_shows_every_point(browser, tmp_path):
    server = KeinuServer("--data-dir", str(tmp_path / "data"), "--no-live")
    try:
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        page.goto(f"{server.url}/#practice", wait_until="domcontentloaded")
        page.fill("#player", "Ane")
        page.click("#drill-hand")
        expect(page.locator("#cards-dealt span")).to_have_count(4)
        page.click("#drill-done")
        expect(page.locator("#attempts li")).to_have_count(1)
        expect(page.locator("#cards-dealt span")).to_have_count(0)
        for target in ("juego_31", "dos_reyes"):
            page.select_option("#drill-target", target)
            page.click("#drill-sena")
            page.click("#drill-done")
        expect(page.locator("#attempts li")).to_have_count(3)
        accuracy = page.locator("#progress svg.chart").first
        # missed señas all sit at 0% in one session: each is still drawn apart (the chart is
        # redrawn after each attempt: wait for the last one's point)
        for target in ("juego_31", "dos_reyes"):
            expect(accuracy.locator(f"circle[data-target={target}]")).to_have_count(1)
        places = accuracy.locator("circle").evaluate_all("cs => cs.map(c => c.getAttribute('cx'))")
        assert len(places) == len(set(places)) >= 2, places
        day = accuracy.locator("text.axis").last.text_content()
        assert day.count("/") == 1, day  # the session's day, not its number
    finally:
        server.stop()


def test_a_drills_answer_coming_after_its_attempt_does_not_bring_it_back(browser, tmp_path):
    """The feed tells the page of a drill before the request that started it is answered: a
    player quick on "Listo" (or a slow answer) has the attempt scored first. The late answer
    then leaves the attempt as it is: no cards of the drill ended, no "Listo" for it."""
    server = KeinuServer("--data-dir", str(tmp_path / "data"), "--no-live")
    try:
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        held = []
        page.route(
            "**/api/practice/drills",
            lambda route: held.append((route, route.fetch())),  # sent, its answer held
        )
        page.goto(f"{server.url}/#practice", wait_until="domcontentloaded")
        page.fill("#player", "Ane")
        page.click("#drill-hand")
        expect(page.locator("#cards-dealt span")).to_have_count(4)  # told by the feed
        page.click("#drill-done")
        expect(page.locator("#attempts li")).to_have_count(1)
        assert len(held) == 1
        route, answer = held[0]
        with page.expect_request_finished(lambda r: r.url.endswith("/api/practice/drills")):
            route.fulfill(response=answer)
        page.wait_for_timeout(300)  # the answer, read and drawn if the page would draw it
        expect(page.locator("#cards-dealt span")).to_have_count(0)
        expect(page.locator("#drill-done")).to_be_disabled()
    finally:
        server.stop()
