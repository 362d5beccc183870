"""A referee's wrong card and a match's end on the referee page, in Debian's chromium: Deshacer
after the showdown gives the cards back to the picker to correct, "Corregir cartas" corrects a
settled hand or the one before the hand just dealt, the report says what was corrected, and the
status counts the games won, the score in amarracos and, once the match is won, who won it with
no "Siguiente mano" left to press."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect

from tests.api.table_examples import EXAMPLE_CALLS, EXAMPLE_HANDS, SEATS

pytestmark = pytest.mark.browser

#: Seat 3 (Koldo) entered as R 7 S 1 instead of R R S 1: 9-10 instead of the example's 10-10.
WRONG = EXAMPLE_HANDS | {"3": ["R", "7", "S", "1"]}


def base(page) -> str:
    return page.url.split("#")[0].rstrip("/")


def settled_with(page, hands) -> int:
    """A table of SEATS whose hand 1 is the worked example shown with ``hands``, on the page."""
    url = base(page)
    hand_id = httpx.post(f"{url}/api/tables", json={"seats": SEATS}).json()["current"]["hand"]["id"]
    for seat, text in EXAMPLE_CALLS:
        httpx.post(f"{url}/api/hands/{hand_id}/calls", json={"seat": seat, "text": text})
    shown = httpx.put(f"{url}/api/hands/{hand_id}/shown", json={"hands": hands})
    assert shown.status_code == 200, shown.text
    page.reload(wait_until="domcontentloaded")
    expect(page.locator("#status-phase")).to_have_text("terminada")
    return hand_id


def koldos_cards(page) -> list[str]:
    return page.locator("#picker .pick-row").nth(2).locator(".slot").all_inner_texts()


def put_a_rey_in_koldos_second_slot(page) -> None:
    page.click("#picker .pick-row:nth-child(3) .slot[data-slot='1']")
    page.keyboard.press("r")
    assert koldos_cards(page) == ["R", "R", "S", "1"]


def test_undo_after_the_showdown_gives_the_cards_back_to_correct(page):
    settled_with(page, WRONG)
    expect(page.locator("#status-score")).to_have_text("1-3 9 – 2-4 10")
    expect(page.locator("#status-amarracos")).to_have_text("1 amarraco y 4 – 2 amarracos")
    expect(page.locator("#report")).to_contain_text("Declaraciones falsas: Koldo: «pares si»")
    expect(page.locator("#show-submit")).to_be_hidden()
    expect(page.locator("#picker .slot").first).to_be_disabled()
    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.keyboard.press("u")
    expect(page.locator("#status-phase")).to_have_text("a ver cartas")
    assert asked == [
        "La mano 1 terminó (1-3 9 – 2-4 10). ¿Deshacer las cartas anotadas para corregirlas? Lo"
        " que pagaron deja de contar hasta que se vuelvan a anotar."
    ]
    expect(page.locator("#show-submit")).to_be_visible()
    assert koldos_cards(page) == ["R", "7", "S", "1"]  # as they were, to correct
    page.reload(wait_until="domcontentloaded")  # the cards come back from the server too
    expect(page.locator("#show-submit")).to_be_visible()
    assert koldos_cards(page) == ["R", "7", "S", "1"]
    put_a_rey_in_koldos_second_slot(page)
    page.click("#show-submit")
    expect(page.locator("#status-score")).to_have_text("1-3 10 – 2-4 10")
    expect(page.locator("#report .flag")).to_have_count(0)
    expect(page.locator("#report .corrections")).to_contain_text("deshechas: antes Koldo R 7 S 1")


def test_a_settled_hand_and_the_one_before_a_new_deal_are_corrected(page):
    settled_with(page, WRONG)
    expect(page.locator("#not-shown")).to_be_hidden()
    page.click("#show-correct")
    expect(page.locator("#show-title")).to_have_text("Corrigiendo las cartas de la mano 1")
    page.fill("#correction-referee", "Maite")
    page.fill("#correction-note", "Koldo tenía dos reyes")
    put_a_rey_in_koldos_second_slot(page)
    page.click("#show-submit")
    expect(page.locator("#status-score")).to_have_text("1-3 10 – 2-4 10")
    expect(page.locator("#show-title")).to_have_text("Cartas a la vista")
    expect(page.locator("#report .corrections")).to_contain_text(
        "corregidas (Maite «Koldo tenía dos reyes»): antes Koldo R 7 S 1"
    )
    expect(page.locator(".sena .badge")).to_have_text("legal")

    # wrong again, and a hand dealt before anyone noticed: corrected from hand 2
    page.click("#show-correct")
    page.click("#picker .pick-row:nth-child(3) .slot[data-slot='1']")
    page.keyboard.press("7")
    page.click("#show-submit")
    expect(page.locator("#status-score")).to_have_text("1-3 9 – 2-4 10")
    page.click("#next-hand")
    expect(page.locator("#status")).to_contain_text("Mano nº 2")
    expect(page.locator("#showdown")).to_be_hidden()
    expect(page.locator("#correct-previous")).to_have_text("Corregir las cartas de la mano 1")
    page.click("#correct-previous")
    expect(page.locator("#show-title")).to_have_text("Corrigiendo las cartas de la mano 1")
    assert koldos_cards(page) == ["R", "7", "S", "1"]
    put_a_rey_in_koldos_second_slot(page)
    page.click("#show-submit")
    expect(page.locator("#showdown")).to_be_hidden()
    expect(page.locator("#status")).to_contain_text("Mano nº 2")
    expect(page.locator("#status-score")).to_have_text("1-3 10 – 2-4 10")  # hand 2 starts there
    page.keyboard.press("m")  # Bego, the mano, says mus: hand 2 has begun
    expect(page.locator("#call-log li")).to_have_count(1)
    expect(page.locator("#correct-previous")).to_be_hidden()


def ordago_to_2_4(url: str) -> None:
    """The mano bets an órdago at grande and the next seat sees it; 2-4 wins (the example)."""
    current = httpx.get(f"{url}/api/tables/active").json()["current"]
    hand_id, mano = current["hand"]["id"], current["view"]["to_speak"]
    for seat, text in [(mano, "no hay mus"), (mano, "ordago"), (mano % 4 + 1, "quiero")]:
        httpx.post(f"{url}/api/hands/{hand_id}/calls", json={"seat": seat, "text": text})
    httpx.put(f"{url}/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS})


def test_the_status_counts_the_games_and_says_who_won_the_match(page):
    url = base(page)
    httpx.post(f"{url}/api/tables", json={"seats": SEATS})
    ordago_to_2_4(url)
    page.reload(wait_until="domcontentloaded")
    expect(page.locator("#status-games")).to_have_text("1-3 0 – 2-4 1")
    expect(page.locator("#status-amarracos")).to_have_text("0 piedras – 8 amarracos")
    expect(page.locator("#status-match-winner")).to_have_count(0)
    expect(page.locator("#next-hand")).to_be_enabled()
    page.click("#next-hand")
    expect(page.locator("#status")).to_contain_text("partida 2")
    expect(page.locator("#status-games")).to_have_text("1-3 0 – 2-4 1")
    ordago_to_2_4(url)
    page.reload(wait_until="domcontentloaded")
    expect(page.locator("#status-games")).to_have_text("1-3 0 – 2-4 2")
    expect(page.locator("#status-match-winner")).to_have_text("2-4 gana el encuentro")
    expect(page.locator("#next-hand")).to_be_hidden()
    page.click("#lang")
    expect(page.locator("#status-match-winner")).to_have_text("2-4 wins the match")
    expect(page.locator("#status .match small")).to_have_text("Games won")
    expect(page.locator("#status-amarracos")).to_have_text("0 stones – 8 amarracos")
