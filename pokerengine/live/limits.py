"""The bounds of a bet or raise in a live hand: the least a full raise is, the smallest and largest allowed.

:class:`~pokerengine.live.hand.Hand` binds these as its methods (``Hand._limits``, ``Hand._open_pair_double``):
the betting structure's rules, each naming its rule when it refuses (:mod:`.rules` holds the words).

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
>>> limits(hand, hand._position(hand.to_act))   # the first to act: a full raise is to 4, up to all in
(4, 4, 100)
>>> hand.raise_to(hand.to_act, 100)[0], limits(hand, hand._position(hand.to_act))
('p3 cbr 100', 'calling puts the player all-in: call or fold')

Limits: linear in the number of players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import rules
from ..cards import rank
from ..rules import AFTER

if TYPE_CHECKING:
    from .hand import Hand

#: Why nobody may raise: the others have folded or are all in.
NOBODY_TO_CALL = "nobody is left to call a raise (the others have folded or are all-in)"


def limits(hand: Hand, p: int) -> tuple[int, int, int] | str:
    """``(least, min_to, max_to)`` for a bet or raise by position ``p`` (``least``: the full
    minimum), or the reason none is allowed, naming the rule."""
    fixed = hand.fixed
    if fixed and hand._raises >= hand.options.raise_cap and (hand.options.cap_heads_up or hand._live > 2):
        return rules.capped(hand.options.raise_cap)
    top, bets, stacks = hand._top, hand._bets, hand._stacks
    faced = hand._faced[p]
    if faced >= 0:
        t = rules.reopen_threshold(fixed, hand._full, hand._step, hand._rep_full if hand.replay else None)
        if top - faced < t:
            return rules.not_reopened(f"seat {hand.seats[p]}", top - faced, t, fixed)
    bet, stack = bets[p], stacks[p]
    if stack <= top - bet:
        return "calling puts the player all-in: call or fold"
    folded = hand._folded
    for j in AFTER[hand.n][p]:  # is anyone left to call?
        if not folded[j] and stacks[j] + bets[j] > top:
            break
    else:
        return NOBODY_TO_CALL
    most = stack + bet
    if hand._completion:
        least = hand._step  # stud: the bring-in is completed to the small bet
    elif hand.replay:
        r = hand._rep_full
        least = top + (r if r > hand._step else hand._step)
    else:
        least = top + hand._full
    low = least if most >= least else most
    if fixed:
        return least, low, low
    if hand.pot_limit:
        cap = rules.pot_limit_max(top, bet, sum(hand._put) + sum(bets))
        high = most if most <= cap else (cap if cap > least else least)
        return least, low, high if high <= most else most  # never more than the stack (a short stack's all-in)
    return least, low, most


def open_pair_double(hand: Hand) -> bool:
    """Seven card stud high, fourth street, a live player's up cards paired, the small bet still the
    step, and the option on (:attr:`Options.open_pair_double`, on in replay mode): the big bet is allowed."""
    if not hand.options.open_pair_double or hand.variant.game != "stud" or hand._street != 1:
        return False
    if hand._step != hand.steps[0] or hand._completion:
        return False
    for p, up in enumerate(hand._up):
        if not hand._folded[p] and len({rank(c) for c in up}) < len(up):
            return True
    return False
