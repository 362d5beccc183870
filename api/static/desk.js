// The tournament desk (/desk?tournament=ID): teams, rounds and their boards, the clock of each
// table, results (from the tables, or the desk's own with a reason), standings and exports.
// Every change anywhere (this desk, a table's game ending on any server) comes as a
// "tournament" message on the websocket, and the page reads the tournament again.
import { api, connectFeed, drawWhenNotPressed, fill, filled, h, on } from "/static/core.js";
import { t } from "/static/i18n.js";
import { both, finishedLine, minutesText, standingsHeading, tieBreakLine, unrankedLine, WITHDRAWN } from "/static/desk_words.js";
import { fieldValue, followNeeds, optionValue, rulesText } from "/static/rules_text.js";

const $ = (id) => document.getElementById(id);
const BASE = "/api/desk/tournaments";
let current = Number(new URLSearchParams(location.search).get("tournament")) || null; // the one chosen
let state = null;
let clockOffset = 0; // the server's clock minus this browser's

const SOURCES = { table: "de la mesa · from the table", desk: "mesa de torneo · desk", forfeit: "incomparecencia · forfeit", bye: "descanso · bye" };
const SANCTIONS = { none: "a tiempo · on time", warning: "aviso · warning", forfeit: "pierde · forfeit" };

/** A refusal, said in Spanish and in English as the page says all else. */
function failed(error) {
  $("error").textContent = error.words ? both(error.words) : error.message;
  $("error").hidden = false;
}

/** The API's path of the tournament shown: what the page's buttons act on, even while another
 * one chosen in the list is being read. */
const shownPath = () => `${BASE}/${state.tournament.id}`;

/** The desk's fields as its forms label them, for a refusal that names one (the others keep
 * i18n.js's "field.<name>": minutes late, a result's stones and reason). */
const TEAM_FIELDS = { name: () => t("field.teamname"), "players.*": (i) => `${t("field.player")} ${i + 1}` };

async function act(method, path, body, options) {
  try {
    $("error").hidden = true;
    await showAnswer(api(method, path, body, options));
  } catch (error) {
    failed(error);
  }
}

let asked = 0; // the tournament's reads and changes, numbered as they are sent
let answered = 0; // the number of the one shown

/** The tournament as ``request`` answers, unless a later request's answer is shown already: a
 * reload sent before a change but answered after it would put the older tournament back (a
 * round not started yet), and drop what is typed in the fields that it takes away. */
async function showAnswer(request) {
  const number = ++asked;
  const data = await request;
  if (number < answered) return;
  answered = number;
  show(data);
}

async function loadList() {
  const { tournaments } = await api("GET", BASE);
  if (current === null && tournaments.length) current = tournaments.at(-1).id;
  fill($("tournament-list"), tournaments.map((t) => h("option", { value: t.id, selected: t.id === current }, t.name)));
  $("new-wrap").open = tournaments.length === 0;
  if (current !== null) await load();
}

async function load() {
  try {
    await showAnswer(api("GET", `${BASE}/${current}`));
  } catch (error) {
    failed(error);
  }
}

/** The tournament last drawn, as JSON without the server's clock. */
let shownTournament = null;

/** Draws the tournament as the server sent it, once no button is being pressed: the boards
 * and teams are drawn anew, and a button replaced under a press would lose its click. */
function show(data) {
  drawWhenNotPressed(() => drawTournament(data));
}

