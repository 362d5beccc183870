"""The done-when of the tournament desk, in a real browser (Debian's chromium): a four-round
Swiss tournament of eight pairs on four tables, run from the desk page against `keinu serve
--desk`. The games are played at the tables through the referee's API (an órdago accepted,
then the cards), and each result reaches the desk page from the table's own game end; one
result is typed at the desk with its reason. One pair arrives late (a sanction), one withdraws
after round 2 (so rounds 3 and 4 each have a bye, for two different pairs), the big screen
follows, one table's acta is signed and printed, and the results are exported."""

import csv
import re
import time

import httpx
import pytest
from playwright.sync_api import expect

from tests.api.desk_helpers import A_WINS, B_WINS, pairs, play_ordago
from tests.keinu_server import KeinuServer

pytestmark = pytest.mark.browser
PAIRS = [(f"Pareja {i}", f"J{i}a", f"J{i}b") for i in range(1, 9)]


def test_a_four_round_swiss_of_eight_pairs_runs_from_the_desk(browser, tmp_path):
    server = KeinuServer("--no-live", "--desk", "--data-dir", str(tmp_path / "data"))
    try:
        banner = [server.process.stdout.readline() for _ in range(2)]
        assert banner[1].strip() == f"keinu: tournament desk on {server.url}/desk"
        with httpx.Client(base_url=server.url) as tables:
            page = browser.new_page(viewport={"width": 1500, "height": 1100})
            errors = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.on("dialog", lambda dialog: dialog.accept())
            page.goto(f"{server.url}/desk")

            page.fill("#new-tournament input[name=name]", "Open de Otoño")
            expect(page.locator("#new-tournament input[name=courtesy_minutes]")).to_have_value("10")
            page.click("#new-tournament button[type=submit]")
            expect(page.locator("#t-name")).to_have_text("Open de Otoño")
            for i, (name, first, second) in enumerate(PAIRS, start=1):
                page.fill("#register input[name=name]", name)
                page.fill("#register input[name=player1]", first)
                page.fill("#register input[name=player2]", second)
                page.click("#register button[type=submit]")
                expect(page.locator("#teams tbody tr")).to_have_count(i)

            screen = browser.new_page(viewport={"width": 1600, "height": 900})
            screen.on("pageerror", lambda exc: errors.append(str(exc)))
            screen.goto(f"{server.url}/desk/screen")
            expect(screen.locator("#name")).to_have_text("Open de Otoño")

            tid = int(page.url.split("tournament=")[1])
            byes = []
            for number in range(1, 5):
                if number == 3:  # Pareja 8 leaves the tournament: seven pairs, so a bye
                    page.locator("#teams tr[data-team]").nth(7).locator(".withdraw").click()
                    expect(page.locator("#teams tr.withdrawn")).to_have_count(1)
                page.click("#draw")
                section = page.locator(f"section.round[data-round='{number}']")
                rows = section.locator("tbody tr")
                expect(rows).to_have_count(4)
                section.locator("button.assign").click()
                expect(section.locator("a.acta")).to_have_count(4 if number < 3 else 3)
                section.locator("button.start").click()
                expect(section.locator(".clock").first).to_contain_text("cortesía")
                if number == 1:  # team B of board 1 sits down 12 minutes after the start
                    arrival = rows.nth(0).locator(".arrival[data-side=b]")
                    arrival.locator("input").fill("12")
                    # Board 2's team A arriving meanwhile redraws every board: what was typed
                    # on board 1 stays, rather than becoming "arrived now".
                    rows.nth(1).locator(".arrival[data-side=a] button").click()
                    expect(rows.nth(1).locator(".sanction")).to_contain_text("a tiempo")
                    expect(arrival.locator("input")).to_have_value("12")
                    arrival.locator("button").click()
                    expect(rows.nth(0).locator(".sanction")).to_have_text(
                        "B: 12 min — −5 piedras · stones"
                    )
                    rows.nth(0).locator(".arrival[data-side=a] button").click()  # on time
                    expect(rows.nth(0).locator(".sanction").first).to_contain_text("a tiempo")
                    expect(rows.nth(0)).to_contain_text("en juego · playing")
                expect(screen.locator("#round")).to_have_text(f"Ronda {number} · Round {number}")
                expect(screen.locator("#clock")).to_have_text(re.compile(r"^0:0\d$"))
                expect(screen.locator("#boards td.table").first).to_have_attribute(
                    "title", f"Open de Otoño R{number} M1"
                )

                state = tables.get(f"/api/desk/tournaments/{tid}").json()
                boards = state["rounds"][number - 1]["boards"]
                for i, board in enumerate(boards):
                    row = rows.nth(i)
                    if board["team_b"] is None:
                        byes.append(board["team_a"]["name"])
                        expect(row.locator("td.result")).to_contain_text("descanso · bye")
                        continue
                    if number == 2 and i == 3:  # this one is typed at the desk, with a reason
                        form = row.locator("form.override")
                        form.locator("select").select_option("b")
                        form.locator("[name=stones_a]").fill("22")
                        form.locator("[name=stones_b]").fill("40")
                        form.locator("[name=reason]").fill("hoja de la mesa")
                        form.locator("button").click()
                        expect(row.locator("td.result")).to_contain_text("22–40")
                        continue
                    a_wins = (number + i) % 2 == 0
                    started = time.monotonic()
                    play_ordago(tables, board["table"]["id"], team_a_wins=a_wins)
                    expected = "40–0" if a_wins else "0–40"
                    expect(row.locator("td.result")).to_contain_text(expected)
                    expect(row.locator("td.result")).to_contain_text("de la mesa")
                    if number == 1 and i == 0:
                        assert time.monotonic() - started < 1.5  # the game's end, then the page
                expect(screen.locator("#boards td.done:not(:empty)")).to_have_count(
                    4 if number < 3 else 3
                )
                expect(screen.locator("#clock")).to_have_text("")  # every result is in

            assert len(byes) == 2 and byes[0] != byes[1]
            assert "Pareja 8" not in byes
            standings = page.locator("#standings tbody tr")
            expect(standings).to_have_count(8)
            expect(page.locator("#tie-breaks")).to_contain_text(
                "games won → Buchholz → stone difference → head to head"
            )
            final = tables.get(f"/api/desk/tournaments/{tid}").json()["standings"]
            expect(standings.first.locator("td").nth(1)).to_have_text(final[0]["name"])
            expect(screen.locator("#standings tbody tr").first).to_contain_text(final[0]["name"])
            late = next(r for r in final if r["deducted"])
            assert late["deducted"] == 5
            assert sum(r["won"] for r in final) == 2 * 4 + 2 * (3 + 1)  # a winner a board, byes too
            # the fourth round's results all in: over, its winner said on both pages
            over = f"Torneo terminado · Tournament over — campeón · winner: {final[0]['name']}"
            expect(page.locator("#finished")).to_have_text(over)
            expect(page.locator("#draw")).to_be_hidden()  # no fifth round to draw
            expect(screen.locator("#round")).to_have_text(over)
            for where in (page, screen):
                expect(where.locator("#standings-heading")).to_have_text(
                    "Clasificación final · Final standings"
                )

            page.screenshot(path=str(tmp_path / "desk.png"), full_page=True)
            screen.screenshot(path=str(tmp_path / "screen.png"))
            with page.expect_download() as download:
                page.click("#export-csv")
            lines = list(csv.DictReader(download.value.path().open(encoding="utf-8")))
            assert len(lines) == 16
            assert {line["source"] for line in lines} == {"table", "desk", "bye"}

            first_board = page.locator("section.round[data-round='1'] tbody tr").first
            acta_url = first_board.locator("a.acta").get_attribute("href")
            acta = browser.new_page(viewport={"width": 1000, "height": 1200})
            acta.on("pageerror", lambda exc: errors.append(str(exc)))
            acta.goto(f"{server.url}{acta_url}")
            expect(acta.locator("#players tbody tr")).to_have_count(4)
            expect(acta.locator("#players tbody")).to_contain_text("J1a")
            acta.fill("input[name=referee]", "Maite")
            acta.fill("textarea[name=notes]", "La pareja B llegó 12 minutos tarde.")
            acta.click("#sign button[type=submit]")
            expect(acta.locator("#signed-referee")).to_have_text("Maite")
            pdf = acta.pdf(format="A4")
            assert pdf.startswith(b"%PDF") and len(pdf) > 5000
            assert errors == []
    finally:
        server.stop()


