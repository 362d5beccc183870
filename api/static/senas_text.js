// How the referee's page words señas beyond their labels: a reason with readable gesture names.
import { gestureLabel, getLang } from "/static/i18n.js";

/** The seña's reason in the page's language, the gestures it quotes as the engine writes them
 * («head_tilt left») named as the page names them («ladear la cabeza (izquierda)»). */
export function senaReason(sena) {
  const reason = getLang() === "en" ? sena.reason_en : sena.reason;
  const quoted = (labels) => `«${labels.join(", ")}»`;
  return reason.replaceAll(quoted(sena.gestures), quoted(sena.gestures.map(gestureLabel)));
}
