"""What a payout model run costs, checked before it starts, and the clock it watches while it runs.

Every model function takes ``max_seconds`` (``None``: no time limit) and
``max_bytes`` (default :data:`MAX_BYTES`; ``None``: no memory limit).  Before
it allocates anything it estimates its cost from the size of the field
(players, places needed, options; never the stacks' values, except that exact
ICM and DCM look at how large the chip total is), then:

- when the estimated peak memory exceeds ``max_bytes`` it raises
  :class:`~pokerengine.errors.ModelInputError` naming the estimate and the limit;
- when the estimated time exceeds ``max_seconds`` by more than :data:`SLACK`
  times it raises :class:`~pokerengine.errors.ModelTimeout` at once instead of
  starting: the run could not finish in time (the estimate is for the reference
  machine; the slack keeps a faster machine from being refused work it could
  finish).

While it runs it reads the clock (a :class:`TimeBudget`) inside every loop that
can take long, NumPy stages included (they are cut into pieces small enough
that a check comes every few hundredths of a second), and raises
:class:`~pokerengine.errors.ModelTimeout` once ``max_seconds`` have passed.

The estimates are calibrated on the reference machine (2 shared cores, 2026)
against CPU time: ``seconds`` is an order of magnitude (within a factor of two
or three in the calibration runs), ``memory`` errs on the high side."""

from __future__ import annotations

import math
import time
from math import comb

import attrs

from .._checks import shown
from .._deprecated import renamed
from ..errors import ModelInputError, ModelTimeout

MAX_BYTES = 1 << 30
"""Default memory bound of every model function: 1 GiB (pass ``max_bytes=None`` to lift it)."""

SLACK = 10.0
"""Refuse up front only work estimated at more than this many times ``max_seconds``."""

_RESULT_ROW = 200  # bytes per player in an Equities: stack, equity, tuples, a float or two
_MATRIX_CELL = 48  # bytes per place probability: the NumPy value, the Python float and its tuple slot


