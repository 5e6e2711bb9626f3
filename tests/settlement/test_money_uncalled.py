"""The uncalled part of a raise goes back to the raiser even when he mucks at showdown.

TDA 15-B, 65-A: the part of the largest contribution above the second largest was never called and
goes back to whoever put it in, folded or not (PokerStars: "Uncalled bet (X) returned to ...").
The properties check :func:`pokerengine.settle`, :func:`pokerengine.runs.settle_runs`, the rake,
PHH replay (the short way and the engine), the live engine and the site check against
``tests/uncalled_oracle.py``, a dealer's settlement written from the rule book; the regression tests
replay a mucked all-in raise (a settle example and a PHH hand) through every path that moves money, and the sweep covers every other
place where "folded" touches money (dead money, a sitting-out blind, antes, run it twice, rake,
hi/lo).
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st
from profiles import examples
from uncalled_oracle import rule_settle, uncalled

from pokerengine import Rake, Seat, settle
from pokerengine.cards import DECK, cards_text, parse_cards
from pokerengine.cli import main
from pokerengine.formats.ohh import read_ohh
from pokerengine.formats.pokerstars import parse_pokerstars
from pokerengine.replay.convert import convert_text, site_to_phh
from pokerengine.live.interpreter import interpret
from pokerengine.phh.reader import loads
from pokerengine.replay.hand_replay import replay_hand
from pokerengine.live.settling import settle_outcome
from pokerengine.replay.site_check import check_site
from pokerengine.live import from_history as live_replay
from pokerengine.runs import settle_runs
from pokerengine.strategies import hands

# -- a mucked all-in raise -------------------------------------------------------------------------

BOARD = "3c3s4cAd5s"

#: p2 raises all in to 200, p3 calls all in for 100, p2 mucks: p2 must finish with 100.
MUCKED_RAISE_PHH = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 100]
actions = ["d dh p1 7c2d", "d dh p2 8h9s", "d dh p3 4h4d", "p3 cbr 6", "p1 f", "p2 cbr 200", "p3 cc",
"d db 3c3s4c", "d db Ad", "d db 5s", "p3 sm 4h4d", "p2 sm"]
finishing_stacks = [199, 100, 201]
"""


def pokerstars_hand(bob: str) -> str:
    """The mucked raise as PokerStars writes it, in dollars; ``bob`` is bob's showdown line."""
    summary = {"bob: mucks hand": "Seat 2: bob (big blind) mucked",
               "bob: shows [8h 9s] (a pair of Threes)": "Seat 2: bob (big blind) showed [8h 9s] and lost with a pair of Threes"}
    return f"""PokerStars Hand #24000000001:  Hold'em No Limit ($1/$2 USD) - 2020/04/16 13:54:25 ET
Table 'Uncalled' 6-max Seat #3 is the button
Seat 1: ann ($200 in chips)
Seat 2: bob ($200 in chips)
Seat 3: cy ($100 in chips)
ann: posts small blind $1
bob: posts big blind $2
*** HOLE CARDS ***
cy: raises $4 to $6
ann: folds
bob: raises $194 to $200 and is all-in
cy: calls $94 and is all-in
Uncalled bet ($100) returned to bob
*** FLOP *** [3c 3s 4c]
*** TURN *** [3c 3s 4c] [Ad]
*** RIVER *** [3c 3s 4c Ad] [5s]
*** SHOW DOWN ***
cy: shows [4h 4d] (a full house, Fours full of Threes)
{bob}
cy collected $201 from pot
*** SUMMARY ***
Total pot $201 | Rake $0
Board [3c 3s 4c Ad 5s]
Seat 1: ann (small blind) folded before Flop
{summary[bob]}
Seat 3: cy (button) showed [4h 4d] and won ($201) with a full house, Fours full of Threes
"""


BOB_LINES = ("bob: mucks hand", "bob: shows [8h 9s] (a pair of Threes)")


