"""The action interpreter, on hand-made histories: every variant, every forced-bet rule, every check."""

from __future__ import annotations

import pytest

from pokerengine.errors import HistoryParseError, IllegalActionError, PokerEngineError
from pokerengine.phh import HandHistory
from pokerengine.live import interpret
from pokerengine.replay import replay_hand
from pokerengine.replay.hand_replay import classify

BOARD = {"NT": "min_bet", "NS": "min_bet", "PO": "min_bet", "N2L1D": "min_bet"}


def make(variant: str, stacks, actions, *, antes=None, blinds=None, bet=2, trimming=False, **extra) -> HandHistory:
    """A hand with sensible defaults: blinds 1/2 (or a bring-in of 1 in stud), bets 2/4."""
    n = len(stacks)
    fields: dict = {"variant": variant, "starting_stacks": tuple(stacks), "actions": tuple(actions),
                    "antes": tuple(antes or [0] * n), "ante_trimming_status": trimming}
    if variant in ("F7S", "F7S/8", "FR"):
        fields.update(bring_in=1, small_bet=bet, big_bet=2 * bet)
    else:
        fields["blinds_or_straddles"] = tuple(blinds or [1, 2] + [0] * (n - 2))
        if variant in BOARD:
            fields["min_bet"] = bet
        else:
            fields.update(small_bet=bet, big_bet=2 * bet)
    fields.update(extra)
    return HandHistory(**fields, source="test.phh")


def stacks_after(*args, **kwargs) -> tuple:
    return replay_hand(make(*args, **kwargs)).finishing_stacks


def illegal(message: str, *args, error=IllegalActionError, **kwargs) -> str:
    with pytest.raises(error) as info:
        replay_hand(make(*args, **kwargs))
    text = str(info.value)
    assert message in text, text
    assert text.startswith("test.phh"), text
    return text


DEAL3 = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 QcQd"]
RUNOUT = ["d db 2c7h9d", "d db Ts", "d db 3c"]


# -- forced bets and turn order -----------------------------------------------------------------

def test_heads_up_reverses_the_blinds_and_the_button_acts_first_preflop():
    deal = ["d dh p1 AsKd", "d dh p2 QhQc"]
    # p1 posts the big blind (2), p2 (button) the small blind (1) and acts first pre-flop ...
    assert stacks_after("NT", [100, 100], deal + ["p2 f"]) == (101, 99)
    # ... and last after the flop.
    actions = deal + ["p2 cbr 6", "p1 cc", "d db 2c7d9h", "p1 cc", "p2 cbr 10", "p1 f"]
    assert stacks_after("NT", [100, 100], actions) == (94, 106)
    illegal("seat 1: out of turn: seat 2 is to act (TDA 53)", "NT", [100, 100], deal + ["p1 cc"])


def test_heads_up_reverses_the_antes_too():
    deal = ["d dh p1 AsKd", "d dh p2 QhQc"]
    # antes [0, 5]: reversed, p1 (big blind) posts the ante
    replay = replay_hand(make("NT", [100, 100], deal + ["p2 f"], antes=[0, 5]))
    assert replay.outcome.antes == (5, 0)
    assert replay.outcome.contributed == (7, 1)
    assert replay.finishing_stacks == (101, 99)


def test_straddle_moves_the_first_action_and_the_minimum_raise():
    deal = ["d dh p1 AsKd", "d dh p2 QhQc", "d dh p3 JsJc", "d dh p4 9h9d"]
    blinds = [1, 2, 4, 0]
    illegal("seat 1: out of turn: seat 4 is to act (TDA 53)", "NT", [100] * 4, deal + ["p1 f"], blinds=blinds)
    illegal("TDA 43: a raise is at least the last full bet or raise (2): to at least 6, or all-in, not 5", "NT", [100] * 4, deal + ["p4 cbr 5"], blinds=blinds)
    actions = deal + ["p4 cbr 12", "p1 f", "p2 f", "p3 f"]
    assert stacks_after("NT", [100] * 4, actions, blinds=blinds) == (99, 98, 96, 107)


def test_straddler_gets_the_option():
    deal = ["d dh p1 AsKd", "d dh p2 QhQc", "d dh p3 JsJc"]
    actions = deal + ["p1 cc", "p2 cc", "p3 cbr 10", "p1 f", "p2 f"]  # everyone calls the straddle of 4
    assert stacks_after("NT", [100] * 3, actions, blinds=[1, 2, 4]) == (96, 96, 108)


