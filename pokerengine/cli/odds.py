"""``pokerengine odds``: all-in odds of 2 to 9 hands or ranges, exact where feasible.

::

    pokerengine odds AcAd KhKs
    pokerengine odds AKs QQ+ --board Qs7s2d --json
    pokerengine odds "TT+, AQs+" "QQ+, AK" TT --monte-carlo --samples 1000000

Each hand is two cards (``AcAd``) or a range (``QQ+``, ``AKo:0.5``, comma lists: quote them).
The table gives each hand's equity (ties shared) and the counts of the JSON: the boards it wins,
ties and loses (``AcAd  81.255%  1,388,072  81.065%  6,538  0.382%  317,694  18.554%``), each
with its percentage, under the method (``table``, ``enumeration``, ``sorted``, ``monte carlo``)
and the number of boards and deals.
``--json`` prints::

    {"boards": 1712304, "hands": [{"hand": "AcAd", "win": 1388072, "tie": 6538, "lose": 317694,
     "equity": 0.8125...}, ...], "exact": true, "method": "table", "deals": 1, "board": "", "dead": ""}

``win``/``tie``/``lose`` are board counts summed over every deal of the ranges' combinations that
shares no card (weighted sums for weighted ranges; sample counts, with ``stderr``, for Monte Carlo).

Exit status 0; 2 with one line on stderr for bad input (a bad card or range, a card used twice, a
range that cannot be dealt, fewer than 2 or more than 9 hands, a board of 1, 2 or more than 5
cards); 1 when ``--max-seconds`` (default 60) runs out or the work is estimated to need far more.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

DEFAULT_SECONDS = 60.0


def add_parser(sub: Any) -> None:
    from .equity import _count_option

    p = sub.add_parser(
        "odds",
        help="all-in win/tie/lose odds and equity of 2 to 9 hands or ranges (exact enumeration)",
        description="Exact all-in odds of 2 to 9 hands or ranges, with an optional board and dead cards: every "
        "remaining board and every deal of the ranges' combinations that shares no card (Monte Carlo, with its "
        "standard error, only where exact work would be too large).",
    )
    p.add_argument("hands", nargs="+", metavar="HAND_OR_RANGE", help="two cards (AcAd) or a range (QQ+, AKs, ...)")
    p.add_argument("--board", default="", metavar="CARDS", help="0, 3, 4 or 5 board cards, e.g. Qs7s2d")
    p.add_argument("--dead", default="", metavar="CARDS", help="cards out of play")
    p.add_argument("--json", action="store_true", help="print JSON")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate even large cases (up to the hard limit)")
    how.add_argument("--monte-carlo", action="store_true", help="sample instead of enumerating")
    p.add_argument("--samples", type=_count_option, default=None, metavar="N",
                   help="Monte Carlo samples (default 200000)")
    p.add_argument("--seed", type=_count_option, default=0, help="Monte Carlo seed (default 0)")
    p.add_argument("--max-seconds", type=float, default=DEFAULT_SECONDS,
                   help=f"time budget (default {DEFAULT_SECONDS:g})")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..decisions.odds import DEFAULT_SAMPLES, MAX_HANDS, odds
    from . import fail

    if not 2 <= len(args.hands) <= MAX_HANDS:
        return fail(f"odds are for 2 to {MAX_HANDS} hands, got {len(args.hands)}")
    if not args.max_seconds > 0:
        return fail(f"--max-seconds must be positive, got {args.max_seconds:g}")
    exact = True if args.exact else False if args.monte_carlo else None
    samples = DEFAULT_SAMPLES if args.samples is None else args.samples
    try:
        result = odds(args.hands, args.board, args.dead, exact=exact, samples=samples, seed=args.seed,
                      max_seconds=args.max_seconds)
    except TimeoutError as exc:
        sys.stderr.write(f"pokerengine: {exc}\n")
        return 1
    if args.json:
        data: dict[str, Any] = result.to_json()
        sys.stdout.write(json.dumps(data, allow_nan=False) + "\n")
    else:
        for line in result.lines():
            sys.stdout.write(line + "\n")
    return 0
