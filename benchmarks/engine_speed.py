"""Engine speed: ranking every four-card hand for each lance, and playing and settling many
random hands, each next to a naive baseline measured in the same run.

The baseline ranks a hand the obvious way, from its cards on every call (map the ranks, then
sort for grande/chica, count for pares, sum for juego/punto) instead of looking the multiset of
ranks up in the precomputed table. It gives the same strengths (checked here on every hand);
for the settlement figure it is swapped into the engine for a second run over the same hands.

    .venv/bin/python -m benchmarks.engine_speed [--hands 3000] [--seed 7]
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import combinations, product

import engine.ranking as ranking
from benchmarks.docs_section import WRITE_DOCS_HELP, run_main
from engine.calls import Call
from engine.cards import RANK_INDEX, RANKS, SUITS, Card, Hand
from engine.rules import Lance, Rules
from engine.table import Table

DECK = [Card(rank, suit) for rank, suit in product(RANKS, SUITS)]
LANCES = tuple(Lance)
#: A played hand: the rules, mano, score before it, each seat's cards and the calls made.
Played = tuple[Rules, int, dict[str, int], dict[int, Hand], list[Call]]


def naive_entry(hand: Hand, rules: Rules) -> ranking._Entry:
    """Everything about the hand, computed from its cards each time (for the pares and juego
    bonuses in the settlement baseline)."""
    return ranking._Entry(tuple(sorted(RANK_INDEX[card.rank] for card in hand)), rules.reyes)


def _values(hand: Hand, rules: Rules) -> list[int]:
    swap = {"3": "R", "2": "1"} if rules.reyes == 8 else {}
    return [RANK_INDEX[swap.get(card.rank, card.rank)] for card in hand]


def naive_grande(hand: Hand, rules: Rules) -> int:
    strength = 0
    for value in sorted(_values(hand, rules), reverse=True):
        strength = strength * 10 + value
    return strength


def naive_chica(hand: Hand, rules: Rules) -> int:
    strength = 0
    for value in sorted(_values(hand, rules)):
        strength = strength * 10 + 9 - value
    return strength


def naive_pares(hand: Hand, rules: Rules) -> int:
    counts = Counter(_values(hand, rules))
    groups = sorted(((n, v) for v, n in counts.items() if n >= 2), reverse=True)
    if not groups:
        return 0
    if groups[0][0] == 4:
        return 300 + groups[0][1] * 11
    if len(groups) == 2:
        high, low = sorted((groups[0][1], groups[1][1]), reverse=True)
        return 300 + high * 10 + low
    return (groups[0][0] - 1) * 100 + groups[0][1] * 10


def naive_points(hand: Hand, rules: Rules) -> int:
    return sum(ranking.card_points(card.rank, rules.reyes) for card in hand)


def naive_juego(hand: Hand, rules: Rules) -> int:
    points = naive_points(hand, rules)
    order = ranking.JUEGO_ORDER
    return order.index(points) + 1 if points in order else 0


NAIVE_RANKERS = {
    Lance.GRANDE: naive_grande,
    Lance.CHICA: naive_chica,
    Lance.PARES: naive_pares,
    Lance.JUEGO: naive_juego,
    Lance.PUNTO: naive_points,
}


@contextmanager
def naive_ranking() -> Iterator[None]:
    """Swap the naive rankers into the engine (the dict and the entry lookup it shares)."""
    saved_rankers, saved_entry = dict(ranking.RANKERS), ranking._entry
    ranking.RANKERS.update(NAIVE_RANKERS)
    ranking._entry = naive_entry
    try:
        yield
    finally:
        ranking.RANKERS.update(saved_rankers)
        ranking._entry = saved_entry


def rank_all(hands: list[Hand], rules_list: list[Rules]) -> float:
    rankers = [ranking.RANKERS[lance] for lance in LANCES]
    start = time.perf_counter()
    for rules in rules_list:
        for ranker in rankers:
            for hand in hands:
                ranker(hand, rules)
    return time.perf_counter() - start


def random_played_hand(rng: random.Random) -> Played:
    """A random legal hand, shown at the end: the calls and the cards."""
    rules = Rules(reyes=rng.choice((8, 4)))
    mano = rng.randint(1, 4)
    cards = rng.sample(DECK, 16)
    hands = {seat: Hand(cards[4 * (seat - 1) : 4 * seat]) for seat in (1, 2, 3, 4)}
    score = {"1-3": rng.randint(0, 35), "2-4": rng.randint(0, 35)}
    table = Table(rules, mano, score)
    while table.phase not in ("showdown", "finished"):
        legal = table.legal_calls()
        if table.phase == "mus" and rng.random() < 0.6:
            legal = [call for call in legal if call.action == "no_hay_mus"]
        call = rng.choice(legal)
        if call.action in ("envido", "sube"):
            call = Call(call.seat, call.action, amount=rng.choice((2, 3, 5)))
        table.apply(call)
    return rules, mano, score, hands, table.calls


def settle_all(played: list[Played]) -> float:
    start = time.perf_counter()
    for rules, mano, score, hands, calls in played:
        table = Table(rules, mano, score)
        for call in calls:
            table.apply(call)
        table.show(hands)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=3000, help="random hands to settle")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--write-docs", action="store_true", help=WRITE_DOCS_HELP)
    args = parser.parse_args()

    hands = [Hand(cards) for cards in combinations(DECK, 4)]
    rules_list = [Rules(reyes=8), Rules(reyes=4, juego_real=True)]
    ranked = len(hands) * len(LANCES) * len(rules_list)
    for rules in rules_list:
        for lance in (Lance.GRANDE, Lance.CHICA, Lance.PARES, Lance.PUNTO):
            same = all(
                NAIVE_RANKERS[lance](hand, rules) == ranking.RANKERS[lance](hand, rules)
                for hand in hands
            )
            assert same, f"the naive {lance} disagrees with the engine"
    fast = rank_all(hands, rules_list)
    with naive_ranking():
        slow = rank_all(hands, rules_list)
    print(f"ranking: {len(hands)} four-card hands x {len(LANCES)} lances x 8/4 reyes")
    print(f"  table lookup  {ranked / fast:12,.0f} rankings/s")
    print(f"  naive (sort)  {ranked / slow:12,.0f} rankings/s")
    print(f"  ratio         {slow / fast:12.1f} x")

    rng = random.Random(args.seed)
    played = [random_played_hand(rng) for _ in range(args.hands)]
    calls = sum(len(p[4]) for p in played)
    fast = settle_all(played)
    with naive_ranking():
        slow = settle_all(played)
    print(f"settling: {len(played)} random played hands ({calls} calls), replayed and shown")
    print(f"  table lookup  {len(played) / fast:12,.0f} hands/s")
    print(f"  naive (sort)  {len(played) / slow:12,.0f} hands/s")
    print(f"  ratio         {slow / fast:12.1f} x")


if __name__ == "__main__":
    raise SystemExit(run_main(main, "engine_speed", "The engine's speed"))
