// Live view: per-seat tiles (name, pair, calibration, last señas), the feed, pipeline health.
import { api, enrolFailure, fill, filled, h, morph, morphChildren, namesDialog, on, seatsOf, teamOf } from "/static/core.js";
import { t, meaningLabel, gestureLabel, getLang } from "/static/i18n.js";
import { refereeHand, refereeTable } from "/static/referee.js";
import { playerNameProblem } from "/static/names.js";

const MAX_FEED = 60;
// ``enrol``: the tile's line of how its last step went, a function of the page's words;
// ``retry``: the kinds that step left to show again ([]: only the talking), or null.
const seatState = Object.fromEntries(seatsOf({ players: 6 }).map((s) => [s, { calibration: null, present: false, talking: false, senas: [], enrol: () => "", retry: null, enrolling: false, judgeable: true, unjudgeable_code: null, unjudgeable_params: null, shoulders_in_view: true, eyes_unreadable: [] }]));
const enrolWaiting = new Map(); // seat -> resolve of the enrolment message it waits for
let givenPlayers = {}; // seat -> the player named on its tile, for a seat no active table has (the server's)
const ENROL_SECONDS = 3;
let connected = false;
let pipeline = { state: "starting" };
let profileKinds = new Set(); // the gesture kinds the house profile's señas use
const feed = []; // what the feed lists, newest first: each message, when it came and whose seat
let notice = null; // the notice shown: the server's words, or the page's (a function of them)

const $ = (id) => document.getElementById(id);

export function initLive() {
  on("hello", (data) => {
    pipeline = data.pipeline;
    for (const sena of data.table?.current?.senas || []) rememberSena(sena);
    Object.entries(data.seats || {}).forEach(([seat, info]) => Object.assign(seatState[seat] || {}, info));
    givenPlayers = data.players || {};
    showNotice(data.notice);
    renderHealth();
    renderTiles();
    renderFeedWhy();
  });
  on("connection", ({ up }) => { connected = up; renderHealth(); });
  on("stats", (data) => {
    recentDropped = lastDropped === null ? 0 : Math.max(0, data.dropped - lastDropped);
    lastDropped = data.dropped;
    pipeline = data;
    renderHealth();
  });
  on("scores", (data) => {
    for (const [seat, info] of Object.entries(data.seats)) {
      if (!seatState[seat]) continue;
      const { calibration, present, talking = false, judgeable = true, unjudgeable_code = null, unjudgeable_params = null, shoulders_in_view = true, eyes_unreadable = [] } = info;
      Object.assign(seatState[seat], { calibration, present, talking, judgeable, unjudgeable_code, unjudgeable_params, shoulders_in_view, eyes_unreadable });
    }
    renderTiles();
  });
  on("notice", (data) => showNotice(data.message));
  on("enrolment", (data) => { enrolWaiting.get(data.seat)?.(data); enrolWaiting.delete(data.seat); });
  on("source", (data) => {
    if (data.state === "gap") showNotice(() => t(`gap.${data.reason}`) + (data.message ? ` (${data.message})` : ""), "gap");
    else if (data.gap) addFeed("gap", data);
    else showNotice(null);
  });
  on("gesture", (g) => addFeed("gesture", g));
  on("sena", (sena) => {
    rememberSena(sena);
    addFeed("sena", sena);
    renderTiles();
  });
  on("table", () => { renderTiles(); renderFeedWhy(); });
  for (const type of ["call", "undo", "shown"]) on(type, renderFeedWhy);
  on("players", (data) => { givenPlayers = data.players; renderTiles(); });
  api("GET", "/api/practice/catalogue").then((data) => { profileKinds = new Set(Object.keys(data.kinds)); renderTiles(); }).catch(() => {});
  setInterval(() => api("GET", "/api/health").then((data) => { pipeline = data.pipeline; renderHealth(); }).catch(() => {}), 5000);
  renderTiles();
}

function rememberSena(sena) {
  const state = seatState[sena.seat];
  if (state) state.senas = [sena, ...state.senas.filter((s) => s.calls[0] !== sena.calls[0])].slice(0, 3);
}

