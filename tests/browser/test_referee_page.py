"""The referee page in Debian's chromium, as a referee reads it: the header and the server's
refusals in the page's language and on one line at 800 px, a seña's lance and reason in words
(not keys), the showdown naming whose cards are missing, a hand's false señas grouped, the call
log a plain list, the keyboard help true to the buttons, the focus left where it was when a
seña comes in, the status bar stuck under the header, not under its lower edge, and a language
chosen in another tab followed with nothing the referee was doing lost."""

from __future__ import annotations

import itertools
import json
import re

import httpx
import pytest
from playwright.sync_api import expect

from tests.api.clips import write_clip
from tests.api.table_examples import EXAMPLE_CALLS, EXAMPLE_HANDS, SEATS
from tests.browser.test_dashboard import press_call
from tests.keinu_server import KeinuServer

pytestmark = pytest.mark.browser


def base(page) -> str:
    return page.url.split("#")[0].rstrip("/")


def new_table(page) -> int:
    """A table of SEATS made through the API, shown on the page: its current hand's id."""
    table = httpx.post(f"{base(page)}/api/tables", json={"seats": SEATS}).json()
    page.reload(wait_until="domcontentloaded")
    expect(page.locator("#status-phase")).to_be_visible()
    return table["current"]["hand"]["id"]


def post_call(page, hand_id: int, seat: int, text: str, t_ms: int | None = None) -> None:
    body = {"seat": seat, "text": text} | ({} if t_ms is None else {"t_ms": t_ms})
    response = httpx.post(f"{base(page)}/api/hands/{hand_id}/calls", json=body)
    assert response.status_code == 200, response.text


def test_the_header_speaks_the_pages_language_and_stays_one_line_at_800(browser, tmp_path):
    clip = write_clip(tmp_path / "table.mp4", frames=40)
    server = KeinuServer("--data-dir", str(tmp_path / "data"), "--source", str(clip), "--loop")
    try:
        httpx.post(f"{server.url}/api/tables", json={"seats": SEATS})
        page = browser.new_page(viewport={"width": 800, "height": 600})
        page.add_init_script("localStorage.setItem('keinu.lang', 'en')")
        page.goto(server.url, wait_until="domcontentloaded")
        rec = page.locator("#rec")
        expect(rec).to_contain_text("record video")
        expect(rec.locator(".rec-review")).to_have_text("review")
        assert not re.search("grab|revisar|vídeo", rec.inner_text())
        # the badge's "not recording" is said by the unticked switch at this width
        expect(page.locator("#rec-badge")).to_have_text("not recording")
        expect(page.locator("#rec-badge")).to_be_hidden()
        # its poll every 2 s leaves the switch as it was, the keyboard's focus on it
        page.focus("#rec-switch")
        page.wait_for_timeout(2500)
        assert page.evaluate("document.activeElement.id") == "rec-switch"
        for lang in ("en", "es"):
            page.evaluate(f"localStorage.setItem('keinu.lang', '{lang}')")
            page.reload(wait_until="domcontentloaded")
            expect(page.locator("#rec-switch")).to_be_visible()
            expect(page.locator("#health-text")).to_contain_text("fps")
            # one line: every part of the header as tall as one line of its text, none cut
            parts = page.evaluate(
                """[...document.querySelectorAll(
                      '.tabs button, #health-text, .rec-switch, .rec-review, #lang')]
                   .map((el) => ({ text: el.textContent.trim(), height: el.offsetHeight,
                                   clipped: el.scrollWidth > el.clientWidth + 1 }))"""
            )
            line = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize) * 2.7")
            for part in parts:
                assert part["height"] <= line and not part["clipped"], (lang, part)
            assert page.evaluate("document.querySelector('.topbar').offsetHeight") <= 60, lang
    finally:
        server.stop()


def test_an_undo_with_nothing_to_undo_is_refused_in_the_pages_language(page):
    new_table(page)
    page.keyboard.press("u")
    expect(page.locator("#call-error")).to_have_text(
        "En esta mano no hay jugada del árbitro que deshacer."
    )


