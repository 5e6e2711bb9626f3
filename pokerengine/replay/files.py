"""Replay hand-history files and folders, and compare every hand with its recorded finishing stacks.

Each hand a file begins ends in one class: ``matched``; ``split_chip`` (the
record writes a fractional tied share, e.g. 674.5/674.5, and our whole-chip
result differs only there, e.g. 675/674, every chip accounted for);
``unchecked`` (the file records no ``finishing_stacks``); ``undeterminable`` and
``cancelled`` (a site's: no winner shown; cancelled by the site); ``unplayed`` (a
site's file begins it, nothing was played); ``mismatched``; ``error`` (the hand
cannot be read or replayed; the message says why).  Every file is read (:class:`FileRead`)
or skipped with its reason (:class:`Skipped`): nothing is dropped without a word.

No file stops a run: bad input is the hand's (or the file's) ``error``, and so is, as a last
resort, any unexpected exception while reading or replaying it (the message says ``internal
error``: a bug to report), whatever ``jobs`` is.  Messages are cut to :data:`MAX_MESSAGE_CHARS`.
Time and memory per file and per hand are bounded by the reader's limits (``docs/replay.md``).

>>> import os, tempfile
>>> from pokerengine.replay import replay_paths
>>> d = tempfile.mkdtemp()
>>> with open(os.path.join(d, "a.phh"), "w") as f:
...     _ = f.write('''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 AsKd", "d dh p2 QhQc", "p2 f"]
... finishing_stacks = [101, 99]''')
>>> summary = replay_paths([d])
>>> with open(os.path.join(d, "notes.txt"), "w") as f:
...     _ = f.write("my hands, to look at\\n")
>>> summary = replay_paths([d])
>>> summary.hands, summary.matched, summary.ok, [f.file[len(d) + 1:] for f in summary.read]
(1, 1, True, ['a.phh'])
>>> [(k.file[len(d) + 1:], k.reason) for k in summary.skipped]
[('notes.txt', "not a hand history: neither PHH nor a site's format (docs/histories.md)")]
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from .._checks import shown
from ..errors import HistoryParseError, PokerEngineError, UndeterminableHandError, UnreadableFileError
from ..formats import detect, no_hands, site_hands
from ..formats.blocks import HandError, NoHand
from ..formats.encodings import decode
from ..formats.sitehand import SiteHand
from ..phh.amounts import show
from ..phh.reader import SITE_EXTENSIONS, _hand, loads, read_bytes, tables
from ..phh.reader import iter_files as iter_files
from ..phh.record import HandHistory, Number
from ..phh.stream import iter_phhs_tables
from .hand_replay import replay_hand
from .site_check import check_site
from .status import (
    CANCELLED,
    ERROR,
    MATCHED,
    MISMATCHED,
    SPLIT_CHIP,
    UNCHECKED,
    UNDETERMINABLE,
    UNPLAYED,
    SeatDiff,
)

UNRECOGNISED = "not a hand history: neither PHH nor a site's format (docs/histories.md)"
#: The longest message a report keeps (an error may quote a long action).
MAX_MESSAGE_CHARS = 500
#: The most worker processes :func:`~pokerengine.replay.corpus.replay_paths` starts.
MAX_JOBS = 256
#: The most skipped files the text summary names one a line (``--json`` lists them all).
MAX_SKIPPED_LINES = 100


def _message(exc: BaseException, where: str) -> str:
    """What a report says of ``exc``: its message for bad input, else ``internal error`` with its type."""
    if isinstance(exc, PokerEngineError):
        text = str(exc)
    elif isinstance(exc, OSError):
        text = f"{where}: {exc.strerror or type(exc).__name__}"
    else:
        try:
            detail = str(exc)
        except Exception:  # a message that cannot be made (e.g. an integer too long to print)
            detail = ""
        text = f"{where}: internal error {type(exc).__name__}: {detail} (please report)"
    if len(text) > MAX_MESSAGE_CHARS:
        text = text[: MAX_MESSAGE_CHARS - 3] + "..."
    return text


SCHEMA = 1
"""The version of the ``--json`` report's layout (``docs/replay.md``); it grows when the layout changes."""


