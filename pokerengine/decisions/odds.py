"""All-in odds: win, tie and lose counts for 2 to 9 hands or ranges, with an optional board and dead cards.

:func:`odds` deals every remaining board (and, for ranges, every combination of the hands'
combinations that shares no card) and counts, per hand, the boards it wins outright, ties (shares
the best hand with others) and loses.  ``equity`` shares each pot among the tied: a ``k``-way tie is
worth ``1/k``.

>>> r = odds(["AcAd", "KhKs"])
>>> r.boards, [(h.hand, h.win, h.tie, h.lose) for h in r.hands]
(1712304, [('AcAd', 1388072, 6538, 317694), ('KhKs', 317694, 6538, 1388072)])
>>> round(r.hands[0].equity, 4), r.method
(0.8126, 'table')
>>> r = odds(["AsKs", "QQ"], board="Qs7s2d")
>>> r.deals, r.boards, round(r.hands[0].equity, 4)
(3, 990, 0.2556)

How each case is computed (all exact except the last):

- **table**: two hands (or ranges) before the flop with no dead card: the shipped heads-up table
  (:mod:`.preflop`), summed over the ranges' disjoint combination pairs; instant.
- **enumeration**: every deal (one combination per hand, pairwise disjoint, weight the product
  of the hands' weights) on every board the deal leaves, board-major: each batch of boards ranks
  every combination once (:func:`.vector.rank_holes`), then every deal is settled on it.
  Work: ``boards x deals x hands`` cells (two known hands before the flop: 1,712,304 x 1 x 2).
- **sorted** (two hands with a range, exact): per board, the second range's values sorted with
  cumulative weights, and per card the same for the combinations holding that card, so each of the
  first range's combinations finds the weight it beats, ties and loses to among the combinations
  that share no card with it (inclusion-exclusion over its two cards).  Work about
  ``boards x (n1 + n2) x 4`` cells; a flop with two full ranges takes about a second.
- **monte carlo**: when the exact work would pass :data:`AUTO_EXACT_CELLS` (three wide ranges
  preflop, say), deals and boards are sampled (``samples``, seeded: repeatable): each hand's
  combination drawn by weight and the deal kept when it shares no card (so a deal's chance is
  proportional to its weight product, as in the exact count), then the board uniformly from the
  cards left (drawn with replacement, rows that repeat a card drawn again).
  ``win``/``tie``/``lose`` count samples, ``boards`` is the number of samples, and each hand's
  ``stderr`` is the standard error of its equity (at most 0.0012 at the default 200,000 samples).
  Measured against exact enumeration on six cases (two to five hands, known and ranges, with and
  without a flop) at three seeds each: over the 60 equities the error divided by the stated
  standard error has mean 0.005 and root mean square 0.84 (the stated error is about right), at
  most 2.1; the largest error was 0.0020.  Speed: about 3 microseconds a sample heads-up.  ``tests/decisions/test_decisions_odds.py`` checks one case.

Counts are Python ints when every weight is 1 (known hands, unweighted ranges), weighted sums
(floats) otherwise; for the exact methods ``win + tie + lose == boards * deals`` for every hand,
where ``deals`` is the (weighted) number of deals and ``boards`` the boards each deal sees.

Limits: 2 to :data:`MAX_HANDS` hands; exact work at most :data:`MAX_EXACT_CELLS` cells even when
asked for, and at most :data:`MAX_DEALS` deals listed (beyond, Monte Carlo, or with ``exact=True``
a DecisionInputError); at most :data:`MAX_SAMPLES` samples; memory per batch about
:data:`BATCH_CELLS` x 20 bytes (about 170 MB) whatever the input; ``max_seconds`` bounds the time (checked before the work,
from its size, and between batches: :class:`~pokerengine.errors.ModelTimeout`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Sequence
from typing import Any

import attrs
import numpy as np
from numpy.typing import NDArray

from .._checks import shown
from ..cards import DECK, parse_card
from ..errors import CardError, DecisionInputError, ModelTimeout, RangeError
from ..hands import vector
from ..hands.vector import CARDS, COMBO_CARDS, COMBOS, combo_index, combo_text, deck_index, deck_indices, deck_text
from . import preflop
from .ranges import Range, hand_or_range

MAX_HANDS = 9
"""The most hands :func:`odds` takes."""
AUTO_EXACT_CELLS = 400_000_000
"""Exact work (cells, see the module docstring) up to which ``exact=None`` enumerates (a few seconds)."""
MAX_EXACT_CELLS = 20_000_000_000
"""The most exact work :func:`odds` does even with ``exact=True`` (a few minutes)."""
DEFAULT_SAMPLES = 200_000
"""Monte Carlo samples unless told otherwise."""
MAX_SAMPLES = 100_000_000
"""The most Monte Carlo samples :func:`odds` draws."""
BATCH_CELLS = 1 << 23
"""Cells per batch (memory is about 16 bytes a cell)."""
MIN_WEIGHT = 1e-30
"""The smallest positive weight a range may give a combination here (nine such weights multiply to
1e-270, still a normal float)."""
_SHARE = 2520  # lcm(1..9): a k-way tie's share 1/k in exact integer units
_CELLS_PER_SECOND = 30_000_000  # a cautious throughput for the up-front time check


@attrs.frozen
class HandOdds:
    """One hand's result: its text (a combination as given, or a range's normal notation), the
    boards (summed over deals) it wins, ties and loses, its equity, and for Monte Carlo the standard
    error of the equity."""

    hand: str
    win: int | float
    tie: int | float
    lose: int | float
    equity: float
    stderr: float | None = None


@attrs.frozen
class Odds:
    """The result of :func:`odds`.

    ``boards``: the boards each deal sees (exact), or the number of samples (Monte Carlo);
    ``deals``: the (weighted) number of deals counted, 1 for known hands, ``None`` for Monte Carlo;
    ``exact``; ``method``: ``'table'``, ``'enumeration'``, ``'sorted'`` or ``'monte carlo'``;
    ``board`` and ``dead`` as card text.
    """

    boards: int
    hands: tuple[HandOdds, ...]
    exact: bool
    method: str
    deals: int | float | None
    board: str = ""
    dead: str = ""

    def to_json(self) -> dict[str, Any]:
        """The JSON object of ``pokerengine odds --json``."""
        hands = []
        for h in self.hands:
            item: dict[str, Any] = {"hand": h.hand, "win": h.win, "tie": h.tie, "lose": h.lose, "equity": h.equity}
            if h.stderr is not None:
                item["stderr"] = h.stderr
            hands.append(item)
        return {"boards": self.boards, "hands": hands, "exact": self.exact, "method": self.method,
                "deals": self.deals, "board": self.board, "dead": self.dead}

    def lines(self) -> list[str]:
        """A readable table, one line per hand after a header: the equity, then the counts of
        :meth:`to_json` (boards won, tied and lost, summed over the deals; samples for Monte Carlo),
        each with its percentage.  A range longer than 40 characters is ``hand K`` in the table
        and written in full on a line of its own after it.

        >>> print("\\n".join(odds(["AcAd", "KhKs"]).lines()))
        table (1,712,304 boards)
        hand   equity       wins        %   ties       %     losses        %
        AcAd  81.255%  1,388,072  81.065%  6,538  0.382%    317,694  18.554%
        KhKs  18.745%    317,694  18.554%  6,538  0.382%  1,388,072  81.065%
        """
        what = f"{self.boards:,} {'samples' if not self.exact else 'boards'}"
        if self.exact and self.deals != 1:
            what += f" x {_number(self.deals)} deals"
        head = f"{self.method} ({what})" + (f", board {self.board}" if self.board else "") + \
            (f", dead {self.dead}" if self.dead else "")
        total = [float(h.win + h.tie + h.lose) or 1.0 for h in self.hands]
        rows = [["hand", "equity", "wins", "%", "ties", "%", "losses", "%"]]
        long = []  # a hand too long for its column is named by its number there, written in full below
        for k, (h, t) in enumerate(zip(self.hands, total), 1):
            eq = f"{100 * h.equity:.3f}%" + (f" +- {100 * h.stderr:.3f}" if h.stderr is not None else "")
            if len(h.hand) > _HAND_COLUMN:
                long.append(f"hand {k}: {h.hand}")
            row = [h.hand if len(h.hand) <= _HAND_COLUMN else f"hand {k}", eq]
            for count in (h.win, h.tie, h.lose):
                row += [_count(count), f"{100 * count / t:.3f}%"]
            rows.append(row)
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        return [head] + ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))
                         for r in rows] + long


_HAND_COLUMN = 40
_CARD_INTEGERS = frozenset(DECK)
"""The longest hand or range text :meth:`Odds.lines` writes in its table's first column."""


