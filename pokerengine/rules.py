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
* A short blind or straddle (:attr:`~pokerengine.live.Options.full_blind`, Robert's Rules, the
  TDA's long-standing convention): the others still owe its full amount and the minimum raise is
  measured from it, while somebody other than the player to act could still bet it; once nobody
  could, the bet to match is what was really bet (the rest would only come back uncalled).

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

A short big blind: blinds 1/2, the big blind (position 1) all in for 1.  The button owes the full
blind; heads-up against the short blind alone, the small blind has nothing to call:

>>> round_start(2, [1, 1, 0], [99, 0, 100], [False] * 3, owed=2)
(2, [2, 0])
>>> round_start(0, [1, 1], [99, 0], [False] * 2, owed=2)
(1, [])
>>> owed_top(2, 0, [1, 1, 0], [99, 0, 100], [False, False, True])   # the button folded
1
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


def round_start(opener: int, bets: list[int], stacks: list[int], folded: list[bool],
                owed: int = 0) -> tuple[int, list[int]]:
    """The bet to match when a round starts, and who acts in turn from ``opener``: live players
    with chips whom somebody live can still bet against (nobody, when only one such player is
    left and has nothing to call).  ``owed``: the full amount of a blind or straddle posted short,
    the bet to match while it binds (:func:`owed_top`)."""
    order = clockwise(len(bets))[opener]
    top = max(bets)
    if not top and not owed:
        pending = [i for i in order if stacks[i] and not folded[i]]
        return 0, pending if len(pending) > 1 else []
    totals = sorted([b + s for b, s, f in zip(bets, stacks, folded) if not f])
    second = totals[-2] if len(totals) > 1 else 0  # the second largest stack-plus-bet of live players
    pending = [i for i in order if stacks[i] and second > bets[i] and not folded[i]]
    if pending and owed > top:
        top = owed_top(owed, pending[0], bets, stacks, folded)
    if len(pending) == 1 and bets[pending[0]] >= top:
        pending = []
    return top, pending


def owed_top(top: int, p: int, bets: list[int], stacks: list[int], folded: list[bool]) -> int:
    """The bet position ``p`` must match: ``top``; but a short blind's full amount that nobody has
    bet (``top`` above every bet) binds only while a live player other than ``p`` has chips to
    bet it: otherwise the largest bet, which is then all ``p`` can be called for."""
    n = len(bets)
    clockwise(n)
    for j in AFTER[n][p]:
        if stacks[j] and not folded[j]:
            return top
    most = max(bets)
    return most if most < top else top


def forced_bets(stack: int, ante: int, blind: int, *, blind_first: bool = False) -> tuple[int, int]:
    """The ante and the blind one seat posts from ``stack`` before the first street: the ante first,
    then the blind, each capped by what is left; a big blind ante (``blind_first``) after the
    blind, so that a short big blind's chips go to its blind (TDA 2024).

    >>> forced_bets(50, 10, 200), forced_bets(250, 200, 100, blind_first=True), forced_bets(250, 200, 100)
    ((10, 40), (150, 100), (200, 50))
    """
    if blind_first:
        posted = min(blind, stack)
        return min(ante, stack - posted), posted
    paid = min(ante, stack)
    return paid, min(blind, stack - paid)


def full_blind(blinds: list[int] | tuple[int, ...], posted: list[int] | tuple[int, ...]) -> int:
    """The full amount owed pre-flop when the largest blind or straddle was posted short (its
    player is all in), else 0: ``blinds`` as due, ``posted`` as posted.

    >>> full_blind([1, 2, 0], [1, 1, 0]), full_blind([1, 2, 4], [1, 2, 3]), full_blind([1, 2, 4], [1, 1, 4])
    (2, 4, 0)
    """
    due = max(blinds, default=0)
    return due if max(posted, default=0) < due else 0


def first_round(blinds: tuple[int, ...], bets: list[int], step: int, fixed: bool, replay: bool,
                full: bool) -> tuple[int, int, int]:
    """Pre-flop (board and draw games): the full bet (the step, or the largest blind or straddle
    when larger; fixed limit: the step), the raises already made (live fixed limit: the big
    blind is the bet and a straddle a raise, each as due when a blind was posted short), and what
    a short blind or straddle still owes (``full``: :func:`full_blind`; else 0).

    >>> first_round((1, 2, 0), [1, 1, 0], 2, False, False, True)   # no limit, a short big blind
    (2, 0, 2)
    >>> first_round((1, 2, 0), [1, 1, 0], 2, True, False, True)    # fixed limit: the blind is the bet
    (2, 1, 2)
    >>> first_round((2, 4, 8), [2, 4, 8], 2, False, False, True)   # no limit, a straddle: the full bet
    (8, 0, 0)
    """
    top_blind = max(blinds)
    owed = full_blind(blinds, bets) if full else 0
    raises = len({b for b in (blinds if owed else bets) if b >= step}) if fixed and not replay else 0
    return (step if fixed or step >= top_blind else top_blind), raises, owed


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
