"""Seat draw, late entries, breaking and balancing tables, the final table (pokerengine.tournament.seating).

Hand-worked examples for each rule (TDA numbers as in the shared notes, 2013-2019 editions: 7
random seats and late entries, 9 breaking tables, 10 balancing), then Hypothesis properties over
random seatings of 10-300 players at tables of 2-10 seats.  Random seatings are built from a drawn
seed with ``random.Random`` (quick).
"""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerengine.errors import TournamentError
from pokerengine.live.buttons import Positions, after
from pokerengine.tournament.seating import (
    SeatAssignment,
    balance,
    break_table,
    breaking_order,
    draw,
    final_table,
    next_to_break,
    seat_late_entry,
    table_names,
    table_order,
    tables_needed,
)

# -- helpers -----------------------------------------------------------------------------------------


def apply(seating, moves):
    """The seating after ``moves``, checking each goes to an open seat."""
    out = {t: dict(chairs) for t, chairs in seating.items()}
    for m in moves:
        for chairs in out.values():
            for s, p in list(chairs.items()):
                if p == m.player:
                    del chairs[s]
        target = out.setdefault(m.table, {})
        assert m.seat not in target, f"{m} goes to a taken seat"
        target[m.seat] = m.player
    return out


def players_of(seating):
    return sorted(p for chairs in seating.values() for p in chairs.values())


def sizes(seating):
    return [len(chairs) for chairs in seating.values() if chairs]


def from_draw(moves):
    out: dict[str, dict[int, str]] = {}
    for m in moves:
        out.setdefault(m.table, {})[m.seat] = m.player
    return out


def random_seating(rnd: random.Random, players: int, seats: int, spare: int):
    """``players`` players at between tables_needed and tables_needed + spare tables (each with at least one
    player), placed unevenly at random seats."""
    k = min(players, tables_needed(players, seats) + spare)
    counts = [1] * k
    for _ in range(players - k):
        open_ = [i for i in range(k) if counts[i] < seats]
        counts[rnd.choice(open_)] += 1
    names = [f"p{i}" for i in range(players)]
    rnd.shuffle(names)
    seating, it = {}, iter(names)
    for i, c in enumerate(counts):
        seating[str(i + 1)] = {s: next(it) for s in sorted(rnd.sample(range(1, seats + 1), c))}
    return seating


def random_positions(rnd: random.Random, seating, seats: int):
    out: dict[str, Positions | None] = {}
    for t in seating:
        if rnd.random() < 0.2:
            out[t] = None
        else:
            bb = rnd.randint(1, seats)  # the last big blind's seat: its player may have left since
            out[t] = Positions(button=rnd.randint(1, seats), small_blind=rnd.randint(1, seats), big_blind=bb)
    return out


seeds = st.integers(0, 2**32)
field = st.tuples(seeds, st.integers(10, 300), st.integers(2, 10), st.integers(0, 4))


# -- names and counts ----------------------------------------------------------------------------------


def test_counts_and_names():
    assert [tables_needed(n, 9) for n in (0, 1, 9, 10, 18, 19)] == [0, 1, 1, 2, 2, 3]
    assert table_names(0) == ()
    assert table_order(["10", "9", "b", "a", "1"]) == ("1", "9", "10", "a", "b")
    assert breaking_order(["1", "2", "10"]) == ("10", "2", "1")
    for bad in (1, 0, True, 2.0, 1001):
        with pytest.raises(TournamentError, match="seats per table"):
            tables_needed(5, bad)
    with pytest.raises(TournamentError, match="players must be"):
        tables_needed(-1, 9)


# -- TDA 7: the seat draw -----------------------------------------------------------------------------


def test_draw_worked():
    # 20 players at 9-seat tables: 3 tables (9 + 9 + 2 would be uneven): 7, 7, 6.
    moves = draw([f"p{i}" for i in range(20)], 9, random.Random(11))
    assert sorted(Counter(m.table for m in moves).values()) == [6, 7, 7]
    assert {m.table for m in moves} == {"1", "2", "3"}
    assert [(m.table, m.seat) for m in moves] == sorted((m.table, m.seat) for m in moves)


