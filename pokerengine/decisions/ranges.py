"""Ranges of hold'em starting hands: a weight in ``[0, 1]`` for each of the 1,326 combinations.

A :class:`Range` is read from the usual notation by :func:`parse_range` and written back by
``str()`` in a compact normal form that parses to the same range:

>>> r = parse_range("22+, A2s+, KTo+")
>>> len(r.combos()), str(r)
(162, '22+, A2s+, KTo+')
>>> str(parse_range("AK, AKo:0.5, 77-99, AhKh"))
'77-99, AKs, AKo:0.5'
>>> r.percent == 100 * 162 / 1326
True

Notation (items separated by commas and/or spaces):

=================  ==========================================================================
``AA``             a pair: its 6 combinations
``AKs`` ``AKo``    suited (4 combinations) or offsuit (12)
``AK``             both (16)
``22+``            the pair and every higher pair: ``22+`` is 22 .. AA
``A2s+``           the kicker raised up to one below the top card: A2s .. AKs (``K9o+`` is
                   K9o .. KQo, ``T8+`` both suited and offsuit)
``A2s-A5s``        a run with the same top card (either end first); ``22-55`` for pairs
``AhKh``           one combination (cards in either order; suits ``c d h s``)
``*``              every combination (also ``random``, ``100%``, ``any``)
``ITEM:W``         the item with weight ``W`` (``0 <= W <= 1``; ``AKo:0.5``)
=================  ==========================================================================

Items are applied left to right and **a later item overrides an earlier one** for the
combinations it names (weight ``0`` removes them): ``"AK, AKo:0"`` is ``AKs``.  Rank letters may
be written in either case; suits and the ``s``/``o`` suffix are lower case.  A ``+`` that adds
nothing (``AKs+``, ``AA+``) is refused, as is anything else that is not in the table, with a
:class:`~pokerengine.errors.RangeError` naming the item.  The text is at most
:data:`MAX_RANGE_TEXT` characters; parsing is linear in it (about 0.1 s for the longest).
The empty text is the empty range (no combination); whether an empty range is usable is up to
the caller (it cannot be dealt).

The normal form (``str()``, ``.text``): every combination alike is ``*`` (``*:W``); otherwise the
pairs, then the suited hands (with ``AK``-style items where suited and offsuit agree) and the
offsuit hands by top card, as maximal runs of equal weight (``+`` where a run reaches the top);
then, one by one, the combinations whose weight differs from the most common one of their class
(``AKs, AhKh:0.0`` is AKs without AhKh).  It reads back to exactly the same weights.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence

import attrs
import numpy as np

from .._checks import shown
from ..cards import DECK, RANKS, parse_card
from ..errors import CardError, RangeError
from ..hands.vector import deck_index, deck_indices
from .combos import (
    CARDS,
    CLASS_COMBOS,
    CLASS_NAMES,
    CLASSES,
    COMBO_CARDS,
    COMBO_CLASS,
    COMBOS,
    class_index,
    combo_index,
    combo_text,
)

MAX_RANGE_TEXT = 65_536
"""The longest range text :func:`parse_range` reads, in characters: room for the normal text of any
range (every combination weighted on its own: under 40,000); the longest parses in about 0.1 s."""

_CARD_INTEGERS = frozenset(DECK)
_ALL_WORDS = frozenset({"*", "random", "100%", "any"})
_RANK = "[2-9TJQKAtjqka]"
_WEIGHT = re.compile(r"(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")
_COMBO = re.compile(rf"({_RANK}[cdhs])({_RANK}[cdhs])")
_HAND = re.compile(rf"({_RANK})({_RANK})([so]?)(\+?)")
_SPAN = re.compile(rf"({_RANK})({_RANK})([so]?)-({_RANK})({_RANK})([so]?)")
_SEPARATORS = re.compile(r"[,\s]+")
_JOINERS = re.compile(r"\s*([-:])\s*")


def _rank(letter: str) -> int:
    """``0`` (deuce) .. ``12`` (ace)."""
    return RANKS.index(letter.upper())


def _class_of(high: int, low: int, suffix: str) -> int:
    """The grid index of the class with ranks ``high >= low`` and suffix ``'s'``, ``'o'`` or ``''`` (pair)."""
    row, col = 12 - high, 12 - low
    return row * 13 + col if suffix != "o" else col * 13 + row


def _check_weights(instance: object, attribute: object, value: tuple[float, ...]) -> None:
    if len(value) != COMBOS:
        raise RangeError(f"a range has {COMBOS} weights, one per combination, got {len(value)}")
    for w in value:
        if not 0.0 <= w <= 1.0:
            raise RangeError(f"a range's weights lie in [0, 1], got {shown(w)}")


def _weights(values: Iterable[object], what: str) -> tuple[float, ...]:
    out = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            try:  # numpy scalars are fine once made plain floats
                if isinstance(v, (np.integer, np.floating)) and not isinstance(v, np.bool_):
                    v = float(v)
                else:
                    raise TypeError
            except TypeError:
                raise RangeError(f"{what} must be numbers in [0, 1], got {shown(v)} ({type(v).__name__})") from None
        w = float(v)
        if not (math.isfinite(w) and 0.0 <= w <= 1.0):
            raise RangeError(f"{what} must lie in [0, 1], got {shown(v)}")
        out.append(w + 0.0)  # -0.0 -> 0.0
    return tuple(out)


def _to_weights(value: Iterable[float]) -> tuple[float, ...]:
    return _weights(value, "a range's weights")


@attrs.frozen(repr=False)
class Range:
    """A weight in ``[0, 1]`` for each of the 1,326 combinations (index order of
    :mod:`pokerengine.decisions.combos`); ``text`` is the normal notation (``str()`` too).

    Built by :func:`parse_range`, :meth:`from_classes`, :meth:`from_combos` or from the 1,326
    weights directly (``Range(weights)``; the text is derived, never given).

    >>> r = Range.from_classes({"AA": 1, "AKs": 0.5})
    >>> r.text, r.size, len(r.combos()), r.classes()[:2]
    ('AA, AKs:0.5', 8.0, 10, (1.0, 0.5))
    >>> r
    parse_range('AA, AKs:0.5')
    """

    weights: tuple[float, ...] = attrs.field(converter=_to_weights, validator=_check_weights)
    text: str = attrs.field(init=False, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "text", _notation(self.weights))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"parse_range({self.text!r})"

    def combos(self) -> tuple[tuple[int, float], ...]:
        """``(combination, weight)`` for every combination with a positive weight, in index order."""
        return tuple((c, w) for c, w in enumerate(self.weights) if w > 0.0)

    def classes(self) -> tuple[float, ...]:
        """The 169 class weights in grid order: the mean weight over each class's combinations."""
        out = []
        for combos in CLASS_COMBOS:
            ws = [self.weights[c] for c in combos]
            out.append(ws[0] if ws.count(ws[0]) == len(ws) else math.fsum(ws) / len(ws))  # exact when uniform
        return tuple(out)

    @property
    def size(self) -> float:
        """The weighted number of combinations (``AA`` is 6.0)."""
        return math.fsum(self.weights)

    @property
    def percent(self) -> float:
        """The weighted share of the 1,326 combinations, in percent (``0 .. 100``)."""
        return 100.0 * self.size / COMBOS

    def is_empty(self) -> bool:
        """True when no combination has a positive weight."""
        return not any(self.weights)

    def without(self, cards: str | Iterable[int | str]) -> Range:
        """The range with every combination that uses one of ``cards`` dropped (card removal).

        ``cards`` is card text run together (``"AhKd"``), or an iterable of card texts or card
        integers of :mod:`pokerengine.cards`.

        >>> parse_range("AA").without("As").size, parse_range("AK").without(["Ah", "Kh"]).size
        (3.0, 9.0)
        """
        dead = set(_cards(cards))
        return Range(tuple(0.0 if (COMBO_CARDS[c][0] in dead or COMBO_CARDS[c][1] in dead) else w
                           for c, w in enumerate(self.weights)))

    @classmethod
    def from_classes(cls, values: Iterable[float] | Mapping[str, float]) -> Range:
        """The range giving each combination its class's weight: from the 169 weights in grid order,
        (any iterable, a numpy array too), or from a ``{class name: weight}`` mapping (classes not
        named get ``0``).

        >>> Range.from_classes([1.0] + [0.0] * 168).text
        'AA'
        """
        if isinstance(values, Mapping):
            names = list(values)
            for name in names:
                try:
                    class_index(name)
                except CardError as e:
                    raise RangeError(str(e)) from None
            got = _weights((values[n] for n in names), "class weights")
            per_class = [0.0] * CLASSES
            for name, w in zip(names, got):
                per_class[class_index(name)] = w
        else:
            if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
                raise RangeError(f"class weights must be 169 numbers or a {{class: weight}} mapping, got {shown(values)}")
            values = list(values)  # a numpy array is fine too
            if len(values) != CLASSES:
                raise RangeError(f"class weights must be {CLASSES} numbers (grid order), got {len(values)}")
            per_class = list(_weights(values, "class weights"))
        return cls(tuple(per_class[k] for k in COMBO_CLASS))

    @classmethod
    def from_combos(cls, values: Mapping[int, float]) -> Range:
        """The range of ``{combination index: weight}`` (others ``0``)."""
        weights = [0.0] * COMBOS
        got = _weights(values.values(), "combination weights")
        for c, w in zip(values, got):
            if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < COMBOS:
                raise RangeError(f"a combination index is an integer 0..{COMBOS - 1}, got {shown(c)}")
            weights[c] = w
        return cls(tuple(weights))



