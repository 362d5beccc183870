"""The acta page in a real browser (Debian's chromium): a played hand's acta read, signed with
a sanction, shown as signed, and printed to PDF with the print stylesheet; its señas, verdicts,
reviews and sanctions named as the dashboard names them, in its language."""

import json
import re

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.overflow import overflowing
from tests.browser.test_dashboard import NAMES, REPO
from tests.keinu_server import KeinuServer

pytestmark = pytest.mark.browser
EXAMPLE = json.loads((REPO / "tests" / "records" / "worked_example.json").read_text())
SEATS = [{"seat": seat, "name": name} for seat, name in NAMES.items()]
# What the acta says of Ane's false seña and Iñaki's head tilt (acknowledged), and the sanctions
# it offers, in each language: (seña, verdict, a piece of the reason, review) by row. The reason
# names the gesture it quotes as the seña's column does, never by its key («head_tilt left»).
NAMED = [
    (
        "es",
        [
            ("dos reyes", "falsa", "seña falsa", ""),
            (
                "«ladear la cabeza (izquierda)»",
                "fuera de catálogo",
                "«ladear la cabeza (izquierda)» no es una seña",
                "reconocida: dudosa",
            ),
        ],
        ["amonestación", "partida perdida", "descalificación"],
    ),
    (
        "en",
        [
            ("dos reyes", "false", "false seña", ""),
            (
                "«head tilt (left)»",
                "not in catalogue",
                "«head tilt (left)» is not a seña",
                "acknowledged: dudosa",
            ),
        ],
        ["warning", "game lost", "disqualification"],
    ),
]


def played_game(
    server: KeinuServer, extra: tuple[list, ...] = (), seats: list[dict] = SEATS, name="Mesa 2"
) -> tuple[int, int]:
    """The worked example, with a seña of seat 1's that its cards belie (and ``extra`` calls made
    beside it): table and hand id."""
    table = httpx.post(f"{server.url}/api/tables", json={"name": name, "seats": seats})
    table_id, hand_id = table.json()["table"]["id"], table.json()["current"]["hand"]["id"]
    calls = [*EXAMPLE["calls"][:3], [1, "sena lip_bite center"], *extra, *EXAMPLE["calls"][3:]]
    for seat, text in calls:
        httpx.post(f"{server.url}/api/hands/{hand_id}/calls", json={"seat": seat, "text": text})
    httpx.put(f"{server.url}/api/hands/{hand_id}/shown", json={"hands": EXAMPLE["hands"]})
    return table_id, hand_id


def test_the_referee_signs_and_prints_a_games_acta(browser, tmp_path):
    server = KeinuServer("--no-live", "--data-dir", str(tmp_path / "data"))
    try:
        table_id, _ = played_game(server)
        page = browser.new_page(viewport={"width": 1000, "height": 1200})
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{server.url}/acta?table={table_id}&game=1")
        expect(page.locator("#table")).to_have_text("Mesa 2")
        expect(page.locator("#players tbody tr")).to_have_count(4)
        expect(page.locator("#score")).to_have_text("1-3 10 – 2-4 10")
        expect(page.locator("#senas tbody tr")).to_have_count(1)
        expect(page.locator("#senas tbody tr td").nth(3)).to_have_text("falsa")

        page.fill("input[name=referee]", "Maite")
        page.fill("textarea[name=notes]", "Aviso a Ane por una seña falsa.")
        page.click("#add-sanction")
        page.select_option(".sanction select[name=kind]", "warning")
        page.fill(".sanction input[name=reason]", "seña falsa")
        # one hand of the game: it is not over, said before signing, and refused unticked
        expect(page.locator("#not-over")).to_be_visible()
        expect(page.locator("#not-over")).to_contain_text("La partida no ha terminado")
        page.click("#sign button[type=submit]")
        expect(page.locator("#error")).to_have_text(
            "La partida 1 no ha terminado: su acta se firma al acabar (una mano jugada"
            " después de firmar no entra en ella). Para firmarla tal como está, marca"
            " «Firmarla sin terminar»."
        )
        expect(page.locator("#signed")).to_be_hidden()
        page.check("#not-over input[name=unfinished]")
        page.click("#sign button[type=submit]")
        expect(page.locator("#signed")).to_be_visible()
        expect(page.locator("#error")).to_be_hidden()
        expect(page.locator("#sign")).to_be_hidden()
        expect(page.locator("#signed-referee")).to_have_text("Maite")
        expect(page.locator("#signed-sanctions li")).to_have_text(
            "amonestación — asiento 1: seña falsa"
        )
        page.screenshot(path=str(tmp_path / "acta.png"), full_page=True)
        pdf = page.pdf(format="A4")
        assert pdf.startswith(b"%PDF") and len(pdf) > 5000

        page.reload()  # stored: the signed acta is what the page shows from now on
        expect(page.locator("#signed-referee")).to_have_text("Maite")
        expect(page.locator("#sign")).to_be_hidden()
        assert errors == []
    finally:
        server.stop()


