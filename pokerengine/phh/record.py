"""One hand history as read from a PHH file: every field of the spec, typed, as a frozen value.

The Poker Hand History format (PHH, ``uoftcprg/phh-std``) is TOML.  A
:class:`HandHistory` keeps what the file says, *as the file says it*: amounts
stay ``int`` or ``float`` (a Pluribus record writes a tied half of 1,349 as
``674.5``), arrays become tuples, unknown fields (``_site_id`` and the like)
go to :attr:`HandHistory.user_fields`.  Turning amounts into chips is the
interpreter's job (:mod:`pokerengine.phh.amounts`), not the record's.

>>> h = HandHistory(variant="NT", antes=(0, 0), blinds_or_straddles=(1, 2), min_bet=2,
...                 starting_stacks=(200, 200), actions=("d dh p1 AsKd", "d dh p2 QhQc"))
>>> h.player_count, h.ante_trimming_status
(2, False)
>>> HandHistory(variant="NT", antes=(0,), starting_stacks=(1, 2), actions=())
Traceback (most recent call last):
...
pokerengine.errors.HistoryParseError: antes has 1 entries for 2 players

Every number is checked where it is read (:func:`check_values`): amounts of money are
non-negative and at most :data:`~pokerengine._checks.MAX_CHIPS` (floats finite too, but a stack
may be ``inf``: unknown); times are non-negative; other integers fit in 64 bits.  A hand has at
most :data:`MAX_PLAYERS` players and :data:`MAX_ACTIONS` actions of at most :data:`MAX_ACTION_CHARS`
characters each.

>>> HandHistory(variant="NT", antes=(0, 0), blinds_or_straddles=(1, 2), min_bet=-5,
...             starting_stacks=(10, 10))
Traceback (most recent call last):
...
pokerengine.errors.HistoryParseError: min_bet must be non-negative, got -5
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Union

import attrs

from .._checks import MAX_CHIPS, chips, shown
from ..errors import HistoryParseError
from ..runs import MAX_RUNS
from .variants import VARIANTS

Number = Union[int, float]

#: The most players a hand may have: more than any deck deals to (hold'em reaches 23).  Bounds the
#: work per action and the interpreter's per-table-size tables.
MAX_PLAYERS = 32
#: The most actions a hand may have (the longest real hands have a few dozen).  With
#: :data:`MAX_PLAYERS`, bounds the time one hand takes to replay.
MAX_ACTIONS = 10_000
#: The longest action text (commentary included; real ones have a few dozen characters): error
#: messages that quote an action stay short, and a hand's actions take at most some megabytes.
MAX_ACTION_CHARS = 500
#: The user field that says how many times the board was run (``docs/runs.md``): 1, 2 or 3
#: (:data:`pokerengine.runs.MAX_RUNS`).
RUN_COUNT = "_run_count"

#: Every variant code and the fields it requires: PHH's eleven as ``required.rst`` lists them,
#: pokerengine's own as PHH requires of the same betting and kind of game (``Variant.required``).
REQUIRED_FIELDS: dict[str, tuple[str, ...]] = {code: v.required for code, v in VARIANTS.items()}

# Field kinds: "str", "int", "num" (int or float), "bool", "intstr" (int or str),
# "time" (TOML local time or date-time), "nums", "ints", "strs" (arrays).
FIELD_KINDS: dict[str, str] = {
    "variant": "str",
    "antes": "nums",
    "blinds_or_straddles": "nums",
    "bring_in": "num",
    "small_bet": "num",
    "big_bet": "num",
    "min_bet": "num",
    "starting_stacks": "nums",
    "actions": "strs",
    "author": "str",
    "event": "str",
    "url": "str",
    "venue": "str",
    "address": "str",
    "city": "str",
    "region": "str",
    "postal_code": "str",
    "country": "str",
    "time": "time",
    "time_zone": "str",
    "time_zone_abbreviation": "str",
    "day": "int",
    "month": "int",
    "year": "int",
    "hand": "intstr",
    "level": "int",
    "seats": "ints",
    "seat_count": "int",
    "table": "intstr",
    "players": "strs",
    "finishing_stacks": "nums",
    "winnings": "nums",
    "currency": "str",
    "currency_symbol": "str",
    "ante_trimming_status": "bool",
    "time_limit": "num",
    "time_banks": "nums",
}

#: Per-player arrays: each must have one entry per player.
PER_PLAYER = ("antes", "blinds_or_straddles", "finishing_stacks", "winnings", "players", "seats", "time_banks")

_ARRAY_TYPES = {"nums": frozenset((int, float)), "ints": frozenset((int,)), "strs": frozenset((str,))}
_KIND_TEXT = {
    "str": "a string",
    "int": "an integer",
    "num": "a number",
    "bool": "true or false",
    "intstr": "an integer or a string",
    "time": "a TOML local time",
    "nums": "an array of numbers",
    "ints": "an array of integers",
    "strs": "an array of strings",
}


def _is(kind: str, value: object) -> bool:
    t = type(value)
    if kind == "num":
        return t is int or t is float
    if kind == "str":
        return t is str
    if kind == "int":
        return t is int
    if kind == "bool":
        return t is bool
    if kind == "intstr":
        return t is int or t is str
    if kind == "time":
        return t is datetime.time or t is datetime.datetime or t is datetime.date
    return False


def check_field(name: str, value: object) -> object:
    """``value`` for field ``name``, arrays made tuples; :class:`HistoryParseError` if ill-typed.

    >>> check_field("antes", [0, 1.5])
    (0, 1.5)
    >>> check_field("min_bet", "2")
    Traceback (most recent call last):
    ...
    pokerengine.errors.HistoryParseError: min_bet must be a number, got '2'
    """
    kind = FIELD_KINDS[name]
    types = _ARRAY_TYPES.get(kind)
    if types is None:
        if not _is(kind, value):
            raise HistoryParseError(f"{name} must be {_KIND_TEXT[kind]}, got {shown(value)}")
        return value
    if type(value) is not list and type(value) is not tuple:
        raise HistoryParseError(f"{name} must be {_KIND_TEXT[kind]}, got {shown(value)}")
    if not types.issuperset(map(type, value)):
        bad = next(v for v in value if type(v) not in types)
        raise HistoryParseError(f"{name} must be {_KIND_TEXT[kind]}, got item {shown(bad)}")
    return value if type(value) is tuple else tuple(value)


#: Fields of money (chips, or currency with decimals), and which of them may be ``inf`` (unknown).
_MONEY = frozenset(("antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet", "starting_stacks",
                    "finishing_stacks", "winnings"))
_UNKNOWN = frozenset(("starting_stacks", "finishing_stacks"))
#: Fields of seconds (``inf``: no limit).
_SECONDS = frozenset(("time_limit", "time_banks"))
_INT64 = 2**63
#: The fields whose values :func:`check_values` checks beyond 64 bits (what TOML already guarantees).
RANGE_CHECKED = _MONEY | _SECONDS | {"actions"}


def check_values(name: str, value: object) -> None:
    """Raise :class:`HistoryParseError` naming the field (and the player) if a value of field ``name``
    (already of the right type) is out of range: money must be non-negative and at most
    :data:`~pokerengine._checks.MAX_CHIPS` (a float finite, or ``inf`` for an unknown stack), seconds
    non-negative (``inf`` allowed), every other integer within 64 bits, and no action longer than
    :data:`MAX_ACTION_CHARS`.

    >>> check_values("starting_stacks", (100, 2.5, float("inf")))  # float ok: PHH allows decimal and inf stacks
    >>> check_values("antes", (0, float("nan")))  # float ok: a hostile value, refused
    Traceback (most recent call last):
    ...
    pokerengine.errors.HistoryParseError: antes of p2 must be a number, got nan
    """
    items = value if type(value) is tuple or type(value) is list else (value,)
    if name == "actions":
        if items and max(map(len, items)) > MAX_ACTION_CHARS:
            k = next(k for k, a in enumerate(items) if len(a) > MAX_ACTION_CHARS)
            raise HistoryParseError(f"actions[{k}] has {len(items[k]):,} characters; at most {MAX_ACTION_CHARS}")
    elif name in _MONEY:
        if items and min(items) >= 0 and max(items) <= MAX_CHIPS and (total := sum(items)) == total:
            return  # the usual case, all in range (a NaN would make the sum NaN)
        for k, v in enumerate(items):
            what = name if items is not value else f"{name} of p{k + 1}"
            if type(v) is int:
                chips(v, what, error=HistoryParseError)
            elif type(v) is float:
                if v != v:
                    raise HistoryParseError(f"{what} must be a number, got nan")
                if v < 0:
                    raise HistoryParseError(f"{what} must be non-negative, got {v!r}")
                if v > MAX_CHIPS and not (v == math.inf and name in _UNKNOWN):
                    raise HistoryParseError(f"{what} must be at most 2**63 - 1, got {v!r}")
    elif name in _SECONDS:
        for k, v in enumerate(items):
            if not v >= 0:  # nan too
                what = name if items is not value else f"{name} of p{k + 1}"
                raise HistoryParseError(f"{what} must be a non-negative number of seconds, got {v!r}")
    else:
        for v in items:
            if type(v) is int and not -_INT64 <= v < _INT64:
                raise HistoryParseError(f"{name} must fit in 64 bits, got an integer of {v.bit_length()} bits")


_NONE = type(None)
_SCALAR_TYPES = {
    "str": frozenset((str,)),
    "int": frozenset((int,)),
    "num": frozenset((int, float)),
    "bool": frozenset((bool,)),
    "intstr": frozenset((int, str)),
    "time": frozenset((datetime.time, datetime.datetime, datetime.date)),
}
#: Per field: (allowed types of the value, or of its items for an array; is it an array?).
_CHECKS: dict[str, tuple[frozenset[type], bool]] = {
    name: (_ARRAY_TYPES[kind], True) if kind in _ARRAY_TYPES else (_SCALAR_TYPES[kind], False)
    for name, kind in FIELD_KINDS.items()
}


def checked_fields(fields: Mapping[str, Any]) -> dict[str, Any]:
    """Spec fields (name -> value, ``None`` = unset) type-checked, arrays made tuples.

    >>> checked_fields({"antes": [0, 5], "hand": 3, "url": None})
    {'antes': (0, 5), 'hand': 3}
    """
    out = {}
    for name, value in fields.items():
        if value is None:
            continue
        types, array = _CHECKS[name]
        if array:
            if type(value) is list:
                value = tuple(value)
            if type(value) is not tuple or not types.issuperset(map(type, value)):
                value = check_field(name, value)  # raises, naming the bad item
        elif type(value) not in types:
            check_field(name, value)  # raises
        check_values(name, value)
        out[name] = value
    return out


def _check_shape(hand: "HandHistory") -> None:
    fields = hand.__dict__  # every field is there (a dict class)
    n = len(fields["starting_stacks"])
    if n < 2:
        raise HistoryParseError(f"starting_stacks must list at least 2 players, got {n}")
    if n > MAX_PLAYERS:
        raise HistoryParseError(f"starting_stacks lists {n} players; at most {MAX_PLAYERS} are replayed")
    if len(fields["actions"]) > MAX_ACTIONS:
        raise HistoryParseError(f"actions has {len(fields['actions'])} entries; at most {MAX_ACTIONS} are replayed")
    for name in PER_PLAYER:
        value = fields[name]
        if value is not None and len(value) != n:
            raise HistoryParseError(f"{name} has {len(value)} entries for {n} players")
    required = REQUIRED_FIELDS.get(fields["variant"])
    if required is not None:
        for name in required:
            if fields[name] is None:
                raise HistoryParseError(f"variant {hand.variant} needs the field {name}")


def _frozen(value: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return MappingProxyType(dict(value or {}))


@attrs.frozen(kw_only=True, slots=False)  # a dict class: attrs fills it faster than 40 slots
class HandHistory:
    """One hand as a PHH file describes it (fields named as in the spec).

    Per-player arrays are in position order (p1 first).  ``source`` and
    ``key`` say where the hand came from (file path, and the table name in a
    ``.phhs`` file); they take no part in equality.
    """

    variant: str
    starting_stacks: tuple[Number, ...]
    actions: tuple[str, ...] = ()
    antes: tuple[Number, ...] | None = None
    blinds_or_straddles: tuple[Number, ...] | None = None
    bring_in: Number | None = None
    small_bet: Number | None = None
    big_bet: Number | None = None
    min_bet: Number | None = None
    ante_trimming_status: bool = False
    author: str | None = None
    event: str | None = None
    url: str | None = None
    venue: str | None = None
    address: str | None = None
    city: str | None = None
    region: str | None = None
    postal_code: str | None = None
    country: str | None = None
    time: datetime.time | datetime.datetime | datetime.date | None = None
    time_zone: str | None = None
    time_zone_abbreviation: str | None = None
    day: int | None = None
    month: int | None = None
    year: int | None = None
    hand: int | str | None = None
    level: int | None = None
    seats: tuple[int, ...] | None = None
    seat_count: int | None = None
    table: int | str | None = None
    players: tuple[str, ...] | None = None
    finishing_stacks: tuple[Number, ...] | None = None
    winnings: tuple[Number, ...] | None = None
    currency: str | None = None
    currency_symbol: str | None = None
    time_limit: Number | None = None
    time_banks: tuple[Number, ...] | None = None
    #: Fields the spec does not define (``_``-prefixed by convention), as read.
    user_fields: Mapping[str, Any] = attrs.field(factory=dict, converter=_frozen)
    source: str | None = attrs.field(default=None, eq=False)
    key: str | None = attrs.field(default=None, eq=False)

    def __attrs_post_init__(self) -> None:
        given = {name: getattr(self, name) for name in FIELD_KINDS}
        for name, value in checked_fields(given).items():
            if value is not given[name]:
                object.__setattr__(self, name, value)
        _check_shape(self)

    @classmethod
    def from_checked(cls, fields: Mapping[str, Any], user_fields: Mapping[str, Any] | None = None,
                     source: str | None = None, key: str | None = None) -> "HandHistory":
        """A hand from spec fields already through :func:`checked_fields` (the reader's fast way in).

        The same checks as the constructor, without checking each field twice.
        """
        hand = cls.__new__(cls)
        values = hand.__dict__
        values.update(_DEFAULTS)
        values.update(fields)
        if user_fields:
            values["user_fields"] = MappingProxyType(dict(user_fields))
        values["source"] = source
        values["key"] = key
        _check_shape(hand)
        return hand

    @property
    def player_count(self) -> int:
        """The number of players (the length of ``starting_stacks``)."""
        return len(self.starting_stacks)

    @property
    def label(self) -> str:
        """A short name for messages: ``file``, ``file [3]`` or ``hand 12``.

        >>> HandHistory(variant="NT", starting_stacks=(1, 1), antes=(0, 0), blinds_or_straddles=(0, 0),
        ...             min_bet=1, source="a.phhs", key="3").label
        'a.phhs [3]'
        """
        if self.source is None:
            return f"hand {_part(self.hand)}" if self.hand is not None else "hand"
        return _part(self.source) if self.key is None else f"{_part(self.source)} [{_part(self.key)}]"

    @property
    def run_count(self) -> int:
        """How many times the board was run (the user field ``_run_count``; 1 when absent).

        The PHH spec (0.0.1) has no notation for a hand run more than once; ``docs/runs.md``
        defines this field and how the runs' board cards follow one another in ``actions``.

        >>> HandHistory(variant="NT", antes=(0, 0), blinds_or_straddles=(1, 2), min_bet=2,
        ...             starting_stacks=(9, 9), user_fields={"_run_count": 2}).run_count
        2
        >>> HandHistory(variant="NT", antes=(0, 0), blinds_or_straddles=(1, 2), min_bet=2,
        ...             starting_stacks=(9, 9), user_fields={"_run_count": 4}).run_count
        Traceback (most recent call last):
        ...
        pokerengine.errors.HistoryParseError: hand: _run_count must be 1, 2 or 3, got 4
        """
        value = self.user_fields.get(RUN_COUNT, 1)
        if type(value) is not int or not 1 <= value <= MAX_RUNS:
            raise HistoryParseError(f"{self.label}: {RUN_COUNT} must be 1, 2 or 3, got {shown(value)}")
        return value

    def fields(self) -> dict[str, Any]:
        """The fields the file sets, in spec order, then the user fields (what :func:`dumps` writes)."""
        out: dict[str, Any] = {}
        for name in FIELD_KINDS:
            value = getattr(self, name)
            if value is not None and not (name == "ante_trimming_status" and value is False):
                out[name] = value
        out.update(self.user_fields)
        return out


def finite(value: Number) -> bool:
    """True unless ``value`` is an infinite or NaN float (an unknown stack is ``inf``)."""
    return type(value) is int or math.isfinite(value)


#: Every field's default, for :meth:`HandHistory.from_checked`.
_DEFAULTS = {a.name: a.default for a in attrs.fields(HandHistory) if a.default is not attrs.NOTHING}
_DEFAULTS["user_fields"] = MappingProxyType({})


def _part(value: object) -> str:
    """A file name, section key or hand number as a message may quote it: printable and short
    (a hostile record's ``hand`` field or a file name may be long or hold line breaks).

    >>> _part(12), _part("a.phh"), len(_part("x" * 1000)) <= 60
    ('12', 'a.phh', True)
    >>> _part("two" + chr(10) + "lines") == repr("two" + chr(10) + "lines")  # the line break escaped
    True
    """
    text = str(value) if type(value) is int else value
    if type(text) is str and len(text) <= 200 and text.isprintable():
        return text
    return shown(text)
