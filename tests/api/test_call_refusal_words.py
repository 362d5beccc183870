"""A call refused before any rule is checked reaches the referee page in its language: a text
that is not a call (``CallError`` of engine/calls.py, a gesture that is not in the vocabulary of
engine/gesture.py) carries a stable ``code`` and the ``params`` its words name, and i18n.js has
the words ("error.<code>") in Spanish and in English; a seat the table does not have is refused
naming the table's own seats (``seat_not_at_table``), not the largest table's. The raises are
read from the source, so a new one without a code or without words fails here."""

import ast
import re
from pathlib import Path

import pytest

import engine
from tests.api.test_refusal_codes import refused
from tests.api.test_rule_wording import page_words
from tests.api.test_tables import call, new_table

ENGINE = Path(engine.__file__).parent
#: Codes of a hand record's entry, never of a call the page posts: the API's body is a text
#: (``call_not_text``) with no record entry around it (``call_entry``, ``call_t_ms``); its seat
#: is checked against the table first (``call_seat``); an action comes from the parsed text.
RECORD_ONLY = {"call_not_text", "call_entry", "call_t_ms", "call_seat", "call_action"}


def raised_codes() -> dict[str, set[str]]:
    """Each code a ``CallError`` of engine/calls.py or a ``GestureError`` of ``normalise_side``
    is raised with, and the names of its params (one that passes on a caught refusal's code,
    ``code=exc.code``, adds none of its own)."""
    found: dict[str, set[str]] = {}
    calls = ast.parse((ENGINE / "calls.py").read_text(encoding="utf-8"))
    gesture = ast.parse((ENGINE / "gesture.py").read_text(encoding="utf-8"))
    normalise = next(
        node
        for node in gesture.body
        if isinstance(node, ast.FunctionDef) and node.name == "normalise_side"
    )
    for tree, kind in ((calls, "CallError"), (normalise, "GestureError")):
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == kind):
                continue
            keywords = {k.arg: k.value for k in node.keywords}
            code = keywords.get("code")
            assert code is not None, f"{kind} at line {node.lineno} without a code"
            if isinstance(code, ast.Attribute):  # code=exc.code: the caught one's
                continue
            assert isinstance(code, ast.Constant) and isinstance(code.value, str), node.lineno
            params = keywords.get("params")
            names = set()
            if params is not None:
                assert isinstance(params, ast.Dict), node.lineno
                names = {key.value for key in params.keys if isinstance(key, ast.Constant)}
            found.setdefault(code.value, set()).update(names)
    return found


@pytest.mark.parametrize("language", ["ES", "EN"])
def test_every_call_the_engine_cannot_read_has_the_pages_words(language):
    words = page_words(language)
    codes = raised_codes()
    assert {"unknown_call", "unknown_gesture", "call_whole_number"} <= set(codes)
    unworded = sorted(c for c in codes if c not in RECORD_ONLY and f"error.{c}" not in words)
    assert unworded == []
    unknown = {
        code: named - codes[code]
        for code in codes
        if f"error.{code}" in words
        and (named := set(re.findall(r"\{(\w+)\}", words[f"error.{code}"]))) - codes[code]
    }
    assert unknown == {}


def test_an_unknown_call_names_its_text_and_keeps_its_english_detail(client):
    hand_id = new_table(client)["current"]["hand"]["id"]
    body = refused(call(client, hand_id, 1, "bailar"), 422, "unknown_call", {"text": "bailar"})
    assert body["detail"] == "unknown call 'bailar'"
    body = refused(call(client, hand_id, 1, "envido x"), 422, "call_whole_number")
    assert body["params"] == {"call": "envido", "text": "envido x"}
    body = refused(call(client, hand_id, 1, "sena smile"), 422, "unknown_gesture")
    assert body["params"]["gesture"] == "smile"
    assert body["detail"].startswith("unknown gesture 'smile'; known: lip_bite")
    body = refused(call(client, hand_id, 1, "sena wink up"), 422, "gesture_side")
    assert body["params"] == {"gesture": "wink", "side": "up", "sides": ["left", "right"]}


@pytest.mark.parametrize("seat", [5, 9])
def test_a_seat_the_table_does_not_have_is_refused_naming_its_seats(client, seat):
    """Seat 9 at a table of four is refused as seat 5 is: the table's seats are 1 to 4 (not
    "at most 6", the largest table's), whatever its text says."""
    hand_id = new_table(client)["current"]["hand"]["id"]
    for text in ("mus", "bailar"):
        body = refused(call(client, hand_id, seat, text), 409, "illegal_call")
        assert body["params"] == {
            "seat": seat,
            "call": text,
            "rule_code": "seat_not_at_table",
            "rule_params": {"seat": seat, "players": 4},
        }
        assert body["detail"].endswith(f"seat {seat} is not at this table: its seats are 1..4")
    assert call(client, hand_id, 0, "mus").status_code == 422  # no seat at all
    assert call(client, hand_id, 1, "mus").status_code == 200  # nothing was changed
