// Referee mode: set up a table, enter the calls fast, watch each seña's verdict, settle the showdown.
import { api, drawWhenNotPressed, fill, filled, h, keepFields, namesDialog, on, profileName, refill, seatsOf, teamOf, teamName, teamsOf, scoreText, seatPosition } from "/static/core.js";
import { getLang, t, term, meaningLabel, gestureLabel, callLabel, sanctionLabel } from "/static/i18n.js";
import { givenPlayer } from "/static/live.js";
import { falseSenasText, senaReason } from "/static/senas_text.js";
import { fieldValue, followNeeds, optionValue, rulesText, sideWord } from "/static/rules_text.js";

const RANKS = ["1", "2", "3", "4", "5", "6", "7", "S", "C", "R"];
/** Mus con diez reyes: the sotas de copas and de oros, wild cards that stand for an as or a rey. */
const WILD_CARDS = ["Sc", "So"];
const WILD_VALUES = ["1", "R"];
const ROWS = [
  [
    { action: "mus", key: "m" },
    { action: "no_hay_mus", key: "n" },
    ...[0, 1, 2, 3, 4].map((n) => ({ action: "descarte", amount: n, key: String(n) })),
    { action: "mus_visto" },
    { action: "reparto_4567" },
  ],
  [
    { action: "paso", key: "p" },
    { action: "envido", key: "e", bet: true },
    { action: "sube", key: "s", bet: true },
    { action: "quiero", key: "q" },
    { action: "no_quiero", key: "x" },
    { action: "no_queremos", key: "z" },
    { action: "ordago", key: "o" },
  ],
  [
    { action: "pares", says: true, key: "y" },
    { action: "pares", says: false, key: "n" },
    { action: "juego", says: true, key: "y" },
    { action: "juego", says: false, key: "n" },
  ],
];

const state = {
  table: null, // the table's setup
  hand: null, // the current hand's state (api.referee.Referee.hand_state)
  handRevision: 0, // bumped by every setHand: a fetch answered after a newer state is stale
  seat: null, // the seat the buttons speak for
  pinned: false, // the referee chose the seat by hand
  amount: 2,
  picks: {},
  wild: {}, // seat -> what each of its wild sotas stands for, in the order of its hand
  correcting: null, // the hand whose cards the picker corrects (this one, or the one before)
  cursor: [1, 0],
  knownSenas: new Set(),
  reviewing: new Set(), // reviewed señas whose review the referee is changing
  profiles: [],
  profileGames: {}, // each profile's games: the setup offers it for those only (GET /api/profiles)
  defaultProfile: null,
  // GET /api/rules: each game with the options its rules allow, and the folded options' choices
  choices: { games: [], reyes: [], rules: {} },
  profileLabels: {},
  profileReyes: {}, // the reyes each profile's señas are read under: the setup's when it is chosen
  sources: [],
  tables: [],
  gestures: [], // the gesture labels of the table's profile's señas, for "add a seña"
  others: [], // and those outside its catalogue (a cheating signal)
  gesturesOf: null, // the table whose gestures those are
};

const $ = (id) => document.getElementById(id);
/** The seats of the table in play. */
const seats = () => seatsOf(state.table);
const encaje = () => state.table?.game === "encaje";
/** The game chosen in the setup form ("mus-4" is Mus of four) with the options its rules allow. */
const chosenGame = (form) => state.choices.games.find((g) => `${g.game}-${g.players}` === form.game.value) || { game: "mus", players: 4 };

export function initReferee() {
  $("setup").addEventListener("submit", createTable);
  // the browser refused a field before anything was sent: an older refusal is no longer why
  $("setup").addEventListener("invalid", () => { $("setup-error").textContent = ""; }, true);
  $("amount-up").onclick = () => setAmount(state.amount + 1);
  $("amount-down").onclick = () => setAmount(state.amount - 1);
  $("undo").onclick = undo;
  $("next-hand").onclick = nextHand;
  $("game-report").onclick = gameReport;
  $("seat-names").onclick = nameSeats;
  $("new-table").onclick = () => { if (!handInPlay() || confirm(t("confirm.newtable"))) showSetup(true); };
  $("table-list").onchange = (event) => {
    event.target.blur(); // a table chosen, the keys are the referee's calls again
    switchTable(Number(event.target.value));
  };
  $("not-shown").onclick = notShown;
  $("sena-add").addEventListener("submit", addSena);
  $("log-calls-only").onchange = (event) => $("call-log").classList.toggle("calls-only", event.target.checked);
  $("setup-cancel").onclick = () => showSetup(false);
  $("show-submit").onclick = submitShown;
  $("show-correct").onclick = () => startCorrecting(state.hand.hand);
  $("correct-previous").onclick = () => startCorrecting(state.hand.previous);
  $("correction-cancel").onclick = stopCorrecting;
  document.addEventListener("keydown", onKey);
  on("hello", (data) => { clearErrors(); loadTableState(data.table); });
  on("table", (data) => { if (data.active) loadTableState(data); });
  // the names given on the live tiles (live.js keeps them) are the setup's for their seats;
  // redrawn once every listener of the message has run, live.js's among them
  for (const type of ["hello", "players"]) {
    on(type, () => queueMicrotask(() => { if (state.choices.games.length) fillSetupSeats(); }));
  }
  for (const type of ["call", "undo", "shown", "review"]) {
    on(type, (data) => { if (state.hand && data.state.hand.id === state.hand.hand.id) setHand(data.state); });
  }
  on("sena", (data) => {
    if (state.hand && data.hand_id === state.hand.hand.id) setAnswered(api("GET", `/api/hands/${data.hand_id}`)).catch(() => {});
  });
  Promise.all([api("GET", "/api/profiles"), api("GET", "/api/stream"), api("GET", "/api/rules")])
    .then(([profiles, streams, choices]) => {
      state.choices = choices;
      state.profiles = profiles.profiles;
      state.profileLabels = profiles.labels;
      state.profileGames = profiles.games || {};
      state.profileReyes = profiles.reyes || {};
      state.sources = streams.sources;
      buildSetup(profiles.default);
    });
}

function clearErrors() {
  for (const id of ["call-error", "show-error", "setup-error"]) $(id).textContent = "";
}

/** A hand is being played: leaving it deserves a confirmation. */
const handInPlay = () => Boolean(state.hand && state.hand.view.calls.length && !state.hand.can_deal);

