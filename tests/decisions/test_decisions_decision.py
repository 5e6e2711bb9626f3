"""The value of a decision under a payout model (pokerengine.decisions.decision): the DCM paper's
section 6, chip EV against pot odds worked out by hand, money conserved, heads-up ICM linear."""

from __future__ import annotations

import math

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from profiles import examples

from pokerengine.decisions.decision import call_decision, money, posts, push_decision
from pokerengine.errors import DecisionInputError, ModelTimeout
from pokerengine.models import dcm, icm


def antes_kw(ante, bb_ante):
    """The keywords for an ante: every player's, or with ``bb_ante`` the big blind's alone (``big_blind_ante``)."""
    return {"big_blind_ante": ante} if bb_ante else {"ante": ante}

# Besalu, "The Dependent Chip Model" (2021), section 6: Villain SB, Hero BB, CO, BTN with
# 1000, 1000, 2000, 3000; Hero posted the 200 big blind, Villain pushes 1000; 50/30/20.
# Seat order from the button: BTN 3000, SB 1000 (Villain), BB 1000 (Hero), CO 2000.
PAPER = dict(stacks=[3000, 1000, 1000, 2000], prizes=[50, 30, 20], hero=2, pusher=1, blinds=(100, 200))


@pytest.mark.parametrize(("model", "win", "fold"), [("icm", 31.86, 15.23), ("dcm", 30.71, 9.57)])
def test_dcm_paper_section_6_values(model, win, fold):
    d = call_decision(equity=0.4, model=model, **PAPER)
    (sd,) = d.showdowns
    assert round(sd.win, 2) == win and round(d.fold, 2) == fold and sd.lose == 0.0
    # the paper's "equity-weighted value" of the call: $12.74 (ICM), $12.29 (DCM)
    assert round(d.call, 2) == {"icm": 12.74, "dcm": 12.29}[model]
    # the stacks the paper gives for the fold: 1200, 800, 2000, 3000
    values = money([3000, 1200, 800, 2000], [50, 30, 20], model=model)
    assert values[2] == pytest.approx(d.fold, abs=1e-12)


@pytest.mark.parametrize(("equity", "icm_says", "dcm_says"), [
    (0.25, "fold", "fold"), (0.31, "fold", "fold"), (0.40, "fold", "call"), (0.48, "call", "call"), (0.6, "call", "call"),
])
def test_dcm_paper_section_6_decisions(equity, icm_says, dcm_says):
    assert call_decision(equity=equity, model="icm", **PAPER).best == icm_says
    assert call_decision(equity=equity, model="dcm", **PAPER).best == dcm_says


def test_dcm_paper_break_even_between_31_and_48():
    i = call_decision(equity=0.4, model="icm", **PAPER).break_even
    d = call_decision(equity=0.4, model="dcm", **PAPER).break_even
    assert 0.31 < d < 0.40 < i < 0.48
    # by hand: fold value over the won value (a lost call is worth 0)
    assert i == pytest.approx(icm([1200, 800, 2000, 3000], [50, 30, 20]).equity[1]
                              / icm([2000, 2000, 3000], [50, 30, 20]).equity[0], abs=1e-12)
    assert d == pytest.approx(dcm([1200, 800, 2000, 3000], [50, 30, 20]).equity[1]
                              / dcm([2000, 2000, 3000], [50, 30, 20]).equity[0], abs=1e-12)


def test_break_even_is_where_the_values_meet():
    for model in ("chip", "icm", "dcm", "mw", "roberts"):
        d = call_decision(equity=0.4, model=model, **PAPER)
        at = call_decision(equity=d.break_even, model=model, **PAPER)
        assert at.call == pytest.approx(at.fold, abs=1e-9)


# --- chip EV against pot odds worked out by hand ---------------------------------------------------

@st.composite
def tables(draw):
    n = draw(st.integers(2, 9))
    stacks = draw(st.lists(st.integers(1, 10_000), min_size=n, max_size=n))
    sb = draw(st.integers(0, 300))
    bb = draw(st.integers(sb, 600))
    ante = draw(st.integers(0, 100))
    return stacks, (sb, bb), ante, draw(st.booleans())


