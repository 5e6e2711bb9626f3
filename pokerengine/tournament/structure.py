"""A tournament's blind structure: levels of blinds and antes, with breaks, and the clock.

A :class:`Structure` is the schedule a tournament director publishes: periods in play order,
each a :class:`Level` (small blind, big blind, an ante for everyone *or* a big blind ante, and a
duration) or a :class:`Break`.  The level in force when a hand starts applies to the whole hand
(the shared notes, ``betting.md``, "Tournament table handling"); the server runs the clock and asks
:meth:`Structure.level_at` which level is in force.

>>> s = Structure((Level(25, 50, minutes=20), Level(50, 100, big_blind_ante=100, minutes=20),
...                Break(10), Level(100, 200, big_blind_ante=200, minutes=20)))
>>> [(n, level.big_blind) for n, level in enumerate(s.levels, 1)]
[(1, 50), (2, 100), (3, 200)]
>>> s.level_at(0), s.level_at(20 * 60), s.level_at(40 * 60), s.level_at(50 * 60), s.level_at(10**9)
((1, False), (2, False), (3, True), (3, False), (3, False))
>>> s.level(99) == s.level(3)       # past the last level, the last level stays
True
>>> Structure.from_json(s.to_json()) == s
True
>>> s.to_json()["levels"][1:3]
[{'small_blind': 50, 'big_blind': 100, 'big_blind_ante': 100, 'minutes': 20}, {'break': 10}]

The JSON form (what :meth:`Structure.to_json` writes and :meth:`Structure.from_json` and
:meth:`Structure.load` read)::

    {"name": "optional text",
     "levels": [{"small_blind": 25, "big_blind": 50, "minutes": 20},
                {"small_blind": 50, "big_blind": 100, "ante": 10, "minutes": 20},
                {"break": 10},
                {"small_blind": 100, "big_blind": 200, "big_blind_ante": 200, "minutes": 20}]}

``ante`` and ``big_blind_ante`` may be left out (0).  Every number is a JSON integer: ``true``,
``20.0`` or ``"20"`` are refused, with an error naming the period (``level 3``, ``break after
level 2``).

Rules checked (a :class:`~pokerengine.errors.TournamentError` otherwise):

* a level: ``0 <= small_blind <= big_blind``, ``big_blind > 0``, ``ante >= 0``,
  ``big_blind_ante >= 0``, and not both an ante and a big blind ante: the big blind ante *replaces*
  the antes every player posts (TDA 2024 RP-11 recommends the big blind ante as the single-payer
  ante format), so a level with both would charge the table twice;
* ``minutes`` of a level or a break: 1 to :data:`MAX_MINUTES`;
* a structure: 1 to :data:`MAX_PERIODS` periods with at least one level; a break sits between two
  levels (never first, never last, never two in a row): play starts with a level, and after the
  last level that level goes on until the tournament ends, so a break there would never end.

Limits: :data:`MAX_PERIODS` periods, :data:`MAX_MINUTES` minutes per period, amounts at most
``2**63 - 1`` chips, a file at most :data:`MAX_FILE_BYTES` bytes.  Building, reading and writing
take time linear in the number of periods; :meth:`Structure.level` and :meth:`Structure.level_at`
take constant and logarithmic time.
"""

from __future__ import annotations

import bisect
import itertools
import os
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from .. import _json
from .._checks import chips, shown
from ..errors import TournamentError

MAX_PERIODS = 1000
"""Most periods (levels and breaks) in one structure."""

MAX_MINUTES = 24 * 60
"""Longest level or break, in minutes (a day)."""

MAX_FILE_BYTES = 1024 * 1024
"""Largest structure file :meth:`Structure.load` reads (1 MiB)."""

MAX_NAME = 1000
"""Longest structure name, in characters."""


def _minutes(value: object, what: str) -> int:
    if type(value) is not int:
        raise TournamentError(f"{what}: minutes must be an integer, got {shown(value)} ({type(value).__name__})")
    if not 1 <= value <= MAX_MINUTES:
        raise TournamentError(f"{what}: minutes must be from 1 to {MAX_MINUTES}, got {value}")
    return value