function drawTournament(data) {
  state = data;
  clockOffset = data.now_ms - Date.now();
  // A change made here comes back twice (its answer, then the feed's news of it): drawing the
  // same tournament again would only take away the field being typed in.
  const { now_ms: _, ...tournament } = data;
  const key = JSON.stringify(tournament);
  if (key === shownTournament) return;
  shownTournament = key;
  current = data.tournament.id;
  history.replaceState(null, "", `/desk?tournament=${current}`);
  $("tournament-list").value = current; // the list names the tournament shown
  $("tournament").hidden = false;
  const s = data.settings;
  $("t-name").textContent = data.tournament.name;
  $("t-summary").textContent = [
    s.format === "swiss" ? `Suizo · Swiss, ${s.rounds} rondas · rounds`
      : `Grupos de ${s.groups.size}, pasan ${s.groups.advance} · Groups of ${s.groups.size}, ${s.groups.advance} go through`,
    `${s.team_size} por equipo · per team`,
    `cortesía · courtesy ${s.lateness.courtesy_minutes} min`,
    s.lateness.sanction === "stones" ? `−${s.lateness.stones} piedras · stones` : "aviso · warning",
    `incomparecencia · forfeit > ${s.lateness.forfeit_minutes} min, ${s.forfeit.stones_won}–${s.forfeit.stones_lost}`,
    `descanso · bye ${s.bye.stones_won}–${s.bye.stones_lost}`,
  ].join(" · ");
  $("t-rules").textContent = both(() => `${t("setup.rules")}: ${rulesText(data.rules)}`);
  $("export-csv").href = `${BASE}/${current}/export.csv`;
  $("export-json").href = `${BASE}/${current}/export.json`;
  $("screen-link").href = `/desk/screen?tournament=${current}`;
  renderPlayers(s.team_size);
  // teams are registered before the first round is drawn: then the form is gone
  $("register").hidden = data.rounds.length > 0;
  // over: no round to draw, the winner said and the standings final
  $("finished").hidden = !data.finished;
  $("finished").textContent = data.finished ? finishedLine(data.finished) : "";
  $("draw").hidden = Boolean(data.finished);
  $("standings-heading").textContent = standingsHeading(data.finished);
  renderTeams(data);
  renderRounds(data);
  renderStandings(data);
}

function renderPlayers(size) {
  const inputs = $("player-inputs");
  if (inputs.children.length === size) return;
  fill(inputs, Array.from({ length: size }, (_, i) =>
    h("input", { name: `player${i + 1}`, placeholder: `Jugador ${i + 1} · Player ${i + 1}`, required: true, maxlength: 40 })));
}

function renderTeams(data) {
  // before the first round is drawn a team registered by mistake is deleted; after, it withdraws
  const drawn = data.rounds.length > 0;
  fill($("teams").querySelector("tbody"), data.teams.map((team) => h(`tr${team.withdrawn_round ? ".withdrawn" : ""}`, { dataset: { team: team.id } },
    h("td", {}, team.seed), h("td", {}, team.name), h("td", {}, team.players.join(", ")), h("td", {}, team.group ?? ""),
    h("td", {}, team.withdrawn_round
      ? `retirado desde la ronda ${team.withdrawn_round} · withdrawn`
      : drawn
        ? h("button.withdraw", { type: "button", onclick: () => withdraw(team) }, "Retirar · Withdraw")
        : h("button.delete", { type: "button", onclick: () => remove(team) }, "Borrar · Delete")))));
}

function withdraw(team) {
  if (confirm(`¿Retirar a ${team.name}? · Withdraw ${team.name}?`)) act("POST", `${shownPath()}/teams/${team.id}/withdraw`);
}

function remove(team) {
  if (confirm(`¿Borrar a ${team.name} de la inscripción? · Delete ${team.name} from the registration?`)) {
    act("DELETE", `${shownPath()}/teams/${team.id}`);
  }
}

const teamName = (board, side) => (board[`team_${side}`] ? board[`team_${side}`].name : "— descanso · bye —");

function resultText(board) {
  const r = board.result;
  if (!r) return "";
  const winner = r.winner === "none" ? "pierden ambos · both lose" : teamName(board, r.winner);
  return `${r.stones_a}–${r.stones_b} · ${winner}`;
}

/** Where a field of a board's row is: its board, its side (arrivals) and its name. */
function fieldKey(el) {
  const row = el.closest("tr[data-board-id]");
  return row && `${row.dataset.boardId}/${el.closest("[data-side]")?.dataset.side ?? ""}/${el.name}`;
}

