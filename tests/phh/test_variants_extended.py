"""pokerengine's own variant codes (docs/replay.md): every betting letter with every game.

The grammar (48 codes, PHH's eleven unchanged), a hand-worked showdown for each new settlement
game (five- and six-card Omaha hi and hi/lo, A-5 lowball, five-card draw), a hand-written replay of
each new code with its finishing stacks worked out, pot-limit raises enforced in every kind of game,
and random legal play through the live engine for all 48 codes.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings

from profiles import examples
from hypothesis import strategies as st

from pokerengine import Seat, settle
from pokerengine.cards import parse_cards
from pokerengine.cli.legal import legal_history
from pokerengine.errors import CardError, HistoryParseError, IllegalActionError, PokerEngineError
from pokerengine.games import GAMES, get_game
from pokerengine.hands.draw import ace_to_five_low, draw_high
from pokerengine.phh import HandHistory, dumps, loads
from pokerengine.live import interpret
from pokerengine.replay import replay_hand
from pokerengine.live.quick import PLANS, play_quick
from pokerengine.phh.record import REQUIRED_FIELDS
from pokerengine.phh.variants import BETTINGS, GAME_CODES, PHH_CODES, VARIANTS, get_variant
from pokerengine.live import Hand, start
from test_history_quick import agree, mutated  # the checks of the short way on PHH's codes

NEW = [code for code, v in VARIANTS.items() if not v.standard]


# -- the grammar -----------------------------------------------------------------------------------

def test_every_code_of_the_grammar_is_a_variant():
    assert len(GAME_CODES) == 18 and len(VARIANTS) == 54 == len(BETTINGS) * len(GAME_CODES)
    assert list(VARIANTS)[:11] == list(PHH_CODES) and len(NEW) == 43
    for b, betting in BETTINGS.items():
        for g, game in GAME_CODES.items():
            v = get_variant(b + g)
            assert (v.code, v.betting, v.game, v.kind) == (b + g, betting, game.game, game.kind)
            assert v.name.startswith(betting + " ") and v.standard == (v.code in PHH_CODES)
            assert v.fixed == (b == "F") and v.game in GAMES
            # the big bet only means something in fixed limit
            assert any(s.big for s in v.streets) == v.fixed


def test_phh_variants_keep_their_values():
    # written out from the PHH specification, as they were before the grammar
    assert VARIANTS["FT"].name == "fixed-limit Texas hold'em"
    assert VARIANTS["NS"].lowest_rank == 4 and VARIANTS["NS"].game == "shortdeck"
    assert VARIANTS["FR"].opening == "low" and VARIANTS["F7S"].opening == "high"
    assert [(s.draw, s.big) for s in VARIANTS["F2L3D"].streets] == [(False, False), (True, False), (True, True),
                                                                   (True, True)]
    assert [(s.draw, s.big) for s in VARIANTS["N2L1D"].streets] == [(False, False), (True, False)]
    assert [s.big for s in VARIANTS["F7S/8"].streets] == [False, False, True, True, True]
    assert [len(s.hole) for s in VARIANTS["FB"].streets] == [4, 0, 0, 0]
    # the fields PHH requires of each (required.rst)
    blinds, stud, fixed, no_limit = ("antes", "blinds_or_straddles"), ("antes", "bring_in"), ("small_bet", "big_bet"), (
        "min_bet",)
    assert {code: VARIANTS[code].required for code in PHH_CODES} == {
        "FT": blinds + fixed, "NT": blinds + no_limit, "NS": blinds + no_limit, "PO": blinds + no_limit,
        "FO/8": blinds + fixed, "F7S": stud + fixed, "F7S/8": stud + fixed, "FR": stud + fixed,
        "N2L1D": blinds + no_limit, "F2L3D": blinds + fixed, "FB": blinds + fixed}
    for code in PHH_CODES:
        assert VARIANTS[code].required == REQUIRED_FIELDS[code]


@pytest.mark.parametrize("code, name, game, holes, streets", [
    ("PT", "pot-limit Texas hold'em", "holdem", 2, 4),
    ("FS", "fixed-limit short-deck hold'em", "shortdeck", 2, 4),
    ("NO/8", "no-limit Omaha hi/lo eight or better", "omaha-hilo", 4, 4),
    ("PO5", "pot-limit five-card Omaha", "omaha5", 5, 4),
    ("FO6/8", "fixed-limit six-card Omaha hi/lo eight or better", "omaha6-hilo", 6, 4),
    ("N7S", "no-limit seven card stud", "stud", 3, 5),
    ("PR", "pot-limit razz", "razz", 3, 5),
    ("F2L1D", "fixed-limit 2-7 lowball single draw", "deuce-to-seven", 5, 2),
    ("NAL3D", "no-limit A-5 lowball triple draw", "ace-to-five", 5, 4),
    ("P5CD", "pot-limit five-card draw", "five-card-draw", 5, 2),
    ("NB", "no-limit badugi", "badugi", 4, 4),
])
def test_new_codes(code, name, game, holes, streets):
    v = VARIANTS[code]
    assert (v.name, v.game, len(v.streets[0].hole), len(v.streets), v.standard) == (name, game, holes, streets, False)


def test_fixed_limit_single_draw_bets_the_big_bet_after_the_draw():
    assert [s.big for s in VARIANTS["F5CD"].streets] == [False, True]
    assert [s.big for s in VARIANTS["FAL3D"].streets] == [False, False, True, True]


def test_unknown_codes_are_refused():
    for code in ("XO", "PO7", "F2L2D", "NT/8", "po", ""):
        with pytest.raises(HistoryParseError, match="unknown variant"):
            get_variant(code)
    with pytest.raises(PokerEngineError, match="game must be one of"):
        Hand("PO7", [100, 100], blinds=(1, 2))


def test_required_fields():
    assert VARIANTS["N7S"].required == ("antes", "bring_in", "min_bet")
    assert VARIANTS["F5CD"].required == ("antes", "blinds_or_straddles", "small_bet", "big_bet")
    assert VARIANTS["PO6"].required == ("antes", "blinds_or_straddles", "min_bet")


# -- the new settlement games, hand-worked ---------------------------------------------------------

def cards(text: str) -> tuple[int, ...]:
    return parse_cards(text)


def test_games_registered():
    for name, hole in [("omaha5", 5), ("omaha5-hilo", 5), ("omaha6", 6), ("omaha6-hilo", 6)]:
        g = get_game(name)
        assert (g.hole_cards, g.board_cards, g.split, g.odd_chip) == ((hole,), (5,), name.endswith("hilo"),
                                                                      "small_blind")
    a5, draw = get_game("ace-to-five"), get_game("five-card-draw")
    assert (a5.high, a5.low, a5.hole_cards, a5.board_cards, a5.flop_seen_at) == (None, ace_to_five_low, (5,), (0,), 0)
    assert (draw.high, draw.low, draw.hole_cards, draw.board_cards, draw.flop_seen_at) == (draw_high, None, (5,),
                                                                                           (0,), 0)


@pytest.mark.parametrize("game, one, two", [
    # Board Ts9s8s2s3s, five spades.  Seat 1 holds aces full of kings and one spade; Omaha plays
    # exactly two hole cards and three board cards: AA + T98 is a pair of aces (no full house: only two
    # hole cards; no flush: one spade).  Seat 2's 7h6d + T98 is a ten-high straight: seat 2 wins 200.
    ("omaha5", "AsAdAhKcKd", "7h6d4c3c2c"),
    ("omaha6", "AsAdAhKcKdKh", "7h6d4c3c2cQd"),
])
def test_omaha_five_and_six_play_exactly_two_hole_cards(game, one, two):
    seats = [Seat(1, 100, cards=one), Seat(2, 100, cards=two)]
    assert settle(seats, game=game, board="Ts9s8s2s3s").payouts == {1: 0, 2: 200}
    g = get_game(game)
    pair_of_aces = g.high(cards(one), cards("Ts9s8s2s3s"))
    assert pair_of_aces == g.high(cards("AsAd"), cards("Ts9s8s"))  # the best five use two hole cards


@pytest.mark.parametrize("game, one, two", [
    # Board Kd9s8c3h2d; seat 3 folded 10.  High: seat 2's KcKh + Kd is three kings, seat 1's best is
    # a pair of aces (AcAs + K98).  Low: seat 1's A4 + 832 makes 8-4-3-2-A; seat 2 holds one card of
    # eight or lower (the six), and a low needs two: no low.  Pot 110: 55 high to seat 2, 55 low to seat 1.
    ("omaha5-hilo", "AcAs4d7c7h", "KcKhQsJs6h"),
    ("omaha6-hilo", "AcAs4d7c7hQc", "KcKhQsJs6hTd"),
])
def test_omaha_five_and_six_hilo_split(game, one, two):
    seats = [Seat(1, 50, cards=one), Seat(2, 50, cards=two), Seat(3, 10, folded=True)]
    result = settle(seats, game=game, board="Kd9s8c3h2d")
    assert result.payouts == {1: 55, 2: 55, 3: 0}
    g = get_game(game)
    assert g.low(cards(two), cards("Kd9s8c3h2d")) is None
    assert g.low(cards(one), cards("Kd9s8c3h2d")) == g.low(cards("Ac4d"), cards("8c3h2d"))


@settings(max_examples=examples(60))
@given(cards_=st.permutations(list(range(52))).map(lambda p: p[:11]), six=st.booleans())
def test_omaha_of_five_or_six_cards_is_the_best_omaha_of_four_of_them(cards_, six):
    """Exactly two hole cards: the best five- or six-card Omaha hand (high, and low) is the best
    four-card Omaha hand over the ways of keeping four of the hole cards."""
    from itertools import combinations

    from pokerengine.cards import DECK

    deck = [DECK[i] for i in cards_]
    hole, board = tuple(deck[:6] if six else deck[:5]), tuple(deck[6:11])
    name = "omaha6" if six else "omaha5"
    four = get_game("omaha-hilo")
    assert get_game(name).high(hole, board) == max(four.high(h, board) for h in combinations(hole, 4))
    lows = [x for h in combinations(hole, 4) if (x := four.low(h, board)) is not None]
    assert get_game(name + "-hilo").low(hole, board) == (max(lows) if lows else None)


def test_ace_to_five_ranks():
    low = ace_to_five_low
    wheel = low(cards("5s4d3h2cAc"), ())  # a straight in high poker: ignored, the best low
    assert wheel == low(cards("5c4c3c2cAc"), ())  # suited too: flushes are ignored
    # 5-4-3-2-A > 6-4-3-2-A > 6-5-3-2-A > 7-4-3-2-A > K-Q-J-9-8 (any unpaired hand beats a pair)
    # ... > A-A-K-Q-J (aces are the lowest pair) > 2-2-5-4-3 > 2-2-3-3-4 (two pair)
    ladder = ["5s4d3h2cAc", "6s4s3s2sAs", "6h5d3c2dAd", "7s4h3d2hAh", "KsQdJh9c8c", "AsAdKcQcJc", "2s2d5c4c3c",
              "2h2c3h3s4s"]
    strengths = [low(cards(h), ()) for h in ladder]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == len(strengths)
    assert strengths[0] == wheel
    with pytest.raises(CardError, match="exactly 5 cards"):
        low(cards("5s4d3h2cAcKd"), ())


def test_ace_to_five_showdowns():
    # the wheel beats 6-4-3-2-A (a flush, which does not count): seat 1 takes the 100
    seats = [Seat(1, 50, cards="5s4d3h2cAc"), Seat(2, 50, cards="6s4s3s2sAs")]
    assert settle(seats, game="ace-to-five").payouts == {1: 100, 2: 0}
    # king high beats a pair of deuces
    seats = [Seat(1, 50, cards="2s2d5c4c3c"), Seat(2, 50, cards="KsQdJh9c8c")]
    assert settle(seats, game="ace-to-five").payouts == {1: 0, 2: 100}
    # two wheels tie; the odd chip of 101 goes to the small blind (TDA 20-A, a button game): seat 2
    seats = [Seat(1, 50, cards="5s4d3h2cAc"), Seat(2, 50, cards="5h4c3d2dAd")]
    assert settle(seats, game="ace-to-five", dead=1, small_blind=2, button=1).payouts == {1: 50, 2: 51}


def test_five_card_draw_high():
    # the wheel is a straight (five high) and beats two pair; a flush beats it; a full house beats the flush
    ladder = ["AsAdAhKcKd", "Ks9s7s4s2s", "5s4d3h2cAc", "AsAdKhKcQd", "QsQdJh7c2d", "AhKd9c7h3s"]
    strengths = [draw_high(cards(h), ()) for h in ladder]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == len(strengths)
    seats = [Seat(1, 30, cards="5s4d3h2cAc"), Seat(2, 30, cards="AsAdKhKcQd"), Seat(3, 30, cards="QhQcJd7d2h")]
    assert settle(seats, game="five-card-draw").payouts == {1: 90, 2: 0, 3: 0}
    with pytest.raises(PokerEngineError, match="needs 5 hole cards"):
        settle([Seat(1, 30, cards="5s4d3h2c"), Seat(2, 30, cards="AsAdKhKcQd")], game="five-card-draw")


# -- a hand-written replay of every new code ------------------------------------------------------
#
# Three players, 200 chips each; p1 folds at once, p2 and p3 play to a showdown that p2 wins.
# Blinds 1 and 2 (p1, p2); min_bet 2, or in fixed limit small_bet 2 and big_bet 4.
#
# Pot limit: p3 raises the pot pre-flop, to 7 (the 2 to call, then the pot of 1 + 2 + 2 = 5: the
# most, so 8 is refused); p1 folds, p2 calls: pot 1 + 7 + 7 = 15.  On the next round p2 bets the pot,
# 15 (16 is refused), p3 calls: pot 45; then checks.  p1 199, p2 200 - 22 + 45 = 223, p3 200 - 22 = 178.
# No limit: p3 raises to 20 (over the pot: allowed), p1 folds, p2 calls: pot 41; next round p2
# checks, p3 bets 30, p2 calls: pot 101; then checks.  p1 199, p2 200 - 50 + 101 = 251, p3 150.
# Fixed limit, four rounds (board games, triple draw): p3 raises to 4 (exactly: 5 is refused), p1
# folds, p2 calls: 9; p2 bets 2 (small bet), p3 calls: 13; p2 bets 4 (big bet), p3 calls: 21; checks.
# p1 199, p2 200 - 10 + 21 = 211, p3 190.  Fixed limit, single draw: 9 pre-draw, then p2 bets the big
# bet 4 after the draw, p3 calls: 17.  p1 199, p2 200 - 8 + 17 = 209, p3 192.

BETTING = {
    "P": (["p3 cbr 7", "p1 f", "p2 cc"], ["p2 cbr 15", "p3 cc"], ["p2 cc", "p3 cc"], ["p2 cc", "p3 cc"]),
    "N": (["p3 cbr 20", "p1 f", "p2 cc"], ["p2 cc", "p3 cbr 30", "p2 cc"], ["p2 cc", "p3 cc"], ["p2 cc", "p3 cc"]),
    "F": (["p3 cbr 4", "p1 f", "p2 cc"], ["p2 cbr 2", "p3 cc"], ["p2 cbr 4", "p3 cc"], ["p2 cc", "p3 cc"]),
}
FINISHING = {"P": (199, 223, 178), "N": (199, 251, 150), "F": (199, 211, 190), "F1": (199, 209, 192)}
#: A refused amount per betting, and the rule's words: (round, the action replaced, refused action).
REFUSED = {"P": [(0, 0, "p3 cbr 8", "pot limit: a raise is at most to 7"),
                 (1, 0, "p2 cbr 16", "pot limit: a raise is at most to 15")],
           "F": [(0, 0, "p3 cbr 5", "fixed limit: a bet or raise here is to exactly 4")]}

# Board games: p2 holds aces, p3 kings (hold'em, short deck), or the Omaha hands below; board
# 2d7c8s 9h 3d.  Omaha: p2's AsAh + 987 is a pair of aces, p3's KsKh + 987 kings; in hi/lo p2's A4 + 732
# also makes the only low, 7-4-3-2-A (p3 holds no card of eight or lower): p2 scoops.  Short deck: the
# board 8dQc9s Th 6d and ranks from six up (no straight: no seven or jack; no flush).
BOARD_CARDS = {
    "T": (["AsAh", "KsKh"], "QcTc", ["2d7c8s", "9h", "3d"]),
    "S": (["AsAh", "KsKh"], "7c7h", ["8dQc9s", "Th", "6d"]),
    "O": (["AsAh4c5d", "KsKhQcQh"], "TcTdThTs", ["2d7c8s", "9h", "3d"]),
    "O5": (["AsAh4c5dJc", "KsKhQcQhJd"], "TcTdThTs6c", ["2d7c8s", "9h", "3d"]),
    "O6": (["AsAh4c5dJcJh", "KsKhQcQhJdJs"], "TcTdThTs6c6d", ["2d7c8s", "9h", "3d"]),
}


def board_actions(code: str) -> list[str]:
    game = code[1:].replace("/8", "")
    (two, three), one, board = BOARD_CARDS["O5" if game == "C" else game]  # Courchevel: five-card Omaha's hands
    rounds = BETTING[code[0]]
    out = [f"d dh p1 {one}", f"d dh p2 {two}", f"d dh p3 {three}"]
    if game == "C":  # the first flop card is dealt with the hole cards, before the first betting round
        out.append(f"d db {board[0][:2]}")
        board = [board[0][2:], *board[1:]]
    out += rounds[0]
    for cards_, bets in zip(board, rounds[1:]):
        out += [f"d db {cards_}", *bets]
    return out


# Draw games: p2 is dealt the best hand and stands pat; p3 draws one card each time and ends with
# 9-8-6-4-2 (2-7 and A-5 lowball: p2's 7-5-4-3-2, or the wheel 5-4-3-2-A, wins), T-7-6-5 (badugi: p2's
# A-2-3-4 wins) or three queens (five-card draw: p2's aces full wins).
DRAW_CARDS = {  # p1, p2, p3, then p3's discards and replacements, one pair per draw
    "2L": ("KcKdKhKsQc", "7s5d4h3c2c", "8s8d6h4c2d", [("8d", "Qs"), ("Qs", "Jd"), ("Jd", "9h")]),
    "AL": ("KcKdKhKsQc", "5s4d3h2cAc", "8s8d6h4c2d", [("8d", "Qs"), ("Qs", "Jd"), ("Jd", "9h")]),
    "B": ("KcKdKhKs", "Ac2d3h4s", "5c6d7h7s", [("7s", "Qs"), ("Qs", "Js"), ("Js", "Ts")]),
    "5CD": ("9c9d9h9sJc", "AsAdAhKcKd", "QsQdQh7c2d", [("7c2d", "3s4s")]),
}


def draw_actions(code: str) -> list[str]:
    game = code[1:]
    draws = 1 if game in ("2L1D", "5CD") else 3
    one, two, three, swaps = DRAW_CARDS[game[:2] if game[:2] in ("2L", "AL") else game]
    rounds = BETTING[code[0]]
    if draws == 1 and code[0] == "F":
        rounds = (rounds[0], rounds[2])  # the big bet after the only draw
    out = [f"d dh p1 {one}", f"d dh p2 {two}", f"d dh p3 {three}", *rounds[0]]
    for (away, new), bets in zip(swaps[:draws], rounds[1:]):
        out += ["p2 sd", f"p3 sd {away}", f"d dh p3 {new}", *bets]
    return out


# Stud (pot limit and no limit; antes 1, bring-in 1, min_bet 2).  p1's up card brings in (seven card
# stud and hi/lo: the 2c, the lowest; razz: the Kc, the highest) and folds when p2 raises.
# Pot limit: p2 completes and raises to the pot, 6 (the 1 to call, then the pot of 3 antes + 1 + 1 = 5;
# 7 is refused); p3 calls: pot 3 + 1 + 6 + 6 = 16.  Fourth street p2 opens (K-7 against Q-8; razz
# 7-4 against 8-5) and bets the pot, 16 (17 refused), p3 calls: 48; then checks.
# p1 200 - 2 = 198, p2 200 - 23 + 48 = 225, p3 200 - 23 = 177.  No limit: p2 raises to 20, p3 calls,
# p1 folds: 44; fourth street p2 bets 30, p3 calls: 104; p1 198, p2 200 - 51 + 104 = 253, p3 149.
# Seven card stud: p2 As Ad | Kh 7d 5h 3s | 2h, a pair of aces (and, in hi/lo, the only low:
# 7-5-3-2-A); p3 Td 6s | Qh 8d 4h Jc | 2s, queen high, no low.  Razz: p2 As Ad | 4h 7d 6s Ks | 9d plays
# 9-7-6-4-A; p3 2d 3d | 5h 8d Js Ts | 9s plays 9-8-5-3-2: p2 is lower.  (Razz: sixth street p3's
# J-T-8-5 is lower than p2's K-7-6-4, so p3 opens sixth and seventh street.)
STUD_CARDS = {
    "7S": ("3c4c2c", ["AsAdKh", "7d", "5h", "3s", "2h"], ["Td6sQh", "8d", "4h", "Jc", "2s"], [0, 0, 0, 0]),
    "R": ("2c3cKc", ["AsAd4h", "7d", "6s", "Ks", "9d"], ["2d3d5h", "8d", "Js", "Ts", "9s"], [0, 0, 1, 1]),
}
STUD_BETTING = {"P": (["p1 pb", "p2 cbr 6", "p3 cc", "p1 f"], "16"),
                "N": (["p1 pb", "p2 cbr 20", "p3 cc", "p1 f"], "30")}
STUD_FINISHING = {"P": (198, 225, 177), "N": (198, 253, 149)}
STUD_REFUSED = [(0, 1, "p2 cbr 7", "pot limit: a raise is at most to 6"),
                (1, 0, "p2 cbr 17", "pot limit: a raise is at most to 16")]


def stud_rounds(code: str) -> list[list[str]]:
    one, two, three, opens_p3 = STUD_CARDS["R" if code[1:] == "R" else "7S"]
    third, bet = STUD_BETTING[code[0]]
    rounds = [[f"d dh p1 {one}", f"d dh p2 {two[0]}", f"d dh p3 {three[0]}", *third]]
    for k in range(1, 5):
        first, second = ("p3", "p2") if opens_p3[k - 1] else ("p2", "p3")
        bets = [f"p2 cbr {bet}", "p3 cc"] if k == 1 else [f"{first} cc", f"{second} cc"]
        rounds.append([f"d dh p2 {two[k]}", f"d dh p3 {three[k]}", *bets])
    return rounds


def record(code: str) -> tuple[HandHistory, tuple[int, ...]]:
    """The hand-written record of ``code`` and its finishing stacks (worked out above)."""
    v = VARIANTS[code]
    fields: dict = {"variant": code, "starting_stacks": (200, 200, 200), "antes": (0, 0, 0)}
    if v.kind == "stud":
        fields.update(antes=(1, 1, 1), bring_in=1, min_bet=2)
        actions = [a for r in stud_rounds(code) for a in r]
        finishing = STUD_FINISHING[code[0]]
    else:
        fields["blinds_or_straddles"] = (1, 2, 0)
        fields.update({"small_bet": 2, "big_bet": 4} if v.fixed else {"min_bet": 2})
        single = v.kind == "draw" and len(v.streets) == 2
        actions = board_actions(code) if v.kind == "board" else draw_actions(code)
        finishing = FINISHING["F1" if single and v.fixed else code[0]]
    return HandHistory(**fields, actions=tuple(actions)), finishing


@pytest.mark.parametrize("code", NEW)
def test_hand_written_replay_of_each_new_code(code):
    hand, finishing = record(code)
    assert sum(finishing) == 600
    for quick in (True, False):
        outcome = interpret(hand, quick=quick)
        assert outcome.live == (1, 2)
    result = replay_hand(attrs.evolve(hand, finishing_stacks=finishing))
    assert result.status == "matched", (result.finishing, finishing)
    assert result.finishing == finishing
    text = dumps(hand)
    assert f'variant = "{code}"' in text and loads(text) == hand  # written and read back


def _refusals(code: str) -> list[tuple[int, int, str, str]]:
    if VARIANTS[code].kind == "stud":
        return STUD_REFUSED if code[0] == "P" else []
    return REFUSED.get(code[0], [])


@pytest.mark.parametrize("code", [c for c in NEW if c[0] in "PF"])
def test_limits_are_enforced_in_every_game(code):
    """Pot limit (the pot-size rule) and fixed limit hold whatever the game: board, stud or draw."""
    hand, _ = record(code)
    actions = list(hand.actions)
    refusals = _refusals(code)
    assert refusals
    for round_, k, bad, message in refusals:
        # the round's k-th betting action, by the same player, for a refused amount
        index = _round_action(actions, round_, k)
        assert actions[index].split()[0] == bad.split()[0]
        wrong = attrs.evolve(hand, actions=tuple(actions[:index] + [bad]))
        with pytest.raises(IllegalActionError, match=message):
            interpret(wrong, quick=False)
        with pytest.raises(IllegalActionError, match=message):
            interpret(wrong)


def _round_action(actions: list[str], round_: int, k: int) -> int:
    """Index of the ``k``-th betting action of betting round ``round_``."""
    r, seen = -1, 0
    in_bets = False
    for i, a in enumerate(actions):
        betting = a.split()[1] in ("cbr", "cc", "f", "pb")
        if betting and not in_bets:
            r += 1
            seen = 0
            in_bets = True
        elif not betting:
            in_bets = False
        if betting and r == round_:
            if seen == k:
                return i
            seen += 1
    raise AssertionError((actions, round_, k))


def test_no_limit_allows_raises_over_the_pot_in_every_kind():
    for code in ("NO5", "N7S", "NR", "N2L3D", "N5CD", "NB", "NAL3D"):
        hand, finishing = record(code)
        assert replay_hand(hand).finishing == finishing


def test_legal_actions_of_a_pot_limit_draw_and_stud_record():
    hand, _ = record("P5CD")
    first = attrs.evolve(hand, actions=hand.actions[:3])
    out = legal_history(first)
    assert out["to_act"] == "p3" and out["actions"]["raise"] == {"min_to": 4, "max_to": 7}
    hand, _ = record("PR")
    out = legal_history(attrs.evolve(hand, actions=hand.actions[:4]))  # p1 brought in: p2 completes
    assert out["to_act"] == "p2" and out["actions"]["raise"]["max_to"] == 6


def test_quick_path_takes_the_new_board_codes():
    assert {"PT", "NO", "PO/8", "NO5", "PO5/8", "PO6", "NO6/8"} <= set(PLANS)
    assert not {"FO", "FS", "PS", "P7S", "P2L3D", "N5CD"} & set(PLANS)  # fixed limit, short deck, stud, draw
    for code in sorted(set(PLANS) & set(NEW)):
        hand, _ = record(code)
        fields = play_quick(hand, VARIANTS[code], PLANS[code])
        assert fields is not None and interpret(hand, quick=False).contributed == fields[1]


# -- the live engine plays every code --------------------------------------------------------------

def forced(code: str) -> dict:
    """Forced bets and bet sizes that suit ``code``."""
    v = VARIANTS[code]
    out: dict = {"ante": 1, "bring_in": 1} if v.kind == "stud" else {"blinds": (1, 2)}
    out.update({"small_bet": 2, "big_bet": 4} if v.fixed else {"min_bet": 2})
    return out


def most_players(code: str) -> int:
    v = VARIANTS[code]
    if v.kind == "stud":
        return 7
    if v.kind == "draw":
        return 8 if len(v.streets[0].hole) == 5 else 11
    return min(9, (52 - 8) // len(v.streets[0].hole))  # the board and three burn cards


def play_randomly(hand: Hand, rnd: random.Random) -> Hand:
    while not hand.over:
        legal = hand.legal_actions()
        seat = legal.seat
        if legal.show:
            hand.muck(seat) if legal.muck and rnd.random() < 0.2 else hand.show(seat)
        elif legal.draw is not None:
            held = hand.cards(seat)
            pairs = [held[i:i + 2] for i in range(0, len(held), 2)]
            hand.draw(seat, "".join(rnd.sample(pairs, rnd.randint(0, legal.draw))))
        elif legal.bring_in is not None:
            hand.bring_in(seat) if rnd.random() < 0.6 else hand.raise_to(seat, legal.raise_to.min_to)
        else:
            r = rnd.random()
            if r < 0.15 and legal.fold and legal.call is not None:
                hand.fold(seat)
            elif r < 0.6 or legal.raise_to is None:
                hand.check_or_call(seat)
            else:
                span = legal.raise_to
                hand.raise_to(seat, rnd.choice([span.min_to, span.max_to, (span.min_to + span.max_to) // 2]))
    return hand


@pytest.mark.parametrize("code", list(VARIANTS))
@settings(max_examples=examples(4))
@given(rnd=st.randoms(use_true_random=False))
def test_live_engine_deals_and_plays_every_code(code, rnd):
    n = rnd.randint(2, most_players(code))
    stacks = [rnd.choice([5, 20, 100, 400]) for _ in range(n)]
    hand = play_randomly(Hand(code, stacks, rng=random.Random(rnd.random()), **forced(code)), rnd)
    final = hand.final_stacks
    assert sum(final.values()) == sum(stacks) and min(final.values()) >= 0
    holes = len(VARIANTS[code].streets[0].hole)
    for seat in hand.seats:  # every player is dealt the game's hand (stud: three to seven cards)
        dealt = len(hand.cards(seat)) // 2
        assert 3 <= dealt <= 7 if hand.variant.kind == "stud" else dealt == holes
    written = hand.history()
    assert written.variant == code
    replayed = replay_hand(loads(dumps(written)))
    assert replayed.status == "matched" and replayed.finishing == tuple(final[s] for s in hand.seats)
    assert start(written).variant is VARIANTS[code]


def test_too_many_players_for_one_deck():
    with pytest.raises(PokerEngineError, match="too many for pot-limit six-card Omaha"):
        Hand("PO6", [100] * 8, blinds=(1, 2))  # 48 hole cards, 5 board cards and 3 burns
    assert len(Hand("PO6", [100] * 7, blinds=(1, 2)).cards(1)) == 12


def test_a_record_without_its_bet_sizes_is_refused_by_name():
    # PHH's codes are checked when read; pokerengine's own by the engine, before any action
    for code, missing in [("PT", "min_bet"), ("NO5", "min_bet"), ("F5CD", "small_bet"), ("N7S", "min_bet")]:
        hand, _ = record(code)
        fields = {missing: None, **({"bring_in": None} if code == "N7S" else {})}
        if code == "N7S":
            missing = "bring_in"
        for quick in (True, False):  # (refused when the record is made, or when it is played)
            with pytest.raises(HistoryParseError, match=f"variant {code} needs the field {missing}"):
                interpret(attrs.evolve(hand, **fields), quick=quick)


@pytest.mark.parametrize("code", sorted(set(PLANS) & set(NEW)))
@settings(max_examples=examples(5))
@given(rnd=st.randoms(use_true_random=False))
def test_quick_path_agrees_with_the_engine_on_random_and_mutated_hands(code, rnd):
    n = rnd.randint(2, most_players(code))
    stacks = [rnd.choice([5, 20, 100, 400]) for _ in range(n)]
    hand = play_randomly(Hand(code, stacks, rng=random.Random(rnd.random()), **forced(code)), rnd).history()
    agree(hand)  # the short way gives the engine's outcome, or leaves the hand to it
    for _ in range(5):
        agree(mutated(rnd, hand))


def test_pot_limit_never_offers_more_than_the_stack():
    # found by the OHH round trip (helper OH): pot-limit stud hi/lo, a bring-in of 2 and a bet of 4 with stacks of
    # 1 and 4: the short stacks were offered completions up to 4 and 5, more than they had
    import random

    from pokerengine.live import Hand

    h = Hand("P7S/8", {1: 205, 2: 1, 3: 4}, bring_in=2, min_bet=4, rng=random.Random(3))
    first = h.legal_actions()
    assert first.seat == 2 and first.bring_in == 1 and first.raise_to is not None and first.raise_to.max_to == 1
    h.raise_to(2, 1)
    second = h.legal_actions()
    assert second.seat == 3 and second.raise_to is not None and second.raise_to.max_to <= 4
    h.raise_to(3, second.raise_to.max_to)
    assert h.stacks[3] == 0


def _hidden(h, player: int):
    """``h`` with player ``player``'s deals and discards unknown, as the other players' records write them."""
    import re

    import attrs

    actions = []
    for a in h.actions:
        m = re.match(rf"(d dh p{player}|p{player} sd) (\S+)", a)
        actions.append(f"{m.group(1)} " + "??" * (len(m.group(2)) // 2) if m else a)
    return attrs.evolve(h, actions=tuple(actions))


@pytest.mark.parametrize("code", ["F2L3D", "FB"])
def test_a_card_revealed_after_the_reshuffle_may_be_a_discard(code):
    # found by the OHH round trip (helper OH): a draw hand where the deck ran out and a player whose cards were
    # unknown showed a card another player had discarded (reshuffled and dealt to them): "2h has already been dealt"
    from pokerengine.errors import CardError
    from pokerengine.generate import generate
    from pokerengine.replay.hand_replay import replay_hand

    reshuffled = 0
    for h in generate(40, seed=f"reshuffle-{code}", games=[code], seats=(7, 9)):
        dealt = sum(len(a.split()[3]) // 2 for a in h.actions if a.startswith("d dh"))
        reshuffled += dealt > 52
        for player in range(1, h.player_count + 1):
            try:
                r = replay_hand(_hidden(h, player))
            except CardError as exc:  # the hidden player's cards were needed at a showdown they did not show
                assert "cannot settle" in str(exc)
                continue
            assert r.finishing == replay_hand(h).finishing
    assert reshuffled >= 5
