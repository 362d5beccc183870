// Practice mode: calibration, enrolment of the player's own señas, drills and their scores, live bars, sensitivities, progress plot.
import { api, enrolFailure, fill, h, on } from "/static/core.js";
import { t, meaningLabel, gestureLabel, getLang } from "/static/i18n.js";
import { calibrationText, eyesUnreadable, shouldersHidden, unguardedText, unreadableEyes } from "/static/live.js";
import { playerNameProblem } from "/static/names.js";

const KINDS = ["lip_bite", "tongue_out", "mouth_twist", "brows_raised", "wink", "eyes_closed", "pout", "head_tilt", "shrug"];
const COLORS = ["#d9480f", "#1971c2", "#2f9e44", "#ae3ec9", "#e67700", "#0c8599", "#c2255c", "#5c940d", "#364fc7", "#862e9c"];
const session = new Date().toISOString().slice(0, 16).replace(/[:T]/g, "-");
let drill = null;
let relevant = new Set();
let catalogue = [];
let enrolKinds = [];
const enrolled = new Map(); // kind (or "rest") -> { sensitivity, missed }
let scores = null; // the seat's last scores, as renderBars drew them
let progress = null; // the player's progress, as renderProgress drew it
const attempts = []; // the drills' attempts, newest first
let enrolCount = null; // the enrolment's line while it says how many kinds are learnt
let takenSeat = null; // the seat in play at a table that the referee agreed to take for drills
const ENROL_SECONDS = 3;

const $ = (id) => document.getElementById(id);
const player = () => $("player").value.trim();
const seat = () => Number($("practice-seat").value);
const playerPath = (name) => `/api/practice/players/${encodeURIComponent(name)}`;

// What the player card refused (a name that cannot be one, a calibration that failed): it stays
// until the next try, where the seat's live state line would overwrite it.
function showRefusal(text) {
  $("player-error").textContent = text;
  $("player-error").hidden = !text;
}

// The player's name, or null once why it cannot be one is shown: under the name and in
// ``where``, the line of the step that was refused. Nothing is sent for such a name; once the
// name is one, those lines are as before.
const refusedIn = new Set();
function named(where = null) {
  const name = player();
  const problem = playerNameProblem(name);
  showRefusal(problem);
  if (problem && where) { where.textContent = problem; refusedIn.add(where); }
  if (!problem) {
    for (const line of refusedIn) line.textContent = line.id === "prompt" && !drill ? t("practice.idle") : "";
    if (refusedIn.delete($("enrol-state"))) renderEnrol();
    refusedIn.clear();
  }
  return problem ? null : name;
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
  on("scores", (data) => renderBars(data.seats[String(seat())]));
  on("drill", showDrill);
  on("attempt", showAttempt);
  on("enrolment", showEnrolled);
  api("GET", "/api/practice/catalogue").then((data) => {
    catalogue = data.senas;
    enrolKinds = Object.keys(data.kinds);
    renderEnrol();
    fillDrillTargets();
  });
  refreshPlayers();
  renderSliders({});
  renderBars(null);
  loadPlayer();
}

/** What the practice page built with words, said again in the page's language (switched on
 * another page). A line that says how a step went (an enrolment, a calibration, a save) stays as
 * it was said. */
export function rewordPractice() {
  fillDrillTargets();
  if ($("enrol-state").textContent === enrolCount) renderEnrol();
  else renderEnrolSteps();
  renderBars(scores);
  renderSliders(sliderValues()); // as the player left them, saved or not
  if (progress) renderProgress(progress);
  if (drill) showDrill(drill);
  fill($("attempts"), ...attempts.map(attemptItem));
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
  const name = named();
  if (!name) return;
  try {
    await api("POST", `${playerPath(name)}/calibrate?seat=${seat()}`, undefined, { fields: PLAYER_FIELDS });
    $("calib-state").textContent = t("practice.calibrating");
    refreshPlayers();
  } catch (err) { showRefusal(err.message); }
}