@attrs.frozen
class HandReport:
    """One hand's verdict, small enough to send between processes.

    ``file``, ``index`` (the hand's 0-based position in its file) and ``key`` (the table name in a
    ``.phhs`` file) locate the hand; ``number`` is its ``hand`` field (a site's hand id); ``format``
    is the file's (``"phh"``).  ``expected``/``got`` are finishing stacks (file units) for compared
    hands, ``seats`` the seats where they differ; ``message`` explains an error.
    """

    file: str
    key: str | None
    number: int | str | None
    status: str
    expected: tuple[Number, ...] | None = None
    got: tuple[Number, ...] | None = None
    message: str | None = None
    index: int = 0
    format: str = "phh"
    seats: tuple[SeatDiff, ...] = ()

    @property
    def where(self) -> str:
        """``file``, ``file [key]``, plus ``(hand N)`` when the record numbers it."""
        text = self.file if self.key is None else f"{self.file} [{self.key}]"
        return text if self.number is None else f"{text} (hand {self.number})"

    @property
    def hand(self) -> int | str:
        """What the report calls the hand: the record's ``hand`` field (a site's hand id), else its table
        name in a ``.phhs`` file, else its index in the file."""
        if self.number is not None:
            return self.number
        return self.key if self.key is not None else self.index

    def to_json(self) -> dict[str, Any]:
        """The report as the CLI's ``--json`` lists it (schema :data:`SCHEMA`, ``docs/replay.md``)."""
        out: dict[str, Any] = {"file": self.file, "hand": self.hand, "index": self.index, "format": self.format}
        if self.key is not None:
            out["key"] = self.key
        if self.status == ERROR:
            out["message"] = self.message
        else:
            out["seats"] = [{"seat": d.seat, "player": d.player, "expected": d.expected, "got": d.got}
                            for d in self.seats]
            if self.message:
                out["message"] = self.message
            if self.format == "phh":
                out["expected"] = list(self.expected or ())
                out["got"] = list(self.got or ())
        return out


def seat_diffs(hand: HandHistory, expected: Sequence[Number], got: Sequence[Number]) -> tuple[SeatDiff, ...]:
    """The seats whose ``got`` differs from ``expected``, with their seat numbers and names."""
    numbers = hand.seats or tuple(range(1, len(expected) + 1))
    names = hand.players or tuple(f"p{i}" for i in range(1, len(expected) + 1))
    return tuple(SeatDiff(numbers[i], names[i], e, g) for i, (e, g) in enumerate(zip(expected, got)) if e != g)


def report(hand: HandHistory, index: int = 0) -> HandReport:
    """Replay one hand into a :class:`HandReport`; every exception is caught and reported as the hand's
    error (bad input by its message, anything else as an internal error)."""
    file = hand.source or "<text>"
    try:
        r = replay_hand(hand)
        if r.status == MATCHED or r.status == UNCHECKED:
            return HandReport(file, hand.key, hand.hand, r.status, index=index)
        scale = r.outcome.scale
        got = tuple(show(x, scale) for x in r.finishing)
        expected = hand.finishing_stacks or ()
        return HandReport(file, hand.key, hand.hand, r.status, hand.finishing_stacks, got, index=index,
                          seats=seat_diffs(hand, expected, got))
    except UndeterminableHandError as exc:  # no hand that could win was shown: not the file's error
        return HandReport(file, hand.key, hand.hand, UNDETERMINABLE, message=_message(exc, hand.label), index=index)
    except Exception as exc:  # bad input, or a bug of ours: the hand's error, never the end of a long run
        return HandReport(file, hand.key, hand.hand, ERROR, message=_message(exc, hand.label), index=index)


