"""All-in odds (pokerengine/decisions/odds.py) and ``pokerengine odds``: published exact counts,
brute force with treys (an evaluator odds.py does not use) on small cases, the three exact methods
against each other, Monte Carlo against exact, properties and bad input."""

from __future__ import annotations

import io
import itertools
import json
import math
from contextlib import redirect_stderr, redirect_stdout

import numpy as np
import pytest
import treys
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import DEEP, examples

from pokerengine.cards import DECK, card_text
from pokerengine.cli import main
from pokerengine.decisions import odds as odds_module
from pokerengine.decisions.combos import COMBO_CARDS
from pokerengine.decisions.odds import odds
from pokerengine.decisions.ranges import Range, parse_range
from pokerengine.errors import CardError, DecisionInputError, ModelTimeout, RangeError
from pokerengine.hands.vector import deck_indices

_TREYS = treys.Evaluator()
_TREYS_CARDS = [treys.Card.new(card_text(card)) for card in DECK]
CARD_NAMES = tuple(card_text(card) for card in DECK)  # the text of each deck position


def flat(rows):
    """Rows of numbers as one list (pytest.approx takes no nested sequences from pytest 9 on)."""
    return [x for row in rows for x in row]


def cards(text):
    return deck_indices(text)


def brute_force(holes, board, dead=()):
    """(win, tie, lose, equity share) per hand of known hole cards over every board, by treys."""
    out = set(itertools.chain(board, dead, *holes))
    deck = [c for c in range(52) if c not in out]
    n = len(holes)
    win, tie, share = [0] * n, [0] * n, [0.0] * n
    boards = 0
    for extra in itertools.combinations(deck, 5 - len(board)):
        full = [_TREYS_CARDS[c] for c in (*board, *extra)]
        ranks = [_TREYS.evaluate([_TREYS_CARDS[c] for c in h], full) for h in holes]
        best = min(ranks)
        winners = [i for i, r in enumerate(ranks) if r == best]
        for i in winners:
            if len(winners) == 1:
                win[i] += 1
            else:
                tie[i] += 1
            share[i] += 1 / len(winners)
        boards += 1
    return [(win[i], tie[i], boards - win[i] - tie[i], share[i] / boards) for i in range(n)], boards


def counts(result):
    return [(h.win, h.tie, h.lose) for h in result.hands]


# --- published exact counts -------------------------------------------------------------------

# brainwagon.org, "Texas Hold'em trivia" (2005-04-09): GNU poker-eval's exact counts over all
# 1,712,304 boards: (win, lose, tie) of AdAc against each hand.
BRAINWAGON = [("KhKs", 1388072, 317694, 6538), ("Td9d", 1338249, 367143, 6912), ("QcJh", 1450987, 254763, 6554)]


@pytest.mark.parametrize(("other", "win", "lose", "tie"), BRAINWAGON)
def test_brainwagon_exact_counts_by_table_and_by_enumeration(other, win, lose, tie):
    for use_table in (True, False):
        r = odds(["AdAc", other], table=use_table)
        assert r.boards == 1_712_304 and r.deals == 1 and r.exact
        assert r.method == ("table" if use_table else "enumeration")
        assert counts(r) == [(win, tie, lose), (lose, tie, win)]


# CandyPoker (github.com/sweeterthancandy/CandyPoker, reg_script.sh): exact three-way class
# enumerations, "pots won" per hand: A2o/88/QJs over 394,777,152 games (288 deals x C(46,5) boards),
# AA/QQ/93o over 592,165,728 (432 deals).
CANDYPOKER = [(("A2o", "88", "QJs"), 288, (96_338_988, 145_235_448, 151_892_424), (24.514, 36.900, 38.586)),
              (("AA", "QQ", "93o"), 432, (418_219_956, 107_718_120, 64_207_836), (70.739, 18.304, 10.957))]