// The player's saved steps: the kinds learnt, those shown but not seen, and the talking step.
async function loadPlayer() {
  enrolled.clear();
  const name = named();
  if (!name) { renderEnrol(); return; }
  let data;
  try {
    data = await api("GET", playerPath(name), undefined, { fields: PLAYER_FIELDS });
  } catch (err) { showRefusal(err.message); renderEnrol(); return; }
  renderSliders(data.sensitivities);
  const calibration = data.calibration || {};
  for (const kind of Object.keys(calibration.enrolment || {})) enrolled.set(kind, { sensitivity: data.sensitivities[kind] });
  for (const kind of calibration.missed || []) enrolled.set(kind, { missed: true });
  if (calibration.rest_shown) enrolled.set("rest", {});
  renderEnrol();
  renderProgress(await api("GET", `${playerPath(name)}/progress`).catch(() => ({ sessions: [] })));
}

/** The player's name in a request, as the card labels it. */
const PLAYER_FIELDS = { player: () => t("practice.player") };

async function startDrill(kind) {
  const name = named($("prompt"));
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
    $("prompt").textContent = err.message;
  }
}

/** "Done": the drill running is scored now; with none running (ended meanwhile), says so. */
async function finishDrill() {
  try {
    const { attempt } = await api("POST", "/api/practice/drills/current/finish");
    if (!attempt) { drill = null; $("drill-done").disabled = true; $("prompt").textContent = t("practice.nodrill"); }
  } catch (err) { $("prompt").textContent = err.message; }
}

function showDrill(data) {
  drill = data;
  $("drill-done").disabled = false;
  relevant = new Set(Object.values(data.targets).flat(2).map((label) => label.split(" ")[0]));
  const ways = Object.entries(data.targets).map(([meaning, list]) => h("li", {},
    h("b", {}, meaningLabel(meaning)), " — ", list.map((way) => way.map(gestureLabel).join(" + ")).join(" / ")));
  fill($("prompt"), h("div.prompt-title", {}, data.kind === "hand" ? t("practice.signalhand") : t("practice.signal")),
    data.kind === "sena" ? h("div.prompt-big", {}, meaningLabel(Object.keys(data.targets)[0])) : null,
    h("ul.ways", {}, ...ways));
  fill($("cards-dealt"), ...(data.cards || []).map((c) => h("span.card-face", {}, c)));
}

function showAttempt(attempt) {
  drill = null;
  $("drill-done").disabled = true;
  fill($("cards-dealt")); // the dealt cards belong to the drill that just ended
  relevant = new Set();
  attempts.unshift(attempt);
  $("attempts").prepend(attemptItem(attempt));
  $("prompt").textContent = t("practice.idle");
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
    attempt.time_ms !== null ? `${t("practice.time")} ${attempt.time_ms} ms` : null,
    attempt.duration_ms !== null ? `${t("practice.duration")} ${attempt.duration_ms} ms` : null,
    attempt.size !== null ? `${t("practice.size")} ${Math.round(attempt.size * 100)}%` : null,
  ].filter(Boolean).join(" · ");
  return h("li", { class: ok ? "ok" : "miss" },
    h("b", {}, ok ? `✔ ${t("practice.ok")}` : `✘ ${t("practice.miss")}`),
    ` ${asked} — ${t("practice.seen")}: ${seen}`, h("br"), h("small", {}, figures),
    ...(attempt.near_misses || []).map((m) => h("div.near-miss", {}, nearMissText(m))));
}

// A gesture of the asked kind that was seen but did not count for its length: what it lacked.
export function nearMissText(m) {
  const seconds = (ms) => (ms / 1000).toLocaleString(getLang(), { maximumFractionDigits: 2 });
  const key = m.reason === "too_long" ? "practice.toolong" : "practice.toobrief";
  return t(key).replace("{gesture}", gestureLabel(m.label))
    .replace("{lasted}", seconds(m.lasted_ms)).replace("{limit}", seconds(m.limit_ms));
}

// Enrolment: one button per gesture the profile's señas use (and one for ordinary talking);
// each press watches the seat for a few seconds while the player shows it.
function renderEnrol() {
  const count = renderEnrolSteps();
  enrolCount = `${count} / ${enrolKinds.length} ${t("practice.enrolled")}`;
  if (!$("enrol-state").dataset.busy) $("enrol-state").textContent = enrolCount;
}

