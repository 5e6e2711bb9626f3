"""PokerStars' rake drawn from several pots: main pot first at the stake's percent
(pokerengine/formats/rake_pots.py), against an oracle written from the rule and the real hands' figures."""

from __future__ import annotations

import datetime
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from profiles import examples
from pokerengine.formats.pokerstars import parse_pokerstars
from pokerengine.formats.rake_pots import DRAW_PERCENT, draw, draw_percent
from pokerengine.replay.site_check import check_site

HANDWRITTEN = Path(__file__).resolve().parents[2] / "fixtures" / "pokerstars" / "handwritten"


def _oracle(rake, pots, percent):
    """The rule as said, cent by cent: pot by pot from the main pot, take one cent at a time while the
    cents taken so far stay at or under percent of the pots so far (a half cent counted up) and under the
    rake; the last pot gives the rest; a rest that does not fit goes back to the pots before, main first."""
    taken = [0] * len(pots)
    total = 0
    for k, amount in enumerate(pots[:-1]):
        so_far = sum(pots[: k + 1])
        while taken[k] < amount and total < rake and 100 * 2 * (total + 1) <= 2 * percent * so_far + 100:
            taken[k] += 1
            total += 1
    taken[-1] = rake - total
    k = 0
    while taken[-1] > pots[-1]:
        if taken[k] < pots[k]:
            taken[k] += 1
            taken[-1] -= 1
        else:
            k += 1
    return taken


# (pots before the rake, the file's rake, each pot's rake as the summary's pots show it, percent): real hands
REAL = [
    ([9583, 3984], 200, [200, 0], Fraction(5)),        # 228676735429: capped, all from the main pot
    ([2872, 5858], 214, [144, 70], Fraction(5)),       # 228689918961: a cash-out fee in the rake
    ([310, 2952], 163, [16, 147], Fraction(5)),        # 228688697064: 15.5 rounds up
    ([2596, 9050], 200, [130, 70], Fraction(5)),       # 228693715791
    ([15800, 412], 200, [200, 0], Fraction(5)),        # 228673917107
    ([8050, 492, 572], 200, [200, 0, 0], Fraction(5)),  # 228692744398: three pots
]


@pytest.mark.parametrize("pots, rake, drawn, percent", REAL)
def test_real_hands_pot_rakes(pots, rake, drawn, percent):
    assert draw(rake, pots, percent) == drawn == _oracle(rake, pots, percent)


def test_proportion_would_not_fit_the_real_hands():
    from pokerengine.formats.rake_pots import main_pot_first

    assert main_pot_first(200, [9583, 3984]) == [141, 59]  # what the check drew before: the file says [200, 0]
    assert main_pot_first(214, [2872, 5858]) == [70, 144]


def test_draw_percent_lookup():
    assert draw_percent("NT", "USD", 50, datetime.date(2021, 7, 30)) == 5
    assert draw_percent("NT", "USD", 25, datetime.date(2018, 12, 28)) == Fraction(9, 2)
    assert draw_percent("NT", "USD", 50, datetime.date(2022, 1, 1)) is None  # a year the data does not show
    assert draw_percent("NT", None, 50, datetime.date(2021, 7, 30)) is None  # chips
    assert draw_percent("PO", "USD", 50, datetime.date(2021, 7, 30)) is None
    assert all(0 < p <= 100 for spans in DRAW_PERCENT.values() for _, _, p in spans)


@pytest.mark.parametrize("args", [(-1, [5], Fraction(5)), (6, [5], Fraction(5)), (1, [], Fraction(5)),
                                  (1, [5], Fraction(0)), (1, [5], 5.0), (1.0, [5], Fraction(5)),
                                  (1, [5, -1], Fraction(5)), (True, [5], Fraction(5))])
def test_bad_input_is_refused(args):
    with pytest.raises(ValueError):
        draw(*args)


@settings(max_examples=examples(200), deadline=None)
@given(pots=st.lists(st.integers(0, 50_000), min_size=1, max_size=5), data=st.data(),
       percent=st.sampled_from([Fraction(35, 10), Fraction(45, 10), Fraction(5), Fraction(100), Fraction(1, 3)]))
def test_draw_matches_the_oracle_and_takes_exactly_the_rake(pots, data, percent):
    rake = data.draw(st.integers(0, sum(pots)))
    got = draw(rake, pots, percent)
    assert got == _oracle(rake, pots, percent)
    assert sum(got) == rake and all(0 <= r <= p for r, p in zip(got, pots))
    if len(pots) > 1 and 2 * percent * pots[0] >= 200 * rake + 100:  # the main pot's own share covers the rake
        assert got[0] == rake


def test_a_cash_out_hands_side_pot_is_raked_main_pot_first():
    """The construct of 3 real hands (228679381948 among them): a cash-out, so the pots' collected lines do
    not say how the $2 rake was drawn; the main pot ($156.37) gives all of it, the side pot ($5.22) none."""
    text = (HANDWRITTEN / "cash-out-side-pot-rake.txt").read_text()
    [hand] = parse_pokerstars(text)
    assert hand.rake == 200 and hand.total_pot == 16159
    assert sorted((c.player, c.amount) for c in hand.collected) == [("ann", 15437), ("cy", 522)]
    result = check_site(hand)
    assert result.status == "matched" and result.pot_rakes == (200, 0)
    # a year whose percent is not known: drawn in proportion, and the shares move by 6 cents
    [other] = parse_pokerstars(text.replace("2021/07/30", "2022/07/30"))
    before = check_site(other)
    assert before.status == "mismatched" and before.pot_rakes == (194, 6)
    assert sorted((d.player, d.expected, d.got) for d in before.seats) == [("ann", 15437, 15443), ("cy", 522, 516)]


@pytest.mark.parametrize("rake", [-700, -500, 99_900])
def test_an_impossible_stated_rake_is_a_mismatch_not_a_crash(rake):
    # a negative rake (or one above the pots) stated for a cash-out hand (as a changed amount gives it): the
    # file's error, said as a rake difference; the main-pot-first draw was handed the negative rake and
    # raised a bare ValueError
    import attrs

    [hand] = parse_pokerstars((HANDWRITTEN / "cash-out-side-pot-rake.txt").read_text())
    result = check_site(attrs.evolve(hand, rake=rake))
    assert result.status == "mismatched" and "rake" in result.message
