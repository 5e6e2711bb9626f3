"""The live hand engine: run one hand of any variant code from the deal to the settlement, by the TDA rules.

A poker server asks :attr:`Hand.to_act` and :meth:`Hand.legal_actions`, sends each client its own
:meth:`Hand.view` (other players' hidden cards as ``??``: :mod:`pokerengine.live.view`), applies the
player's choice through :meth:`Hand.act` (verbs named as the legal actions' JSON keys:
:mod:`pokerengine.live.act`; or :meth:`Hand.fold`, :meth:`Hand.check`, :meth:`Hand.call`,
:meth:`Hand.raise_to`, :meth:`Hand.show`, :meth:`Hand.muck`; stud's :meth:`Hand.bring_in` and
:meth:`Hand.complete`, draw games' :meth:`Hand.draw`), or :meth:`Hand.time_out` when the player's
time runs out (:mod:`pokerengine.live.timeout`), and, once :attr:`Hand.over`, reads
:attr:`Hand.settlement` and :meth:`Hand.history`. A :class:`Table` runs hand after hand, keeps the
action deadlines (:class:`Clock`) and the money that came and went (:class:`Ledger`).
A PHH record is played through the same engine (:func:`from_history`; :func:`interpret` gives what
its actions left, :func:`settle_record` the money), and a hand is written as one (:func:`to_history`).
``docs/live.md`` has a server loop, every rule with its number, the options, and how live and replay
modes differ.

>>> import random
>>> hand = Hand("NT", {1: 500, 4: 500, 6: 500}, button=6, blinds=(5, 10), rng=random.Random(2))
>>> while not hand.over:
...     seat = hand.to_act
...     legal = hand.legal_actions()
...     _ = hand.act(seat, "check" if legal.check else "call" if legal.call else "show")
>>> sum(hand.final_stacks.values())
1500
"""

from .actions import Legal, RaiseRange
from .buttons import Positions
from .deck import Deck
from .arguments import CODES
from .hand import GAMES, MAX_PLAYERS, MAX_SEAT, Hand
from .options import REPLAY, TDA, Options
from .interpreter import Outcome, interpret
from .phh import from_history, start, to_history
from .settling import clear_caches, settle_record
from .clock import Clock, Deadline, TableEvent
from .ledger import Account, Ledger
from .table import Finished, PlayerStatus, Readiness, Table
from .act import VERBS, act
from .timeout import time_out
from .view import View

__all__ = [
    "CODES",
    "GAMES",
    "MAX_PLAYERS",
    "MAX_SEAT",
    "REPLAY",
    "TDA",
    "VERBS",
    "Account",
    "Clock",
    "Deadline",
    "Deck",
    "Finished",
    "Ledger",
    "PlayerStatus",
    "Hand",
    "Legal",
    "Options",
    "Positions",
    "RaiseRange",
    "Readiness",
    "Table",
    "TableEvent",
    "View",
    "Outcome",
    "act",
    "clear_caches",
    "from_history",
    "interpret",
    "settle_record",
    "start",
    "time_out",
    "to_history",
]