def test_bring_in_is_the_lowest_up_card_in_stud_and_the_highest_in_razz():
    deal = ["d dh p1 AsKs2c", "d dh p2 QhQd9h", "d dh p3 JcJd8d"]  # up cards 2c, 9h, 8d
    # p1 brings in 1, p2 completes to 2, the others fold: p2 wins the antes and the bring-in
    actions = deal + ["p1 pb", "p2 cbr 2", "p3 f", "p1 f"]
    assert stacks_after("F7S", [100] * 3, actions, antes=[1] * 3) == (98, 103, 99)
    illegal("seat 2: out of turn: seat 1 is to act (TDA 53)", "F7S", [100] * 3, deal + ["p2 pb"], antes=[1] * 3)
    illegal("seat 1: stud: the bring-in must bring in (1) or complete to the small bet (2), not fold", "F7S", [100] * 3, deal + ["p1 f"], antes=[1] * 3)
    illegal("seat 2: fixed limit: a bet or raise here is to exactly 2, not 3", "F7S", [100] * 3, deal + ["p1 pb", "p2 cbr 3"])
    # razz: the highest up card (9h) brings in
    illegal("out of turn: seat 2 is to act", "FR", [100] * 3, deal + ["p1 pb"])
    assert stacks_after("FR", [100] * 3, deal + ["p2 pb", "p3 f", "p1 f"]) == (100, 100, 100)


def test_the_bring_in_may_complete_instead():
    deal = ["d dh p1 AsKs2c", "d dh p2 QhQd9h", "d dh p3 JcJd8d"]
    assert stacks_after("F7S", [100] * 3, deal + ["p1 cbr 2", "p2 f", "p3 f"]) == (100, 100, 100)


def test_later_stud_streets_open_with_the_best_exposed_hand():
    deal = ["d dh p1 AsKs2c", "d dh p2 QhQd9h", "d dh p3 JcJd8d", "p1 pb", "p2 cc", "p3 cc"]
    fourth = ["d dh p1 2d", "d dh p2 5c", "d dh p3 8h"]  # p1 shows 2-2, p3 8-8 (best), p2 9-5
    illegal("seat 1: out of turn: seat 3 is to act (TDA 53)", "F7S", [100] * 3, deal + fourth + ["p1 cc"])
    history = make("F7S", [100] * 3, deal + fourth + ["p3 cbr 2", "p1 f", "p2 f"])
    assert replay_hand(history).finishing_stacks == (99, 99, 102)
    # razz: the lowest exposed hand (9-5) opens; pairs are worst
    illegal("out of turn: seat 2 is to act", "FR", [100] * 3,
            ["d dh p1 AsKs9c", "d dh p2 QhQd3h", "d dh p3 JcJd8d", "p1 pb", "p2 cc", "p3 cc"]
            + ["d dh p1 9d", "d dh p2 5c", "d dh p3 8h", "p1 cc"])


# -- antes ----------------------------------------------------------------------------------------

ANTE_HAND = DEAL3 + ["p2 cbr 20", "p3 f"] + RUNOUT + ["p1 sm AsAd", "p2 sm KsKd"]


def test_untrimmed_antes_are_dead_money_a_short_player_can_win_in_full():
    # p1 can post only 5 of the 10 ante and is all-in; the antes (25) are dead money p1 wins whole
    out = stacks_after("NT", [5, 100, 100], ANTE_HAND, antes=[10] * 3, blinds=[0, 0, 0], trimming=False)
    assert out == (25, 90, 90)


def test_trimmed_antes_count_like_any_contribution():
    # p1 put in 5, so wins 5 from each player (15); the other 10 go back to p2 with its uncalled raise
    out = stacks_after("NT", [5, 100, 100], ANTE_HAND, antes=[10] * 3, blinds=[0, 0, 0], trimming=True)
    assert out == (15, 100, 90)


def test_big_blind_ante_is_dead_money():
    deal = DEAL3
    # p2 (big blind) posts a 3 ante; everyone folds to p2, who takes the blind and the ante back and p1's 1
    assert stacks_after("NT", [100] * 3, deal + ["p3 f", "p1 f"], antes=[0, 3, 0]) == (99, 101, 100)


