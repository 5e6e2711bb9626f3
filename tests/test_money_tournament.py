"""Prize money in the tournament state machine: payouts over re-entries, deals locking money in
(mutation tests: docs/mutation.md)."""

from pokerengine.tournament import EquityConfig, Tournament

OFF = EquityConfig.off()


def test_payouts_add_up_every_entry_of_a_player():
    # Field of 5 (cat enters twice), paying 500/200/100/50/25.  cat's first entry busts first: 5th, 25.
    # Then bob 4th (50), dan 3rd (100), cat's second entry 2nd (200), ann wins 500.  cat gets 25 + 200.
    t = Tournament(equity=OFF)
    t.start([500, 200, 100, 50, 25], {"ann": 1000, "bob": 1000, "cat": 1000}, late_registration=True)
    t.hand("A", {"ann": 2000, "cat": 0})
    t.enter("dan", 1000)
    t.enter("cat", 1000)
    t.close_registration()
    # Standings are read between events: a stale answer would miss the busts that follow.
    assert [(s.player, s.entry, s.best, s.prize) for s in t.standings()] == [("cat", 1, 5, 25)]
    t.hand("A", {"ann": 3000, "bob": 0})
    assert [(s.player, s.best) for s in t.standings()] == [("bob", 4), ("cat", 5)]
    t.hand("A", {"ann": 4000, "dan": 0})
    t.hand("A", {"ann": 5000, "cat": 0})
    assert t.payouts() == {"ann": 500, "cat": 225, "dan": 100, "bob": 50}
    assert sum(t.payouts().values()) == t.pool == 875


def test_open_prizes_follow_the_players_left():
    # 4 players, 3 paid (300/200/100): the open places are 1st-4th, the 4th paying nothing.
    t = Tournament(equity=OFF)
    t.start([300, 200, 100], {"ann": 40, "bob": 30, "cat": 20, "dan": 10})
    assert t.open_prizes() == (300, 200, 100, 0)
    t.hand("A", {"ann": 50, "dan": 0})
    assert t.open_prizes() == (300, 200, 100)
    assert t.locked("ann") == 0 and t.locked("nobody") == 0


def test_partial_deal_locks_money_and_a_second_deal_adds_to_it():
    # 3 left paying 500/300/200 (1000), chip chop keeping 300 for the winner: each gets the next payout,
    # 200, and the 1000 - 300 - 3 x 200 = 100 left goes 50:30:20 by chips: ann 250, bob 230, cat 220.
    # The open places now pay 300, 0, 0.
    t = Tournament(equity=OFF)
    t.start([500, 300, 200], {"ann": 50, "bob": 30, "cat": 20})
    r = t.deal("chips", keep=300)
    assert r.event.amounts == {"ann": 250, "bob": 230, "cat": 220}
    assert t.open_prizes() == (300, 0, 0) and t.status == "running"
    assert (t.locked("ann"), t.locked("bob"), t.locked("cat")) == (250, 230, 220)
    # cat busts (3rd, keeping 220); a second deal chops the 300 still in play 60:40 (next payout 0).
    t.hand("A", {"ann": 60, "bob": 40, "cat": 0})
    assert t.open_prizes() == (300, 0)
    t.deal("chips")
    assert t.status == "finished"
    assert t.payouts() == {"ann": 250 + 180, "bob": 230 + 120, "cat": 220}
    assert sum(t.payouts().values()) == 1000
    assert [(s.best, s.player) for s in t.standings()] == [(1, "ann"), (2, "bob"), (3, "cat")]
