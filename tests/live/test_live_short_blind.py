"""The short big blind (and short straddle) rule in live mode (``docs/live.md``, "A short blind").

Blinds 1/2, the big blind all in for 1: the others still owe the full big blind (2), the small
blind may not check, the minimum raise is to 4; the short player's main pot is settled as usual and
the rest goes to a side pot.  The same for a short straddle.  The written record says the rule
(``_full_blind``) and replays by it; a record without it replays as posted.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerengine.cli.legal import legal as legal_json
from pokerengine.errors import HistoryParseError, IllegalActionError
from pokerengine.formats.ohh import dumps_ohh, read_ohh, write_ohh
from pokerengine.phh import dumps, loads
from pokerengine.replay import replay_hand
from pokerengine.replay.site_check import check_site
from pokerengine.live import REPLAY, TDA, Hand, Options, RaiseRange, from_history

# Seats 1 (small blind), 2 (big blind), 3 (button): 7c2d, AsAd, KhKd; board 9h8s4c Jd Qc.
DECK3 = "7cAsKh2dAdKd3s9h8s4c5hJd6dQc"


def three_handed(game: str = "NT", bb_stack: int = 1, options: Options = TDA, **kw) -> Hand:
    kw.setdefault("blinds", (1, 2))
    if "rng" not in kw:
        kw["deck"] = DECK3
    return Hand(game, {1: 100, 2: bb_stack, 3: 100}, button=3, options=options, **kw)


def check_down(hand: Hand) -> None:
    while not hand.over:
        hand.show(hand.to_act) if hand.legal_actions().show else hand.check(hand.to_act)


def replays_the_same(hand: Hand) -> None:
    """The written record replays, through the engine and the PHH replayer, to the hand's stacks."""
    record = loads(dumps(hand.history()))
    assert from_history(record).final_stacks == hand.final_stacks
    assert replay_hand(record).finishing == tuple(hand.final_stacks[s] for s in hand.seats)


def pots(hand: Hand) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    return [(p.amount, p.eligible, p.winners) for p in hand.settlement.pots]


# -- the big blind all in for less ---------------------------------------------------------------------

def test_others_call_the_full_big_blind_of_a_short_all_in_big_blind():
    hand = three_handed()
    assert hand.bets == {1: 1, 2: 1, 3: 0} and hand.stacks == {1: 99, 2: 0, 3: 100}
    legal = hand.legal_actions()
    assert (legal.seat, legal.call, legal.check, legal.raise_to) == (3, 2, False, RaiseRange(4, 100))
    assert legal.to_json() == {"seat": 3, "fold": True, "check": False, "call": 2,
                               "raise": {"min_to": 4, "max_to": 100}, "show": False, "muck": False}
    with pytest.raises(IllegalActionError, match="to at least 4"):
        hand.raise_to(3, 3)
    assert hand.call(3) == ("p3 cc",)
    assert hand.bets == {1: 1, 2: 1, 3: 2}
    legal = hand.legal_actions()  # the small blind owes the rest of the full blind
    assert (legal.seat, legal.call, legal.check, legal.raise_to) == (1, 1, False, RaiseRange(4, 100))
    with pytest.raises(IllegalActionError, match="cannot check: 1 to call"):
        hand.check(1)
    hand.call(1)
    assert hand.street_name == "flop" and hand.pot == 5
    check_down(hand)
    # main pot: 1 from each of the three, the big blind's AA wins it; side pot: 1 more from the
    # small blind and the button, the button's KK wins it
    assert pots(hand) == [(3, (1, 2, 3), (2,)), (2, (1, 3), (3,))]
    assert hand.final_stacks == {1: 98, 2: 3, 3: 100}
    assert hand.history().user_fields["_full_blind"] is True
    replays_the_same(hand)