/** What the referee has typed in the boards' fields and not sent yet, and the field he is in,
 *  to put back after the rounds are drawn again: any change to the tournament redraws them,
 *  and a half-typed number of minutes must not become "arrived now". */
function typedFields(root) {
  const typed = new Map();
  for (const el of root.querySelectorAll("[data-typed]")) typed.set(fieldKey(el), { value: el.value });
  const focused = document.activeElement;
  const key = root.contains(focused) && focused.matches("input, select") && fieldKey(focused);
  if (key) typed.set(key, { ...typed.get(key), focused: true });
  return typed;
}

/** What ``typedFields`` kept, put back in the fields drawn again: the values typed, and the
 *  field the referee was in, typed in or not. */
function restoreTyped(root, typed) {
  for (const el of root.querySelectorAll("input, select")) {
    const kept = typed.get(fieldKey(el));
    if (!kept) continue;
    if ("value" in kept) {
      el.value = kept.value;
      el.dataset.typed = "";
    }
    if (kept.focused) el.focus();
  }
}

/** Fields that keep what is typed in them until it is sent (``sent`` clears them). */
function typedField(el) {
  el.addEventListener("input", () => { el.dataset.typed = ""; });
  return el;
}

const sent = (...fields) => fields.forEach((el) => delete el.dataset.typed);

/** A board's side and the seats its team sits at: "A (1-3)", "B (2-4-6)" with teams of three. */
function sideHeading(side, teamSize) {
  const first = side === "A" ? 1 : 2;
  return `${side} (${Array.from({ length: teamSize }, (_, i) => first + 2 * i).join("-")})`;
}

function renderRounds(data) {
  const rounds = [...data.rounds].reverse();
  const size = data.settings.team_size;
  const typed = typedFields($("rounds"));
  fill($("rounds"), rounds.map((round) => {
    const needsTables = round.boards.some((b) => b.team_b && !b.table);
    return h("section.round", { dataset: { round: round.number } },
      h("h3", {}, `Ronda ${round.number} · Round ${round.number}`,
        h("span.muted", {}, round.stage === "swiss" ? "" : round.stage === "group" ? "grupos · groups" : "eliminatoria · knockout"),
        round.random_seed !== null ? h("span.muted", {}, `sorteo · seed ${round.random_seed}`) : null,
        needsTables ? h("button.assign", { type: "button", onclick: () => act("POST", `${shownPath()}/rounds/${round.number}/tables`) }, "Asignar mesas · Assign tables") : null,
        round.started_ms === null
          ? h("button.start", { type: "button", onclick: () => act("POST", `${shownPath()}/rounds/${round.number}/start`) }, "Empezar · Start")
          : h("span.muted", {}, `empezó · started ${new Date(round.started_ms).toLocaleTimeString("es-ES")}`)),
      h("table.desk-table.boards", {},
        h("thead", {}, h("tr", {}, ...["Tablero · Board", sideHeading("A", size), sideHeading("B", size), "Mesa · Table", "Reloj · Clock", "Llegadas · Arrivals", "Resultado · Result", "Corregir · Override"].map((t) => h("th", {}, t)))),
        h("tbody", {}, round.boards.map((board) => boardRow(round, board)))));
  }));
  restoreTyped($("rounds"), typed);
  tick();
}

function boardRow(round, board) {
  const bye = !board.team_b;
  return h("tr", { dataset: { board: board.board, boardId: board.id } },
    h("td", {}, board.board),
    h("td.team", {}, teamName(board, "a")),
    h("td.team", {}, teamName(board, "b")),
    h("td", {}, board.table
      ? [h("span.table-name", { title: board.table.name }, `Mesa ${board.board}`), " ",
         h("a.acta", { href: `/acta?table=${board.table.id}&game=1`, target: "_blank" }, "acta")]
      : ""),
    h("td", {}, bye || board.result ? "" : seated(board) ? "en juego · playing"
      : h("span.clock", { dataset: { started: round.started_ms ?? "" } }, round.started_ms === null ? "—" : "")),
    h("td", {}, bye ? "" : arrivals(round, board)),
    h("td.result", {}, resultText(board), board.result ? h("span.source", {}, ` (${SOURCES[board.result.source]}${board.result.reason ? `: ${board.result.reason}` : ""})`) : null),
    h("td", {}, bye ? "" : overrideForm(board)));
}

