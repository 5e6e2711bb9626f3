"""A betting action in a live hand: a fold, a check or call, a bring-in (:func:`bet`), a bet or raise
(:func:`raise_to`), every rule checked before anything changes.

Each function takes the hand's :class:`~pokerengine.live.state.HandState` and the acting position; a
refused action raises :class:`~pokerengine.errors.IllegalActionError` naming the rule and leaves the
state as it was.  The bounds of a raise are :mod:`~pokerengine.live.limits`; what a replay accepts
beyond them, :mod:`~pokerengine.live.records`; the end of the round, :mod:`~pokerengine.live.streets`.

Limits: each action is linear in the number of players.
"""

from __future__ import annotations

from .. import rules
from ..rules import AFTER
from .limits import NOBODY_TO_CALL, limits, open_pair_double
from .phases import BET
from .records import replay_accepts
from .state import HandState
from .streets import end_betting

__all__ = ["bet", "raise_to"]

_VERBS = {"f": "fold", "cc": "check or call", "check": "check", "call": "call"}


def bet(s: HandState, p: int, verb: str, to: int | None = None) -> None:
    """A betting action of position ``p``: ``f``, ``cc``, ``check``, ``call``, ``pb`` (bring in) or
    ``cbr`` to ``to``."""
    if s.phase is not BET:
        raise s.illegal(p, f"no betting now ({s.phase_text()})")
    pending = s.pending
    if s.free_opener and p in pending:  # replay: up cards unknown, whoever acts first opens
        k = pending.index(p)
        s.pending = pending[k:] + pending[:k]
        s.free_opener = False
        try:
            bet(s, p, verb, to)
        except BaseException:  # refused (or played again in a finer unit): as it was
            s.pending, s.free_opener = pending, True
            raise
        return
    if pending[0] != p:
        if s.folded[p]:
            raise s.illegal(p, "has folded")
        if not s.stacks[p]:
            raise s.illegal(p, "is all-in")
        raise s.illegal(p, f"out of turn: seat {s.seats[pending[0]]} is to act (TDA 53)")
    if verb == "cbr":
        raise_to(s, p, to)  # type: ignore[arg-type]
        return
    bets, stacks, top = s.bets, s.stacks, s.top
    if s.bring_in_due:
        if verb != "pb":
            raise s.illegal(p, f"stud: the bring-in must bring in ({s.bring_in_amount}) or complete "
                               f"to the small bet ({s.steps[0]}), not {_VERBS.get(verb, verb)}")
        stack = stacks[p]
        pay = s.bring_in_amount if s.bring_in_amount < stack else stack
        bets[p] += pay
        stacks[p] = stack - pay
        if pay > top:
            s.top = top = pay
        s.bring_in_due = False
        s.log.append(f"p{p + 1} pb")
    elif verb == "pb":
        raise s.illegal(p, "no bring-in is due")
    elif verb == "f":
        s.folded[p] = True
        s.live -= 1
        s.log.append(f"p{p + 1} f")
    else:
        owe = top - bets[p]
        if owe and verb == "check":
            raise s.illegal(p, f"cannot check: {min(owe, stacks[p])} to call")
        if not owe and verb == "call":
            raise s.illegal(p, "nothing to call: check")
        if owe:
            stack = stacks[p]
            pay = owe if owe < stack else stack
            bets[p] += pay
            stacks[p] = stack - pay
        s.log.append(f"p{p + 1} cc")
    del pending[0]
    s.faced[p] = top
    if s.live == 1 or not pending:
        end_betting(s)
    else:  # a short blind's full amount is owed while somebody else could still bet it
        s.top = rules.owed_top(top, pending[0], bets, stacks, s.folded)


def raise_to(s: HandState, p: int, to: int) -> None:
    """Position ``p``, to act, bets or raises to ``to`` (its total for the round)."""
    lim = limits(s, p)
    if isinstance(lim, str):
        if not (lim is NOBODY_TO_CALL and s.replay and s.top < to <= s.stacks[p] + s.bets[p]):
            raise s.illegal(p, lim)
        lim = (to, to, to)  # a replay accepts it, as the sites do: the raise comes back uncalled
    least, low, high = lim
    bets, stacks, top = s.bets, s.stacks, s.top
    most = stacks[p] + bets[p]
    double = s.fixed and to > high and to == top + s.steps[1] and to <= most and open_pair_double(s)
    if double:  # seven card stud: an open pair on fourth street allows the big bet (house rule, PokerStars)
        high = low = to
    if to > high:
        if to > most:
            raise s.illegal(p, f"bets {to} with only {most} (stack plus bet): table stakes")
        if s.fixed:
            raise s.illegal(p, f"fixed limit: a bet or raise here is to exactly {low}, not {to}")
        raise s.illegal(p, f"pot limit: a raise is at most to {high} (the pot after calling), not {to}")
    if to < low and not (s.replay and replay_accepts(s, p, to)):
        if s.completion:
            raise s.illegal(p, f"stud: completing the bring-in is to the small bet ({least}), or all-in, "
                               f"not {to}")
        raise s.illegal(p, rules.below_minimum(to, least, least - top, top == 0))
    if to % s.unit and to != most:
        raise s.illegal(p, f"amounts are whole chips of {s.unit}; {to} is not")
    size = to - top
    stacks[p] = most - to
    bets[p] = to
    if size >= s.rep_full:
        s.rep_full = size
    if size >= s.full and not s.fixed:
        s.full = size
    if double:  # from here on this street's bets and raises are big bets
        s.step = s.full = s.steps[1]
    s.top = to
    s.raises += 1
    s.aggressor = p
    if s.completion:  # the first bet of third street: the bring-in is over
        s.completion = s.bring_in_due = False
        if to >= least:  # a full completion reopens the betting for everyone
            s.faced = [-1] * s.n
    s.faced[p] = to
    folded = s.folded
    s.pending = [j for j in AFTER[s.n][p] if stacks[j] and not folded[j]]
    s.log.append(f"p{p + 1} cbr {to}")
    if not s.pending:  # replay: a raise when everyone else is all in (it comes back uncalled)
        end_betting(s)
