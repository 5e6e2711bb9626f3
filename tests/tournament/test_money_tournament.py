"""Prize money in the tournament state machine: payouts over re-entries, deals locking money in
(mutation tests: docs/mutation.md)."""

import pytest

from pokerengine.errors import TournamentError
from pokerengine.tournament import Entrant, EquityConfig, Tournament

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


def four_on_two_tables():
    t = Tournament(equity=OFF)
    t.start([400, 300, 200, 100], [Entrant("ann", 40, table="A"), Entrant("bob", 30, table="A"),
                                   Entrant("cat", 20, table="B"), Entrant("dan", 10, table="B")])
    t.hand_for_hand()
    t.hand("A", {"ann": 50, "bob": 20}, round=1)
    assert t.round == 1
    return t


def test_ending_ranks_by_chips_across_tables_and_closes_the_round():
    # Ended during hand-for-hand round 1 with ann 50, bob 20 (table A), cat 20, dan 10 (table B): the
    # players left are ranked by chips, tables apart (not a hand-for-hand tie): ann 1st (400), bob and
    # cat tie 2nd-3rd (250 each), dan 4th (100).  The round is over.
    t = four_on_two_tables()
    t.end()
    assert [(s.best, s.worst, s.player, s.prize) for s in t.standings()] == [
        (1, 1, "ann", 400), (2, 3, "bob", 250), (2, 3, "cat", 250), (4, 4, "dan", 100)]
    assert t.round is None and t.state().round is None


def test_partial_deal_closes_the_round_and_reports_no_busts():
    t = four_on_two_tables()
    r = t.deal("chips", keep=100)
    assert r.busted == () and t.round is None and t.status == "hand_for_hand"


def test_partial_deal_keeps_the_prizes_of_places_already_decided():
    # 500/300/200/100; dan busts 4th (100).  The three left chop all but 200 by chips: 200 each (the
    # next payout) + 300 split 5:3:2 -> ann 300, bob 260, cat 240; the prize list becomes 200, 0, 0 for
    # the places still open and keeps dan's 100 for 4th.
    t = Tournament(equity=OFF)
    t.start([500, 300, 200, 100], {"ann": 40, "bob": 30, "cat": 20, "dan": 10})
    t.hand("A", {"ann": 50, "dan": 0})
    r = t.deal("chips", keep=200)
    assert r.busted == () and r.event.amounts == {"ann": 300, "bob": 260, "cat": 240}
    assert t.prizes == (200, 0, 0, 100) and t.open_prizes() == (200, 0, 0)
    t.hand("A", {"ann": 70, "cat": 0})
    t.hand("A", {"ann": 100, "bob": 0})
    assert [(s.best, s.player, s.prize) for s in t.standings()] == [
        (1, "ann", 500), (2, "bob", 260), (3, "cat", 240), (4, "dan", 100)]


def test_agreed_amounts_still_respect_the_keep_rules():
    # An ICM deal keeps at most first less second prize (4000), even with the amounts written out.
    t = Tournament(equity=OFF)
    t.start([7000, 3000, 1000], {"ann": 50, "bob": 30, "cat": 20})
    with pytest.raises(TournamentError, match=r"at most first prize less second prize \(4000\), got 4001"):
        t.deal("icm", keep=4001, amounts={"ann": 2999, "bob": 3000, "cat": 1000})
    assert t.status == "running" and t.open_prizes() == (7000, 3000, 1000)
