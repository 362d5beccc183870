// Practice mode: calibration, enrolment of the player's own señas, drills and their scores, live bars, sensitivities, progress plot.
import { api, enrolFailure, fill, filled, h, morphChildren, number, on, seconds } from "/static/core.js";
import { t, meaningLabel, gestureLabel, getLang } from "/static/i18n.js";
import { calibrationText, eyesUnreadable, shouldersHidden, unguardedText, unreadableEyes } from "/static/live.js";
import { playerNameProblem } from "/static/names.js";

const KINDS = ["lip_bite", "tongue_out", "mouth_twist", "brows_raised", "wink", "eyes_closed", "pout", "head_tilt", "shrug"];
const COLORS = ["#d9480f", "#1971c2", "#2f9e44", "#ae3ec9", "#e67700", "#0c8599", "#c2255c", "#5c940d", "#364fc7", "#862e9c"];
const session = new Date().toISOString().slice(0, 16).replace(/[:T]/g, "-");
let drill = null;
const settled = new Set(); // the ids of the drills whose attempt has come: scored, never shown again
let relevant = new Set();
let catalogue = [];
let enrolKinds = [];
const enrolled = new Map(); // kind (or "rest") -> { sensitivity, missed }
let scores = null; // the seat's last scores (showSeat)
let progress = null; // the player's progress, as renderProgress drew it
const attempts = []; // the drills' attempts, newest first
let takenSeat = null; // the seat in play at a table that the referee agreed to take for drills
const ENROL_SECONDS = 3;
const LAST_NAME = "keinu.practice.player"; // the name this browser last practised under

const $ = (id) => document.getElementById(id);
const player = () => $("player").value.trim();
const seat = () => Number($("practice-seat").value);
const playerPath = (name) => `/api/practice/players/${encodeURIComponent(name)}`;

/** A share (0..1) as a percentage in the page's language: "45 %" in Spanish. */
const percent = (share) => share.toLocaleString(getLang(), { style: "percent" });

// Each line that says how a step stands (a name refused, a step being shown or how it went, the
// drill asked, a save), kept as how to say it: a language switch says it anew.
const lines = new Map();

/** ``line`` says what ``words()`` gives (text or elements), now and after every language
 * switch; without ``words`` it says nothing. */
function say(line, words) {
  if (words) lines.set(line, words);
  else lines.delete(line);
  fill(line, words ? words() : null);
}

/** The words of a refusal (``api``'s error): an error shown, which the page says anew in
 * another language (``rewordRefusals``). */
const refused = (err) => () => h("span.error", {}, err.message);
/** What to do next with no drill running: with no name yet, type it first. */
const idle = () => (player() ? t("practice.idle") : t("practice.first"));

// What the player card refused (a name that cannot be one, a calibration that failed): it stays
// until the next try, where the seat's live state line would overwrite it.
function showRefusal(words) {
  say($("player-error"), words);
  $("player-error").hidden = !words;
}

// The player's name, or null once why it cannot be one is shown: under the name and in
// ``where``, the line of the step that was refused. Nothing is sent for such a name; once the
// name is one, those lines are as before.
const refusedIn = new Set();
function named(where = null) {
  const name = player();
  if (lines.get($("prompt")) === idle) say($("prompt"), idle); // with or without a name
  if (playerNameProblem(name)) {
    const problem = () => playerNameProblem(name);
    showRefusal(problem);
    if (where) { say(where, problem); refusedIn.add(where); }
    return null;
  }
  showRefusal(null);
  for (const line of refusedIn) {
    if (line === $("prompt")) say(line, drill ? () => drillView(drill) : idle);
    else if (line !== $("enrol-state")) say(line, null);
  }
  if (refusedIn.has($("enrol-state"))) renderEnrol();
  refusedIn.clear();
  return name;
}

/** The name for a step about to be sent, or null: why not is said (``named``) and the name
 * field has the focus, to be typed there. */
function nameFor(where = null) {
  const name = named(where);
  if (!name) $("player").focus();
  return name;
}