def test_the_acta_names_señas_verdicts_reviews_and_sanctions_in_the_pages_language(
    browser, tmp_path
):
    server = KeinuServer("--no-live", "--data-dir", str(tmp_path / "data"))
    try:
        table_id, hand_id = played_game(server, extra=([4, "sena head_tilt left"],))
        head_tilt = f"{server.url}/api/hands/{hand_id}/senas/4/review"
        httpx.post(head_tilt, json={"action": "acknowledged", "note": "dudosa"}).raise_for_status()
        page = browser.new_page()
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        rows = page.locator("#senas tbody tr")
        for lang, senas, sanctions in NAMED:
            page.goto(f"{server.url}/acta?table={table_id}&game=1")
            page.evaluate(f"localStorage.setItem('keinu.lang', '{lang}')")
            page.reload()
            expect(rows).to_have_count(len(senas))
            for row, (sena, verdict, reason, review) in zip(rows.all(), senas, strict=True):
                cells = row.locator("td")
                expect(cells.nth(2)).to_have_text(sena)
                expect(cells.nth(3)).to_have_text(verdict)
                expect(cells.nth(5)).to_contain_text(reason)
                expect(cells.nth(6)).to_have_text(review)
            page.click("#add-sanction")
            expect(page.locator(".sanction select[name=kind] option")).to_have_text(sanctions)
        assert errors == []
    finally:
        server.stop()


def test_an_acta_signed_before_the_english_reasons_keeps_its_spanish_one(browser, tmp_path):
    """An acta stored without ``reason_en`` (signed before the API sent it) reads in English with
    its Spanish reason, the gesture still named as the page names it."""
    server = KeinuServer("--no-live", "--data-dir", str(tmp_path / "data"))
    try:
        table_id, _ = played_game(server, extra=([4, "sena head_tilt left"],))
        url = f"{server.url}/api/tables/{table_id}/games/1/acta"
        old = httpx.get(url).json()
        for sena in old["acta"]["senas"]:
            del sena["reason_en"]
        page = browser.new_page()
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.route(url, lambda route: route.fulfill(json=old))
        page.goto(f"{server.url}/acta?table={table_id}&game=1")
        page.evaluate("localStorage.setItem('keinu.lang', 'en')")
        page.reload()
        reasons = page.locator("#senas tbody tr td:nth-child(6)")
        expect(reasons).to_have_count(2)
        expect(reasons.nth(0)).to_contain_text("seña falsa")
        expect(reasons.nth(1)).to_contain_text("«head tilt (left)» no es una seña")
        assert errors == []
    finally:
        server.stop()


# Every fixed word the acta page has said, in each language (as whole words, any case): the page
# read in one language shows none of the other's. Señas, names and notes are the game's own.
FIXED = {
    "es": [
        "Acta de la partida",
        "Imprimir",
        "Jugadores",
        "Jugador",
        "Asiento",
        "Nombre",
        "Pareja",
        "Equipo",
        "Tanteo por mano",
        "Es mano",
        "Antes",
        "Después",
        "Resultado",
        "no legales",
        "Veredicto",
        "Momento",
        "Motivo",
        "Revisión",
        "Ninguna",
        "Firmada",
        "Árbitro",
        "Firmar",
        "Notas",
        "Sanción",
        "Sanciones",
        "sin terminar",
        "gana",
        "se queda con piedras",
        "pierde",
        "amonestación",
    ],
    "en": [
        "Match report",
        "Print",
        "Players",
        "Player",
        "Seat",
        "Name",
        "Team",
        "Score by hand",
        "Hand",
        "Before",
        "After",
        "Result",
        "not legal",
        "Verdict",
        "Moment",
        "Reason",
        "Review",
        "None",
        "Signed",
        "Referee",
        "Sign",
        "Notes",
        "Sanction",
        "Sanctions",
        "unfinished",
        "wins",
        "holding stones",
        "loses",
        "warning",
    ],
}
# The page's text: its title, every text node (shown or hidden) and every placeholder.
PAGE_TEXT = """() => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const parts = [document.title];
  while (walker.nextNode()) parts.push(walker.currentNode.data);
  for (const el of document.querySelectorAll("[placeholder]")) parts.push(el.placeholder);
  return parts.join(" | ");
}"""