/** Both teams have sat down: the table's clock has nothing more to count. */
const seated = (board) => board.lateness.length === 2;

function arrivals(round, board) {
  return ["a", "b"].map((side) => {
    const team = board[`team_${side}`];
    const event = board.lateness.find((e) => e.team_id === team.id);
    if (event) {
      const cost = event.sanction === "stones" ? `−${event.stones} piedras · stones` : SANCTIONS[event.sanction];
      return h("span.sanction", { dataset: { side } }, `${side.toUpperCase()}: ${minutesText(event.minutes_late)} — ${cost}`);
    }
    // a team's forfeit leaves the other's arrival to record: late too, both lose
    if (round.started_ms === null || (board.result && board.result.source !== "forfeit")) return null;
    const minutes = typedField(h("input", { type: "number", name: "minutes", min: 0, max: 600, step: "any", placeholder: "min", title: "minutos tras el comienzo (vacío: ahora) · minutes after the start (empty: now)" }));
    return h("div.arrival", { dataset: { side } }, minutes,
      h("button", { type: "button", onclick: () => {
        sent(minutes);
        act("POST", `${shownPath()}/boards/${board.id}/arrivals`,
          { team_id: team.id, minutes_late: minutes.value === "" ? null : Number(minutes.value) });
      } }, `Llega ${side.toUpperCase()} · ${side.toUpperCase()} arrives`));
  });
}

function overrideForm(board) {
  const given = board.result?.winner;
  const winner = typedField(h("select", { name: "winner" }, h("option", { value: "a", selected: given === "a" }, "A"),
    h("option", { value: "b", selected: given === "b" }, "B"), h("option", { value: "none", selected: given === "none" }, "ninguno · none")));
  // stones left blank are not 0: the browser asks for them
  const a = typedField(h("input", { type: "number", name: "stones_a", min: 0, max: 60, required: true, value: board.result?.stones_a ?? "" }));
  const b = typedField(h("input", { type: "number", name: "stones_b", min: 0, max: 60, required: true, value: board.result?.stones_b ?? "" }));
  const reason = typedField(h("input", { name: "reason", maxlength: 300, placeholder: "motivo · reason", required: true }));
  return h("form.override", { onsubmit: (event) => {
    event.preventDefault();
    sent(winner, a, b, reason);
    act("PUT", `${shownPath()}/boards/${board.id}/result`,
      { winner: winner.value, stones_a: Number(a.value), stones_b: Number(b.value), reason: reason.value });
  } }, winner, a, b, reason, h("button", { type: "submit" }, "Guardar · Save"));
}

function renderStandings(data) {
  $("tie-breaks").textContent = tieBreakLine(data.tie_breaks);
  fill($("standings").querySelector("tbody"), data.standings.map((r) => h(`tr${r.withdrawn_round ? ".withdrawn" : ""}`, { dataset: { team: r.team_id } },
    h("td", {}, r.rank), h("td", {}, r.name, r.withdrawn_round ? h("span.mark", {}, ` (${WITHDRAWN})`) : null),
    h("td", {}, r.played), h("td", {}, r.won), h("td", {}, r.lost),
    h("td", {}, r.buchholz), h("td", {}, `${r.stones_won}–${r.stones_lost}${r.deducted ? ` (−${r.deducted})` : ""}`),
    h("td", {}, r.difference))));
  $("unranked").textContent = unrankedLine(data.withdrawn);
  $("unranked").hidden = !data.withdrawn.length;
}

const mmss = (ms) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

