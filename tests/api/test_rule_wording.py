"""The referee page says why an illegal call is refused: each rule the engine refuses a call by
(its ``rule_code``) has words in i18n.js, "rule.<code>", in Spanish and in English, and those
words name only what the engine sends with that rule. The codes are the engine's own, read from
its source (tests/engine/test_rule_codes.py), so a new rule without words fails here."""

import re
from pathlib import Path

import pytest

from tests.engine.test_rule_codes import BETTING_CASES, CASES, rule_codes

STATIC = Path(__file__).resolve().parents[2] / "api" / "static"


def page_words(language: str) -> dict[str, str]:
    """i18n.js's words in ``language`` ("ES" or "EN"): its table of keys and their sentences."""
    source = (STATIC / "i18n.js").read_text(encoding="utf-8")
    table = re.search(rf"^const {language} = \{{\n(.*?)^\}};", source, re.M | re.S)
    assert table, language
    pairs = re.findall(r'"([\w.]+)":\s*"((?:[^"\\]|\\.)*)"', table.group(1))
    return dict(pairs)


@pytest.mark.parametrize("language", ["ES", "EN"])
def test_every_rule_the_engine_refuses_a_call_by_has_the_pages_words(language):
    """Each rule code the engine raises has words in Spanish and in English, naming only what
    the engine sends with it (its params, the seat and the call)."""
    words = page_words(language)
    assert "{rule}" in words["error.illegal_call.rule"]
    sent: dict[str, set[str]] = {code: {"seat", "call"} for code in rule_codes()}
    driven = [(case.code, case.params) for case in CASES] + [c[:2] for c in BETTING_CASES]
    for code, params in driven:
        sent[code] |= set(params)
    unworded = sorted(code for code in sent if f"rule.{code}" not in words)
    assert unworded == []
    unknown = {
        code: named - sent[code]
        for code in sent
        if (named := set(re.findall(r"\{(\w+)\}", words[f"rule.{code}"]))) - sent[code]
    }
    assert unknown == {}
    stray = sorted(key for key in words if key.startswith("rule.") and key[5:] not in sent)
    assert stray == []  # a rule the engine no longer raises