TIE_BREAKS = (
    "Desempates: partidas ganadas → Buchholz → diferencia de piedras → enfrentamiento directo →"
    " orden de inscripción · Tie-breaks: games won → Buchholz → stone difference → head to head"
    " → registration"
)


def test_the_desk_refuses_what_cannot_be_and_sets_apart_who_never_played(browser, tmp_path):
    """A walkthrough's defects: blank settings take their defaults, a player is registered once,
    a team registered by mistake is deleted before round 1, an impossible result is refused in
    the page's words, an arrival reads in minutes and seconds, and a team withdrawn before
    playing is not ranked (listed apart) while one withdrawn later is marked, on both pages."""
    server = KeinuServer("--no-live", "--desk", "--data-dir", str(tmp_path / "data"))
    try:
        with httpx.Client(base_url=server.url) as api:
            page = browser.new_page(viewport={"width": 1500, "height": 1100})
            errors = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            dialogs = []
            page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.accept()))
            page.goto(f"{server.url}/desk")

            form = page.locator("#new-tournament")
            expect(form.locator("input[name=courtesy_minutes]")).to_have_value("10")
            form.locator("input[name=rounds]").fill("")
            form.locator("input[name=courtesy_minutes]").fill("")
            expect(form.locator("input[name=rounds]")).to_have_attribute("placeholder", "4")
            expect(form.locator("input[name=courtesy_minutes]")).to_have_attribute(
                "placeholder", "10"
            )
            form.locator("button[type=submit]").click()
            expect(page.locator("#t-summary")).to_contain_text("4 rondas · rounds")
            expect(page.locator("#t-summary")).to_contain_text("cortesía · courtesy 10 min")
            expect(page.locator("#error")).to_be_hidden()

            def register(name, first, second):
                page.fill("#register input[name=name]", name)
                page.fill("#register input[name=player1]", first)
                page.fill("#register input[name=player2]", second)
                page.click("#register button[type=submit]")

            teams = page.locator("#teams tbody tr")
            register("Los Reyes", "Ane", "Iker")
            expect(teams).to_have_count(1)
            register("Otros", "Ane", "Iker")
            expect(page.locator("#error")).to_have_text(
                "«Ane» ya juega en «Los Reyes»: cada jugador se inscribe en un solo equipo."
                " · “Ane” already plays in “Los Reyes”: a player is registered in one team only."
            )
            register("Otros", "Jon", "JÓN")
            expect(page.locator("#error")).to_have_text(
                "«JÓN» está dos veces en el equipo: cada jugador del equipo es una persona"
                " distinta. · “JÓN” is in the team twice: the players of a team are different"
                " people."
            )
            for count, (name, first, second) in enumerate(
                [
                    ("Los Ases", "Miren", "Koldo"),
                    ("Por error", "Jon", "Maite"),
                    ("Las Sotas", "Nerea", "Unai"),
                    ("Los Caballos", "Ainhoa", "Peio"),
                    ("Se van", "Xabi", "Leire"),
                ],
                start=2,
            ):
                register(name, first, second)
                expect(teams).to_have_count(count)
            expect(page.locator("#teams .withdraw")).to_have_count(0)  # nothing drawn yet
            teams.filter(has_text="Por error").locator("button.delete").click()
            expect(teams).to_have_count(5)
            assert "Borrar a Por error" in dialogs[-1]
            expect(teams.locator("td:first-child")).to_have_text(["1", "2", "3", "4", "5"])

            tid = int(page.url.split("tournament=")[1])
            state = api.get(f"/api/desk/tournaments/{tid}").json()
            gone = next(t["id"] for t in state["teams"] if t["name"] == "Se van")
            api.post(f"/api/desk/tournaments/{tid}/teams/{gone}/withdraw").raise_for_status()
            screen = browser.new_page(viewport={"width": 1600, "height": 900})
            screen.on("pageerror", lambda exc: errors.append(str(exc)))
            screen.goto(f"{server.url}/desk/screen?tournament={tid}")

            page.click("#draw")
            section = page.locator("section.round[data-round='1']")
            rows = section.locator("tbody tr")
            expect(rows).to_have_count(2)
            expect(page.locator("#teams .delete")).to_have_count(0)
            section.locator("button.start").click()
            expect(section.locator(".clock").first).to_contain_text("cortesía")
            arrival = rows.nth(0).locator(".arrival[data-side=a]")
            arrival.locator("input").fill("0.26")
            arrival.locator("button").click()
            expect(rows.nth(0).locator(".sanction")).to_have_text("A: 16 s — a tiempo · on time")

            override = rows.nth(0).locator("form.override")
            for side in ("stones_a", "stones_b"):  # blank is not 0: the browser asks for them
                expect(override.locator(f"[name={side}]")).to_have_attribute("required", "")
            override.locator("select").select_option("b")
            override.locator("[name=stones_a]").fill("40")
            override.locator("[name=stones_b]").fill("10")
            override.locator("[name=reason]").fill("hoja de la mesa")
            override.locator("button").click()
            team_b = rows.nth(0).locator("td.team").nth(1).inner_text()
            expect(page.locator("#error")).to_have_text(
                f"«{team_b}» no puede ganar con 10 piedras: en una partida a 40, gana quien"
                f" llega a 40. · “{team_b}” cannot win with 10 stones: in a game to 40, the"
                " winner is the team that reaches 40."
            )
            expect(rows.nth(0).locator("td.result")).to_have_text("")
            for i in range(2):
                override = rows.nth(i).locator("form.override")
                override.locator("select").select_option("a")
                override.locator("[name=stones_a]").fill("40")
                override.locator("[name=stones_b]").fill("22")
                override.locator("[name=reason]").fill("hoja de la mesa")
                override.locator("button").click()
                expect(rows.nth(i).locator("td.result")).to_contain_text("40–22")
            expect(page.locator("#error")).to_be_hidden()

            # Los Reyes (seed 1, who won board 1) leave after playing: ranked, marked
            page.locator("#teams tr[data-team]").first.locator(".withdraw").click()
            for where in (page, screen):
                standings = where.locator("#standings tbody tr")
                expect(standings).to_have_count(4)
                expect(standings.filter(has_text="Se van")).to_have_count(0)
                expect(where.locator("#unranked")).to_have_text(
                    "Retirados sin jugar, sin clasificar · Withdrawn before playing, not"
                    " ranked: Se van"
                )
                reyes = standings.filter(has_text="Los Reyes")
                expect(reyes).to_have_class(re.compile(r"\bwithdrawn\b"))
                expect(reyes).to_contain_text("Los Reyes (retirado · withdrawn)")
                expect(where.locator("#standings tr.withdrawn")).to_have_count(1)
                expect(where.locator("#tie-breaks")).to_have_text(TIE_BREAKS)
            assert errors == []
    finally:
        server.stop()