def test_a_seat_name_refused_at_setup_is_said_in_the_pages_language(page):
    expect(page.locator("#setup")).to_be_visible()
    page.fill("input[name=seat2]", "Ane/Bego")
    page.click("#setup-submit")
    expect(page.locator("#setup-error")).to_have_text(
        "Asiento 2: «Ane/Bego»: el nombre de un jugador no puede llevar «/» ni «\\», ni ser solo"
        " puntos"
    )


def refusal_of(page, hand_id: int, seat: int, text: str) -> str:
    """What the page says when the server refuses ``text`` at ``seat`` (core.js's api())."""
    return page.evaluate(
        """([hand, seat, text]) => import('/static/core.js').then(({ api }) =>
             api('POST', `/api/hands/${hand}/calls`, { seat, text })
               .then(() => 'accepted', (err) => err.message))""",
        [hand_id, seat, text],
    )


def test_an_illegal_call_on_a_stale_page_is_refused_saying_why(page):
    """The page offers only the calls it thinks legal; a call another console made that the
    page has not heard of yet makes its own illegal: the refusal says why, in Spanish."""
    stale = {"on": False}

    def withhold_news_of_calls(ws):
        server = ws.connect_to_server()

        def to_page(message):
            if not (stale["on"] and json.loads(message)["type"] == "call"):
                ws.send(message)

        server.on_message(to_page)

    page.route_web_socket(re.compile(r"/api/live$"), withhold_news_of_calls)
    hand_id = new_table(page)
    expect(page.locator("#status-speaks")).to_contain_text("Ane")
    stale["on"] = True
    post_call(page, hand_id, 1, "mus")  # another console: Ane said mus, Bego speaks now
    page.wait_for_timeout(300)
    expect(page.locator("#status-speaks")).to_contain_text("Ane")  # the page did not hear it
    page.keyboard.press("m")
    expect(page.locator("#call-error")).to_have_text(
        "«Mus» no es legal ahora (asiento 1): habla el asiento 2."
    )


def test_an_illegal_calls_rule_is_said_with_its_lance_phase_and_seats(page):
    """The rule's params in the page's words: a lance and a phase by their names, a call as its
    button says it, seats as a list; in English too."""
    hand_id = new_table(page)
    post_call(page, hand_id, 1, "no hay mus")
    assert refusal_of(page, hand_id, 1, "pares si") == (
        "«Pares sí» no es legal ahora (asiento 1): no toca declarar pares: "
        "ahora es el envite de grande."
    )
    assert refusal_of(page, hand_id, 1, "sube 2") == (
        "«2 más» no es legal ahora (asiento 1): no hay envite que subir: se abre con «Envido»."
    )
    seats = [{"seat": seat, "name": f"J{seat}"} for seat in range(1, 7)]
    six = {"players": 6, "target": 50, "captains": True, "seats": seats}
    table = httpx.post(f"{base(page)}/api/tables", json=six).json()
    six_hand = table["current"]["hand"]["id"]
    assert refusal_of(page, six_hand, 1, "mus") == (
        "«Mus» no es legal ahora (asiento 1): solo los capitanes deciden el mus: asientos 2 y 5."
    )
    page.evaluate("import('/static/i18n.js').then(({ setLang }) => setLang('en'))")
    assert refusal_of(page, six_hand, 1, "mus") == (
        "“Mus” is not legal now (seat 1): the captains alone decide the mus: seats 2 and 5."
    )


def test_a_rule_the_page_has_no_words_for_keeps_the_general_words(page):
    """A refusal naming a rule this page does not know (a newer server): its seat and call
    in the general words for an illegal call, not the server's English."""
    hand_id = new_table(page)
    refusal = {
        "detail": "call 0 (seat 2, 'no hay mus'): a rule of tomorrow",
        "code": "illegal_call",
        "params": {
            "seat": 2,
            "call": "no hay mus",
            "rule_code": "a_rule_of_tomorrow",
            "rule_params": {"seat": 2},
        },
    }
    page.route(
        f"**/api/hands/{hand_id}/calls", lambda route: route.fulfill(status=409, json=refusal)
    )
    assert refusal_of(page, hand_id, 2, "no hay mus") == (
        "«No hay mus» no es legal ahora (asiento 2): mira quién habla y qué puede decir."
    )


