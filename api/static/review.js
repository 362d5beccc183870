// The review page: a recorded session (?session=table-N) or, under `keinu review DIR`, an
// analysis folder. The video with a timeline under it: a lane per seat (gestures and señas
// coloured by verdict), hands and lances as bands, calls as ticks; click to jump.
import { api, h } from "/static/core.js";

const params = new URLSearchParams(location.search);
const name = params.get("session") || "analysis";
const base = `/api/review/${encodeURIComponent(name)}`;
const $ = (id) => document.getElementById(id);
const video = $("video");
const SPEEDS = [0.25, 0.5, 1, 1.5, 2];

let data = null;
let selected = -1;
let current = null; // the video file playing: {url, offset_ms, camera}
const filters = { seats: new Set(), kind: "", verdict: "" };

function fail(message) {
  $("error").hidden = false;
  $("error").textContent = message;
}

function fmt(ms) {
  const s = Math.max(0, ms) / 1000;
  return `${Math.floor(s / 60)}:${(s % 60).toFixed(1).padStart(4, "0")}`;
}

function kindOf(label) { return label.split(" ")[0]; }

function visible(sena) {
  if (filters.seats.size && !filters.seats.has(sena.seat)) return false;
  if (filters.kind && !sena.gestures.some((g) => kindOf(g) === filters.kind)) return false;
  if (filters.verdict && (sena.verdict || "none") !== filters.verdict) return false;
  return true;
}

function now() {
  return current ? current.offset_ms + video.currentTime * 1000 : 0;
}