# Counts the desk's redraws of its rounds (each replaces the section's children).
COUNT_REDRAWS = """() => {
  window.redraws = 0;
  new MutationObserver(() => { window.redraws += 1; }).observe(
    document.getElementById("rounds"), { childList: true });
}"""


def round_1_started(api: httpx.Client) -> tuple[int, str]:
    """A tournament of four pairs whose round 1 has started: its id and its API path."""
    made = api.post("/api/desk/tournaments", json={"name": "Open", "settings": {}})
    tid = made.json()["tournament"]["id"]
    base = f"/api/desk/tournaments/{tid}"
    for team in pairs(4):
        api.post(f"{base}/teams", json=team).raise_for_status()
    api.post(f"{base}/rounds").raise_for_status()
    api.post(f"{base}/rounds/1/start").raise_for_status()
    return tid, base


def test_the_desk_draws_a_change_once_and_keeps_the_field_the_referee_is_in(browser, tmp_path):
    """A result saved at the desk comes back twice (its answer, then the feed's news): the
    boards are drawn once for it, so a field typed in meanwhile is not taken away. A change made
    elsewhere draws them again, and the field the referee had clicked into, typed in or not,
    still has the cursor."""
    server = KeinuServer("--no-live", "--desk", "--data-dir", str(tmp_path / "data"))
    try:
        with httpx.Client(base_url=server.url) as api:
            tid, base = round_1_started(api)
            board_2 = api.get(base).json()["rounds"][0]["boards"][1]

            page = browser.new_page(viewport={"width": 1500, "height": 1100})
            errors = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(f"{server.url}/desk?tournament={tid}")
            rows = page.locator("section.round[data-round='1'] tbody tr")
            expect(rows).to_have_count(2)
            page.evaluate(COUNT_REDRAWS)

            override = rows.nth(0).locator("form.override")
            override.locator("[name=stones_a]").fill("40")
            override.locator("[name=stones_b]").fill("22")
            override.locator("[name=reason]").fill("hoja de la mesa")
            the_news = re.compile(rf"{base}$")
            with page.expect_response(lambda r: bool(the_news.search(r.url))):
                override.locator("button").click()
            expect(rows.nth(0).locator("td.result")).to_contain_text("40–22")

            reason = rows.nth(1).locator("[name=reason]")
            reason.click()
            team_a = board_2["team_a"]["id"]
            arrived = api.post(f"{base}/boards/{board_2['id']}/arrivals", json={"team_id": team_a})
            arrived.raise_for_status()
            expect(rows.nth(1).locator(".sanction")).to_contain_text("a tiempo")
            # the feed's news of the result was read before the arrival was made
            assert page.evaluate("window.redraws") == 2
            assert page.evaluate("document.activeElement.name") == "reason"
            assert reason.evaluate("(el) => el === document.activeElement")
            assert errors == []
    finally:
        server.stop()


