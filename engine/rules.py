"""The house rules of one table.

The four rule documents keinu is built from agree on the core of Mus and differ on details.
Every difference is an option here with a named default; the default follows the majority
(000 = the fullest Spanish account, 002 = the Portuguese one, 003 = the modern guide,
004 = the club page). docs/rules.md states every rule and option with its documents.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from enum import StrEnum
from typing import Any

from engine.errors import RulesError
from engine.seats import Seating

#: In Encaje nobody has a partner: its profile lists no seña.
ENCAJE_PROFILE = "encaje"


class Lance(StrEnum):
    GRANDE = "grande"
    CHICA = "chica"
    PARES = "pares"
    JUEGO = "juego"
    PUNTO = "punto"


#: The choices of each option with a few values, the default first. Every other place that
#: offers these choices (the API's schemas, the dashboard) takes them from here.
REYES: tuple[int, ...] = (8, 4)
TARGETS: tuple[int, ...] = (40, 30, 50)
#: Players at a table of each game.
PLAYERS: dict[str, tuple[int, ...]] = {"mus": (4, 6), "encaje": (3, 5)}
GAMES: tuple[str, ...] = tuple(PLAYERS)
PLAYER_COUNTS: tuple[int, ...] = tuple(n for counts in PLAYERS.values() for n in counts)
#: Encaje: the stones each player starts with, and how the cards are dealt.
STONES: tuple[int, ...] = (15, 21)
DEALS: tuple[str, ...] = ("mus", "five_discard_one")
CHOICES: dict[str, tuple[Any, ...]] = {
    "reyes": REYES,
    "target": TARGETS,
    "game": GAMES,
    "players": PLAYER_COUNTS,
    "stones": STONES,
    "deal": DEALS,
    "match": ("best_of_3", "vacas"),
    "deje": ("before_last_raise", "one"),
    "pares_bonus": ("each_hand", "best_hand"),
    "ordago_decides": ("game", "vaca"),
    "bet_limit": ("target", "none"),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """House rules. Each field: default, and which documents say what.

    - ``reyes`` = 8: treses are reyes and doses are ases (000, 002, 003, 004). 4: they keep
      their own rank and are worth 3 and 2 points (the Navarra/La Rioja variant of 000, 002,
      003 "tradición vasca").
    - ``target`` = 40 stones a game (000, 002, 004); 30 (003, País Vasco).
    - ``juego_real`` = False. True: three sietes and a 10-point card beat any 31 (000, 002).
    - ``juego_real_sota_oros`` = False. True: the 10-point card of a Juego Real must be the sota
      de oros (000 "para algunos jugadores", 002). Only meaningful with ``juego_real``.
    - ``profile`` = "standard": the seña catalogue (models/profiles/<name>.toml).
    - ``match`` = "best_of_3" games (000, 002); "vacas": best of three vacas, each the best of
      three games (003).
    - ``mus_visto`` = False. True: a card exposed during the deal ("mus visto" call by the mano)
      gives everyone one discard of 0 to 4 cards without agreeing (000, 002, 004). Called at
      the mus: an Encaje with ``deal = "five_discard_one"`` never reads it.
    - ``mus_visto_servido_ends_mus`` = False: after a mus visto the usual mus round follows
      (000, 002). True: if anyone stayed "servido" (discarded 0) there is no further discard
      and the betting begins (004).
    - ``redeal_4567`` = False. True: a player dealt 4-5-6-7 may show it before the mus and get
      four new cards (000, 002). Like the mus visto, never read without the mus.
    - ``deje`` = "before_last_raise": a refused first bet pays 1, a refused raise pays the total
      that stood before it (000, 002, 004's "deje"). "one": any refusal pays 1 (003).
    - ``pares_bonus`` = "each_hand": the winning pair scores 1/2/3 for each of its hands with
      pares (000, 002, 004). "best_hand": only for its best pares (003).
    - ``ordago_decides`` = "game": an accepted órdago decides the game (000, 002, 004). "vaca":
      it decides the whole vaca (003; only meaningful with ``match = "vacas"``).
    - ``ordago_opening`` = True: órdago may be the first bet of a lance (000). False: only as a
      raise, "em sua vez de reenvidar" (002).
    - ``bet_limit`` = "target": a bet or raise says at most the game's target in stones (no
      document sets it; keinu's own, as more can never be needed and the whole game is bet with
      an órdago, so a bigger number is taken for a slip). "none": no limit to a raise, "um milhão
      de pedras" (002).
    - ``game`` = "mus". "encaje": 3 or 5 players each for himself, getting rid of stones (002).
    - ``players`` = 4. 6: two teams of three seated alternately (000, 002); 3 or 5 in Encaje.
    - ``captains`` = False. True (six players only): each team's captain alone says mus or no
      hay mus (000, 002, Jaureguy); the captains sit mid-side facing each other, seats 2 and 5.
      ``target`` = 50 goes with it in that variant (000, 002), and needs six players.
    - ``diez_reyes`` = False. True: the sota de copas and the sota de oros are wild, standing
      for an as or a rey as their holder says at the showdown (000, 002, Éibar).
    - ``stones`` = 15 each at the start of an Encaje, or 21 (002).
    - ``deal`` = "mus": an Encaje is dealt as usual, with the mus. "five_discard_one": five
      cards each, one discarded face down, no mus (002).
    - ``first_out_wins`` = False: in Encaje the last to hold stones loses. True: the first to
      run out wins (002).
    """

    reyes: int = 8
    target: int = 40
    juego_real: bool = False
    juego_real_sota_oros: bool = False
    profile: str = "standard"
    match: str = "best_of_3"
    mus_visto: bool = False
    mus_visto_servido_ends_mus: bool = False
    redeal_4567: bool = False
    deje: str = "before_last_raise"
    pares_bonus: str = "each_hand"
    ordago_decides: str = "game"
    ordago_opening: bool = True
    bet_limit: str = "target"
    game: str = "mus"
    players: int = 4
    captains: bool = False
    diez_reyes: bool = False
    stones: int = 15
    deal: str = "mus"
    first_out_wins: bool = False

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if field.type in ("bool", bool):
                if not isinstance(value, bool):
                    raise RulesError(f"rules.{field.name} must be true or false, got {value!r}")
            elif field.name in CHOICES:
                choices = CHOICES[field.name]
                if type(value) is not type(choices[0]) or value not in choices:
                    shown = " or ".join(repr(c) for c in choices)
                    raise RulesError(f"rules.{field.name} must be {shown}, got {value!r}")
            elif field.name == "profile" and (not isinstance(value, str) or not value):
                raise RulesError(f"rules.profile must be a profile name, got {value!r}")
        self._check_game()

    def _check_game(self) -> None:
        """The options that only make sense together."""
        allowed = PLAYERS[self.game]
        if self.players not in allowed:
            shown = " or ".join(str(n) for n in allowed)
            raise RulesError(f"rules.players must be {shown} in {self.game}, got {self.players}")
        if self.target == 50 and self.players != 6:
            raise RulesError("rules.target 50 is the six-player variant: it needs players = 6")
        if self.captains and self.players != 6:
            raise RulesError("rules.captains is the six-player variant: it needs players = 6")
        if self.game == "mus" and (self.stones != 15 or self.deal != "mus" or self.first_out_wins):
            raise RulesError("rules.stones, rules.deal and rules.first_out_wins are for encaje")

    @property
    def is_encaje(self) -> bool:
        return self.game == "encaje"

    @property
    def seating(self) -> Seating:
        return Seating(self.players, individual=self.is_encaje)

    @property
    def dentro(self) -> int:
        """The score at which a pair announces "dentro": five stones short of the target
        (35 of 40 in 000, 002, 004)."""
        return self.target - 5

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Rules:
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise RulesError(f"rules must be an object, got {type(data).__name__}")
        known = {field.name for field in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RulesError(
                f"unknown rules option(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}"
            )
        if data.get("game") == "encaje" and "profile" not in data:
            data = data | {"profile": ENCAJE_PROFILE}
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        """Every option, except those of the other games and variants while at their default
        (so a four-player record reads as it did before they existed)."""
        data = asdict(self)
        for name in _SHOWN_WHEN_SET:
            if data[name] == _DEFAULTS[name]:
                del data[name]
        return data


_SHOWN_WHEN_SET = (
    "game", "players", "captains", "diez_reyes", "stones", "deal", "first_out_wins", "bet_limit"
)  # fmt: skip
_DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(Rules)}
