"""``pokerengine pushfold``: the push/fold equilibrium of one table (2 to 9 players).

::

    pokerengine pushfold --stacks 5000,3000,2000 --blinds 100,200 --prizes 50,30,20 --model icm
    pokerengine pushfold --stacks 2000,2000 --blinds 50,100 --ante 10 --json

Stacks in chips in seat order starting at the button (heads-up: small blind, big blind; commas,
spaces or both between values, as for ``--blinds`` and ``--prizes``); without ``--prizes`` the
model is chip EV, with them ICM unless ``--model`` says otherwise.  The table lists each
position's push range (percent of the 1,326 combinations) and its call ranges keyed by the
positions already all in, then every range as hands (``BTN pushes 36.0%: 22+, A2s+, K6s+,
K5s:0.63, ...``: :func:`pokerengine.decisions.ranges.format_range`, mixed hands to two decimals); ``--lookahead N`` (prize models) values the stacks after the hand
by the next ``N`` hands' equilibria instead of the model; ``--no-card-removal`` deals the hands
independently (either way the reported equities add up to the pool: with card removal they come
from one joint deal, every seat's view mixed; :mod:`pokerengine.decisions.equilibrium`);
``--json`` prints the equilibrium as data
(:meth:`pokerengine.decisions.result.Equilibrium.to_json`; ``seconds`` is the wall time).
``--plot FILE.png`` draws every push range and each call range against a single pusher as 13x13
grids (:func:`pokerengine.decisions.charts.plot_ranges`; the ``plot`` extra; checked before
solving) and says so: ``wrote the chart to FILE.png`` (beside ``--json``, on stderr).

``--bounties B1,B2,...`` (the money on each player's head, in the prizes' units), ``--progressive``
(half of a won bounty paid, half added to the winner's own) and, under chip EV,
``--chips-per-money X`` add knockout bounties (:mod:`pokerengine.decisions.bounty`): the equities
are prize money plus bounty money; the JSON adds ``"bounties"`` and ``"progressive"``.

From four players on, the strategies are checked in the real deal (every hand and the board from
one deck; :mod:`pokerengine.decisions.dealcheck`) until the check is within the tolerance: a line
gives its exploitability with its standard error and lower estimate and each seat's gain, the JSON a
``"realdeal"`` object; that figure is the exploitability (the solver's own is
``model_exploitability``) and the tolerance must hold for it plus two standard errors.
``--check-deals N`` checks on ``N`` sampled deals instead (three-handed too, beside the solver's
exact certificate); ``--check-deals 0`` not at all, and from four players the certificate line then
says ``certified in the model game`` (the solver's view).

``--tolerance X`` is the exploitability to reach, in the unit the certificate is stated in (big
blinds under chip EV, default 0.005; percent of the prize pool under a payout model, default
0.01); ``--max-seconds S`` (default 60; 300 from seven players with the real-deal check; ``inf``:
no bound) bounds the solve.  The JSON's ``certified`` (and the
text's certificate line) says whether the tolerance was reached.

Exit status 0 when the tolerance was reached; 3 when it was not (``--max-seconds`` ran out, or
the iterations did, first): the best strategies found are printed all the same, with their
certificate, ``certified: false`` and one line on stderr; 2 with one line on stderr for bad input
(stacks that are not positive integers, fewer than two or more than nine players, bad blinds,
prizes, model or tolerance); 1 when ``--max-seconds`` runs out before any strategy exists (the
first iteration not done) or the solve is estimated at more than ten times it.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..models import MODELS, SAMPLED_MODELS

NOT_CERTIFIED = 3
"""The exit status of a solve that stopped short of its tolerance (its best strategies printed)."""


def add_parser(sub: Any) -> None:
    from .equity import _count_option, _real_option

    p = sub.add_parser(
        "pushfold",
        help="push/fold equilibrium ranges for 2 to 9 players under chip EV, ICM, DCM, MW or Roberts",
        description="Solve the pre-flop jam/fold game of one table and print each position's ranges.",
    )
    p.add_argument("--stacks", required=True, nargs="+", metavar="A,B,...",
                   help="chips per seat from the button (commas or spaces between them)")
    p.add_argument("--blinds", required=True, nargs="+", metavar="SB,BB", help="small and big blind in chips")
    p.add_argument("--ante", default="0", metavar="N", help="ante per player in chips (default 0)")
    p.add_argument("--big-blind-ante", default="0", metavar="N",
                   help="the big blind's single ante for the table in chips, posted after its blind (default 0)")
    p.add_argument("--bb-ante", action="store_true", help=argparse.SUPPRESS)  # --ante N --bb-ante: --big-blind-ante N
    p.add_argument("--prizes", default=None, nargs="+", metavar="P1,P2,...", help="prize per place, best first")
    p.add_argument("--model", choices=("chip", *(name for name in MODELS if name not in SAMPLED_MODELS)), default=None,
                   help="payout model (default: chip without --prizes, icm with)")
    p.add_argument("--lookahead", type=_count_option, default=0, metavar="N",
                   help="value the stacks after the hand by the next N hands' equilibria (prize models; 0-3)")
    p.add_argument("--no-card-removal", action="store_true",
                   help="deal every hand independently (no card removal between the players' hands)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--plot", metavar="FILE.png",
                   help="draw the push ranges and the calls against one pusher as 13x13 grids (the plot extra)")
    p.add_argument("--tolerance", type=_real_option, default=None, metavar="X",
                   help="the exploitability to reach: big blinds under chip EV (default 0.005), percent of the pool "
                        "under a payout model (default 0.01); short of it the best strategies found are printed, "
                        "exit 3")
    p.add_argument("--max-seconds", type=_real_option, default=None, metavar="S",
                   help="stop after this long (default 60, 300 from seven players with the real-deal check; inf: no "
                        "bound): the best strategies found, exit 3 when short of the tolerance; exit 1 when none "
                        "exists yet or the solve is estimated at ten times it")
    p.add_argument("--check-deals", type=_count_option, default=None, metavar="N",
                   help="check the strategies in the real deal (every hand and the board from one deck) on N sampled "
                        "deals; from four players its figure is the exploitability (default: from four players, "
                        "until within the tolerance; 0: no check, the model game's certificate)")
    p.add_argument("--bounties", default=None, nargs="+", metavar="B1,B2,...",
                   help="knockout bounties: the money on each player's head, in the prizes' units (one per player)")
    p.add_argument("--progressive", action="store_true",
                   help="progressive knockouts (PKO): half of a won bounty paid, half added to the winner's own")
    p.add_argument("--chips-per-money", default=None, metavar="X",
                   help="chip EV with bounties: the chips one unit of bounty money is worth")
    p.set_defaults(run=run)


def _amounts(values: str | list[str], name: Any, *, fractions: bool = False) -> list[Any]:
    """The amounts of a list option (commas, spaces or both between them), the ``i``-th (from 1)
    named ``name(i)`` in messages."""
    from ..errors import DecisionInputError
    from .equity import _amount, _split

    parts = _split([values] if isinstance(values, str) else values)
    return [_amount(part, name(i), DecisionInputError, fractions=fractions) for i, part in enumerate(parts, 1)]


def run(args: argparse.Namespace) -> int:
    from ..errors import ModelTimeout, PokerEngineError
    from . import fail, wrote_chart

    try:
        stacks = _amounts(args.stacks, lambda i: f"stack of player {i}")
        blinds = _amounts(args.blinds, lambda i: ("the small blind", "the big blind")[i - 1] if i < 3 else f"blind {i}")
        ante = _amounts(args.ante, lambda i: "the ante")
        if len(ante) != 1:
            return fail(f"--ante takes one amount, got {len(ante)}")
        big_blind_ante = _amounts(args.big_blind_ante, lambda i: "the big blind ante")
        if len(big_blind_ante) != 1:
            return fail(f"--big-blind-ante takes one amount, got {len(big_blind_ante)}")
        if args.bb_ante:  # the older spelling: --ante is the big blind's
            if big_blind_ante[0]:
                return fail("give either --big-blind-ante or --ante with --bb-ante, not both")
            ante, big_blind_ante = [0], ante
        prizes = None if args.prizes is None else _amounts(args.prizes, lambda i: f"prize for place {i}", fractions=True)
        bounties = None if args.bounties is None else _amounts(args.bounties, lambda i: f"bounty of player {i}",
                                                               fractions=True)
        rate = None if args.chips_per_money is None else _amounts(args.chips_per_money, lambda i: "--chips-per-money",
                                                                  fractions=True)
        if rate is not None and len(rate) != 1:
            return fail(f"--chips-per-money takes one amount, got {len(rate)}")
        if args.plot is not None:
            _check_plot(args.plot)
        from ..decisions.equilibrium import solve

        eq = solve(stacks, blinds, ante[0], big_blind_ante=big_blind_ante[0], prizes=prizes, model=args.model,
                   max_seconds="auto" if args.max_seconds is None else None if args.max_seconds == float("inf")
                   else args.max_seconds,
                   tolerance=args.tolerance, lookahead=args.lookahead, card_removal=not args.no_card_removal,
                   bounties=bounties, progressive=args.progressive, chips_per_money=None if rate is None else rate[0],
                   check_deals=args.check_deals)
    except ModelTimeout as e:
        print(f"pokerengine: {e}", file=sys.stderr)
        return 1
    except (PokerEngineError, ValueError) as e:
        return fail(str(e))
    if args.plot is not None:
        status = _plot(eq, args.plot)
        if status:
            return status
    tolerance = tolerance_of(eq, args.tolerance)
    if args.json:
        out = eq.to_json()
        if bounties is not None:  # knockout bounties: the equities add up to the prizes plus the bounties
            out["bounties"] = [b if isinstance(b, int) else str(b) for b in bounties]
            out["progressive"] = args.progressive
        sys.stdout.write(json.dumps(out, allow_nan=False) + "\n")
    else:
        _table(eq, tolerance)
        if bounties is not None:
            print(f"bounties {', '.join(map(str, bounties))}{' (progressive)' if args.progressive else ''}: the "
                  "equities are prize money plus bounty money")
    if args.plot is not None:
        wrote_chart(args.plot, json=args.json)
    if not eq.certified:
        print(f"pokerengine: tolerance {tolerance:g} {unit_of(eq)} not reached: exploitability "
              f"{eq.exploitability:.3g}; the best strategies found are printed", file=sys.stderr)
        return NOT_CERTIFIED
    return 0


def unit_of(eq: Any) -> str:
    """The certificate's unit: ``bb`` (chip EV) or ``% of the pool``."""
    return "bb" if eq.model == "chip" else "% of the pool"


