"""Mus con diez reyes on the referee page, in a real browser: the setup's checkbox, an órdago
accepted, the hands entered with a wild sota de copas, the holder's "as o rey", and the score
that choice gives (as a rey the grande ties and goes to the mano; as an as it is lost)."""

import pytest
from playwright.sync_api import expect

from tests.api.test_diez_reyes import HANDS
from tests.browser.test_dashboard import press_call

pytestmark = pytest.mark.browser
NAMES = ["Ane", "Bego", "Koldo", "Iñaki"]


def test_the_diez_reyes_checkbox_is_offered_for_mus_only(page):
    expect(page.locator("#setup")).to_be_visible()
    checkbox = page.locator("input[name=diez_reyes]")
    expect(checkbox).to_be_visible()
    page.select_option("#setup-game", "mus-6")
    expect(checkbox).to_be_visible()
    page.select_option("#setup-game", "encaje-3")
    expect(checkbox).to_be_hidden()


def test_a_wild_sota_chosen_as_a_rey_wins_the_ordago(page):
    expect(page.locator("#setup")).to_be_visible()
    for seat, name in enumerate(NAMES, 1):
        page.fill(f"input[name=seat{seat}]", name)
    page.check("input[name=diez_reyes]")
    page.click("#setup-submit")
    expect(page.locator("#seat-picker .seat-btn")).to_have_count(4)
    press_call(page, 1, "n")  # no hay mus
    press_call(page, 1, "o")  # órdago at grande
    press_call(page, 2, "q")  # quiero
    expect(page.locator("#status-phase")).to_have_text("a ver cartas")
    palette = page.locator("#palette")
    expect(palette.locator("[data-rank='Sc']")).to_be_visible()
    for seat in "1234":
        for card in HANDS[seat]:
            palette.locator(f"[data-rank='{card}']").click()
    choice = page.locator(".wild-choice[data-seat='1']")
    expect(choice).to_have_count(1)
    expect(page.locator(".wild-choice")).to_have_count(1)
    page.click("#show-submit")
    expect(page.locator("#show-error")).to_have_text("Ane: di si cada sota comodín es as o rey")
    choice.locator("[data-value='1']").click()
    choice.locator("[data-value='R']").click()
    expect(choice.locator(".wild-value.selected")).to_have_text("rey")
    page.click("#show-submit")
    expect(page.locator("#status-score")).to_have_text("1-3 40 – 2-4 0")
    expect(page.locator(".stat.winner")).to_have_text("1-3 gana la partida")
    expect(page.locator("#report .wild-chosen")).to_have_text("Comodines: Ane: Sc rey")
    page.reload(wait_until="domcontentloaded")
    expect(page.locator("#report .wild-chosen")).to_have_text("Comodines: Ane: Sc rey")
    expect(page.locator(".wild-choice[data-seat='1'] .wild-value.selected")).to_have_text("rey")
    page.click("#game-report")
    expect(page.locator("dialog.report-dialog ol li")).to_contain_text("Comodines: Ane: rey")
