// What rules a table plays, in the page's words: the referee's page under its status, and the
// acta. The table is the API's (TableOut): its game, target, reyes, profile and the other
// options of its rules that are not at their default (``options``).
import { filled, profileName } from "/static/core.js";
import { t } from "/static/i18n.js";

/** One of an option's values in words: a choice's ("a vacas"), or a tick's "sí" / "no". */
export const optionValue = (name, value) => (typeof value === "boolean" ? t(`option.${value}`) : t(`option.${name}.${value}`));

/** An option set apart from its default: its name alone when that says it ("Juego real"),
 * else its name and value ("Deje: siempre 1 piedra"). */
const optionText = (name, value) => (value === true ? t(`option.${name}`) : `${t(`option.${name}`)}: ${optionValue(name, value)}`);

/** The word for a side of the table: a "Pareja" of two, an "Equipo" of three; none in Encaje,
 * where each seat plays for itself. */
export function sideWord(table) {
  if (table.game === "encaje") return "";
  return t(table.players === 6 ? "setup.team" : "setup.pair");
}

/** "Mus · 4 jugadores · partida a 40 · 8 reyes · señas: Estándar · Encuentro: a vacas (…)". */
export function rulesText(table, profileLabel) {
  const encaje = table.game === "encaje";
  return [
    t(`game.${table.game}-${table.players}`),
    encaje ? filled(t("tablerules.stones"), { n: table.stones }) : filled(t("tablerules.target"), { n: table.target }),
    filled(t("tablerules.reyes"), { n: table.reyes }),
    encaje ? null : filled(t("tablerules.profile"), { profile: profileName(table.profile, profileLabel) }),
    table.captains ? t("setup.captains") : null,
    table.diez_reyes ? t("setup.diezreyes") : null,
    encaje && table.deal !== "mus" ? `${t("setup.deal")}: ${t(`deal.${table.deal}`)}` : null,
    ...Object.entries(table.options || {}).map(([name, value]) => optionText(name, value)),
  ].filter(Boolean).join(" · ");
}
