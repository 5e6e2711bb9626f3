"""Scenario tests: one per rule, with places and prizes worked out by hand in the comments."""

from __future__ import annotations

import hashlib
import io

import pytest

from pokerengine import Seat, settle
from pokerengine.errors import EventLogError, TournamentError
from pokerengine.tournament import EquityConfig, HandPlayed, Tournament

OFF = EquityConfig.off()


def table(t):
    """Standings as (best, worst, player, prize) rows, best first."""
    return [(s.best, s.worst, s.player, s.prize) for s in t.standings()]


def four(prizes=(500, 300, 200), **kw):
    t = Tournament(equity=OFF, **kw)
    t.start(list(prizes), {"ann": 4000, "bob": 3000, "cat": 2000, "dan": 1000})
    return t


def test_one_bust_at_a_time_to_the_end():
    # 4 players, 3 paid: dan out 4th (0), cat 3rd (200), bob 2nd (300), ann wins 500.
    t = four()
    assert t.status == "running"
    assert t.hand("A", {"ann": 5000, "dan": 0}).busted == ("dan",)
    assert t.hand("A", {"bob": 5000, "cat": 0}).busted == ("cat",)
    r = t.hand("A", {"ann": 10000, "bob": 0})
    assert r.busted == ("bob",) and r.status == "finished"
    assert table(t) == [(1, 1, "ann", 500), (2, 2, "bob", 300), (3, 3, "cat", 200), (4, 4, "dan", 0)]
    assert sum(t.payouts().values()) == t.pool == 1000
    assert t.remaining == ()


def test_same_hand_busts_rank_by_starting_stack_wsop_126b():
    # ann (4000) and cat (2000) both bust to bob in one hand: 4 -> 2 left.
    # cat started smaller: 4th (0); ann 3rd (200).  Not the order they are listed.
    t = four()
    r = t.hand("A", {"cat": 0, "ann": 0, "bob": 9000})
    assert set(r.busted) == {"ann", "cat"}
    assert table(t) == [(3, 3, "ann", 200), (4, 4, "cat", 0)]


def test_equal_starting_stacks_tie_and_share_with_odd_unit_by_player_id():
    # bob and cat both start the hand with 2000 and bust: they tie for 3rd-4th and
    # share 101 + 0 = 101: 50 each, the odd unit to "bob" (the smaller id).
    t = Tournament(equity=OFF)
    t.start([600, 300, 101], {"ann": 4000, "bob": 2000, "cat": 2000, "dan": 2000})
    t.hand("A", {"ann": 8000, "cat": 0, "bob": 0})
    assert table(t) == [(3, 4, "bob", 51), (3, 4, "cat", 50)]
    assert [s.tied for s in t.standings()] == [2, 2]
    assert list(t.standings()[0].places) == [3, 4]


def six_h4h(prizes=(500, 300, 200, 101)):
    t = Tournament(equity=OFF)
    t.start(list(prizes), [
        {"id": "ann", "stack": 5000, "table": "A"}, {"id": "bob", "stack": 1000, "table": "A"},
        {"id": "cat", "stack": 1000, "table": "A"}, {"id": "dan", "stack": 3000, "table": "B"},
        {"id": "eve", "stack": 3000, "table": "B"}, {"id": "fay", "stack": 3000, "table": "B"},
    ])
    return t


def test_hand_for_hand_busts_on_different_tables_tie_whatever_their_stacks():
    # 6 players, 4 paid.  Round 1: cat busts at A -> 6th (0).  Round 2: bob (1000) at A
    # and fay (3000) at B bust: they tie for 4th-5th (WSOP 126.a, TDA RP-8) although
    # fay started with more; 101 + 0 = 101 -> bob 51 (odd unit, smaller id), fay 50.
    t = six_h4h()
    t.hand_for_hand()
    assert t.status == "hand_for_hand"
    t.hand("A", {"ann": 6000, "cat": 0}, round=1)
    t.hand("B", {"dan": 3000, "eve": 3000}, round=1)
    t.hand("A", {"ann": 7000, "bob": 0}, round=2)
    assert table(t) == [(5, 5, "bob", 0), (6, 6, "cat", 0)]  # provisional until round 2 is over
    t.hand("B", {"dan": 6000, "fay": 0}, round=2)
    assert table(t) == [(4, 5, "bob", 51), (4, 5, "fay", 50), (6, 6, "cat", 0)]
    assert t.round == 2


def test_without_hand_for_hand_the_later_hand_finishes_higher():
    # Same busts, normal play: bob's hand was recorded first, so bob is 5th (0), fay 4th (101).
    t = six_h4h()
    t.hand("A", {"ann": 6000, "cat": 0})
    t.hand("A", {"ann": 7000, "bob": 0})
    t.hand("B", {"dan": 6000, "fay": 0})
    assert table(t) == [(4, 4, "fay", 101), (5, 5, "bob", 0), (6, 6, "cat", 0)]