@pytest.mark.skipif(not DEEP, reason="two three-way class enumerations (about 12 s): the deep profile")
@pytest.mark.parametrize(("hands", "deals", "wins", "equities"), CANDYPOKER)
def test_candypoker_three_way_wins(hands, deals, wins, equities):
    r = odds(list(hands), exact=True)
    assert r.method == "enumeration" and r.boards == math.comb(46, 5) and r.deals == deals
    assert tuple(h.win for h in r.hands) == wins
    assert [round(100 * h.equity, 3) for h in r.hands] == list(equities)


# --- brute force with treys ------------------------------------------------------------------

@pytest.mark.parametrize(("hands", "board", "dead"), [
    (["AhKh", "QcQd", "7s6s"], "Qh8s5s", ""),
    (["AsAd", "KcKd", "JhTh", "5c4c"], "9h8c2d", "Qs"),
    (["As2d", "Ac2c"], "3h4d5s7c", ""),  # wheel straights: a tie or a flush
    (["AhKh", "AcKc", "AdKd"], "QsJsTs", ""),  # board straights and splits
    (["2c2d", "3c3d"], "AhAsAdAc", "Kh"),  # the board's quads play
])
def test_known_hands_match_brute_force(hands, board, dead):
    expected, boards = brute_force([cards(h) for h in hands], cards(board), cards(dead))
    r = odds(hands, board, dead)
    assert r.boards == boards and r.deals == 1 and r.method == "enumeration"
    assert counts(r) == [e[:3] for e in expected]
    assert [h.equity for h in r.hands] == pytest.approx([e[3] for e in expected], abs=1e-12)


def brute_force_ranges(ranges, board):
    """Weighted sums over every deal of the ranges' combinations that shares no card."""
    per = [[(c, w) for c, w in r.combos() if not set(COMBO_CARDS[c]) & set(board)] for r in ranges]
    n = len(ranges)
    total = np.zeros((n, 4))
    deals = 0.0
    for deal in itertools.product(*per):
        used = [card for c, _ in deal for card in COMBO_CARDS[c]]
        if len(set(used)) < len(used):
            continue
        weight = math.prod(w for _, w in deal)
        result, boards = brute_force([COMBO_CARDS[c] for c, _ in deal], board)
        total += weight * np.array(result) * [1, 1, 1, boards]
        deals += weight
    return total, deals, boards


@pytest.mark.parametrize(("texts", "board"), [
    (["AK", "QQ, JJ"], "Qs7s2d9h"),
    (["AhKh, AsKs", "TT:0.5, 99", "87s"], "Ts9h2c6d"),
    (["JJ+", "AKs"], "Kh7d2c3s"),
])
def test_ranges_match_brute_force_every_method(texts, board):
    ranges = [parse_range(t) for t in texts]
    expected, deals, boards = brute_force_ranges(ranges, cards(board))
    r = odds(ranges, board)
    assert r.boards == boards and r.deals == pytest.approx(deals)
    for h, e in zip(r.hands, expected):
        assert (h.win, h.tie, h.lose) == pytest.approx(tuple(e[:3]))
        assert h.equity == pytest.approx(e[3] / (boards * deals))
    if len(texts) == 2:  # the sorted method and the plain enumeration agree
        parsed, board_cards, _ = odds_module._prepare(ranges, board, "")
        deck = np.array(sorted(set(range(52)) - set(board_cards)))
        boards_all = odds_module._boards(deck, board_cards, 5 - len(board_cards))
        table = odds_module._deals(parsed, 10**6)
        _, by_enum = odds_module._enumerate(parsed, table, boards_all, boards, odds_module._Deadline(None))
        _, by_sort = odds_module._sorted(parsed, boards_all, boards, odds_module._Deadline(None))
        assert flat(c[:3] for c in by_enum) == pytest.approx(flat(c[:3] for c in by_sort))


def test_unweighted_ranges_give_integers_and_weights_scale_counts():
    plain = odds(["AK", "QQ"], "Qs7s2d")
    assert all(isinstance(h.win, int) for h in plain.hands)
    half = odds(["AK:0.5", "QQ"], "Qs7s2d")
    assert isinstance(half.hands[0].win, float)
    assert half.deals == plain.deals / 2
    assert flat(counts(half)) == pytest.approx([x / 2 for x in flat(counts(plain))])
    assert [h.equity for h in half.hands] == pytest.approx([h.equity for h in plain.hands])