def test_cards_no_deck_holds_are_refused_in_the_pages_language(page):
    hand_id = new_table(page)
    for seat, text in EXAMPLE_CALLS:
        post_call(page, hand_id, seat, text)
    expect(page.locator("#showdown")).to_be_visible()
    five_reyes = EXAMPLE_HANDS | {"4": ["R", "R", "R", "6"]}  # Koldo holds two reyes too
    for seat in ("1", "2", "3", "4"):
        for rank in five_reyes[seat]:
            page.keyboard.press(rank.lower())
    page.click("#show-submit")
    expect(page.locator("#show-error")).to_have_text(
        "Más de cuatro cartas de R: revisa las cartas anotadas."
    )


def test_a_senas_lance_and_reason_are_in_words(page):
    hand_id = new_table(page)
    # every lance a profile can give a seña has its words, in both languages
    missing = page.evaluate(
        """import('/static/i18n.js').then(({ term, setLang }) => {
             const lances = ['mus', 'betting', 'grande', 'chica', 'pares', 'juego'];
             const missing = [];
             for (const lang of ['es', 'en']) {
               setLang(lang);
               for (const l of lances) {
                 if (term(`phase.${l}`) === `phase.${l}`) missing.push(`${lang} ${l}`);
               }
             }
             setLang('es');
             return missing;
           })"""
    )
    assert missing == []
    page.select_option("#sena-add-seat", "2")
    page.select_option("#sena-add-gesture", "eyes_closed")
    page.click("#sena-add-submit")
    sena = page.locator("#sena-list li.sena[data-seat='2']")
    expect(sena.locator(".lance")).to_have_text(" · antes del envite")
    post_call(page, hand_id, 4, "sena head_tilt left")  # not a seña of the standard profile
    reason = page.locator("#sena-list li.sena[data-seat='4'] .reason")
    expect(reason).to_contain_text("«ladear la cabeza (izquierda)» no es una seña del perfil")
    expect(reason).not_to_contain_text("head_tilt")


def test_the_showdown_names_the_players_whose_cards_are_missing(page):
    hand_id = new_table(page)
    for seat, text in EXAMPLE_CALLS:
        post_call(page, hand_id, seat, text)
    expect(page.locator("#showdown")).to_be_visible()
    sent = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "PUT" else None)
    for rank in EXAMPLE_HANDS["1"] + EXAMPLE_HANDS["2"][:2]:
        page.keyboard.press(rank.lower())
    page.click("#show-submit")
    expect(page.locator("#show-error")).to_have_text("Bego, Koldo, Iñaki: hacen falta 4 cartas")
    assert sent == []  # said on the page, before anything was sent


def test_a_hands_false_senas_are_grouped_by_player_and_sena(page):
    hand_id = new_table(page)
    calls = [list(c) for c in EXAMPLE_CALLS]
    # Ane (7 7 2 1) and Iñaki (C C C 6) say dos reyes again and again: false at the showdown
    repeats = [(4, 1000), (1, 2000), (4, 5000), (1, 6000), (4, 9000)]
    for seat, t_ms in repeats:
        post_call(page, hand_id, seat, "sena lip_bite center", t_ms)
    for seat, text in calls:
        post_call(page, hand_id, seat, text)
    shown = httpx.put(f"{base(page)}/api/hands/{hand_id}/shown", json={"hands": EXAMPLE_HANDS})
    assert shown.status_code == 200, shown.text
    flag = page.locator("#report .flag").first
    expect(flag).to_have_text("⚠ Señas falsas: Ane: dos reyes ×2 · Iñaki: dos reyes ×3")
    # the game report's line of the hand groups them the same way
    page.click("#game-report")
    expect(page.locator("dialog.report-dialog ol li")).to_contain_text(
        "⚠ Señas falsas: Ane: dos reyes ×2 · Iñaki: dos reyes ×3"
    )
    page.locator("dialog.report-dialog form button").click()
    # an overruled one no longer counts, as in the game report's table
    page.locator("#sena-list li.sena[data-seat='1'] button.overrule").first.click()
    expect(flag).to_have_text("⚠ Señas falsas: Ane: dos reyes · Iñaki: dos reyes ×3")


