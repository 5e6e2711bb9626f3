"""The friendly methods of :class:`~pokerengine.tournament.Tournament`: one per event, and settled hands.

Each builds the event and hands it to ``apply``; the state machine itself is in
:mod:`.machine`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from .._checks import chips, shown
from ..errors import TournamentError
from ..settlement import Settlement
from .events import (
    CloseRegistration,
    Correction,
    Deal,
    End,
    Entrant,
    HandPlayed,
    HandForHand,
    LateEntry,
    LevelChange,
    Move,
    Start,
    player_id,
)

if TYPE_CHECKING:
    from .machine import Result


class Commands:
    """Mixin: ``start``, ``hand``, ``record_settlement``, ``correct``, ``hand_for_hand``, ``enter``,
    ``close_registration``, ``move``, ``deal``, ``end``."""

    _status: str

    def apply(self, event: Any) -> Result:  # pragma: no cover - provided by Tournament
        raise NotImplementedError

    def _alive(self, player: str, what: str) -> int:  # pragma: no cover - provided by Tournament
        raise NotImplementedError

    def start(self, prizes: Iterable[int], players: Iterable[Entrant | Mapping[str, Any]] | Mapping[str, int], *,
              late_registration: bool = False) -> Result:
        """Start: ``prizes`` best place first; ``players`` as Entrants, dicts, or ``{id: stack}``."""
        return self.apply(Start(prizes, players, late_registration))

    def hand(self, table: str, stacks: Mapping[str, int] | None = None, *, deltas: Mapping[str, int] | None = None,
             round: int | None = None) -> Result:
        """Record a hand at ``table``: ``stacks`` after it, or chip ``deltas``."""
        return self.apply(HandPlayed(table, stacks, deltas, round))

    def correct(self, stacks: Mapping[str, int], reason: str = "") -> Result:
        return self.apply(Correction(stacks, reason))

    def hand_for_hand(self, on: bool = True) -> Result:
        return self.apply(HandForHand(on))

    def enter(self, player: str, stack: int, *, table: str | None = None, seat: int | None = None,
              prizes: Iterable[int] | None = None) -> Result:
        """A late entry or re-entry while registration is open."""
        return self.apply(LateEntry(player, stack, table, seat, prizes))

    def close_registration(self, prizes: Iterable[int] | None = None) -> Result:
        return self.apply(CloseRegistration(prizes))

    def move(self, player: str, table: str, seat: int | None = None) -> Result:
        return self.apply(Move(player, table, seat))

    def deal(self, method: str = "icm", *, keep: int = 0, amounts: Mapping[str, int] | None = None) -> Result:
        return self.apply(Deal(method, keep, amounts))

    def end(self, reason: str = "") -> Result:
        return self.apply(End(reason))

    def set_level(self, level: int, *, on_break: bool = False, in_play: Iterable[str] = ()) -> Result:
        """The blind level in force from the next hand (``on_break``: play stops for a break;
        ``in_play``: the tables whose hand in play is finished, and recorded, during it)."""
        return self.apply(LevelChange(level, on_break, in_play))

    def record_settlement(self, table: str, settlement: Settlement, seats: Mapping[int, str], *,
                          dead: Mapping[str, int] | None = None, round: int | None = None,
                          positions: tuple[int, int, int] | None = None) -> Result:
        """Record a hand settled by :func:`pokerengine.settle`; ``seats`` maps seat numbers to players.

        The hand is logged as chip deltas (each seat's ``net``).  A tournament
        hand has no rake.  Dead money (a big-blind ante posted as dead, say)
        must say who paid it: ``dead`` maps those players to the amounts, which
        add up to the settlement's ``dead``.  ``positions``: the hand's
        ``(button, small blind, big blind)`` seats, logged with it.
        """
        if not isinstance(settlement, Settlement):
            raise TournamentError(f"settlement must be a pokerengine Settlement, got {type(settlement).__name__}")
        if settlement.rake:
            raise TournamentError(f"a tournament hand has no rake, but {settlement.rake} was raked")
        if not isinstance(seats, Mapping):
            raise TournamentError(f"seats must map seat numbers to players, got {type(seats).__name__}")
        if dead is not None and not isinstance(dead, Mapping):
            raise TournamentError(f"dead must map players to the dead chips they paid, got {type(dead).__name__}")
        dead = {player_id(p, "a player who paid dead money"): chips(a, f"dead money paid by {shown(p)}", error=TournamentError)
                for p, a in (dead or {}).items()}
        if sum(dead.values()) != settlement.dead:
            raise TournamentError(f"the settlement has {settlement.dead} dead chips; say who paid them "
                                  f"(dead= adds up to {sum(dead.values())})")
        deltas: dict[str, int] = {}
        put_in: dict[str, int] = {}
        for seat in settlement.seats:
            player = seats.get(seat.seat)
            if player is None:
                raise TournamentError(f"seat {seat.seat} of the settlement is not mapped to a player")
            player_id(player, f"the player in seat {seat.seat}")
            if player in deltas:
                raise TournamentError(f"{player!r} is mapped to two seats")
            deltas[player] = settlement.net[seat.seat]
            put_in[player] = seat.contributed
        for player, amount in dead.items():
            deltas[player] = deltas.get(player, 0) - amount
            put_in[player] = put_in.get(player, 0) + amount
        for player, amount in put_in.items():
            stack = self._alive(player, "settlement") if self._status in ("registering", "running", "hand_for_hand") else amount
            if amount > stack:
                raise TournamentError(f"{player!r} put in {amount} chips but has only {stack}")
        return self.apply(HandPlayed(table, deltas=deltas, round=round, positions=positions))
