// The dashboard's recording switch for the active table, and a plain REC badge while video is
// being written (or the reason it is not). Polls /api/recording; the switch is off by default.
import { api, h, refill } from "/static/core.js";
import { t } from "/static/i18n.js";

const POLL_MS = 2000;
const box = document.getElementById("rec");

/** The switch and the badge as the server has them, in the page's words. */
export async function refreshRecording() {
  let active, recording;
  try {
    [active, recording] = await Promise.all([api("GET", "/api/tables/active"),
                                             api("GET", "/api/recording")]);
  } catch {
    return;
  }
  const table = active.table;
  if (!recording.available || !table) {
    box.hidden = true;
    return;
  }
  const status = recording.tables[String(table.id)] || { on: false, recording: false };
  box.hidden = false;
  refill(box, // what did not change stays: the switch keeps the keyboard's focus
    h("span.rec-badge" + (status.recording ? ".on" : status.on ? "" : ".off"), { id: "rec-badge", role: "status" },
      status.recording ? "● REC" : (status.on ? "REC …" : t("rec.off"))),
    h("label.rec-switch", {},
      h("input", { type: "checkbox", id: "rec-switch", checked: status.on, dataset: { table: table.id, focusKey: "rec-switch" },
                   onchange: (e) => toggle(Number(e.target.dataset.table), e.target.checked) }),
      h("span", {}, t("rec.switch"))),
    h("a.rec-review", { href: `/review?session=table-${table.id}`, target: "_blank" }, t("rec.review")),
    ...(status.error ? [h("span.rec-error", { id: "rec-error", role: "alert" }, status.error)] : []),
  );
  document.getElementById("rec-switch").checked = status.on; // a kept switch shows the server's word
}

async function toggle(tableId, on) {
  await api("PUT", `/api/tables/${tableId}/recording`, { on }).catch(() => {});
  refreshRecording();
}

if (box) {
  refreshRecording();
  setInterval(refreshRecording, POLL_MS);
}
