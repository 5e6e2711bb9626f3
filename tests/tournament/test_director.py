"""The tournament director: seat draw, levels, balancing, breaking, hand-for-hand, replay and resume.

A driver independent of :mod:`pokerengine.tournament.simulate` plays random tournaments and checks
the rules at every step: tables within one player after balancing, the big blind moving to the
next player due (nobody skipped, nobody posting it twice in a row), chips and prize money
conserved, the director's tables agreeing with the state machine, and a replay (or a resume after
a crash at any point between hands) giving the same tournament event for event.
"""

from __future__ import annotations

import io
import os
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pokerengine.errors import EventLogError, PokerEngineError, TournamentError
from pokerengine.live.buttons import after
from pokerengine.tournament import EquityConfig, Tournament
from pokerengine.tournament.director import Director
from pokerengine.tournament.events import Move, Redraw
from pokerengine.tournament.log import read_log
from pokerengine.tournament.simulate import default_prizes, play_randomly, simulate
from pokerengine.tournament.structure import Structure

DEEP = os.environ.get("POKERENGINE_HYPOTHESIS") == "deep"
OFF = EquityConfig.off()
FAST = Structure.from_json({"levels": [
    {"small_blind": 50, "big_blind": 100, "minutes": 10},
    {"small_blind": 100, "big_blind": 200, "ante": 25, "minutes": 10},
    {"break": 5},
    {"small_blind": 200, "big_blind": 400, "big_blind_ante": 400, "minutes": 10},
    {"small_blind": 500, "big_blind": 1000, "ante": 100, "minutes": 10},
    {"small_blind": 1000, "big_blind": 2000, "ante": 200, "minutes": 10},
]})


class Checked:
    """Runs a tournament through a director with random play, checking the rules as it goes."""

    def __init__(self, director: Director, seed: int, late: int = 0) -> None:
        self.d = director
        self.seed = seed
        self.late = late
        self.clock = 0
        self.entered = 0
        self.last_bb: dict[object, str] = {}  # table (the live Table) -> player who posted its last big blind
        self.chips = director.tournament.chips_issued

    def sweep(self) -> None:
        d, t = self.d, self.d.tournament
        d.clock(self.clock)
        if t.on_break:
            self.clock += 60
            return
        rng = random.Random(f"{self.seed}:{len(t.events)}")
        if t.status == "registering":
            for _ in range(rng.randint(0, 3)):
                if self.entered >= self.late:
                    break
                busted = [s.player for s in t.standings()]
                player = rng.choice(busted) if busted and rng.random() < 0.3 else f"late{self.entered}"
                if player in t.stacks:
                    continue
                d.enter(player, 3000)
                self.entered += 1
                self.chips += 3000
            if self.entered >= self.late or self.clock >= 1200:
                d.close_registration(default_prizes(t.field))
        hands = []
        for name in d.ready():
            table = d.table(name)
            before = {s: p for s, p in table.players.items() if table.stacks[p]}
            prev = table.positions
            hand = d.deal(name, rng=random.Random(f"{self.seed}:{name}:{table.hands}"))
            bb_seat = hand.seats[1] if len(hand.seats) == 2 and hand.button == hand.seats[0] else None
            pos = table.positions
            assert pos is not None
            if prev is not None:
                # Nobody skipped: the big blind goes to the first seat after the last one that can take it.
                assert pos.big_blind == after(prev.big_blind, sorted(before)), (name, prev, pos, before)
            bb = before[pos.big_blind]
            assert self.last_bb.get(table) != bb or len(before) == 2 and bb_seat is None, (name, bb)
            self.last_bb[table] = bb
            play_randomly(hand, random.Random(f"{self.seed}:{name}:{table.hands}:play"))
            hands.append(hand)
        random.Random(f"{self.seed}:{len(t.events)}:order").shuffle(hands)
        for hand in hands:
            played = d.finish(hand)
            for busted in played.result.busted:  # a re-entry is a new entry: it may get the big blind at once
                self.last_bb = {n: p for n, p in self.last_bb.items() if p != busted}
        self.clock += 120
        self.check()

    def check(self) -> None:
        d, t = self.d, self.d.tournament
        seating = d.tables
        in_play = {p: (name, seat) for name, seats in seating.items() for seat, p in seats.items()}
        if t.status != "finished":
            assert set(in_play) == set(t.remaining)
            stacks = t.stacks
            table_stacks = {name: d.table(name).stacks for name in seating}
            for p, where in in_play.items():
                assert t.seat_of(p) == where
                assert table_stacks[where[0]][p] == stacks[p]
            sizes = [len(s) for s in seating.values()]
            if d.waiting() is None and t.status != "registering":
                assert max(sizes) - min(sizes) <= 1, seating
            assert all(len(s) <= d.setup.seats for s in seating.values())
        assert t.chips_issued == self.chips
        if t.status != "finished":
            assert sum(t.stacks.values()) == self.chips

    def run(self, max_sweeps: int = 20_000) -> None:
        for _ in range(max_sweeps):
            if self.d.tournament.status == "finished":
                break
            self.sweep()
        t = self.d.tournament
        assert t.status == "finished"
        assert sum(t.payouts().values()) == t.pool
        assert len(t.standings()) == t.field


