// What the tournament desk (/desk) and its big screen (/desk/screen) both say, in Spanish ·
// English as both pages say everything of their own: the tie-breaks, a lateness, a withdrawal.
import { inLang } from "/static/i18n.js";

/** What ``words()`` says in Spanish, then in English ("… · …"), as the desk says all it says:
 * the dashboard's words (i18n.js) for a refusal, a rule. Said once where both are the same. */
export function both(words) {
  const [es, en] = ["es", "en"].map((lang) => inLang(lang, words));
  return es === en ? es : `${es} · ${en}`;
}

/** The tie-breaks as the server names them (api/tournament/standings.py), in Spanish. */
const TIE_BREAKS_ES = {
  "games won": "partidas ganadas",
  Buchholz: "Buchholz",
  "stone difference": "diferencia de piedras",
  "head to head": "enfrentamiento directo",
  registration: "orden de inscripción",
};

/** "Desempates: partidas ganadas → … · Tie-breaks: games won → …" (one the page has no Spanish
 * for is said as the server names it). */
export function tieBreakLine(names) {
  const spanish = names.map((name) => TIE_BREAKS_ES[name] ?? name);
  return `Desempates: ${spanish.join(" → ")} · Tie-breaks: ${names.join(" → ")}`;
}

/** Minutes after a round's start as a person reads them: "12 min", "3 min 30 s", "16 s". */
export function minutesText(minutes) {
  const seconds = Math.round(minutes * 60);
  const [whole, rest] = [Math.floor(seconds / 60), seconds % 60];
  if (whole === 0) return `${rest} s`;
  return rest === 0 ? `${whole} min` : `${whole} min ${rest} s`;
}

/** A tournament over (its ``finished``): its winner, or none when both teams lost the final. */
export function finishedLine(finished) {
  const winner = finished.winner ? `campeón · winner: ${finished.winner.name}` : "sin campeón · no winner";
  return `Torneo terminado · Tournament over — ${winner}`;
}

/** The standings' heading: the final ones once the tournament is over. */
export const standingsHeading = (finished) => (finished ? "Clasificación final · Final standings" : "Clasificación · Standings");

/** The mark of a team that withdrew, beside its name in the standings. */
export const WITHDRAWN = "retirado · withdrawn";

/** The teams that withdrew before any result: not ranked, listed apart (docs/tournament.md). */
export function unrankedLine(teams) {
  if (!teams.length) return "";
  const names = teams.map((team) => team.name).join(", ");
  return `Retirados sin jugar, sin clasificar · Withdrawn before playing, not ranked: ${names}`;
}
