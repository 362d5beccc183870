"""The practice page in Debian's chromium against `keinu serve` on the bundled sample table video:
a name that cannot be a player's is refused on the page, before anything is sent."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_dashboard import serving

pytestmark = pytest.mark.browser
expect.set_options(timeout=10_000)

BAD_NAME = (
    "El nombre de un jugador no puede llevar «/» ni «\\», ni ser solo puntos: forma parte de "
    "las direcciones de la página."
)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with serving(tmp_path_factory.mktemp("data")) as url:
        yield url


@pytest.fixture
def practice(server, browser):
    """The practice tab; the test fails on a script error of the page."""
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server + "#practice", wait_until="domcontentloaded")
    expect(page.locator("#enrol-steps button")).to_have_count(7)
    yield page
    page.close()
    assert errors == []


def name_player(page, name: str) -> None:
    page.fill("#player", name)
    page.locator("#player").dispatch_event("change")


@pytest.mark.parametrize("name", ["a/b", ".."])
def test_a_name_that_cannot_be_a_players_is_refused_before_anything_is_sent(practice, name):
    sent: list[str] = []
    practice.on("request", lambda r: sent.append(r.url) if "/api/practice/" in r.url else None)
    name_player(practice, name)
    refusal = practice.locator("#player-error")
    expect(refusal).to_have_text(BAD_NAME)
    practice.click("#calibrate")
    practice.click("#save-sens")
    expect(practice.locator("#sens-saved")).to_have_text(BAD_NAME)
    practice.click("#enrol-steps [data-kind=wink]")
    expect(practice.locator("#enrol-state")).to_have_text(BAD_NAME)
    practice.click("#drill-sena")
    expect(practice.locator("#prompt")).to_have_text(BAD_NAME)
    # the seat's state line keeps coming from the video; the refusal stays beside it
    expect(practice.locator("#calib-state")).to_contain_text("calibrado", timeout=60_000)
    practice.wait_for_timeout(500)
    expect(refusal).to_have_text(BAD_NAME)
    assert sent == []
    name_player(practice, "Miren D'Arcy")
    expect(refusal).to_be_hidden()
    expect(practice.locator("#prompt")).to_have_text("Pide una seña o reparte una mano.")
    expect(practice.locator("#enrol-state")).to_have_text("0 / 6 aprendidos")
    practice.click("#save-sens")
    expect(practice.locator("#sens-saved")).to_have_text("guardado")
