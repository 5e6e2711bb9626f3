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
    ``"subset"`` when it touches at most :data:`SUBSET_LIMIT` sets (or when
    ``exact=True``), else ``"quadrature"``.  Both agree to ``1e-9`` of the pool
    wherever both run.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ..errors import ModelInputError
from . import _subsets, icm_large
from ._inputs import check_flag, check_prizes, check_stacks, padded, paid_places
from ._result import Equities

SUBSET_LIMIT = 5_000  # above this many player sets the quadrature is faster
EXACT_LIMIT = 600_000  # (sets x players) Fraction steps, a few seconds: refuse what would take minutes
MAX_SUBSET_PLAYERS = 62  # the float DP keeps sets in 64-bit masks (the exact one in Python ints)
METHODS = ("auto", "subset", "quadrature")


def icm(stacks, prizes, *, exact: bool = False, places: bool = False, method: str = "auto") -> Equities:
    """Malmuth-Harville ICM equities of ``stacks`` for ``prizes`` (best place first).

    ``exact=True`` returns :class:`~fractions.Fraction` equities (and place
    probabilities) computed without rounding; ``places=True`` adds the matrix
    ``places[i][k]`` = P(player ``i`` finishes in place ``k + 1``) over every
    place, so its rows and columns add up to 1.

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
        raise ModelInputError(f"method must be one of {', '.join(map(repr, METHODS))}, got {method!r}")
    n = len(stacks)
    pay = padded(prizes, n)
    needed = n if places else paid_places(pay)
    count = _subsets.subset_count(n, needed)
    if method == "auto":
        method = "subset" if exact or (n <= MAX_SUBSET_PLAYERS and count <= SUBSET_LIMIT) else "quadrature"
    if method == "subset":
        if n > MAX_SUBSET_PLAYERS and not exact:
            raise ModelInputError(
                f"method='subset' handles at most {MAX_SUBSET_PLAYERS} players, got {n}; use 'quadrature'"
            )
        if exact and count * n > EXACT_LIMIT:
            raise ModelInputError(
                f"exact=True would visit {count:,} player sets of {n} players (limit {EXACT_LIMIT:,} steps); "
                "pay fewer places or drop exact"
            )
    elif exact:
        raise ModelInputError("exact=True needs method='subset' (the quadrature works in floating point)")

    if needed == 0:
        zero = Fraction(0) if exact else 0.0
        return Equities("icm", stacks, prizes, (zero,) * n, None, method=method)
    if method == "subset" and exact:
        matrix = _subsets.place_probabilities_exact(stacks, needed)
        equity = tuple(sum((p * Fraction(w) for p, w in zip(row, pay)), Fraction(0)) for row in matrix)
        return Equities("icm", stacks, prizes, equity, matrix if places else None, method=method)
    weights = np.array([float(w) for w in pay[:needed]])
    if method == "subset":
        matrix = _subsets.place_probabilities(stacks, needed)
        equity = matrix @ weights
    else:
        equity, matrix = icm_large.place_integrals(stacks, weights, places=places)
    return Equities(
        "icm",
        stacks,
        prizes,
        tuple(float(e) for e in equity),
        matrix.tolist() if places else None,
        method=method,
    )