def answered(answer: dict):
    """A route handler that answers with ``answer``."""
    return lambda route: route.fulfill(json=answer)


def test_the_actas_fixed_text_is_all_in_the_pages_language(browser, tmp_path):
    """Unsigned, signed with a sanction by a game won, and lost in Encaje: in English no Spanish
    word of the page's own is left, in Spanish no English one."""
    server = KeinuServer("--no-live", "--data-dir", str(tmp_path / "data"))
    try:
        table_id, _ = played_game(server)
        url = f"{server.url}/api/tables/{table_id}/games/1/acta"
        unsigned = httpx.get(url).json()
        sanction = {"seat": 1, "kind": "warning", "reason": ""}
        body = {"referee": "Maite", "notes": "", "sanctions": [sanction], "unfinished": True}
        won = httpx.post(url, json=body).raise_for_status().json()
        won["acta"]["winner"] = "1-3"
        lost = json.loads(json.dumps(won))
        lost["acta"] |= {"winner": None, "loser": 3}
        page = browser.new_page()
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        for lang, other in (("en", "es"), ("es", "en")):
            page.goto(f"{server.url}/acta?table={table_id}&game=1")
            page.evaluate(f"localStorage.setItem('keinu.lang', '{lang}')")
            for answer in (unsigned, won, lost):
                page.unroute(url)
                page.route(url, answered(answer))
                page.reload()
                expect(page.locator("#players tbody tr")).to_have_count(4)
                expect(page.locator("#winner")).not_to_be_empty()
                if answer["signed"]:
                    expect(page.locator("#signed-sanctions li")).to_have_count(1)
                else:
                    page.click("#add-sanction")
                text = page.evaluate(PAGE_TEXT)
                left = [w for w in FIXED[other] if re.search(rf"\b{w}\b", text, re.I)]
                assert left == [], (lang, left, text)
        assert errors == []
    finally:
        server.stop()


SET_LANG = "(lang) => import('/static/i18n.js').then(({ setLang }) => setLang(lang))"


def pages_beside(browser):
    """Two pages of one browser (they share its storage, as tabs do), and the list their script
    errors go to."""
    context = browser.new_context()
    errors: list[str] = []
    pages = context.new_page(), context.new_page()
    for page in pages:
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    return *pages, errors


