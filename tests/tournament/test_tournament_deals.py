"""Deals: ICM, DCM and chip chops, partial deals, custom amounts, rounding; worked by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_tournament_support import fake_models, icm_oracle, models  # noqa: F401  (fixtures)

from pokerengine.errors import TournamentError
from pokerengine.tournament import Deal, EquityConfig, Tournament, chop
from pokerengine.tournament.deals import largest_remainder

OFF = EquityConfig.off()


def three(prizes=(7000, 3000), stacks=None, **kw):
    t = Tournament(equity=OFF, **kw)
    t.start(list(prizes), stacks or {"ann": 50, "bob": 30, "cat": 20})
    return t


def test_icm_chop_stacks_50_30_20_paying_70_30(models):
    # ICM (reference.md): 1265/28, 129/4, 158/7 of 100 -> 4517.857, 3225, 2257.143.
    # Floors 4517 + 3225 + 2257 = 9999; the one unit left goes to the largest remainder (ann).
    assert icm_oracle([50, 30, 20], [70, 30]) == [Fraction(1265, 28), Fraction(129, 4), Fraction(158, 7)]
    t = three()
    r = t.deal("icm")
    assert r.event == Deal("icm", 0, {"ann": 4518, "bob": 3225, "cat": 2257})
    assert t.status == "finished"
    assert [(s.best, s.player, s.prize) for s in t.standings()] == [(1, "ann", 4518), (2, "bob", 3225), (3, "cat", 2257)]


def test_dcm_chop_heads_up_equals_icm(models):
    # Two players: DCM equals ICM = chip share of the difference plus second prize.
    # 3000 + 4000 * 3/4 = 6000 and 3000 + 4000 * 1/4 = 4000.
    t = Tournament(equity=OFF)
    t.start([7000, 3000], {"ann": 300, "bob": 100})
    t.deal("dcm")
    assert t.payouts() == {"ann": 6000, "bob": 4000}


def test_chip_chop():
    # Next payout is 0 (3 players, 2 paid): 10000 split 5:3:2 -> 5000/3000/2000.
    t = three()
    t.deal("chips")
    assert t.payouts() == {"ann": 5000, "bob": 3000, "cat": 2000}
    # Three paid: everyone gets 2000 and the other 4000 go 5:3:2.
    t = three(prizes=(5000, 3000, 2000))
    t.deal("chips")
    assert t.payouts() == {"ann": 4000, "bob": 3200, "cat": 2800}


def test_partial_deal_plays_on_for_the_amount_kept():
    # Prizes 5000/3000/2000, keep 1000 for the winner, chip chop the other 9000:
    # 2000 each + 3000 split 5:3:2 -> ann 3500, bob 2900, cat 2600; the open places now
    # pay 1000/0/0.  cat busts (2600), bob busts (2900), ann wins 1000 + 3500.
    t = three(prizes=(5000, 3000, 2000))
    r = t.deal("chips", keep=1000)
    assert r.event.amounts == {"ann": 3500, "bob": 2900, "cat": 2600}
    assert t.status == "running" and t.open_prizes() == (1000, 0, 0)
    assert t.locked("ann") == 3500
    t.hand("A", {"ann": 70, "cat": 0})
    t.hand("A", {"ann": 100, "bob": 0})
    assert [(s.best, s.player, s.prize) for s in t.standings()] == [(1, "ann", 4500), (2, "bob", 2900), (3, "cat", 2600)]
    assert sum(t.payouts().values()) == 10000


def test_partial_icm_deal_takes_keep_from_first_prize(models):
    # keep 1000 of 7000/3000: ICM on 6000/3000/0 with stacks 50/30/20:
    # ann = 6000*.5 + 3000*(.3*.5/.7 + .2*.5/.8) = 3000 + 1017.857 = 4017.857
    # bob = 6000*.3 + 3000*(.5*.3/.5 + .2*.3/.8) = 1800 + 1125     = 2925
    # cat = 6000*.2 + 3000*(.5*.2/.5 + .3*.2/.7) = 1200 + 857.143  = 2057.143
    # floors 4017 + 2925 + 2057 = 8999; the last unit to the largest remainder (ann).
    assert icm_oracle([50, 30, 20], [6000, 3000]) == [Fraction(28125, 7), Fraction(2925), Fraction(14400, 7)]
    t = three()
    r = t.deal("icm", keep=1000)
    assert r.event == Deal("icm", 1000, {"ann": 4018, "bob": 2925, "cat": 2057})
    assert t.open_prizes() == (1000, 0, 0)
    # bob and cat bust together, bob started bigger: 2nd and 3rd pay 0 now, plus what they locked in.
    t.hand("A", {"ann": 100, "bob": 0, "cat": 0})
    assert t.payouts() == {"ann": 5018, "bob": 2925, "cat": 2057}


def test_nothing_left_to_share_gives_everyone_the_next_payout():
    assert chop("icm", ["a", "b"], [1, 1], [0, 0]) == {"a": 0, "b": 0}
    # 500/300/200 keeping all 400 above the 3 x 200: everyone locks in 200, play on for 400
    t = three(prizes=(500, 300, 200))
    assert t.deal("chips", keep=400).event.amounts == {"ann": 200, "bob": 200, "cat": 200}
    assert t.open_prizes() == (400, 0, 0)


def test_partial_icm_keep_is_limited_to_first_less_second():
    t = three()
    with pytest.raises(TournamentError, match=r"at most first prize less second prize \(4000\), got 4001"):
        t.deal("icm", keep=4001)
    with pytest.raises(TournamentError, match="keep 10001 is too much"):
        t.deal("chips", keep=10001)


def test_custom_deal_is_checked():
    t = three(prizes=(5000, 3000, 2000))
    with pytest.raises(TournamentError, match="leave out 'cat'"):
        t.deal("custom", amounts={"ann": 5000, "bob": 5000})
    with pytest.raises(TournamentError, match="name 'zed' who is not in play"):
        t.deal("custom", amounts={"ann": 4000, "bob": 2000, "cat": 2000, "zed": 2000})
    with pytest.raises(TournamentError, match="add up to 9999, not to the 10000"):
        t.deal("custom", amounts={"ann": 4000, "bob": 3999, "cat": 2000})
    with pytest.raises(TournamentError, match="at least the next payout \\(2000\\); 'cat' gets 1999"):
        t.deal("custom", amounts={"ann": 4001, "bob": 4000, "cat": 1999})
    with pytest.raises(TournamentError, match="needs the amounts agreed"):
        t.deal("custom")
    t.deal("custom", amounts={"ann": 4000, "bob": 4000, "cat": 2000})
    # a full deal ranks by chips: ann 1st, bob 2nd, cat 3rd; the prize is the amount agreed
    assert [(s.best, s.player, s.prize) for s in t.standings()] == [(1, "ann", 4000), (2, "bob", 4000), (3, "cat", 2000)]


def test_deal_refused_while_registering_or_finished():
    t = Tournament(equity=OFF)
    t.start([10], {"a": 5, "b": 5}, late_registration=True)
    with pytest.raises(TournamentError, match="while registration is open"):
        t.deal("chips")
    t.close_registration()
    t.deal("chips")
    with pytest.raises(TournamentError, match="finished"):
        t.deal("chips")


def test_logged_deal_carries_its_amounts_and_a_bare_deal_line_is_worked_out_on_replay():
    lines = [
        '{"event": "start", "prizes": [5000, 3000, 2000], "players": '
        '[{"id": "ann", "stack": 50}, {"id": "bob", "stack": 30}, {"id": "cat", "stack": 20}]}',
        '{"event": "deal", "method": "chips"}',
    ]
    t = Tournament.replay([line + "\n" for line in lines], equity=OFF)
    assert t.events[-1] == Deal("chips", 0, {"ann": 4000, "bob": 3200, "cat": 2800})
    # amounts in the log are what was agreed: used as they are (and checked)
    lines[1] = '{"event": "deal", "method": "chips", "amounts": {"ann": 3000, "bob": 3000, "cat": 4000}}'
    assert Tournament.replay([line + "\n" for line in lines], equity=OFF).payouts() == {"ann": 3000, "bob": 3000, "cat": 4000}


def test_dcm_deal_timeout_is_refused(fake_models):
    state, _ = fake_models
    state["limit"] = 2
    t = Tournament(equity=EquityConfig(icm_field=0, dcm_seconds=None, deal_dcm_seconds=0.5))
    t.start([7000, 3000], {"ann": 50, "bob": 30, "cat": 20})
    with pytest.raises(TournamentError, match="DCM could not work out the deal within 0.5 s"):
        t.deal("dcm")
    assert t.status == "running"


def test_largest_remainder_ties_go_to_bigger_stack_then_smaller_id():
    q = [Fraction(10, 3)] * 3
    assert largest_remainder(q, 10, floor=0, stacks=[1, 2, 1], players=["b", "c", "a"]) == [3, 4, 3]
    assert largest_remainder(q, 10, floor=0, stacks=[1, 1, 1], players=["b", "c", "a"]) == [3, 3, 4]


@given(
    st.lists(st.integers(1, 10**6), min_size=2, max_size=7),
    st.lists(st.integers(0, 10**6), min_size=1, max_size=7),
    st.integers(0, 10**6),
    st.sampled_from(["chips", "icm"]),
)
def test_chops_cover_everyone_add_up_and_pay_at_least_the_next_payout(stacks, prizes, keep, method):
    from test_tournament_support import fake_icm, make_fake_dcm, real_models_available

    from pokerengine.tournament import equity as equity_module

    n = len(stacks)
    prizes = sorted(prizes, reverse=True)[:n]
    open_prizes = prizes + [0] * (n - len(prizes))
    players = [f"p{i}" for i in range(n)]
    saved = equity_module._models
    if not real_models_available():
        equity_module._models = lambda: (fake_icm, make_fake_dcm())
    try:
        try:
            amounts = chop(method, players, stacks, open_prizes, keep)
        except TournamentError as exc:
            assert "keep" in str(exc)
            return
    finally:
        equity_module._models = saved
    assert set(amounts) == set(players)
    assert all(type(a) is int for a in amounts.values())
    assert sum(amounts.values()) == sum(open_prizes) - keep
    assert min(amounts.values()) >= open_prizes[-1]
    if method == "icm" and keep == 0:
        # within one unit of the exact ICM equity
        eq = icm_oracle(stacks, open_prizes)
        assert all(abs(amounts[p] - e) < 1 for p, e in zip(players, eq))
