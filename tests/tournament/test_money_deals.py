"""Deals: the structure chopped, largest-remainder rounding, and which model runs, worked by hand
(mutation tests: docs/mutation.md)."""

from fractions import Fraction

import pytest

from pokerengine.errors import TournamentError
from pokerengine.tournament import deals
from pokerengine.tournament.deals import check_amounts, chop, chopped_structure, largest_remainder


def test_chopped_structure():
    # 500/300/200: 1000 for 3 players who each get at least 200, so at most 400 can be kept.
    assert chopped_structure("chips", [500, 300, 200], 400) == [500, 300, 200]
    with pytest.raises(TournamentError, match="keep 401 is too much"):
        chopped_structure("chips", [500, 300, 200], 401)
    # ICM and DCM take keep from first prize, at most first less second (4000 here, though up to
    # 11000 - 3 x 1000 = 8000 could be kept in a chip chop).
    assert chopped_structure("icm", [7000, 3000, 1000], 4000) == [3000, 3000, 1000]
    assert chopped_structure("dcm", [7000, 3000, 1000], 100) == [6900, 3000, 1000]
    for method in ("icm", "dcm"):
        with pytest.raises(TournamentError, match=r"prize \(4000\), got 4001"):
            chopped_structure(method, [7000, 3000, 1000], 4001)
    assert chopped_structure("icm", [7000, 3000, 1000], 0) == [7000, 3000, 1000]
    # A chip chop keeps its structure whatever it keeps.
    assert chopped_structure("chips", [7000, 3000, 1000], 4001) == [7000, 3000, 1000]


def test_largest_remainder():
    # 10 among three equal quotas: 3 each, one unit left; ties go to the larger stack, then the smaller id.
    q = [Fraction(10, 3)] * 3
    assert largest_remainder(q, 10, floor=0, stacks=[1, 2, 1], players=["b", "c", "a"]) == [3, 4, 3]
    assert largest_remainder(q, 10, floor=0, stacks=[1, 1, 1], players=["b", "c", "a"]) == [3, 3, 4]
    # Quotas 5.6, 2.7, 1.7 of 10: floors 5, 2, 1; the two units left go to the two largest
    # remainders, the .7s.
    assert largest_remainder([Fraction(56, 10), Fraction(27, 10), Fraction(17, 10)], 10, floor=0,
                             stacks=[5, 3, 2], players=["a", "b", "c"]) == [5, 3, 2]
    # Floor 2 each, 4 more over excesses 3.6, 0.7, -0.3 (counted as 0), scaled to add up to 4:
    # 3.35, 0.65, 0 -> 3, 0, 0, and the unit left to the 0.65.
    assert largest_remainder([Fraction(56, 10), Fraction(27, 10), Fraction(17, 10)], 10, floor=2,
                             stacks=[5, 3, 2], players=["a", "b", "c"]) == [5, 3, 2]
    # Nothing above the floor: everyone gets the floor.
    assert largest_remainder([Fraction(10)] * 3, 30, floor=10, stacks=[1, 2, 3], players=["a", "b", "c"]) == [10] * 3
    # No quota above the floor but money to share: by stacks, 3:1 of 6 -> 4.5, 1.5 -> 4, 1, and the
    # unit left to the larger stack on equal remainders.
    assert largest_remainder([Fraction(1)] * 2, 10, floor=2, stacks=[3, 1], players=["a", "b"]) == [7, 3]
    with pytest.raises(TournamentError, match="29 cannot give 3 players at least 10 each"):
        largest_remainder([Fraction(10)] * 3, 29, floor=10, stacks=[1, 1, 1], players=["a", "b", "c"])


def test_chip_chop_rounding():
    # 1001 above nothing (next payout 0 with 3 left, 2 paid: 700/301/0): stacks 1:1:1 -> 333.67 each;
    # 333 each and 2 units left, to the smaller ids.
    assert chop("chips", ["cat", "bob", "ann"], [10, 10, 10], [700, 301, 0]) == {"cat": 333, "bob": 334, "ann": 334}
    # 1000/100/100, stacks 8:1:1: each gets the next payout, 100, and the other 900 go 720/90/90.
    assert chop("chips", ["a", "b", "c"], [8, 1, 1], [1000, 100, 100]) == {"a": 820, "b": 190, "c": 190}
    # 7:2:1: 630/180/90 of the 900.
    assert chop("chips", ["a", "b", "c"], [7, 2, 1], [1000, 100, 100]) == {"a": 730, "b": 280, "c": 190}
    # Nothing beyond the next payout: everyone gets it.
    assert chop("chips", ["a", "b"], [5, 1], [100, 100]) == {"a": 100, "b": 100}
    assert chop("chips", ["a", "b", "c"], [5, 1, 1], [300, 200, 100], keep=300) == {"a": 100, "b": 100, "c": 100}


def test_deals_need_two_players_each_with_a_stack_and_a_place():
    for players, stacks, prizes in [(["a"], [1], [5]), (["a", "b"], [1], [5, 1]), (["a", "b"], [1, 1], [5])]:
        with pytest.raises(TournamentError, match="at least two players"):
            chop("chips", players, stacks, prizes)
    for method in ("custom", "coinflip"):
        with pytest.raises(TournamentError, match="needs the amounts agreed"):
            chop(method, ["a", "b"], [1, 1], [5, 1])
    # Even when there is nothing to share beyond the next payout, a custom deal needs its amounts.
    with pytest.raises(TournamentError, match="'custom' deal needs the amounts agreed"):
        chop("custom", ["a", "b"], [1, 1], [100, 100])


