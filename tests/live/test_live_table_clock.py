"""A table that keeps time and money: deadlines the table keeps from the ``now`` it is told,
absent players acted for when their turn comes, the ledger, a player's seat, whether a hand can start."""

from __future__ import annotations

import math
import random

import pytest

from pokerengine import Rake
from pokerengine.errors import PokerEngineError
from pokerengine.live import Clock, Deadline, Options, Table


def seated(players=(("ann", 1), ("bob", 2), ("cat", 3)), stack=200, **kw):
    table = Table(**{"blinds": (5, 10), **kw})
    for name, seat in players:
        table.join(name, seat, stack)
    return table


# -- an absent player who must draw --------------------------------------------------------------------


def test_fold_absent_in_a_draw_stands_pat_instead_of_refusing_after_applying_folds():
    # an absent player who must draw stands pat: fold_absent applies bob's fold and goes on, never a
    # refusal ("no betting now (drawing on the first draw)") after a change to the table
    t = Table("F2L3D", kind="tournament", blinds=(5, 10))
    for n, s in (("ann", 1), ("bob", 2), ("cat", 3)):
        t.join(n, s, 200)
    h = t.next_hand(rng=random.Random(1))
    h.act(3, "call")
    h.act(1, "call")
    t.sit_out("bob")  # bob (big blind) is to act: away, his hand is dead (TDA 30), folded though a check is free
    assert [(e.kind, e.player, e.lines) for e in t.events] == [("absent", "bob", ("p2 f",))]
    assert h.to_act == 1 and h.legal_actions().draw is not None  # the draw, ann first
    before = h.snapshot()
    t.sit_out("ann")  # on her turn to draw: no fold is possible, she stands pat (drawing nothing)
    assert [(e.kind, e.player, e.lines) for e in t.events][1:] == [("absent", "ann", ("p1 sd",))]
    assert h.snapshot() != before and h.to_act == 3 and not h.over
    assert t.fold_absent(h) == ()  # cat is here
    events = t.act("cat", "draw", "")  # then the betting: ann is first, away: folded
    assert [(e.kind, e.player, e.lines) for e in events] == [("acted", "cat", ("p3 sd",)),
                                                             ("absent", "ann", ("p1 f",))]
    assert h.over
    assert t.finish(h).stacks == {"ann": 190, "bob": 190, "cat": 220}


def test_absent_players_in_every_phase_never_refused():
    # every phase: betting (fold), drawing (stand pat), showdown (show a winner, else muck);
    # the hand always ends and the table's count holds
    for game in ("NT", "F2L3D", "FO/8"):
        for seed in range(15):
            t = seated(game=game, kind="tournament") if game != "FO/8" else seated(game=game, kind="tournament",
                                                                                  small_bet=10, big_bet=20)
            h = t.next_hand(rng=random.Random(seed))
            rng = random.Random(seed)
            while not h.over:
                if rng.random() < 0.3:
                    t.sit_out(rng.choice(["ann", "bob", "cat"]))
                    continue
                legal = h.legal_actions()
                seat = h.to_act
                if legal.draw is not None:
                    t.act(t.players[seat], "draw", "")
                else:
                    t.act(t.players[seat], "check" if legal.check else "call" if legal.call is not None else "show")
            assert sum(t.finish(h).stacks.values()) == 600


# -- deadlines ----------------------------------------------------------------------------------------


def test_a_deadline_expires_without_the_server_tracking_it():
    t = seated(clock=Clock(turn=10, bank=5))
    h = t.next_hand(rng=random.Random(3), now=100)
    to_act = h.to_act
    name = t.players[to_act]
    assert t.deadline == Deadline(name, to_act, 100.0, 110.0, 115.0, 5.0)
    before = t.snapshot()
    assert t.tick(114.99) == ()  # within the bank: nothing happens
    assert t.tick(115) != ()
    event = t.events[-1]
    assert (event.kind, event.player, event.seat, event.at) == ("timed_out", name, to_act, 115.0)
    assert event.lines == (f"p{h.seats.index(to_act) + 1} f",)  # facing the big blind: folded (time_out)
    assert to_act in h.folded and t.time_bank(name) == 0
    assert t.snapshot() != before
    assert t.deadline.started == 115.0 and t.deadline.seat == h.to_act  # the next turn runs from now
    assert event.to_json()["kind"] == "timed_out"


