"""What a referee or a player did without meaning to is asked or said, in a real browser
(Debian's chromium): undoing past the end of a hand asks first, "Done" is off with no drill to
end, and a setup the browser itself refuses leaves no older refusal of the server on screen."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect

from tests.api.table_examples import EXAMPLE_HANDS, SEATS

pytestmark = pytest.mark.browser


def base(page) -> str:
    return page.url.split("#")[0].rstrip("/")


def test_undoing_past_the_end_of_a_hand_asks_first(page):
    url = base(page)
    hand_id = httpx.post(f"{url}/api/tables", json={"seats": SEATS}).json()["current"]["hand"]["id"]
    for seat, text in [(1, "no hay mus"), (1, "ordago"), (2, "quiero")]:
        httpx.post(f"{url}/api/hands/{hand_id}/calls", json={"seat": seat, "text": text})
    httpx.put(f"{url}/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS})
    page.reload(wait_until="domcontentloaded")
    expect(page.locator("#status-phase")).to_have_text("terminada")
    asked: list[str] = []

    def answer(dialog, accept: bool) -> None:
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda dialog: answer(dialog, False))
    page.keyboard.press("u")
    page.wait_for_timeout(300)
    assert asked == [
        "La mano 1 terminó (1-3 0 – 2-4 40). ¿Deshacer las cartas anotadas para corregirlas? Lo"
        " que pagaron deja de contar hasta que se vuelvan a anotar."
    ]
    expect(page.locator("#status-phase")).to_have_text("terminada")
    page.once("dialog", lambda dialog: answer(dialog, True))
    page.click("#undo")
    # the cards taken back: the órdago seen waits for them, nothing paid yet
    expect(page.locator("#status-phase")).to_have_text("a ver cartas")
    expect(page.locator("#status-score")).to_have_text("1-3 0 – 2-4 0")
    assert len(asked) == 2
    page.keyboard.press("u")  # within the hand: no question
    expect(page.locator("#status-phase")).to_have_text("grande")
    expect(page.locator("#status-bet")).to_have_text("Órdago")
    page.keyboard.press("u")
    expect(page.locator("#status-bet")).to_have_text("—")
    assert len(asked) == 2


def test_a_setup_the_browser_refuses_clears_the_last_refusal(page):
    expect(page.locator("#setup-game option")).not_to_have_count(0)
    page.fill("#setup input[name=name]", "   ")
    page.click("#setup-submit")
    expect(page.locator("#setup-error")).to_have_text(
        "Nombre de la mesa: escribe al menos un carácter"
    )
    page.fill("#setup input[name=seat3]", "")  # required: the browser refuses it, nothing is sent
    page.click("#setup-submit")
    expect(page.locator("#setup-error")).to_be_empty()


def test_done_is_off_while_no_drill_runs(page):
    page.goto(f"{base(page)}#practice", wait_until="domcontentloaded")
    done = page.locator("#drill-done")
    expect(done).to_be_disabled()
    page.fill("#player", "Ane")  # nothing is practised under no name
    page.click("#drill-sena")
    expect(page.locator("#prompt .prompt-big")).to_be_visible()
    expect(done).to_be_enabled()
    done.click()
    expect(page.locator("#attempts li")).to_have_count(1)
    expect(done).to_be_disabled()


def test_a_hand_whose_acta_is_signed_offers_no_undo_and_says_why(page):
    """The acta signed while the page shows the hand: Deshacer, the calls, the seña to add and
    the reviews go; the status says who signed; U says why nothing is undone, in both languages."""
    url = base(page)
    state = httpx.post(f"{url}/api/tables", json={"seats": SEATS}).json()
    hand_id = state["current"]["hand"]["id"]
    for seat, text in [(1, "mus"), (2, "no hay mus"), (3, "sena lip_bite center"), (1, "paso")]:
        httpx.post(f"{url}/api/hands/{hand_id}/calls", json={"seat": seat, "text": text})
    page.reload(wait_until="domcontentloaded")
    expect(page.locator("#undo")).to_be_visible()
    expect(page.locator(".review-controls")).to_have_count(1)
    signed = httpx.post(
        f"{url}/api/tables/{state['table']['id']}/games/1/acta",
        json={"referee": "Maite", "unfinished": True},
    )
    assert signed.status_code == 201, signed.text
    expect(page.locator("#status-signed")).to_have_text(
        "Acta de la partida 1 firmada por Maite: la mano queda como se firmó"
    )
    for hidden in ("#undo", "#actions", "#seat-picker", "#sena-add"):
        expect(page.locator(hidden)).to_be_hidden()
    expect(page.locator(".review-controls")).to_have_count(0)
    asked: list[str] = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.keyboard.press("u")
    expect(page.locator("#call-error")).to_have_text(
        "El acta de la partida 1 está firmada por Maite: la mano 1 queda como se firmó."
    )
    page.click("#lang")
    expect(page.locator("#call-error")).to_have_text(
        "The report of game 1 is signed by Maite: hand 1 stays as signed."
    )
    expect(page.locator("#status-signed")).to_have_text(
        "Report of game 1 signed by Maite: the hand stays as signed"
    )
    assert asked == []
    calls = httpx.get(f"{url}/api/hands/{hand_id}").json()["view"]["calls"]
    assert [text for _, text, *_ in calls][-1] == "paso"


def test_the_cards_shown_are_those_the_hand_has_after_they_change_elsewhere(page):
    """Cards taken back here and entered, or corrected, from another device: the settled hand
    shows the cards it has now, not those the picker held."""
    url = base(page)
    hand_id = httpx.post(f"{url}/api/tables", json={"seats": SEATS}).json()["current"]["hand"]["id"]
    for seat, text in [(1, "no hay mus"), (1, "ordago"), (2, "quiero")]:
        httpx.post(f"{url}/api/hands/{hand_id}/calls", json={"seat": seat, "text": text})
    wrong = EXAMPLE_HANDS | {"3": ["R", "7", "S", "1"]}
    httpx.put(f"{url}/api/hands/{hand_id}/shown", json={"hands": wrong})
    page.reload(wait_until="domcontentloaded")
    koldo = page.locator('#picker .slot[data-seat="3"]')
    expect(koldo).to_have_text(["R", "7", "S", "1"])
    page.once("dialog", lambda dialog: dialog.accept())
    page.keyboard.press("u")
    expect(page.locator("#status-phase")).to_have_text("a ver cartas")
    expect(koldo).to_have_text(["R", "7", "S", "1"])  # offered again, to be corrected
    httpx.put(f"{url}/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS})
    expect(page.locator("#status-phase")).to_have_text("terminada")
    expect(koldo).to_have_text(["R", "R", "S", "1"])
    corrected = httpx.post(f"{url}/api/hands/{hand_id}/shown/correction", json={"hands": wrong})
    assert corrected.status_code == 200, corrected.text
    expect(koldo).to_have_text(["R", "7", "S", "1"])