def test_exact_icm_up_to_twelve_players(monkeypatch):
    # Deals with at most 12 players use exact (Fraction) ICM, larger ones floats.
    calls = []

    def fake_icm(stacks, prizes, *, exact=False, max_seconds=10.0):
        calls.append(exact)
        return tuple(Fraction(s, sum(stacks)) * sum(prizes) for s in stacks)

    monkeypatch.setattr(deals, "run_icm", fake_icm)
    for n in (2, 12, 13):
        players = [f"p{i:02d}" for i in range(n)]
        got = chop("icm", players, [1] * n, [10 * n] + [0] * (n - 1))
        assert sum(got.values()) == 10 * n
    assert calls == [True, True, False]


def test_dcm_depth_and_budget_reach_the_model(monkeypatch):
    seen = []

    def fake_dcm(stacks, prizes, *, depth=None, max_seconds=None):
        seen.append((depth, max_seconds))
        return tuple(Fraction(s, sum(stacks)) * sum(prizes) for s in stacks)

    monkeypatch.setattr(deals, "run_dcm", fake_dcm)
    assert chop("dcm", ["a", "b"], [3, 1], [300, 100]) == {"a": 300, "b": 100}
    chop("dcm", ["a", "b"], [3, 1], [300, 100], dcm_depth=7, dcm_seconds=2.5)
    assert seen == [(50, 10.0), (7, 2.5)]


def test_check_amounts_accepts_exactly_the_next_payout():
    check_amounts({"a": 800, "b": 200}, ["a", "b"], 1000, 200)
    with pytest.raises(TournamentError, match="'b' gets 199"):
        check_amounts({"a": 801, "b": 199}, ["a", "b"], 1000, 200)
    with pytest.raises(TournamentError, match="add up to 1001"):
        check_amounts({"a": 801, "b": 200}, ["a", "b"], 1000, 200)
    with pytest.raises(TournamentError, match="leave out 'b' and name 'c', 'd' who are not in play"):
        check_amounts({"a": 1000, "c": 0, "d": 0}, ["a", "b"], 1000, 0)
    head = "a deal must cover exactly the players left; the amounts "
    with pytest.raises(TournamentError, match=f"^{head}leave out 'b'$"):
        check_amounts({"a": 1000}, ["a", "b"], 1000, 0)
    with pytest.raises(TournamentError, match=f"^{head}name 'c' who is not in play$"):
        check_amounts({"a": 1000, "b": 0, "c": 0}, ["a", "b"], 1000, 0)


@pytest.mark.parametrize("equities, message", [
    ((-1.0, 2.0), "negative equity"), ((-0.5, 2.0), "negative equity"), ((0.0, 0.0), "no equity to anyone"),
    ((float("nan"), 1.0), "not a finite number"), ((float("inf"), 1.0), "not a finite number"),
])
def test_a_model_answer_that_cannot_be_money_is_refused(monkeypatch, equities, message):
    monkeypatch.setattr(deals, "run_icm", lambda stacks, prizes, **kw: equities)
    with pytest.raises(TournamentError, match=message):
        chop("icm", ["a", "b"], [3, 1], [300, 100])


def test_model_equities_are_scaled_to_the_money_exactly(monkeypatch):
    # A model whose floats add up to a little less than the 400 shared: scaled to 400 exactly, 3:1 above
    # the next payout (100 each): 300 and 100.
    monkeypatch.setattr(deals, "run_icm", lambda stacks, prizes, **kw: (299.99999, 99.99999))
    assert chop("icm", ["a", "b"], [3, 1], [300, 100]) == {"a": 300, "b": 100}
    # A zero equity is fine (the player still gets the next payout), and so are equities adding up to 1.
    monkeypatch.setattr(deals, "run_icm", lambda stacks, prizes, **kw: (0.0, 2.0))
    assert chop("icm", ["a", "b"], [3, 1], [300, 100]) == {"a": 100, "b": 300}
    monkeypatch.setattr(deals, "run_icm", lambda stacks, prizes, **kw: (0.75, 0.25))
    assert chop("icm", ["a", "b"], [3, 1], [300, 100]) == {"a": 300, "b": 100}
    # Equities of 1 and 1 (any scale): 200 each.
    monkeypatch.setattr(deals, "run_icm", lambda stacks, prizes, **kw: (1, 1))
    assert chop("icm", ["a", "b"], [3, 1], [300, 100]) == {"a": 200, "b": 200}


def test_a_model_timeout_names_that_models_budget(monkeypatch):
    from pokerengine.errors import ModelTimeout

    def slow(*args, **kw):
        raise ModelTimeout("too slow")

    monkeypatch.setattr(deals, "run_icm", slow)
    monkeypatch.setattr(deals, "run_dcm", slow)
    with pytest.raises(TournamentError, match=r"^ICM could not work out the deal within 3.0 s$"):
        chop("icm", ["a", "b"], [3, 1], [300, 100], icm_seconds=3.0, dcm_seconds=7.0)
    with pytest.raises(TournamentError, match=r"^DCM could not work out the deal within 7.0 s$"):
        chop("dcm", ["a", "b"], [3, 1], [300, 100], icm_seconds=3.0, dcm_seconds=7.0)
