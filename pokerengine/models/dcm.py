"""The Dependent Chip Model (E. Besalu, 2021), by its game tree.

The model (paper sections 3-4 and Algorithm 3): every hand, all ``n`` players
still in go all-in and each wins with probability ``1/n``; the winner takes
``min(own stack, other stack)`` from every other player.  Players left with no
chips finish; those busting in the same hand are ranked by the stacks they
entered the hand with (smaller stack, worse place), and players with equal
entering stacks share equally the prizes of the places they cover
(Algorithms 1-2).  The last player standing takes first place.  A path is cut
when it reaches depth ``depth`` (the root is depth 1) or when its probability
term ``p`` (the probability of each of the node's outcomes, ``1/n`` times the
node's probability, as in Algorithm 3) falls below ``min_probability``; a cut
node "forces a bankruptcy" of every player still in: they are ranked by their
current stacks, ties sharing, exactly as in Algorithm 2.

``coverage`` is the paper's ``sum PW_i``: the probability of the paths that
reached a single winner.  Equities always add up to the pool.

How this differs from a literal transcription (``tests/dcm_oracle.py``), by
far less than ``1e-7`` of the pool:

- the paper's listing settles a cut node with weight ``p``, which is ``1/n``
  of that node's probability, so the literal DCM values add up to slightly
  less than the pool (by ``(n-1)/n`` of the probability cut, about ``1e-12``
  for the paper's examples); here a cut node carries its whole probability;
- two-player subgames are settled by their exact value (the first player wins
  with probability ``x / (x + y)``, paper section 3 and Table 2) instead of by
  a tree of up to 50 coin flips.  This removes most of the tree's nodes.

How it is fast: the tree is walked breadth-first in NumPy, one batch of nodes
with the same number of players at a time, every node a row of sorted stacks
with the identities of the players who hold them, so payouts go straight to
the right player.  Nodes are not merged (two paths to the same stacks carry
different probability terms, and the cut depends on them, so merging would
change the numbers); the saving is in doing each level at once.  Three-player
nodes (most of any tree) run a dedicated loop: of the three outcomes only
"the short stack wins" continues with three players.  The tree itself is in
:mod:`pokerengine.models._dcm_tree` (imported, with NumPy, on the first call).

Cost: the tree's size depends on the number of players ``n``, ``depth`` and
``min_probability`` only (stacks without ties; ties remove nodes), and
:func:`pokerengine.models._cost.dcm_size` counts it before the run: with the
paper's settings 3,196 nodes for 5 players, 2.0 million for 10 (about 0.6 s),
38 million for 14, 660 million for 20; it roughly doubles with each player.
Memory is bounded whatever the size (see :mod:`~pokerengine.models._dcm_tree`):
estimated at most about 530 MiB plus a single node's children, ``16 n**2 / 2`` bytes.
"""

from __future__ import annotations

import math

from .._checks import shown
from ..errors import ModelInputError
from . import _cost
from ._inputs import Prizes, Stacks, check_flag, check_prizes, check_stacks, padded
from ._result import Equities, matrix

MAX_DEPTH = 1_000
"""The deepest ``depth`` accepted (the paper uses 50; with ``min_probability > 0`` a path ends long before)."""

INT64_MAX = 2**63 - 1


def dcm(
    stacks: Stacks,
    prizes: Prizes,
    *,
    depth: int = 50,
    min_probability: float = 1e-15,
    places: bool = False,
    max_seconds: float | None = None,
    max_bytes: int | None = _cost.MAX_BYTES,
) -> Equities:
    """DCM equities of ``stacks`` for ``prizes`` (best place first), with the paper's truncation.

    ``depth`` (at most :data:`MAX_DEPTH`) and ``min_probability`` are the
    paper's ``MD`` and ``ProbMin`` (a path stops at depth ``depth`` or when its
    probability term drops below ``min_probability``).  ``places=True`` adds
    ``places[i][k]`` = P(player ``i`` finishes in place ``k + 1``) for every
    place.

    Cost: the tree's nodes are counted before it is built (see the module
    docstring; about 0.3 microseconds per node plus ``2e-9 m**2`` s for a node
    of ``m`` players).
    Limits: a run estimated to need more than ``max_bytes`` is refused with
    :class:`~pokerengine.errors.ModelInputError`; one estimated at more than
    ten times ``max_seconds`` raises :class:`~pokerengine.errors.ModelTimeout`
    without starting, and any run raises it once ``max_seconds`` have passed.

    >>> e = dcm([1000, 500, 100], [100, 50])  # Besalu (2021), Table 3, first DCM row
    >>> [round(x, 2) for x in e.equity]
    [80.79, 60.67, 8.54]
    >>> e = dcm([1000, 500, 100], [1], places=True)  # Table 4: place probabilities in the columns
    >>> [[round(100 * p, 2) for p in row] for row in e.places]
    [[62.5, 36.58, 0.92], [31.25, 58.83, 9.92], [6.25, 4.58, 89.17]]
    >>> round(e.coverage, 12)
    1.0
    """
    stacks = check_stacks(stacks)
    prizes = check_prizes(prizes, len(stacks))
    places = check_flag(places, "places")
    if type(depth) is not int or not 1 <= depth <= MAX_DEPTH:
        raise ModelInputError(f"depth must be a positive integer at most {MAX_DEPTH:,}, got {shown(depth)}")
    number = isinstance(min_probability, (int, float)) and not isinstance(min_probability, bool)
    if not number or not 0 <= min_probability < 1:
        raise ModelInputError(f"min_probability must be a number in [0, 1), got {shown(min_probability)}")
    max_seconds = _cost.check_seconds(max_seconds)
    max_bytes = _cost.check_bytes(max_bytes)
    n = len(stacks)
    wide = sum(stacks) > INT64_MAX
    deadline = _cost.TimeBudget("dcm", max_seconds)
    cost = _cost.dcm_cost(n, depth, float(min_probability), places, wide, deadline, max_bytes)
    cost.check(max_seconds=max_seconds, max_bytes=max_bytes)

    import numpy as np

    from ._dcm_tree import PrizeLedger, Tree

    ledger = PrizeLedger(n, padded(prizes, n), places)
    order = sorted(range(n), key=lambda i: stacks[i])
    row = np.array([[stacks[i] for i in order]], dtype=object if wide else np.int64)
    ids = np.array([order], dtype=np.int64)
    if n == 1:
        ledger.win(ids[0], np.ones(1))
    elif n == 2:
        x, y = stacks[order[0]], stacks[order[1]]
        ledger.heads_up(ids[:, 0], np.array([x / (x + y)]), ids[:, 1], np.array([y / (x + y)]), np.ones(1))
    else:
        tree = Tree(ledger, depth, float(min_probability), deadline, wide)
        tree.push(row, ids, np.array([1.0 / n]), np.array([1], dtype=np.int64))
        tree.run()
    table = matrix("dcm", ledger.places.reshape(n, n)) if ledger.places is not None else None
    return Equities(
        "dcm",
        stacks,
        prizes,
        tuple(float(e) for e in ledger.equity),
        table,
        coverage=float(math.fsum(ledger.wins)),
        method="tree",
    )
