"""The replayer plays by the live engine's rules (replay mode): where the old private rule book of
``history/`` differed, replay now follows the engine.  Each case hand-worked in its comments.
"""

from __future__ import annotations

import pytest

from pokerengine.errors import IllegalActionError
from pokerengine.phh import HandHistory
from pokerengine.live import interpret
from pokerengine.replay import replay_hand
from pokerengine.live import TDA, from_history


def record(variant: str, stacks, actions, *, blinds, user=None, **sizes) -> HandHistory:
    n = len(stacks)
    return HandHistory(variant=variant, antes=(0,) * n, blinds_or_straddles=(*blinds, *(0,) * (n - len(blinds))),
                       starting_stacks=tuple(stacks), actions=tuple(actions), source="t.phh",
                       user_fields=user or {}, **sizes)


DEAL3 = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 7c2d"]


def test_a_short_all_in_of_half_a_bet_reopens_fixed_limit_betting_tda_47_b():
    # Fixed limit 5/10, bets of 10 then 20.  Pre-flop p3 raises to 20, both call: 60 in.  Flop: p1 bets
    # 10, p2 calls, p3 is all-in for 15 (5 more: half a bet, TDA 47-B reopens the betting for p1 and
    # p2, who acted before it; the old replayer, like PokerKit, refused p1's raise).  p1 raises to 25
    # (a full bet more), p2 folds (30 in).  p1 45 in, p3 35, p2 30: the main pot 35 + 35 + 30 = 100
    # goes to p1's aces (p3 has 7-2 on a blank board), and p1's 10 above p3's 35 come back.
    # p1: 100 - 45 + 100 + 10 = 165; p2: 70; p3: 0.
    actions = DEAL3 + ["p3 cbr 20", "p1 cc", "p2 cc", "d db 3h8c9s", "p1 cbr 10", "p2 cc", "p3 cbr 15",
                       "p1 cbr 25", "p2 f", "d db Jh", "d db 4c"]
    hand = record("FT", [100, 100, 35], actions, blinds=(5, 10), small_bet=10, big_bet=20)
    r = replay_hand(hand)
    assert r.finishing == (165, 70, 0)
    assert r.outcome.contributed == (45, 30, 35)
    # The same raise by p1 after a short all-in of less than half a bet (4 more of 10) is refused.
    short = record("FT", [100, 100, 34], [*actions[:9], "p3 cbr 14", "p1 cbr 24"], blinds=(5, 10),
                   small_bet=10, big_bet=20)
    with pytest.raises(IllegalActionError, match="TDA 47-B: the betting is not reopened for seat 1"):
        replay_hand(short)


RAISES = ["d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr 4", "p1 cbr 6", "p2 cbr 8", "p1 cbr 10"]


def test_replay_mode_lifts_the_fixed_limit_cap_heads_up_as_the_engine_does():
    # Heads-up fixed limit 1/2 (the button p2 posts 1 and acts first).  Replay mode counts raises as
    # the records do (the big blind is no bet): 4, 6, 8, 10 make a bet and three raises, the cap; p2's
    # raise to 12 is a fifth.  Replay mode (the engine's REPLAY options: cap_heads_up=False) accepts it
    # heads-up, as houses that lift the cap heads-up do; the old replayer refused it.  p1 calls: 12
    # each, p1's aces win 24: p1 112, p2 88.
    checks = ["p1 cc", "p2 cc"]
    actions = [*RAISES, "p2 cbr 12", "p1 cc", "d db 3h8c9s", *checks, "d db Jh", *checks, "d db 4c", *checks,
               "p1 sm AsAd", "p2 sm KsKd"]
    hand = record("FT", [100, 100], actions, blinds=(1, 2), small_bet=2, big_bet=4)
    assert replay_hand(hand).finishing == (112, 88)
    # The TDA default caps it (the big blind is the bet: p1's raise to 10 is already a fourth raise).
    with pytest.raises(IllegalActionError, match="actions.5. 'p1 cbr 10': seat 1: fixed limit: no more raises"):
        from_history(hand, TDA)
    # Three players in: the cap holds in replay mode too.
    three = record("FT", [100, 100, 100], ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 QsQd", "p3 cbr 4",
                                          "p1 cbr 6", "p2 cbr 8", "p3 cbr 10", "p1 cbr 12"], blinds=(1, 2),
                   small_bet=2, big_bet=4)
    with pytest.raises(IllegalActionError, match="'p1 cbr 12': seat 1: fixed limit: no more raises this round"):
        replay_hand(three)


def test_a_records_chip_unit_divides_the_pots_as_the_live_hand_does():
    # _chip_unit = 5: blinds 5/10, p3 calls 10, p1 folds (5 dead), p2 checks: a pot of 25.  The board
    # is a royal flush, so p2 and p3 tie: 25 in units of 5 is 5 units, 3 to p2 (first after the
    # small blind, who folded) and 2 to p3: 15 and 10 (the old replayer ignored the unit: 13 and 12).
    actions = ["d dh p1 2c3d", "d dh p2 4c5d", "d dh p3 6c7d", "p3 cc", "p1 f", "p2 cc", "d db AsKsQs",
               "p2 cc", "p3 cc", "d db Js", "p2 cc", "p3 cc", "d db Ts", "p2 cc", "p3 cc", "p2 sm 4c5d",
               "p3 sm 6c7d"]
    hand = record("NT", [100, 100, 100], actions, blinds=(5, 10), min_bet=10, user={"_chip_unit": 5})
    r = replay_hand(hand)
    assert r.finishing == (95, 105, 100)
    assert r.outcome.chip_unit == 5
    assert r.finishing == tuple(from_history(hand).final_stacks.values())  # the live hand's own settlement
    plain = record("NT", [100, 100, 100], actions, blinds=(5, 10), min_bet=10)
    assert replay_hand(plain).finishing == (95, 103, 102)


def test_hands_the_short_way_leaves_are_played_by_the_engine():
    # An incomplete all-in raise is not the short way's: the engine plays it, with the same outcome
    # as the engine's own replay.  p3 raises to 10, p1 to 30, p2 all-in for 35 (5 more: incomplete),
    # p3 folds, p1 calls: p1 35, p2 35, p3 10; p1's aces win 80 on a blank board.
    actions = DEAL3 + ["p3 cbr 10", "p1 cbr 30", "p2 cbr 35", "p3 f", "p1 cc", "d db 3h8c9s", "d db Jh",
                       "d db 4c"]
    hand = record("NT", [100, 35, 100], actions, blinds=(1, 2), min_bet=2)
    out = interpret(hand)
    assert out == interpret(hand, quick=False)
    assert replay_hand(hand).finishing == (145, 0, 90)
    assert out.contributed == tuple(from_history(hand).contributed.values())