def test_hand_for_hand_round_at_one_table_keeps_starting_stack_order():
    # Round 1: ann (5000) and bob (1000) bust at A, nobody at B: ann 5th (0), bob 6th... with
    # prizes 500/300/200/101/50: ann 50, bob 0.
    t = six_h4h(prizes=(500, 300, 200, 101, 50))
    t.hand_for_hand()
    t.hand("A", {"ann": 0, "bob": 0, "cat": 7000}, round=1)
    t.hand("B", {"dan": 2000, "eve": 4000}, round=1)
    assert table(t) == [(5, 5, "ann", 50), (6, 6, "bob", 0)]


def test_hand_for_hand_mixed_round_ties_are_transitive():
    # Round 1: ann (5000) and bob (1000) bust in one hand at A; fay busts at B.
    # fay ties with ann and with bob (different tables), so all three tie for 4th-6th
    # and share 101 + 50 + 0 = 151: 51, 50, 50 (ann, then bob, get the odd unit).
    t = six_h4h(prizes=(500, 300, 200, 101, 50))
    t.hand_for_hand()
    t.hand("A", {"ann": 0, "bob": 0, "cat": 7000}, round=1)
    t.hand("B", {"dan": 6000, "fay": 0}, round=1)
    assert table(t) == [(4, 6, "ann", 51), (4, 6, "bob", 50), (4, 6, "fay", 50)]


def test_hand_for_hand_round_numbers_are_checked():
    t = six_h4h()
    with pytest.raises(TournamentError, match="only for hands played hand-for-hand"):
        t.hand("A", {"ann": 5500, "bob": 500}, round=1)
    t.hand_for_hand()
    with pytest.raises(TournamentError, match="needs its round number"):
        t.hand("A", {"ann": 5500, "bob": 500})
    t.hand("A", {"ann": 5500, "bob": 500}, round=3)
    with pytest.raises(TournamentError, match="table 'A' has already played hand-for-hand round 3"):
        t.hand("A", {"ann": 5000, "bob": 1000}, round=3)
    with pytest.raises(TournamentError, match="round 2 is over: round 3 has started"):
        t.hand("B", {"dan": 2000, "eve": 4000}, round=2)
    t.hand("B", {"dan": 2000, "eve": 4000}, round=3)
    t.hand("A", {"ann": 5000, "bob": 1000}, round=4)
    with pytest.raises(TournamentError, match="already on"):
        t.hand_for_hand(True)
    t.hand_for_hand(False)
    assert t.status == "running" and t.round is None
    with pytest.raises(TournamentError, match="not on"):
        t.hand_for_hand(False)


def test_seating_is_enforced_when_tables_are_assigned():
    t = six_h4h()
    with pytest.raises(TournamentError, match="'dan' sits at table 'B'"):
        t.hand("A", {"ann": 4000, "dan": 4000})
    t.move("dan", "A", seat=4)
    t.hand("A", {"ann": 4000, "dan": 4000})
    assert t.table_of("dan") == "A"


def test_seats_cannot_be_shared():
    t = Tournament(equity=OFF)
    with pytest.raises(TournamentError, match="both sit in seat 1 at table 'A'"):
        t.start([10], [{"id": "a", "stack": 1, "table": "A", "seat": 1}, {"id": "b", "stack": 1, "table": "A", "seat": 1}])
    t.start([10], [{"id": "a", "stack": 1, "table": "A", "seat": 1}, {"id": "b", "stack": 1, "table": "A", "seat": 2}])
    with pytest.raises(TournamentError, match="seat 1 at table 'A' is taken by 'a'"):
        t.move("b", "A", 1)
    t.move("a", "B", 1)
    t.move("b", "A", 1)  # free again


def test_hand_must_balance_and_name_players_in_play():
    t = four()
    with pytest.raises(TournamentError, match="does not balance: 7000 chips before, 7001 after"):
        t.hand("A", {"ann": 5001, "bob": 2000})
    with pytest.raises(TournamentError, match="no player 'zed'"):
        t.hand("A", {"ann": 4000, "zed": 0})
    t.hand("A", {"ann": 5000, "dan": 0})
    with pytest.raises(TournamentError, match="'dan' is out of the tournament"):
        t.hand("A", {"ann": 4000, "dan": 1000})
    with pytest.raises(TournamentError, match="cannot lose 3001 with 3000"):
        t.hand("A", deltas={"ann": 3001, "bob": -3001})
    t.hand("A", deltas={"ann": 3000, "bob": -3000})
    assert t.stacks == {"ann": 8000, "cat": 2000}