# -- all-ins ----------------------------------------------------------------------------------------

def test_a_call_is_capped_at_the_stack():
    actions = ["d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr 200", "p1 cc"] + RUNOUT + ["p1 sm AsAd", "p2 sm KsKd"]
    replay = replay_hand(make("NT", [50, 200], actions))
    assert replay.outcome.contributed == (50, 200)
    assert replay.finishing_stacks == (100, 150)


def test_a_raise_to_exactly_what_the_opponent_can_match_is_accepted():
    deal = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 QcQd"]
    pre = deal + ["p3 cbr 100", "p1 f", "p2 cc", "d db 2c7h9d", "p2 cbr 40"]  # p2 has 50 left
    illegal("TDA 43: a raise is at least the last full bet or raise (40): to at least 80, or all-in, not 60", "NT", [300, 150, 300], pre + ["p3 cbr 60"])
    actions = pre + ["p3 cbr 50", "p2 cc", "d db Ts", "d db 3c", "p2 sm KsKd", "p3 sm QcQd"]
    assert stacks_after("NT", [300, 150, 300], actions) == (299, 301, 150)


def test_an_incomplete_all_in_raise_does_not_reopen_the_betting():
    deal = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 QcQd"]
    actions = deal + ["p3 cbr 10", "p1 cbr 14", "p2 f"]  # p1 is all-in for 14: 4 more, not a full raise
    illegal("TDA 47-A: the betting is not reopened for seat 3", "NT", [14, 100, 100], actions + ["p3 cbr 30"])
    done = actions + ["p3 cc"] + RUNOUT + ["p1 sm AsAd", "p3 sm QcQd"]
    assert stacks_after("NT", [14, 100, 100], done) == (30, 98, 86)


# -- draws ------------------------------------------------------------------------------------------

TRIPLE = ["d dh p1 2s3d4h5cKh", "d dh p2 2c3c4c5d8h", "d dh p3 AsAdAcKsKd", "p3 f", "p1 cc", "p2 cc",
          "p1 sd Kh", "p2 sd", "d dh p1 7c", "p1 cc", "p2 cc",
          "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc"]


def test_a_draw_replaces_the_discards_and_the_final_hand_shows_down():
    # p1 drew the nut 7-5-4-3-2 for the king; with the king it would lose to p2's 8-high
    actions = TRIPLE + ["p1 sm 2s3d4h5c7c", "p2 sm 2c3c4c5d8h"]
    replay = replay_hand(make("F2L3D", [100] * 3, actions))
    assert replay.finishing_stacks == (102, 98, 100)
    assert sorted(replay.outcome.cards[0]) == sorted(make_cards("2s3d4h5c7c"))


def make_cards(text: str) -> tuple:
    from pokerengine.cards import parse_cards

    return parse_cards(text)


def test_draw_checks():
    illegal("seat 2: out of turn: seat 1 draws first (TDA 53)", "F2L3D", [100] * 3, TRIPLE[:6] + ["p2 sd"])
    illegal("seat 1: discards 9s, which they do not hold", "F2L3D", [100] * 3, TRIPLE[:6] + ["p1 sd 9s"])
    illegal("seat 1: is owed 1 replacement cards, not 2", "F2L3D", [100] * 3, TRIPLE[:8] + ["d dh p1 7c8c"])
    illegal("seat 1: has not drawn yet", "F2L3D", [100] * 3, TRIPLE[:6] + ["d dh p1 7c"])


def test_single_draw_no_limit():
    actions = ["d dh p1 2s3d4h5cKh", "d dh p2 2c3c4c5d8h", "d dh p3 AsAdAcKsKd", "p3 f", "p1 cbr 10", "p2 cc",
               "p1 sd Kh", "p2 sd", "d dh p1 7c", "p1 cbr 20", "p2 cc", "p1 sm 2s3d4h5c7c", "p2 sm 2c3c4c5d8h"]
    assert stacks_after("N2L1D", [100] * 3, actions) == (130, 70, 100)


def test_badugi():
    actions = ["d dh p1 As2d3h4c", "d dh p2 KsKdKhKc", "d dh p3 5s6d7h8c", "p3 f", "p1 cc", "p2 cc",
               "p1 sd", "p2 sd KsKd", "d dh p2 2s3d", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc",
               "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sm As2d3h4c", "p2 sm 2s3dKhKc"]
    assert stacks_after("FB", [100] * 3, actions) == (102, 98, 100)


