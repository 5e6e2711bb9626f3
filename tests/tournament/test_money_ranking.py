"""Finishing places and prize money for players who bust together, worked by hand
(mutation tests: docs/mutation.md)."""

import pytest

from pokerengine.tournament.ranking import BustRecord, Standing, assign_places, place_prize, rank_batch, split_prize


def names(groups):
    return [[(r.player, r.entry) for r in g] for g in groups]


def test_one_table_larger_starting_stack_finishes_higher():
    # Worst group first: 3000 busts first-worst, then the two 5000s tie, then 9000.
    recs = [BustRecord("dan", 1, "A", 5000), BustRecord("bob", 1, "A", 9000), BustRecord("cat", 1, "A", 3000),
            BustRecord("ann", 1, "A", 5000)]
    assert names(rank_batch(recs)) == [[("cat", 1)], [("ann", 1), ("dan", 1)], [("bob", 1)]]
    assert names(rank_batch(recs, cross_table_tie=False)) == names(rank_batch(recs))


def test_busts_on_two_tables_hand_for_hand_all_tie():
    recs = [BustRecord("dan", 1, "A", 100), BustRecord("bob", 2, "B", 9000), BustRecord("bob", 1, "A", 50)]
    # Everyone ties, listed by player id then entry number.
    assert names(rank_batch(recs)) == [[("bob", 1), ("bob", 2), ("dan", 1)]]
    # Without the hand-for-hand rule the stacks decide, even across tables.
    assert names(rank_batch(recs, cross_table_tie=False)) == [[("bob", 1)], [("dan", 1)], [("bob", 2)]]


def test_rank_batch_edge_cases():
    assert rank_batch([]) == []
    one = BustRecord("ann", 1, None, 10)
    assert names(rank_batch([one])) == [[("ann", 1)]]
    # No table known for anyone: one table as far as the rule can tell, so stacks decide.
    recs = [BustRecord("ann", 1, None, 10), BustRecord("bob", 1, None, 20)]
    assert names(rank_batch(recs)) == [[("ann", 1)], [("bob", 1)]]


@pytest.mark.parametrize(
    "total, members, want",
    [
        (1001, ["bob", "ann", "cat"], {"ann": 334, "bob": 334, "cat": 333}),  # 333 each, 2 left: ann, bob
        (1000, ["bob", "ann"], {"ann": 500, "bob": 500}),
        (7, ["b", "a", "c", "d"], {"a": 2, "b": 2, "c": 2, "d": 1}),  # 1 each, 3 left
        (2, ["b", "a", "c"], {"a": 1, "b": 1, "c": 0}),  # less than one each
        (0, ["b", "a"], {"a": 0, "b": 0}),
        (5, ["solo"], {"solo": 5}),
        (11, [("x", 2), ("x", 1)], {("x", 1): 6, ("x", 2): 5}),  # entries: the earlier entry first
    ],
)
def test_split_prize(total, members, want):
    assert split_prize(total, members) == want


def test_place_prize():
    prizes = [500, 300, 200]
    assert [place_prize(prizes, p) for p in (1, 2, 3, 4, 9)] == [500, 300, 200, 0, 0]


def test_assign_places_counts_up_from_the_field():
    # Field of 6 paying 500/300/200.  Left in this order: fay (6th), then eve and dan together (4th-5th,
    # nothing paid), then cat and bob tying for 2nd-3rd (300 + 200 = 500, 250 each), then ann (1st).
    groups = [[BustRecord("fay", 1, "A", 1)], [BustRecord("dan", 1, "A", 5), BustRecord("eve", 1, "A", 5)],
              [BustRecord("bob", 1, "A", 7), BustRecord("cat", 1, "A", 7)], [BustRecord("ann", 1, "A", 9)]]
    got = assign_places(groups, 6, [500, 300, 200])
    assert got == [
        Standing("ann", 1, 1, 1, 500, 1),
        Standing("bob", 1, 2, 3, 250, 2), Standing("cat", 1, 2, 3, 250, 2),
        Standing("dan", 1, 4, 5, 0, 2), Standing("eve", 1, 4, 5, 0, 2),
        Standing("fay", 1, 6, 6, 0, 1),
    ]
    assert got[1].place == 2 and got[1].places == range(2, 4) and list(got[0].places) == [1]


def test_assign_places_odd_money_and_locked_deal_money():
    # Three tie for 1st-3rd of 500/300/201: 1001 -> 334, 334, 333 by player id; ann also has 50 locked
    # in by an earlier partial deal, cat 7 (an entry not in play adds nothing).
    groups = [[BustRecord("cat", 1, "A", 1), BustRecord("ann", 1, "B", 1), BustRecord("bob", 1, "C", 1)]]
    got = assign_places(groups, 3, [500, 300, 201], {("ann", 1): 50, ("cat", 1): 7, ("zed", 1): 99})
    assert [(s.player, s.best, s.worst, s.prize, s.tied) for s in got] == [
        ("ann", 1, 3, 384, 3), ("bob", 1, 3, 334, 3), ("cat", 1, 3, 340, 3)]
    assert sum(s.prize for s in got) == 1001 + 57


def test_assign_places_partial_groups_and_defaults():
    # Only the last places so far: field 4, two busts; places 4 then 3.
    groups = [[BustRecord("dan", 1, "A", 1)], [BustRecord("cat", 1, "A", 2)]]
    got = assign_places(groups, 4, [60, 40, 20])
    assert [(s.player, s.best, s.worst, s.prize) for s in got] == [("cat", 3, 3, 20), ("dan", 4, 4, 0)]
    assert assign_places([], 4, [60]) == []
    assert Standing("a", 1, 2, 2, 0).tied == 1
