// A player's name as the server takes it (api/player_names.py): a "/" or "\" would split the
// page's addresses, and dots alone ("." or "..") the browser folds into the address before it.
import { t } from "/static/i18n.js";

/** What Python's ``str.isprintable`` refuses: control and format characters, unassigned and
 * private ones, line and paragraph separators, and every space but the plain one. */
const NOT_PRINTABLE = /[\p{C}\p{Zl}\p{Zp}]|(?! )\p{Zs}/u;

/** Why ``name`` (already trimmed) cannot be a player's name, in the page's language, or "". */
export function playerNameProblem(name) {
  if (!name) return t("practice.noname");
  if (NOT_PRINTABLE.test(name)) return t("practice.notprintable");
  return /[/\\]/.test(name) || /^\.+$/.test(name) ? t("practice.badname") : "";
}