def test_the_call_log_is_one_list_newest_first_with_its_filter_apart(page):
    hand_id = new_table(page)
    for seat, text in EXAMPLE_CALLS[:12]:
        post_call(page, hand_id, seat, text)
    entries = page.locator("#call-log li")
    expect(entries).to_have_count(12)
    expect(entries.first).to_have_text("Bego: No quiero")
    expect(entries.last).to_have_text("Ane: Mus")
    expect(entries.nth(5)).to_have_text("Iñaki: Envido 5")
    boxes = entries.evaluate_all(
        "els => els.map((el) => { const r = el.getBoundingClientRect(); "
        "return { left: r.left, top: r.top, value: el.value }; })"
    )
    assert {b["left"] for b in boxes} == {boxes[0]["left"]}, "one column"
    assert [b["value"] for b in boxes] == list(range(12, 0, -1)), "numbered by place in the hand"
    assert all(a["top"] < b["top"] for a, b in itertools.pairwise(boxes))
    log = page.locator("#call-log").bounding_box()
    first = entries.first.bounding_box()
    assert first["y"] >= log["y"], "the newest entry is whole"
    label = page.locator(".log-filter").bounding_box()
    assert label["y"] + label["height"] <= log["y"], "the filter sits above the list, not on it"
    page.check("#log-calls-only")
    expect(page.locator("#call-log li.sena-call")).to_be_hidden()
    expect(entries.first).to_have_attribute("value", "12")  # numbers stay with the filter on
    # in English, each call as its button says it (i18n.js's callLabel, the review page's too)
    page.evaluate("localStorage.setItem('keinu.lang', 'en')")
    page.reload(wait_until="domcontentloaded")
    expect(entries).to_have_count(12)
    expect(entries.nth(0)).to_have_text("Bego: Refuse")
    expect(entries.nth(2)).to_have_text("Bego: Raise 4")
    expect(entries.nth(3)).to_have_text("Ane: Envido (bet)")
    expect(entries.nth(5)).to_have_text("Iñaki: Envido 5 (bet)")  # the amount, then the gloss
    expect(page.locator("#actions button[data-call='envido 2']")).to_contain_text("Envido 2 (bet)")
    expect(entries.nth(6)).to_have_text("Koldo: Pass")
    expect(entries.nth(9)).to_have_text("Koldo: seña · lip bite (centre)")


def test_the_keyboard_help_names_the_discards_the_buttons_offer(page):
    new_table(page)
    for seat in (1, 2, 3, 4):
        press_call(page, seat, "m")
    discards = page.locator("#actions button[data-call^='descarte']")
    offered = sorted(int(call.split()[1]) for call in discards.evaluate_all(
        "els => els.map((el) => el.dataset.call)"))  # fmt: skip
    assert offered == [1, 2, 3, 4]
    help_text = page.locator("#page-referee .keys").inner_text()
    low = re.search(r"(\d)–4 son las cartas", help_text)
    assert low and int(low.group(1)) == offered[0], help_text


def test_a_sena_coming_in_leaves_the_focus_and_a_typed_note_where_they_were(page):
    hand_id = new_table(page)
    post_call(page, hand_id, 3, "sena lip_bite center", 1000)
    note = page.locator("#sena-list li.sena input.note")
    note.fill("la vi yo")
    page.locator("#actions button[data-call='mus']").focus()
    post_call(page, hand_id, 2, "sena wink left", 5000)
    expect(page.locator("#sena-list li.sena")).to_have_count(2)
    focus = page.evaluate("document.activeElement.dataset.call")
    assert focus == "mus"
    expect(page.locator("#sena-list li.sena[data-seat='3'] input.note")).to_have_value("la vi yo")
    # a button made again (its stones changed) hands the focus on to the new one
    post_call(page, hand_id, 1, "no hay mus")
    page.locator("#actions button[data-call='envido 2']").focus()
    page.keyboard.press("+")
    expect(page.locator("#actions button[data-call='envido 3']")).to_be_focused()


