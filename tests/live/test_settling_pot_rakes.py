"""Each pot's own rake in hands run more than once and in stud (pokerengine.live.settling.settle_drawn).

A site that states the rake it drew from each pot (Winning's ``Main pot $8.36 | Rake $0.10`` then
``Side pot(1) $0.60 | Rake $0.00``; Full Tilt, which rakes the main pot first) is settled with exactly
that rake a pot, each pot's rest divided as the game divides it: into the runs, among each run's
winners, hi/lo halves, the odd chip from the small blind or in stud by the cards.  Checked against a
rule-book oracle written here pot by pot (:func:`oracle`), by properties over random hands, on hands
written in the shape of the two real hands that showed it, and on those real hands when they are on
this machine.
"""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings, strategies as st

from pokerengine.cards import DECK, card_text, parse_cards
from pokerengine.errors import SettlementInputError
from pokerengine.formats import read_text, site_hands
from pokerengine.games import GAMES
from pokerengine.live.interpreter import Outcome, interpret
from pokerengine.live.settling import pots_of, settle_drawn, settle_site
from pokerengine.phh.variants import VARIANTS
from pokerengine.replay.convert import site_to_phh
from pokerengine.replay.hand_replay import replay_hand
from pokerengine.replay.site_check import check_site
from profiles import examples
from site_fixtures import FPDB

RUN_VARIANTS = ("NT", "PO", "PO/8")
STUD_VARIANTS = ("F7S", "F7S/8", "FR")


# --- the rule-book oracle ----------------------------------------------------------------------------


def _pieces(amount: int, count: int, unit: int) -> list[int]:
    """``amount`` divided into ``count`` pieces in whole units of ``unit``: the units left over one each
    to the first pieces, a fragment smaller than a unit to the next one (TDA 20; docs/runs.md)."""
    units, fragment = divmod(amount, unit)
    each, extra = divmod(units, count)
    out = [(each + (1 if k < extra else 0)) * unit for k in range(count)]
    if fragment:
        out[extra] += fragment
    return out


