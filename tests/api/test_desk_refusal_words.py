"""Every refusal of the tournament desk and of the acta reaches the page in its own language:
each ``raise StateError(...)``, ``NotFound(...)`` or ``Refusal(...)`` of those modules names a
stable ``code`` (a string constant) and the ``params`` its words need, and i18n.js has the
code's words ("error.<code>") in Spanish and in English naming only those params. The raises
are read from the source, so a new refusal without a code or without words fails here. So are
the checks of a tournament's settings, refused as a malformed body's fields ("invalid.<code>")."""

import ast
import re
from pathlib import Path
from typing import NamedTuple

import pytest
from pydantic import BaseModel

from api.tournament.settings import TournamentSettings
from tests.api.test_rule_wording import STATIC, page_words

ROOT = STATIC.parents[1]
MODULES = [
    *sorted((ROOT / "api" / "tournament").glob("*.py")),
    ROOT / "api" / "acta.py",
    ROOT / "api" / "routers" / "acta.py",
    ROOT / "api" / "routers" / "desk.py",
]
REFUSALS = {"StateError", "NotFound", "Refusal"}
#: The raises that pass on a refusal caught from the pure checks with its own code and params
#: (``code=exc.code``): its codes are those of the raises it catches, read here as well.
PASSED_ON = {("api/tournament/desk.py", "refused")}
CODE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")


class Raise(NamedTuple):
    where: str  # "api/tournament/desk.py:73 (register)"
    code: str | None  # None: no string-constant code=
    params: frozenset[str] | None  # None: params= not a dict of string-constant keys
    passed_on: bool


def raises_in(path: Path) -> list[Raise]:
    """The refusals ``path`` raises, each with its code and the names of its params."""
    module = str(path.relative_to(ROOT))
    found: list[Raise] = []

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            func = node.exc.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name in REFUSALS:
                keywords = {k.arg: k.value for k in node.exc.keywords}
                code = keywords.get("code")
                params = keywords.get("params")
                found.append(
                    Raise(
                        f"{module}:{node.lineno} ({function})",
                        code.value
                        if isinstance(code, ast.Constant) and isinstance(code.value, str)
                        else None,
                        param_names(params),
                        (module, function) in PASSED_ON,
                    )
                )
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(ast.parse(path.read_text(encoding="utf-8")), "<module>")
    return found


def param_names(node: ast.expr | None) -> frozenset[str] | None:
    if node is None:
        return frozenset()
    if isinstance(node, ast.Dict) and all(
        isinstance(k, ast.Constant) and isinstance(k.value, str) for k in node.keys
    ):
        return frozenset(k.value for k in node.keys if isinstance(k, ast.Constant))
    return None


def all_raises() -> list[Raise]:
    return [found for path in MODULES for found in raises_in(path)]


def coded() -> dict[str, frozenset[str]]:
    """Each code and the params every raise of it gives (a code raised at two sites: the params
    both give)."""
    codes: dict[str, frozenset[str]] = {}
    for found in all_raises():
        if found.code is not None and found.params is not None:
            codes[found.code] = codes.get(found.code, found.params) & found.params
    return codes


def test_the_scan_reads_the_desk_and_the_acta():
    found = all_raises()
    assert len(found) >= 30, found  # the desk's, its checks' and the acta's
    assert {f.where.split(":")[0] for f in found} >= {
        "api/tournament/desk.py",
        "api/tournament/checks.py",
        "api/acta.py",
        "api/routers/acta.py",
    }
    passing_on = {(f.where.split(":")[0], f.where.split("(")[1][:-1]) for f in found if f.passed_on}
    assert passing_on == PASSED_ON  # a pass-on that is gone leaves no exception behind


def test_every_refusal_names_a_stable_code_and_its_params():
    uncoded = [f.where for f in all_raises() if f.code is None and not f.passed_on]
    assert uncoded == []
    unnamed = [f.where for f in all_raises() if f.params is None and not f.passed_on]
    assert unnamed == []  # params= a dict literal, its keys strings
    odd = [f"{f.where}: {f.code}" for f in all_raises() if f.code and not CODE.fullmatch(f.code)]
    assert odd == []


