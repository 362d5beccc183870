// What every part of the dashboard shares: the REST helper, the websocket feed, a tiny DOM helper.
import { callLabel, getLang, t, term } from "/static/i18n.js";

/** ``path``'s answer; a refusal is thrown as an Error whose message is in the page's language
 * (``refusalText``), and whose ``words()`` say it again in the language of the moment.
 * ``fields`` names the request's fields as the page labels them, for a malformed request's
 * message: ``{ name: "Nombre de la mesa", "seats.*.name": (i) => ... }``,
 * a function given the path's numbers (see ``fieldLabel``). */
export async function api(method, path, body, { fields } = {}) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["content-type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch {
    throw refusal(() => t("error.offline")); // the browser's own words ("Failed to fetch") are not the page's language
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = refusal(() => refusalText(data, fields) || `${response.status} ${response.statusText}`);
    error.status = response.status;
    error.code = data.code;
    error.params = data.params;
    throw error;
  }
  return data;
}

function refusal(words) {
  const error = new Error(said(words));
  error.words = words;
  return error;
}

/** The refusals the page said lately, by their words, each with how to say it again: a page
 * shows one as its error's whole text, which a language switch says anew (``rewordRefusals``). */
const saidLately = new Map();

/** ``words()``, remembered to be said again in another language. */
function said(words) {
  const text = words();
  saidLately.delete(text);
  saidLately.set(text, words);
  if (saidLately.size > 50) saidLately.delete(saidLately.keys().next().value);
  return text;
}

/** Every error shown in ``root`` that is a refusal said lately (``api``'s), said again in the
 * page's language: after a language switch, the refusal still stands, in the new words. */
export function rewordRefusals(root = document) {
  for (const el of root.querySelectorAll(".error, [role=alert]")) {
    const words = saidLately.get(el.textContent);
    if (words) el.textContent = said(words);
  }
}

/** A house profile's name: a shipped one's display name ("Estándar"), else ``label`` (a club's
 * file, as the server labels it), else the file's own name. */
export function profileName(profile, label) {
  const key = `profile.${profile}`;
  return t(key) !== key ? t(key) : label || profile.split(/[\\/]/).pop();
}

/** How a refusal's params read in its words: a call as its button says it, a phase, a lance or
 * a house profile by its name. */
const PARAM_WORDS = {
  call: callLabel,
  phase: (phase) => term(`phase.${phase}`),
  lance: (lance) => term(`phase.${lance}`),
  game: (game) => t(`gamekind.${game}`),
  games: (game) => t(`gamekind.${game}`),
  gesture: (kind) => term(kind),
  sides: (side) => term(side),
  option: (name) => t(`option.${name}`),
  needs: (name, params) => neededWords(name, params.value),
  profile: (profile) => profileName(profile, profile), // a club's file as the server named it
};

/** The option another one goes with, as the setup labels it: a true/false one by its name
 * ("juego real"), a choice with the value needed ("Encuentro: a vacas", "Reparto: con mus"). */
function neededWords(name, value) {
  const folded = t(`option.${name}`) !== `option.${name}`;
  const label = folded ? t(`option.${name}`) : t(`setup.${name}`);
  if (typeof value === "boolean") return value ? label : `${label}: ${t("option.false")}`;
  return `${label}: ${folded ? t(`option.${name}.${value}`) : t(`${name}.${value}`)}`;
}

/** A param in words; a list of them as the page's language joins them ("2 y 5"). */
function paramWords(name, value, params) {
  if (Array.isArray(value)) {
    const words = value.map((each) => paramWords(name, each, params));
    return new Intl.ListFormat(getLang(), { type: "conjunction" }).format(words);
  }
  return (PARAM_WORDS[name] || String)(String(value), params);
}

/** ``text`` with each "{name}" filled from ``params`` (one without a value stays as it is). */
export function filled(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    const value = params?.[name];
    return value === undefined || value === null ? whole : paramWords(name, value, params);
  });
}

/** A refusal in the page's language: its ``code``'s words in i18n.js ("error.<code>"), each
 * "{name}" in them filled from its ``params``, when the page has them; else the server's own
 * ``detail``. A refusal that names the rule it breaks (an illegal call's ``rule_code``, with its
 * ``rule_params``) says why: the rule's words ("rule.<rule_code>") fill the {rule} of
 * "error.<code>.rule"; a rule the page has no words for keeps the code's own words. */