async function refreshTableList() {
  const { tables } = await api("GET", "/api/tables");
  state.tables = tables;
  fill($("table-list"), ...[...tables].reverse().map((table) =>
    h("option", { value: table.id, selected: table.id === state.table?.id }, `${table.name} (#${table.id})`)));
}

async function switchTable(tableId) {
  if (tableId === state.table?.id) return;
  try { loadTableState(await api("POST", `/api/tables/${tableId}/activate`)); } catch (err) { $("call-error").textContent = err.message; }
}

/** The add-a-seña lists, made again whenever the table or its gestures arrive: the seat and
 * gesture the referee had chosen stay chosen, or a seña would go to the first seat. The
 * profile's señas come first; then the gestures outside its catalogue, for a cheating signal the
 * camera missed (at an Encaje table, whose profile has no señas, only those). */
function fillSenaAdd() {
  const option = (label) => h("option", { value: label }, gestureLabel(label));
  const group = (key, labels) => (labels.length ? [h("optgroup", { label: t(key) }, ...labels.map(option))] : []);
  keepFields($("sena-add"), () => {
    fill($("sena-add-seat"), ...seats().map((seat) => h("option", { value: seat }, `${seat} · ${seatName(seat)}`)));
    fill($("sena-add-gesture"), ...group("senas.addhouse", state.gestures), ...group("senas.addother", state.others));
  });
  showSenaAdd();
}

/** A seña may be added while the hand may change: the table has gestures to choose from and
 * the hand's game has no signed acta. */
function showSenaAdd() {
  $("sena-add").hidden = state.gestures.length + state.others.length === 0 || Boolean(state.hand?.acta_signed);
}

/** The gestures of the table's own profile's señas (with the sides it reads), once per table. */
async function loadGestures(table) {
  if (state.gesturesOf === table.id) return;
  state.gesturesOf = table.id;
  state.gestures = [];
  state.others = [];
  fillSenaAdd();
  try {
    const { gestures, others } = await api("GET", `/api/tables/${table.id}/gestures`);
    if (state.table?.id !== table.id) return; // another table came meanwhile
    state.gestures = gestures;
    state.others = others;
    fillSenaAdd();
  } catch (err) {
    state.gesturesOf = null;
    $("call-error").textContent = err.message;
  }
}

async function addSena(event) {
  event.preventDefault();
  const form = event.target;
  try {
    await setAnswered(api("POST", `/api/hands/${state.hand.hand.id}/calls`, { seat: Number(form.seat.value), text: `sena ${form.gesture.value}` }));
  } catch (err) { $("call-error").textContent = err.message; }
}

export function refereeTable() { return state.table; }
export function refereeHand() { return state.hand; }

/** What the referee's page built with words, said again in the page's language (switched on
 * another page): the setup's choices, the lists of a seña to add, the hand. */
export function rewordReferee() {
  if (state.choices.games.length) wordSetup(); // once the choices have come
  fillSenaAdd();
  sayTableRules();
  render();
}

// ---------------------------------------------------------------- setup

function buildSetup(defaultProfile) {
  state.defaultProfile = defaultProfile;
  const form = $("setup");
  fill(form.reyes, ...state.choices.reyes.map((n) => h("option", { value: n }, String(n))));
  wordSetup();
  form.game.addEventListener("change", fillSetupSeats);
  form.profile.addEventListener("change", profileReyes);
  $("setup-rules-fields").addEventListener("change", followRules);
  form.deal.addEventListener("change", followRules); // no mus visto without the mus
  $("setup-seats").addEventListener("input", fillManoSelect); // the mano's list follows the names typed
}

/** The setup's words: the games, the table's name while nobody has typed one, and the seats. */
function wordSetup() {
  const form = $("setup");
  const game = form.game.value;
  fill(form.game, ...state.choices.games.map((g) => h("option", { value: `${g.game}-${g.players}`, selected: `${g.game}-${g.players}` === game },
    t(`game.${g.game}-${g.players}`))));
  const name = form.elements.name;
  if (name.value === name.defaultValue) name.defaultValue = t("setup.defaultname");
  fillSetupSeats();
}

/** The seat rows and the options of the game chosen: a name, team and camera for each seat;
 * captains and the target of 50 with six; stones and the deal in Encaje. */
function fillSetupSeats() {
  const form = $("setup");
  const { game, players } = chosenGame(form);
  // a seat's default name is the page's; a name typed, a camera chosen and the focus stay
  const side = sideWord({ game, players });
  $("setup-side").textContent = side;
  $("setup-side").hidden = !side;
  keepFields($("setup-seats"), () => fill($("setup-seats"), ...seatsOf({ players }).map((seat) => h("tr", {},
    h("td", {}, String(seat)),
    h("td", {}, h("input", { name: `seat${seat}`, maxlength: 40, required: true, value: givenPlayer(seat) || `${t("seat")} ${seat}` })),
    side ? h("td", {}, teamName(players, false, seat)) : null,
    h("td", {}, h("select", { name: `source${seat}` },
      h("option", { value: "" }, t("setup.anysource")),
      ...state.sources.map((id) => h("option", { value: id, selected: state.sources.length === 1 }, id)))),
  ))));
  const choice = chosenGame(form);
  const offer = (name, values) => { // an option with one choice or none is not asked
    const kept = form[name].value;
    fill(form[name], ...values.map((v) => h("option", { value: v, selected: String(v) === kept }, t(`${name}.${v}`) === `${name}.${v}` ? String(v) : t(`${name}.${v}`))));
    $(`setup-${name}-field`).hidden = values.length < 2;
  };
  offer("target", choice.targets);
  offer("stones", choice.stones);
  offer("deal", choice.deals);
  $("setup-captains-field").hidden = !choice.captains;
  if (!choice.captains) form.captains.checked = false;
  const diezReyes = choice.diez_reyes && game === "mus"; // a Mus variant (Éibar)
  $("setup-diez-reyes-field").hidden = !diezReyes;
  if (!diezReyes) form.diez_reyes.checked = false;
  fillRules(choice);
  fillProfiles(game);
  fillManoSelect();
}

/** The folded "Reglas": every other option of the rules, each with its default named and what
 * it does on hover, shown where the game chosen may change it; the choices made stay through a
 * change of game or language. */