@attrs.frozen
class Skipped:
    """A file not read as a hand history, and why: ``reason`` (not a hand history, empty, binary,
    too large, cannot be read...); ``given`` when it was named (not found in a folder), ``unreadable``
    when it may hold hands that could not be read (permission, too large, an I/O error, not UTF-8 PHH).
    Either makes the replay's exit status 1 (``docs/replay.md``)."""

    file: str
    reason: str
    given: bool = False
    unreadable: bool = False

    @property
    def counts(self) -> bool:
        """Whether the skip fails the run: a file named, or one that could not be read."""
        return self.given or self.unreadable

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "reason": self.reason, "given": self.given, "unreadable": self.unreadable}


@attrs.frozen
class FileRead:
    """A file read as a hand history: its ``format`` (``"phh"``, or a site's) and how many ``hands`` it began."""

    file: str
    format: str
    hands: int

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "format": self.format, "hands": self.hands}


class FileReports(list[HandReport]):
    """:func:`replay_file`'s reports (a list), with the file's ``format`` (``None`` when not read) and
    ``skipped`` (a :class:`Skipped`, or ``None`` when the file was read)."""

    format: str | None = None
    skipped: Skipped | None = None


#: Of the files read by content (not ``.phh``/``.phhs``), the first bytes looked at before reading one whole.
HEAD_BYTES = 4096
_BINARY = "binary, or text in an encoding not read (UTF-8, UTF-16, Windows-1252): not a hand history"


def _not_text(text: str) -> bool:
    """Whether decoded text looks binary: more than a tenth control characters or replacement marks."""
    sample = text[:HEAD_BYTES]
    bad = sum(1 for c in sample if (c < " " and c not in "\t\n\r\f\v") or c == "\ufffd" or "\x7f" <= c < "\xa0")
    return bad * 10 > len(sample)


def _why_not(text: str) -> str:
    """Why a file whose format :func:`~pokerengine.formats.detect` does not name is skipped: a site's file
    of no hands (:func:`~pokerengine.formats.no_hands`: a tournament summary), binary, or no hand history."""
    return no_hands(text) or (_BINARY if _not_text(text) else UNRECOGNISED)


def _skip(path: str, reason: str, explicit: bool, unreadable: bool = False) -> FileReports:
    out = FileReports()
    out.skipped = Skipped(path, reason, explicit, unreadable)
    if explicit:  # (the API's report of a file given that is not read: an error naming why)
        out.append(HandReport(path, None, None, ERROR, message=_message(HistoryParseError(f"{path}: {reason}"), path)))
    return out


def _read(path: str, explicit: bool, phh: bool) -> tuple[str | None, FileReports | None]:
    """A file's text, or the :class:`FileReports` that skip it (``phh``: a ``.phh``/``.phhs`` file, UTF-8)."""
    import stat


    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            return None, _skip(path, "not a regular file (a folder, pipe, socket or device)", explicit)
        if st.st_size == 0:
            return None, _skip(path, "empty", explicit)
        if not phh and not path.endswith(SITE_EXTENSIONS):  # any other name: its first bytes decide
            with open(path, "rb") as f:
                head = f.read(HEAD_BYTES)
            text = decode(head, what=path)
            if detect(text) is None:
                return None, _skip(path, _why_not(text), explicit)
        data = read_bytes(path)
    except UnreadableFileError as exc:
        return None, _skip(path, f"cannot be read: {str(exc).rpartition(': ')[2]}", explicit, True)
    except HistoryParseError as exc:  # (the other one read_bytes raises: larger than the reader's limit)
        return None, _skip(path, f"too large: {str(exc).removeprefix(path + ': ')}", explicit, True)
    except OSError as exc:
        return None, _skip(path, f"cannot be read: {exc.strerror or type(exc).__name__}", explicit, True)
    if phh:  # (named PHH: a byte that is not UTF-8 is the file's error, as a bad value is)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise HistoryParseError(f"{path}: not UTF-8 text (bad byte at offset {exc.start})") from None
    else:
        text = decode(data, what=path)
    if not text.strip("\ufeff \t\r\n\x00"):
        return None, _skip(path, "empty (only blank space)", explicit)
    return text, None