def test_a_mucked_all_in_raise_gets_its_uncalled_part_back():
    r = settle([Seat(1, 100, cards="4h4d"), Seat(2, 150, folded=True)], board=BOARD, small_blind=1, button=2)
    assert dict(r.net) == {1: 100, 2: -100}
    assert dict(r.refunds) == {1: 0, 2: 50} and [p.amount for p in r.pots] == [200]
    # the same hand with seat 2 showing its losing 8-9: the same money
    shown = settle([Seat(1, 100, cards="4h4d"), Seat(2, 150, cards="8h9s")], board=BOARD, small_blind=1, button=2)
    assert dict(shown.net) == dict(r.net) and dict(shown.refunds) == dict(r.refunds)


def test_the_mucked_raise_phh_matches_in_pokerengine_replay(tmp_path, capsys):
    path = tmp_path / "mucked_raise.phh"
    path.write_text(MUCKED_RAISE_PHH)
    assert main(["replay", "--json", "-q", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["hands"], out["matched"], out["mismatched_count"]) == (1, 1, 0)


def test_the_mucked_raise_phh_settles_the_same_on_every_replay_path():
    hand = loads(MUCKED_RAISE_PHH)
    r = replay_hand(hand)  # the short way (live/quick.py)
    assert r.finishing_stacks == (199, 100, 201) and r.status == "matched"
    assert dict(r.settlement.refunds) == {1: 0, 2: 100, 3: 0}
    engine = settle_outcome(interpret(hand, quick=False), ante_trimming=False)  # the live engine's rule book
    assert dict(engine.payouts) == dict(r.settlement.payouts)
    live = live_replay(hand)  # pokerengine.live: the engine's own settlement (live/showdown.py)
    assert live.final_stacks == {1: 199, 2: 100, 3: 201}
    assert dict(live.settlement.refunds) == {1: 0, 2: 100, 3: 0}
    # chips go back once: nothing was handed back when the betting closed, only at the settlement
    assert live.contributed == {1: 1, 2: 200, 3: 100} and sum(live.final_stacks.values()) == 500


@pytest.mark.parametrize("bob", BOB_LINES, ids=["mucks", "shows"])
def test_a_pokerstars_hand_with_the_uncalled_bet_returned_to_the_mucker(bob):
    [hand] = parse_pokerstars(pokerstars_hand(bob))
    assert hand.returned == (0, 10000, 0)  # cents, in position order: ann, bob, cy
    result = check_site(hand)
    assert result.status == "matched", result.message
    record = site_to_phh(hand)
    assert record.finishing_stacks == (19900, 10000, 20100)
    assert replay_hand(record).status == "matched"


@pytest.mark.parametrize("bob", BOB_LINES, ids=["mucks", "shows"])
def test_convert_to_phh_and_ohh_replays_to_the_same_stacks(bob):
    text = pokerstars_hand(bob)
    phh = loads(convert_text(text, "phh"))
    r = replay_hand(phh)
    assert r.finishing_stacks == (19900, 10000, 20100) and r.status == "matched"
    [ohh] = read_ohh(convert_text(text, "ohh"))
    assert check_site(ohh).status == "matched"
    [pot] = json.loads(convert_text(text, "ohh"))["ohh"]["pots"]
    assert pot["amount"] == pytest.approx(201) and pot["player_wins"][0]["win_amount"] == pytest.approx(201)
    again = replay_hand(loads(convert_text(convert_text(text, "ohh"), "phh")))
    assert again.finishing_stacks == (19900, 10000, 20100) and again.status == "matched"


def test_convert_the_mucked_raise_phh_to_ohh_and_back():
    text = convert_text(MUCKED_RAISE_PHH, "ohh")
    [pot] = json.loads(text)["ohh"]["pots"]
    assert pot["amount"] == 201  # the pot: bob's uncalled 100 is in no pot
    [ohh] = read_ohh(text)
    assert check_site(ohh).status == "matched"
    back = replay_hand(loads(convert_text(text, "phh")))
    assert back.finishing_stacks == (199, 100, 201) and back.status == "matched"


# -- the sweep: every other place where "folded" touches money --------------------------------------


def test_sweep_dead_money_joins_the_pot_not_the_refund():
    # 10 dead (a dead small blind, an absent player's ante): in the main pot; seat 2's 50 uncalled back.
    r = settle([Seat(1, 100, cards="4h4d"), Seat(2, 150, folded=True)], board=BOARD, dead=10)
    assert dict(r.refunds) == {1: 0, 2: 50} and [(p.amount, p.dead) for p in r.pots] == [(210, 10)]
    assert dict(r.payouts) == {1: 210, 2: 50}


def test_sweep_a_sitting_out_blind_folded_all_in_gets_its_uncalled_chip_back():
    # A site folds the hand of a player sitting out whose big blind (2) put him all in; the small blind
    # is all in for 1; everyone else folds.  The big blind's second chip was never called: it is his.
    hand = loads("""variant = "NT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
min_bet = 2
starting_stacks = [1, 2, 100, 100]
actions = ["d dh p1 AsKd", "d dh p2 QhQc", "d dh p3 7c2d", "d dh p4 8c3d", "p3 f", "p2 f", "p4 f"]
finishing_stacks = [2, 1, 100, 100]""")
    r = replay_hand(hand)
    assert r.status == "matched" and dict(r.settlement.refunds) == {1: 0, 2: 1}
    assert live_replay(hand).final_stacks == {1: 2, 2: 1, 3: 100, 4: 100}


@pytest.mark.parametrize("trim", [False, True])
def test_sweep_antes_an_all_in_raiser_who_mucks_gets_the_excess_of_his_bets(trim):
    # Antes of 1 (dead money by default): p2's bets 199 against p3's 99, so 100 come back either way.
    text = (MUCKED_RAISE_PHH.replace("antes = [0, 0, 0]", "antes = [1, 1, 1]").replace('"p2 cbr 200"', '"p2 cbr 199"')
            .replace("finishing_stacks = [199, 100, 201]", "finishing_stacks = [198, 100, 202]"))
    if trim:
        text = "ante_trimming_status = true\n" + text
    hand = loads(text)
    r = replay_hand(hand)
    assert r.status == "matched" and r.settlement.refunds[2] == 100
    assert live_replay(hand).final_stacks == {1: 198, 2: 100, 3: 202}


def test_sweep_trimmed_antes_a_folded_button_ante_above_the_big_blind():
    # ante_trimming_status = true counts antes like bets: the button's ante of 3 is the lone top, the
    # big blind's 2 the second; everyone folds to the big blind.  1 comes back to the button.
    hand = loads("""variant = "NT"
ante_trimming_status = true
antes = [0, 0, 3]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 AsKd", "d dh p2 QhQc", "d dh p3 7c2d", "p3 f", "p1 f"]
finishing_stacks = [99, 103, 98]""")
    r = replay_hand(hand)
    assert r.status == "matched" and dict(r.settlement.refunds) == {1: 0, 2: 0, 3: 1}


def test_sweep_run_it_twice_the_mucker_gets_the_uncalled_part_undivided():
    hand = loads(MUCKED_RAISE_PHH.replace('"d db 5s", ', '"d db 5s", "d db 8c9cTd", "d db Jd", "d db Qh", ')
                 .replace("finishing_stacks", "_run_count = 2\nfinishing_stacks"))
    assert hand.run_count == 2
    r = replay_hand(hand)
    assert r.finishing_stacks == (199, 100, 201) and r.status == "matched"
    assert live_replay(hand).final_stacks == {1: 199, 2: 100, 3: 201}
    runs = settle_runs([Seat(1, 100, cards="4h4d"), Seat(2, 150, folded=True)], board="",
                       runs=["3c3s4cAd5s", "8c9cTdJdQh"])
    assert dict(runs.refunds) == {1: 0, 2: 50} and runs.parts == ((100, 100),)
    assert "Uncalled: seat 2 gets back 50" in runs.explain().splitlines()
    assert "Seat 2 (folded): put in 150, gets 50, net -100" in runs.explain().splitlines()


def test_sweep_rake_never_takes_the_muckers_uncalled_chips():
    r = settle([Seat(1, 100, cards="4h4d"), Seat(2, 150, folded=True)], board=BOARD, rake=Rake("5"))
    assert (r.rake, dict(r.refunds), dict(r.payouts)) == (10, {1: 0, 2: 50}, {1: 190, 2: 50})
    capped = settle([Seat(1, 100, cards="4h4d"), Seat(2, 150, folded=True)], board=BOARD, rake=Rake("100"))
    assert (capped.rake, dict(capped.payouts)) == (200, {1: 0, 2: 50})


def test_sweep_hilo_the_halves_are_of_the_called_chips_only():
    # Omaha hi/lo: seat 3 folded after 40 against two live seats' 25: 15 back; the 75 are halved.
    board = "2c3d8hKsQd"
    r = settle([Seat(1, 25, cards="Ac4cJhTh"), Seat(2, 25, cards="KcKh9c9d"), Seat(3, 40, folded=True)],
               board=board, game="omaha-hilo")
    assert dict(r.refunds) == {1: 0, 2: 0, 3: 15}
    assert dict(r.payouts) == {1: 37, 2: 38, 3: 15}  # low 37 to seat 1; high 38 (the odd chip) to seat 2's kings


# -- properties against the rule-book oracle ---------------------------------------------------------


@st.composite
def muck_hands(draw: st.DrawFn, max_chips: int = 300) -> dict:
    """``settle`` keyword arguments where, half the time, the lone top contribution is a folded seat
    (an all-in raiser who mucked), above live seats, folded ones and dead money."""
    hand = draw(hands(showdown=True, max_chips=max_chips))
    seats = list(hand["seats"])
    if draw(st.booleans()):
        i = draw(st.integers(0, len(seats) - 1))
        top = max(s.contributed for s in seats) + draw(st.integers(1, max_chips))
        s = seats[i]
        seats[i] = Seat(s.seat, top, True, s.cards)
        if all(x.folded for x in seats):
            j = draw(st.sampled_from([k for k in range(len(seats)) if k != i]))
            seats[j] = Seat(seats[j].seat, seats[j].contributed, False, seats[j].cards)
    hand["seats"] = seats
    return hand


def conserved(hand: dict, result) -> None:
    put = sum(s.contributed for s in hand["seats"])
    assert sum(result.payouts.values()) + result.rake == put + hand.get("dead", 0)
    assert all(v >= 0 for v in result.payouts.values())


def test_the_oracle_on_hands_worked_by_hand():
    # Seed 004: 10, 10, 8, 6 live and 5 folded make pots 29 / 6 / 4; nothing is uncalled.
    seed = {"seats": [Seat(1, 10, cards="QsQd"), Seat(2, 10, cards="QhQc"), Seat(3, 8, cards="KsKd"),
                      Seat(4, 6, cards="AsAd"), Seat(5, 5, folded=True)], "board": "2c7d9hTs3c"}
    want = rule_settle(seed)
    assert want["pots"] == [29, 6, 4] and want["payouts"] == {1: 2, 2: 2, 3: 6, 4: 29, 5: 0}
    # The mucked raise: 50 back to the mucker, 200 to the fours; 5% rake of 200 is 10, none of the 50.
    mucked = {"seats": [Seat(1, 100, cards="4h4d"), Seat(2, 150, folded=True)], "board": BOARD}
    assert rule_settle(mucked)["payouts"] == {1: 200, 2: 50}
    assert rule_settle(mucked, rake=(Fraction(5), None))["payouts"] == {1: 190, 2: 50}
    # Two folded seats above the live one: 8 back to the top; the second's 7 above the live 5 stay in.
    folded = {"seats": [Seat(1, 5, cards="4h4d"), Seat(2, 12, folded=True), Seat(3, 20, folded=True)],
              "board": BOARD, "dead": 3}
    assert rule_settle(folded) == {"payouts": {1: 32, 2: 0, 3: 8}, "refunds": {1: 0, 2: 0, 3: 8},
                                   "rake": 0, "pots": [32]}


@settings(max_examples=examples(150))
@given(muck_hands())
def test_settle_agrees_with_the_rule_book_oracle(hand):
    result = settle(**hand)
    want = rule_settle(hand)
    assert dict(result.refunds) == want["refunds"]
    assert [p.amount for p in result.pots if p.amount] == want["pots"]
    assert dict(result.payouts) == want["payouts"]
    conserved(hand, result)


@settings(max_examples=examples(150))
@given(muck_hands(), st.data())
def test_mucking_or_folding_at_showdown_never_changes_what_comes_back(hand, data):
    seats = hand["seats"]
    before = settle(**hand)
    assert dict(before.refunds) == uncalled({s.seat: s.contributed for s in seats})
    live = [k for k, s in enumerate(seats) if not s.folded]
    if len(live) < 2:
        return
    k = data.draw(st.sampled_from(live), label="mucks")
    mucked = list(seats)
    mucked[k] = Seat(seats[k].seat, seats[k].contributed, True, seats[k].cards)
    after = settle(**dict(hand, seats=mucked))
    assert dict(after.refunds) == dict(before.refunds)
    conserved(hand, after)
    # a mucked seat wins nothing but what came back to it
    assert after.payouts[seats[k].seat] == after.refunds[seats[k].seat]


@settings(max_examples=examples(100))
@given(muck_hands(), st.fractions(0, 100, max_denominator=8), st.one_of(st.none(), st.integers(0, 300)))
def test_rake_agrees_with_the_oracle_and_never_touches_the_uncalled(hand, percent, cap):
    result = settle(**hand, rake=Rake(Fraction(percent), cap))
    want = rule_settle(hand, rake=(Fraction(percent), cap))
    assert dict(result.refunds) == want["refunds"] == dict(settle(**hand).refunds)
    assert result.rake == want["rake"]
    assert dict(result.payouts) == want["payouts"]
    conserved(hand, result)


@st.composite
def muck_run_hands(draw: st.DrawFn) -> tuple[dict, list[str]]:
    """A muck hand whose board is dealt two or three times from the first street not yet dealt."""
    hand = draw(muck_hands(max_chips=200))
    board = parse_cards(hand["board"])
    cut = draw(st.sampled_from((0, 3, 4)))
    used = set(board).union(*(s.cards for s in hand["seats"]))
    rest = random.Random(draw(st.integers(0, 2**32 - 1))).sample([c for c in DECK if c not in used], 10)
    size = 5 - cut
    n = draw(st.integers(2, 3))
    runs = [cards_text(board[cut:])] + [cards_text(rest[k * size:(k + 1) * size]) for k in range(n - 1)]
    hand["board"] = cards_text(board[:cut])
    return hand, runs


@settings(max_examples=examples(60))
@given(muck_run_hands())
def test_run_it_twice_agrees_with_the_oracle(case):
    hand, runs = case
    result = settle_runs(**hand, runs=runs)
    want = rule_settle(hand, runs=runs)
    assert dict(result.refunds) == want["refunds"]
    assert dict(result.payouts) == want["payouts"]
    conserved(hand, result.settlement)


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(12, 120), st.integers(1, 150), st.integers(0, 3), st.booleans(), st.booleans(),
       st.sampled_from(("8h9s", "AhAs")))
