"""``pokerengine tournament simulate``: a whole tournament with random legal play, for directors and load tests.

    pokerengine tournament simulate --players N [--structure FILE] [--seed S] [--store DEST] [--json]

Seats ``N`` players (ids ``p1`` ... ``pN``) by the seat draw, runs the clock through the structure
(``--structure``: a JSON file, see ``docs/tournament.md``; default: 20-minute levels from 25/50,
starting stacks of 10,000), deals every table through the live hand engine with random legal
actions, balances and breaks tables, plays hand-for-hand near the money, and prints what
``pokerengine tournament SOURCE`` prints, plus ``hands`` and ``levels`` played, ``hours`` of
clock time, ``seed`` and ``tournament`` (its id in the store; ``null`` without ``--store`` or
for a file).  Everything comes from ``--seed`` (default: a random one), so a run can be repeated.  Bad input:
one line on stderr, exit status 2.  Limits: at most 100,000 players and 1,000,000 hands
(``--max-hands``); time and memory linear in the hands played.
"""

from __future__ import annotations

import argparse
import secrets
from typing import Any


def _int(low: int, high: int) -> Any:
    def parse(text: str) -> int:
        if not text.isdigit() or len(text) > 12 or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(f"must be an integer from {low:,} to {high:,}, got {text[:40]!r}")
        return int(text)

    return parse


def add_simulate(parser_class: type[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    from ..tournament.simulate import MAX_HANDS, MAX_PLAYERS

    p = parser_class(
        prog="pokerengine tournament simulate",
        description="Run a whole tournament with random legal play through the live hand engine (seat draw, levels, "
                    "balancing and breaking, hand-for-hand, busts) and print its result: how long a structure "
                    "lasts, and a load test of a store.",
    )
    p.add_argument("--players", type=_int(2, MAX_PLAYERS), required=True, metavar="N", help="players in the field")
    p.add_argument("--structure", metavar="FILE", help="the blind structure (JSON); default: 20-minute levels")
    p.add_argument("--stack", type=_int(1, 10**15), default=None, metavar="CHIPS",
                   help="starting stack (default: 200 big blinds of the first level)")
    p.add_argument("--seats", type=_int(2, 10), default=9, metavar="N", help="seats a table (default 9)")
    p.add_argument("--seed", metavar="S", help="hexadecimal seed (default: random, printed to stderr)")
    p.add_argument("--store", metavar="DEST",
                   help="where the events go: a .jsonl file, sqlite:///FILE.db?tournament=ID, postgresql://...")
    p.add_argument("--redraw", action="store_true", help="redraw seats for the final table")
    p.add_argument("--no-hand-for-hand", action="store_true", help="never play hand-for-hand")
    p.add_argument("--max-hands", type=_int(1, MAX_HANDS), default=MAX_HANDS, metavar="N",
                   help=f"stop (end by chip count) after N hands (default {MAX_HANDS:,})")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(run=run_simulate)
    return p


def run_simulate(args: argparse.Namespace) -> int:
    from ..errors import TournamentError
    from ..tournament import EquityConfig
    from ..tournament.simulate import simulate
    from ..tournament.structure import Structure
    from .standings import show

    structure = None if args.structure is None else Structure.load(args.structure)
    seed = args.seed
    if seed is None:
        seed = secrets.token_hex(8)
    elif not 0 < len(seed) <= 64 or not set(seed) <= set("0123456789abcdef"):
        raise TournamentError(f"--seed must be 1 to 64 lowercase hexadecimal digits, got {seed[:40]!r}")
    first = (structure.levels[0] if structure is not None else None)
    stack = args.stack
    if stack is None:
        stack = 200 * first.big_blind if first is not None else 10_000
    run = simulate(args.players, structure=structure, stack=stack, seats=args.seats, seed=seed, log=args.store,
                   hand_for_hand=not args.no_hand_for_hand, final_table_redraw=args.redraw, max_hands=args.max_hands,
                   equity=EquityConfig.off(), sync=True)
    t = run.director.tournament
    store = getattr(t, "_log", None)
    name = getattr(store, "tournament", None)
    run.director.close()
    extra = {"hands": run.hands, "levels": run.levels, "hours": round(run.seconds / 3600, 2),  # float ok: clock hours
             "seed": seed, "tournament": name if isinstance(name, str) else None}
    return show(t, args, extra)
