"""One entry point for a client's action: :meth:`Hand.act` (or :func:`act`), verbs named as the legal actions' JSON keys.

A server receives ``(seat, verb, amount)`` from a client and applies it with one call; the verbs
are the keys of :meth:`Legal.to_json` (and :attr:`Legal.verbs` lists those allowed now):

=============  ==========================================================================
``fold``       fold (no amount)
``check``      check (no amount)
``call``       call, all-in for less when short (no amount)
``raise``      bet, raise or (stud) complete *to* ``amount``, the street total, as the JSON's
               ``raise`` ``{"min_to", "max_to"}`` gives it (PHH ``cbr``)
``bring_in``   stud, third street: post the bring-in (no amount)
``draw``       draw games: discard ``amount``, cards as text (``"Kd9h"``) or a list; ``None`` or
               ``""`` stands pat
``show``       show at showdown (no amount; in replay mode ``amount`` may name the cards shown)
``muck``       muck at showdown (no amount)
=============  ==========================================================================

Everything is checked before anything changes: an unknown verb, a seat not in the hand or not to
act, an amount where none is taken, an amount of the wrong type (a float, a bool, text) or out of
range, cards that cannot be read: :class:`~pokerengine.errors.IllegalActionError`, the hand
unchanged (a server catches that one error).  Returns the PHH lines of what
happened, as every action does (send each client its :meth:`Hand.view` rather than these).

>>> import random
>>> from pokerengine.live import Hand
>>> hand = Hand("NT", [100, 100, 100], blinds=(1, 2), rng=random.Random(1))
>>> hand.legal_actions().verbs
('fold', 'call', 'raise')
>>> hand.act(3, "raise", 6), hand.act(1, "fold"), hand.act(2, "call")[0]
(('p3 cbr 6',), ('p1 f',), 'p2 cc')
>>> hand.act(2, "bet", 4)
Traceback (most recent call last):
...
pokerengine.errors.IllegalActionError: unknown action 'bet': one of fold, check, call, raise, bring_in, draw, show, muck
>>> hand.act(2, "check", 4)
Traceback (most recent call last):
...
pokerengine.errors.IllegalActionError: seat 2: check takes no amount, got 4

Time: that of the action itself (linear in the number of players).
"""

from __future__ import annotations

from .actions import VERBS
from .hand import Hand

__all__ = ["VERBS", "act"]


def act(hand: Hand, seat: int, verb: str, amount: object = None) -> tuple[str, ...]:
    """Apply ``verb`` by ``seat`` to ``hand`` (see above; :meth:`Hand.act`); the PHH lines of what happened."""
    return hand.act(seat, verb, amount)