def test_four_handed_main_and_side_pot():
    # seats 1 SB, 2 BB (1 chip), 3 UTG, 4 button: everyone calls the full 2, the small blind 1 more
    hand = Hand("NT", {1: 50, 2: 1, 3: 60, 4: 70}, button=4, blinds=(1, 2),
                deck="2cAsKh3d7dAdKd8c" + "Qs" + "9h8s4c" + "5h" + "Jd" + "6d" + "Qc")
    assert hand.to_act == 3 and hand.legal_actions().call == 2
    hand.call(3)
    assert hand.legal_actions().call == 2
    hand.call(4)
    assert hand.legal_actions().call == 1
    hand.call(1)
    check_down(hand)
    assert pots(hand) == [(4, (1, 2, 3, 4), (2,)), (3, (1, 3, 4), (3,))]  # 1 each; 1 more from three
    assert hand.final_stacks == {1: 48, 2: 4, 3: 61, 4: 68}
    replays_the_same(hand)


def test_min_raise_is_two_big_blinds_and_reraise_by_a_full_raise():
    hand = three_handed()
    hand.raise_to(3, 4)
    legal = hand.legal_actions()  # 4 - 2 = a full raise of 2: the small blind re-raises to 6 at least
    assert (legal.call, legal.raise_to) == (3, RaiseRange(6, 100))
    hand.raise_to(1, 6)
    assert hand.legal_actions().raise_to == RaiseRange(8, 100)
    hand.call(3)
    check_down(hand)
    assert pots(hand) == [(3, (1, 2, 3), (2,)), (10, (1, 3), (3,))]
    assert hand.final_stacks == {1: 94, 2: 3, 3: 104}
    replays_the_same(hand)


def test_nobody_left_to_bet_the_full_blind_the_small_blind_checks():
    # the button folds: the small blind faces only the short blind's 1, which it has matched
    hand = three_handed()
    hand.fold(3)
    legal = hand.legal_actions()
    assert (legal.seat, legal.check, legal.call, legal.raise_to) == (1, True, None, None)
    hand.check(1)
    check_down(hand)
    assert hand.contributed == {1: 1, 2: 1, 3: 0}
    assert pots(hand) == [(2, (1, 2), (2,))] and hand.final_stacks == {1: 99, 2: 2, 3: 100}
    replays_the_same(hand)


def test_a_big_blind_short_of_the_small_blind():
    # blinds 2/4, the big blind all in for 1: the button owes 4; folded to, the small blind checks
    # and its extra chip above the short blind comes back uncalled
    hand = three_handed(blinds=(2, 4))
    assert hand.legal_actions().call == 4 and hand.legal_actions().raise_to == RaiseRange(8, 100)
    hand.fold(3)
    assert hand.legal_actions().check
    hand.check(1)
    check_down(hand)
    assert pots(hand) == [(2, (1, 2), (2,))] and hand.settlement.refunds[1] == 1
    assert hand.final_stacks == {1: 99, 2: 2, 3: 100}
    replays_the_same(hand)


def test_option_off_plays_the_blind_as_posted():
    hand = three_handed(options=Options(full_blind=False))
    legal = hand.legal_actions()
    assert (legal.call, legal.raise_to) == (1, RaiseRange(3, 100))
    hand.call(3)
    assert hand.legal_actions().check  # the small blind has matched the 1 posted
    hand.check(1)
    check_down(hand)
    assert pots(hand) == [(3, (1, 2, 3), (2,))] and hand.final_stacks == {1: 99, 2: 3, 3: 99}
    assert hand.history().user_fields["_full_blind"] is False
    replays_the_same(hand)
    # replayed with the rule on, the record's field still rules
    assert from_history(loads(dumps(hand.history())), Options(mode="replay", full_blind=True)).final_stacks == {
        1: 99, 2: 3, 3: 99}


# -- heads-up -----------------------------------------------------------------------------------------

def test_heads_up_big_blind_all_in_for_the_small_blind_nobody_acts():
    hand = Hand("NT", {1: 1, 2: 100}, button=2, blinds=(1, 2), deck="AsKhAdKd" + "3s9h8s4c5hJd6dQc")
    assert hand.to_act is None and hand.over  # matched already: the board is run out
    assert hand.contributed == {1: 1, 2: 1} and hand.final_stacks == {1: 2, 2: 99}
    replays_the_same(hand)