/** What the live view built with words, said again in the page's language (switched on another
 * page): the health line, the seats' tiles, the feed and a notice of the page's own. */
export function rewordLive() {
  renderHealth();
  renderTiles();
  fill($("feed"), ...feed.map(feedItem));
  renderFeedWhy();
  if (notice) showNotice(notice.message, notice.kind);
}

// The page's language decides the clock (no "AM" in the Spanish page).
const clock = (when) => when.toLocaleTimeString(getLang() === "es" ? "es-ES" : "en-GB",
  { hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false });

/** A seat by its player's name at the table (``name``), or by its number. */
const seatLabel = (seat, name) => (name ? `${seat} · ${name}` : `${t("seat")} ${seat}`);

const senaLabel = (sena) => (sena.meaning ? meaningLabel(sena.meaning) : `«${sena.gestures.map(gestureLabel).join(" + ")}»`);

/** An entry of the feed: a gesture, a seña or frames dropped, in the page's words. */
function feedItem({ type, data, when, name }) {
  if (type === "gap") return h("li.gap", {}, `⏸ ${t("gap.dropped")}`);
  if (type === "gesture") {
    return h("li.gesture", {}, h("span.when", {}, clock(when)), h("b", {}, seatLabel(data.seat, name)),
      ` ${t("feed.gesture")}: ${gestureLabel(data.side ? `${data.kind} ${data.side}` : data.kind)}`);
  }
  return h("li.sena", { class: `sena verdict-${data.verdict}` },
    h("span.when", {}, clock(when)), h("b", {}, seatLabel(data.seat, name)),
    ` ${t("feed.sena")}: ${senaLabel(data)} `,
    h("span", { class: `badge verdict-${data.verdict}` }, t(`verdict.${data.verdict}`)));
}

function addFeed(type, data) {
  const table = refereeTable();
  const name = playerAt(table, data.seat) ?? table?.seats.find((s) => s.seat === data.seat)?.name;
  feed.unshift({ type, data, when: new Date(), name });
  feed.splice(MAX_FEED);
  $("feed").prepend(feedItem(feed[0]));
  while ($("feed").children.length > MAX_FEED) $("feed").lastChild.remove();
}

/** Why the gestures the feed lists are not read as señas now (no table in play, or its hand is
 * over), or "": the referee would otherwise wait for señas that cannot come. */
function feedWhy() {
  if (!refereeTable()) return t("live.notable");
  return refereeHand()?.view.phase === "finished" ? t("live.handover") : "";
}

function renderFeedWhy() {
  const why = feedWhy();
  $("feed-why").hidden = !why;
  $("feed-why").textContent = why;
}

/** ``message``: the server's words, or a function of the page's (said again in another language). */
function showNotice(message, kind = "info") {
  notice = message ? { message, kind } : null;
  const box = $("notice");
  box.hidden = !message;
  box.textContent = (typeof message === "function" ? message() : message) || "";
  box.className = `notice ${kind}`;
}

// The dropped frames of the last stats sample (about a second): the total only grows, so it is
// in the tooltip, and the bar says whether frames are being dropped now.
let lastDropped = null;
let recentDropped = 0;

function renderHealth() {
  const dot = $("health-dot");
  const text = $("health-text");
  if (!connected) { dot.className = "dot bad"; text.textContent = t("health.ws"); return; }
  const stateName = pipeline.state || "off";
  const running = stateName === "running";
  dot.className = `dot ${running ? (pipeline.slow ? "warn" : "ok") : stateName === "off" ? "" : "bad"}`;
  if (!running) { text.textContent = t(`health.${stateName}`); return; }
  // Too few frames a second for a brief seña: said beside the rate, in a word that fits a
  // tablet's header, the why on hover.
  fill(text, h("span.fps", {}, `${pipeline.fps} fps`),
    pipeline.slow && h("span.slow", { title: t("health.slowwhy") }, ` · ${t("health.slow")}`),
    h("span.more", {}, ` · ${recentDropped} ${t("health.dropped")} · ${pipeline.latency_ms} ms`));
  $("health").title = `${pipeline.frames} frames · ${pipeline.dropped} ${t("health.dropped")}`
    + ` · ${pipeline.read_fps} ${t("health.read")}`;
}

