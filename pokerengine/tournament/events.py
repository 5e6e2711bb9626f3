"""Tournament events: one frozen value per thing that happens, each with its JSON line.

Every event checks its own shape when it is built (types, signs, required
fields) and raises :class:`~pokerengine.errors.TournamentError` if it is
malformed; whether it *fits* the tournament (a known player, a balanced hand,
the right state) is checked by :class:`~pokerengine.tournament.Tournament`.

``to_json`` and ``from_json`` convert to and from the log's JSON objects
without loss:

>>> hand = HandPlayed("A", stacks={"ann": 0, "bob": 15000}, round=17)
>>> to_json(hand)
{'event': 'hand', 'table': 'A', 'stacks': {'ann': 0, 'bob': 15000}, 'round': 17}
>>> from_json(to_json(hand)) == hand
True
>>> HandPlayed("A", stacks={"ann": 1.5, "bob": 2})
Traceback (most recent call last):
...
pokerengine.errors.TournamentError: stack of player 'ann' must be an integer number of chips, got 1.5 (float)
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Union

import attrs

from .._checks import MAX_CHIPS, chips, shown
from .._checks import (
    MAX_NAME as MAX_NAME,  # longest player id or table name, re-exported
)
from .._deprecated import renamed
from ..errors import EventLogError, TournamentError
from .structure import Structure

DEAL_METHODS = ("icm", "dcm", "chips", "custom")

MAX_FIELD = 1_000_000
"""Most entries a tournament takes (re-entries count), and so most players or prizes in one event."""


MAX_REASON = 1000
"""Longest ``reason`` of a correction or an end, in characters."""


def _text(value: object, what: str, limit: int, *, empty: bool = False) -> str:
    if type(value) is not str or (not value and not empty):
        raise TournamentError(f"{what} must be a{'' if empty else ' non-empty'} string, got {shown(value)}")
    if len(value) > limit:
        raise TournamentError(f"{what} must be at most {limit} characters, got {len(value):,}")
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise TournamentError(f"{what} must be valid Unicode text (no lone surrogates), got {shown(value)}") from None
    return value


def player_id(value: object, what: str = "player id") -> str:
    """A player id: a non-empty string of at most :data:`MAX_NAME` characters (valid Unicode)."""
    if type(value) is str and 0 < len(value) <= MAX_NAME and value.isascii():  # the common case, inline
        return value
    return _text(value, what, MAX_NAME)


def _table(value: object) -> str:
    if type(value) is str and 0 < len(value) <= MAX_NAME and value.isascii():
        return value
    return _text(value, "table", MAX_NAME)


def _reason(value: object) -> str:
    return _text(value, "reason", MAX_REASON, empty=True)


def _bounded(value: object, what: str) -> list[object]:
    """The items of a list-like ``value`` (not a string or mapping), at most :data:`MAX_FIELD` of them."""
    limit = MAX_FIELD
    if isinstance(value, (str, bytes, bytearray, Mapping)) or not hasattr(value, "__iter__"):
        raise TournamentError(f"{what} must be a list, got {shown(value)}")
    try:
        items = list(itertools.islice(value, limit + 1))
    except TypeError:
        raise TournamentError(f"{what} must be a list, got {shown(value)}") from None
    if len(items) > limit:
        raise TournamentError(f"{what} must have at most {limit:,} items")
    return items


def _opt_table(value: object) -> str | None:
    return None if value is None else _table(value)


def _opt_seat(value: object) -> int | None:
    return None if value is None else chips(value, "seat", error=TournamentError, positive=True)


def _positive_int(value: object, what: str) -> int:
    return chips(value, what, error=TournamentError, positive=True)


def _signed(value: object, what: str) -> int:
    if type(value) is not int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise TournamentError(f"{what} must be an integer number of chips, got {shown(value)} ({type(value).__name__})")
        value = int(value)
    if not -MAX_CHIPS <= value <= MAX_CHIPS:
        raise TournamentError(f"{what} must be at most 2**63 - 1 in size, got an integer of {value.bit_length()} bits")
    return value


def check_prizes(value: object) -> tuple[int, ...]:
    """Prizes in currency minor units, best place first: non-empty, non-negative, never rising.

    At most :data:`MAX_FIELD` places, adding up to at most ``2**63 - 1`` (the pool is an amount too).
    """
    items = _bounded(value, "prizes")
    prizes = tuple(chips(p, f"prize for place {i}", error=TournamentError) for i, p in enumerate(items, 1))
    if not prizes:
        raise TournamentError("prizes must name at least one paid place")
    for i in range(1, len(prizes)):
        if prizes[i] > prizes[i - 1]:
            raise TournamentError(
                f"prizes must be listed best place first and never rise: place {i + 1} pays {prizes[i]}, "
                f"more than place {i} ({prizes[i - 1]})"
            )
    if sum(prizes) > MAX_CHIPS:
        raise TournamentError("the prizes add up to more than 2**63 - 1 (the most any amount may be)")
    return prizes


def _opt_prizes(value: object) -> tuple[int, ...] | None:
    return None if value is None else check_prizes(value)


def _mapping(value: object, what: str) -> dict[Any, Any]:
    if not isinstance(value, Mapping):
        raise TournamentError(f"{what} must be a mapping of player id to chips, got {type(value).__name__}")
    if not value:
        raise TournamentError(f"{what} must name at least one player")
    if len(value) > MAX_FIELD:
        raise TournamentError(f"{what} must name at most {MAX_FIELD:,} players")
    return dict(value)


def _stacks(value: object) -> Mapping[str, int]:
    out = _mapping(value, "stacks")
    for k, v in out.items():  # the fast path checks plain values inline; anything else gets the full check
        if (type(k) is not str or not 0 < len(k) <= MAX_NAME or not k.isascii()
                or type(v) is not int or not 0 <= v <= MAX_CHIPS):
            return MappingProxyType({player_id(k): chips(v, f"stack of player {shown(k)}", error=TournamentError)
                                     for k, v in out.items()})
    return MappingProxyType(out)


def _opt_stacks(value: object) -> Mapping[str, int] | None:
    return None if value is None else _stacks(value)


def _opt_deltas(value: object) -> Mapping[str, int] | None:
    if value is None:
        return None
    m = value if type(value) is dict and 0 < len(value) <= MAX_FIELD else _mapping(value, "deltas")
    for k, v in m.items():  # the fast path checks plain values inline; anything else gets the full check
        if (type(k) is not str or not 0 < len(k) <= MAX_NAME or not k.isascii()
                or type(v) is not int or not -MAX_CHIPS <= v <= MAX_CHIPS):
            return MappingProxyType({player_id(k): _signed(v, f"delta of {shown(k)}") for k, v in m.items()})
    return MappingProxyType(dict(m) if m is value else m)


def _opt_amounts(value: object) -> Mapping[str, int] | None:
    if value is None:
        return None
    m = _mapping(value, "amounts")
    return MappingProxyType({player_id(k): chips(v, f"deal amount of player {shown(k)}", error=TournamentError)
                             for k, v in m.items()})


def _bool(value: object, what: str) -> bool:
    if type(value) is not bool:
        raise TournamentError(f"{what} must be true or false, got {shown(value)}")
    return value


def _map_repr(m: Mapping[str, int] | None) -> str:
    return "None" if m is None else repr(dict(m))


def _starting_stack(value: object) -> int:
    return _positive_int(value, "starting stack")


def _late_registration(value: object) -> bool:
    return _bool(value, "late_registration")


def _on(value: object) -> bool:
    return _bool(value, "on")


def _keep(value: object) -> int:
    return chips(value, "keep", error=TournamentError)


@attrs.frozen
class Entrant:
    """A player entering: an id, a starting stack, and optionally a table and seat.

    >>> Entrant("ann", 10000, table="A", seat=3)
    Entrant(id='ann', stack=10000, table='A', seat=3)
    """

    id: str = attrs.field(converter=player_id)
    stack: int = attrs.field(converter=_starting_stack)
    table: str | None = attrs.field(default=None, converter=_opt_table)
    seat: int | None = attrs.field(default=None, converter=_opt_seat)


_ENTRANT_FIELDS = ("id", "stack", "table", "seat")


def _entrant(p: object) -> Entrant:
    if isinstance(p, Entrant):
        return p
    if not isinstance(p, Mapping):
        raise TournamentError(f"each player must be an Entrant or a mapping with 'id' and 'stack', got {shown(p)}")
    extra = [k for k in p if k not in _ENTRANT_FIELDS]
    if extra:
        raise TournamentError(f"a player has unknown field(s) {', '.join(map(shown, extra))}; known: id, stack, table, seat")
    if "id" not in p or "stack" not in p:
        raise TournamentError(f"each player needs 'id' and 'stack', got {shown(dict(p))}")
    return Entrant(**p)


def _entrants(value: object) -> tuple[Entrant, ...]:
    if isinstance(value, Mapping):  # shorthand: {"ann": 10000, "bob": 10000}
        if len(value) > MAX_FIELD:
            raise TournamentError(f"players must have at most {MAX_FIELD:,} items")
        value = [Entrant(k, v) for k, v in value.items()]
    out = tuple(_entrant(p) for p in _bounded(value, "players"))
    if not out:
        raise TournamentError("a tournament needs at least one player")
    seen: set[str] = set()
    for p in out:
        if p.id in seen:
            raise TournamentError(f"player {p.id!r} is listed twice")
        seen.add(p.id)
    if sum(p.stack for p in out) > MAX_CHIPS:
        raise TournamentError("the starting stacks add up to more than 2**63 - 1 chips (the most any amount may be)")
    return out


MAX_TABLE_SEATS = 10
"""Most seats at a director's table."""

