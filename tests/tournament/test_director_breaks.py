"""A break never blocks a hand in play: hands dealt before a break, a level change or a
pause are finished and recorded at the stakes they were dealt with; no hand is dealt during a
break; the log replays and resumes from every store mid-break (TDA 23)."""

from __future__ import annotations

import random

import pytest

from pokerengine.errors import EventLogError, TournamentError
from pokerengine.tournament import Director, EquityConfig, Tournament
from pokerengine.tournament.events import Entrant, HandPlayed, LevelChange, DirectorSetup, Start, from_json, to_json
from pokerengine.tournament.log import dumps
from pokerengine.tournament.simulate import play_randomly
from pokerengine.tournament.structure import Structure

OFF = EquityConfig.off()
S = Structure.from_json({"levels": [{"small_blind": 25, "big_blind": 50, "minutes": 10}, {"break": 10},
                                    {"small_blind": 50, "big_blind": 100, "minutes": 10}]})


def _start(log: object = None) -> Director:
    return Director.start([f"p{i}" for i in range(1, 13)], [600, 400], stack=3000, structure=S, seats=6, seed=1,
                          equity=OFF, log=log)


def _fold_to_big_blind(hand) -> None:  # type: ignore[no-untyped-def]
    """Everyone folds: the big blind wins the small blind, a result that shows the stakes."""
    while not hand.over:
        legal = hand.legal_actions()
        if legal.fold and legal.call:
            hand.fold(hand.to_act)
        else:
            hand.check(hand.to_act)


def test_a_hand_finished_during_the_break_is_recorded() -> None:
    d = _start()
    t = d.tournament
    h1, h2 = d.deal("1", rng=random.Random(1)), d.deal("2", rng=random.Random(2))
    _fold_to_big_blind(h1)
    _fold_to_big_blind(h2)
    d.finish(h1)
    level = d.clock(600)
    assert level is not None and level.event == LevelChange(2, on_break=True, in_play=("2",))
    assert t.on_break and t.finishing == ("2",)
    played = d.finish(h2)  # raised "the tournament is on a break" until the break ended
    event = played.result.event
    assert isinstance(event, HandPlayed) and event.table == "2"
    assert sorted(v for v in event.deltas.values() if v) == [-25, 25]  # level 1's blinds, as dealt
    assert t.finishing == () and t.on_break
    assert sum(t.stacks.values()) == 12 * 3000
    with pytest.raises(TournamentError, match="on a break"):
        d.deal("2")
    assert d.ready() == () and d.waiting() == "the tournament is on a break"
    again = Director.replay([dumps(e) for e in t.events], equity=OFF)
    assert again.tournament.state() == t.state() and again.tables == d.tables
    d.clock(1200)  # the break is over: level 2's stakes from the next hand
    hand = d.deal("2", rng=random.Random(3))
    assert max(hand.bets.values()) == 100


def test_a_hand_finished_after_a_pause_or_a_level_change_keeps_its_stakes() -> None:
    d = _start()
    hand = d.deal("1", rng=random.Random(1))
    d.start_clock(1000)
    d.pause_clock(1100)  # a pause stops the clock, not the hand
    d.set_level(2)  # and a level change applies from the next hand
    _fold_to_big_blind(hand)
    event = d.finish(hand).result.event
    assert isinstance(event, HandPlayed) and sorted(v for v in event.deltas.values() if v) == [-25, 25]
    d.resume_clock(1200)
    assert max(d.deal("1", rng=random.Random(2)).bets.values()) == 100


def test_each_hand_in_play_is_finished_once_and_no_other_during_the_break() -> None:
    d = _start()
    t = d.tournament
    h1, h2 = d.deal("1", rng=random.Random(1)), d.deal("2", rng=random.Random(2))
    d.set_level(2, on_break=True)
    assert t.finishing == ("1", "2")
    d.set_level(1, on_break=True)  # another break at once (set by hand): the same hands go on
    assert t.events[-1] == LevelChange(1, on_break=True, in_play=("1", "2"))
    play_randomly(h1, random.Random(3))
    d.finish(h1)
    assert t.finishing == ("2",)
    players = list(d.tables["1"].values())
    with pytest.raises(TournamentError, match="no hand was in play there"):  # table 1's hand is recorded
        t.hand("1", deltas={players[0]: 0, players[1]: 0})
    play_randomly(h2, random.Random(4))
    d.finish(h2)
    assert t.finishing == ()
    assert sum(t.stacks.values()) == 12 * 3000