def test_a_button_pressed_as_a_change_made_elsewhere_is_drawn_takes_the_press(browser, tmp_path):
    """Another desk records an arrival while the referee's finger is on this desk's "arrives"
    button (a hand holds a click about 200 ms): the boards are drawn again once it is let go, so
    the press is taken and both arrivals are recorded."""
    server = KeinuServer("--no-live", "--desk", "--data-dir", str(tmp_path / "data"))
    try:
        with httpx.Client(base_url=server.url) as api:
            tid, base = round_1_started(api)
            board_1, board_2 = api.get(base).json()["rounds"][0]["boards"]

            page = browser.new_page(viewport={"width": 1500, "height": 1100})
            page.goto(f"{server.url}/desk?tournament={tid}")
            rows = page.locator("section.round[data-round='1'] tbody tr")
            expect(rows).to_have_count(2)
            box = rows.nth(0).locator(".arrival[data-side=a] button").bounding_box()
            assert box is not None
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.mouse.down()
            team_a = board_2["team_a"]["id"]
            with page.expect_response(lambda r: r.url.endswith(base)):  # the feed's news, read
                api.post(f"{base}/boards/{board_2['id']}/arrivals", json={"team_id": team_a})
            page.wait_for_timeout(200)
            page.mouse.up()
            expect(rows.nth(0).locator(".sanction[data-side=a]")).to_contain_text("a tiempo")
            expect(rows.nth(1).locator(".sanction[data-side=a]")).to_contain_text("a tiempo")
            lateness = api.get(base).json()["rounds"][0]["boards"][0]["lateness"]
            assert [event["team_id"] for event in lateness] == [board_1["team_a"]["id"]]
    finally:
        server.stop()