/** Why an enrolment window failed (its ``enrolment`` message), in the page's language. */
export function enrolFailure(outcome) {
  return refusalText({ detail: outcome.error, code: outcome.error_code, params: outcome.error_params });
}

export function refusalText(data, fields) {
  if (data.code === "invalid_fields" && Array.isArray(data.errors)) {
    return data.errors.map((failure) => fieldText(failure, fields)).join("\n");
  }
  const key = `error.${data.code}`;
  if (!data.code || t(key) === key) return data.detail;
  const { rule_code: rule, rule_params: ruleParams, ...params } = data.params || {};
  const [because, reason] = [`${key}.rule`, `rule.${rule}`];
  if (rule && t(because) !== because && t(reason) !== reason) {
    return filled(t(because), { ...params, rule: filled(t(reason), { ...params, ...ruleParams }) });
  }
  return filled(t(key), params);
}

/** The words of ``key`` for ``params``: "<key>.<plural>" (``Intl.PluralRules``'s category of
 * its first number, "one" for 1) where the page has them, else "<key>"'s. */
function plural(key, params) {
  const count = Object.values(params || {}).find((value) => typeof value === "number");
  if (count === undefined) return t(key);
  const exact = `${key}.${new Intl.PluralRules(getLang()).select(count)}`;
  return t(exact) === exact ? t(key) : t(exact);
}

/** How the page labels a field of a request: ``fields[pattern]`` given by the page (a text, or a
 * function given the path's numbers: "seats.*.name" for ``["seats", 3, "name"]`` gets 3), else
 * i18n.js's "field.<pattern>", else "field.<its last name>", else the path as it is. The request
 * as a whole (a path of nothing) has no label. */
export function fieldLabel(path, fields) {
  if (!path?.length) return "";
  const pattern = path.map((part) => (typeof part === "number" ? "*" : part)).join(".");
  const given = fields?.[pattern];
  if (given !== undefined) return typeof given === "function" ? given(...path.filter((p) => typeof p === "number")) : given;
  const last = [...path].reverse().find((part) => typeof part === "string");
  for (const key of [`field.${pattern}`, `field.${last}`]) if (t(key) !== key) return t(key);
  return path.join(".");
}

/** One failure of a malformed request (api/validation.py) in the page's language: the field's
 * label, then its code's words ("invalid.<code>"), each "{name}" filled from its params; a code
 * the page has no words for keeps the server's English. */
export function fieldText(failure, fields) {
  const label = fieldLabel(failure.field, fields);
  const key = `invalid.${failure.code}`;
  const words = t(key) === key ? failure.msg : filled(plural(key, failure.params), failure.params);
  return label ? `${label}: ${words}` : words;
}