MAX_SEED = 64
"""Longest seed (hexadecimal digits) a setup logs."""

_SETUP_FIELDS = ("structure", "seats", "seed", "game", "break_order", "final_table_redraw", "hand_for_hand")
_DIRECTOR_GAMES = ("NT", "FT", "PO", "FO/8", "NS", "PS", "FS")


def _structure(value: object) -> Structure:
    if isinstance(value, Structure):
        return value
    return Structure.from_json(value)


def _table_seats(value: object) -> int:
    if type(value) is not int or not 2 <= value <= MAX_TABLE_SEATS:
        raise TournamentError(f"seats must be an integer from 2 to {MAX_TABLE_SEATS}, got {shown(value)}")
    return value


def _seed(value: object) -> str:
    if type(value) is not str or not 0 < len(value) <= MAX_SEED or not set(value) <= set("0123456789abcdef"):
        raise TournamentError(f"seed must be 1 to {MAX_SEED} lowercase hexadecimal digits, got {shown(value)}")
    return value


def _game(value: object) -> str:
    if type(value) is not str or value not in _DIRECTOR_GAMES:
        raise TournamentError(f"game must be a flop game with blinds, one of {', '.join(_DIRECTOR_GAMES)}; got {shown(value)}")
    return value


def _break_order(value: object) -> tuple[str, ...]:
    out = tuple(_table(t) for t in _bounded(value, "break_order"))
    if len(set(out)) != len(out):
        raise TournamentError("break_order names a table twice")
    return out