def by_hand(stacks, blinds, ante, hero, other, bb_ante=False):
    """(what the hero still puts in to call, the pot after the call, each seat's posts) from the
    rules written out: antes are dead, the two all in match each other's chips beyond the ante."""
    n = len(stacks)
    sb, bb = (0, 1) if n == 2 else (1, 2)
    antes, blinds_in = [], []
    for i, s in enumerate(stacks):
        blind = blinds[0] if i == sb else blinds[1] if i == bb else 0
        if bb_ante:
            b = min(s, blind)
            a = min(s - b, ante) if i == bb else 0
        else:
            a = min(s, ante)
            b = min(s - a, blind)
        antes.append(a)
        blinds_in.append(b)
    put = [a + b for a, b in zip(antes, blinds_in)]
    matched = min(stacks[hero] - antes[hero], stacks[other] - antes[other])
    dead = sum(put[i] for i in range(n) if i not in (hero, other))
    pot = dead + antes[hero] + antes[other] + 2 * matched
    return matched - blinds_in[hero], pot, put


@settings(max_examples=examples(150))
@given(tables(), st.data())
def test_chip_ev_call_is_pot_odds(table, data):
    stacks, blinds, ante, bb_ante = table
    n = len(stacks)
    hero, pusher = data.draw(st.lists(st.integers(0, n - 1), min_size=2, max_size=2, unique=True))
    to_call, pot, put = by_hand(stacks, blinds, ante, hero, pusher, bb_ante)
    assume(put[hero] < stacks[hero] and to_call > 0)
    e = data.draw(st.floats(0, 1))
    d = call_decision(stacks, hero=hero, pusher=pusher, blinds=blinds, **antes_kw(ante, bb_ante), equity=e,
                      model="chip")
    assert d.fold == stacks[hero] - put[hero]
    assert d.break_even == pytest.approx(to_call / pot, abs=1e-12)
    won = stacks[hero] - put[hero] - to_call + pot
    lost = stacks[hero] - put[hero] - to_call
    assert d.call == pytest.approx(e * won + (1 - e) * lost, rel=1e-12)
    assert d.best == ("call" if e * won + (1 - e) * lost >= d.fold - 1e-9 * pot else "fold") or \
        abs(d.gain) < 1e-9 * pot


@settings(max_examples=examples(100))
@given(tables(), st.data())
def test_chip_ev_push(table, data):
    stacks, blinds, ante, bb_ante = table
    n = len(stacks)
    sb, bb = (0, 1) if n == 2 else (1, 2)
    hero = data.draw(st.sampled_from([i for i in range(n) if i != bb]))
    order = list(range(3, n)) + [0, 1, 2] if n > 2 else [0, 1]
    caller = data.draw(st.sampled_from(order[order.index(hero) + 1:]))
    to_call, pot, put = by_hand(stacks, blinds, ante, hero, caller, bb_ante)
    assume(put[hero] < stacks[hero])
    e, pc = data.draw(st.floats(0, 1)), data.draw(st.floats(0, 1))
    d = push_decision(stacks, hero=hero, blinds=blinds, **antes_kw(ante, bb_ante), equity=e, call_probability=pc,
                      caller=caller, model="chip")
    start = stacks[hero] - put[hero]
    steal = start + sum(put)
    won = start - to_call + pot
    lost = start - to_call
    assert d.fold == start and d.steal == steal
    assert d.push == pytest.approx((1 - pc) * steal + pc * (e * won + (1 - e) * lost), rel=1e-12)
    if pc > 1e-6:
        at = push_decision(stacks, hero=hero, blinds=blinds, **antes_kw(ante, bb_ante),
                           equity=min(1.0, max(0.0, d.break_even)),
                           call_probability=pc, caller=caller, model="chip")
        if 0 <= d.break_even <= 1:
            assert at.push == pytest.approx(at.fold, abs=1e-6 * pot)


# --- models ---------------------------------------------------------------------------------------