@attrs.frozen(slots=True)
class Level:
    """One level of play: the blinds, an ante for every player (``ante``) or a big blind ante
    (``big_blind_ante``, posted by the big blind for the table), and its length in ``minutes``.

    >>> Level(100, 200, big_blind_ante=200, minutes=30)
    Level(small_blind=100, big_blind=200, ante=0, big_blind_ante=200, minutes=30)
    >>> Level(100, 200, ante=25, big_blind_ante=200, minutes=30)
    Traceback (most recent call last):
    ...
    pokerengine.errors.TournamentError: level: either an ante or a big blind ante, not both (ante 25, big blind ante 200)
    >>> Level(100, 200.0, minutes=30)
    Traceback (most recent call last):
    ...
    pokerengine.errors.TournamentError: level: big_blind must be an integer number of chips, got 200.0 (float)
    """

    small_blind: int
    big_blind: int
    ante: int = attrs.field(default=0, kw_only=True)
    big_blind_ante: int = attrs.field(default=0, kw_only=True)
    minutes: int = attrs.field(kw_only=True)

    def __attrs_post_init__(self) -> None:
        self._check("level")

    def _check(self, what: str) -> None:
        for field in ("small_blind", "big_blind", "ante", "big_blind_ante"):
            chips(getattr(self, field), f"{what}: {field}", error=TournamentError, positive=field == "big_blind")
        if self.small_blind > self.big_blind:
            raise TournamentError(f"{what}: the small blind ({self.small_blind}) is larger than the big blind "
                                  f"({self.big_blind})")
        if self.ante and self.big_blind_ante:
            raise TournamentError(f"{what}: either an ante or a big blind ante, not both "
                                  f"(ante {self.ante}, big blind ante {self.big_blind_ante})")
        _minutes(self.minutes, what)

    def to_json(self) -> dict[str, int]:
        """The JSON object of this level (``ante`` and ``big_blind_ante`` only when not 0)."""
        out = {"small_blind": self.small_blind, "big_blind": self.big_blind}
        if self.ante:
            out["ante"] = self.ante
        if self.big_blind_ante:
            out["big_blind_ante"] = self.big_blind_ante
        out["minutes"] = self.minutes
        return out


@attrs.frozen(slots=True)
class Break:
    """A break of ``minutes`` between two levels: no hand starts during it.

    >>> Break(15)
    Break(minutes=15)
    """

    minutes: int

    def __attrs_post_init__(self) -> None:
        _minutes(self.minutes, "break")


_LEVEL_KEYS = frozenset(("small_blind", "big_blind", "ante", "big_blind_ante", "minutes"))


def _period(item: object, what: str) -> Level | Break:
    if not isinstance(item, Mapping):
        raise TournamentError(f"{what} must be a JSON object, got {shown(item)}")
    if "break" in item:
        if len(item) != 1:
            raise TournamentError(f"{what}: a break has only the key 'break' (its minutes)")
        return Break(_minutes(item["break"], what))
    unknown = [k for k in item if k not in _LEVEL_KEYS]
    if unknown:
        raise TournamentError(f"{what}: unknown key {shown(unknown[0])}; known: {', '.join(sorted(_LEVEL_KEYS))}, "
                              "or 'break' alone")
    for key in ("small_blind", "big_blind", "minutes"):
        if key not in item:
            raise TournamentError(f"{what}: '{key}' is missing")
    level = Level.__new__(Level)  # checked below with ``what`` in the messages
    for key in _LEVEL_KEYS:
        object.__setattr__(level, key, item.get(key, 0))
    level._check(what)
    return level


def _ends(periods: tuple[Level | Break, ...]) -> tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...]]:
    """For each period: when it ends (seconds from the start), the level number in force, whether a break."""
    ends, numbers, breaks = [], [], []
    t = number = 0
    for p in periods:
        t += p.minutes * 60
        if isinstance(p, Level):
            number += 1
            numbers.append(number)
            breaks.append(False)
        else:
            numbers.append(number + 1)  # a break shows the level that follows it
            breaks.append(True)
        ends.append(t)
    return tuple(ends), tuple(numbers), tuple(breaks)