/** The enrolment's buttons and bar: how many kinds are learnt. */
function renderEnrolSteps() {
  const steps = ["rest", ...enrolKinds];
  fill($("enrol-steps"), ...steps.map((kind) => {
    const shown = enrolled.get(kind);
    const done = shown && !shown.missed;
    const label = kind === "rest" ? t("practice.rest") : gestureLabel(kind);
    const figures = done && shown.sensitivity ? ` ×${shown.sensitivity.toFixed(1)}` : "";
    return h("button", { type: "button", class: done ? "done" : shown ? "missed" : "", "data-kind": kind,
      title: shown?.missed ? t("practice.notseen") : "", onclick: () => enrol(kind) },
      `${done ? "✔ " : shown ? "✗ " : ""}${label}${figures}`);
  }));
  const count = enrolKinds.filter((k) => enrolled.has(k) && !enrolled.get(k).missed).length;
  $("enrol-bar").style.width = `${enrolKinds.length ? Math.round((100 * count) / enrolKinds.length) : 0}%`;
  return count;
}

async function enrol(kind) {
  const state = $("enrol-state");
  const name = named(state);
  if (!name) return;
  // said before the answer: a seat that refuses the window (calibrating) may say so first
  const before = { busy: state.dataset.busy, text: state.textContent };
  state.dataset.busy = kind;
  state.textContent = `${kind === "rest" ? t("practice.rest") : gestureLabel(kind)}: ${t("practice.showing")}`;
  try {
    await api("POST", `${playerPath(name)}/enrol?seat=${seat()}`, { kind, seconds: ENROL_SECONDS }, { fields: PLAYER_FIELDS });
  } catch (err) {
    // refused (the seat still showing the last seña): the line says again the step in progress,
    // whose outcome will overwrite it, and why this one was not taken stays under the name
    if (before.busy) state.dataset.busy = before.busy;
    else delete state.dataset.busy;
    state.textContent = before.text;
    showRefusal(err.message);
  }
}

function showEnrolled(data) {
  if (data.player !== player() || data.seat !== seat()) return;
  const state = $("enrol-state");
  delete state.dataset.busy;
  if (data.error) { state.textContent = enrolFailure(data); return; }
  const missed = data.kind !== "rest" && data.seen === false;
  enrolled.set(data.kind, { sensitivity: data.sensitivities[data.kind], missed });
  for (const [kind, value] of Object.entries(data.sensitivities)) {
    if (enrolled.has(kind)) enrolled.get(kind).sensitivity = value;
  }
  renderEnrol();
  if (data.kind !== "rest") state.textContent += ` · ${t("practice.peak")} ${Math.round((data.size ?? 0) * 100)}%`;
  if (missed) state.textContent += ` · ${gestureLabel(data.kind)}: ${t("practice.notseen")}`;
  if (data.unguarded?.length) state.textContent += ` · ${unguardedText(data.unguarded, data.rested)}`;
  api("GET", playerPath(data.player)).then((d) => renderSliders(d.sensitivities));
  refreshPlayers(); // the enrolment saved its player
}

function renderBars(info) {
  scores = info;
  const values = info?.scores || {};
  const profile = new Set(enrolKinds);
  const shoulders = shouldersHidden(info, profile) ? ` — ${t("seat.noshoulders")}` : "";
  const narrow = eyesUnreadable(info, profile);
  const eyes = narrow ? ` — ${narrow} (${t("practice.enroleyes")})` : "";
  const needed = new Set(unreadableEyes(info, profile));
  for (const step of $("enrol-steps").querySelectorAll("button")) step.classList.toggle("needed", needed.has(step.dataset.kind));
  $("calib-state").textContent = info ? calibrationText(info.calibration, info.present, info.talking) + shoulders + eyes : "";
  fill($("bars"), ...KINDS.map((kind) => {
    const value = values[kind] ?? 0;
    return h("div.bar-row", { class: `bar-row${relevant.has(kind) ? " relevant" : ""}` },
      h("span.bar-label", {}, gestureLabel(kind)),
      h("div.bar", {}, h("i", { style: `width:${Math.round(value * 100)}%` })),
      h("span.bar-value", {}, value.toFixed(2)));
  }));
}

