"""A table's house profile on the referee page, in a real browser (Debian's chromium): the setup
offers each profile only for the games it fits (Encaje's, without señas, for an Encaje; those
with señas for Mus), and "a seña the camera missed" offers the gestures of the table's own
profile, with the sides it reads, as the page words gestures, and after them every gesture
outside its catalogue, for a cheating signal the camera missed."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect

from tests.api.table_examples import SEATS

pytestmark = pytest.mark.browser


def base(page) -> str:
    return page.url.split("#")[0].rstrip("/")


def test_the_setup_offers_each_profile_for_the_games_it_fits(page):
    expect(page.locator("#setup-game option")).not_to_have_count(0)
    profiles = page.locator("#setup-profile option")
    expect(profiles).to_have_count(3)
    assert profiles.evaluate_all("(options) => options.map((o) => o.value)") == [
        "extended",
        "navarra",
        "standard",
    ]
    assert page.locator("#setup-profile").input_value() == "standard"
    page.select_option("#setup-game", "encaje-3")
    expect(page.locator("#setup-profile-field")).to_be_hidden()  # Encaje's own, no other
    page.select_option("#setup-game", "mus-6")
    expect(page.locator("#setup-profile-field")).to_be_visible()
    expect(profiles).to_have_count(3)


def test_a_seña_added_by_hand_is_one_of_the_tables_profile(page):
    """A table of the extended profile offers its gestures, sides and all, as the page words
    gestures, then the one it has no seña for (a pout); one of Encaje (no seña) offers every
    gesture as outside its catalogue."""
    url = base(page)
    httpx.post(f"{url}/api/tables", json={"seats": SEATS, "profile": "extended"})
    page.reload(wait_until="domcontentloaded")
    groups = page.locator("#sena-add-gesture optgroup")
    expect(groups).to_have_count(2)
    assert groups.evaluate_all("(gs) => gs.map((g) => g.label)") == [
        "Señas de la casa",
        "Fuera del catálogo (trampa)",
    ]
    expect(groups.nth(1).locator("option")).to_have_text(["morros"])
    gestures = groups.nth(0).locator("option")
    expect(gestures).to_have_count(14)
    assert gestures.evaluate_all("(options) => options.map((o) => o.value)") == [
        "eyes_closed",
        "mouth_twist",
        "brows_raised",
        "wink",
        "lip_bite center",
        "lip_bite left",
        "lip_bite right",
        "tongue_out center",
        "tongue_out left",
        "tongue_out right",
        "head_tilt",
        "shrug both",
        "shrug right",
        "shrug left",
    ]
    expect(gestures.nth(5)).to_have_text("morderse el labio (izquierda)")
    page.select_option("#sena-add-gesture", "lip_bite left")
    page.click("#sena-add-submit")
    expect(page.locator("#sena-list .sena .meaning")).to_have_text("tres reyes")

    three = [{"seat": seat, "name": name} for seat, name in enumerate(["Ane", "Bego", "Koldo"], 1)]
    httpx.post(f"{url}/api/tables", json={"game": "encaje", "players": 3, "seats": three})
    page.reload(wait_until="domcontentloaded")
    expect(page.locator("#status-phase")).to_be_visible()
    expect(page.locator("#sena-add-gesture optgroup")).to_have_count(1)
    outside = page.locator("#sena-add-gesture optgroup option")
    expect(outside).to_have_count(9)  # every kind, each once, no side a seña
    page.select_option("#sena-add-gesture", "wink")
    page.click("#sena-add-submit")
    expect(page.locator("#sena-list .sena")).to_have_count(1)
