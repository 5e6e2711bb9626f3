"""Decisions in a tournament: exact all-in odds, ranges, the money value of an action under a
payout model, push/fold equilibria and bubble factors (hold'em).

This step of the data flow sits over :mod:`pokerengine.models`: it asks the payout models what
stacks are worth and decides with those values.  One module per step (``docs/decisions.md``):

- :mod:`~.combos`: the 169 starting-hand classes and the 1,326 combinations in them (cards are
  :mod:`pokerengine.cards`'; many hands are ranked at once by :mod:`pokerengine.hands.vector`);
- :mod:`~.ranges`: range notation (:func:`parse_range`, :class:`Range`, :func:`format_range`);
- :mod:`~.preflop`: the shipped exact heads-up table (:func:`~.preflop.headsup`, :func:`class_table`);
- :mod:`~.odds`: exact all-in odds of hands and ranges (:func:`odds`);
- :mod:`~.money`: the money after a hand under a payout model (:data:`pokerengine.models.MODELS`);
- :mod:`~.blinds`: the forced bets, posted by the rule book (:func:`pokerengine.rules.forced_bets`);
- :mod:`~.decision`: the value of folding, calling or pushing (:func:`call_decision`,
  :func:`push_decision`);
- :mod:`~.game`, :mod:`~.showdown`, :mod:`~.headsup`, :mod:`~.equilibrium`: the push/fold game
  and its equilibria (:func:`solve`, :func:`solve_headsup`); :mod:`~.triples`, :mod:`~.realdeal`,
  :mod:`~.threeway`: three hands from one deck; :mod:`~.pairwise`: the folded hands' cards from four
  players on; :mod:`~.dealcheck`: the strategies checked in the real deal by sampling (:class:`DealCheck`);
  :mod:`~.verify`: any equilibrium's ranges checked so (:func:`check_equilibrium`);
- :mod:`~.bubble`: bubble factors and risk premiums (:func:`bubble_factors`);
- :mod:`~.charts`: 13x13 range grids as PNG (the ``plot`` extra);
- :mod:`~.result`: positions and the solved game's values (:class:`Equilibrium`).

Importing this package loads NumPy (the odds and the solvers need it).  The odds function is
:func:`pokerengine.decisions.odds.odds` (not re-exported here: the package's ``odds`` is its
module, so ``import pokerengine.decisions.odds as m`` gives the module as it should).

>>> from pokerengine.decisions.odds import odds
>>> [round(h.equity, 4) for h in odds(["AcAd", "KhKs"]).hands]
[0.8126, 0.1874]
"""

from __future__ import annotations

from .bubble import BubbleFactors, bubble_factors
from .decision import Decision, call_decision, push_decision
from .equilibrium import solve
from .headsup import solve_headsup
from .odds import HandOdds, Odds
from .preflop import ClassTable, class_table
from .ranges import Range, format_range, parse_range
from .result import DealCheck, Equilibrium, PlayerStrategy, positions
from .verify import check_equilibrium

__all__ = [
    "BubbleFactors",
    "ClassTable",
    "DealCheck",
    "Decision",
    "Equilibrium",
    "HandOdds",
    "Odds",
    "PlayerStrategy",
    "Range",
    "bubble_factors",
    "call_decision",
    "check_equilibrium",
    "class_table",
    "format_range",
    "parse_range",
    "positions",
    "push_decision",
    "solve",
    "solve_headsup",
]
