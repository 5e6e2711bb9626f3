"""Replay a corpus on a Dask cluster: the shards of :mod:`~pokerengine.replay.corpus` mapped to
summaries on the workers, merged here into the same summary a single process gives.

Dask is an optional extra (``pip install "pokerengine-exact[dask]"``); this module imports it only
when called.  ``address="local"`` starts a :class:`distributed.LocalCluster` of ``workers``
processes on this machine (one thread each: replaying is pure Python) and stops it at the end; any
other address is a running scheduler (``tcp://host:8786``), whose workers must have pokerengine
installed (the same version) and see the files at the same paths (a shared file system).

>>> from pokerengine.replay.dask_replay import replay_dask   # doctest: +SKIP
>>> replay_dask(["corpus/"], address="local", workers=2).matched   # doctest: +SKIP
1000000

:func:`hand_rows` gives each hand's settlement as rows of a Dask bag, for analysis
(``.to_dataframe()`` with pandas installed).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any

from ..errors import PokerEngineError
from .corpus import Part, Shard, merge, replay_shard, rows, shards_of
from .files import ReplaySummary

#: How long connecting to a scheduler may take, in seconds.
CONNECT_SECONDS = 30


class DaskUnavailableError(PokerEngineError):
    """Dask (the ``dask`` extra) is not installed, or the scheduler cannot be reached."""


def _module(name: str) -> Any:
    """An optional module (untyped, hence ``Any``), or :class:`DaskUnavailableError`."""
    import importlib

    try:
        return importlib.import_module(name)
    except ImportError:
        raise DaskUnavailableError('Dask is not installed: pip install "pokerengine-exact[dask]"') from None


def _client(address: str, workers: int, timeout: float = CONNECT_SECONDS) -> tuple[Any, Any]:
    """A ``distributed.Client`` (and the LocalCluster it owns, or ``None``)."""
    distributed = _module("distributed")
    Client, LocalCluster = distributed.Client, distributed.LocalCluster
    if address == "local":
        if type(workers) is not int or not 1 <= workers <= 256:
            raise DaskUnavailableError(f"workers must be an integer from 1 to 256, got {workers!r}"[:200])
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0")
        return Client(cluster), cluster
    try:
        return Client(address, timeout=timeout), None
    except (OSError, TimeoutError, ValueError) as exc:
        raise DaskUnavailableError(f"cannot reach the Dask scheduler at {address[:200]}: {exc}"[:400]) from None


def replay_dask(paths: Iterable[str | os.PathLike[str]], *, address: str = "local", workers: int = 2,
                shard_bytes: int | None = None, client: Any = None, timeout: float = CONNECT_SECONDS,
                progress: Callable[[int, int], None] | None = None) -> ReplaySummary:
    """Replay ``paths`` on Dask: ``client`` (a ``distributed.Client``) or one made for ``address``
    (``"local"``: a LocalCluster of ``workers`` processes; a scheduler is waited for ``timeout``
    seconds).  The summary equals
    :func:`~pokerengine.replay.corpus.replay_paths`' (counts, and the mismatches and errors in input
    order); ``seconds`` is the wall time here, cluster start included."""
    import time

    started = time.perf_counter()
    names = [os.fspath(p) for p in paths]
    shards = shards_of(names) if shard_bytes is None else shards_of(names, target=shard_bytes)
    owned = None
    if client is None:
        client, owned = _client(address, workers, timeout)
    try:
        futures = client.map(replay_shard, shards, pure=False)
        parts: list[Part] = []
        for future in _module("distributed").as_completed(futures):
            parts.append(future.result())
            if progress is not None:
                progress(len(parts), len(shards))
    finally:
        if owned is not None:
            client.close()
            owned.close()
    summary = merge(parts)
    summary.seconds = time.perf_counter() - started
    return summary


def shard_rows(shard: Shard) -> list[dict[str, Any]]:
    """One row per hand of ``shard`` (:func:`~pokerengine.replay.corpus.rows`)."""

    return list(rows(shard))


def hand_rows(paths: Iterable[str | os.PathLike[str]], *, shard_bytes: int | None = None) -> Any:
    """A Dask bag of one row (a dict) per hand: ``file``, ``index``, ``key``, ``hand``, ``variant``,
    ``players``, ``status``, ``finishing``, ``payouts``, ``rake``, ``pots`` (see
    :func:`~pokerengine.replay.corpus.rows`); lazy, one partition per shard."""
    db = _module("dask.bag")
    names = [os.fspath(p) for p in paths]
    shards = shards_of(names) if shard_bytes is None else shards_of(names, target=shard_bytes)
    return db.from_sequence(shards, npartitions=max(1, len(shards))).map_partitions(_rows_of)


def _rows_of(shards: Iterable[Shard]) -> list[dict[str, Any]]:
    """The rows of a partition's shards, as a list (what a worker sends back must pickle)."""
    return [row for shard in shards for row in shard_rows(shard)]