export function initPractice() {
  $("drill-sena").onclick = () => startDrill("sena");
  $("drill-hand").onclick = () => startDrill("hand");
  $("drill-done").onclick = finishDrill;
  $("drill-done").disabled = true; // no drill yet
  $("practice-seat").addEventListener("change", () => { takenSeat = null; }); // asked again for another seat
  $("calibrate").onclick = calibrate;
  $("save-sens").onclick = saveSensitivities;
  $("player").addEventListener("change", loadPlayer);
  $("player").addEventListener("input", () => named()); // said as it is typed
  on("scores", (data) => showSeat(data.seats[String(seat())]));
  on("hello", () => { // a server started again numbers its drills anew, and shows no step
    settled.clear();
    delete $("enrol-state").dataset.busy;
  });
  on("drill", showDrill);
  on("attempt", showAttempt);
  on("enrolment", showEnrolled);
  api("GET", "/api/practice/catalogue").then((data) => {
    catalogue = data.senas;
    enrolKinds = Object.keys(data.kinds);
    renderEnrol();
    fillDrillTargets();
  });
  $("player").value = localStorage.getItem(LAST_NAME) || "";
  $("player").placeholder = t("practice.yourname");
  say($("prompt"), idle);
  refreshPlayers();
  renderSliders({});
  renderBars();
  if (player()) loadPlayer(); // a first visit asks for the name in the prompt, not as a refusal
  else noPlayer();
  api("GET", "/api/health").then((data) => { $("sample-note").hidden = !data.sample; }).catch(() => {});
}

/** What the practice page built with words, said again in the page's language (switched here or
 * on another page): its lists, bars and plot, and every line as it stands now. */
export function rewordPractice() {
  $("player").placeholder = t("practice.yourname");
  fillDrillTargets();
  renderEnrolSteps();
  renderBars();
  renderSliders(sliderValues()); // as the player left them, saved or not
  if (progress) renderProgress(progress);
  fill($("attempts"), ...attempts.map(attemptItem));
  for (const [line, words] of lines) fill(line, words());
}

/** The señas a drill can ask for; "any" first. */
function fillDrillTargets() {
  const meanings = [...new Set(catalogue.map((s) => s.meaning))];
  fill($("drill-target"), h("option", { value: "" }, t("practice.random")),
    ...meanings.map((m) => h("option", { value: m }, meaningLabel(m))));
}

/** The names offered as the player's: every player saved so far, a new one too. */
function refreshPlayers() {
  return api("GET", "/api/practice/players").then((data) => {
    fill($("players"), ...data.players.map((p) => h("option", { value: p })));
  }).catch(() => {}); // the list is a help: without it the name is typed
}

async function calibrate() {
  const name = nameFor();
  if (!name) return;
  try {
    await api("POST", `${playerPath(name)}/calibrate?seat=${seat()}`, undefined, { fields: PLAYER_FIELDS });
    say($("calib-state"), () => t("practice.calibrating"));
    refreshPlayers();
  } catch (err) { showRefusal(refused(err)); }
}

// The player's saved steps: the kinds learnt, those shown but not seen, and the talking step.
async function loadPlayer() {
  enrolled.clear();
  const name = named();
  if (!name) { noPlayer(); return; }
  localStorage.setItem(LAST_NAME, name);
  let data;
  try {
    data = await api("GET", playerPath(name), undefined, { fields: PLAYER_FIELDS });
  } catch (err) { showRefusal(refused(err)); renderEnrol(); return; }
  if (player() !== name) return; // the name changed while this answer was on its way: its own load draws it
  renderSliders(data.sensitivities);
  const calibration = data.calibration || {};
  for (const kind of Object.keys(calibration.enrolment || {})) enrolled.set(kind, { sensitivity: data.sensitivities[kind] });
  for (const kind of calibration.missed || []) enrolled.set(kind, { missed: true });
  if (calibration.rest_shown) enrolled.set("rest", {});
  renderEnrol();
  const sessions = await api("GET", `${playerPath(name)}/progress`).catch(() => ({ sessions: [] }));
  if (player() === name) renderProgress(sessions);
}

/** With no name, no player's steps or progress are shown. */
function noPlayer() {
  renderEnrol();
  renderProgress({ sessions: [] });
}

/** The player's name in a request, as the card labels it. */
const PLAYER_FIELDS = { player: () => t("practice.player") };