function fillRules(choice) {
  const box = $("setup-rules-fields");
  keepFields(box, () => fill(box, ...Object.keys(state.choices.rules).map(ruleField)));
  for (const field of box.children) field.hidden = !choice.rules.includes(field.dataset.option);
  $("setup-rules").hidden = !choice.rules.length;
  followRules();
}

function ruleField(name) {
  const [first, ...others] = state.choices.rules[name].choices;
  const help = t(`option.${name}.help`);
  const control = typeof first === "boolean"
    ? h("input", { type: "checkbox", name, checked: first })
    : h("select", { name }, ...[first, ...others].map((value) => h("option", { value }, optionValue(name, value))));
  return h("label", { class: "rule-option", title: help === `option.${name}.help` ? undefined : help, dataset: { option: name } },
    h("span", {}, t(`option.${name}`)), control,
    h("small.rule-default", {}, filled(t("option.default"), { value: optionValue(name, first) })));
}

/** The field of an option (folded, or one of the setup's own: the deal), and its value as the
 * rules name it (true, "vacas"). */
const ruleInput = (name) => $("setup-rules-fields").querySelector(`[name="${name}"]`) || $("setup").elements[name];
const ruleValue = (name) => fieldValue(ruleInput(name), state.choices.rules[name]?.choices);
const followRules = () => followNeeds($("setup-rules-fields"), state.choices.rules, ruleInput);

/** The profiles that fit the game chosen (a profile without señas is Encaje's, where nobody
 * has a partner; one with señas is for Mus): the choice made stays while it fits, else the
 * server's default, else the first. With one to choose from, nothing is asked. */
const fittingProfiles = (game) => state.profiles.filter((p) => (state.profileGames[p] || ["mus"]).includes(game));
function fillProfiles(game) {
  const select = $("setup-profile");
  const before = select.value;
  const fitting = fittingProfiles(game);
  const kept = fitting.includes(select.value) ? select.value : fitting.includes(state.defaultProfile) ? state.defaultProfile : fitting[0];
  fill(select, ...fitting.map((p) => h("option", { value: p, selected: p === kept }, profileName(p, state.profileLabels[p]))));
  $("setup-profile-field").hidden = fitting.length < 2;
  if (kept !== before) profileReyes();
}

/** The reyes of the profile chosen (4 for Navarra's señas), still for the referee to change. */
function profileReyes() {
  const reyes = state.profileReyes[$("setup-profile").value];
  if (reyes) $("setup").reyes.value = String(reyes);
}

function fillManoSelect() {
  const form = $("setup");
  const chosen = form.mano.value || "1";
  fill($("setup-mano"), ...seatsOf(chosenGame(form)).map((seat) => h("option", { value: seat, selected: String(seat) === chosen },
    `${seat} · ${form[`seat${seat}`]?.value || ""}`)));
}

function showSetup(visible) {
  $("setup").hidden = !visible;
  $("referee").hidden = visible || !state.table;
  $("setup-cancel").hidden = !state.table;
  if (visible) fillManoSelect();
}

async function createTable(event) {
  event.preventDefault();
  const form = event.target;
  const choice = chosenGame(form);
  const { game, players } = choice;
  const body = {
    name: form.name.value,
    // a profile that fits the game; none fits (Encaje, with no club profile of its own): its own
    profile: fittingProfiles(game).includes(form.profile.value) ? form.profile.value : undefined,
    game,
    players,
    reyes: Number(form.reyes.value),
    mano: Number(form.mano.value),
    seats: seatsOf({ players }).map((seat) => ({ seat, name: form[`seat${seat}`].value, source: form[`source${seat}`].value })),
  };
  if (choice.targets.length) body.target = Number(form.target.value);
  if (choice.captains) body.captains = form.captains.checked;
  if (form.diez_reyes.checked) body.diez_reyes = true;
  if (choice.stones.length > 1) Object.assign(body, { stones: Number(form.stones.value), deal: form.deal.value });
  for (const name of choice.rules) body[name] = ruleValue(name);
  try {
    $("setup-error").textContent = "";
    loadTableState(await api("POST", "/api/tables", body, { fields: setupFields() }));
  } catch (err) {
    $("setup-error").textContent = err.message;
  }
}

/** The setup's fields as the form labels them, for a refusal that names one (each a function:
 * said in the language of the moment, given the seat's index where there is one). */
const setupFields = () => ({
  name: () => t("field.tablename"),
  "seats.*.name": (i) => `${t("seat")} ${i + 1}`,
  "seats.*.source": (i) => `${t("seat")} ${i + 1} · ${t("setup.source")}`,
  profile: () => t("setup.profile"),
  mano: () => t("setup.mano"),
  target: () => t("setup.target"),
  ...Object.fromEntries(Object.keys(state.choices.rules).map((name) => [name, () => t(`option.${name}`)])),
});

function loadTableState(data) {
  if (!data || !data.table) { state.table = null; showSetup(true); return; }
  state.table = data.table;
  showSetup(false);
  $("export").href = `/api/tables/${data.table.id}/export`;
  setHand(data.current);
  fillSenaAdd();
  sayTableRules();
  loadGestures(data.table);
  refreshTableList();
}

/** What rules the table plays, under its status, for everyone at the table to read. */
function sayTableRules() {
  if (state.table) $("table-rules").textContent = `${t("setup.rules")}: ${rulesText(state.table, state.profileLabels[state.table.profile])}`;
}

const seatName = (seat) => state.table?.seats.find((s) => s.seat === seat)?.name || `${t("seat")} ${seat}`;

// ---------------------------------------------------------------- the hand

function setHand(handState) {
  state.handRevision += 1;
  const before = state.hand?.hand;
  state.hand = handState;
  if (state.correcting && !stillCorrectable(state.correcting, handState)) state.correcting = null;
  // another hand, or this one's cards entered, taken back or corrected elsewhere: the picker
  // shows them (cards being typed in stay while nothing changed them)
  const cardsChanged = before?.id !== handState.hand.id || cardsKey(before) !== cardsKey(handState.hand);
  if (cardsChanged && !state.correcting) pickCards(cardsOf(handState.hand));
  if (before?.id !== handState.hand.id) {
    state.pinned = false;
    state.amount = 2; // the stones dialled stay through a hand's bets, a new hand starts at 2
    state.knownSenas = new Set(handState.senas.map(senaKey));
  }
  if (!state.pinned || !legalFor(state.seat).length) {
    state.seat = handState.view.to_speak ?? state.seat ?? handState.hand.mano;
    state.pinned = false;
  }
  // a seña coming in moves the list under a button being pressed: drawn once it is let go
  drawWhenNotPressed(render);
}

