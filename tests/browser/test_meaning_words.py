"""A seña's meaning reads the same in its chip and in its reason, in each language: the pages
name a meaning by its Spanish name (the engine's ``label_es``, the table's words), and the
engine's English reason quotes that same name ("'dos reyes' says: at least two reyes"), never a
gloss of its own ("'two reyes'") beside a Spanish chip."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect

from engine.senas.meanings import MEANINGS, punto_meaning
from tests.api.table_examples import SEATS

pytestmark = pytest.mark.browser


def test_every_meaning_is_named_as_the_engine_names_it(page):
    names = [*MEANINGS, "punto_30", "punto_4"]
    said = page.evaluate(
        "(names) => import('/static/i18n.js').then(({ meaningLabel }) => names.map(meaningLabel))",
        names,
    )
    labels = [MEANINGS[n].label_es if n in MEANINGS else punto_meaning(int(n[6:])).label_es
              for n in names]  # fmt: skip
    assert said == labels


@pytest.mark.parametrize(
    ("lang", "quote"),
    [("es", "«{}» dice"), ("en", "'{}' says")],
)
def test_the_chip_and_the_reason_say_the_same_meaning(page, lang, quote):
    url = page.url.split("#")[0].rstrip("/")
    hand_id = httpx.post(f"{url}/api/tables", json={"seats": SEATS}).json()["current"]["hand"]["id"]
    for seat, text in [(1, "sena tongue_out"), (2, "sena wink")]:
        httpx.post(f"{url}/api/hands/{hand_id}/calls", json={"seat": seat, "text": text})
    page.evaluate(f"localStorage.setItem('keinu.lang', '{lang}')")
    page.reload(wait_until="domcontentloaded")
    cards = page.locator("#sena-list .sena")
    expect(cards).to_have_count(2)
    for i in range(2):
        chip = cards.nth(i).locator(".meaning").inner_text()
        assert chip in ("dos ases", "juego de 31")
        expect(cards.nth(i).locator(".reason")).to_contain_text(quote.format(chip))