def _count(value: int | float) -> str:
    """A count as the text shows it: whole numbers with thousands separators, weighted sums to two
    decimals."""
    if isinstance(value, float) and not value.is_integer():
        return f"{value:,.2f}"
    return f"{int(value):,}"


def _number(value: int | float | None) -> str:
    return f"{value:,}" if isinstance(value, int) else f"{value:,.6g}"


@attrs.frozen(eq=False)
class _Hand:
    text: str
    combos: NDArray[np.intp]  # combinations with positive weight, none meeting a card already out
    weights: NDArray[Any]  # int64 ones when unweighted, else float64
    known: bool


def _card_list(value: object, what: str) -> list[int]:
    """Cards from text run together (``'AhKd7c'``; spaces and commas allowed) or an iterable of
    card texts or card integers of :mod:`pokerengine.cards`), as deck positions."""
    if isinstance(value, str):
        text = value.replace(" ", "").replace(",", "")
        if len(text) % 2 or len(text) > 2 * CARDS:
            raise CardError(f"bad {what} {shown(value)}: expected cards run together, e.g. 'AhKd7c'")
        return deck_indices(text)
    if not isinstance(value, Iterable):
        raise CardError(f"bad {what} {shown(value)}: expected card text such as 'AhKd7c'")
    out = []
    for card in value:
        if isinstance(card, str):
            out.append(deck_index(parse_card(card)))
        elif isinstance(card, (int, np.integer)) and not isinstance(card, bool) and int(card) in _CARD_INTEGERS:
            out.append(deck_index(int(card)))
        else:
            raise CardError(f"bad card {shown(card)} in the {what}: expected text such as 'As' or a card of pokerengine.cards")
        if len(out) > CARDS:
            raise CardError(f"the {what} has more than {CARDS} cards")
    return out