def _cards(cards: str | Iterable[int | str]) -> list[int]:
    if isinstance(cards, str):
        text = cards.replace(" ", "").replace(",", "")
        if len(text) % 2 or len(text) > 2 * CARDS:
            raise CardError(f"bad cards {shown(cards)}: expected cards run together, e.g. 'AhKd'")
        return deck_indices(text)
    out = []
    for card in cards:
        if isinstance(card, str):
            out.append(deck_index(parse_card(card)))
        elif isinstance(card, int) and not isinstance(card, bool) and card in _CARD_INTEGERS:
            out.append(deck_index(card))
        else:
            raise CardError(f"bad card {shown(card)}: expected a card of pokerengine.cards or text such as 'As'")
    return out


def _item_combos(body: str, item: str) -> Iterable[int]:
    """The combinations an item without its weight names."""
    if body.lower() in _ALL_WORDS:
        return range(COMBOS)
    if m := _COMBO.fullmatch(body):
        a, b = (m.group(i)[0].upper() + m.group(i)[1] for i in (1, 2))
        if a == b:
            raise RangeError(f"bad range item {shown(item)}: a combination has two different cards")
        return (combo_index(deck_index(parse_card(a)), deck_index(parse_card(b))),)
    classes: list[int] = []
    if m := _HAND.fullmatch(body):
        high, low, suffix, plus = _rank(m[1]), _rank(m[2]), m[3], m[4]
        if high < low:
            raise RangeError(f"bad range item {shown(item)}: write the higher rank first")
        if high == low:
            if suffix:
                raise RangeError(f"bad range item {shown(item)}: a pair is neither suited nor offsuit")
            if plus and high == 12:
                raise RangeError(f"bad range item {shown(item)}: nothing is above AA; write 'AA'")
            classes = [_class_of(r, r, "") for r in range(high, 13 if plus else high + 1)]
        else:
            if plus and low == high - 1:
                raise RangeError(f"bad range item {shown(item)}: '+' raises the kicker up to one below the top card, "
                                 f"which it already is; write {shown(body[:-1])}")
            kickers = range(low, high if plus else low + 1)
            classes = [_class_of(high, k, s) for k in kickers for s in ((suffix,) if suffix else ("s", "o"))]
    elif m := _SPAN.fullmatch(body):
        h1, l1, s1, h2, l2, s2 = _rank(m[1]), _rank(m[2]), m[3], _rank(m[4]), _rank(m[5]), m[6]
        if h1 < l1 or h2 < l2:
            raise RangeError(f"bad range item {shown(item)}: write the higher rank first")
        if s1 != s2:
            raise RangeError(f"bad range item {shown(item)}: both ends must be suited, offsuit or unmarked alike")
        if h1 == l1 or h2 == l2:
            if not (h1 == l1 and h2 == l2) or s1:
                raise RangeError(f"bad range item {shown(item)}: a run of pairs joins two pairs, e.g. '22-55'")
            lo, hi = sorted((h1, h2))
            classes = [_class_of(r, r, "") for r in range(lo, hi + 1)]
        else:
            if h1 != h2:
                raise RangeError(f"bad range item {shown(item)}: both ends of a run must have the same top card, "
                                 "e.g. 'A2s-A5s'")
            lo, hi = sorted((l1, l2))
            classes = [_class_of(h1, k, s) for k in range(lo, hi + 1) for s in ((s1,) if s1 else ("s", "o"))]
    else:
        raise RangeError(f"bad range item {shown(item)}: expected e.g. 'AA', 'AKs', 'KQo', 'AK', '22+', 'A2s+', "
                         "'A2s-A5s', 'AhKh', '*', each optionally with ':weight'")
    return [c for k in classes for c in CLASS_COMBOS[k]]