def test_the_machine_checks_what_a_break_lets_finish() -> None:
    setup = DirectorSetup(S, seats=6)
    t = Tournament(equity=OFF)
    t.apply(Start([10], [Entrant("a", 100, "1", 1), Entrant("b", 100, "1", 2), Entrant("c", 100, "2", 1),
                         Entrant("d", 100, "2", 2)], setup=setup))
    for bad, match in ((LevelChange(2, on_break=True, in_play=("9",)), "table '9', where nobody sits"),):
        with pytest.raises(TournamentError, match=match):
            t.apply(bad)
    t.set_level(2, on_break=True, in_play=["1"])
    with pytest.raises(TournamentError, match="no hand was in play there"):
        t.hand("2", deltas={"c": 5, "d": -5})
    with pytest.raises(TournamentError, match="no hand is dealt during a break"):
        t.set_level(1, on_break=True, in_play=["2"])
    t.hand("1", deltas={"a": 5, "b": -5})
    with pytest.raises(TournamentError, match="no hand was in play there"):  # one hand each, not two
        t.hand("1", deltas={"a": 5, "b": -5})
    t.set_level(2)  # the break is over
    t.hand("2", deltas={"c": 5, "d": -5})
    assert t.stacks == {"a": 105, "b": 95, "c": 105, "d": 95}
    with pytest.raises(TournamentError, match="is no break"):
        LevelChange(2, in_play=["1"])
    with pytest.raises(TournamentError, match="twice"):
        LevelChange(2, on_break=True, in_play=["1", "1"])
    with pytest.raises(TournamentError, match="must be a list"):
        LevelChange(2, on_break=True, in_play="1")
    with pytest.raises(EventLogError, match="level event"):
        from_json({"event": "level", "level": 2, "in_play": ["1"]})
    assert from_json(to_json(LevelChange(2, True, ["1"]))) == LevelChange(2, True, ("1",))
    assert to_json(LevelChange(2, True)) == {"event": "level", "level": 2, "on_break": True}


def test_a_log_with_a_hand_during_a_break_it_did_not_start_with_is_refused() -> None:
    d = _start()
    h1 = d.deal("1", rng=random.Random(1))
    d.clock(600)
    play_randomly(h1, random.Random(2))
    d.finish(h1)
    events = list(d.tournament.events)
    assert Director.replay([dumps(e) for e in events], equity=OFF).tournament.state() == d.tournament.state()
    i = next(i for i, e in enumerate(events) if isinstance(e, LevelChange))
    forged = events[:i] + [LevelChange(2, on_break=True)] + events[i + 1:]  # the break named no hand in play
    with pytest.raises(EventLogError, match="on a break"):
        Director.replay([dumps(e) for e in forged], equity=OFF)


@pytest.mark.parametrize("store", ["file", "sqlite", "postgresql"])
def test_resuming_from_a_store_mid_break_with_hands_in_play(store, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import uuid

    from test_stores import postgres_url, with_tournament

    if store == "file":
        log = str(tmp_path / "t.jsonl")
    elif store == "sqlite":
        log = f"sqlite:///{tmp_path / 't.db'}?tournament=t"
    else:
        log = with_tournament(postgres_url(), f"breaks-{uuid.uuid4().hex[:12]}")
    d = _start(log)
    d.start_clock(1_700_000_000)
    h1, h2 = d.deal("1", rng=random.Random(1)), d.deal("2", rng=random.Random(2))
    d.tick(1_700_000_600)  # the break, with both hands in play
    play_randomly(h1, random.Random(3))
    d.finish(h1)  # logged during the break
    live = d.tournament.state()
    d.close()  # the server dies: table 2's hand was never logged
    again = Director.open(log, equity=OFF)
    assert again.tournament.state() == live and again.tournament.finishing == ("2",)
    assert again.tables == d.tables and again.table("1").stacks == d.table("1").stacks
    with pytest.raises(TournamentError, match="on a break"):  # the lost hand is dealt again after the break
        again.deal("2")
    assert again.tick(1_700_001_200) is not None and not again.tournament.on_break
    hand = again.deal("2", rng=random.Random(4))
    assert max(hand.bets.values()) == 100
    play_randomly(hand, random.Random(5))
    again.finish(hand)
    again.close()
    replayed = Director.replay(log, equity=OFF)
    assert replayed.tournament.state() == again.tournament.state()
    assert sum(replayed.tournament.stacks.values()) == 12 * 3000


def _shove_and_call(hand) -> None:  # type: ignore[no-untyped-def]
    """The first player to act goes all in, the next calls, everyone else folds."""
    shoved = called = False
    while not hand.over:
        seat, legal = hand.to_act, hand.legal_actions()
        if legal.show or legal.muck:
            hand.show(seat) if legal.show else hand.muck(seat)
        elif not shoved and legal.raise_to is not None:
            hand.raise_to(seat, legal.raise_to.max_to)
            shoved = True
        elif shoved and not called and legal.call:
            hand.check_or_call(seat)
            called = True
        elif legal.check:
            hand.check(seat)
        else:
            hand.fold(seat)


def test_tables_balance_during_a_break_once_the_hands_in_play_end() -> None:
    for cards in range(100):
        d = Director.start([f"p{i}" for i in range(1, 14)], [600, 400], stack=3000, structure=S, seats=7, seed=1,
                           equity=OFF)
        t = d.tournament
        long_, short = sorted(d.tables, key=lambda n: -len(d.tables[n]))
        assert (len(d.tables[long_]), len(d.tables[short])) == (7, 6)
        h_long, h_short = d.deal(long_, rng=random.Random(0)), d.deal(short, rng=random.Random(cards))
        d.clock(600)  # the break, both hands in play
        _shove_and_call(h_short)
        played = d.finish(h_short)
        if not played.result.busted:
            continue
        assert played.moves == ()  # the long table's hand is in play: nobody leaves it yet
        _fold_to_big_blind(h_long)
        played = d.finish(h_long)
        assert t.on_break and played.moves and {m.reason for m in played.moves} == {"balance"}
        sizes = sorted(len(s) for s in d.tables.values())
        assert sizes[-1] - sizes[0] <= 1 and sum(sizes) == 13 - len(t.standings())
        assert Director.replay([dumps(e) for e in t.events], equity=OFF).tables == d.tables
        return
    pytest.fail("no seed gave a bust")  # pragma: no cover
