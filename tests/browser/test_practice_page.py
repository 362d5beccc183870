"""The practice page in Debian's chromium against `keinu serve` on the bundled sample table video:
a name that cannot be a player's is refused on the page, before anything is sent, and the steps
of "Your señas" read the same after a reload as when they were shown (the talking step ticked,
a gesture not seen still to do and not counted). Every line the page says follows a language
switch; numbers and times are written as the page's language writes them; the progress plot
counts a dealt hand as a hand; the drill is in sight at 1280x800; the cards dealt say what a 3
and a 2 count as, under the house profile's reyes. No name is made up: a first visit asks for
it, and the last name used in the browser is there on opening."""

import re
import sqlite3
from datetime import datetime
from zoneinfo import ZoneInfo

import httpx
import pytest
from playwright.sync_api import expect

from tests.api.table_examples import SEATS
from tests.browser.test_dashboard import serving

pytestmark = pytest.mark.browser

BAD_NAME = (
    "El nombre de un jugador no puede llevar «/» ni «\\», ni ser solo puntos: forma parte de "
    "las direcciones de la página."
)


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("data")


@pytest.fixture(scope="module")
def server(data_dir):
    with serving(data_dir) as url:
        yield url


@pytest.fixture
def practice(server, browser):
    """The practice tab; the test fails on a script error of the page."""
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server + "#practice", wait_until="domcontentloaded")
    expect(page.locator("#enrol-steps button")).to_have_count(7)
    expect(page.locator("#prompt")).to_have_text(FIRST)  # a first visit: no name yet
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
    expect(rest).to_contain_class("done", timeout=30_000)
    expect(rest).to_have_text("✔ Habla y mira tus cartas")
    twist.click()
    expect(state).to_contain_text("no visto, repítelo de frente", timeout=30_000)
    expect(twist).to_contain_class("missed")
    saved = practice.request.get(server + "api/practice/players/Itziar").json()["calibration"]
    assert (saved["missed"], saved["enrolment"], saved["rest_shown"]) == (["mouth_twist"], {}, True)

    practice.reload(wait_until="domcontentloaded")
    expect(practice.locator("#enrol-steps button")).to_have_count(7)
    expect(practice.locator("#player")).to_have_value("Itziar")  # the name last used here
    expect(rest).to_contain_class("done")
    expect(twist).to_contain_class("missed")
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


def test_a_step_pressed_as_the_players_saved_steps_come_takes_the_press(practice):
    """The player's saved steps are drawn when the player's file comes: a step pressed
    meanwhile (a hand holds a click about 200 ms) is still taken."""
    practice.select_option("#practice-seat", "2")
    expect(practice.locator("#calib-state")).to_contain_text("calibrado", timeout=60_000)
    held = []
    practice.route("**/api/practice/players/Nerea", lambda route: held.append(route))
    name_player(practice, "Nerea")
    for _ in range(200):
        if held:
            break
        practice.wait_for_timeout(50)
    assert held
    box = practice.locator("#enrol-steps [data-kind=wink]").bounding_box()
    assert box is not None
    practice.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    practice.mouse.down()
    with practice.expect_request_finished(lambda request: request.url.endswith("/Nerea")):
        held[0].continue_()
    practice.wait_for_timeout(200)  # the file, read and its steps drawn
    with practice.expect_request(lambda request: "/Nerea/enrol" in request.url):
        practice.mouse.up()
    practice.unroute("**/api/practice/players/Nerea")
    state = practice.locator("#enrol-state")
    expect(state).to_contain_text("amplitud", timeout=30_000)  # the window has ended


NO_NAME = (
    "Escribe el nombre del jugador: con él se guardan su calibración, sus señas y su progreso."
)
FIRST = (
    "Para empezar, escribe tu nombre arriba: con él se guardan tu calibración, tus señas y tu"
    " progreso."
)