def test_draw_named_tables_and_refusals():
    moves = draw(["a", "b", "c", "d"], 6, random.Random(1), tables=["x", "y"])
    assert Counter(m.table for m in moves) == {"x": 2, "y": 2}
    assert draw([], 9, random.Random(1)) == ()
    with pytest.raises(TournamentError, match="listed twice"):
        draw(["a", "a"], 6, random.Random(1))
    with pytest.raises(TournamentError, match="a table would have nobody"):
        draw(["a", "b"], 6, random.Random(1), tables=["1", "2", "3"])
    with pytest.raises(TournamentError, match="table 'x' is listed twice"):
        draw(["a", "b"], 6, random.Random(1), tables=["x", "x"])
    with pytest.raises(TournamentError, match="player id"):
        draw(["a", 5], 6, random.Random(1))  # type: ignore[list-item]


def test_draw_is_uniform_over_seats():
    # 5 players at 2 tables of 3 seats: 6 (table, seat) places; each player gets each with
    # probability 5/6 * 1/5 ... by symmetry 1/6 of the draws.  6,000 draws: 1,000 expected per
    # place, standard deviation about 29; the bounds are 5 deviations wide.
    counts: Counter[tuple[str, int]] = Counter()
    rng = random.Random(2024)
    for _ in range(6000):
        for m in draw(["a", "b", "c", "d", "e"], 3, rng):
            if m.player == "a":
                counts[m.table, m.seat] += 1
    assert len(counts) == 6
    assert all(850 <= c <= 1150 for c in counts.values()), counts


@given(field)
def test_draw_spreads_evenly_and_is_a_permutation(case):
    seed, n, seats, _ = case
    players = [f"p{i}" for i in range(n)]
    moves = draw(players, seats, random.Random(seed))
    assert sorted(m.player for m in moves) == sorted(players)
    assert len({(m.table, m.seat) for m in moves}) == n
    assert all(1 <= m.seat <= seats for m in moves)
    per = Counter(m.table for m in moves)
    assert len(per) == tables_needed(n, seats)
    assert max(per.values()) - min(per.values()) <= 1
    assert draw(players, seats, random.Random(seed)) == moves  # determinism


# -- TDA 7: late entries ---------------------------------------------------------------------------------


def test_late_entry_worked():
    # Table 1 has 3 players, table 2 two, table 3 (empty, just opened) none: the entry goes to 3.
    seating = {"1": {1: "a", 2: "b", 3: "c"}, "2": {4: "d", 6: "e"}}
    seat = seat_late_entry(seating, 6, random.Random(3), tables=["1", "2", "3"], player="z")
    assert seat.table == "3" and seat.player == "z" and 1 <= seat.seat <= 6
    # Without table 3, table 2 is the shortest: one of its open seats 1, 2, 3, 5.
    seen = {seat_late_entry(seating, 6, random.Random(i), tables=["1", "2"]).seat for i in range(200)}
    assert seen == {1, 2, 3, 5}
    with pytest.raises(TournamentError, match="seated already"):
        seat_late_entry(seating, 6, random.Random(3), tables=["1", "2"], player="a")
    with pytest.raises(TournamentError, match="no open seat"):
        seat_late_entry({"1": {1: "a", 2: "b"}}, 2, random.Random(3), tables=["1"])


@given(field)
def test_late_entry_goes_to_a_shortest_table(case):
    seed, n, seats, spare = case
    rnd = random.Random(seed)
    seating = random_seating(rnd, n, seats, spare)
    tables = list(seating)
    before = copy.deepcopy(seating)
    if all(len(c) == seats for c in seating.values()):
        with pytest.raises(TournamentError):
            seat_late_entry(seating, seats, rnd, tables=tables)
        return
    s = seat_late_entry(seating, seats, rnd, tables=tables, player="late")
    assert seating == before
    assert s.seat not in seating[s.table]
    assert len(seating[s.table]) == min(len(c) for c in seating.values())


# -- TDA 9: breaking tables ------------------------------------------------------------------------------


