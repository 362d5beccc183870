"""A table's rules on the referee page, in Debian's chromium: the setup's folded "Reglas" offers
every other option of the engine's rules for the game chosen, each with its default named, in
both languages; the table made plays them, and its status and its acta say which. A seña the
referee adds by hand has the side he chose, or none. And the words a Spanish-speaking player
read wrong: "Partida a", "Modalidad", "Pareja", "Fase", "Es mano", "N más", the profiles'
names, the stones a bet is dialled to."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect

from tests.api.table_examples import SEATS

pytestmark = pytest.mark.browser


def base(page) -> str:
    return page.url.split("#")[0].rstrip("/")


def options_offered(page) -> list[str]:
    fields = page.locator("#setup-rules-fields label:not([hidden]) [name]")
    return fields.evaluate_all("(els) => els.map((e) => e.name)")


def test_the_setup_offers_every_rule_option_folded_and_the_table_plays_them(page):
    rules = httpx.get(f"{base(page)}/api/rules").json()
    four, _, three, _ = rules["games"]
    expect(page.locator("#setup-game option")).to_have_count(4)
    folded = page.locator("#setup-rules")
    expect(folded).not_to_have_attribute("open", "")
    assert options_offered(page) == four["rules"]
    folded.locator("summary").click()
    match = page.locator("label[data-option=match]")
    expect(match.locator("span")).to_have_text("Encuentro")
    expect(match.locator(".rule-default")).to_have_text(
        "por defecto: a tres partidas (gana quien gane dos)"
    )
    expect(page.locator("label[data-option=ordago_opening] .rule-default")).to_have_text(
        "por defecto: sí"
    )
    # the sota de oros goes with the juego real, the vaca with the vacas
    sota = page.locator("[name=juego_real_sota_oros]")
    expect(sota).to_be_disabled()
    page.check("[name=juego_real]")
    expect(sota).to_be_enabled()
    sota.check()
    page.uncheck("[name=juego_real]")
    expect(sota).to_be_disabled()
    expect(sota).not_to_be_checked()
    page.check("[name=juego_real]")
    expect(page.locator("[name=ordago_decides]")).to_be_disabled()
    page.select_option("[name=match]", "vacas")
    page.select_option("[name=ordago_decides]", "vaca")
    page.select_option("[name=deje]", "one")
    page.uncheck("[name=ordago_opening]")
    # an Encaje offers its own and none of Mus's; back to Mus, the choices made stay
    page.select_option("#setup-game", "encaje-3")
    assert options_offered(page) == three["rules"]
    expect(page.locator("label[data-option=first_out_wins] span")).to_have_text(
        "Gana quien se queda sin piedras"
    )
    page.select_option("#setup-game", "mus-4")
    expect(page.locator("[name=match]")).to_have_value("vacas")

    page.click("#setup-submit")
    expect(page.locator("#status-phase")).to_be_visible()
    table = httpx.get(f"{base(page)}/api/tables/active").json()["table"]
    assert table["options"] == {
        "juego_real": True,
        "match": "vacas",
        "deje": "one",
        "ordago_decides": "vaca",
        "ordago_opening": False,
    }
    said = page.locator("#table-rules")
    expect(said).to_have_text(
        "Reglas: Mus · 4 jugadores · partida a 40 · 8 reyes · señas: Estándar · Juego real · "
        "Encuentro: a vacas (tres vacas de tres partidas) · Deje: siempre 1 piedra · "
        "Órdago querido: decide la vaca · Órdago de salida: no"
    )
    page.click("#lang")
    expect(said).to_have_text(
        "Rules: Mus · 4 players · game to 40 · 8 reyes · señas: Standard · Juego real · "
        "Match: vacas (best of three vacas of three games) · Deje: always 1 stone · "
        "Órdago accepted: decides the vaca · Opening órdago: no"
    )
    page.click("#new-table")
    page.locator("#setup-rules summary").click()
    expect(page.locator("label[data-option=deje] .rule-default")).to_have_text(
        "default: what stood before the last raise"
    )


def test_an_encaje_dealt_five_offers_nothing_called_at_the_mus(page):
    """Mus visto and the 4-5-6-7 redeal are called at the mus: an Encaje dealt five cards, one
    discarded, has none, so neither is offered, and a table asking for one is refused in words
    naming the deal it needs."""
    expect(page.locator("#setup-game option")).to_have_count(4)
    page.select_option("#setup-game", "encaje-3")
    page.locator("#setup-rules summary").click()
    visto, redeal = page.locator("[name=mus_visto]"), page.locator("[name=redeal_4567]")
    box = visto.bounding_box()  # a tick box, not a field's whole width and height
    assert box and box["width"] <= 24 and box["height"] <= 24, box
    visto.check()
    redeal.check()
    page.select_option("#setup [name=deal]", "five_discard_one")
    for option in (visto, redeal):
        expect(option).to_be_disabled()
        expect(option).not_to_be_checked()
    page.select_option("#setup [name=deal]", "mus")
    expect(visto).to_be_enabled()

    body = {"game": "encaje", "players": 3, "seats": SEATS[:3], "deal": "five_discard_one"}
    refused = httpx.post(f"{base(page)}/api/tables", json=body | {"redeal_4567": True})
    assert refused.status_code == 422
    (error,) = refused.json()["errors"]
    words = page.evaluate(
        """async (error) => {
             const { refusalText } = await import("/static/core.js");
             return refusalText({ code: "invalid_fields", errors: [error] });
           }""",
        error,
    )
    assert words.endswith("«4-5-6-7, mano nueva» solo va con «Reparto: con mus»"), words


def test_the_setup_takes_the_reyes_of_the_profile_chosen(page):
    """Navarra's señas are read under 4 reyes: choosing its profile sets the reyes so, which the
    referee may still change; the standard profile's are 8."""
    expect(page.locator("#setup-game option")).to_have_count(4)
    reyes = page.locator("#setup [name=reyes]")
    expect(reyes).to_have_value("8")
    page.select_option("#setup-profile", "navarra")
    expect(reyes).to_have_value("4")
    page.select_option("#setup-profile", "standard")
    expect(reyes).to_have_value("8")
    page.select_option("#setup-profile", "navarra")
    page.select_option("#setup [name=reyes]", "8")  # the referee's own choice stays
    page.select_option("#setup-game", "mus-6")
    expect(reyes).to_have_value("8")