def _redraw_flag(value: object) -> bool:
    return _bool(value, "final_table_redraw")


def _h4h_flag(value: object) -> bool:
    return _bool(value, "hand_for_hand")


def _break_flag(value: object) -> bool:
    return _bool(value, "on_break")


@attrs.frozen
class DirectorSetup:
    """How a :class:`~pokerengine.tournament.director.Director` runs the tournament, logged in its start.

    ``structure``: the blind levels (:class:`~pokerengine.tournament.structure.Structure`, or its
    JSON); ``seats``: seats per table; ``seed``: the hexadecimal seed every random choice of the
    director (seat draw, late entries, moves) is drawn from, so a replay makes the same choices;
    ``game``: the PHH code of the flop game dealt; ``break_order``: tables in the order they break
    (empty: highest number first); ``final_table_redraw``: redraw seats for the final table;
    ``hand_for_hand``: start hand-for-hand by itself when the next bust can reach the money.
    """

    structure: Structure = attrs.field(converter=_structure)
    seats: int = attrs.field(default=9, converter=_table_seats)
    seed: str = attrs.field(default="0", converter=_seed)
    game: str = attrs.field(default="NT", converter=_game)
    break_order: tuple[str, ...] = attrs.field(default=(), converter=_break_order)
    final_table_redraw: bool = attrs.field(default=False, converter=_redraw_flag)
    hand_for_hand: bool = attrs.field(default=True, converter=_h4h_flag)

    def to_json(self) -> dict[str, Any]:
        return {"structure": self.structure.to_json(), "seats": self.seats, "seed": self.seed, "game": self.game,
                "break_order": list(self.break_order), "final_table_redraw": self.final_table_redraw,
                "hand_for_hand": self.hand_for_hand}


