"""A PHH action's text applied to a live hand: :meth:`Hand.play` (``"p3 cbr 300"``, ``"d db AsKd7c"``),
as a replay plays a record.

These functions are :class:`~pokerengine.live.Hand`'s methods (``Hand.play`` is :func:`play`...),
kept here so that ``hand.py`` holds the betting.  A replay counts amounts in units of ``1/scale``
of the record's; an amount that needs a finer unit raises :class:`Rescale` and the replay starts
again (:func:`pokerengine.live.from_history`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._checks import shown
from ..errors import HistoryParseError, IllegalActionError
from ..phh.amounts import MAX_SCALE, decimals, units
from ..phh.amounts import amount as parse_amount
from ..phh.notation import compile_action
from .phases import BET

if TYPE_CHECKING:
    from .hand import Hand

MAX_ACTION_TEXT = 400
"""Longest PHH action text :meth:`Hand.play` reads."""


def play(hand: Hand, text: str) -> tuple[str, ...]:
    """Apply one PHH action, e.g. ``"p3 cbr 300"`` or ``"d db AsKd7c"`` (``pN``: the N-th seat
    from the button's left).  Malformed text: :class:`~pokerengine.errors.HistoryParseError`."""
    if type(text) is not str:
        raise HistoryParseError(f"a PHH action is text, got {shown(text)}")
    if len(text) > MAX_ACTION_TEXT:
        raise HistoryParseError(f"a PHH action has at most {MAX_ACTION_TEXT} characters, got {len(text)}")
    a = compile_action(text)
    verb = a[0]
    start = len(hand._log)
    if verb == "noop":
        return ()
    if hand._phase is BET and hand.options.implied_check and (verb == "db" or verb == "dh" or verb == "sd"
                                                              or a[1] - 1 != hand._pending[0]):
        hand._implied_check()
    if verb == "db":
        hand._deal_board(a[1])
        return tuple(hand._log[start:])
    p = a[1] - 1
    if p >= hand.n:
        raise IllegalActionError(f"p{p + 1} is not in this hand ({hand.n} players)")
    if verb == "dh":
        hand._deal_hole(p, a[2])
    elif verb == "f" and hand._fold_all_in(p):  # a site's fold of an all-in hand (replay mode)
        pass
    elif verb == "f" or verb == "cc" or verb == "pb":
        hand._bet(p, verb)
    elif verb == "cbr":
        hand._bet(p, verb, hand._amount(a[2]))
    elif verb == "sm":
        hand._show_or_muck(p, a[2], a[3])
    else:
        hand._draw(p, a[2])
    return tuple(hand._log[start:])


def implied_check(hand: Hand) -> None:
    """:attr:`Options.implied_check`: the player to act owes nothing and everyone else still in is
    all in, so no bet can follow; a record that goes on without their check means one."""
    p = hand._pending[0]
    if hand._bring_in_due or hand._bets[p] != hand._top or hand._stacks[p] == 0:
        return
    if all(hand._folded[i] or hand._stacks[i] == 0 for i in range(hand.n) if i != p):
        hand._bet(p, "cc")


def amount(hand: Hand, text: str) -> int:
    """A ``cbr`` amount as chips: whole chips in a live hand; a replay reads the record's amounts in
    units of ``1/scale`` and asks for a finer scale (:class:`Rescale`) when one needs it."""
    if text.isascii() and text.isdigit() and len(text) <= 19:
        return int(text) * (hand.scale or 1)
    if not hand.scale:
        raise HistoryParseError(f"a bet amount must be whole chips (digits), got {shown(text)}")
    raw = parse_amount(text)
    to = units(raw, hand.scale)
    if to is None:
        scale = max(hand.scale, 10 ** decimals(raw))
        if scale > MAX_SCALE or units(raw, scale) is None:
            raise HistoryParseError(f"amount {shown(text)} is not a number of chips")
        raise Rescale(scale)
    return to


class Rescale(Exception):
    """A replayed amount needs a finer unit than the record's other amounts: start again at ``scale``."""

    def __init__(self, scale: int) -> None:
        self.scale = scale
