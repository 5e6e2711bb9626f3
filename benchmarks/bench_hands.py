"""Microseconds per evaluation for each hand evaluator, next to treys' 7-card evaluation.

Run: ``python benchmarks/bench_hands.py [hands]``.  Each evaluator sees the same
number of random deals (seeded); the tables the evaluators fill as they go are
warmed by one pass first, so the figures are steady-state.  The "cold" column is
that first pass, including the table filling.
"""

from __future__ import annotations

import random
import sys
import time

from treys import Evaluator

from pokerengine.cards import DECK
from pokerengine.hands.badugi import badugi_low
from pokerengine.hands.deuce7 import deuce7_low
from pokerengine.hands.high import holdem_high
from pokerengine.hands.shortdeck import SHORT_DECK, shortdeck_high
from pokerengine.hands.stud import odd_chip_key, razz_low, razz_odd_chip_key, stud_high, stud_low8


def deals(deck, hole, board, n, rng):
    out = []
    for _ in range(n):
        cards = rng.sample(deck, hole + board)
        out.append((tuple(cards[:hole]), tuple(cards[hole:])))
    return out


def timed(fn, args):
    t = time.perf_counter()
    for hole, board in args:
        fn(hole, board)
    return (time.perf_counter() - t) / len(args) * 1e6


def main(n: int = 20000) -> None:
    rng = random.Random(2024)
    deck = list(DECK)
    treys = Evaluator()
    cases = [
        ("treys Evaluator.evaluate, 7 cards", lambda h, b: treys.evaluate(list(h), list(b)), deals(deck, 2, 5, n, rng)),
        ("hands.high.holdem_high, 7 cards", holdem_high, deals(deck, 2, 5, n, rng)),
        ("shortdeck_high, 7 cards", shortdeck_high, deals(list(SHORT_DECK), 2, 5, n, rng)),
        ("deuce7_low, 5 cards", deuce7_low, deals(deck, 5, 0, n, rng)),
        ("badugi_low, 4 cards", badugi_low, deals(deck, 4, 0, n, rng)),
        ("stud_high, 7 cards", stud_high, deals(deck, 7, 0, n, rng)),
        ("stud_low8, 7 cards", stud_low8, deals(deck, 7, 0, n, rng)),
        ("razz_low, 7 cards", razz_low, deals(deck, 7, 0, n, rng)),
        ("odd_chip_key high, 7 cards", lambda h, b: odd_chip_key(h, b, False), deals(deck, 7, 0, n // 10, rng)),
        ("razz_odd_chip_key, 7 cards", lambda h, b: razz_odd_chip_key(h, b, True), deals(deck, 7, 0, n // 10, rng)),
    ]
    print(f"{'evaluator':40} {'cold us':>9} {'warm us':>9}")
    for name, fn, args in cases:
        cold = timed(fn, args)
        warm = min(timed(fn, args) for _ in range(3))
        print(f"{name:40} {cold:9.2f} {warm:9.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20000)