/** Each table's clock: the courtesy wait left, then how late, then past the forfeit limit. */
function tick() {
  if (!state) return;
  const { courtesy_minutes: courtesy, forfeit_minutes: forfeit } = state.settings.lateness;
  const now = Date.now() + clockOffset;
  for (const clock of document.querySelectorAll(".clock[data-started]")) {
    if (!clock.dataset.started) continue;
    const elapsed = now - Number(clock.dataset.started);
    const minutes = elapsed / 60000;
    clock.classList.toggle("late", minutes > courtesy && minutes <= forfeit);
    clock.classList.toggle("forfeit", minutes > forfeit);
    clock.textContent = minutes <= courtesy
      ? `${mmss(elapsed)} · cortesía · courtesy ${mmss(courtesy * 60000 - elapsed)}`
      : `${mmss(elapsed)} · ${minutes <= forfeit ? "tarde · late" : "incomparecencia · forfeit"}`;
  }
}

$("new-tournament").addEventListener("submit", async (event) => {
  event.preventDefault();
  const f = event.target;
  // a number left blank takes the default its field shows (left out: the server's default)
  const number = (field) => (field.value.trim() === "" ? undefined : Number(field.value));
  // a section of the settings none of whose fields is filled is left out: its defaults apply
  const section = (fields) => (Object.values(fields).some((v) => v !== undefined) ? fields : undefined);
  const settings = {
    format: f.format.value, rounds: number(f.rounds), team_size: Number(f.team_size.value),
    target: Number(f.target.value), first_round: f.first_round.value,
    lateness: { courtesy_minutes: number(f.courtesy_minutes), sanction: f.sanction.value,
      stones: number(f.stones), forfeit_minutes: number(f.forfeit_minutes) },
    bye: section({ stones_won: number(f.bye_won), stones_lost: number(f.bye_lost) }),
    forfeit: section({ stones_won: number(f.forfeit_won), stones_lost: number(f.forfeit_lost) }),
    groups: section({ size: number(f.group_size), advance: number(f.group_advance) }),
  };
  try {
    $("error").hidden = true;
    const body = { name: f.name.value, settings, rules: chosenRules() };
    const created = await api("POST", BASE, body, { fields: { name: () => t("field.tournamentname"), ...ruleFields() } });
    current = created.tournament.id;
    await loadList();
  } catch (error) {
    failed(error);
  }
});

$("register").addEventListener("submit", (event) => {
  event.preventDefault();
  const f = event.target;
  const typed = () => [f.name.value, ...[...$("player-inputs").querySelectorAll("input")].map((i) => i.value)];
  const [name, ...players] = typed();
  act("POST", `${shownPath()}/teams`, { name, players }, { fields: TEAM_FIELDS }).then(() => {
    // emptied for the next team unless the next is being typed already (the feed showed this
    // one before its answer came)
    if ($("error").hidden && typed().join("\n") === [name, ...players].join("\n")) { f.reset(); f.name.focus(); }
  });
});

$("draw").addEventListener("click", () => act("POST", `${shownPath()}/rounds`));
$("tournament-list").addEventListener("change", (event) => { current = Number(event.target.value); load(); });

/** The score fields of a bye and a forfeit, with their settings' section and key. */
const SCORES = { bye_won: ["bye", "stones_won"], bye_lost: ["bye", "stones_lost"],
  forfeit_won: ["forfeit", "stones_won"], forfeit_lost: ["forfeit", "stones_lost"] };
let defaults = null; // GET /api/desk/settings

/** Each score's placeholder, the one it takes left blank: a game won at the target chosen
 * when the file's is won at its own target (as the server does), else the file's. */
function scorePlaceholders() {
  const f = $("new-tournament");
  for (const [field, [name, key]] of Object.entries(SCORES)) {
    const atTarget = key === "stones_won" && defaults[name].stones_won === defaults.target;
    f[field].placeholder = atTarget ? f.target.value : defaults[name][key];
  }
}

/** The groups' fields are asked of a tournament of groups, the rounds of a Swiss one. */
function followFormat() {
  const f = $("new-tournament");
  for (const label of f.querySelectorAll(".groups-only")) label.hidden = f.format.value !== "groups_knockout";
  f.rounds.closest("label").hidden = f.format.value !== "swiss";
}

