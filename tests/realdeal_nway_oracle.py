"""An independent check of push/fold strategies in the real deal at 3 to 9 players, from the rules.

Every player's two cards and the board come from **one** deck and a player who folded keeps his
cards out of it.  The strategies are a solve's (per seat and decision point, a probability of
pushing or calling for each of the 169 classes); nothing of the solver's card model is used (no
class table, no board model, no pair odds): whole deals are sampled and settled.

- **Deals: sampled**, seeded.  Each deal is ``n`` hands and five board cards drawn from one shuffled
  deck; every hand is ranked on the board by :func:`pokerengine.hands.vector.rank7`.
- **Strategies: integrated exactly.**  For a deal, every ending of the betting (who folded, who
  went all in, each player's chips in, walked from the rules here) carries the probability of each
  player's actions with the class he holds; nothing about the actions is sampled.
- **Chips** of an ending on a deal: the pots of :func:`pokerengine.pots.build_pots` for the
  ending's contributions (refunds, side pots, eligibility), each pot to the best eligible hand on
  this deal, ties split with the odd chips to the tied players first left of the button (as
  :meth:`pokerengine.decisions.game.PushFoldGame.chips_after`; a test holds the two together).
  **Payoffs**: the chips (chip EV) or the payout model's money for the stacks after the hand
  (:meth:`~pokerengine.decisions.game.PushFoldGame.value`, busted players placed by their stacks
  before the hand).
- **Best responses**: for every decision point ``(seat, players already all in)`` and class, the
  counterfactual value of pushing (calling) and of folding is the mean over the deals in which the
  seat holds that class of the other players' action probabilities times the seat's payoff.  In
  push/fold nobody acts twice, so a seat's best response takes the better action at each point on
  its own; its gain is the prior-weighted sum over classes and points of the better value less the
  value of its strategy.  Exploitability is the largest gain, in big blinds (chip EV) or percent of
  the pool.

**Errors.**  Per class and point, standard errors from the deals' sums of squares.  The plain gain
(the better of two noisy values) is biased up by the noise where a class is near indifference;
:attr:`Check.crossfit` picks the better action on half the batches and prices it on the other half
(both ways, averaged): biased down (an estimate of the gain of a response that may be worse than
the best).  :attr:`Check.sure` does the same but switches only the classes whose better action the
first half shows beyond :data:`SURE` standard errors (the others keep their strategy): the gain of
a response that is almost never worse than the strategy, a lower estimate with less of the noise.
The true gain of the best response lies between the lower estimates and the plain one, up to their errors;
:attr:`Check.gains_se` is the batch-means standard error of the plain gain (the chosen actions held
fixed).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

import attrs
import numpy as np

from pokerengine.decisions.combos import (
    CLASS_SIZES,
    CLASSES,
    COMBO_CARDS,
    COMBO_CLASS,
    COMBOS,
)
from pokerengine.decisions.game import PushFoldGame
from pokerengine.hands.vector import rank7
from pokerengine.pots import build_pots
from pokerengine.seats import Seat

Key = frozenset[int]
Act = tuple[int, Key, bool]
Strategies = Mapping[int, Mapping[Key, Any]]  # seat -> decision point (seats all in) -> 169 probabilities

PRIOR = np.array(CLASS_SIZES, dtype=np.float64) / COMBOS
CLASS_OF = np.array(COMBO_CLASS, dtype=np.intp)
PAIR = np.zeros((52, 52), dtype=np.intp)  # the combination of two cards
for _c, (_a, _b) in enumerate(COMBO_CARDS):
    PAIR[_a, _b] = PAIR[_b, _a] = _c
SURE = 2.0
MIX = np.random.default_rng(0).integers(1, 2**62, 9, dtype=np.int64) | 1  # row hashing of stacks after a hand


@attrs.frozen
class Ending:
    """One way the betting ends: the seats still in, every seat's chips in, the decisions on the way."""

    live: frozenset[int]
    put: tuple[int, ...]
    acts: tuple[Act, ...]


def walk(game: PushFoldGame) -> list[Ending]:
    """Every ending from the rules: a seat all in by posting has no decision; the others, in order of
    action, fold or put in their whole stack; with nobody in voluntarily the big blind has no
    decision and takes the pot (or, with seats all in by posting, goes to the showdown with them)."""
    out: list[Ending] = []
    bb = game.big_blind_seat
    n = game.players

    def go(k: int, allin: frozenset[int], voluntary: bool, acts: tuple[Act, ...]) -> None:
        if k == len(game.order):
            live = set(allin) | (set() if voluntary else {bb})
            pushed = {s for s, _, p in acts if p}
            put = tuple(game.stacks[s] if s in pushed else game.posts[s] for s in range(n))
            out.append(Ending(frozenset(live), put, acts))
            return
        s = game.order[k]
        if s in game.forced or (s == bb and not voluntary):
            go(k + 1, allin, voluntary, acts)
            return
        go(k + 1, allin | {s}, True, acts + ((s, allin, True),))
        go(k + 1, allin, voluntary, acts + ((s, allin, False),))

    go(0, game.forced, False, ())
    return out


