"""The tournament's time: the level in force, breaks, the clock and its pauses, and the hands a break lets finish.

TDA 23 (2024, "New Hand & New Limits"): a new level applies from the next hand; a hand begins with
the first riffle, the push of the shuffler button or the dealer push.  A break is treated the same
way: it stops new hands, and every hand in play when it begins is played out and recorded at the
stakes it was dealt with (the TDA's "a hand in play is finished").  The
:class:`~.events.LevelChange` that starts a break names those tables (``in_play``); during the break
one hand is recorded at each of them, and none anywhere else.  A pause of the clock stops the clock
only: it neither stops nor holds up the hands.

The two values here are what the state machine keeps; each event gives a new value or raises
:class:`~pokerengine.errors.TournamentError` and changes nothing.

>>> s = Schedule(1).after_level(LevelChange(2, on_break=True, in_play=("A",)), levels=3, tables={"A", "B"})
>>> s
Schedule(level=2, on_break=True, finishing=frozenset({'A'}))
>>> s.after_hand("A").finishing
frozenset()
>>> s.after_hand("B")
Traceback (most recent call last):
...
pokerengine.errors.TournamentError: hand at table 'B': the tournament is on a break (no hand was in play there when it began)
"""

from __future__ import annotations

from collections.abc import Collection

import attrs

from ..errors import TournamentError
from .events import ClockChange, LevelChange


@attrs.frozen
class ClockState:
    """The tournament clock as its events left it: ``started`` (seconds since 1970, UTC) or ``None``
    before it starts, ``paused_at`` while paused, ``paused_for`` the seconds of the pauses that ended,
    ``last`` the time of the last clock event (a later one may not be earlier).

    >>> ClockState(1000, None, 60).elapsed(1600), ClockState(1000, 1300, 0).elapsed(1600)
    (540, 300)
    """

    started: int | None = None
    paused_at: int | None = None
    paused_for: int = 0
    last: int | None = None

    @property
    def running(self) -> bool:
        return self.started is not None and self.paused_at is None

    def elapsed(self, now: int) -> int:
        """The seconds the clock has run by wall-clock time ``now`` (0 before it starts)."""
        if self.started is None:
            return 0
        end = now if self.paused_at is None else min(now, self.paused_at)
        return max(0, end - self.started - self.paused_for)

    def after(self, ev: ClockChange) -> ClockState:
        """The clock after ``ev`` (start, pause or resume); refused if it does not fit.

        >>> ClockState(1000, 1300, 0).after(ClockChange("resume", 1400))
        ClockState(started=1000, paused_at=None, paused_for=100, last=1400)
        """
        last = self.last
        if ev.action == "start" and self.started is not None:
            raise TournamentError("the clock has started already")
        if ev.action != "start" and self.started is None:
            raise TournamentError(f"the clock cannot {ev.action}: it has not started")
        if ev.action == "pause" and self.paused_at is not None:
            raise TournamentError("the clock is paused already")
        if ev.action == "resume" and self.paused_at is None:
            raise TournamentError("the clock is not paused")
        if last is not None and ev.at < last:
            raise TournamentError(f"a clock event at {ev.at} is earlier than the last one ({last})")
        if ev.action == "start":
            return ClockState(ev.at, last=ev.at)
        if ev.action == "pause":
            return attrs.evolve(self, paused_at=ev.at, last=ev.at)
        return ClockState(self.started, None, self.paused_for + ev.at - (self.paused_at or ev.at), ev.at)


@attrs.frozen
class Schedule:
    """The level in force (``None`` without a setup), whether play is on a break, and ``finishing``:
    during a break, the tables whose hand in play when it began is not recorded yet."""

    level: int | None = None
    on_break: bool = False
    finishing: frozenset[str] = frozenset()

    def after_level(self, ev: LevelChange, *, levels: int, tables: Collection[str]) -> Schedule:
        """The schedule after ``ev``, for a structure of ``levels`` levels and the ``tables`` players
        sit at; refused if the level is past the structure, already in force, or if ``in_play``
        names a table nobody sits at, or (already on a break) one that had no hand left to finish."""
        if ev.level > levels:
            raise TournamentError(f"level {ev.level} is past the structure's last level ({levels})")
        if ev.level == self.level and ev.on_break == self.on_break:
            raise TournamentError(f"level {ev.level} is already in force" + (" (on a break)" if ev.on_break else ""))
        for table in ev.in_play:
            if table not in tables:
                raise TournamentError(f"in_play names table {table!r}, where nobody sits")
            if self.on_break and table not in self.finishing:
                raise TournamentError(f"in_play names table {table!r}, but no hand is dealt during a break "
                                      "and none was left to finish there")
        return Schedule(ev.level, ev.on_break, frozenset(ev.in_play))

    def after_hand(self, table: str) -> Schedule:
        """The schedule after a hand recorded at ``table``; during a break, refused unless the table
        had a hand in play when the break began (and has not recorded it yet)."""
        if not self.on_break:
            return self
        if table not in self.finishing:
            raise TournamentError(f"hand at table {table!r}: the tournament is on a break "
                                  "(no hand was in play there when it began)")
        return attrs.evolve(self, finishing=self.finishing - {table})