/** The cards a hand shows, or, taken back by an undo, the cards it showed before: the picker
 * offers them again to be corrected. */
function cardsOf(hand) {
  const before = hand.corrections?.at(-1);
  return hand.shown || !before ? { shown: hand.shown, wild: hand.wild } : { shown: before.shown, wild: before.wild };
}

const cardsKey = (hand) => JSON.stringify(cardsOf(hand));

/** Put ``cards`` (``shown`` and ``wild``, by seat) in the picker, its cursor on the first slot. */
function pickCards({ shown, wild }) {
  state.picks = Object.fromEntries(seats().map((s) => [s, [...(shown?.[String(s)] || [])]]));
  state.wild = Object.fromEntries(seats().map((s) => [s, [...(wild?.[String(s)] || [])]]));
  state.cursor = [1, 0];
}

/** Whether the hand being corrected may still be, as ``handState`` (the hand on the page) says. */
const stillCorrectable = (hand, handState) =>
  (hand.id === handState.hand.id ? handState.can_correct : handState.previous?.id === hand.id);

/** The picker corrects ``hand``'s cards (the hand on the page, settled, or the one before it). */
function startCorrecting(hand) {
  state.correcting = hand;
  pickCards(hand);
  $("correction-referee").value = "";
  $("correction-note").value = "";
  $("show-error").textContent = "";
  render();
}

function stopCorrecting() {
  state.correcting = null;
  pickCards(cardsOf(state.hand.hand));
  $("show-error").textContent = "";
  render();
}

/** Set the hand from ``request``'s answer (``accepted`` runs first, once it succeeded). A state
 * set while the request was on its way (a camera seña's fetch, the websocket's news of a call)
 * may be newer than the answer: then the answer is dropped and the hand, if still the one in
 * play, fetched again, so an older state never overwrites a newer one. */
async function setAnswered(request, accepted = () => {}, tries = 3) {
  const asked = state.handRevision;
  const next = await request;
  accepted(next);
  if (state.handRevision === asked) setHand(next);
  else if (tries > 1 && next.hand.id === state.hand?.hand.id) {
    setAnswered(api("GET", `/api/hands/${next.hand.id}`), () => {}, tries - 1).catch(() => {});
  }
}

const legalFor = (seat) => (state.hand ? state.hand.legal.filter((c) => c.seat === seat) : []);

function render() {
  if (!state.hand) return;
  renderStatus();
  renderSeats();
  renderActions();
  renderLog();
  renderSenas();
  renderShowdown();
  renderReport();
  showSenaAdd();
  $("undo").hidden = Boolean(state.hand.acta_signed); // the hand stays as signed
  // the match (or the Encaje) decided, no hand follows: the status says who won
  $("next-hand").hidden = Boolean(state.hand.match.winner || state.hand.view.loser);
  $("next-hand").disabled = !state.hand.can_deal;
  const previous = state.hand.previous;
  $("correct-previous").hidden = !previous || Boolean(state.correcting);
  $("correct-previous").textContent = previous ? filled(t("show.correctprevious"), { hand: previous.number }) : "";
  const quiet = state.hand.legal.length === 0;
  $("seat-picker").hidden = quiet;
  $("actions").hidden = quiet;
}

function renderStatus() {
  const { view, hand } = state.hand;
  const bet = view.betting;
  let stake = "—";
  if (bet && bet.ordago) stake = term("ordago");
  else if (bet && bet.stake) stake = `${bet.stake}${bet.bettor ? ` (${seatName(bet.bettor)})` : ""}`;
  const speaks = view.to_speak ? `${seatName(view.to_speak)} (${view.to_speak})` : t("status.nobody");
  const score = (pair) => {
    const dentro = view.dentro.includes(pair) && !view.game_winner ? ` · ${t("status.dentro")}` : "";
    return h("span.score-pair", { dataset: { pair } }, h("b", {}, pair), ` ${view.score[pair]}${dentro}`);
  };
  const scores = teamsOf(state.table).flatMap((team, i) => [i ? (encaje() ? " · " : " – ") : null, score(team)]);
  const scoreLabel = encaje() ? `${t("status.stones")} / ${state.table.stones}` : `${t("status.score")} / ${state.table.target}`;
  const { match, game_awarded: awarded } = state.hand;
  const won = (key, counts, id) => h("div.stat.match", {}, h("small", {}, t(key)), h("strong", { id }, scoreText(state.table, counts)));
  fill($("status"), 
    h("div.stat", {}, h("small", {}, `${t("status.hand")} ${hand.number} · ${t("status.game")} ${hand.game}`),
      h("strong", {}, state.table.name)),
    h("div.stat", {}, h("small", {}, t("status.mano")), h("strong", {}, `${seatName(view.mano)} (${view.mano})`)),
    h("div.stat.lance", {}, h("small", {}, t("status.lance")), h("strong", { id: "status-phase" }, term(`phase.${view.phase}`))),
    h("div.stat.speaks", {}, h("small", {}, t("status.speaks")), h("strong", { id: "status-speaks" }, speaks)),
    h("div.stat", {}, h("small", {}, t("status.bet")), h("strong", { id: "status-bet" }, String(stake))),
    h("div.stat.scores", {}, h("small", {}, scoreLabel), h("strong", { id: "status-score" }, ...scores),
      encaje() ? null : h("small.amarracos", { id: "status-amarracos" },
        teamsOf(state.table).map((team) => amarracos(view.score[team])).join(" – "))),
    encaje() ? h("div.stat.pot", {}, h("small", {}, t("status.pot")), h("strong", { id: "status-pot" }, String(view.pot))) : null,
    encaje() ? null : won("status.games", match.games_won, "status-games"),
    match.vacas_won ? won("status.vacas", match.vacas_won, "status-vacas") : null,
    state.hand.acta_signed ? h("div.stat.signed", {}, h("strong", { id: "status-signed" }, filled(t("status.actasigned"), state.hand.acta_signed))) : null,
    view.loser ? h("div.stat.winner", {}, h("strong", { id: "status-loser" }, `${seatName(Number(view.loser))} ${t("status.loser")}`)) : null,
    awarded ? h("div.stat.winner", {}, h("strong", { id: "status-awarded" }, filled(t("status.awarded"), { winner: awarded.winner, sanction: sanctionLabel(awarded.sanction) }))) : null,
    match.winner ? h("div.stat.winner", {}, h("strong", { id: "status-match-winner" }, `${match.winner} ${t("status.matchwinner")}`))
      : view.game_winner ? h("div.stat.winner", {}, h("strong", {}, `${view.game_winner} ${t("status.winner")}`)) : null,
  );
}