def test_the_acta_names_the_tables_rules_and_its_sides(page):
    url = base(page)
    body = {"seats": SEATS, "target": 30, "reyes": 4, "profile": "navarra", "mus_visto": True}
    table = httpx.post(f"{url}/api/tables", json=body).json()["table"]
    page.goto(f"{url}/acta?table={table['id']}&game=1", wait_until="domcontentloaded")
    expect(page.locator("#rules")).to_have_text(
        "Mus · 4 jugadores · partida a 30 · 4 reyes · señas: Navarra (4 reyes) · Mus visto"
    )
    expect(page.locator("#side")).to_have_text("Pareja")
    six = [{"seat": seat, "name": f"J{seat}"} for seat in range(1, 7)]
    table = httpx.post(f"{url}/api/tables", json={"players": 6, "seats": six}).json()["table"]
    page.goto(f"{url}/acta?table={table['id']}&game=1", wait_until="domcontentloaded")
    expect(page.locator("#side")).to_have_text("Equipo")
    expect(page.locator("#players tbody tr").first.locator("td")).to_have_count(3)
    three = SEATS[:3]
    table = httpx.post(f"{url}/api/tables", json={"game": "encaje", "players": 3, "seats": three})
    page.goto(f"{url}/acta?table={table.json()['table']['id']}&game=1")
    expect(page.locator("#rules")).to_have_text("Encaje · 3 jugadores · 15 piedras · 8 reyes")
    expect(page.locator("#side")).to_be_hidden()
    expect(page.locator("#players tbody tr").first.locator("td")).to_have_count(2)


