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

/** An option's value as its field holds it, as the rules name it (true, "vacas", 40); a field
 * of no listed ``choices`` (the setup's deal) by its text. */
export function fieldValue(input, choices) {
  if (input.type === "checkbox") return input.checked;
  return choices ? choices.find((value) => String(value) === input.value) : input.value;
}

/** The option fields under ``box`` that go with another (the sota de oros with the juego
 * real) are offered only while that one is set so, else back at their default. ``offers``:
 * each option's choices and the option it goes with (GET /api/rules, /api/desk/rules);
 * ``fieldOf``: an option's field, wherever the page has it. */
export function followNeeds(box, offers, fieldOf) {
  for (const input of box.querySelectorAll("[name]")) {
    const needs = offers[input.name].needs;
    const other = needs && fieldOf(needs[0]);
    const free = !needs || Boolean(other && fieldValue(other, offers[needs[0]]?.choices) === needs[1]);
    input.disabled = !free;
    input.closest("label").classList.toggle("off", !free);
    if (free) continue;
    const [first] = offers[input.name].choices;
    if (input.type === "checkbox") input.checked = first;
    else input.value = String(first);
  }
}

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
