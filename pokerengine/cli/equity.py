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

``--plot FILE.png`` also draws the chip share of the pool and each model's
equity, per player, as grouped bars (:func:`pokerengine.charts.plot_equity`;
at most 100 players; matplotlib, the ``plot`` extra, is needed: without it,
or with a path that cannot be written, one line on stderr and exit status 2,
checked before any model runs), then says ``wrote the chart to FILE.png`` (beside ``--json``, on
stderr, so standard output stays one JSON document).

Exit status 0; 2 with one line on stderr for bad input (no players, a stack
that is not a positive integer, a negative prize, an unknown model, an
unreadable or malformed file, a field too big for ``--max-memory``); 1 when
``--max-seconds`` (default 60, for all the models together) runs out or would
run out by far, as the models estimate before they start.

Input is read strictly: numbers on the command line are ASCII integers of at
most 20 digits (``_`` between digits allowed) or fractions of two of them,
``--stacks`` and ``--prizes`` with spaces, commas or both between them;
``--input`` files are at most :data:`MAX_INPUT_BYTES` of UTF-8 JSON, read with
:func:`pokerengine._json.loads` (bounded nesting and integer length).  Output
is written a row at a time, so a large ``--places`` matrix needs no more
memory than the model's own result; JSON never contains ``NaN`` or
``Infinity``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..models import MODELS

if TYPE_CHECKING:
    from ..models import Equities

MODEL_NAMES = tuple(MODELS)
DEFAULT_SECONDS = 60.0
"""Default ``--max-seconds``: every model run from the command line is bounded."""
MAX_INPUT_BYTES = 4 << 20
"""The largest ``--input`` document (4 MiB: about 200,000 stacks)."""

_INTEGER = re.compile(r"[+-]?[0-9]+(?:_[0-9]+)*")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|[+-]?inf|nan", re.IGNORECASE)
_MAX_DIGITS = 20


def _shown(text: str) -> str:
    from .._checks import shown

    return shown(text)


def _integer(text: str) -> int | None:
    """An ASCII integer of at most 20 digits, else None."""
    text = text.strip()
    if not _INTEGER.fullmatch(text) or sum(c.isdigit() for c in text) > _MAX_DIGITS:
        return None
    return int(text)


def _number(text: str) -> int | Fraction | None:
    """A whole number as ``int``, a fraction ``a/b`` as :class:`~fractions.Fraction`, else None."""
    whole = _integer(text)
    if whole is not None or "/" not in text:
        return whole
    top, _, bottom = text.partition("/")
    num, den = _integer(top), _integer(bottom)
    if num is None or den is None or den == 0:
        return None
    return Fraction(num, den)


def _amount(text: str, what: str, error: type[ValueError], *, fractions: bool = False) -> int | Fraction:
    """An amount typed on the command line, or ``error`` saying why not: not a number (``what must be
    an integer ...``), or more digits than any amount has (``what must be at most 2**63 - 1, got an
    integer of 23 digits``, the bound and the words of :func:`pokerengine._checks.chips`).  The sign
    and the range are left to the checks behind (``stack of player 2 must be positive, got -5``).

    >>> _amount("1_000", "stack of player 1", ValueError), _amount("100/3", "prize for place 1", ValueError, fractions=True)
    (1000, Fraction(100, 3))
    >>> _amount("1" * 23, "stack of player 2", ValueError)
    Traceback (most recent call last):
    ...
    ValueError: stack of player 2 must be at most 2**63 - 1, got an integer of 23 digits
    """
    value = _number(text) if fractions else _integer(text)
    if value is not None:
        return value
    parts = text.strip().split("/", 1) if fractions else [text.strip()]
    digits = max(sum(c.isdigit() for c in t) for t in parts)
    if digits > _MAX_DIGITS and all(_INTEGER.fullmatch(t.strip()) for t in parts):  # whole numbers, too long
        raise error(f"{what} must be at most 2**63 - 1, got an integer of {digits} digits")
    kind = "an integer or a fraction like 100/3" if fractions else "an integer number of chips"
    raise error(f"{what} must be {kind}, got {_shown(text)}")


def _split(values: list[str] | None) -> list[str]:
    """The values of a list option, given with commas, spaces or both (``--stacks 1000,500 100``).

    >>> _split(["1000,500", "100", " 7, 8 "])
    ['1000', '500', '100', '7', '8']
    """
    return [v for text in values or [] for v in text.replace(",", " ").split()]


