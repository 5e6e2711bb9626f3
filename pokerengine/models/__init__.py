"""Payout models: what tournament chips are worth in prize money.

Every model takes ``stacks`` (positive ``int`` chip counts, one per player)
and ``prizes`` (non-negative ``int`` or :class:`~fractions.Fraction`, best
place first) and returns an :class:`Equities`.

- :func:`icm`: Malmuth-Harville ICM, exact (subset DP, Fractions on request;
  a quadrature for fields of thousands).
- :func:`dcm`: Besalu's Dependent Chip Model (2021), the all-in game tree.
- :func:`malmuth_weitzman`: bust probability inversely proportional to stack.
- :func:`roberts`: Ben Roberts' approximation (2011).
- :func:`monte_carlo`: ICM by sampling finishing orders, with standard errors.

:data:`MODELS` maps the command-line names to the functions.
"""

from __future__ import annotations

from ._result import Equities
from .dcm import dcm
from .icm import icm
from .malmuth_weitzman import malmuth_weitzman
from .monte_carlo import monte_carlo
from .roberts import roberts

MODELS = {"icm": icm, "dcm": dcm, "mw": malmuth_weitzman, "roberts": roberts, "mc": monte_carlo}

__all__ = ["MODELS", "Equities", "dcm", "icm", "malmuth_weitzman", "monte_carlo", "roberts"]