def test_a_first_visit_opens_with_no_name_and_asks_for_it_first(practice, server):
    """No name made up: the field is empty, its placeholder and the drill's line say to type
    it, and a step tried before is refused with the field focused for it."""
    sent: list[str] = []
    practice.on("request", lambda r: sent.append(r.url) if "/players/" in r.url else None)
    field = practice.locator("#player")
    expect(field).to_have_value("")
    expect(field).to_have_attribute("placeholder", "Tu nombre")
    expect(practice.locator("#player-error")).to_be_hidden()
    expect(practice.locator("#progress")).to_have_text("Aún no hay intentos.")
    sample = practice.locator("#sample-note")
    expect(sample).to_have_text(
        "Vídeo de ejemplo: no se ve tu cámara; las señas las hace la cara del asiento elegido."
        " Para practicar tú, arranca keinu con tu cámara: keinu serve --source 0."
    )
    practice.click("#lang")
    expect(field).to_have_attribute("placeholder", "Your name")
    expect(sample).to_have_text(
        "Sample video: your camera is not used; the face in the seat chosen makes the señas."
        " To practise yourself, start keinu with your camera: keinu serve --source 0."
    )
    expect(practice.locator("#prompt")).to_have_text(
        "To begin, type your name above: your calibration, señas and progress are kept under it."
    )
    practice.click("#lang")
    practice.click("#drill-hand")
    expect(practice.locator("#prompt")).to_have_text(NO_NAME)
    expect(field).to_be_focused()
    practice.click("#enrol-steps [data-kind=wink]")
    expect(practice.locator("#enrol-state")).to_have_text(NO_NAME)
    assert sent == []
    field.press_sequentially("Ane")
    expect(practice.locator("#prompt")).to_have_text("Pide una seña o reparte una mano.")
    assert "Jugador" not in httpx.get(server + "api/practice/players").json()["players"]


def test_the_last_name_used_in_this_browser_is_there_on_opening(practice):
    name_player(practice, "Oihana")
    expect(practice.locator("#progress")).to_have_text("Aún no hay intentos.")
    practice.reload(wait_until="domcontentloaded")
    expect(practice.locator("#player")).to_have_value("Oihana")
    expect(practice.locator("#progress")).to_have_text("Aún no hay intentos.")
    expect(practice.locator("#prompt")).to_have_text("Pide una seña o reparte una mano.")


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


def test_every_line_the_page_said_follows_the_language_switch(practice):
    """The name asked for, a save, an enrolment's outcome, the drill asked: each said in
    English once switched, and in Spanish again."""
    name_player(practice, "")
    error = practice.locator("#player-error")
    expect(error).to_have_text(NO_NAME)
    practice.click("#lang")
    expect(error).to_have_text(
        "Type the player's name: their calibration, señas and progress are kept under it."
    )
    name_player(practice, "Uxue")
    practice.click("#save-sens")
    expect(practice.locator("#sens-saved")).to_have_text("saved")
    practice.click("#lang")
    expect(practice.locator("#sens-saved")).to_have_text("guardado")
    practice.select_option("#practice-seat", "2")
    expect(practice.locator("#calib-state")).to_contain_text("calibrado", timeout=60_000)
    state = practice.locator("#enrol-state")
    practice.click("#enrol-steps [data-kind=brows_raised]")
    expect(state).to_contain_text("amplitud", timeout=30_000)
    said = state.inner_text()
    practice.click("#lang")
    expect(state).to_have_text(re.compile(r"^\d / 6 learnt · size \d+%"))
    assert not {"aprendidos", "amplitud", "visto"} & set(state.inner_text().split())
    practice.select_option("#drill-target", "juego_31")
    practice.click("#drill-sena")
    expect(practice.locator("#prompt .prompt-title")).to_have_text("Make the seña:")
    practice.click("#lang")
    expect(practice.locator("#prompt .prompt-title")).to_have_text("Haz la seña:")
    expect(state).to_have_text(said)
    practice.click("#drill-done")


