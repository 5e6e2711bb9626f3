"""The shared-board hold'em evaluator against treys' own seven-card evaluation."""

import threading

from hypothesis import given, strategies as st

from pokerengine.cards import DECK, parse_cards
from pokerengine.hands.high import best_of, holdem_high, omaha_high

SPADES = [c for c in DECK if (c >> 12) & 0xF == 1]


@given(st.permutations(DECK))
def test_holdem_high_matches_treys_seven_cards(deck):
    hole, board = tuple(deck[:2]), tuple(deck[2:7])
    assert holdem_high(hole, board) == best_of(hole + board)


@given(st.lists(st.sampled_from(SPADES), min_size=3, max_size=5, unique=True), st.permutations(DECK))
def test_flush_boards(spades, deck):
    rest = [c for c in deck if c not in spades]
    board = tuple(spades + rest[: 5 - len(spades)])
    for i in range(5, 15, 2):
        hole = tuple(rest[i : i + 2])
        assert holdem_high(hole, board) == best_of(hole + board)


def test_known_order():
    board = parse_cards("2c7d9hTsJc")
    assert holdem_high(parse_cards("8c6d"), board) > holdem_high(parse_cards("JdJh"), board)  # straight > trips
    assert omaha_high(parse_cards("AsKsQdJd"), parse_cards("2s3s4s9hTc")) < omaha_high(parse_cards("As5sQdJd"), parse_cards("2s3s4s9hTc"))


def test_threads_settling_different_boards_do_not_mix():
    import random

    rng = random.Random(7)
    jobs = []
    for _ in range(400):
        d = rng.sample(DECK, 7)
        jobs.append((tuple(d[:2]), tuple(d[2:])))
    expected = [best_of(h + b) for h, b in jobs]
    errors = []

    def work():
        for _ in range(20):
            for (h, b), e in zip(jobs, expected):
                if holdem_high(h, b) != e:
                    errors.append((h, b))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
