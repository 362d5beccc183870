// The acta page: /acta?table=ID&game=N. Reads the game's acta, signs it once, prints it. Señas,
// verdicts, reviews and sanctions are named as the dashboard names them, in its language.
import { api, filled, h, rewordRefusals, scoreNodes, seconds } from "/static/core.js";
import { applyLabels, gestureLabel, getLang, meaningLabel, onLangSwitch, sanctionLabel, t } from "/static/i18n.js";
import { senaReason } from "/static/senas_text.js";
import { rulesText, sideWord } from "/static/rules_text.js";

const query = new URLSearchParams(location.search);
const base = `/api/tables/${Number(query.get("table"))}/games/${Number(query.get("game"))}/acta`;
const $ = (id) => document.getElementById(id);
let sanctionKinds = [];
let seats = [];
let shown = null; // the acta as the server last sent it, to say again in another language

/** A table's rows, each cell labelled by its column's heading: a phone shows it beside the cell
 * where the table is too wide for its columns (acta.css). */
function fill(tableId, rows) {
  const headings = [...$(tableId).querySelectorAll("thead th")].map((th) => th.textContent);
  const label = (i) => headings[i].charAt(0).toLocaleUpperCase(getLang()) + headings[i].slice(1);
  const body = $(tableId).querySelector("tbody");
  body.replaceChildren(...rows.map((cells) => h("tr", {}, ...cells.map((c, i) => h("td", { dataset: { label: label(i) } }, c)))));
}

let table = null;
const score = (s) => scoreNodes(table, s);
/** A pair as the acta names it: "Los Reyes (1-3)" at a tournament's board, else "1-3". */
const pairName = (acta, pair) => (acta.board ? `${acta.board.teams[pair]} (${pair})` : pair);
/** Who won (at the table, or by a sanction its signature decided), or lost in Encaje, as the
 * dashboard says it. */
function outcome(acta, signed) {
  const awarded = signed?.awarded;
  if (awarded) return `· ${filled(t("status.awarded"), { winner: pairName(acta, awarded.winner), sanction: sanctionLabel(awarded.sanction) })}`;
  if (acta.loser) return `· ${t("seat")} ${acta.loser} ${t("status.loser")}`;
  if (!acta.winner) return `· ${t("acta.unfinished")}`;
  return `· ${pairName(acta, acta.winner)} ${t("status.winner")}`;
}
const moment = (ms) => (ms === null || ms === undefined ? "" : seconds(ms));
/** What a seña said, or the gestures it was made of where it said nothing the profile knows. */
const senaLabel = (s) => (s.meaning ? meaningLabel(s.meaning) : `«${s.gestures.map(gestureLabel).join(" + ")}»`);
const reviewOf = (review) => (review ? `${t(`review.${review.action}`)}${review.note ? `: ${review.note}` : ""}` : "");
/** "amonestación — asiento 1: seña falsa": a signed sanction, as stored, in the page's words. */
const sanctionLine = (s) =>
  t("acta.sanction").replace("{kind}", () => sanctionLabel(s.kind)).replace("{seat}", s.seat)
  + (s.reason ? `: ${s.reason}` : "");
const locale = () => (getLang() === "es" ? "es-ES" : "en-GB");

function show(data) {
  shown = data;
  const { acta, signed, sanctions } = data;
  sanctionKinds = sanctions;
  seats = acta.table.seats;
  table = acta.table;
  $("game").textContent = acta.game;
  $("table").textContent = acta.table.name;
  $("rules").textContent = rulesText(acta.table);
  const side = sideWord(acta.table); // in Encaje each seat plays for itself: no column
  $("side").textContent = side;
  $("side").hidden = !side;
  $("board").textContent = acta.board ? filled(t("acta.board"), acta.board) : "";
  $("board").hidden = !acta.board;
  fill("players", seats.map((s) => (side ? [s.seat, s.name, pairName(acta, s.pair)] : [s.seat, s.name])));
  fill("hands", acta.hands.map((hand) => [hand.number, hand.mano, score(hand.score_before), score(hand.score_after)]));
  $("score").replaceChildren(...score(acta.score));
  $("winner").textContent = outcome(acta, signed);
  fill("senas", acta.senas.map((s) => [
    s.hand, `${s.seat} ${s.name}`, senaLabel(s), t(`verdict.${s.verdict}`), moment(s.t_ms), senaReason(s), reviewOf(s.review),
  ]));
  $("no-senas").hidden = acta.senas.length > 0;
  $("signed").hidden = !signed;
  $("sign").hidden = Boolean(signed);
  // a game not over yet is signed only on purpose: the hands played after it are not in it
  $("not-over").hidden = Boolean(signed) || Boolean(acta.winner || acta.loser);
  if (signed) {
    $("signed-referee").textContent = signed.referee;
    $("signed-when").textContent = new Date(signed.signed_ms).toLocaleString(locale());
    $("signed-notes").textContent = signed.notes;
    $("signed-sanctions").replaceChildren(...signed.sanctions.map((s) => h("li", {}, sanctionLine(s))));
  }
}

/** A sanction being written, in the page's words: what is chosen and typed in it stays. */
function wordSanction(row) {
  for (const option of row.querySelector("[name=kind]").options) option.textContent = sanctionLabel(option.value);
  row.querySelector("[name=reason]").placeholder = t("acta.reason");
}

function addSanction() {
  const row = h("div.sanction", {},
    h("select", { name: "seat" }, ...seats.map((s) => h("option", { value: s.seat }, `${s.seat} ${s.name}`))),
    h("select", { name: "kind" }, ...sanctionKinds.map((k) => h("option", { value: k }))),
    h("input", { name: "reason", maxlength: 300 }));
  wordSanction(row);
  $("sanctions").append(row);
}

function failed(error) {
  $("error").textContent = error.message;
  $("error").hidden = false;
  // no acta to show (no such table or game): the reason alone, not empty tables under it
  if (!shown) for (const part of document.querySelectorAll("main > section")) part.hidden = true;
}

/** The page's fixed words in the dashboard's language. */
function translatePage() {
  document.documentElement.lang = getLang();
  document.title = `${t("acta.title")} — keinu`;
  applyLabels();
}

translatePage();
$("print").addEventListener("click", () => window.print());
$("add-sanction").addEventListener("click", addSanction);
$("sign").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  const sanctions = [...form.querySelectorAll(".sanction")].map((row) => ({
    seat: Number(row.querySelector("[name=seat]").value),
    kind: row.querySelector("[name=kind]").value,
    reason: row.querySelector("[name=reason]").value,
  }));
  try {
    $("error").hidden = true;
    const unfinished = !$("not-over").hidden && form.unfinished.checked;
    show(await api("POST", base, { referee: form.referee.value, notes: form.notes.value, sanctions, unfinished }));
  } catch (error) {
    failed(error);
  }
});
api("GET", base).then(show, failed);
// Switched on the dashboard: the acta is said again from what the server sent, as a reload would
// say it (a signed one as it was stored, in the page's words), the form left as it was.
onLangSwitch(() => {
  translatePage();
  if (shown) show(shown);
  for (const row of document.querySelectorAll(".sanction")) wordSanction(row);
  rewordRefusals();
});
