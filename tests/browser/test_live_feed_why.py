"""The live page's feed of gestures and señas, as a referee meets it on `keinu serve` of the
bundled sample, in Debian's chromium: while no hand is in play, the gestures it lists cannot be
read as señas, and it says why."""

import httpx
import pytest
from playwright.sync_api import expect

from tests.api.table_examples import EXAMPLE_CALLS, EXAMPLE_HANDS, SEATS
from tests.browser.test_dashboard import live_tab, serving

pytestmark = pytest.mark.browser


def test_the_feed_says_when_its_gestures_are_read_as_no_sena(browser, tmp_path):
    with serving(tmp_path) as url:
        page, errors = live_tab(browser, url)
        why = page.locator("#feed-why")
        expect(why).to_have_text(
            "Sin mesa en juego: los gestos no se leen como señas. Prepara una mesa en «Árbitro»."
        )
        expect(page.locator("#feed li.gesture").first).to_be_visible(timeout=30_000)
        page.click("#lang")
        expect(why).to_have_text(
            "No table in play: gestures are not read as señas. Set one up under “Referee”."
        )

        api = f"{url}api"
        table = httpx.post(f"{api}/tables", json={"seats": SEATS}).json()
        expect(why).to_be_hidden()
        hand_id = table["current"]["hand"]["id"]
        for seat, text in EXAMPLE_CALLS:
            answer = httpx.post(f"{api}/hands/{hand_id}/calls", json={"seat": seat, "text": text})
            assert answer.status_code == 200, answer.text
        httpx.put(f"{api}/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS}).raise_for_status()
        expect(why).to_have_text(
            "Hand over: gestures are not read as señas until another is dealt."
        )
        httpx.post(f"{api}/tables/{table['table']['id']}/hands").raise_for_status()
        expect(why).to_be_hidden()
        assert errors == []
