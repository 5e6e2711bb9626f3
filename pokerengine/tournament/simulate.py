"""A whole tournament with random legal play: how long a structure lasts, and the director's load test.

:func:`simulate` seats the players (the director's seat draw), runs the clock, deals every table
through the live hand engine with random legal actions, and lets the
:class:`~pokerengine.tournament.director.Director` balance and break the tables and go
hand-for-hand, until one player has every chip.  Everything comes from ``seed``: the same seed
gives the same tournament, event for event.

>>> from pokerengine.tournament.structure import Structure
>>> s = Structure.from_json({"levels": [{"small_blind": 50, "big_blind": 100, "minutes": 10},
...                                     {"small_blind": 100, "big_blind": 200, "minutes": 10}]})
>>> run = simulate(12, structure=s, stack=1500, prizes=[600, 400, 200], seats=6, seed=1)
>>> run.director.tournament.status, len(run.director.tournament.standings())
('finished', 12)
>>> sum(run.director.tournament.payouts().values())
1200

Limits: at most ``max_hands`` hands (default 1,000,000), then the tournament is ended by chip
count (:class:`~pokerengine.tournament.End`); time linear in the hands played.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs

from .._checks import shown
from ..errors import TournamentError
from ..live.hand import Hand as LiveHand
from .director import Director
from .equity import EquityConfig
from .structure import Break, Level, Structure

SECONDS_PER_HAND = 120
"""Clock time one hand takes at a table (about 30 hands an hour)."""

MAX_PLAYERS = 100_000
MAX_HANDS = 1_000_000

DEFAULT_STRUCTURE = Structure(tuple(
    p for i, (sb, bb, ante) in enumerate([
        (25, 50, 0), (50, 100, 0), (75, 150, 0), (100, 200, 25), (150, 300, 25), (200, 400, 50), (300, 600, 75),
        (400, 800, 100), (500, 1000, 100), (600, 1200, 200), (800, 1600, 200), (1000, 2000, 300),
        (1500, 3000, 400), (2000, 4000, 500), (3000, 6000, 1000), (4000, 8000, 1000), (5000, 10000, 1000),
        (6000, 12000, 2000), (8000, 16000, 2000), (10000, 20000, 3000), (15000, 30000, 4000), (20000, 40000, 5000),
        (30000, 60000, 10000), (40000, 80000, 10000), (50000, 100000, 10000), (100000, 200000, 20000)], 1)
    for p in ((Level(sb, bb, ante=ante, minutes=20),) + ((Break(10),) if i % 4 == 0 and i < 26 else ()))),
    name="default: 20-minute levels, antes from level 4, a 10-minute break every 4 levels")
"""The structure ``simulate`` uses when given none (starting stack 10,000: 200 big blinds)."""


@attrs.frozen
class Simulation:
    """What :func:`simulate` did: the ``director`` (its tournament finished), ``hands`` dealt,
    ``levels`` reached, ``seconds`` of clock time."""

    director: Director
    hands: int
    levels: int
    seconds: int


def play_randomly(hand: LiveHand, rng: random.Random) -> None:
    """Play ``hand`` to its end with random legal actions (calls and checks most, some folds,
    raises of random size, all-ins now and then)."""
    while not hand.over:
        seat = hand.to_act
        if seat is None:  # nothing to decide (the engine deals on)
            break
        legal = hand.legal_actions()
        if legal.show or legal.muck:
            if legal.show and (not legal.muck or rng.random() < 0.8):  # float ok: a random choice, not chips
                hand.show(seat)
            else:
                hand.muck(seat)
            continue
        x = rng.random()  # float ok: a random choice, not chips
        r = legal.raise_to
        if r is not None and x < 0.1:
            y = rng.random()  # float ok: a random choice, not chips
            amount = r.max_to if y < 0.05 else r.min_to if y < 0.7 else rng.randint(r.min_to, min(r.max_to, 3 * r.min_to))
            amount -= (amount - r.min_to) % hand.unit
            hand.raise_to(seat, amount)
        elif legal.fold and legal.call and x < 0.6:
            hand.fold(seat)
        else:
            hand.check_or_call(seat)


def simulate(players: int, *, structure: Structure | None = None, stack: int = 10_000,
             prizes: Sequence[int] | None = None, seats: int = 9, seed: int | str | None = None,
             log: Any = None, hand_for_hand: bool = True, final_table_redraw: bool = False,
             seconds_per_hand: int = SECONDS_PER_HAND, max_hands: int = MAX_HANDS,
             equity: EquityConfig | None = None, sync: bool = False) -> Simulation:
    """Run a tournament of ``players`` (ids ``p1``, ``p2``, ...) to the end with random play.

    ``prizes``: default 15% of the field paid, a simple falling structure of 100 per entrant.
    ``log``: where the events go (anything :class:`~pokerengine.tournament.Tournament` takes;
    ``sync=True`` fsyncs a log file after each event, as a database store always commits).
    """
    if type(players) is not int or not 2 <= players <= MAX_PLAYERS:
        raise TournamentError(f"players must be an integer from 2 to {MAX_PLAYERS:,}, got {shown(players)}")
    if type(max_hands) is not int or not 1 <= max_hands <= MAX_HANDS:
        raise TournamentError(f"max_hands must be an integer from 1 to {MAX_HANDS:,}, got {shown(max_hands)}")
    if type(seconds_per_hand) is not int or not 1 <= seconds_per_hand <= 3600:
        raise TournamentError(f"seconds_per_hand must be an integer from 1 to 3600, got {shown(seconds_per_hand)}")
    structure = DEFAULT_STRUCTURE if structure is None else structure
    if prizes is None:
        prizes = default_prizes(players)
    names = [f"p{i}" for i in range(1, players + 1)]
    director = Director.start(names, prizes, structure=structure, stack=stack, seats=seats, seed=seed, log=log,
                              hand_for_hand=hand_for_hand, final_table_redraw=final_table_redraw,
                              equity=equity if equity is not None else EquityConfig.off(), sync=sync)
    rng = random.Random(f"{director.setup.seed}:play")
    t = director.tournament
    clock = hands = 0
    while t.status not in ("finished",):
        if hands >= max_hands:
            t.end(f"simulation stopped after {max_hands:,} hands")
            break
        director.clock(clock)
        if t.on_break:
            clock += 60
            continue
        ready = director.ready()
        if not ready:
            raise TournamentError(f"the simulation is stuck: {director.waiting() or 'no table can deal'}")  # pragma: no cover
        dealt = []
        for name in ready:
            if hands >= max_hands:
                break
            hand = director.deal(name, rng=rng)
            play_randomly(hand, rng)
            dealt.append(hand)
            hands += 1
        rng.shuffle(dealt)  # tables finish in any order
        for hand in dealt:
            if t.status == "finished":
                break
            director.finish(hand)
        clock += seconds_per_hand
    return Simulation(director, hands, t.level or 1, clock)


def default_prizes(players: int) -> tuple[int, ...]:
    """A prize pool of 100 units per entrant, 15% of the field paid (at least one place), each paid
    place worth more than the next: weights ``1/place`` rounded down, the rest to first place."""
    paid = max(1, players * 15 // 100)
    pool = 100 * players
    weights = [10**6 // p for p in range(1, paid + 1)]
    total = sum(weights)
    prizes = [pool * w // total for w in weights]
    prizes[0] += pool - sum(prizes)
    return tuple(prizes)
