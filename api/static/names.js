// A player's name as the server takes it (api/player_names.py): a "/" or "\" would split the
// page's addresses, and dots alone ("." or "..") the browser folds into the address before it.
import { t } from "/static/i18n.js";

/** Why ``name`` (already trimmed) cannot be a player's name, in the page's language, or "". */
export function playerNameProblem(name) {
  return /[/\\]/.test(name) || /^\.+$/.test(name) ? t("practice.badname") : "";
}