def check_seconds(value: object) -> float | None:
    """``max_seconds``: ``None`` or a positive number (``inf`` is no limit); NaN, bool and others refused."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise ModelInputError(f"max_seconds must be a positive number of seconds or None, got {shown(value)}")
    value = float(value)
    return None if math.isinf(value) else value


def check_bytes(value: object) -> int | None:
    """``max_bytes``: ``None`` or a positive ``int``."""
    if value is None:
        return None
    if type(value) is not int or value <= 0:
        raise ModelInputError(f"max_bytes must be a positive integer number of bytes or None, got {shown(value)}")
    return value


class TimeBudget:
    """The clock a model run watches: :meth:`check` raises :class:`ModelTimeout` once ``max_seconds`` have passed."""

    __slots__ = ("model", "limit", "end")

    def __init__(self, model: str, max_seconds: float | None):
        self.model = model
        self.limit = max_seconds
        self.end = None if max_seconds is None else time.monotonic() + max_seconds

    def check(self) -> None:
        if self.end is not None and time.monotonic() > self.end:
            raise ModelTimeout(f"{self.model} did not finish within {self.limit:g} s")


def _size(nbytes: float) -> str:
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if nbytes >= scale:
            return f"{nbytes / scale:,.1f} {unit}"
    return f"{nbytes:,.0f} bytes"


def _duration(seconds: float) -> str:
    if seconds >= 1e5:
        return f"{seconds:.1e} s"
    return f"{seconds:,.3g} s"


@attrs.frozen
class Cost:
    """The estimated cost of one model run (see :func:`pokerengine.models.estimate`).

    ``work`` counts ``unit`` (player sets, tree nodes, sampled cells...);
    ``seconds`` is the typical time on the reference machine (an order of
    magnitude); ``memory`` the peak bytes, the returned :class:`Equities`
    included (an upper estimate).  ``at_least``: the estimate stopped counting
    (the work is beyond any sensible budget) and ``work``/``seconds`` are lower
    bounds.

    >>> c = Cost("mw", "subsets", 20, 2**20 * 20, "set-players", 4.6, 300 << 20)
    >>> print(c)
    mw (subsets), 20 players: about 2.1e+07 set-players, 4.6 s, 300.0 MiB
    >>> c.check(max_bytes=100 << 20)
    Traceback (most recent call last):
    ...
    pokerengine.errors.ModelInputError: mw (subsets), 20 players: about 2.1e+07 set-players, 4.6 s, 300.0 MiB; that is more memory than max_bytes=100.0 MiB
    >>> c.check(max_seconds=0.1)
    Traceback (most recent call last):
    ...
    pokerengine.errors.ModelTimeout: mw did not finish within 0.1 s: not started, as the estimate is mw (subsets), 20 players: about 2.1e+07 set-players, 4.6 s, 300.0 MiB
    """

    model: str
    method: str
    players: int
    work: float
    unit: str
    seconds: float
    memory: int
    at_least: bool = False

    def __str__(self) -> str:
        plural = "s" if self.players != 1 else ""
        return (
            f"{self.model} ({self.method}), {self.players:,} player{plural}: "
            f"{'at least' if self.at_least else 'about'} {self.work:.2g} {self.unit}, "
            f"{_duration(self.seconds)}, {_size(self.memory)}"
        )

    def check(self, *, max_seconds: float | None = None, max_bytes: int | None = MAX_BYTES) -> None:
        """Refuse a run that cannot fit: :class:`ModelInputError` past ``max_bytes``,
        :class:`ModelTimeout` (without starting) when it would take far more than ``max_seconds``."""
        if max_bytes is not None and self.memory > max_bytes:
            raise ModelInputError(f"{self}; that is more memory than max_bytes={_size(max_bytes)}")
        if max_seconds is not None and self.seconds > SLACK * max_seconds:
            raise ModelTimeout(
                f"{self.model} did not finish within {max_seconds:g} s: not started, as the estimate is {self}"
            )


def result_bytes(players: int, places: bool) -> int:
    """Memory of the returned :class:`Equities` (and of the NumPy matrix it is made from)."""
    return 64 * 1024 + players * _RESULT_ROW + (players * players * _MATRIX_CELL if places else 0)


# -- ICM ------------------------------------------------------------------------------------------------

SUBSET_SECONDS = 3e-8  # per (player set x player) cell of the float DP
EXACT_STEP_SECONDS = 6e-6  # per (set x player) step of the exact DP: a few Fraction operations
EXACT_WORD_SECONDS = 9e-8  # per 64-bit word of a growing sum, and per squared word of a set's probability
QUADRATURE_SECONDS = 9e-7  # per (node x player) of the place matrix's quadrature, three times over
FOURIER_SECONDS = 1e-7  # per (node x player) of the equity-only quadrature (a series of about 20 terms)
FOURIER_NODE_SECONDS = 3e-4  # per node of it (the frequencies, undecided players handled exactly)
PIECE_CELLS = 1 << 20  # (set x player) cells the subset DP handles between two time checks


def subset_cells(players: int, places: int) -> int:
    """(player set x player) cells the subset DP touches: sets of size below ``places``, times the players."""
    return sum(comb(players, k) for k in range(min(places, players))) * players


def icm_subset(players: int, places: int, want_places: bool) -> Cost:
    cells = subset_cells(players, places)
    biggest = max((comb(players, k) for k in range(min(places, players))), default=1) * players
    memory = 10 * biggest + 80 * min(biggest, PIECE_CELLS) + 16 * cells // players + result_bytes(players, want_places)
    return Cost("icm", "subset", players, cells, "set-players", 3e-3 + cells * SUBSET_SECONDS, memory)


def icm_exact(players: int, places: int, want_places: bool, total: int) -> Cost:
    """Exact ICM: Fractions whose denominators collect one factor ``T - S(B)`` per set ``B`` below.

    A set's probability ``f(A)``, ``|A| = k``, has a denominator of up to
    ``2**k`` factors of the chip total's size; a place probability summed over
    the sets of size ``k`` up to ``sum_{j <= k} C(n, j)`` of them; neither more
    than ``lcm(1 .. T)`` (about ``1.44 T`` bits).  Each (set, player) step costs
    :data:`EXACT_STEP_SECONDS`, plus :data:`EXACT_WORD_SECONDS` per 64-bit word
    of the growing place sum and per squared word of ``f``.
    """
    per_factor = max(total.bit_length(), 1) / 64
    ceiling = 1.44 * total / 64 if total < 1 << 60 else math.inf  # lcm(1..T), in words
    steps = 0
    seconds = 2e-4
    below = 0
    widest = 1.0
    partial = False
    for k in range(min(places, players)):
        if seconds > TIME_CAP:  # far beyond any budget: stop counting (huge fields would take long to count)
            partial = True
            break
        below += comb(players, k)
        place_words = max(1.0, min(below * per_factor, ceiling))
        set_words = max(1.0, min(2.0**k * per_factor, ceiling))
        count = comb(players, k) * (players - k)
        steps += count
        seconds += count * (EXACT_STEP_SECONDS + EXACT_WORD_SECONDS * (place_words + set_words * set_words))
        widest = place_words
    memory = int(16 * players * min(places, players) * widest) + 16 * steps + result_bytes(players, want_places)
    return Cost("icm", "subset, exact", players, steps, "set-player steps", seconds, memory, at_least=partial)


def icm_quadrature(players: int, places: int, want_places: bool) -> Cost:
    """Gauss-Legendre nodes (``k`` places needed), each touching every player.

    The place matrix: about ``16 (6 + 1.2 k / sqrt(n))`` nodes, each dividing
    a window of ``O(sqrt(n))`` coefficients per player.  Equities alone: about
    ``16 (5 + 0.7 k / sqrt(n))`` nodes (wider panels), each a short series per
    player (:data:`FOURIER_SECONDS`) plus a fixed cost (:data:`FOURIER_NODE_SECONDS`).
    """
    if want_places:
        nodes = 16 * (6 + 1.2 * places / math.sqrt(players))
        seconds = 1e-3 + nodes * players * QUADRATURE_SECONDS * 3
    else:
        nodes = 16 * (5 + 0.7 * places / math.sqrt(players))
        seconds = 2e-3 + nodes * (FOURIER_NODE_SECONDS + players * FOURIER_SECONDS) + 4e-6 * players
    work = nodes * players
    batch_cells = max(400_000, 4 * players)
    memory = 160 * batch_cells + 1_000 * players + result_bytes(players, want_places)
    if want_places:
        memory += 8 * players * players
    return Cost("icm", "quadrature", players, work, "node-players", seconds, memory)


# -- DCM ------------------------------------------------------------------------------------------------

DCM_QUEUE_BYTES = 64 << 20
"""Above this many bytes of queued nodes the tree is expanded smallest nodes first, which empties the queue."""

DCM_BATCH_CELLS = 1 << 22
"""(rows x players**2) cells expanded per NumPy batch."""

DCM_NODE_SECONDS = (3e-7, 2e-9)
"""Seconds to expand one node with ``m`` players: ``a + b * m**2`` (NumPy batches of int64 stacks)."""

DCM_WIDE_FACTOR = 4
"""How much slower the tree runs on Python integers, used when the chip total does not fit in int64."""

DCM_BATCH_SECONDS = 1.5e-5
"""Fixed cost of expanding one batch, per player of its nodes (NumPy calls); about one batch per player count and depth."""

TIME_CAP = 1e6
"""Estimating a tree stops once it would take this many seconds (11 days): the figures are then lower bounds."""


def dcm_size(
    players: int, depth: int, min_probability: float, wide: bool = False, deadline: TimeBudget | None = None
) -> tuple[float, float, bool]:
    """Nodes the DCM tree expands, and the seconds that takes, for ``players`` stacks without ties.

    Ties only remove nodes.  The tree's shape does not depend on the stacks
    when none are equal: a node with ``m`` players and probability term ``p``
    at depth ``d`` has one child with ``k`` players and term ``p / k`` for every
    ``k = 3 .. m`` (the winner at sorted position ``m - k``; two-player
    subgames are settled on the spot), and it is cut when ``d >= depth`` or
    ``p < min_probability``.  The count is a dynamic programme over
    ``(m, d, log p)`` with ``log p`` on a grid of ``1/512``, so it may be off by
    a fraction of a percent.  A node with ``m`` players costs
    :data:`DCM_NODE_SECONDS`, and each player count and depth costs a batch
    (:data:`DCM_BATCH_SECONDS` per player).  The third value says that the count stopped
    past :data:`TIME_CAP` (the figures are then lower bounds).

    >>> dcm_size(2, 50, 1e-15), dcm_size(3, 50, 0.0)[0]  # heads-up needs no tree; three players: a chain
    ((0.0, 0.0, False), 50.0)
    >>> dcm_size(10, 50, 1e-15)[0]  # the tree itself expands 1,959,611 nodes for 10 distinct stacks
    1960616.0
    """
    import numpy as np

    if players < 3:
        return 0.0, 0.0, False
    a, b = DCM_NODE_SECONDS
    scale = DCM_WIDE_FACTOR if wide else 1
    l0 = math.log(players)
    if min_probability > 0:
        lmax = -math.log(min_probability)
        if l0 > lmax or depth <= 1:
            return 1.0, scale * (a + b * players * players), False
        step = 1.0 / 512
        bins = int((lmax - l0) / step) + 1
        levels = min(depth, 2 + int((lmax - l0) / math.log(3)))
    else:
        if depth <= 1:
            return 1.0, scale * (a + b * players * players), False
        step, bins, levels = None, 1, depth
    # row 0 counts nodes, row 1 their seconds; partial[e] sums the children's values at depth e over k = 3 .. m
    partial = np.zeros((levels + 1, 2, bins))
    value = np.ones((2, bins))
    for m in range(3, players + 1):
        if deadline is not None and m % 64 == 0:
            deadline.check()
        own = np.array([[1.0], [scale * (a + b * m * m)]])
        shift = 0 if step is None else round(math.log(m) / step)
        value = np.broadcast_to(own, (2, bins)).copy()  # a node at depth `levels` is cut
        for e in range(levels, 1, -1):
            if shift:
                moved = np.broadcast_to(own, (2, bins)).copy()  # past the grid: cut below the probability floor
                if shift < bins:
                    moved[:, : bins - shift] = value[:, shift:]
            else:
                moved = value
            partial[e] += moved
            value = own + partial[e]  # nodes with m players at depth e - 1
        if value[1, 0] > TIME_CAP and m < players:  # a lower bound of the root's subtree already
            return float(value[0, 0]), float(value[1, 0]), True
    batches = DCM_BATCH_SECONDS * scale * levels * players * players / 2
    return float(value[0, 0]), float(value[1, 0]) + batches, False


def dcm_cost(
    players: int,
    depth: int,
    min_probability: float,
    want_places: bool,
    wide: bool,
    deadline: TimeBudget | None = None,
    max_bytes: int | None = None,
) -> Cost:
    """The DCM tree's cost; with ``max_bytes``, a field whose single root expansion cannot fit skips the count."""
    row = 16 * players + 16
    square = players * players
    floor = (16 << 20) + 16 * square + result_bytes(players, want_places)  # the root's children alone
    if max_bytes is not None and floor > max_bytes:  # the root and its children, as lower bounds
        a, b = DCM_NODE_SECONDS
        seconds = a * (players - 1) + b * (players * square + (players - 1) * players * (2 * players - 1) / 6)
        return Cost("dcm", "tree", players, players - 1.0, "tree nodes", seconds, floor, at_least=True)
    nodes, seconds, partial = dcm_size(players, depth, min_probability, wide, deadline)
    # one batch's children (at most DCM_BATCH_CELLS cells, or one node's), twice over for temporaries
    batch = 32 * max(square // 2, min(DCM_BATCH_CELLS, nodes * square))
    queued = min(DCM_QUEUE_BYTES + 16 * DCM_BATCH_CELLS, nodes * row)  # the limit, and batches waiting below it
    # the queue's own bytes, with as much again for freed arrays the allocator keeps and the split chunks
    memory = (16 << 20) + 3 * int(queued) + int(batch) + result_bytes(players, want_places)
    return Cost("dcm", "tree", players, nodes, "tree nodes", 0.02 + seconds, memory, at_least=partial)


# -- the others -----------------------------------------------------------------------------------------


def mw_cost(players: int, want_places: bool) -> Cost:
    sets = 1 << players
    widest = comb(players, players // 2) * players
    memory = sets * (players + 24) + 48 * widest + result_bytes(players, want_places)
    return Cost("mw", "subsets", players, sets * players, "set-players", 1e-3 + sets * players * 6e-8, memory)


ROBERTS_TREE_PLAYERS = 9


def roberts_cost(players: int, want_places: bool) -> Cost:
    if players <= ROBERTS_TREE_PLAYERS:
        orders = math.factorial(players)
        memory = orders * players * 24 + result_bytes(players, want_places)
        return Cost("roberts", "tree", players, orders * players, "order-steps", 1e-3 + orders * players * 3e-8, memory)
    work = float(players) ** 4
    seconds = players * players * 4e-5 + work * 6e-9
    memory = 64 * players * players + result_bytes(players, want_places)
    return Cost("roberts", "adapted", players, work, "steps (n**4)", seconds, memory)


MC_CHUNK = 2_000_000  # random numbers drawn at a time


def mc_cost(players: int, samples: int, want_places: bool) -> Cost:
    cells = float(samples) * players
    chunk = max(MC_CHUNK, players)
    memory = 72 * chunk + 64 * players + (8 * players * players if want_places else 0)
    memory += result_bytes(players, want_places)
    seconds = 1e-3 + cells * 4e-8
    return Cost("mc", "sampling", players, cells, "sampled player-orders", seconds, memory)


#: ``Deadline``, the old name of :class:`TimeBudget`, resolves for one release with a DeprecationWarning.
__getattr__ = renamed(__name__, {"Deadline": "TimeBudget"}, globals())
