"""The server's refusals in the page's language, in a real browser (Debian's chromium): a
malformed request names each bad field by the label its form gives it, and says why in Spanish
or English (api/validation.py, ``fieldText`` in core.js), on the referee's setup, the acta, the
desk; what is not there (a table, a session, video at a moment) and a seat in play are worded
too, never the server's English sentence on a Spanish page."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect

from tests.api.table_examples import SEATS
from tests.keinu_server import KeinuServer

pytestmark = pytest.mark.browser


def base(page) -> str:
    return page.url.split("#")[0].rstrip("/")


def setup_error(page) -> str:
    return page.locator("#setup-error").inner_text()


def submit_setup(page, name: str, seats: dict[int, str]) -> None:
    page.fill("#setup input[name=name]", name)
    for seat, player in seats.items():
        page.fill(f"#setup input[name=seat{seat}]", player)
    page.click("#setup-submit")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "es",
            [
                "Nombre de la mesa: escribe al menos un carácter",
                "Asiento 1: el nombre del jugador no puede estar vacío\n"
                "Asiento 4: el nombre del jugador no puede estar vacío",
                "Asiento 2: «Ane/Bego»: el nombre de un jugador no puede llevar «/» ni «\\», ni ser"
                " solo puntos",
            ],
        ),
        (
            "en",
            [
                "Table name: write at least one character",
                "Seat 1: a player's name cannot be empty\nSeat 4: a player's name cannot be empty",
                "Seat 2: “Ane/Bego”: a player's name cannot contain “/” or “\\”, nor be only dots",
            ],
        ),
    ],
)
def test_the_setup_names_each_bad_field_by_its_label(page, lang, said):
    page.evaluate(f"localStorage.setItem('keinu.lang', '{lang}')")
    page.reload(wait_until="domcontentloaded")
    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator("#setup-game option")).not_to_have_count(0)
    submit_setup(page, "   ", {})
    expect(page.locator("#setup-error")).not_to_be_empty()
    assert setup_error(page) == said[0]
    submit_setup(page, "Txoko", {1: "  ", 4: " "})
    expect(page.locator("#setup-error")).to_contain_text("4")
    assert setup_error(page) == said[1]
    submit_setup(page, "Txoko", {1: "Ane", 2: "Ane/Bego", 4: "Iñaki"})
    expect(page.locator("#setup-error")).to_contain_text("Ane/Bego")
    assert setup_error(page) == said[2]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("es", "Perfil de señas: el perfil «Encaje (sin señas)» es para el Encaje (3 o 5"
               " jugadores, sin señas), no para el Mus"),
        ("en", "Seña profile: the “Encaje (no señas)” profile is for Encaje (3 or 5 players, no"
               " señas), not for Mus"),
    ],
)  # fmt: skip
def test_a_profile_for_another_game_is_refused_by_its_name(page, lang, said):
    """The server refuses Encaje's profile at a table of Mus: the page names the profile as its
    choices do ("Encaje (sin señas)"), not by its file ("encaje")."""
    page.evaluate(f"localStorage.setItem('keinu.lang', '{lang}')")
    page.reload(wait_until="domcontentloaded")
    refused = page.evaluate(
        """async (seats) => {
             const { api } = await import('/static/core.js');
             try {
               await api('POST', '/api/tables', { seats, profile: 'encaje' });
             } catch (error) {
               return error.message;
             }
           }""",
        SEATS,
    )
    assert refused == said


def test_the_acta_words_what_is_missing_and_each_bad_field(page):
    url = base(page)
    page.goto(f"{url}/acta?table=99&game=1", wait_until="domcontentloaded")
    expect(page.locator("#error")).to_have_text("No hay mesa 99.")
    expect(page.locator("main > section").first).to_be_hidden()
    assert page.locator("main > section:visible").count() == 0

    table = httpx.post(f"{url}/api/tables", json={"seats": SEATS}).json()
    page.goto(f"{url}/acta?table={table['table']['id']}&game=1", wait_until="domcontentloaded")
    page.fill("#sign input[name=referee]", "   ")
    page.click("#sign button[type=submit]")
    expect(page.locator("#error")).to_have_text("Árbitro: escribe al menos un carácter")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "es",
            "Esta página revisa una sesión grabada: ábrela desde una mesa («revisar») o con"
            " ?session=table-N en la dirección.",
        ),
        (
            "en",
            "This page reviews a recorded session: open it from a table (“review”) or with"
            " ?session=table-N in the address.",
        ),
    ],
)
def test_the_review_page_without_a_session_says_how_to_open_one(page, lang, said):
    page.evaluate(f"localStorage.setItem('keinu.lang', '{lang}')")
    page.goto(f"{base(page)}/review", wait_until="domcontentloaded")
    expect(page.locator("#error")).to_have_text(said)


def test_the_words_of_what_the_server_refuses_outside_a_form(page):
    """The refusals a page shows as they come (a clip where nothing was filmed, a seat in play,
    a seat already showing a seña) in each language, from their codes."""
    said = page.evaluate(
        """async () => {
             const { refusalText } = await import('/static/core.js');
             const { setLang } = await import('/static/i18n.js');
             const bodies = [
               { code: 'no_video_at', params: { start_ms: 0, camera: null }, detail: 'x' },
               { code: 'seat_in_play', params: { seat: 2, name: 'Bego', hand: 2, table: 'Mesa 1',
                 hand_id: 9 }, detail: 'x' },
               { code: 'seat_busy', params: { seat: 2 }, detail: 'x' },
               { code: 'invalid_fields', errors: [
                 { field: ['minutes_late'], code: 'greater_than_equal',
                   params: { ge: 0, input: -5 },
                   msg: 'x' },
                 { field: ['name'], code: 'string_too_short', params: { min_length: 1 }, msg: 'x' },
               ] },
             ];
             const words = {};
             for (const lang of ['es', 'en']) {
               setLang(lang);
               words[lang] = bodies.map((body) => refusalText(body, { name: () => 'N' }));
             }
             setLang('es');
             return words;
           }"""
    )
    assert said == {
        "es": [
            "No hay vídeo grabado en ese momento: el clip se corta de lo grabado.",
            "El asiento 2 (Bego) juega la mano 2 de la mesa «Mesa 1»: sus señas irían a la"
            " práctica, no a la mano.",
            "El asiento 2 ya está mostrando una seña: espera a que termine.",
            "Minutos de retraso: debe ser 0 o más\nN: escribe al menos un carácter",
        ],
        "en": [
            "There is no recorded video at that moment: a clip is cut from what was recorded.",
            "Seat 2 (Bego) plays hand 2 of table “Mesa 1”: its señas would go to the drill, not"
            " to the hand.",
            "Seat 2 is already showing a seña: wait for it to end.",
            "Minutes late: must be 0 or more\nN: write at least one character",
        ],
    }


def test_a_seat_in_play_is_asked_once_for_its_drills(page):
    url = base(page)
    httpx.post(f"{url}/api/tables", json={"name": "Mesa 1", "seats": SEATS})
    page.goto(f"{url}#practice", wait_until="domcontentloaded")
    page.fill("#player", "Ane")
    page.select_option("#practice-seat", "2")
    asked: list[str] = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.click("#drill-sena")
    expect(page.locator("#prompt .prompt-big")).to_be_visible()
    assert asked == [
        "El asiento 2 (Bego) juega la mano 1 de la mesa «Mesa 1»: sus señas irían a la"
        " práctica, no a la mano.\n\n¿Usar este asiento para la práctica? Sus señas no irán a"
        " la mano mientras dure."
    ]
    page.click("#drill-done")
    expect(page.locator("#attempts li")).to_have_count(1)
    page.click("#drill-sena")  # the same seat: taken already
    expect(page.locator("#prompt .prompt-big")).to_be_visible()
    assert len(asked) == 1
    page.click("#drill-done")
    expect(page.locator("#attempts li")).to_have_count(2)
    page.select_option("#practice-seat", "3")
    page.select_option("#practice-seat", "2")  # another seat chosen meanwhile: asked again
    page.click("#drill-sena")
    expect(page.locator("#prompt .prompt-big")).to_be_visible()
    assert len(asked) == 2


def test_the_desk_names_its_bad_fields(tmp_path, browser):
    server = KeinuServer("--no-live", "--desk", "--data-dir", str(tmp_path / "data"))
    page = browser.new_page(viewport={"width": 1500, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        desk = f"{server.url}/api/desk/tournaments"
        tid = httpx.post(desk, json={"name": "Open"}).json()["tournament"]["id"]
        for i in (1, 2):
            team = {"name": f"Pareja {i}", "players": [f"J{i}a", f"J{i}b"]}
            assert httpx.post(f"{desk}/{tid}/teams", json=team).status_code == 201
        page.goto(f"{server.url}/desk?tournament={tid}", wait_until="domcontentloaded")
        page.fill("#register input[name=name]", "   ")
        page.fill("#register input[name=player1]", "Ane")
        page.fill("#register input[name=player2]", "Bego")
        page.click("#register button[type=submit]")
        expect(page.locator("#error")).to_have_text(  # in both words, as the desk says all
            "Nombre del equipo: escribe al menos un carácter · Team name: write at least one"
            " character"
        )
        assert httpx.post(f"{desk}/{tid}/rounds").status_code == 201
        assert httpx.post(f"{desk}/{tid}/rounds/1/start").status_code == 200
        arrival = page.locator("section.round .arrival[data-side=a]")  # the page follows
        arrival.locator("input").fill("-5")
        arrival.locator("button").click()
        expect(page.locator("#error")).to_have_text(
            "Minutos de retraso: debe ser 0 o más · Minutes late: must be 0 or more"
        )
        assert errors == []
    finally:
        page.close()
        server.stop()


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "es",
            [
                "«bailar» no es una jugada: elígela con sus botones o sus teclas.",
                "«Mus» no es legal ahora (asiento 9): esta mesa tiene los asientos del 1 al 4.",
                "«guiño» no tiene el lado «up»: sus lados son izquierda y derecha.",
            ],
        ),
        (
            "en",
            [
                "“bailar” is not a call: choose it with its buttons or its keys.",
                "“Mus” is not legal now (seat 9): this table's seats are 1 to 4.",
                "“wink” has no side “up”: its sides are left and right.",
            ],
        ),
    ],
)
def test_a_call_that_is_no_call_or_of_a_seat_not_at_the_table_is_worded(page, lang, said):
    """An unknown call, a seat beyond the table's (9 at a table of four: its own seats named)
    and a seña to a side its gesture has not, in the page's language."""
    hand_id = httpx.post(f"{base(page)}/api/tables", json={"seats": SEATS}).json()["current"]
    page.evaluate(f"localStorage.setItem('keinu.lang', '{lang}')")
    page.reload(wait_until="domcontentloaded")
    words = page.evaluate(
        """async ([hand, calls]) => {
             const { api } = await import('/static/core.js');
             const said = [];
             for (const [seat, text] of calls) {
               try {
                 await api('POST', `/api/hands/${hand}/calls`, { seat, text });
                 said.push('taken');
               } catch (err) { said.push(err.message); }
             }
             return said;
           }""",
        [hand_id["hand"]["id"], [[1, "bailar"], [9, "mus"], [1, "sena wink up"]]],
    )
    assert words == said