def start(players: int, seed: int, *, seats: int = 9, late: int = 0, redraw: bool = False,
          log: object = None) -> Director:
    prizes = default_prizes(players) if not late else (100 * players,)
    return Director.start([f"p{i}" for i in range(players)], prizes, stack=3000, structure=FAST, seats=seats,
                          seed=seed, final_table_redraw=redraw, late_registration=bool(late), log=log,
                          equity=OFF)


def test_a_tournament_of_60_runs_by_the_rules_and_replays() -> None:
    buf = io.StringIO()
    c = Checked(start(60, 6, log=buf), 6)  # (seed 6: a path that plays hand for hand, with a short big blind's rule)
    c.run()
    events = c.d.tournament.events
    names = [e.name for e in events]
    assert "hand_for_hand" in names and "level" in names
    assert {e.reason for e in events if isinstance(e, Move)} >= {"break", "balance", "final_table"}
    again = Director.replay(buf.getvalue().splitlines(keepends=True), equity=OFF)
    assert again.tournament.state() == c.d.tournament.state()
    assert again.tournament.events == events


def test_hand_for_hand_starts_near_the_bubble_and_stops_in_the_money() -> None:
    buf = io.StringIO()
    c = Checked(start(120, 11, log=buf), 11)
    c.run()
    t = c.d.tournament
    paid = sum(1 for p in t.prizes if p > 0)
    on = [i for i, e in enumerate(t.events) if e.name == "hand_for_hand" and e.on]
    off = [i for i, e in enumerate(t.events) if e.name == "hand_for_hand" and not e.on]
    assert len(on) == 1 and len(off) == 1 and on[0] < off[0]
    lines = buf.getvalue().splitlines(keepends=True)
    at_on = Director.replay(lines[:on[0]], equity=OFF)
    left, tables = len(at_on.tournament.remaining), len(at_on.tables)
    assert paid < left <= paid + tables  # no more players out of the money than tables
    at_off = Tournament.replay(lines[:off[0]], equity=OFF)
    assert len(at_off.remaining) <= paid
    # Every hand while it was on carried its round, each table once a round.
    hands = [e for e in t.events[on[0]:off[0]] if e.name == "hand"]
    assert hands and all(h.round is not None for h in hands)
    seen = set()
    for h in hands:
        assert (h.round, h.table) not in seen
        seen.add((h.round, h.table))


def test_replay_and_resume_from_any_point_give_the_same_tournament(tmp_path) -> None:
    path = tmp_path / "t.jsonl"
    c = Checked(start(40, 21, log=str(path)), 21)
    c.run()
    c.d.close()
    full = path.read_bytes().splitlines(keepends=True)
    final = Director.replay(str(path), equity=OFF).tournament.state()
    # Cut the log after a finished sweep's events (between hands: every table idle) and resume.
    rng = random.Random(3)
    cuts = sorted(rng.sample(range(5, len(full) - 1), 4))
    for cut in cuts:
        part = tmp_path / f"cut{cut}.jsonl"
        part.write_bytes(b"".join(full[:cut]))
        d = Director.open(str(part), equity=OFF)
        if any(d.table(n).in_hand for n in d.tables):  # pragma: no cover - replay deals no hands
            raise AssertionError
        # Resuming mid-sweep may differ from the original in the driver's order; the tournament's
        # rules still hold, and the log replays to the live state.
        c2 = Checked(d, 21)
        c2.chips = d.tournament.chips_issued
        c2.clock = 120 * sum(1 for line in full[:cut] if b'"event": "hand"' in line) // max(1, len(d.tables))
        c2.run()
        d.close()
        assert Director.replay(str(part), equity=OFF).tournament.state() == d.tournament.state()
    assert final.status == "finished"


@settings(max_examples=settings().max_examples if DEEP else 20, deadline=None)
@example(players=10, seats=9, seed=2693, late=2, redraw=False)  # a re-entry seated where the big blind came next
@example(players=73, seats=6, seed=2721, late=12, redraw=False)  # a table broken, then a new one for late entries
@given(players=st.integers(10, 300), seats=st.integers(6, 10), seed=st.integers(0, 2**32),
       late=st.integers(0, 40), redraw=st.booleans())
