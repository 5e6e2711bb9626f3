"""Where tournament players sit: the seat draw, late entries, breaking and balancing tables, the final table.

Pure functions: each takes the current seating and returns the moves to make as :class:`SeatAssignment`
values (who goes to which table and seat); it never changes its arguments.  The director records
the moves in the log and applies them.  Randomness comes only from the ``rng`` passed in (a
:class:`random.Random`), so a seeded ``rng`` gives the same seats again (a replay); the results do
not depend on the order of a mapping's keys either.

A seating is a mapping ``table name -> {seat number -> player}`` (:data:`Seating`); seat numbers
run from 1 to ``seats``, clockwise is increasing seat number (as at a
:class:`~pokerengine.live.Table`).  A table "in play" is one with at least one player.

The rules are the Poker TDA's, cited by title and by the numbers of the 2013-2019 editions, which
the shared notes (``betting.md``) use (the 2022 and later editions number them one
higher: balancing is Rule 11 there):

* Random Seats (the notes' TDA 7): seats are assigned at random.  :func:`draw` spreads the players
  evenly, the tables' sizes differing by at most one, every player equally likely to get any seat;
* Seating of Alternates, Late Registrations and Re-Entries (TDA 7): they draw a table and seat by
  the same random process, from the seat pool in use: :func:`seat_late_entry`;
* Breaking Tables (TDA 9): tables break in a pre-set order; their players get new tables and seats
  by a two-step random draw (table, then seat): :func:`next_to_break`, :func:`break_table`.  They
  may land on any seat, the blinds and the button included; the table deals them in except
  between the small blind and the button (:mod:`pokerengine.live.buttons`);
* Balancing Tables (TDA 10): in flop games the player due for the big blind next is moved to the
  *worst position* at the short table, which may be the next big blind (even if that player just
  paid one) but is never the small blind (10 A); the table a player comes from is chosen by a
  procedure fixed in advance (10 C): :func:`balance`.  Some online sites move a player to "the
  equivalent position" instead (keeping the player's place relative to the button); this module
  implements the TDA's worst position, as the shared notes do;
* the final table: a redraw is the house's choice: :func:`final_table`.

>>> import random
>>> moves = draw([f"p{i}" for i in range(1, 12)], 6, random.Random(7))
>>> sorted(sum(1 for m in moves if m.table == t) for t in ("1", "2"))   # 11 players: 6 and 5
[5, 6]
>>> seating = {"1": {1: "ann", 2: "bob", 3: "cat", 4: "dan"}, "2": {1: "eve", 5: "fay"}}
>>> balance(seating, 6, {"1": Positions(1, 2, 3), "2": Positions(1, 1, 5)}, random.Random(1))
(SeatAssignment(player='dan', table='2', seat=6),)

Above, table 1's last big blind was seat 3, so ``dan`` (seat 4) is due for it next and moves;
table 2's last big blind was seat 5, and seat 6, the first open seat clockwise after it, is the
worst position (it takes the big blind next hand).

Limits: at most :data:`~pokerengine.tournament.events.MAX_FIELD` players, seats per table 2 to
:data:`~pokerengine.live.MAX_SEAT`, table names and player ids of 1 to
:data:`~pokerengine.tournament.events.MAX_NAME` characters.  Each function takes time linear in the
number of players and tables (``balance``: times the number of moves; a move is proposed only
while the tables are out of balance, so at most one per player); bad input raises
:class:`~pokerengine.errors.TournamentError`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

import attrs

from .._checks import shown
from .._deprecated import renamed
from ..errors import TournamentError
from ..live.buttons import Positions, after
from ..live.hand import MAX_SEAT
from .events import MAX_FIELD, MAX_NAME, player_id

Seating = Mapping[str, Mapping[int, str]]
"""A seating: table name -> seat number -> player."""


@attrs.frozen(slots=True)
class SeatAssignment:
    """A placement: ``player`` sits at ``table`` in seat ``seat``.  Every function of this module
    returns its proposals as a tuple of these, in the order they are to be made."""

    player: str
    table: str
    seat: int


def _order_key(name: str) -> tuple[int, int, str]:
    # Numeric names in numeric order ("2" before "10"), then the others in text order.
    if name.isascii() and name.isdigit() and len(name) <= 18:
        return (0, int(name), name)
    return (1, 0, name)


def table_order(tables: Iterable[str]) -> tuple[str, ...]:
    """``tables`` in table order: numeric names by number, then the others by name.

    >>> table_order(["10", "2", "final", "1"])
    ('1', '2', '10', 'final')
    """
    return tuple(sorted(tables, key=_order_key))


def breaking_order(tables: Iterable[str]) -> tuple[str, ...]:
    """The default pre-set breaking order of ``tables``: the reverse of :func:`table_order` (the
    highest-numbered table breaks first, table 1 is the last to stay).

    >>> breaking_order(table_names(4))
    ('4', '3', '2', '1')
    """
    return table_order(tables)[::-1]


def _seats(seats: object) -> int:
    if type(seats) is not int or not 2 <= seats <= MAX_SEAT:
        raise TournamentError(f"seats per table must be an int from 2 to {MAX_SEAT}, got {shown(seats)}")
    return seats


def _name(value: object) -> str:
    return player_id(value, "table name")


def _names(tables: object) -> list[str]:
    if isinstance(tables, (str, bytes, Mapping)) or not isinstance(tables, Iterable):
        raise TournamentError(f"tables must be a list of table names, got {shown(tables)}")
    names: list[str] = []
    seen: set[str] = set()
    for t in tables:
        if len(names) >= MAX_FIELD:
            raise TournamentError(f"at most {MAX_FIELD:,} tables")
        name = _name(t)
        if name in seen:
            raise TournamentError(f"table {shown(name)} is listed twice")
        seen.add(name)
        names.append(name)
    return names


def _read(seating: object, seats: int) -> dict[str, dict[int, str]]:
    """A checked copy of ``seating``, its tables in table order and each table's seats increasing."""
    if not isinstance(seating, Mapping):
        raise TournamentError(f"seating must be a mapping table -> seat -> player, got {shown(seating)}")
    if len(seating) > MAX_FIELD:
        raise TournamentError(f"at most {MAX_FIELD:,} tables")
    out: dict[str, dict[int, str]] = {}
    total = 0
    for table in table_order(_name(t) for t in seating):
        chairs = seating[table]
        if not isinstance(chairs, Mapping):
            raise TournamentError(f"table {shown(table)}: seats must be a mapping seat -> player, got {shown(chairs)}")
        if len(chairs) > seats:
            raise TournamentError(f"table {shown(table)} has {len(chairs):,} players for {seats} seats")
        total += len(chairs)
        if total > MAX_FIELD:
            raise TournamentError(f"at most {MAX_FIELD:,} players")
        for seat, player in chairs.items():
            if type(seat) is not int or not 1 <= seat <= seats:
                raise TournamentError(f"table {shown(table)}: seat {shown(seat)} is not a seat number from 1 to {seats}")
            if type(player) is not str or not 0 < len(player) <= MAX_NAME or not player.isascii():
                player_id(player)  # the slow path: refuses with the reason, or accepts a non-ASCII id
        out[table] = dict(sorted(chairs.items()))
    if len({p for chairs in out.values() for p in chairs.values()}) < total:
        seen: dict[str, str] = {}
        for table, chairs in out.items():
            for player in chairs.values():
                if player in seen:
                    raise TournamentError(f"player {shown(player)} is seated twice (tables {shown(seen[player])} "
                                          f"and {shown(table)})")
                seen[player] = table
    return out


