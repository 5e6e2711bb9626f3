"""Pots on concrete hands worked by hand, and properties of the fields nothing else checks:
``Pot.lower``/``upper``/``dead``, ``Pot.part_of``, ``PotLayout.at_risk`` and ``dead``
(mutation tests: docs/mutation.md)."""

import pytest
from hypothesis import given, strategies as st

from pokerengine import Rake, Seat, SettlementInputError, build_pots, settle
from pokerengine.errors import ChipError
from pokerengine.pots import Pot, PotLayout, layers_of
from pokerengine.strategies import contributions, hands


def pots_of(seats, dead=0):
    return [(p.amount, p.eligible, p.lower, p.upper, p.dead) for p in build_pots(seats, dead=dead).pots]


def test_seed004_layers():
    # Live levels 6, 8, 10 cut the chips: 6 from each of five seats but seat 5 put in 5 -> 29 for 1-4;
    # 8 - 6 = 2 from seats 1, 2, 3 -> 6 for 1-3; the top 2 from 1 and 2 -> 4, open above 8.
    layout = build_pots([Seat(1, 10), Seat(2, 10), Seat(3, 8), Seat(4, 6), Seat(5, 5, folded=True)])
    assert [(p.amount, p.eligible, p.lower, p.upper, p.dead) for p in layout.pots] == [
        (29, (1, 2, 3, 4), 0, 6, 0), (6, (1, 2, 3), 6, 8, 0), (4, (1, 2), 8, None, 0)]
    assert dict(layout.refunds) == {1: 0, 2: 0, 3: 0, 4: 0, 5: 0}
    assert dict(layout.at_risk) == {1: 10, 2: 10, 3: 8, 4: 6, 5: 5}
    assert layout.dead == 0


def test_refund_when_nobody_else_put_anything_in():
    # Seat 1 bet 10, seat 2 folded having put in nothing, 3 dead.  Nobody called any of the 10:
    # all of it goes back.  The pot is the 3 dead chips, 25% of 3 = 0.75 -> no rake; seat 1 gets 13.
    seats = [Seat(1, 10), Seat(2, 0, folded=True)]
    layout = build_pots(seats, dead=3)
    assert dict(layout.refunds) == {1: 10, 2: 0} and dict(layout.at_risk) == {1: 0, 2: 0}
    assert pots_of(seats, 3) == [(3, (1,), 0, None, 3)]
    r = settle(seats, dead=3, rake=Rake("25"))
    assert r.rake == 0 and r.payouts == {1: 13, 2: 0} and dict(r.refunds) == {1: 10, 2: 0}


def test_refund_down_to_a_folded_seats_contribution():
    # Seat 1 put in 20, seat 2 folded after 8, seat 3 all in for 5.  The second-highest contribution
    # is seat 2's 8 (folded seats count): 12 goes back.  Then live levels 5 and 8: 5 x 3 = 15 for
    # seats 1 and 3, and 3 + 3 = 6 above 5 for seat 1 alone.
    seats = [Seat(1, 20), Seat(2, 8, folded=True), Seat(3, 5)]
    layout = build_pots(seats)
    assert dict(layout.refunds) == {1: 12, 2: 0, 3: 0}
    assert dict(layout.at_risk) == {1: 8, 2: 8, 3: 5}
    assert pots_of(seats) == [(15, (1, 3), 0, 5, 0), (6, (1,), 5, None, 0)]


def test_refund_is_the_excess_over_the_second_highest_live_seat():
    # Seat 2 put in 50 against 30 and 10: 20 back, levels 10 and 30.
    seats = [Seat(1, 30), Seat(2, 50), Seat(3, 10)]
    layout = build_pots(seats)
    assert dict(layout.refunds) == {1: 0, 2: 20, 3: 0}
    assert pots_of(seats) == [(30, (1, 2, 3), 0, 10, 0), (40, (1, 2), 10, None, 0)]


def test_no_refund_when_the_top_is_matched():
    # Two seats at the top (one folded): the bet was called, nothing goes back.  Seat 1's last 6
    # above seat 3's all-in form a pot with seat 2's 6, for seat 1 alone.
    seats = [Seat(1, 10), Seat(2, 10, folded=True), Seat(3, 4)]
    assert dict(build_pots(seats).refunds) == {1: 0, 2: 0, 3: 0}
    assert pots_of(seats) == [(12, (1, 3), 0, 4, 0), (12, (1,), 4, None, 0)]


def test_a_folded_lone_top_gets_its_uncalled_excess_back():
    # The lone top is a folded seat (he mucked at showdown after an all-in for less was
    # called): the 15 nobody matched are his (TDA 15-B, 65-A), folded or not.
    seats = [Seat(1, 5), Seat(2, 5), Seat(3, 20, folded=True)]
    assert dict(build_pots(seats).refunds) == {1: 0, 2: 0, 3: 15}
    assert pots_of(seats) == [(15, (1, 2), 0, None, 0)]
    # Two folded seats above every live one: the top one gets back its excess over the second; the
    # second's chips above the live seats stay in the top pot (never burned).
    seats = [Seat(1, 5), Seat(2, 12, folded=True), Seat(3, 20, folded=True)]
    assert dict(build_pots(seats).refunds) == {1: 0, 2: 0, 3: 8}
    assert pots_of(seats) == [(29, (1,), 0, None, 0)]


