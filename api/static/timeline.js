// The review page's timeline rows: each lane's name sits in a gutter of its own that the marks
// never enter (they are placed on the track beside it), and a band's label is shown only where
// it fits: whole, else shortened, else not at all (its whole text is always the tooltip).
import { h } from "/static/core.js";

/** A row of the timeline: {row, track}; marks go on the track, placed in % of its width. */
export function lane(name, className = "") {
  const track = h("div.track");
  const row = h(`div.lane${className ? `.${className}` : ""}`, {}, h("span.lane-name", { title: name }, name), track);
  return { row, track };
}

/** A band (a hand or a lance): `full` is its label, `short` what it shows where that does not fit. */
export function band(className, style, { full, short = "", tooltip = full }, onclick) {
  return h(`div.item.band.${className}`, { style, title: tooltip, dataset: { full, short }, onclick }, full);
}

/** Every band's label, the longest that fits inside it; run again when the timeline is resized. */
export function fitLabels(root) {
  for (const el of root.querySelectorAll(".band")) {
    const fits = (text) => { el.textContent = text; return el.scrollWidth <= el.clientWidth; };
    if (![el.dataset.full, el.dataset.short].some((text) => text && fits(text))) el.textContent = "";
  }
}
