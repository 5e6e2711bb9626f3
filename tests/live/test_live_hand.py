"""The live Hand's API: setting up, dealing, reading the state, refusing bad input without changing
anything, settling, and writing the PHH record."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from pokerengine import Rake
from pokerengine._checks import MAX_CHIPS
from pokerengine.errors import CardError, HistoryParseError, IllegalActionError, PokerEngineError
from pokerengine.phh import dumps, loads
from pokerengine.replay import replay_hand
from pokerengine.live import GAMES, MAX_PLAYERS, REPLAY, Deck, Hand, Legal, Options, RaiseRange, from_history, start


def finish(hand: Hand) -> Hand:
    """Check or call down and show (bring in, stand pat): the simplest way to the end."""
    while not hand.over:
        legal = hand.legal_actions()
        if legal.show:
            hand.show(legal.seat)
        elif legal.bring_in is not None:
            hand.bring_in(legal.seat)
        elif legal.draw is not None:
            hand.stand_pat(legal.seat)
        else:
            hand.check_or_call(legal.seat)
    return hand


# -- set-up --------------------------------------------------------------------------------------

def forced(game: str) -> dict:
    """Forced bets that suit ``game``: blinds, or (stud) an ante and a bring-in."""
    if game in ("F7S", "F7S/8", "FR"):
        return {"ante": 1, "bring_in": 1, "small_bet": 2, "big_bet": 4}
    return {"blinds": (1, 2)}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_plays_to_a_settlement_that_the_phh_replayer_reproduces(game):
    hand = finish(Hand(game, [100, 200, 300, 400], rng=random.Random(5), **forced(game)))
    holes = {"PO": 4, "FO/8": 4, "FB": 4, "N2L1D": 5, "F2L3D": 5}.get(game, 2)
    holes = 7 if game in ("F7S", "F7S/8", "FR") else holes
    assert all(len(hand.cards(s)) == 2 * holes for s in hand.seats)
    assert len(hand.board) == (10 if hand.variant.kind == "board" else 0)
    assert sum(hand.final_stacks.values()) == 1000
    record = loads(dumps(hand.history()))
    result = replay_hand(record)
    assert result.status == "matched" and result.finishing == tuple(hand.final_stacks.values())


def test_seeded_decks_repeat_and_default_decks_differ():
    a = Hand("NT", [100] * 6, blinds=(1, 2), rng=random.Random(42))
    b = Hand("NT", [100] * 6, blinds=(1, 2), rng=random.Random(42))
    assert a.actions == b.actions
    hands = {Hand("NT", [100] * 6, blinds=(1, 2)).actions for _ in range(5)}  # secrets-based shuffles
    assert len(hands) == 5


def test_a_given_deck_is_dealt_like_a_dealer():
    deck = "AsKs" "AhKh" "AdKd" + "2c" + "3c4c5c" + "2d" + "6c" + "2h" + "7c"
    hand = Hand("NT", [100] * 3, blinds=(1, 2), deck=deck)
    # one card at a time round the table from the button's left; a burn before each street
    assert [hand.cards(s) for s in (1, 2, 3)] == ["AsKh", "KsAd", "AhKd"]
    finish(hand)
    assert hand.board == "3c4c5c6c7c"
    with pytest.raises(CardError, match="this hand may need"):
        Hand("NT", [100] * 3, blinds=(1, 2), deck="AsKs")
    with pytest.raises(CardError, match="short deck"):
        Hand("NS", [100] * 2, blinds=(1, 2), deck=deck)


def test_short_deck_deals_sixes_to_aces():
    hand = finish(Hand("NS", [100] * 6, blinds=(1, 2), rng=random.Random(9)))
    cards = "".join(hand.cards(s) for s in hand.seats) + hand.board
    assert not any(r in cards[::2] for r in "2345")


def test_manual_dealing_waits_for_the_cards():
    hand = Hand("NT", [100] * 3, blinds=(1, 2), manual=True)
    assert hand.phase == "deal" and hand.to_act is None and hand.owed == ({1: 2, 2: 2, 3: 2}, 0)
    hand.deal_hole(1, "AsKs")
    with pytest.raises(IllegalActionError, match="already been dealt"):
        hand.deal_hole(2, "AsQd")
    with pytest.raises(IllegalActionError, match="must be known"):
        hand.play("d dh p2 ????")  # unknown cards only in replay mode
    hand.deal_hole(2, ["Qd", "Qc"])
    assert hand.play("d dh p3 7h7d") == ("d dh p3 7h7d",)
    assert hand.to_act == 3
    hand.play("p3 cc")
    hand.play("p1 cc")
    hand.play("p2 cc")
    assert hand.owed == ({}, 3)
    with pytest.raises(IllegalActionError, match="3 board card"):
        hand.deal_board("2c3c4c5c")
    hand.deal_board("2c3c4c")
    assert hand.to_act == 1


def test_state_views():
    hand = Hand("NT", {2: 100, 4: 50, 7: 80}, button=4, blinds=(5, 10), ante=1, rng=random.Random(1))
    assert hand.seats == (7, 2, 4)
    assert hand.button == 4 and hand.street == 0 and hand.street_name == "pre-flop"
    assert hand.stacks == {7: 74, 2: 89, 4: 49}
    assert hand.bets == {7: 5, 2: 10, 4: 0}
    assert hand.contributed == {7: 6, 2: 11, 4: 1}
    assert hand.pot == 18 and hand.folded == ()
    assert repr(hand) == "<Hand NT 3 players, pre-flop, pot 18, seat 4 to act>"


def test_legal_actions_json_and_nobody_to_act():
    hand = Hand("NT", [100, 100, 100], blinds=(1, 2), rng=random.Random(1))
    assert hand.legal_actions().to_json() == {"seat": 3, "fold": True, "check": False, "call": 2,
                                              "raise": {"min_to": 4, "max_to": 100}, "show": False, "muck": False}
    hand.fold(3)
    hand.fold(1)
    assert hand.over and hand.legal_actions() == Legal(None)


def test_actions_return_what_happened_including_the_deal_that_follows():
    hand = Hand("NT", [100, 100], blinds=(1, 2), rng=random.Random(1))
    out = hand.call(2)
    assert out == ("p2 cc",)
    out = hand.check(1)
    assert out[0] == "p1 cc" and out[1].startswith("d db ") and len(out) == 2


# -- settlement -------------------------------------------------------------------------------------

def test_settlement_is_settle_and_conserves_chips():
    hand = finish(Hand("NT", [100, 50, 25], blinds=(1, 2), rng=random.Random(3)))
    s = hand.settlement
    assert s is hand.settlement  # computed once
    assert sum(s.payouts.values()) == sum(s.contributed.values()) == 6
    assert {x.seat for x in s.seats} == {1, 2, 3}


def test_settlement_before_the_end_is_refused():
    hand = Hand("NT", [100, 100], blinds=(1, 2), rng=random.Random(1))
    with pytest.raises(IllegalActionError, match="not over"):
        hand.settlement


def test_rake_option_is_taken_at_settlement():
    hand = Hand("NT", [100, 100, 100], blinds=(1, 2), rng=random.Random(1),
                options=Options(rake=Rake("10", cap=5)))
    finish(hand)
    assert hand.settlement.rake == 0  # 10% of 6 floors to 0
    hand = Hand("NT", [100, 100, 100], blinds=(10, 20), rng=random.Random(1), options=Options(rake=Rake(10, cap=5)))
    hand.call(3)
    hand.call(1)
    hand.check(2)
    finish(hand)
    assert hand.settlement.rake == 5 and sum(hand.final_stacks.values()) == 295


def test_ante_trimming_goes_to_settle_and_the_record():
    hand = finish(Hand("NT", [100, 100, 3], blinds=(1, 2), ante=5, rng=random.Random(2),
                       options=Options(ante_trimming=True)))
    record = hand.history()
    assert record.ante_trimming_status is True and hand.settlement.dead == 0
    assert replay_hand(record).finishing == tuple(hand.final_stacks.values())


def test_history_fields_and_heads_up_reversal():
    hand = finish(Hand("FT", {3: 40, 8: 60}, button=8, blinds=(2, 4), ante=1, rng=random.Random(4)))
    h = hand.history(players=("ann", "bob"), event="test")
    assert h.variant == "FT" and h.seats == (3, 8) and h.players == ("ann", "bob")
    assert h.blinds_or_straddles == (2, 4) and h.small_bet == 4 and h.big_bet == 8
    assert h.starting_stacks == (40, 60) and h.finishing_stacks == tuple(hand.final_stacks.values())
    with pytest.raises(PokerEngineError, match="not a PHH field"):
        hand.history(colour="red")
    with pytest.raises(PokerEngineError, match="written by the hand"):
        hand.history(actions=())


def test_unfinished_history_has_no_finishing_stacks_and_replays_partway():
    hand = Hand("NT", [100, 100, 100], blinds=(1, 2), rng=random.Random(1))
    hand.raise_to(3, 10)
    h = hand.history()
    assert h.finishing_stacks is None
    again = from_history(h, complete=False)
    assert again.to_act == 1 and again.legal_actions() == hand.legal_actions()
    with pytest.raises(IllegalActionError, match="ends before the hand is over"):
        from_history(h)


# -- hostile input: clear errors, nothing changed ---------------------------------------------------

@pytest.mark.parametrize("kwargs, message", [
    (dict(game="XX"), "game must be one of"),
    (dict(game=["NT"]), "game must be one of"),
    (dict(stacks=[100]), "2 to 23 players"),
    (dict(stacks=[100] * 24), "2 to 23 players"),
    (dict(stacks=[100, True]), "integer number of chips"),
    (dict(stacks=[100, 2.0]), "integer number of chips"),
    (dict(stacks=[100, 0]), "positive"),
    (dict(stacks=[100, MAX_CHIPS + 1]), "2\\*\\*63 - 1"),
    (dict(stacks={1: 100, 0: 100}), "seat numbers"),
    (dict(stacks={1: 100, "2": 100}), "seat numbers"),
    (dict(stacks="100,100"), "stacks must be"),
    (dict(button=0), "button must be"),
    (dict(button=True), "button must be"),
    (dict(blinds=(1, 2, 4)), "blinds must be \\(small, big\\)"),
    (dict(blinds=(2, 1)), "larger than the big blind"),
    (dict(blinds=(1, 2.5)), "integer number of chips"),
    (dict(blinds={9: 2}), "not in this hand"),
    (dict(blinds=(1, 2), straddles=(4, 8)), "straddles for 3 players"),
    (dict(blinds=(), straddles=(4,)), "straddles need blinds"),
    (dict(ante=-1), "non-negative"),
    (dict(ante=1, big_blind_ante=2), "not both"),
    (dict(blinds=(), big_blind_ante=2, min_bet=2), "needs a big blind"),
    (dict(small_bet=2), "takes min_bet"),
    (dict(blinds=()), "give min_bet"),
    (dict(chip_unit=0), "positive"),
    (dict(chip_unit=3), "multiple of the chip unit"),
    (dict(options="tda"), "options must be"),
    (dict(manual=1), "manual must be"),
    (dict(manual=True, rng=random.Random(1)), "give neither"),
    (dict(deck="AsKs", rng=random.Random(1)), "not both"),
    (dict(deck="As" * 3), "used twice"),
    (dict(deck="x" * 10**6), "at most 52 cards"),
    (dict(rng="seed"), "rng must be a random.Random"),
    (dict(dead=[5]), "dead must be a mapping"),
    (dict(dead={7: 1}), "not in this hand"),
    (dict(dead={1: 1.5}), "integer number of chips"),
    (dict(dead={1: 1}, options=Options(ante_trimming=True)), "cannot go with ante_trimming"),
    (dict(posts={2: 2}), "posts a blind already"),
    (dict(posts=(2,)), "posts must be a mapping"),
    (dict(posts={3: -2}), "non-negative"),
])
def test_bad_setups_are_refused_clearly(kwargs, message):
    args = {"game": "NT", "stacks": [100, 100, 100], "blinds": (1, 2)}
    args.update(kwargs)
    game, stacks = args.pop("game"), args.pop("stacks")
    with pytest.raises(PokerEngineError, match=message):
        Hand(game, stacks, **args)


def test_too_many_players_for_one_deck():
    with pytest.raises(PokerEngineError, match="too many"):
        Hand("PO", [100] * 12, blinds=(1, 2))
    Hand("PO", [100] * 11, blinds=(1, 2), manual=True)  # without burns, eleven Omaha hands fit


@pytest.mark.parametrize("options, message", [
    (dict(mode="live"), "mode must be one of"),
    (dict(raise_cap=1), "raise_cap"),
    (dict(cap_heads_up=1), "cap_heads_up must be True or False"),
    (dict(odd_chip="high_card"), "odd_chip must be one of"),
    (dict(rake=0.05), "rake must be"),
])
def test_bad_options(options, message):
    with pytest.raises(PokerEngineError, match=message):
        Options(**options)


def bad_calls(hand: Hand):
    seat = hand.to_act
    other = next(s for s in hand.seats if s != seat)
    yield lambda: hand.fold(other), "out of turn"
    yield lambda: hand.fold(99), "not in this hand"
    yield lambda: hand.fold(True), "not in this hand"
    yield lambda: hand.fold("3"), "not in this hand"
    yield lambda: hand.check(seat), "cannot check"
    yield lambda: hand.raise_to(seat, 3.5), "integer number of chips"
    yield lambda: hand.raise_to(seat, True), "integer number of chips"
    yield lambda: hand.raise_to(seat, "10"), "integer number of chips"
    yield lambda: hand.raise_to(seat, -5), "non-negative"
    yield lambda: hand.raise_to(seat, 10**30), "2\\*\\*63 - 1"
    yield lambda: hand.raise_to(seat, 10**6), "table stakes"
    yield lambda: hand.show(seat), "no showdown"
    yield lambda: hand.deal_board("AsKsQs"), "deals its own cards"
    yield lambda: hand.play("p3 cbr 1e9"), "whole chips"
    yield lambda: hand.play("p3 cbr 99999999999999999999"), "whole chips"
    yield lambda: hand.play("p3 cbr " + "9" * 5000), "at most 400 characters"
    yield lambda: hand.play(b"p3 f"), "is text"
    yield lambda: hand.play("p3 raise 10"), "unknown verb"
    yield lambda: hand.play("p30 f"), "not in this hand"
    yield lambda: hand.play("p3 sd AsKs"), "no drawing now"
    yield lambda: hand.play("p3 pb"), "no bring-in is due"
    yield lambda: hand.draw(seat, "AsKs"), "no drawing now"
    yield lambda: hand.play("p9999999999999999999 f"), "not in this hand|bad player"


def test_illegal_and_malformed_actions_change_nothing():
    hand = Hand("NT", [100, 100, 100], blinds=(1, 2), rng=random.Random(1))
    for call, message in bad_calls(hand):
        before = hand.snapshot()
        with pytest.raises(PokerEngineError, match=message):
            call()
        assert hand.snapshot() == before, message


def test_card_arguments_are_bounded():
    hand = Hand("NT", [100, 100], blinds=(1, 2), manual=True)
    with pytest.raises(CardError, match="too many cards"):
        hand.deal_hole(1, "As" * 1000)
    with pytest.raises(CardError, match="too many cards"):
        hand.deal_hole(1, ["As"] * 100)
    with pytest.raises(CardError):
        hand.deal_hole(1, 123)


def test_replay_of_a_record_with_decimal_amounts_counts_in_finer_units():
    text = ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [0.5, 1]\nmin_bet = 1\n'
            'starting_stacks = [100, 100]\nactions = ["d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr 2.25", "p1 cbr 6.125", '
            '"p2 f"]\n')
    hand = from_history(loads(text))
    assert hand.scale == 1000 and hand.final_stacks == {1: 102250, 2: 97750}
    assert replay_hand(loads(text)).finishing == (102250, 97750)
    with pytest.raises(HistoryParseError, match="not a number of chips"):
        from_history(loads(text.replace("6.125", "6.0000001")))
    stud = loads('variant = "F7S"\nantes = [1, 1]\nbring_in = 0.5\nsmall_bet = 2\nbig_bet = 4\n'
                 'starting_stacks = [100, 100]\nactions = []\n')
    assert start(stud).bring_in_amount == 5 and start(stud).scale == 10  # the bring-in sets the scale too


def test_replay_errors_name_the_action():
    record = loads('variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n'
                   'starting_stacks = [100, 100, 100]\n'
                   'actions = ["d dh p1 AsKs", "d dh p2 QsJs", "d dh p3 2c2d", "p1 f"]\n')
    with pytest.raises(IllegalActionError, match=r"actions\[3\] 'p1 f': seat 1: out of turn: seat 3 is to act"):
        from_history(record)


def test_replay_reveals_unknown_cards_shown_at_showdown():
    record = loads('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
                   'starting_stacks = [100, 100]\n'
                   'actions = ["d dh p1 ????", "d dh p2 ????", "p2 cbr 100", "p1 cc", "p1 sm AsAd", "p2 sm KsKd", '
                   '"d db 2c7d9h", "d db Ts", "d db 3c"]\n')
    hand = from_history(record)
    assert hand.cards(1) == "AsAd" and hand.final_stacks == {1: 200, 2: 0}
    assert replay_hand(record).finishing == (200, 0)


def test_replay_mode_via_options_in_a_live_constructor():
    hand = Hand("NT", [100, 100, 100], blinds=(1, 2), rng=random.Random(1), options=REPLAY)
    finish(hand)
    assert hand.phase == "showdown" and hand.over  # replay mode: shows come from the record
    hand.show(hand.seats[0])
    assert hand.over


def test_legal_range_matches_what_is_accepted():
    # Every amount in the range is accepted and the ends are sharp.
    hand = Hand("NT", [100, 100, 100], blinds=(1, 2), rng=random.Random(1))
    r = hand.legal_actions().raise_to
    assert r == RaiseRange(4, 100)
    for to in (r.min_to - 1, r.max_to + 1):
        with pytest.raises(IllegalActionError):
            hand.raise_to(3, to)
    assert hand.raise_to(3, r.min_to) == ("p3 cbr 4",)


def test_deck_object_is_dealt_from_its_top():
    deck = Deck.shuffled(random.Random(8))
    hand = Hand("NT", [100, 100], blinds=(1, 2), deck=deck)
    assert deck.remaining == 52 - 4
    assert Fraction(deck.remaining, 1) == 48


# -- dead chips (a missed small blind posted dead) ------------------------------------------------

def test_dead_chips_go_to_the_pot_but_not_toward_the_bet():
    # Seats 1, 2, 3, button 3; blinds 5/10; the button posts a missed small blind of 5 dead.
    # Pre-flop the button acts first and owes the full 10 (the dead 5 is not part of its bet).
    # Button and small blind fold: the big blind wins 5 + 10 + 5 dead = 20.
    hand = Hand("NT", [100, 100, 100], blinds=(5, 10), dead={3: 5}, rng=random.Random(1))
    assert hand.bets == {1: 5, 2: 10, 3: 0} and hand.contributed == {1: 5, 2: 10, 3: 5}
    assert hand.pot == 20 and hand.dead == (0, 0, 5)
    assert hand.to_act == 3 and hand.legal_actions().call == 10
    hand.fold(3)
    hand.fold(1)
    assert hand.final_stacks == {1: 95, 2: 110, 3: 95}
    assert hand.settlement.dead == 5 and hand.settlement.contributed[3] == 0
    record = hand.history()
    assert record.antes == (0, 0, 5)  # written as the seat's ante: dead money either way
    assert replay_hand(record).finishing == (95, 110, 95)
    assert from_history(record).final_stacks == hand.final_stacks


def test_dead_chips_come_after_the_live_blind_when_short():
    # Seat 2 (big blind 10) has 12 and owes 5 dead: the live blind first, then 2 of the dead 5.
    hand = Hand("NT", [100, 12, 100], blinds=(5, 10), dead={2: 5}, ante=0, rng=random.Random(4))
    assert hand.bets[2] == 10 and hand.dead == (0, 2, 0) and hand.stacks[2] == 0
    finish(hand)
    assert sum(hand.final_stacks.values()) == 212
    assert replay_hand(hand.history()).finishing == tuple(hand.final_stacks.values())


@pytest.mark.parametrize("seed", range(12))
def test_dead_chips_with_antes_settle_as_the_record_replays(seed):
    rng = random.Random(seed)
    stacks = [rng.randrange(3, 60) for _ in range(4)]
    dead = {rng.randrange(1, 5): rng.randrange(1, 8)}
    hand = Hand("NT", stacks, blinds=(1, 2), ante=rng.choice((0, 1)), dead=dead, rng=rng)
    while not hand.over:
        legal = hand.legal_actions()
        if legal.show:
            hand.show(legal.seat)
        elif legal.raise_to is not None and rng.random() < 0.4:
            hand.raise_to(legal.seat, rng.choice((legal.raise_to.min_to, legal.raise_to.max_to)))
        elif legal.call and rng.random() < 0.2:
            hand.fold(legal.seat)
        else:
            hand.check_or_call(legal.seat)
    assert sum(hand.final_stacks.values()) == sum(stacks)
    record = loads(dumps(hand.history()))
    assert replay_hand(record).finishing == tuple(hand.final_stacks.values())
    assert from_history(record).final_stacks == hand.final_stacks


def test_a_live_post_out_of_position_counts_toward_the_bet_but_does_not_move_the_opener():
    # Button 1, small blind 3 (1), big blind 5 (2); seat 7 comes back and posts the big blind live
    # (2) and the small blind dead (1): pot 1 + 2 + 2 + 1 = 6.  The first to act pre-flop is the
    # first after the big blind: seat 7, whose post is live: he may check (or raise, to 4 at least).
    hand = Hand("NT", {1: 100, 3: 100, 5: 100, 7: 100}, button=1, blinds={3: 1, 5: 2}, posts={7: 2},
                dead={7: 1}, rng=random.Random(3))
    assert hand.seats == (3, 5, 7, 1) and hand.bets == {3: 1, 5: 2, 7: 2, 1: 0} and hand.pot == 6
    legal = hand.legal_actions()
    assert legal.seat == 7 and legal.check and legal.raise_to == RaiseRange(4, 99)
    hand.check(7)
    hand.call(1)
    hand.fold(3)
    hand.check(5)  # the big blind's option closes the round
    assert hand.street_name == "flop"
    finish(hand)
    record = loads(dumps(hand.history()))
    assert record.blinds_or_straddles == (1, 2, 2, 0) and list(record.user_fields["_posts"]) == [0, 0, 2, 0]
    assert from_history(record).final_stacks == hand.final_stacks  # the engine reads _posts back
    assert replay_hand(record).finishing == tuple(hand.final_stacks.values())  # so does the PHH replayer
    with pytest.raises(HistoryParseError, match="_posts must be part of"):
        start(loads(dumps(hand.history()).replace("_posts = [0, 0, 2, 0]", "_posts = [0, 0, 3, 0]")))


def test_the_stacks_together_are_at_most_max_chips():
    # One stack at 2**63 - 1 and another of 100: whoever wins would finish above the limit every
    # chip amount has, so the hand is refused up front (found by the deep fuzz run: the record of
    # such a replayed hand could not be written).
    from pokerengine._checks import MAX_CHIPS
    from pokerengine.errors import HistoryParseError, PokerEngineError
    from pokerengine.phh import loads
    from pokerengine.live import from_history

    with pytest.raises(PokerEngineError, match="the stacks add up to 9,223,372,036,854,775,907 chips"):
        Hand("NT", [MAX_CHIPS, 100], blinds=(1, 2))
    Hand("NT", [MAX_CHIPS - 100, 100], blinds=(1, 2))  # exactly the limit in all: fine
    record = loads('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
                   f"starting_stacks = [100, {MAX_CHIPS}]\nactions = []\n")
    with pytest.raises(HistoryParseError, match="add up to more than 2\\*\\*63 - 1 chips"):
        from_history(record, complete=False)
