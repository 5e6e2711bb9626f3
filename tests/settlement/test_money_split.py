"""Splitting pots in chip units, halving hi/lo pots, and the clockwise order, worked by hand
(mutation tests: docs/mutation.md)."""

import pytest
from hypothesis import given, strategies as st

from pokerengine.split import clockwise_from, halves, split


@pytest.mark.parametrize(
    "amount, winners, unit, shares, odd",
    [
        (7, [5], 1, {5: 7}, ()),  # one winner takes all, no odd unit
        (7, [5], 25, {5: 7}, ()),  # even a fragment
        (0, [1, 2], 1, {1: 0, 2: 0}, ()),
        (10, [1, 2], 1, {1: 5, 2: 5}, ()),
        (11, [1, 2, 3], 1, {1: 4, 2: 4, 3: 3}, (1, 2)),  # 3 each, two units left: first two
        (11, [3, 1, 2], 1, {3: 4, 1: 4, 2: 3}, (3, 1)),  # the order given is the odd-unit order
        (30, [1, 2, 3], 25, {1: 25, 2: 5, 3: 0}, (1, 2)),  # one 25 unit to 1, the 5 fragment to 2
        (55, [1, 2], 25, {1: 30, 2: 25}, (1,)),  # 25 each, fragment 5 to the first
        (80, [3, 1, 2], 25, {3: 30, 1: 25, 2: 25}, (3,)),  # 25 each, fragment 5 to 3
        (105, [1, 2], 25, {1: 55, 2: 50}, (1,)),  # 4 units: 2 each, fragment 5 to 1
        (125, [1, 2], 25, {1: 75, 2: 50}, (1,)),  # 5 units: 2 each, one left to 1
        (130, [1, 2, 3], 25, {1: 50, 2: 50, 3: 30}, (1, 2, 3)),  # 5 units: 1 each, 2 left, fragment to 3
        (9, [1, 2, 3, 4], 2, {1: 3, 2: 2, 3: 2, 4: 2}, (1,)),  # 4 units: 1 each, fragment 1 to seat 1
        (19, [4, 2, 6], 5, {4: 9, 2: 5, 6: 5}, (4,)),  # 3 units: 1 each, none left, fragment 4 to seat 4
    ],
)
def test_split(amount, winners, unit, shares, odd):
    got, got_odd = split(amount, winners, unit)
    assert got == shares and list(got) == list(shares) and got_odd == odd


@pytest.mark.parametrize(
    "amount, unit, hi, lo",
    [(0, 1, 0, 0), (1, 1, 1, 0), (10, 1, 5, 5), (11, 1, 6, 5), (7, 5, 7, 0), (45, 5, 25, 20),
     (50, 20, 30, 20), (60, 20, 40, 20), (80, 20, 40, 40), (3, 2, 3, 0), (5, 2, 3, 2)],
)
def test_halves(amount, unit, hi, lo):
    # The low half is half the whole units, rounded down; the rest (odd unit, fragment) is high.
    assert halves(amount, unit) == (hi, lo)


def test_halves_default_unit():
    assert halves(9) == (5, 4)


def test_clockwise_from():
    assert clockwise_from(3, [1, 2, 3, 4]) == {3: 0, 4: 1, 1: 2, 2: 3}
    assert list(clockwise_from(3, [1, 2, 3, 4])) == [3, 4, 1, 2]
    assert clockwise_from(1, [1, 2]) == {1: 0, 2: 1}
    assert clockwise_from(9, [4, 7, 9]) == {9: 0, 4: 1, 7: 2}


@given(st.integers(0, 10**6), st.lists(st.integers(1, 99), min_size=1, max_size=9, unique=True),
       st.sampled_from([1, 2, 5, 25, 100]))
def test_split_is_even_in_units_and_exact(amount, winners, unit):
    shares, odd = split(amount, winners, unit)
    assert list(shares) == winners and sum(shares.values()) == amount
    if len(winners) == 1:
        assert odd == ()
        return
    units, fragment = divmod(amount, unit)
    base = units // len(winners) * unit
    extra = units % len(winners)
    # The first `extra` winners get one more unit; the next one gets the fragment.
    want = {w: base + (unit if i < extra else 0) + (fragment if i == extra else 0) for i, w in enumerate(winners)}
    assert shares == want
    assert odd == tuple(winners[: extra + (1 if fragment else 0)])
    hi, lo = halves(amount, unit)
    assert hi + lo == amount and lo == units // 2 * unit and 0 <= hi - lo < 2 * unit