/** Stones as players count them, in amarracos of five (000, 002, 003, 004): 22 is "4 amarracos
 * y 2", 5 "1 amarraco", 3 "3 piedras". */
function amarracos(stones) {
  const [tied, loose] = [Math.floor(stones / 5), stones % 5];
  const piedras = `${loose} ${t(loose === 1 ? "amarraco.stone" : "amarraco.stones")}`;
  if (!tied) return piedras;
  const named = `${tied} ${t(tied === 1 ? "amarraco.one" : "amarraco.many")}`;
  return loose ? `${named} ${t("amarraco.and")} ${loose}` : named;
}

function renderSeats() {
  const { view } = state.hand;
  const picker = $("seat-picker");
  picker.dataset.players = String(seats().length);
  refill(picker, h("div.felt", {}, encaje() ? `${t("status.pot")} ${view.pot}` : ""),
    ...seats().map((seat) => h("button", {
      type: "button",
      class: ["seat-btn", seat === state.seat && "selected", seat === view.to_speak && "speaks",
        legalFor(seat).length && "has-legal", `pair-${teamOf(state.table, seat)}`].filter(Boolean).join(" "),
      style: seatPosition(seat, seats().length),
      onclick: () => { state.seat = seat; state.pinned = true; render(); },
      dataset: { seat, focusKey: `seat-${seat}` },
    }, h("span.num", {}, String(seat)), h("span.name", {}, seatName(seat)),
    h("span.pair", {}, encaje() ? `${view.score[String(seat)]} ●` : teamOf(state.table, seat)))));
}

function callText(def) {
  if (def.action === "descarte") return `descarte ${def.amount}`;
  if (def.bet) return `${def.action} ${state.amount}`;
  if (def.says !== undefined) return `${def.action} ${def.says ? "si" : "no"}`;
  return null; // plain: the legal entry's own text
}

function findLegal(def) {
  return legalFor(state.seat).find((c) => {
    if (c.action !== def.action) return false;
    if (def.action === "descarte") return c.text === `descarte ${def.amount}`;
    if (def.says !== undefined) return c.text.endsWith(def.says ? " si" : " no");
    return true;
  });
}

/** A button's words: its call as the call log says it ("Envido 2 (bet)" in English). */
const label = (def) => callLabel(callText(def) || def.action);

/** The call buttons; a render that changes none of them (a seña arriving) leaves them as they
 * are, so a button keeps the keyboard's focus. */
function renderActions() {
  const anyLegal = (def) => state.hand.legal.some((c) => c.action === def.action);
  refill($("actions"), ...ROWS.map((row, r) => {
    const visible = row.filter((def) => !["mus_visto", "reparto_4567"].includes(def.action) || anyLegal(def))
      .filter((def) => def.action !== "descarte" || def.amount > 0 || anyLegal(def) && findLegal(def));
    return h("div.action-row", { class: `action-row${row.some(anyLegal) ? "" : " idle"}` },
      ...visible.map((def) => h("button", {
        type: "button", class: "call", disabled: !findLegal(def),
        dataset: { call: callText(def) || def.action, focusKey: `call-${r}-${row.indexOf(def)}` },
        onclick: () => { const legal = findLegal(def); if (legal) sendCall(callText(def) || legal.text); },
      }, label(def), def.key ? h("kbd", {}, def.key.toUpperCase()) : null)));
  }));
  $("amount").textContent = String(state.amount);
}

/** Every call of the hand, newest first (as the señas beside it), each numbered by its place in
 * the hand. */
function renderLog() {
  const calls = state.hand.view.calls;
  fill($("call-log"), ...calls.map(([seat, text], i) => h("li", { value: i + 1, class: text.startsWith("sena") ? "sena-call" : "" },
    h("b", {}, `${seatName(seat)}: `),
    text.startsWith("sena ") ? `${t("feed.sena")} · ${gestureLabel(text.slice(5))}` : callLabel(text))).reverse());
}

const senaKey = (sena) => `${sena.calls[0]}`;
/** A new seña's entry flashes once. */
const FLASH = [{ boxShadow: "0 0 0 4px #ffd43b", easing: "ease-out" }, { boxShadow: "0 0 0 0 transparent" }];

/** The señas, newest first. An entry that did not change stays as it is (its note half typed, its
 * buttons' focus); a new one flashes once. */
function renderSenas() {
  const list = $("sena-list");
  const senas = [...state.hand.senas].reverse();
  $("sena-empty").hidden = senas.length > 0;
  const fresh = [];
  refill(list, ...senas.map((sena) => {
    const key = senaKey(sena);
    if (!state.knownSenas.has(key)) fresh.push(key);
    state.knownSenas.add(key);
    const illegal = sena.verdict !== "legal";
    const review = sena.review;
    const reason = senaReason(sena);
    return h("li", {
      class: ["sena", `verdict-${sena.verdict}`, illegal && "illegal", review && `reviewed-${review.action}`,
        sena.removed && "removed"].filter(Boolean).join(" "),
      dataset: { verdict: sena.verdict, seat: sena.seat, call: sena.calls[0], origin: sena.origin },
    },
    h("div.sena-head", {},
      h("span.seat-chip", { class: `seat-chip pair-${teamOf(state.table, sena.seat)}` }, `${sena.seat} · ${sena.name || seatName(sena.seat)}`),
      h("span.meaning", {}, sena.meaning ? meaningLabel(sena.meaning) : `«${sena.gestures.map(gestureLabel).join(" + ")}»`),
      h("span.badge", { class: `badge verdict-${sena.verdict}` }, t(`verdict.${sena.verdict}`))),
    h("div.sena-body", {},
      h("span", {}, sena.gestures.map(gestureLabel).join(" + ")),
      sena.lance ? h("span.lance", {}, ` · ${term(`phase.${sena.lance}`)}`) : null,
      h("span.truth", {}, ` · ${t(`truth.${sena.truth}`)}`)),
    reason ? h("div.reason", {}, reason) : null,
    sena.origin === "referee" ? h("div.review.by-referee", {}, t("senas.byreferee")) : null,
    review ? h("div.review", {}, `${t(`review.${review.action}`)}${review.note ? `: ${review.note}` : ""}`) : null,
    sena.removed ? h("div.review.removed-note", {}, `${t("review.removed")}${sena.removed.note ? `: ${sena.removed.note}` : ""}`) : null,
    reviewControls(sena));
  }));
  // the flash is no class: the entry stays equal to its next render, which then keeps it
  for (const key of fresh) list.querySelector(`li[data-call="${key}"]`)?.animate(FLASH, 1600);
}

