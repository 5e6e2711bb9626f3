"""Action deadlines a :class:`~pokerengine.live.Table` keeps itself: :class:`Clock`, :class:`Deadline`.

A table given ``clock=Clock(turn=30, bank=60)`` gives each player ``turn`` seconds to act and,
beyond them, a time bank of ``bank`` seconds that lasts across hands (``refill`` seconds are added
back after each hand the player is dealt, up to ``bank``).  The table never reads the wall clock:
the server tells it the time, ``now``, in seconds on any clock that does not go backwards
(``asyncio``'s ``loop.time()``, ``time.monotonic()``).  A turn starts when the table first sees it
(:meth:`Table.next_hand`, :meth:`Table.act` or :meth:`Table.tick` with ``now``); it ends at
``started + turn + bank``; :meth:`Table.tick` at or after that acts for the player as
:meth:`Hand.time_out` does (check when free, else fold; stand pat; show a winner, muck a loser)
and says so in a :class:`TableEvent` of kind ``"timed_out"``.  The seconds past ``turn`` come out
of the player's bank, whether they acted in time or not.

>>> clock = Clock(turn=20, bank=30, refill=5)
>>> clock
Clock(turn=20, bank=30, refill=5)
>>> Clock(turn=0)
Traceback (most recent call last):
...
pokerengine.errors.PokerEngineError: a turn's seconds must be more than 0, got 0
>>> Clock(turn=float("nan"))  # float ok: a time, refused
Traceback (most recent call last):
...
pokerengine.errors.PokerEngineError: a turn's seconds must be a finite number of seconds, got nan

Time and memory: each call is constant time, the banks one number a seated player.
"""

from __future__ import annotations

import math

import attrs

from .._checks import shown
from ..errors import PokerEngineError

__all__ = ["ACTED", "ABSENT", "MAX_SECONDS", "TIMED_OUT", "Clock", "Deadline", "TableEvent", "seconds"]

MAX_SECONDS = 10**12
"""The largest time, turn or bank in seconds (about 31,700 years: any clock's reading fits, and sums
of them stay exact enough in a float)."""

ACTED, ABSENT, TIMED_OUT = "acted", "absent", "timed_out"
"""The kinds of :class:`TableEvent`: a player's own action (:meth:`Table.act`); the table acting for
an absent player (away, sat out or left during the hand: fold, stand pat in a draw, muck at the
showdown); the table acting for a player whose time ran out (:meth:`Hand.time_out`)."""


def seconds(value: object, what: str, *, positive: bool = False) -> float:
    """A time in seconds: an int or a float from 0 to :data:`MAX_SECONDS` (not a bool, not NaN)."""
    if type(value) not in (int, float):
        raise PokerEngineError(f"{what} must be a number of seconds (int or float), got {shown(value)}")
    if type(value) is int and not -MAX_SECONDS <= value <= MAX_SECONDS:
        raise PokerEngineError(f"{what} must be from 0 to {MAX_SECONDS:,} seconds, got {shown(value)}")
    x = float(value)  # type: ignore[arg-type]  # float ok: seconds of a clock, never chips
    if not math.isfinite(x):
        raise PokerEngineError(f"{what} must be a finite number of seconds, got {shown(value)}")
    if x < 0 or (positive and x == 0):
        raise PokerEngineError(f"{what} must be {'more than' if positive else 'at least'} 0, got {shown(value)}")
    if x > MAX_SECONDS:
        raise PokerEngineError(f"{what} must be at most {MAX_SECONDS:,} seconds, got {shown(value)}")
    return x


def _turn(value: object) -> float | int:
    seconds(value, "a turn's seconds", positive=True)
    return value  # type: ignore[return-value]


def _bank(value: object) -> float | int:
    seconds(value, "a time bank")
    return value  # type: ignore[return-value]


def _refill(value: object) -> float | int:
    seconds(value, "a time bank's refill")
    return value  # type: ignore[return-value]