def test_dead_money_joins_the_main_pot_open_to_every_live_seat():
    # 6 each from three live seats and 4 dead: one pot of 22, of which 4 dead.
    seats = [Seat(1, 6), Seat(2, 6), Seat(3, 6)]
    assert pots_of(seats, 4) == [(22, (1, 2, 3), 0, None, 4)]
    assert build_pots(seats, dead=4).dead == 4


def test_dead_money_below_a_live_seat_that_put_in_nothing():
    # Seat 1 is live with nothing in: the main layer (10 each from 2 and 3) is not open to it,
    # so the 5 dead are a pot of their own, between 0 and 0, open to all three.
    seats = [Seat(1, 0), Seat(2, 10), Seat(3, 10)]
    assert pots_of(seats, 5) == [(5, (1, 2, 3), 0, 0, 5), (20, (2, 3), 0, None, 0)]
    layout = build_pots(seats, dead=5)
    assert layout.dead == 5 and [p.part_of(10) for p in layout.pots] == [0, 10]


def test_every_live_seat_put_in_nothing():
    # Live seats 1 and 3 checked with nothing in, seats 2 and 4 folded after 6 each, 4 dead: one pot
    # of 16 (the folded 12 and the dead 4), open to both live seats.
    seats = [Seat(1, 0), Seat(2, 6, folded=True), Seat(3, 0), Seat(4, 6, folded=True)]
    assert pots_of(seats, 4) == [(16, (1, 3), 0, None, 4)]
    # Seat 2 alone put in 6: nobody matched any of it, so it all goes back (folded or not), and the
    # pot is the dead 4.
    seats = [Seat(1, 0), Seat(2, 6, folded=True), Seat(3, 0)]
    assert pots_of(seats, 4) == [(4, (1, 3), 0, None, 4)]
    assert dict(build_pots(seats, dead=4).refunds) == {1: 0, 2: 6, 3: 0}
    assert pots_of([Seat(1, 0), Seat(2, 0, folded=True)]) == [(0, (1,), 0, None, 0)]


def test_a_lone_seat_gets_everything_back():
    # One seat, 10 in, nobody to call: all 10 come back and the only pot is empty.
    layout = build_pots([Seat(1, 10)])
    assert dict(layout.refunds) == {1: 10} and dict(layout.at_risk) == {1: 0}
    assert pots_of([Seat(1, 10)]) == [(0, (1,), 0, None, 0)]
    assert settle([Seat(1, 10)]).payouts == {1: 10}


def test_defaults_and_frozen_fields():
    # No dead money unless given; layouts and pots are values whose maps cannot be changed.
    assert Pot(5, (1,), 0, None).dead == 0
    assert layers_of([Seat(1, 3), Seat(2, 3)]) == ([(6, (1, 2), 0, None, 0)], {1: 0, 2: 0}, 6, [1, 2])
    refunds, at_risk = {1: 0}, {1: 3}
    layout = PotLayout((Pot(3, (1,), 0, None),), refunds, at_risk)
    assert layout.dead == 0
    refunds[1] = at_risk[1] = 99  # the caller's dicts were copied
    assert dict(layout.refunds) == {1: 0} and dict(layout.at_risk) == {1: 3}
    built = build_pots([Seat(1, 3), Seat(2, 3)])
    for mapping in (layout.refunds, layout.at_risk, built.refunds, built.at_risk):
        with pytest.raises(TypeError):
            mapping[1] = 5


def test_dead_money_above_max_chips_is_refused():
    # Found by the mutation work: build_pots accepted dead money above MAX_CHIPS (settle refused it).
    with pytest.raises(ChipError):
        build_pots([Seat(1, 1)], dead=2**63)


def test_layers_of_reports_the_chips_put_in_and_the_order():
    pots, refunds, put_in, order = layers_of([Seat(4, 30), Seat(2, 50), Seat(9, 10, folded=True)], 3)
    assert put_in == 90 and order == [4, 2, 9] and dict(refunds) == {4: 0, 2: 20, 9: 0}
    assert pots == [(3 + 30 + 30 + 10, (4, 2), 0, None, 3)]


def test_pot_part_of():
    # A seat's chips between lower and upper: none below, all of the layer above.
    p = Pot(12, (1, 2), 4, 10)
    assert [p.part_of(c) for c in (0, 3, 4, 5, 10, 11, 100)] == [0, 0, 0, 1, 6, 6, 6]
    top = Pot(12, (1,), 4, None)
    assert [top.part_of(c) for c in (0, 4, 5, 100)] == [0, 0, 1, 96]