SETTINGS_REFUSED = (
    "Retrasos: la incomparecencia llega después de la cortesía: más de 30 min, no 20"
    " · Lateness: the forfeit comes after the courtesy wait: more than 30 min, not 20"
)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_settings_the_server_refuses_are_said_in_the_pages_words(browser, tmp_path, lang):
    """A forfeit limit before the courtesy wait ends: the field and why, in Spanish and
    English as the desk says all else, whatever the dashboard's language; no tournament is
    made."""
    server = KeinuServer("--no-live", "--desk", "--data-dir", str(tmp_path / "data"))
    try:
        page = browser.new_page(viewport={"width": 1500, "height": 1100})
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{server.url}/desk")
        page.evaluate(f"localStorage.setItem('keinu.lang', '{lang}')")
        page.reload()
        form = page.locator("#new-tournament")
        expect(form.locator("input[name=courtesy_minutes]")).to_have_value("10")
        form.locator("input[name=courtesy_minutes]").fill("30")
        form.locator("input[name=forfeit_minutes]").fill("20")
        form.locator("button[type=submit]").click()
        expect(page.locator("#error")).to_have_text(SETTINGS_REFUSED)
        expect(page.locator("#tournament")).to_be_hidden()
        assert errors == []
    finally:
        server.stop()


SIX = [
    ("Los Reyes", "Ane", "Iker"),
    ("Las Sotas", "Miren", "Koldo"),
    ("Los Ases", "Nerea", "Unai"),
    ("Txapeldunak", "Ainhoa", "Peio"),
    ("Hamaika", "Xabi", "Leire"),
    ("Zuri-Beltz", "Maite", "Jon"),
]