def _as_periods(value: Iterable[Level | Break]) -> tuple[Level | Break, ...]:
    if isinstance(value, tuple):
        return value
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise TournamentError(f"structure: periods must be a sequence of levels and breaks, got {shown(value)}")
    return tuple(itertools.islice(value, MAX_PERIODS + 1))


@attrs.frozen(slots=True)
class Structure:
    """A blind structure: ``periods`` (levels and breaks) in play order; ``name``, free text.

    Levels are numbered 1, 2, ... in play order, breaks not counted.  See the module's docstring
    for the rules checked and the JSON form.

    >>> Structure((Break(10), Level(25, 50, minutes=20)))
    Traceback (most recent call last):
    ...
    pokerengine.errors.TournamentError: structure: a break must come between two levels (period 1 is a break)
    """

    periods: tuple[Level | Break, ...] = attrs.field(converter=_as_periods)
    name: str = attrs.field(default="", kw_only=True)
    _levels: tuple[Level, ...] = attrs.field(init=False, repr=False, eq=False)
    _clock: tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...]] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        periods = self.periods
        if type(self.name) is not str or len(self.name) > MAX_NAME:
            raise TournamentError(f"structure: name must be a string of at most {MAX_NAME} characters, "
                                  f"got {shown(self.name)}")
        if not 0 < len(periods) <= MAX_PERIODS:
            raise TournamentError(f"structure: from 1 to {MAX_PERIODS} periods, got "
                                  f"{'more' if len(periods) > MAX_PERIODS else 'none'}")
        for i, p in enumerate(periods, 1):
            if type(p) is not Level and type(p) is not Break:
                raise TournamentError(f"structure: period {i} must be a Level or a Break, got {shown(p)}")
            if isinstance(p, Break) and (i == 1 or i == len(periods) or isinstance(periods[i - 2], Break)):
                raise TournamentError(f"structure: a break must come between two levels (period {i} is a break)")
        object.__setattr__(self, "_levels", tuple(p for p in periods if isinstance(p, Level)))
        object.__setattr__(self, "_clock", _ends(periods))

    @property
    def levels(self) -> tuple[Level, ...]:
        """The levels only, in play order: level number ``n`` is ``levels[n - 1]``."""
        return self._levels

    def level(self, number: int) -> Level:
        """Level ``number`` (1-based).  Past the last level the last level stays in force (play goes on
        at its stakes until the tournament ends).

        >>> s = Structure((Level(25, 50, minutes=20), Level(50, 100, minutes=20)))
        >>> s.level(1).big_blind, s.level(2).big_blind, s.level(3).big_blind
        (50, 100, 100)
        >>> s.level(0)
        Traceback (most recent call last):
        ...
        pokerengine.errors.TournamentError: level number must be a positive integer, got 0
        """
        if type(number) is not int or number < 1:
            raise TournamentError(f"level number must be a positive integer, got {shown(number)}")
        return self._levels[min(number, len(self._levels)) - 1]

    def level_at(self, elapsed_seconds: int) -> tuple[int, bool]:
        """``(level number, on a break)`` for a clock that has run ``elapsed_seconds`` since play began.

        A level starts at its first second: at exactly 20 minutes into a structure of 20-minute
        levels, level 2 is in force.  During a break the number is the level that follows the break
        (the one the next hand will be played at) and the flag is ``True``; no hand starts then.
        After the end of the last period, the last level stays in force.

        >>> s = Structure((Level(25, 50, minutes=20), Break(5), Level(50, 100, minutes=20)))
        >>> s.level_at(1199), s.level_at(1200), s.level_at(1500), s.level_at(86400)
        ((1, False), (2, True), (2, False), (2, False))
        """
        if type(elapsed_seconds) is not int or elapsed_seconds < 0:
            raise TournamentError(f"elapsed_seconds must be a non-negative integer, got {shown(elapsed_seconds)}")
        ends, numbers, breaks = self._clock
        i = bisect.bisect_right(ends, elapsed_seconds)
        if i == len(ends):
            return len(self._levels), False
        return numbers[i], breaks[i]

    def time_left(self, elapsed_seconds: int) -> int | None:
        """Seconds until the level (or break) in force at ``elapsed_seconds`` ends; ``None`` in the
        last period, whose level stays in force.

        >>> s = Structure((Level(25, 50, minutes=20), Break(5), Level(50, 100, minutes=20)))
        >>> s.time_left(0), s.time_left(1199), s.time_left(1200), s.time_left(1500)
        (1200, 1, 300, None)
        """
        self.level_at(elapsed_seconds)  # checks the number
        ends = self._clock[0]
        i = bisect.bisect_right(ends, elapsed_seconds)
        if i >= len(ends) - 1:
            return None
        return ends[i] - elapsed_seconds

    def start_of(self, number: int) -> int:
        """The second of the clock at which level ``number`` starts (past the last level: the last's).

        >>> Structure((Level(25, 50, minutes=20), Break(5), Level(50, 100, minutes=20))).start_of(2)
        1500
        """
        self.level(number)  # checks the number
        number = min(number, len(self._levels))
        ends = self._clock[0]
        seen = 0
        for i, p in enumerate(self.periods):
            if isinstance(p, Level):
                seen += 1
                if seen == number:
                    return ends[i] - p.minutes * 60
        raise AssertionError("unreachable: every structure has its levels")  # pragma: no cover

    def to_json(self) -> dict[str, Any]:
        """The JSON object of this structure (``name`` only when not empty)."""
        out: dict[str, Any] = {"name": self.name} if self.name else {}
        out["levels"] = [p.to_json() if isinstance(p, Level) else {"break": p.minutes} for p in self.periods]
        return out

    @classmethod
    def from_json(cls, obj: object) -> Structure:
        """A structure from its parsed JSON object (or from JSON text or bytes, read with the bounded
        reader :func:`pokerengine._json.loads`).  Errors name the period at fault.

        >>> Structure.from_json('{"levels": [{"small_blind": 5, "big_blind": 10, "minutes": 15}, {"break": 5},'
        ...                     ' {"small_blind": 10, "big_blind": 20, "ante": true, "minutes": 15}]}')
        Traceback (most recent call last):
        ...
        pokerengine.errors.TournamentError: level 2: ante must be an integer number of chips, got True (bool)
        """
        if isinstance(obj, (str, bytes, bytearray)):
            text = bytes(obj) if isinstance(obj, bytearray) else obj
            obj = _json.loads(text, what="structure", error=TournamentError, max_bytes=MAX_FILE_BYTES)
        if not isinstance(obj, Mapping):
            raise TournamentError(f"structure must be a JSON object with 'levels', got {shown(obj)}")
        unknown = [k for k in obj if k not in ("levels", "name")]
        if unknown:
            raise TournamentError(f"structure: unknown key {shown(unknown[0])}; known: levels, name")
        if "levels" not in obj:
            raise TournamentError("structure: 'levels' is missing")
        items = obj["levels"]
        if type(items) is not list:
            raise TournamentError(f"structure: 'levels' must be a list, got {shown(items)}")
        if not 0 < len(items) <= MAX_PERIODS:
            raise TournamentError(f"structure: from 1 to {MAX_PERIODS} periods, got {len(items):,}")
        periods: list[Level | Break] = []
        number = 0
        for item in items:
            is_break = isinstance(item, Mapping) and "break" in item
            what = f"break after level {number}" if is_break else f"level {number + 1}"
            periods.append(_period(item, what))
            number += not is_break
        return cls(tuple(periods), name=obj.get("name", ""))

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Structure:
        """Read a structure from a JSON file of at most :data:`MAX_FILE_BYTES` bytes.

        >>> Structure.load("/nonexistent.json")
        Traceback (most recent call last):
        ...
        pokerengine.errors.TournamentError: cannot read structure file '/nonexistent.json': No such file or directory
        """
        if not isinstance(path, (str, os.PathLike)):  # an int would be read as an open file descriptor
            raise TournamentError(f"structure file must be a path, got {shown(path)}")
        where = f"structure file {shown(os.fspath(path))}"
        data = _json.read_file(path, max_bytes=MAX_FILE_BYTES, what=where, error=TournamentError)
        return cls.from_json(_json.loads(data, what="structure", error=TournamentError, max_bytes=MAX_FILE_BYTES))

