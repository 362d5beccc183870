// The words over each camera's picture: every seat seen, its calibration, and the gestures it has
// just made, in the page's language and placed at its face; a face on no seat (drawn grey, not
// watched) is said to be on none. The MJPEG stream carries only the
// drawing (faces, boxes, score traces): its fonts have no accents and no ñ, and the page's words
// live here, so a switch of language changes them at once.
import { fill, h, on } from "/static/core.js";
import { gestureLabel, onLangSwitch, t } from "/static/i18n.js";
import { calibrationText, seatPlayer } from "/static/live.js";

// How long a gesture stays written beside its face, as the annotated video of `keinu analyze`.
const GESTURE_MS = 2000;
let seats = {}; // the newest seat summaries (api/vision_feed.py seat_summary): source and face box
let unseated = []; // the faces on no seat: each one's source and box
const gestures = []; // the gestures just made, each with when its words leave the picture

export function initStreamLabels() {
  on("hello", (data) => { seats = data.seats || {}; unseated = data.unseated || []; renderStreamLabels(); });
  on("scores", (data) => { seats = data.seats; unseated = data.unseated || []; renderStreamLabels(); });
  on("gesture", (g) => {
    gestures.push({ seat: g.seat, label: g.side ? `${g.kind} ${g.side}` : g.kind, until: Date.now() + GESTURE_MS });
    renderStreamLabels();
    setTimeout(renderStreamLabels, GESTURE_MS);
  });
  onLangSwitch(renderStreamLabels);
}

/** Each visible stream's words, placed over its picture's faces. */
export function renderStreamLabels() {
  const now = Date.now();
  while (gestures.length && gestures[0].until <= now) gestures.shift();
  for (const card of document.querySelectorAll(".card.video")) {
    let layer = card.querySelector(".stream-labels");
    if (!layer) layer = card.appendChild(h("div.stream-labels", { "aria-hidden": "true" }));
    fill(layer);
    if (card.closest(".page")?.hidden) continue;
    for (const img of card.querySelectorAll("img[data-stream]")) {
      if (img.naturalWidth) labelFaces(layer, img);
    }
  }
}

function labelFaces(layer, img) {
  const scale = img.clientWidth / img.naturalWidth;
  const frame = { left: img.offsetLeft, top: img.offsetTop, right: img.offsetLeft + img.clientWidth };
  const faceAt = (box) => {
    const [x, y, w] = box.map((v) => v * scale);
    return { left: frame.left + x, top: frame.top + y, right: frame.left + x + w };
  };
  const taken = []; // the boxes of the words already placed over this picture
  const over = (label, face) => {
    layer.append(label);
    const left = clamp(face.left, frame.left, frame.right - label.offsetWidth);
    settle(label, left, Math.max(frame.top, face.top - label.offsetHeight), frame.top, taken);
  };
  for (const { source, box } of unseated) {
    if (source === img.dataset.source) over(h("div.stream-seat.no-seat", {}, t("seat.unseated")), faceAt(box));
  }
  for (const [seat, info] of Object.entries(seats)) {
    if (!info.box || info.source !== img.dataset.source) continue;
    const face = faceAt(info.box);
    // how far its calibration is, as its tile says it; the tile also says how to sit for it
    const { state, progress } = info.calibration || {};
    const player = seatPlayer(seat);
    const name = h("div.stream-seat", { dataset: { seat } }, `${t("seat")} ${seat}${player ? ` · ${player}` : ""}`,
      state === "calibrating" && ` · ${calibrationText({ state, progress }, true)}`);
    over(name, face);
    const made = gestures.filter((g) => String(g.seat) === seat);
    if (!made.length) continue;
    const said = h("div.stream-gestures", { dataset: { seat } }, made.map((g) => h("div", {}, gestureLabel(g.label))));
    layer.append(said);
    const right = face.right + 4;
    settle(said, right + said.offsetWidth <= frame.right ? right : Math.max(frame.left, face.left - 4 - said.offsetWidth),
      Math.max(frame.top, face.top), frame.top, taken);
  }
}

/** Place ``el`` at ``left``, at ``top`` or as near it as words placed before leave room (faces
 * side by side in a wide camera's picture put their seats' words in one row): one line up or
 * down at a time, never above ``ceiling``. */
function settle(el, left, top, ceiling, taken) {
  const [width, height] = [el.offsetWidth, el.offsetHeight];
  const boxAt = (y) => ({ left, right: left + width, top: y, bottom: y + height });
  const free = (box) => !taken.some((o) => box.left < o.right && o.left < box.right && box.top < o.bottom && o.top < box.bottom);
  let box = boxAt(top);
  for (let step = 1; step <= 6 && !free(box); step++) {
    const shift = Math.ceil(step / 2) * (height + 2) * (step % 2 ? -1 : 1);
    if (top + shift >= ceiling) box = boxAt(top + shift);
  }
  taken.push(box);
  place(el, box.left, box.top);
}

const clamp = (value, low, high) => Math.max(low, Math.min(value, high));

function place(el, left, top) {
  el.style.left = `${left}px`;
  el.style.top = `${top}px`;
}