def test_heads_up_big_blind_all_in_between_the_blinds_owes_only_the_all_in():
    # blinds 2/4, the big blind (seat 1) all in for 3: the button calls 1, cannot raise (nobody to call)
    hand = Hand("NT", {1: 3, 2: 100}, button=2, blinds=(2, 4), deck="AsKhAdKd" + "3s9h8s4c5hJd6dQc")
    legal = hand.legal_actions()
    assert (legal.seat, legal.call, legal.check, legal.raise_to) == (2, 1, False, None)
    hand.call(2)
    assert hand.over and hand.final_stacks == {1: 6, 2: 97}
    replays_the_same(hand)


def test_heads_up_short_blind_against_a_full_one():
    # the button short of its small blind against a full big blind: it is all in, nothing to play;
    # the big blind's AA wins the 1 matched and takes back its uncalled chip
    hand = Hand("NT", {1: 100, 2: 1}, button=2, blinds=(1, 2), deck="AsKhAdKd" + "3s9h8s4c5hJd6dQc")
    assert hand.to_act is None and hand.over and hand.final_stacks == {1: 101, 2: 0}
    assert "_full_blind" not in hand.history().user_fields  # the largest blind was posted in full
    replays_the_same(hand)


# -- straddles ----------------------------------------------------------------------------------------

def test_short_straddle_is_owed_in_full():
    # seats 1 SB, 2 BB, 3 straddle 4 all in for 3, 4 button: call 4, raise to 8 at least
    deck = "2c3dAsKh7d8cAdKd" + "Qs9h8s4c5hJd6dQc"
    hand = Hand("NT", {1: 50, 2: 50, 3: 3, 4: 70}, button=4, blinds=(1, 2), straddles=(4,), deck=deck)
    legal = hand.legal_actions()
    assert (legal.seat, legal.call, legal.raise_to) == (4, 4, RaiseRange(8, 70))
    hand.call(4)
    assert (hand.to_act, hand.legal_actions().call) == (1, 3)
    hand.call(1)
    assert (hand.to_act, hand.legal_actions().call, hand.legal_actions().check) == (2, 2, False)
    hand.call(2)
    check_down(hand)
    assert pots(hand) == [(12, (1, 2, 3, 4), (3,)), (3, (1, 2, 4), (4,))]
    assert hand.final_stacks == {1: 46, 2: 46, 3: 12, 4: 69}
    replays_the_same(hand)


def test_straddle_all_in_for_less_than_the_big_blind():
    hand = Hand("NT", {1: 50, 2: 50, 3: 1, 4: 70}, button=4, blinds=(1, 2), straddles=(4,), rng=random.Random(1))
    assert hand.bets == {1: 1, 2: 2, 3: 1, 4: 0}
    assert hand.legal_actions().call == 4 and hand.legal_actions().raise_to == RaiseRange(8, 70)
    hand.fold(4)
    assert hand.legal_actions().call == 3  # the big blind is still live with chips: 4 is owed
    hand.fold(1)
    legal = hand.legal_actions()  # the big blind faces the straddle's 1 alone: nothing owed
    assert (legal.seat, legal.check, legal.raise_to) == (2, True, None)
    hand.check(2)
    assert hand.over
    replays_the_same(hand)


# -- pot limit, fixed limit, a draw game ----------------------------------------------------------------

def test_pot_limit_counts_the_chips_in_the_pot():
    hand = three_handed("PO", deck=None, rng=random.Random(4))
    assert hand.legal_actions().raise_to == RaiseRange(4, 6)  # call 2 with 2 in: a pot of 4, to 6
    hand.raise_to(3, 6)
    legal = hand.legal_actions()  # the small blind: call 5, then the pot is 13: to 6 + 13 = 19
    assert (legal.call, legal.raise_to) == (5, RaiseRange(10, 19))
    hand.raise_to(1, 19)
    hand.call(3)
    assert hand.pot == 39
    check_down(hand)
    assert sum(hand.final_stacks.values()) == 201
    replays_the_same(hand)  # the record replays: the previous attempt's pot-limit maximum differed