@pytest.mark.parametrize("language", ["ES", "EN"])
def test_every_code_has_the_pages_words_naming_only_its_params(language):
    words = page_words(language)
    codes = coded()
    unworded = sorted(code for code in codes if f"error.{code}" not in words)
    assert unworded == []
    unknown = {
        code: named - given
        for code, given in codes.items()
        if (named := set(re.findall(r"\{(\w+)\}", words[f"error.{code}"]))) - given
    }
    assert unknown == {}


def test_no_param_is_one_the_page_words_as_something_else():
    """core.js words a few params its own way (a "game" as a kind of game, "el Mus"): a
    desk's or an acta's number by one of those names would read as "gamekind.3"."""
    core = (STATIC / "core.js").read_text(encoding="utf-8")
    table = re.search(r"^const PARAM_WORDS = \{\n(.*?)^\};", core, re.M | re.S)
    assert table
    special = set(re.findall(r"^\s*(\w+):", table.group(1), re.M))
    assert {"game", "profile"} <= special
    special.discard("profile")  # a desk's "profile" is a house profile too: named as one
    clashing = {code: given & special for code, given in coded().items() if given & special}
    assert clashing == {}


def settings_codes() -> dict[str, frozenset[str]]:
    """Each code of the tournament settings' own checks (``PydanticCustomError(code, message,
    ctx)`` in api/tournament/settings.py) and the names of its params."""
    tree = ast.parse((ROOT / "api" / "tournament" / "settings.py").read_text(encoding="utf-8"))
    codes: dict[str, frozenset[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "PydanticCustomError":
            code, _, ctx = node.args
            assert isinstance(code, ast.Constant), ast.unparse(node)
            names = param_names(ctx)
            assert names is not None, ast.unparse(node)
            codes[code.value] = names
    return codes


def settings_fields(model: type[BaseModel], prefix: str = "settings") -> list[str]:
    """Every field of the settings and of their sections, as a refusal's path names it."""
    paths = []
    for name, field in model.model_fields.items():
        path = f"{prefix}.{name}"
        paths.append(path)
        if isinstance(field.annotation, type) and issubclass(field.annotation, BaseModel):
            paths += settings_fields(field.annotation, path)
    return paths


@pytest.mark.parametrize("language", ["ES", "EN"])
def test_every_settings_refusal_has_the_pages_words_and_every_field_its_label(language):
    """A bad setting reaches the page as a malformed body's field (the desk's create route):
    the field's label ("field.settings.<path>") and why ("invalid.<code>", naming only the
    params the check gives), in Spanish and in English."""
    words = page_words(language)
    codes = settings_codes()
    assert set(codes) >= {"forfeit_before_courtesy", "advance_not_fewer", "score_not_a_game"}
    unworded = sorted(code for code in codes if f"invalid.{code}" not in words)
    assert unworded == []
    unknown = {
        code: named - given
        for code, given in codes.items()
        if (named := set(re.findall(r"\{(\w+)\}", words[f"invalid.{code}"]))) - given
    }
    assert unknown == {}
    fields = ["settings", *settings_fields(TournamentSettings)]
    assert "settings.lateness.forfeit_minutes" in fields
    unlabelled = [path for path in fields if f"field.{path}" not in words]
    assert unlabelled == []


@pytest.mark.parametrize("language", ["ES", "EN"])
def test_every_rules_refusal_has_the_pages_words(language):
    """A tournament's rule option refused (api/tournament/rules.py, with its own codes or the
    table setup's) reaches the page as a malformed body's field "rules.<option>": why, in
    Spanish and in English."""
    tree = ast.parse((ROOT / "api" / "tournament" / "rules.py").read_text(encoding="utf-8"))
    own = {
        node.args[1].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", None) == "_refused"
        and isinstance(node.args[1], ast.Constant)
    }
    assert "option_not_in_tournament" in own
    words = page_words(language)
    codes = own | {"option_needs", "option_not_in_game"}
    assert sorted(code for code in codes if f"invalid.{code}" not in words) == []
    assert "field.rules" in words