def _setup(value: object) -> DirectorSetup | None:
    if value is None or isinstance(value, DirectorSetup):
        return value
    if not isinstance(value, Mapping):
        raise TournamentError(f"setup must be an object, got {shown(value)}")
    unknown = [k for k in value if k not in _SETUP_FIELDS]
    if unknown:
        raise TournamentError(f"setup has unknown field(s) {', '.join(map(shown, unknown[:5]))}; "
                              f"known: {', '.join(_SETUP_FIELDS)}")
    if "structure" not in value:
        raise TournamentError("setup needs 'structure'")
    return DirectorSetup(**value)


@attrs.frozen
class Start:
    """The tournament starts: its prize structure and its players.

    ``prizes`` are currency minor units, best place first.  With
    ``late_registration=True`` the tournament starts in the ``registering``
    state and accepts :class:`LateEntry` events until :class:`CloseRegistration`.
    ``setup`` (a :class:`DirectorSetup`) is there when a director runs the tables: then every
    player has a table and a seat.
    """

    name: ClassVar[str] = "start"
    prizes: tuple[int, ...] = attrs.field(converter=check_prizes)
    players: tuple[Entrant, ...] = attrs.field(converter=_entrants)
    late_registration: bool = attrs.field(default=False, converter=_late_registration)
    setup: DirectorSetup | None = attrs.field(default=None, converter=_setup)


def _round(value: object) -> int | None:
    return None if value is None else _positive_int(value, "round")


def _positions(value: object) -> tuple[int, int, int] | None:
    if value is None:
        return None
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, (list, tuple)) or len(value) != 3:
        raise TournamentError(f"positions must be [button, small blind, big blind] seats, got {shown(value)}")
    b, s, g = (_positive_int(x, "a position's seat") for x in value)
    if max(b, s, g) > MAX_TABLE_SEATS:
        raise TournamentError(f"positions must be seats from 1 to {MAX_TABLE_SEATS}, got {shown(value)}")
    return (b, s, g)


@attrs.frozen
class HandPlayed:
    """One hand played at one table: either every player's stack after it, or chip deltas.

    Give exactly one of ``stacks`` (stacks after the hand of the players who
    took part) and ``deltas`` (chips won, negative when lost).  ``round``
    numbers the hand during hand-for-hand play and is required then (and only
    then).  Players not named are not in the hand and keep their chips.
    ``positions`` (``(button, small blind, big blind)`` seats) is logged by a director, so
    that a replay puts the button where it was.
    """

    name: ClassVar[str] = "hand"
    table: str = attrs.field(converter=_table)
    stacks: Mapping[str, int] | None = attrs.field(default=None, converter=_opt_stacks, repr=_map_repr)
    deltas: Mapping[str, int] | None = attrs.field(default=None, converter=_opt_deltas, repr=_map_repr)
    round: int | None = attrs.field(default=None, converter=_round)
    positions: tuple[int, int, int] | None = attrs.field(default=None, converter=_positions)

    def __attrs_post_init__(self) -> None:
        if (self.stacks is None) == (self.deltas is None):
            raise TournamentError("a hand needs exactly one of 'stacks' (after the hand) and 'deltas'")
        players = self.stacks if self.stacks is not None else self.deltas
        if len(players) < 2:  # type: ignore[arg-type]
            raise TournamentError(f"a hand needs at least two players, got {list(players)}")  # type: ignore[arg-type]

    @property
    def players(self) -> tuple[str, ...]:
        """The players who took part, in the order given."""
        return tuple(self.stacks if self.stacks is not None else self.deltas)  # type: ignore[arg-type]


