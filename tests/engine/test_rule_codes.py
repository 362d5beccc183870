"""Every rule the engine refuses a call by names itself: a ``RuleBroken`` (or ``BettingError``)
carries a stable ``code`` and the ``params`` its words need beside its English sentence, and the
``IllegalCall`` the table raises carries them on (``rule_code``, ``rule_params``, and in its
own params) so the dashboard can say why in its own language. Each raise site is driven here,
and the codes found in the engine's source are exactly the codes driven."""

import ast
from pathlib import Path
from typing import NamedTuple

import pytest

import engine
from engine.betting import Betting, BettingError
from engine.calls import Action, Call
from engine.encaje import EncajeBetting
from engine.errors import IllegalCall
from engine.game import new_table
from engine.rules import Lance, Rules
from tests.engine.mus_helpers import ALL_PASS, EXAMPLE_HANDS, calls, declare

ENGINE = Path(engine.__file__).parent
#: The exceptions that name a rule broken, and the keyword that carries its code.
CODE_KEYWORDS = {"RuleBroken": "code", "BettingError": "code", "IllegalCall": "rule_code"}

MUS = Rules()
ENCAJE = Rules.from_dict({"game": "encaje", "players": 3})
NO_MUS = ["1:no hay mus"]
TO_PARES = [NO_MUS, ALL_PASS, ALL_PASS]
TO_SHOWDOWN = [TO_PARES, declare("pares", *["no"] * 4), declare("juego", *["no"] * 4), ALL_PASS]
ENCAJE_PASS = ["1:paso", "2:paso", "3:paso"]


class Case(NamedTuple):
    code: str
    params: dict[str, object]
    sentence: str  # a piece of the English sentence, as before
    before: list[str]
    refused: str
    rules: Rules
    score: dict[str, int] | None
    hands: dict[int, list[str]] | None


def case(code, params, sentence, before, refused, rules=MUS, score=None, hands=None) -> Case:
    """``refused`` after the calls ``before`` breaks the rule ``code``, naming ``params``."""
    return Case(code, params, sentence, before, refused, rules, score, hands)