def parse_range(text: str) -> Range:
    """Read a range in the notation of this module's table (later items override earlier ones).

    Raises :class:`~pokerengine.errors.RangeError` naming the first bad item; at most
    :data:`MAX_RANGE_TEXT` characters.

    >>> [parse_range(t).size for t in ("AA", "AKs", "AKo", "AK", "22+", "A2s+", "K9o+", "*")]
    [6.0, 4.0, 12.0, 16.0, 78.0, 48.0, 48.0, 1326.0]
    >>> parse_range("AK, AKo:0").text, parse_range("A5s - A2s, khAh").text
    ('AKs', 'A2s-A5s, AhKh')
    >>> parse_range("AKs+")
    Traceback (most recent call last):
    ...
    pokerengine.errors.RangeError: bad range item 'AKs+': '+' raises the kicker up to one below the top card, which it already is; write 'AKs'
    """
    if not isinstance(text, str):
        raise RangeError(f"a range is text such as 'AKs, 22+', got {shown(text)} ({type(text).__name__})")
    if len(text) > MAX_RANGE_TEXT:
        raise RangeError(f"a range's text is at most {MAX_RANGE_TEXT} characters, got {len(text)}")
    weights = [0.0] * COMBOS
    for item in _SEPARATORS.split(_JOINERS.sub(r"\1", text.strip())):
        if not item:
            continue
        body, colon, weight_text = item.partition(":")
        weight = 1.0
        if colon:
            if not _WEIGHT.fullmatch(weight_text):
                raise RangeError(f"bad range item {shown(item)}: the weight after ':' is a number in [0, 1]")
            weight = float(weight_text)
            if not 0.0 <= weight <= 1.0:
                raise RangeError(f"bad range item {shown(item)}: the weight after ':' lies in [0, 1]")
        for c in _item_combos(body, item):
            weights[c] = weight
    return Range(tuple(weights))