def test_pot_limit_option_off_differs():
    hand = three_handed("PO", deck=None, rng=random.Random(4), options=Options(full_blind=False))
    assert hand.legal_actions().raise_to == RaiseRange(3, 4)  # call 1 with 2 in: a pot of 3, to 4


def test_fixed_limit_the_short_blind_is_the_bet():
    hand = three_handed("FT", deck=None, rng=random.Random(4))  # small bet 2: call 2, raise to 4
    legal = hand.legal_actions()
    assert (legal.call, legal.raise_to) == (2, RaiseRange(4, 4))
    hand.raise_to(3, 4)
    hand.raise_to(1, 6)
    hand.raise_to(3, 8)  # the blind, and three raises: capped
    legal = hand.legal_actions()
    assert (legal.call, legal.raise_to) == (2, None) and "no more raises" in legal.no_raise
    hand.call(1)
    check_down(hand)
    assert hand.contributed[1] == hand.contributed[3] >= 8
    replays_the_same(hand)


def test_fixed_limit_option_off_counts_no_bet():
    hand = three_handed("FT", deck=None, rng=random.Random(4), options=Options(full_blind=False))
    assert hand.legal_actions().raise_to == RaiseRange(3, 3)
    for seat, to in ((3, 3), (1, 5), (3, 7)):
        hand.raise_to(seat, to)
    assert hand.legal_actions().raise_to == RaiseRange(9, 9)  # three raises only so far


def test_draw_game_short_blind():
    hand = Hand("F2L3D", {1: 100, 2: 1, 3: 100}, button=3, blinds=(1, 2), rng=random.Random(2))
    assert hand.legal_actions().call == 2
    hand.call(3)
    assert hand.legal_actions().call == 1
    hand.call(1)
    while not hand.over:
        legal = hand.legal_actions()
        if legal.draw is not None:
            hand.stand_pat(legal.seat)
        elif legal.show:
            hand.show(legal.seat)
        else:
            hand.check(legal.seat)
    assert hand.contributed == {1: 2, 2: 1, 3: 2}
    replays_the_same(hand)


def test_stud_writes_no_field():
    hand = Hand("F7S", {1: 100, 2: 3, 3: 100}, button=3, ante=1, bring_in=1, small_bet=4, big_bet=8,
                rng=random.Random(5))
    assert "_full_blind" not in hand.history().user_fields


# -- records ----------------------------------------------------------------------------------------