#: One raise site each (a code raised at several sites is driven at each).
CASES = [
    case(
        "seat_not_at_table", {"seat": 5, "players": 4}, "seat 5 is not at this table", [], "5:mus"
    ),
    case(
        "game_over",
        {"side": "1-3"},
        "the game is over: pair 1-3",
        [NO_MUS, "1:envido", "2:no queremos"],
        "1:paso",
        score={"1-3": 39, "2-4": 0},
    ),
    case("hand_finished", {}, "the hand is over", TO_SHOWDOWN, "1:mus", hands=EXAMPLE_HANDS),
    case("at_showdown", {}, "the cards are shown now", TO_SHOWDOWN, "1:mus"),
    case("mus_visto_not_played", {}, "mus visto is not played here", [], "1:mus visto"),
    case(
        "mus_visto_at_the_deal",
        {},
        "mus visto is called at the deal",
        ["1:mus"],
        "2:mus visto",
        rules=Rules(mus_visto=True),
    ),
    case("redeal_4567_not_played", {}, "4-5-6-7 redeal is not played", [], "1:reparto 4567"),
    case(
        "redeal_4567_before_the_mus",
        {},
        "shown for a new hand before the mus",
        ["1:mus"],
        "2:reparto 4567",
        rules=Rules(redeal_4567=True),
    ),
    case(
        "redeal_4567_once",
        {"seat": 2},
        "seat 2 already had a new hand",
        ["2:reparto 4567"],
        "2:reparto 4567",
        rules=Rules(redeal_4567=True),
    ),
    case("mus_asked", {}, "the mus is being asked", [], "1:paso"),
    case(
        "captains_decide_the_mus",
        {"captains": [2, 5]},
        "the captains alone decide the mus",
        [],
        "1:mus",
        rules=Rules(players=6, target=50, captains=True),
    ),
    case(
        "discard_now",
        {},
        "everyone said mus: discard",
        ["1:mus", "2:mus", "3:mus", "4:mus"],
        "1:paso",
    ),
    case(
        "discard_size",
        {"least": 1, "most": 4, "amount": 0},
        "a discard is of 1 to 4 cards, not 0",
        ["1:mus", "2:mus", "3:mus", "4:mus"],
        "1:descarte 0",
    ),
    case("declare_first", {"lance": "pares"}, "pares is declared first", TO_PARES, "1:paso"),
    case(
        "no_declaration_now",
        {"lance": "pares", "phase": "grande"},
        "no pares declaration now",
        NO_MUS,
        "1:pares si",
    ),
    case(
        "mus_over",
        {"phase": "grande"},
        "the mus is over: the betting of grande is on",
        NO_MUS,
        "1:mus",
    ),
    case(
        "no_betting_nobody_has_it",
        {"lance": "pares"},
        "nobody said 'pares si'",
        [TO_PARES, declare("pares", "no", "no", "no", "no")],
        "1:envido",
    ),
    case(
        "no_betting_one_side_has_it",
        {"lance": "pares", "side": "1-3"},
        "only pair 1-3 said 'pares si'",
        [TO_PARES, declare("pares", "si", "no", "si", "no")],
        "1:envido",
    ),
    case(
        "not_your_turn",
        {"seat": 2, "expected": 1},
        "not seat 2's turn: seat 1 speaks now",
        [],
        "2:mus",
    ),
    case(
        "not_your_turn",
        {"seat": 2, "expected": 1},
        "not seat 2's turn: seat 1 speaks first",
        NO_MUS,
        "2:paso",
    ),
    case(
        "not_in_the_lance",
        {"seat": 3, "lance": "pares"},
        "seat 3 takes no part in the betting of pares",
        [TO_PARES, declare("pares", "si", "si", "no", "no")],
        "3:paso",
    ),
    case("bet_too_small", {"least": 2}, "a bet is at least 2 stones", NO_MUS, "1:envido 1"),
    case(
        "bet_too_high",
        {"target": 40},
        "a bet is of 2 to 40 stones in a game to 40",
        NO_MUS,
        "1:envido 99999999999999999999999",
    ),
    case(
        "ordago_only_as_a_raise",
        {},
        "órdago only as a raise",
        NO_MUS,
        "1:ordago",
        rules=Rules(ordago_opening=False),
    ),
    case("no_bet_to_raise", {}, "no bet to raise", NO_MUS, "1:sube 2"),
    case(
        "no_bet_to_answer", {}, "no bet to answer: say paso, envido or ordago", NO_MUS, "1:quiero"
    ),
    case(
        "own_side_bet",
        {"side": "1-3"},
        "pair 1-3 made the last bet",
        [NO_MUS, "1:envido"],
        "3:quiero",
    ),
    case(
        "declined",
        {"seat": 2, "lance": "grande"},
        "seat 2 declined and is out of grande",
        [NO_MUS, "1:envido", "2:no quiero"],
        "2:quiero",
    ),
    case("bet_stands", {}, "a bet stands", [NO_MUS, "1:envido"], "2:envido"),
    case("ordago_stands", {}, "an órdago can only be seen", [NO_MUS, "1:ordago"], "2:sube 2"),
    case(
        "raise_too_small",
        {"least": 2},
        "a raise is at least 2 stones",
        [NO_MUS, "1:envido"],
        "2:sube 1",
    ),
    case(
        "raise_too_high",
        {"target": 30},
        "a raise is of 2 to 30 stones in a game to 30",
        [NO_MUS, "1:envido 30"],
        "2:sube 31",
        rules=Rules(target=30),
    ),
    # Encaje: its own table's and betting's rules
    case(
        "out_of_the_game",
        {"seat": 2},
        "seat 2 has no stones",
        [],
        "2:mus",
        rules=ENCAJE,
        score={"1": 15, "2": 0, "3": 15},
    ),
    case(
        "no_stones_to_declare",
        {"seat": 2},
        "seat 2 holds no stones now",
        ["1:no hay mus", "1:envido 2", "2:quiero", "3:no quiero", "1:paso", "3:paso"],
        "2:pares no",
        rules=ENCAJE,
        score={"1": 15, "2": 2, "3": 15},
    ),
    case(
        "not_in_the_lance",
        {"seat": 2, "lance": "pares"},
        "seat 2 takes no part in the betting of pares",
        ["1:no hay mus", ENCAJE_PASS, ENCAJE_PASS, "1:pares si", "2:pares no", "3:pares si"],
        "2:paso",
        rules=ENCAJE,
    ),
    case(
        "no_ordago_in_encaje", {}, "there is no órdago in Encaje", NO_MUS, "1:ordago", rules=ENCAJE
    ),
    case(
        "no_queremos_in_encaje",
        {},
        "in Encaje everyone plays alone",
        [NO_MUS, "1:envido"],
        "2:no queremos",
        rules=ENCAJE,
    ),
    case(
        "not_your_turn",
        {"seat": 2, "expected": 1},
        "not seat 2's turn: seat 1 speaks now",
        NO_MUS,
        "2:paso",
        rules=ENCAJE,
    ),
    case(
        "bet_too_small",
        {"least": 2},
        "a bet is at least 2 stones",
        NO_MUS,
        "1:envido 1",
        rules=ENCAJE,
    ),
    case(
        "bet_beyond_holding",
        {"seat": 1, "held": 3, "amount": 5},
        "seat 1 holds 3 stones: it cannot bet 5",
        NO_MUS,
        "1:envido 5",
        rules=ENCAJE,
        score={"1": 3, "2": 15, "3": 15},
    ),
    case(
        "no_bet_to_answer",
        {},
        "no bet to answer: say paso or envido",
        NO_MUS,
        "1:quiero",
        rules=ENCAJE,
    ),
    case("bet_stands", {}, "a bet stands", [NO_MUS, "1:envido"], "2:envido", rules=ENCAJE),
    case(
        "raise_beyond_holding",
        {"seat": 2, "held": 3, "amount": 4},
        "seat 2 holds 3 stones: it cannot raise to 4",
        [NO_MUS, "1:envido 2"],
        "2:sube 2",
        rules=ENCAJE,
        score={"1": 15, "2": 3, "3": 15},
    ),
    case(
        "raise_too_small",
        {"least": 2},
        "a raise is at least 2 stones",
        [NO_MUS, "1:envido"],
        "2:sube 1",
        rules=ENCAJE,
    ),
    case(
        "cannot_see",
        {"seat": 2, "held": 3, "stake": 5},
        "seat 2 holds 3 stones: it cannot see 5",
        [NO_MUS, "1:envido 5"],
        "2:quiero",
        rules=ENCAJE,
        score={"1": 15, "2": 3, "3": 15},
    ),
]


