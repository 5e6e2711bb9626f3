"""The push/fold game definition (pokerengine/decisions/game.py): inputs, forced bets, endings, chips, prizes."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples

from pokerengine.decisions.game import endings, make_game
from pokerengine.errors import DecisionInputError


def antes_kw(ante, bb_ante):
    """The keywords for an ante: every player's, or with ``bb_ante`` the big blind's alone (``big_blind_ante``)."""
    return {"big_blind_ante": ante} if bb_ante else {"ante": ante}


def _uncalled(put):
    """TDA 15-B: the part of the largest contribution above the second largest goes back to whoever
    put it in, folded or not (a larger ante or blind nobody could match)."""
    back = [0] * len(put)
    ranked = sorted(put, reverse=True) + [0]
    if ranked[0] > ranked[1]:
        back[list(put).index(ranked[0])] = ranked[0] - ranked[1]
    return back


def _oracle_chips(stacks, put, live, order):
    """Side pots the schoolbook way: first the uncalled part of the largest contribution goes back
    (:func:`_uncalled`); then in order of strength each live player collects, from every player, up to
    his own remaining contribution; chips left over (a folded player who put in more than any live
    one) go to the best live player among those who put in the most."""
    won = _uncalled(put)
    remaining = {s: x - won[s] for s, x in enumerate(put)}
    for w in order:
        level = remaining[w]
        for j in remaining:
            take = min(remaining[j], level)
            remaining[j] -= take
            won[w] += take
    top = max(put[s] for s in live)
    best = next(s for s in order if put[s] == top)
    won[best] += sum(remaining.values())
    return tuple(stacks[s] - put[s] + won[s] for s in range(len(stacks)))


tables = st.integers(2, 6).flatmap(lambda n: st.tuples(
    st.lists(st.integers(1, 400), min_size=n, max_size=n),
    st.integers(0, 20), st.integers(1, 40), st.integers(0, 8), st.booleans()))


@settings(max_examples=examples(60), deadline=None)
@given(tables, st.randoms(use_true_random=False))
def test_every_ending_conserves_chips_and_matches_the_schoolbook_side_pots(table, rnd):
    stacks, sb, bb, ante, bb_ante = table
    sb = min(sb, bb)
    try:
        g = make_game(stacks, (sb, bb), **antes_kw(ante, bb_ante))
    except DecisionInputError:
        assert all(min(s, bb + ante * len(stacks)) >= s for s in stacks) or len(stacks) < 2
        return
    ends = endings(g)
    assert 1 <= len(ends) <= 2 ** g.players
    assert len({(e.live, e.put) for e in ends}) == len(ends)
    for e in ends:
        live = sorted(e.live)
        order = live[:]
        rnd.shuffle(order)
        after = g.chips_after(e.live, tuple(order), dict(enumerate(e.put)))
        assert sum(after) == sum(stacks)
        assert min(after) >= 0
        assert after == _oracle_chips(stacks, e.put, e.live, order)
        back = _uncalled(e.put)
        for s in range(g.players):  # a folded player loses what he put in, less what nobody called
            if s not in e.live:
                assert after[s] == stacks[s] - e.put[s] + back[s]


def test_forced_bets_and_positions():
    g = make_game((1000, 600, 400, 800), (10, 20), 5)
    assert g.positions == ("BTN", "SB", "BB", "UTG")
    assert g.order == (3, 0, 1, 2)
    assert g.posts == (5, 15, 25, 5)
    g = make_game((1000, 600, 400, 800), (10, 20), big_blind_ante=20)
    assert g.posts == (0, 10, 40, 0)
    with pytest.warns(DeprecationWarning, match="big_blind_ante"):  # the older spelling
        assert make_game((1000, 600, 400, 800), (10, 20), 20, bb_ante=True).posts == g.posts
    with pytest.raises(DecisionInputError, match="not both"):
        make_game((1000, 600, 400, 800), (10, 20), 5, big_blind_ante=20)
    g = make_game((1000, 15, 20), (10, 20), 5)  # the small blind cannot cover blind and ante
    assert g.forced == frozenset({1, 2}) and g.posts == (5, 15, 20)
    heads = make_game((100, 100), (5, 10))
    assert heads.positions == ("SB", "BB") and heads.posts == (5, 10)


def test_endings_of_three_players():
    g = make_game((100, 100, 100), (5, 10))
    ends = endings(g)
    # the button pushes or folds, the small blind too, the big blind decides only facing a push
    assert len(ends) == 7
    folded_to_bb = [e for e in ends if not e.acts[0][2] and not e.acts[1][2]]
    assert len(folded_to_bb) == 1 and folded_to_bb[0].live == frozenset({2})
    keys = {(s, g.key_name(k)) for e in ends for s, k, _ in e.acts}
    assert keys == {(0, ""), (1, ""), (1, "BTN"), (2, "BTN"), (2, "SB"), (2, "BTN+SB")}


def test_forced_all_in_player_has_no_decision_and_is_in_every_showdown():
    g = make_game((1000, 15, 800), (10, 20), 5)
    for e in endings(g):
        assert 1 in e.live
        assert all(s != 1 for s, _, _ in e.acts)
    # nobody pushes: the big blind checks it down against the short small blind
    quiet = [e for e in endings(g) if not any(p for _, _, p in e.acts)]
    assert len(quiet) == 1 and quiet[0].live == frozenset({1, 2})


def test_a_tie_splits_with_the_odd_chip_left_of_the_button():
    g = make_game((100, 100, 100), (5, 10), 1)
    after = g.chips_after(frozenset({0, 1, 2}), (), {0: 100, 1: 100, 2: 100}, ties=[[0, 1, 2]])
    assert after == (100, 100, 100)
    after = g.chips_after(frozenset({0, 1}), (), {0: 100, 1: 100, 2: 11}, ties=[[0, 1]])
    assert after == (105, 106, 89)  # 211 chips: 106 to the small blind (first left of the button)


def test_prize_values_place_the_busted_players():
    g = make_game((500, 300, 200), (10, 20), prizes=(50, 30, 20))
    assert g.value((1000, 0, 0)) == (50.0, 30.0, 20.0)  # the bigger stack before the hand takes second
    g = make_game((500, 250, 250), (10, 20), prizes=(50, 30, 20))
    assert g.value((1000, 0, 0)) == (50.0, 25.0, 25.0)  # equal stacks share second and third
    assert g.value((500, 500, 0))[2] == 20.0
    chip = make_game((500, 300, 200), (10, 20))
    assert chip.value((600, 300, 100)) == (600.0, 300.0, 100.0)


@settings(max_examples=examples(40), deadline=None)
@given(st.lists(st.integers(1, 1000), min_size=3, max_size=6), st.data())
def test_prize_values_add_up_to_the_pool(stacks, data):
    n = len(stacks)
    model = data.draw(st.sampled_from(["icm", "dcm", "mw", "roberts"]))
    prizes = data.draw(st.lists(st.integers(0, 100), min_size=1, max_size=n).filter(lambda p: sum(p) > 0))
    g = make_game(stacks, (5, 10), prizes=prizes, model=model)
    total = sum(stacks)
    after = data.draw(st.lists(st.integers(0, total), min_size=n, max_size=n).filter(lambda a: sum(a) > 0))
    scale = total / sum(after)
    after = [int(a * scale) for a in after]
    after[max(range(n), key=after.__getitem__)] += total - sum(after)
    values = g.value(after)
    assert sum(values) == pytest.approx(sum(prizes), rel=1e-9, abs=1e-9)
    assert all(v >= -1e-12 for v in values)


@pytest.mark.parametrize("args, message", [
    (((100, 20.0), (10, 20)), "integer number of chips"),
    (((100,) * 10, (10, 20)), "2 to 9 players"),
    (((100,), (10, 20)), "2 to 9 players"),
    (((100, 100), (20, 10)), "must not be larger"),
    (((100, 100), (10,)), "two amounts"),
    (((100, 0), (10, 20)), "positive"),
    (((True, 100), (10, 20)), "integer number of chips"),
    (("100,100", (10, 20)), "list of chip counts"),
])
def test_bad_input(args, message):
    with pytest.raises(DecisionInputError, match=message):
        make_game(*args)


def test_bad_model_and_prizes():
    with pytest.raises(DecisionInputError, match="needs prizes"):
        make_game((100, 100, 100), (5, 10), model="icm")
    with pytest.raises(DecisionInputError, match="unknown model"):
        make_game((100, 100, 100), (5, 10), prizes=(10,), model="mc")
    with pytest.raises(DecisionInputError, match="cannot be reached"):
        make_game((100, 100), (5, 10), prizes=(10, 5, 1))
    with pytest.raises(DecisionInputError, match="bb_ante"):
        make_game((100, 100), (5, 10), bb_ante=1)  # type: ignore[arg-type]
    with pytest.raises(DecisionInputError, match="prize for place 1"):
        make_game((100, 100), (5, 10), prizes=(1.5,))  # type: ignore[arg-type]
    g = make_game((100, 100, 100), (5, 10), prizes=(Fraction(1, 3), 0, 0))
    assert g.prizes == (Fraction(1, 3),) and g.model == "icm"
    with pytest.raises(DecisionInputError, match="nothing to decide"):
        make_game((5, 10), (5, 10))
