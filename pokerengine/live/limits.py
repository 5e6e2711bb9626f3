"""The bounds of a bet or raise in a live hand: the least a full raise is, the smallest and largest allowed.

Each function reads the hand's :class:`~pokerengine.live.state.HandState` (changing nothing): the
betting structure's rules, each naming its rule when it refuses (:mod:`pokerengine.rules` holds the words).

* Fixed limit: the raise cap (TDA 50 by default: a bet and three raises), heads-up uncapped unless asked.
* An all-in raise for less than a full raise does not reopen the betting for those who already acted
  (TDA 43-B), in replay mode measured as the sites do (:func:`.rules.reopen_threshold`).
* A player who can only call all in, or with nobody left to call a raise, may not raise
  (:data:`NOBODY_TO_CALL`).
* No limit: from the least full raise (the last full raise's size, at least the big blind) to all in;
  pot limit: to the pot after calling (:func:`.rules.pot_limit_max`); fixed limit: exactly one step.
* Seven card stud high: an open pair on fourth street allows the big bet (a house rule, on in replay).

>>> import random
>>> from pokerengine.live import Hand
>>> hand = Hand("NT", [100, 100, 100], blinds=(1, 2), rng=random.Random(1))
>>> state = hand._state
>>> limits(state, 2)   # position 2 (seat 3) acts first: a full raise is to 4, up to all in
(4, 4, 100)
>>> hand.raise_to(3, 100)[0], limits(state, 0)
('p3 cbr 100', 'calling puts the player all-in: call or fold')

Limits: linear in the number of players.
"""

from __future__ import annotations

from .. import rules
from ..cards import rank
from ..rules import AFTER
from .state import HandState

#: Why nobody may raise: the others have folded or are all in.
NOBODY_TO_CALL = "nobody is left to call a raise (the others have folded or are all-in)"


def limits(s: HandState, p: int) -> tuple[int, int, int] | str:
    """``(least, min_to, max_to)`` for a bet or raise by position ``p`` (``least``: the full
    minimum), or the reason none is allowed, naming the rule."""
    fixed = s.fixed
    if fixed and s.raises >= s.options.raise_cap and (s.options.cap_heads_up or s.live > 2):
        return rules.capped(s.options.raise_cap)
    top, bets, stacks = s.top, s.bets, s.stacks
    faced = s.faced[p]
    if faced >= 0:
        t = rules.reopen_threshold(fixed, s.full, s.step, s.rep_full if s.replay else None)
        if top - faced < t:
            return rules.not_reopened(f"seat {s.seats[p]}", top - faced, t, fixed)
    bet, stack = bets[p], stacks[p]
    if stack <= top - bet:
        return "calling puts the player all-in: call or fold"
    folded = s.folded
    for j in AFTER[s.n][p]:  # is anyone left to call?
        if not folded[j] and stacks[j] + bets[j] > top:
            break
    else:
        return NOBODY_TO_CALL
    most = stack + bet
    if s.completion:
        least = s.step  # stud: the bring-in is completed to the small bet
    elif s.replay:
        r = s.rep_full
        least = top + (r if r > s.step else s.step)
    else:
        least = top + s.full
    low = least if most >= least else most
    if fixed:
        return least, low, low
    if s.pot_limit:
        cap = rules.pot_limit_max(top, bet, sum(s.put) + sum(bets))
        high = most if most <= cap else (cap if cap > least else least)
        return least, low, high if high <= most else most  # never more than the stack (a short stack's all-in)
    return least, low, most


def open_pair_double(s: HandState) -> bool:
    """Seven card stud high, fourth street, a live player's up cards paired, the small bet still the
    step, and the option on (:attr:`Options.open_pair_double`, on in replay mode): the big bet is allowed."""
    if not s.options.open_pair_double or s.variant.game != "stud" or s.street != 1:
        return False
    if s.step != s.steps[0] or s.completion:
        return False
    for p, up in enumerate(s.up):
        if not s.folded[p] and len({rank(c) for c in up}) < len(up):
            return True
    return False


def cover(s: HandState, p: int) -> int:
    """What the deepest opponent of position ``p`` can match (replay mode accepts a raise to exactly that)."""
    bets, stacks, folded = s.bets, s.stacks, s.folded
    return max([stacks[j] + bets[j] for j in AFTER[s.n][p] if not folded[j]])