def test_a_sena_added_by_hand_has_the_side_chosen_or_none(page):
    """A wink (any eye, in the standard profile) and a head tilt (no seña of it) are stored and
    said without a side; the acta lists the head tilt as the signal it was, with none."""
    url = base(page)
    table = httpx.post(f"{url}/api/tables", json={"seats": SEATS}).json()
    hand_id = table["current"]["hand"]["id"]
    page.reload(wait_until="domcontentloaded")
    house = page.locator("#sena-add-gesture optgroup").first.locator("option")
    expect(house.filter(has_text="guiño")).to_have_attribute("value", "wink")
    for gesture in ("wink", "head_tilt"):
        page.select_option("#sena-add-gesture", gesture)
        page.click("#sena-add-submit")
    senas = page.locator("#sena-list .sena")
    expect(senas).to_have_count(2)
    expect(senas.nth(1).locator(".sena-body")).to_contain_text("guiño")
    expect(senas.nth(1).locator(".meaning")).to_have_text("juego de 31")
    expect(senas.nth(0).locator(".meaning")).to_have_text("«ladear la cabeza»")
    expect(page.locator("#sena-list")).not_to_contain_text("izquierda")
    expect(page.locator("#sena-list")).not_to_contain_text("derecha")
    expect(page.locator("#call-log li").first).to_have_text("Ane: seña · ladear la cabeza")
    calls = httpx.get(f"{url}/api/hands/{hand_id}/record").json()["calls"]
    assert calls == [[1, "sena wink"], [1, "sena head_tilt"]]
    page.goto(f"{url}/acta?table={table['table']['id']}&game=1", wait_until="domcontentloaded")
    expect(page.locator("#senas tbody tr td:nth-child(3)")).to_have_text(["«ladear la cabeza»"])


#: How the phase's words are cased: as written, but for the first letter. (Read in one go: the
#: status is drawn anew with every state.)
PHASE_CASE = """() => {
  const phase = document.getElementById("status-phase");
  const first = getComputedStyle(phase, "::first-letter");
  return [getComputedStyle(phase).textTransform, first.textTransform];
}"""


def test_the_setups_and_the_tables_words(page):
    """The setup says "Partida a" for the target, "Modalidad" for the game, the sides as pairs
    of four and teams of six, the profiles by their names; at the table, "Fase", "Es mano", a
    raise said "N más", the stones dialled kept for the next bet of the hand, and each review's
    button saying what it does to the report."""
    expect(page.locator("#setup-game option")).to_have_count(4)
    expect(page.locator("#setup-target-field span")).to_have_text("Partida a")
    expect(page.locator("#setup-game").locator("xpath=..").locator("span")).to_have_text(
        "Modalidad"
    )
    expect(page.locator("#setup-side")).to_have_text("Pareja")
    page.select_option("#setup-game", "mus-6")
    expect(page.locator("#setup-side")).to_have_text("Equipo")
    page.select_option("#setup-game", "encaje-3")
    expect(page.locator("#setup-side")).to_be_hidden()
    expect(page.locator("#setup-seats tr").first.locator("td")).to_have_count(3)
    page.select_option("#setup-game", "mus-4")
    expect(page.locator("#setup-profile option")).to_have_text(
        ["Ampliado (003)", "Navarra (4 reyes)", "Estándar"]
    )

    for name, seat in zip(["Ane", "Bego", "Koldo", "Iñaki"], range(1, 5), strict=True):
        page.fill(f"input[name=seat{seat}]", name)
    page.click("#setup-submit")
    status = page.locator("#status")
    expect(status.locator(".stat").nth(1).locator("small")).to_have_text("Es mano")
    expect(status.locator(".stat.lance small")).to_have_text("Fase")
    expect(page.locator("#status-phase")).to_have_text("mus")
    assert page.evaluate(PHASE_CASE) == ["none", "uppercase"]  # "A ver cartas", not "A Ver Cartas"
    page.click("#actions button[data-call='no_hay_mus']")
    for _ in range(4):
        page.click("#amount-up")
    page.click("#actions button[data-call='envido 6']")
    expect(page.locator("#amount")).to_have_text("6")  # kept for the raise
    sube = page.locator("#actions button[data-call='sube 6']")
    expect(sube).to_contain_text("6 más")
    sube.click()
    expect(page.locator("#call-log li").first).to_have_text("Bego: 6 más")
    expect(page.locator("#amount")).to_have_text("6")

    hand_id = httpx.get(f"{base(page)}/api/tables/active").json()["current"]["hand"]["id"]
    httpx.post(f"{base(page)}/api/hands/{hand_id}/calls", json={"seat": 3, "text": "sena wink"})
    controls = page.locator("#sena-list .sena .review-controls")
    expect(controls.locator("button.ack")).to_have_text("Confirmar")
    expect(controls.locator("button.ack")).to_have_attribute(
        "title", "El árbitro da por bueno el veredicto: la seña cuenta en el informe tal cual."
    )
    expect(controls.locator("button.overrule")).to_have_text("Anular veredicto")
    expect(controls.locator("button.remove")).to_have_text("No hubo seña")
    expect(controls.locator("button.remove")).to_have_attribute(
        "title",
        "La cámara vio una seña que no hubo: se tacha, sale del informe y queda en el registro.",
    )
