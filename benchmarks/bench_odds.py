"""All-in odds: our exact odds of two known hands against treys enumeration and PokerKit's Monte Carlo.

Run ``python benchmarks/bench_odds.py`` (``--quick``: smaller measured subsets).  For AdAc against
KhKs before the flop (1,712,304 boards) it times:

- ours, reading the shipped heads-up table (``odds``, the default) and enumerating every board
  (``odds(..., table=False)``: the NumPy evaluator, board-major);
- treys enumerating the same boards, timed on a measured subset and extrapolated (treys is pure
  Python: the whole enumeration takes minutes);
- PokerKit 0.7's ``calculate_equities`` (Monte Carlo), timed at a measured sample count and
  extrapolated to the samples that reach a standard error of 1e-4 in equity (the accuracy the
  row is compared at), and ours sampling to the same accuracy (``odds(..., exact=False)``).

Prints one table; "x ours" is how many times longer than our exact enumeration.  Also three
multiway/range rows (three known hands; three ranges on a flop; a range against any hand) to show
those paths' times.

A run on the development machine (2 shared cores, one process)::

    ours: shipped table                      0.291 ms  exact                      0.812555
    ours: enumeration (NumPy)                0.238 s   exact                      0.812555  1
    treys enumeration (timed on 100,000)     53.2 s    exact (extrapolated)                 224
    ours: Monte Carlo (timed on 2,000,000)   19.4 s    15,230,944 samples (1e-4)  0.812743  81.8
    PokerKit 0.7 (timed on 20,000)           10444 s   15,230,944 samples (1e-4)  0.808925  43,900
    AsAh vs KdKc vs QsQh: enumeration (1,370,754 boards) 0.252 s
    QQ+, AK vs TT-JJ, AQs vs 98s, 87s, 76s on Ts9s2c: enumeration (903 boards x 4,422 deals) 0.159 s
    QQ+, AK vs * on Ts9s2c: sorted (990 boards x 36,754 deals) 0.259 s
"""

from __future__ import annotations

import argparse
import itertools
import math
import time

import treys

from pokerengine.decisions import preflop
from pokerengine.hands import vector
from pokerengine.cards import DECK
from pokerengine.decisions.odds import odds

HANDS = ("AdAc", "KhKs")
TARGET_STDERR = 1e-4


def best_of(fn, repeat: int = 3) -> tuple[float, object]:
    best, out = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t)
    return best, out


def treys_subset(boards: int) -> tuple[float, float]:
    """Seconds treys takes for the first ``boards`` boards of the enumeration, and AdAc's equity share on them."""
    ev = treys.Evaluator()
    holes = [[treys.Card.new(h[:2]), treys.Card.new(h[2:])] for h in HANDS]
    used = {vector.deck_index(card) for h in holes for card in h}  # pokerengine.cards' integers are treys'
    deck = [DECK[c] for c in range(52) if c not in used]
    share = 0.0
    t = time.perf_counter()
    for board in itertools.islice(itertools.combinations(deck, 5), boards):
        a, b = ev.evaluate(holes[0], list(board)), ev.evaluate(holes[1], list(board))
        share += 1.0 if a < b else 0.5 if a == b else 0.0
    return time.perf_counter() - t, share / boards


def pokerkit_equity(samples: int) -> tuple[float, float] | None:
    try:
        from pokerkit import Card, Deck, StandardHighHand, calculate_equities, parse_range
    except ImportError:
        return None
    t = time.perf_counter()
    eq = calculate_equities([parse_range(h) for h in HANDS], Card.parse(""), 2, 5, Deck.STANDARD,
                            (StandardHighHand,), sample_count=samples)
    return time.perf_counter() - t, float(eq[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller measured subsets")
    args = parser.parse_args()
    treys_boards = 20_000 if args.quick else 100_000
    pokerkit_samples = 5_000 if args.quick else 20_000

    vector.tables()
    preflop.matrices()  # load the table (once per process) before timing
    t_enum, exact_result = best_of(lambda: odds(list(HANDS), table=False))
    t_table, table_result = best_of(lambda: odds(list(HANDS)), repeat=20)
    assert exact_result.hands == table_result.hands  # type: ignore[attr-defined]
    exact = exact_result.hands[0].equity  # type: ignore[attr-defined]
    p = exact
    variance = p * (1 - p)  # an upper bound on the variance of one sample's share
    needed = math.ceil(variance / TARGET_STDERR**2)

    rows = []
    rows.append(("ours: shipped table", f"{t_table * 1e3:.3f} ms", "1,712,304 boards (exact)", exact, t_table))
    rows.append(("ours: enumeration (NumPy)", f"{t_enum:.3f} s", "1,712,304 boards (exact)", exact, t_enum))
    t_sub, eq_sub = treys_subset(treys_boards)
    t_treys = t_sub * preflop.BOARDS / treys_boards
    rows.append((f"treys enumeration (timed on {treys_boards:,})", f"{t_treys:.1f} s (extrap.)",
                 "1,712,304 boards (exact)", None, t_treys))
    probe = 2_000_000 if not args.quick else 500_000
    t_mc, mc_result = best_of(lambda: odds(list(HANDS), exact=False, samples=probe), repeat=1)
    t_ours_mc = t_mc * needed / probe
    rows.append((f"ours: Monte Carlo (timed on {probe:,})", f"{t_ours_mc:.1f} s (extrap.)",
                 f"{needed:,} samples (stderr 1e-4)", mc_result.hands[0].equity, t_ours_mc))  # type: ignore[attr-defined]
    pk = pokerkit_equity(pokerkit_samples)
    if pk is None:
        rows.append(("PokerKit calculate_equities", "not installed", "", None, math.nan))
    else:
        t_pk = pk[0] * needed / pokerkit_samples
        rows.append((f"PokerKit 0.7 calculate_equities (timed on {pokerkit_samples:,})", f"{t_pk:.0f} s (extrap.)",
                     f"{needed:,} samples (stderr 1e-4)", pk[1], t_pk))

    print(f"{HANDS[0]} against {HANDS[1]} all in before the flop; exact equity {exact:.10f}")
    print(f"(treys on its {treys_boards:,}-board subset: equity {eq_sub:.6f}, the subset is not a sample)")
    header = ("method", "time", "work", "equity", "x ours")
    table = [header]
    for name, shown_time, work, eq, seconds in rows:
        table.append((name, shown_time, work, "-" if eq is None else f"{eq:.6f}",
                      "-" if math.isnan(seconds) else f"{seconds / t_enum:,.3g}"))
    widths = [max(len(r[i]) for r in table) for i in range(len(header))]
    for r in table:
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))))

    print()
    for hands, board in [(["AsAh", "KdKc", "QsQh"], ""), (["QQ+, AK", "TT-JJ, AQs", "98s, 87s, 76s"], "Ts9s2c"),
                         (["QQ+, AK", "*"], "Ts9s2c")]:
        seconds, r = best_of(lambda: odds(hands, board, exact=True), repeat=1)
        equities = ", ".join(f"{h.equity:.4f}" for h in r.hands)  # type: ignore[attr-defined]
        print(f"{' vs '.join(hands)}{' on ' + board if board else ''}: {r.method} "  # type: ignore[attr-defined]
              f"({r.boards:,} boards x {r.deals} deals) {seconds:.3f} s; equities {equities}")  # type: ignore[attr-defined]


if __name__ == "__main__":
    main()
