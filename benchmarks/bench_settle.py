"""Settlement speed: random multi-way all-in hold'em hands, 6-max and 9-max.

Times each phase of :func:`pokerengine.settle` separately, in microseconds per
hand (best of several repeats), and says where the time goes:

* pot building: :func:`pokerengine.pots.layers_of` (reading the seats, refunds, layers);
* hand evaluation: :func:`pokerengine.settlement.strengths` (one evaluation per
  contesting seat), next to the baseline of calling treys' ``Evaluator.evaluate``
  once per live seat;
* splitting: :func:`pokerengine.settlement.award` (winners, chip-unit splits, odd units);
* the whole ``settle()`` call (validation included), and reading ``.pots`` (the
  per-pot audit values, built on first access).

Goal (issue settle-core): pot building + splitting under 20 microseconds per 9-way hand;
evaluation no slower than treys once per live seat.

Run: ``python benchmarks/bench_settle.py [--hands 3000] [--repeat 5]``
"""

from __future__ import annotations

import argparse
import random
import time

from treys import Evaluator

from pokerengine import Seat, settle
from pokerengine.cards import DECK
from pokerengine.games import get_game
from pokerengine.pots import layers_of
from pokerengine.settlement import award, strengths


def random_hands(n_seats: int, count: int, seed: int) -> list[tuple[list[Seat], tuple[int, ...]]]:
    """Multi-way all-in hands: every seat all in with a different stack, one or two folded blinds."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        deck = list(DECK)
        rng.shuffle(deck)
        seats = []
        folds = rng.choice((0, 0, 1, 2))
        for i in range(n_seats):
            if i < folds:
                seats.append(Seat(i + 1, rng.choice((50, 100)), True))
            else:
                seats.append(Seat(i + 1, rng.randrange(200, 20_000), False, deck[2 * i : 2 * i + 2]))
        hands.append((seats, tuple(deck[2 * n_seats : 2 * n_seats + 5])))
    return hands


def best_of(repeat: int, fn) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def measure(n_seats: int, count: int, repeat: int) -> dict[str, float]:
    hands = random_hands(n_seats, count, seed=n_seats)
    g = get_game("holdem")
    prepared = []
    for seats, board in hands:
        layers, refunds, _, _ = layers_of(seats)
        high, low = strengths(g, seats, layers, board)
        prepared.append((seats, board, layers, refunds, high, low, [s.seat for s in seats]))
    evaluator = Evaluator()
    treys_inputs = [([list(s.cards) for s in seats if not s.folded], list(board)) for seats, board in hands]

    def build():
        for seats, _ in hands:
            layers_of(seats)

    def evaluate():
        for seats, board, layers, *_ in prepared:
            strengths(g, seats, layers, board)

    def split():
        for seats, board, layers, refunds, high, low, order in prepared:
            award(layers, refunds, g, "small_blind", order[0], order, seats, board, high, low, None, 1)

    def treys_baseline():
        for hole_cards, board in treys_inputs:
            for hole in hole_cards:
                evaluator.evaluate(hole, board)

    def whole():
        for seats, board in hands:
            settle(seats, board=board)

    def whole_with_pots():
        for seats, board in hands:
            settle(seats, board=board).pots

    per = 1e6 / count
    return {
        "pot building": best_of(repeat, build) * per,
        "hand evaluation": best_of(repeat, evaluate) * per,
        "splitting": best_of(repeat, split) * per,
        "treys once per live seat": best_of(repeat, treys_baseline) * per,
        "settle()": best_of(repeat, whole) * per,
        "settle() + .pots": best_of(repeat, whole_with_pots) * per,
        "pots per hand": sum(len(p[2]) for p in prepared) / count,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"{'':28}{'6-max':>12}{'9-max':>12}   (microseconds per hand, best of {args.repeat})")
    rows = {n: measure(n, args.hands, args.repeat) for n in (6, 9)}
    for key in rows[9]:
        unit = "" if key == "pots per hand" else " us"
        print(f"{key:28}{rows[6][key]:>9.1f}{unit:3}{rows[9][key]:>9.1f}{unit}")
    for n in (6, 9):
        r = rows[n]
        core = r["pot building"] + r["splitting"]
        print(f"\n{n}-max: pot building + splitting = {core:.1f} us "
              f"({'meets' if core < 20 else 'misses'} the 20 us goal); evaluation {r['hand evaluation']:.1f} us = "
              f"{r['hand evaluation'] / r['treys once per live seat']:.2f}x treys once per live seat")
        rest = r["settle()"] - core - r["hand evaluation"]
        total = r["settle()"]
        print(f"  where settle() time goes: evaluation {r['hand evaluation'] / total:.0%}, "
              f"pots {r['pot building'] / total:.0%}, splitting {r['splitting'] / total:.0%}, "
              f"validation and result {rest / total:.0%}")


if __name__ == "__main__":
    main()