def test_a_refusal_said_where_the_drill_goes_follows_the_language_switch(page):
    """The seat plays a hand of the active table and the player keeps it for the hand: why no
    drill came stays where the drill would be, in the page's language."""
    url = page.url.split("#")[0]
    httpx.post(f"{url}api/tables", json={"name": "Txoko", "seats": SEATS})
    page.goto(f"{url}#practice", wait_until="domcontentloaded")
    page.on("dialog", lambda dialog: dialog.dismiss())
    name_player(page, "Ane")
    page.click("#drill-sena")
    prompt = page.locator("#prompt")
    expect(prompt).to_have_text(
        "El asiento 1 (Ane) juega la mano 1 de la mesa «Txoko»: sus señas irían a la práctica,"
        " no a la mano."
    )
    page.click("#lang")
    expect(prompt).to_have_text(
        "Seat 1 (Ane) plays hand 1 of table “Txoko”: its señas would go to the drill, not to"
        " the hand."
    )


def test_an_attempts_figures_are_written_in_the_pages_language(practice):
    """Seat 2 of the sample sticks its tongue out and raises its brows once a loop: a drill on
    it sees a gesture, with a time to signal, a length and a size, each as Spanish writes
    them, then as English does."""
    name_player(practice, "Irati")
    practice.select_option("#practice-seat", "2")
    expect(practice.locator("#calib-state")).to_contain_text("calibrado", timeout=60_000)
    expect(practice.locator("#bars .bar-value").first).to_have_text(re.compile(r"^\d,\d\d$"))
    expect(practice.locator("#sliders output").first).to_have_text("1,0")
    figures = practice.locator("#attempts li small").filter(has_text="tiempo")
    for _ in range(6):  # a drill waits 12 s for a gesture; the clip loops in 17
        practice.select_option("#drill-target", "duples")
        practice.click("#drill-sena")
        expect(practice.locator("#drill-done")).to_be_enabled()
        expect(practice.locator("#drill-done")).to_be_disabled(timeout=20_000)
        if figures.count():
            break
    spanish = r"^tiempo \d+,\d s · duración \d+,\d s · amplitud \d+\u00a0%$"
    expect(figures.first).to_have_text(re.compile(spanish))
    practice.click("#lang")
    english = r"^time \d+\.\d s · duration \d+\.\d s · size \d+%$"
    expect(practice.locator("#attempts li small").filter(has_text="time").first).to_have_text(
        re.compile(english)
    )
    expect(practice.locator("#sliders output").first).to_have_text("1.0")


def add_attempts(data_dir, player: str, rows) -> None:
    """Attempts stored for ``player``: (session, drill, targets as stored, recognised, time_ms,
    when it was made in Madrid, as (year, month, day, hour, minute))."""

    def ms(when: tuple[int, ...]) -> int:
        return int(datetime(*when, tzinfo=ZoneInfo("Europe/Madrid")).timestamp() * 1000)

    with sqlite3.connect(data_dir / "keinu.sqlite3") as db:
        db.executemany(
            "INSERT INTO practice_attempts (player, session, drill, target, seen, recognised,"
            " time_ms, duration_ms, size, created_ms) VALUES (?, ?, ?, ?, NULL, ?, ?, NULL,"
            " NULL, ?)",
            [(player, *row[:-1], ms(row[-1])) for row in rows],
        )


def plot_labels(page) -> list[dict]:
    """Each label under the accuracy plot: its lines, and whether it stays within the plot."""
    return page.locator("#progress svg.chart").first.evaluate(
        """svg => [...svg.querySelectorAll("text.axis[text-anchor=middle]")].map((text) => {
             const box = text.getBBox(), width = svg.viewBox.baseVal.width;
             return { lines: [...text.querySelectorAll("tspan")].map((t) => t.textContent),
                      inside: box.x >= 0 && box.x + box.width <= width };
           })"""
    )


