"""Three hands from one deck by class: the folded player's cards out of the other two hands and the board.

At a three-handed table a showdown of two hands leaves a third hand that folded.  Its cards are
not in the deck: they change which classes the other two can hold and which boards can come.
This module gives, for every triple of classes ``(a, b, c)`` (the first player's, the second's,
the folded one's), summed over every deal of three pairwise disjoint combinations of those
classes:

- ``count[a, b, c]``: how many such deals there are (exact integers);
- ``win[a, b, c]``, ``tie[a, b, c]``: the first hand's probability of beating (tying) the second
  over the boards the **two** hands leave, summed over the deals: exact, from the shipped
  combination table (:func:`pokerengine.decisions.preflop.matrices`), by inclusion and exclusion
  over the four cards for the third hand (:func:`.triples.class_triples`);
- ``board_win``, ``board_tie`` (:func:`board_triples`): what taking the third hand's cards out of
  the board changes in those sums.  Estimated: a seeded Monte Carlo of the two hands and the
  board from one deck; for each deal every folded class's count of combinations missing the nine
  cards, against its count missing the four hole cards (exact, by inclusion and exclusion), times
  the board's outcome less its exact expectation, so only the correction is sampled (its standard
  error is stated by :func:`board_error`).

A player holding class ``a`` whose opponent holds ``b`` with probability weight ``r[b]`` and whose
folded third player folds ``c`` with weight ``f[c]`` sees, in the real deal, the opponent win
``sum_bc r[b] f[c] (win + board_win)[a, b, c] / sum_bc r[b] f[c] count[a, b, c]``; the solver's
three-handed mode (:func:`pokerengine.decisions.equilibrium.solve` with ``card_removal=True``)
uses these sums for every two-hand showdown and every ending where one hand takes the pot, and
:class:`.threeway.Orders` (built on these two-hand sums) for three hands all in.

Limits: each tensor is ``169 ** 3`` float64 (38.6 MB): the exact three (116 MB) are kept once a
process, and with a board correction its sums with them (77 MB more); building takes about
250 MB more for a moment.  Time: the exact tensors about 6 s; the board correction about 13 s per
million deals (2 shared cores); then each evaluation of every ending about 0.13 s.

The exact sums are :func:`.triples.class_triples`'s (see :mod:`.triples`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np

from ..errors import DecisionInputError
from ..hands.vector import rank7
from .combos import CLASS_SIZES, CLASSES, COMBOS
from .preflop import BOARDS, matrices
from .threeway import Orders
from .triples import _CLASS, _CLASS_PAD, _PAIR, CARD_CLASS, class_triples

if TYPE_CHECKING:
    from numpy.typing import NDArray

    Array = NDArray[np.float64]

RHO = 1_712_304 / 1_370_754
"""``C(48, 5) / C(46, 5)``: boards missing two known hands against boards missing three."""
MAX_DEALS = 50_000_000


@attrs.frozen(eq=False)
class Board:
    """The sampled correction for the folded hand's cards out of the board (module docstring);
    ``square_*`` the sums of squares per ``(a, b, c)`` for the standard error; ``deals`` sampled."""

    win: Array
    tie: Array
    deals: int
    scale: float


def board_triples(deals: int = 2_000_000, seed: int = 0, batch: int = 25_000,
                  check: Callable[[], None] | None = None) -> Board:
    """The board correction's sums by class triple from ``deals`` seeded deals;
    ``check`` is called between batches (a deadline's)."""
    if type(deals) is not int or not 1 <= deals <= MAX_DEALS:
        raise DecisionInputError(f"deals must be an integer from 1 to {MAX_DEALS:,}, got {deals!r}")
    win_c, tie_c = matrices()
    rng = np.random.default_rng(seed)
    cells = CLASSES * CLASSES
    # the skew of a deal is linear in its cards and pairs of cards: (rho - 1) N_c - rho (the board's
    # cards' combinations of c) - (rho - 1) (the hole cards') + rho (pairs of the nine cards of class c)
    # - (pairs of the four hole cards), so the sums are kept by cell and card, and by cell and class
    per_card = np.array([-(RHO - 1.0)] * 4 + [-RHO] * 5)
    pairs = [(i, j) for i in range(9) for j in range(i + 1, 9)]
    per_pair = np.array([RHO - 1.0 if j < 4 else RHO for i, j in pairs])
    sums = {name: (np.zeros(cells), np.zeros(cells * 52), np.zeros(cells * (CLASSES + 1))) for name in ("win", "tie")}
    done = 0
    while done < deals:
        m = min(batch, deals - done)
        r = rng.random((m, 52))
        pick = np.argpartition(r, 9, axis=1)[:, :9]
        cards = np.take_along_axis(pick, np.argsort(np.take_along_axis(r, pick, 1), axis=1), 1)
        x = _PAIR[cards[:, 0], cards[:, 1]]
        y = _PAIR[cards[:, 2], cards[:, 3]]
        board = cards[:, 4:9]
        vx = rank7(np.concatenate([cards[:, 0:2], board], axis=1))
        vy = rank7(np.concatenate([cards[:, 2:4], board], axis=1))
        cell = _CLASS[x] * CLASSES + _CLASS[y]
        card_bin = (cell[:, None] * 52 + cards).ravel()
        pair_bin = (cell[:, None] * (CLASSES + 1)
                    + np.stack([_CLASS_PAD[_PAIR[cards[:, i], cards[:, j]]] for i, j in pairs], axis=1)).ravel()
        for name, value in (("win", (vx > vy) - win_c[x, y] / BOARDS), ("tie", (vx == vy) - tie_c[x, y] / BOARDS)):
            zero, card, pair = sums[name]
            zero += np.bincount(cell, value, cells)
            card += np.bincount(card_bin, (value[:, None] * per_card).ravel(), cells * 52)
            pair += np.bincount(pair_bin, (value[:, None] * per_pair).ravel(), cells * (CLASSES + 1))
        done += m
        if check is not None:
            check()
    out = {}
    sizes = np.array(CLASS_SIZES, dtype=np.float64)
    for name in ("win", "tie"):
        zero, card, pair = sums.pop(name)
        got = card.reshape(cells, 52) @ CARD_CLASS[:, :CLASSES]
        got += pair.reshape(cells, CLASSES + 1)[:, :CLASSES]
        del pair
        got += (RHO - 1.0) * zero[:, None] * sizes
        out[name] = got
    dw, dt = out.pop("win"), out.pop("tie")
    scale = COMBOS * 1225 / deals  # ordered disjoint pairs of hands per deal sampled
    dw *= scale
    dt *= scale
    win = dw.reshape(CLASSES, CLASSES, CLASSES)
    tie = dt.reshape(CLASSES, CLASSES, CLASSES)
    # the two hands' roles: a's win against b is b's loss, so symmetrise (halves the variance)
    loss = win + tie
    win -= loss.transpose(1, 0, 2)
    win *= 0.5
    del loss
    tie += tie.transpose(1, 0, 2).copy()
    tie *= 0.5
    return Board(win, tie, deals, scale)


__all__ = ["Board", "board_triples"]


_DEALS: dict[tuple[int, int, int], Deal3] = {}


@attrs.frozen(eq=False)
class Deal3:
    """Three-handed values in the real deal by class: the exact triple sums plus the board correction
    (``deals`` sampled; 0: none)."""

    count: Array
    win: Array
    tie: Array
    norm: Array  # per class of one's own hand: the deals of the other two
    deals: int
    orders: Orders | None = None  # three hands all in from one deck (:mod:`.threeway`); None: the board model

    @classmethod
    def make(cls, deals: int = 1_000_000, seed: int = 0, check: Callable[[], None] | None = None,
             three: int = 0) -> Deal3:
        """Built once a process per ``(deals, seed, three)`` (the last one kept); ``check`` as
        :func:`board_triples`; ``three``: boards of :class:`.threeway.Orders` for three hands all in
        (:data:`.threeway.DEFAULT_PER_BOARD` deals each; 0: the board model)."""
        got = _DEALS.get((deals, seed, three))
        if got is not None:
            return got
        t = class_triples()
        win, tie = t.win, t.tie
        if deals:
            b = board_triples(deals, seed, check=check)
            win, tie = win + b.win, tie + b.tie
        orders = None
        if three:
            score = np.divide(win + 0.5 * tie, t.count, out=np.full(t.count.shape, 0.5), where=t.count > 0)
            orders = Orders.make(three, seed=seed, check=check, score=score, tag=deals)
            del score
        got = cls(t.count, win, tie, t.count.sum(axis=(1, 2)), deals, orders)
        _DEALS.clear()  # one at a time
        _DEALS[(deals, seed, three)] = got
        return got

    def values(self, ends: Any, keys: dict[int, dict[frozenset[int], int]], sigma: dict[int, Array],
               multiway: Any, pays: Any = None) -> tuple[list[Array], dict[int, Array], list[Array]]:
        """Counterfactual values as :meth:`pokerengine.decisions.equilibrium.Solver.values` gives them,
        with the three hands from one deck: for every ending of one or two hands exact in the hands
        (the folded hand's cards out), the board corrected as sampled; for three hands all in,
        :attr:`orders` (one deck, :mod:`.threeway`) when it is built, else the probability of the
        deal exact and the showdown by ``multiway(index, pays)`` (each seat's expected payoff per
        class of its own hand)."""
        n = 3
        base = [np.zeros(CLASSES) for _ in range(n)]
        cfv = {s: np.zeros((len(k), 2, CLASSES)) for s, k in keys.items()}
        column = {}  # every strategy row, and all ones, contracted once with each tensor's last axis
        rows = [np.ones(CLASSES)]
        for s, k in keys.items():
            for key, i in k.items():
                column[(s, i)] = len(rows)
                rows.append(sigma[s][i])
        stack = np.stack(rows, axis=1)
        flat = CLASSES * CLASSES
        tensors = (("count", self.count), ("win", self.win), ("tie", self.tie))
        done = {name: (t.reshape(flat, CLASSES) @ stack).reshape(CLASSES, CLASSES, len(rows)) for name, t in tensors}
        # the same with the weights on the first axis (the folded player's view of the other two): [c, a, row]
        first = {name: (stack.T @ t.reshape(CLASSES, flat)).reshape(len(rows), CLASSES, CLASSES).transpose(1, 2, 0)
                 for name, t in tensors}
        for idx, e in enumerate(ends):
            pay = e.pays if pays is None else pays[idx]
            w = {s: np.ones(CLASSES) for s in range(n)}
            col: dict[int, tuple[int, bool]] = {}
            act: dict[int, tuple[int, int]] = {}
            for q, key, pushed in e.ending.acts:
                sg = sigma[q][keys[q][key]]
                w[q] = sg if pushed else 1.0 - sg
                act[q] = (keys[q][key], 0 if pushed else 1)
                col[q] = (column[(q, keys[q][key])], pushed)

            def part(name: str, s: int, axis: str = "last") -> Array:  # the tensor with seat s's weights on an axis
                got = done[name] if axis == "last" else first[name]
                if s not in col:
                    return got[:, :, 0]
                c, pushed = col[s]
                out: Array = got[:, :, c] if pushed else got[:, :, 0] - got[:, :, c]
                return out

            live = e.live
            mine: Any = None
            if len(live) == 3:
                mine = (self.orders.values(live, np.asarray(pay, dtype=np.float64), w) if self.orders is not None
                        else multiway(idx, pay))
            for p in range(n):
                q, r = (s for s in range(n) if s != p)
                if len(live) == 3 and self.orders is not None:
                    v = mine[p]
                elif len(live) == 3:
                    v = part("count", r) @ w[q] * mine[p]
                elif len(live) == 1:
                    v = part("count", r) @ w[q] * pay[p]
                elif p in live:
                    other = live[1] if p == live[0] else live[0]
                    folded = q if r == other else r
                    pw, pt, pl = (pay[0][p], pay[1][p], pay[2][p]) if p == live[0] else (pay[2][p], pay[1][p], pay[0][p])
                    v = (pl * part("count", folded) + (pw - pl) * part("win", folded)
                         + (pt - pl) * part("tie", folded)) @ w[other]
                else:
                    i, j = live
                    pw, pt, pl = pay[0][p], pay[1][p], pay[2][p]
                    v = w[j] @ (pl * part("count", i, "first") + (pw - pl) * part("win", i, "first")
                                + (pt - pl) * part("tie", i, "first"))
                v = v / self.norm
                if p in act:
                    point, a = act[p]
                    cfv[p][point, a] += v
                else:
                    base[p] += v
        return base, cfv, strategy_values(base, cfv, sigma)


def strategy_values(base: list[Any], cfv: dict[int, Any], sigma: dict[int, Any]) -> list[Any]:
    """Each player's value per class of his own hand: what reaches him whatever he does (``base``) plus, at
    each of his decision points, the values of pushing and folding (``cfv[p][point, 0 | 1]``) weighted by
    his strategy ``sigma[p]`` there."""
    value = []
    for p, b in enumerate(base):
        v = b.copy()
        if p in cfv:
            sg = sigma[p]
            v += (sg * cfv[p][:, 0] + (1.0 - sg) * cfv[p][:, 1]).sum(axis=0)
        value.append(v)
    return value


def build_seconds(deals: int, seed: int = 0, three: int = 0) -> float:
    """About how long :meth:`Deal3.make` takes on the reference machine (0 when it is cached)."""
    if (deals, seed, three) in _DEALS:
        return 0.0
    return (0.0 if class_triples.cache_info().currsize else 6.0) + deals * 13e-6 + three * 2.5e-3


__all__ += ["Deal3", "build_seconds"]
