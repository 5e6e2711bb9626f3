"""A replay cut into shards, each replayed to a summary on its own, and the summaries merged.

A shard is a file, or a byte range of a ``.phhs`` file too big to read whole (more than
:data:`~pokerengine.phh.reader.MAX_FILE_BYTES`), cut at hand boundaries
(:mod:`~pokerengine.phh.stream`).  :func:`replay_shard` turns one shard into a
:class:`~pokerengine.replay.files.ReplaySummary` of its own (counts, and the hands worth a look
with their indices within the shard) and :func:`merge` adds the summaries up in input order, fixing
each hand's index within its file.  The result is the same however the work was cut and wherever
it ran: one process, ``--jobs N`` worker processes, or a Dask cluster.

>>> import os, tempfile
>>> d = tempfile.mkdtemp()
>>> from pokerengine.generate import write_corpus
>>> corpus = write_corpus(d, 40, seed=1, per_file=0)
>>> whole = shards_of([d])
>>> cut = shards_of([d], target=4096)   # as if the file were big: ranges of 4 KiB
>>> len(whole), len(cut) > 5
(1, True)
>>> a, b = merge(map(replay_shard, cut)), merge(map(replay_shard, whole))
>>> (a.hands, a.matched, a.files) == (b.hands, b.matched, b.files) == (40, 40, 1)
True

Memory: a shard keeps only the reports of hands that did not match (and the split-chip ones); a
byte-range shard reads one hand at a time.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import attrs

from ..errors import PokerEngineError
from ..formats import detect, site_hands
from ..formats import read_text as read_site_text
from ..formats.blocks import NoHand
from ..formats.sitehand import SiteHand
from ..phh.reader import MAX_FILE_BYTES, _hand, loads, read_text, tables
from ..phh.reader import walk as walk_files
from ..phh.stream import iter_phhs_tables
from . import files as _replay
from .files import (
    MAX_JOBS,
    FileRead,
    HandReport,
    ReplaySummary,
    Skipped,
    _message,
    report,
)
from .hand_replay import replay_hand
from .site_check import check_site
from .status import ERROR, UNPLAYED

#: The size of a byte-range shard of a big ``.phhs`` file.
SHARD_BYTES = 32 << 20


@attrs.frozen
class Shard:
    """One piece of a replay: ``path`` whole (``start == 0``, ``end is None``, ``ranged`` false), or the
    hands whose table header starts in bytes ``[start, end)`` of a big ``.phhs`` file (``ranged``).
    ``explicit``: the file was named (not found in a folder); ``order`` its place in the input."""

    path: str
    order: int
    explicit: bool = True
    ranged: bool = False
    start: int = 0
    end: int | None = None
    #: Set when the walk already knows the file is not read (not a regular file, a folder not listed).
    skip: Skipped | None = None


def walk(paths: Iterable[str | os.PathLike[str]]) -> Iterator[tuple[str, bool, Skipped | None]]:
    """``(path, given, skipped)`` for every file named in ``paths`` or found in a folder of them
    (:func:`pokerengine.phh.reader.walk`, hidden folders not looked into): ``skipped`` is ``None`` for a
    regular file (its content decides: :func:`~.files.replay_file`), else why it is not read."""
    for path, given, reason, unreadable in walk_files(paths, hidden=False):
        yield path, given, None if reason is None else Skipped(path, reason, given, unreadable)


def shards_of(paths: Iterable[str | os.PathLike[str]], *, target: int = SHARD_BYTES,
              threshold: int = MAX_FILE_BYTES) -> list[Shard]:
    """The shards of a replay of ``paths``, in input order: each file whole, but ``.phhs`` files larger
    than ``threshold`` bytes (default: larger than the reader reads whole) cut into ranges of about
    ``target`` bytes.  ``target`` below ``threshold`` cuts every ``.phhs`` file (for tests)."""
    out: list[Shard] = []
    for order, (path, explicit, skip) in enumerate(walk(paths)):
        if skip is not None:
            out.append(Shard(path, order, explicit, skip=skip))
            continue
        size = -1
        if path.endswith(".phhs"):
            try:
                size = os.path.getsize(path)
            except OSError:
                size = -1
        if size > min(threshold, target):
            bounds = list(range(0, size, target))
            ends: list[int | None] = [*bounds[1:], None]
            for a, b in zip(bounds, ends):
                out.append(Shard(path, order, explicit, True, a, b))
        else:
            out.append(Shard(path, order, explicit))
    return out


@attrs.define
class Part:
    """What one shard gave: its summary (indices within the shard) and how many tables it read."""

    shard: Shard
    summary: ReplaySummary
    tables: int = 0


def replay_shard(shard: Shard) -> Part:
    """Replay one shard into a :class:`Part`.  Never raises for bad input (see :func:`replay_file`)."""
    summary = ReplaySummary()
    if shard.skip is not None:
        summary.skipped.append(shard.skip)
        return Part(shard, summary, 0)
    if not shard.ranged:
        whole = _replay.replay_file(shard.path, shard.explicit)  # (looked up here: tests stand in for it)
        skipped = getattr(whole, "skipped", None)
        if skipped is not None:
            summary.skipped.append(skipped)
            return Part(shard, summary, 0)
        summary.add(whole)
        summary.read.append(FileRead(shard.path, getattr(whole, "format", None) or "unknown", len(whole)))
        return Part(shard, summary, len(whole))

    count = 0
    reports: list[HandReport] = []
    try:
        for k, key, hand in iter_phhs_tables(shard.path, start=shard.start, end=shard.end):
            count = k + 1
            if isinstance(hand, Exception):
                reports.append(HandReport(shard.path, key, None, ERROR, message=_message(hand, shard.path), index=k))
            else:
                reports.append(report(hand, k))
            if len(reports) >= 1024:  # keep memory flat: count them and keep only what is worth a look
                summary.add(reports)
                reports = []
    except (OSError, PokerEngineError) as exc:
        reports.append(HandReport(shard.path, None, None, ERROR, message=_message(exc, shard.path), index=count))
        count += 1
    summary.add(reports)
    summary.read.append(FileRead(shard.path, "phh", count))
    return Part(shard, summary, count)


def merge(parts: Iterable[Part]) -> ReplaySummary:
    """The summaries of ``parts`` added up in input order (by file, then by range), each listed hand's
    ``index`` made its index in the file."""
    ordered = sorted(parts, key=lambda p: (p.shard.order, p.shard.start))
    total = ReplaySummary()
    offset = 0
    current = None
    for part in ordered:
        if part.shard.order != current:
            current, offset = part.shard.order, 0
        s = part.summary
        total.skipped.extend(s.skipped)
        for f in s.read:  # a file cut into ranges is one file: its ranges' hands added up
            if part.shard.start and total.read and total.read[-1].file == f.file:
                total.read[-1] = attrs.evolve(total.read[-1], hands=total.read[-1].hands + f.hands)
            else:
                total.read.append(f)
        total.hands += s.hands
        total.unplayed += s.unplayed
        total.matched += s.matched
        total.split_chip += s.split_chip
        total.unchecked += s.unchecked
        total.undeterminable += s.undeterminable
        total.cancelled += s.cancelled
        if offset:
            for name in ("mismatched", "errors", "split", "undetermined"):
                getattr(total, name).extend(attrs.evolve(r, index=r.index + offset) for r in getattr(s, name))
        else:
            total.mismatched.extend(s.mismatched)
            total.errors.extend(s.errors)
            total.split.extend(s.split)
            total.undetermined.extend(s.undetermined)
        offset += part.tables
    total.files = len(total.read)
    return total


def _items(shard: Shard) -> Iterator[tuple[int, str | None, Any]]:
    """``(index, key, hand or the error reading it)`` for each hand of a shard (PHH or a site's)."""

    if shard.skip is not None:  # (not a hand history, or not read: no rows)
        return
    if shard.ranged:

        yield from iter_phhs_tables(shard.path, start=shard.start, end=shard.end)
        return
    try:
        if shard.path.endswith((".phh", ".phhs")):
            text = read_text(shard.path)
        else:

            text = read_site_text(shard.path)
        fmt = "phhs" if shard.path.endswith(".phhs") else "phh" if shard.path.endswith(".phh") else detect(text)
        if fmt == "phh":
            yield 0, None, loads(text, source=shard.path)
        elif fmt == "phhs":
            for k, (name, table) in enumerate(tables(text, source=shard.path)):
                try:
                    yield k, name, _hand(name, table, shard.path)
                except PokerEngineError as exc:
                    yield k, name, exc
        elif fmt is not None:  # (a hand that cannot be read is its error, one not played a NoHand; the file goes on)
            for hand in site_hands(text, fmt, source=shard.path, cancelled=True, errors=True, unplayed=True):
                yield hand.index, None, hand
    except (OSError, PokerEngineError) as exc:
        yield 0, None, exc


def rows(shard: Shard) -> Iterator[dict[str, Any]]:
    """One row (a dict) per hand of ``shard``, for analysis: ``file``, ``index`` (within the shard's
    range for a byte range), ``key``, ``hand``, ``format``, ``variant``, ``players``, ``status``
    (as the replay report says), ``starting``, ``finishing`` (the engine's finishing stacks, in the
    record's units), ``payouts`` (each player's payout, position order), ``rake``, ``pots`` (how many),
    and ``message`` for an error.  Never raises for bad input."""

    for index, key, item in _items(shard):
        row: dict[str, Any] = {"file": shard.path, "index": index, "key": key}
        if isinstance(item, Exception):
            row.update(status=UNPLAYED if isinstance(item, NoHand) else ERROR, message=_message(item, shard.path))
            yield row
            continue
        history = item.history if isinstance(item, SiteHand) else item
        names = history.players or tuple(f"p{i + 1}" for i in range(history.player_count))
        row.update(hand=item.hand_id if isinstance(item, SiteHand) else history.hand,
                   format=item.format if isinstance(item, SiteHand) else "phh", variant=history.variant,
                   players=list(names), starting=list(history.starting_stacks))
        try:
            if isinstance(item, SiteHand):
                verdict = check_site(item)
                row.update(status=verdict.status, rake=verdict.rake_got)
            else:
                r = replay_hand(item)
                payouts = [0] * history.player_count
                for seat, amount in r.settlement.payouts.items():
                    payouts[seat - 1] = amount
                row.update(status=r.status, finishing=list(r.finishing_stacks), payouts=payouts,
                           rake=r.settlement.rake, pots=len(r.settlement.pots))
        except Exception as exc:  # bad input (or a bug of ours): the row says so, the run goes on
            row.update(status=ERROR, message=_message(exc, shard.path))
        yield row


def replay_paths(
    paths: Iterable[str | os.PathLike[str]],
    *,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    shard_bytes: int | None = None,
) -> ReplaySummary:
    """Replay every hand-history file under ``paths`` (``jobs`` worker processes).

    The work is cut into shards (:mod:`~pokerengine.replay.corpus`: each file, and byte ranges of
    ``.phhs`` files too big to read whole, which are read hand by hand in constant memory); reports
    come back in input order whatever ``jobs`` is (taken as 1 to :data:`MAX_JOBS`, and no more than
    there are shards), so summaries are deterministic.  ``progress(done, total)`` is called after each
    shard.  ``shard_bytes`` sets the size of a byte-range shard (default
    :data:`~pokerengine.replay.corpus.SHARD_BYTES`; a value below the reader's whole-file limit cuts
    every ``.phhs`` file, as tests do).  No file or hand ends the run (see the module docstring).
    """

    shards = shards_of(paths) if shard_bytes is None else shards_of(paths, target=shard_bytes)
    start = time.perf_counter()
    total = len(shards)
    jobs = max(1, min(jobs, MAX_JOBS, total))
    parts: list[Part] = []
    if jobs == 1:
        for k, shard in enumerate(shards, 1):
            parts.append(replay_shard(shard))
            if progress is not None:
                progress(k, total)
    else:
        chunk = max(1, min(64, total // (jobs * 8)))
        context = multiprocessing.get_context(_start_method())
        with ProcessPoolExecutor(jobs, mp_context=context) as pool:
            try:
                for part in pool.map(replay_shard, shards, chunksize=chunk):
                    parts.append(part)
                    if progress is not None:
                        progress(len(parts), total)
            except BrokenProcessPool:
                # A worker died (killed for memory, or a crash in C code): the run still ends with
                # its summary; every shard without a report is an error naming what happened.
                for shard in shards[len(parts):]:
                    lost = ReplaySummary()
                    lost.add([HandReport(shard.path, None, None, ERROR, message=f"{shard.path}: {_DIED}")])
                    lost.read.append(FileRead(shard.path, "unknown", 1))
                    parts.append(Part(shard, lost, 1))
    summary = merge(parts)
    summary.seconds = time.perf_counter() - start
    return summary


_DIED = "a worker process died while this file was being replayed (out of memory?); not replayed"


def _start_method() -> str:
    methods = multiprocessing.get_all_start_methods()
    return "fork" if "fork" in methods else methods[0]