/** h("div.card", {onclick}, "text", child) -> element. */
export function h(spec, attrs = {}, ...children) {
  const [tag, ...classes] = spec.split(".");
  const el = document.createElement(tag || "div");
  if (classes.length) el.className = classes.join(" ");
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

const listeners = new Map();

/** on("sena", fn): fn(data, message) for every websocket message of that type. */
export function on(type, fn) {
  if (!listeners.has(type)) listeners.set(type, []);
  listeners.get(type).push(fn);
}

function emit(type, data, message) {
  for (const fn of listeners.get(type) || []) {
    try { fn(data, message); } catch (err) { console.error(type, err); }
  }
}

export function connectFeed() {
  let delay = 500;
  const open = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/api/live`);
    socket.onopen = () => { delay = 500; emit("connection", { up: true }); };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      emit(message.type, message.data, message);
    };
    socket.onclose = () => {
      emit("connection", { up: false });
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 8000);
    };
  };
  open();
}

/** A seat's team: "1-3" / "2-4" with four, "1-3-5" / "2-4-6" with six, the seat itself in Encaje. */
export function teamName(players, encaje, seat) {
  if (encaje) return String(seat);
  const first = seat % 2 === 1 ? 1 : 2;
  return Array.from({ length: players / 2 }, (_, i) => first + 2 * i).join("-");
}
const isEncaje = (table) => table?.game === "encaje";
/** The seats of a table, 1..players (four before any table is set up). */
export const seatsOf = (table) => Array.from({ length: table?.players || 4 }, (_, i) => i + 1);
export const teamOf = (table, seat) => teamName(table?.players || 4, isEncaje(table), seat);
/** The sides that score: the two teams, or every seat in Encaje. */
export const teamsOf = (table) => [...new Set(seatsOf(table).map((seat) => teamOf(table, seat)))];
const scoreParts = (table, score) => teamsOf(table).map((team) => `${team} ${score[team]}`);
const scoreJoint = (table) => (isEncaje(table) ? " · " : " – ");
/** A score as the page writes it: "1-3 10 – 2-4 10", or each seat's stones in Encaje. */
export const scoreText = (table, score) => scoreParts(table, score).join(scoreJoint(table));
/** The same score as nodes for a narrow column: it breaks between the sides, never inside
 * one ("2-" above "4 10"). */
export const scoreNodes = (table, score) =>
  scoreParts(table, score).flatMap((part, i) => [...(i ? [scoreJoint(table)] : []), h("span.nowrap", {}, part)]);
/** ``value`` as the page's language writes it ("0,85" in Spanish): ``digits`` decimals, down to
 * ``least`` where the last are zeros. */
export const number = (value, digits, least = digits) =>
  value.toLocaleString(getLang(), { minimumFractionDigits: least, maximumFractionDigits: digits });
/** A time as the page's language writes it in seconds: "10,3 s". */
export const seconds = (ms) => `${number(ms / 1000, 1)} s`;
/** Where a seat sits around the table drawn as an ellipse, counterclockwise from the bottom. */
export function seatPosition(seat, players) {
  const angle = Math.PI / 2 - ((seat - 1) * 2 * Math.PI) / players;
  // how far across the seats spread is the stylesheet's (--seat-spread): a phone's is narrower
  return `left:calc(50% + ${Math.cos(angle).toFixed(3)} * var(--seat-spread));top:${(50 + 38 * Math.sin(angle)).toFixed(1)}%`;
}

/** Replace an element's children, skipping null/false (conditional parts). */
export function fill(el, ...children) {
  el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

/** Like ``fill``, but a child equal to one already there (same tag, attributes and text: what
 * ``isEqualNode`` compares) is kept in place, so a render that changes nothing touches nothing
 * and the focus, a half-typed note or a running animation stay. A focused element that had to be
 * replaced hands the focus to the new element with its ``data-focus-key``. Handlers of a kept
 * child stay: they must read the state when called, not capture it. */
export function refill(el, ...children) {
  const focused = el.contains(document.activeElement) ? document.activeElement : null;
  const spare = [...el.childNodes];
  const wanted = children.flat().filter((c) => c !== null && c !== undefined && c !== false).map((c) => {
    const node = c instanceof Node ? c : document.createTextNode(String(c));
    const same = spare.findIndex((old) => old.isEqualNode(node));
    return same < 0 ? node : spare.splice(same, 1)[0];
  });
  for (const old of spare) old.remove();
  wanted.forEach((node, i) => { if (el.childNodes[i] !== node) el.insertBefore(node, el.childNodes[i] ?? null); });
  const key = focused?.dataset?.focusKey;
  if (key !== undefined && !el.contains(focused)) el.querySelector(`[data-focus-key="${CSS.escape(key)}"]`)?.focus();
  return el;
}

/** What pairs an element drawn anew with the one it replaces: its tag, its first class (the
 * others say a state: "present"), its id, its seat and its gesture kind. */
const nodeKey = (node) => (node.nodeType === Node.ELEMENT_NODE
  ? `${node.nodeName}.${node.classList[0] ?? ""}#${node.id}/${node.dataset.seat ?? ""}/${node.dataset.kind ?? ""}`
  : node.nodeName);

/** Makes ``el`` read as ``fresh`` (the same element drawn anew) while keeping its elements:
 * see ``morphChildren``. */
export function morph(el, fresh) {
  for (const { name } of [...el.attributes]) if (!fresh.hasAttribute(name)) el.removeAttribute(name);
  for (const { name, value } of [...fresh.attributes]) if (el.getAttribute(name) !== value) el.setAttribute(name, value);
  return morphChildren(el, [...fresh.childNodes]);
}

/** Makes ``el``'s children read as ``nodes`` while keeping each child that one of them pairs with
 * (``nodeKey``), its attributes and texts brought up to date, and never moving one that stays
 * in order: a button keeps a press in progress (one made anew, or taken out and put back, under
 * the pointer takes no click), the focus stays. A kept element keeps its handlers: they must
 * read the state when called, not capture it. */
export function morphChildren(el, nodes) {
  const spare = [...el.childNodes];
  const wanted = nodes.map((node) => {
    const at = spare.findIndex((old) => nodeKey(old) === nodeKey(node));
    if (at < 0) return node;
    const kept = spare.splice(at, 1)[0];
    if (node.nodeType === Node.ELEMENT_NODE) morph(kept, node);
    else if (kept.nodeValue !== node.nodeValue) kept.nodeValue = node.nodeValue;
    return kept;
  });
  for (const old of spare) old.remove(); // first: what stays then needs no move
  wanted.forEach((node, i) => { if (el.childNodes[i] !== node) el.insertBefore(node, el.childNodes[i] ?? null); });
  return el;
}

/** A dialog asking for names: ``title``, a ``lead`` saying why, the ``fields`` (labels with their
 * inputs), OK and Cancel. OK calls ``onOk``, which answers "" when done (the dialog closes with
 * "ok") or why not (said in the dialog, which stays). Shown at once; removed when closed. */
export function namesDialog(title, lead, fields, onOk) {
  const why = h("p.error", { role: "alert" });
  const form = h("form", { method: "dialog" }, h("h3", {}, title), h("p", {}, lead), ...fields, why,
    h("div.dialog-buttons", {}, h("button", { type: "submit", value: "ok", class: "primary" }, t("live.ok")),
      h("button", { type: "submit", value: "cancel", formnovalidate: true }, t("live.cancel"))));
  const dialog = h("dialog.player-dialog", {}, form);
  form.addEventListener("submit", async (event) => {
    if (event.submitter && event.submitter.value !== "ok") return;
    event.preventDefault();
    why.textContent = "";
    why.textContent = await onOk();
    if (!why.textContent) dialog.close("ok");
  });
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}

/** Where a field is, to find it again once drawn anew: its id, its ``data-focus-key``, or its
 * form and name. */
const fieldKey = (el) => el.id || el.dataset.focusKey || (el.name ? `${el.form?.id ?? ""}/${el.name}` : null);

/** Runs ``redraw``, which may make the fields under ``root`` anew (another language's words),
 * and keeps what the user was doing in them: a field with an old one's key (see ``fieldKey``)
 * gets its option chosen, and, if made anew, the box ticked or unticked and the text typed, and
 * the focus and the caret if it had them. A text the page wrote (a field's default value: a
 * seat's default name) is the redraw's to say again. */
export function keepFields(root, redraw) {
  const fields = () => root.querySelectorAll("input, select, textarea, button");
  const before = new Map();
  for (const el of fields()) {
    const key = fieldKey(el);
    if (!key) continue;
    before.set(key, { el, value: el.value, focused: el === document.activeElement,
      checked: el.checked, ticked: el.checked !== el.defaultChecked, typed: el.value !== el.defaultValue,
      caret: typeof el.selectionStart === "number" ? [el.selectionStart, el.selectionEnd] : null });
  }
  redraw();
  for (const el of fields()) {
    const old = before.get(fieldKey(el));
    if (!old) continue;
    if (el.tagName === "SELECT") { // its options may be new: the choice is the user's
      if (el.value !== old.value && [...el.options].some((option) => option.value === old.value)) el.value = old.value;
    } else if (old.el !== el && (el.type === "checkbox" || el.type === "radio")) {
      if (old.ticked) el.checked = old.checked;
    } else if (old.el !== el && el.tagName !== "BUTTON" && old.typed) {
      el.value = old.value;
    }
    if (old.focused && !old.el.isConnected) {
      el.focus({ preventScroll: true });
      if (old.caret && typeof el.selectionStart === "number") el.setSelectionRange(...old.caret);
    }
  }
}

// A press in progress: a button drawn anew, or moved, between a pointer's down and up takes no
// click, so a page that draws a whole part anew (the desk's boards, the referee's hand) waits for
// the press to end. A press held longer than ``LONGEST_PRESS_MS`` (a pointer let go outside the
// window) no longer holds it.
const LONGEST_PRESS_MS = 2000;
let pressedAt = null;
let afterPress = null;
addEventListener("pointerdown", () => { pressedAt = performance.now(); }, true);
const released = () => {
  pressedAt = null;
  const draw = afterPress;
  afterPress = null;
  if (draw) setTimeout(draw); // after the click the release makes
};
for (const type of ["pointerup", "pointercancel", "blur"]) addEventListener(type, released, true);

/** Runs ``draw`` now, or once the press in progress ends; of draws that waited, the last. */
export function drawWhenNotPressed(draw) {
  if (pressedAt !== null && performance.now() - pressedAt < LONGEST_PRESS_MS) afterPress = draw;
  else draw();
}