def _count_option(text: str) -> int:
    """argparse type: an integer of at most 20 digits (the model checks its range)."""
    value = _integer(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"expected an integer of at most {_MAX_DIGITS} digits, got {_shown(text)}")
    return value


def _real_option(text: str) -> float:
    """argparse type: a decimal number (the model checks its range)."""
    text = text.strip()
    if len(text) > 40 or not _DECIMAL.fullmatch(text):
        raise argparse.ArgumentTypeError(f"expected a number, got {_shown(text)}")
    return float(text)


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "equity",
        help="tournament equity of each stack under ICM, DCM, Malmuth-Weitzman, Roberts or Monte Carlo",
        description="Convert chip stacks into expected prize money under a payout model.",
    )
    p.add_argument("--model", choices=MODEL_NAMES, default=None, help="the payout model (default icm)")
    p.add_argument("--compare", metavar="M1,M2,...", help="several models side by side, e.g. icm,dcm")
    p.add_argument("--stacks", nargs="+", metavar="CHIPS",
                   help="one stack per player (positive integers; spaces or commas between them)")
    p.add_argument("--prizes", nargs="*", metavar="PRIZE", default=None,
                   help="prize per place, best first (integers or fractions like 100/3; spaces or commas between them);"
                        " unlisted places pay 0")
    p.add_argument("--input", metavar="FILE", help='JSON {"stacks": [...], "prizes": [...]} ("-" reads standard input)')
    p.add_argument("--places", action="store_true", help="add each player's probability of each place")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--digits", type=_count_option, default=2, metavar="N", help="decimals in the table (default 2)")
    p.add_argument("--plot", metavar="FILE.png",
                   help="also draw each player's chip share of the pool and every model's equity as a bar chart"
                        " (needs the plot extra; at most 100 players)")
    p.add_argument("--max-seconds", type=_real_option, default=DEFAULT_SECONDS, metavar="S",
                   help=f"give up after this long, all models together (exit 1; default {DEFAULT_SECONDS:g}, inf: none)")
    p.add_argument("--max-memory", type=_count_option, default=None, metavar="MIB",
                   help="refuse a model run estimated to need more memory (default 1024 MiB)")
    icm = p.add_argument_group("icm")
    icm.add_argument("--exact", action="store_true", help="exact fractions (subset method)")
    icm.add_argument("--method", choices=("auto", "subset", "quadrature"), default="auto", help="ICM method")
    dcm = p.add_argument_group("dcm")
    dcm.add_argument("--depth", type=_count_option, default=50, help="deepest hand of the game tree (default 50)")
    dcm.add_argument("--min-probability", type=_real_option, default=1e-15,
                     help="cut paths below this (default 1e-15)")
    mc = p.add_argument_group("mc")
    mc.add_argument("--samples", type=_count_option, default=100_000,
                    help="finishing orders to sample (default 100000)")
    mc.add_argument("--seed", type=_count_option, default=0, help="random seed (default 0)")
    p.set_defaults(run=run)


def _parse_stacks(values: Sequence[object]) -> list[object]:
    from ..errors import ModelInputError

    out = []
    for i, v in enumerate(values, 1):
        out.append(_amount(v, f"stack of player {i}", ModelInputError) if isinstance(v, str) else v)
    return out


def _parse_prizes(values: Sequence[object]) -> list[object]:
    from ..errors import ModelInputError

    out = []
    for place, v in enumerate(values, 1):
        out.append(_amount(v, f"prize for place {place}", ModelInputError, fractions=True) if isinstance(v, str) else v)
    return out


def _read_input(name: str) -> bytes | str:
    """The ``--input`` document, at most MAX_INPUT_BYTES (one byte more tells that it is too big)."""
    if name == "-":
        stream = getattr(sys.stdin, "buffer", sys.stdin)  # tests may replace stdin with a text stream
        return stream.read(MAX_INPUT_BYTES + 1)
    with open(name, "rb") as fh:
        return fh.read(MAX_INPUT_BYTES + 1)