@settings(max_examples=examples(60))
@given(tables(), st.sampled_from(["icm", "mw", "roberts", "chip"]), st.data())
def test_money_is_conserved(table, model, data):
    stacks, blinds, ante, _ = table
    n = len(stacks)
    prizes = data.draw(st.lists(st.integers(0, 1000), min_size=1, max_size=n).filter(any))
    after = list(stacks)
    for i in data.draw(st.lists(st.integers(0, n - 1), max_size=n - 1, unique=True)):
        after[i] = 0  # knocked out this hand
    values = money(after, prizes, model=model, before=stacks)
    assert math.fsum(values) == pytest.approx(sum(prizes), rel=1e-9)
    assert all(v >= -1e-9 for v in values)


def test_knocked_out_players_take_the_places_below():
    # two knocked out: the bigger stack before the hand finishes higher
    v = money([5000, 0, 0, 1000], [50, 30, 20, 0], before=[2000, 2000, 1000, 1000])
    assert v[1] == 20.0 and v[2] == 0.0
    # equal stacks before the hand share their places
    v = money([5000, 0, 0, 1000], [50, 30, 20, 10], before=[2000, 1000, 1000, 1000])
    assert v[1] == v[2] == 15.0
    assert money([6000, 0], [70, 30]) == (70.0, 30.0)


@settings(max_examples=examples(40))
@given(st.integers(1, 10_000), st.integers(1, 10_000), st.integers(0, 200), st.integers(1, 1000),
       st.integers(0, 1000), st.floats(0, 1))
def test_heads_up_icm_decides_as_chip_ev(s0, s1, bb, first, second, e):
    """ICM is linear in chips for two players: the break-even equity is chip EV's."""
    assume(first > second)
    sb = bb // 2
    assume(posts([s0, s1], (sb, bb), 0)[1] < s1 and s0 > posts([s0, s1], (sb, bb), 0)[1])
    for model in ("icm", "dcm"):
        a = call_decision([s0, s1], [first, second], hero=1, pusher=0, blinds=(sb, bb), equity=e, model=model)
        b = call_decision([s0, s1], hero=1, pusher=0, blinds=(sb, bb), equity=e, model="chip")
        assert a.break_even == pytest.approx(b.break_even, abs=1e-9)


def test_values_rise_with_equity():
    vals = [call_decision(equity=e / 10, model="dcm", **PAPER).call for e in range(11)]
    assert vals == sorted(vals) and vals[0] == 0.0


def test_model_options_reach_the_model():
    a = call_decision(equity=0.4, model="dcm", depth=3, **PAPER)
    b = call_decision(equity=0.4, model="dcm", **PAPER)
    assert a.fold != b.fold
    with pytest.raises(DecisionInputError):
        call_decision(equity=0.4, model="icm", depth=3, **PAPER)


def test_push_values():
    # heads-up chip EV, 10 big blinds: pushing any two into a call half the time at 50%
    d = push_decision([1000, 1000], hero=0, blinds=(50, 100), equity=0.5, call_probability=0.5, model="chip")
    assert (d.fold, d.steal, d.push, d.best) == (950.0, 1100.0, 1050.0, "push")
    never = push_decision([1000, 1000], hero=0, blinds=(50, 100), equity=0.0, call_probability=0.0, model="chip")
    assert never.push == never.steal == 1100.0
    # on the paper's table the CO pushes into the BTN, the blinds go to the big blind on a fold
    d = push_decision([3000, 1000, 1000, 2000], [50, 30, 20], hero=3, blinds=(100, 200), equity=0.35, caller=0)
    assert d.fold == pytest.approx(icm([3000, 900, 1100, 2000], [50, 30, 20]).equity[3])
    (sd,) = d.showdowns
    assert sd.lose == 0.0 and sd.opponent == 0 and sd.probability == 1.0
    assert sd.win == pytest.approx(icm([1000, 900, 800, 4300], [50, 30, 20]).equity[3])
    assert sd.tie == pytest.approx(icm([3150, 900, 800, 2150], [50, 30, 20]).equity[3])  # the pot of 4300 split


def test_json_shape():
    import json

    j = call_decision(equity=0.4, model="dcm", **PAPER).to_json()
    assert j["best"] == "call" and j["model"] == "dcm" and set(j) >= {"fold", "call", "break_even", "showdowns"}
    # a push nobody can call: no equity moves the value, the break-even is undefined
    d = push_decision([1000, 1000], hero=0, blinds=(50, 100), equity=0.5, call_probability=0.0, model="chip")
    assert math.isnan(d.break_even) and json.loads(json.dumps(d.to_json(), allow_nan=False))["break_even"] is None


