"""``estimate``: what a model run would cost, without running it."""

from __future__ import annotations

from fractions import Fraction

from .._checks import shown
from ..errors import ModelInputError
from . import _cost
from .dcm import MAX_DEPTH
from .icm import METHODS, choose
from .icm import cost as icm_cost
from ._inputs import MAX_PLAYERS, Prizes, Stacks, check_flag, check_prizes, check_stacks, padded, paid_places

_OPTIONS = {
    "icm": {"places", "exact", "method"},
    "dcm": {"places", "depth", "min_probability"},
    "mw": {"places"},
    "roberts": {"places"},
    "mc": {"places", "samples", "seed"},
}


def _count(value: object, what: str, low: int) -> int:
    if type(value) is not int or not low <= value <= MAX_PLAYERS:
        raise ModelInputError(f"{what} must be an integer from {low} to {MAX_PLAYERS:,}, got {shown(value)}")
    return value


def estimate(model: str, stacks: int | Stacks, prizes: int | Prizes | None = None, **options: object) -> _cost.Cost:
    """The estimated cost of ``MODELS[model](stacks, prizes, **options)``, without running it.

    ``stacks`` and ``prizes`` are what the model takes, or, to ask "what
    would a field of this size cost", the number of players and the number of
    paid places (``prizes=None``: every place pays).  ``options`` are the
    model's own keywords (``places``, ``exact``, ``method``, ``depth``,
    ``min_probability``, ``samples``, ``seed``).  The model functions make the
    same estimate and refuse a run whose ``memory`` is above ``max_bytes``
    (:class:`~pokerengine.errors.ModelInputError`) or whose ``seconds`` are
    more than ten times ``max_seconds`` (:class:`~pokerengine.errors.ModelTimeout`,
    raised before starting).

    >>> print(estimate("icm", 10_000, 1_500))
    icm (quadrature), 10,000 players: about 2.5e+06 node-players, 0.364 s, 72.5 MiB
    >>> c = estimate("dcm", [1000, 800, 500, 200, 100], [100, 50])
    >>> c.work, c.unit
    (3196.0, 'tree nodes')
    >>> estimate("dcm", 30).seconds > 3600  # DCM's tree roughly doubles with every player
    True
    """
    if model not in _OPTIONS:
        raise ModelInputError(f"unknown model {shown(model)}; choose from {', '.join(_OPTIONS)}")
    unknown = sorted(set(options) - _OPTIONS[model])
    if unknown:
        raise ModelInputError(f"{model} takes no option {', '.join(unknown)}")
    places = check_flag(options.get("places", False), "places")
    total, wide = None, False
    if isinstance(stacks, int) and not isinstance(stacks, bool):
        n = _count(stacks, "players", 1)
        paid = n if prizes is None else min(n, _count(prizes, "paid places", 0))
    else:
        checked = check_stacks(stacks)
        n = len(checked)
        paid = paid_places(padded(check_prizes([] if prizes is None else prizes, n), n))
        total = sum(checked)
        wide = total > 2**63 - 1
    needed = n if places else paid
    if model == "icm":
        exact = check_flag(options.get("exact", False), "exact")
        method = options.get("method", "auto")
        if method not in METHODS:
            raise ModelInputError(f"method must be one of {', '.join(map(repr, METHODS))}, got {shown(method)}")
        return icm_cost(n, needed, places, exact, choose(n, needed, exact, method), total)
    if model == "dcm":
        depth = options.get("depth", 50)
        floor = options.get("min_probability", 1e-15)
        if type(depth) is not int or not 1 <= depth <= MAX_DEPTH:
            raise ModelInputError(f"depth must be a positive integer at most {MAX_DEPTH:,}, got {shown(depth)}")
        if isinstance(floor, bool) or not isinstance(floor, (int, float)) or not 0 <= floor < 1:
            raise ModelInputError(f"min_probability must be a number in [0, 1), got {shown(floor)}")
        return _cost.dcm_cost(n, depth, float(floor), places, wide)
    if model == "mw":
        return _cost.mw_cost(n, places)
    if model == "roberts":
        return _cost.roberts_cost(n, places)
    samples = options.get("samples", 100_000)
    if type(samples) is not int or samples < 2:
        raise ModelInputError(f"samples must be an integer of at least 2, got {shown(samples)}")
    return _cost.mc_cost(n, samples, places)
