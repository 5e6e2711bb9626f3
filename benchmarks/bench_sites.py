"""Every site's hand histories: hands per second, parse and check, and PokerKit's parser where it has one, in one run.

    python benchmarks/bench_sites.py [--format NAME ...] [--dir NAME=PATH ...] [--rounds N] [--no-pokerkit]

For each site format of :mod:`pokerengine.formats` (or those named), the files of ``fixtures/NAME/`` (or
``--dir NAME=PATH``), each decoded once (:func:`pokerengine.formats.read_text`), are read:

* pokerengine: :func:`pokerengine.formats.site_hands` (the site's reader), then
  :func:`pokerengine.replay.site_check.check_site` on each hand (play the actions, settle with the site's rake,
  compare every collected amount, the rake, the total pot and the uncalled bets where the file says them);
  the parse alone is timed too.  A file the reader stops in counts the hands before it.
* PokerKit 0.7 (``pokerkit.notation``), for the sites it reads: ``PokerStarsParser``, ``FullTiltPokerParser``,
  ``IPokerNetworkParser``, ``PartyPokerParser``, then iterating each ``HandHistory``'s states (playing the
  hand to its end); it compares nothing with the file, and it reads no-limit hold'em only.  Each gets the
  text in the layout its patterns need (prepared outside the timing): Full Tilt and PokerStars with Unix
  line ends and blank lines after each hand, iPoker without the indentation before ``<game``, PartyPoker each
  hand behind a ``Game #NNN starts.`` line.

PokerNow's logs (``fixtures/pokernow/``; the ledger beside them is no log and is skipped) are read the same
way (``--dir pokernow=PATH`` for a folder of real logs); PokerKit reads none.

Each figure is the best of ``--rounds`` passes, CPU time (:func:`time.process_time`); the ratio compares hands
per second, each side over the hands it read.  ``docs/histories.md`` quotes a run.
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
from collections.abc import Callable

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

from pokerengine.errors import PokerEngineError  # noqa: E402
from pokerengine.formats import detect, names, read_text, site_hands  # noqa: E402
from pokerengine.live import clear_caches
from pokerengine.replay.site_check import check_site

_PARTY_HEADER = re.compile(r"\*{5} Hand History [Ff]or Game (\w+) \*{5}")


def files_of(fmt: str, top: str) -> list[tuple[str, str]]:
    """``(path, text)`` of every file under ``top`` whose content is format ``fmt``."""
    out = []
    for folder, _, found in sorted(os.walk(top)):
        for name in sorted(found):
            path = os.path.join(folder, name)
            try:
                text = read_text(path)
            except PokerEngineError:
                continue
            if detect(text) == fmt:
                out.append((path, text))
    return out


def ours(fmt: str, texts: list[tuple[str, str]], checked: bool) -> tuple[float, int, int]:
    clear_caches()
    hands = matched = 0
    start = time.process_time()
    for path, text in texts:
        try:
            for hand in site_hands(text, fmt, source=path):
                hands += 1
                if checked:
                    try:
                        matched += check_site(hand).status == "matched"
                    except PokerEngineError:
                        pass
        except PokerEngineError:
            pass
    return time.process_time() - start, hands, matched


def _blank_lines(texts: list[tuple[str, str]]) -> list[str]:
    return [re.sub(r"\n{2,}", "\n\n\n", text.replace("\r\n", "\n")) + "\n\n\n" for _, text in texts]


def _ipoker(texts: list[tuple[str, str]]) -> list[str]:
    return [re.sub(r"(?m)^[ \t]+<game ", "<game ", text) for _, text in texts]


def _party(texts: list[tuple[str, str]]) -> list[str]:
    """Each hand behind its own ``Game #NNN starts.`` line, two blank lines after (PokerKit finds hands so)."""
    blocks: list[str] = []
    for _, text in texts:
        hand: list[str] = []
        for line in text.splitlines() + ["***** Hand History for Game 0 *****"]:
            line = line.strip(" \t\ufeff\x00")
            m = _PARTY_HEADER.match(line)
            if m is not None and hand:
                blocks.append(f"Game #{_PARTY_HEADER.match(hand[0]).group(1)} starts.\n\n"  # type: ignore[union-attr]
                              + "\n".join(hand) + "\n\n\n")
                hand = []
            if (m is not None or hand) and not line.startswith(("Game #", "#Game No")):
                hand.append(line)
    return ["".join(blocks)]


#: PokerKit's parser of a format, and how the text is laid out for it.
PEERS: dict[str, tuple[str, Callable[[list[tuple[str, str]]], list[str]]]] = {
    "pokerstars": ("PokerStarsParser", _blank_lines),
    "fulltilt": ("FullTiltPokerParser", _blank_lines),
    "ipoker": ("IPokerNetworkParser", _ipoker),
    "partypoker": ("PartyPokerParser", _party),
}


def pokerkit_side(fmt: str, texts: list[str]) -> tuple[float, int]:
    import pokerkit.notation

    warnings.simplefilter("ignore")
    parser = getattr(pokerkit.notation, PEERS[fmt][0])()
    hands = 0
    start = time.process_time()
    for text in texts:
        try:
            for hh in parser(text):
                for _state in hh:
                    pass
                hands += 1
        except Exception:  # noqa: BLE001 - PokerKit stops at the first hand it cannot play
            pass
    return time.process_time() - start, hands


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--format", action="append", choices=names(), help="a site format (default: every one)")
    ap.add_argument("--dir", action="append", default=[], metavar="NAME=PATH", help="read a format's files there")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--no-pokerkit", action="store_true")
    args = ap.parse_args()
    dirs = dict(item.split("=", 1) for item in args.dir)
    try:
        import pokerkit  # noqa: F401
        peer = not args.no_pokerkit
    except ImportError:
        print("PokerKit is not installed (pip install 'pokerkit==0.7.*'): pokerengine alone")
        peer = False
    print(f"{'format':<11} {'hands':>6} {'matched':>8} {'parse/s':>9} {'checked/s':>10} {'PokerKit':>9} {'PK/s':>7} "
          f"{'ratio':>6}")
    for fmt in args.format or names():
        texts = files_of(fmt, dirs.get(fmt, os.path.join(ROOT, "fixtures", fmt)))
        if not texts:
            continue
        parse_s, hands, _ = min((ours(fmt, texts, False) for _ in range(args.rounds)), key=lambda r: r[0])
        seconds, hands, matched = min((ours(fmt, texts, True) for _ in range(args.rounds)), key=lambda r: r[0])
        rate = hands / seconds if seconds else 0.0  # float ok: rates for people to read
        row = f"{fmt:<11} {hands:>6} {matched:>8} {hands / parse_s if parse_s else 0:>9,.0f} {rate:>10,.0f}"
        if peer and fmt in PEERS:
            laid_out = PEERS[fmt][1](texts)
            with contextlib.redirect_stderr(io.StringIO()):  # PokerKit prints a traceback for a hand it skips
                pk_s, pk_hands = min((pokerkit_side(fmt, laid_out) for _ in range(args.rounds)), key=lambda r: r[0])
            pk_rate = pk_hands / pk_s if pk_s and pk_hands else 0.0
            ratio = f"{rate / pk_rate:.1f}x" if pk_rate else "-"
            row += f" {pk_hands:>9} {pk_rate:>7,.0f} {ratio:>6}"
        print(row, flush=True)


if __name__ == "__main__":
    main()