async function startDrill(kind) {
  const name = nameFor($("prompt"));
  if (!name) return;
  const body = { player: name, kind, seat: seat(), session };
  if (kind === "sena" && $("drill-target").value) body.target = $("drill-target").value;
  if (takenSeat === body.seat) body.take_seat = true; // agreed already: not asked at every drill
  try {
    showDrill(await api("POST", "/api/practice/drills", body, { fields: PLAYER_FIELDS }));
  } catch (err) {
    // the seat plays a hand of the active table; only the referee's yes takes it, kept for the seat
    if (err.code === "seat_in_play" && confirm(`${err.message}\n\n${t("practice.takeseat")}`)) {
      try {
        showDrill(await api("POST", "/api/practice/drills", { ...body, take_seat: true }));
        takenSeat = body.seat;
        return;
      } catch (again) { err = again; }
    }
    say($("prompt"), refused(err));
  }
}

/** "Done": the drill running is scored now; with none running (ended meanwhile), says so. */
async function finishDrill() {
  try {
    const { attempt } = await api("POST", "/api/practice/drills/current/finish");
    if (!attempt) { drill = null; $("drill-done").disabled = true; say($("prompt"), () => t("practice.nodrill")); }
  } catch (err) { say($("prompt"), refused(err)); }
}

function showDrill(data) {
  if (settled.has(data.id)) return; // an answer later than its drill's attempt
  drill = data;
  $("drill-done").disabled = false;
  relevant = new Set(Object.values(data.targets).flat(2).map((label) => label.split(" ")[0]));
  say($("prompt"), () => drillView(data));
  say($("cards-dealt"), data.cards ? () => cardsView(data) : null);
}

/** What the drill asks: the seña, or a hand to signal, and the ways each seña is made. */
function drillView(data) {
  const ways = Object.entries(data.targets).map(([meaning, list]) => h("li", {},
    h("b", {}, meaningLabel(meaning)), " — ", list.map((way) => way.map(gestureLabel).join(" + ")).join(" / ")));
  return [h("div.prompt-title", {}, data.kind === "hand" ? t("practice.signalhand") : t("practice.signal")),
    data.kind === "sena" ? h("div.prompt-big", {}, meaningLabel(Object.keys(data.targets)[0])) : null,
    h("ul.ways", {}, ...ways)];
}

/** A hand drill's cards, each named in its tooltip, a 3 and a 2 marked with what they count as
 * under the drill's reyes, and the legend of the letters. */
function cardsView(data) {
  const countsAs = data.reyes === 8 ? { 3: "R", 2: "1" } : {};
  const faces = data.cards.map((card) => {
    const as = countsAs[card];
    const name = as ? `${card} = ${t(`practice.card.${as}`)}` : t(`practice.card.${card}`);
    return h("span.card-face", { title: name === `practice.card.${card}` ? null : name },
      card, as ? h("small", {}, t(`practice.card.${as}`)) : null);
  });
  return [...faces, h("p.card-legend", {}, `${t("practice.cardlegend")} · ${t(`practice.reyes${data.reyes}`)}`)];
}

function showAttempt(attempt) {
  settled.add(attempt.drill.id);
  drill = null;
  $("drill-done").disabled = true;
  say($("cards-dealt"), null); // the dealt cards belong to the drill that just ended
  relevant = new Set();
  attempts.unshift(attempt);
  $("attempts").prepend(attemptItem(attempt));
  say($("prompt"), idle);
  loadPlayer();
  refreshPlayers(); // the drill saved its player
}

/** An attempt in the list: recognised or missed, what was asked and seen, its figures and near
 * misses. */
