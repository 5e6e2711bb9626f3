"""Settling replayed hands and judging them against the record, worked by hand
(mutation tests: docs/mutation.md)."""

import pytest

from pokerengine.phh.amounts import INFINITE
from pokerengine.phh.reader import loads
from pokerengine.replay.status import MATCHED, MISMATCHED, SPLIT_CHIP, UNCHECKED
from pokerengine.replay.hand_replay import classify, replay_hand

INF = float("inf")


@pytest.mark.parametrize(
    "record, got, scale, verdict",
    [
        (None, [1, 2], 1, UNCHECKED),
        ([100, 50], [100, 50], 1, MATCHED),
        ([100.0, 50.0], [100, 50], 1, MATCHED),  # whole floats as written in a file
        ([100, 50], [100, 51], 1, MISMATCHED),
        # In units of 1/10: 10.5 and 9.5 are 105 and 95.  The same numbers unscaled do not match.
        ([10.5, 9.5], [105, 95], 10, MATCHED),
        ([1, 2], [1, 2], 10, MISMATCHED),
        ([1, 2], [10, 20], 10, MATCHED),
        ([1, 2], [1, 2], 2, MISMATCHED),
        ([1, 2], [2, 4], 2, MATCHED),
        # A fractional tied share: ours within a chip either way, same total.
        ([674.5, 674.5, 100], [675, 674, 100], 1, SPLIT_CHIP),
        ([674.5, 674.5, 100], [674, 675, 100], 1, SPLIT_CHIP),
        ([674.5, 674.5, 100], [676, 673, 100], 1, MISMATCHED),  # off by more than a chip
        ([0.5, 0.5], [1, 1], 1, MISMATCHED),  # each within a chip, but 2 chips where the record has 1
        ([0.5, 0.5], [0, 0], 1, MISMATCHED),
        ([0.5, 0.5, 3], [1, 0, 4], 1, MISMATCHED),  # a whole stack that differs, after a fractional one
        ([3, 0.5, 0.5], [4, 1, 0], 1, MISMATCHED),
        # Totals must agree to within a millionth of a chip: 7e-7 does, 1e-6 and 1.5e-6 do not.
        ([0.0000007], [0], 1, SPLIT_CHIP),
        ([0.0000005, 0.0000005], [0, 0], 1, MISMATCHED),
        ([0.0000015], [0], 1, MISMATCHED),
        # An infinite recorded stack (PHH's "no limit") matches any stack of at least INFINITE / 2.
        ([INF, 100], [INFINITE // 2, 100], 1, MATCHED),
        ([INF, 100], [INFINITE, 100], 1, MATCHED),
        ([INF, 100], [INFINITE // 2 - 1, 100], 1, MISMATCHED),
        ([-INF, 100], [INFINITE, 100], 1, MISMATCHED),
        ([INF, 0.5, 0.5], [INFINITE, 1, 0], 1, SPLIT_CHIP),  # the infinite stack stays out of the totals
        ([float("nan"), 100], [0, 100], 1, MISMATCHED),
        ([100, float("nan")], [100, 0], 1, MISMATCHED),
    ],
)
def test_classify(record, got, scale, verdict):
    assert classify(record, got, scale) == verdict

THREE = '''variant = "NT"
antes = [1, 1, 1]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 7h2c", "p3 f", "p1 cc", "p2 cc", "d db 2d7d9h", "p1 cc",
           "p2 cc", "d db Ts", "p1 cc", "p2 cc", "d db 3c", "p1 cc", "p2 cc"]
'''


def test_dead_antes_and_a_seat_that_only_anted():
    # Antes of 1 each are dead money (3) in the main pot; p3 folds having put in nothing else, so it
    # is left out of the settlement.  p1 and p2 put in 2 each: pot 4 + 3 = 7 to p1's aces.
    # p1 100 - 3 + 7 = 104, p2 100 - 3 = 97, p3 100 - 1 = 99.
    r = replay_hand(loads(THREE))
    s = r.settlement
    assert [(x.seat, x.contributed, x.folded) for x in s.seats] == [(1, 2, False), (2, 2, False)]
    assert s.dead == 3 and dict(s.payouts) == {1: 7, 2: 0}
    assert r.finishing_stacks == (104, 97, 99) and r.status == UNCHECKED


def test_trimmed_antes_are_contributions():
    # With ante_trimming_status the antes count as bets: p3 is a folded seat with 1 in; one pot of 7.
    r = replay_hand(loads(THREE.replace('variant = "NT"', 'variant = "NT"\nante_trimming_status = true')))
    s = r.settlement
    assert [(x.seat, x.contributed, x.folded) for x in s.seats] == [(1, 3, False), (2, 3, False), (3, 1, True)]
    assert s.dead == 0 and dict(s.payouts) == {1: 7, 2: 0, 3: 0}
    assert [(p.amount, p.eligible) for p in s.pots] == [(7, (1, 2))]
    assert r.finishing_stacks == (104, 97, 99)


def test_odd_chip_goes_to_the_small_blind_p1():
    # p1 (small blind) and p2 both play the board, a straight A-K-Q-J-T; p1 antes 1 (dead), p3 folds.
    # Pot 2 + 2 + 1 dead = 5: 3 to p1 (the odd chip, from the small blind), 2 to p2; p1 put in 3
    # (ante and call), p2 2, so both end where they began.
    text = THREE.replace("antes = [1, 1, 1]", "antes = [1, 0, 0]").replace("AsAd", "2s3s").replace("KsKd", "2h4h")
    text = text.replace("2d7d9h", "AcKdQh").replace('"d db Ts"', '"d db Js"').replace('"d db 3c"', '"d db Td"')
    r = replay_hand(loads(text))
    assert dict(r.settlement.payouts) == {1: 3, 2: 2} and r.settlement.pots[0].odd_units == (1,)
    assert r.finishing_stacks == (100, 100, 100)


def test_heads_up_odd_chip_goes_to_the_button_p2():
    # Heads-up the forced bets are reverse-assigned: p2 (the button) posts the small blind 1 and the
    # ante 1, p1 the big blind 2.  Both play the board's straight.  Pot 2 + 2 + 1 dead = 5: the odd
    # chip goes to the small blind, p2: p1 100 - 2 + 2 = 100, p2 100 - 3 + 3 = 100.
    r = replay_hand(loads('''variant = "NT"
antes = [1, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 2s3s", "d dh p2 2h3h", "p2 cc", "p1 cc", "d db AcKdQh", "p1 cc", "p2 cc", "d db Js", "p1 cc",
           "p2 cc", "d db Td", "p1 cc", "p2 cc"]
finishing_stacks = [100, 100]
'''))
    assert dict(r.settlement.payouts) == {1: 2, 2: 3} and r.settlement.pots[0].odd_units == (2,)
    assert r.finishing_stacks == (100, 100) and r.status == MATCHED


def test_the_folded_seat_cache_is_bounded():
    # Folded seats are cached by (player index, chips put in), up to 4097 of them; then it starts over.
    from pokerengine.live import settling
    from pokerengine.seats import Seat

    def hand(ante):  # p3 folds having put in only its ante: the cached seat (2, ante)
        text = THREE.replace("antes = [1, 1, 1]", f"antes = [{ante}, {ante}, {ante}]")
        return replay_hand(loads(text.replace('variant = "NT"', 'variant = "NT"\nante_trimming_status = true')))

    cache = settling.FOLDED_SEATS
    saved = dict(cache)
    cache.clear()
    try:
        hand(1)
        hand(2)
        hand(1)
        assert sorted(cache) == [(2, 1), (2, 2)] and cache[2, 1] == Seat(3, 1, True)
        for k in range(4094):
            cache[100 + k, 1] = Seat(101 + k, 1, True)
        assert len(cache) == 4096
        hand(3)  # 4096 entries: room for one more
        assert len(cache) == 4097
        hand(4)  # full: cleared, then this one
        assert sorted(cache) == [(2, 4)]
        assert hand(5).settlement.seats[2] == Seat(3, 5, True)
    finally:
        cache.clear()
        cache.update(saved)


def test_hand_replay_repr_is_short():
    # The record, the outcome and the settlement are left out of the repr: only finishing stacks and status.
    r = replay_hand(loads(THREE))
    assert repr(r) == "HandReplay(finishing=(104, 97, 99), status='unchecked')"


def test_a_showdown_names_only_the_live_players_whose_cards_are_unknown():
    # p1 shows aces, p2's cards are not in the history, p3 (cards unknown too) folded: only p2 is named.
    from pokerengine.errors import CardError

    text = THREE.replace("d dh p2 KsKd", "d dh p2 ????").replace("d dh p3 7h2c", "d dh p3 ????")
    with pytest.raises(CardError, match=r"^hand: cannot settle: the showdown needs the cards of p2, which the history "
                                        r"does not show$"):
        replay_hand(loads(text))


def test_why_a_settlement_failed_blames_unknown_cards_only_at_a_showdown():
    # _why() rewrites a settlement error as "needs the cards of ..." only when a showdown lacks cards;
    # any other error keeps its own message.
    from pokerengine.errors import CardError
    from pokerengine.live.interpreter import interpret
    from pokerengine.live.settling import _why

    known = interpret(loads(THREE))  # a showdown, every live hand shown
    assert known.showdown and _why(CardError("boom"), known) == "boom"
    # p2's cards unknown, but p2 folds on the flop: no showdown, so the error is not about p2's cards.
    folds = THREE.replace("d dh p2 KsKd", "d dh p2 ????").replace('"d db 2d7d9h", "p1 cc",\n           "p2 cc", "d db Ts", '
                                                                  '"p1 cc", "p2 cc", "d db 3c", "p1 cc", "p2 cc"',
                                                                  '"d db 2d7d9h", "p1 cbr 4", "p2 f"')
    unshown = interpret(loads(folds))
    assert not unshown.showdown and _why(CardError("boom"), unshown) == "boom"
    shown_down = interpret(loads(THREE.replace("d dh p2 KsKd", "d dh p2 ????")))
    assert _why(CardError("boom"), shown_down) == "the showdown needs the cards of p2, which the history does not show"
