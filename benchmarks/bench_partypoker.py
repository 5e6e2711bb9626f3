"""PartyPoker text: hands per second, parse and check, pokerengine against PokerKit, in one run.

    python benchmarks/bench_partypoker.py [DIR ...] [--rounds N] [--copies N] [--no-pokerkit]

DIR defaults to ``fixtures/partypoker`` (every ``.txt`` under it, decoded once: UTF-8, UTF-16,
Windows-1252).  PokerKit's parser finds a hand only from a ``Game #NNN starts.`` line to two blank
lines, which most files lack, so both sides read the same text: each hand of the files (as
pokerengine's reader splits them, the cut-short ones left out) behind its own ``Game #NNN starts.``
line and followed by two blank lines, the whole repeated ``--copies`` times.

* pokerengine: :func:`pokerengine.formats.partypoker.iter_partypoker` over that text, then
  :func:`pokerengine.history.site.check` on each hand (play the actions, settle with the file's rake,
  compare each winner's amount per pot and the uncalled bets); also the parse alone.
* PokerKit 0.7: ``pokerkit.notation.PartyPokerParser`` (no-limit hold'em only: it skips the other
  games, with a warning), then iterating each ``HandHistory``'s states (playing the hand to its end); it
  compares nothing with the file.

Each side's figure is the best of ``--rounds`` passes, CPU time (:func:`time.process_time`).  The ratio
compares hands per second, each side over the hands it read.
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

from pokerengine.errors import HistoryParseError, PokerEngineError  # noqa: E402
from pokerengine.formats import detect, read_text  # noqa: E402
from pokerengine.formats.partypoker import iter_partypoker  # noqa: E402
from pokerengine.history import clear_caches  # noqa: E402
from pokerengine.history.site import check  # noqa: E402

_HEADER = re.compile(r"\*{5} Hand History [Ff]or Game (\w+) \*{5}")


def corpus(dirs: list[str], copies: int) -> str:
    """Every readable hand of the files, each behind a ``Game #NNN starts.`` line, two blank lines after."""
    blocks: list[str] = []
    for top in dirs:
        for folder, _, names in sorted(os.walk(top)):
            for name in sorted(names):
                if not name.endswith(".txt"):
                    continue
                text = read_text(os.path.join(folder, name))
                if detect(text) != "partypoker":
                    continue
                hand: list[str] = []
                for line in text.splitlines() + ["***** Hand History for Game 0 *****"]:
                    line = line.strip(" \t\ufeff\x00")
                    m = _HEADER.match(line)
                    if m is not None and hand:
                        one = "\n".join(hand)
                        try:
                            list(iter_partypoker(one))
                        except HistoryParseError:
                            pass  # (cut short)
                        else:
                            game = _HEADER.match(hand[0]).group(1)  # type: ignore[union-attr]
                            blocks.append(f"Game #{game} starts.\n\n{one}\n\n\n")
                        hand = []
                    if m is not None or hand:
                        if not (line.startswith("Game #") or line.startswith("#Game No")):
                            hand.append(line)
    return "".join(blocks) * copies


def ours(text: str, checked: bool) -> tuple[float, int, int]:
    clear_caches()
    hands = matched = 0
    start = time.process_time()
    for hand in iter_partypoker(text):
        hands += 1
        if checked:
            try:
                matched += check(hand).status == "matched"
            except PokerEngineError:
                pass
    return time.process_time() - start, hands, matched


def pokerkit_side(text: str) -> tuple[float, int]:
    from pokerkit.notation import PartyPokerParser

    warnings.simplefilter("ignore")
    hands = 0
    start = time.process_time()
    for hh in PartyPokerParser()(text):
        for _state in hh:
            pass
        hands += 1
    return time.process_time() - start, hands


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dirs", nargs="*", default=[os.path.join(os.path.dirname(HERE), "fixtures", "partypoker")])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--copies", type=int, default=10)
    ap.add_argument("--no-pokerkit", action="store_true")
    args = ap.parse_args()
    text = corpus(args.dirs, args.copies)
    parse_s, hands, _ = min((ours(text, False) for _ in range(args.rounds)), key=lambda r: r[0])
    seconds, hands, matched = min((ours(text, True) for _ in range(args.rounds)), key=lambda r: r[0])
    print(f"pokerengine: {hands} hands, {matched} matched; parse alone {parse_s:.3f} s CPU, "
          f"{hands / parse_s:,.0f} hands/s; parse and check {seconds:.3f} s CPU, "
          f"{hands / seconds:,.0f} hands/s")  # float ok: rates for people to read
    if args.no_pokerkit:
        return
    try:
        import pokerkit  # noqa: F401
    except ImportError:
        print("PokerKit is not installed: pip install 'pokerkit==0.7.*'")
        return
    with contextlib.redirect_stderr(io.StringIO()):  # PokerKit prints a traceback for a hand it skips
        pk_seconds, pk_hands = min((pokerkit_side(text) for _ in range(args.rounds)), key=lambda r: r[0])
    print(f"PokerKit:    {pk_hands} hands played (no-limit hold'em only), {pk_seconds:.3f} s CPU, "
          f"{pk_hands / pk_seconds:,.0f} hands/s")  # float ok: a rate to read
    ratio = (hands / seconds) / (pk_hands / pk_seconds)  # float ok: a speed ratio to print
    print(f"pokerengine (parse and check) is {ratio:.1f}x PokerKit's hands per second")


if __name__ == "__main__":
    main()
