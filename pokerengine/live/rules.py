"""The betting rule book of a live hand: who opens, who acts, how much a bet or raise may be.

Pure functions over plain lists indexed by *position* (0 = the first seat left of the button,
the last = the button), used by :class:`~pokerengine.live.Hand` in both modes.  Rule numbers are
the Poker TDA rules' (2019/2022/2024 numbering; ``docs/live.md`` lists them all):

* Turn order: pre-flop the first seat after the largest blind or straddle acts first, later
  rounds the first live seat left of the button; heads-up the button posts the small blind, acts
  first pre-flop and last after (TDA 34).  Players all-in, and players whom nobody live can still
  bet against, do not act.
* TDA 43: a bet or raise is at least the last full bet or raise of the round; the smallest opening
  bet is the big blind (pre-flop the big blind or the largest straddle is the full bet).  All-in
  for less is always allowed.
* TDA 47-A (no limit, pot limit): a player who has acted may raise again only when facing at
  least a full raise since they acted; short all-ins count together.  TDA 47-B (fixed limit):
  at least half a full bet reopens the betting.
* Pot limit: a raise is at most to the pot after the raiser's call.  Fixed limit: bets and raises
  of exactly the small bet (first two rounds) or the big bet, a cap per round.

Replay mode (:data:`~pokerengine.live.REPLAY`) accepts what either the TDA rules or PokerKit
(which recorded hands follow) accept; the PHH replayer plays by it: the full bet starts at the ``min_bet`` on every round,
the betting reopens for an increase of at least the smaller of the two rules' thresholds, and a
raise to exactly what the deepest opponent can match is allowed below the minimum.

>>> position_opener([1, 2, 0, 0], [1, 2, 0, 0])     # the seat after the big blind
2
>>> position_opener([2, 1], [2, 1])                  # heads-up: the button (position 1) opens
1
>>> round_start(2, [1, 2, 0, 0], [99, 98, 100, 100], [False] * 4)
(2, [2, 3, 0, 1])
>>> round_start(0, [0, 0, 0], [0, 50, 0], [False] * 3)   # one player with chips: no betting
(0, [])
"""

from __future__ import annotations

#: ``AFTER[n][i]``: the other positions of an ``n``-player hand, clockwise from the one after ``i``.
AFTER: dict[int, list[tuple[int, ...]]] = {}
#: ``ROUND[n][i]``: every position clockwise from ``i`` (``i`` first).
ROUND: dict[int, list[tuple[int, ...]]] = {}


def clockwise(n: int) -> list[tuple[int, ...]]:
    """``ROUND[n]``, built on first use (with ``AFTER[n]``)."""
    r = ROUND.get(n)
    if r is None:
        r = ROUND[n] = [(*range(i, n), *range(i)) for i in range(n)]
        AFTER[n] = [seats[1:] for seats in r]
    return r


def position_opener(blinds: list[int], bets: list[int]) -> int:
    """Who acts first pre-flop: the position after the largest blind or straddle posted (the later
    one on a tie), so heads-up the button; with no blinds at all, position 0."""
    n = len(bets)
    best, most = n - 1, 0
    for i in range(n):
        if blinds[i] > 0 and bets[i] >= most:
            best, most = i, bets[i]
    return (best + 1) % n


def round_start(opener: int, bets: list[int], stacks: list[int], folded: list[bool]) -> tuple[int, list[int]]:
    """The bet to match when a round starts, and who acts in turn from ``opener``: live players
    with chips whom somebody live can still bet against (nobody, when only one such player is
    left and has nothing to call)."""
    order = clockwise(len(bets))[opener]
    top = max(bets)
    if not top:
        pending = [i for i in order if stacks[i] and not folded[i]]
        return 0, pending if len(pending) > 1 else []
    totals = sorted([b + s for b, s, f in zip(bets, stacks, folded) if not f])
    second = totals[-2] if len(totals) > 1 else 0  # the second largest stack-plus-bet of live players
    pending = [i for i in order if stacks[i] and second > bets[i] and not folded[i]]
    if len(pending) == 1 and bets[pending[0]] >= top:
        pending = []
    return top, pending


def reopen_threshold(fixed: bool, full: int, step: int, replay_full: int | None) -> int:
    """The increase since a player last acted that lets them raise again.

    No limit and pot limit (TDA 47-A): a full raise, ``full``.  Fixed limit (TDA 47-B): half a
    bet, rounded up (``step`` is the round's fixed bet).  ``replay_full`` (replay mode): the last
    full raise as PokerKit (and so recorded hands) count it; the smaller threshold applies.
    """
    t = (step + 1) // 2 if fixed else full
    return t if replay_full is None or replay_full >= t else replay_full


def pot_limit_max(top: int, bet: int, pot: int) -> int:
    """The largest pot-limit raise, as a street total: the bet to match, plus the pot after calling
    (``pot``: every chip in the middle, this round's bets included).

    >>> pot_limit_max(100, 0, 250)   # 250 in, a bet of 100 to call: call 100, raise 350
    450
    """
    return 2 * top - bet + pot


# -- refusals, each naming its rule ---------------------------------------------------------------

def not_reopened(who: str, increase: int, threshold: int, fixed: bool) -> str:
    if fixed:
        return (f"TDA 47-B: the betting is not reopened for {who}: {increase} more since they acted is less "
                f"than half a bet ({threshold}); call or fold")
    return (f"TDA 47-A: the betting is not reopened for {who}: {increase} more since they acted is less "
            f"than a full raise ({threshold}); call or fold")


def below_minimum(to: int, least: int, full: int, opening: bool) -> str:
    if opening:
        return f"TDA 43: the smallest bet is {full}: bet at least {least}, or all-in, not {to}"
    return f"TDA 43: a raise is at least the last full bet or raise ({full}): to at least {least}, or all-in, not {to}"


def capped(cap: int) -> str:
    return f"fixed limit: no more raises this round (a bet and {cap - 1} raises)"
