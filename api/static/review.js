// The review page: a recorded session (?session=table-N) or, under `keinu review DIR`, an
// analysis folder. The video with a timeline under it: a lane per seat (gestures and señas
// coloured by verdict), hands and lances as bands, calls as ticks; click to jump. Names are the
// dashboard's, in its language (the video's captions and chapters too, and they follow it when
// it is switched); a session recorded without video shows its timeline alone.
import { api, h, number } from "/static/core.js";
import { applyLabels, callLabel, gestureLabel, getLang, meaningLabel, onLangSwitch, t, term } from "/static/i18n.js";
import { senaReason } from "/static/senas_text.js";
import { band, fitLabels, lane } from "/static/timeline.js";
import { vttFile } from "/static/vtt.js";

const params = new URLSearchParams(location.search);
const name = params.get("session") || "analysis";
const base = `/api/review/${encodeURIComponent(name)}`;
const $ = (id) => document.getElementById(id);
const video = $("video");
const SPEEDS = [0.25, 0.5, 1, 1.5, 2];

let data = null;
let selected = -1;
let current = null; // the video file playing: {url, offset_ms, until_ms, camera}
let cursor = 0; // the moment shown (ms) where no video plays
const filters = { seats: new Set(), kind: "", verdict: "" };

function fail(message) {
  $("error").hidden = false;
  $("error").textContent = message;
}

/** A moment of the timeline as its clock says it, in the page's language: "1:05,3" in Spanish. */
function fmt(ms) {
  const tenths = Math.round(Math.max(0, ms) / 100);
  return `${Math.floor(tenths / 600)}:${number((tenths % 600) / 10, 1).padStart(4, "0")}`;
}

function kindOf(label) { return label.split(" ")[0]; }

const seatLabel = (seat) => `${t("seat")} ${seat}`;
/** "Asiento 2 · Bittor", as its lane is named. */
const seatName = (seat) => `${seatLabel(seat)}${data.timeline.seats[seat] ? " · " + data.timeline.seats[seat] : ""}`;
const verdictLabel = (verdict) => (verdict ? t(`verdict.${verdict}`) : t("review.unjudged"));
/** What a seña said, or the gestures it was made of where it said nothing the profile knows. */
const senaLabel = (sena) => (sena.meaning ? meaningLabel(sena.meaning) : `«${sena.gestures.map(gestureLabel).join(" + ")}»`);
/** The referee's afterthought on a seña: "anulada · se rascaba la oreja" ("" where none). */
const reviewLabel = (sena) => (sena.review ? `${t(`review.${sena.review}`)}${sena.note ? " · " + sena.note : ""}` : "");

/** A hand's band says "mano 1" (or "1" where that does not fit), a lance's its name ("grande"). */
function bandText(b) {
  const hand = `${t("report.hand")} ${b.hand}`;
  if (b.kind === "hand") return { full: hand, short: String(b.hand) };
  const name = b.phase ? term(`phase.${b.phase}`) : b.label;
  return { full: name, tooltip: `${hand} · ${name}` };
}

function visible(sena) {
  if (filters.seats.size && !filters.seats.has(sena.seat)) return false;
  if (filters.kind && !sena.gestures.some((g) => kindOf(g) === filters.kind)) return false;
  if (filters.verdict && (sena.verdict || "none") !== filters.verdict) return false;
  return true;
}

function now() {
  return current ? current.offset_ms + video.currentTime * 1000 : cursor;
}

/** To moment ``ms`` of the timeline: in the file of the chosen camera that filmed it, or, where
 * none did (recording was off), nowhere, the clock on the moment and a word on the video. */
function seek(ms) {
  cursor = Math.max(0, ms);
  const videos = data.videos.filter((v) => v.camera === $("camera").value);
  const filmed = (v) => v.offset_ms <= cursor && (v.until_ms == null || cursor < v.until_ms);
  const target = videos.filter(filmed).pop();
  $("gap").hidden = !videos.length || Boolean(target);
  if (!target) {
    if (current) video.pause();
    current = null;
    draw();
    return;
  }
  const at = Math.max(0, (ms - target.offset_ms) / 1000);
  if (current !== target) {
    current = target;
    attachTracks(); // on this file's clock
    video.src = target.url;
    video.addEventListener("loadedmetadata", () => { video.currentTime = at; }, { once: true });
  } else {
    video.currentTime = at;
  }
  draw();
}

