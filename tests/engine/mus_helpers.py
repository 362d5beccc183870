"""Small builders for engine tests: a hand of calls written as "seat:text" strings."""

from engine.calls import Call
from engine.rules import Rules
from engine.table import Table

#: The hands of the example in 000 and DESIGN.md: A(1) 7-7-2-A, B(2) 3-3-S-2, C(3) R-R-S-A,
#: D(4) C-C-C-6.
EXAMPLE_HANDS = {
    1: ["7", "7", "2", "1"],
    2: ["3", "3", "S", "2"],
    3: ["R", "R", "S", "1"],
    4: ["C", "C", "C", "6"],
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
