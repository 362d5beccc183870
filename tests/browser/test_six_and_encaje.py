"""Six players and Encaje on the referee page, in a real browser (Debian's chromium through
Playwright): the setup chooses the game, the seats sit around the table, a hand from the
engine's own records is entered with the keyboard and the card picker, and the page shows what
the engine scored — the two teams of three, or each seat's stones and the pot."""

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.test_dashboard import press_call

pytestmark = pytest.mark.browser
RECORDS = Path(__file__).parents[1] / "engine" / "records"
NAMES = ["Ane", "Bego", "Koldo", "Iñaki", "Miren", "Xabi"]
#: Each call's shortcut on the referee page; a bet of N stones is raised to N first ("+N").
KEYS = {"no hay mus": "n", "paso": "p", "quiero": "q", "no quiero": "x",
        "pares si": "y", "pares no": "n", "juego si": "y", "juego no": "n"}  # fmt: skip


def keys_of(text: str) -> str:
    if text in KEYS:
        return KEYS[text]
    action, _, amount = text.partition(" ")
    key = {"envido": "e", "sube": "s"}[action]
    return f"+{amount or 2} {key}"  # dialled: the stepper keeps a hand's last amount


def set_up(page, game: str, players: int, **options: str) -> None:
    expect(page.locator("#setup")).to_be_visible()
    page.select_option("#setup-game", game)
    expect(page.locator("#setup-seats tr")).to_have_count(players)
    for seat in range(1, players + 1):
        page.fill(f"input[name=seat{seat}]", NAMES[seat - 1])
    for name, value in options.items():
        page.select_option(f"select[name={name}]", value)
    page.click("#setup-submit")
    expect(page.locator("#seat-picker .seat-btn")).to_have_count(players)


def enter_hands(page, hands: dict[str, list[str]]) -> None:
    expect(page.locator("#picker .pick-row")).to_have_count(len(hands))
    for seat in sorted(hands, key=int):
        for card in hands[seat]:
            page.keyboard.press(card.lower() if card in "SCR" else card)
    page.keyboard.press("Enter")


def test_a_six_player_hand_with_a_sena_is_scored_for_the_two_teams_of_three(page):
    record = json.loads((RECORDS / "six_players.json").read_text())
    set_up(page, "mus-6", 6)
    seats = page.locator("#seat-picker .seat-btn")
    assert seats.locator(".pair").all_inner_texts() == ["1-3-5", "2-4-6"] * 3
    boxes = [seats.nth(i).bounding_box() for i in range(6)]
    assert boxes[0]["y"] > boxes[3]["y"]  # seat 1 at the bottom, seat 4 across the table
    assert boxes[1]["x"] > boxes[0]["x"] > boxes[5]["x"] - 1  # counterclockwise: 2 to the right
    expect(page.locator("#status-score")).to_have_text("1-3-5 0 – 2-4-6 0")
    calls = record["calls"]
    press_call(page, *calls[0][:1], keys_of(calls[0][1]))
    page.select_option("#sena-add-seat", "5")
    page.select_option("#sena-add-gesture", "lip_bite")
    page.click("#sena-add-submit")
    expect(page.locator("#sena-list li.sena[data-seat='5']")).to_have_count(1)
    for seat, text in calls[1:]:
        press_call(page, seat, keys_of(text))
    expect(page.locator("#status-phase")).to_have_text("a ver cartas")
    enter_hands(page, record["hands"])
    expect(page.locator("#status-score")).to_have_text("1-3-5 7 – 2-4-6 8")
    expect(page.locator("#report .final-score")).to_contain_text("1-3-5 7 – 2-4-6 8")
    sena = page.locator("#sena-list li.sena[data-seat='5']")
    expect(sena).to_contain_text("Miren")
    page.click("#next-hand")
    expect(page.locator("#status-speaks")).to_have_text("Bego (2)")
    page.click("#game-report")
    expect(page.locator("dialog.report-dialog h4")).to_contain_text("1-3-5 7 – 2-4-6 8")


def test_an_encaje_shows_each_seats_stones_and_the_pot(page):
    record = json.loads((RECORDS / "encaje_three.json").read_text())
    set_up(page, "encaje-3", 3)
    expect(page.locator("#status-score")).to_have_text("1 15 · 2 15 · 3 15")
    expect(page.locator("#status-pot")).to_have_text("0")
    calls = record["calls"]
    seen = calls.index([3, "quiero"]) + 1
    for seat, text in calls[:seen]:
        press_call(page, seat, keys_of(text))
    # 002's example: seat 2's refused raise hands 2 stones to seat 1; the chica seen goes to a pot
    expect(page.locator("#status-pot")).to_have_text("4")
    expect(page.locator("#status-score")).to_have_text("1 15 · 2 13 · 3 13")
    expect(page.locator("#seat-picker .felt")).to_have_text("Bote 4")
    for seat, text in calls[seen:]:
        press_call(page, seat, keys_of(text))
    enter_hands(page, record["hands"])
    expect(page.locator("#status-score")).to_have_text("1 14 · 2 13 · 3 13")
    expect(page.locator("#status-pot")).to_have_text("0")
    stones = page.locator("#seat-picker .seat-btn .pair").all_inner_texts()
    assert stones == ["14 ●", "13 ●", "13 ●"]


def test_the_setup_offers_each_games_own_options(page):
    expect(page.locator("#setup")).to_be_visible()
    captains = page.locator("input[name=captains]")
    stones = page.locator("select[name=stones]")
    targets = page.locator("select[name=target] option")
    expect(captains).to_be_hidden()
    expect(targets).to_have_text(["40", "30"])
    page.select_option("#setup-game", "mus-6")
    expect(captains).to_be_visible()
    expect(targets).to_have_text(["40", "30", "50"])
    expect(stones).to_be_hidden()
    page.select_option("#setup-game", "encaje-5")
    expect(stones).to_be_visible()
    expect(captains).to_be_hidden()
    expect(page.locator("select[name=target]")).to_be_hidden()  # an Encaje has no target
    expect(page.locator("#setup-seats tr")).to_have_count(5)
    page.select_option("select[name=stones]", "21")
    page.select_option("select[name=deal]", "five_discard_one")
    page.click("#setup-submit")
    expect(page.locator("#status-score")).to_have_text("1 21 · 2 21 · 3 21 · 4 21 · 5 21")
    expect(page.locator("#status-phase")).to_have_text("grande")