function render() {
  const tl = data.timeline;
  const end = Math.max(tl.end_ms, 1000) * 1.02;
  const pct = (ms) => `${(100 * Math.max(0, ms)) / end}%`;
  const width = (a, b) => `${Math.max(0.2, (100 * (b - Math.max(0, a))) / end)}%`;
  const place = (a, b) => `left:${pct(a)};width:${width(a, b)}`;
  $("timeline").dataset.end = end;
  const hands = lane(t("report.hands"), "bands");
  const lances = lane(t("review.lances"), "bands");
  for (const b of tl.bands) {
    (b.kind === "hand" ? hands : lances).track.append(band(b.kind, place(b.start_ms, b.end_ms), bandText(b),
      (e) => { e.stopPropagation(); seek(b.start_ms); }));
  }
  const calls = lane(t("log.title"), "calls");
  for (const c of tl.calls) {
    calls.track.append(h("div.tick", { style: `left:${pct(c.t_ms)}`,
      title: `${fmt(c.t_ms)} · ${seatLabel(c.seat)}: ${callLabel(c.text)}`,
      onclick: (e) => { e.stopPropagation(); seek(c.t_ms); } }));
  }
  const rows = [hands.row, lances.row, calls.row];
  for (const seat of Object.keys(tl.seats)) {
    const { row, track } = lane(seatName(seat), "seat");
    row.dataset.seat = seat;
    for (const g of tl.gestures.filter((g) => String(g.seat) === seat)) {
      if (filters.seats.size && !filters.seats.has(g.seat)) continue;
      if (filters.kind && kindOf(g.label) !== filters.kind) continue;
      track.append(h("div.item.gesture", { style: place(g.start_ms, g.end_ms), title: gestureLabel(g.label) }));
    }
    tl.senas.forEach((s, i) => {
      if (String(s.seat) !== seat || !visible(s)) return;
      const cls = `div.item.sena.v-${s.verdict || "none"}${s.review ? ".reviewed" : ""}${i === selected ? ".selected" : ""}`;
      track.append(h(cls, { style: place(s.start_ms, s.end_ms),
        title: `${senaLabel(s)} · ${verdictLabel(s.verdict)}`, dataset: { index: i },
        onclick: (e) => { e.stopPropagation(); select(i); } }));
    });
    rows.push(row);
  }
  $("lanes").replaceChildren(...rows);
  fitLabels($("lanes"));
  draw();
}

function draw() {
  const end = Number($("timeline").dataset.end || 1);
  $("playhead").style.left = `${(100 * now()) / end}%`;
  $("clock").textContent = fmt(now());
}

/** The selected seña's title, reason and review. */
function describe() {
  const s = data.timeline.senas[selected];
  const gestures = s.meaning ? ` · ${s.gestures.map(gestureLabel).join(" + ")}` : ""; // else the label is them
  $("detail-title").textContent = `${seatLabel(s.seat)}: ${senaLabel(s)}${gestures} · ${verdictLabel(s.verdict)}`;
  // the timeline's `reason` is the English text, `reason_es` the Spanish (none for an analysis)
  $("detail-reason").textContent = senaReason({ ...s, reason: s.reason_es || s.reason, reason_en: s.reason });
  $("detail-review").textContent = reviewLabel(s);
}

function select(i) {
  selected = i;
  const s = data.timeline.senas[i];
  seek(s.start_ms);
  $("detail").hidden = false;
  describe();
  $("note").value = s.note || "";
  $("clip-out").replaceChildren();
  render();
}

function step(direction, illegalOnly = false) {
  const senas = data.timeline.senas;
  const order = senas.map((s, i) => i).filter((i) => visible(senas[i]) &&
    (!illegalOnly || (senas[i].verdict && senas[i].verdict !== "legal")));
  order.sort((a, b) => senas[a].start_ms - senas[b].start_ms);
  const at = selected >= 0 ? senas[selected].start_ms : now();
  const after = (i) => senas[i].start_ms > at || (senas[i].start_ms === at && (selected < 0 || i > selected));
  const before = (i) => senas[i].start_ms < at || (senas[i].start_ms === at && i < selected);
  const pick = direction > 0 ? order.find(after) : order.filter(before).pop();
  if (pick !== undefined) select(pick);
}

async function review(action) {
  if (selected < 0) return;
  try {
    data = await api("POST", `${base}/senas/${selected}/review`, { action, note: $("note").value });
    select(selected);
    attachTracks(); // the captions carry the review
  } catch (error) { fail(error.message); }
}

async function clip() {
  if (selected < 0) return;
  try {
    const made = await api("POST", `${base}/senas/${selected}/clip`);
    $("clip-out").replaceChildren(
      h("a", { href: made.url, download: made.file, id: "clip-link" }, made.file),
      h("video", { src: made.url, controls: true, id: "clip-video" }));
  } catch (error) { fail(error.message); }
}

function frameStep(n) {
  if (!current) return;
  video.pause();
  const fps = data.timeline.fps || 25;
  video.currentTime = Math.max(0, video.currentTime + n / fps);
}