def refusal(case: Case) -> IllegalCall:
    table = new_table(case.rules, 1, case.score, None, case.hands)
    for call in calls(*case.before):
        table.apply(call)
    with pytest.raises(IllegalCall) as err:
        table.apply(calls(case.refused)[0])
    return err.value


@pytest.mark.parametrize("case", CASES, ids=[f"{c.code}-{c.rules.game}" for c in CASES])
def test_an_illegal_call_names_its_rule_by_code_and_params(case):
    err = refusal(case)
    seat, text = case.refused.split(":", 1)
    assert case.sentence in err.rule  # the English sentence, as the CLI and API clients read it
    assert (err.rule_code, err.rule_params) == (case.code, case.params)
    assert err.code == "illegal_call"  # the kind, for a caller that does not know the rule
    assert err.params == {
        "seat": int(seat),
        "call": text,
        "rule_code": case.code,
        "rule_params": case.params,
    }


def betting_over(kind):
    """A lance whose betting ended (the table never asks it again: its rule, checked alone)."""
    if kind is Betting:
        betting = Betting(Lance.GRANDE, (1, 2, 3, 4), MUS)
        betting.apply(Call(1, Action.ENVIDO))
        betting.apply(Call(2, Action.NO_QUEREMOS))
    else:
        betting = EncajeBetting(Lance.GRANDE, (1, 2, 3), ENCAJE, {1: 15, 2: 15, 3: 15})
        betting.apply(Call(1, Action.ENVIDO))
        betting.apply(Call(2, Action.NO_QUIERO))
        betting.apply(Call(3, Action.NO_QUIERO))
    assert betting.result is not None
    return betting