function attemptItem(attempt) {
  const ok = attempt.recognised;
  const asked = attempt.drill.kind === "hand"
    ? `${t("practice.hand")} ${attempt.drill.cards.join(" ")}`
    : meaningLabel(Object.keys(attempt.drill.targets)[0]);
  const seen = attempt.seen.length
    ? attempt.seen.map((s) => (s.meaning ? meaningLabel(s.meaning) : `«${s.gestures.map(gestureLabel).join(" + ")}»`)).join(", ")
    : t("practice.nothing");
  const figures = [
    attempt.time_ms !== null ? `${t("practice.time")} ${seconds(attempt.time_ms)}` : null,
    attempt.duration_ms !== null ? `${t("practice.duration")} ${seconds(attempt.duration_ms)}` : null,
    attempt.size !== null ? `${t("practice.size")} ${percent(attempt.size)}` : null,
  ].filter(Boolean).join(" · ");
  return h("li", { class: ok ? "ok" : "miss" },
    h("b", {}, ok ? `✔ ${t("practice.ok")}` : `✘ ${t("practice.miss")}`),
    ` ${asked} — ${t("practice.seen")}: ${seen}`, h("br"), h("small", {}, figures),
    ...(attempt.near_misses || []).map((m) => h("div.near-miss", {}, nearMissText(m))));
}

// A gesture of the asked kind that was seen but did not count for its length: what it lacked.
export function nearMissText(m) {
  const inSeconds = (ms) => number(ms / 1000, 2, 0);
  const key = m.reason === "too_long" ? "practice.toolong" : "practice.toobrief";
  return t(key).replace("{gesture}", gestureLabel(m.label))
    .replace("{lasted}", inSeconds(m.lasted_ms)).replace("{limit}", inSeconds(m.limit_ms));
}

// Enrolment: one button per gesture the profile's señas use (and one for ordinary talking);
// each press watches the seat for a few seconds while the player shows it.
function renderEnrol() {
  renderEnrolSteps();
  if (!$("enrol-state").dataset.busy) say($("enrol-state"), enrolCount);
}

const learnt = () => enrolKinds.filter((k) => enrolled.has(k) && !enrolled.get(k).missed).length;
/** How many kinds are learnt: "2 / 6 aprendidos". */
const enrolCount = () => `${learnt()} / ${enrolKinds.length} ${t("practice.enrolled")}`;
const stepName = (kind) => (kind === "rest" ? t("practice.rest") : gestureLabel(kind));

/** The enrolment's buttons and bar: how many kinds are learnt. The buttons are drawn again in
 * place (``morphChildren``): one pressed as the player's saved steps come keeps the press. */
function renderEnrolSteps() {
  const steps = ["rest", ...enrolKinds];
  morphChildren($("enrol-steps"), steps.map((kind) => {
    const shown = enrolled.get(kind);
    const done = shown && !shown.missed;
    const figures = done && shown.sensitivity ? ` ×${number(shown.sensitivity, 1)}` : "";
    return h("button", { type: "button", class: `step${done ? " done" : shown ? " missed" : ""}`, "data-kind": kind,
      title: shown?.missed ? t("practice.notseen") : "", onclick: () => enrol(kind) },
      `${done ? "✔ " : shown ? "✗ " : ""}${stepName(kind)}${figures}`);
  }));
  $("enrol-bar").style.width = `${enrolKinds.length ? Math.round((100 * learnt()) / enrolKinds.length) : 0}%`;
}

async function enrol(kind) {
  const state = $("enrol-state");
  const name = nameFor(state);
  if (!name) return;
  if (state.dataset.busy) { // as the server would say: two quick clicks could reach it either way round
    showRefusal(() => h("span.error", {}, filled(t("error.seat_busy"), { seat: seat() })));
    return;
  }
  // said before the answer: a seat that refuses the window (calibrating) may say so first
  const before = lines.get(state);
  state.dataset.busy = kind;
  say(state, () => `${stepName(kind)}: ${t("practice.showing")}`);
  try {
    await api("POST", `${playerPath(name)}/enrol?seat=${seat()}`, { kind, seconds: ENROL_SECONDS }, { fields: PLAYER_FIELDS });
  } catch (err) {
    // refused (the seat showing a seña for another page, or calibrating): the line says again
    // what it said, and why this step was not taken stays under the name
    delete state.dataset.busy;
    say(state, before);
    showRefusal(refused(err));
  }
}