# -- every variant through a showdown ------------------------------------------------------------

@pytest.mark.parametrize("variant, deal, board, expected", [
    ("NT", ["d dh p1 AsAd", "d dh p2 KsKd"], "2c7h9dTs3c", (102, 98)),
    ("NS", ["d dh p1 AsAd", "d dh p2 KsKd"], "6c7h9dTsJc", (102, 98)),
    ("FT", ["d dh p1 AsAd", "d dh p2 KsKd"], "2c7h9dTs3c", (102, 98)),
    ("PO", ["d dh p1 AsAdQhJh", "d dh p2 KsKdQcJc"], "2c7h9dTs3c", (102, 98)),
    # hi/lo: p1's ace-deuce takes the low half (2), p2's kings the high half (2)
    ("FO/8", ["d dh p1 As2d8h9h", "d dh p2 KsKdQcJc"], "3c4h7dKhQs", (100, 100)),
    # ... and with a wheel p1 also has the best high (a straight) and scoops
    ("FO/8", ["d dh p1 As2d8h9h", "d dh p2 KsKdQcJc"], "3c4h5dKhQs", (102, 98)),
])
def test_every_board_variant_settles(variant, deal, board, expected):
    actions = deal + ["p2 cc", "p1 cc", f"d db {board[:6]}", "p1 cc", "p2 cc", f"d db {board[6:8]}",
                      "p1 cc", "p2 cc", f"d db {board[8:]}", "p1 cc", "p2 cc",
                      f"p1 sm {deal[0][8:]}", f"p2 sm {deal[1][8:]}"]
    assert stacks_after(variant, [100, 100], actions) == expected


@pytest.mark.parametrize("variant, expected", [("F7S", (102, 98)), ("F7S/8", (100, 100)), ("FR", (98, 102))])
def test_every_stud_variant_settles(variant, expected):
    # p1 makes aces (high), p2 a 7-5-4-3-2 low (razz and the stud hi/lo low half)
    actions = ["d dh p1 AsAd9c", "d dh p2 2c3d8h"]
    opener = "p2" if variant != "FR" else "p1"
    other = "p1" if opener == "p2" else "p2"
    actions += [f"{opener} pb", f"{other} cc"]
    for p1, p2 in (("Ac", "4d"), ("Kh", "5h"), ("Qs", "7s"), ("Jd", "Kc")):
        actions += [f"d dh p1 {p1}", f"d dh p2 {p2}"]
        first = _first_to_act(variant, actions)
        actions += [f"{first} cc", f"{'p2' if first == 'p1' else 'p1'} cc"]
    actions += ["p1 sm AsAd9cAcKhQsJd", "p2 sm 2c3d8h4d5h7sKc"]
    assert stacks_after(variant, [100, 100], actions, antes=[1, 1]) == expected


def _first_to_act(variant: str, actions: list) -> str:
    for who in ("p1", "p2"):
        try:
            replay_hand(make(variant, [100, 100], actions + [f"{who} cc"], antes=[1, 1]))
        except IllegalActionError as exc:
            if "out of turn" in str(exc):
                continue
        except PokerEngineError:
            pass
        return who
    raise AssertionError("nobody may act")


# -- showdown -----------------------------------------------------------------------------------------

def test_a_player_who_mucks_at_showdown_concedes():
    actions = DEAL3 + ["p3 cc", "p1 cc", "p2 cc"] + [a for b in RUNOUT for a in (b, "p1 cc", "p2 cc", "p3 cc")]
    shown = actions + ["p3 sm QcQd", "p1 sm"]  # p1 had the best hand but mucks it
    replay = replay_hand(make("NT", [100] * 3, shown + ["p2 sm KsKd"]))
    assert replay.outcome.folded == (True, False, False)
    assert replay.finishing_stacks == (98, 104, 98)
    # when everyone else mucks, the last player wins without showing
    assert stacks_after("NT", [100] * 3, actions + ["p1 sm", "p2 sm", "p3 sm"]) == (98, 98, 104)


