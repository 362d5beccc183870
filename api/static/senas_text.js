// How the referee's page words señas beyond their labels: a reason with readable gesture names,
// and the false señas of a hand grouped by seat and meaning.
import { gestureLabel, getLang, meaningLabel } from "/static/i18n.js";

/** The seña's reason in the page's language, the gestures it quotes as the engine writes them
 * («head_tilt left») named as the page names them («ladear la cabeza (izquierda)»). `reason` is
 * the Spanish text, `reason_en` the English one; a seña without the English (an acta signed
 * before it was kept) keeps its Spanish. */
export function senaReason(sena) {
  const reason = (getLang() === "en" && sena.reason_en) || sena.reason || "";
  const quoted = (labels) => `«${labels.join(", ")}»`;
  return reason.replaceAll(quoted(sena.gestures), quoted(sena.gestures.map(gestureLabel)));
}

/** A seña that counts: the referee neither overruled nor removed it (api.referee.sena_counts). */
const counts = (sena) => !sena.removed && sena.review?.action !== "overruled";

/** The false señas that count, once per seat and meaning with how many times:
 * "Bittor: duples ×12, dos ases ×12 · Carmen: medias ×12" ("" when there are none). */
export function falseSenasText(senas, seatName) {
  const bySeat = new Map();
  for (const sena of senas) {
    if (sena.verdict !== "false" || !counts(sena)) continue;
    if (!bySeat.has(sena.seat)) bySeat.set(sena.seat, new Map());
    const meanings = bySeat.get(sena.seat);
    meanings.set(sena.meaning, (meanings.get(sena.meaning) ?? 0) + 1);
  }
  const times = ([meaning, n]) => (n > 1 ? `${meaningLabel(meaning)} ×${n}` : meaningLabel(meaning));
  return [...bySeat].sort(([a], [b]) => a - b)
    .map(([seat, meanings]) => `${seatName(seat)}: ${[...meanings].map(times).join(", ")}`)
    .join(" · ");
}