def test_a_review_pressed_as_a_new_sena_comes_in_goes_to_the_sena_pressed(page):
    """A new seña goes on top of the list and moves the others down: one coming in while the
    referee's finger is on a seña's button (a hand holds a click about 200 ms) waits for the
    press to end, so the click reaches the button pressed."""
    hand_id = new_table(page)
    post_call(page, hand_id, 3, "sena lip_bite center", 1000)
    pressed = page.locator("#sena-list li.sena[data-seat='3']")
    box = pressed.locator("button.ack").bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    post_call(page, hand_id, 2, "sena wink left", 5000)
    page.wait_for_timeout(300)  # the new seña's news, read
    page.mouse.up()
    expect(page.locator("#sena-list li.sena")).to_have_count(2)
    expect(pressed).to_contain_class("reviewed-acknowledged")
    expect(page.locator("#sena-list li.sena[data-seat='2']")).not_to_contain_class(
        "reviewed-acknowledged"
    )


# Where the status bar and the header stand, scrolled to the bottom of the page.
STUCK = """() => {
  window.scrollTo(0, document.documentElement.scrollHeight);
  return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
    const header = document.querySelector('.topbar').getBoundingClientRect();
    const status = document.getElementById('status').getBoundingClientRect();
    done({ header: header.bottom, status: status.top, scrolled: window.scrollY });
  })));
}"""


@pytest.mark.parametrize("width", [1280, 800])
def test_the_status_bar_sticks_right_under_the_header_whatever_its_height(page, width):
    page.set_viewport_size({"width": width, "height": 500})
    new_table(page)
    where = page.evaluate(STUCK)
    assert where["scrolled"] > 200, "the page scrolls"
    assert where["status"] == pytest.approx(where["header"], abs=0.5), where
    # a header grown taller (another language, a line more) takes the status bar down with it
    page.evaluate("document.querySelector('.topbar').style.paddingBottom = '30px'")
    where = page.evaluate(STUCK)
    assert where["status"] == pytest.approx(where["header"], abs=0.5), where


# Words of the Spanish referee page (as whole words, any case) none of which the English one says.
SPANISH = [
    "Mano nº", "partida", "Es mano", "Fase", "Habla", "Envite", "Tanteo", "Paso", "más", "Quiero",
    "No queremos", "Reglas", "jugadores",
    "Piedras", "Deshacer", "Teclas", "Jugadas", "solo jugadas", "No hay mus", "morderse",
    "labio", "centro", "pendiente", "añadida", "Confirmar", "Anular", "hubo", "cámara",
    "cerrar los ojos", "Añadir", "Siguiente", "Informe", "Exportar", "Nueva mesa", "sin vídeo",
]  # fmt: skip
SETUP_SPANISH = [
    "Preparar", "Mesa", "Modalidad", "jugadores", "Perfil", "Partida a", "Es mano", "Capitanes",
    "Asiento", "Jugador", "Equipo", "Cámara", "cualquiera", "Crear", "Reglas", "defecto",
    "Encuentro", "Tope",
]  # fmt: skip


def said(words: list[str], text: str) -> list[str]:
    """The ``words`` ``text`` says, as whole words in any case."""
    return [w for w in words if re.search(rf"\b{w}\b", text, re.I)]


# An element's text: every text node (shown or hidden), and what its fields hold and show.
TEXT_AND_FIELDS = """(root) => {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const parts = [];
  while (walker.nextNode()) parts.push(walker.currentNode.data);
  for (const el of root.querySelectorAll('input, textarea')) parts.push(el.value, el.placeholder);
  return parts.join(' | ');
}"""


@pytest.fixture
def two_tabs(browser, tmp_path):
    """Two dashboards of one browser (one context: one localStorage) on a `keinu serve
    --no-live` of their own: the one that switches, the other, and the server's address."""
    server = KeinuServer("--data-dir", str(tmp_path / "data"), "--no-live")
    context = browser.new_context(viewport={"width": 1366, "height": 600})
    errors = []
    pages = [context.new_page(), context.new_page()]
    for page in pages:
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        yield *pages, server.url
        assert errors == []
    finally:
        context.close()
        server.stop()


