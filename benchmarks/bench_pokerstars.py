"""PokerStars text: hands per second, parse and settle, pokerengine against PokerKit, in one run.

    python benchmarks/bench_pokerstars.py [DIR] [--rounds N] [--no-pokerkit]

DIR defaults to ``/work/shared/pokerstars/pokerregion-2020`` when present, else
``fixtures/pokerstars/pokerregion-2020``.  Both sides read every file's text (already in memory)
and parse every hand:

* pokerengine: :func:`pokerengine.formats.pokerstars.parse_pokerstars`, then
  :func:`pokerengine.replay.site_check.check_site` on each hand (interpret the actions, settle with the
  site's rake, compare every collected amount and the rake).  It reports how many matched.
* PokerKit 0.7: ``pokerkit.notation.PokerStarsParser`` (its PokerStars reader), then iterating
  each ``HandHistory``'s states (playing the hand to its end, its own "settle"); PokerKit does
  not compare collected amounts or the rake.  A file its parser gives up on counts the hands it
  yielded before that.

Each side's figure is the best of ``--rounds`` passes, CPU time (:func:`time.process_time`).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from pokerengine.live import clear_caches
from pokerengine.formats.pokerstars import parse_pokerstars  # noqa: E402
from pokerengine.replay.site_check import check_site


def default_dir() -> str:
    shared = "/work/shared/pokerstars/pokerregion-2020"
    return shared if os.path.isdir(shared) else os.path.join(os.path.dirname(HERE), "fixtures", "pokerstars",
                                                             "pokerregion-2020")


def ours(texts: list[tuple[str, str]]) -> tuple[float, int, int]:
    clear_caches()
    hands = matched = 0
    start = time.process_time()
    for path, text in texts:
        for hand in parse_pokerstars(text, source=path):
            hands += 1
            matched += check_site(hand).status == "matched"
    return time.process_time() - start, hands, matched


def pokerkit_side(texts: list[tuple[str, str]]) -> tuple[float, int, int]:
    import warnings

    from pokerkit.notation import PokerStarsParser

    warnings.simplefilter("ignore")
    parser = PokerStarsParser()
    hands = failed = 0
    start = time.process_time()
    for _, text in texts:
        try:
            for hh in parser(text):
                for _state in hh:
                    pass
                hands += 1
        except Exception:  # noqa: BLE001 - PokerKit stops at the first hand it cannot read
            failed += 1
    return time.process_time() - start, hands, failed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", nargs="?", default=default_dir())
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--no-pokerkit", action="store_true")
    args = ap.parse_args()
    files = sorted(os.path.join(args.dir, f) for f in os.listdir(args.dir) if f.endswith(".txt"))
    texts = []
    for path in files:
        with open(path, encoding="utf-8-sig") as f:
            texts.append((path, f.read()))
    best = min((ours(texts) for _ in range(args.rounds)), key=lambda r: r[0])
    seconds, hands, matched = best
    print(f"pokerengine: {hands} hands, {matched} matched (collected and rake), {seconds:.3f} s CPU, "
          f"{hands / seconds:,.0f} hands/s")  # float ok: a rate for people to read
    if args.no_pokerkit:
        return
    try:
        import pokerkit  # noqa: F401
    except ImportError:
        print("PokerKit is not installed: pip install 'pokerkit==0.7.*'")
        return
    with contextlib.redirect_stderr(io.StringIO()):  # PokerKit prints a traceback for a hand it skips
        pk = min((pokerkit_side(texts) for _ in range(args.rounds)), key=lambda r: r[0])
    pk_seconds, pk_hands, pk_failed = pk
    print(f"PokerKit:    {pk_hands} hands played, {pk_failed} files stopped early, {pk_seconds:.3f} s CPU, "
          f"{pk_hands / pk_seconds:,.0f} hands/s")  # float ok: a rate for people to read
    ratio = (hands / seconds) / (pk_hands / pk_seconds)  # float ok: a speed ratio to print
    print(f"pokerengine is {ratio:.1f}x PokerKit's hands per second")


if __name__ == "__main__":
    main()