function seek(ms) {
  const videos = data.videos.filter((v) => v.camera === $("camera").value);
  const target = videos.filter((v) => v.offset_ms <= ms).pop() || videos[0];
  if (!target) return;
  const at = Math.max(0, (ms - target.offset_ms) / 1000);
  if (current !== target) {
    current = target;
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
  const pct = (ms) => `${(100 * ms) / end}%`;
  const width = (a, b) => `${Math.max(0.2, (100 * (b - a)) / end)}%`;
  const box = $("timeline");
  box.replaceChildren($("playhead"));
  box.dataset.end = end;
  const bands = h("div.lane.bands", {}, h("span.lane-name", {}, "manos / lances"));
  for (const b of tl.bands) {
    bands.append(h(`div.item.band.${b.kind}`, { style: `left:${pct(b.start_ms)};width:${width(b.start_ms, b.end_ms)}`,
      title: b.label, onclick: (e) => { e.stopPropagation(); seek(b.start_ms); } }, b.label));
  }
  const ticks = h("div.lane.calls", {}, h("span.lane-name", {}, "jugadas"));
  for (const c of tl.calls) {
    ticks.append(h("div.tick", { style: `left:${pct(c.t_ms)}`, title: `${fmt(c.t_ms)} · asiento ${c.seat}: ${c.text}`,
      onclick: (e) => { e.stopPropagation(); seek(c.t_ms); } }));
  }
  box.append(bands, ticks);
  for (const [seat, player] of Object.entries(tl.seats)) {
    const lane = h("div.lane.seat", { dataset: { seat } }, h("span.lane-name", {}, `asiento ${seat}${player ? " · " + player : ""}`));
    for (const g of tl.gestures.filter((g) => String(g.seat) === seat)) {
      if (filters.seats.size && !filters.seats.has(g.seat)) continue;
      if (filters.kind && kindOf(g.label) !== filters.kind) continue;
      lane.append(h("div.item.gesture", { style: `left:${pct(g.start_ms)};width:${width(g.start_ms, g.end_ms)}`, title: g.label }));
    }
    tl.senas.forEach((s, i) => {
      if (String(s.seat) !== seat || !visible(s)) return;
      const cls = `div.item.sena.v-${s.verdict || "none"}${s.review ? ".reviewed" : ""}${i === selected ? ".selected" : ""}`;
      lane.append(h(cls, { style: `left:${pct(s.start_ms)};width:${width(s.start_ms, s.end_ms)}`,
        title: `${s.meaning || "fuera de catálogo"} · ${s.verdict || "sin juzgar"}`, dataset: { index: i },
        onclick: (e) => { e.stopPropagation(); select(i); } }));
    });
    box.append(lane);
  }
  draw();
}

function draw() {
  const end = Number($("timeline").dataset.end || 1);
  $("playhead").style.left = `${(100 * now()) / end}%`;
  $("clock").textContent = fmt(now());
}

function select(i) {
  selected = i;
  const s = data.timeline.senas[i];
  seek(s.start_ms);
  $("detail").hidden = false;
  $("detail-title").textContent = `asiento ${s.seat}: ${s.meaning || "fuera de catálogo"} (${s.gestures.join(" + ")}) · ${s.verdict || "sin juzgar"}`;
  $("detail-reason").textContent = s.reason || "";
  $("detail-review").textContent = s.review ? `revisión: ${s.review}${s.note ? " · " + s.note : ""}` : "";
  $("note").value = s.note || "";
  $("clip-out").replaceChildren();
  render();
}

function step(direction, illegalOnly = false) {
  const senas = data.timeline.senas;
  const order = senas.map((s, i) => i).filter((i) => visible(senas[i]) &&
    (!illegalOnly || (senas[i].verdict && senas[i].verdict !== "legal")));
  order.sort((a, b) => senas[a].start_ms - senas[b].start_ms);
  const t = selected >= 0 ? senas[selected].start_ms : now();
  const after = (i) => senas[i].start_ms > t || (senas[i].start_ms === t && (selected < 0 || i > selected));
  const before = (i) => senas[i].start_ms < t || (senas[i].start_ms === t && i < selected);
  const pick = direction > 0 ? order.find(after) : order.filter(before).pop();
  if (pick !== undefined) select(pick);
}

async function review(action) {
  if (selected < 0) return;
  try {
    data = await api("POST", `${base}/senas/${selected}/review`, { action, note: $("note").value });
    select(selected);
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
  video.pause();
  const fps = data.timeline.fps || 25;
  video.currentTime = Math.max(0, video.currentTime + n / fps);
}

function setSpeed(delta) {
  const i = Math.min(SPEEDS.length - 1, Math.max(0, SPEEDS.indexOf(video.playbackRate) + delta));
  video.playbackRate = SPEEDS[i];
  $("speed").value = String(SPEEDS[i]);
}

function setupControls() {
  const cameras = [...new Set(data.videos.map((v) => v.camera))];
  $("camera").replaceChildren(...cameras.map((c) => h("option", { value: c }, c)));
  $("camera").hidden = cameras.length < 2;
  $("camera").onchange = () => { const t = now(); current = null; seek(t); };
  for (const seat of Object.keys(data.timeline.seats)) {
    $("seat-filters").append(h("label", {}, h("input", { type: "checkbox", dataset: { seat },
      onchange: (e) => { e.target.checked ? filters.seats.add(Number(seat)) : filters.seats.delete(Number(seat)); render(); } }), ` ${seat}`));
  }
  const kinds = new Set(data.timeline.gestures.map((g) => kindOf(g.label)));
  $("kind-filter").append(...[...kinds].sort().map((k) => h("option", { value: k }, k)));
  const verdicts = new Set(data.timeline.senas.map((s) => s.verdict || "none"));
  $("verdict-filter").append(...[...verdicts].sort().map((v) => h("option", { value: v }, v)));
  $("kind-filter").onchange = (e) => { filters.kind = e.target.value; render(); };
  $("verdict-filter").onchange = (e) => { filters.verdict = e.target.value; render(); };
  $("speed").onchange = (e) => { video.playbackRate = Number(e.target.value); };
  $("prev").onclick = () => step(-1);
  $("next").onclick = () => step(1);
  $("next-illegal").onclick = () => step(1, true);
  $("frame-back").onclick = () => frameStep(-1);
  $("frame-fwd").onclick = () => frameStep(1);
  $("overrule").onclick = () => review("overruled");
  $("acknowledge").onclick = () => review("acknowledged");
  $("clip").onclick = clip;
  $("timeline").onclick = (e) => {
    const box = $("timeline").getBoundingClientRect();
    seek(((e.clientX - box.left) / box.width) * Number($("timeline").dataset.end));
  };
  $("exports").replaceChildren(...data.formats.map((f) =>
    h("a", { href: `${base}/export/${f}`, download: "", id: `export-${f}` }, f)));
  video.addEventListener("timeupdate", draw);
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "TEXTAREA" || e.target.tagName === "INPUT") return;
    const keys = { " ": () => (video.paused ? video.play() : video.pause()), j: () => step(-1), k: () => step(1),
      i: () => step(1, true), ",": () => frameStep(-1), ".": () => frameStep(1), "[": () => setSpeed(-1), "]": () => setSpeed(1) };
    const action = keys[e.key.toLowerCase()];
    if (action) { e.preventDefault(); action(); }
  });
}

async function start() {
  try {
    data = await api("GET", base);
  } catch (error) {
    fail(error.message);
    return;
  }
  $("title").textContent = data.timeline.title;
  for (const [kind, label] of [["captions", "señas"], ["chapters", "manos"]]) {
    video.append(h("track", { kind, label, src: `${base}/${kind}.vtt`, default: kind === "captions" }));
  }
  setupControls();
  render();
  if (data.videos.length) seek(0);
  else fail("esta sesión no tiene vídeo grabado: la línea de tiempo está, el vídeo no");
}

start();
