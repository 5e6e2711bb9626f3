"""The short way through the usual hand: hold'em or Omaha, no limit or pot limit, whole chips.

Every such variant takes it: PHH's ``NT`` and ``PO``, and pokerengine's own board codes of no limit
or pot limit (``PT``, ``NO``, ``PO/8``, five- and six-card Omaha ``PO5``, ``NO6/8``...); not short
deck, fixed limit, stud or draw games.

:func:`play_quick` plays such a hand's actions on plain local values and returns the
fields of its :class:`~pokerengine.live.interpreter.Outcome`, or ``None`` as soon as
anything is out of the ordinary: an action that breaks a rule, an unknown
card, a deal of part of a player's cards or of the flop, a raise below the
minimum (legal only all-in or as what the deepest opponent can match), an
incomplete all-in raise, an amount with decimals, a history that stops before
the end.  :func:`~pokerengine.live.interpreter.interpret` then plays the
hand through the live engine in replay mode (:func:`pokerengine.live.from_history`),
which accepts it or names the fault.

So this path accepts only what the engine accepts, with the same outcome: the
same rules (who opens and who acts come from the engine's
:func:`~pokerengine.rules.position_opener` and
:func:`~pokerengine.rules.round_start`; the amount checks are the replay
mode's for the cases taken here), on fewer kinds of hand.  It stays because it
is measured to matter (``docs/replay.md``: about twice the engine's speed
on the Pluribus corpus), and ``tests/live/test_history_quick.py`` holds the two ways to
the same answers on every corpus hand and on random and mutated hands of every variant.

>>> from pokerengine.phh.reader import loads
>>> text = '''variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AsKd", "d dh p2 QhQc", "d dh p3 7c2d", "p3 f", "p1 cbr 6", "p2 f"]'''
>>> hand = loads(text)
>>> play_quick(hand, VARIANTS["NT"], PLANS["NT"])[1]  # contributed
(6, 2, 0)
>>> play_quick(loads(text.replace(', "p2 f"', "")), VARIANTS["NT"], PLANS["NT"]) is None  # p2 to act
True
"""

from __future__ import annotations

from operator import add, sub
from typing import TYPE_CHECKING, Any

from ..errors import HistoryParseError
from ..phh.notation import CARD, COMPILED, DEALT_TO, TWO_CARDS, compiled_action
from ..phh.record import HandHistory
from ..phh.variants import VARIANTS, Variant
from ..rules import AFTER, position_opener, round_start

if TYPE_CHECKING:
    from typing import TypeAlias

    #: (starting stacks, antes, stacks and bets after the forced bets, min_bet, top, who acts first)
    Setup: TypeAlias = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int,
                             tuple[int, ...]]
    #: The Outcome fields after variant and scale: starting, contributed, antes, folded, cards, board.
    Fields: TypeAlias = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[bool, ...],
                              tuple[tuple[int, ...] | None, ...], tuple[int, ...]]

DEAL, BET, SHOWDOWN, OVER = "deal", "bet", "showdown", "over"


def _plan(v: Variant) -> tuple[int, tuple[int, ...]] | None:
    """``(hole cards, board cards per street)`` if ``v`` takes the short way, else ``None``."""
    first, later = v.streets[0], v.streets[1:]
    if (v.kind != "board" or v.opening != "position" or v.lowest_rank or v.betting not in ("no-limit", "pot-limit")
            or not first.hole or first.board or first.draw
            or any(s.hole or s.draw or not s.board for s in later)):
        return None
    return len(first.hole), (0, *(s.board for s in later))


#: Variant code -> the plan of the variants that take the short way (NT, PO, PT, NO5, PO6/8...).
PLANS: dict[str, tuple[int, tuple[int, ...]]] = {
    code: plan for code, v in VARIANTS.items() if (plan := _plan(v)) is not None
}


#: The table before the first action, by the amounts the file gives (stacks, antes, blinds or
#: straddles, bet sizes): the same tables recur from hand to hand.  Bounded; ``clear_caches`` empties it.
SETUPS: dict[tuple[Any, ...], Setup] = {}
_INT = frozenset((int,))
_INT_OR_NONE = frozenset((int, type(None)))