def test_unknown_hole_cards_are_filled_in_by_the_showdown():
    actions = ["d dh p1 ????", "d dh p2 ????", "p2 cbr 100", "p1 cc"] + RUNOUT + ["p1 sm AsAd", "p2 sm KsKd"]
    replay = replay_hand(make("NT", [100, 100], actions))
    assert replay.finishing_stacks == (200, 0)
    text = illegal("cannot settle: the showdown needs the cards of p1, p2", "NT", [100, 100], actions[:-2],
                   error=PokerEngineError)
    assert "test.phh" in text


def test_show_checks():
    actions = ["d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr 100", "p1 cc"] + RUNOUT
    illegal("seat 1: shows 2d, which they were not dealt", "NT", [100, 100], actions + ["p1 sm 2dAd"])
    illegal("no showdown yet (betting on the pre-flop)", "NT", [100, 100], actions[:2] + ["p2 sm KsKd"])
    illegal("seat 1: shows '-' but some of their cards are unknown", "NT", [100, 100],
            ["d dh p1 ????"] + actions[1:] + ["p1 sm -"])
    # showing while all-in, before the runout, is allowed (and so is showing again)
    early = actions[:4] + ["p1 sm -", "p2 sm KsKd"] + RUNOUT + ["p1 sm AsAd"]
    assert stacks_after("NT", [100, 100], early) == (200, 0)


# -- amounts --------------------------------------------------------------------------------------

def test_amount_checks():
    deal = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 QcQd"]
    illegal("seat 3: bets 500 with only 100 (stack plus bet): table stakes", "NT", [100] * 3, deal + ["p3 cbr 500"])
    illegal("TDA 43: a raise is at least the last full bet or raise (2): to at least 4, or all-in, not 3", "NT", [100] * 3, deal + ["p3 cbr 3"])
    illegal("seat 3: pot limit: a raise is at most to 7 (the pot after calling), not 8", "PO", [100] * 3,
            ["d dh p1 AsAdAhAc", "d dh p2 KsKdKhKc", "d dh p3 QcQdQhQs", "p3 cbr 8"])
    illegal("seat 3: fixed limit: a bet or raise here is to exactly 4, not 5", "FT", [100] * 3, deal + ["p3 cbr 5"])
    capped = deal + ["p3 cbr 4", "p1 cbr 6", "p2 cbr 8", "p3 cbr 10"]  # the big blind is not a bet here
    illegal("seat 1: fixed limit: no more raises this round (a bet and 3 raises)", "FT", [100] * 3, capped + ["p1 cbr 12"])
    illegal("seat 3: calling puts the player all-in: call or fold", "NT", [100, 100, 50],
            deal + ["p3 cc", "p1 cbr 60", "p2 f", "p3 cbr 70"])
    # a raise nobody is left to call: sites accept it (it comes back uncalled), so replay mode does too
    # (live play still refuses it: tests/formats/test_pokerstars_old.py); p1's 50 above p2's all-in comes back
    run = deal + ["p3 cbr 100", "p1 cbr 150", "p2 cc", "d db 2c7h9d", "d db Ts", "d db 3c"]
    assert replay_hand(make("NT", [200, 100, 100], run)).finishing_stacks == (400, 0, 0)


def test_decimal_amounts_replay_in_hundredths():
    actions = ["d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr 2.25", "p1 cc", "d db 2c7h9d", "p1 cc", "p2 cc",
               "d db Ts", "p1 cc", "p2 cc", "d db 3c", "p1 cc", "p2 cc", "p1 sm AsAd", "p2 sm KsKd"]
    hand = make("NT", [10.5, 10], actions, blinds=[0.5, 1], bet=1)
    replay = replay_hand(hand)
    assert replay.outcome.scale == 100
    assert replay.finishing_stacks == (12.75, 7.75)


def test_amounts_that_are_not_chips():
    with pytest.raises(HistoryParseError, match="amount '2.0000001' is not a number of chips"):
        replay_hand(make("NT", [100, 100], ["d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr 2.0000001"]))


# -- cards and flow -------------------------------------------------------------------------------

