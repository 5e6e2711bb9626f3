"""iPoker XML: hands per second, parse and check, pokerengine against PokerKit, in one run.

    python benchmarks/bench_ipoker.py [DIR ...] [--rounds N] [--no-pokerkit]

DIR defaults to ``fixtures/ipoker`` (every ``.txt`` and ``.xml`` under it, decoded once: UTF-8, UTF-16,
Windows-1252).  Both sides read every file's text (already in memory) and parse every hand:

* pokerengine: :func:`pokerengine.formats.ipoker.iter_ipoker`, then
  :func:`pokerengine.history.site.check` on each hand (play the actions, settle with the file's rake,
  compare every player's collected amount, the total pot and the uncalled bet).  A file the reader
  stops on counts the hands before it.
* PokerKit 0.7: ``pokerkit.notation.IPokerNetworkParser`` (no-limit hold'em; it wants ``<game`` at the
  start of a line, so the text it gets has that indentation removed, outside the timing), then
  iterating each ``HandHistory``'s states (playing the hand to its end); it skips, with a traceback,
  every hand it cannot play (cards written suit first, which it does not read, among them) and
  compares nothing with the file.

Each side's figure is the best of ``--rounds`` passes, CPU time (:func:`time.process_time`).  The
ratio compares hands per second, each side over the hands it read.  Measured on the bundled files
(docs/histories.md): see the report printed.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import sys
import time
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from pokerengine.errors import PokerEngineError  # noqa: E402
from pokerengine.formats import read_text  # noqa: E402
from pokerengine.formats.ipoker import iter_ipoker  # noqa: E402
from pokerengine.history import clear_caches  # noqa: E402
from pokerengine.history.site import check  # noqa: E402


def texts_of(dirs: list[str]) -> list[tuple[str, str]]:
    out = []
    for top in dirs:
        for folder, _, names in os.walk(top):
            for name in sorted(names):
                if name.endswith((".txt", ".xml")):
                    path = os.path.join(folder, name)
                    out.append((path, read_text(path)))
    return out


def ours(texts: list[tuple[str, str]]) -> tuple[float, int, int]:
    clear_caches()
    hands = matched = 0
    start = time.process_time()
    for path, text in texts:
        try:
            for hand in iter_ipoker(text, source=path):
                hands += 1
                try:
                    matched += check(hand).status == "matched"
                except PokerEngineError:
                    pass
        except PokerEngineError:
            pass
    return time.process_time() - start, hands, matched


def pokerkit_side(texts: list[str]) -> tuple[float, int]:
    from pokerkit.notation import IPokerNetworkParser

    warnings.simplefilter("ignore")
    parser = IPokerNetworkParser()
    hands = 0
    start = time.process_time()
    for text in texts:
        try:
            for hh in parser(text):
                for _state in hh:
                    pass
                hands += 1
        except Exception:  # noqa: BLE001 - a file PokerKit cannot read at all
            pass
    return time.process_time() - start, hands


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dirs", nargs="*", default=[os.path.join(os.path.dirname(HERE), "fixtures", "ipoker")])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--no-pokerkit", action="store_true")
    args = ap.parse_args()
    texts = texts_of(args.dirs)
    seconds, hands, matched = min((ours(texts) for _ in range(args.rounds)), key=lambda r: r[0])
    print(f"pokerengine: {hands} hands, {matched} matched (collected, total pot, uncalled bets), {seconds:.3f} s CPU, "
          f"{hands / seconds:,.0f} hands/s")  # float ok: a rate for people to read
    if args.no_pokerkit:
        return
    try:
        import pokerkit  # noqa: F401
    except ImportError:
        print("PokerKit is not installed: pip install 'pokerkit==0.7.*'")
        return
    flush = [re.sub(r"(?m)^[ \t]+<game ", "<game ", text) for _, text in texts]  # (its pattern wants it)
    with contextlib.redirect_stderr(io.StringIO()):  # PokerKit prints a traceback for a hand it skips
        pk_seconds, pk_hands = min((pokerkit_side(flush) for _ in range(args.rounds)), key=lambda r: r[0])
    print(f"PokerKit:    {pk_hands} hands played (the rest skipped), {pk_seconds:.3f} s CPU, "
          f"{pk_hands / pk_seconds:,.0f} hands/s")  # float ok: a rate to read
    if not pk_hands:
        print("PokerKit played none of these hands: no ratio")
        return
    ratio = (hands / seconds) / (pk_hands / pk_seconds)  # float ok: a speed ratio to print
    print(f"pokerengine is {ratio:.1f}x PokerKit's hands per second")


if __name__ == "__main__":
    main()
