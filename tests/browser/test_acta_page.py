"""The acta page in a real browser (Debian's chromium): a played hand's acta read, signed with
a sanction, shown as signed, and printed to PDF with the print stylesheet."""

import json

import httpx
import pytest
from playwright.sync_api import expect, sync_playwright

from tests.browser.chromium import launch_chromium
from tests.browser.test_dashboard import NAMES, REPO
from tests.keinu_server import KeinuServer

pytestmark = pytest.mark.browser
EXAMPLE = json.loads((REPO / "tests" / "records" / "worked_example.json").read_text())
SEATS = [{"seat": seat, "name": name} for seat, name in NAMES.items()]


def test_the_referee_signs_and_prints_a_games_acta(tmp_path):
    server = KeinuServer("--no-live", "--data-dir", str(tmp_path / "data"))
    try:
        table = httpx.post(f"{server.url}/api/tables", json={"name": "Mesa 2", "seats": SEATS})
        table_id, hand_id = table.json()["table"]["id"], table.json()["current"]["hand"]["id"]
        # the worked example, with a seña of Ane's that her cards belie
        calls = [*EXAMPLE["calls"][:3], [1, "sena lip_bite center"], *EXAMPLE["calls"][3:]]
        for seat, text in calls:
            httpx.post(f"{server.url}/api/hands/{hand_id}/calls", json={"seat": seat, "text": text})
        httpx.put(f"{server.url}/api/hands/{hand_id}/shown", json={"hands": EXAMPLE["hands"]})
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            page = browser.new_page(viewport={"width": 1000, "height": 1200})
            errors = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(f"{server.url}/acta?table={table_id}&game=1")
            expect(page.locator("#table")).to_have_text("Mesa 2")
            expect(page.locator("#players tbody tr")).to_have_count(4)
            expect(page.locator("#score")).to_have_text("1-3 10 – 2-4 10")
            expect(page.locator("#senas tbody tr")).to_have_count(1)
            expect(page.locator("#senas tbody tr td").nth(3)).to_have_text("false")

            page.fill("input[name=referee]", "Maite")
            page.fill("textarea[name=notes]", "Aviso a Ane por una seña falsa.")
            page.click("#add-sanction")
            page.select_option(".sanction select[name=kind]", "warning")
            page.fill(".sanction input[name=reason]", "seña falsa")
            page.click("#sign button[type=submit]")
            expect(page.locator("#signed")).to_be_visible()
            expect(page.locator("#sign")).to_be_hidden()
            expect(page.locator("#signed-referee")).to_have_text("Maite")
            expect(page.locator("#signed-sanctions li")).to_have_text(
                "warning — asiento 1: seña falsa"
            )
            page.screenshot(path=str(tmp_path / "acta.png"), full_page=True)
            pdf = page.pdf(format="A4")
            assert pdf.startswith(b"%PDF") and len(pdf) > 5000

            page.reload()  # stored: the signed acta is what the page shows from now on
            expect(page.locator("#signed-referee")).to_have_text("Maite")
            expect(page.locator("#sign")).to_be_hidden()
            assert errors == []
            browser.close()
    finally:
        server.stop()