def test_random_tournaments_keep_every_rule(players: int, seats: int, seed: int, late: int, redraw: bool) -> None:
    buf = io.StringIO()
    c = Checked(start(players, seed, seats=seats, late=late, redraw=redraw, log=buf), seed, late)
    c.run()
    again = Director.replay(buf.getvalue().splitlines(keepends=True), equity=OFF)
    assert again.tournament.state() == c.d.tournament.state()


def test_a_resumed_director_makes_the_choices_the_lost_one_would_have() -> None:
    buf = io.StringIO()
    d = start(30, 8, log=buf)
    c = Checked(d, 8)
    for _ in range(6):
        c.sweep()
    # A bust leaves the tables unbalanced only between hands; the next decision is drawn from the
    # seed and the log's length, so a director rebuilt from the log proposes the same thing.
    lines = buf.getvalue().splitlines(keepends=True)
    again = Director.replay(lines, equity=OFF)
    assert again.tables == d.tables
    for name in d.tables:
        assert again.table(name).positions == d.table(name).positions
    assert again._rng().random() == d._rng().random()


def test_seat_draw_is_logged_and_seeded() -> None:
    a = start(25, 99)
    b = start(25, 99)
    c = start(25, 100)
    assert a.tables == b.tables != c.tables
    assert a.setup.seed == format(99, "x")
    assert sorted(len(s) for s in a.tables.values()) == [8, 8, 9]
    unseeded = Director.start(["x", "y", "z"], [10], stack=100, structure=FAST)
    assert len(unseeded.setup.seed) == 32  # 128 bits from secrets


def test_late_entries_sit_at_the_shortest_table_and_a_new_table_opens_when_full() -> None:
    d = Director.start({f"p{i}": 1000 for i in range(17)}, [100], structure=FAST, seats=9, seed=4,
                       late_registration=True)
    assert sorted(len(s) for s in d.tables.values()) == [8, 9]
    d.enter("new1", 1000)
    assert sorted(len(s) for s in d.tables.values()) == [9, 9]
    d.enter("new2", 1000)  # every seat is taken: a third table opens
    assert sorted(len(s) for s in d.tables.values()) == [1, 9, 9]
    assert d.tournament.seat_of("new2")[0] == "3"
    d.close_registration([1500, 400])
    # Balancing moved players to the new table at once (all tables idle).
    sizes = sorted(len(s) for s in d.tables.values())
    assert sizes[-1] - sizes[0] <= 1


def test_levels_follow_the_clock_and_apply_from_the_next_hand() -> None:
    d = start(9, 1)
    t = d.tournament
    assert t.level == 1
    hand = d.deal("1", rng=random.Random(1))
    assert d.clock(600) is not None and t.level == 2  # 10 minutes: level 2
    assert max(hand.bets.values()) == 100  # the hand in play keeps level 1's stakes
    play_randomly(hand, random.Random(2))
    d.finish(hand)
    hand = d.deal("1", rng=random.Random(3))
    assert max(hand.bets.values()) == 200 and d.table("1").ante == 25
    play_randomly(hand, random.Random(4))
    d.finish(hand)
    assert d.clock(1200) is not None and t.on_break and t.level == 3
    with pytest.raises(TournamentError, match="on a break"):
        d.deal("1")
    assert d.clock(1200) is None
    d.clock(1500)
    assert not t.on_break and t.level == 3
    hand = d.deal("1", rng=random.Random(5))
    assert d.table("1").big_blind_ante == 400


def test_the_clock_never_moves_the_level_back() -> None:
    # Regression: clock(0) after level 5 logged a change back to level 1
    d = start(9, 1)
    t = d.tournament
    assert d.clock(1200) is not None and (t.level, t.on_break) == (3, True)
    events = len(t.events)
    for elapsed in (0, 599, 600, 1199, 1200):
        assert d.clock(elapsed) is None and (t.level, t.on_break) == (3, True)
    assert len(t.events) == events
    assert d.clock(1500) is not None and (t.level, t.on_break) == (3, False)
    assert d.clock(1200) is None and (t.level, t.on_break) == (3, False)  # not back onto the break
    d.set_level(1)  # on purpose, it still can
    assert t.level == 1 and d.clock(600) is not None and t.level == 2


