"""``pokerengine bubble``: the bubble factor and risk premium of every player against every other.

::

    pokerengine bubble --stacks 1000,1000,1000,1000 --prizes 50,30,20
    pokerengine bubble --stacks 5000,3000,2000,1000 --prizes 50,30,20 --model dcm --json

``--stacks`` are chips (positive integers, 2 to 9 players), ``--prizes`` the prize per place, best
first (integers or fractions like ``100/3``); both take commas or spaces between values.  The table
shows row A against column B: the bubble factor (the money A loses losing an all-in for the
smaller stack over the money A gains winning it), then the risk premium in percent
(:mod:`pokerengine.decisions.bubble`).  ``--json`` prints::

    {"model": "icm", "stacks": [...], "prizes": [...], "equity": [...],
     "factors": [[null, 1.875, ...], ...], "risk_premium": [[null, 0.152, ...], ...]}

with ``null`` on the diagonal and where a factor is undefined (the all-in changes nothing).
Under ICM and chip EV every factor is within a relative 1e-9 of the exact one, at least 1 where
the exact one is and exactly 1 where the payout is linear in chips (Fractions where floats
cannot tell: :mod:`pokerengine.decisions.bubble`); ``--digits`` shows more of it.
``--bounties B1,B2,...`` (one per player, in the prizes' units) and ``--progressive`` add knockout
bounties (:mod:`pokerengine.decisions.bounty`): every equity is prize money plus bounty money (the
JSON adds ``"bounties"`` and ``"progressive"``), and a bounty on B raises what A gains busting him.
Exit status 0; 2 with one line on stderr for bad input; 1 when ``--max-seconds`` (default 30)
runs out.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from ..models import MODELS, SAMPLED_MODELS

#: The payout models of the registry a decision takes, then chip EV.
MODEL_NAMES = (*(name for name in MODELS if name not in SAMPLED_MODELS), "chip")
DEFAULT_SECONDS = 30.0


def add_parser(sub: Any) -> None:
    from .equity import _count_option, _real_option

    p = sub.add_parser(
        "bubble",
        help="bubble factors and risk premiums of a table under ICM, DCM, Malmuth-Weitzman or Roberts",
        description="The bubble factor of each player (row) against each other (column): the money lost "
                    "losing an all-in for the smaller stack over the money gained winning it.",
    )
    p.add_argument("--stacks", nargs="+", metavar="A,B,...", help="chips per player (positive integers)")
    p.add_argument("--prizes", nargs="+", metavar="P1,P2,...", help="prize per place, best first")
    p.add_argument("--model", choices=MODEL_NAMES, default="icm", help="the payout model (default icm)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--digits", type=_count_option, default=3, metavar="N", help="decimals in the table (default 3)")
    p.add_argument("--max-seconds", type=_real_option, default=DEFAULT_SECONDS, metavar="S",
                   help=f"give up after this long (exit 1; default {DEFAULT_SECONDS:g})")
    p.add_argument("--bounties", nargs="+", default=None, metavar="B1,B2,...",
                   help="knockout bounties: the money on each player's head, in the prizes' units (one per player)")
    p.add_argument("--progressive", action="store_true",
                   help="progressive knockouts (PKO): half of a won bounty paid, half added to the winner's own")
    dcm = p.add_argument_group("dcm")
    dcm.add_argument("--depth", type=_count_option, default=None, help="deepest hand of the game tree (default 50)")
    p.set_defaults(run=run)


def _cell(value: float | None, digits: int, percent: bool = False) -> str:
    if value is None:
        return "-"
    if not math.isfinite(value):
        return "n/a" if math.isnan(value) else "inf"
    return f"{100 * value:.{digits - 1 if digits else 0}f}%" if percent else f"{value:.{digits}f}"


def _table(title: str, matrix: Any, digits: int, percent: bool = False) -> list[str]:
    n = len(matrix)
    header = [title] + [str(j + 1) for j in range(n)]
    rows = [[str(i + 1)] + [_cell(v, digits, percent) for v in row] for i, row in enumerate(matrix)]
    widths = [max(len(r[k]) for r in [header, *rows]) for k in range(n + 1)]
    return ["  ".join(c.rjust(w) for c, w in zip(r, widths)) for r in [header, *rows]]


def run(args: argparse.Namespace) -> int:
    from ..decisions.bubble import bubble_factors
    from . import fail
    from .equity import _parse_prizes, _parse_stacks, _split

    if not args.stacks:
        return fail("give the stacks: --stacks A,B,...")
    if not args.prizes:
        return fail("give the prizes: --prizes P1,P2,...")
    if not 0 <= args.digits <= 12:
        return fail(f"--digits must be between 0 and 12, got {args.digits}")
    if args.depth is not None and args.model != "dcm":
        return fail("--depth is an option of --model dcm")
    stacks = _parse_stacks(_split(args.stacks))
    prizes = _parse_prizes(_split(args.prizes))
    seconds = args.max_seconds if args.max_seconds != float("inf") else None
    options = {} if args.depth is None else {"depth": args.depth}
    bounties = None
    if args.bounties is not None:
        from ..errors import DecisionInputError
        from .equity import _amount

        bounties = [_amount(b, f"bounty of player {i}", DecisionInputError, fractions=True)
                    for i, b in enumerate(_split(args.bounties), 1)]
    try:
        result = bubble_factors(stacks, prizes, model=args.model, max_seconds=seconds,  # type: ignore[arg-type]
                                bounties=bounties, progressive=args.progressive, **options)
    except TimeoutError as exc:
        sys.stderr.write(f"pokerengine: {exc}\n")
        return 1
    write = sys.stdout.write
    if args.json:
        out = result.to_json()
        if bounties is not None:  # the equities are prize money plus bounty money
            out["bounties"] = [b if isinstance(b, int) else str(b) for b in bounties]
            out["progressive"] = args.progressive
        write(json.dumps(out, allow_nan=False) + "\n")
        return 0
    prizes_text = " / ".join(str(p) for p in result.prizes)
    write(f"{result.model}: {len(result.stacks)} players, prizes {prizes_text}; row A against column B\n")
    for i, (s, e) in enumerate(zip(result.stacks, result.equity)):
        write(f"player {i + 1}: stack {s:,}, equity {e:,.{args.digits}f}"
              f"{f' (bounty {bounties[i]})' if bounties is not None else ''}\n")
    write("\nbubble factor\n")
    for line in _table("A\\B", result.factors, args.digits):
        write(line + "\n")
    write("\nrisk premium (equity above 50% a call needs)\n")
    for line in _table("A\\B", result.risk_premium, args.digits, percent=True):
        write(line + "\n")
    return 0