def test_break_table_worked():
    # Table 3 breaks; tables 1 and 2 have 4 and 2 players (6 seats).  Its three players go one
    # after the other to a shortest table: the first two to table 2 (2 -> 3 -> 4 players, or
    # 2 -> 3 then a tie 4-3 ...): in every case the result is 5 and 4, or 4 and 5.
    seating = {"1": {1: "a", 2: "b", 3: "c", 4: "d"}, "2": {1: "e", 2: "f"}, "3": {1: "g", 3: "h", 5: "i"}}
    for seed in range(50):
        moves = break_table(seating, "3", 6, random.Random(seed))
        after_ = apply(seating, moves)
        assert after_["3"] == {}
        assert sorted((len(after_["1"]), len(after_["2"]))) == [4, 5]
        assert len(after_["2"]) >= 4  # the first player always went to table 2, the shortest
        assert {m.player for m in moves} == {"g", "h", "i"}


def test_break_table_refusals():
    with pytest.raises(TournamentError, match="no table 'x'"):
        break_table({"1": {1: "a"}}, "x", 6, random.Random(1))
    with pytest.raises(TournamentError, match="0 open seats"):
        break_table({"1": {1: "a"}}, "1", 6, random.Random(1))  # the last table
    assert break_table({"1": {1: "a"}, "2": {}}, "2", 6, random.Random(1)) == ()


@given(field)
def test_break_table_empties_it_and_keeps_balance(case):
    seed, n, seats, spare = case
    rnd = random.Random(seed)
    seating = random_seating(rnd, n, seats, spare)
    victim = rnd.choice(list(seating))
    rest = [t for t in seating if t != victim]
    room = sum(seats - len(seating[t]) for t in rest)
    before = copy.deepcopy(seating)
    if not rest or room < len(seating[victim]):
        with pytest.raises(TournamentError):
            break_table(seating, victim, seats, rnd)
        return
    moves = break_table(seating, victim, seats, rnd)
    assert seating == before
    after_ = apply(seating, moves)
    assert after_[victim] == {}
    assert players_of(after_) == players_of(seating)
    assert {m.player for m in moves} == set(seating[victim].values())
    assert all(m.table in rest and 1 <= m.seat <= seats for m in moves)
    spread_before = max(len(seating[t]) for t in rest) - min(len(seating[t]) for t in rest)
    spread_after = max(len(after_[t]) for t in rest) - min(len(after_[t]) for t in rest)
    assert spread_after <= max(1, spread_before)
    assert break_table(seating, victim, seats, random.Random(seed)) == break_table(
        seating, victim, seats, random.Random(seed))


def test_next_to_break_worked():
    # 9-seat tables, 3 tables, 19 players: 19 > 2 * 9, keep all three.  18 players: fit at two.
    seating = {str(t): {s: f"p{t}-{s}" for s in range(1, 8)} for t in (1, 2, 3)}  # 21 players
    seating["3"] = {1: "x", 2: "y", 3: "z", 4: "w", 5: "v"}  # 7 + 7 + 5 = 19
    assert next_to_break(seating, 9, breaking_order(seating)) is None
    del seating["3"][5]  # 18
    assert next_to_break(seating, 9, breaking_order(seating)) == "3"
    assert next_to_break(seating, 9, ["2", "3", "1"]) == "2"  # a custom pre-set order
    assert next_to_break(seating, 9, ["9"]) == "3"  # tables left out of the order: breaking order
    assert next_to_break({"1": {1: "a"}}, 9, ["1"]) is None  # never the last table


@given(field)
def test_next_to_break_only_when_the_players_fit(case):
    seed, n, seats, spare = case
    seating = random_seating(random.Random(seed), n, seats, spare)
    victim = next_to_break(seating, seats, breaking_order(seating))
    fits = n <= (len(seating) - 1) * seats
    assert (victim is not None) == (fits and len(seating) > 1)
    if victim is not None:
        assert victim == breaking_order(seating)[0]
        apply(seating, break_table(seating, victim, seats, random.Random(seed)))


# -- TDA 10: balancing ------------------------------------------------------------------------------------


