"""The forced bets of a push/fold hand (pokerengine.decisions.blinds): the same posts as the live
engine's for every table, every ante and every short stack, and the ante keywords' rules."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples

from pokerengine.decisions.blinds import ante_pair, antes, posted
from pokerengine.errors import ChipError, DecisionInputError
from pokerengine.live import Hand
from pokerengine.rules import forced_bets


@st.composite
def tables(draw):
    n = draw(st.integers(2, 9))
    stacks = draw(st.lists(st.integers(1, 400), min_size=n, max_size=n))
    big = draw(st.integers(2, 200))
    small = draw(st.integers(1, big))
    ante = draw(st.integers(0, 150))
    alone = draw(st.booleans()) and ante > 0
    return stacks, (small, big), ante, alone


@settings(max_examples=examples(300), deadline=None)
@given(tables())
def test_posts_are_the_live_engines(table):
    # seats 1..n with the button at seat 1: the live engine's seat k + 1 is the push/fold seat k
    stacks, blinds, ante, alone = table
    hand = Hand("NT", stacks, button=1, blinds=blinds, **({"big_blind_ante": ante} if alone else {"ante": ante}))
    live_antes = dict(zip(hand.seats, hand.antes))
    dead, live = posted(stacks, blinds, ante, alone)
    assert dead == [live_antes[k + 1] for k in range(len(stacks))]
    assert [d + v for d, v in zip(dead, live)] == [hand.contributed[k + 1] for k in range(len(stacks))]


def test_forced_bets_by_hand():
    # a short big blind under a big blind ante keeps its chips for the blind (TDA 2024); an ante comes first
    assert forced_bets(250, 200, 100, blind_first=True) == (150, 100)
    assert forced_bets(250, 200, 100) == (200, 50)
    assert forced_bets(60, 100, 200, blind_first=True) == (0, 60)
    assert forced_bets(1000, 0, 0) == (0, 0)


def test_ante_keywords():
    assert antes(25, 0, None) == (25, False) and antes(0, 40, None) == (40, True) and antes(0, 0, None) == (0, False)
    assert ante_pair(*antes(0, 40, None)) == (0, 40) and ante_pair(*antes(25, 0, None)) == (25, 0)
    with pytest.warns(DeprecationWarning, match="big_blind_ante"):
        assert antes(40, 0, True) == (40, True)
    with pytest.warns(DeprecationWarning):
        assert antes(25, 0, False) == (25, False)
    with pytest.raises(DecisionInputError, match="not both"):
        antes(25, 40, None)
    with pytest.raises(DecisionInputError, match="bb_ante must be True or False"):
        antes(25, 0, 1)
    with pytest.raises(DecisionInputError, match="integer"):
        antes(2.5, 0, None)
    with pytest.raises(ChipError, match="integer"):
        antes(0, 2.5, None, error=ChipError)
