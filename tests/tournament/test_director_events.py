"""The director's events: the setup in the start, levels, redraws, hands with positions, move reasons.

Each round-trips through its JSON line, refuses malformed values with a TournamentError (an
EventLogError when read from a log), and the state machine applies it by the rules.
"""

from __future__ import annotations

import pytest

from pokerengine.errors import EventLogError, TournamentError
from pokerengine.tournament import EquityConfig, Tournament
from pokerengine.tournament.events import Entrant, HandPlayed, LevelChange, Move, Redraw, DirectorSetup, Start, from_json, to_json
from pokerengine.tournament.structure import Structure

S = {"levels": [{"small_blind": 25, "big_blind": 50, "minutes": 15}, {"break": 5},
                {"small_blind": 50, "big_blind": 100, "ante": 10, "minutes": 15}]}


def started(seats: int = 6) -> Tournament:
    t = Tournament(equity=EquityConfig.off())
    players = [Entrant("a", 100, "1", 1), Entrant("b", 100, "1", 2), Entrant("c", 100, "2", 1), Entrant("d", 100, "2", 3)]
    t.apply(Start([300, 100], players, setup=DirectorSetup(S, seats=seats, seed="abc")))
    return t


def test_the_setup_round_trips_in_the_start() -> None:
    start = Start([10], {"x": 5, "y": 5}, setup={"structure": S, "seats": 8, "seed": "ff", "game": "PO",
                                                   "break_order": ["2", "1"], "final_table_redraw": True,
                                                   "hand_for_hand": False})
    obj = to_json(start)
    assert obj["setup"]["structure"]["levels"][1] == {"break": 5}
    assert obj["setup"]["break_order"] == ["2", "1"]
    assert from_json(obj) == start
    assert isinstance(start.setup.structure, Structure)  # type: ignore[union-attr]


@pytest.mark.parametrize("setup, message", [
    ({"seats": 9}, "needs 'structure'"),
    ({"structure": S, "seats": 11}, "seats must be an integer from 2 to 10"),
    ({"structure": S, "seats": True}, "seats must be"),
    ({"structure": S, "seed": "XYZ"}, "hexadecimal"),
    ({"structure": S, "seed": "f" * 65}, "hexadecimal"),
    ({"structure": S, "game": "F7S"}, "flop game with blinds"),
    ({"structure": S, "break_order": ["1", "1"]}, "twice"),
    ({"structure": S, "hand_for_hand": 1}, "true or false"),
    ({"structure": S, "colour": "red"}, "unknown field"),
    ({"structure": {"levels": []}}, "structure"),
    ("setup", "must be an object"),
])
def test_a_bad_setup_is_refused(setup: object, message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        Start([10], {"x": 5, "y": 5}, setup=setup)
    with pytest.raises(EventLogError, match=message):
        from_json({"event": "start", "prizes": [10], "players": [{"id": "x", "stack": 5}], "setup": setup})


def test_with_a_setup_every_player_needs_a_table_and_a_seat_the_tables_have() -> None:
    t = Tournament()
    with pytest.raises(TournamentError, match="needs a table and a seat"):
        t.apply(Start([10], {"x": 5, "y": 5}, setup=DirectorSetup(S)))
    with pytest.raises(TournamentError, match="tables have 6 seats"):
        t.apply(Start([10], [Entrant("x", 5, "1", 7), Entrant("y", 5, "1", 1)], setup=DirectorSetup(S, seats=6)))
    assert t.status == "new"
    t = started()
    with pytest.raises(TournamentError, match="tables have 6 seats"):
        t.move("a", "2", 9)
    with pytest.raises(TournamentError, match="needs a table and a seat"):
        t.move("a", "2")


def test_levels_and_breaks() -> None:
    t = started()
    assert (t.level, t.on_break) == (1, False)
    t.set_level(2, on_break=True)
    assert to_json(t.events[-1]) == {"event": "level", "level": 2, "on_break": True}
    with pytest.raises(TournamentError, match="on a break"):
        t.hand("1", deltas={"a": 10, "b": -10})
    with pytest.raises(TournamentError, match="already in force"):
        t.set_level(2, on_break=True)
    with pytest.raises(TournamentError, match="past the structure's last level"):
        t.set_level(3)
    t.set_level(2)
    t.hand("1", deltas={"a": 10, "b": -10}, )
    assert t.state().level == 2 and not t.state().on_break
    with pytest.raises(TournamentError, match="needs a tournament started with a setup"):
        plain = Tournament()
        plain.start([10], {"x": 5, "y": 5})
        plain.set_level(1)
    with pytest.raises(TournamentError, match="level"):
        LevelChange(0)
    assert from_json({"event": "level", "level": 3}) == LevelChange(3)


def test_hand_positions_are_logged_and_kept_per_table() -> None:
    t = started()
    t.apply(HandPlayed("1", deltas={"a": 10, "b": -10}, positions=(2, 1, 2)))
    assert t.positions("1") == (2, 1, 2) and t.positions("2") is None
    assert to_json(t.events[-1])["positions"] == [2, 1, 2]
    assert from_json(to_json(t.events[-1])) == t.events[-1]
    with pytest.raises(TournamentError, match="past 6"):
        t.apply(HandPlayed("1", deltas={"a": 10, "b": -10}, positions=(7, 1, 2)))
    for bad in ([1, 2], "123", [1, 2, 0], [1, 2, 11], [1, 2, 3.0]):
        with pytest.raises(TournamentError, match="position"):
            HandPlayed("1", deltas={"a": 1, "b": -1}, positions=bad)


def test_move_reasons() -> None:
    assert to_json(Move("a", "2", 2, "balance"))["reason"] == "balance"
    assert "reason" not in to_json(Move("a", "2", 2))
    with pytest.raises(TournamentError, match="reason"):
        Move("a", "2", 2, "whim")


def test_a_redraw_seats_everyone_at_once() -> None:
    t = started()
    # a full rotation at table 1 plus players from table 2: no free seat is needed
    t.apply(Redraw("1", {"a": 2, "b": 1, "c": 3, "d": 4}))
    assert {p: t.seat_of(p) for p in "abcd"} == {"a": ("1", 2), "b": ("1", 1), "c": ("1", 3), "d": ("1", 4)}
    assert from_json(to_json(t.events[-1])) == t.events[-1]
    with pytest.raises(TournamentError, match="both drawn to seat 1"):
        Redraw("1", {"a": 1, "b": 1})
    t2 = started()
    with pytest.raises(TournamentError, match="taken by 'c', who is not redrawn"):
        t2.apply(Redraw("2", {"a": 1}))
    with pytest.raises(TournamentError, match="out of the tournament|no player"):
        t2.apply(Redraw("2", {"zed": 2}))
    assert len(t2.events) == 1