def test_the_progress_plot_tells_sessions_of_one_day_apart_and_counts_hands_as_hands(
    browser, server, data_dir
):
    add_attempts(data_dir, "Lide", [
        ("2025-03-05-17-30", "sena", '["dos_reyes"]', 1, 10316, (2025, 3, 5, 18, 30)),
        ("2025-03-06-08-05", "sena", '["dos_reyes"]', 0, None, (2025, 3, 6, 9, 5)),
        ("2025-03-06-08-05", "hand", "dos_ases | medias | tres_ases", 0, None, (2025, 3, 6, 9, 6)),
        ("2025-03-06-17-40", "hand", '["medias"]', 1, 1500, (2025, 3, 6, 18, 40)),
    ])  # fmt: skip
    page = browser.new_page(viewport={"width": 1280, "height": 800}, timezone_id="Europe/Madrid")
    page.goto(server + "#practice", wait_until="domcontentloaded")
    name_player(page, "Lide")
    legend = page.locator("#progress .legend span")
    expect(legend).to_have_text(["dos reyes", "manos repartidas"])
    assert plot_labels(page) == [
        {"lines": ["5/3"], "inside": True},
        {"lines": ["6/3", "09:05"], "inside": True},
        {"lines": ["6/3", "18:40"], "inside": True},
    ]
    accuracy = page.locator("#progress svg.chart").first
    expect(accuracy.locator("circle[data-target=hand]")).to_have_count(2)
    time = page.locator("#progress svg.chart").nth(1)
    expect(time.locator("circle[data-target=dos_reyes] title")).to_have_text(
        "dos reyes · 5/3, 18:30 · 10,3 s"
    )
    page.click("#lang")
    expect(legend).to_have_text(["dos reyes", "hands dealt"])
    assert plot_labels(page) == [
        {"lines": ["05/03"], "inside": True},
        {"lines": ["06/03", "09:05"], "inside": True},
        {"lines": ["06/03", "18:40"], "inside": True},
    ]
    expect(time.locator("circle[data-target=dos_reyes] title")).to_have_text(
        "dos reyes · 05/03, 18:30 · 10.3 s"
    )
    page.close()


def test_a_late_answer_for_the_name_first_in_the_field_does_not_replace_the_typed_names(
    browser, server, data_dir
):
    """The page loads the progress of the name last used in this browser; another player types
    theirs before it answers. Whichever answer comes last, the plot is the typed name's."""
    add_attempts(
        data_dir,
        "Iker",
        [("2025-03-01-10-00", "sena", '["medias"]', 1, 900, (2025, 3, 1, 11, 0))],
    )
    add_attempts(
        data_dir,
        "Maite",
        [("2025-03-02-10-00", "sena", '["dos_ases"]', 1, 800, (2025, 3, 2, 11, 0))],
    )
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.add_init_script("localStorage.setItem('keinu.practice.player', 'Iker')")
    held = []
    page.route("**/api/practice/players/Iker/progress", lambda route: held.append(route))
    page.goto(server + "#practice", wait_until="domcontentloaded")
    for _ in range(200):  # the remembered name's progress is asked as the page opens
        if held:
            break
        page.wait_for_timeout(50)
    assert held
    name_player(page, "Maite")
    legend = page.locator("#progress .legend span")
    expect(legend).to_have_text(["dos ases"])
    with page.expect_request_finished(lambda request: "Iker/progress" in request.url):
        held[0].continue_()
    page.wait_for_timeout(300)  # the answer, read and drawn if the page would draw it
    expect(legend).to_have_text(["dos ases"])
    page.close()


def deal_until(server: str, player: str, wanted, seat: int = 1) -> dict:
    """Hands dealt to ``player`` on ``seat`` until one is ``wanted``: that drill."""
    for _ in range(200):
        body = {"player": player, "kind": "hand", "seat": seat}
        started = httpx.post(server + "api/practice/drills", json=body).json()
        if wanted(started):
            return started
    raise AssertionError("no such hand dealt")


