"""A PHH action's text applied to a live hand: :meth:`Hand.play` (``"p3 cbr 300"``, ``"d db AsKd7c"``),
as a replay plays a record.

Each function takes the hand's :class:`~pokerengine.live.state.HandState` (:meth:`Hand.play` is
:func:`play`).  A replay counts amounts in units of ``1/scale``
of the record's; an amount that needs a finer unit raises :class:`Rescale` and the replay starts
again (:func:`pokerengine.live.from_history`).
"""

from __future__ import annotations

from .._checks import shown
from ..errors import HistoryParseError, IllegalActionError
from ..phh.amounts import MAX_SCALE, decimals, units
from ..phh.amounts import amount as parse_amount
from ..phh.notation import compile_action
from .betting import bet
from .dealing import deal_board, deal_hole, draw
from .phases import BET
from .records import fold_all_in
from .showdown import show_or_muck
from .state import HandState

MAX_ACTION_TEXT = 400
"""Longest PHH action text :meth:`Hand.play` reads."""


def play(s: HandState, text: str) -> tuple[str, ...]:
    """Apply one PHH action, e.g. ``"p3 cbr 300"`` or ``"d db AsKd7c"`` (``pN``: the N-th seat
    from the button's left).  Malformed text: :class:`~pokerengine.errors.HistoryParseError`."""
    if type(text) is not str:
        raise HistoryParseError(f"a PHH action is text, got {shown(text)}")
    if len(text) > MAX_ACTION_TEXT:
        raise HistoryParseError(f"a PHH action has at most {MAX_ACTION_TEXT} characters, got {len(text)}")
    a = compile_action(text)
    verb = a[0]
    start = len(s.log)
    if verb == "noop":
        return ()
    if s.phase is BET and s.options.implied_check and (verb == "db" or verb == "dh" or verb == "sd"
                                                       or a[1] - 1 != s.pending[0]):
        implied_check(s)
    if verb == "db":
        deal_board(s, a[1])
        return tuple(s.log[start:])
    p = a[1] - 1
    if p >= s.n:
        raise IllegalActionError(f"p{p + 1} is not in this hand ({s.n} players)")
    if verb == "dh":
        deal_hole(s, p, a[2])
    elif verb == "f" and fold_all_in(s, p):  # a site's fold of an all-in hand (replay mode)
        pass
    elif verb == "f" or verb == "cc" or verb == "pb":
        bet(s, p, verb)
    elif verb == "cbr":
        bet(s, p, verb, amount(s, a[2]))
    elif verb == "sm":
        show_or_muck(s, p, a[2], a[3])
    else:
        draw(s, p, a[2])
    return tuple(s.log[start:])


def implied_check(s: HandState) -> None:
    """:attr:`Options.implied_check`: the player to act owes nothing and everyone else still in is
    all in, so no bet can follow; a record that goes on without their check means one."""
    p = s.pending[0]
    if s.bring_in_due or s.bets[p] != s.top or s.stacks[p] == 0:
        return
    if all(s.folded[i] or s.stacks[i] == 0 for i in range(s.n) if i != p):
        bet(s, p, "cc")


def amount(s: HandState, text: str) -> int:
    """A ``cbr`` amount as chips: whole chips in a live hand; a replay reads the record's amounts in
    units of ``1/scale`` and asks for a finer scale (:class:`Rescale`) when one needs it."""
    if text.isascii() and text.isdigit() and len(text) <= 19:
        return int(text) * (s.scale or 1)
    if not s.scale:
        raise HistoryParseError(f"a bet amount must be whole chips (digits), got {shown(text)}")
    raw = parse_amount(text)
    to = units(raw, s.scale)
    if to is None:
        scale = max(s.scale, 10 ** decimals(raw))
        if scale > MAX_SCALE or units(raw, scale) is None:
            raise HistoryParseError(f"amount {shown(text)} is not a number of chips")
        raise Rescale(scale)
    return to


class Rescale(Exception):
    """A replayed amount needs a finer unit than the record's other amounts: start again at ``scale``."""

    def __init__(self, scale: int) -> None:
        self.scale = scale
