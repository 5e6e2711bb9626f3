"""Betting rounds for the interpreter: who opens, whose turn, and which amounts are legal.

This is a mix-in of :class:`pokerengine.history.interpreter._Hand` (it uses
that class's state: ``bets``, ``stacks``, ``folded``, ``pending``...).  The
rules, as PokerKit applies them to PHH files:

* The opener: pre-flop the seat after the largest blind or straddle
  (heads-up the button); later rounds the first live seat from p1; stud by up
  cards (:mod:`pokerengine.history.stud`).  Players all-in, and players whom
  nobody live can still bet against, do not act.
* A bet or raise makes everyone else live with chips act again.  A round
  ends when nobody is left to act, or one player is left.
* Minimum: the larger of the last full raise and the street's minimum bet
  (small/big bet in fixed limit, ``min_bet`` otherwise) above the current bet;
  completing a stud bring-in is to the small bet.  Less is allowed all-in, or
  as exactly what the deepest opponent can match.  Fixed limit bets exactly
  the minimum and caps a round at a bet and three raises; pot limit caps a
  raise at the pot after calling.
* An incomplete all-in raise does not reopen the betting for players who
  already acted.
"""

from __future__ import annotations

from operator import add
from typing import TYPE_CHECKING, Protocol

from .amounts import amount as parse_amount
from .amounts import decimals, units
from .stud import bring_in_seat, opener_seat
from .variants import FIXED_LIMIT_CAP

if TYPE_CHECKING:
    from ..errors import IllegalActionError
    from .variants import Variant

BET = "bet"
#: ``_ROUND[n][i]``: the seats of an ``n``-player table clockwise from ``i`` (``i`` first).
_ROUND: dict[int, list[tuple[int, ...]]] = {}


#: ``_AFTER[n][i]``: the others, clockwise from the seat after ``i``.
_AFTER: dict[int, list[tuple[int, ...]]] = {}


def _rounds(n: int) -> list[tuple[int, ...]]:
    r = _ROUND[n] = [(*range(i, n), *range(i)) for i in range(n)]
    _AFTER[n] = [seats[1:] for seats in r]
    return r


def position_opener(n: int, blinds: list[int], bets: list[int]) -> int:
    """Who opens the first round of a blinds game: the seat after the largest blind or straddle posted
    (the later seat on a tie); with no blinds, the first seat (heads-up: the button)."""
    best, most = n - 1, 0
    for i in range(n):
        if blinds[i] > 0 and bets[i] >= most:
            best, most = i, bets[i]
    return (best + 1) % n


def round_start(opener: int, bets: list[int], stacks: list[int], folded: list[bool]) -> tuple[int, list[int]]:
    """The bet to match when a round starts, and who acts in turn from ``opener``: live players with
    chips whom somebody live can still bet against (none, when only one such player is left and has
    nothing to call)."""
    n = len(bets)
    order = (_ROUND.get(n) or _rounds(n))[opener]
    top = max(bets)
    if not top:  # no bets yet: everyone live with chips acts, if there are two of them
        pending = [i for i in order if stacks[i] and not folded[i]]
        return 0, pending if len(pending) > 1 else []
    totals = sorted([b + s for b, s, f in zip(bets, stacks, folded) if not f])
    second = totals[-2] if len(totals) > 1 else 0  # the second largest stack-plus-bet of live players
    pending = [i for i in order if stacks[i] and second > bets[i] and not folded[i]]
    if len(pending) == 1 and bets[pending[0]] >= top:
        pending = []
    return top, pending


class _Rescale(Exception):
    """A bet amount needs a finer chip unit than the stacks and forced bets: start again."""

    def __init__(self, scale: int) -> None:
        self.scale = scale