def hand_or_range(value: str | Range) -> Range:
    """A :class:`Range` as it is, or text read by :func:`parse_range` (one combination such as
    ``'AhKh'`` is a one-combination range).

    >>> [(combo_text(c), w) for c, w in hand_or_range("KhAh").combos()]
    [('AhKh', 1.0)]
    """
    if isinstance(value, Range):
        return value
    return parse_range(value)


MAX_DIGITS = 15
"""The most decimals :func:`format_range` rounds a frequency to (a float's 15 significant digits)."""


def format_range(classes: Iterable[float] | Mapping[str, float], *, digits: int | None = None) -> str:
    """The standard notation of a range of the 169 starting-hand classes, as a player writes it.

    ``classes``: the 169 frequencies in grid order (a push/fold strategy, any iterable or a numpy
    array) or a ``{class name: frequency}`` mapping (classes not named: ``0``).  The pairs come
    first (``22+``, ``55-99``), then the suited hands by top card (``A2s+``, ``K9s+``, ``T7s-T9s``,
    ``J8s``), then the offsuit hands the same way (``A7o+``, ``T7o-T9o``); each item a maximal run
    of one frequency, highest first; a mixed hand carries its frequency (``AKo:0.35``); every
    class alike is ``any``; nothing is the empty text.  ``digits`` rounds each frequency to that
    many decimals first (a frequency that rounds to ``0`` is left out, to ``1`` is played
    always); without it the text is exact.  :func:`parse_range` reads the text back to the same
    range (of the rounded frequencies).

    >>> format_range({"AA": 1, "KK": 1, "QQ": 1, "AKs": 1, "AQs": 1, "AKo": 0.35})
    'QQ+, AQs+, AKo:0.35'
    >>> format_range({"77": 1, "88": 1, "K9s": 1, "KTs": 1, "KJs": 1, "KQs": 1, "T8o": 0.333333})
    '77-88, K9s+, T8o:0.333333'
    >>> format_range({"AKs": 0.996, "AKo": 0.004, "A5s": 0.5}, digits=2)
    'AKs, A5s:0.5'
    >>> format_range([1.0] * 169), format_range([0.0] * 169)
    ('any', '')
    >>> parse_range(format_range({"AKo": 0.35})) == Range.from_classes({"AKo": 0.35})
    True
    """
    if digits is not None and (isinstance(digits, bool) or not isinstance(digits, int)
                               or not 0 <= digits <= MAX_DIGITS):
        raise RangeError(f"digits must be an integer from 0 to {MAX_DIGITS} (or None), got {shown(digits)}")
    weights = Range.from_classes(classes).classes()  # checked: 169 numbers or class names, each in [0, 1]
    if digits is not None:
        weights = tuple(round(w, digits) + 0.0 for w in weights)
    if weights[0] > 0.0 and all(w == weights[0] for w in weights):
        return "any" + _weight_suffix(weights[0])
    return ", ".join(_class_items(weights, merge=False))


