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
  third hand's cards are not taken out of the *board* there.  That last effect is estimated by the
  Monte Carlo below (``board_correction``) and reported beside, with its standard error.
- **Three hands all in: a seeded Monte Carlo** of whole deals (three hands and the board drawn
  from one deck; values by :func:`pokerengine.hands.vector.rank7`; pots by the library's pot
  code), strategies integrated exactly (only cards are sampled); per class a mean and a standard
  error.

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

from pokerengine.decisions.combos import CLASS_SIZES, CLASSES, COMBO_CARDS, COMBO_CLASS, COMBOS
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
          batch: int = 250_000) -> Check:
    """The real-deal best-response gains of ``strategies`` in ``game`` (two or three players, no one
    all in by posting).  ``deals``: Monte Carlo deals for three hands all in and for the board
    correction (0: none; then three-way showdowns are missing, fine when nobody reaches one)."""
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
    mc_push = {p: np.zeros(CLASSES) for p in points}
    mc_fold = {p: np.zeros(CLASSES) for p in points}
    mc_sq = {p: np.zeros(CLASSES) for p in points}
    corr_push = {p: np.zeros(CLASSES) for p in points}
    corr_sq = {p: np.zeros(CLASSES) for p in points}
    corr_fold = {p: np.zeros(CLASSES) for p in points}
    mc_base = [np.zeros(CLASSES) for _ in range(n)]

    def book(p: int, acts: tuple[tuple[int, Key, bool], ...], v: Any, into: str = "exact") -> None:
        act = next((a for a in acts if a[0] == p), None)
        if act is None:
            if into == "exact":
                base[p] += v
            elif into == "mc":
                mc_base[p] += v
            return
        tgt = (push if act[2] else fold) if into == "exact" else (mc_push if act[2] else mc_fold) if into == "mc" \
            else (corr_push if act[2] else corr_fold)
        tgt[(p, act[1])] += v

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
    sampled = 0
    if deals and n == 3:
        rng = np.random.default_rng(seed)
        from pokerengine.hands.vector import rank7

        count = np.zeros((n, CLASSES))
        pair_ends = [(live, acts) for live, acts in ends if len(live) == 2]
        pair_pays = {}
        for live, acts in pair_ends:
            i, j = sorted(live)
            pair_pays[live] = {(i, j): _payoff(game, live, [[i], [j]]), "tie": _payoff(game, live, [[i, j]]),
                               (j, i): _payoff(game, live, [[j], [i]])}
        reach_all = [{s: reach(acts, s) for s in range(n)} for _, acts in pair_ends]
        reach_multi = [{s: reach(acts, s) for s in range(n)} for _, acts in multi]
        full = frozenset(range(n))
        order_pays = _order_pays(game, full)
        while sampled < deals:
            m = min(batch, deals - sampled)
            cards = np.argsort(rng.random((m, 52)), axis=1)[:, :11]
            hands = [np.minimum(cards[:, 2 * s], cards[:, 2 * s + 1]) for s in range(n)]
            highs = [np.maximum(cards[:, 2 * s], cards[:, 2 * s + 1]) for s in range(n)]
            combos = [_PAIR[highs[s], hands[s]] for s in range(n)]
            board = cards[:, 6:11]
            vals = [rank7(np.concatenate([cards[:, 2 * s:2 * s + 2], board], axis=1)).astype(np.int64) for s in range(n)]
            classes = [CLASS[combos[s]] for s in range(n)]
            for s in range(n):
                count[s] += np.bincount(classes[s], minlength=CLASSES)
            # three hands all in
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
                    v = w * u3[:, p]
                    act = next((a for a in acts if a[0] == p), None)
                    tgt = (mc_push if act[2] else mc_fold)[(p, act[1])]
                    tgt += np.bincount(classes[p], v, CLASSES)
                    mc_sq[(p, act[1])] += np.bincount(classes[p], v * v, CLASSES)
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
                    (corr_push if act[2] else corr_fold)[(p, act[1])] += np.bincount(classes[p], v, CLASSES)
                    corr_sq[(p, act[1])] += np.bincount(classes[p], v * v, CLASSES)
                act = next((a for a in acts if a[0] == f), None)
                if act is not None:  # the folded player's own cards out of the others' board
                    v = rr[i][combos[i]] * rr[j][combos[j]] * diff[:, f]
                    (corr_push if act[2] else corr_fold)[(f, act[1])] += np.bincount(classes[f], v, CLASSES)
                    corr_sq[(f, act[1])] += np.bincount(classes[f], v * v, CLASSES)
            sampled += m
        for p in points:
            s = p[0]
            c = np.maximum(count[s], 1.0)
            for d in (mc_push, mc_fold, corr_push, corr_fold):
                d[p] /= c
            mean = mc_push[p] + mc_fold[p]
            mc_sq[p] = np.maximum(mc_sq[p] / c - mean * mean, 0.0) / c
            both = corr_push[p] + corr_fold[p]
            mc_sq[p] = np.sqrt(mc_sq[p] + np.maximum(corr_sq[p] / c - both * both, 0.0) / c)
    by_class = {p: np.bincount(CLASS, push[p], CLASSES) / SIZES + mc_push[p] for p in points}
    by_class_fold = {p: np.bincount(CLASS, fold[p], CLASSES) / SIZES + mc_fold[p] for p in points}
    prior = SIZES / COMBOS
    gains = []
    gains_corr = []
    value = []
    for s in range(n):
        g = gc = 0.0
        total = float(prior @ (np.bincount(CLASS, base[s], CLASSES) / SIZES))
        for p in points:
            if p[0] != s:
                continue
            sg = np.asarray(strategies[s][p[1]], dtype=np.float64)
            a, b = by_class[p], by_class_fold[p]
            now = sg * a + (1 - sg) * b
            g += float(prior @ (np.maximum(a, b) - now))
            a2, b2 = a + corr_push[p], b + corr_fold[p]
            gc += float(prior @ (np.maximum(a2, b2) - (sg * a2 + (1 - sg) * b2)))
            total += float(prior @ now)
        gains.append(g / game.scale)
        gains_corr.append(gc / game.scale)
        value.append(total)
    corrected = ({p: by_class[p] + corr_push[p] for p in points}, {p: by_class_fold[p] + corr_fold[p] for p in points})
    return Check(tuple(gains), max(gains), by_class, by_class_fold, mc_sq, tuple(value), corrected, max(gains_corr),
                 sampled)


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
