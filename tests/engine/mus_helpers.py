"""Small builders for engine tests: a hand of calls written as "seat:text" strings."""

import json
from pathlib import Path

from engine.calls import Call
from engine.rules import Rules
from engine.table import Table

#: The hands of the worked example (tests/records/worked_example.json): A(1) 7-7-2-A,
#: B(2) 3-3-S-2, C(3) R-R-S-A, D(4) C-C-C-6.
EXAMPLE_HANDS = {
    int(seat): cards
    for seat, cards in json.loads(
        (Path(__file__).parents[1] / "records" / "worked_example.json").read_text(encoding="utf-8")
    )["hands"].items()
}

ALL_PASS = ["1:paso", "2:paso", "3:paso", "4:paso"]


def calls(*texts):
    out = []
    for text in texts:
        if isinstance(text, list):
            out += calls(*text)
            continue
        seat, said = text.split(":", 1)
        out.append(Call.parse(int(seat), said))
    return out


def play(*texts, hands=None, rules=None, mano=1, score=None):
    table = Table(rules or Rules(), mano, score, hands=hands)
    for call in calls(*texts):
        table.apply(call)
    return table


def declare(lance, *answers, mano=1):
    """``declare("pares", "si", "no", ...)`` in speaking order from the mano."""
    order = [(mano - 1 + i) % 4 + 1 for i in range(4)]
    return [f"{seat}:{lance} {answer}" for seat, answer in zip(order, answers, strict=True)]