def tolerance_of(eq: Any, asked: float | None) -> float:
    """The tolerance the solve was held to: ``asked``, else the solver's default for the model."""
    from ..decisions.equilibrium import CHIP_TOLERANCE, PRIZE_TOLERANCE

    if asked is not None:
        return asked
    return CHIP_TOLERANCE if eq.model == "chip" else PRIZE_TOLERANCE


def _table(eq: Any, tolerance: float) -> None:
    unit = unit_of(eq)
    print(f"{eq.model}: stacks {', '.join(map(str, eq.stacks))}; blinds {eq.blinds[0]}/{eq.blinds[1]}"
          f"{f', ante {eq.ante}' if eq.ante else ''}{f', big blind ante {eq.big_blind_ante}' if eq.big_blind_ante else ''}"
          f"{'; prizes ' + ', '.join(str(p) for p in eq.prizes) if eq.prizes else ''}")
    print(f"{'position':<8} {'stack':>8} {'push %':>7} {'ev':>10} {'equity':>9}  calls (%)")
    for p in eq.players:
        calls = ", ".join(f"{k} {v:.1f}" for k, v in p.call_percent.items())
        equity = "" if p.equity is None else f"{p.equity:.3f}"
        print(f"{p.position:<8} {p.stack:>8} {p.push_percent:>7.1f} {p.ev:>10.2f} {equity:>9}  {calls}")
    verdict = "certified" if eq.certified else "NOT certified"
    if eq.realdeal is None and eq.model_exploitability is not None:  # four players and more, unchecked
        verdict += " in the model game"
    print(f"exploitability {eq.exploitability:.3g} {unit} ({verdict}: tolerance {tolerance:g}); "
          f"{eq.seconds:.1f} s; {eq.method}")
    if eq.realdeal is not None:
        r = eq.realdeal
        print(f"real deal, {r.deals:,} sampled deals: exploitability {r.exploitability:.3g} ± {r.standard_error:.2g} "
              f"{unit} (lower estimate {r.lower:.3g}); per seat "
              + ", ".join(f"{p.position} {g:.3g}" for p, g in zip(eq.players, r.gains)))
    print()
    for line in range_lines(eq):
        print(line)