def test_balance_worked_moves_the_next_big_blind_to_the_worst_seat():
    # Table 1 (9 seats): 8 players in seats 1-8; last hand button 4, small blind 5, big blind 6.
    # The player due for the big blind next is in seat 7.
    # Table 2: 6 players in seats 1, 2, 3, 5, 7, 8; last big blind seat 3.  Open: 4, 6, 9.  The
    # first open seat after 3 is 4: the new player is the big blind of table 2's next hand (the
    # TDA's "single big blind ... even if that means the seat is the big blind twice").
    seating = {"1": {s: f"a{s}" for s in range(1, 9)}, "2": {s: f"b{s}" for s in (1, 2, 3, 5, 7, 8)}}
    positions = {"1": Positions(4, 5, 6), "2": Positions(1, 2, 3)}
    assert balance(seating, 9, positions, random.Random(0)) == (SeatAssignment("a7", "2", 4),)
    # Table 2's big blind in seat 8 instead: seat 9 comes first after it.
    assert balance(seating, 9, {**positions, "2": Positions(5, 7, 8)}, random.Random(0)) == (SeatAssignment("a7", "2", 9),)
    # The last big blind (seat 6) at table 2 left, leaving 4, 6 and 9 open: the first open seat
    # after 6 is 9, and 6 itself is where the next small blind is due: never taken while another
    # seat is open.
    seating2 = {"1": seating["1"], "2": {s: f"b{s}" for s in (1, 2, 3, 5, 7, 8)}}
    assert balance(seating2, 9, {**positions, "2": Positions(3, 5, 6)}, random.Random(0)) == (SeatAssignment("a7", "2", 9),)
    # Table 1's big blind player (seat 6) busted: seats 1-5 and 7-9 play; the player due for the big
    # blind next is the first clockwise after seat 6: seat 7.
    seating3 = {"1": {s: f"a{s}" for s in (1, 2, 3, 4, 5, 7, 8, 9)}, "2": seating["2"]}
    assert balance(seating3, 9, positions, random.Random(0)) == (SeatAssignment("a7", "2", 4),)


def test_balance_never_the_small_blind_seat():
    # Table 2 (4 seats): players in seats 1 and 2; its last big blind, seat 3, is empty (that player
    # busted).  Table 1 has 4 players: 4 vs 2, one move.  Table 1's last big blind was seat 3, so d
    # (seat 4) is due next.  Table 2's open seats are 3 and 4; seat 3 is where the next small blind
    # is due (the dead button rule puts it on the last big blind's seat), so d goes to seat 4 and
    # takes the big blind of table 2's next hand.  (With max_diff >= 1 the short table always has
    # two open seats or more, so the small blind's seat is never the only one left.)
    seating = {"1": {1: "a", 2: "b", 3: "c", 4: "d"}, "2": {1: "e", 2: "f"}}
    moves = balance(seating, 4, {"1": Positions(1, 2, 3), "2": Positions(1, 2, 3)}, random.Random(0))
    assert moves == (SeatAssignment("d", "2", 4),)


def test_balance_ties_follow_the_order():
    # Tables 1 and 2 both have 5 players, table 3 has 2: the first move comes from the table first in
    # the breaking order (2), the second from table 1.
    seating = {"1": {s: f"a{s}" for s in range(1, 6)}, "2": {s: f"b{s}" for s in range(1, 6)},
               "3": {1: "c1", 2: "c2"}}
    moves = balance(seating, 6, {}, random.Random(4))
    assert [m.player[0] for m in moves] == ["b", "a"] and all(m.table == "3" for m in moves)
    moves = balance(seating, 6, {}, random.Random(4), order=["1", "2", "3"])
    assert [m.player[0] for m in moves] == ["a", "b"]
    assert balance(seating, 6, {}, random.Random(4), max_diff=3) == ()
    with pytest.raises(TournamentError, match="max_diff"):
        balance(seating, 6, {}, random.Random(4), max_diff=0)
    with pytest.raises(TournamentError, match="Positions or None"):
        balance(seating, 6, {"1": (1, 2, 3)}, random.Random(4))  # type: ignore[dict-item]


