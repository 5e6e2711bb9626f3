"""The clock page's state (pokerengine.tournament.clock_view): checked against a slow oracle that walks
the clock second by second through the structure, as the rule book reads (docs/tournament.md,
"Structures": a level starts at its first second; during a break the level that follows is shown;
the last level goes on; the clock's time leaves out its pauses; the clock never moves the level back)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerengine.errors import TournamentError
from pokerengine.tournament import EquityConfig, Tournament
from pokerengine.tournament.clock_view import MAX_ROWS, clock_view, steady
from pokerengine.tournament.events import ClockChange, Entrant, LevelChange, DirectorSetup, Start
from pokerengine.tournament.structure import Break, Level, Structure
from profiles import examples

T0 = 1_700_000_000


# ------------------------------------------------------------------ the oracle
def timeline(structure: Structure, seconds: int) -> list[int]:
    """The period index in force at each second of the clock, one entry a second."""
    out: list[int] = []
    for i, p in enumerate(structure.periods):
        out += [i] * (p.minutes * 60)
    last = len(structure.periods) - 1
    while len(out) <= seconds:
        out.append(last)
    return out


def oracle_elapsed(events: list[tuple[str, int]], now: int) -> int:
    """Seconds the clock ran by ``now``: walk the wall clock a second at a time."""
    running, ran, at = False, 0, None
    marks = dict((a, k) for k, a in events)
    for second in range(events[0][1], now):
        if second in marks:
            running = marks[second] in ("start", "resume")
        ran += running
        at = second
    del at
    return ran


def number(structure: Structure, index: int) -> tuple[int, bool]:
    """(level shown, on a break) of period ``index``: a break shows the level after it."""
    levels = 0
    for i, p in enumerate(structure.periods):
        if isinstance(p, Level):
            levels += 1
        if i == index:
            return (levels + 1, True) if isinstance(p, Break) else (levels, False)
    raise AssertionError


def index_of(structure: Structure, level: int, on_break: bool) -> int:
    return next(i for i in range(len(structure.periods)) if number(structure, i) == (level, on_break))


def oracle(structure: Structure, logged: int, events: list[tuple[str, int]], now: int) -> dict[str, object]:
    elapsed = oracle_elapsed(events, now)
    line = timeline(structure, elapsed + 100_000)
    shown = max(logged, line[elapsed])
    last = len(structure.periods) - 1
    left = None if shown == last else sum(1 for s in range(elapsed, len(line)) if line[s] <= shown)
    breaks = [s for s in range(elapsed, len(line)) if line[s] > shown and isinstance(structure.periods[line[s]], Break)]
    later = [i for i in range(shown + 1, last + 1) if isinstance(structure.periods[i], Level)]
    level, on_break = number(structure, shown)
    nxt = None
    if later:
        nxt = number(structure, later[0])[0]
    return {"level": level, "on_break": on_break, "seconds_left": left, "next_break_in": breaks[0] - elapsed if breaks else None,
            "next": nxt, "elapsed": elapsed,
            "break_before": structure.periods[shown + 1].minutes
            if not on_break and shown < last and isinstance(structure.periods[shown + 1], Break) else 0}


@st.composite
def structures(draw: st.DrawFn) -> Structure:
    n = draw(st.integers(1, 5))
    periods: list[Level | Break] = []
    for i in range(n):
        if i and draw(st.booleans()):
            periods.append(Break(draw(st.integers(1, 3))))
        periods.append(Level(25 * (i + 1), 50 * (i + 1), ante=draw(st.sampled_from([0, 5])), minutes=draw(st.integers(1, 3))))
    return Structure(tuple(periods))


def started(structure: Structure, stacks: dict[str, int] | None = None, prizes: tuple[int, ...] = (700, 300)) -> Tournament:
    t = Tournament(equity=EquityConfig.off())
    stacks = stacks or {"ann": 5000, "bob": 3000, "cat": 2000}
    entrants = [Entrant(p, c, "1", i) for i, (p, c) in enumerate(stacks.items(), 1)]
    t.apply(Start(prizes, entrants, False, DirectorSetup(structure, 9, "2a")))
    return t


@settings(max_examples=examples(150), deadline=None)
@given(structures(), st.data())
def test_level_and_time_left_match_the_oracle(structure: Structure, data: st.DataObject) -> None:
    t = started(structure)
    logged = data.draw(st.integers(0, len(structure.periods) - 1), label="logged period")
    level, on_break = number(structure, logged)
    if (level, on_break) != (1, False):
        t.apply(LevelChange(level, on_break=on_break))
    events = [("start", T0)]
    at = T0
    for _ in range(data.draw(st.integers(0, 4), label="pauses and resumes")):
        at += data.draw(st.integers(0, 400))
        events.append(("pause" if events[-1][0] != "pause" else "resume", at))
    for action, when in events:
        t.apply(ClockChange(action, when))
    now = at + data.draw(st.integers(0, 1500), label="now")
    view = clock_view(t, now)
    want = oracle(structure, logged, events, now)
    assert view["elapsed"] == want["elapsed"]
    assert (view["level"], view["on_break"]) == (want["level"], want["on_break"])
    assert view["seconds_left"] == want["seconds_left"]
    assert view["next_break_in"] == want["next_break_in"]
    assert (view["next"] or {}).get("level") == want["next"]
    if view["next"] is not None:
        assert view["next"]["break_before"] == want["break_before"]
    assert view["paused"] == (events[-1][0] == "pause")
    assert view["blinds"]["big_blind"] == structure.level(view["level"]).big_blind


def test_before_the_clock_starts_the_logged_level_and_no_countdown() -> None:
    s = Structure((Level(25, 50, minutes=20), Break(5), Level(50, 100, big_blind_ante=100, minutes=20)), name="Main")
    t = started(s)
    v = clock_view(t, T0)
    assert (v["clock_started"], v["level"], v["seconds_left"], v["name"]) == (False, 1, None, "Main")
    t.apply(LevelChange(2))
    v = clock_view(t, T0)
    assert (v["level"], v["blinds"]["big_blind_ante"], v["next"]) == (2, 100, None)  # the last level: no next


def test_a_break_set_by_hand_that_the_structure_lacks_has_no_countdown() -> None:
    t = started(Structure((Level(25, 50, minutes=20), Level(50, 100, minutes=20), Level(75, 150, minutes=20))))
    t.apply(ClockChange("start", T0))
    t.apply(LevelChange(2, on_break=True))
    v = clock_view(t, T0 + 60)
    assert (v["level"], v["on_break"], v["seconds_left"], v["period_seconds"]) == (2, True, None, None)


def test_field_money_and_seats() -> None:
    s = Structure((Level(25, 50, minutes=20),))
    t = started(s, {"ann": 5001, "bob": 3000, "cat": 2000, "<b>dan</b>": 1000}, prizes=(600, 300, 100))
    t.hand("1", {"ann": 6001, "<b>dan</b>": 0})
    v = clock_view(t, T0)
    assert (v["players_left"], v["entrants"], v["chips_in_play"], v["average_stack"]) == (3, 4, 11001, 3667)
    assert v["payouts"] == [{"place": 1, "prize": 600, "players": []}, {"place": 2, "prize": 300, "players": []},
                            {"place": 3, "prize": 100, "players": []}]
    assert [(r["seat"], r["player"], r["chips"]) for r in v["seats"][0]["players"]] == [
        (1, "ann", 6001), (2, "bob", 3000), (3, "cat", 2000)]
    t.hand("1", {"ann": 8001, "cat": 0})
    t.hand("1", {"ann": 11001, "bob": 0})
    v = clock_view(t, T0)
    assert v["status"] == "finished" and v["winners"] == ["ann"] and v["average_stack"] is None
    assert [r["players"] for r in v["payouts"]] == [["ann"], ["bob"], ["cat"]]
    json.dumps(v)  # JSON values only


def test_rows_are_cut_and_counted() -> None:
    players = {f"p{i}": 100 for i in range(MAX_ROWS + 5)}
    t = Tournament(equity=EquityConfig.off())
    t.start([1] * (MAX_ROWS + 3), players)
    v = clock_view(t, T0)
    assert (len(v["payouts"]), v["payouts_more"]) == (MAX_ROWS, 3)
    assert (sum(len(tb["players"]) for tb in v["seats"]), v["seats_more"]) == (MAX_ROWS, 5)
    assert v["seats"][0]["table"] is None  # players given without a table


def test_steady_ignores_only_the_countdown() -> None:
    t = started(Structure((Level(25, 50, minutes=20), Level(50, 100, minutes=20))))
    t.apply(ClockChange("start", T0))
    a, b = clock_view(t, T0 + 5), clock_view(t, T0 + 6)
    assert a != b and steady(a) == steady(b)
    assert steady(clock_view(t, T0 + 1200)) != steady(a)  # level 2 by the clock


@pytest.mark.parametrize("bad", [1.5, -1, True, "0", None])
def test_bad_now_is_refused(bad: object) -> None:
    t = started(Structure((Level(25, 50, minutes=20),)))
    with pytest.raises(TournamentError, match="now must be"):
        clock_view(t, bad)  # type: ignore[arg-type]


def test_not_a_tournament_is_refused() -> None:
    with pytest.raises(TournamentError, match="takes a Tournament"):
        clock_view({"level": 1}, T0)  # type: ignore[arg-type]


def test_a_tournament_without_a_structure() -> None:
    t = Tournament(equity=EquityConfig.off())
    v = clock_view(t, T0)
    assert (v["status"], v["level"], v["blinds"], v["players_left"]) == ("new", None, None, 0)
    t.start([100], {"ann": 5, "bob": 5})
    v = clock_view(t, T0)
    assert (v["status"], v["level"], v["average_stack"], v["pool"]) == ("running", None, 5, 100)