def bet_standing(kind):
    if kind is Betting:
        betting = Betting(Lance.CHICA, (1, 2, 3, 4), MUS)
    else:
        betting = EncajeBetting(Lance.CHICA, (1, 2, 3), ENCAJE, {1: 15, 2: 15, 3: 15})
    betting.apply(Call(1, Action.ENVIDO))
    return betting


#: Rules a betting checks that the table meets before asking it: (code, params, sentence,
#: the betting, the call).
BETTING_CASES = [
    ("betting_over", {"lance": "grande"}, "of grande is over", betting_over, Call(3, Action.PASO)),
    ("not_an_answer", {}, "'mus' is not an answer to a bet", bet_standing, Call(2, Action.MUS)),
]


@pytest.mark.parametrize("kind", [Betting, EncajeBetting], ids=["mus", "encaje"])
@pytest.mark.parametrize(
    ("code", "params", "sentence", "build", "call"),
    BETTING_CASES,
    ids=[c[0] for c in BETTING_CASES],
)
def test_a_bettings_own_rules_have_codes_too(kind, code, params, sentence, build, call):
    with pytest.raises(BettingError) as err:
        build(kind).check(call)
    assert sentence in str(err.value)
    assert (err.value.code, err.value.params) == (code, params)


def test_an_illegal_call_in_a_game_record_keeps_its_rule_code():
    err = refusal(case("not_your_turn", {}, "", NO_MUS, "2:paso")).at("deal 3")
    assert str(err).startswith("deal 3, call 1 (seat 2, 'paso'): not seat 2's turn")
    assert (err.rule_code, err.rule_params) == ("not_your_turn", {"seat": 2, "expected": 1})
    assert err.params["rule_code"] == "not_your_turn"


def rule_codes() -> dict[str, list[str]]:
    """Each code the engine's source raises a rule with, and where: every ``RuleBroken`` and
    ``BettingError`` names a code of its own (a literal string, so the pages can word it), and
    an ``IllegalCall`` a rule code (a literal, or one it carries on)."""
    found: dict[str, list[str]] = {}
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            keyword = CODE_KEYWORDS.get(node.func.id)
            if keyword is None:
                continue
            where = f"{path.name}:{node.lineno}"
            value = next((k.value for k in node.keywords if k.arg == keyword), None)
            assert value is not None, f"{where}: {node.func.id} without a {keyword}"
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                found.setdefault(value.value, []).append(where)
            else:
                assert node.func.id == "IllegalCall", f"{where}: {node.func.id}'s code not literal"
    return found


def raised_at(err: Exception) -> str:
    """Where in the engine the rule was broken: the innermost frame of the ``RuleBroken`` an
    ``IllegalCall`` was made from (or of the ``IllegalCall`` itself, raised on its own)."""
    broken = err.__context__ if isinstance(err, IllegalCall) and err.__context__ else err
    tb = broken.__traceback__
    assert tb is not None
    while tb.tb_next is not None:
        tb = tb.tb_next
    return f"{Path(tb.tb_frame.f_code.co_filename).name}:{tb.tb_lineno}"


def test_every_rule_the_engine_raises_has_a_code_and_each_is_driven_here():
    codes = rule_codes()
    sites = {where: code for code, wheres in codes.items() for where in wheres}
    assert len(sites) >= 43, sites  # the scan found the raise sites
    driven = {}
    for each in CASES:
        driven[raised_at(refusal(each))] = each.code
    for code, _, _, build, call in BETTING_CASES:
        for kind in (Betting, EncajeBetting):
            with pytest.raises(BettingError) as err:
                build(kind).check(call)
            driven[raised_at(err.value)] = code
    assert driven == sites