function showEnrolled(data) {
  if (data.player !== player() || data.seat !== seat()) return;
  const state = $("enrol-state");
  delete state.dataset.busy;
  if (data.error) { say(state, () => enrolFailure(data)); return; }
  const missed = data.kind !== "rest" && data.seen === false;
  enrolled.set(data.kind, { sensitivity: data.sensitivities[data.kind], missed });
  for (const [kind, value] of Object.entries(data.sensitivities)) {
    if (enrolled.has(kind)) enrolled.get(kind).sensitivity = value;
  }
  renderEnrolSteps();
  say(state, () => [enrolCount(),
    data.kind !== "rest" ? `${t("practice.peak")} ${percent(data.size ?? 0)}` : "",
    missed ? `${gestureLabel(data.kind)}: ${t("practice.notseen")}` : "",
    data.unguarded?.length ? unguardedText(data.unguarded, data.rested) : ""].filter(Boolean).join(" · "));
  api("GET", playerPath(data.player)).then((d) => renderSliders(d.sensitivities));
  refreshPlayers(); // the enrolment saved its player
}

/** The seat's scores as they come: its state line and its bars. */
function showSeat(info) {
  scores = info;
  say($("calib-state"), info ? () => seatState(info) : null);
  renderBars();
}

/** How the seat is seen: its calibration, and the shoulders or eyes it cannot read. */
function seatState(info) {
  const profile = new Set(enrolKinds);
  const shoulders = shouldersHidden(info, profile) ? ` — ${t("seat.noshoulders")}` : "";
  const narrow = eyesUnreadable(info, profile);
  const eyes = narrow ? ` — ${narrow} (${t("practice.enroleyes")})` : "";
  return calibrationText(info.calibration, info.present, info.talking) + shoulders + eyes;
}

/** A bar per gesture kind for the seat's last scores, the drill's kinds bold; the enrolment's
 * steps that the seat's eyes need are marked. */
function renderBars() {
  const values = scores?.scores || {};
  const needed = new Set(unreadableEyes(scores, new Set(enrolKinds)));
  for (const step of $("enrol-steps").querySelectorAll("button")) step.classList.toggle("needed", needed.has(step.dataset.kind));
  fill($("bars"), ...KINDS.map((kind) => {
    const value = values[kind] ?? 0;
    return h("div.bar-row", { class: `bar-row${relevant.has(kind) ? " relevant" : ""}` },
      h("span.bar-label", {}, gestureLabel(kind)),
      h("div.bar", {}, h("i", { style: `width:${Math.round(value * 100)}%` })),
      h("span.bar-value", {}, number(value, 2)));
  }));
}

function renderSliders(sensitivities) {
  fill($("sliders"), ...KINDS.map((kind) => {
    const value = sensitivities[kind] ?? 1;
    const out = h("output", {}, number(value, 1));
    const input = h("input", { type: "range", min: 0.2, max: 3, step: 0.1, value, name: kind,
      oninput: (e) => { out.textContent = number(Number(e.target.value), 1); } });
    return h("label.slider", {}, h("span", {}, gestureLabel(kind)), input, out);
  }));
}

async function saveSensitivities() {
  const name = nameFor($("sens-saved"));
  if (!name) return;
  const values = sliderValues();
  try {
    await api("PUT", `${playerPath(name)}/sensitivities?seat=${seat()}`, { sensitivities: values }, { fields: PLAYER_FIELDS });
    say($("sens-saved"), () => t("practice.saved"));
    refreshPlayers();
  } catch (err) { say($("sens-saved"), refused(err)); }
}

/** The sensitivities as the sliders stand. */
const sliderValues = () => Object.fromEntries([...$("sliders").querySelectorAll("input")].map((i) => [i.name, Number(i.value)]));

// Two small line charts, one line per seña asked on its own and one for the hands dealt:
// accuracy and median time to signal, per session.
function renderProgress(data) {
  progress = data;
  const sessions = data.sessions;
  if (!sessions.length) { $("progress").textContent = t("practice.noprogress"); return; }
  const series = progressSeries(sessions);
  const times = sessions.flatMap((s) => series.map((one) => one.of(s)?.time_ms)).filter((x) => typeof x === "number");
  const maxTime = 1000 * Math.ceil(Math.max(1000, ...times) / 1000); // whole seconds on the axis
  fill($("progress"),
    chart(t("practice.accuracy"), sessions, series, (x) => x.accuracy, 1, percent),
    chart(t("practice.speed"), sessions, series, (x) => x.time_ms, maxTime, (ms) => `${number(ms / 1000, 1, 0)} s`),
    h("div.legend", {}, ...series.map((one, i) => h("span", {}, h("i", { style: `background:${COLORS[i % COLORS.length]}` }), one.label))));
}

