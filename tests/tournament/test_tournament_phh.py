"""The 2023 WSOP $50K Poker Players Championship final table (83 PHH hands) through a tournament.

Each hand is replayed by :mod:`pokerengine.replay` and its settlement recorded
with :meth:`Tournament.record_settlement` (the big-blind ante, which the
settlement holds as dead money, is charged to the player who posted it).
Between hands, the record's next starting stacks differ from the last
finishing stacks three times: before hand 3 (5,000 chips leave play, a
colour-up), before hand 49 (12,500 chips between two players with no hand
missing: a count correction) and before hand 71 (hand 70 is not in the record:
one balancing hand).  Then the busts must be the players the record shows at 0,
and the places the real ones: Kristopher Tong 5th (hand 68), James Obst 4th
(hand 78), Matthew Ashton 3rd (hand 79), Talal Shakerchi 2nd and Brian Rast
the winner (hand 85).
"""

from __future__ import annotations

import io
import pathlib

import pytest

from pokerengine.phh import load
from pokerengine.replay import replay_hand
from pokerengine.tournament import EquityConfig, Tournament

FOLDER = pathlib.Path(__file__).resolve().parents[2] / "fixtures" / "phh" / "wsop-2023-43-day5"
PRIZES = [500, 300, 200, 100, 50]  # illustrative; the test is about places


def hands():
    return [h for f in sorted(FOLDER.glob("*.phh")) for h in load(f)]


@pytest.mark.skipif(not FOLDER.is_dir(), reason="the PHH fixtures are not there")
def test_wsop_2023_ppc_final_table():
    all_hands = hands()
    assert len(all_hands) == 83
    first = all_hands[0]
    gaps = []
    busts = {}
    log = io.StringIO()
    t = Tournament(log, equity=EquityConfig.off())
    t.start(PRIZES, dict(zip(first.players, first.starting_stacks)))
    previous = 0
    for h in all_hands:
        start = dict(zip(h.players, h.starting_stacks))
        if t.stacks != start:
            gaps.append(h.hand)
            if h.hand != previous + 1 and sum(t.stacks.values()) == sum(start.values()):
                t.hand("FT", start)  # the hand missing from the record
            else:
                t.correct(start, reason=f"chips before hand {h.hand}")
        replay = replay_hand(h)
        assert replay.status == "matched", h.hand
        s = replay.settlement
        dead = {p: a for p, a in zip(h.players, h.antes) if a} if s.dead else None
        r = t.record_settlement("FT", s, {i + 1: p for i, p in enumerate(h.players)}, dead=dead)
        finishing = dict(zip(h.players, replay.finishing))
        assert {p: t.stacks.get(p, 0) for p in h.players} == finishing, h.hand
        assert set(r.busted) == {p for p, x in finishing.items() if x == 0}
        for p in r.busted:
            busts[p] = h.hand
        previous = h.hand
    assert gaps == [3, 49, 71]
    assert [type(e).__name__ for e in t.events if type(e).__name__ != "HandPlayed"] == ["Start", "Correction", "Correction"]
    assert busts == {"Kristopher Tong": 68, "James Obst": 78, "Matthew Ashton": 79, "Talal Shakerchi": 85}
    assert t.status == "finished"
    assert [(s.place, s.player, s.prize) for s in t.standings()] == [
        (1, "Brian Rast", 500), (2, "Talal Shakerchi", 300), (3, "Matthew Ashton", 200),
        (4, "James Obst", 100), (5, "Kristopher Tong", 50),
    ]
    assert Tournament.replay(io.StringIO(log.getvalue()), equity=EquityConfig.off()).state() == t.state()