def test_a_dashboard_beside_follows_a_language_chosen_on_another_tab(two_tabs):
    """English chosen on one dashboard: the other says its hand, its señas, its seats and its
    practice in English, a note half typed, its focus, the seña being added and its place on the
    page as they were."""
    switcher, other, url = two_tabs
    table = httpx.post(f"{url}/api/tables", json={"name": "Txoko", "seats": SEATS}).json()
    hand_id = table["current"]["hand"]["id"]
    for seat, text in EXAMPLE_CALLS[:8]:  # a seña of Koldo's among them
        httpx.post(f"{url}/api/hands/{hand_id}/calls", json={"seat": seat, "text": text})
    for page in (switcher, other):
        page.goto(url, wait_until="domcontentloaded")
    expect(other.locator("#call-log li").first).to_have_text("Ane: Quiero")
    other.select_option("#sena-add-gesture", "eyes_closed")  # once the catalogue has come
    other.select_option("#sena-add-seat", "2")
    note = other.locator("#sena-list li.sena input.note")
    note.fill("la vi yo")
    note.press("ArrowLeft")
    other.evaluate("window.scrollTo(0, 150)")
    referee = other.locator("#referee")
    assert said(SPANISH, referee.evaluate(TEXT_AND_FIELDS)) == SPANISH

    switcher.click("#lang")
    expect(switcher.locator("[data-tab=referee]")).to_have_text("Referee")
    expect(other.locator("[data-tab=referee]")).to_have_text("Referee")
    expect(other.locator("#lang")).to_have_text("ES")
    expect(other.locator("html")).to_have_attribute("lang", "en")
    expect(other.locator("#undo")).to_contain_text("Undo")
    # what the page built with words: the status, the buttons, the log, the señas, the lists
    expect(other.locator("#status .speaks small")).to_have_text("To speak")
    expect(other.locator("#actions button[data-call='paso']")).to_contain_text("Pass")
    expect(other.locator("#call-log li").first).to_have_text("Ane: Accept")
    expect(other.locator("#call-log li").nth(5)).to_have_text("Koldo: seña · lip bite (centre)")
    expect(other.locator("#sena-list li.sena button.ack")).to_have_text("Confirm")
    expect(note).to_have_attribute("placeholder", "Note")
    expect(note).to_have_attribute("title", "Referee's note")
    expect(other.locator("#sena-add-gesture option:checked")).to_have_text("eyes closed")
    text = referee.evaluate(TEXT_AND_FIELDS)
    assert said(SPANISH, text) == [], text
    # and the other tabs, hidden
    expect(other.locator("#seat-tiles .seat-tile").first).to_contain_text("no face")
    expect(other.locator("#bars .bar-label").first).to_have_text("lip bite")
    expect(other.locator("#enrol-state")).to_have_text(re.compile(r"^\d+ / \d+ learnt$"))
    expect(other.locator("#health-text")).to_have_text("no video")
    # what the referee was doing
    expect(note).to_have_value("la vi yo")
    expect(note).to_be_focused()
    assert note.evaluate("el => el.selectionStart") == len("la vi y")
    expect(other.locator("#sena-add-seat")).to_have_value("2")
    expect(other.locator("#sena-add-gesture")).to_have_value("eyes_closed")
    assert other.evaluate("window.scrollY") == 150