class _HandState(Protocol):
    """What the mix-in uses of :class:`~pokerengine.history.interpreter._Hand` (its ``self`` type).

    The methods of :class:`Betting` take ``self`` as this protocol, so they type-check against
    the hand's attributes without giving the slotted mix-in any attributes of its own.
    """

    v: Variant
    n: int
    scale: int
    stud: bool
    fixed: bool
    pot_limit: bool
    blinds: list[int]
    bring_in: int
    small_bet: int
    big_bet: int
    min_bet: int
    bets: list[int]
    stacks: list[int]
    put: list[int]
    folded: list[bool]
    live: int
    up: list[list[int]]
    up_known: list[bool]
    street: int
    phase: str
    all_in: bool
    draws_later: tuple[bool, ...]
    pending: list[int]
    acted: set[int]
    free_opener: bool
    special: bool
    completion: bool
    bring_in_due: bool
    top: int
    last_raise: int
    raises: int
    short: int

    def fail(self, message: str) -> IllegalActionError: ...
    def _chips(self, value: int) -> str: ...
    def _street_name(self) -> str: ...
    def _phase_text(self) -> str: ...
    def _check_player(self, i: int) -> None: ...
    def _next_street(self) -> None: ...
    # Betting's own methods, called on self:
    def _end_betting(self) -> None: ...
    def _opener(self) -> int | None: ...
    def _raise(self, i: int, text: str, whole: int | None) -> None: ...
    def _finer(self, raw: int | float) -> int: ...