def test_preflop_range_by_table_matches_sorting_every_board():
    by_table = odds(["AKs", "QhQd"])
    assert by_table.method == "table" and by_table.deals == 4 and by_table.boards == 1_712_304
    by_sorting = odds(["AKs", "QhQd"], table=False)
    assert by_sorting.method in ("sorted", "enumeration")  # whichever is cheaper; both every board
    assert counts(by_table) == counts(by_sorting)
    assert (by_sorting.boards, by_sorting.deals) == (by_table.boards, by_table.deals)


def test_preflop_range_with_dead_card_by_sorting_matches_brute_force_sum():
    r = odds(["AhKh", "QQ"], dead="Qs", exact=True)
    assert r.exact and r.deals == 3
    total = np.zeros(3, dtype=np.int64)
    for other in ("QcQd", "QcQh", "QdQh"):
        total += counts(odds(["AhKh", other], dead="Qs"))[0]
    assert counts(r)[0] == tuple(int(x) for x in total)


# --- three or more hands ---------------------------------------------------------------------

def test_three_ranges_on_a_flop_exactly_and_by_monte_carlo():
    hands = ["QQ+, AK", "TT-JJ, AQs", "98s, 87s, 76s"]
    exact = odds(hands, "Ts9s2c", exact=True)
    assert exact.method == "enumeration" and exact.exact
    sampled = odds(hands, "Ts9s2c", exact=False, samples=60_000, seed=3)
    assert sampled.method == "monte carlo" and not sampled.exact and sampled.boards == 60_000
    for e, s in zip(exact.hands, sampled.hands):
        assert s.win + s.tie + s.lose == 60_000
        assert 0 < s.stderr < 0.01
        assert abs(e.equity - s.equity) < 4 * s.stderr


def test_monte_carlo_with_few_cards_left_matches_exact():
    # 38 dead cards: 10 left for the board, so most rows repeat a card and take the random-keys path
    dead = "".join(CARD_NAMES[c] for c in range(40) if CARD_NAMES[c] not in ("Tc", "Td"))
    exact = odds(["AdAc", "KhKs"], dead=dead)
    assert exact.boards == math.comb(10, 5)
    sampled = odds(["AdAc", "KhKs"], dead=dead, exact=False, samples=50_000, seed=1)
    assert abs(sampled.hands[0].equity - exact.hands[0].equity) < 4 * sampled.hands[0].stderr


def test_suit_symmetry_groups_preflop_deals():
    # AA against KK against QQ preflop: 216 deals, fewer classes up to suit renaming, same counts
    # as the sum of a few deals done one by one
    parsed, _, _ = odds_module._prepare(["AA", "KK", "QQ"], "", "")
    table = odds_module._deals(parsed, 10**6)
    reps, totals = odds_module._orbits(parsed, table, odds_module._symmetries([], []))
    assert len(table[0]) == 216 and len(reps) < 20 and totals.sum() == 216


def test_monte_carlo_is_repeatable_and_seeded():
    a = odds(["AA", "KK", "QQ", "JJ"], exact=False, samples=20_000, seed=5)
    b = odds(["AA", "KK", "QQ", "JJ"], exact=False, samples=20_000, seed=5)
    c = odds(["AA", "KK", "QQ", "JJ"], exact=False, samples=20_000, seed=6)
    assert a == b and a != c
    assert sum(h.equity for h in a.hands) == pytest.approx(1.0)


def test_wide_multiway_preflop_is_sampled_automatically():
    r = odds(["22+", "A2s+", "KTo+", "*"], samples=20_000)
    assert r.method == "monte carlo" and r.deals is None


# --- properties ------------------------------------------------------------------------------

def _deal(draw_cards, n, board_size, dead_size):
    chosen = draw_cards[:2 * n + board_size + dead_size]
    holes = ["".join(CARD_NAMES[c] for c in chosen[2 * i:2 * i + 2]) for i in range(n)]
    board = "".join(CARD_NAMES[c] for c in chosen[2 * n:2 * n + board_size])
    dead = "".join(CARD_NAMES[c] for c in chosen[2 * n + board_size:])
    return holes, board, dead