/** The plot's lines: each seña asked on its own (by its meaning), then the hands dealt. */
function progressSeries(sessions) {
  const meanings = [...new Set(sessions.flatMap((s) => Object.keys(s.senas)))];
  const series = meanings.map((meaning) => ({ key: meaning, label: meaningLabel(meaning), of: (s) => s.senas[meaning] }));
  if (sessions.some((s) => s.hand)) series.push({ key: "hand", label: t("practice.hands"), of: (s) => s.hand });
  return series;
}

const DAY = { day: "2-digit", month: "2-digit" };
const TIME = { hour: "2-digit", minute: "2-digit", hour12: false };
const MAX_LABELS = 6; // a session's label under a plot is some 30 of its 260 units wide

/** When a session started, in the page's language: ``parts`` of ``DAY`` and ``TIME``. */
function sessionWhen(entry, parts) {
  return new Date(entry.started_ms).toLocaleString(getLang() === "es" ? "es-ES" : "en-GB", parts);
}

/** Each session's label under a plot, as lines: its day ("01/12"), and its time below when
 * another session shares the day. With many sessions only some are labelled, the last always. */
function sessionLabels(sessions) {
  const days = sessions.map((s) => sessionWhen(s, DAY));
  const every = Math.ceil(sessions.length / MAX_LABELS);
  return sessions.map((s, i) => {
    if ((sessions.length - 1 - i) % every) return [];
    return days.indexOf(days[i]) === days.lastIndexOf(days[i]) ? [days[i]] : [days[i], sessionWhen(s, TIME)];
  });
}

function chart(title, sessions, series, valueOf, max, format) {
  const labels = sessionLabels(sessions);
  const W = 260, H = 110, L = 34, R = 18, LINE = 12;
  const B = 4 + LINE * Math.max(1, ...labels.map((lines) => lines.length));
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H + B}`);
  svg.setAttribute("class", "chart");
  const make = (tag, attrs, text) => {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const el = (tag, attrs, text) => svg.appendChild(make(tag, attrs, text));
  // the last point stands R in from the edge: a label centred under it stays whole
  const x = (i) => L + (sessions.length === 1 ? (W - R - L) / 2 : (i * (W - L - R)) / (sessions.length - 1));
  const y = (v) => 8 + (H - 16) * (1 - v / max);
  for (const v of [0, max / 2, max]) {
    el("line", { x1: L, x2: W - R / 2, y1: y(v), y2: y(v), class: "grid" });
    el("text", { x: L - 4, y: y(v) + 4, class: "axis", "text-anchor": "end" }, format(v));
  }
  labels.forEach((lines, i) => {
    if (!lines.length) return;
    const text = el("text", { x: x(i), y: H + LINE, class: "axis", "text-anchor": "middle" });
    lines.forEach((line, k) => text.append(make("tspan", { x: x(i), dy: k ? LINE : 0 }, line)));
  });
  series.forEach((one, k) => {
    const points = sessions.map((s, i) => [i, one.of(s) ? valueOf(one.of(s)) : null]).filter(([, v]) => v !== null);
    if (!points.length) return;
    const color = COLORS[k % COLORS.length];
    // each line's points sit a little apart, so equal values (two at 100%) stay visible
    const shift = (k - (series.length - 1) / 2) * 3;
    el("polyline", { points: points.map(([i, v]) => `${x(i) + shift},${y(v)}`).join(" "), fill: "none", stroke: color, "stroke-width": 2 });
    points.forEach(([i, v]) => {
      const dot = el("circle", { cx: x(i) + shift, cy: y(v), r: 3, fill: color, "data-target": one.key });
      dot.append(make("title", {}, `${one.label} · ${sessionWhen(sessions[i], { ...DAY, ...TIME })} · ${format(v)}`));
    });
  });
  return h("figure.chart-box", {}, h("figcaption", {}, title), svg);
}
