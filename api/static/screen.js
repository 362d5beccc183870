// The desk's big screen (/desk/screen?tournament=ID): the current round's tables and the
// standings, in large type, read again at every "tournament" message of the websocket.
import { api, connectFeed, fill, h, on } from "/static/core.js";
import { both, finishedLine, standingsHeading, tieBreakLine, unrankedLine, WITHDRAWN } from "/static/desk_words.js";

const $ = (id) => document.getElementById(id);
let current = Number(new URLSearchParams(location.search).get("tournament")) || null;
let started = null; // the current round's start, on this browser's clock

async function load() {
  if (current === null) {
    const { tournaments } = await api("GET", "/api/desk/tournaments");
    if (!tournaments.length) { $("name").textContent = "Sin torneo · No tournament"; return; }
    current = tournaments.at(-1).id;
  }
  show(await api("GET", `/api/desk/tournaments/${current}`));
}

const side = (board, s) => (board[`team_${s}`] ? board[`team_${s}`].name : "");

function show(data) {
  $("name").textContent = data.tournament.name;
  const round = data.rounds.at(-1);
  $("round").textContent = data.finished ? finishedLine(data.finished)
    : round ? `Ronda ${round.number} · Round ${round.number}` : "Inscripción · Registration";
  // the clock runs from the round's start until its last result is in
  const playing = round?.started_ms && round.boards.some((b) => !b.result);
  started = playing ? round.started_ms - (data.now_ms - Date.now()) : null;
  $("standings-heading").textContent = standingsHeading(data.finished);
  tick();
  fill($("boards").querySelector("tbody"), (round ? round.boards : []).map((b) => {
    const r = b.result;
    return h("tr", { dataset: { board: b.board } },
      h("td.table", { title: b.table ? b.table.name : "" }, b.team_b ? `Mesa ${b.board}` : "—"),
      h("td", {}, side(b, "a")),
      h("td", {}, b.team_b ? "–" : ""),
      h("td", {}, b.team_b ? side(b, "b") : "descanso · bye"),
      h("td.done", {}, r && b.team_b ? `${r.stones_a}–${r.stones_b}` : ""));
  }));
  fill($("standings").querySelector("tbody"), data.standings.map((r) => h(`tr${r.withdrawn_round ? ".withdrawn" : ""}`, { dataset: { team: r.team_id } },
    h("td.num", {}, r.rank), h("td", {}, r.name, r.withdrawn_round ? h("span.mark", {}, ` (${WITHDRAWN})`) : null),
    h("td.num", {}, r.won), h("td.num", {}, r.buchholz), h("td.num", {}, r.difference))));
  $("unranked").textContent = unrankedLine(data.withdrawn);
  $("unranked").hidden = !data.withdrawn.length;
  $("tie-breaks").textContent = tieBreakLine(data.tie_breaks);
}

/** The round's clock, from its start (the courtesy wait and lateness count from there). */
function tick() {
  if (started === null) { $("clock").textContent = ""; return; }
  const s = Math.max(0, Math.floor((Date.now() - started) / 1000));
  $("clock").textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

setInterval(tick, 1000);
// a refusal (no such tournament) in both languages, as the screen says all else
on("hello", () => load().catch((e) => { $("round").textContent = e.words ? both(e.words) : e.message; }));
on("tournament", (data) => { if (current === null || data.tournament_id === current) load(); });
connectFeed();