def _open(chairs: Mapping[int, str], seats: int) -> list[int]:
    return [s for s in range(1, seats + 1) if s not in chairs]


def tables_needed(players: int, seats: int) -> int:
    """How many tables of ``seats`` seats ``players`` players need.

    >>> tables_needed(0, 9), tables_needed(9, 9), tables_needed(10, 9), tables_needed(1000, 10)
    (0, 1, 2, 100)
    """
    if type(players) is not int or not 0 <= players <= MAX_FIELD:
        raise TournamentError(f"players must be an int from 0 to {MAX_FIELD:,}, got {shown(players)}")
    return -(-players // _seats(seats))


def table_names(count: int) -> tuple[str, ...]:
    """The default names of ``count`` tables: ``"1"``, ``"2"``, ...  The default breaking order
    (:func:`breaking_order`) breaks the highest number first.

    >>> table_names(3)
    ('1', '2', '3')
    """
    if type(count) is not int or not 0 <= count <= MAX_FIELD:
        raise TournamentError(f"table count must be an int from 0 to {MAX_FIELD:,}, got {shown(count)}")
    return tuple(str(i) for i in range(1, count + 1))


def draw(players: Sequence[str], seats: int, rng: random.Random, *,
         tables: Sequence[str] | None = None) -> tuple[SeatAssignment, ...]:
    """The random seat draw at the start (Random Seats, TDA 7 in the notes): every player to a seat,
    as many tables as needed (or the ``tables`` given, all of them used), their sizes differing by
    at most one.

    Which tables get one player more is drawn at random, then the seats at each table, then who
    sits where, so every player is equally likely to get any seat of any table.  The seats come in
    table order (``tables`` as given), then seat order.

    >>> moves = draw(["a", "b", "c", "d", "e"], 3, random.Random(2))
    >>> len(moves), sorted(m.player for m in moves), sorted({m.table for m in moves})
    (5, ['a', 'b', 'c', 'd', 'e'], ['1', '2'])
    >>> draw(["a", "b", "c"], 2, random.Random(2), tables=["1"])
    Traceback (most recent call last):
    ...
    pokerengine.errors.TournamentError: 3 players do not fit at 1 tables of 2 seats
    """
    seats = _seats(seats)
    if isinstance(players, (str, bytes, Mapping)) or not isinstance(players, Iterable):
        raise TournamentError(f"players must be a list of player ids, got {shown(players)}")
    names: list[str] = []
    seen: set[str] = set()
    for p in players:
        if len(names) >= MAX_FIELD:
            raise TournamentError(f"at most {MAX_FIELD:,} players")
        name = player_id(p)
        if name in seen:
            raise TournamentError(f"player {shown(name)} is listed twice")
        seen.add(name)
        names.append(name)
    n = len(names)
    where = list(table_names(tables_needed(n, seats))) if tables is None else _names(tables)
    k = len(where)
    if n > k * seats:
        raise TournamentError(f"{n} players do not fit at {k} tables of {seats} seats")
    if k > n:
        raise TournamentError(f"{k} tables for {n} players: a table would have nobody")
    if n == 0:
        return ()
    base, extra = divmod(n, k)
    bigger = set(rng.sample(range(k), extra))
    order = names[:]
    rng.shuffle(order)
    out: list[SeatAssignment] = []
    for i, table in enumerate(where):
        size = base + (i in bigger)
        for seat in sorted(rng.sample(range(1, seats + 1), size)):
            out.append(SeatAssignment(order[len(out)], table, seat))
    return tuple(out)


def seat_late_entry(seating: Seating, seats: int, rng: random.Random, *, tables: Sequence[str],
                    player: str = "") -> SeatAssignment:
    """A seat for a late entry (alternate, late registration, re-entry; TDA 7): a random open seat,
    all open seats of the tables with the fewest players equally likely, so the tables stay
    balanced.  ``tables``: the tables in play (a name not in ``seating`` is an empty table).  The
    :class:`SeatAssignment`'s player is ``player`` (checked not to be seated already), or ``""`` when not
    given, for the caller to fill in.

    >>> seat_late_entry({"1": {1: "a", 2: "b"}, "2": {2: "c"}}, 3, random.Random(0), tables=["1", "2"],
    ...                 player="d").table
    '2'
    >>> seat_late_entry({"1": {1: "a", 2: "b"}}, 2, random.Random(0), tables=["1"])
    Traceback (most recent call last):
    ...
    pokerengine.errors.TournamentError: no open seat: all 1 tables are full
    """
    seats = _seats(seats)
    current = _read(seating, seats)
    names = _names(tables)
    if player:
        player = player_id(player)
        for chairs in current.values():
            if player in chairs.values():
                raise TournamentError(f"player {shown(player)} is seated already")
    if not names:
        raise TournamentError("no tables in play to seat a late entry at")
    counts = {t: len(current.get(t, {})) for t in names}
    fewest = min(counts.values())
    if fewest >= seats:
        raise TournamentError(f"no open seat: all {len(names)} tables are full")
    pool = [(t, s) for t in table_order(names) if counts[t] == fewest for s in _open(current.get(t, {}), seats)]
    table, seat = rng.choice(pool)
    return SeatAssignment(player, table, seat)


def next_to_break(seating: Seating, seats: int, order: Sequence[str]) -> str | None:
    """The table to break now: the first table of the pre-set breaking ``order`` still in play,
    if the players fit at one table fewer; else ``None`` (and never the last table).  Tables in play
    missing from ``order`` break after those listed, in :func:`breaking_order`.

    >>> seating = {"1": {1: "a", 2: "b", 3: "c"}, "2": {1: "d"}, "3": {2: "e"}}
    >>> next_to_break(seating, 3, ["3", "2", "1"]), next_to_break(seating, 3, ["2", "3", "1"])
    ('3', '2')
    >>> next_to_break({"1": {1: "a", 2: "b", 3: "c"}, "2": {1: "d"}}, 3, ["2", "1"]) is None
    True
    """
    seats = _seats(seats)
    current = _read(seating, seats)
    listed = _names(order)
    in_play = [t for t, chairs in current.items() if chairs]
    players = sum(len(current[t]) for t in in_play)
    if len(in_play) < 2 or players > (len(in_play) - 1) * seats:
        return None
    playing = set(in_play)
    for t in listed:
        if t in playing:
            return t
    return breaking_order(in_play)[0]


def break_table(seating: Seating, table: str, seats: int, rng: random.Random) -> tuple[SeatAssignment, ...]:
    """Break ``table`` (TDA 9, Breaking Tables): its players, in a random order, each to a random
    one of the remaining tables in play that are shortest at that moment, and there to a random
    open seat (the TDA's two-step random process).  Filling the shortest tables first keeps the remaining
    tables as even as they can be made without moving anyone else: if they were within one player
    of each other before, they still are.

    >>> seating = {"1": {1: "a", 2: "b"}, "2": {1: "c", 2: "d", 3: "e"}, "3": {2: "f"}}
    >>> moves = break_table(seating, "3", 3, random.Random(5))
    >>> moves                                    # table 1 had 2 players, table 2 three: f goes to 1
    (SeatAssignment(player='f', table='1', seat=3),)
    >>> break_table({"1": {1: "a", 2: "b"}, "2": {1: "c"}}, "2", 2, random.Random(5))
    Traceback (most recent call last):
    ...
    pokerengine.errors.TournamentError: cannot break table '2': 1 players, 0 open seats at the other tables
    """
    seats = _seats(seats)
    current = _read(seating, seats)
    table = _name(table)
    if table not in current:
        raise TournamentError(f"no table {shown(table)} in the seating")
    movers = list(current[table].values())
    if not movers:
        return ()
    rest = [t for t, chairs in current.items() if chairs and t != table]
    room = sum(seats - len(current[t]) for t in rest)
    if room < len(movers):
        raise TournamentError(f"cannot break table {shown(table)}: {len(movers)} players, {room} open seats at "
                              "the other tables")
    rng.shuffle(movers)
    counts = {t: len(current[t]) for t in rest}
    taken = {t: set(current[t]) for t in rest}
    out: list[SeatAssignment] = []
    for player in movers:
        fewest = min(counts.values())
        to = rng.choice([t for t in rest if counts[t] == fewest])
        seat = rng.choice([s for s in range(1, seats + 1) if s not in taken[to]])
        taken[to].add(seat)
        counts[to] += 1
        out.append(SeatAssignment(player, to, seat))
    return tuple(out)


def balance(seating: Seating, seats: int, positions: Mapping[str, Positions | None], rng: random.Random, *,
            max_diff: int = 1, order: Sequence[str] | None = None) -> tuple[SeatAssignment, ...]:
    """The moves that balance the tables in play (TDA 10, Balancing Tables, flop games): while the
    longest table has more than ``max_diff`` players more than the shortest, one player moves from
    a longest table to a shortest one.  ``positions``: each table's :class:`~pokerengine.live.buttons.Positions` of its
    last hand, or ``None`` (or missing) when it has not played one yet.

    * Who moves (TDA 10 A): the player due for the big blind next, the first player clockwise after
      the table's last big blind; a table with no positions yet: a random player.
    * Where to (TDA 10 A, the *worst position*): the open seat that will pay the big blind
      soonest, the first open seat clockwise after the short table's last big blind.  It may make
      the player big blind in the next hand, even one who has just paid it at the old table, but it
      is never the small blind: the seat of the last big blind, where the next small blind is due,
      would be taken only when it is the only open seat (which cannot happen while balancing, as
      the short table has two open seats or more).  A table with no positions yet: a random open seat.
    * Which tables (TDA 10 C, a procedure fixed in advance): among equally long tables the player
      comes from the one first in ``order``, and goes to the shortest one first in ``order``
      (default :func:`breaking_order`: the highest number first; tables missing from ``order``
      come after those listed, in breaking order).

    Positions are those of the last hands played; the moves are worked out one after the other on
    the seating as it becomes.  ``max_diff`` is at least 1 (TDA 10 D halts full tables 3 or more
    players short: ``max_diff=2``; the default, 1, balances as tightly as it can be).

    Worked case: table 1 (6 seats) has ann, bob, cat, dan in seats 1-4, its last big blind was seat
    3, so dan (seat 4) is due for it next and moves.  Table 2 has eve in seat 1 and fay in seat 5,
    heads-up, its last big blind was fay's seat 5: the first open seat after 5 is 6, which takes
    the big blind in the next hand: the worst position.

    >>> seating = {"1": {1: "ann", 2: "bob", 3: "cat", 4: "dan"}, "2": {1: "eve", 5: "fay"}}
    >>> balance(seating, 6, {"1": Positions(1, 2, 3), "2": Positions(1, 1, 5)}, random.Random(1))
    (SeatAssignment(player='dan', table='2', seat=6),)

    With table 2's last big blind in seat 1 instead (eve), the seats after it are 2, 3, 4 (open),
    5 (fay) and 6 (open): seat 2 will be big blind next hand.

    >>> balance(seating, 6, {"1": Positions(1, 2, 3), "2": Positions(5, 5, 1)}, random.Random(1))
    (SeatAssignment(player='dan', table='2', seat=2),)
    """
    seats = _seats(seats)
    current = _read(seating, seats)
    if type(max_diff) is not int or max_diff < 1:
        raise TournamentError(f"max_diff must be an int of at least 1, got {shown(max_diff)}")
    if not isinstance(positions, Mapping):
        raise TournamentError(f"positions must be a mapping table -> Positions or None, got {shown(positions)}")
    in_play = [t for t, chairs in current.items() if chairs]
    where: dict[str, Positions | None] = {}
    for t in in_play:
        pos = positions.get(t)
        if pos is not None and type(pos) is not Positions:
            raise TournamentError(f"table {shown(t)}: positions must be a Positions or None, got {shown(pos)}")
        where[t] = pos
    fallback = breaking_order(in_play)
    if order is None:
        ranked = list(fallback)
    else:
        listed = [t for t in _names(order) if t in where]
        known = set(listed)
        ranked = listed + [t for t in fallback if t not in known]
    rank = {t: i for i, t in enumerate(ranked)}
    counts = {t: len(current[t]) for t in in_play}
    out: list[SeatAssignment] = []
    while len(in_play) > 1:
        longest, shortest = max(counts.values()), min(counts.values())
        if longest - shortest <= max_diff:
            break
        src = min((t for t in in_play if counts[t] == longest), key=rank.__getitem__)
        dst = min((t for t in in_play if counts[t] == shortest), key=rank.__getitem__)
        occupied = sorted(current[src])
        pos = where[src]
        seat_from = rng.choice(occupied) if pos is None else after(pos.big_blind, occupied)
        player = current[src].pop(seat_from)
        free = _open(current[dst], seats)
        pos = where[dst]
        if pos is None:
            seat_to = rng.choice(free)
        else:
            worst = [s for s in free if s != pos.big_blind] or free
            seat_to = after(pos.big_blind, worst)
        current[dst][seat_to] = player
        counts[src] -= 1
        counts[dst] += 1
        out.append(SeatAssignment(player, dst, seat_to))
    return tuple(out)


def final_table(seating: Seating, seats: int, rng: random.Random, *, table: str | None = None,
                redraw: bool = False) -> tuple[SeatAssignment, ...]:
    """Bring everyone to the final table once they fit at one table.  ``table``: its name (default:
    the table in play that breaks last, by :func:`breaking_order`, i.e. the lowest number).

    Without ``redraw`` the players of the other tables move to random open seats at ``table`` (as
    when their tables break, TDA 9) and the players there stay.  With ``redraw``, every player
    draws a new random seat at ``table`` (the house's final-table redraw), and the result has a
    :class:`SeatAssignment` for every player, in seat order, even one whose seat happens not to change.  A
    redraw at a table in play is a simultaneous reassignment (a player may be drawn to the seat of
    one who moves later): apply it as a whole, or redraw to a new table name (``table="final"``),
    whose seats are all open, so the moves can be applied one by one.  Every other function's
    moves can be applied one by one in the order given.

    >>> seating = {"1": {1: "a", 4: "b"}, "2": {2: "c"}}
    >>> [m.player for m in final_table(seating, 4, random.Random(3))]
    ['c']
    >>> [(m.player, m.table) for m in final_table(seating, 4, random.Random(3), redraw=True)].count(("c", "1"))
    1
    >>> final_table({"1": {1: "a", 2: "b"}, "2": {2: "c"}}, 2, random.Random(3))
    Traceback (most recent call last):
    ...
    pokerengine.errors.TournamentError: 3 players do not fit at one table of 2 seats
    """
    seats = _seats(seats)
    current = _read(seating, seats)
    if type(redraw) is not bool:
        raise TournamentError(f"redraw must be True or False, got {shown(redraw)}")
    in_play = [t for t, chairs in current.items() if chairs]
    everyone = [p for t in in_play for p in current[t].values()]
    if len(everyone) > seats:
        raise TournamentError(f"{len(everyone)} players do not fit at one table of {seats} seats")
    if not everyone:
        return ()
    final = breaking_order(in_play)[-1] if table is None else _name(table)
    if redraw:
        rng.shuffle(everyone)
        chosen = sorted(rng.sample(range(1, seats + 1), len(everyone)))
        return tuple(SeatAssignment(p, final, s) for p, s in zip(everyone, chosen))
    movers = [p for t in in_play if t != final for p in current[t].values()]
    rng.shuffle(movers)
    chosen = rng.sample(_open(current.get(final, {}), seats), len(movers))
    return tuple(SeatAssignment(p, final, s) for p, s in zip(movers, chosen))


#: Old names of renamed classes, resolved for one release with a :class:`DeprecationWarning`
#: (``CHANGELOG.md``); nothing in the package uses them.
RENAMED = {'Seat': 'SeatAssignment'}


__getattr__ = renamed(__name__, RENAMED, globals())