RANGE_DIGITS = 2
"""Decimals of a mixed hand's frequency in the text (``AKo:0.35``); the JSON has them all."""


def range_lines(eq: Any) -> list[str]:
    """Each position's push range and call ranges as hands (:func:`~pokerengine.decisions.ranges.format_range`,
    frequencies to :data:`RANGE_DIGITS` decimals), with the exact share of the 1,326 combinations:
    ``BTN pushes 12.5%: 22+, A2s+, K9s+, ...``.  The big blind, never folded to, has no push line."""
    from ..decisions.ranges import format_range

    def hands(strategy: Any) -> str:
        return format_range(strategy, digits=RANGE_DIGITS) or "nothing"

    out = [f"ranges (frequencies of mixed hands to {RANGE_DIGITS} decimals):"]
    for p in eq.players:
        if p.position != "BB":
            out.append(f"{p.position} pushes {p.push_percent:.1f}%: {hands(p.push)}")
    for p in eq.players:
        for key, call in p.call.items():
            out.append(f"{p.position} calls {key} {p.call_percent[key]:.1f}%: {hands(call)}")
    return out


def _check_plot(path: str) -> None:
    """Before any solving: a PNG can be written at ``path`` and matplotlib is there (ChartError)."""
    from ..charts import check_path, ready

    check_path(path)
    ready()


def _plot(eq: Any, path: str) -> int:
    """Every position's push range and the big blind's call range against each single pusher, one
    13x13 grid each (:func:`pokerengine.decisions.charts.plot_ranges`)."""
    from ..decisions.charts import MAX_PANELS, plot_ranges
    from ..errors import PokerEngineError
    from . import fail

    ranges: dict[str, Any] = {f"{p.position} push": p.push for p in eq.players if any(p.push)}
    for p in eq.players:
        for key, call in p.call.items():
            if "+" not in key and len(ranges) < MAX_PANELS:
                ranges[f"{p.position} calls {key}"] = call
    try:
        plot_ranges(ranges, path, title=f"push/fold equilibrium, {eq.model}: stacks "
                    f"{', '.join(map(str, eq.stacks))}, blinds {eq.blinds[0]}/{eq.blinds[1]}")
    except (OSError, PokerEngineError) as e:
        return fail(f"cannot draw {path}: {e}")
    return 0