def test_settlement_hand():
    # ann (seat 1, 1000 chips) all in with aces; bob (seat 2, 3000) calls with kings; cat
    # (seat 3) folds after putting in 50.  ann wins 2050: ann 2050, bob 2000, cat 1950.
    t = Tournament(equity=OFF)
    t.start([300, 100], {"ann": 1000, "bob": 3000, "cat": 2000})
    s = settle([Seat(1, 1000, cards="AsAd"), Seat(2, 1000, cards="KsKd"), Seat(3, 50, folded=True)],
               board="2c7d9hTs3c")
    r = t.record_settlement("A", s, {1: "ann", 2: "bob", 3: "cat"})
    assert r.event == HandPlayed("A", deltas={"ann": 1050, "bob": -1000, "cat": -50})
    assert t.stacks == {"ann": 2050, "bob": 2000, "cat": 1950}
    big = settle([Seat(1, 3000, cards="AsAd"), Seat(2, 3000, cards="KsKd")], board="2c7d9hTs3c")
    with pytest.raises(TournamentError, match="'ann' put in 3000 chips but has only 2050"):
        t.record_settlement("A", big, {1: "ann", 2: "bob"})
    with pytest.raises(TournamentError, match="seat 2 of the settlement is not mapped"):
        t.record_settlement("A", s, {1: "ann", 3: "cat"})


def test_corrections_change_chip_counts_but_never_bust():
    t = four()
    t.correct({"ann": 4500, "bob": 2900}, reason="recount")
    assert t.stacks["ann"] == 4500 and t.chips_issued == t.chips_in_play == 10400
    with pytest.raises(TournamentError, match="cannot set 'bob' to 0"):
        t.correct({"bob": 0})
    t.hand("A", {"ann": 5500, "dan": 0})
    with pytest.raises(TournamentError, match="'dan' is out"):
        t.correct({"dan": 100})


def test_late_registration_and_re_entry_push_earlier_busts_down():
    # 3 start with late registration; cat busts: provisionally 3rd of 3.
    t = Tournament(equity=OFF)
    t.start([300], {"ann": 1000, "bob": 1000, "cat": 1000}, late_registration=True)
    assert t.status == "registering"
    t.hand("A", {"ann": 2000, "cat": 0})
    assert table(t) == [(3, 3, "cat", 0)]
    t.enter("dan", 1000)  # field 4: cat is now 4th
    assert table(t) == [(4, 4, "cat", 0)]
    with pytest.raises(TournamentError, match="'ann' is still in play"):
        t.enter("ann", 1000)
    t.enter("cat", 1000)  # re-entry: cat's second entry; field 5
    assert t.standing("cat") is None and t.standing("cat", 1).place == 5
    with pytest.raises(TournamentError, match="cannot start while registration is open"):
        t.hand_for_hand()
    with pytest.raises(TournamentError, match="pay 6 places but only 5"):
        t.close_registration([100] * 6)
    t.close_registration([500, 200])
    with pytest.raises(TournamentError, match="registration is closed"):
        t.enter("eve", 1000)
    # Play on: bob, dan, cat (entry 2) bust one by one; ann wins.
    t.hand("A", {"ann": 3000, "bob": 0})
    t.hand("A", {"ann": 4000, "dan": 0})
    t.hand("A", {"ann": 5000, "cat": 0})
    assert t.status == "finished"
    rows = [(s.best, s.player, s.entry, s.prize) for s in t.standings()]
    assert rows == [(1, "ann", 1, 500), (2, "cat", 2, 200), (3, "dan", 1, 0), (4, "bob", 1, 0), (5, "cat", 1, 0)]
    assert t.payouts()["cat"] == 200 and t.pool == 700
    assert t.standing("cat").place == 2 and t.standing("cat", entry=1).place == 5


def test_registering_alone_waits_for_entries_then_closing_finishes():
    t = Tournament(equity=OFF)
    t.start([100], {"ann": 1000, "bob": 1000}, late_registration=True)
    t.hand("A", {"ann": 2000, "bob": 0})
    assert t.status == "registering"  # more players may still enter
    t.close_registration()
    assert t.status == "finished" and table(t) == [(1, 1, "ann", 100), (2, 2, "bob", 0)]


def test_end_ranks_the_players_left_by_chips():
    # ann 5000, bob 3000, cat 3000, dan 1000 when the director ends it, prizes 400/300/200/100:
    # ann 1st (400), bob and cat tie 2nd-3rd (250 each), dan 4th (100).
    t = Tournament(equity=OFF)
    t.start([400, 300, 200, 100], {"ann": 5000, "bob": 3000, "cat": 3000, "dan": 1000})
    t.end("curfew")
    assert t.status == "finished"
    assert table(t) == [(1, 1, "ann", 400), (2, 3, "bob", 250), (2, 3, "cat", 250), (4, 4, "dan", 100)]