/** Every seña can be reviewed, and again (the last review stands), removed and restored, until
 * its game's acta is signed. */
function reviewControls(sena) {
  if (state.hand.acta_signed) return null;
  const base = `/api/hands/${state.hand.hand.id}/senas/${sena.calls[0]}`;
  const report = (err) => { $("call-error").textContent = err.message; };
  if (sena.removed) {
    return h("div.review-controls", {}, h("button", { type: "button", class: "restore", title: t("review.restorehelp"),
      onclick: () => setAnswered(api("POST", `${base}/restore`)).catch(report) }, t("review.restore")));
  }
  if (sena.review && !state.reviewing.has(sena.calls[0])) {
    return h("div.review-controls", {}, h("button", { type: "button", class: "change",
      onclick: () => { state.reviewing.add(sena.calls[0]); renderSenas(); } }, t("review.change")));
  }
  // the field is narrow beside the three buttons: a short word in it, the whole one on hover
  const note = h("input", { class: "note", maxlength: 300, placeholder: t("review.noteshort"), title: t("review.note"), value: sena.review?.note || "",
    dataset: { focusKey: `note-${sena.calls[0]}` } });
  const send = (action) => setAnswered(api("POST", `${base}/review`, { action, note: note.value }),
    () => state.reviewing.delete(sena.calls[0])).catch(report);
  const remove = () => {
    if (confirm(t("confirm.remove"))) setAnswered(api("POST", `${base}/remove`, { note: note.value })).catch(report);
  };
  return h("div.review-controls", {}, note,
    h("button", { type: "button", class: "ack", title: t("review.ackhelp"), onclick: () => send("acknowledged") }, t("review.ack")),
    h("button", { type: "button", class: "overrule", title: t("review.overrulehelp"), onclick: () => send("overruled") }, t("review.overrule")),
    h("button", { type: "button", class: "remove", title: t("review.removehelp"), onclick: remove }, t("review.remove")));
}

async function sendCall(text) {
  $("call-error").textContent = "";
  try {
    await setAnswered(api("POST", `/api/hands/${state.hand.hand.id}/calls`, { seat: state.seat, text }), () => {
      state.pinned = false;
    });
  } catch (err) {
    $("call-error").textContent = err.message;
  }
}

async function undo() {
  $("call-error").textContent = "";
  const { view, hand } = state.hand;
  // past the hand's end the hand opens again (its cards first), what it paid with it: only on purpose
  const question = hand.shown && !hand.cards_not_shown ? "confirm.takecards" : "confirm.reopen";
  const signed = state.hand.acta_signed; // refused: the answer says why
  if (view.phase === "finished" && !signed && !confirm(filled(t(question), { hand: hand.number, score: scoreText(state.table, view.score) }))) return;
  try { state.pinned = false; await setAnswered(api("DELETE", `/api/hands/${state.hand.hand.id}/calls/last`)); } catch (err) { $("call-error").textContent = err.message; }
}

/** The stones a bet may say: 2 up to the game's target, unless the table plays no limit. */
function setAmount(value) {
  const most = state.table?.options?.bet_limit === "none" ? Infinity : state.table?.target || 40;
  state.amount = Math.max(2, Math.min(most, value));
  renderActions();
}

async function nextHand() {
  try { loadTableState(await api("POST", `/api/tables/${state.table.id}/hands`)); } catch (err) { $("call-error").textContent = err.message; }
}

// ---------------------------------------------------------------- showdown

/** The cards of the hand at its showdown, to enter; once settled, as entered, with "correct the
 * cards"; or, while correcting (this hand or the one before), to change and save. */
function renderShowdown() {
  const { view, hand, can_correct: canCorrect } = state.hand;
  const box = $("showdown");
  const closed = hand.cards_not_shown;
  const correcting = state.correcting;
  const entering = view.phase === "showdown" && !closed && !correcting && !state.hand.acta_signed;
  const settled = view.phase === "finished" && Boolean(hand.shown);
  $("closed-note").hidden = !closed;
  box.hidden = !(entering || settled || correcting);
  $("not-shown").hidden = !entering;
  $("show-title").textContent = correcting ? filled(t("show.correcting"), { hand: correcting.number }) : t("show.title");
  $("show-submit").hidden = !(entering || correcting);
  $("show-submit").textContent = t(correcting ? "show.savecorrection" : "show.submit");
  $("show-correct").hidden = Boolean(correcting) || !(settled && canCorrect);
  $("correction-cancel").hidden = !correcting;
  $("correction-who").hidden = !correcting;
  $("correction-referee").placeholder = t("show.referee");
  $("correction-note").placeholder = t("show.note");
  $("palette").hidden = !(entering || correcting);
  if (box.hidden) return;
  const fixed = !(entering || correcting); // settled: the cards as entered, to read
  const [cs, ci] = state.cursor;
  fill($("picker"), ...seats().map((seat) => h("div.pick-row", {},
    h("span.pick-name", {}, `${seat} · ${seatName(seat)}`),
    ...[0, 1, 2, 3].map((i) => h("button", {
      type: "button",
      class: ["slot", !fixed && cs === seat && ci === i && "cursor"].filter(Boolean).join(" "),
      dataset: { seat, slot: i },
      disabled: fixed,
      onclick: () => { state.cursor = [seat, i]; renderShowdown(); },
    }, state.picks[seat][i] || "·")),
    ...wildChoices(seat, fixed))));
  const ranks = state.table.diez_reyes ? [...RANKS, ...WILD_CARDS] : RANKS;
  fill($("palette"), ...ranks.map((rank) => h("button", { type: "button", class: "rank", dataset: { rank },
    title: WILD_CARDS.includes(rank) ? t(`card.${rank}`) : undefined, onclick: () => pick(rank) }, rank)),
    h("button", { type: "button", class: "rank clear", onclick: () => pick(null) }, "⌫"));
}

