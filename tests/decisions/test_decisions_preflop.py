"""The shipped heads-up preflop table (pokerengine/decisions/preflop.py, data/headsup.npz): published
exact counts, recomputation of sampled entries (by the seven-card rank7 path, and by treys, an
evaluator the build did not use), and consistency of the orbits, the matrices and the class table."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
import treys
from profiles import DEEP

from pokerengine.cards import DECK
from pokerengine.decisions import preflop
from pokerengine.decisions.combos import (
    CLASS_COMBOS,
    CLASS_SIZES,
    COMBO_CARDS,
    COMBOS,
    class_index,
    combo_index,
)
from pokerengine.decisions.preflop import BOARDS, class_table, headsup, matrices
from pokerengine.errors import CardError
from pokerengine.hands import vector as evaluate
from pokerengine.hands.vector import deck_indices, deck_text


def combo(text):
    return combo_index(*deck_indices(text))


def by_rank7(a, b, boards=None):
    """(win, tie, lose) of combination a against b over every board (or the given ones), by rank7."""
    used = set(COMBO_CARDS[a]) | set(COMBO_CARDS[b])
    deck = np.array([c for c in range(52) if c not in used])
    if boards is None:
        boards = deck[evaluate.subsets(48, 5)]
    va = evaluate.rank7(np.concatenate([np.tile(COMBO_CARDS[a], (len(boards), 1)), boards], axis=1))
    vb = evaluate.rank7(np.concatenate([np.tile(COMBO_CARDS[b], (len(boards), 1)), boards], axis=1))
    return int((va > vb).sum()), int((va == vb).sum()), int((va < vb).sum())


def by_treys(a, b):
    ev = treys.Evaluator()
    ha, hb = ([DECK[c] for c in COMBO_CARDS[x]] for x in (a, b))  # pokerengine.cards' integers are treys'
    used = set(COMBO_CARDS[a]) | set(COMBO_CARDS[b])
    deck = [DECK[c] for c in range(52) if c not in used]
    win = tie = 0
    for board in itertools.combinations(deck, 5):
        x, y = ev.evaluate(ha, list(board)), ev.evaluate(hb, list(board))
        win += x < y
        tie += x == y
    return win, tie, BOARDS - win - tie


# brainwagon.org, "Texas Hold'em trivia" (2005-04-09), GNU poker-eval over all 1,712,304 boards.
@pytest.mark.parametrize(("a", "b", "expected"), [
    ("AdAc", "KhKs", (1388072, 6538, 317694)),
    ("AdAc", "Td9d", (1338249, 6912, 367143)),
    ("AdAc", "QcJh", (1450987, 6554, 254763)),
])
def test_published_counts(a, b, expected):
    assert headsup(a, b) == expected
    assert headsup(b, a) == expected[::-1]
    assert headsup(combo(a), combo(b)) == expected


def test_the_most_lopsided_pair_is_kings_against_king_deuce():
    # "Stan the Stat" (preflop26.rssing.com/chan-21442239/article8.html): choosing both hands, the
    # best is kings against king-deuce, 94.92% "from 1,612,287 wins and 26,192 ties out of
    # 1,712,304"; the table finds that maximum over all 1,624,350 ordered pairs
    win, tie = matrices()
    share = 2 * win.astype(np.int64) + tie
    a, b = np.unravel_index(np.argmax(share), share.shape)
    assert (int(win[a, b]), int(tie[a, b])) == (1_612_287, 26_192)
    names = sorted(deck_text(c)[0] for c in COMBO_CARDS[a] + COMBO_CARDS[b])
    assert names == ["2", "K", "K", "K"]


def disjoint_pairs(seed: int, count: int) -> list[tuple[int, int]]:
    """``count`` random pairs of combinations that share no card."""
    rng = np.random.default_rng(seed)
    masks = preflop.combo_masks()
    out: list[tuple[int, int]] = []
    while len(out) < count:
        a, b = (int(x) for x in rng.integers(0, COMBOS, 2))
        if not masks[a] & masks[b]:
            out.append((a, b))
    return out


def test_sampled_entries_by_rank7_over_every_board():
    for a, b in disjoint_pairs(18, 2):
        assert headsup(a, b) == by_rank7(a, b)


def test_rank7_agrees_with_treys_on_sampled_boards_of_a_pair():
    # the table's per-board outcomes, through rank7, against treys on 3,000 random boards
    a, b = combo("7h6h"), combo("AsKd")
    used = set(COMBO_CARDS[a]) | set(COMBO_CARDS[b])
    deck = np.array([c for c in range(52) if c not in used])
    rng = np.random.default_rng(2)
    boards = np.array([rng.choice(deck, 5, replace=False) for _ in range(3000)])
    ev = treys.Evaluator()
    ha, hb = ([DECK[c] for c in COMBO_CARDS[x]] for x in (a, b))
    expected = [0, 0, 0]
    for board in boards:
        tb = [DECK[c] for c in board]
        x, y = ev.evaluate(ha, tb), ev.evaluate(hb, tb)
        expected[0 if x < y else 1 if x == y else 2] += 1
    assert by_rank7(a, b, boards) == tuple(expected)


@pytest.mark.skipif(not DEEP, reason="treys over all 1,712,304 boards of two pairs (minutes): the deep profile")
def test_sampled_entries_by_treys_over_every_board():
    for a, b in disjoint_pairs(7, 2):
        assert headsup(a, b) == by_treys(a, b)


def test_orbits_are_the_stored_rows():
    assert len(preflop._table().key) == preflop.ORBITS == 47_008
    assert np.array_equal(preflop.orbit_representatives(), preflop._table().key)


def test_matrices_consistent():
    win, tie = matrices()
    masks = preflop.combo_masks()
    disjoint = (masks[:, None] & masks[None, :]) == 0
    assert disjoint.sum() == COMBOS * 1225
    assert np.all(win[~disjoint] == 0) and np.all(tie[~disjoint] == 0)
    assert np.array_equal(tie, tie.T)
    lose = np.where(disjoint, BOARDS - win.astype(np.int64) - tie, 0)
    assert np.array_equal(lose, win.T)  # win(a, b) == lose(b, a)
    assert lose.min() >= 0
    with pytest.raises(ValueError):
        win[0, 1] = 5  # read-only


def test_suit_relabelling_keeps_counts():
    win, tie = matrices()
    perms = preflop.combo_permutations()
    rng = np.random.default_rng(4)
    a, b = rng.integers(0, COMBOS, (2, 5000))
    for g in rng.integers(0, 24, 5):
        assert np.array_equal(win[a, b], win[perms[g][a], perms[g][b]])
        assert np.array_equal(tie[a, b], tie[perms[g][a], perms[g][b]])


def test_class_table():
    t = class_table()
    aa, kk, aks, ako = (class_index(n) for n in ("AA", "KK", "AKs", "AKo"))
    assert t.boards == BOARDS
    assert (t.pairs[aa, kk], t.pairs[aa, aa], t.pairs[aks, ako], t.pairs[ako, aks]) == (36, 6, 24, 24)
    assert t.pairs.sum() == COMBOS * 1225
    assert np.array_equal(t.pairs, t.pairs.T)
    assert np.array_equal(t.win + t.tie + t.win.T, BOARDS * t.pairs)
    assert np.array_equal(t.tie, t.tie.T)
    # a class entry is the sum over its combination pairs
    win, tie = matrices()
    rows, cols = list(CLASS_COMBOS[aa]), list(CLASS_COMBOS[kk])
    assert t.win[aa, kk] == win[np.ix_(rows, cols)].astype(np.int64).sum()
    assert t.tie[aa, kk] == tie[np.ix_(rows, cols)].astype(np.int64).sum()
    # AA against KK: the 36 pairs share 0, 1 or 2 suits (6 : 24 : 6), each with its own counts
    counts = {headsup(a, b) for a in CLASS_COMBOS[aa] for b in CLASS_COMBOS[kk]}
    assert len(counts) == 3 and (1388072, 6538, 317694) in counts
    eq = t.equity()
    assert eq[aa, kk] == pytest.approx((t.win[aa, kk] + t.tie[aa, kk] / 2) / (36 * BOARDS))
    assert eq[aa, kk] + eq[kk, aa] == pytest.approx(1.0)
    assert sum(CLASS_SIZES) == COMBOS


@pytest.mark.parametrize("bad", [("AcAd", "AcKd"), ("AcAd", "Ax"), (0, 1326), (-1, 5), (True, 5), ("AcAd", 2.0)])
def test_bad_pairs(bad):
    with pytest.raises(CardError):
        headsup(*bad)
