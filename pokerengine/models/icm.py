"""The Independent Chip Model (Malmuth-Harville), computed exactly.

A player wins with probability equal to their share of the chips; given who
took the places above, each remaining player takes the next place with
probability equal to their share of the chips still in play.  Two exact
methods, chosen by ``method``:

``"subset"``
    dynamic programming over the *set* of players already placed (never over
    orders), touching only the sets of size below the last paid place;
    available in exact :class:`~fractions.Fraction` arithmetic
    (``exact=True``).  See :mod:`pokerengine.models._subsets`.
``"quadrature"``
    one integral per player over the exponential-clock representation of
    ICM, for fields of any size (thousands of players).  See
    :mod:`pokerengine.models.icm_large`.
``"auto"``
    ``"subset"`` when it touches at most :data:`SUBSET_LIMIT` sets of at most
    :data:`MAX_SUBSET_PLAYERS` players (or when ``exact=True``), else
    ``"quadrature"``.  Both agree to ``1e-9`` of the pool wherever both run.

Floating-point runs see the stacks as chip shares, each the exactly rounded
ratio of two integers, so no total overflows or swallows a small stack.

Cost (``n`` players, ``k`` places needed: the last paid place, or ``n`` with
``places=True``), as estimated by :mod:`pokerengine.models._cost`:

- subset, floats: ``sum_{j < k} C(n, j)`` sets times ``n``, about 20 ns each;
  60 bytes per (set, player) of the largest layer;
- subset, exact: every Fraction addition costs the square of its length, and
  a probability over sets of size ``j`` carries up to ``sum_{i <= j} C(n, i)``
  factors of the chip total's size: 10 players all paid with stacks near
  ``2**62`` take seconds, 12 players minutes; refused above
  :data:`EXACT_SECONDS` of estimated work;
- quadrature: about ``16 (8 + 1.2 sqrt k)`` nodes times
  ``n (log2 n + 2 sqrt k)`` steps (10,000 players paying 1,500: about 2 s and
  150 MiB; all 10,000 paid: about 20 s);
- ``places=True`` adds the ``n x n`` matrix, about 48 bytes a cell in the result.
"""

from __future__ import annotations

from fractions import Fraction

from .._checks import shown
from ..errors import ModelInputError
from . import _cost
from ._inputs import Prizes, Stacks, check_flag, check_prizes, check_stacks, padded, paid_places, shares
from ._result import Equities, matrix

SUBSET_LIMIT = 5_000  # above this many player sets the quadrature is faster
MAX_SUBSET_PLAYERS = 62  # "auto" picks the subset method for at most this many players
EXACT_SECONDS = 60.0  # exact=True refuses work estimated above this (minutes of Fraction arithmetic)
METHODS = ("auto", "subset", "quadrature")


def choose(players: int, needed: int, exact: bool, method: str) -> str:
    """The method ``"auto"`` stands for, for ``players`` and ``needed`` places."""
    if method != "auto":
        return method
    small = players <= MAX_SUBSET_PLAYERS and _cost.subset_cells(players, needed) <= SUBSET_LIMIT * players
    return "subset" if exact or small else "quadrature"


def cost(players: int, needed: int, places: bool, exact: bool, method: str, total: int | None = None) -> _cost.Cost:
    """The estimated cost of one :func:`icm` run (``method`` already chosen); refuses what the method cannot do."""
    if method == "quadrature" and exact:
        raise ModelInputError("exact=True needs method='subset' (the quadrature works in floating point)")
    if method == "subset" and players > MAX_SUBSET_PLAYERS and not exact:
        raise ModelInputError(
            f"method='subset' in floats handles at most {MAX_SUBSET_PLAYERS} players (sets are ranked in 64-bit "
            f"integers), got {players}; use 'quadrature'"
        )
    if method == "quadrature":
        return _cost.icm_quadrature(players, needed, places)
    if exact:
        return _cost.icm_exact(players, needed, places, players * (2**63 - 1) if total is None else total)
    return _cost.icm_subset(players, needed, places)