function renderSliders(sensitivities) {
  fill($("sliders"), ...KINDS.map((kind) => {
    const value = sensitivities[kind] ?? 1;
    const out = h("output", {}, value.toFixed(1));
    const input = h("input", { type: "range", min: 0.2, max: 3, step: 0.1, value, name: kind,
      oninput: (e) => { out.textContent = Number(e.target.value).toFixed(1); } });
    return h("label.slider", {}, h("span", {}, gestureLabel(kind)), input, out);
  }));
}

async function saveSensitivities() {
  const name = named($("sens-saved"));
  if (!name) return;
  const values = sliderValues();
  try {
    await api("PUT", `${playerPath(name)}/sensitivities?seat=${seat()}`, { sensitivities: values }, { fields: PLAYER_FIELDS });
    $("sens-saved").textContent = t("practice.saved");
    refreshPlayers();
  } catch (err) { $("sens-saved").textContent = err.message; }
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
  const maxTime = Math.max(1000, ...times);
  fill($("progress"),
    chart(t("practice.accuracy"), sessions, series, (x) => x.accuracy, 1, (v) => `${Math.round(v * 100)}%`),
    chart(t("practice.speed"), sessions, series, (x) => x.time_ms, maxTime, (v) => `${Math.round(v)}`),
    h("div.legend", {}, ...series.map((one, i) => h("span", {}, h("i", { style: `background:${COLORS[i % COLORS.length]}` }), one.label))));
}

/** The plot's lines: each seña asked on its own (by its meaning), then the hands dealt. */
function progressSeries(sessions) {
  const meanings = [...new Set(sessions.flatMap((s) => Object.keys(s.senas)))];
  const series = meanings.map((meaning) => ({ key: meaning, label: meaningLabel(meaning), of: (s) => s.senas[meaning] }));
  if (sessions.some((s) => s.hand)) series.push({ key: "hand", label: t("practice.hands"), of: (s) => s.hand });
  return series;
}

/** A session's day ("01/12") or, with ``time``, day and time, in the page's language. */
function sessionDate(entry, time = false) {
  const parts = { day: "2-digit", month: "2-digit", ...(time ? { hour: "2-digit", minute: "2-digit", hour12: false } : {}) };
  return new Date(entry.started_ms).toLocaleString(getLang() === "es" ? "es-ES" : "en-GB", parts);
}

function chart(title, sessions, series, valueOf, max, format) {
  const W = 260, H = 110, L = 34, B = 16;
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H + B}`);
  svg.setAttribute("class", "chart");
  const el = (tag, attrs, text) => {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    svg.append(node);
    return node;
  };
  const x = (i) => L + (sessions.length === 1 ? (W - L) / 2 : (i * (W - L - 10)) / (sessions.length - 1));
  const y = (v) => 8 + (H - 16) * (1 - v / max);
  for (const v of [0, max / 2, max]) {
    el("line", { x1: L, x2: W, y1: y(v), y2: y(v), class: "grid" });
    el("text", { x: L - 4, y: y(v) + 4, class: "axis", "text-anchor": "end" }, format(v));
  }
  sessions.forEach((s, i) => el("text", { x: x(i), y: H + B - 4, class: "axis", "text-anchor": "middle" }, sessionDate(s)));
  series.forEach((one, k) => {
    const points = sessions.map((s, i) => [i, one.of(s) ? valueOf(one.of(s)) : null]).filter(([, v]) => v !== null);
    if (!points.length) return;
    const color = COLORS[k % COLORS.length];
    // each line's points sit a little apart, so equal values (two at 100%) stay visible
    const shift = (k - (series.length - 1) / 2) * 3;
    el("polyline", { points: points.map(([i, v]) => `${x(i) + shift},${y(v)}`).join(" "), fill: "none", stroke: color, "stroke-width": 2 });
    points.forEach(([i, v]) => {
      const dot = el("circle", { cx: x(i) + shift, cy: y(v), r: 3, fill: color, "data-target": one.key });
      const tip = document.createElementNS(NS, "title");
      tip.textContent = `${one.label} · ${sessionDate(sessions[i], true)} · ${format(v)}`;
      dot.append(tip);
    });
  });
  return h("figure.chart-box", {}, h("figcaption", {}, title), svg);
}
