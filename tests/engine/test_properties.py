"""Property tests: ranking against a sorting-based reference, ties broken by position, random
legal hands that never break the table and never pay more than bets and bonuses allow, and
replays that repeat."""

import json
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.calls import Call
from engine.cards import RANKS, SUITS, Card, Hand
from engine.errors import IllegalCall
from engine.ranking import (
    RANKERS,
    juego_points,
    pares_kind,
    winner_seat,
)
from engine.record import parse_record, replay_hand, replay_summary
from engine.rules import Lance, Rules
from engine.table import Table

DECK = [Card(rank, suit) for rank, suit in product(RANKS, SUITS)]
RULES = st.builds(
    Rules,
    reyes=st.sampled_from([8, 4]),
    juego_real=st.booleans(),
    target=st.sampled_from([40, 30]),
    deje=st.sampled_from(["before_last_raise", "one"]),
)
hands4 = st.permutations(DECK).map(
    lambda cards: {seat: Hand(cards[4 * (seat - 1) : 4 * seat]) for seat in (1, 2, 3, 4)}
)
one_hand = hands4.map(lambda hands: hands[1])
MAX_SHOWDOWN = {Lance.GRANDE: 1, Lance.CHICA: 1, Lance.PARES: 6, Lance.JUEGO: 6, Lance.PUNTO: 1}

ORDER = "1234567SCR"


def _values(hand, rules):
    """Reference: ranks as they play (3 = R and 2 = 1 under 8 reyes), sorted high first."""
    swap = {"3": "R", "2": "1"} if rules.reyes == 8 else {}
    return sorted((ORDER.index(swap.get(c.rank, c.rank)) for c in hand), reverse=True)


def reference_key(lance, hand, rules):
    values = _values(hand, rules)
    if lance == Lance.GRANDE:
        return values
    if lance == Lance.CHICA:
        return [-v for v in reversed(values)]
    if lance == Lance.PARES:
        groups = sorted(((values.count(v), v) for v in set(values)), reverse=True)
        counts = [n for n, _ in groups]
        if counts[0] == 4:
            return [3, groups[0][1], groups[0][1]]
        if counts[:2] == [2, 2]:
            return [3, max(groups[0][1], groups[1][1]), min(groups[0][1], groups[1][1])]
        if counts[0] in (3, 2):
            return [counts[0] - 1, groups[0][1], 0]
        return [0, 0, 0]
    points = juego_points(hand, rules)
    if lance == Lance.PUNTO:
        return [points]
    best_first = [31, 32, 40, 37, 36, 35, 34, 33]
    return [len(best_first) - best_first.index(points) if points in best_first else 0]


def sign(x):
    return (x > 0) - (x < 0)


def compare(a, b):
    return sign((a > b) - (a < b))


@settings(max_examples=200, deadline=None)
@given(a=one_hand, b=one_hand, rules=RULES.map(lambda r: Rules(reyes=r.reyes)))
def test_ranking_is_the_total_order_of_the_reference(a, b, rules):
    for lance, ranker in RANKERS.items():
        got = compare(ranker(a, rules), ranker(b, rules))
        assert got == compare(reference_key(lance, a, rules), reference_key(lance, b, rules))
    assert (RANKERS[Lance.PARES](a, rules) == 0) == (pares_kind(a, rules) is None)


@settings(max_examples=200, deadline=None)
@given(hands=hands4, mano=st.integers(1, 4), rules=RULES)
def test_position_breaks_every_tie(hands, mano, rules):
    order = [(mano - 1 + i) % 4 + 1 for i in range(4)]
    for lance, ranker in RANKERS.items():
        strengths = {seat: ranker(hands[seat], rules) for seat in order}
        best = max(strengths.values())
        first_best = next(seat for seat in order if strengths[seat] == best)
        assert winner_seat(lance, hands, mano, rules) == first_best
        same = {seat: hands[order[0]] for seat in order}
        assert winner_seat(lance, same, mano, rules) == mano


def play_random_hand(data, rules, mano, hands, score):
    table = Table(rules, mano, score, hands=hands)
    while table.phase not in ("showdown", "finished"):
        legal = table.legal_calls()
        assert legal, f"no legal call in phase {table.phase}"
        if table.phase == "mus" and table.view()["mus"]["rounds"] >= 2:
            legal = [c for c in legal if c.action == "no_hay_mus"]
        call = data.draw(st.sampled_from(legal))
        if call.action in ("envido", "sube"):
            amount = data.draw(st.sampled_from([None, 2, 3, 5, 10]))
            call = Call(call.seat, call.action, amount=amount)
        if data.draw(st.integers(0, 9)) == 0:
            table.apply(Call(call.seat, "sena", gesture="wink", side="left", t_ms=5))
        table.apply(call)
    return table


def check_payments(table, start):
    paid = {"1-3": 0, "2-4": 0}
    for payment in table.payments:
        paid[payment.pair] += payment.stones
    assert {p: start[p] + paid[p] for p in paid} == table.score
    results = {r.lance: r for r in table.results}
    for payment in table.payments:
        lance = Lance(payment.lance)
        result = results[lance]
        if payment.reason == "deje":
            assert payment.stones <= max(1, result.stake) and result.outcome == "folded"
        elif payment.reason == "showdown":
            assert payment.stones <= result.stake + MAX_SHOWDOWN[lance]
        else:
            assert payment.reason == "ordago" and table.game_winner == payment.pair
    if table.game_winner is None:
        assert max(table.score.values()) < table.rules.target


@settings(max_examples=150, deadline=None)
@given(
    data=st.data(),
    rules=RULES,
    mano=st.integers(1, 4),
    hands=hands4,
    score=st.fixed_dictionaries({"1-3": st.integers(0, 39), "2-4": st.integers(0, 39)}),
    show=st.booleans(),
)
def test_random_legal_hands_never_break_the_table_and_pay_within_bounds(
    data, rules, mano, hands, score, show
):
    score = {p: min(s, rules.target - 1) for p, s in score.items()}
    table = play_random_hand(data, rules, mano, hands if show else None, score)
    view = table.view()
    json.dumps(view)
    assert view["mus"]["deck"] + view["mus"]["discards"] == 24
    assert table.legal_calls() == []
    try:
        table.apply(Call(1, "paso"))
        raise AssertionError("a call after the betting was accepted")
    except IllegalCall:
        pass
    assert (table.phase == "finished") == (show or table.game_winner is not None)
    check_payments(table, score)
    if not show and table.phase == "showdown":
        table.show(hands)
        assert table.phase == "finished"
        check_payments(table, score)


@settings(max_examples=60, deadline=None)
@given(data=st.data(), rules=RULES, mano=st.integers(1, 4), hands=hands4)
def test_replaying_a_record_twice_gives_the_same_result(data, rules, mano, hands):
    table = play_random_hand(data, rules, mano, hands, None)
    record = {
        "rules": rules.to_dict(),
        "mano": mano,
        "hands": {str(s): h.to_list() for s, h in hands.items()},
        "calls": [call.to_record() for call in table.calls],
    }
    first = replay_summary(json.loads(json.dumps(record)))
    assert first == replay_summary(record)
    assert first["score"] == table.score
    undone = table.replayed(table.calls)
    assert undone.undo() == table.calls[-1]
    shorter = replay_hand(parse_record(record | {"calls": record["calls"][:-1]}))
    assert undone.view() == shorter.view()