/** The seat's wild sotas picked so far, in the order of its hand. */
const wildsOf = (seat) => state.picks[seat].filter((card) => WILD_CARDS.includes(card));

/** For each wild sota in the seat's hand, "as o rey": what it stands for (the holder says). */
function wildChoices(seat, fixed) {
  return wildsOf(seat).map((card, k) => h("span.wild-choice", { dataset: { seat, wild: k } },
    h("span.wild-card", {}, `${card}:`),
    ...WILD_VALUES.map((value) => h("button", {
      type: "button",
      disabled: fixed,
      class: ["wild-value", state.wild[seat][k] === value && "selected"].filter(Boolean).join(" "),
      dataset: { value },
      onclick: () => { state.wild[seat][k] = value; renderShowdown(); },
    }, t(`wild.${value}`)))));
}

function pick(rank) {
  let [seat, i] = state.cursor;
  if (rank === null) {
    if (!state.picks[seat][i] && (i > 0 || seat > 1)) { i = i > 0 ? i - 1 : 3; seat = i === 3 && state.cursor[1] === 0 ? seat - 1 : seat; }
    forgetWildChoices(seat, () => { state.picks[seat][i] = undefined; });
    state.cursor = [seat, i];
  } else {
    forgetWildChoices(seat, () => { state.picks[seat][i] = rank; });
    const last = seats().length;
    state.cursor = i < 3 ? [seat, i + 1] : [seat < last ? seat + 1 : last, seat < last ? 0 : 3];
  }
  renderShowdown();
}

/** Change the seat's cards; if that changes its wild sotas, their choices are asked again. */
function forgetWildChoices(seat, change) {
  const before = wildsOf(seat).join();
  change();
  if (wildsOf(seat).join() !== before) state.wild[seat] = [];
}

async function notShown() {
  if (!confirm(t("confirm.notshown"))) return;
  $("show-error").textContent = "";
  try { await setAnswered(api("POST", `/api/hands/${state.hand.hand.id}/not-shown`)); } catch (err) { $("show-error").textContent = err.message; }
}

async function submitShown() {
  $("show-error").textContent = "";
  const short = seats().filter((s) => state.picks[s].filter(Boolean).length < 4);
  if (short.length) {
    $("show-error").textContent = `${short.map(seatName).join(", ")}: ${t("show.cardsneeded")}`;
    return;
  }
  const hands = Object.fromEntries(seats().map((s) => [String(s), state.picks[s].filter(Boolean)]));
  const wild = {};
  for (const seat of seats()) {
    const values = state.wild[seat].slice(0, wildsOf(seat).length);
    if (values.length < wildsOf(seat).length || values.includes(undefined)) {
      $("show-error").textContent = `${seatName(seat)}: ${t("show.wildmissing")}`;
      return;
    }
    if (values.length) wild[String(seat)] = values;
  }
  const body = state.table.diez_reyes ? { hands, wild } : { hands };
  const correcting = state.correcting;
  try {
    if (!correcting) {
      await setAnswered(api("PUT", `/api/hands/${state.hand.hand.id}/shown`, body));
      return;
    }
    const who = { referee: $("correction-referee").value, note: $("correction-note").value };
    const table = await api("POST", `/api/hands/${correcting.id}/shown/correction`, { ...body, ...who });
    state.correcting = null;
    loadTableState(table);
    pickCards(cardsOf(state.hand.hand));
    render();
  } catch (err) { $("show-error").textContent = err.message; }
}

// ---------------------------------------------------------------- reports

function renderReport() {
  const { view, senas } = state.hand;
  const box = $("report");
  box.hidden = !(view.phase === "showdown" || view.phase === "finished");
  if (box.hidden) return;
  const falseSenas = falseSenasText(senas, seatName);
  fill(box,
    h("h3", {}, t("report.title")),
    h("table.lances", {},
      h("thead", {}, h("tr", {}, ...["report.lance", "report.outcome", "report.winner", "report.stones"].map((k) => h("th", {}, t(k))))),
      h("tbody", {}, ...view.lances.map((l) => h("tr", {},
        h("td", {}, term(`phase.${l.lance}`)), h("td", {}, l.outcome ? term(`outcome.${l.outcome}`) : ""),
        h("td", {}, l.winner ?? "—"), h("td", {}, lanceStones(l, view)))))),
    h("p.final-score", {}, `${t(encaje() ? "status.stones" : "report.score")}: ${scoreText(state.table, view.score)}`),
    state.hand.hand.wild ? h("p.wild-chosen", {}, `${t("report.wild")}: ${wildText(state.hand.hand)}`) : null,
    falseSenas ? h("div.flag", {}, h("b", {}, `⚠ ${t("report.false_senas")}: `), falseSenas) : null,
    view.false_declarations.length ? h("div.flag", {}, h("b", {}, `⚠ ${t("report.false_decl")}: `),
      view.false_declarations.map((d) => `${seatName(d.seat)}: «${d.said}»`).join(", ")) : null,
    state.hand.hand.corrections.length ? h("div.corrections", {}, h("b", {}, `${t("report.corrections")}: `),
      state.hand.hand.corrections.map((c) => correctionText(c, state.hand.hand.shown)).join(" · ")) : null,
  );
}

/** A correction as the report says it: when, how (taken back, or corrected by whom and why) and
 * the cards it replaced, of the seats whose cards are not those ``shown`` now. */
function correctionText(correction, shown) {
  const when = new Date(correction.created_ms).toLocaleTimeString(getLang(), { hour: "2-digit", minute: "2-digit" });
  const who = [correction.referee, correction.note && `«${correction.note}»`].filter(Boolean).join(" ");
  const changed = Object.entries(correction.shown).filter(([seat, cards]) => (shown?.[seat] || []).join() !== cards.join());
  const before = changed.length
    ? changed.map(([seat, cards]) => `${seatName(Number(seat))} ${cards.join(" ")}`).join(", ")
    : t("report.correction.same");
  return `${when} ${t(`report.correction.${correction.how}`)}${who ? ` (${who})` : ""}: ${t("report.correction.before")} ${before}`;
}