/** Why a seat's face is not judged, in the page's words: " (cara de 45 px de ancho: demasiado pequeña)". */
function unjudgedWhy(info) {
  const code = info.unjudgeable_code;
  return code ? ` (${filled(t(`unjudged.${code}`), info.unjudgeable_params || {})})` : "";
}

// A seat's state in a line: calibrating (and whether the face is at rest), ready (and whether
// its rest had to be guessed from a face never at rest), and talking (a seña made then is not
// reported).
export function calibrationText(calibration, present, talking = false) {
  if (!present) return t("practice.noface");
  if (!calibration) return "—";
  if (calibration.state === "ready") {
    const guessed = calibration.guessed ? ` — ${t("practice.guessed")}` : "";
    return t("practice.ready") + guessed + (talking ? ` — ${t("practice.talking")}` : "");
  }
  const waiting = calibration.resting === false ? ` — ${t("practice.notresting")}` : "";
  return `${t("practice.calibrating")} ${Math.round(calibration.progress * 100)}%${waiting}`;
}

// A seat whose shoulders are out of the picture cannot be seen to shrug: said only where the
// house profile has a seña made with the shoulders.
export function shouldersHidden(info, kinds) {
  return Boolean(info?.present) && info.shoulders_in_view === false && kinds.has("shrug");
}

// The eye kinds of the house profile a seat's eyes rest too narrowed to be read making.
export function unreadableEyes(info, kinds) {
  return (info?.present ? info.eyes_unreadable || [] : []).filter((kind) => kinds.has(kind));
}

// Those kinds said in a line (show them once: enrolment sets the player's own level), or "".
export function eyesUnreadable(info, kinds) {
  const unread = unreadableEyes(info, kinds);
  return unread.length ? `${t("seat.narroweyes")}: ${unread.map(gestureLabel).join(", ")}` : "";
}

// The eye kinds whose level enrolment lowered with no look at the cards seen, said with what to
// do (``rested``: the talking step was done, without a look down seen in it), or "".
export function unguardedText(kinds, rested = false) {
  const why = t(rested ? "practice.unguardedrested" : "practice.unguarded");
  return kinds?.length ? `${kinds.map(gestureLabel).join(", ")}: ${why}` : "";
}

// What the pages call a seat with no player's name ("Asiento 3", "Seat 3"): no player's señas
// or calibration are kept under it (api/player_names.py's SEAT_LABEL).
const SEAT_LABEL = /^(?:asiento|seat) *[0-9]+$/i;
const playerPath = (name) => `/api/practice/players/${encodeURIComponent(name)}`;
const PLAYER_FIELDS = { player: () => t("practice.player"), name: () => t("practice.player") };

/** The player named on ``seat``'s tile while no table has the seat, or null: the referee's
 * setup offers that name for the seat. */
export const givenPlayer = (seat) => givenPlayers[seat] ?? null;

/** The player at ``seat``: the active table's name for it, unless that is a seat's label; with
 * no table that has the seat, the one given on its tile; null when nobody is named. */
function playerAt(table, seat) {
  const atTable = table?.seats.find((s) => s.seat === seat);
  if (atTable) return SEAT_LABEL.test(atTable.name) ? null : atTable.name;
  return givenPlayer(seat);
}

/** Who sits at ``seat`` of the active table, as its tile names them; null when nobody is named. */
export const seatPlayer = (seat) => playerAt(refereeTable(), Number(seat));

/** Why ``name`` (trimmed) cannot be the player whose señas a seat keeps, or "". */
function keptNameProblem(name) {
  if (!name) return t("invalid.name_empty");
  if (SEAT_LABEL.test(name)) return filled(t("invalid.name_is_seat"), { input: name });
  return playerNameProblem(name);
}

/** Asks who sits at ``seat`` (the name given before filled in, on its tile before the table
 * too); resolves with the name, kept by the server for the seat (the active table's, when it
 * has the seat), or null when the user cancels. */