def test_final_table_redraw_draws_every_seat_at_once() -> None:
    d = start(12, 3, seats=6, redraw=True)
    c = Checked(d, 3)
    while len(d.tables) > 1 and d.tournament.status != "finished":
        c.sweep()
    redraws = [e for e in d.tournament.events if isinstance(e, Redraw)]
    assert len(redraws) == 1
    (r,) = redraws
    left = set(d.tournament.remaining)
    assert set(r.seats) == left and d.tables == {r.table: {s: p for p, s in sorted(r.seats.items(), key=lambda x: x[1])}}
    assert d.table(r.table).positions is None  # a new button for the new table
    assert not any(isinstance(e, Move) and e.reason == "final_table" for e in d.tournament.events)


def test_refusals_change_nothing() -> None:
    d = start(12, 2, seats=6)
    events = len(d.tournament.events)
    with pytest.raises(TournamentError, match="no such table"):
        d.deal("9")
    hand = d.deal("1", rng=random.Random(1))
    with pytest.raises(TournamentError, match="a hand is in play"):
        d.deal("1")
    with pytest.raises(TournamentError, match="not over"):
        d.finish(hand)
    with pytest.raises(TournamentError, match="not in play"):
        d.finish(object())  # type: ignore[arg-type]
    with pytest.raises(PokerEngineError):
        d.set_level(99)
    assert len(d.tournament.events) == events


def test_a_log_without_a_setup_has_no_director() -> None:
    t = Tournament()
    t.start([100], {"a": 10, "b": 10})
    with pytest.raises(TournamentError, match="setup"):
        Director(t)


def test_simulate_runs_a_field_of_300_to_the_end() -> None:
    run = simulate(300, seed=6, seats=9)
    t = run.director.tournament
    assert t.status == "finished" and len(t.standings()) == 300
    assert sum(t.payouts().values()) == t.pool == 30_000
    assert run.hands > 300 and run.levels >= 2
    log = io.StringIO()
    again = simulate(300, seed=6, seats=9, log=log)
    assert again.director.tournament.events == t.events  # the seed decides everything
    assert read_log(log.getvalue().splitlines(keepends=True)).events == t.events


def test_a_1000_player_100_table_tournament_runs_to_the_end_on_sqlite(tmp_path) -> None:
    """A load test: 1,000 players at 100 tables of 10, random play through the live hand
    engine, the SQLite store (every event committed before it takes effect), hand-for-hand near the
    money; then the store replays to the same state."""
    url = f"sqlite:///{tmp_path / 'events.db'}?tournament=big"
    run = simulate(1000, seats=10, seed=1000, log=url)
    t = run.director.tournament
    run.director.close()
    first = t.events[0]
    assert len({p.table for p in first.players}) == 100
    assert t.status == "finished" and len(t.standings()) == 1000 and sum(t.payouts().values()) == t.pool
    names = [e.name for e in t.events]
    assert names.count("hand_for_hand") == 2
    again = Director.replay(url, equity=OFF)
    assert again.tournament.state() == t.state()
    assert again.tournament.events == t.events


def test_corrections_deals_and_the_end_go_through_the_director() -> None:
    d = start(12, 4, seats=6)
    name = next(iter(d.tables))
    player = next(iter(d.tables[name].values()))
    hand = d.deal(name, rng=random.Random(1))
    with pytest.raises(TournamentError, match="in the hand in play"):
        d.correct({player: 5000})
    with pytest.raises(TournamentError, match="between hands"):
        d.chop("chips")
    with pytest.raises(TournamentError, match="between hands"):
        d.end()
    play_randomly(hand, random.Random(2))
    d.finish(hand)
    player = d.tournament.remaining[0]
    d.correct({player: 5000}, "recount")
    assert d.table(d.tournament.table_of(player)).stacks[player] == 5000
    d.end("curfew")
    assert d.tournament.status == "finished"
    assert sum(d.tournament.payouts().values()) == d.tournament.pool


@pytest.mark.parametrize("store", ["file", "sqlite", "postgresql"])
def test_replay_from_each_store_equals_the_live_director(store, tmp_path) -> None:
    import uuid

    from test_stores import postgres_url, with_tournament

    if store == "file":
        log = str(tmp_path / "t.jsonl")
    elif store == "sqlite":
        log = f"sqlite:///{tmp_path / 't.db'}?tournament=t"
    else:
        log = with_tournament(postgres_url(), f"director-{uuid.uuid4().hex[:12]}")
    c = Checked(start(45, 17, seats=7, late=10, log=log), 17, late=10)
    c.run()
    c.d.close()
    again = Director.replay(log, equity=OFF)
    assert again.tournament.state() == c.d.tournament.state()
    assert again.tournament.events == c.d.tournament.events
    # half-way through, the store's events rebuild a director whose tables agree with its tournament
    half = len(c.d.tournament.events) // 2
    mid = Director.replay(_lines(again.tournament.events[:half]), equity=OFF)
    seated = {p: (name, seat) for name, seats in mid.tables.items() for seat, p in seats.items()}
    assert {p: mid.tournament.seat_of(p) for p in mid.tournament.remaining} == seated