def test_phh_an_all_in_raiser_who_mucks_or_shows(short, more, ante, trim, mucks, bob):
    # p3 raises to 6, p1 folds, p2 raises all in, p3 calls all in for less; p2 shows or mucks (with
    # aces full he would win by showing).  By the rule: p2's bets above p3's come back to p2; the
    # pot is the blinds, the antes and twice p3's bets, and goes to p3 unless p2 shows and wins.
    s3, s2, s1 = short, short + more, 300
    if s2 - ante < 10 + ante:
        s2 += 10
    back = s2 - s3
    pot = 1 + 3 * ante + 2 * (s3 - ante)
    p2_wins = not mucks and bob == "AhAs"
    want = (s1 - ante - 1, back + (pot if p2_wins else 0), 0 if p2_wins else pot)
    show = '"p2 sm"' if mucks else f'"p2 sm {bob}"'
    text = f"""variant = "NT"
ante_trimming_status = {"true" if trim else "false"}
antes = [{ante}, {ante}, {ante}]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [{s1}, {s2}, {s3}]
actions = ["d dh p1 7c2d", "d dh p2 {bob}", "d dh p3 4h4d", "p3 cbr 6", "p1 f", "p2 cbr {s2 - ante}", "p3 cc",
"d db 3c3s4c", "d db Ad", "d db 5s", "p3 sm 4h4d", {show}]
finishing_stacks = [{want[0]}, {want[1]}, {want[2]}]"""
    hand = loads(text)
    r = replay_hand(hand)
    assert r.finishing_stacks == want and r.status == "matched"
    assert r.settlement.refunds[2] == back
    assert live_replay(hand).final_stacks == dict(zip((1, 2, 3), want))
    engine = settle_outcome(interpret(hand, quick=False), ante_trimming=trim)
    assert dict(engine.payouts) == dict(r.settlement.payouts)