@attrs.frozen(eq=False)
class Pots:
    """An ending's pots, fixed by its contributions: what each seat gets back, then each pot's chips
    and eligible seats (ordered for the odd chips: first left of the button first)."""

    start: Any  # (n,) int64: stack - put + refund
    pots: tuple[tuple[int, tuple[int, ...]], ...]

    @classmethod
    def of(cls, game: PushFoldGame, ending: Ending) -> Pots:
        n = game.players
        layout = build_pots([Seat(s + 1, ending.put[s], folded=s not in ending.live) for s in range(n)])
        start = np.array([game.stacks[s] - ending.put[s] + layout.refunds[s + 1] for s in range(n)], dtype=np.int64)
        left = [(s - 1) % n for s in range(n)] if n > 2 else [1, 0]
        pots = tuple((p.amount, tuple(sorted((label - 1 for label in p.eligible), key=left.__getitem__)))
                     for p in layout.pots)
        return cls(start, pots)

    def chips(self, vals: Any) -> Any:
        """The stacks after the hand (``(m, n)`` int64) for hand values ``vals`` (``(m, n)``, higher better)."""
        m = vals.shape[0]
        after = np.tile(self.start, (m, 1))
        for amount, eligible in self.pots:
            if len(eligible) == 1:
                after[:, eligible[0]] += amount
                continue
            v = vals[:, list(eligible)]
            won = v == v.max(axis=1, keepdims=True)
            k = won.sum(axis=1)
            share, odd = np.divmod(amount, k)
            place = np.cumsum(won, axis=1)  # 1 for the first winner left of the button
            got = won * share[:, None] + (won & (place <= odd[:, None]))
            after[:, list(eligible)] += got
        return after


@attrs.frozen
class Check:
    """Each seat's best-response gain in the real deal (in big blinds or percent of the pool), with
    its errors, and the per-class counterfactual values behind it (payoff units)."""

    gains: tuple[float, ...]  # plain (biased up by the noise near indifference)
    gains_se: tuple[float, ...]  # batch means, the chosen actions fixed
    crossfit: tuple[float, ...]  # actions chosen on half the batches, priced on the other (biased down)
    sure: tuple[float, ...]  # the same, switching only where the first half is SURE standard errors sure
    exploitability: float  # max of gains
    push: dict[tuple[int, Key], Any]  # (seat, key) -> per-class value of pushing (calling)
    fold: dict[tuple[int, Key], Any]
    se_push: dict[tuple[int, Key], Any]
    se_fold: dict[tuple[int, Key], Any]
    se_diff: dict[tuple[int, Key], Any]  # of push - fold
    value: tuple[float, ...]  # each seat's expected payoff under the strategies
    value_se: tuple[float, ...]
    deals: int
    seconds: float

    def point_gain(self, seat: int, key: Key, strategy: Any, scale: float) -> float:
        """One decision point's share of the seat's plain gain."""
        a, b, s = self.push[(seat, key)], self.fold[(seat, key)], np.asarray(strategy, dtype=np.float64)
        return float(PRIOR @ (np.maximum(a, b) - s * a - (1 - s) * b)) / scale