def icm(
    stacks: Stacks,
    prizes: Prizes,
    *,
    exact: bool = False,
    places: bool = False,
    method: str = "auto",
    max_seconds: float | None = None,
    max_bytes: int | None = _cost.MAX_BYTES,
) -> Equities:
    """Malmuth-Harville ICM equities of ``stacks`` for ``prizes`` (best place first).

    ``exact=True`` returns :class:`~fractions.Fraction` equities (and place
    probabilities) computed without rounding; ``places=True`` adds the matrix
    ``places[i][k]`` = P(player ``i`` finishes in place ``k + 1``) over every
    place, so its rows and columns add up to 1.

    The cost (see the module docstring) is estimated first; an exact run
    estimated past :data:`EXACT_SECONDS` is refused with
    :class:`~pokerengine.errors.ModelInputError` whatever ``max_seconds``.
    Limits: a run estimated to need more than ``max_bytes`` is refused with
    :class:`~pokerengine.errors.ModelInputError`; one estimated at more than
    ten times ``max_seconds`` raises :class:`~pokerengine.errors.ModelTimeout`
    without starting, and any run raises it once ``max_seconds`` have passed.

    >>> e = icm([50, 30, 20], [70, 30], exact=True)
    >>> [str(x) for x in e.equity]
    ['1265/28', '129/4', '158/7']
    >>> icm([5000, 3000, 2000], [100]).equity  # one prize: the chip share
    (50.0, 30.0, 20.0)
    >>> e = icm([2000, 4000, 3000, 6000, 5000], [500, 300, 200])
    >>> [round(x, 1) for x in e.equity]  # Roberts (2011), Table 1, Malmuth-Harville row
    [115.6, 206.9, 164.7, 271.0, 241.8]
    >>> e.method
    'subset'
    """
    stacks = check_stacks(stacks)
    prizes = check_prizes(prizes, len(stacks))
    exact = check_flag(exact, "exact")
    places = check_flag(places, "places")
    if method not in METHODS:
        raise ModelInputError(f"method must be one of {', '.join(map(repr, METHODS))}, got {shown(method)}")
    max_seconds = _cost.check_seconds(max_seconds)
    max_bytes = _cost.check_bytes(max_bytes)
    deadline = _cost.TimeBudget("icm", max_seconds)
    n = len(stacks)
    pay = padded(prizes, n)
    needed = n if places else paid_places(pay)
    method = choose(n, needed, exact, method)
    estimate = cost(n, needed, places, exact, method, sum(stacks))
    if exact and estimate.seconds > EXACT_SECONDS:
        raise ModelInputError(
            f"exact=True would visit player sets with Fractions: {estimate}; "
            f"more than {EXACT_SECONDS:g} s, so pay fewer places or drop exact"
        )
    estimate.check(max_seconds=max_seconds, max_bytes=max_bytes)

    if needed == 0:
        zero = Fraction(0) if exact else 0.0
        return Equities("icm", stacks, prizes, (zero,) * n, None, method=method)
    if exact:
        from ._subsets import place_probabilities_exact

        table = place_probabilities_exact(stacks, needed, deadline)
        fractions = tuple(sum((p * Fraction(w) for p, w in zip(row, pay)), Fraction(0)) for row in table)
        return Equities("icm", stacks, prizes, fractions, table if places else None, method=method)

    import numpy as np

    weights = np.array([float(w) for w in pay[:needed]])
    if method == "subset":
        from ._subsets import place_probabilities

        probabilities = place_probabilities(shares(stacks), needed, deadline)
        equity = probabilities @ weights
    else:
        from .icm_large import place_integrals

        equity, found = place_integrals(shares(stacks), weights, places=places, deadline=deadline)
        probabilities = np.zeros((0, 0)) if found is None else found
    return Equities(
        "icm",
        stacks,
        prizes,
        tuple(float(e) for e in equity),
        matrix("icm", probabilities) if places else None,
        method=method,
    )