def read_or_skip(path: str, explicit: bool = True) -> tuple[str, Skipped | None]:
    """A hand-history file's text (``.phh``/``.phhs``: UTF-8; else in whichever encoding it comes),
    or ``("", skipped)`` when it is not read (not a hand history, empty, binary, too large, cannot be
    read: the :class:`Skipped` says why).  Raises :class:`HistoryParseError` for a ``.phh``/``.phhs``
    file that is not UTF-8."""
    phh = path.endswith((".phh", ".phhs"))
    text, skipped = _read(path, explicit, phh)
    if skipped is not None:
        return "", skipped.skipped
    assert text is not None
    if not phh:

        if detect(text) is None:
            return "", Skipped(path, _why_not(text), explicit)
    return text, None


def replay_file(path: str, explicit: bool = True) -> FileReports:
    """Reports for every hand of one file, in file order: ``.phh``/``.phhs``, or any other file whose
    content is PHH, Open Hand History or a site's (:func:`~pokerengine.formats.detect`).

    A file not read (not a hand history, empty, binary, too large, unreadable) gives no report but
    ``skipped`` (a :class:`Skipped`); when it was given (``explicit``) the list holds one ``error``
    report saying why too (:func:`replay_paths` counts the skip, not that report).  Never raises (but
    :class:`KeyboardInterrupt` and the like): a bad hand is one ``error`` among the others.
    """
    phh = path.endswith((".phh", ".phhs"))
    try:
        text, skipped = _read(path, explicit, phh)
        if skipped is not None:
            return skipped
        assert text is not None
        if path.endswith(".phhs"):
            try:
                parts: Sequence[tuple[str, Any]] = tables(text, source=path)
            except HistoryParseError:  # (one bad table, a damaged header: read table by table instead)
                return _with(path, "phh", _phhs_by_table(path))
            fmt: str | None = "phh"
        elif phh:
            return _with(path, "phh", [report(loads(text, source=path))])
        else:

            fmt = detect(text)
            if fmt == "phh":
                return _with(path, "phh", [report(loads(text, source=path))])
            if fmt is None:
                return _skip(path, _why_not(text), explicit)
            return _with(path, fmt, site_reports(path, text, fmt))
    except Exception as exc:  # not TOML, a bad table; anything else is labelled internal
        return _with(path, "phh" if phh else "unknown", [HandReport(path, None, None, ERROR, message=_message(exc, path))])
    out = []
    for index, (name, table) in enumerate(parts):
        try:
            hand = _hand(name, table, path)
        except Exception as exc:
            key = name if len(name) <= 100 else shown(name)
            out.append(HandReport(path, key, None, ERROR, message=_message(exc, f"{path} [{key}]"), index=index))
            continue
        out.append(report(hand, index))
    return _with(path, "phh", out)


def _phhs_by_table(path: str) -> list[HandReport]:
    """A ``.phhs`` file that is not one valid TOML document, read table by table
    (:func:`~.stream.iter_phhs_tables`): a bad table, or a hand whose header line is damaged, is that
    hand's error and the tables after it are read."""

    out: list[HandReport] = []
    seen: set[str] = set()
    for k, key, hand in iter_phhs_tables(path):
        if key is not None and key in seen:  # (as the whole document's reading says it)
            hand = HistoryParseError(f"{path} [{shown(key)}]: a table name used twice")
        seen.add(key or "")
        if isinstance(hand, Exception):
            out.append(HandReport(path, key, None, ERROR, message=_message(hand, path), index=k))
        else:
            out.append(report(hand, k))
    return out


def _with(path: str, fmt: str, reports: list[HandReport]) -> FileReports:
    out = FileReports(reports)
    out.format = fmt
    return out


def site_report(hand: SiteHand, path: str) -> HandReport:
    """Check one site hand (:func:`~pokerengine.replay.site_check.check_site`) into a :class:`HandReport`."""

    file = hand.source or path
    try:
        r = check_site(hand)
    except Exception as exc:  # bad input, or a bug of ours: the hand's error
        return HandReport(file, None, hand.hand_id, ERROR, message=_message(exc, f"{file} (hand {hand.hand_id})"),
                          index=hand.index, format=hand.format)
    status = {"matched": MATCHED, "mismatched": MISMATCHED, "split_chip": SPLIT_CHIP,
              CANCELLED: CANCELLED}.get(r.status, UNDETERMINABLE)
    return HandReport(file, None, hand.hand_id, status, message=r.message or None, index=hand.index,
                      format=hand.format, seats=r.seats)