def _lines(events):
    from pokerengine.tournament.log import dumps

    return [dumps(e) for e in events]


def test_finish_none_is_the_projects_error():
    # Regression: Director.finish(None) raised AttributeError (a table with no hand in play matched None)
    d = start(6, seed=1)
    with pytest.raises(TournamentError, match="not in play at any table"):
        d.finish(None)


def test_open_refuses_a_tournament_that_does_not_exist_and_creates_nothing(tmp_path) -> None:
    # Regression: Director.open of a missing file or tournament made an empty .jsonl or an empty SQLite row
    import sqlite3

    url = f"sqlite:///{tmp_path}/events.db?tournament=sunday"
    start(6, 1, log=url).close()
    for source in (tmp_path / "none.jsonl", f"sqlite:///{tmp_path}/none.db?tournament=x",
                   f"sqlite:///{tmp_path}/events.db?tournament=monday"):
        with pytest.raises(EventLogError, match="no such tournament"):
            Director.open(source)
    assert sorted(os.listdir(tmp_path)) == ["events.db"]
    conn = sqlite3.connect(tmp_path / "events.db")
    assert conn.execute("SELECT id FROM tournaments").fetchall() == [("sunday",)]
    conn.close()
    Director.open(url).close()  # the one that exists resumes


def test_standings_prizes_and_stacks_are_the_directors_public_api() -> None:
    # Regression: a server read standings and prizes through private attributes
    d = start(12, 4, seats=6)
    c = Checked(d, 4)
    while d.tournament.status != "finished":
        c.sweep()
    assert d.prizes == d.tournament.prizes and sum(d.payouts().values()) == sum(d.prizes)
    assert [s.player for s in d.standings()] == [s.player for s in d.tournament.standings()]
    assert len(d.standings()) == 12 and d.standings()[0].prize == max(d.prizes)
    assert dict(d.stacks) == dict(d.tournament.stacks)


def test_away_players_are_logged_and_a_resumed_director_knows_them(tmp_path) -> None:
    # Regression: sitting out / away lived only in the live table; a resumed director forgot it
    path = tmp_path / "t.jsonl"
    d = start(9, 2, log=str(path))
    player = d.tables["1"][min(d.tables["1"])]
    d.sit_out(player)
    assert d.away == (player,) and d.table("1").status(player).out
    with pytest.raises(TournamentError, match="already away"):
        d.sit_out(player)
    d.close()
    again = Director.open(str(path), equity=OFF)
    assert again.away == (player,) and again.table("1").status(player).out
    again.come_back(player)
    assert again.away == () and not again.table("1").status(player).out
    again.close()
    assert Director.replay(str(path), equity=OFF).away == ()


def test_the_clock_is_logged_and_resumes_after_a_restart(tmp_path) -> None:
    # Regression: the clock's start and pauses lived in the server; a restarted server lost them
    path = tmp_path / "t.jsonl"
    d = start(9, 3, log=str(path))
    t0 = 1_700_000_000
    with pytest.raises(TournamentError, match="has not started"):
        d.tick(t0)
    d.start_clock(t0)
    assert d.tick(t0 + 599) is None and d.tournament.level == 1 and d.time_left(t0 + 599) == 1
    d.pause_clock(t0 + 500)  # paused at 500 s of play: the level stays until resumed
    assert d.tick(t0 + 5000) is None and d.tournament.level == 1
    d.close()
    again = Director.open(str(path), equity=OFF)  # the server restarts during the pause
    assert again.tournament.clock.paused_at == t0 + 500
    again.resume_clock(t0 + 1000)  # 500 s of pause
    assert again.tick(t0 + 1099) is None and again.time_left(t0 + 1099) == 1
    assert again.tick(t0 + 1100) is not None and again.tournament.level == 2
    for bad, match in ((lambda: again.resume_clock(t0 + 2000), "not paused"),
                       (lambda: again.start_clock(t0 + 2000), "started already"),
                       (lambda: again.pause_clock(t0 + 999), "earlier than the last"),
                       (lambda: again.tick(-1), "whole seconds")):
        events = len(again.tournament.events)
        with pytest.raises(TournamentError, match=match):
            bad()
        assert len(again.tournament.events) == events
    again.close()