def _hand(value: object, position: int) -> tuple[str, list[int] | None, Range | None]:
    """(text, the two cards of a known hand or None, the range or None)."""
    if isinstance(value, str):
        text = value.strip()
        if len(text) == 4 and text[1] in "cdhs" and text[3] in "cdhs" and text[0].upper() == text[0]:
            cards = deck_indices(text)
            if cards[0] == cards[1]:
                raise CardError(f"hand {position} repeats a card: {shown(value)}")
            return text, cards, None
        return value, None, hand_or_range(value)
    if isinstance(value, Range):
        return value.text, None, value
    raise RangeError(f"hand {position} must be two cards such as 'AcAd', range text or a Range, got {shown(value)}")


def _prepare(hands: Sequence[object], board: object, dead: object) -> tuple[list[_Hand], list[int], list[int]]:
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise DecisionInputError(f"hands must be a list of 2 to {MAX_HANDS} hands or ranges, got {shown(hands)}")
    if not 2 <= len(hands) <= MAX_HANDS:
        raise DecisionInputError(f"odds are for 2 to {MAX_HANDS} hands, got {len(hands)}")
    board_cards, dead_cards = _card_list(board, "board"), _card_list(dead, "dead cards")
    if len(board_cards) not in (0, 3, 4, 5):
        raise CardError(f"a board has 0, 3, 4 or 5 cards, got {len(board_cards)}")
    parsed = [_hand(h, i) for i, h in enumerate(hands, 1)]
    out: dict[int, str] = {}
    places: list[tuple[str, list[int]]] = [("the board", board_cards), ("the dead cards", dead_cards)]
    places += [(f"hand {i} ({shown(p[0])})", p[1]) for i, p in enumerate(parsed, 1) if p[1] is not None]
    for where, held in places:
        for c in held:
            if c in out:
                raise CardError(f"card {deck_text(c)} is used twice: in {out[c]} and in {where}")
            out[c] = where
    if 2 * len(hands) + 5 + len(dead_cards) > CARDS:
        raise CardError(f"{len(hands)} hands, a board and {len(dead_cards)} dead cards need more than {CARDS} cards")
    gone = np.zeros(CARDS, dtype=bool)
    gone[list(out)] = True
    hi = np.array([c[0] for c in COMBO_CARDS])
    lo = np.array([c[1] for c in COMBO_CARDS])
    result = []
    for i, (text, cards, rng) in enumerate(parsed, 1):
        if cards is not None:
            result.append(_Hand(str(text), np.array([combo_index(*cards)], dtype=np.intp),
                                np.ones(1, dtype=np.int64), True))
            continue
        assert rng is not None
        weights = np.array(rng.weights, dtype=np.float64)
        if not weights.any():
            raise RangeError(f"hand {i}: the range {shown(rng.text or text)} is empty")
        weights[gone[hi] | gone[lo]] = 0.0
        combos = np.nonzero(weights)[0]
        if not len(combos):
            raise RangeError(f"hand {i}: the range {shown(rng.text)} cannot be dealt: every combination "
                             "uses a card already out")
        w = weights[combos]
        if w.min() < MIN_WEIGHT:
            raise DecisionInputError(f"hand {i}: the range {shown(rng.text)} has a weight below {MIN_WEIGHT:g}: "
                                     "products of such weights over nine hands would round to 0")
        unweighted = bool(np.all(w == 1.0))
        known = len(combos) == 1 and unweighted
        result.append(_Hand(combo_text(int(combos[0])) if known else rng.text, combos,
                            np.ones(len(combos), dtype=np.int64) if unweighted else w, known))
    return result, board_cards, dead_cards