@attrs.frozen
class Clock:
    """A table's action clock: ``turn`` seconds a turn (more than 0), ``bank`` seconds of time bank
    each player starts with, ``refill`` seconds added back to it after each hand they are dealt (at
    most up to ``bank``).  Seconds are ints or floats, finite, not negative."""

    turn: float | int = attrs.field(converter=_turn)
    bank: float | int = attrs.field(default=0, converter=_bank)
    refill: float | int = attrs.field(default=0, converter=_refill)


@attrs.frozen
class Deadline:
    """The turn in play on a table's clock (:attr:`Table.deadline`): ``player`` in ``seat`` to act,
    since ``started``; their turn's own seconds end at ``turn_ends``, and with all of their time
    bank (``bank`` seconds left when the turn started) at ``ends``: a :meth:`Table.tick` at or after
    ``ends`` times them out.  Times are the ``now`` the server gives."""

    player: str
    seat: int
    started: float
    turn_ends: float
    ends: float
    bank: float


@attrs.frozen
class TableEvent:
    """Something that happened in the hand in play (:attr:`Table.events`): ``kind`` is
    :data:`ACTED`, :data:`ABSENT` or :data:`TIMED_OUT`; ``player`` in ``seat``; ``lines``, the PHH
    lines it made (deals that followed included); ``at``, the ``now`` given (``None`` without).  A
    server shows a ``"timed_out"`` or ``"absent"`` event to the players: the table acted for that
    player."""

    hand: int
    kind: str
    player: str
    seat: int
    lines: tuple[str, ...]
    at: float | None = None

    def to_json(self) -> dict[str, object]:
        """The event as a JSON-ready dict."""
        return {"hand": self.hand, "kind": self.kind, "player": self.player, "seat": self.seat,
                "lines": list(self.lines), "at": self.at}


class Timer:
    """A table's clock state (mutable, the table's own): the banks left, the turn in play, the last
    time given.  Only :class:`~pokerengine.live.Table` uses it."""

    __slots__ = ("clock", "banks", "turn", "started", "last")

    def __init__(self, clock: Clock | None) -> None:
        self.clock = clock
        self.banks: dict[str, float] = {}
        self.turn: tuple[int, int, int] | None = None  # (hand number, lines so far, seat): the turn timed
        self.started = 0.0
        self.last: float | None = None

    def now(self, value: object) -> float:
        """Check a time given (refusing one earlier than the last); nothing is recorded."""
        x = seconds(value, "now")
        if self.last is not None and x < self.last:
            raise PokerEngineError(f"now ({shown(value)}) is earlier than the last time given ({self.last:g}): "
                                   "the clock must not go backwards")
        return x

    def join(self, player: str) -> None:
        self.banks[player] = float(self.clock.bank) if self.clock is not None else 0.0  # float ok: seconds

    def leave(self, player: str) -> None:
        self.banks.pop(player, None)

    def refill(self, players: list[str]) -> None:
        if self.clock is not None and self.clock.refill:
            for p in players:
                self.banks[p] = min(float(self.clock.bank), self.banks.get(p, 0.0) + self.clock.refill)  # float ok: seconds

    def start(self, key: tuple[int, int, int], now: float) -> None:
        """The turn ``key`` is timed from ``now`` (if it is not timed already)."""
        if self.turn != key:
            self.turn, self.started = key, now

    def deadline(self, key: tuple[int, int, int], player: str) -> Deadline | None:
        if self.clock is None or self.turn != key:
            return None
        bank = self.banks.get(player, 0.0)
        turn_ends = self.started + self.clock.turn
        return Deadline(player, key[2], self.started, turn_ends, turn_ends + bank, bank)

    def spend(self, key: tuple[int, int, int], player: str, now: float, *, timed_out: bool = False) -> None:
        """The turn ``key`` ended at ``now``: the seconds past the turn's come out of the bank (all of
        it on a time-out, whatever the rounding of the seconds)."""
        if self.clock is not None and self.turn == key:
            over = now - self.started - self.clock.turn
            if timed_out:
                self.banks[player] = 0.0
            elif over > 0:
                self.banks[player] = max(0.0, self.banks.get(player, 0.0) - over)

    def snapshot(self) -> tuple[object, ...]:
        return (self.clock, tuple(sorted(self.banks.items())), self.turn, self.started, self.last)