function setSpeed(delta) {
  if (!current) return;
  const i = Math.min(SPEEDS.length - 1, Math.max(0, SPEEDS.indexOf(video.playbackRate) + delta));
  video.playbackRate = SPEEDS[i];
  $("speed").value = String(SPEEDS[i]);
}

function setupControls() {
  const cameras = [...new Set(data.videos.map((v) => v.camera))];
  $("camera").replaceChildren(...cameras.map((c) => h("option", { value: c }, c)));
  $("camera").hidden = cameras.length < 2;
  $("camera").onchange = () => { const at = now(); current = null; seek(at); };
  for (const seat of Object.keys(data.timeline.seats)) {
    $("seat-filters").append(h("label", {}, h("input", { type: "checkbox", dataset: { seat },
      onchange: (e) => { e.target.checked ? filters.seats.add(Number(seat)) : filters.seats.delete(Number(seat)); render(); } }), ` ${seat}`));
  }
  fillFilters();
  $("kind-filter").onchange = (e) => { filters.kind = e.target.value; render(); };
  $("verdict-filter").onchange = (e) => { filters.verdict = e.target.value; render(); };
  fillSpeeds();
  $("speed").onchange = (e) => { video.playbackRate = Number(e.target.value); };
  $("prev").onclick = () => step(-1);
  $("next").onclick = () => step(1);
  $("next-illegal").onclick = () => step(1, true);
  $("frame-back").onclick = () => frameStep(-1);
  $("frame-fwd").onclick = () => frameStep(1);
  $("overrule").onclick = () => review("overruled");
  $("acknowledge").onclick = () => review("acknowledged");
  $("clip").onclick = clip;
  $("timeline").onclick = (e) => { // on a track: the lanes' names beside them are not the clock
    const box = $("cursor-area").getBoundingClientRect();
    if (e.clientX < box.left) return;
    seek(Math.min(1, (e.clientX - box.left) / box.width) * Number($("timeline").dataset.end));
  };
  new ResizeObserver(() => fitLabels($("lanes"))).observe($("lanes"));
  $("exports").replaceChildren(...exportLinks());
  video.addEventListener("timeupdate", draw);
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "TEXTAREA" || e.target.tagName === "INPUT") return;
    const play = () => current && (video.paused ? video.play() : video.pause());
    const keys = { " ": play, j: () => step(-1), k: () => step(1),
      i: () => step(1, true), ",": () => frameStep(-1), ".": () => frameStep(1), "[": () => setSpeed(-1), "]": () => setSpeed(1) };
    const action = keys[e.key.toLowerCase()];
    if (action) { e.preventDefault(); action(); }
  });
}

/** A download per format. A format written for each video file of a session recorded in
 * several (its ELAN document, its captions) gets one per file, named by the file's camera and
 * where it starts on the timeline ("eaf: cam1 0:00.0 cam1 1:23.4"). */
function exportLinks() {
  const formats = [...new Set(data.exports.map((e) => e.format))];
  return formats.map((f) => {
    const links = data.exports.filter((e) => e.format === f);
    if (links.length === 1 && !links[0].video) {
      return h("a", { href: links[0].url, download: "", id: `export-${f}` }, f);
    }
    return h("span.export-files", {}, `${f}:`, links.map((e) => {
      const file = data.videos.find((v) => v.name === e.video);
      const id = `export-${f}-${e.video.replace(/\.[^.]*$/, "")}`;
      return h("a", { href: e.url, download: "", id, title: e.video }, file ? `${file.camera} ${fmt(file.offset_ms)}` : e.video);
    }));
  });
}

/** The speeds offered, as the page's language writes them ("0,25" in Spanish), the one chosen kept. */
function fillSpeeds() {
  const chosen = $("speed").value || "1";
  $("speed").replaceChildren(...SPEEDS.map((speed) => h("option", { value: speed }, number(speed, 2, 0))));
  $("speed").value = chosen;
}

/** The gesture and verdict filters' choices after "todos", by their names in the page's language. */
function fillFilters() {
  const kinds = new Set([...data.timeline.gestures.map((g) => g.label), ...data.timeline.senas.flatMap((s) => s.gestures)].map(kindOf));
  const verdicts = new Set(data.timeline.senas.map((s) => s.verdict || "none"));
  const byName = (a, b) => a[1].localeCompare(b[1], getLang());
  const fill = (select, choices, value) => {
    select.replaceChildren(select.options[0], ...choices.sort(byName).map(([v, name]) => h("option", { value: v }, name)));
    select.value = value;
  };
  fill($("kind-filter"), [...kinds].map((k) => [k, term(k)]), filters.kind);
  fill($("verdict-filter"), [...verdicts].map((v) => [v, verdictLabel(v === "none" ? null : v)]), filters.verdict);
}

/** The cues of the video file playing, in the page's words, on its clock (the timeline's, less
 * where the file starts): captions of each gesture and each seña with its verdict and review,
 * shown at least as long as the server's captions show them, or a chapter per hand and lance.
 * The server's .vtt files say the same in English, for annotators. */
