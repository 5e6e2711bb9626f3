"""Knockout bounties: who busts whom, the equities with bounties, the
solver, the decisions and bubble factors with them, and the command line."""

from __future__ import annotations

import itertools
import json
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples

from pokerengine.cli import main
from pokerengine.decisions.bounty import Bounties, bounties, knockouts, optional
from pokerengine.decisions.bubble import bubble_factors
from pokerengine.decisions.decision import call_decision, push_decision
from pokerengine.decisions.equilibrium import solve
from pokerengine.decisions.game import endings, make_game
from pokerengine.decisions.showdown import sampled_table
from pokerengine.errors import DecisionInputError

TABLE = sampled_table(32)
FAST = dict(table=TABLE, boards=64, tolerance=0.05, deals=0, card_removal="model")


# --- who busts whom: the side-pot rules, by hand --------------------------------------------------

def oracle(put, live, groups, heads, progressive):
    """From the rule book: the pots are layers between the live players' all-in levels, each won by
    the best hands among the live players who reach it; a live player who wins no share of any
    layer is busted (he is all in) and his bounty goes, in equal shares, to the winners of the layer
    that ends at his own level (his top pot); progressive: half of each share paid, half on the head."""
    n = len(put)
    levels = sorted({put[s] for s in live})
    won = [Fraction(0)] * n
    winners_at = {}
    prev = 0
    for lvl in levels:
        amount = sum(min(put[x], lvl) - min(put[x], prev) for x in range(n))
        eligible = [s for s in live if put[s] >= lvl]
        best = next([s for s in g if s in eligible] for g in groups if any(s in eligible for s in g))
        winners_at[lvl] = best
        for s in best:  # a layer only one player reaches is his own chips back: not busted either
            won[s] += Fraction(amount, len(best))
        prev = lvl
    cash = [Fraction(0)] * n
    left = [Fraction(h) for h in heads]
    busted = [s for s in live if won[s] == 0]
    for b in busted:
        winners = winners_at[put[b]]
        bounty, left[b] = left[b], Fraction(0)
        for w in winners:
            if progressive:
                cash[w] += bounty / len(winners) / 2
                left[w] += bounty / len(winners) / 2
            else:
                cash[w] += bounty / len(winners)
    after = [0 if s in busted else 1 for s in range(n)]  # who has chips left (all that knockouts reads)
    for s in range(n):
        if s not in live:
            after[s] = 1
    return cash, left, after


