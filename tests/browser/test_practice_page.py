"""The practice page in Debian's chromium against `keinu serve` on the bundled sample table video:
a name that cannot be a player's is refused on the page, before anything is sent, and the steps
of "Your señas" read the same after a reload as when they were shown (the talking step ticked,
a gesture not seen still to do and not counted)."""

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.test_dashboard import serving

pytestmark = pytest.mark.browser

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


def test_the_steps_shown_read_the_same_after_a_reload(practice, server):
    # Seat 2 of the sample never twists its mouth: that show is not seen.
    name_player(practice, "Itziar")
    practice.select_option("#practice-seat", "2")
    expect(practice.locator("#calib-state")).to_contain_text("calibrado", timeout=60_000)
    rest = practice.locator("#enrol-steps [data-kind=rest]")
    twist = practice.locator("#enrol-steps [data-kind=mouth_twist]")
    state = practice.locator("#enrol-state")
    rest.click()
    expect(rest).to_have_class("done", timeout=30_000)
    expect(rest).to_have_text("✔ Habla y mira tus cartas")
    twist.click()
    expect(state).to_contain_text("no visto, repítelo de frente", timeout=30_000)
    expect(twist).to_have_class("missed")
    saved = practice.request.get(server + "api/practice/players/Itziar").json()["calibration"]
    assert (saved["missed"], saved["enrolment"], saved["rest_shown"]) == (["mouth_twist"], {}, True)

    practice.reload(wait_until="domcontentloaded")
    expect(practice.locator("#enrol-steps button")).to_have_count(7)
    name_player(practice, "Itziar")
    expect(rest).to_have_class("done")
    expect(twist).to_have_class("missed")
    expect(twist).to_have_text("✗ torcer la boca")
    expect(state).to_have_text("0 / 6 aprendidos")


def test_an_eye_sena_learnt_without_a_look_down_says_which_step_to_do_again(practice):
    said = practice.evaluate(
        """import('/static/live.js').then(({ unguardedText }) =>
             [unguardedText(['wink'], false), unguardedText(['wink'], true)])"""
    )
    assert said == [
        "guiño: aprendido sin mirar las cartas: una mirada a ellas podría leerse como la seña; "
        "repite «Habla y mira tus cartas» mirándolas",
        "guiño: no se te vio mirar las cartas en «Habla y mira tus cartas»: una mirada a ellas "
        "podría leerse como la seña; repítelo bajando la vista a las cartas",
    ]


def test_a_name_with_a_control_character_is_told_under_the_field(practice):
    """Refused on the page, as a "/" is, before the server is asked (which would refuse it
    too): no uncaught error of the page."""
    sent: list[str] = []
    practice.on("request", lambda r: sent.append(r.url) if "/api/practice/" in r.url else None)
    name_player(practice, "Ane\u0007")
    expect(practice.locator("#player-error")).to_have_text(
        "El nombre de un jugador solo lleva caracteres visibles: quita el que no se ve (un"
        " tabulador, un carácter de control)."
    )
    assert sent == []


def test_a_name_saved_is_offered_at_once(practice):
    name_player(practice, "Nerea Goñi")
    practice.click("#save-sens")
    expect(practice.locator("#sens-saved")).to_have_text("guardado")
    expect(practice.locator("#players option[value='Nerea Goñi']")).to_have_count(1)


def test_a_second_step_while_one_is_shown_says_why_it_waits(practice):
    """The seat is showing a seña for the first step: the second is refused, in the page's
    words, and that stays said once the first step's outcome comes."""
    name_player(practice, "Maialen")
    practice.select_option("#practice-seat", "3")
    expect(practice.locator("#drill-done")).to_be_disabled()
    # a seat still calibrating ends the first step at once (and frees itself): wait it out
    expect(practice.locator("#calib-state")).to_contain_text("calibrado", timeout=60_000)
    practice.click("#enrol-steps [data-kind=rest]")
    practice.click("#enrol-steps [data-kind=wink]")
    refusal = practice.locator("#player-error")
    said = "El asiento 3 ya está mostrando una seña: espera a que termine."
    expect(refusal).to_have_text(said)
    expect(practice.locator("#enrol-state")).to_contain_text("Habla y mira tus cartas")
    practice.wait_for_timeout(5000)  # the first step's window (3 s) has ended
    expect(refusal).to_have_text(said)


NO_NAME = (
    "Escribe el nombre del jugador: con él se guardan su calibración, sus señas y su progreso."
)


def test_a_blank_name_is_asked_for_not_saved_under_a_name_made_up(practice, server):
    sent: list[str] = []
    practice.on("request", lambda r: sent.append(r.url) if "/api/practice/" in r.url else None)
    name_player(practice, "   ")
    expect(practice.locator("#player-error")).to_have_text(NO_NAME)
    practice.click("#save-sens")
    expect(practice.locator("#sens-saved")).to_have_text(NO_NAME)
    practice.click("#drill-sena")
    expect(practice.locator("#prompt")).to_have_text(NO_NAME)
    practice.click("#calibrate")
    assert sent == []
    assert "Jugador" not in httpx.get(server + "api/practice/players").json()["players"]
    name_player(practice, "Garazi")
    expect(practice.locator("#player-error")).to_be_hidden()
    expect(practice.locator("#prompt")).to_have_text("Pide una seña o reparte una mano.")
    expect(practice.locator("#sens-saved")).to_have_text("")