def _load(args: argparse.Namespace) -> tuple[list[object], list[object]]:
    """The stacks and prizes, from the command line or from ``--input``."""
    from .._json import loads
    from ..errors import ModelInputError

    if args.input is not None:
        if args.stacks is not None or args.prizes is not None:
            raise ModelInputError("give the field either with --input or with --stacks/--prizes, not both")
        what = "standard input" if args.input == "-" else _shown(args.input)
        data = loads(_read_input(args.input), what=what, error=ModelInputError, max_bytes=MAX_INPUT_BYTES)
        if not isinstance(data, dict) or "stacks" not in data:
            raise ModelInputError(f'{what}: expected an object {{"stacks": [...], "prizes": [...]}}')
        stacks, prizes = data["stacks"], data.get("prizes", [])
        for key, value in (("stacks", stacks), ("prizes", prizes)):
            if not isinstance(value, list):
                raise ModelInputError(f"{what}: {key!r} must be a list, got {type(value).__name__}")
        return _parse_stacks(stacks), _parse_prizes(prizes)
    if not args.stacks:
        raise ModelInputError("no players: give --stacks (or --input FILE)")
    return _parse_stacks(_split(args.stacks)), _parse_prizes(_split(args.prizes))


def _models(args: argparse.Namespace) -> list[str]:
    from ..errors import ModelInputError

    if args.compare is None:
        return [args.model or "icm"]
    if args.model is not None:
        raise ModelInputError("use either --model or --compare, not both")
    names = [n.strip() for n in args.compare.split(",") if n.strip()]
    unknown = [n for n in names if n not in MODEL_NAMES]
    if unknown or not names:
        listed = ", ".join(n if len(n) <= 40 else n[:37] + "..." for n in unknown[:3]) or "(none)"
        raise ModelInputError(f"unknown model {listed} in --compare; choose from {', '.join(MODEL_NAMES)}")
    return list(dict.fromkeys(names))


def _options(name: str, args: argparse.Namespace) -> dict[str, Any]:
    """The model's own options (what :func:`pokerengine.models.estimate` takes)."""
    options: dict[str, Any] = {"places": args.places}
    if name == "icm":
        options.update(exact=args.exact, method=args.method)
    elif name == "dcm":
        options.update(depth=args.depth, min_probability=args.min_probability)
    elif name == "mc":
        options.update(samples=args.samples, seed=args.seed)
    return options


def _limits(args: argparse.Namespace, seconds: float | None) -> dict[str, Any]:
    limits: dict[str, Any] = {"max_seconds": seconds}
    if args.max_memory is not None:
        limits["max_bytes"] = args.max_memory << 20  # the model refuses a value that is not positive
    return limits


def _precheck(names: list[str], stacks: Any, prizes: Any, args: argparse.Namespace) -> None:
    """Refuse, before any model runs, what any one of them would refuse: its options, its input and
    its estimated cost against the budgets (``--compare mc,mw`` used to run mc before mw refused).
    A budget that is not a positive number is left to the model, which refuses it."""
    from ..models import MAX_BYTES, estimate

    seconds = args.max_seconds if 0 < args.max_seconds < float("inf") else None
    memory = MAX_BYTES if args.max_memory is None else args.max_memory << 20
    for name in names:
        estimate(name, stacks, prizes, **_options(name, args)).check(
            max_seconds=seconds, max_bytes=memory if memory > 0 else None)


def _compute(name: str, stacks: Any, prizes: Any, args: argparse.Namespace, seconds: float | None) -> Equities:
    return MODELS[name](stacks, prizes, **_options(name, args), **_limits(args, seconds))


def _plain(value: object) -> object:
    return str(value) if isinstance(value, Fraction) else value


def _fields(result: Equities) -> list[tuple[str, Any]]:
    """One model's JSON object as (key, value) pairs; ``places`` stays a matrix, written a row at a time."""
    out: list[tuple[str, Any]] = [
        ("model", result.model),
        ("stacks", list(result.stacks)),
        ("prizes", [_plain(p) for p in result.prizes]),
        ("equity", [float(e) for e in result.equity]),
        ("method", result.method),
    ]
    if any(isinstance(e, Fraction) for e in result.equity):
        out.append(("equity_exact", [str(e) for e in result.equity]))
    if result.places is not None:
        out.append(("places", result.places))
    if result.coverage is not None:
        out.append(("coverage", result.coverage))
    if result.stderr is not None:
        out.append(("stderr", list(result.stderr)))
    return out


def _dump(value: object) -> str:
    return json.dumps(value, allow_nan=False)


def _write_object(write: Callable[[str], object], result: Equities) -> None:
    write("{")
    for k, (key, value) in enumerate(_fields(result)):
        write(", " * (k > 0) + _dump(key) + ": ")
        if key == "places":
            write("[")
            for i, row in enumerate(value):
                write(", " * (i > 0) + _dump([float(p) for p in row]))
            write("]")
        else:
            write(_dump(value))
    write("}")