def test_a_table_being_set_up_beside_follows_a_language_chosen_on_another_tab(two_tabs):
    """The setup form of the other dashboard says its fields, its games and the names nobody
    typed in English; the game chosen, a name typed and the focus in it stay."""
    switcher, other, url = two_tabs
    for page in (switcher, other):
        page.goto(url, wait_until="domcontentloaded")
    expect(other.locator("#setup-game option")).to_have_count(4)
    other.select_option("#setup-game", "mus-6")
    other.select_option("select[name=source2]", "")
    seat1 = other.locator("input[name=seat1]")
    seat1.fill("Ane")
    seat1.press("Home")
    expect(other.locator("input[name=seat2]")).to_have_value("Asiento 2")
    expect(other.locator("input[name=name]")).to_have_value("Mesa 1")
    setup = other.locator("#setup")
    assert said(SETUP_SPANISH, setup.evaluate(TEXT_AND_FIELDS)) == SETUP_SPANISH

    switcher.click("#lang")
    expect(other.locator("#setup-submit")).to_have_text("Create table")
    expect(other.locator("#setup-game option:checked")).to_have_text("Mus · 6 players")
    expect(other.locator("#setup-seats tr")).to_have_count(6)
    expect(other.locator("input[name=seat2]")).to_have_value("Seat 2")
    expect(other.locator("input[name=name]")).to_have_value("Table 1")
    expect(other.locator("select[name=source2] option").first).to_have_text("any")
    expect(other.locator("#setup-mano option").nth(1)).to_have_text("2 · Seat 2")
    text = setup.evaluate(TEXT_AND_FIELDS)
    assert said(SETUP_SPANISH, text) == [], text
    expect(seat1).to_have_value("Ane")
    expect(seat1).to_be_focused()
    assert seat1.evaluate("el => el.selectionStart") == 0
    # typed on, the mano's list follows the name, as before the switch
    other.keyboard.type("Maite ")
    expect(other.locator("#setup-mano option").first).to_have_text("1 · Maite Ane")


def test_a_language_chosen_on_this_tab_keeps_what_the_referee_typed(page):
    """EN pressed on the page itself says it anew in place, as a switch from another tab does:
    the table's name and the seats typed, the mano chosen, the refusal shown (now in English)
    and the focus in the field being typed stay; nothing is reloaded."""
    expect(page.locator("#setup-game option")).to_have_count(4)
    page.evaluate("window.notReloaded = true")
    page.fill("input[name=name]", "Txoko")
    for seat, name in enumerate(["Ana", "Bea", "Carlos", "Dani/"], 1):
        page.fill(f"input[name=seat{seat}]", name)
    page.select_option("#setup-mano", "3")
    page.click("#setup-submit")
    error = page.locator("#setup-error")
    expect(error).to_contain_text("Asiento 4: «Dani/»")
    seat4 = page.locator("input[name=seat4]")
    seat4.fill("Dani")
    seat4.press("Home")

    page.click("#lang")
    expect(page.locator("#setup-submit")).to_have_text("Create table")
    assert page.evaluate("window.notReloaded") is True
    expect(page.locator("input[name=name]")).to_have_value("Txoko")
    values = [page.locator(f"input[name=seat{seat}]").input_value() for seat in range(1, 5)]
    assert values == ["Ana", "Bea", "Carlos", "Dani"]
    expect(page.locator("#setup-mano")).to_have_value("3")
    expect(page.locator("#setup-mano option:checked")).to_have_text("3 · Carlos")
    expect(error).to_contain_text("Seat 4: “Dani/”: a player's name cannot contain")
    expect(seat4).to_be_focused()
    assert seat4.evaluate("el => el.selectionStart") == 0
    page.click("#lang")
    expect(page.locator("#setup-submit")).to_have_text("Crear mesa")
    expect(page.locator("input[name=name]")).to_have_value("Txoko")
    expect(error).to_contain_text("Asiento 4: «Dani/»")


def test_the_seat_chosen_for_a_sena_stays_chosen_when_the_table_is_sent_again(page):
    """A table message (another console activates the table, a hand is dealt) makes the
    add-a-seña lists again: the referee's choice must survive it, or the seña goes to seat 1."""
    new_table(page)
    page.select_option("#sena-add-seat", "3")
    page.select_option("#sena-add-gesture", "eyes_closed")
    page.evaluate("window.oldOption = document.querySelector('#sena-add-seat option')")
    table_id = httpx.get(f"{base(page)}/api/tables").json()["tables"][0]["id"]
    activated = httpx.post(f"{base(page)}/api/tables/{table_id}/activate")
    assert activated.status_code == 200, activated.text
    page.wait_for_function("!window.oldOption.isConnected")  # the lists were made again
    assert page.locator("#sena-add-seat").input_value() == "3"
    assert page.locator("#sena-add-gesture").input_value() == "eyes_closed"
    page.click("#sena-add-submit")
    expect(page.locator("#sena-list li.sena[data-seat='3']")).to_have_count(1)