def check(game: PushFoldGame, strategies: Strategies, deals: int = 1_000_000, seed: int = 1,
          batch: int | None = None) -> Check:
    """The real-deal best-response gains of ``strategies`` in ``game`` (3 to 9 players), from
    ``deals`` sampled deals (seeded) in batches of ``batch``."""
    began = time.perf_counter()
    n = game.players
    assert 3 <= n <= 9 and game.bounty is None
    if batch is None:
        batch = 20_000 if n <= 6 else 10_000
    ends = walk(game)
    pots = [Pots.of(game, e) if len(e.live) > 1 else None for e in ends]
    fixed = [np.array(game.value(tuple(int(x) for x in _lone(game, e))), dtype=np.float64) if len(e.live) == 1
             else None for e in ends]
    points = sorted({(q, key) for e in ends for q, key, _ in e.acts}, key=lambda t: (t[0], len(t[1]), sorted(t[1])))
    index = {p: i for i, p in enumerate(points)}
    sig = {p: np.asarray(strategies[p[0]][p[1]], dtype=np.float64) for p in points}
    for p, s in sig.items():
        assert s.shape == (CLASSES,) and np.all((s >= 0) & (s <= 1)), p
    cache: dict[int, Any] = {}
    rng = np.random.default_rng(seed)
    npts = len(points)
    sums: list[Any] = []  # per batch: (npts, 2, 169) sums of push and fold by the acting seat's class
    squares = np.zeros((2, npts, 3, CLASSES))  # per half (batch parity): push, fold, push - fold
    counts: list[Any] = []  # per batch: (n, 169)
    value_sum = np.zeros(n)
    value_sq = np.zeros(n)
    done = 0
    while done < deals:
        m = min(batch, deals - done)
        cards = np.argsort(rng.random((m, 52)), axis=1)[:, :2 * n + 5]
        board = cards[:, 2 * n:]
        cls = np.stack([CLASS_OF[PAIR[cards[:, 2 * s], cards[:, 2 * s + 1]]] for s in range(n)], axis=1)
        vals = np.stack([rank7(np.concatenate([cards[:, 2 * s:2 * s + 2], board], axis=1)).astype(np.int64)
                         for s in range(n)], axis=1)
        at = {p: sig[p][cls[:, p[0]]] for p in points}  # the probability of pushing at each point, per deal
        acc = np.zeros((npts, 2, m))
        total = np.zeros((m, n))
        for e, pot, pay0 in zip(ends, pots, fixed):
            if pot is None:
                pay = np.broadcast_to(pay0, (m, n))
            else:
                pay = _payoffs(game, pot.chips(vals), cache)
            r = [at[(q, key)] if pushed else 1.0 - at[(q, key)] for q, key, pushed in e.acts]
            before = [np.ones(m)]
            for x in r[:-1]:
                before.append(before[-1] * x)
            after = [np.ones(m)]
            for x in reversed(r[1:]):
                after.append(after[-1] * x)
            after.reverse()
            everyone = before[-1] * r[-1] if r else np.ones(m)
            total += everyone[:, None] * pay
            for k, (q, key, pushed) in enumerate(e.acts):
                acc[index[(q, key)], 0 if pushed else 1] += before[k] * after[k] * pay[:, q]
        value_sum += total.sum(axis=0)
        value_sq += (total * total).sum(axis=0)
        part = np.zeros((npts, 2, CLASSES))
        for i, (q, _) in enumerate(points):
            c = cls[:, q]
            for a in (0, 1):
                part[i, a] = np.bincount(c, acc[i, a], CLASSES)
                squares[len(sums) % 2, i, a] += np.bincount(c, acc[i, a] ** 2, CLASSES)
            d = acc[i, 0] - acc[i, 1]
            squares[len(sums) % 2, i, 2] += np.bincount(c, d * d, CLASSES)
        sums.append(part)
        counts.append(np.stack([np.bincount(cls[:, s], minlength=CLASSES) for s in range(n)]).astype(np.float64))
        done += m
    s_all = np.stack(sums)  # (B, npts, 2, 169)
    c_all = np.stack(counts)  # (B, n, 169)
    count = np.maximum(c_all.sum(axis=0), 1.0)
    seat_of = np.array([q for q, _ in points])
    mean = s_all.sum(axis=0) / count[seat_of][:, None, :]
    sq = squares.sum(axis=0) / count[seat_of][:, None, :]
    diff = mean[:, 0] - mean[:, 1]
    var = [np.maximum(sq[:, 0] - mean[:, 0] ** 2, 0.0), np.maximum(sq[:, 1] - mean[:, 1] ** 2, 0.0),
           np.maximum(sq[:, 2] - diff ** 2, 0.0)]
    se = [np.sqrt(v / count[seat_of]) for v in var]
    strat = np.stack([sig[p] for p in points])
    scale = game.scale
    gains, gains_se, cross, sure = [], [], [], []
    nb = len(sums)
    for s in range(n):
        rows = seat_of == s
        if not rows.any():
            gains.append(0.0), gains_se.append(0.0), cross.append(0.0), sure.append(0.0)
            continue
        a, b, st = mean[rows, 0], mean[rows, 1], strat[rows]
        gains.append(float((PRIOR * (np.maximum(a, b) - st * a - (1 - st) * b)).sum()) / scale)
        choose = (a > b).astype(np.float64)  # 1: push; held fixed for the batch means
        per = s_all[:, rows] / (count[s] / nb)  # each batch's own estimate (normalised by the mean count)
        g_b = (PRIOR * ((choose - st) * per[:, :, 0] + (st - choose) * per[:, :, 1])).sum(axis=(1, 2)) / scale
        gains_se.append(float(g_b.std(ddof=1) / np.sqrt(nb)) if nb > 1 else float("nan"))
        halves, certain = [], []
        for h, (pick, price) in enumerate(((slice(0, None, 2), slice(1, None, 2)), (slice(1, None, 2), slice(0, None, 2)))):
            ca, cb = c_all[pick, s].sum(axis=0), c_all[price, s].sum(axis=0)
            sa, sb = s_all[pick][:, rows].sum(axis=0), s_all[price][:, rows].sum(axis=0)
            pa, pb = sa / np.maximum(ca, 1.0), sb / np.maximum(cb, 1.0)
            da = pa[:, 0] - pa[:, 1]
            ch = (da > 0).astype(np.float64)
            halves.append(float((PRIOR * ((ch - st) * pb[:, 0] + (st - ch) * pb[:, 1])).sum()) / scale)
            sea = np.sqrt(np.maximum(squares[h, rows, 2] / np.maximum(ca, 1.0) - da ** 2, 0.0) / np.maximum(ca, 1.0))
            ch = np.where(np.abs(da) > SURE * sea, ch, st)  # only the switches the first half is sure of
            certain.append(float((PRIOR * ((ch - st) * pb[:, 0] + (st - ch) * pb[:, 1])).sum()) / scale)
        cross.append(sum(halves) / 2)
        sure.append(sum(certain) / 2)
    value = value_sum / deals
    value_se = np.sqrt(np.maximum(value_sq / deals - value ** 2, 0.0) / deals)
    return Check(tuple(gains), tuple(gains_se), tuple(cross), tuple(sure), max(gains),
                 {p: mean[i, 0] for i, p in enumerate(points)}, {p: mean[i, 1] for i, p in enumerate(points)},
                 {p: se[0][i] for i, p in enumerate(points)}, {p: se[1][i] for i, p in enumerate(points)},
                 {p: se[2][i] for i, p in enumerate(points)}, tuple(float(v) for v in value),
                 tuple(float(v) for v in value_se), deals, time.perf_counter() - began)


