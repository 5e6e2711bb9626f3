"""An independent check of push/fold strategies in the real deal, written from the rules.

Every player's two cards and the board come from **one** deck; a player who folded keeps his
cards out of it.  Strategies are the solver's (a probability of pushing or calling per class per
decision point); this module knows nothing of the solver's model (no class table, no board model)
and works with combinations (1,326), not classes.

Three players (``BTN``, ``SB``, ``BB``) and two:

- **Hands: exact.**  For a player holding combination ``c`` the others' combinations are every
  ordered pair disjoint from ``c`` and from each other (``1,225 x 1,128`` of them), each weighted
  by the probability of its owner's actions on the way to the ending (a folded player's weight is
  his folding probability, so his cards are dead: "card removal of folded hands").  The sums over
  the third hand are done by inclusion and exclusion over the cards (:func:`avoiding`), checked
  against plain matrix products in the tests.
- **Two hands at a showdown: exact over the boards** given the two hands (the shipped exact table
  :func:`pokerengine.decisions.preflop.matrices`, every one of the 1,712,304 boards); the folded
  third hand's cards are not taken out of the *board* there.  That last effect is estimated by a
  seeded Monte Carlo of whole deals (``deals``: the folded range's weight on the board's cards
  against its average, exact, times the board's outcome less the exact table's) and reported
  beside (``real_gains``, ``board_correction``: the real deal), with its standard error.
- **Three hands all in: board by board, exact over the hands** (``boards``): seeded uniform
  boards; on each, every combination's value (:func:`pokerengine.hands.vector.rank_holes`) and,
  for every combination ``c`` of a seat, the sum over every pair of the other two seats' hands
  missing ``c``, the board and each other, weighted by their reach, of the seat's payoff (the
  library's pot code for each way the three can finish).  The seat's payoff depends on how its
  hand compares with each other's (and on a tie of the two others); the sums over the pairs come
  from the 51 combinations holding each card sorted by value (cumulative sums), pairs sharing a
  card taken out by inclusion and exclusion (:func:`three_on_board`, against a plain sum in the
  tests).  Only the board is sampled; its noise is cut by a control variate of mean exactly zero:
  the first-order part of the sum in ``c``'s sums against each range (beating, tying, losing to
  its hands), whose expectations over the boards come from the exact two-hand table
  (:func:`_expected_sums`).  Where a seat's payoff depends on the order of the two others beyond
  their tie (unequal stacks under a payout model), or with ``boards=0``, a seeded Monte Carlo of
  whole deals instead (three hands and the board drawn from one deck; values by
  :func:`pokerengine.hands.vector.rank7`; strategies integrated exactly, only cards sampled).
- **Standard errors**: the sampled parts are booked in ten groups; the per-class values', each
  seat's gain's and the exploitability's standard errors come from a jackknife over the groups.

A player's gain from a best response: for each of his decision points and combinations, the
better of pushing and folding against what he does (in three-handed push/fold nobody acts twice,
so the decision points are independent); exploitability is the largest gain, in big blinds (chip
EV) or percent of the pool.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
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

CARD_OF = np.array(COMBO_CARDS, dtype=np.intp)  # (1326, 2)
CLASS = np.array(COMBO_CLASS, dtype=np.intp)
SIZES = np.array(CLASS_SIZES, dtype=np.float64)
_PAIR = np.full((52, 52), COMBOS, dtype=np.intp)  # the combination of two cards; COMBOS (a zero pad) on the diagonal
for _c, (_a, _b) in enumerate(COMBO_CARDS):
    _PAIR[_a, _b] = _PAIR[_b, _a] = _c
INCIDENCE = np.zeros((COMBOS, 52))
INCIDENCE[np.arange(COMBOS), CARD_OF[:, 0]] = 1.0
INCIDENCE[np.arange(COMBOS), CARD_OF[:, 1]] = 1.0
DISJOINT = (INCIDENCE @ INCIDENCE.T == 0).astype(np.float64)
OTHERS = {2: 1225.0, 3: 1225.0 * 1128.0}  # ordered deals of the other hands given one's own

Key = frozenset[int]
Strategies = Mapping[int, Mapping[Key, Any]]  # seat -> decision point (seats all in) -> 169 probabilities


def avoiding(w: Any) -> Any:
    """``A[c, d] = sum of w[e]`` over the combinations ``e`` disjoint from both ``c`` and ``d``
    (for disjoint ``c``, ``d``; 0 elsewhere), by inclusion and exclusion over the four cards."""
    w = np.asarray(w, dtype=np.float64)
    pad = np.append(w, 0.0)
    total = w.sum()
    per_card = INCIDENCE.T @ w  # (52,)
    x, y = CARD_OF[:, 0], CARD_OF[:, 1]
    own = total - per_card[x] - per_card[y] + w  # avoiding c's two cards
    out = own[:, None] - per_card[x][None, :] - per_card[y][None, :] + w[None, :]
    for a in (x, y):
        for b in (x, y):
            out += pad[_PAIR[a[:, None], b[None, :]]]
    return out * DISJOINT


def pair_sum(x_mat: Any) -> Any:
    """``V[c] = sum over d, e`` (``c``, ``d``, ``e`` pairwise disjoint) of ``X[d, e]``."""
    xt = x_mat * DISJOINT
    row = xt.sum(axis=1)
    per_card = xt @ INCIDENCE  # (1326, 52): sum over e holding the card
    g = row[:, None] - per_card[:, CARD_OF[:, 0]] - per_card[:, CARD_OF[:, 1]] + xt  # g[d, c]
    return (DISJOINT * g).sum(axis=0)


@attrs.frozen
class Check:
    """The result: each seat's best-response gain (scaled), the values per decision point and class."""

    gains: tuple[float, ...]
    exploitability: float
    push: dict[tuple[int, Key], Any]  # (seat, key) -> per-class value of pushing (payoff units)
    fold: dict[tuple[int, Key], Any]
    se: dict[tuple[int, Key], Any]  # per-class standard error of push - fold (Monte Carlo parts)
    value: tuple[float, ...]  # each seat's expected payoff under the strategies
    corrected: tuple[dict[tuple[int, Key], Any], dict[tuple[int, Key], Any]]  # push, fold with the board correction
    board_correction: float  # exploitability with the folded hands' cards also out of the boards (Monte Carlo)
    deals: int
    real_gains: tuple[float, ...] = ()  # each seat's gain with the board correction: the real deal
    gains_se: tuple[float, ...] = ()  # standard errors (jackknife over the sampled groups) of gains
    real_gains_se: tuple[float, ...] = ()  # and of real_gains
    exploitability_se: float = 0.0
    board_correction_se: float = 0.0  # of board_correction, the real-deal exploitability
    boards: int = 0  # boards summed exactly over the hands for three hands all in
    point_gains: dict[tuple[int, Key], tuple[float, float]] = attrs.field(factory=dict)
    real_value: tuple[float, ...] = ()  # each seat's expected payoff with the board correction: the real deal
    real_value_se: tuple[float, ...] = ()  # (seat, key) -> real-deal gain there, its standard error