# --- the normal notation -------------------------------------------------------------------------

def _weight_suffix(w: float) -> str:
    return "" if w == 1.0 else ":" + repr(w)


def _runs(weights: Sequence[float]) -> list[tuple[int, int, float]]:
    """Maximal runs ``(first, last, weight)`` of equal positive weights in ``weights``."""
    runs: list[tuple[int, int, float]] = []
    start = 0
    for i in range(1, len(weights) + 1):
        if i == len(weights) or weights[i] != weights[start]:
            if weights[start] > 0.0:
                runs.append((start, i - 1, weights[start]))
            start = i
    return runs


def _class_items(class_weight: Sequence[float], *, merge: bool) -> list[str]:
    """The items of 169 class weights (grid order): the pairs, then the suited hands and the offsuit
    hands by top card, each as maximal runs of equal weight, highest first (``+`` where a run
    reaches the top).  ``merge``: a run alike suited and offsuit is one ``AK``-style item (listed
    with the suited ones)."""
    items: list[str] = []
    pairs = [class_weight[_class_of(r, r, "")] for r in range(13)]
    for lo, hi, w in reversed(_runs(pairs)):
        if hi == 12 and lo < 12:
            items.append(f"{RANKS[lo] * 2}+{_weight_suffix(w)}")
        elif lo == hi:
            items.append(f"{RANKS[lo] * 2}{_weight_suffix(w)}")
        else:
            items.append(f"{RANKS[lo] * 2}-{RANKS[hi] * 2}{_weight_suffix(w)}")
    suited: list[str] = []
    offsuit: list[str] = []
    for high in range(12, 0, -1):
        runs = {s: _runs([class_weight[_class_of(high, k, s)] for k in range(high)]) for s in "so"}
        both = set(runs["s"]) & set(runs["o"]) if merge else set()
        for s, out in (("", suited), ("s", suited), ("o", offsuit)):
            chosen = sorted(both) if s == "" else [r for r in runs[s] if r not in both]
            for lo, hi, w in reversed(chosen):
                top = RANKS[high]
                if hi == high - 1 and lo < hi:
                    out.append(f"{top}{RANKS[lo]}{s}+{_weight_suffix(w)}")
                elif lo == hi:
                    out.append(f"{top}{RANKS[lo]}{s}{_weight_suffix(w)}")
                else:
                    out.append(f"{top}{RANKS[lo]}{s}-{top}{RANKS[hi]}{s}{_weight_suffix(w)}")
    return items + suited + offsuit


def _notation(weights: tuple[float, ...]) -> str:
    """The compact text of 1,326 weights: class-level items, then single combinations that differ
    from their class's most common weight."""
    if all(w == weights[0] for w in weights) and weights[0] > 0.0:
        return "*" + _weight_suffix(weights[0])
    class_weight = [0.0] * CLASSES
    exceptions: list[tuple[int, float]] = []
    for k, combos in enumerate(CLASS_COMBOS):
        ws = [weights[c] for c in combos]
        # the most common weight (ties: the larger) is the class's; the others are listed one by one
        best = max(set(ws), key=lambda w: (ws.count(w), w))
        class_weight[k] = best
        exceptions.extend((c, weights[c]) for c in combos if weights[c] != best)
    items = _class_items(class_weight, merge=True)
    items += [combo_text(c) + ("" if w == 1.0 else ":" + repr(w)) for c, w in sorted(exceptions)]
    return ", ".join(items)


#: Every combination, weight 1.
FULL_RANGE = Range((1.0,) * COMBOS)
#: No combination.
EMPTY_RANGE = Range((0.0,) * COMBOS)

__all__ = ["EMPTY_RANGE", "FULL_RANGE", "MAX_DIGITS", "MAX_RANGE_TEXT", "Range", "format_range", "hand_or_range",
           "parse_range"]

# class names used in doctests and messages are those of combos.CLASS_NAMES
assert CLASS_NAMES[_class_of(12, 11, "s")] == "AKs" and CLASS_NAMES[_class_of(12, 11, "o")] == "AKo"