def oracle(o: Outcome, drawn: list[int]) -> dict[int, int]:
    """Each player's payout (player ``k`` is seat ``k + 1``), worked out the way the rule book says, slowly.

    Antes are dead money (the main pot's).  The largest contribution's excess over the second goes back.
    Layers at each live player's total, a layer's chips to the live players who reached its top, layers
    of the same players one pot, chips above every live player in the top pot.  Pot ``k`` gives
    ``drawn[k]``; the rest is cut into the runs (first runs first), each run's part goes to its best
    eligible hands on that run's board: hi/lo halved first (the odd unit high), a tie split in units,
    the left-over units from the small blind clockwise (p1; heads-up p2, the button) or, in stud, to the
    highest card by suit (TDA 20-B).
    """
    g = GAMES[o.variant.game]
    n = len(o.contributed)
    put = [c - a for c, a in zip(o.contributed, o.antes)]
    pay = dict.fromkeys(range(1, n + 1), 0)
    top = max(put)
    if put.count(top) == 1:  # the uncalled excess
        k = put.index(top)
        second = max(x for i, x in enumerate(put) if i != k)
        pay[k + 1] += top - second
        put[k] = second
    live = [i for i in range(n) if not o.folded[i]]
    pots: list[list] = []  # [amount, eligible seats]
    lower = 0
    for level in sorted({put[i] for i in live}):
        chips = sum(min(x, level) - min(x, lower) for x in put)
        who = [i + 1 for i in live if put[i] >= level]
        if pots and pots[-1][1] == who:
            pots[-1][0] += chips
        else:
            pots.append([chips, who])
        lower = level
    pots[-1][0] += sum(max(0, x - lower) for x in put)
    pots[0][0] += sum(o.antes)
    assert [p[0] for p in pots] == pots_of(o), "the oracle's pots are the engine's"
    boards = o.runs or (o.board,)
    unit = o.chip_unit
    start = 2 if n == 2 else 1
    clockwise = {seat: (seat - start) % n for seat in range(1, n + 1)}

    def in_order(seats: list[int], board: tuple[int, ...], low: bool) -> list[int]:
        if g.odd_chip == "high_card" and len(seats) > 1:
            return sorted(seats, key=lambda s: (-g.odd_chip_key(o.cards[s - 1], board, low), clockwise[s]))
        return sorted(seats, key=clockwise.__getitem__)

    def give(amount: int, seats: list[int], board: tuple[int, ...], low: bool) -> None:
        for seat, share in zip(in_order(seats, board, low), _pieces(amount, len(seats), unit)):
            pay[seat] += share

    for (amount, eligible), rake in zip(pots, drawn):
        for board, part in zip(boards, _pieces(amount - rake, len(boards), unit)):
            if len(eligible) == 1:
                pay[eligible[0]] += part
                continue
            hole = {s: o.cards[s - 1] for s in eligible}
            if g.high is None:  # razz: the best low takes it all
                lows = {s: g.low(hole[s], board) for s in eligible}
                give(part, [s for s in eligible if lows[s] == max(lows.values())], board, True)
                continue
            highs = {s: g.high(hole[s], board) for s in eligible}
            best_high = [s for s in eligible if highs[s] == max(highs.values())]
            lows = {s: g.low(hole[s], board) for s in eligible} if g.low is not None else {}
            qualified = {s: x for s, x in lows.items() if x is not None}
            if not qualified:
                give(part, best_high, board, False)
                continue
            low_half = (part // unit // 2) * unit
            give(part - low_half, best_high, board, False)
            give(low_half, [s for s in qualified if qualified[s] == max(qualified.values())], board, True)
    return pay


# --- random hands ------------------------------------------------------------------------------------


@st.composite
def outcomes(draw: st.DrawFn, variants: tuple[str, ...] = RUN_VARIANTS + STUD_VARIANTS) -> Outcome:
    """A showdown of 2 to 6 players, in stud or a board game run 2 or 3 times, with side pots (shared
    all-in levels), folded chips, antes, a chip unit, and often two hands of the same ranks (a tie)."""
    code = draw(st.sampled_from(variants))
    v = VARIANTS[code]
    g = GAMES[v.game]
    n = draw(st.integers(2, 6))
    levels = draw(st.lists(st.integers(1, 300), min_size=1, max_size=3))
    put = [draw(st.sampled_from(levels)) if draw(st.booleans()) else draw(st.integers(1, 300)) for _ in range(n)]
    folded = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    for k in draw(st.lists(st.integers(0, n - 1), min_size=2, max_size=2, unique=True)):
        folded[k] = False  # a showdown
    ante = draw(st.sampled_from((0, 0, 1, 3)))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    hole = max(g.hole_cards)
    deck = list(DECK)
    rng.shuffle(deck)
    cards: list[tuple[int, ...] | None] = [None] * n
    if draw(st.booleans()):  # a tie: two live players' cards of the same ranks, spades/hearts -> diamonds/clubs
        a, b = [i for i in range(n) if not folded[i]][:2]
        text = [c for c in deck if _suit(c) in "sh"][:hole]
        twin = [parse_cards(card_text(c)[0] + {"s": "d", "h": "c"}[_suit(c)])[0] for c in text]
        cards[a], cards[b] = tuple(text), tuple(twin)
        deck = [c for c in deck if c not in text and c not in twin]
    for i in range(n):
        if cards[i] is None and (not folded[i] or draw(st.booleans())):
            cards[i], deck = tuple(deck[:hole]), deck[hole:]
    runs: tuple[tuple[int, ...], ...] = ()
    board: tuple[int, ...] = ()
    if v.kind == "board":
        cut = draw(st.sampled_from((0, 3, 4)))
        common, deck = deck[:cut], deck[cut:]
        count = draw(st.integers(2, 3))
        runs = tuple(tuple(common + deck[k * (5 - cut):(k + 1) * (5 - cut)]) for k in range(count))
        board = runs[0]
    unit = draw(st.sampled_from((1, 1, 1, 5)))
    contributed = tuple(x + ante for x in put)
    return Outcome(v, 1, tuple(x + 1000 for x in contributed), contributed, (ante,) * n, tuple(folded),
                   tuple(cards), board, runs, unit)


def _suit(card: int) -> str:
    return card_text(card)[1]


@st.composite
def raked(draw: st.DrawFn, variants: tuple[str, ...] = RUN_VARIANTS + STUD_VARIANTS) -> tuple[Outcome, list[int]]:
    """An outcome and a rake for each of its pots (any amount the pot holds, often none or all of it)."""
    o = draw(outcomes(variants))
    drawn = [draw(st.sampled_from((0, p, p // 2)) | st.integers(0, p)) for p in pots_of(o)]
    return o, drawn


# --- properties --------------------------------------------------------------------------------------


@settings(max_examples=examples(300), deadline=None)
@given(raked())
def test_each_pot_gives_its_own_rake_and_its_winners_the_rest(case) -> None:
    o, drawn = case
    s = settle_drawn(o, drawn, sum(drawn))
    assert sum(s.payouts.values()) + s.rake == sum(o.contributed)
    assert s.rake == sum(drawn) and [p.rake for p in s.pots] == drawn
    plain = settle_site(o, None)
    for pot, was, rake in zip(s.pots, plain.pots, drawn):
        assert sum(pot.shares.values()) == pot.amount - rake
        assert set(pot.shares) <= set(pot.winners) and pot.winners == was.winners  # the same winners
    assert dict(s.payouts) == oracle(o, drawn)


@settings(max_examples=examples(200), deadline=None)
@given(outcomes(), st.integers(0, 10**6))
def test_a_rake_drawn_in_proportion_and_stated_pot_by_pot_settle_the_same(o, share) -> None:
    total = sum(pots_of(o))
    taken = share % (total + 1)
    before = settle_drawn(o, None, taken)  # the total drawn in proportion (exact_rake)
    after = settle_drawn(o, [p.rake for p in before.pots], before.rake)
    assert after == before
    assert [dict(p.shares) for p in after.pots] == [dict(p.shares) for p in before.pots]
    assert [p.odd_units for p in after.pots] == [p.odd_units for p in before.pots]


@settings(max_examples=examples(100), deadline=None)
@given(raked(("NT", "PO", "FO/8", "F2L3D", "FB") + STUD_VARIANTS))
def test_every_game_dealt_once_is_raked_pot_by_pot(case) -> None:
    o, drawn = case
    o = attrs.evolve(o, runs=())  # (the first run's board as the hand's)
    assert dict(settle_drawn(o, drawn, sum(drawn)).payouts) == oracle(o, drawn)


def test_rakes_that_are_not_one_a_pot_or_more_than_a_pot_are_refused() -> None:
    o = _stud_two_pots()
    pots = pots_of(o)
    for bad in ([1], [1, 0, 0], [pots[0] + 1, 0], [-1, 1], [True, 0]):
        with pytest.raises(SettlementInputError):
            settle_drawn(o, bad, sum(bad))
    with pytest.raises(SettlementInputError):
        settle_drawn(o, [2, 0], 3)  # the total is not the pots' sum


def test_a_stud_pot_of_no_chips_needs_no_cards() -> None:
    o = Outcome(VARIANTS["F7S"], 1, (50, 50), (0, 0), (0, 0), (False, False), (None, None), ())
    s = settle_drawn(o, [0], 0)
    assert dict(s.payouts) == {1: 0, 2: 0} and s.pots[0].winners == (1, 2)


# --- worked by hand ----------------------------------------------------------------------------------


def _stud_two_pots() -> Outcome:
    """Stud hi/lo, three players: p1 all in for 60 (+ ante 2), p2 and p3 put in 90 (+ 2).  p1 and p2
    hold the same ranks (p1's spades and hearts, p2's diamonds and clubs): they tie for high; p3 has
    the only low.  Pots: main 3 x 60 + 6 antes = 186, side 2 x 30 = 60."""
    cards = ("AsAhKsKhQs7h2s", "AdAcKdKcQd7c2d", "3c4c5h6d8s9hTc")
    return Outcome(VARIANTS["F7S/8"], 1, (500, 500, 500), (62, 92, 92), (2, 2, 2), (False, False, False),
                   tuple(parse_cards(c) for c in cards), ())


def test_stud_hi_lo_rake_from_the_main_pot_only_worked_by_hand() -> None:
    o = _stud_two_pots()
    assert pots_of(o) == [186, 60]
    # Rake 10 from the main pot: 176, halved 88 high (p1 and p2 tie: 44 each) and 88 low (p3).
    # The side pot, unraked: 60, halved 30 high (p2 alone: p1 is not in it) and 30 low (p3).
    s = settle_drawn(o, [10, 0], 10)
    assert dict(s.payouts) == {1: 44, 2: 44 + 30, 3: 88 + 30}
    assert [p.rake for p in s.pots] == [10, 0]
    # Drawn in proportion the 10 would be 8 + 2 (186 and 60 of 246): main 178 -> 89 high, 89 low: the
    # odd chip of the tie to p1's ace of spades (TDA 20-B), the side pot 58 -> 29 and 29.
    old = settle_drawn(o, None, 10)
    assert [p.rake for p in old.pots] == [8, 2]
    assert dict(old.payouts) == {1: 45, 2: 44 + 29, 3: 89 + 29}
    # Rake 9 from the main pot: 177, high 89 (the odd unit of the halves), p1's spade ace the odd chip.
    assert dict(settle_drawn(o, [9, 0], 9).payouts) == {1: 45, 2: 44 + 30, 3: 88 + 30}
    # A tie broken by suit, not by seat: p2's cards in spades/hearts, p1's in diamonds/clubs.
    swapped = attrs.evolve(o, cards=(o.cards[1], o.cards[0], o.cards[2]))
    assert dict(settle_drawn(swapped, [9, 0], 9).payouts) == {1: 44, 2: 45 + 30, 3: 88 + 30}


def _plo_run_twice() -> Outcome:
    """PLO, four players, run twice from the flop: p1 all in for 38 (the button, as Full Tilt's
    hand 31318697695), p2 put in 64 and won the side pot uncontested, p3 folded 4, p4 folded 64.
    Main pot 38 x 3 + 4 = 118 (p1, p2), side pot 26 x 2 = 52 (p2 alone)."""
    flop = "2cAsJh"
    runs = tuple(parse_cards(flop + r) for r in ("9hKh", "Th5d"))
    cards = (parse_cards("6dJcKdQc"), parse_cards("Ah9c4hAc"), None, None)
    return Outcome(VARIANTS["PO"], 1, (38, 300, 400, 400), (38, 64, 4, 64), (0, 0, 0, 0),
                   (False, False, True, True), cards, runs[0], runs)


def test_a_hand_run_twice_raked_from_the_main_pot_only_worked_by_hand() -> None:
    o = _plo_run_twice()
    assert pots_of(o) == [118, 52]
    # Rake 3 from the main pot: 115, 58 to run 1 (the odd chip to the first run), 57 to run 2.
    # Run 1 (9h Kh): p2's flush; run 2 (Th 5d): p1's straight.  The side pot, 52, to p2.
    s = settle_drawn(o, [3, 0], 3)
    assert dict(s.payouts) == {1: 57, 2: 58 + 52, 3: 0, 4: 0}
    # In proportion: 3 of 170 -> 2 from the main pot, 1 from the side: main 116 -> 58 + 58, side 51.
    old = settle_drawn(o, None, 3)
    assert dict(old.payouts) == {1: 58, 2: 58 + 51, 3: 0, 4: 0}
    assert oracle(o, [3, 0]) == dict(s.payouts)


def test_a_hi_lo_hand_run_three_times_worked_by_hand() -> None:
    # PLO8, two players all in for 100 each, run three times from the turn (2h 3d 9s Tc); rake 7 from
    # the one pot: 193 -> 65, 64, 64 (the odd chip to the first run).
    # Run 1 (Kc): p1's kings high, no low (two low cards on the board): p1 65.
    # Run 2 (8d): p2's straight high, p1's 8-4-3-2-A low: 32 and 32.
    # Run 3 (Qh): p2's queens high, no low: p2 64.
    turn = "2h3d9sTc"
    o = Outcome(VARIANTS["PO/8"], 1, (100, 100), (100, 100), (0, 0), (False, False),
                (parse_cards("AhKh4c5c"), parse_cards("AdQd6s7s")), parse_cards(turn + "Kc"),
                tuple(parse_cards(turn + r) for r in ("Kc", "8d", "Qh")))
    s = settle_drawn(o, [7], 7)
    assert dict(s.payouts) == {1: 65 + 32, 2: 32 + 64} == oracle(o, [7])
    assert s.pots[0].high_winners == (1, 2) and s.pots[0].low_winners == (1,)


# --- the sites' files --------------------------------------------------------------------------------

#: A Winning (ACR) stud hi/lo hand in the shape of the real 2023 hand 1903647457: eight seats, antes, one
#: player all in on 6th street for less (a side pot), two winners sharing both pots high and low, and
#: the pot lines drawing the whole rake (rake and jackpot fee) from the main pot.  Names, cards and
#: amounts are made up.
WINNING_STUD = """\
Hand #1900000001 - 7Stud H/L(Fixed Limit) - $0.10/$0.20 - 2023/10/22 02:49:52 UTC
Testville 8-max
Seat 1: ann ($10.00)
Seat 2: bob ($5.00)
Seat 3: cy ($0.37)
Seat 4: dee ($4.00)
ann posts ante $0.02
bob posts ante $0.02
cy posts ante $0.02
dee posts ante $0.02
*** 3rd STREET ***
Main pot $0.08 | Rake $0.00
Dealt to ann [8s]
Dealt to bob [Tc]
Dealt to cy [Qc]
Dealt to dee [2h]
dee brings in $0.05
ann raises $0.10 to $0.10
bob calls $0.10
cy calls $0.10
dee folds
*** 4th STREET ***
Main pot $0.41 | Rake $0.02
Dealt to ann [8s] [5s]
Dealt to bob [Tc] [Ts]
Dealt to cy [Qc] [6c]
bob checks
cy bets $0.10
ann calls $0.10
bob calls $0.10
*** 5th STREET ***
Main pot $0.70 | Rake $0.03
Dealt to ann [8s 5s] [7s]
Dealt to bob [Tc Ts] [As]
Dealt to cy [Qc 6c] [8d]
bob bets $0.20
cy calls $0.15 and is all-in
ann calls $0.20
*** 6th STREET ***
Main pot $1.14 | Rake $0.04
Side pot(1) $0.10 | Rake $0.00
Dealt to ann [8s 5s 7s] [Qh]
Dealt to bob [Tc Ts As] [9d]
Dealt to cy [Qc 6c 8d] [8h]
bob bets $0.20
ann calls $0.20
*** 7th STREET ***
Main pot $1.14 | Rake $0.04
Side pot(1) $0.50 | Rake $0.00
bob checks
ann checks
*** SHOW DOWN ***
Main pot $1.14 | Rake $0.04
Side pot(1) $0.50 | Rake $0.00
ann shows [3h 2d 8s 5s 7s Qh 9h] (HI - a high card, Queen high [Qh 9h 8s 7s 5s] | LO - [8,7,5,3,2])
cy shows [Jd Jh Qc 6c 8d 8h 2s] (HI - two pair, Jacks and Eights [Jh Jd 8h 8d Qc])
bob shows [5d Td Tc Ts As 9d 4h] (HI - three of a kind, Set of Tens [Ts Td Tc As 9d])
ann collected $0.57 from main pot
bob collected $0.57 from main pot
ann collected $0.25 from side pot-1
bob collected $0.25 from side pot-1
*** SUMMARY ***
Total pot $1.64 | Rake $0.03 | JP Fee $0.01
Seat 1: ann showed [3h 2d 8s 5s 7s Qh 9h] and won $0.82 with HI - a high card, Queen high [Qh 9h 8s 7s 5s] | LO - [8,7,5,3,2]
Seat 2: bob showed [5d Td Tc Ts As 9d 4h] and won $0.82 with HI - three of a kind, Set of Tens [Ts Td Tc As 9d]
Seat 3: cy showed [Jd Jh Qc 6c 8d 8h 2s] and lost with HI - two pair, Jacks and Eights [Jh Jd 8h 8d Qc]
Seat 4: dee folded on the 3rd Street and did not bet
"""

#: A Full Tilt PLO hand run twice with a side pot, in the shape of the real 2012 hand 31318697695: the
#: button all in for less before the flop, the flop bet uncalled, the runs agreed, each run's part of
#: the main pot to its own winner, the side pot to the one player in it, the rake ($3) all from the main
#: pot.  Names and amounts are made up.
FULLTILT_RIT = """\
Full Tilt Poker Game #30000000001: Table Test (6 max, shallow) - $2/$4 - Pot Limit Omaha Hi - 11:00:14 ET - 2012/11/06
Seat 1: ann ($38)
Seat 2: bob ($263.80)
Seat 3: cy ($663.20)
Seat 4: dee ($420.10)
Seat 5: eve ($209)
bob posts the small blind of $2
cy posts the big blind of $4
The button is in seat #1
*** HOLE CARDS ***
dee raises to $12
eve calls $12
ann calls $12
bob raises to $64
cy folds
dee calls $52
eve calls $52
ann calls $26, and is all in
*** FLOP *** [2c As Jh] (Total Pot: $234, 4 Players, 1 All-In)
bob bets $56
dee folds
eve folds
Players agree to Run It Twice
bob shows [Ah 9c 4h Ac]
ann shows [6d Jc Kd Qc]
Uncalled bet of $56 returned to bob
*** TURN 1 *** [2c As Jh] [9h] (Total Pot: $234, 2 Players, 1 All-In)
*** RIVER 1 *** [2c As Jh 9h] [Kh] (Total Pot: $234, 2 Players, 1 All-In)
*** TURN 2 *** [2c As Jh] [Th] (Total Pot: $234, 2 Players, 1 All-In)
*** RIVER 2 *** [2c As Jh Th] [5d] (Total Pot: $234, 2 Players, 1 All-In)
bob wins the side pot ($78)
*** SHOW DOWN 1 ***
bob shows a flush, Ace high
ann shows two pair, Kings and Jacks
*** SHOW DOWN 2 ***
bob shows three of a kind, Aces
ann shows a straight, Ace high
bob wins pot 1 ($76.50) with a flush, Ace high
ann wins pot 2 ($76.50) with a straight, Ace high
*** SUMMARY ***
Total pot $234 Main pot $156. Side pot $78. | Rake $3
Seat 2: bob  wins the side pot ($78)
*** SUMMARY 1 ***
Pot 1 $76.50
Board: [2c As Jh 9h Kh]
Seat 1: ann (button) showed [6d Jc Kd Qc] and lost with two pair, Kings and Jacks
Seat 2: bob (small blind) showed [Ah 9c 4h Ac] and won ($76.50) with a flush, Ace high
Seat 3: cy (big blind) folded before the Flop
Seat 4: dee folded on the Flop
Seat 5: eve folded on the Flop
*** SUMMARY 2 ***
Pot 2 $76.50
Board: [2c As Jh Th 5d]
Seat 1: ann (button) showed [6d Jc Kd Qc] and won ($76.50) with a straight, Ace high
Seat 2: bob (small blind) showed [Ah 9c 4h Ac] and lost with three of a kind, Aces
Seat 3: cy (big blind) folded before the Flop
Seat 4: dee folded on the Flop
Seat 5: eve folded on the Flop
"""


def _one(text: str, fmt: str):
    (hand,) = site_hands(text, fmt, source="test")
    return hand


def test_winning_stud_hi_lo_pot_lines_give_each_pots_rake_and_the_hand_matches() -> None:
    hand = _one(WINNING_STUD, "winning")
    assert hand.rake == 4 and hand.pot_rakes == (4, 0)
    assert check_site(hand).status == "matched"
    # Pots of 118 and 50 cents: main 114 -> 57 high (bob), 57 low (ann); side 50 -> 25 and 25.  Drawn in
    # proportion the 4 cents are 3 + 1: main 115 -> 58 high, 57 low; side 49 -> 25 high, 24 low.
    assert pots_of(interpret(hand.history)) == [118, 50]
    for other in (None, (3, 1)):
        assert check_site(attrs.evolve(hand, pot_rakes=other)).status != "matched"


def test_winning_pot_lines_that_do_not_add_up_to_the_rake_give_no_pots_rake() -> None:
    text = WINNING_STUD.replace("Side pot(1) $0.50 | Rake $0.00", "Side pot(1) $0.50 | Rake $0.01")
    assert _one(text, "winning").pot_rakes is None
    text = WINNING_STUD.replace("Side pot(1) $0.50 | Rake $0.00", "Side pot(2) $0.50 | Rake $0.00")
    assert _one(text, "winning").pot_rakes is None


def test_fulltilt_run_twice_rakes_the_main_pot_and_the_hand_matches() -> None:
    hand = _one(FULLTILT_RIT, "fulltilt")
    assert hand.rake == 300 and hand.pot_rakes == (300, 0)
    assert check_site(hand).status == "matched"
    # Drawn in proportion the $3 of $234 are $2 from the main pot ($156) and $1 from the side ($78): the
    # runs get $77 each, not $76.50, and the side pot pays $77.
    assert check_site(attrs.evolve(hand, pot_rakes=None)).status == "mismatched"


@pytest.mark.parametrize("text, fmt, rakes", [(WINNING_STUD, "winning", (4, 0)), (FULLTILT_RIT, "fulltilt", (300, 0))])
def test_converted_to_phh_each_pots_rake_goes_with_the_hand_and_replays_matched(text: str, fmt: str, rakes) -> None:
    record = site_to_phh(_one(text, fmt))
    assert record.user_fields["_pot_rakes"] == rakes
    assert replay_hand(record).status == "matched"
    # the same record with the total rake alone (drawn in proportion) does not match the site's payouts
    alone = attrs.evolve(record, user_fields={k: v for k, v in record.user_fields.items() if k != "_pot_rakes"})
    assert replay_hand(alone).status != "matched"


APPRENTICE = Path("/tmp/indep/winning/poker-apprentice-hand-history-parser/acr.txt")
FTP_RIT = FPDB / "cash/FTP/Flop/PLO-6max-USD-2.00-4.00-201211.RIT.side.pot.txt"


@pytest.mark.parametrize("path, fmt, hand_id, before", [
    (APPRENTICE, "winning", "1903647457", "split_chip"),
    (FTP_RIT, "fulltilt", "31318697695", "mismatched"),
])
def test_the_real_hands_match_with_each_pots_rake(path: Path, fmt: str, hand_id: str, before: str) -> None:
    if not path.is_file():
        pytest.skip(f"{path} is not on this machine")
    (hand,) = site_hands(read_text(str(path)), fmt, source=str(path))
    assert hand.hand_id == hand_id and hand.pot_rakes is not None and hand.pot_rakes[1:] == (0,)
    assert check_site(hand).status == "matched"
    assert check_site(attrs.evolve(hand, pot_rakes=None)).status == before  # the rake drawn in proportion