def test_a_club_of_six_teams_meets_no_dead_end_at_the_desk(browser, tmp_path):
    """A walkthrough's defects, as a club organiser met them: the format's long choice ran out
    of its column; the registration form stayed after round 1; a team's forfeit hid the other's
    arrival (so both could not lose) and carried an English reason; a refusal of a board low on
    the page showed out of sight at its top, and was said in one language only; the acta did
    not name the tournament's board nor its teams; a tournament created at another desk was
    not listed; a tournament chosen while being read took the clicks of the
    one shown; a board's sides of teams of three were headed as pairs'; and the clock said the
    courtesy wait in Spanish only."""
    server = KeinuServer("--no-live", "--desk", "--data-dir", str(tmp_path / "data"))
    try:
        with httpx.Client(base_url=server.url) as api:
            # one context: its pages share the dashboard's language, as a browser's tabs do
            context = browser.new_context(viewport={"width": 1400, "height": 900})
            page = context.new_page()
            errors = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.on("dialog", lambda dialog: dialog.accept())
            page.goto(f"{server.url}/desk")

            form = page.locator("#new-tournament")
            right = "e => e.getBoundingClientRect().right"
            select = form.locator("select[name=format]")
            assert select.evaluate(right) <= form.locator("label").nth(1).evaluate(right) + 0.5
            form.locator("input[name=name]").fill("Open de Primavera")
            form.locator("button[type=submit]").click()
            expect(page.locator("#t-name")).to_have_text("Open de Primavera")
            for count, (name, first, second) in enumerate(SIX, start=1):
                page.fill("#register input[name=name]", name)
                page.fill("#register input[name=player1]", first)
                page.fill("#register input[name=player2]", second)
                page.click("#register button[type=submit]")
                expect(page.locator("#teams tbody tr")).to_have_count(count)
            page.click("#draw")
            section = page.locator("section.round[data-round='1']")
            rows = section.locator("tbody tr")
            expect(rows).to_have_count(3)
            expect(page.locator("#register")).to_be_hidden()
            expect(section.locator("thead th").nth(1)).to_have_text("A (1-3)")
            section.locator("button.assign").click()
            expect(section.locator("a.acta")).to_have_count(3)
            section.locator("button.start").click()
            # the clock says the courtesy wait in both words, as the page says all its own
            expect(section.locator(".clock").first).to_have_text(
                re.compile(r"^0:0\d · cortesía · courtesy \d+:\d\d$")
            )

            # board 1: team A past the forfeit limit, then team B too: both lose
            first = rows.nth(0)
            team_b = first.locator("td.team").nth(1).inner_text()
            first.locator(".arrival[data-side=a] input").fill("45")
            first.locator(".arrival[data-side=a] button").click()
            result = first.locator("td.result")
            expect(result).to_have_text(f"0–40 · {team_b} (incomparecencia · forfeit)")
            first.locator(".arrival[data-side=b] input").fill("50")
            first.locator(".arrival[data-side=b] button").click()
            expect(result).to_have_text(
                "0–0 · pierden ambos · both lose (incomparecencia · forfeit)"
            )

            # board 3, low on the page: its refusal shows where the desk is looking
            third = rows.nth(2)
            team_a = third.locator("td.team").nth(0).inner_text()
            override = third.locator("form.override")  # its button's click scrolls it into view
            override.locator("select").select_option("a")
            override.locator("[name=stones_a]").fill("38")
            override.locator("[name=stones_b]").fill("20")
            override.locator("[name=reason]").fill("hoja en papel")
            override.locator("button").click()
            refusal = page.locator("#error")
            said = (
                f"«{team_a}» no puede ganar con 38 piedras: en una partida a 40, gana quien"
                f" llega a 40. · “{team_a}” cannot win with 38 stones: in a game to 40, the"
                " winner is the team that reaches 40."
            )
            expect(refusal).to_have_text(said)
            assert page.evaluate("scrollY") > 200
            box = refusal.evaluate("e => [e.getBoundingClientRect().toJSON(), innerHeight]")
            assert box[0]["top"] >= 0 and box[0]["bottom"] <= box[1]
            # the dashboard switched to English in another tab: the desk still says both
            other = context.new_page()
            other.goto(f"{server.url}/desk")
            other.evaluate("localStorage.setItem('keinu.lang', 'en')")
            page.wait_for_timeout(300)
            expect(refusal).to_have_text(said)
            other.evaluate("localStorage.setItem('keinu.lang', 'es')")
            other.close()

            # board 2 played at its table: its acta names the tournament's board and its teams
            tid = int(page.url.split("tournament=")[1])
            board = api.get(f"/api/desk/tournaments/{tid}").json()["rounds"][0]["boards"][1]
            hand_id = play_ordago(api, board["table"]["id"], team_a_wins=True)["hand"]["id"]
            expect(rows.nth(1).locator("td.result")).to_contain_text("40–0")
            # its cards corrected at the table, and back: the desk's row follows each at once
            for hands, shown in [(B_WINS, "0–40"), (A_WINS, "40–0")]:
                correction = {"hands": hands, "referee": "Maite"}
                answer = api.post(f"/api/hands/{hand_id}/shown/correction", json=correction)
                assert answer.status_code == 200, answer.text
                expect(rows.nth(1).locator("td.result")).to_contain_text(shown)
            winners = board["team_a"]["name"]
            acta = context.new_page()
            acta.goto(f"{server.url}{rows.nth(1).locator('a.acta').get_attribute('href')}")
            expect(acta.locator("#board")).to_have_text("Open de Primavera · ronda 1 · tablero 2")
            expect(acta.locator("#players tbody tr").first.locator("td").nth(2)).to_have_text(
                f"{winners} (1-3)"
            )
            expect(acta.locator("#winner")).to_have_text(f"· {winners} (1-3) gana la partida")
            acta.close()

            # a tournament of teams of three, created at another desk: listed at once
            created = api.post(
                "/api/desk/tournaments", json={"name": "Tríos", "settings": {"team_size": 3}}
            )
            trios = created.json()["tournament"]["id"]
            for i in range(1, 3):
                team = {"name": f"Trío {i}", "players": [f"T{i}a", f"T{i}b", f"T{i}c"]}
                api.post(f"/api/desk/tournaments/{trios}/teams", json=team).raise_for_status()
            api.post(f"/api/desk/tournaments/{trios}/rounds").raise_for_status()
            expect(page.locator("#tournament-list option")).to_have_count(2)
            expect(page.locator("#t-name")).to_have_text("Open de Primavera")

            # chosen in the list while it is read: the clicks meanwhile are the shown one's
            held = []
            page.route(f"**/api/desk/tournaments/{trios}", lambda route: held.append(route))
            page.select_option("#tournament-list", str(trios))
            for _ in range(100):  # the route is called as the page asks
                if held:
                    break
                page.wait_for_timeout(50)
            assert held
            page.locator("#teams tr[data-team]").filter(has_text="Zuri-Beltz").locator(
                ".withdraw"
            ).click()
            expect(page.locator("#teams tr.withdrawn")).to_have_count(1)
            expect(refusal).to_be_hidden()
            expect(page.locator("#tournament-list")).to_have_value(str(tid))
            for route in held:  # the chosen one's reads (a "tournament" message may add one)
                route.continue_()
            page.unroute(f"**/api/desk/tournaments/{trios}")  # any read held since goes on
            page.select_option("#tournament-list", str(trios))
            expect(page.locator("#t-name")).to_have_text("Tríos")
            headings = page.locator("section.round[data-round='1'] thead th")
            expect(headings.nth(1)).to_have_text("A (1-3-5)")
            expect(headings.nth(2)).to_have_text("B (2-4-6)")
            assert errors == []
    finally:
        server.stop()