function trackCues(kind) {
  const tl = data.timeline;
  let cues;
  if (kind === "chapters") {
    const bands = [...tl.bands].sort((a, b) => a.start_ms - b.start_ms || (a.kind !== "hand") - (b.kind !== "hand"));
    cues = bands.map((b) => {
      const text = bandText(b);
      return { start: b.start_ms, end: Math.max(b.end_ms, b.start_ms + 1), text: text.tooltip || text.full };
    });
  } else {
    const review = (s) => (reviewLabel(s) ? ` [${reviewLabel(s)}]` : "");
    cues = [
      ...tl.gestures.map((g) => [g.start_ms, g.end_ms, `${seatName(g.seat)}: ${gestureLabel(g.label)}`]),
      ...tl.senas.map((s) => [s.start_ms, s.end_ms,
        `${seatName(s.seat)}: ${t("feed.sena")} ${senaLabel(s)} — ${verdictLabel(s.verdict)}${review(s)}`]),
    ].map(([start, end, text]) => ({ start, end: Math.max(end, start + data.min_cue_ms), text }));
  }
  // inside the file as the server's exports cut it (api/exports/timeline.py's in_file): from its
  // first frame to its end, which the server gives (until_ms; null: open)
  const offset = current ? current.offset_ms : 0;
  const until = current && current.until_ms != null ? current.until_ms : Infinity;
  return cues.filter((c) => c.end > offset && c.start < until)
    .map((c) => ({ ...c, start: Math.max(0, c.start - offset), end: c.end - offset }));
}

const TRACKS = [["captions", "senas.title"], ["chapters", "report.hands"]];

/** The video's captions and chapters made anew (in the language, with the reviews, for the file
 * playing): each a Blob of WebVTT, shown or not as the one it replaces was (captions shown). */
function attachTracks() {
  if (!data.videos.length) return;
  for (const [kind, key] of TRACKS) {
    const old = video.querySelector(`track[kind="${kind}"]`);
    const mode = old ? old.track.mode : kind === "captions" ? "showing" : "hidden";
    const src = URL.createObjectURL(new Blob([vttFile(trackCues(kind))], { type: "text/vtt" }));
    if (old) {
      old.remove();
      URL.revokeObjectURL(old.src);
    }
    const track = h("track", { kind, label: t(key), srclang: getLang(), src });
    video.append(track);
    track.track.mode = mode;
  }
}

/** The page's words in the dashboard's language (its text, tooltips, placeholders). */
function translatePage() {
  document.documentElement.lang = getLang();
  document.title = `keinu · ${t("review.page")}`;
  applyLabels();
  for (const attr of ["title", "placeholder", "aria-label"]) {
    const key = `data-i18n-${attr}`;
    for (const el of document.querySelectorAll(`[${key}]`)) el.setAttribute(attr, t(el.getAttribute(key)));
  }
}

/** Without video, what would play it goes and a notice says why (recording is off by default). */
function showVideo(hasVideo) {
  for (const el of document.querySelectorAll(".with-video")) el.hidden = !hasVideo;
  $("no-video").hidden = hasVideo;
  $("keys").textContent = t(hasVideo ? "review.keys" : "review.keysnovideo");
  const hand = data.timeline.begins_in_hand;
  $("begins").hidden = hand == null;
  $("begins").textContent = hand == null ? "" : t("review.begins").replaceAll("{hand}", hand);
}

/** Opened with no session: the server's tables, newest first, each a link to its review. */
async function offerSessions() {
  const { tables } = await api("GET", "/api/tables").catch(() => ({ tables: [] }));
  document.querySelector("main").hidden = true;
  const links = [...tables].reverse().map((table) =>
    h("li", {}, h("a", { href: `/review?session=table-${table.id}` }, `${table.name} (#${table.id})`)));
  $("error").after(h("nav", { id: "sessions" }, h("p", {}, t(links.length ? "review.sessions" : "review.nosessions")),
    links.length ? h("ul", {}, links) : null));
}

async function start() {
  translatePage();
  try {
    data = await api("GET", base);
  } catch (error) {
    fail(error.message);
    if (error.code === "no_session") offerSessions();
    return;
  }
  const hasVideo = data.videos.length > 0;
  showVideo(hasVideo);
  $("title").textContent = data.timeline.title;
  setupControls();
  render();
  if (hasVideo) seek(0); // and its tracks
  onLangSwitch(() => { // switched on the dashboard: everything here says it anew
    translatePage();
    showVideo(hasVideo);
    fillFilters();
    fillSpeeds();
    $("exports").replaceChildren(...exportLinks());
    if (selected >= 0) describe();
    render();
    attachTracks();
  });
}

start();