def _setup(key: tuple[Any, ...]) -> Setup | None:
    """Stacks, antes and blinds posted, and who acts first, for a table of ``int`` amounts, else ``None``.

    Equal keys are equal amounts, so a table read from ``10000.0`` shares the entry of ``10000``:
    the engine reads both as the same chips.
    """
    starting, antes, blinds, *sizes = key
    if sizes[0] is None:  # no min_bet (a pokerengine code's record may lack it): the engine names the field
        return None
    if not (_INT.issuperset(map(type, starting)) and _INT.issuperset(map(type, antes or ()))
            and _INT.issuperset(map(type, blinds or ())) and _INT_OR_NONE.issuperset(map(type, sizes))):
        return None
    stacks = list(starting)
    n = len(stacks)
    if min(stacks) <= 0:
        return None
    antes = list(antes or (0,) * n)
    blinds = list(blinds or (0,) * n)
    if n == 2:  # heads-up, forced bets are reverse-assigned (the button posts the small blind)
        antes.reverse()
        blinds.reverse()
    antes = list(map(min, antes, stacks))  # a short stack posts what it has
    stacks = list(map(sub, stacks, antes))
    bets = list(map(min, blinds, stacks))
    stacks = list(map(sub, stacks, bets))
    # the first round, once the hole cards are out (nothing else can happen before)
    top, pending = round_start(position_opener(blinds, bets), bets, stacks, [False] * n)
    if len(SETUPS) > 1000:
        SETUPS.clear()
    setup = SETUPS[key] = (tuple(starting), tuple(antes), tuple(stacks), tuple(bets), sizes[0] or 0, top,
                           tuple(pending))
    return setup