def test_the_tournaments_rules_are_set_in_its_form_and_played_at_every_table(browser, tmp_path):
    """The club sets the tables' rules once, in the form (as the referee's setup offers them):
    4 reyes, the juego real; the desk shows them, and every board's table is made under them."""
    server = KeinuServer("--no-live", "--desk", "--data-dir", str(tmp_path / "data"))
    try:
        with httpx.Client(base_url=server.url) as api:
            page = browser.new_page(viewport={"width": 1500, "height": 1100})
            errors = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(f"{server.url}/desk")
            form = page.locator("#new-tournament")
            expect(form.locator("select[name=target]").locator("xpath=..")).to_contain_text(
                "Partida a · Game to"
            )
            form.locator("#rules-wrap summary").click()
            rules = form.locator("#rule-fields")
            expect(rules.locator("[data-option=captains]")).to_be_hidden()  # teams of three's
            sota = rules.locator("[name=juego_real_sota_oros]")
            expect(sota).to_be_disabled()  # only with the juego real
            rules.locator("[name=reyes]").select_option("4")
            rules.locator("[name=juego_real]").check()
            expect(sota).to_be_enabled()
            form.locator("select[name=target]").select_option("30")
            form.locator("button[type=submit]").click()
            expect(page.locator("#t-rules")).to_have_text(
                "Reglas: Mus · 4 jugadores · partida a 30 · 4 reyes · señas: Estándar · Juego real"
                " · Rules: Mus · 4 players · game to 30 · 4 reyes · señas: Standard · Juego real"
            )
            tid = int(page.url.split("tournament=")[1])
            base = f"/api/desk/tournaments/{tid}"
            for i in range(1, 3):
                team = {"name": f"Pareja {i}", "players": [f"J{i}a", f"J{i}b"]}
                api.post(f"{base}/teams", json=team).raise_for_status()
            api.post(f"{base}/rounds").raise_for_status()
            page.locator("section.round[data-round='1'] button.assign").click()
            expect(page.locator("a.acta")).to_have_count(1)
            board = api.get(base).json()["rounds"][0]["boards"][0]
            table = api.get(f"/api/tables/{board['table']['id']}").json()["table"]
            assert (table["reyes"], table["target"], table["options"]) == (
                4, 30, {"juego_real": True}
            )  # fmt: skip
            assert errors == []
    finally:
        server.stop()