@settings(max_examples=examples(25), deadline=None)
@given(st.permutations(range(52)), st.integers(2, 6), st.sampled_from([3, 4, 5]), st.integers(0, 3),
       st.permutations(range(4)), st.randoms(use_true_random=False))
def test_property_known_hands(deck, n, board_size, dead_size, suits, random):
    holes, board, dead = _deal(deck, n, board_size, dead_size)
    r = odds(holes, board, dead)
    remaining = 52 - 2 * n - board_size - dead_size
    assert r.boards == math.comb(remaining, 5 - board_size)
    for h in r.hands:
        assert h.win + h.tie + h.lose == r.boards
    assert sum(h.equity for h in r.hands) == pytest.approx(1.0)
    assert sum(h.win for h in r.hands) <= r.boards
    # the hands in another order: the counts follow them
    order = list(range(n))
    random.shuffle(order)
    shuffled = odds([holes[i] for i in order], board, dead)
    assert counts(shuffled) == [counts(r)[i] for i in order]

    # renaming the suits changes nothing
    def rename(text):
        return "".join(text[i] + "cdhs"[suits["cdhs".index(text[i + 1])]] for i in range(0, len(text), 2))

    assert counts(odds([rename(h) for h in holes], rename(board), rename(dead))) == counts(r)


@settings(max_examples=examples(15), deadline=None)
@given(st.permutations(range(52)), st.sampled_from(["QQ+", "AK", "T9s, 98s", "22-55", "AKo:0.5, JJ"]),
       st.sampled_from(["JJ, TT", "AQs+", "KQ", "77:0.25"]), st.sampled_from([3, 4, 5]))
def test_property_two_ranges(deck, first, second, board_size):
    board = "".join(CARD_NAMES[c] for c in deck[:board_size])
    try:
        r = odds([first, second], board)
    except RangeError:
        return  # the board took every combination of one of them, or they cannot be dealt together
    for h in r.hands:
        assert h.win + h.tie + h.lose == pytest.approx(r.boards * r.deals)
    assert r.hands[0].win == pytest.approx(r.hands[1].lose) and r.hands[0].tie == pytest.approx(r.hands[1].tie)
    assert sum(h.equity for h in r.hands) == pytest.approx(1.0)
    swapped = odds([second, first], board)
    assert flat(counts(swapped)) == pytest.approx(flat(counts(r)[::-1]))


@settings(max_examples=examples(20), deadline=None)
@given(st.permutations(range(52)), st.sampled_from(["QQ+, AK", "T9s, 98s:0.5, 87o", "22-66", "*", "AhKh, KQ"]),
       st.sampled_from(["JJ, TT:0.25", "AQs+, 55", "KQ, 76s", "*"]), st.sampled_from([4, 5]))
def test_property_sorted_and_enumeration_agree(deck, first, second, board_size):
    board = "".join(CARD_NAMES[c] for c in deck[:board_size])
    try:
        parsed, board_cards, _ = odds_module._prepare([first, second], board, "")
    except RangeError:
        return
    rest = np.array(sorted(set(range(52)) - set(board_cards)))
    boards = odds_module._boards(rest, board_cards, 5 - len(board_cards))
    per_deal = math.comb(len(rest) - 4, 5 - len(board_cards))
    table = odds_module._deals(parsed, 10**7)
    try:
        deals_s, by_sort = odds_module._sorted(parsed, boards, per_deal, odds_module._Deadline(None))
    except RangeError:
        assert not len(table[0])
        return
    deals_e, by_enum = odds_module._enumerate(parsed, table, boards, per_deal, odds_module._Deadline(None))
    assert deals_s == pytest.approx(deals_e)
    assert flat(c[:4] for c in by_sort) == pytest.approx(flat(c[:4] for c in by_enum))


# --- bad input -------------------------------------------------------------------------------