class _Deadline:
    def __init__(self, max_seconds: float | None) -> None:
        if max_seconds is not None:
            if isinstance(max_seconds, bool) or not isinstance(max_seconds, (int, float)) or not max_seconds > 0:
                raise DecisionInputError(f"max_seconds must be a positive number, got {shown(max_seconds)}")
        self.limit = max_seconds
        self.end = None if max_seconds is None or math.isinf(max_seconds) else time.monotonic() + max_seconds

    def check(self, what: str) -> None:
        if self.end is not None and time.monotonic() > self.end:
            raise ModelTimeout(f"odds: {what} did not finish within max_seconds={self.limit:g}")

    def expect(self, cells: float) -> None:
        """Refuse up front work that would take several times the budget."""
        if self.limit is not None and cells / _CELLS_PER_SECOND > 4 * self.limit:
            raise ModelTimeout(f"odds: about {cells:.3g} cells of work would take far more than "
                               f"max_seconds={self.limit:g}")


def odds(hands: Sequence[str | Range], board: str | Iterable[int | str] = "", dead: str | Iterable[int | str] = "",
         *, exact: bool | None = None, samples: int = DEFAULT_SAMPLES, seed: int = 0,
         max_seconds: float | None = None, table: bool = True) -> Odds:
    """Win, tie and lose counts and equities of 2 to 9 hands all in.

    ``hands``: each two cards (``'AcAd'``), range text (``'QQ+, AKs'``, ``'AKo:0.5'``; see
    :mod:`.ranges`) or a :class:`~.ranges.Range`; a range loses the combinations that use a card of
    the board, the dead cards or a known hand.  ``board``: 0, 3, 4 or 5 cards; ``dead``: cards out of
    play; cards as text (``'Qd7c2s'``) or a sequence of card texts or :mod:`pokerengine.cards` integers.  ``exact``: ``None`` enumerates when the work is at most :data:`AUTO_EXACT_CELLS` cells and
    samples otherwise; ``True`` always enumerates (up to :data:`MAX_EXACT_CELLS`, else
    :class:`~pokerengine.errors.DecisionInputError`); ``False`` always samples (``samples`` deals,
    seeded by ``seed``).  ``table=False`` enumerates two preflop hands instead of reading the table.

    Errors: fewer than 2 or more than 9 hands (DecisionInputError); a bad card, a card used twice, a
    board of 1, 2 or more than 5 cards (CardError); bad range text, a range that cannot be dealt or
    hands that cannot be dealt together (RangeError); ``max_seconds`` exceeded (ModelTimeout).

    >>> r = odds(["AhAs", "KK", "QQ"], board="Qd7c2s")  # a set of queens
    >>> r.method, r.boards, r.deals, [round(h.equity, 4) for h in r.hands]
    ('enumeration', 903, 18, [0.0897, 0.0853, 0.825])
    """
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= MAX_SAMPLES:
        raise DecisionInputError(f"samples must be an integer 1..{MAX_SAMPLES}, got {shown(samples)}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise DecisionInputError(f"seed must be a non-negative integer, got {shown(seed)}")
    if exact not in (None, True, False):
        raise DecisionInputError(f"exact must be True, False or None, got {shown(exact)}")
    deadline = _Deadline(max_seconds)
    parsed, board_cards, dead_cards = _prepare(hands, board, dead)
    board_text = "".join(deck_text(c) for c in board_cards)
    dead_text = "".join(deck_text(c) for c in dead_cards)
    known_cards = [c for h in parsed if h.known for c in COMBO_CARDS[int(h.combos[0])]]
    deck = np.array(sorted(set(range(CARDS)) - set(board_cards) - set(dead_cards) - set(known_cards)), dtype=np.intp)
    missing = 5 - len(board_cards)
    ranged = sum(not h.known for h in parsed)
    per_deal = math.comb(len(deck) - 2 * ranged, missing)
    all_boards = math.comb(len(deck), missing)

    def finish(method: str, exact_: bool, boards: int, deals: int | float | None, counts: list[tuple[Any, ...]],
               ) -> Odds:
        out = []
        for h, (win, tie, lose, equity, *err) in zip(parsed, counts):
            out.append(HandOdds(h.text, win, tie, lose, equity, err[0] if err else None))
        return Odds(boards, tuple(out), exact_, method, deals, board_text, dead_text)

    if exact is not False:
        if table and len(parsed) == 2 and not board_cards and not dead_cards:
            deals, counts = _by_table(parsed)
            return finish("table", True, preflop.BOARDS, deals, counts)
        sorted_cells = 4.0 * all_boards * (len(parsed[0].combos) + len(parsed[1].combos)) \
            if len(parsed) == 2 and ranged else math.inf
        cap = MAX_EXACT_CELLS if exact else AUTO_EXACT_CELLS
        limit = max(1, int(min(cap, sorted_cells) // max(1, all_boards * len(parsed))))
        deals_table = _deals(parsed, max(limit, min(24 * limit, MAX_ORBIT_DEALS)))
        if deals_table is not None:
            deals_table = _orbits(parsed, deals_table, _symmetries(board_cards, dead_cards))
        enum_cells = math.inf if deals_table is None else float(all_boards) * len(deals_table[0]) * len(parsed)
        if min(sorted_cells, enum_cells) <= cap:
            deadline.expect(min(sorted_cells, enum_cells))
            boards = _boards(deck, board_cards, missing)
            if sorted_cells < enum_cells:
                deals, counts = _sorted(parsed, boards, per_deal, deadline)
                return finish("sorted", True, per_deal, deals, counts)
            assert deals_table is not None
            if not len(deals_table[0]):
                raise RangeError("the hands cannot be dealt together: every deal uses some card twice")
            deals, counts = _enumerate(parsed, deals_table, boards, per_deal, deadline)
            return finish("enumeration", True, per_deal, deals, counts)
        if exact:
            work = min(sorted_cells, enum_cells)
            size = f"about {work:.3g} cells of work" if work < math.inf else "too many deals to list"
            raise DecisionInputError(f"exact odds would take {size} (limits: {MAX_EXACT_CELLS:.3g} cells, "
                                     f"{MAX_DEALS:,} deals); use Monte Carlo (exact=False)")
    deadline.expect(samples * len(parsed) * 8.0)
    kept, counts = _monte_carlo(parsed, np.array(board_cards, dtype=np.intp), deck, missing, samples, seed, deadline)
    return finish("monte carlo", False, kept, None, counts)


def _total(values: NDArray[Any], weights: NDArray[Any]) -> int | float:
    """``values @ weights`` as a Python int (integer weights) or float."""
    if weights.dtype.kind == "i":
        return int(np.dot(values.astype(np.int64), weights))
    return float(np.dot(values.astype(np.float64), weights))


def _fraction(part: int | float, whole: int | float) -> float:
    """``part / whole`` as an equity in ``[0, 1]``: integers divided exactly and rounded once (Python's
    ``int / int``); weighted (float) sums, whose rounding can put ``part`` a few ulps past ``whole``,
    clamped into ``[0, 1]``."""
    if isinstance(part, int) and isinstance(whole, int):
        return part / whole
    return min(1.0, max(0.0, part / whole))


def _counted(win: int | float, tie: int | float, lose: int | float) -> tuple[Any, ...]:
    """``(win, tie, lose, equity)`` of two hands, the equity ``(win + tie / 2) / (win + tie + lose)``
    (integers: ``(2 win + tie) / 2 (win + tie + lose)``, exact and rounded once); a weighted
    ``lose`` a rounding below zero is 0."""
    if isinstance(lose, float):
        lose = max(0.0, lose)
    if isinstance(win, int) and isinstance(tie, int) and isinstance(lose, int):
        return win, tie, lose, _fraction(2 * win + tie, 2 * (win + tie + lose))
    return win, tie, lose, _fraction(win + tie / 2, win + tie + lose)


def _by_table(parsed: list[_Hand]) -> tuple[int | float, list[tuple[Any, ...]]]:
    a, b = parsed
    win_m, tie_m = preflop.matrices()
    masks = preflop.combo_masks()
    ca, cb = a.combos, b.combos
    disjoint = (masks[ca][:, None] & masks[cb][None, :]) == 0
    integer = a.weights.dtype.kind == "i" and b.weights.dtype.kind == "i"
    kind = np.int64 if integer else np.float64
    wa, wb = a.weights.astype(kind), b.weights.astype(kind)

    def pair_sum(m: NDArray[Any]) -> int | float:
        value = wa @ m.astype(kind) @ wb
        return int(value) if integer else float(value)

    deals = pair_sum(disjoint)
    if not deals:
        raise RangeError("the two hands cannot be dealt together: every pair of combinations shares a card")
    win, tie, lose = pair_sum(win_m[np.ix_(ca, cb)]), pair_sum(tie_m[np.ix_(ca, cb)]), pair_sum(win_m[np.ix_(cb, ca)].T)
    return deals, [_counted(win, tie, lose), _counted(lose, tie, win)]


def _boards(deck: NDArray[np.intp], board_cards: list[int], missing: int) -> NDArray[np.int8]:
    """Every board: the given cards plus each ``missing``-subset of ``deck``, rows sorted."""
    chosen: NDArray[np.int8] = deck.astype(np.int8)[vector.subsets(len(deck), missing)]
    if not board_cards:
        return chosen  # rows of increasing cards already: subsets are increasing, so is the deck
    fixed = np.broadcast_to(np.array(board_cards, dtype=np.int8), (len(chosen), len(board_cards)))
    return np.sort(np.concatenate([fixed, chosen], axis=1), axis=1)


MAX_DEALS = 2_000_000
"""The most deals (one combination per hand) the enumeration lists (about 150 MB at nine hands)."""
MAX_DEAL_CELLS = 40_000_000
"""The most (deal so far, next combination) pairs tried while listing deals (40 MB)."""


def _deals(parsed: list[_Hand], limit: int) -> tuple[NDArray[np.intp], NDArray[Any]] | None:
    """Every deal as positions into each hand's combinations ``(D, hands)`` and its weight, or None
    when there are more than ``limit``."""
    masks = preflop.combo_masks()
    positions = np.zeros((1, 0), dtype=np.intp)
    used = np.zeros(1, dtype=np.uint64)
    weight: NDArray[Any] = np.ones(1, dtype=np.int64)
    limit = min(limit, MAX_DEALS)
    for h in parsed:
        if len(positions) * len(h.combos) > MAX_DEAL_CELLS:
            return None
        ok = (used[:, None] & masks[h.combos][None, :]) == 0
        rows, cols = np.nonzero(ok)
        if len(rows) > limit:
            return None
        positions = np.concatenate([positions[rows], cols[:, None]], axis=1)
        used = used[rows] | masks[h.combos][cols]
        weight = weight[rows] * h.weights[cols]
    return positions, weight


def _symmetries(board_cards: list[int], dead_cards: list[int]) -> list[int]:
    """The suit renamings (indices into :data:`.preflop.SUIT_PERMUTATIONS`) that map the board onto
    itself and the dead cards onto themselves: they map every deal to one with the same counts."""
    out = []
    for g, perm in enumerate(preflop.SUIT_PERMUTATIONS):
        def moved(cards: list[int]) -> set[int]:
            return {4 * (c >> 2) + perm[c & 3] for c in cards}
        if moved(board_cards) == set(board_cards) and moved(dead_cards) == set(dead_cards):
            out.append(g)
    return out


MAX_ORBIT_DEALS = 200_000
"""The most deals grouped by suit symmetry (beyond, every deal is enumerated)."""


def _orbits(parsed: list[_Hand], deals_table: tuple[NDArray[np.intp], NDArray[Any]],
            symmetries: list[int]) -> tuple[NDArray[np.intp], NDArray[Any]]:
    """Deals grouped by suit renaming: one representative per group (positions) and the group's
    total weight.  Deals that a renaming maps onto each other have the same counts."""
    positions, weight = deals_table
    if len(symmetries) <= 1 or len(positions) > MAX_ORBIT_DEALS or len(positions) <= 1:
        return positions, weight
    combos = np.stack([h.combos[positions[:, i]] for i, h in enumerate(parsed)], axis=1)  # (D, hands)
    moved = combo_permutations_for(symmetries).astype(np.int16)[:, combos]  # (G, D, hands): 86 MB at most
    candidate = np.ones(moved.shape[:2], dtype=bool)
    for j in range(combos.shape[1]):  # the lexicographically least renamed deal
        column = np.where(candidate, moved[:, :, j], COMBOS)
        candidate &= column == column.min(axis=0)
    canonical = moved[np.argmax(candidate, axis=0), np.arange(len(combos))]
    _, first, inverse = np.unique(canonical, axis=0, return_index=True, return_inverse=True)
    totals = np.zeros(len(first), dtype=weight.dtype)
    np.add.at(totals, inverse.reshape(-1), weight)
    return positions[first], totals


def combo_permutations_for(symmetries: list[int]) -> NDArray[np.intp]:
    return preflop.combo_permutations()[symmetries]


def _enumerate(parsed: list[_Hand], deals_table: tuple[NDArray[np.intp], NDArray[Any]], boards: NDArray[np.int8],
               per_deal: int, deadline: _Deadline) -> tuple[int | float, list[tuple[Any, ...]]]:
    positions, weight = deals_table
    n, count = len(parsed), len(positions)
    win = np.zeros((count, n), dtype=np.int64)
    tie = np.zeros((count, n), dtype=np.int64)
    share = np.zeros((count, n), dtype=np.int64)
    seen = np.zeros(count, dtype=np.int64)
    step = max(1, BATCH_CELLS // (count * n))
    step = min(step, vector.MAX_CELLS // max(1, len(np.unique(np.concatenate([h.combos for h in parsed])))))
    blocked = any(not h.known for h in parsed)
    union, where = np.unique(np.concatenate([h.combos for h in parsed]), return_inverse=True)
    offsets = np.cumsum([0] + [len(h.combos) for h in parsed])
    columns = np.stack([where[offsets[i] + positions[:, i]] for i in range(n)], axis=1)  # (deals, hands)
    share_of = np.zeros(n + 1, dtype=np.int64)
    share_of[1:] = _SHARE // np.arange(1, n + 1)
    for start in range(0, len(boards), step):
        batch = boards[start:start + step]
        values = vector.rank_sorted(batch, union, blocked=blocked)[:, columns]  # (boards, deals, hands)
        valid = values.min(axis=-1) > 0
        best = values.max(axis=-1)
        top = (values == best[..., None]) & valid[..., None]
        k = top.sum(axis=-1)
        seen += valid.sum(axis=0)
        win += (top & (k == 1)[..., None]).sum(axis=0)
        tie += (top & (k > 1)[..., None]).sum(axis=0)
        share += (top * share_of[k][..., None]).sum(axis=0)
        deadline.check("the enumeration")
    assert np.all(seen == per_deal), "every deal sees the same number of boards"
    deals = _total(np.ones(count, dtype=np.int64), weight)
    total = per_deal * deals
    out: list[tuple[Any, ...]] = []
    for i in range(n):
        w, t = _total(win[:, i], weight), _total(tie[:, i], weight)
        lose = total - w - t
        equity = _fraction(_total(share[:, i], weight), _SHARE * total)
        out.append((w, t, max(0.0, lose) if isinstance(lose, float) else lose, equity))
    return deals, out


def _sorted(parsed: list[_Hand], boards: NDArray[np.int8], per_deal: int,
            deadline: _Deadline) -> tuple[int | float, list[tuple[Any, ...]]]:
    """Two hands, at least one a range: per board, what each of the first hand's combinations beats,
    ties and loses to among the second's, by sorting (see the module docstring)."""
    a, b = parsed
    integer = a.weights.dtype.kind == "i" and b.weights.dtype.kind == "i"
    kind = np.int64 if integer else np.float64
    wa_all, wb_all = a.weights.astype(kind), b.weights.astype(kind)
    a_hi, a_lo = (np.array([COMBO_CARDS[c][j] for c in a.combos], dtype=np.int64) for j in (0, 1))
    b_cards = np.array([COMBO_CARDS[c] for c in b.combos], dtype=np.int64)  # (nB, 2)
    # where each of a's combinations sits among b's (the same combination in both ranges), else -1
    where_b = np.full(COMBOS, -1, dtype=np.int64)
    where_b[b.combos] = np.arange(len(b.combos))
    a_in_b = where_b[a.combos]
    nA, nB = len(a.combos), len(b.combos)
    step = max(1, BATCH_CELLS // (4 * (nA + nB)))
    win = tie = lose = kind(0)
    deals = kind(0)
    for start in range(0, len(boards), step):
        batch = boards[start:start + step]
        nb = len(batch)
        va = vector.rank_sorted(batch, a.combos).astype(np.int64)  # (nb, nA), 0 where blocked
        vb = vector.rank_sorted(batch, b.combos).astype(np.int64)
        wa = np.where(va > 0, wa_all, 0)
        wb = np.where(vb > 0, wb_all, 0)
        rows = np.arange(nb, dtype=np.int64)[:, None]
        span = vector.HAND_CLASSES + 2
        # all of b's combinations on each board: sorted keys and cumulative weights
        keys = (rows * span + vb).ravel()
        order = np.argsort(keys, kind="stable")
        skeys = keys[order]
        cum = np.concatenate([[0], np.cumsum(wb.ravel()[order])])

        def below(q: NDArray[np.int64], side: str) -> NDArray[Any]:
            found: NDArray[Any] = cum[np.searchsorted(skeys, q, side=side)]  # type: ignore[call-overload]
            return found

        # b's combinations by card: keys (board, card, value)
        ckeys = ((rows[:, :, None] * CARDS + b_cards[None, :, :]) * span + vb[:, :, None]).ravel()
        corder = np.argsort(ckeys, kind="stable")
        sckeys = ckeys[corder]
        ccum = np.concatenate([[0], np.cumsum(np.repeat(wb[:, :, None], 2, axis=2).ravel()[corder])])

        def card_below(card: NDArray[np.int64], q_value: NDArray[np.int64], side: str) -> NDArray[Any]:
            base = (rows * CARDS + card[None, :]) * span
            start_: NDArray[Any] = ccum[np.searchsorted(sckeys, base, side="left")]
            end: NDArray[Any] = ccum[np.searchsorted(sckeys, base + q_value, side=side)]  # type: ignore[call-overload]
            difference: NDArray[Any] = end - start_
            return difference

        row_base = rows * span
        total_all = below(row_base + span - 1, "right") - below(row_base, "left")
        less = below(row_base + va, "left") - below(row_base, "left")
        upto = below(row_base + va, "right") - below(row_base, "left")
        hi_less, lo_less = card_below(a_hi, va, "left"), card_below(a_lo, va, "left")
        hi_upto, lo_upto = card_below(a_hi, va, "right"), card_below(a_lo, va, "right")
        hi_all, lo_all = card_below(a_hi, np.full_like(va, span - 1), "right"), \
            card_below(a_lo, np.full_like(va, span - 1), "right")
        same = np.where(a_in_b >= 0, wb[:, np.maximum(a_in_b, 0)], 0)  # b holding a's own combination
        beaten = less - hi_less - lo_less
        equal = (upto - hi_upto - lo_upto) - beaten + same
        disjoint = total_all - hi_all - lo_all + same
        win += (wa * beaten).sum()
        tie += (wa * equal).sum()
        lose += (wa * (disjoint - beaten - equal)).sum()
        deals += (wa * disjoint).sum()
        deadline.check("the enumeration")
    if not deals:
        raise RangeError("the two hands cannot be dealt together: every pair of combinations shares a card")
    assert deals % per_deal == 0 or not integer
    deal_count = deals / per_deal
    w: int | float
    t: int | float
    l_: int | float
    if integer:
        out_deals: int | float = int(deals) // per_deal
        w, t, l_ = int(win), int(tie), int(lose)
    else:
        out_deals = float(deal_count)
        w, t, l_ = float(win), float(tie), float(lose)
    if isinstance(l_, float):
        l_ = max(0.0, l_)
    return out_deals, [_counted(w, t, l_), _counted(l_, t, w)]


def _draw(rng: np.random.Generator, deck: NDArray[np.intp], used: NDArray[np.uint64], missing: int) -> NDArray[np.intp]:
    """For each row, ``missing`` different cards of ``deck`` not in the row's ``used`` mask, uniformly:
    draw with replacement and draw again the rows that repeat a card (about 4 in 5 are kept each
    round); after four rounds the rest by the ``missing`` smallest of random keys over the deck."""
    out = np.zeros((len(used), missing), dtype=np.intp)
    todo = np.arange(len(used))
    for _ in range(4 if missing else 0):
        if not len(todo):
            break
        pick = deck[rng.integers(0, len(deck), (len(todo), missing))]
        bits = np.uint64(1) << pick.astype(np.uint64)
        seen = used[todo].copy()
        ok = np.ones(len(todo), dtype=bool)
        for j in range(missing):
            ok &= (seen & bits[:, j]) == 0
            seen |= bits[:, j]
        out[todo[ok]] = pick[ok]
        todo = todo[~ok]
    if len(todo) and missing:  # rows still repeating after four rounds (few cards left): random keys
        keys = rng.random((len(todo), len(deck)))
        keys[((used[todo, None] >> deck[None, :].astype(np.uint64)) & np.uint64(1)).astype(bool)] = 2.0
        out[todo] = deck[np.argpartition(keys, missing - 1, axis=1)[:, :missing]]
    return out


def _monte_carlo(parsed: list[_Hand], board_cards: NDArray[np.intp], deck: NDArray[np.intp], missing: int,
                 samples: int, seed: int, deadline: _Deadline) -> tuple[int, list[tuple[Any, ...]]]:
    rng = np.random.default_rng(seed)
    masks = preflop.combo_masks()
    n = len(parsed)
    hole = np.array(COMBO_CARDS, dtype=np.intp)
    probabilities = [h.weights / h.weights.sum() for h in parsed]
    win = np.zeros(n, dtype=np.int64)
    tie = np.zeros(n, dtype=np.int64)
    share = np.zeros(n)
    share_sq = np.zeros(n)
    kept = 0
    tried = 0
    batch = 1 << 16
    while kept < samples:
        combos = np.stack([h.combos[rng.choice(len(h.combos), size=batch, p=p)] if len(h.combos) > 1
                           else np.full(batch, h.combos[0]) for h, p in zip(parsed, probabilities)], axis=1)
        used = np.zeros(batch, dtype=np.uint64)
        ok = np.ones(batch, dtype=bool)
        for i in range(n):
            m = masks[combos[:, i]]
            ok &= (used & m) == 0
            used |= m
        tried += batch
        combos, used = combos[ok][: samples - kept], used[ok][: samples - kept]
        if tried >= 64 * batch and (kept + len(combos)) * 1000 < tried:
            raise RangeError(f"the hands can hardly be dealt together: {kept + len(combos):,} of {tried:,} sampled "
                             "deals use no card twice (fewer than 1 in 1,000)")
        if not len(combos):
            continue
        size = len(combos)
        drawn = _draw(rng, deck, used, missing)
        full_board = np.concatenate([np.broadcast_to(board_cards, (size, len(board_cards))), drawn], axis=1)
        values = np.stack([vector.rank7(np.concatenate([hole[combos[:, i]], full_board], axis=1))
                           for i in range(n)], axis=1)
        top = values == values.max(axis=1, keepdims=True)
        k = top.sum(axis=1, keepdims=True)
        win += (top & (k == 1)).sum(axis=0)
        tie += (top & (k > 1)).sum(axis=0)
        s = top / k
        share += s.sum(axis=0)
        share_sq += (s * s).sum(axis=0)
        kept += size
        deadline.check("the Monte Carlo sampling")
    out: list[tuple[Any, ...]] = []
    for i in range(n):
        mean = min(1.0, share[i] / kept)
        var = max(share_sq[i] / kept - mean * mean, 0.0)
        out.append((int(win[i]), int(tie[i]), int(kept - win[i] - tie[i]), float(mean),
                    math.sqrt(var / max(kept - 1, 1))))
    return kept, out


__all__ = ["AUTO_EXACT_CELLS", "BATCH_CELLS", "DEFAULT_SAMPLES", "MAX_EXACT_CELLS", "MAX_HANDS", "MAX_SAMPLES",
           "HandOdds", "Odds", "odds"]