def test_groups_byes_and_forfeits_are_set_in_the_form_and_refused_in_both_words(browser, tmp_path):
    """The group size, how many go through, a bye's and a forfeit's scores: set in the form;
    one the server refuses is said in Spanish and English, as the page says all else, and so
    is a tournament that is not there, on the desk and on the big screen."""
    server = KeinuServer("--no-live", "--desk", "--data-dir", str(tmp_path / "data"))
    try:
        page = browser.new_page(viewport={"width": 1500, "height": 1100})
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        missing = "No hay torneo 9. · There is no tournament 9."
        screen = browser.new_page()
        screen.goto(f"{server.url}/desk/screen?tournament=9")
        expect(screen.locator("#round")).to_have_text(missing)
        page.goto(f"{server.url}/desk?tournament=9")
        expect(page.locator("#error")).to_have_text(missing)
        form = page.locator("#new-tournament")
        expect(form.locator("input[name=group_size]")).to_be_hidden()  # a Swiss has none
        form.locator("select[name=format]").select_option("groups_knockout")
        expect(form.locator("input[name=rounds]")).to_be_hidden()
        expect(form.locator("input[name=group_size]")).to_have_attribute("placeholder", "4")
        form.locator("input[name=group_size]").fill("3")
        form.locator("input[name=group_advance]").fill("3")
        form.locator("button[type=submit]").click()
        expect(page.locator("#error")).to_have_text(
            "Grupos: pasan menos equipos de los que tiene cada grupo (3), no 3 · Groups:"
            " fewer teams go through than each group has (3), not 3"
        )
        form.locator("input[name=group_advance]").fill("1")
        form.locator("select[name=target]").select_option("30")
        expect(form.locator("input[name=bye_won]")).to_have_attribute("placeholder", "30")
        form.locator("input[name=bye_won]").fill("25")
        form.locator("button[type=submit]").click()
        expect(page.locator("#error")).to_contain_text(
            "Descanso: en una partida a 30 gana quien llega a 30"
        )
        expect(page.locator("#error")).to_contain_text(" · Bye: in a game to 30 the winner")
        form.locator("input[name=bye_won]").fill("")
        form.locator("input[name=forfeit_won]").fill("33")
        form.locator("input[name=forfeit_lost]").fill("20")
        form.locator("button[type=submit]").click()
        expect(page.locator("#error")).to_be_hidden()
        summary = page.locator("#t-summary")
        expect(summary).to_contain_text("Grupos de 3, pasan 1 · Groups of 3, 1 go through")
        expect(summary).to_contain_text("forfeit > 30 min, 33–20")
        expect(summary).to_contain_text("descanso · bye 30–0")
        assert errors == []
    finally:
        server.stop()


def test_a_team_typed_while_the_last_one_is_answered_is_kept(browser, tmp_path):
    """The feed shows a registered team before its own answer comes (a loaded server): the
    referee types the next team meanwhile. The late answer leaves what is typed in the form;
    the form is emptied for the next team only while it still holds the one sent."""
    server = KeinuServer("--no-live", "--desk", "--data-dir", str(tmp_path / "data"))
    try:
        made = httpx.post(f"{server.url}/api/desk/tournaments", json={"name": "Open"})
        tid = made.raise_for_status().json()["tournament"]["id"]
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto(f"{server.url}/desk")
        expect(page.locator("#t-name")).to_have_text("Open")
        form = page.locator("#register")
        held = []
        teams = f"**/api/desk/tournaments/{tid}/teams"
        page.route(teams, lambda route: held.append((route, route.fetch())))  # answer held
        for field, value in (("name", "Pareja 1"), ("player1", "Ane"), ("player2", "Bego")):
            form.locator(f"input[name={field}]").fill(value)
        form.locator("button[type=submit]").click()
        expect(page.locator("#teams tbody tr")).to_have_count(1)  # from the feed's news
        for field, value in (("name", "Pareja 2"), ("player1", "Koldo"), ("player2", "Iñaki")):
            form.locator(f"input[name={field}]").fill(value)
        assert len(held) == 1
        route, answer = held[0]
        with page.expect_request_finished(lambda r: r.url.endswith("/teams")):
            route.fulfill(response=answer)
        page.wait_for_timeout(300)  # the answer, read and acted on if the page would
        page.unroute(teams)
        expect(form.locator("input[name=name]")).to_have_value("Pareja 2")
        expect(form.locator("input[name=player2]")).to_have_value("Iñaki")
        form.locator("button[type=submit]").click()
        expect(page.locator("#teams tbody tr")).to_have_count(2)
        expect(form.locator("input[name=name]")).to_have_value("")  # ready for the next
    finally:
        server.stop()