def test_an_acta_open_beside_follows_a_language_chosen_on_another_page(browser, tmp_path):
    """English chosen on another page of the browser: the acta being signed says its words, its
    tables and its result line in English, what the referee has written in its form kept; signed,
    and Spanish chosen again, it is said as stored (the reason as typed) in Spanish words."""
    server = KeinuServer("--no-live", "--data-dir", str(tmp_path / "data"))
    try:
        table_id, _ = played_game(server)
        acta, other, errors = pages_beside(browser)
        for page in (acta, other):
            page.goto(f"{server.url}/acta?table={table_id}&game=1")
        expect(acta.locator("#winner")).to_have_text("· sin terminar")
        acta.fill("input[name=referee]", "Maite")
        acta.fill("textarea[name=notes]", "Aviso a Ane.")
        acta.click("#add-sanction")
        acta.select_option(".sanction select[name=kind]", "game_lost")
        acta.select_option(".sanction select[name=seat]", "3")
        acta.fill(".sanction input[name=reason]", "se lo dijo")
        acta.locator(".sanction input[name=reason]").press("ArrowLeft")

        other.evaluate(SET_LANG, "en")
        expect(acta.locator("h1 [data-i18n]")).to_have_text("Match report, game")
        expect(acta.locator("#print")).to_have_text("Print")
        expect(acta.locator("html")).to_have_attribute("lang", "en")
        assert acta.title() == "Match report, game — keinu"
        expect(acta.locator("#winner")).to_have_text("· unfinished")
        expect(acta.locator("#senas tbody tr td").nth(3)).to_have_text("false")
        kinds = acta.locator(".sanction select[name=kind] option")
        expect(kinds).to_have_text(["warning", "game lost", "disqualification"])
        reason = acta.locator(".sanction input[name=reason]")
        expect(reason).to_have_attribute("placeholder", "Reason")
        text = acta.evaluate(PAGE_TEXT)
        left = [w for w in FIXED["es"] if re.search(rf"\b{w}\b", text, re.I)]
        assert left == [], (left, text)
        # what was written stays: the fields, the choices, the focus and the caret
        expect(acta.locator("input[name=referee]")).to_have_value("Maite")
        expect(acta.locator("textarea[name=notes]")).to_have_value("Aviso a Ane.")
        expect(acta.locator(".sanction select[name=kind]")).to_have_value("game_lost")
        expect(acta.locator(".sanction select[name=seat]")).to_have_value("3")
        expect(reason).to_have_value("se lo dijo")
        expect(reason).to_be_focused()
        assert reason.evaluate("el => el.selectionStart") == len("se lo dij")
        expect(acta.locator("#not-over label")).to_have_text(
            "Sign it unfinished: the game stops here"
        )

        acta.check("#not-over input[name=unfinished]")  # the game lost stops it here
        acta.click("#sign button[type=submit]")
        expect(acta.locator("#signed-sanctions li")).to_have_text("game lost — seat 3: se lo dijo")
        signed_ms = httpx.get(f"{server.url}/api/tables/{table_id}/games/1/acta").json()["signed"][
            "signed_ms"
        ]
        other.evaluate(SET_LANG, "es")
        expect(acta.locator("#signed-sanctions li")).to_have_text(
            "partida perdida — asiento 3: se lo dijo"
        )
        expect(acta.locator("#signed h2")).to_have_text("Firmada")
        expect(acta.locator("#signed-referee")).to_have_text("Maite")
        expect(acta.locator("#signed-notes")).to_have_text("Aviso a Ane.")
        spanish_date = acta.evaluate(f"new Date({signed_ms}).toLocaleString('es-ES')")
        expect(acta.locator("#signed-when")).to_have_text(spanish_date)
        expect(acta.locator("#sign")).to_be_hidden()
        assert errors == []
    finally:
        server.stop()


def test_an_actas_refusal_follows_a_language_chosen_on_another_page(browser, tmp_path):
    """No such table: the refusal is said again in English when another page chooses it."""
    server = KeinuServer("--no-live", "--data-dir", str(tmp_path / "data"))
    try:
        acta, other, errors = pages_beside(browser)
        acta.goto(f"{server.url}/acta?table=999&game=1")
        expect(acta.locator("#error")).to_have_text("No hay mesa 999.")
        other.goto(f"{server.url}/acta?table=999&game=1")
        other.evaluate(SET_LANG, "en")
        expect(acta.locator("#error")).to_have_text("There is no table 999.")
        assert errors == []
    finally:
        server.stop()


def test_a_senas_moment_is_in_seconds_as_the_pages_language_writes_them(browser, tmp_path):
    """A seña made 61 540 ms into the hand: "61,5 s" in Spanish, "61.5 s" once another page of the
    browser chooses English."""
    server = KeinuServer("--no-live", "--data-dir", str(tmp_path / "data"))
    try:
        table_id, _ = played_game(server)
        url = f"{server.url}/api/tables/{table_id}/games/1/acta"
        answer = httpx.get(url).json()
        answer["acta"]["senas"][0]["t_ms"] = 61_540
        context = browser.new_context()
        context.route(url, answered(answer))
        errors = []
        acta, other = context.new_page(), context.new_page()
        for page in (acta, other):
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(f"{server.url}/acta?table={table_id}&game=1")
        moment = acta.locator("#senas tbody tr td").nth(4)
        expect(moment).to_have_text("61,5 s")
        other.evaluate(SET_LANG, "en")
        expect(moment).to_have_text("61.5 s")
        assert errors == []
    finally:
        server.stop()