@pytest.mark.parametrize(
    "seats, error",
    [
        ("12", SettlementInputError),
        ({1: Seat(1, 1)}, SettlementInputError),
        (iter([Seat(1, 1)]), SettlementInputError),
        ([Seat(1, 1), (2, 1)], SettlementInputError),
        ([], SettlementInputError),
        ([Seat(1, 1), Seat(2, 2), Seat(1, 3)], SettlementInputError),
        ([Seat(1, 1, folded=True), Seat(2, 2, folded=True)], SettlementInputError),
    ],
)
def test_bad_seats(seats, error):
    with pytest.raises(error):
        build_pots(seats)


def test_bad_seats_are_named():
    with pytest.raises(SettlementInputError, match="^a hand needs at least one seat$"):
        build_pots([])
    with pytest.raises(SettlementInputError, match="^seat 1 appears twice$"):
        build_pots([Seat(2, 1), Seat(1, 1), Seat(3, 1), Seat(1, 2)])
    with pytest.raises(SettlementInputError, match="^at least one seat must not have folded$"):
        build_pots([Seat(2, 1, folded=True)])
    # At most 100 seats (MAX_SEATS), in a list as in any other sequence: 100 are fine, 101 are refused.
    assert build_pots([Seat(i, 1) for i in range(1, 101)]).pots[0].amount == 100
    for seats in ([Seat(i, 1) for i in range(1, 102)], tuple(Seat(i, 1) for i in range(1, 102))):
        with pytest.raises(SettlementInputError, match="^a hand has at most 100 seats, got 101$"):
            build_pots(seats)


def test_seats_may_be_any_sequence():
    class Table(list):
        pass

    assert pots_of(Table([Seat(1, 3), Seat(2, 3)])) == [(6, (1, 2), 0, None, 0)]
    assert pots_of((Seat(1, 3), Seat(2, 3))) == [(6, (1, 2), 0, None, 0)]


@pytest.mark.parametrize("dead", [-1, 1.0, True, "3"])
def test_bad_dead_money(dead):
    with pytest.raises(ChipError):
        build_pots([Seat(1, 3)], dead=dead)


@given(contributions(), st.integers(0, 50))
def test_layers_partition_every_contribution(rows, dead):
    """Each pot holds exactly the chips between its ``lower`` and ``upper`` of every seat, plus its dead
    money; the layers are stacked without gap or overlap; a pot is open to exactly the live seats
    that reached its top (the highest live level for the top pot)."""
    seats = [Seat(i + 1, c, f) for i, (c, f) in enumerate(rows)]
    layout = build_pots(seats, dead=dead)
    at_risk = layout.at_risk
    assert dict(at_risk) == {s.seat: s.contributed - layout.refunds[s.seat] for s in seats}
    assert layout.dead == dead == sum(p.dead for p in layout.pots)
    live = [s.seat for s in seats if not s.folded]
    top_live = max(at_risk[s] for s in live)
    pots = layout.pots
    assert pots[0].lower == 0 and pots[-1].upper is None
    assert all(p.dead == 0 for p in pots[1:])
    for below, above in zip(pots, pots[1:]):
        assert below.upper == above.lower
    for p in pots:
        assert p.amount == sum(p.part_of(at_risk[s.seat]) for s in seats) + p.dead
        reach = top_live if p.upper is None else p.upper
        assert p.eligible == tuple(s for s in live if at_risk[s] >= reach)
        if p.upper is not None and p.upper > 0:
            assert p.upper in {at_risk[s] for s in live} and p.lower < p.upper
    # Each seat's chips at risk are spread over the pots, none lost.
    for s in seats:
        assert sum(p.part_of(at_risk[s.seat]) for p in pots) == at_risk[s.seat]


@given(hands(showdown=True, max_seats=5, max_chips=60))
def test_settled_pots_keep_the_layers(hand):
    """``PotResult.lower``/``upper``/``dead`` and ``part_of`` are the layout's, at a showdown
    or without one."""
    layout = build_pots(hand["seats"], dead=hand["dead"])
    result = settle(**hand)
    assert [(p.amount, p.eligible, p.lower, p.upper, p.dead) for p in result.pots] == [
        (p.amount, p.eligible, p.lower, p.upper, p.dead) for p in layout.pots]
    for got, want in zip(result.pots, layout.pots):
        for c in range(0, 70, 7):
            assert got.part_of(c) == want.part_of(c)
    # Every seat folded but the first: each pot goes to it uncontested, and keeps its layer too.
    seats = [Seat(s.seat, s.contributed, i > 0) for i, s in enumerate(hand["seats"])]
    alone = settle(seats, dead=hand["dead"])
    assert [(p.amount, p.eligible, p.lower, p.upper, p.dead) for p in alone.pots] == [
        (p.amount, p.eligible, p.lower, p.upper, p.dead) for p in build_pots(seats, dead=hand["dead"]).pots]