function askPlayer(seat) {
  const input = h("input", { name: "player", maxlength: 40, list: "live-players", autocomplete: "off", value: playerAt(refereeTable(), seat) || givenPlayer(seat) || "" });
  const players = h("datalist", { id: "live-players" });
  api("GET", "/api/practice/players").then((data) => fill(players, ...data.players.map((p) => h("option", { value: p })))).catch(() => {});
  const dialog = namesDialog(filled(t("live.who"), { seat }), t("live.whyname"),
    [h("label", {}, h("span", {}, t("practice.player")), " ", input), players], async () => {
      const problem = keptNameProblem(input.value.trim());
      if (problem) { input.focus(); return problem; }
      try {
        const kept = await api("PUT", `/api/live/seats/${seat}/player`, { name: input.value.trim() }, { fields: PLAYER_FIELDS });
        input.value = kept.name; // the table's spelling of the same player
        return "";
      } catch (err) {
        input.focus();
        return err.message;
      }
    });
  return new Promise((resolve) => dialog.addEventListener("close", () => {
    resolve(dialog.returnValue === "ok" ? input.value.trim() : null);
  }));
}

/** ``step(name)`` for the player at ``seat``, asked for first when the tile knows none. */
async function asPlayer(seat, step) {
  const name = playerAt(refereeTable(), seat) ?? await askPlayer(seat);
  if (name !== null) await step(name);
}

// A fresh neutral-face calibration of the seat, its player's saved sensitivities put back on it
// (the practice page's own); its progress is the tile's state line.
async function recalibrateSeat(seat, name) {
  const info = seatState[seat];
  try {
    await api("POST", `${playerPath(name)}/calibrate?seat=${seat}`, undefined, { fields: PLAYER_FIELDS });
    Object.assign(info, { enrol: () => "", retry: null }); // what was learnt there is measured again
  } catch (err) {
    info.enrol = () => err.message;
  }
  renderTiles();
}

// The seat's player shows, in turn, ordinary talking and each gesture of the house profile (or
// only the kinds given); the seat's buttons are disabled until the run ends.
async function enrolSeat(seat, name, only = null) {
  const info = seatState[seat];
  const say = (words) => { info.enrol = words; renderTiles(); };
  info.enrolling = true;
  info.retry = null;
  try {
    say(await enrolSteps(seat, name, only, say));
  } catch (err) {
    say(() => err.message); // the catalogue could not be fetched
  } finally {
    info.enrolling = false;
    renderTiles();
  }
}

// Each step of one seat's run in turn; what the run learnt (and what it left to show again, in
// the seat's ``retry``), or why it stopped: each a function of the page's words.
async function enrolSteps(seat, name, only, say) {
  const kinds = ["rest", ...(only || Object.keys((await api("GET", "/api/practice/catalogue")).kinds))];
  const missed = [];
  let outcome = {};
  for (const kind of kinds) {
    const shown = new Promise((resolve) => enrolWaiting.set(seat, resolve));
    try {
      await api("POST", `${playerPath(name)}/enrol?seat=${seat}`, { kind, seconds: ENROL_SECONDS }, { fields: PLAYER_FIELDS });
    } catch (err) { enrolWaiting.delete(seat); return () => err.message; }
    say(() => `${kind === "rest" ? t("practice.rest") : gestureLabel(kind)}: ${t("practice.showing")}`);
    outcome = await shown;
    if (outcome.error) return () => enrolFailure(outcome);
    if (outcome.seen === false) missed.push(kind);
  }
  const { unguarded, rested } = outcome;
  if (missed.length || unguarded?.length) seatState[seat].retry = missed;
  return () => [
    `${kinds.length - 1 - missed.length} ${t("live.enrolled")}`,
    missed.length ? `${missed.map(gestureLabel).join(", ")}: ${t("practice.notseen")}` : "",
    unguardedText(unguarded, rested),
  ].filter(Boolean).join(" · ");
}

let tilesShown = ""; // what every tile shows alike (the language, the table's seats), last drawn
const tileShown = {}; // seat -> what its own tile showed, last drawn