@st.composite
def showdowns(draw):
    n = draw(st.integers(2, 6))
    k = draw(st.integers(2, n))
    live = set(range(k))
    put = [draw(st.integers(1, 6)) * 10 for _ in range(n)]
    top = max(put[s] for s in live)
    put = [p if s in live else min(p, top) // 2 for s, p in enumerate(put)]
    order = draw(st.permutations(sorted(live)))
    cuts = draw(st.lists(st.booleans(), min_size=k - 1, max_size=k - 1))
    groups, group = [], [order[0]]
    for s, cut in zip(order[1:], cuts):
        if cut:
            groups.append(group)
            group = [s]
        else:
            group.append(s)
    groups.append(group)
    heads = draw(st.lists(st.integers(0, 50), min_size=n, max_size=n))
    return put, live, groups, heads


@settings(max_examples=examples(300), deadline=None)
@given(showdowns(), st.booleans())
def test_knockouts_follow_the_side_pot_rules(case, progressive):
    put, live, groups, heads = case
    cash, left, after = oracle(put, live, groups, heads, progressive)
    got_cash, got_left = knockouts(put, live, groups, after, heads, progressive)
    assert list(got_cash) == cash and list(got_left) == left
    assert sum(got_cash) + sum(got_left) == sum(heads)  # no bounty money made or lost


def test_several_cover_him_the_top_pot_decides():
    # 300 / 200 / 100 all in; the 100 stack's top pot is the main pot: whoever wins it busts him
    put, live = [300, 200, 100], {0, 1, 2}
    cash, _ = knockouts(put, live, [[1], [0], [2]], [100, 500, 0], [0, 0, 12], False)
    assert cash == (0, 12, 0)
    # the 200 stack wins the main pot and splits nothing; the 300 stack wins the side pot: it busts the 200 stack
    cash, _ = knockouts(put, live, [[2], [0], [1]], [200, 0, 300], [0, 8, 12], False)
    assert cash == (8, 0, 0)  # the short stack won the main pot, so he is not busted and keeps his bounty
    # two hands tie for the main pot: they split the bounty like the pot
    cash, left = knockouts(put, live, [[0, 1], [2]], [350, 250, 0], [0, 0, 5], True)
    assert cash == (Fraction(5, 4), Fraction(5, 4), 0) and left == (Fraction(5, 4), Fraction(5, 4), 0)


def test_published_pko_example():
    """docs.inpoker.io, "Progressive Knockout (PKO)": eliminating a player whose bounty is 150 puts
    75 in one's pocket and raises one's own bounty (150 in their example) to 225."""
    cash, left = knockouts([1000, 1000], {0, 1}, [[0], [1]], [2000, 0], [150, 150], True)
    assert cash == (75, 0) and left == (225, 0)


# --- the game's payoffs: equities add up, bounties of zero change nothing --------------------------

def all_payoffs(game):
    for e in endings(game):
        put = dict(enumerate(e.put))
        live = sorted(e.live)
        for ranking in itertools.permutations(live):
            yield game.payoff(e.live, ranking, put)
        if len(live) == 2:
            yield game.payoff(e.live, (), put, ties=[live])


@settings(max_examples=examples(25), deadline=None)
@given(st.lists(st.integers(1, 40), min_size=3, max_size=4), st.data())
def test_payoffs_add_up_to_prizes_plus_bounties(stacks, data):
    stacks = [s * 100 for s in stacks]
    n = len(stacks)
    heads = data.draw(st.lists(st.integers(0, 30), min_size=n, max_size=n))
    progressive = data.draw(st.booleans())
    model = data.draw(st.sampled_from(["chip", "icm", "dcm"]))
    prizes = None if model == "chip" else (50, 30, 20)[: n - 1]
    rate = 7 if model == "chip" else None
    game = make_game(stacks, (50, 100), 10, prizes=prizes, model=model, bounties=heads, progressive=progressive,
                     chips_per_money=rate)
    total = (sum(stacks) + 7 * sum(heads)) if model == "chip" else sum(prizes) + sum(heads)
    for pay in all_payoffs(game):
        assert math.isclose(sum(pay), total, rel_tol=1e-9)


def test_zero_bounties_are_the_game_without_them():
    plain = make_game((3000, 2000, 600), (100, 200), 20, prizes=(50, 30, 20))
    zero = make_game((3000, 2000, 600), (100, 200), 20, prizes=(50, 30, 20), bounties=[0, 0, 0], progressive=True)
    assert zero.bounty is None
    assert list(all_payoffs(plain)) == list(all_payoffs(zero))


def test_bad_bounties_refused():
    for bad, words in [([1, 2], "2 bounties for 3 players"), ([1, 2.5, 0], "must be an integer"),
                       ([1, -2, 0], "non-negative"), ("1,2,3", "a list"), ([True, 0, 0], "integer")]:
        with pytest.raises(DecisionInputError, match=words):
            bounties(bad, 3)
    with pytest.raises(DecisionInputError, match="chips_per_money"):
        make_game((100, 100), (5, 10), bounties=[1, 1])  # chip EV with bounties states its rate
    with pytest.raises(DecisionInputError, match="chips_per_money is for chip EV"):
        optional([1, 1], 2, chips_per_money=5, model="icm")
    with pytest.raises(DecisionInputError, match="lookahead"):
        solve((300, 200, 100), (5, 10), prizes=(5, 3), bounties=[1, 1, 1], lookahead=1, **FAST)
    assert bounties([Fraction(1, 2), 0], 2) == Bounties((Fraction(1, 2), 0))


# --- the solver ------------------------------------------------------------------------------------

def ranges(eq):
    return [(p.push, p.call, p.ev, p.equity) for p in eq.players]


def test_solver_zero_bounties_equal_today():
    a = solve((3000, 3000, 600), (100, 200), prizes=(50, 30, 20), **FAST)
    b = solve((3000, 3000, 600), (100, 200), prizes=(50, 30, 20), bounties=[0, 0, 0], **FAST)
    assert ranges(a) == ranges(b) and a.exploitability == b.exploitability
    h = solve((2000, 2000), (50, 100), table=TABLE)
    z = solve((2000, 2000), (50, 100), table=TABLE, bounties=[0, 0], chips_per_money=10)
    assert ranges(h) == ranges(z) and h.method == z.method  # the exact heads-up solver, untouched


@pytest.mark.parametrize("progressive, removal", [(False, "model"), (True, "model"), (True, True)])
def test_solver_equities_add_up(progressive, removal):
    """Each seat's view mixed (``"model"``) and the three-handed real deal (``True``) alike."""
    eq = solve((3000, 3000, 600), (100, 200), prizes=(50, 30, 20), bounties=[10, 10, 10], progressive=progressive,
               **dict(FAST, card_removal=removal))
    assert math.isclose(sum(p.equity for p in eq.players), 130, rel_tol=1e-9)
    assert "knockout bounties" in eq.method and eq.exploitability <= 0.05


def test_a_bounty_on_the_short_stack_widens_the_calls_against_him():
    stacks, prizes = (600, 3000, 3000), (50, 30, 20)  # the short stack on the button pushes first
    plain = solve(stacks, (100, 200), prizes=prizes, **FAST)
    ko = solve(stacks, (100, 200), prizes=prizes, bounties=[20, 0, 0], **FAST)
    for pos in ("SB", "BB"):
        assert ko.player(pos).call_percent["BTN"] > plain.player(pos).call_percent["BTN"] + 5


def test_chip_ev_with_bounties_converts_at_the_stated_rate():
    eq = solve((1000, 1000, 300), (50, 100), bounties=[0, 0, 2], chips_per_money=100, **FAST)
    assert math.isclose(sum(p.ev for p in eq.players), 200, abs_tol=1e-6)  # chips on the table plus 2 * 100


# --- decisions and bubble factors --------------------------------------------------------------------

STACKS, PRIZES = [3000, 1000, 1000, 2000], [50, 30, 20]


def test_decisions_zero_bounties_equal_today_and_a_bounty_helps_the_call():
    base = call_decision(STACKS, PRIZES, hero=2, pusher=1, blinds=(100, 200), equity=0.4)
    assert base == call_decision(STACKS, PRIZES, hero=2, pusher=1, blinds=(100, 200), equity=0.4, bounties=[0] * 4)
    ko = call_decision(STACKS, PRIZES, hero=2, pusher=1, blinds=(100, 200), equity=0.4, bounties=[0, 10, 0, 0])
    assert ko.break_even < base.break_even
    # the hero's values: today's money plus the bounty money, by hand (regular knockout)
    assert math.isclose(ko.showdowns[0].win - base.showdowns[0].win, 10, rel_tol=1e-12)  # busts the pusher
    kw = dict(hero=3, blinds=(100, 200), hand="AhKh", calling_ranges={0: "TT+", 1: "22+", 2: "AQ+"})
    assert push_decision(STACKS, PRIZES, **kw) == push_decision(STACKS, PRIZES, bounties=[0] * 4, **kw)
    pko = push_decision(STACKS, PRIZES, bounties=[5] * 4, progressive=True, **kw)
    assert math.isfinite(pko.push) and pko.push != push_decision(STACKS, PRIZES, **kw).push


def test_bubble_factors_with_bounties():
    assert bubble_factors([1000] * 4, [50, 30, 20]) == bubble_factors([1000] * 4, [50, 30, 20], bounties=[0] * 4)
    s = [2000, 2000, 2000, 500]
    plain = bubble_factors(s, PRIZES)
    ko = bubble_factors(s, PRIZES, bounties=[0, 0, 0, 10])
    assert math.isclose(sum(ko.equity), 110, rel_tol=1e-12)
    assert ko.factors[0][3] < plain.factors[0][3]  # covering the bounty: winning is worth more
    # by hand: busting B pays A the 10, less the chip share of it A held before (2000 of 6500 chips)
    assert math.isclose(ko.gain[0][3] - plain.gain[0][3], 10 - 10 * 2000 / 6500, rel_tol=1e-12)
    assert math.isclose(ko.loss[3][0] - plain.loss[3][0], 10 * 500 / 6500, rel_tol=1e-12)  # B's share of his own


# --- the command line ----------------------------------------------------------------------------------

@pytest.fixture
def quick(monkeypatch):
    from pokerengine.decisions import equilibrium

    monkeypatch.setattr(equilibrium, "default_table", lambda: TABLE)
    monkeypatch.setattr(equilibrium, "DEFAULT_BOARDS", 64)
    monkeypatch.setattr(equilibrium, "DEFAULT_DEALS", 0)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_pushfold_bounties(capsys, quick):
    base = ["pushfold", "--stacks", "600,3000,3000", "--blinds", "100,200", "--prizes", "50,30,20",
            "--no-card-removal", "--tolerance", "0.05"]
    code, out, err = run(capsys, *base, "--bounties", "20,0,0", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["bounties"] == [20, 0, 0] and data["progressive"] is False
    assert math.isclose(sum(p["equity"] for p in data["players"]), 120, rel_tol=1e-9)
    code, out, err = run(capsys, *base, "--bounties", "10", "10", "10", "--progressive")
    assert code == 0 and "bounties 10, 10, 10 (progressive)" in out and "progressive knockout" in out
    code, out, err = run(capsys, "pushfold", "--stacks", "1000,1000,300", "--blinds", "50,100", "--bounties", "0,0,2",
                         "--chips-per-money", "100", "--no-card-removal", "--tolerance", "0.05", "--json")
    assert code == 0 and math.isclose(sum(p["ev"] for p in json.loads(out)["players"]), 200, abs_tol=1e-6)


@pytest.mark.parametrize("extra, words", [
    (["--bounties", "1.5,0,0"], "bounty of player 1"),
    (["--bounties", "1,-2,0"], "bounty of player 2"),
    (["--bounties", "1,2"], "2 bounties for 3 players"),
    (["--bounties", "1,1,1", "--chips-per-money", "3"], "chips_per_money"),
])
def test_cli_bad_bounties(capsys, quick, extra, words):
    code, out, err = run(capsys, "pushfold", "--stacks", "600,3000,3000", "--blinds", "100,200", "--prizes",
                         "50,30,20", *extra)
    assert code == 2 and out == "" and words in err and err.count("\n") == 1


def test_cli_bubble_bounties(capsys):
    code, out, err = run(capsys, "bubble", "--stacks", "2000,2000,2000,500", "--prizes", "50,30,20",
                         "--bounties", "0,0,0,10", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["bounties"] == [0, 0, 0, 10] and math.isclose(sum(data["equity"]), 110, rel_tol=1e-12)
    code, out, err = run(capsys, "bubble", "--stacks", "2000,2000,500", "--prizes", "50,30", "--bounties", "1,x,2")
    assert code == 2 and err.count("\n") == 1 and "bounty of player 2" in err