class Betting:
    """Betting-round methods of the interpreter's hand state (a mix-in)."""

    __slots__ = ()

    def _begin_betting(self: _HandState) -> None:
        self.phase = BET
        self.acted: set[int] = set()
        self.last_raise = self.raises = self.short = 0
        opener: int | None
        if self.street and not self.stud:  # later rounds of board and draw games: the first live seat opens
            opener = 0
            self.completion = self.bring_in_due = self.free_opener = self.special = False
        else:
            due = self.street == 0 and self.stud and self.bring_in > 0
            self.completion = self.bring_in_due = due
            opener = self._opener()
            self.free_opener = opener is None
            self.special = due or opener is None
        self.top, pending = round_start(opener or 0, self.bets, self.stacks, self.folded)
        self.pending = pending
        if not pending:
            self.free_opener = self.special = False
            self._end_betting()

    def _opener(self: _HandState) -> int | None:
        v, n = self.v, self.n
        if v.opening == "position":
            if self.street:
                return 0
            return position_opener(n, self.blinds, self.bets)
        if any(not self.up_known[i] for i in range(n) if not self.folded[i]):
            return None
        up = [None if self.folded[i] else self.up[i] for i in range(n)]
        low = v.opening == "low"
        return bring_in_seat(up, low) if self.street == 0 else opener_seat(up, low)

    def _end_betting(self: _HandState) -> None:
        if self.top:
            self.put = list(map(add, self.put, self.bets))
            self.bets[:] = [0] * self.n
            self.top = 0
        self.pending = []
        if self.live <= 1:
            self.phase = "over"
            return
        stacks, folded = self.stacks, self.folded
        with_chips = 0
        for i in range(self.n):
            if stacks[i] and not folded[i]:
                with_chips += 1
                if with_chips > 1:
                    break
        else:  # at most one player can still bet
            if not self.draws_later[self.street]:
                self.all_in = True
        self._next_street()

    def _bet(self: _HandState, verb: str, i: int, text: str | None = None, whole: int | None = None) -> None:
        """A betting action, every check made (the interpreter's loop has a fast path for f and cc)."""
        self._check_player(i)
        if self.phase != BET:
            raise self.fail(f"no betting now ({self._phase_text()})")
        pending = self.pending
        if self.free_opener:  # stud up cards unknown: whoever acts first opens
            if i not in pending:
                raise self.fail(f"p{i + 1} cannot act now")
            k = pending.index(i)
            self.pending = pending = pending[k:] + pending[:k]
            self.free_opener = False
            self.special = self.bring_in_due
        if pending[0] != i:
            if not self.stacks[i]:
                raise self.fail(f"p{i + 1} is all-in")
            raise self.fail(f"out of turn: p{pending[0] + 1} is to act")
        if verb == "cbr":
            self._raise(i, text, whole)  # type: ignore[arg-type]  # a cbr always comes with its text
            return
        bets = self.bets
        if verb == "pb":
            if not self.bring_in_due:
                raise self.fail("no bring-in is due")
            pay = min(self.bring_in, self.stacks[i])
            self.bring_in_due = self.special = False
            if pay > self.top:
                self.top = pay
        elif self.bring_in_due:
            raise self.fail(f"p{i + 1} must bring in (pb) or complete (cbr)")
        elif verb == "cc":
            pay = min(self.top - bets[i], self.stacks[i])
        else:  # f
            pay = 0
            self.folded[i] = True
            self.live -= 1
        bets[i] += pay
        self.stacks[i] -= pay
        del pending[0]
        self.acted.add(i)
        if self.live == 1 or not pending:
            self._end_betting()

    def _raise(self: _HandState, i: int, text: str, whole: int | None) -> None:
        """``pi cbr text`` (``whole``: ``int(text)``, or ``None`` if that fails), every amount rule checked."""
        bets, stacks, folded, top = self.bets, self.stacks, self.folded, self.top
        to: int | None
        if whole is not None:
            to = whole * self.scale
        else:
            raw = parse_amount(text)
            to = units(raw, self.scale)
            if to is None:
                raise _Rescale(self._finer(raw))
        fixed = self.fixed
        if fixed and self.raises >= FIXED_LIMIT_CAP:
            raise self.fail(f"no more raises on the {self._street_name()} (a bet and {FIXED_LIMIT_CAP - 1} raises)")
        bet = bets[i]
        to_call = top - bet
        last_raise = self.last_raise
        if to_call < last_raise or (self.short and self.short < last_raise and i in self.acted):
            raise self.fail(f"p{i + 1} may not re-raise an incomplete all-in raise")
        stack = stacks[i]
        if stack <= to_call:
            raise self.fail(f"p{i + 1} cannot raise: calling already puts them all-in (cc)")
        others = _AFTER[self.n][i]  # clockwise from the next seat
        for j in others:  # is anyone left to call?  (what the deepest opponent can match exceeds the bet)
            if stacks[j] + bets[j] > top and not folded[j]:
                break
        else:
            raise self.fail("nobody is left to call a raise")
        most = stack + bet
        if fixed:
            step = self.big_bet if self.v.streets[self.street].big else self.small_bet
        else:
            step = self.min_bet
        least = step if step > last_raise else last_raise
        if not self.completion:
            least += top
        if to > most:
            raise self.fail(f"p{i + 1} bets {self._chips(to)} with only {self._chips(most)} (stack plus bet)")
        # All-in for less is fine; so is exactly what the deepest opponent can match, when that is
        # less than the minimum (records write the effective amount, e.g. WSOP 2023 #43 hand 03-50-24).
        if to < least and to != most:
            cover = max([stacks[j] + bets[j] for j in others if not folded[j]])
            if to != cover:
                raise self.fail(f"{self._chips(to)} is below the minimum of {self._chips(least)}")
        if fixed:
            if to > least:
                raise self.fail(f"{self._chips(to)} is not the fixed-limit amount of {self._chips(least)}")
        elif self.pot_limit:
            cap = min(most, max(least, 2 * top - bet + sum(self.put) + sum(bets)))
            if to > cap:
                raise self.fail(f"{self._chips(to)} is above the pot-limit maximum of {self._chips(cap)}")
        size = to - top
        stacks[i] = stack = most - to
        bets[i] = to
        self.top = to
        if self.completion:
            self.completion = self.bring_in_due = self.special = False
        if size >= last_raise:
            self.acted = {i}
            self.last_raise = size
            self.short = 0
        else:
            self.acted.add(i)
            if stack:
                self.short = 0
            else:  # an incomplete all-in raise; several can add up to a full one
                short = self.short + size
                self.short = 0 if short >= last_raise else short
        self.raises += 1
        self.pending = [j for j in others if stacks[j] and not folded[j]]

    def _finer(self: _HandState, raw: int | float) -> int:
        scale: int = max(self.scale, 10 ** decimals(raw))
        if scale > 10**6 or units(raw, scale) is None:
            raise self.fail(f"amount {raw!r} is not a number of chips")
        return scale