/** What each seat's wild sotas stood for: "Ane: Sc rey". ``hand`` has ``wild`` and, when it is
 * the hand on the page, ``shown`` (the report's hands name no cards: only the values). */
function wildText(hand) {
  return Object.entries(hand.wild).map(([seat, values]) => {
    const cards = (hand.shown?.[seat] || []).filter((card) => WILD_CARDS.includes(card));
    const named = values.map((value, k) => `${cards[k] ? `${cards[k]} ` : ""}${t(`wild.${value}`)}`);
    return `${seatName(Number(seat))}: ${named.join(", ")}`;
  }).join(" · ");
}

/** Stones of a lance: paid, waiting for the cards, or never to be paid (the game was won before
 * it, or the hand closed with the cards not shown). */
function lanceStones(lance, view) {
  if (lance.stones !== null && lance.stones !== undefined) return lance.paid === false && lance.unpaid_stones ? t("report.unpaid") : lance.stones;
  return view.game_winner || state.hand.hand.cards_not_shown ? t("report.unpaid") : t("report.pending");
}

/** The table's players, each named anew where the referee changes the name (a name mistyped, a
 * player replaced); the page follows the ``table`` message the server sends. */
function nameSeats() {
  if (!state.table) return; // the page is still loading its table
  const inputs = state.table.seats.map((s) => h("input", { name: `seat${s.seat}`, maxlength: 40, required: true, value: s.name, dataset: { seat: s.seat, was: s.name } }));
  const label = (input) => `${t("seat")} ${input.dataset.seat}`;
  namesDialog(t("seatnames.title"), t("seatnames.why"), inputs.map((input) => h("label", {}, h("span", {}, label(input)), " ", input)), async () => {
    for (const input of inputs.filter((i) => i.value.trim() !== i.dataset.was)) {
      try {
        await api("PUT", `/api/tables/${state.table.id}/seats/${input.dataset.seat}`, { name: input.value.trim() }, { fields: { name: () => label(input) } });
        input.dataset.was = input.value.trim();
      } catch (err) {
        input.focus();
        return err.message;
      }
    }
    return "";
  });
}

/** " · 1-3 gana la partida" after a game of the report, by which sanction when its acta gave it. */
function gameOutcome(game) {
  if (game.awarded) return ` · ${filled(t("status.awarded"), { winner: game.winner, sanction: sanctionLabel(game.awarded) })}`;
  return game.winner ? ` · ${game.winner} ${t("status.winner")}` : "";
}

async function gameReport() {
  if (!state.table) return; // the page is still loading its table
  const report = await api("GET", `/api/tables/${state.table.id}/report`);
  const dialog = h("dialog.report-dialog", {},
    h("h3", {}, `${report.table.name}`),
    ...report.games.map((g) => h("div.game", {},
      h("h4", {}, `${t("report.game")} ${g.game}: ${g.hands} ${t(g.hands === 1 ? "report.hand" : "report.hands")} · ${scoreText(state.table, g.score)}${gameOutcome(g)}`),
      h("a.acta-link", { href: `/acta?table=${report.table.id}&game=${g.game}`, target: "_blank" }, t("report.acta")),
      h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, t("report.seat")), ...report.verdicts.map((v) => h("th", {}, t(`verdict.${v}`))))),
        h("tbody", {}, ...Object.entries(g.senas).map(([seat, counts]) => h("tr", {}, h("td", {}, seatName(Number(seat))),
          ...report.verdicts.map((v) => h("td", {}, counts[v])))))))),
    h("ol", {}, ...report.hands.map((hand) => h("li", {},
      `${filled(t("report.handmano"), { hand: hand.number, mano: seatName(hand.mano) })}: ${scoreText(state.table, hand.score_before)} → ${scoreText(state.table, hand.score_after)}`,
      hand.wild ? ` · ${t("report.wild")}: ${wildText(hand)}` : "",
      hand.false_senas.length ? ` · ⚠ ${t("report.false_senas")}: ${falseSenasText(hand.false_senas, seatName)}` : "",
      hand.false_declarations.length ? ` · ⚠ ${t("report.false_decl")}: ${hand.false_declarations.length}` : ""))),
    h("form", { method: "dialog" }, h("button", {}, t("report.close"))));
  document.body.append(dialog);
  dialog.addEventListener("close", () => dialog.remove());
  dialog.showModal();
}

// ---------------------------------------------------------------- keyboard

/** Whether a key pressed in ``target`` is for it (typing, choosing in a list, a dialog's fields),
 * not a call: a tick box or a button just clicked leaves the keys to the referee. */
function keyIsForField(target) {
  if (target.closest("select, textarea, dialog")) return true;
  const input = target.closest("input");
  return input !== null && !["checkbox", "radio", "button", "submit", "reset", "range"].includes(input.type);
}

function onKey(event) {
  if (document.getElementById("page-referee").hidden || !state.hand || $("referee").hidden) return;
  if (keyIsForField(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key.toLowerCase();
  if (key === "escape" && state.correcting) { stopCorrecting(); return; }
  if (!$("palette").hidden && !$("showdown").hidden) { // cards being entered or corrected
    const rank = key === "s" || key === "c" || key === "r" ? key.toUpperCase() : key;
    if (RANKS.includes(rank)) { pick(rank); event.preventDefault(); return; }
    if (key === "backspace") { pick(null); event.preventDefault(); return; }
    if (key === "enter") { submitShown(); event.preventDefault(); return; }
  }
  if (key === "u" || key === "backspace") { undo(); event.preventDefault(); return; }
  if (key === "+" || key === "=") { setAmount(state.amount + 1); return; }
  if (key === "-") { setAmount(state.amount - 1); return; }
  if (key === "arrowright" || key === "arrowleft") {
    const n = seats().length;
    state.seat = ((state.seat - 1 + (key === "arrowright" ? 1 : n - 1)) % n) + 1;
    state.pinned = true;
    render();
    event.preventDefault();
    return;
  }
  let known = false;
  for (const row of ROWS) {
    for (const def of row) {
      if (def.key !== key) continue;
      known = true;
      const legal = findLegal(def);
      if (legal) { sendCall(callText(def) || legal.text); event.preventDefault(); return; }
    }
  }
  if (seats().map(String).includes(key)) { state.seat = Number(key); state.pinned = true; render(); return; }
  if (known) $("call-error").textContent = `${key.toUpperCase()}: ${t("calls.illegalkey")} (${seatName(state.seat)})`;
}