def _positive_stacks(value: object) -> Mapping[str, int]:
    m = _stacks(value)
    for k, v in m.items():
        if v == 0:
            raise TournamentError(
                f"a correction cannot set {k!r} to 0 chips: a player busts only by losing a hand (record the hand)"
            )
    return m


@attrs.frozen
class Correction:
    """A chip-count correction: the named players' stacks are set to the counts given.

    It need not balance (the count was wrong); it cannot bust anyone.
    """

    name: ClassVar[str] = "correction"
    stacks: Mapping[str, int] = attrs.field(converter=_positive_stacks, repr=_map_repr)
    reason: str = attrs.field(default="", converter=_reason)


@attrs.frozen
class HandForHand:
    """Hand-for-hand play starts (``on=True``) or stops (WSOP 126.a, TDA RP-8)."""

    name: ClassVar[str] = "hand_for_hand"
    on: bool = attrs.field(converter=_on)


@attrs.frozen
class LateEntry:
    """A player enters while registration is open: a new player, or a re-entry of a busted one.

    ``prizes``, if given, replaces the prize structure (the pool grows with entries).
    """

    name: ClassVar[str] = "entry"
    player: str = attrs.field(converter=player_id)
    stack: int = attrs.field(converter=_starting_stack)
    table: str | None = attrs.field(default=None, converter=_opt_table)
    seat: int | None = attrs.field(default=None, converter=_opt_seat)
    prizes: tuple[int, ...] | None = attrs.field(default=None, converter=_opt_prizes)


@attrs.frozen
class CloseRegistration:
    """Registration closes; ``prizes``, if given, is the final prize structure."""

    name: ClassVar[str] = "close_registration"
    prizes: tuple[int, ...] | None = attrs.field(default=None, converter=_opt_prizes)


MOVE_REASONS = ("", "balance", "break", "final_table")


def _move_reason(value: object) -> str:
    if type(value) is not str or value not in MOVE_REASONS:
        raise TournamentError(f"a move's reason must be one of {', '.join(map(repr, MOVE_REASONS))}, got {shown(value)}")
    return value


@attrs.frozen
class Move:
    """A player moves to another table (and seat); ``reason``: ``"balance"`` (TDA 10), ``"break"``
    (a table breaking, TDA 9), ``"final_table"``, or ``""`` (not said).  A redraw of seats is a
    :class:`Redraw`."""

    name: ClassVar[str] = "move"
    player: str = attrs.field(converter=player_id)
    table: str = attrs.field(converter=_table)
    seat: int | None = attrs.field(default=None, converter=_opt_seat)
    reason: str = attrs.field(default="", converter=_move_reason)


def _redraw_seats(value: object) -> Mapping[str, int]:
    m = _mapping(value, "seats")
    out = {player_id(k): _positive_int(v, f"seat of {shown(k)}") for k, v in m.items()}
    taken: dict[int, str] = {}
    for p, seat in out.items():
        if seat in taken:
            raise TournamentError(f"{taken[seat]!r} and {p!r} are both drawn to seat {seat}")
        taken[seat] = p
    return MappingProxyType(out)


@attrs.frozen
class Redraw:
    """Seats are drawn again at ``table`` (the final table's redraw): every player named, from
    whichever table, takes the seat given, all at once; the table starts afresh (a new button)."""

    name: ClassVar[str] = "redraw"
    table: str = attrs.field(converter=_table)
    seats: Mapping[str, int] = attrs.field(converter=_redraw_seats, repr=_map_repr)


def _level_number(value: object) -> int:
    return _positive_int(value, "level")


def _in_play(value: object) -> tuple[str, ...]:
    out = tuple(_table(t) for t in _bounded(value, "in_play"))
    if len(set(out)) != len(out):
        raise TournamentError("in_play names a table twice")
    return out


