"""``pokerengine equity``: what each player's chips are worth under a payout model.

::

    pokerengine equity --model icm --stacks 1000 500 100 --prizes 100 50 0
    pokerengine equity --compare icm,dcm,mw,roberts --stacks 1000 500 100 --prizes 100 50
    pokerengine equity --model dcm --places --json --input field.json

Output is a table (player, stack, chip %, equity, equity %), or with
``--compare`` one equity and equity % column pair per model; ``--places`` adds
each model's place probabilities (in %).  ``--json`` prints, for one model::

    {"model": "icm", "stacks": [...], "prizes": [...], "equity": [...],
     "method": "subset", "places": [[...]], "coverage": 1.0, "stderr": [...]}

where ``places`` is present only with ``--places``, ``coverage`` only for
``dcm``, ``stderr`` only for ``mc`` and ``equity_exact`` (fractions as
strings) only with ``--exact``; with ``--compare``::

    {"compare": ["icm", "dcm"], "stacks": [...], "prizes": [...],
     "models": {"icm": {one-model object}, "dcm": {one-model object}}}

Exit status 0; 2 with one line on stderr for bad input (no players, a stack
that is not a positive integer, a negative prize, an unknown model, an
unreadable file); 1 when ``--max-seconds`` runs out.
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction

MODEL_NAMES = ("icm", "dcm", "mw", "roberts", "mc")


def add_parser(sub) -> None:
    p = sub.add_parser(
        "equity",
        help="tournament equity of each stack under ICM, DCM, Malmuth-Weitzman, Roberts or Monte Carlo",
        description="Convert chip stacks into expected prize money under a payout model.",
    )
    p.add_argument("--model", choices=MODEL_NAMES, default=None, help="the payout model (default icm)")
    p.add_argument("--compare", metavar="M1,M2,...", help="several models side by side, e.g. icm,dcm")
    p.add_argument("--stacks", nargs="+", metavar="CHIPS", help="one stack per player (positive integers)")
    p.add_argument("--prizes", nargs="*", metavar="PRIZE", default=None,
                   help="prize per place, best first (integers or fractions like 100/3); unlisted places pay 0")
    p.add_argument("--input", metavar="FILE", help='JSON {"stacks": [...], "prizes": [...]} ("-" reads standard input)')
    p.add_argument("--places", action="store_true", help="add each player's probability of each place")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--digits", type=int, default=2, metavar="N", help="decimals in the table (default 2)")
    icm = p.add_argument_group("icm")
    icm.add_argument("--exact", action="store_true", help="exact fractions (subset method)")
    icm.add_argument("--method", choices=("auto", "subset", "quadrature"), default="auto", help="ICM method")
    dcm = p.add_argument_group("dcm")
    dcm.add_argument("--depth", type=int, default=50, help="deepest hand of the game tree (default 50)")
    dcm.add_argument("--min-probability", type=float, default=1e-15, help="cut paths below this (default 1e-15)")
    dcm.add_argument("--max-seconds", type=float, default=None, help="give up after this long (exit 1)")
    mc = p.add_argument_group("mc")
    mc.add_argument("--samples", type=int, default=100_000, help="finishing orders to sample (default 100000)")
    mc.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.set_defaults(run=run)


def _number(text: str):
    """A whole number as ``int``, a fraction ``a/b`` as :class:`~fractions.Fraction`, else None."""
    text = text.strip().replace("_", "")
    try:
        return int(text)
    except ValueError:
        pass
    if "/" in text:
        try:
            value = Fraction(text)
        except (ValueError, ZeroDivisionError):
            return None
        return value
    return None


def _parse_stacks(values) -> list[int]:
    from ..errors import ModelInputError

    out = []
    for i, v in enumerate(values, 1):
        if isinstance(v, str):
            n = _number(v)
            if not isinstance(n, int):
                raise ModelInputError(f"stack of player {i} must be an integer number of chips, got {v!r}")
            v = n
        out.append(v)
    return out


def _parse_prizes(values) -> list:
    from ..errors import ModelInputError

    out = []
    for place, v in enumerate(values, 1):
        if isinstance(v, str):
            n = _number(v)
            if n is None:
                raise ModelInputError(f"prize for place {place} must be an integer or a fraction like 100/3, got {v!r}")
            v = n
        out.append(v)
    return out


def _load(args):
    """The stacks and prizes, from the command line or from ``--input``."""
    from ..errors import ModelInputError

    if args.input is not None:
        if args.stacks is not None or args.prizes is not None:
            raise ModelInputError("give the field either with --input or with --stacks/--prizes, not both")
        if args.input == "-":
            text = sys.stdin.read()
        else:
            with open(args.input, encoding="utf-8") as fh:
                text = fh.read()
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ModelInputError(f"{args.input}: not valid JSON ({exc.msg} at line {exc.lineno})") from None
        if not isinstance(data, dict) or "stacks" not in data:
            raise ModelInputError(f'{args.input}: expected an object {{"stacks": [...], "prizes": [...]}}')
        stacks, prizes = data["stacks"], data.get("prizes", [])
        for key, value in (("stacks", stacks), ("prizes", prizes)):
            if not isinstance(value, list):
                raise ModelInputError(f"{args.input}: {key!r} must be a list, got {type(value).__name__}")
        return _parse_stacks(stacks), _parse_prizes(prizes)
    if not args.stacks:
        raise ModelInputError("no players: give --stacks (or --input FILE)")
    return _parse_stacks(args.stacks), _parse_prizes(args.prizes or [])


def _models(args) -> list[str]:
    from ..errors import ModelInputError

    if args.compare is None:
        return [args.model or "icm"]
    if args.model is not None:
        raise ModelInputError("use either --model or --compare, not both")
    names = [n.strip() for n in args.compare.split(",") if n.strip()]
    unknown = [n for n in names if n not in MODEL_NAMES]
    if unknown or not names:
        listed = ", ".join(unknown) or "(none)"
        raise ModelInputError(f"unknown model {listed} in --compare; choose from {', '.join(MODEL_NAMES)}")
    return list(dict.fromkeys(names))


def _compute(name: str, stacks, prizes, args):
    from ..models import MODELS

    if name == "icm":
        return MODELS[name](stacks, prizes, exact=args.exact, places=args.places, method=args.method)
    if name == "dcm":
        return MODELS[name](stacks, prizes, depth=args.depth, min_probability=args.min_probability,
                            places=args.places, max_seconds=args.max_seconds)
    if name == "mc":
        return MODELS[name](stacks, prizes, samples=args.samples, seed=args.seed, places=args.places)
    return MODELS[name](stacks, prizes, places=args.places)


def _plain(value):
    return str(value) if isinstance(value, Fraction) else value


def _as_json(result) -> dict:
    out = {
        "model": result.model,
        "stacks": list(result.stacks),
        "prizes": [_plain(p) for p in result.prizes],
        "equity": [float(e) for e in result.equity],
        "method": result.method,
    }
    if any(isinstance(e, Fraction) for e in result.equity):
        out["equity_exact"] = [str(e) for e in result.equity]
    if result.places is not None:
        out["places"] = [[float(p) for p in row] for row in result.places]
    if result.coverage is not None:
        out["coverage"] = result.coverage
    if result.stderr is not None:
        out["stderr"] = list(result.stderr)
    return out


def _side_by_side(results, digits: int) -> str:
    first = results[0]
    pool = float(first.pool)
    header = ["player", "stack", "chip %"]
    for r in results:
        header += [r.model, f"{r.model} %"]
    rows = []
    for i, (stack, share) in enumerate(zip(first.stacks, first.chip_share)):
        row = [str(i + 1), f"{stack:,}", f"{100 * share:.{digits}f}%"]
        for r in results:
            eq = float(r.equity[i])
            row += [f"{eq:,.{digits}f}", f"{100 * eq / pool:.{digits}f}%" if pool else "-"]
        rows.append(row)
    widths = [max(len(h), *(len(r[c]) for r in rows)) for c, h in enumerate(header)]
    lines = ["  ".join(h.rjust(w) for h, w in zip(header, widths))]
    lines += ["  ".join(v.rjust(w) for v, w in zip(r, widths)) for r in rows]
    return "\n".join(lines)


def run(args) -> int:
    from ..models import Equities

    stacks, prizes = _load(args)
    names = _models(args)
    if args.digits < 0 or args.digits > 12:
        from . import fail

        return fail(f"--digits must be between 0 and 12, got {args.digits}")
    try:
        results = [_compute(name, stacks, prizes, args) for name in names]
    except TimeoutError as exc:
        sys.stderr.write(f"pokerengine: {exc}\n")
        return 1
    if args.json:
        if len(results) == 1 and args.compare is None:
            payload = _as_json(results[0])
        else:
            payload = {
                "compare": names,
                "stacks": list(results[0].stacks),
                "prizes": [_plain(p) for p in results[0].prizes],
                "models": {r.model: _as_json(r) for r in results},
            }
        sys.stdout.write(json.dumps(payload) + "\n")
        return 0
    if len(results) == 1 and args.compare is None:
        sys.stdout.write(results[0].summary() + "\n" + results[0].table(args.digits) + "\n")
        return 0
    first = results[0]
    prizes_text = " / ".join(str(p) for p in first.prizes) or "none"
    sys.stdout.write(f"{', '.join(names)}: {first.players} players, prizes {prizes_text}, pool {first.pool}\n")
    sys.stdout.write(_side_by_side(results, args.digits) + "\n")
    for r in results:
        notes = [f"coverage {r.coverage:.12f}"] if r.coverage is not None else []
        if r.places is not None:
            sys.stdout.write(f"\n{r.model} place probabilities (%):\n")
            sys.stdout.write(Equities(r.model, r.stacks, r.prizes, r.equity, r.places).table(args.digits) + "\n")
        if notes:
            sys.stdout.write(f"{r.model}: {'; '.join(notes)}\n")
    return 0
