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

Every model also takes ``max_seconds`` (raise
:class:`~pokerengine.errors.ModelTimeout` past it; ``None`` by default) and
``max_bytes`` (:data:`MAX_BYTES`, 1 GiB, by default).  Before it starts it
estimates its cost: a run estimated to need more memory than ``max_bytes`` is
refused with :class:`~pokerengine.errors.ModelInputError`, one estimated at
more than ten times ``max_seconds`` raises ``ModelTimeout`` without starting.
:func:`estimate` gives that estimate without running the model.

:data:`MODELS` maps the command-line names to the functions (the one list of model names;
:data:`SAMPLED_MODELS` the sampled ones).  Importing this
package does not import NumPy; the first model run does.
"""

from __future__ import annotations

from collections.abc import Callable

from ._cost import MAX_BYTES, Cost
from ._estimate import estimate
from ._result import Equities
from .dcm import dcm
from .icm import icm
from .malmuth_weitzman import malmuth_weitzman
from .monte_carlo import monte_carlo
from .roberts import roberts

MODELS: dict[str, Callable[..., Equities]] = {"icm": icm, "dcm": dcm, "mw": malmuth_weitzman, "roberts": roberts, "mc": monte_carlo}
SAMPLED_MODELS: frozenset[str] = frozenset({"mc"})
"""The models of :data:`MODELS` whose values are sampled (each run a little different): the decisions
(:mod:`pokerengine.decisions`), which compare the values of nearby stack vectors, take the others."""

__all__ = [
    "MAX_BYTES",
    "MODELS",
    "SAMPLED_MODELS",
    "Cost",
    "Equities",
    "dcm",
    "estimate",
    "icm",
    "malmuth_weitzman",
    "monte_carlo",
    "roberts",
]