@given(field, st.integers(1, 3))
def test_balance_properties(case, max_diff):
    seed, n, seats, spare = case
    rnd = random.Random(seed)
    seating = random_seating(rnd, n, seats, spare)
    positions = random_positions(rnd, seating, seats)
    before = copy.deepcopy(seating)
    moves = balance(seating, seats, positions, random.Random(seed), max_diff=max_diff)
    assert seating == before  # never mutates
    assert balance(seating, seats, positions, random.Random(seed), max_diff=max_diff) == moves
    # Replay the moves one by one, checking each against the rule.
    state = {t: dict(c) for t, c in seating.items()}
    for m in moves:
        counts = {t: len(c) for t, c in state.items()}
        src = next(t for t, c in state.items() if m.player in c.values())
        assert counts[src] == max(counts.values())
        assert counts[m.table] == min(counts.values())
        assert counts[src] - counts[m.table] > max_diff
        occupied = sorted(state[src])
        pos = positions[src]
        if pos is not None:  # the player due for the big blind next
            assert state[src][after(pos.big_blind, occupied)] == m.player
        free = [s for s in range(1, seats + 1) if s not in state[m.table]]
        assert m.seat in free
        pos = positions[m.table]
        if pos is not None:  # the worst position: the first open seat after the big blind (not it)
            worst = [s for s in free if s != pos.big_blind] or free
            assert m.seat == after(pos.big_blind, worst)
        state = apply(state, [m])
    assert players_of(state) == players_of(seating)
    assert max(sizes(state)) - min(sizes(state)) <= max_diff
    assert len(moves) <= n


# -- the final table ----------------------------------------------------------------------------------------


def test_final_table_worked():
    seating = {"1": {2: "a", 5: "b", 7: "c"}, "2": {1: "d", 2: "e"}, "3": {9: "f"}}
    moves = final_table(seating, 9, random.Random(8))
    # Table 1 stays (the last in the breaking order); d, e, f move to its open seats.
    assert {m.player for m in moves} == {"d", "e", "f"} and {m.table for m in moves} == {"1"}
    after_ = apply(seating, moves)
    assert sorted(after_["1"].values()) == ["a", "b", "c", "d", "e", "f"]
    assert after_["1"][2] == "a" and after_["1"][5] == "b" and after_["1"][7] == "c"
    redrawn = final_table(seating, 9, random.Random(8), table="TV", redraw=True)
    assert sorted(m.player for m in redrawn) == ["a", "b", "c", "d", "e", "f"]
    assert {m.table for m in redrawn} == {"TV"} and len({m.seat for m in redrawn}) == 6
    with pytest.raises(TournamentError, match="6 players do not fit at one table of 5 seats"):
        final_table({"1": {1: "a", 2: "b", 3: "c"}, "2": {1: "d", 2: "e", 3: "f"}}, 5, random.Random(8))


@given(seeds, st.integers(2, 10), st.integers(0, 4), st.booleans())
def test_final_table_properties(seed, seats, spare, redraw):
    rnd = random.Random(seed)
    n = rnd.randint(2, seats)
    seating = random_seating(rnd, n, seats, spare)
    # A redraw to a new table: every move goes to an open seat, in order (checked by apply).
    final = "final" if redraw else breaking_order(seating)[-1]
    moves = final_table(seating, seats, random.Random(seed), redraw=redraw, table=final if redraw else None)
    after_ = apply(seating, moves)
    assert sorted(after_[final].values()) == players_of(seating)
    assert all(not c for t, c in after_.items() if t != final)
    if redraw:  # at a table in play, a redraw is a permutation of all the players
        moves = final_table(seating, seats, random.Random(seed), redraw=True)
        assert sorted(m.player for m in moves) == players_of(seating)
        assert len({m.seat for m in moves}) == len(moves) and {m.table for m in moves} == {breaking_order(seating)[-1]}


# -- bad seatings ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seating", "message"),
    [
        ({"1": {0: "a"}}, "seat 0 is not a seat number"),
        ({"1": {7: "a"}}, "seat 7 is not a seat number"),
        ({"1": {True: "a"}}, "seat True is not a seat number"),
        ({"1": {1: "a"}, "2": {1: "a"}}, "seated twice"),
        ({"1": {1: ""}}, "player id"),
        ({"": {1: "a"}}, "table name"),
        ({"1": [1, 2]}, "seats must be a mapping"),
        ([("1", {1: "a"})], "seating must be a mapping"),
        ({"1": {s: f"p{s}" for s in range(1, 8)}}, "7 players for 6 seats"),
    ],
)
def test_bad_seatings_refused(seating, message):
    with pytest.raises(TournamentError, match=message):
        balance(seating, 6, {}, random.Random(1))


def test_from_draw_helper_round_trip():
    moves = draw([f"p{i}" for i in range(30)], 8, random.Random(5))
    seating = from_draw(moves)
    assert sizes(seating) and max(sizes(seating)) - min(sizes(seating)) <= 1
    assert balance(seating, 8, {}, random.Random(5)) == ()