def _write_json(write: Callable[[str], object], results: list[Equities], names: list[str], compare: bool) -> None:
    if not compare:
        _write_object(write, results[0])
    else:
        first = results[0]
        head = {"compare": names, "stacks": list(first.stacks), "prizes": [_plain(p) for p in first.prizes]}
        write(_dump(head)[:-1] + ', "models": {')
        for k, r in enumerate(results):
            write(", " * (k > 0) + _dump(r.model) + ": ")
            _write_object(write, r)
        write("}}")
    write("\n")


def _side_by_side(results: list[Equities], digits: int) -> Iterator[str]:
    """The lines of the --compare table, one at a time (widths from a first pass)."""
    first = results[0]
    pool = float(first.pool)
    total = sum(first.stacks)
    header = ["player", "stack", "chip %"]
    for r in results:
        header += [r.model, f"{r.model} %"]

    def row(i: int) -> list[str]:
        stack = first.stacks[i]
        cells = [str(i + 1), f"{stack:,}", f"{100 * stack / total:.{digits}f}%"]
        for r in results:
            eq = float(r.equity[i])
            cells += [f"{eq:,.{digits}f}", f"{100 * eq / pool:.{digits}f}%" if pool else "-"]
        return cells

    widths = [len(h) for h in header]
    for i in range(first.players):
        widths = [max(w, len(c)) for w, c in zip(widths, row(i))]
    yield "  ".join(h.rjust(w) for h, w in zip(header, widths))
    for i in range(first.players):
        yield "  ".join(v.rjust(w) for v, w in zip(row(i), widths))


def run(args: argparse.Namespace) -> int:
    from ..errors import ModelTimeout
    from . import fail

    stacks, prizes = _load(args)
    names = _models(args)
    if args.digits < 0 or args.digits > 12:
        return fail(f"--digits must be between 0 and 12, got {args.digits}")
    if args.max_memory is not None and args.max_memory <= 0:
        return fail(f"--max-memory must be a positive number of MiB, got {args.max_memory}")
    if args.plot is not None:  # checked before any model runs
        from ..charts import MAX_PLAYERS, check_path, ready

        if len(stacks) > MAX_PLAYERS:
            return fail(f"--plot draws at most {MAX_PLAYERS} players, got {len(stacks)}")
        check_path(args.plot)
        ready()
    end = None  # one budget for all the models; a NaN, zero or negative budget goes to the model, which refuses it
    if 0 < args.max_seconds < float("inf"):
        end = time.monotonic() + args.max_seconds
    try:
        if len(names) > 1:
            _precheck(names, stacks, prizes, args)
        results = []
        for name in names:
            seconds = args.max_seconds if end is None else end - time.monotonic()
            if end is not None and seconds <= 0:
                raise ModelTimeout(f"{name} did not start: --max-seconds {args.max_seconds:g} ran out")
            results.append(_compute(name, stacks, prizes, args, seconds))
    except TimeoutError as exc:
        sys.stderr.write(f"pokerengine: {exc}\n")
        return 1
    if args.plot is not None:
        from ..charts import plot_equity

        plot_equity(results, args.plot)
    _write_text(results, names, args)
    if args.plot is not None:
        from . import wrote_chart

        wrote_chart(args.plot, json=args.json)
    return 0


def _write_text(results: list[Equities], names: list[str], args: argparse.Namespace) -> None:
    """The JSON (``--json``) or the table."""
    from ..models import Equities

    write = sys.stdout.write
    compare = not (len(results) == 1 and args.compare is None)
    if args.json:
        _write_json(write, results, names, compare)
        return
    if not compare:
        write(results[0].summary() + "\n")
        for line in results[0].lines(args.digits):
            write(line + "\n")
        return
    first = results[0]
    prizes_text = " / ".join(str(p) for p in first.prizes) or "none"
    write(f"{', '.join(names)}: {first.players} players, prizes {prizes_text}, pool {first.pool}\n")
    for line in _side_by_side(results, args.digits):
        write(line + "\n")
    for r in results:
        if r.places is not None:
            write(f"\n{r.model} place probabilities (%):\n")
            for line in Equities(r.model, r.stacks, r.prizes, r.equity, r.places).lines(args.digits):
                write(line + "\n")
        if r.coverage is not None:
            write(f"{r.model}: coverage {r.coverage:.12f}\n")
