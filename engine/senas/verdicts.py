"""The referee's answer for every seña: one verdict and one truth, with a reason a player can
read (Spanish, and English beside it). A meaning is quoted by its Spanish name in both, as the
pages name it in both languages ("'dos reyes' says: at least two reyes"): the words of the
table, as the calls' are.

Verdicts, the first that applies winning (docs/senas.md): ``not_in_catalogue`` (the profile does
not list the gesture), ``false`` (the shown hand contradicts it: the worst offence, so a false
seña given out of time is called false, its timing told in the reason), ``not_allowed_now``
(señas are off for this hand, or a mus wish after the mus), ``late`` (the seña's lance had
begun, as the profile's ``late_from`` says), else ``legal``. A seña is judged at the moment its
last gesture was seen; one made before its seat got new cards (a discard) is about cards never
shown, and cannot be checked.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args

from engine.cards import Hand
from engine.rules import Rules
from engine.seats import SEATS
from engine.senas.interpret import Sena, interpret
from engine.senas.meanings import Meaning, meaning
from engine.senas.profile import Profile
from engine.senas.truth import CARDS_CHANGED, Truth, TruthValue, truth_of
from engine.table import SenaCall

Verdict = Literal["legal", "late", "not_allowed_now", "not_in_catalogue", "false"]
VERDICTS: tuple[Verdict, ...] = get_args(Verdict)
#: Phases in which the betting is over: every lance's moment has passed.
_HAND_OVER = frozenset({"showdown", "finished"})
_PHASE_ES = {
    "pares_declaration": "declaración de pares",
    "juego_declaration": "declaración de juego",
}

#: A reason in Spanish and in English.
Reason = tuple[str, str]


@dataclass(frozen=True, slots=True)
class SenaRecord:
    seat: int
    gestures: tuple[str, ...]
    meaning: str | None
    lance: str | None
    verdict: Verdict
    truth: TruthValue
    reason: str
    reason_en: str
    #: Indices of the ``sena`` calls it was read from, and the moment of the first (if known).
    calls: tuple[int, ...]
    t_ms: int | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "gestures": list(self.gestures),
            "meaning": self.meaning,
            "lance": self.lance,
            "verdict": self.verdict,
            "truth": self.truth,
            "reason": self.reason,
            "reason_en": self.reason_en,
            "calls": list(self.calls),
            "t_ms": self.t_ms,
        }


def _quoted(sena: Sena) -> str:
    return "«" + ", ".join(sena.gestures) + "»"


def _not_allowed(meaning_: Meaning, lance: str, call: SenaCall, profile: Profile) -> Reason | None:
    if not profile.senas_allowed:
        return (
            f"el perfil {profile.title} se juega sin señas",
            f"the {profile.name} profile plays without señas",
        )
    if profile.first_hand_without_senas and call.hand_in_game == 1:
        return (
            f"la primera mano de cada partida se juega sin señas (perfil {profile.title})",
            f"the first hand of each game is played without señas ({profile.name} profile)",
        )
    if lance == "mus" and call.mus_over:
        return (
            f"«{meaning_.label_es}» solo cabe durante el mus, y el mus ya terminó",
            f"'{meaning_.label_es}' only fits the mus phase, which is over",
        )
    return None


def _lance_begun(lance: str, call: SenaCall, late_from: str) -> bool:
    if lance == "betting":
        return bool(call.lances_begun)
    begun = call.betting_begun if late_from == "betting" else call.lances_begun
    if lance == "juego":
        return bool({"juego", "punto"} & begun)
    return lance in begun


def _late(meaning_: Meaning, lance: str, call: SenaCall, profile: Profile) -> Reason | None:
    if lance == "mus":
        return None
    if call.phase in _HAND_OVER:
        return (
            f"«{meaning_.label_es}» llega con la mano ya jugada",
            f"'{meaning_.label_es}' came after the hand was played",
        )
    if not _lance_begun(lance, call, profile.late_from):
        return None
    phase_es = _PHASE_ES.get(call.phase, call.phase)
    phase_en = call.phase.replace("_", " ")
    if lance == "betting":
        return (
            f"«{meaning_.label_es}» va antes del primer lance, y ya había empezado "
            f"(fase: {phase_es})",
            f"'{meaning_.label_es}' belongs before the first lance, which had begun "
            f"(phase: {phase_en})",
        )
    if profile.late_from == "betting":
        return (
            f"«{meaning_.label_es}» informa de {lance}, y las apuestas de {lance} ya habían "
            f"empezado (fase: {phase_es})",
            f"'{meaning_.label_es}' informs {lance}, whose betting had already begun "
            f"(phase: {phase_en})",
        )
    return (
        f"«{meaning_.label_es}» informa de {lance}, y {lance} ya había empezado (fase: {phase_es})",
        f"'{meaning_.label_es}' informs {lance}, which had already begun (phase: {phase_en})",
    )


def _truth_reason(meaning_: Meaning, truth: Truth) -> Reason:
    claim_es = f"«{meaning_.label_es}» dice: {meaning_.claim_es}"
    claim_en = f"'{meaning_.label_es}' says: {meaning_.claim_en}"
    if truth.value == "false":
        return (
            f"seña falsa: {claim_es}, y la mano mostrada {truth.fact_es}",
            f"false seña: {claim_en}, and the hand shown {truth.fact_en}",
        )
    if truth.value == "true":
        return (
            f"seña legal y verdadera: {claim_es}; la mano {truth.fact_es}",
            f"legal and true: {claim_en}; the hand {truth.fact_en}",
        )
    if truth.value == "pending":
        return (
            f"seña legal a su tiempo; {claim_es}: se comprobará al ver las cartas",
            f"legal and on time; {claim_en}: checked when the cards are shown",
        )
    if truth.fact_es is not None and truth.fact_en is not None:
        return (
            f"seña legal a su tiempo; {claim_es}: no se puede comprobar, {truth.fact_es}",
            f"legal and on time; {claim_en}: cannot be checked, {truth.fact_en}",
        )
    return (
        f"seña legal a su tiempo ({meaning_.label_es}; {meaning_.claim_es})",
        f"legal and on time ({meaning_.label_es}; {meaning_.claim_en})",
    )


def judge(
    sena: Sena, *, profile: Profile, rules: Rules, hand: Hand | None, last_draw: int = 0
) -> SenaRecord:
    """The verdict, truth and reason of one seña; ``hand`` is its seat's shown hand or None,
    ``last_draw`` the hand-out that last gave that seat new cards (Table.last_draw)."""
    first, call = sena.calls[0], sena.completed
    meaning_ = meaning(sena.meaning) if sena.meaning else None
    lance = profile.lance_of(sena.meaning) if sena.meaning else None
    truth = truth_of(meaning_, hand, rules)
    if last_draw > call.draws and truth.value != "uncheckable":
        truth = CARDS_CHANGED
    verdict: Verdict
    reason: Reason | None
    not_allowed = late = None
    if meaning_ is not None and lance is not None:
        not_allowed = _not_allowed(meaning_, lance, call, profile)
        late = None if not_allowed else _late(meaning_, lance, call, profile)
    out_of_time = not_allowed or late
    if meaning_ is None or lance is None:
        lance = None
        verdict = "not_in_catalogue"
        reason = (
            f"{_quoted(sena)} no es una seña del perfil {profile.title}: cualquier otro "
            f"gesto es trampa",
            f"{_quoted(sena)} is not a seña of the {profile.name} profile: any other "
            f"gesture is cheating",
        )
    elif truth.value == "false":
        verdict = "false"
        reason = _truth_reason(meaning_, truth)
        if out_of_time is not None:
            reason = (
                f"{reason[0]}; además, {out_of_time[0]}",
                f"{reason[1]}; also, {out_of_time[1]}",
            )
    elif out_of_time is not None:
        verdict = "not_allowed_now" if not_allowed else "late"
        reason = out_of_time
    else:
        verdict = "legal"
        reason = _truth_reason(meaning_, truth)
    return SenaRecord(
        seat=sena.seat,
        gestures=sena.gestures,
        meaning=sena.meaning,
        lance=lance,
        verdict=verdict,
        truth=truth.value,
        reason=reason[0],
        reason_en=reason[1],
        calls=tuple(c.index for c in sena.calls),
        t_ms=first.t_ms,
    )


def judge_senas(
    sena_calls: Sequence[SenaCall],
    *,
    profile: Profile,
    rules: Rules,
    hands: Mapping[int, Hand | None] | None = None,
    last_draw: Mapping[int, int] | None = None,
) -> list[SenaRecord]:
    """Every seña the ``sena_calls`` of one hand make, judged. ``hands`` maps a seat to its
    shown hand (None or absent until shown), ``last_draw`` a seat to the hand-out that last
    gave it new cards (``Table.last_draw``; absent: none since the deal)."""
    hands = hands or {}
    last_draw = last_draw or {}
    return [
        judge(
            sena,
            profile=profile,
            rules=rules,
            hand=hands.get(sena.seat),
            last_draw=last_draw.get(sena.seat, 0),
        )
        for sena in interpret(sena_calls, profile)
    ]


def summarise_by_seat(
    records: Iterable[SenaRecord | Mapping[str, Any]], seats: Iterable[int] = SEATS
) -> dict[str, dict[str, int]]:
    """Per seat ("1".."4", or the table's ``seats``, as in hand records), how many señas got
    each verdict. Takes SenaRecords or their ``to_dict()`` form (what ``keinu replay`` prints);
    an entry without a verdict (a seña call nobody judged) counts for none."""
    summary: dict[str, dict[str, int]] = {str(seat): dict.fromkeys(VERDICTS, 0) for seat in seats}
    for record in records:
        item = record if isinstance(record, Mapping) else record.to_dict()
        if item.get("verdict") is not None:
            summary[str(item["seat"])][item["verdict"]] += 1
    return summary