def test_card_and_flow_checks():
    illegal("As has already been dealt", "NT", [100] * 3, ["d dh p1 AsAd", "d dh p2 AsKd"])
    illegal("5s is not in the no-limit short-deck hold'em deck", "NS", [100] * 3, ["d dh p1 5s4s"])
    illegal("seat 3: no betting now (dealing the flop)", "NT", [100] * 3, DEAL3 + ["p3 f", "p1 cc", "p2 cc", "p3 cc"])
    illegal("no board cards are dealt now (the hand is over)", "NT", [100] * 3, DEAL3 + ["p3 f", "p1 f", "d db 2c7h9d"])
    illegal("ends before the hand is over (p1 to act on the flop)", "NT", [100] * 3,
            DEAL3 + ["p3 cc", "p1 cc", "p2 cc", "d db 2c7h9d"])
    illegal("ends before the hand is over (3 board card(s) to deal on the flop)", "NT", [100] * 3,
            DEAL3 + ["p3 cc", "p1 cc", "p2 cc"])
    illegal("no board cards are dealt now (betting on the pre-flop)", "NT", [100] * 3, DEAL3 + ["d db 2c7h9d"])
    illegal("the flop has 3 board card(s) to deal, not 4", "NT", [100] * 3,
            DEAL3 + ["p3 cc", "p1 cc", "p2 cc", "d db 2c7h9dTs"])
    illegal("seat 1: is owed 2 hole cards, not 3", "NT", [100] * 3, ["d dh p1 AsAdAh"])
    illegal("p7 is not in this hand (3 players)", "NT", [100] * 3, ["d dh p7 AsAd"])
    illegal("fixed-limit seven card stud has no board", "F7S", [100] * 3, ["d db 2c"])


def test_bad_action_text_is_a_parse_error_naming_the_action():
    text = illegal("actions[1] 'p1 raise 5'", "NT", [100, 100], ["d dh p1 AsAd", "p1 raise 5"],
                   error=HistoryParseError)
    assert "unknown verb 'raise'" in text
    illegal("bad card 'Xx'", "NT", [100, 100], ["d dh p1 AsXx"], error=HistoryParseError)


def test_unknown_variant():
    with pytest.raises(HistoryParseError, match="unknown variant 'XX'"):
        interpret(HandHistory(variant="XX", starting_stacks=(1, 1), antes=(0, 0), actions=()))


def test_comments_and_no_ops_are_skipped():
    actions = ["# pre-flop", "d dh p1 AsAd # Ivey", "", "d dh p2 KsKd", "   ", "p2 f # gives up"]
    assert stacks_after("NT", [100, 100], actions) == (101, 99)


# -- verdicts ---------------------------------------------------------------------------------------

def test_split_chip_verdict():
    assert classify([674.5, 674.5, 100], [675, 674, 100], 1) == "split_chip"
    assert classify([674.5, 674.5, 100], [674, 675, 100], 1) == "split_chip"
    assert classify([675, 674, 100], [675, 674, 100], 1) == "matched"
    assert classify([675, 674, 100], [674, 675, 100], 1) == "mismatched"
    assert classify([674.5, 674.5, 101], [675, 674, 100], 1) == "mismatched"
    assert classify(None, [1, 2], 1) == "unchecked"
    assert classify([float("inf"), 5], [10**30, 5], 1) == "matched"


def test_a_tie_with_an_odd_chip_against_a_record_that_halves_it():
    actions = ["d dh p1 AsKd", "d dh p2 AhKc", "d dh p3 2c2d", "p3 cbr 5", "p1 cc", "p2 cc",
               "d db QsJhTd", "p1 cc", "p2 cc", "p3 cc", "d db 4s", "p1 cc", "p2 cc", "p3 cc",
               "d db 5c", "p1 cc", "p2 cc", "p3 f", "p1 sm AsKd", "p2 sm AhKc"]
    hand = make("NT", [100] * 3, actions, finishing_stacks=(102.5, 102.5, 95))
    replay = replay_hand(hand)
    assert replay.finishing_stacks == (103, 102, 95)  # the odd chip goes to the small blind, p1
    assert replay.status == "split_chip"


def test_unknown_stacks_and_whole_floats():
    text = """variant = "NT"
antes = [0.0, 0.0]
blinds_or_straddles = [1.0, 2.0]
min_bet = 2.0
starting_stacks = [100.0, inf]
actions = ["d dh p1 AsKd", "d dh p2 QhQc", "p2 cbr 50", "p1 f"]
finishing_stacks = [98, inf]
"""
    from pokerengine.phh import loads

    replay = replay_hand(loads(text))
    assert replay.finishing_stacks == (98, float("inf"))
    assert replay.status == "matched"
