"""The tournament state machine: events in, chips, busts, places, prizes and snapshots out.

>>> from pokerengine.tournament import Tournament, EquityConfig
>>> t = Tournament(equity=EquityConfig.off())
>>> _ = t.start([700, 300], {"ann": 5000, "bob": 3000, "cat": 2000})
>>> t.hand("A", {"ann": 7000, "cat": 0}).busted
('cat',)
>>> t.hand("A", {"ann": 10000, "bob": 0}).status
'finished'
>>> [(s.place, s.player, s.prize) for s in t.standings()]
[(1, 'ann', 700), (2, 'bob', 300), (3, 'cat', 0)]
>>> t.hand("A", {"ann": 5000, "bob": 5000})
Traceback (most recent call last):
...
pokerengine.errors.TournamentError: cannot record a hand event: the tournament is finished
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import IO, Any

from .._checks import MAX_CHIPS, shown
from ..errors import EventLogError, TournamentError
from . import deals as _deals
from .commands import Commands
from .equity import DEFAULT_SECONDS, EquityConfig, Snapshot, check_seconds, snapshot
from .events import (
    Away,
    ClockChange,
    CloseRegistration,
    Correction,
    Deal,
    End,
    MAX_FIELD,
    Event,
    HandPlayed,
    HandForHand,
    LateEntry,
    LevelChange,
    Move,
    Redraw,
    DirectorSetup,
    Start,
)
from .levels import ClockState, Schedule
from .log import EventLog, LogRead, StreamLog
from .ranking import BustRecord, Standing, assign_places, place_prize, rank_batch
from .state import Recovery, Result, TournamentState
from .stores import EventStore, reader, writer

__all__ = ["ACTIVE", "EVENT_CLASSES", "STATES", "ClockState", "Recovery", "Result", "Tournament", "TournamentState"]

STATES = ("new", "registering", "running", "hand_for_hand", "finished")
ACTIVE = frozenset(("registering", "running", "hand_for_hand"))
EVENT_CLASSES = (Start, HandPlayed, Correction, HandForHand, LateEntry, CloseRegistration, Move, Deal, End, LevelChange, Redraw,
                 Away, ClockChange)


class _Batch:
    """Players who left together: one hand, one hand-for-hand round, or the end of the tournament."""

    __slots__ = ("records", "cross_table_tie")

    def __init__(self, cross_table_tie: bool) -> None:
        self.records: list[BustRecord] = []
        self.cross_table_tie = cross_table_tie


_Commit = Callable[[], tuple[str, ...]]


class Tournament(Commands):
    """A tournament driven by events; every accepted event is logged before it takes effect.

    ``log`` is ``None`` (no log), a path (a new or empty log file, locked by
    this writer until :meth:`close`, see :class:`EventLog`), an
    :class:`EventLog`, or an open text stream.  ``equity`` says when snapshots
    are taken (:class:`EquityConfig`).  An event that is invalid or does not
    fit the current state raises :class:`TournamentError` and changes nothing,
    in memory or in the log.

    Limits: at most :data:`~pokerengine.tournament.events.MAX_FIELD` entries
    and ``2**63 - 1`` chips in play or money in the pool; an event is applied
    in time linear in its size (plus, for a deal or a bust that takes a
    snapshot, the models' own time budgets, :class:`EquityConfig`).
    """

    def __init__(self, log: str | os.PathLike[str] | EventStore | EventLog | StreamLog | IO[str] | None = None, *,
                 equity: EquityConfig | None = None, sync: bool = False) -> None:
        if equity is not None and not isinstance(equity, EquityConfig):
            raise TournamentError(f"equity must be an EquityConfig, got {type(equity).__name__}")
        if isinstance(log, (str, os.PathLike)):  # a path or a store's URL (stores.py): a new tournament
            log = writer(log, new=True, sync=sync)
        elif isinstance(log, EventLog) and (log.read.size or log._seq):
            raise TournamentError(f"{log.path} already holds events: resume it with Tournament.open(path)")
        elif isinstance(log, EventStore) and not isinstance(log, EventLog):
            if log.version:
                raise TournamentError(f"{log!r} already holds events: resume it with Tournament.open(source)")
        elif log is not None and not isinstance(log, (EventLog, StreamLog)):
            if not callable(getattr(log, "write", None)):
                raise TournamentError(f"log must be a path, an EventLog or a text stream, got {type(log).__name__}")
            log = StreamLog(log)
        self._log = log
        self.config = equity if equity is not None else EquityConfig()
        self.recovery: Recovery | None = None
        self._status = "new"
        self._prizes: list[int] = []
        self._pool = 0
        self._field = 0
        self._entry: dict[str, int] = {}  # player -> latest entry number
        self._stacks: dict[str, int] = {}  # players in play, in entry order
        self._where: dict[str, tuple[str | None, int | None]] = {}
        self._seats: dict[tuple[str, int], str] = {}
        self._batches: list[_Batch] = []
        self._round: int | None = None
        self._round_tables: set[str] = set()
        self._round_batch: _Batch | None = None
        self._locked: dict[tuple[str, int], int] = {}
        self._chips_issued = 0
        self._events: list[Event] = []
        self._snapshots: list[Snapshot] = []
        self._dcm_retry_below: int | None = None
        self._cache: tuple[int, tuple[Standing, ...]] | None = None
        self._setup: DirectorSetup | None = None
        self._schedule = Schedule()
        self._positions: dict[str, tuple[int, int, int]] = {}
        self._away: set[str] = set()
        self._clock = ClockState()

    # ----------------------------------------------------------------- views
    @property
    def status(self) -> str:
        """``new``, ``registering``, ``running``, ``hand_for_hand`` or ``finished``."""
        return self._status

    @property
    def prizes(self) -> tuple[int, ...]:
        """The prize structure now (a partial deal replaces the places still open)."""
        return tuple(self._prizes)

    @property
    def pool(self) -> int:
        return self._pool

    @property
    def field(self) -> int:
        """Entries so far (re-entries count): the worst place is ``field``."""
        return self._field

    @property
    def stacks(self) -> Mapping[str, int]:
        """Chips of the players in play, in entry order (a copy)."""
        return dict(self._stacks)

    @property
    def remaining(self) -> tuple[str, ...]:
        """Players still in play (empty once finished)."""
        return () if self._status == "finished" else tuple(self._stacks)

    @property
    def events(self) -> tuple[Event, ...]:
        """Every accepted event, as logged."""
        return tuple(self._events)

    @property
    def snapshots(self) -> tuple[Snapshot, ...]:
        return tuple(self._snapshots)

    @property
    def round(self) -> int | None:
        """The current hand-for-hand round (``None`` outside hand-for-hand or before its first hand)."""
        return self._round

    @property
    def round_tables(self) -> frozenset[str]:
        """Tables that have played the current hand-for-hand round."""
        return frozenset(self._round_tables)

    @property
    def chips_in_play(self) -> int:
        return sum(self._stacks.values())

    @property
    def chips_issued(self) -> int:
        """Starting stacks and entries, plus what corrections added (always equals :attr:`chips_in_play`)."""
        return self._chips_issued

    def table_of(self, player: str) -> str | None:
        return self._where.get(player, (None, None))[0]

    def seat_of(self, player: str) -> tuple[str | None, int | None]:
        """``(table, seat)`` of a player in play (``(None, None)`` if not seated or not in play)."""
        return self._where.get(player, (None, None))

    @property
    def setup(self) -> DirectorSetup | None:
        """How a director runs the tables (logged in the start), or ``None``."""
        return self._setup

    @property
    def level(self) -> int | None:
        """The blind level in force (``None`` without a setup)."""
        return self._schedule.level

    @property
    def on_break(self) -> bool:
        return self._schedule.on_break

    @property
    def finishing(self) -> tuple[str, ...]:
        """During a break, the tables (sorted) whose hand in play when it began is not recorded yet."""
        return tuple(sorted(self._schedule.finishing))

    @property
    def away(self) -> tuple[str, ...]:
        """The players in play who are away (:class:`~.events.Away`), sorted."""
        return tuple(sorted(p for p in self._away if p in self._stacks))

    @property
    def clock(self) -> ClockState:
        """The tournament clock's state (:class:`~.events.ClockChange` events)."""
        return self._clock

    def positions(self, table: str) -> tuple[int, int, int] | None:
        """``(button, small blind, big blind)`` of the last hand logged with positions at ``table``."""
        return self._positions.get(table)

    def locked(self, player: str) -> int:
        """Money a player in play already has from partial deals."""
        return self._locked.get((player, self._entry.get(player, 0)), 0)

    def open_prizes(self) -> tuple[int, ...]:
        """The prizes of the places still open, best first, one per player in play."""
        return tuple(place_prize(self._prizes, p) for p in range(1, len(self._stacks) + 1))

    def standings(self) -> tuple[Standing, ...]:
        """Every entry that has finished, best place first (places are provisional while registering)."""
        if self._cache is not None and self._cache[0] == len(self._events):
            return self._cache[1]
        groups = [g for b in self._batches for g in rank_batch(b.records, cross_table_tie=b.cross_table_tie)]
        out = tuple(assign_places(groups, self._field, self._prizes, self._locked))
        self._cache = (len(self._events), out)
        return out

    def standing(self, player: str, entry: int | None = None) -> Standing | None:
        """The standing of ``player``'s latest entry (or of ``entry``); ``None`` while it is in play."""
        if player not in self._entry:
            raise TournamentError(f"no player {player!r} in this tournament")
        want = self._entry[player] if entry is None else entry
        return next((s for s in self.standings() if s.player == player and s.entry == want), None)

    def payouts(self) -> dict[str, int]:
        """Prize money per player decided so far (all of a player's entries together)."""
        out: dict[str, int] = {}
        for s in self.standings():
            out[s.player] = out.get(s.player, 0) + s.prize
        return out

    def state(self) -> TournamentState:
        return TournamentState(
            status=self._status,
            prizes=tuple(self._prizes),
            pool=self._pool,
            field=self._field,
            stacks=tuple(sorted(self._stacks.items())),
            seating=tuple(sorted((p, t, s) for p, (t, s) in self._where.items())),
            locked=tuple(sorted((p, e, v) for (p, e), v in self._locked.items())),
            standings=self.standings(),
            round=self._round,
            round_tables=tuple(sorted(self._round_tables)),
            chips_issued=self._chips_issued,
            events=len(self._events),
            level=self._schedule.level,
            on_break=self._schedule.on_break,
            positions=tuple(sorted(self._positions.items())),
            away=self.away,
            clock=self._clock,
            finishing=self.finishing,
        )

    def equity(self, *, icm: bool = True, dcm: bool = False, dcm_seconds: float | None = None) -> Snapshot:
        """A snapshot of the players in play now, at any field size.

        ``dcm_seconds`` bounds DCM (``None``: the config's ``deal_dcm_seconds``,
        or 10 s); ICM is bounded by the config's ``icm_seconds``.  A model that
        times out or cannot run says so in the snapshot's ``notes``.
        """
        if dcm_seconds is None:
            dcm_seconds = self.config.deal_dcm_seconds or DEFAULT_SECONDS
        dcm_seconds = check_seconds(dcm_seconds, "dcm_seconds")
        players = self.remaining
        return snapshot(len(self._events), players, [self._stacks[p] for p in players], self.open_prizes(),
                        [self.locked(p) for p in players], icm=icm is True, dcm=dcm is True, dcm_seconds=dcm_seconds,
                        dcm_depth=self.config.dcm_depth, icm_seconds=self.config.icm_seconds)

    def __repr__(self) -> str:
        return (f"<Tournament {self._status}: {len(self.remaining)} of {self._field} in play, "
                f"pool {self._pool}, {len(self._events)} events>")

    # ------------------------------------------------------------- applying
    def check(self, event: Event) -> None:
        """Raise :class:`TournamentError` if ``event`` would be refused; change nothing either way."""
        self._plan(event)

    def can_apply(self, event: Event) -> bool:
        try:
            self._plan(event)
        except TournamentError:
            return False
        return True

    def apply(self, event: Event) -> Result:
        """Validate ``event`` fully, append it to the log, then let it take effect."""
        logged, commit = self._plan(event)
        if self._log is not None:
            self._log.append(logged)
        busted = commit()
        self._events.append(logged)
        snap = None
        if (busted or isinstance(logged, Deal)) and self._status in ACTIVE and len(self._stacks) > 1:
            try:
                snap = self._auto_snapshot()
            except Exception as exc:  # noqa: BLE001 - the event has taken effect; never report it as refused
                snap = Snapshot(len(self._events), self.remaining, tuple(self._stacks.values()), self.open_prizes(),
                                tuple(self.locked(p) for p in self._stacks),
                                notes=(f"snapshot failed: {type(exc).__name__}: {str(exc)[:200]}",))
        return Result(logged, busted, snap, self._status)

    def _plan(self, event: Event) -> tuple[Event, _Commit]:
        if type(event) is HandPlayed and self._status in ACTIVE:  # the common case, dispatched first
            return self._plan_hand(event)
        if not isinstance(event, EVENT_CLASSES):
            raise TournamentError(f"not a tournament event: {event!r}")
        if self._status == "new" and not isinstance(event, Start):
            raise TournamentError(f"cannot record a {event.name} event before the start")
        if isinstance(event, Start):
            return event, self._plan_start(event)
        if self._status not in ACTIVE:
            raise TournamentError(f"cannot record a {event.name} event: the tournament is {self._status}")
        plan: Callable[[Event], tuple[Event, _Commit]] = getattr(self, f"_plan_{event.name}")
        return plan(event)

    # ------------------------------------------------------------------ start
    def _plan_start(self, ev: Start) -> _Commit:
        if self._status != "new":
            raise TournamentError("the tournament has already started")
        seats: dict[tuple[str, int], str] = {}
        for p in ev.players:
            if p.seat is not None:
                if p.table is None:
                    raise TournamentError(f"{p.id!r} has a seat but no table")
                if (p.table, p.seat) in seats:
                    raise TournamentError(f"{p.id!r} and {seats[p.table, p.seat]!r} both sit in seat {p.seat} at table {p.table!r}")
                seats[p.table, p.seat] = p.id
        if not ev.late_registration:
            if len(ev.players) < 2:
                raise TournamentError("a tournament needs at least two players (or late registration)")
            self._check_field(ev.prizes, len(ev.players))
        if ev.setup is not None:
            for p in ev.players:
                self._check_director_seat(p.id, p.table, p.seat, ev.setup)

        def commit() -> tuple[str, ...]:
            self._prizes = list(ev.prizes)
            self._pool = sum(ev.prizes)
            if ev.setup is not None:
                self._setup, self._schedule = ev.setup, Schedule(1)
            for p in ev.players:
                self._add_entry(p.id, p.stack, p.table, p.seat)
            self._status = "registering" if ev.late_registration else "running"
            return ()

        return commit

    @staticmethod
    def _check_director_seat(player: str, table: str | None, seat: int | None, setup: DirectorSetup) -> None:
        """With a director every player in play sits at a table, in a seat the tables have."""
        if table is None or seat is None:
            raise TournamentError(f"{player!r} needs a table and a seat: a director seats every player")
        if seat > setup.seats:
            raise TournamentError(f"{player!r} is in seat {seat}, but the tables have {setup.seats} seats")

    @staticmethod
    def _check_field(prizes: Sequence[int], field: int) -> None:
        if len(prizes) > field:
            raise TournamentError(f"the prizes pay {len(prizes)} places but only {field} players entered")

    def _add_entry(self, player: str, stack: int, table: str | None, seat: int | None) -> None:
        self._entry[player] = self._entry.get(player, 0) + 1
        self._field += 1
        self._stacks[player] = stack
        self._chips_issued += stack
        self._where[player] = (table, seat)
        if table is not None and seat is not None:
            self._seats[table, seat] = player

    # ------------------------------------------------------------------- hand
    def _alive(self, player: str, what: str) -> int:
        stack = self._stacks.get(player)
        if stack is None:
            if player in self._entry:
                raise TournamentError(f"{what}: {player!r} is out of the tournament")
            raise TournamentError(f"{what}: no player {player!r} in this tournament")
        return stack

    def _plan_hand(self, ev: HandPlayed) -> tuple[Event, _Commit]:
        table = ev.table
        rnd = ev.round
        if self._status == "hand_for_hand":
            if rnd is None:
                raise TournamentError("during hand-for-hand every hand needs its round number")
            if self._round is not None:
                if rnd < self._round:
                    raise TournamentError(f"hand-for-hand round {rnd} is over: round {self._round} has started")
                if rnd == self._round and table in self._round_tables:
                    raise TournamentError(f"table {table!r} has already played hand-for-hand round {rnd}")
        elif rnd is not None:
            raise TournamentError("a round number is only for hands played hand-for-hand")
        schedule = self._schedule.after_hand(table)  # on a break: only a hand in play when it began
        positions = ev.positions
        if positions is not None and self._setup is not None and max(positions) > self._setup.seats:
            raise TournamentError(f"hand at table {table!r}: positions {list(positions)} name a seat past "
                                  f"{self._setup.seats}")
        before: dict[str, int] = {}
        where, stacks = self._where, self._stacks
        for p in ev.players:
            s = stacks.get(p)
            before[p] = s if s is not None else self._alive(p, "hand")
            t = where[p][0]
            if t is not None and t != table:
                raise TournamentError(f"hand at table {table!r}: {p!r} sits at table {t!r}")
        if ev.stacks is not None:
            after = dict(ev.stacks)
            balance = sum(after.values()) - sum(before.values())
        else:
            after = {}
            balance = 0
            for p, d in ev.deltas.items():  # type: ignore[union-attr]
                s = before[p] + d
                if s < 0:
                    raise TournamentError(f"hand at table {table!r}: {p!r} cannot lose {-d} with {before[p]} chips")
                after[p] = s
                balance += d
        if balance:
            b = sum(before.values())
            raise TournamentError(f"hand at table {table!r} does not balance: {b} chips before, {b + balance} after")
        busted = tuple(p for p, s in after.items() if s == 0) if 0 in after.values() else ()

        def commit() -> tuple[str, ...]:
            stacks = self._stacks
            stacks.update(after)
            if positions is not None:
                self._positions[table] = positions
            self._schedule = schedule
            if self._status == "hand_for_hand":
                if rnd != self._round:
                    self._round, self._round_tables, self._round_batch = rnd, set(), None
                self._round_tables.add(table)
            if busted:
                if self._status == "hand_for_hand":
                    if self._round_batch is None:
                        self._round_batch = _Batch(cross_table_tie=True)
                        self._batches.append(self._round_batch)
                    batch = self._round_batch
                else:
                    batch = _Batch(cross_table_tie=False)
                    self._batches.append(batch)
                for p in busted:
                    batch.records.append(BustRecord(p, self._entry[p], table, before[p]))
                    self._remove(p)
                self._finish_if_one()
            return busted

        return ev, commit

    def _remove(self, player: str) -> None:
        del self._stacks[player]
        table, seat = self._where.pop(player)
        if table is not None and seat is not None:
            self._seats.pop((table, seat), None)

    def _finish_if_one(self) -> None:
        if self._status != "registering" and len(self._stacks) == 1:
            self._final_batch()

    def _final_batch(self) -> None:
        """Everyone still in play finishes now, ranked by chips (the winner alone, or after an end or a deal)."""
        batch = _Batch(cross_table_tie=False)
        for p, s in self._stacks.items():
            batch.records.append(BustRecord(p, self._entry[p], self._where[p][0], s))
        self._batches.append(batch)
        self._close_round()
        self._status = "finished"

    def _close_round(self) -> None:
        self._round, self._round_tables, self._round_batch = None, set(), None

    # ------------------------------------------------------ other play events
    @staticmethod
    def _check_chips(total: int) -> None:
        if total > MAX_CHIPS:
            raise TournamentError(f"that would put {total} chips in play, more than 2**63 - 1 (the most any amount may be)")

    def _plan_correction(self, ev: Correction) -> tuple[Event, _Commit]:
        old = {p: self._alive(p, "correction") for p in ev.stacks}
        self._check_chips(self._chips_issued + sum(ev.stacks.values()) - sum(old.values()))

        def commit() -> tuple[str, ...]:
            self._stacks.update(ev.stacks)
            self._chips_issued += sum(ev.stacks.values()) - sum(old.values())
            return ()

        return ev, commit

    def _plan_hand_for_hand(self, ev: HandForHand) -> tuple[Event, _Commit]:
        if ev.on and self._status != "running":
            raise TournamentError(
                "hand-for-hand is already on" if self._status == "hand_for_hand"
                else "hand-for-hand cannot start while registration is open")
        if not ev.on and self._status != "hand_for_hand":
            raise TournamentError("hand-for-hand is not on")

        def commit() -> tuple[str, ...]:
            self._close_round()
            self._status = "hand_for_hand" if ev.on else "running"
            return ()

        return ev, commit

    def _check_seat(self, player: str, table: str | None, seat: int | None) -> None:
        if seat is None:
            return
        if table is None:
            raise TournamentError(f"{player!r} has a seat but no table")
        other = self._seats.get((table, seat))
        if other is not None and other != player:
            raise TournamentError(f"seat {seat} at table {table!r} is taken by {other!r}")

    def _plan_entry(self, ev: LateEntry) -> tuple[Event, _Commit]:
        if self._status != "registering":
            raise TournamentError("registration is closed")
        if ev.player in self._stacks:
            raise TournamentError(f"{ev.player!r} is still in play and cannot enter again")
        if self._setup is not None:
            self._check_director_seat(ev.player, ev.table, ev.seat, self._setup)
        self._check_seat(ev.player, ev.table, ev.seat)
        if self._field >= MAX_FIELD:
            raise TournamentError(f"the tournament already has {MAX_FIELD:,} entries, the most it takes")
        self._check_chips(self._chips_issued + ev.stack)  # chips issued == chips in play, kept as a running sum

        def commit() -> tuple[str, ...]:
            if ev.prizes is not None:
                self._prizes = list(ev.prizes)
                self._pool = sum(ev.prizes)
            self._add_entry(ev.player, ev.stack, ev.table, ev.seat)
            return ()

        return ev, commit

    def _plan_close_registration(self, ev: CloseRegistration) -> tuple[Event, _Commit]:
        if self._status != "registering":
            raise TournamentError("registration is already closed")
        prizes = ev.prizes if ev.prizes is not None else tuple(self._prizes)
        self._check_field(prizes, self._field)

        def commit() -> tuple[str, ...]:
            self._prizes = list(prizes)
            self._pool = sum(prizes)
            self._status = "running"
            self._finish_if_one()
            return ()

        return ev, commit

    def _plan_move(self, ev: Move) -> tuple[Event, _Commit]:
        self._alive(ev.player, "move")
        if self._setup is not None:
            self._check_director_seat(ev.player, ev.table, ev.seat, self._setup)
        self._check_seat(ev.player, ev.table, ev.seat)

        def commit() -> tuple[str, ...]:
            old_table, old_seat = self._where[ev.player]
            if old_table is not None and old_seat is not None:
                self._seats.pop((old_table, old_seat), None)
            self._where[ev.player] = (ev.table, ev.seat)
            if ev.seat is not None:
                self._seats[ev.table, ev.seat] = ev.player
            return ()

        return ev, commit

    def _plan_redraw(self, ev: Redraw) -> tuple[Event, _Commit]:
        for p, seat in ev.seats.items():
            self._alive(p, "redraw")
            if self._setup is not None:
                self._check_director_seat(p, ev.table, seat, self._setup)
            other = self._seats.get((ev.table, seat))
            if other is not None and other not in ev.seats:
                raise TournamentError(f"redraw: seat {seat} at table {ev.table!r} is taken by {other!r}, who is not redrawn")

        def commit() -> tuple[str, ...]:
            for p in ev.seats:
                old_table, old_seat = self._where[p]
                if old_table is not None and old_seat is not None:
                    self._seats.pop((old_table, old_seat), None)
            for p, seat in ev.seats.items():
                self._where[p] = (ev.table, seat)
                self._seats[ev.table, seat] = p
            self._positions.pop(ev.table, None)
            return ()

        return ev, commit

    def _plan_level(self, ev: LevelChange) -> tuple[Event, _Commit]:
        setup = self._setup
        if setup is None:
            raise TournamentError("a level event needs a tournament started with a setup (a structure)")
        after = self._schedule.after_level(ev, levels=len(setup.structure.levels), tables={t for t, _ in self._seats})

        def commit() -> tuple[str, ...]:
            self._schedule = after
            return ()

        return ev, commit

    def _plan_away(self, ev: Away) -> tuple[Event, _Commit]:
        if ev.player not in self._stacks:
            raise TournamentError(f"{shown(ev.player)} is not in play")
        if (ev.player in self._away) == ev.away:
            raise TournamentError(f"{shown(ev.player)} is {'already away' if ev.away else 'not away'}")

        def commit() -> tuple[str, ...]:
            (self._away.add if ev.away else self._away.discard)(ev.player)
            return ()

        return ev, commit

    def _plan_clock(self, ev: ClockChange) -> tuple[Event, _Commit]:
        after = self._clock.after(ev)

        def commit() -> tuple[str, ...]:
            self._clock = after
            return ()

        return ev, commit

    # ------------------------------------------------------------ deal, end
    def _plan_deal(self, ev: Deal) -> tuple[Event, _Commit]:
        if self._status == "registering":
            raise TournamentError("a deal cannot be made while registration is open")
        players = tuple(self._stacks)
        stacks = [self._stacks[p] for p in players]
        prizes = self.open_prizes()
        _deals.chopped_structure(ev.method, prizes, ev.keep)
        total = sum(prizes) - ev.keep
        if ev.amounts is None:
            amounts = _deals.chop(ev.method, players, stacks, prizes, ev.keep, dcm_seconds=self.config.deal_dcm_seconds,
                                  dcm_depth=self.config.dcm_depth, icm_seconds=self.config.icm_seconds)
            logged = Deal(ev.method, ev.keep, amounts)
        else:
            logged = ev
        _deals.check_amounts(logged.amounts, players, total, prizes[-1])  # type: ignore[arg-type]
        amounts = dict(logged.amounts)  # type: ignore[arg-type]
        r = len(players)

        def commit() -> tuple[str, ...]:
            for p in players:
                key = (p, self._entry[p])
                self._locked[key] = self._locked.get(key, 0) + amounts[p]
            head = [ev.keep] + [0] * (r - 1)
            self._prizes = head + self._prizes[r:]
            if ev.keep == 0:
                self._final_batch()
            else:
                self._close_round()
            return ()

        return logged, commit

    def _plan_end(self, ev: End) -> tuple[Event, _Commit]:
        if self._status == "registering":
            self._check_field(self._prizes, self._field)

        def commit() -> tuple[str, ...]:
            self._final_batch()
            return ()

        return ev, commit

    # -------------------------------------------------------------- snapshots
    def _auto_snapshot(self) -> Snapshot | None:
        n = len(self._stacks)
        cfg = self.config
        if n > cfg.icm_field:
            return None
        try_dcm = cfg.dcm_seconds is not None and (self._dcm_retry_below is None or n <= self._dcm_retry_below)
        snap = self.equity(icm=True, dcm=try_dcm, dcm_seconds=cfg.dcm_seconds if try_dcm else None)
        if try_dcm:
            self._dcm_retry_below = None if snap.dcm is not None else n - max(1, n // 8)
        self._snapshots.append(snap)
        return snap

    def close(self) -> None:
        """Close the log file (if the tournament owns one)."""
        if self._log is not None:
            self._log.close()

    # ---------------------------------------------------------------- replay
    @classmethod
    def replay(cls, source: str | os.PathLike[str] | IO[Any] | Iterable[str] | bytes | LogRead | EventStore, *,
               equity: EquityConfig | None = None) -> Tournament:
        """Rebuild a tournament from its log (path, file, bytes, lines, a :class:`LogRead`, a store, or a
        store's URL such as ``sqlite:///events.db?tournament=ID``); change no file or database.

        A torn last line is dropped and reported in :attr:`recovery`; an
        unreadable line, a broken ``seq``/``prev`` chain, or an event the rules
        refuse is an :class:`EventLogError` naming its line (a database's: the
        tournament and the event's number).  A logged deal is applied with its
        logged amounts; a deal line without amounts is worked out within the
        config's model budgets, or refused.
        """
        read, where = reader(source)
        t = cls(equity=equity)
        for event, line in zip(read.events, read.lines):
            try:
                t.apply(event)
            except TournamentError as exc:
                raise EventLogError(f"{where(line)}: {exc}") from None
        t.recovery = Recovery(len(read.events), read.torn, read.torn_line)
        return t

    @classmethod
    def open(cls, path: str | os.PathLike[str], *, equity: EquityConfig | None = None, sync: bool = False) -> Tournament:
        """Resume the tournament logged at ``path`` (or begin a new log there) and keep appending to it.

        Takes the log's writer lock first (:class:`EventLogError` if another
        writer holds it) and keeps it until :meth:`close`.  Once the log has
        replayed, a torn last line is cut off (its bytes kept in
        ``path + ".torn"``, reported in :attr:`recovery`); if the log cannot be
        replayed, nothing in the file is changed.  ``path`` may be a database
        store's URL (``sqlite:///events.db?tournament=ID``, ``postgresql://...``):
        the tournament is created there if missing; there is no lock, but an
        append after another writer's is refused (:class:`StaleWriterError`).
        """
        log = writer(path, new=False, sync=sync)
        try:
            t = cls.replay(log, equity=equity)
            kept = log.repair()
        except BaseException:
            log.close()
            raise
        read = log.read
        t._log = log
        t.recovery = None if read.size == 0 else Recovery(len(read.events), read.torn, read.torn_line, kept)
        return t