def _walk(game: PushFoldGame) -> list[tuple[frozenset[int], tuple[tuple[int, Key, bool], ...]]]:
    """Every ending from the rules: in order of action each player folds or goes all in; nobody
    pushing leaves the big blind the pot."""
    out = []
    bb = game.big_blind_seat

    def go(k: int, allin: frozenset[int], acts: tuple[tuple[int, Key, bool], ...]) -> None:
        if k == len(game.order):
            live = set(allin) if allin else {bb}
            out.append((frozenset(live), acts))
            return
        s = game.order[k]
        if s == bb and not allin:
            go(k + 1, allin, acts)
            return
        go(k + 1, allin | {s}, acts + ((s, allin, True),))
        go(k + 1, allin, acts + ((s, allin, False),))

    go(0, frozenset(), ())
    return out


def _payoff(game: PushFoldGame, live: frozenset[int], groups: Sequence[Sequence[int]]) -> Any:
    """Every seat's payoff when ``live`` reach the end, their hands ranked in ``groups`` (best first,
    equal hands together); a seat that pushed or called put in its stack, the rest their posts
    (the big blind alone, nobody having pushed, put in his posts)."""
    pushed = live if len(live) > 1 or _voluntary(game, live) else frozenset()
    put = {s: game.stacks[s] if s in pushed else game.posts[s] for s in range(game.players)}
    return np.array(game.value(game.chips_after(live, (), put, ties=[list(g) for g in groups])))


def _voluntary(game: PushFoldGame, live: frozenset[int]) -> bool:
    """A lone winner pushed unless he is the big blind everybody folded to."""
    return set(live) != {game.big_blind_seat}


