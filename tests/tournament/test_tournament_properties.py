"""Hypothesis properties of the tournament, with one combined invariants test to run deep.

``POKERENGINE_HYPOTHESIS=deep pytest tests/tournament/test_tournament_properties.py -k invariants``
runs :func:`test_tournament_invariants` with the deep profile (see ``tests/conftest.py``).
"""

from __future__ import annotations

import functools
import io

from hypothesis import given
from hypothesis import strategies as st
from test_tournament_support import places_oracle, prize_lists, split_chips

from pokerengine.errors import TournamentError
from pokerengine.tournament import (
    BustRecord,
    CloseRegistration,
    Correction,
    Deal,
    End,
    EquityConfig,
    HandPlayed,
    HandForHand,
    LateEntry,
    Move,
    Start,
    Tournament,
    rank_batch,
)
from pokerengine.tournament.ranking import assign_places

OFF = EquityConfig.off()
_BOOL = st.booleans()


@functools.lru_cache(maxsize=None)
def _ints(lo: int, hi: int):
    return st.integers(lo, hi)
TABLES = ("A", "B", "C")


def _deal(method, keep, amounts):
    return Deal(method, keep, amounts) if method != "custom" or amounts is not None else End()


class Driver:
    """Plays a random tournament, keeping its own books to check the tournament's against."""

    def __init__(self, data, n: int, prizes: list[int], stacks: list[int]) -> None:
        self.data = data
        self.buf = io.StringIO()
        self.t = Tournament(self.buf, equity=OFF)
        self.players = [f"p{i}" for i in range(n)]
        self.t.start(prizes, dict(zip(self.players, stacks)))
        self.issued = sum(stacks)
        self.busts: list[dict] = []  # for the places oracle
        self.batch = 0
        self.round_key: tuple | None = None
        self.h4h_session = 0
        self.dealt = False
        self.final_added = False
        self.states = {1: self.t.state()}
        self.lines = [self.buf.getvalue()]

    def draw(self, strategy):
        return self.data.draw(strategy)

    # Strategies are cached and lists are indexed: building strategies per draw (sampled_from a
    # list that changes every event) cost more than the tournament itself.
    def pick(self, seq):
        return seq[self.data.draw(_ints(0, len(seq) - 1))]

    def some(self, seq, least: int, most: int) -> list:
        """Between ``least`` and ``most`` distinct items of ``seq``."""
        pool = list(seq)
        out = []
        for _ in range(self.data.draw(_ints(least, most))):
            out.append(pool.pop(self.data.draw(_ints(0, len(pool) - 1))))
        return out

    def flag(self) -> bool:
        return self.data.draw(_BOOL)

    def accepted(self) -> None:
        self.states[len(self.t.events)] = self.t.state()
        self.lines.append(self.buf.getvalue())

    # ------------------------------------------------------------- moves
    def hand(self) -> None:
        t = self.t
        alive = list(t.remaining)
        rnd = None
        tables = TABLES
        if t.status == "hand_for_hand":
            played = set(t.state().round_tables)
            free = [x for x in TABLES if x not in played]
            if t.round is None or not free or self.flag():
                rnd = (t.round or 0) + self.draw(_ints(1, 2))
            else:
                rnd, tables = t.round, tuple(free)
        table = self.pick(tables)
        who = self.some(alive, 2, len(alive))
        stacks = t.stacks
        bust = self.some(who, 0, len(who) - 1)
        survivors = [p for p in who if p not in bust]
        weights = [self.draw(_ints(1, 3)) for _ in survivors]
        after = dict(zip(survivors, split_chips(sum(stacks[p] for p in who), weights)))
        after.update({p: 0 for p in bust})
        r = t.apply(HandPlayed(table, stacks=after, round=rnd))
        assert sorted(r.busted) == sorted(bust)
        if bust:
            if rnd is not None:
                key = ("round", self.h4h_session, rnd)
                if key != self.round_key:
                    self.batch += 1
                    self.round_key = key
            else:
                self.batch += 1
                self.round_key = None
            for p in bust:
                self.busts.append({"player": p, "batch": self.batch, "table": table, "stack": stacks[p], "h4h": rnd is not None})
        self.finished_check()

    def finished_check(self) -> None:
        t = self.t
        if t.status == "finished" and not self.final_added:
            self.final_added = True
            self.batch += 1
            for p, s in t.stacks.items():
                self.busts.append({"player": p, "batch": self.batch, "table": None, "stack": s, "h4h": False})

    def toggle_h4h(self) -> None:
        on = self.t.status == "running"
        self.t.apply(HandForHand(on))
        self.h4h_session += 1
        self.round_key = None

    def correction(self) -> None:
        p = self.pick(self.t.remaining)
        new = self.draw(_ints(1, 500))
        self.issued += new - self.t.stacks[p]
        self.t.apply(Correction({p: new}))

    def deal(self) -> None:
        t = self.t
        players = t.remaining
        prizes = t.open_prizes()
        room = sum(prizes) - len(players) * prizes[-1]
        keep = self.pick([0, 0, room, room // 2])
        if self.flag():
            t.apply(Deal("chips", keep))
        else:
            total = sum(prizes) - keep
            amounts = {p: prizes[-1] for p in players}
            amounts[players[0]] += total - sum(amounts.values())
            t.apply(Deal("custom", keep, amounts))
        self.dealt = True
        self.round_key = None
        self.finished_check()

    def end(self) -> None:
        self.t.apply(End())
        self.finished_check()

    # --------------------------------------------------------- bad events
    def bad_event(self):
        t = self.t
        alive = list(t.remaining)
        out = [
            HandPlayed("A", stacks={alive[0]: t.stacks[alive[0]] + 1, alive[1]: t.stacks[alive[1]]}),
            HandPlayed("A", stacks={alive[0]: 1, "zed": 1}),
            Correction({"zed": 5}),
            LateEntry("zed", 100),
            CloseRegistration(),
            HandForHand(t.status == "hand_for_hand"),
            Start((1,), {"x": 1, "y": 1}),
            Move("zed", "A"),
            Deal("custom", 0, {p: 0 for p in alive[1:]} or {"zed": 0}),
        ]
        busted = [b["player"] for b in self.busts]
        if busted:
            out.append(HandPlayed("A", stacks={alive[0]: 1, busted[0]: t.stacks[alive[0]] - 1 if t.stacks[alive[0]] > 1 else 5}))
        if t.status == "hand_for_hand" and t.round is not None:
            if t.round > 1:
                out.append(HandPlayed("A", deltas={alive[0]: 0, alive[1]: 0}, round=t.round - 1))
            played = t.state().round_tables
            if played:
                out.append(HandPlayed(played[0], deltas={alive[0]: 0, alive[1]: 0}, round=t.round))
        elif t.status != "hand_for_hand":
            out.append(HandPlayed("A", deltas={alive[0]: 0, alive[1]: 0}, round=1))
        else:
            out.append(HandPlayed("A", deltas={alive[0]: 0, alive[1]: 0}))
        return self.pick(out)

    def arbitrary_event(self):
        """Any event at all, of any kind, about players in, out or unknown: mostly ones to refuse."""
        names = list(self.t.remaining) + [b["player"] for b in self.busts] + ["zed"]
        name = lambda: self.pick(names)  # noqa: E731
        num = lambda lo, hi: self.draw(_ints(lo, hi))  # noqa: E731
        kind = num(0, 6)
        if kind == 0:
            table, a, b, x, y = self.pick(TABLES), name(), name(), num(0, 400), num(0, 400)
            r = None if self.flag() else num(1, 4)
            return HandPlayed(table, stacks={a: x, b: y}, round=r) if a != b else End()
        if kind == 1:
            return Correction({name(): num(1, 400)})
        if kind == 2:
            return HandForHand(self.flag())
        if kind == 3:
            return LateEntry(name(), num(1, 400))
        if kind == 4:
            method, keep = self.pick(["chips", "custom"]), num(0, 20000)
            amounts = None if self.flag() else {name(): num(0, 20000) for _ in range(num(1, 4))}
            return _deal(method, keep, amounts)
        if kind == 5:
            return Move(name(), self.pick(TABLES))
        return CloseRegistration()

    def refused_changes_nothing(self, event) -> None:
        before, text = self.t.state(), self.buf.getvalue()
        try:
            self.t.apply(event)
        except TournamentError:
            pass
        else:
            raise AssertionError(f"{event!r} should have been refused")
        assert self.t.state() == before and self.buf.getvalue() == text

    # --------------------------------------------------------- invariants
    def check(self) -> None:
        t = self.t
        assert sum(t.stacks.values()) == self.issued == t.chips_issued
        standings = t.standings()
        decided = sum(s.prize for s in standings)
        if t.status == "finished":
            assert decided == t.pool
            assert len(standings) == t.field
        else:
            held = sum(t.locked(p) for p in t.remaining)
            assert decided + sum(t.open_prizes()) + held == t.pool
        oracle = places_oracle(self.busts, t.field, t.prizes)
        assert {s.player: (s.best, s.worst) for s in standings} == {p: v[:2] for p, v in oracle.items()}
        if not self.dealt:
            assert {s.player: s.prize for s in standings} == {p: v[2] for p, v in oracle.items()}


def _play(data, steps_max: int) -> Driver:
    n = data.draw(st.integers(2, 9), label="players")
    prizes = data.draw(prize_lists(n), label="prizes")
    stacks = data.draw(st.lists(st.sampled_from([100, 100, 200, 300]), min_size=n, max_size=n), label="stacks")
    d = Driver(data, n, prizes, stacks)
    if data.draw(st.booleans(), label="hand-for-hand from the start"):
        d.toggle_h4h()
        d.accepted()
    for _ in range(data.draw(st.integers(0, steps_max), label="steps")):
        if d.t.status == "finished":
            break
        kind = data.draw(st.sampled_from(
            ["hand"] * 6 + ["h4h", "correction", "bad", "fuzz"] + ["deal", "end"] * (len(d.t.remaining) <= 4)))
        if kind == "bad":
            d.refused_changes_nothing(d.bad_event())
            continue
        if kind == "fuzz":
            ev = d.arbitrary_event()
            before = d.t.state()
            if not d.t.can_apply(ev):
                d.refused_changes_nothing(ev)
            assert d.t.state() == before
            continue
        getattr(d, {"h4h": "toggle_h4h"}.get(kind, kind))()
        d.accepted()
        d.check()
    return d


@given(st.data())
def test_tournament_invariants(data):
    """Chips conserved, prize money adds up to the pool, places match the oracle, refusals change
    nothing, and the log replays to the same state -- also when cut anywhere (a torn write)."""
    d = _play(data, 40)
    d.check()
    text = d.buf.getvalue()
    assert Tournament.replay(io.StringIO(text), equity=OFF).state() == d.t.state()
    cut = data.draw(st.integers(0, len(text)), label="cut")
    torn = text[:cut]
    lines = text.splitlines(keepends=True)
    ends = [sum(map(len, lines[: i + 1])) for i in range(len(lines))]  # offsets just past each newline
    complete = sum(1 for e in ends if e - 1 <= cut)  # a complete line may lack only its newline
    if complete == 0:
        return
    again = Tournament.replay(io.StringIO(torn), equity=OFF)
    assert again.state() == d.states[complete]
    assert (again.recovery.torn is None) == (cut - (ends[complete - 1] - 1) in (0, 1))


@given(st.data())
def test_finished_tournaments_pay_exactly_the_pool(data):
    d = _play(data, 60)
    if d.t.status != "finished":
        d.end()
        d.accepted()
    d.check()
    assert sum(d.t.payouts().values()) == d.t.pool


@given(
    st.lists(st.tuples(st.sampled_from("ABC"), st.integers(1, 4)), min_size=1, max_size=8),
    st.booleans(),
    st.integers(0, 20),
    prize_lists(30),
)
def test_simultaneous_bust_ranking_matches_the_oracle(busts, h4h, survivors, prizes):
    records = [BustRecord(f"p{i}", 1, table, stack) for i, (table, stack) in enumerate(busts)]
    field = len(records) + survivors
    groups = rank_batch(records, cross_table_tie=h4h)
    got = {s.player: (s.best, s.worst, s.prize) for s in assign_places(groups, field, prizes)}
    oracle = places_oracle(
        [{"player": r.player, "batch": 1, "table": r.table, "stack": r.stack, "h4h": h4h} for r in records], field, prizes)
    assert got == oracle
    assert sum(p for _, _, p in got.values()) == sum(prizes[survivors:field])


@given(st.data())
def test_late_registration_keeps_the_books(data):
    n = data.draw(st.integers(1, 4))
    t = Tournament(equity=OFF)
    t.start(data.draw(prize_lists(3)), {f"p{i}": 100 for i in range(n)}, late_registration=True)
    issued = 100 * n
    for _ in range(data.draw(st.integers(0, 15))):
        alive = list(t.remaining)
        if len(alive) >= 2 and data.draw(st.booleans()):
            a, b = data.draw(st.permutations(alive))[:2]
            t.hand("A", deltas={a: t.stacks[b], b: -t.stacks[b]})
        else:
            who = data.draw(st.sampled_from([f"p{i}" for i in range(n + 2)]))
            if who in t.stacks:
                continue
            t.enter(who, 100)
            issued += 100
        assert sum(t.stacks.values()) == issued
    if t.field >= len(t.prizes):
        t.close_registration()
    else:
        t.close_registration([t.pool])
    if t.status != "finished":
        t.end()
    assert sum(t.payouts().values()) == t.pool
    assert sorted(s.best for s in t.standings() if s.best == s.worst) == sorted(
        set(range(1, t.field + 1)) - {p for s in t.standings() if s.best != s.worst for p in s.places})
