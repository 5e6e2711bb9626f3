"""``pokerengine generate --hands N --out DIR``: write random legal hands as PHH (a corpus to test on).

Exit status: 0 when written, 2 for bad arguments or a folder that cannot be written.
"""

from __future__ import annotations

import argparse


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from .equity import _count_option

    p = sub.add_parser(
        "generate",
        help="write random legal hands as PHH .phhs files (a corpus to replay)",
        description="Play random legal hands through the live engine (PHH's eleven games by default, tables of "
        "2 to 9) and write them, with their finishing stacks, as .phhs files into a folder.  The same --seed "
        "gives the same hands.",
    )
    p.add_argument("--hands", type=_count_option, required=True, metavar="N", help="how many hands")
    p.add_argument("--out", required=True, metavar="DIR", help="the folder to write into")
    p.add_argument("--seed", default="0", help="the seed (default 0)")
    p.add_argument("--games", default=None, metavar="CODES", help="comma-separated variant codes (default: PHH's eleven)")
    p.add_argument("--seats", default="2-9", metavar="A-B", help="players a table, least-most (default 2-9)")
    p.add_argument("--per-file", type=_count_option, default=None, metavar="N",
                   help="hands a file (default 5,000; 0: one file)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from . import fail
    from ..errors import PokerEngineError
    from ..generate import PER_FILE, PHH_GAMES, write_corpus

    games = tuple(g.strip() for g in args.games.split(",")) if args.games is not None else PHH_GAMES
    try:
        low, _, high = args.seats.partition("-")
        seats = (int(low), int(high or low))
    except ValueError:
        return fail(f"--seats must be like 2-9, got {args.seats!r}"[:200])
    seed: int | str = int(args.seed) if args.seed.lstrip("-").isdigit() and len(args.seed) < 30 else args.seed
    try:
        corpus = write_corpus(args.out, args.hands, seed=seed, games=games, seats=seats,
                              per_file=PER_FILE if args.per_file is None else args.per_file)
    except PokerEngineError as exc:
        return fail(str(exc))
    except OSError as exc:
        return fail(f"cannot write into {args.out}: {exc.strerror or exc}")
    print(f"wrote {corpus.hands:,} hands in {len(corpus.files)} files into {args.out} (seed {seed})")
    return 0