@attrs.frozen
class LevelChange:
    """The blind level changes (the server's clock): ``level`` (1-based, of the setup's structure)
    is in force from the next hand dealt; ``on_break``: play stops for a break (no hand is dealt).

    A hand in play is finished at the stakes it was dealt with (TDA 23: the new level applies to
    the next hand).  ``in_play`` names the tables with a hand in play as a break begins: during the
    break one hand is recorded at each of them, and none anywhere else.

    >>> to_json(LevelChange(2, on_break=True, in_play=["3"]))
    {'event': 'level', 'level': 2, 'on_break': True, 'in_play': ['3']}
    >>> LevelChange(2, in_play=["3"])
    Traceback (most recent call last):
    ...
    pokerengine.errors.TournamentError: in_play names the tables with a hand in play as a break begins; this level change is no break
    """

    name: ClassVar[str] = "level"
    level: int = attrs.field(converter=_level_number)
    on_break: bool = attrs.field(default=False, converter=_break_flag)
    in_play: tuple[str, ...] = attrs.field(default=(), converter=_in_play)

    def __attrs_post_init__(self) -> None:
        if self.in_play and not self.on_break:
            raise TournamentError("in_play names the tables with a hand in play as a break begins; "
                                  "this level change is no break")


def _away_flag(value: object) -> bool:
    return _bool(value, "away")


@attrs.frozen
class Away:
    """A player in play is away from the table (``away=True``: dealt in and blinded, their hands
    folded, TDA 30) or back (``away=False``).  Logged so that a resumed director knows who is away."""

    name: ClassVar[str] = "away"
    player: str = attrs.field(converter=player_id)
    away: bool = attrs.field(default=True, converter=_away_flag)


CLOCK_ACTIONS = ("start", "pause", "resume")
"""What a :class:`ClockChange` event records."""


def _clock_action(value: object) -> str:
    if type(value) is not str or value not in CLOCK_ACTIONS:
        raise TournamentError(f"a clock action is one of {', '.join(CLOCK_ACTIONS)}, got {shown(value)}")
    return value


def _clock_at(value: object) -> int:
    if type(value) is not int or not 0 <= value <= MAX_CLOCK:
        raise TournamentError(f"a clock time is whole seconds since 1970-01-01 UTC, from 0 to {MAX_CLOCK}, "
                              f"got {shown(value)}")
    return value


MAX_CLOCK = 2**40
"""The latest clock time accepted, in seconds since 1970 (about the year 36,812)."""


@attrs.frozen
class ClockChange:
    """The tournament clock started, paused or resumed at ``at`` (whole seconds since 1970-01-01 UTC,
    the server's wall clock).  The clock's time is the seconds it has run since its start, less the
    pauses; :meth:`~pokerengine.tournament.director.Director.tick` turns it into the level in force."""

    name: ClassVar[str] = "clock"
    action: str = attrs.field(converter=_clock_action)
    at: int = attrs.field(converter=_clock_at)


def _method(value: object) -> str:
    if type(value) is not str or value not in DEAL_METHODS:
        raise TournamentError(f"unknown deal method {shown(value)}; known: {', '.join(DEAL_METHODS)}")
    return value


@attrs.frozen
class Deal:
    """The players left agree a deal.

    ``method`` is ``"icm"``, ``"dcm"``, ``"chips"`` (chip chop) or
    ``"custom"``.  ``keep`` is an amount kept aside for the winner: 0 chops
    everything and ends the tournament, more makes a partial deal after which
    play continues for ``keep``.  ``amounts`` is what each player gets now;
    leave it out and the tournament works it out by ``method`` (``"custom"``
    needs it).  The log always records the amounts, so a replay never depends
    on a model's floating point.
    """

    name: ClassVar[str] = "deal"
    method: str = attrs.field(converter=_method)
    keep: int = attrs.field(default=0, converter=_keep)
    amounts: Mapping[str, int] | None = attrs.field(default=None, converter=_opt_amounts, repr=_map_repr)

    def __attrs_post_init__(self) -> None:
        if self.method == "custom" and self.amounts is None:
            raise TournamentError("a custom deal needs the amounts agreed")