def test_every_part_of_a_page_that_follows_a_switch_is_told_of_it(two_tabs):
    """The dashboard's own follower and one more on the same page both run."""
    switcher, other, url = two_tabs
    for page in (switcher, other):
        page.goto(url, wait_until="domcontentloaded")
    expect(other.locator("#lang")).to_have_text("EN")
    other.evaluate(
        """import('/static/i18n.js').then(({ onLangSwitch }) => {
             window.told = 0;
             onLangSwitch(() => { window.told += 1; });
           })"""
    )
    switcher.click("#lang")
    expect(other.locator("[data-tab=referee]")).to_have_text("Referee")  # the dashboard's
    other.wait_for_function("window.told === 1")  # and the second follower's


def test_the_keys_still_make_calls_after_a_tick_box_or_a_table_is_chosen(page):
    """A tick box just clicked (the log's "solo jugadas") or a table just picked from the list
    keeps the focus, and the keys went nowhere: they are the referee's calls again."""
    new_table(page)
    expect(page.locator("#status-speaks")).to_contain_text("Ane")
    page.click("#log-calls-only")
    page.keyboard.press("m")  # Ane: mus
    expect(page.locator("#status-speaks")).to_contain_text("Bego")
    hand_id = new_table(page)
    page.select_option("#table-list", index=1)  # back to the first table: Bego speaks there
    expect(page.locator("#status-speaks")).to_contain_text("Bego")
    page.keyboard.press("m")
    expect(page.locator("#status-speaks")).to_contain_text("Koldo")
    assert hand_id


def test_a_game_its_acta_gave_to_a_side_says_so_and_the_next_game_is_dealt(page):
    """Signed mid-hand with «partida perdida» for seat 2: the page, told by the server, says
    the game is 1-3's by sanction, counts it, and deals the next game's first hand."""
    hand_id = new_table(page)
    post_call(page, hand_id, 1, "mus")
    table_id = httpx.get(f"{base(page)}/api/hands/{hand_id}").json()["hand"]["table_id"]
    sanction = {"seat": 2, "kind": "game_lost", "reason": ""}
    body = {"referee": "Maite", "unfinished": True, "sanctions": [sanction]}
    signed = httpx.post(f"{base(page)}/api/tables/{table_id}/games/1/acta", json=body)
    assert signed.status_code == 201, signed.text
    expect(page.locator("#status-awarded")).to_have_text(
        "1-3 gana la partida por sanción: partida perdida"
    )
    expect(page.locator("#status-games")).to_have_text("1-3 1 – 2-4 0")
    page.click("#next-hand")
    expect(page.locator("#status")).to_contain_text("Mano nº 2 · partida 2")
    expect(page.locator("#status-awarded")).to_have_count(0)
    page.click("#game-report")
    expect(page.locator("dialog.report-dialog h4").first).to_contain_text(
        "· 1-3 gana la partida por sanción: partida perdida"
    )
    page.keyboard.press("Escape")
    page.goto(f"{base(page)}/acta?table={table_id}&game=1")
    expect(page.locator("#winner")).to_have_text(
        "· 1-3 gana la partida por sanción: partida perdida"
    )


def test_the_referee_names_a_seat_anew_and_a_bad_name_is_said_in_the_dialog(page):
    new_table(page)
    page.click("#seat-names")
    dialog = page.locator("dialog.player-dialog")
    expect(dialog.locator("h3")).to_have_text("Quién se sienta en cada asiento")
    dialog.locator("input[name=seat1]").fill("An/e")
    dialog.locator("button[value=ok]").click()
    expect(dialog.locator(".error")).to_contain_text("Asiento 1:")
    dialog.locator("input[name=seat1]").fill("  Anetxu ")
    dialog.locator("button[value=ok]").click()
    expect(dialog).to_have_count(0)
    expect(page.locator("#status")).to_contain_text("Anetxu (1)")  # the mano, named anew
    table = httpx.get(f"{base(page)}/api/tables/active").json()["table"]
    assert [s["name"] for s in table["seats"]] == ["Anetxu", *[s["name"] for s in SEATS[1:]]]