def check(game: PushFoldGame, strategies: Strategies, deals: int = 2_000_000, seed: int = 1,
          batch: int = 250_000, boards: int = 0) -> Check:
    """The real-deal best-response gains of ``strategies`` in ``game`` (two or three players, no one
    all in by posting).  ``deals``: Monte Carlo deals for the board correction and, when ``boards``
    is 0, for three hands all in (0: none; then three-way showdowns are missing, fine when nobody
    reaches one).  ``boards``: seeded boards for three hands all in, each summed exactly over every
    deal of the three hands that misses it (:func:`_three_by_board`); where a seat's payoff depends
    on the order of the two others beyond their tie (unequal stacks under a payout model) the
    per-deal Monte Carlo is used instead."""
    from pokerengine.decisions.preflop import BOARDS, matrices

    n = game.players
    assert n in (2, 3) and not game.forced
    win_c, tie_c = matrices()
    win = win_c / BOARDS
    tie = tie_c / BOARDS
    lose = (1.0 - win - tie) * DISJOINT
    ends = _walk(game)

    def combo(seat: int, key: Key) -> Any:
        return np.asarray(strategies[seat][key], dtype=np.float64)[CLASS]

    def reach(acts: tuple[tuple[int, Key, bool], ...], seat: int) -> Any:
        r = np.ones(COMBOS)
        for q, key, pushed in acts:
            if q == seat:
                s = combo(q, key)
                r = r * (s if pushed else 1.0 - s)
        return r

    points = sorted({(q, key) for _, acts in ends for q, key, _ in acts}, key=lambda t: (t[0], sorted(t[1])))
    push = {p: np.zeros(COMBOS) for p in points}
    fold = {p: np.zeros(COMBOS) for p in points}
    base = [np.zeros(COMBOS) for _ in range(n)]

    def book(p: int, acts: tuple[tuple[int, Key, bool], ...], v: Any) -> None:
        act = next((a for a in acts if a[0] == p), None)
        if act is None:
            base[p] += v
        else:
            (push if act[2] else fold)[(p, act[1])] += v

    multi = []
    for live, acts in ends:
        r = {s: reach(acts, s) for s in range(n)}
        if len(live) == 3:
            multi.append((live, acts))
            continue
        if len(live) == 1:
            pays = _payoff(game, live, [sorted(live)])
            outcome = None
        else:
            i, j = sorted(live)
            pays = {(i, j): _payoff(game, live, [[i], [j]]), "tie": _payoff(game, live, [[i, j]]),
                    (j, i): _payoff(game, live, [[j], [i]])}
            outcome = (i, j)
        for p in range(n):
            others = [s for s in range(n) if s != p]
            if n == 2:
                q = others[0]
                if outcome is None:
                    u = np.full((COMBOS, COMBOS), pays[p])
                else:
                    u = _pair_u(pays, p, q, win, tie, lose)
                v = (DISJOINT * u) @ r[q]
            elif outcome is None or p in live:
                q = next(s for s in others if s in live) if outcome is not None else others[0]
                f = next(s for s in others if s != q)
                u = np.full((COMBOS, COMBOS), pays[p]) if outcome is None else _pair_u(pays, p, q, win, tie, lose)
                v = (u * avoiding(r[f])) @ r[q]
            else:  # p folded: the two others' showdown, p's hand out of their deal
                i, j = outcome
                pi, pj = pays[(i, j)][p], pays[(j, i)][p]
                u = win * pi + tie * pays["tie"][p] + lose * pj
                v = pair_sum(u * np.outer(r[i], r[j]))
            book(p, acts, v / OTHERS[n])
    # the sampled parts, each booked in one of GROUPS groups (by batch) for a jackknife standard error
    g_count = np.zeros((GROUPS, n, CLASSES))
    g_mc = {p: np.zeros((GROUPS, 2, CLASSES)) for p in points}  # three hands all in: push, fold (per deal)
    g_corr = {p: np.zeros((GROUPS, 2, CLASSES)) for p in points}  # the board correction: push, fold
    g_three = {p: np.zeros((GROUPS, COMBOS)) for p in points}  # three hands all in, per board, exact over hands
    g_seen = np.zeros((GROUPS, COMBOS))  # boards missing each combination
    sampled = 0
    used_boards = 0
    full = frozenset(range(n))
    order_pays = _order_pays(game, full) if n == 3 else {}
    by_board = bool(boards) and n == 3 and bool(multi) and _board_pays(game) is not None
    if deals and n == 3:
        rng = np.random.default_rng(seed)
        from pokerengine.hands.vector import rank7

        pair_ends = [(live, acts) for live, acts in ends if len(live) == 2]
        pair_pays = {}
        for live, acts in pair_ends:
            i, j = sorted(live)
            pair_pays[live] = {(i, j): _payoff(game, live, [[i], [j]]), "tie": _payoff(game, live, [[i, j]]),
                               (j, i): _payoff(game, live, [[j], [i]])}
        reach_all = [{s: reach(acts, s) for s in range(n)} for _, acts in pair_ends]
        reach_multi = [{s: reach(acts, s) for s in range(n)} for _, acts in multi]
        batch_no = 0
        batch = max(1, min(batch, -(-deals // GROUPS)))  # every group gets deals
        while sampled < deals:
            grp = batch_no % GROUPS
            batch_no += 1
            m = min(batch, deals - sampled)
            cards = np.argsort(rng.random((m, 52)), axis=1)[:, :11]
            hands = [np.minimum(cards[:, 2 * s], cards[:, 2 * s + 1]) for s in range(n)]
            highs = [np.maximum(cards[:, 2 * s], cards[:, 2 * s + 1]) for s in range(n)]
            combos = [_PAIR[highs[s], hands[s]] for s in range(n)]
            board = cards[:, 6:11]
            vals = [rank7(np.concatenate([cards[:, 2 * s:2 * s + 2], board], axis=1)).astype(np.int64) for s in range(n)]
            classes = [CLASS[combos[s]] for s in range(n)]
            for s in range(n):
                g_count[grp, s] += np.bincount(classes[s], minlength=CLASSES)
            if not by_board:  # three hands all in, per deal
                code = (np.sign(vals[0] - vals[1]) + 1) * 9 + (np.sign(vals[0] - vals[2]) + 1) * 3 + np.sign(vals[1] - vals[2]) + 1
                table = np.zeros((27, n))
                for k, pay in order_pays.items():
                    table[k] = pay
                u3 = table[code]  # (m, n)
                for (live, acts), rr in zip(multi, reach_multi):
                    for p in range(n):
                        w = np.ones(m)
                        for s in range(n):
                            if s != p:
                                w = w * rr[s][combos[s]]
                        act = next(a for a in acts if a[0] == p)
                        g_mc[(p, act[1])][grp, 0 if act[2] else 1] += np.bincount(classes[p], w * u3[:, p], CLASSES)
            # the folded hand's cards out of the board: for the live hands (i, j) and a board B of the deal
            # (uniform given i and j), the folded range's weight on B's cards against its average
            # (exact, by inclusion and exclusion), times the board's outcome less the exact table's
            for (live, acts), rr in zip(pair_ends, reach_all):
                i, j = sorted(live)
                f = next(s for s in range(n) if s not in live)
                pays = pair_pays[live]
                d = vals[i] - vals[j]
                actual = np.where(d[:, None] > 0, pays[(i, j)], np.where(d[:, None] < 0, pays[(j, i)], pays["tie"]))
                ci, cj = combos[i], combos[j]
                expected = (win[ci, cj][:, None] * pays[(i, j)] + tie[ci, cj][:, None] * pays["tie"]
                            + lose[ci, cj][:, None] * pays[(j, i)])
                diff = actual - expected
                held = np.concatenate([cards[:, 2 * i:2 * i + 2], cards[:, 2 * j:2 * j + 2]], axis=1)
                skew = _weight_avoiding(rr[f], np.concatenate([held, board], axis=1)) * RHO \
                    - _weight_avoiding(rr[f], held)
                for p, q in ((i, j), (j, i)):
                    act = next((a for a in acts if a[0] == p), None)
                    if act is None:
                        continue
                    v = rr[q][combos[q]] * diff[:, p] * skew / 1128.0
                    g_corr[(p, act[1])][grp, 0 if act[2] else 1] += np.bincount(classes[p], v, CLASSES)
                act = next((a for a in acts if a[0] == f), None)
                if act is not None:  # the folded player's own cards out of the others' board
                    v = rr[i][combos[i]] * rr[j][combos[j]] * diff[:, f]
                    g_corr[(f, act[1])][grp, 0 if act[2] else 1] += np.bincount(classes[f], v, CLASSES)
            sampled += m
    if by_board:
        used_boards = _three_by_board(game, multi, reach, boards, seed, g_three, g_seen)

    def assemble(keep: Any) -> tuple[list[float], list[float], dict[Any, Any], dict[Any, Any], dict[Any, Any],
                                      dict[Any, Any], dict[Any, float]]:
        """The gains (without and with the board correction) from the sampled groups in ``keep``."""
        cnt = g_count[keep].sum(axis=0)
        seen = g_seen[keep].sum(axis=0)
        mc_p, mc_f, co_p, co_f = {}, {}, {}, {}
        for p in points:
            c = np.maximum(cnt[p[0]], 1.0)
            mc = g_mc[p][keep].sum(axis=0) / c
            co = g_corr[p][keep].sum(axis=0) / c
            if by_board:
                per_combo = g_three[p][keep].sum(axis=0) / np.maximum(seen, 1.0) / (990.0 * 903.0)
                mc = mc.copy()
                mc[0] += np.bincount(CLASS, per_combo, CLASSES) / SIZES
            mc_p[p], mc_f[p], co_p[p], co_f[p] = mc[0], mc[1], co[0], co[1]
        a_ = {p: np.bincount(CLASS, push[p], CLASSES) / SIZES + mc_p[p] for p in points}
        b_ = {p: np.bincount(CLASS, fold[p], CLASSES) / SIZES + mc_f[p] for p in points}
        gains, gains_corr = [], []
        at_point = {}
        for s in range(n):
            g = gc = 0.0
            for p in points:
                if p[0] != s:
                    continue
                sg = np.asarray(strategies[s][p[1]], dtype=np.float64)
                a, b = a_[p], b_[p]
                g += float(PRIOR @ (np.maximum(a, b) - (sg * a + (1 - sg) * b)))
                a2, b2 = a + co_p[p], b + co_f[p]
                at_point[p] = float(PRIOR @ (np.maximum(a2, b2) - (sg * a2 + (1 - sg) * b2))) / game.scale
                gc += at_point[p] * game.scale
            gains.append(g / game.scale)
            gains_corr.append(gc / game.scale)
        vals = []
        for s in range(n):
            total = float(PRIOR @ (np.bincount(CLASS, base[s], CLASSES) / SIZES))
            for p in points:
                if p[0] == s:
                    sg = np.asarray(strategies[s][p[1]], dtype=np.float64)
                    total += float(PRIOR @ (sg * (a_[p] + co_p[p]) + (1 - sg) * (b_[p] + co_f[p])))
            vals.append(total)
        return gains, gains_corr, a_, b_, co_p, co_f, at_point, vals

    everything = np.ones(GROUPS, dtype=bool)
    gains, gains_corr, by_class, by_class_fold, corr_push, corr_fold, at_point, real_value = assemble(everything)
    # per class standard errors and the gains' (jackknife over the groups, when anything was sampled)
    se = {p: np.zeros(CLASSES) for p in points}
    gain_se = [0.0] * n
    real_se = [0.0] * n
    expl_se = real_expl_se = 0.0
    point_se = {p: 0.0 for p in points}
    value_se = [0.0] * n
    if sampled or used_boards:
        loo = []
        for g in range(GROUPS):
            keep = everything.copy()
            keep[g] = False
            loo.append(assemble(keep))
        k = (GROUPS - 1) / GROUPS

        def jack(xs: Any) -> Any:
            xs = np.asarray(xs)
            return np.sqrt(k * ((xs - xs.mean(axis=0)) ** 2).sum(axis=0))

        for p in points:
            se[p] = jack([(r[2][p] + r[4][p]) - (r[3][p] + r[5][p]) for r in loo])
        gain_se = [float(x) for x in jack([r[0] for r in loo])]
        real_se = [float(x) for x in jack([r[1] for r in loo])]
        expl_se = float(jack([max(r[0]) for r in loo]))
        real_expl_se = float(jack([max(r[1]) for r in loo]))
        point_se = {p: float(jack([r[6][p] for r in loo])) for p in points}
        value_se = [float(x) for x in jack([r[7] for r in loo])]
    value = []
    for s in range(n):
        total = float(PRIOR @ (np.bincount(CLASS, base[s], CLASSES) / SIZES))
        for p in points:
            if p[0] == s:
                sg = np.asarray(strategies[s][p[1]], dtype=np.float64)
                total += float(PRIOR @ (sg * by_class[p] + (1 - sg) * by_class_fold[p]))
        value.append(total)
    corrected = ({p: by_class[p] + corr_push[p] for p in points}, {p: by_class_fold[p] + corr_fold[p] for p in points})
    return Check(tuple(gains), max(gains), by_class, by_class_fold, se, tuple(value), corrected, max(gains_corr),
                 sampled, tuple(gains_corr), tuple(gain_se), tuple(real_se), expl_se, real_expl_se, used_boards,
                 {p: (at_point[p], point_se[p]) for p in points}, tuple(real_value), tuple(value_se))


GROUPS = 10
PRIOR = SIZES / COMBOS


_CK = np.array([[c for c in range(COMBOS) if k in COMBO_CARDS[c]] for k in range(52)], dtype=np.intp)  # (52, 51)
_KEY = 8192  # above every hand value (at most 7462)
_ROWS = np.arange(52)
_MASKS = (np.uint64(1) << CARD_OF[:, 0].astype(np.uint64)) | (np.uint64(1) << CARD_OF[:, 1].astype(np.uint64))


class _Board:
    """One board's hand values and, per card ``k``, its 51 combinations sorted by value, with every
    combination ``c``'s place among them (below, equal, above)."""

    def __init__(self, v: Any) -> None:
        self.v = v.astype(np.int64)
        vk = self.v[_CK]
        order = np.argsort(vk, axis=1, kind="stable")
        self.sorted = np.take_along_axis(_CK, order, axis=1)  # (52, 51)
        flat = (_ROWS[:, None] * _KEY + np.take_along_axis(vk, order, axis=1)).ravel()
        q = _ROWS[None, :] * _KEY + self.v[:, None]  # (1326, 52)
        self.lo = np.searchsorted(flat, q, "left") - 51 * _ROWS[None, :]
        self.hi = np.searchsorted(flat, q, "right") - 51 * _ROWS[None, :]
        c1, c2 = CARD_OF[:, 0], CARD_OF[:, 1]
        self.e = [_PAIR[_ROWS[None, :], c1[:, None]], _PAIR[_ROWS[None, :], c2[:, None]]]  # group k's combos touching c
        vpad = np.append(self.v, 0)
        self.e_sign = [np.sign(self.v[:, None] - vpad[e]) for e in self.e]
        self.own = (_ROWS[None, :] == c1[:, None]) | (_ROWS[None, :] == c2[:, None])
        self.live = self.v > 0

    def ksums(self, w: Any) -> Any:
        """``K[c, k, s]``: the sum of ``w[x]`` over the combinations ``x`` holding card ``k``,
        disjoint from ``c`` and the board, with ``c`` beating (``s = 0``), tying (1), losing to (2) ``x``."""
        wl = np.append(np.where(self.live, w, 0.0), 0.0)
        cw = np.zeros((52, 52))
        cw[:, 1:] = np.cumsum(wl[self.sorted], axis=1)
        below = cw[_ROWS[None, :], self.lo]
        upto = cw[_ROWS[None, :], self.hi]
        k = np.stack([below, upto - below, cw[:, 51][None, :] - upto], axis=2)
        for e, sg in zip(self.e, self.e_sign):
            we = wl[e]
            k[:, :, 0] -= we * (sg > 0)
            k[:, :, 1] -= we * (sg == 0)
            k[:, :, 2] -= we * (sg < 0)
        k[self.own] = 0.0
        return k

    def ties(self, a: Any, b: Any) -> tuple[Any, Any]:
        """For every ``c``: the sum of ``a[x] b[y]`` over disjoint ``x``, ``y`` (both disjoint from ``c``
        and the board) of equal value above ``c``'s, and the same below."""
        v = self.v
        ok = np.flatnonzero(self.live & ((a > 0) | (b > 0)))
        ok = ok[np.argsort(v[ok], kind="stable")]
        vals = v[ok]
        starts = np.flatnonzero(np.r_[True, vals[1:] != vals[:-1]])
        sizes = np.diff(np.r_[starts, len(ok)])
        gsize = np.repeat(sizes, sizes)
        gstart = np.repeat(starts, sizes)
        i = np.repeat(np.arange(len(ok)), gsize)
        j = np.repeat(gstart, gsize) + (np.arange(len(i)) - np.repeat(np.cumsum(gsize) - gsize, gsize))
        x, y = ok[i], ok[j]
        w = a[x] * b[y]
        keep = (w != 0) & ((_MASKS[x] & _MASKS[y]) == 0)
        x, y, w = x[keep], y[keep], w[keep]
        t = v[x]  # ascending: the pairs come level by level
        cum = np.r_[0.0, np.cumsum(w)]
        cards = np.concatenate([CARD_OF[x], CARD_OF[y]], axis=1)  # (m, 4)
        key = (cards * _KEY + t[:, None]).ravel()
        o2 = np.argsort(key)
        ks, kc = key[o2], np.r_[0.0, np.cumsum(np.repeat(w, 4)[o2])]
        vpad = np.append(v, 0)
        cands = [x, y] + [_PAIR[CARD_OF[x, u], CARD_OF[y, s]] for u in (0, 1) for s in (0, 1)]
        out = []
        for above in (True, False):
            # every pair on the right side of c, less those touching c (per card, less those touching both)
            if above:
                tot = cum[-1] - cum[np.searchsorted(t, v, "right")]
            else:
                tot = cum[np.searchsorted(t, v, "left")]
            for col in (0, 1):
                base = CARD_OF[:, col] * _KEY
                if above:
                    tot -= kc[np.searchsorted(ks, base + _KEY - 1, "right")] - kc[np.searchsorted(ks, base + v, "right")]
                else:
                    tot -= kc[np.searchsorted(ks, base + v, "left")] - kc[np.searchsorted(ks, base, "left")]
            both = np.zeros(COMBOS + 1)
            for cc in cands:
                side = (t > vpad[cc]) if above else (t < vpad[cc])
                both += np.bincount(cc, w * side, COMBOS + 1)
            tot += both[:COMBOS]
            out.append(np.where(self.live, tot, 0.0))
        return out[0], out[1]


def _board_pays(game: PushFoldGame) -> dict[int, Any] | None:
    """Per seat ``p`` of three hands all in: ``pay[s1, s2]``, p's payoff when he beats (0), ties (1)
    or loses to (2) the next seat (``s1``) and the one after (``s2``), with two more for a tie of
    those two above p and below p (the difference it makes); None when p's payoff depends on the
    order of the two others in another way (then the per-deal Monte Carlo prices three hands)."""
    order = _order_pays(game, frozenset(range(3)))
    out = {}
    for p in range(3):

        def pay(s1: int, s2: int, s3: int, p: int = p) -> float:
            q, r = (p + 1) % 3, (p + 2) % 3
            v = [0.0, 0.0, 0.0]
            v[q], v[r] = -s1, -s2  # s = sign(p - other)
            if s1 == s2 != 0:
                v[r] = v[q] - 0.5 * s3
            sg = [int(np.sign(v[0] - v[1])), int(np.sign(v[0] - v[2])), int(np.sign(v[1] - v[2]))]
            return float(order[(sg[0] + 1) * 9 + (sg[1] + 1) * 3 + sg[2] + 1][p])

        table = np.zeros((3, 3))
        for i, s1 in enumerate((1, 0, -1)):
            for j, s2 in enumerate((1, 0, -1)):
                table[i, j] = pay(s1, s2, 1)
        if pay(1, 1, 1) != pay(1, 1, -1) or pay(-1, -1, 1) != pay(-1, -1, -1):
            return None
        out[p] = (table, pay(-1, -1, 0) - pay(-1, -1, 1), pay(1, 1, 0) - pay(1, 1, 1))
    return out


def three_on_board(b: _Board, pays: tuple[Any, float, float], wq: Any, wr: Any,
                   expect: tuple[Any, Any] | None = None) -> Any:
    """For every combination ``c`` of a seat on board ``b``: the sum over the next seat's ``x`` and the
    one after's ``y`` (``c``, ``x``, ``y`` and the board pairwise disjoint) of ``wq[x] wr[y]`` times
    the seat's payoff (``pays`` from :func:`_board_pays`).  Pairs sharing a card are taken out by
    inclusion and exclusion over the cards: ``sum_x sum_y - sum_k (x and y hold k) + (x = y)``.

    ``expect``: the exact expectations, over the boards missing ``c``, of ``c``'s sums against each
    range (beating, tying, losing to its hands: ``(1326, 3)`` each, :func:`_expected_sums`); given,
    the result less its first-order part in the deviations of those sums from their expectations
    (a control variate of mean exactly zero): same expectation, less board noise."""
    return _three_from_sums(b, pays, b.ksums(wq), b.ksums(wr), b.ksums(wq * wr), wq, wr, expect)


def _three_from_sums(b: _Board, pays: tuple[Any, float, float], kq: Any, kr: Any, kqr: Any, wq: Any, wr: Any,
                     expect: tuple[Any, Any] | None) -> Any:
    """:func:`three_on_board` from the card sums (:meth:`_Board.ksums`) of ``wq``, ``wr`` and ``wq * wr``."""
    table, above, below = pays
    aq, ar, aqr = 0.5 * kq.sum(axis=1), 0.5 * kr.sum(axis=1), 0.5 * kqr.sum(axis=1)
    t = np.einsum("cs,ct,st->c", aq, ar, table) - np.einsum("cks,ckt,st->c", kq, kr, table, optimize=True)
    t += aqr @ np.diag(table)
    if expect is not None:
        eq, er = expect
        t -= ((aq - eq) * (er @ table.T)).sum(axis=1) + ((ar - er) * (eq @ table)).sum(axis=1)
    if above or below:
        tie_above, tie_below = b.ties(wq, wr)
        t += above * tie_above + below * tie_below
    return np.where(b.live, t, 0.0)


def _expected_sums(w: Any) -> Any:
    """``E[c, s]``: over the boards missing ``c`` (uniform), the expected sum of ``w[x]`` over the
    combinations ``x`` missing ``c`` and the board that ``c`` beats (``s = 0``), ties (1), loses to
    (2): each ``x`` misses the board with probability ``C(48,5) / C(50,5)``, and then the exact
    two-hand table's probabilities."""
    from pokerengine.decisions.preflop import BOARDS, matrices

    win_c, tie_c = matrices()
    win, tie = win_c / BOARDS, tie_c / BOARDS
    lose = (1.0 - win - tie) * DISJOINT
    kappa = 1_712_304 / 2_118_760
    return kappa * np.stack([win @ w, tie @ w, lose @ w], axis=1)


def _three_by_board(game: PushFoldGame, multi: Any, reach: Any, boards: int, seed: int,
                    g_three: dict[Any, Any], g_seen: Any) -> int:
    """Three hands all in, board by board: ``boards`` seeded uniform boards, each summed exactly
    over every deal of the three hands missing it; booked per combination of the seat's own hand
    (to be divided by the boards missing it and the 990 x 903 deals of the other two)."""
    from pokerengine.hands.vector import rank_holes

    pays = _board_pays(game)
    assert pays is not None
    expect = {(id(acts), s): _expected_sums(reach(acts, s)) for _, acts in multi for s in range(3)}
    rng = np.random.default_rng(seed + 7919)
    done = 0
    chunk = 64
    while done < boards:
        m = min(chunk, boards - done)
        cards = np.argsort(rng.random((m, 52)), axis=1)[:, :5]
        values = rank_holes(cards)
        for row in range(m):
            grp = (done + row) % GROUPS
            b = _Board(values[row])
            g_seen[grp] += b.live
            for live, acts in multi:
                w = [reach(acts, s) for s in range(3)]
                ks = [b.ksums(x) for x in w]
                for p in range(3):
                    q, r = (p + 1) % 3, (p + 2) % 3
                    act = next(a for a in acts if a[0] == p)
                    assert act[2]
                    g_three[(p, act[1])][grp] += _three_from_sums(
                        b, pays[p], ks[q], ks[r], b.ksums(w[q] * w[r]), w[q], w[r],
                        (expect[(id(acts), q)], expect[(id(acts), r)]))
        done += m
    return done


RHO = 1_712_304 / 1_370_754  # C(48, 5) / C(46, 5): boards missing two known hands against missing three


def _weight_avoiding(w: Any, cards: Any) -> Any:
    """For each row of ``cards`` (distinct cards), the sum of ``w`` over the combinations avoiding all of them."""
    pad = np.append(np.asarray(w, dtype=np.float64), 0.0)
    per_card = INCIDENCE.T @ pad[:-1]
    out = pad[:-1].sum() - per_card[cards].sum(axis=1)
    k = cards.shape[1]
    for a in range(k):
        for b in range(a + 1, k):
            out = out + pad[_PAIR[cards[:, a], cards[:, b]]]
    return out


def _pair_u(pays: Any, p: int, q: int, win: Any, tie: Any, lose: Any) -> Any:
    """p's payoff per (p's combination, q's) at a two-hand showdown, exact over the boards."""
    return win * pays[(p, q)][p] + tie * pays["tie"][p] + lose * pays[(q, p)][p]


def _order_pays(game: PushFoldGame, live: frozenset[int]) -> dict[int, Any]:
    """The payoffs of three hands all in for each pattern of comparisons (0 vs 1, 0 vs 2, 1 vs 2)."""
    out = {}
    for a, b, c in itertools.product((-1, 0, 1), repeat=3):
        found = None
        for v in itertools.product(range(3), repeat=3):
            if (np.sign(v[0] - v[1]), np.sign(v[0] - v[2]), np.sign(v[1] - v[2])) == (a, b, c):
                found = v
                break
        if found is None:
            continue
        vals = found
        groups = [sorted(s for s in range(3) if vals[s] == level) for level in sorted(set(vals), reverse=True)]
        out[(a + 1) * 9 + (b + 1) * 3 + (c + 1)] = _payoff(game, live, groups)
    return out


def strategies_of(game: PushFoldGame, eq: Any) -> dict[int, dict[Key, Any]]:
    """The strategies of an :class:`~pokerengine.decisions.result.Equilibrium` by seat and decision point."""
    names = {pos: s for s, pos in enumerate(game.positions)}
    out: dict[int, dict[Key, Any]] = {}
    for s, pl in enumerate(eq.players):
        mine: dict[Key, Any] = {}
        if any(a for a in pl.push):
            mine[frozenset()] = np.array(pl.push)
        elif s != game.big_blind_seat:
            mine[frozenset()] = np.array(pl.push)
        for key, v in pl.call.items():
            mine[frozenset(names[x] for x in key.split("+"))] = np.array(v)
        out[s] = mine
    return out
