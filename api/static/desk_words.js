// What the tournament desk (/desk) and its big screen (/desk/screen) both say, in Spanish ·
// English as both pages say everything of their own: a withdrawal.

/** The mark of a team that withdrew, beside its name in the standings. */
export const WITHDRAWN = "retirado · withdrawn";

/** The teams that withdrew before any result: not ranked, listed apart (docs/tournament.md). */
export function unrankedLine(teams) {
  if (!teams.length) return "";
  const names = teams.map((team) => team.name).join(", ");
  return `Retirados sin jugar, sin clasificar · Withdrawn before playing, not ranked: ${names}`;
}
