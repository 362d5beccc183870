"""The phases of one hand, in the order a hand goes through them."""

from __future__ import annotations

from enum import StrEnum

from engine.rules import Lance


class Phase(StrEnum):
    MUS = "mus"
    DESCARTE = "descarte"
    GRANDE = "grande"
    CHICA = "chica"
    PARES_DECLARATION = "pares_declaration"
    PARES = "pares"
    JUEGO_DECLARATION = "juego_declaration"
    JUEGO = "juego"
    PUNTO = "punto"
    SHOWDOWN = "showdown"
    FINISHED = "finished"


#: The phase in which each lance is bet.
BETTING_PHASES: dict[Phase, Lance] = {Phase(str(lance)): lance for lance in Lance}
#: The phases in which pares and juego are declared ("si"/"no") before their betting.
DECLARATION_PHASES: dict[Phase, Lance] = {
    Phase.PARES_DECLARATION: Lance.PARES,
    Phase.JUEGO_DECLARATION: Lance.JUEGO,
}
#: Phases where the players speak one after the other, each once per round.
IN_TURN_PHASES = frozenset({Phase.MUS, Phase.DESCARTE, *DECLARATION_PHASES})
#: A hand over: the showdown ends with the hands shown (or nothing left to show).
ENDED_PHASES = frozenset({Phase.SHOWDOWN, Phase.FINISHED})