RECORD = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 1, 100]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????"]
"""


def test_record_without_the_field_replays_as_posted():
    # a site's record (no field): replay mode plays the blind as posted, the live rules in full
    assert legal_json(RECORD, "replay")["actions"] == {"fold": True, "check": False, "call": 1,
                                                       "raise": {"min_to": 3, "max_to": 100}}
    assert legal_json(RECORD, "tda")["actions"] == {"fold": True, "check": False, "call": 2,
                                                    "raise": {"min_to": 4, "max_to": 100}}
    marked = RECORD + "_full_blind = true\n"
    for rules in ("replay", "tda"):
        assert legal_json(marked, rules)["actions"]["call"] == 2
    after = marked.replace('"d dh p3 ????"]', '"d dh p3 ????", "p3 cc"]')
    assert legal_json(after, "replay") == {"over": False, "street": 0, "to_act": "p1", "actions": {
        "fold": True, "check": False, "call": 1, "raise": {"min_to": 4, "max_to": 100}}}
    off = RECORD + "_full_blind = false\n"
    assert legal_json(off, "tda")["actions"]["call"] == 1


def test_site_record_convention_still_replays():
    # as posted, a call of 1 and the small blind's check: without the field it replays as the site played it
    text = RECORD.replace('"d dh p3 ????"]', '"d dh p3 ????", "p3 cc", "p1 cc"]')
    hand = from_history(loads(text), complete=False)
    assert hand.street_name == "flop" and hand.contributed == {1: 1, 2: 1, 3: 1}
    # by the full-blind rule, p3's cc calls 2 and p1's the 1 it still owes
    hand = from_history(loads(text + "_full_blind = true\n"), complete=False)
    assert hand.street_name == "flop" and hand.contributed == {1: 2, 2: 1, 3: 2}
    with pytest.raises(IllegalActionError, match=r"actions\[4\] 'p1 cbr 3'.*at least 4"):
        from_history(loads(text.replace('"p1 cc"]', '"p1 cbr 3"]') + "_full_blind = true\n"), complete=False)


def test_open_hand_history_carries_the_rule():
    hand = three_handed()
    hand.call(3)
    hand.call(1)
    check_down(hand)
    o = write_ohh(hand.history())["ohh"]
    assert o["pokerengine_full_blind"] == {"player_id": 1, "amount": 2}
    assert [(a["action"], a.get("amount")) for a in o["rounds"][0]["actions"]] == [
        ("Post SB", 1), ("Post BB", 1), ("Dealt Cards", None), ("Dealt Cards", None), ("Dealt Cards", None),
        ("Call", 2), ("Call", 1)]
    (back,) = read_ohh(dumps_ohh(hand.history()))
    assert back.history.blinds_or_straddles == (1, 2, 0) and back.history.user_fields["_full_blind"] is True
    assert replay_hand(back.history).finishing == (98, 3, 100) and check_site(back).status == "matched"


@pytest.mark.parametrize("bad, message", [
    (5, "must be"), ({"amount": 2}, "player_id"), ({"player_id": 7, "amount": 2}, "player_id 7"),
    ({"player_id": 1}, "amount"), ({"player_id": 1, "amount": 1}, "p3 calls 2, but the call is 1"),
    ({"player_id": 1, "amount": -2}, "amount")])
def test_open_hand_history_extension_checked(bad, message):
    hand = three_handed()
    hand.call(3)
    hand.call(1)
    check_down(hand)
    o = write_ohh(hand.history())
    o["ohh"]["pokerengine_full_blind"] = bad
    with pytest.raises(HistoryParseError, match=message):
        read_ohh(dumps_ohh(o))


def test_open_hand_history_extension_without_a_short_blind():
    hand = three_handed(bb_stack=100)
    hand.call(3)
    hand.call(1)
    check_down(hand)
    o = write_ohh(hand.history())
    assert "pokerengine_full_blind" not in o["ohh"]
    o["ohh"]["pokerengine_full_blind"] = {"player_id": 1, "amount": 2}
    with pytest.raises(HistoryParseError, match="2 owed, but no blind or straddle was posted short"):
        read_ohh(dumps_ohh(o))


@pytest.mark.parametrize("value", ["1", '"yes"', "[true]", "0"])
def test_field_must_be_a_boolean(value):
    with pytest.raises(HistoryParseError, match="_full_blind must be true or false"):
        from_history(loads(RECORD + f"_full_blind = {value}\n"), complete=False)


def test_full_blind_is_not_written_without_a_short_blind():
    hand = Hand("NT", [100, 100, 100], blinds=(1, 2), rng=random.Random(1))
    hand.fold(3)
    hand.fold(1)
    assert "_full_blind" not in hand.history().user_fields


def test_replay_options_default():
    assert TDA.full_blind and not REPLAY.full_blind
    assert not Options(mode="replay").full_blind and Options(mode="replay", full_blind=True).full_blind


# -- random hands with a short blind ----------------------------------------------------------------------

GAMES = st.sampled_from(["NT", "NT", "PO", "FT", "N2L1D"])


@st.composite
def short_tables(draw):
    game = draw(GAMES)
    n = draw(st.integers(2, 6))
    bb = draw(st.sampled_from([2, 4, 10]))
    sb = draw(st.sampled_from([bb // 2, bb // 2, bb, 0]))
    kw: dict = {"blinds": (sb, bb)}
    if n > 2 and draw(st.booleans()):
        kw["straddles"] = (2 * bb,)
    if draw(st.booleans()):
        kw["ante"] = draw(st.integers(1, 2))
    stacks = [draw(st.one_of(st.integers(1, 3 * bb), st.integers(3 * bb, 60 * bb))) for _ in range(n)]
    # the largest blind or straddle short: heads-up the big blind is position 0, else the big blind
    # position 1 or the straddle position 2
    short_at = 0 if n == 2 else 2 if "straddles" in kw else 1
    due = kw.get("straddles", (bb,))[0]
    stacks[short_at] = kw.get("ante", 0) + draw(st.integers(1, due - 1))
    options = Options(full_blind=draw(st.booleans()), cap_heads_up=draw(st.booleans()))
    return game, stacks, kw, options, draw(st.integers(0, 2**32))


def expected_call_and_min(hand: Hand, full: int, raised: bool) -> tuple[int | None, int]:
    """An oracle of the bet to match pre-flop before any raise: the full blind while a live player
    other than the one to act has chips, else the largest bet; the smallest raise above it."""
    seat = hand.to_act
    bets, stacks = hand.bets, hand.stacks
    real = max(bets.values())
    others = any(stacks[s] for s in hand.seats if s != seat and s not in hand.folded)
    top = full if hand.options.full_blind and full > real and others and not raised else real
    owe = top - bets[seat]
    call = min(owe, stacks[seat]) if owe > 0 else None
    step = hand.steps[0]
    least = top + (step if hand.fixed else max(step, full))
    return call, min(least, stacks[seat] + bets[seat])


@given(short_tables(), st.lists(st.integers(0, 99), max_size=60))
def test_random_hands_with_a_short_blind(table, choices):
    game, stacks, kw, options, seed = table
    hand = Hand(game, stacks, options=options, rng=random.Random(seed), **kw)
    full = max(hand.blinds)
    posted = [min(b, s - a) for b, s, a in zip(hand.blinds, hand.starting, hand.antes)]
    short = max(posted) < full  # the largest blind or straddle was posted short
    picks = iter(choices)
    raised = False
    while not hand.over:
        legal = hand.legal_actions()
        seat = legal.seat
        pick = next(picks, 50)
        if legal.draw is not None:
            hand.draw(seat, hand.cards(seat)[: 2 * (pick % (legal.draw + 1))])
            continue
        if legal.show:
            hand.show(seat)
            continue
        if hand.street == 0 and not raised:
            call, least = expected_call_and_min(hand, full, raised)
            assert legal.call == call, (hand.actions, legal)
            assert legal.check == (call is None)
            if legal.raise_to is not None:
                assert legal.raise_to.min_to == least, (hand.actions, legal)
        if pick < 10 and legal.fold:
            hand.fold(seat)
        elif pick < 75 or legal.raise_to is None:
            hand.check(seat) if legal.check else hand.call(seat)
        else:
            r = legal.raise_to
            to = r.min_to if pick < 85 else r.max_to if pick < 92 else (r.min_to + r.max_to) // 2
            hand.raise_to(seat, to)
            raised = raised or hand.street == 0
    final = hand.final_stacks
    assert sum(final.values()) == sum(stacks)
    record = loads(dumps(hand.history()))
    assert record.user_fields.get("_full_blind") == (options.full_blind if short else None)
    assert from_history(record).final_stacks == final
    assert replay_hand(record).finishing == tuple(final[s] for s in hand.seats)
    (back,) = read_ohh(dumps_ohh(record))  # and through Open Hand History
    assert replay_hand(back.history).finishing == tuple(final[s] for s in hand.seats)
    assert check_site(back).status == "matched"
