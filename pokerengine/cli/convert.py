"""``pokerengine convert PATH... --to phh|ohh [--out DIR]``: write hand histories in another format.

Reads PHH (``.phh``/``.phhs``), Open Hand History and every site format of :mod:`pokerengine.formats`
(folders recursively, as ``replay`` does; the content decides the format, in any encoding) and writes every hand as PHH or OHH
(``pokerengine.replay.convert``).  Without ``--out`` everything goes to standard output (PHH: one
record, or a ``.phhs`` text of several; OHH: JSON lines); with ``--out DIR`` each file becomes one
file in ``DIR`` (its path under the folder given kept; ``.phh`` for one hand, ``.phhs`` for several,
``.ohh`` for OHH).  Hand by hand: a hand that cannot be read, played or written (or whose written form its reader
would refuse) is reported on standard error (one line: file, hand, why) and left out; the rest of
its file is written (a file that cannot be read to its end keeps the hands before the fault).  A
file with no hand to convert (only cancelled hands) is not written.  An existing file is not
overwritten without ``--force``.

Every file named or found is accounted for as ``replay`` does: a file not read (not a hand history,
empty, binary, too large, cannot be read) is reported on standard error (``pokerengine: skipped: FILE:
REASON``), one line each.

Exit status: 0 when every hand was converted; 1 when a hand or a file was left out (each reported on its
own line, the rest written), as ``replay`` says 1 when a hand did not match, or a file named or
unreadable was skipped (a file found in a folder that is no hand history is reported, not a failure);
2 for bad usage (bad arguments, no such file, no hand-history file found), one line.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from typing import Any


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "convert",
        help="convert hand histories (PHH, OHH, any site's files) to PHH or OHH",
        description="Convert every hand of the given files and folders (recursively; PHH .phh/.phhs, "
        "Open Hand History or a site's files (PokerStars, GGPoker, Winamax, 888poker, iPoker, PartyPoker, Winning, "
        "Bovada, Full Tilt, PokerNow) recognised by content) to PHH or OHH.  A PHH written from a "
        "site's hand carries what the site paid (finishing_stacks, winnings, _rake, _pot_rakes) and "
        "replays to the same result.",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="a hand-history file, or a folder of them")
    p.add_argument("--to", required=True, choices=("phh", "ohh"), help="the format to write")
    p.add_argument("--out", metavar="DIR", help="write one file per input file into DIR (default: standard output)")
    p.add_argument("--force", action="store_true", help="overwrite files that exist in DIR")
    p.set_defaults(run=run)


def _target(path: str, root: str, to: str, hands: int, out: str) -> str:
    rel = os.path.relpath(path, root) if root != path else os.path.basename(path)
    stem, _ = os.path.splitext(rel)
    ext = ".ohh" if to == "ohh" else ".phh" if hands == 1 else ".phhs"
    return os.path.join(out, stem + ext)


def _umask() -> int:
    mask = os.umask(0o022)  # reading the umask means setting it: set it straight back
    os.umask(mask)
    return mask


def _write(target: str, text: str) -> None:
    """Write ``target`` whole or not at all (a temporary file renamed), with the permissions any new
    file gets (``0o666`` less the umask; the temporary file alone would leave ``0o600``)."""
    folder = os.path.dirname(target) or "."
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".convert-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def run(args: argparse.Namespace) -> int:
    from ..errors import PokerEngineError
    from ..replay.convert import convert_hands, write_hands
    from ..replay.corpus import walk
    from ..replay.files import read_or_skip
    from . import _write_line, fail, one_line

    for path in args.paths:
        if not os.path.exists(path):
            return fail(f"no such file or folder: {path}")
    if args.out is not None and os.path.exists(args.out) and not os.path.isdir(args.out):
        return fail(f"--out {args.out} is not a folder")
    jobs: list[tuple[str, str]] = []  # (file, the folder argument it was found under)
    skipped: list[Any] = []  # (every file not read is reported, with why: replay's accounting)
    for root in args.paths:
        for path, _, skip in walk([root]):
            if skip is not None:
                skipped.append(skip)
            else:
                jobs.append((path, root if os.path.isdir(root) else path))
    if not jobs and not any(k.counts for k in skipped):
        return fail("no hand-history files in " + ", ".join(args.paths))
    failed = 0
    for skip in skipped:
        failed += skip.counts
        _write_line(sys.stderr, one_line(f"pokerengine: skipped: {skip.file}: {skip.reason}"))
    written: dict[str, str] = {}
    everything: list[Any] = []
    hands = files = 0
    for path, root in jobs:
        try:
            text, skip = read_or_skip(path, explicit=not os.path.isdir(root))
            if skip is not None:  # not a hand history, empty, too large...: said, as replay says it
                failed += skip.counts
                _write_line(sys.stderr, one_line(f"pokerengine: skipped: {skip.file}: {skip.reason}"))
                continue
            done = convert_hands(text, args.to, source=path)
        except (PokerEngineError, OSError, UnicodeError) as exc:
            failed += 1
            message = str(exc) if isinstance(exc, PokerEngineError) else f"{path}: {exc}"
            _write_line(sys.stderr, one_line(f"pokerengine: error: {message}"))
            continue
        for message in done.errors:  # each hand left out, and a file that could not be read to its end
            failed += 1
            _write_line(sys.stderr, one_line(f"pokerengine: error: {message}"))
        if not done.hands:
            if not done.errors:  # every hand cancelled: nothing to write (an empty file replays as nothing)
                _write_line(sys.stderr, one_line(f"pokerengine: {path}: no hand to convert (a cancelled hand is "
                                                 "not converted); nothing written"))
            continue
        files += 1
        hands += done.hands
        if args.out is None:
            everything.extend(done.kept)
            continue
        target = _target(path, root, args.to, done.hands, args.out)
        if target in written:
            failed += 1
            _write_line(sys.stderr, one_line(f"pokerengine: error: {path} and {written[target]} would both be "
                                             f"written to {target}"))
            continue
        if os.path.exists(target) and not args.force:
            failed += 1
            _write_line(sys.stderr, one_line(f"pokerengine: error: {target} exists (--force to overwrite)"))
            continue
        try:
            _write(target, done.text)
        except OSError as exc:
            failed += 1
            _write_line(sys.stderr, one_line(f"pokerengine: error: cannot write {target}: {exc.strerror or exc}"))
            continue
        written[target] = path
    if args.out is None:
        if everything:
            sys.stdout.write(write_hands(everything, args.to))
    else:
        print(f"converted {hands} hands from {files} files into {args.out}")
    return 1 if failed else 0
