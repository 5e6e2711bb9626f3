"""What a :class:`~pokerengine.tournament.Tournament` reports: the result of each event, how a
replay went, and its whole state as one comparable value."""

from __future__ import annotations

import attrs

from .equity import Snapshot
from .events import Event
from .levels import ClockState
from .ranking import Standing


@attrs.frozen
class Result:
    """What one accepted event did: the event as logged, who busted, the snapshot taken, the new state."""

    event: Event
    busted: tuple[str, ...]
    snapshot: Snapshot | None
    status: str


@attrs.frozen
class Recovery:
    """How a replay went: events replayed, and a torn last line dropped (``None`` if the log was clean).

    ``kept`` is the file the torn line's bytes were moved to when :meth:`Tournament.open` cut them
    off the log (``None`` for a read-only replay, which changes no file).
    """

    events: int
    torn: str | None = None
    torn_line: int | None = None
    kept: str | None = None


@attrs.frozen
class TournamentState:
    """Everything a tournament knows, as one comparable value (snapshots excluded: they are derived).

    ``stacks`` are the players in play (or, once finished, the chips of those
    who were in at the end), by player id; ``locked`` is partial-deal money.
    """

    status: str
    prizes: tuple[int, ...]
    pool: int
    field: int
    stacks: tuple[tuple[str, int], ...]
    seating: tuple[tuple[str, str | None, int | None], ...]
    locked: tuple[tuple[str, int, int], ...]
    standings: tuple[Standing, ...]
    round: int | None
    round_tables: tuple[str, ...]
    chips_issued: int
    events: int
    level: int | None = None
    on_break: bool = False
    positions: tuple[tuple[str, tuple[int, int, int]], ...] = ()
    away: tuple[str, ...] = ()
    clock: ClockState = ClockState()
    finishing: tuple[str, ...] = ()