def test_a_timed_out_big_blind_checks_when_checking_is_free():
    t = seated(clock=Clock(turn=5))
    h = t.next_hand(rng=random.Random(3), now=0)
    t.act(t.players[h.to_act], "call", now=1)
    t.act(t.players[h.to_act], "call", now=2)
    big = h.to_act
    assert h.legal_actions().check
    (event,) = t.tick(7)
    assert event.kind == "timed_out" and event.lines[0].endswith(" cc") and big not in h.folded


def test_the_time_bank_pays_for_the_seconds_over_the_turn_and_refills():
    t = seated(clock=Clock(turn=10, bank=8, refill=3))
    h = t.next_hand(rng=random.Random(1), now=0)
    name = t.players[h.to_act]
    t.act(name, "call", now=15)  # 5 s over the turn: from the bank
    assert t.time_bank(name) == 3
    assert t.deadline.started == 15 and t.deadline.ends == 15 + 10 + 8
    while not h.over:
        legal = h.legal_actions()
        t.act(t.players[h.to_act], "check" if legal.check else "call" if legal.call is not None else "show", now=16)
    t.finish(h)
    assert t.time_bank(name) == 6  # 3 + 3 after the hand
    assert all(t.time_bank(p) == 8 for p in t.stacks if p != name)  # refilled, at most the bank


def test_a_late_action_is_refused_and_changes_nothing():
    t = seated(clock=Clock(turn=10))
    h = t.next_hand(rng=random.Random(1), now=0)
    name = t.players[h.to_act]
    before = t.snapshot()
    with pytest.raises(PokerEngineError, match="time ran out at 10"):
        t.act(name, "call", now=10)
    assert t.snapshot() == before
    assert t.tick(10)[0].kind == "timed_out"


@pytest.mark.parametrize("now", [math.nan, math.inf, -math.inf, -1, True, "3", None, 1e309])
def test_bad_times_are_refused_and_change_nothing(now):
    t = seated(clock=Clock(turn=10))
    h = t.next_hand(rng=random.Random(1), now=5)
    before = t.snapshot()
    with pytest.raises(PokerEngineError, match="now"):
        t.tick(now)
    with pytest.raises(PokerEngineError):
        t.act(t.players[h.to_act], "call", now=now)
    assert t.snapshot() == before


def test_the_clock_does_not_go_backwards_and_needs_the_time():
    t = seated(clock=Clock(turn=10))
    h = t.next_hand(rng=random.Random(1), now=5)
    before = t.snapshot()
    with pytest.raises(PokerEngineError, match="earlier than the last time given"):
        t.tick(4)
    with pytest.raises(PokerEngineError, match="keeps a clock"):
        t.act(t.players[h.to_act], "call")
    assert t.snapshot() == before


@pytest.mark.parametrize("kw, match", [({"turn": 0}, "more than 0"), ({"turn": True}, "number of seconds"),
                                       ({"turn": 1, "bank": -1}, "at least 0"),
                                       ({"turn": 1, "refill": math.nan}, "finite")])
def test_bad_clocks_are_refused(kw, match):
    with pytest.raises(PokerEngineError, match=match):
        Clock(**kw)
    with pytest.raises(PokerEngineError, match="clock must be a Clock"):
        Table(clock=30)


def test_without_a_clock_the_table_keeps_no_deadline():
    t = seated()
    h = t.next_hand(rng=random.Random(1), now=0)
    assert t.deadline is None and t.tick(10**9) == ()
    (event,) = t.act(t.players[h.to_act], "fold")
    assert event.kind == "acted" and event.at is None


# -- the player's seat, whether a hand can start -----------------------------------------------------------


def test_seat_of_player_at_and_can_start():
    t = Table(blinds=(1, 2))
    assert not t.can_start() and t.can_start().reason == "0 player(s) can play: a hand needs two"
    t.join("ann", 4, 100)
    t.join("bob", 6, 100)
    assert t.seat_of("ann") == 4 and t.player_at(6) == "bob" and t.player_at(5) is None
    t.sit_out("bob")
    assert t.can_start().reason == "1 player(s) can play: a hand needs two (1 sitting out)"
    with pytest.raises(PokerEngineError, match=r"needs two \(1 sitting out\)"):
        t.next_hand()
    t.come_back("bob")
    assert t.can_start().ok and bool(t.can_start())
    h = t.next_hand()
    assert t.can_start().reason == "a hand is in play: finish() it first"
    with pytest.raises(PokerEngineError, match="not at this table"):
        t.seat_of("cat")
    with pytest.raises(PokerEngineError, match="seat must be"):
        t.player_at(0)
    assert h is t.in_hand