def _lone(game: PushFoldGame, e: Ending) -> list[int]:
    """The stacks after an ending with one seat left: he takes every chip put in."""
    (w,) = e.live
    after = [game.stacks[s] - e.put[s] for s in range(game.players)]
    after[w] += sum(e.put)
    return after


def _payoffs(game: PushFoldGame, after: Any, cache: dict[int, Any]) -> Any:
    """Each row's payoffs: the chips (chip EV) or the model's money, each distinct row valued once."""
    if game.model == "chip":
        return after.astype(np.float64)
    n = after.shape[1]
    code = after @ MIX[:n]  # wraps around: a hash of the row
    keys, first, inverse = np.unique(code, return_index=True, return_inverse=True)
    table = np.empty((len(keys), n))
    for i, (h, row) in enumerate(zip(keys.tolist(), first.tolist())):
        got = cache.get(h)
        if got is None:
            got = cache[h] = np.array(game.value(tuple(int(x) for x in after[row])), dtype=np.float64)
        table[i] = got
    return table[inverse.ravel()]


def strategies_of(game: PushFoldGame, eq: Any) -> dict[int, dict[Key, Any]]:
    """The strategies of an :class:`~pokerengine.decisions.result.Equilibrium` by seat and decision
    point (a key names the seats already all in, those all in by posting included)."""
    n = game.players
    named = {game.key_name(k): k for k in (frozenset(s for s in range(n) if mask >> s & 1) for mask in range(1 << n))}
    out: dict[int, dict[Key, Any]] = {}
    for s, pl in enumerate(eq.players):
        mine: dict[Key, Any] = {}
        if s != game.big_blind_seat:
            mine[game.forced] = np.array(pl.push)
        for key, v in pl.call.items():
            mine[named[key]] = np.array(v)  # names hold "+" ("UTG+1+BTN"): looked up whole
        out[s] = mine
    return out


def gains_table(game: PushFoldGame, strategies: Strategies, got: Check, top: int = 5) -> list[tuple[str, str, float]]:
    """The decision points that give the most, by name: ``(position, point, gain)``."""
    rows = []
    for (q, key) in got.push:
        g = got.point_gain(q, key, strategies[q][key], game.scale)
        rows.append((game.positions[q], game.key_name(key) or "open", g))
    return sorted(rows, key=lambda r: -r[2])[:top]


__all__ = ["Check", "Ending", "Pots", "check", "gains_table", "strategies_of", "walk"]