@attrs.frozen
class End:
    """The director ends the tournament: the players left are ranked by chip count (larger first)."""

    name: ClassVar[str] = "end"
    reason: str = attrs.field(default="", converter=_reason)


Event = Union[Start, HandPlayed, Correction, HandForHand, LateEntry, CloseRegistration, Move, Deal, End, LevelChange, Redraw,
              Away, ClockChange]
EVENT_TYPES: dict[str, type[Event]] = {
    cls.name: cls for cls in (Start, HandPlayed, Correction, HandForHand, LateEntry, CloseRegistration, Move, Deal, End,
                              LevelChange, Redraw, Away, ClockChange)
}
_FIELDS = {name: tuple(a.name for a in attrs.fields(cls)) for name, cls in EVENT_TYPES.items()}
_REQUIRED = {name: tuple(a.name for a in attrs.fields(cls) if a.default is attrs.NOTHING) for name, cls in EVENT_TYPES.items()}


_HAND_KEYS = frozenset(("event", *_FIELDS["hand"]))


def to_json(event: Event) -> dict[str, Any]:
    """The event as a JSON object (``"event"`` first; fields left at ``None`` are left out)."""
    if type(event) is HandPlayed:  # the common case, kept fast
        out: dict[str, Any] = {"event": "hand", "table": event.table}
        if event.stacks is not None:
            out["stacks"] = dict(event.stacks)
        else:
            out["deltas"] = dict(event.deltas)  # type: ignore[arg-type]
        if event.round is not None:
            out["round"] = event.round
        if event.positions is not None:
            out["positions"] = list(event.positions)
        return out
    out = {"event": event.name}
    for field in _FIELDS[event.name]:
        value = getattr(event, field)
        if value is None:
            continue
        if field == "players":
            value = [{k: getattr(p, k) for k in _ENTRANT_FIELDS if getattr(p, k) is not None} for p in value]
        elif field in ("prizes", "in_play"):
            if not value:
                continue  # an empty in_play stays implicit (prizes are never empty)
            value = list(value)
        elif isinstance(value, Mapping):
            value = dict(value)
        elif field == "setup":
            value = value.to_json()
        elif field in ("late_registration", "keep", "reason", "on_break") and not value:
            continue  # defaults stay implicit
        out[field] = value
    return out


def from_json(obj: object) -> Event:
    """Build an event from its JSON object; raises :class:`EventLogError` if it is not a valid event."""
    if not isinstance(obj, Mapping):
        raise EventLogError(f"an event must be a JSON object, got {type(obj).__name__}")
    name = obj.get("event")
    if not isinstance(name, str) or (cls := EVENT_TYPES.get(name)) is None:
        raise EventLogError(f"unknown event {shown(name)}; known: {', '.join(EVENT_TYPES)}")
    if name == "hand" and type(obj) is dict and obj.keys() <= _HAND_KEYS:  # the common case, kept fast
        try:
            return HandPlayed(obj["table"], obj.get("stacks"), obj.get("deltas"), obj.get("round"), obj.get("positions"))
        except KeyError:
            raise EventLogError("hand event needs 'table'") from None
        except TournamentError as exc:
            raise EventLogError(f"hand event: {exc}") from None
    fields = _FIELDS[name]
    unknown = [k for k in obj if k != "event" and k not in fields]
    if unknown:
        raise EventLogError(f"{name} event has unknown field(s) {', '.join(map(shown, unknown[:5]))}; "
                            f"known: {', '.join(fields)}")
    kwargs = {k: v for k, v in obj.items() if k != "event"}
    missing = [f for f in _REQUIRED[name] if f not in kwargs]
    if missing:
        raise EventLogError(f"{name} event needs {', '.join(map(repr, missing))}")
    try:
        return cls(**kwargs)
    except TournamentError as exc:
        raise EventLogError(f"{name} event: {exc}") from None


#: Old names of renamed classes, resolved for one release with a :class:`DeprecationWarning`
#: (``CHANGELOG.md``); nothing in the package uses them.
RENAMED = {'Clock': 'ClockChange', 'Hand': 'HandPlayed', 'Setup': 'DirectorSetup'}


__getattr__ = renamed(__name__, RENAMED, globals())