def test_start_is_checked():
    t = Tournament(equity=OFF)
    with pytest.raises(TournamentError, match="before the start"):
        t.hand("A", {"a": 1, "b": 1})
    with pytest.raises(TournamentError, match="pay 3 places but only 2"):
        t.start([3, 2, 1], {"a": 1, "b": 1})
    with pytest.raises(TournamentError, match="at least two players"):
        t.start([3], {"a": 1})
    with pytest.raises(TournamentError, match="never rise"):
        t.start([1, 2], {"a": 1, "b": 1})
    with pytest.raises(TournamentError, match="listed twice"):
        t.start([1], [{"id": "a", "stack": 1}, {"id": "a", "stack": 2}])
    assert t.status == "new" and t.events == ()
    t.start([2, 1], {"a": 1, "b": 1})
    with pytest.raises(TournamentError, match="already started"):
        t.start([2, 1], {"a": 1, "b": 1})


def test_refused_events_change_nothing_in_memory_or_in_the_log():
    buf = io.StringIO()
    t = Tournament(buf, equity=OFF)
    t.start([500, 300, 200], {"ann": 4000, "bob": 3000, "cat": 2000, "dan": 1000})
    t.hand("A", {"ann": 5000, "dan": 0})
    before, text = t.state(), buf.getvalue()
    bad = [
        lambda: t.hand("A", {"ann": 1, "bob": 1}),
        lambda: t.hand("A", {"ann": 4000, "dan": 1000}),
        lambda: t.correct({"zed": 5}),
        lambda: t.enter("eve", 100),
        lambda: t.close_registration(),
        lambda: t.hand_for_hand(False),
        lambda: t.deal("custom", amounts={"ann": 1000}),
        lambda: t.deal("icm", keep=10**9),
        lambda: t.move("dan", "B"),
    ]
    for attempt in bad:
        with pytest.raises(TournamentError):
            attempt()
        assert t.state() == before
        assert buf.getvalue() == text


def test_log_then_replay_then_resume(tmp_path):
    path = tmp_path / "t.jsonl"
    t = Tournament(path, equity=OFF)
    t.start([500, 300, 200], {"ann": 4000, "bob": 3000, "cat": 2000, "dan": 1000})
    t.hand("A", {"ann": 5000, "dan": 0})
    t.close()
    lines = path.read_text().splitlines()
    # each line carries its sequence number and the hash of the line before
    assert lines[1] == ('{"event": "hand", "table": "A", "stacks": {"ann": 5000, "dan": 0}, "seq": 2, "prev": "%s"}'
                        % hashlib.sha256(lines[0].encode()).hexdigest())
    # a crash while writing the next line leaves half of it
    with open(path, "a") as f:
        f.write('{"event": "hand", "table": "A", "sta')
    again = Tournament.open(path, equity=OFF)
    assert again.recovery.torn == '{"event": "hand", "table": "A", "sta' and again.recovery.torn_line == 3
    assert again.recovery.kept == f"{path}.torn"
    assert again.state() == t.state()
    again.hand("A", {"bob": 5000, "cat": 0})
    again.close()
    assert path.read_text().splitlines()[2].startswith('{"event": "hand", "table": "A", "stacks": {"bob": 5000, "cat": 0}, "seq": 3')
    assert Tournament.replay(path, equity=OFF).state() == again.state()
    with pytest.raises(TournamentError, match="already holds events: resume it with Tournament.open"):
        Tournament(path)
    fresh = Tournament.open(tmp_path / "new.jsonl", equity=OFF)
    assert fresh.status == "new" and fresh.recovery is None
    fresh.close()


def test_replay_names_the_line_of_a_refused_event():
    lines = [
        '{"event": "start", "prizes": [10], "players": [{"id": "a", "stack": 5}, {"id": "b", "stack": 5}]}\n',
        '{"event": "hand", "table": "A", "stacks": {"a": 11, "b": 0}}\n',
    ]
    with pytest.raises(EventLogError, match="line 2: hand at table 'A' does not balance"):
        Tournament.replay(lines)


def test_settlement_dead_money_says_who_paid_it():
    # A big-blind ante of 20 posted as dead by bob: the settlement's pot holds it as dead money.
    # ann raises all in for 500 and bob calls; ann's aces win 1020: ann 1520, bob 480 (1000 - 500 - 20).
    t = Tournament(equity=OFF)
    t.start([300, 100], {"ann": 1000, "bob": 1000, "cat": 1000})
    s = settle([Seat(1, 500, cards="AsAd"), Seat(2, 500, cards="KsKd")], board="2c7d9hTs3c", dead=20)
    with pytest.raises(TournamentError, match="20 dead chips; say who paid them"):
        t.record_settlement("A", s, {1: "ann", 2: "bob"})
    t.record_settlement("A", s, {1: "ann", 2: "bob"}, dead={"bob": 20})
    assert t.stacks == {"ann": 1520, "bob": 480, "cat": 1000}