def site_reports(path: str, text: str, fmt: str) -> list[HandReport]:
    """Reports for every hand of a site's file (``fmt``: a name of :data:`pokerengine.formats.FORMATS`):
    a hand that cannot be read is one error report (its index kept) and the file goes on; a file that
    cannot be read on (too large, too many hands...) ends with an error after the hands before it."""

    out: list[HandReport] = []
    try:
        for hand in site_hands(text, fmt, source=path, cancelled=True, errors=True, unplayed=True):
            if isinstance(hand, NoHand):  # begun in the file, nothing played: a verdict of its own
                out.append(HandReport(path, None, None, UNPLAYED, message=_message(hand, path), index=hand.index,
                                      format=fmt))
                continue
            if isinstance(hand, HandError):
                out.append(HandReport(path, None, None, ERROR, message=_message(hand, path), index=hand.index, format=fmt))
                continue
            out.append(site_report(hand, path))
    except Exception as exc:
        out.append(HandReport(path, None, None, ERROR, message=_message(exc, path), index=len(out), format=fmt))
    return out


@attrs.define
class ReplaySummary:
    """Counts and the hands worth a look, over a whole replay run."""

    hands: int = 0
    files: int = 0
    matched: int = 0
    split_chip: int = 0
    unchecked: int = 0
    undeterminable: int = 0
    cancelled: int = 0
    mismatched: list[HandReport] = attrs.field(factory=list)
    errors: list[HandReport] = attrs.field(factory=list)
    split: list[HandReport] = attrs.field(factory=list)
    #: The undeterminable hands (counted in :attr:`undeterminable`), each with its reason.
    undetermined: list[HandReport] = attrs.field(factory=list)
    seconds: float = 0.0
    unplayed: int = 0
    #: Every file read, in input order, with its format and how many hands it began.
    read: list[FileRead] = attrs.field(factory=list)
    #: Every file not read, in input order, with the reason.
    skipped: list[Skipped] = attrs.field(factory=list)

    def add(self, reports: Iterable[HandReport]) -> None:
        """Count a file's reports (counted as a file when it gives any; :func:`replay_paths` counts the
        files read from :attr:`read` instead)."""
        counted = False
        for r in reports:
            if not counted:
                self.files += 1
                counted = True
            self.hands += 1
            s = r.status
            if s == MATCHED:
                self.matched += 1
            elif s == SPLIT_CHIP:
                self.split_chip += 1
                self.split.append(r)
            elif s == UNCHECKED:
                self.unchecked += 1
            elif s == UNDETERMINABLE:
                self.undeterminable += 1
                self.undetermined.append(r)
            elif s == CANCELLED:
                self.cancelled += 1
            elif s == UNPLAYED:
                self.unplayed += 1
            elif s == MISMATCHED:
                self.mismatched.append(r)
            else:
                self.errors.append(r)

    @property
    def ok(self) -> bool:
        """Nothing mismatched, nothing failed, and no file skipped that was named or could not be read
        (a file found in a folder that is not a hand history is listed, not a failure)."""
        return not self.mismatched and not self.errors and not any(k.counts for k in self.skipped)

    @property
    def hands_per_second(self) -> float:
        """Throughput of the run (0 when nothing was timed)."""
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        """``{"schema": 1, "hands", "matched", "split_chip", "unchecked", "mismatched_count", "errors_count",
        "mismatched": [...], "errors": [...], "seconds", ...}`` (``docs/replay.md``, "The JSON report")."""
        return {
            "schema": SCHEMA,
            "hands": self.hands,
            "matched": self.matched,
            "split_chip": self.split_chip,
            "unchecked": self.unchecked,
            "undeterminable": self.undeterminable,
            "cancelled": self.cancelled,
            "mismatched_count": len(self.mismatched),
            "errors_count": len(self.errors),
            "mismatched": [r.to_json() for r in self.mismatched],
            "errors": [r.to_json() for r in self.errors],
            "seconds": round(self.seconds, 6),  # wall time, not chips: float ok
            "split_chip_hands": [r.to_json() for r in self.split],
            "undeterminable_hands": [r.to_json() for r in self.undetermined],
            "files": self.files,
            "hands_per_second": round(self.hands_per_second, 1),  # a rate: float ok
            "unplayed": self.unplayed,
            "skipped_count": len(self.skipped),
            "skipped": [k.to_json() for k in self.skipped],
            "read": [f.to_json() for f in self.read],
        }

    def text(self) -> str:
        """The summary for people: counts, then each mismatch and error on its own line(s)."""
        lines = [
            f"{self.hands} hands in {self.files} files, {self.seconds:.2f} s ({self.hands_per_second:,.0f} hands/s)",
            f"  matched     {self.matched}",
            f"  split_chip  {self.split_chip}  (the record splits a chip; ours gives it whole)",
            f"  unchecked   {self.unchecked}  (no finishing_stacks to compare)",
            *([f"  undeterminable {self.undeterminable}  (no hand that could win was shown)"] if self.undeterminable else []),
            *([f"  cancelled   {self.cancelled}  (cancelled by the site: nothing paid)"] if self.cancelled else []),
            *([f"  unplayed    {self.unplayed}  (begun in the file, nothing played)"] if self.unplayed else []),
            f"  mismatched  {len(self.mismatched)}",
            f"  errors      {len(self.errors)}",
            f"files: {len(self.read)} read, {len(self.skipped)} skipped",
        ]
        for k in self.skipped[:MAX_SKIPPED_LINES]:
            lines.append(f"skipped: {k.file}: {k.reason}")
        if len(self.skipped) > MAX_SKIPPED_LINES:
            lines.append(f"skipped: ... and {len(self.skipped) - MAX_SKIPPED_LINES:,} more (--json lists them all)")
        for r in self.mismatched:
            lines.append(f"mismatched: {r.where}")
            if r.format != "phh":  # a site's collected amounts
                for d in r.seats:
                    lines.append(f"  seat {d.seat} {d.player}: collected {d.expected}, ours {d.got}")
                if r.message:
                    lines.append(f"  {r.message}")
                continue
            lines.append(f"  expected {_stacks(r.expected)}")
            lines.append(f"  got      {_stacks(r.got)}")
            lines.append(f"  diff     {_diff(r.expected, r.got)}")
        for r in self.errors:
            lines.append(f"error: {r.message}")
        for r in self.undetermined:  # (a PHH hand's message names the file; a site's check gives the reason)
            said = r.message or "no hand that could win was shown"
            lines.append(f"undeterminable: {said}" if said.startswith(r.file) else f"undeterminable: {r.where}: {said}")
        for r in self.split:
            if r.format != "phh":  # a site's collected amounts: the seats the odd chips went to
                lines.append(f"split_chip: {r.where}")
                lines += [f"  seat {d.seat} {d.player}: collected {d.expected}, ours {d.got}" for d in r.seats]
                continue
            lines.append(f"split_chip: {r.where}: record {_stacks(r.expected)}, ours {_stacks(r.got)}")
        return "\n".join(lines)


def _stacks(values: Sequence[Number] | None) -> str:
    return "[" + ", ".join(str(v) for v in values or ()) + "]"


def _diff(expected: Sequence[Number] | None, got: Sequence[Number] | None) -> str:
    parts = []
    for i, (e, g) in enumerate(zip(expected or (), got or ())):
        if e != g:
            d = g - e
            whole = float(d).is_integer()  # display only: records may hold 674.5, shown as written: float ok
            parts.append(f"p{i + 1} {'+' if d > 0 else ''}{int(d) if whole else d}")
    return ", ".join(parts) or "none"