@pytest.mark.parametrize(("hands", "board", "dead", "error"), [
    (["AcAd"], "", "", DecisionInputError),
    (["AcAd"] * 10, "", "", DecisionInputError),
    ("AcAd KhKs", "", "", DecisionInputError),
    (["AcAd", "AcKs"], "", "", CardError),  # a card twice
    (["AcAd", "KhKs"], "Ac7d2s", "", CardError),
    (["AcAd", "KhKs"], "", "Kh", CardError),
    (["AcAd", "KhKs"], "7d2s", "", CardError),  # two board cards
    (["AcAd", "KhKs"], "7d2s3c4c5c6c", "", CardError),
    (["AcAd", "KhKs"], "7x", "", CardError),
    (["AcAc", "KhKs"], "", "", CardError),
    (["AcAd", "AKs+"], "", "", RangeError),  # not range notation
    (["AcAd", "AA"], "Ah", "", CardError),
    (["AcAd", "AA"], "AhAs2c", "", RangeError),  # every ace is out: AA cannot be dealt
    (["AcAd", ""], "", "", RangeError),  # an empty range
    (["AA", "AA", "AA"], "", "", RangeError),  # six aces
    (["AcAd", 5], "", "", RangeError),
])
def test_bad_input(hands, board, dead, error):
    with pytest.raises(error):
        odds(hands, board, dead)


def test_bad_options_and_budget():
    with pytest.raises(DecisionInputError):
        odds(["AA", "KK"], samples=0)
    with pytest.raises(DecisionInputError):
        odds(["AA", "KK"], max_seconds=-1)
    with pytest.raises(DecisionInputError):
        odds(["AA", "KK"], exact="yes")
    with pytest.raises(ModelTimeout):  # far beyond the budget: refused before the work
        odds(["AA", "KK", "QQ"], exact=True, max_seconds=0.01)
    with pytest.raises(DecisionInputError):  # weights whose products would round to 0
        odds(["AA:1e-200", "KK:1e-200"], "2c3d4h")
    with pytest.raises(DecisionInputError):  # beyond even the forced exact limit
        odds(["*"] * 5, exact=True)


def test_range_objects_and_text():
    r = odds([Range.from_classes({"AA": 1.0}), "KhKs"])
    assert r.hands[0].hand == "AA" and r.hands[1].hand == "KhKs"
    lone = odds([parse_range("AhAd"), "KhKs"])
    assert lone.hands[0].hand == "AhAd" and lone.deals == 1


# --- the command line ------------------------------------------------------------------------

def run_cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            status = main(["odds", *argv])
        except SystemExit as exc:  # argparse's usage errors
            status = exc.code
    return status, out.getvalue(), err.getvalue()


def test_cli_json_shape():
    status, out, err = run_cli("AdAc", "KhKs", "--json")
    assert status == 0 and not err
    data = json.loads(out)
    assert data["boards"] == 1_712_304
    assert [(h["hand"], h["win"], h["tie"], h["lose"]) for h in data["hands"]] == \
        [("AdAc", 1388072, 6538, 317694), ("KhKs", 317694, 6538, 1388072)]
    assert data["hands"][0]["equity"] == pytest.approx((1388072 + 6538 / 2) / 1_712_304)


def test_cli_table_and_board():
    status, out, _ = run_cli("AK", "QQ", "--board", "Qs7s2d")
    assert status == 0 and "990 boards x 48 deals" in out and "QQ" in out and out.count("\n") == 4


@pytest.mark.parametrize("argv", [
    ["AcAd"], ["AcAd", "AcKd"], ["AcAd", "KK", "--board", "7c"], ["AcAd", "Kx"], ["AcAd", "AKs+"],
    ["AcAd", "AA", "--board", "AhAs2c"], ["AcAd", "KK", "--samples", "-3", "--monte-carlo"],
    ["AcAd", "KK", "--max-seconds", "0"], ["AcAd", "KK", "--exact", "--monte-carlo"],
    ["AA"] * 10,
])
def test_cli_bad_input_one_line_exit_2(argv):
    status, out, err = run_cli(*argv)
    assert status == 2 and not out
    assert err.count("\n") == 1 and err.startswith("pokerengine") and "Traceback" not in err