@pytest.mark.parametrize(("kwargs", "match"), [
    (dict(hero=1, pusher=1), "their own"),
    (dict(hero=9, pusher=1), "seat index"),
    (dict(hero=2, pusher=1, equity=1.5), "equity"),
    (dict(hero=2, pusher=1, equity=None), "give equity"),
    (dict(hero=2, pusher=1, blinds=(100,)), "blinds"),
    (dict(hero=2, pusher=1, ante=1.5), "ante"),
    (dict(hero=2, pusher=1, model="mc"), "model"),
    (dict(hero=2, pusher=1, prizes=[50, 30, 20, 10, 5]), "nobody can finish"),
    (dict(hero=2, pusher=1, stacks=[1000.0, 1000, 2000, 3000]), "integer"),
    (dict(hero=2, pusher=1, stacks=[1000] * 10), "2 to 9"),
    (dict(hero=2, pusher=1, stacks=[3000, 1000, 200, 2000]), "all in from the blinds"),
    (dict(hero=2, pusher=1, prizes=None), "needs prizes"),
    (dict(hero=2, pusher=1, max_seconds=-1), "max_seconds"),
])
def test_call_errors(kwargs, match):
    args = dict(PAPER, equity=0.4)
    args.update(kwargs)
    with pytest.raises(DecisionInputError, match=match):
        call_decision(**args)


def test_push_errors():
    with pytest.raises(DecisionInputError, match="big blind"):
        push_decision([1000, 1000, 1000], [2, 1], hero=2, blinds=(5, 10), equity=0.5)
    with pytest.raises(DecisionInputError, match="acts before"):
        push_decision([1000, 1000, 1000], [2, 1], hero=1, blinds=(5, 10), equity=0.5, caller=0)
    with pytest.raises(DecisionInputError, match="calling_ranges need"):
        push_decision([1000, 1000, 1000], [2, 1], hero=1, blinds=(5, 10), calling_ranges={2: "AA"})


def test_time_bound():
    with pytest.raises(ModelTimeout):
        call_decision([3000, 1000, 1000, 2000, 2500, 1500, 1200, 900, 4000], [50, 30, 20, 10, 5], hero=2, pusher=1,
                      blinds=(100, 200), equity=0.4, model="dcm", max_seconds=1e-4, min_probability=0.0)


def test_big_blind_ante_is_dead():
    # BB ante 200 (the BB alone): SB 1000 pushes, BB 3000 calls 1000 live chips beyond its ante
    d = call_decision([1000, 3000], hero=1, pusher=0, blinds=(100, 200), big_blind_ante=200, equity=0.5,
                      model="chip")
    with pytest.warns(DeprecationWarning, match="big_blind_ante"):  # the older spelling: the same decision
        assert call_decision([1000, 3000], hero=1, pusher=0, blinds=(100, 200), ante=200, bb_ante=True, equity=0.5,
                             model="chip") == d
    assert d.fold == 2600.0 and d.showdowns[0].win == 3000 - 1200 + 2200 and d.showdowns[0].lose == 1800.0
    assert d.break_even == pytest.approx(800 / 2200)


def test_tie_odd_chip_goes_left_of_the_button():
    # pot 1000 + 1000 + the big blind's 10 + its ante 1 = 2011: the small blind (left of the button) gets 1006
    d = push_decision([1000, 1000, 1000], hero=0, blinds=(5, 10), ante=1, equity=0.5, caller=1, model="chip")
    assert d.showdowns[0].tie == 1005.0
    d = call_decision([1000, 1000, 1000], hero=1, pusher=0, blinds=(5, 10), ante=1, equity=0.5, model="chip")
    assert d.showdowns[0].tie == 1006.0


# --- the hero's hand against ranges (exact odds from pokerengine.decisions.odds) ----------------------