/** The seat tiles, each drawn again only when what it shows changed: the scores arrive several
 * times a second, and one seat's change leaves the others' tiles (and a button focused in one)
 * as they are. A tile is drawn again in place (``morph``): a button pressed meanwhile keeps the
 * press. */
function renderTiles() {
  const table = refereeTable();
  const watched = pipeline.state !== "off"; // without video there is no seat to calibrate or teach
  const seats = seatsOf(table);
  const tiles = $("seat-tiles");
  const shown = JSON.stringify([getLang(), table?.id, table?.seats, [...profileKinds], watched, seats]);
  if (shown !== tilesShown) {
    tilesShown = shown;
    for (const seat of seats) tileShown[seat] = tileState(table, seat);
    morphChildren(tiles, seats.map((seat) => seatTile(table, seat, watched)));
    return;
  }
  for (const seat of seats) {
    const state = tileState(table, seat);
    if (state === tileShown[seat]) continue;
    tileShown[seat] = state;
    const old = tiles.querySelector(`.seat-tile[data-seat="${seat}"]`);
    const focused = old?.contains(document.activeElement) ? document.activeElement.classList[0] : null;
    const tile = old ? morph(old, seatTile(table, seat, watched)) : tiles.appendChild(seatTile(table, seat, watched));
    if (focused && !tile.contains(document.activeElement)) tile.querySelector(`.${focused}`)?.focus(); // a key's user keeps his place
  }
}

const tileState = (table, seat) => JSON.stringify([seatState[seat], seatState[seat].enrol(), playerAt(table, seat)]);

function seatTile(table, seat, watched) {
  const info = seatState[seat];
  const given = table?.seats.find((s) => s.seat === seat)?.name;
  const player = playerAt(table, seat);
  const progress = info.calibration ? Math.round((info.calibration.progress ?? 0) * 100) : 0;
  const unjudged = info.present && info.judgeable === false;
  const team = teamOf(table, seat);
  const button = (cls, words, step) => watched && h("button", { type: "button", class: cls, disabled: info.enrolling, onclick: () => asPlayer(seat, step) }, words);
  // a seat its table does not name: who sits there is asked on the tile, and may be changed
  const who = player === given || !watched ? null : h("button", { type: "button", class: "who", disabled: info.enrolling, title: t("live.whytitle"), onclick: () => askPlayer(seat) },
    t(player ? "live.rename" : "live.name"));
  return h("div.seat-tile", { class: `seat-tile pair-${team}${info.present ? " present" : ""}${unjudged ? " unjudgeable" : ""}`, dataset: { seat } },
    h("div.tile-head", {}, h("span.num", {}, String(seat)), h("b", {}, player ?? given ?? `${t("seat")} ${seat}`), who, h("span.pair", {}, team)),
    h("div.calib", {}, h("div.calib-bar", {}, h("i", { style: `width:${progress}%` })),
      h("small", {}, calibrationText(info.calibration, info.present, info.talking)), " ",
      button("recalibrate", t("live.recalibrate"), (name) => recalibrateSeat(seat, name))),
    unjudged ? h("p.unjudged", {}, `⚠ ${t("seat.unjudgeable")}${unjudgedWhy(info)}`) : null,
    !unjudged && shouldersHidden(info, profileKinds) ? h("p.no-shoulders", {}, `⚠ ${t("seat.noshoulders")}`) : null,
    !unjudged && eyesUnreadable(info, profileKinds) ? h("p.narrow-eyes", {}, `⚠ ${eyesUnreadable(info, profileKinds)} `,
      button("enrol-eyes", t("seat.enroleyes"), (name) => enrolSeat(seat, name, unreadableEyes(info, profileKinds)))) : null,
    watched && h("div.enrol", {}, button("enrol-seat", t("live.enrol"), (name) => enrolSeat(seat, name)),
      " ", h("small.enrol-state", {}, info.enrol()),
      info.retry ? [" ", button("enrol-retry", t("live.retry"), (name) => enrolSeat(seat, name, info.retry))] : null),
    h("ul.last-senas", {}, ...info.senas.map((s) => h("li", {}, senaLabel(s), " ",
      h("span", { class: `badge verdict-${s.verdict}` }, t(`verdict.${s.verdict}`))))));
}