def test_the_drill_is_in_sight_at_1280_by_800(browser, server):
    """A hand of five señas to signal, after a first try, at seat 4 of the sample, whose eyes
    rest narrowed (the card above says so at length): what to do, its cards, Done and how the
    last try went are all on the screen as the hand is dealt, nothing scrolled."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(server + "#practice", wait_until="domcontentloaded")
    expect(page.locator("#enrol-steps button")).to_have_count(7)
    name_player(page, "Ainhoa")
    page.select_option("#practice-seat", "4")
    expect(page.locator("#calib-state")).to_contain_text("ojos entornados", timeout=60_000)
    page.select_option("#drill-target", "juego_31")
    page.click("#drill-sena")
    page.click("#drill-done")
    expect(page.locator("#attempts li")).to_have_count(1)
    drill = deal_until(server, "Ainhoa", lambda d: len(d["targets"]) == 5, seat=4)
    expect(page.locator("#prompt .ways li")).to_have_count(len(drill["targets"]))
    for part in ("#prompt", "#cards-dealt", "#drill-done", "#attempts li"):
        box = page.locator(part).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 800, (part, box)
    assert page.evaluate("window.scrollY") == 0
    page.click("#drill-done")
    page.close()


def test_the_cards_dealt_say_what_a_three_and_a_two_count_as(practice, server):
    name_player(practice, "Maddi")
    drill = deal_until(server, "Maddi", lambda d: {"3", "R"} <= set(d["cards"]))
    faces = practice.locator("#cards-dealt .card-face")
    marks = {"3": "rey", "2": "as"}
    expect(faces).to_have_text([card + marks.get(card, "") for card in drill["cards"]])
    three = faces.filter(has_text=re.compile("^3")).first
    expect(three).to_have_attribute("title", "3 = rey")
    expect(three.locator("small")).to_have_text("rey")
    expect(faces.filter(has_text=re.compile("^R$")).first).to_have_attribute("title", "rey")
    legend = practice.locator("#cards-dealt .card-legend")
    expect(legend).to_have_text(
        "R rey · C caballo · S sota · 1 as · a 8 reyes, el 3 es rey y el 2 es as"
    )
    assert drill["reyes"] == 8
    practice.click("#lang")
    expect(legend).to_have_text(
        "R rey (king) · C caballo (knight) · S sota (jack) · 1 as (ace) · with 8 reyes, a 3"
        " counts as a rey and a 2 as an as"
    )
    expect(three.locator("small")).to_have_text("rey")
    practice.click("#drill-done")
    expect(practice.locator("#attempts li").first).to_contain_text(
        f"Not recognised hand {' '.join(drill['cards'])} — seen:"
    )


def test_under_navarra_the_cards_dealt_are_read_with_four_reyes(browser, tmp_path):
    """`keinu serve --profile navarra`: a 3 dealt is a 3, not a rey, and the legend says so."""
    with serving(tmp_path, "--no-live", "--profile", "navarra") as url:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(url + "#practice", wait_until="domcontentloaded")
        expect(page.locator("#enrol-steps button")).to_have_count(6)  # no ciego in navarra
        expect(page.locator("#sample-note")).to_be_hidden()  # no video at all
        drill = deal_until(url, "Amaia", lambda d: "3" in d["cards"])
        assert drill["reyes"] == 4
        faces = page.locator("#cards-dealt .card-face")
        expect(faces).to_have_text(drill["cards"])
        expect(faces.locator("small")).to_have_count(0)  # no card counts as another
        expect(page.locator("#cards-dealt .card-legend")).to_have_text(
            "R rey · C caballo · S sota · 1 as · a 4 reyes, el 3 y el 2 son treses y doses"
        )
        page.close()