def test_call_with_a_hand_against_a_range():
    from pokerengine.decisions.odds import odds

    d = call_decision(hand="AhKh", pusher_range="QQ+, AKs", model="dcm", **PAPER)
    o = odds(["AhKh", "QQ+, AKs"]).hands[0]
    total = o.win + o.tie + o.lose
    (sd,) = d.showdowns
    assert sd.p_win == pytest.approx(o.win / total, rel=1e-12) and sd.p_tie == pytest.approx(o.tie / total, rel=1e-12)
    assert d.equity == pytest.approx(o.equity, abs=1e-12)
    # the values after each result are those of the equity path; the tie is now weighed as a tie
    by_number = call_decision(equity=0.5, model="dcm", **PAPER).showdowns[0]
    assert (sd.win, sd.tie, sd.lose) == (by_number.win, by_number.tie, by_number.lose)
    assert d.call == pytest.approx(sd.p_win * sd.win + sd.p_tie * sd.tie + (1 - sd.p_win - sd.p_tie) * sd.lose)
    assert d.best == ("call" if d.call >= d.fold else "fold")


def test_push_with_a_hand_against_calling_ranges():
    # BTN pushes AhKh on the paper's table; the SB calls with AA (3 combinations left beside the Ah of
    # 1,225), the BB with KK+ (AA: 3, KK: 3 left), the CO acted before the button
    stacks, prizes = [3000, 1000, 1000, 2000], [50, 30, 20]
    d = push_decision(stacks, prizes, hero=0, blinds=(100, 200), hand="AhKh", calling_ranges={1: "AA", 2: "KK+"})
    sb, bb = d.showdowns
    assert (sb.opponent, bb.opponent) == (1, 2)
    assert sb.probability == pytest.approx(3 / 1225) and bb.probability == pytest.approx((1 - 3 / 1225) * 6 / 1225)
    steal = money([3300, 900, 800, 2000], prizes)[0]
    assert d.steal == pytest.approx(steal) and d.fold == pytest.approx(money([3000, 900, 1100, 2000], prizes)[0])
    p_fold = 1 - sb.probability - bb.probability
    assert d.push == pytest.approx(p_fold * steal + sb.probability * sb.value + bb.probability * bb.value)
    assert d.best == "push" and 0 < sb.equity < 0.2
    with pytest.raises(DecisionInputError, match="acts before"):
        push_decision(stacks, prizes, hero=0, blinds=(100, 200), hand="AhKh", calling_ranges={3: "AA"})
    with pytest.raises(DecisionInputError, match="one combination"):
        push_decision(stacks, prizes, hero=0, blinds=(100, 200), hand="AK", calling_ranges={1: "AA"})



def test_seats_by_position_are_the_seats_by_index():
    # the equilibria's position names, BTN SB BB UTG on four players, name the same seats as indexes from the button
    stacks, prizes = [3000, 1000, 1000, 2000], [50, 30, 20]
    by_index = push_decision(stacks, prizes, hero=0, blinds=(100, 200), hand="AhKh", calling_ranges={1: "AA", 2: "KK+"})
    by_name = push_decision(stacks, prizes, hero="BTN", blinds=(100, 200), hand="AhKh",
                            calling_ranges={"SB": "AA", "BB": "KK+"})
    assert by_name == by_index
    call = call_decision(stacks, prizes, hero=2, pusher=1, blinds=(100, 200), equity=0.4)
    assert call_decision(stacks, prizes, hero="BB", pusher="SB", blinds=(100, 200), equity=0.4) == call
    with pytest.raises(DecisionInputError, match="twice"):
        push_decision(stacks, prizes, hero="BTN", blinds=(100, 200), hand="AhKh", calling_ranges={"SB": "AA", 1: "KK"})
    with pytest.raises(DecisionInputError, match=r"or a position \(BTN, SB, BB, UTG\)"):
        call_decision(stacks, prizes, hero="HJ", pusher="SB", blinds=(100, 200), equity=0.4)

def test_money_refuses_bad_stacks():
    for after, before, match in [([0, 0], None, "chips left"), ([1.5, 2], None, "integer"), ([1, 2], [1], "before has"),
                                 ([1] * 10, None, "1 to 9"), ("12", None, "list")]:
        with pytest.raises(DecisionInputError, match=match):
            money(after, [1], before=before)
    with pytest.raises(DecisionInputError, match="nobody can finish"):
        money([1, 2], [3, 2, 1])