api("GET", "/api/desk/settings").then((read) => {
  defaults = read;
  const f = $("new-tournament");
  for (const key of ["format", "rounds", "team_size", "target", "first_round"]) f[key].value = defaults[key];
  for (const key of ["courtesy_minutes", "sanction", "stones", "forfeit_minutes"]) f[key].value = defaults.lateness[key];
  // a number field emptied shows the default it then takes
  f.rounds.placeholder = defaults.rounds;
  for (const key of ["courtesy_minutes", "stones", "forfeit_minutes"]) f[key].placeholder = defaults.lateness[key];
  f.group_size.placeholder = defaults.groups.size;
  f.group_advance.placeholder = defaults.groups.advance;
  scorePlaceholders();
  followFormat();
}, failed);
$("new-tournament").target.addEventListener("change", () => defaults && scorePlaceholders());
$("new-tournament").format.addEventListener("change", followFormat);

/** The rule options a tournament may set (GET /api/desk/rules): which, for each team size,
 * and each one's choices (the default first) and the option it goes with. */
let offeredRules = { team_sizes: {}, options: {} };
/** The options the table setup asks in fields of their own, labelled as it labels them. */
const RULE_LABELS = { reyes: "setup.reyes", captains: "setup.captains", diez_reyes: "setup.diezreyes" };
const ruleLabel = (name) => t(RULE_LABELS[name] ?? `option.${name}`);
const ruleValueText = (name, value) => (name === "reyes" ? String(value) : optionValue(name, value));
/** Each option's field of a refusal ("rules.reyes"), named as the form labels it. */
const ruleFields = () => Object.fromEntries(Object.keys(offeredRules.options).map((name) => [`rules.${name}`, () => ruleLabel(name)]));

function ruleField(name) {
  const [first, ...others] = offeredRules.options[name].choices;
  const control = typeof first === "boolean"
    ? h("input", { type: "checkbox", name, checked: first })
    : h("select", { name }, ...[first, ...others].map((value) => h("option", { value }, both(() => ruleValueText(name, value)))));
  return h("label.rule-option", { dataset: { option: name } }, h("span", {}, both(() => ruleLabel(name))), control,
    h("small.rule-default", {}, both(() => filled(t("option.default"), { value: ruleValueText(name, first) }))));
}

const ruleInput = (name) => $("rule-fields").querySelector(`[name="${name}"]`);
const ruleValue = (name) => fieldValue(ruleInput(name), offeredRules.options[name].choices);

/** The options a tournament of the team size chosen may set; one that goes with another (the
 * sota de oros with the juego real) is offered only while that one is set so. */
function followRules() {
  const offered = offeredRules.team_sizes[$("new-tournament").team_size.value] || [];
  for (const field of $("rule-fields").children) field.hidden = !offered.includes(field.dataset.option);
  followNeeds($("rule-fields"), offeredRules.options, ruleInput);
}

/** The options chosen apart from their default, of those the team size chosen offers. */
function chosenRules() {
  const rules = {};
  for (const field of $("rule-fields").children) {
    const name = field.dataset.option;
    if (!field.hidden && ruleValue(name) !== offeredRules.options[name].choices[0]) rules[name] = ruleValue(name);
  }
  return rules;
}

api("GET", "/api/desk/rules").then((read) => {
  offeredRules = read;
  fill($("rule-fields"), Object.keys(read.options).map(ruleField));
  followRules();
}, failed);
$("rules-hint").textContent = both(() => t("setup.ruleshint"));
$("rule-fields").addEventListener("change", followRules);
$("new-tournament").team_size.addEventListener("change", followRules);
on("hello", () => loadList().catch(failed));
/** Whether the list of tournaments has ``id``: one created at another desk is not in it yet. */
const listed = (id) => [...$("tournament-list").options].some((option) => Number(option.value) === id);
on("tournament", (data) => {
  if (!listed(data.tournament_id)) loadList().catch(failed);
  else if (data.tournament_id === current) load();
});
setInterval(tick, 1000);
connectFeed();