def test_act_refusals_change_nothing():
    t = seated(players=(("ann", 1), ("bob", 2), ("cat", 3), ("dan", 4)))
    with pytest.raises(PokerEngineError, match="no hand is in play"):
        t.act("ann", "fold")
    h = t.next_hand(rng=random.Random(2))
    t.join("eve", 6, 200)  # seated during the hand: not in it
    to_act = t.players[h.to_act]
    other = next(p for p in ("ann", "bob", "cat", "dan") if p != to_act)
    t.leave("dan") if to_act != "dan" else None
    before = t.snapshot()
    for call, match in [(lambda: t.act("zed", "fold"), "not at this table"),
                        (lambda: t.act("eve", "fold"), "not in the hand in play"),
                        (lambda: t.act(other, "fold"), "out of turn|left during this hand"),
                        (lambda: t.act(to_act, "raise", 2.5), "integer"),
                        (lambda: t.act(to_act, "dance"), "unknown action")]:
        with pytest.raises(PokerEngineError, match=match):
            call()
        assert t.snapshot() == before


# -- the ledger ---------------------------------------------------------------------------------------


def test_the_ledger_counts_buy_ins_top_ups_cash_outs_leavers_busts_and_rake():
    t = Table(blinds=(5, 10), options=Options(rake=Rake("10")), buy_in=(50, 400))
    t.join("ann", 1, 100)
    t.join("bob", 2, 300)
    t.join("cat", 3, 50)
    t.add_chips("ann", 100)
    h = t.next_hand(rng=random.Random(4))
    t.leave(t.players[h.to_act])  # leaves mid-hand: paid out at finish
    while not h.over:
        legal = h.legal_actions()
        seat = h.to_act
        t.act(t.players[seat], "raise" if legal.raise_to else "call" if legal.call is not None else
              "check" if legal.check else "show", legal.raise_to.max_to if legal.raise_to else None)
    done = t.finish(h)
    ledger = t.ledger
    assert ledger.bought_in == 550 and ledger.raked == t.raked > 0
    assert ledger.cashed_out == sum(done.left.values())
    assert ledger.balanced and ledger.on_table == sum(t.stacks.values())
    assert set(ledger.accounts) == set(t.stacks)
    for name, account in ledger.accounts.items():
        assert account.bought_in == {"ann": 200, "bob": 300, "cat": 50}[name] and account.stack == t.stacks[name]


def test_corrections_are_in_the_ledger():
    t = Table(kind="tournament", blinds=(5, 10))
    t.join("ann", 1, 100)
    t.join("bob", 2, 100)
    t.correct("ann", 130)
    ledger = t.ledger
    assert (ledger.bought_in, ledger.corrected, ledger.on_table, ledger.balanced) == (200, 30, 230, True)
    assert ledger.accounts["ann"].corrected == 30


@pytest.mark.parametrize("now", [10**400, -10**400, 1e300, 10**12 + 1])
def test_times_beyond_the_bound_are_refused_without_an_overflow(now):
    # a huge int made float() raise OverflowError, a traceback instead of the project's error
    t = seated(clock=Clock(turn=10))
    t.next_hand(rng=random.Random(1), now=5)
    before = t.snapshot()
    with pytest.raises(PokerEngineError, match="seconds"):
        t.tick(now)
    with pytest.raises(PokerEngineError, match="seconds"):
        Clock(turn=now)
    assert t.snapshot() == before
    assert t.tick(10**12) != ()  # the bound itself is a time


def test_a_time_out_spends_the_whole_bank_whatever_the_rounding():
    # found by the property: 17.9 - 9.9 - 5 is 2.9999999999999982, which left 1.8e-15 s in a bank
    # the time-out had spent
    t = seated(clock=Clock(turn=5, bank=3))
    h = t.next_hand(rng=random.Random(1), now=9.9)
    name = t.players[h.to_act]
    assert t.deadline.ends == 17.9
    assert t.tick(17.9)[0].kind == "timed_out" and t.time_bank(name) == 0