def play_quick(hand: HandHistory, v: Variant, plan: tuple[int, tuple[int, ...]]) -> Fields | None:
    """The fields of ``hand``'s :class:`~pokerengine.live.interpreter.Outcome` after ``variant`` and
    ``scale`` (starting stacks, contributions, antes, folds, cards, board), or ``None`` to play it in full.
    """
    if "_posts" in hand.user_fields:  # live posts out of position: the engine knows them
        return None
    key = (hand.starting_stacks, hand.antes, hand.blinds_or_straddles, hand.min_bet, hand.bring_in, hand.small_bet,
           hand.big_bet)
    setup = SETUPS.get(key) or _setup(key)
    if setup is None:
        return None
    starting, antes, stacks_posted, bets_posted, min_bet, first_top, first_pending = setup
    holes, boards = plan
    streets = len(boards)
    n = len(stacks_posted)
    stacks = list(stacks_posted)
    bets = list(bets_posted)
    put = list(antes)
    pot_limit = v.betting == "pot-limit"
    folded = [False] * n
    live = n
    hole: list[tuple[int, ...]] = [()] * n
    board: list[int] = []
    seen: set[int] = set()
    to_deal = n  # players still owed their hole cards
    street = need_board = top = last_raise = 0
    phase = DEAL
    pending: list[int] = []
    all_in = False
    able: list[int] = []
    compiled = COMPILED
    # The action's compiled form (None for the deals read in place: then verb is "dh" or "db"), its
    # player and its cards: which of them is set, and from where, follows the verb, which the type
    # checker cannot track; typed Any rather than checked again in this loop.
    a: Any
    i: Any
    cards: Any
    for text in hand.actions:
        a = compiled.get(text)
        if a is None:  # "d dh p3 AsKd" and "d db 7d5h9d" read in place (known cards)
            i = DEALT_TO.get(text[:8])
            if i is not None and (cards := TWO_CARDS.get(text[8:])) is not None:
                verb = "dh"
            elif (len(text) == 11 and text[:5] == "d db " and (cards := TWO_CARDS.get(text[5:9])) is not None
                  and (third := CARD.get(text[9:])) is not None):
                verb = "db"
                cards = (*cards, third)
            else:
                try:
                    a = compiled_action(text)
                except HistoryParseError:
                    return None
                verb = a[0]
                if verb == "dh":
                    i, cards = a[1], a[2]
                    if None in cards:
                        return None
                elif verb == "db":
                    cards = a[1]
                    if None in cards:
                        return None
        else:
            verb = a[0]
            if verb == "db":
                cards = a[1]
                if None in cards:
                    return None
        if verb == "f" or verb == "cc":
            i = a[1]
            if phase is not BET or pending[0] != i:  # (betting, somebody is always to act)
                return None
            del pending[0]
            if verb == "cc":
                pay = top - bets[i]
                if pay:
                    stack = stacks[i]
                    if pay > stack:
                        pay = stack
                    bets[i] += pay
                    stacks[i] = stack - pay
            else:
                folded[i] = True
                live -= 1
            if pending and live > 1:
                continue
            # the round is over: below
        elif verb == "cbr":
            i = a[1]
            to = a[3]
            if phase is not BET or pending[0] != i or to is None:
                return None
            # The engine's checks of a raise (no incomplete all-in raise has happened: see below).
            bet = bets[i]
            stack = stacks[i]
            to_call = top - bet
            if to_call < last_raise or stack <= to_call:
                return None
            others = AFTER[n][i]
            for j in others:  # somebody is left to call
                if stacks[j] + bets[j] > top and not folded[j]:
                    break
            else:
                return None
            most = stack + bet
            least = (min_bet if min_bet > last_raise else last_raise) + top
            if to > most or (to < least and to != most):
                return None
            if pot_limit and to > min(most, max(least, 2 * top - bet + sum(put) + sum(bets))):
                return None
            size = to - top
            if size < last_raise:  # an incomplete all-in raise: the engine keeps count of those
                return None
            stacks[i] = most - to
            bets[i] = to
            top = to
            last_raise = size
            pending = [j for j in others if stacks[j] and not folded[j]]
            continue
        elif verb == "dh":
            if phase is not DEAL or street or i >= n or hole[i] or len(cards) != holes:
                return None
            hole[i] = cards
            seen.update(cards)
            to_deal -= 1
            if to_deal:
                continue
            if len(seen) != holes * n:  # a card dealt twice
                return None
            top, pending = first_top, list(first_pending)  # nothing has changed since the setup
            last_raise = 0
            if pending:
                phase = BET
                continue
            # nobody can act: the round is over at once, below
        elif verb == "db":
            if phase is not DEAL or not street or len(cards) != need_board:
                return None
            seen.update(cards)
            board += cards
            if len(seen) != holes * n + len(board):  # a card dealt twice
                return None
            # round_start(0, ...) with no bets: those who can act, if two can (the round's end saw to it)
            pending = able
            last_raise = 0
            if pending:
                phase = BET
                continue
        elif verb == "sm":
            i = a[1]
            if i >= n or folded[i] or (phase is not OVER and phase is not SHOWDOWN and not all_in):
                return None
            shown = a[2]
            if a[3]:  # "sm -": shows the cards dealt, all known here
                continue
            if shown is None:  # a muck concedes (the last player left just does not show)
                if phase is not OVER:
                    folded[i] = True
                    live -= 1
                    if live == 1:
                        phase = OVER
                continue
            if None in shown or sorted(shown) != sorted(hole[i]):
                return None
            continue
        elif verb == "noop":
            continue
        else:
            return None
        # The betting round is over (the engine's streets.end_betting).
        if top:
            put = list(map(add, put, bets))
            bets = [0] * n
            top = 0
        pending = []
        if live <= 1:
            phase = OVER
            continue
        able = [j for j in range(n) if stacks[j] and not folded[j]]  # can still bet, in turn from p1
        if len(able) < 2:  # at most one player can still bet: nothing changes that now
            all_in = True
            able = []
        street += 1
        if street == streets:
            phase = SHOWDOWN
        else:
            phase = DEAL
            need_board = boards[street]
    if phase is not SHOWDOWN and phase is not OVER:
        return None
    return starting, tuple(map(add, put, bets)), antes, tuple(folded), tuple(hole), tuple(board)