@pytest.mark.parametrize(
    ("lang", "said"),
    [("es", "Mano nº 1 (es mano Ane): "), ("en", "Hand 1 (Ane is mano): ")],
)
def test_the_game_report_says_who_is_mano_within_its_phrase(browser, tmp_path, lang, said):
    """The game report's line of a hand names its mano in the middle of a phrase: no capital
    there ("Es mano"), and English words in their English order."""
    server = KeinuServer("--no-live", "--data-dir", str(tmp_path / "data"))
    try:
        httpx.post(f"{server.url}/api/tables", json={"seats": SEATS}).raise_for_status()
        page = browser.new_page()
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(server.url, wait_until="domcontentloaded")
        page.evaluate(f"localStorage.setItem('keinu.lang', '{lang}')")
        page.reload(wait_until="domcontentloaded")
        expect(page.locator("#status-phase")).to_be_visible()  # the table has come
        page.click("#game-report")
        expect(page.locator("dialog.report-dialog ol li")).to_have_text(
            re.compile("^" + re.escape(said))
        )
        assert errors == []
    finally:
        server.stop()


LONG = "Bartolomé" + "x" * 31  # 40 characters, no space
WIDE = "W" * 40


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_long_names_reasons_and_notes_stay_inside_the_acta(browser, tmp_path, size):
    """Names, a table's name, a review's note, a sanction's reason, the referee's name and notes
    with no space in them: the acta, being signed and signed, stays as wide as a laptop's window
    and a phone's, each text inside its box."""
    server = KeinuServer("--no-live", "--data-dir", str(tmp_path / "data"))
    try:
        seats = [SEATS[0] | {"name": WIDE}, SEATS[1] | {"name": LONG}, SEATS[2], SEATS[3]]
        table_id, hand_id = played_game(
            server, extra=([4, "sena head_tilt left"],), seats=seats, name="M" * 40
        )
        review = f"{server.url}/api/hands/{hand_id}/senas/4/review"
        httpx.post(review, json={"action": "acknowledged", "note": "n" * 300}).raise_for_status()
        page = browser.new_page(viewport={"width": size[0], "height": size[1]})
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{server.url}/acta?table={table_id}&game=1")
        expect(page.locator("#senas tbody tr")).to_have_count(2)
        expect(page.locator("#senas tbody")).to_contain_text("n" * 300)
        page.click("#add-sanction")
        page.fill(".sanction input[name=reason]", "q" * 300)
        assert overflowing(page) == {"page": size[0], "window": size[0], "out": []}

        body = {"referee": "R" * 40, "notes": "y" * 600, "unfinished": True}
        body["sanctions"] = [{"seat": 1, "kind": "warning", "reason": "q" * 300}]
        url = f"{server.url}/api/tables/{table_id}/games/1/acta"
        httpx.post(url, json=body).raise_for_status()
        page.reload()
        expect(page.locator("#signed-sanctions li")).to_have_count(1)
        assert overflowing(page) == {"page": size[0], "window": size[0], "out": []}
        assert errors == []
    finally:
        server.stop()


#: Each side's score in the acta's score cells ("2-4 10"), with the lines it is drawn on.
SIDE_LINES = """() => {
  const cells = document.querySelectorAll("#hands td:nth-child(n+3), #score");
  return [...cells].flatMap((cell) => {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    const nodes = [];
    while (walker.nextNode()) nodes.push(walker.currentNode);
    const text = nodes.map((n) => n.data).join("");
    const at = (offset) => {  // the text node of ``offset`` in the cell's text, and its place
      for (const node of nodes) {
        if (offset <= node.data.length) return [node, offset];
        offset -= node.data.length;
      }
    };
    return [...text.matchAll(/\\d+(-\\d+)* \\d+/g)].map((side) => {
      const range = document.createRange();
      range.setStart(...at(side.index));
      range.setEnd(...at(side.index + side[0].length));
      const drawn = [...range.getClientRects()].filter((r) => r.width > 0);
      return [side[0], new Set(drawn.map((r) => Math.round(r.top))).size];
    });
  });
}"""


def test_a_sides_score_is_never_broken_on_a_phone(browser, tmp_path):
    """The score columns of a small phone's acta break between the two sides, never inside one:
    not "1-3 10 – 2-" above "4 5"."""
    width = 320
    server = KeinuServer("--no-live", "--data-dir", str(tmp_path / "data"))
    try:
        table_id, _ = played_game(server)
        page = browser.new_page(viewport={"width": width, "height": 700})
        page.goto(f"{server.url}/acta?table={table_id}&game=1")
        expect(page.locator("#hands tbody tr")).to_have_count(1)
        sides = page.evaluate(SIDE_LINES)
        assert len(sides) == 6  # before and after the hand, and the result: two sides each
        assert [side for side, lines in sides if lines != 1] == []
        assert overflowing(page) == {"page": width, "window": width, "out": []}
    finally:
        server.stop()
