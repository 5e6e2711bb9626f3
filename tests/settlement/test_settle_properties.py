"""Property tests of settlement over the public strategies, checked against the slow oracle.

``test_settlement_invariants`` is the one to run deep (a million hands):
``POKERENGINE_HYPOTHESIS=deep pytest tests/settlement/test_settle_properties.py -k invariants``;
``-k oracle`` runs the slower oracle comparison deep.
"""

from fractions import Fraction

from hypothesis import given, strategies as st
from oracle import oracle_settle

from pokerengine import Rake, Seat, build_pots, settle
from pokerengine.strategies import contributions, hands


def check_invariants(hand, result):
    seats = hand["seats"]
    put = {s.seat: s.contributed for s in seats}
    live = {s.seat for s in seats if not s.folded}
    # Conservation: nothing created, nothing burned.
    assert sum(result.payouts.values()) + result.rake == sum(put.values()) + hand.get("dead", 0)
    assert all(v >= 0 for v in result.payouts.values())
    at_risk = {s: put[s] - result.refunds[s] for s in put}
    for p in result.pots:
        # Only eligible seats are paid, and only live ones are eligible.
        assert set(p.shares) <= set(p.eligible) <= live
        assert sum(p.shares.values()) == p.amount - p.rake
        # Eligibility caps: an eligible seat reached the pot's layer.
        layer_top = p.upper if p.upper is not None else max(at_risk[s] for s in live)
        assert all(at_risk[s] >= layer_top for s in p.eligible)
    # No seat wins more than its layer allows: what it can claim from each other seat
    # is capped by its own at-risk contribution (plus dead and unmatched folded chips).
    top_live = max(at_risk[s] for s in live)
    overflow = sum(max(0, at_risk[s] - top_live) for s in put)
    for s in live:
        cap = sum(min(c, at_risk[s]) for c in at_risk.values()) + hand.get("dead", 0)
        if at_risk[s] == top_live:
            cap += overflow
        assert result.payouts[s] - result.refunds[s] <= cap
    # Refunds only for the lone top seat, live or folded (TDA 15-B), of its excess over the second.
    refunded = [s for s, v in result.refunds.items() if v]
    assert len(refunded) <= 1
    ranked = sorted(put.values(), reverse=True) + [0]
    for s in refunded:
        assert put[s] == ranked[0] and result.refunds[s] == ranked[0] - ranked[1]
    if ranked[0] > ranked[1]:
        assert sum(result.refunds.values()) == ranked[0] - ranked[1]


@given(hands(showdown=True))
def test_settlement_invariants(hand):
    check_invariants(hand, settle(**hand))


@given(hands(showdown=True, max_chips=300))
def test_fast_path_matches_the_literal_oracle(hand):
    # The oracle cuts one-chip layers and merges them, so this also checks that the
    # result does not depend on how the chips are cut into pots.
    result = settle(**hand)
    check_invariants(hand, result)
    assert dict(result.payouts) == oracle_settle(hand)


@given(hands(showdown=False, max_seats=6))
def test_uncontested_hands_need_no_cards(hand):
    live = [s for s in hand["seats"] if not s.folded]
    if len(live) == 1:
        result = settle(**hand)
        check_invariants(hand, result)
        # The one live seat takes every chip but the uncalled part of a lone top, which goes back
        # to its owner even when that seat folded (it mucked after an all-in for less: TDA 15-B).
        back = sum(v for s, v in result.refunds.items() if s != live[0].seat)
        assert result.payouts[live[0].seat] == sum(s.contributed for s in hand["seats"]) + hand["dead"] - back


@given(hands(showdown=True), st.randoms(use_true_random=False))
def test_relabelling_seats_changes_only_labels(hand, rnd):
    labels = [s.seat for s in hand["seats"]]
    new = rnd.sample(range(100, 200), len(labels))
    relabel = dict(zip(labels, new))
    moved = dict(hand)
    moved["seats"] = [Seat(relabel[s.seat], s.contributed, s.folded, s.cards) for s in hand["seats"]]
    moved["small_blind"] = relabel[hand["small_blind"]]
    moved["button"] = relabel[hand["button"]]
    a, b = settle(**hand), settle(**moved)
    assert {relabel[k]: v for k, v in a.payouts.items()} == dict(b.payouts)
    assert [tuple(relabel[s] for s in p.winners) for p in a.pots] == [p.winners for p in b.pots]


@given(hands(showdown=True))
def test_odd_units_go_clockwise_from_the_rule_seat(hand):
    result = settle(**hand)
    order = [s.seat for s in hand["seats"]]
    if hand["odd_chip"] == "left_of_button":
        start = order[(order.index(hand["button"]) + 1) % len(order)]
    else:
        start = hand["small_blind"]
    ring = order[order.index(start):] + order[: order.index(start)]
    unit = hand["chip_unit"]
    for p in result.pots:
        groups = [p.shares] if p.high_winners is None or not p.low_winners else None
        if groups is None:
            continue  # hi/lo halves are checked by the oracle
        shares = p.shares
        lo, hi = min(shares.values()), max(shares.values())
        assert hi - lo <= unit
        # Those who got more come first clockwise from the starting seat.
        clockwise = [s for s in ring if s in shares]
        got_more = [s for s in clockwise if shares[s] > lo]
        assert clockwise[: len(got_more)] == got_more
        # The odd units (and a fragment smaller than a unit, if any) go in that same order.
        assert list(p.odd_units) == clockwise[: len(p.odd_units)]
        assert set(got_more) <= set(p.odd_units)
        assert all(shares[s] == lo for s in clockwise if s not in p.odd_units)


@given(contributions(), st.integers(0, 50))
def test_pots_hold_every_chip_at_risk(rows, dead):
    seats = [Seat(i + 1, c, f) for i, (c, f) in enumerate(rows)]
    layout = build_pots(seats, dead=dead)
    total = sum(c for c, _ in rows)
    assert sum(p.amount for p in layout.pots) + sum(layout.refunds.values()) == total + dead
    # Eligible sets shrink strictly from the main pot up, and are never empty.
    sets = [set(p.eligible) for p in layout.pots]
    assert all(sets)
    for lower, upper in zip(sets, sets[1:]):
        assert upper < lower


@given(hands(showdown=True), st.fractions(0, 100, max_denominator=8), st.one_of(st.none(), st.integers(0, 500)))
def test_rake_is_integer_capped_and_never_on_refunds(hand, percent, cap):
    rake = Rake(Fraction(percent), cap, False)
    result = settle(**hand, rake=rake)
    plain = settle(**hand)
    unit = hand["chip_unit"]
    pots_total = sum(p.amount for p in plain.pots)
    expected = int(Fraction(percent) * pots_total / 100) // unit * unit
    if cap is not None:
        expected = min(expected, cap // unit * unit)
    assert result.rake % unit == 0
    if all(p.amount % unit == 0 for p in plain.pots):
        assert result.rake == expected
    else:
        # A pot never gives more than it holds and rake is whole units, so pots that are not
        # multiples of the unit can leave the rake short, by less than one unit per pot.
        assert expected - unit * len(plain.pots) < result.rake <= expected
    assert dict(result.refunds) == dict(plain.refunds)
    assert sum(result.payouts.values()) + result.rake == sum(s.contributed for s in hand["seats"]) + hand["dead"]
    whole_units = all(p.amount % unit == 0 for p in plain.pots)
    for p in result.pots:
        assert 0 <= p.rake <= p.amount
        if whole_units:  # each pot pays its proportional share, within one unit
            assert abs(p.rake - Fraction(result.rake * p.amount, pots_total or 1)) <= unit
