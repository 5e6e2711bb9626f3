"""OHH written by PokerNow's converters (formats/ohh.py): what their files do that the spec does not say.

Measured on DrkYoda/PokerNow-OpenHandHistory-Converter's 143 files (34,207 hands, docs/histories.md): a
player who folded shows his cards in the ``Showdown`` round; the ``Showdown`` round comes before the
streets that run the board out (and a second one after them); an all-in call is written as a ``Raise`` to
the bet.  A side pot the file records in the main pot stays a mismatch, naming the pots.
"""

from __future__ import annotations

import json

import pytest

from pokerengine.errors import HistoryParseError
from pokerengine.formats.ohh import read_ohh
from pokerengine.replay.site_check import check_site


def _hand(rounds, pots, players=None, **more):
    players = players or [{"id": 0, "seat": 1, "name": "ann", "starting_stack": 100},
                          {"id": 1, "seat": 2, "name": "bob", "starting_stack": 100},
                          {"id": 2, "seat": 3, "name": "cy", "starting_stack": 40}]
    hand = {"spec_version": "1.2.2", "site_name": "PokerStars", "game_number": "1", "table_size": 10,
            "game_type": "Holdem", "bet_limit": {"bet_type": "NL"}, "currency": "Chips", "dealer_seat": 3,
            "small_blind_amount": 1, "big_blind_amount": 2, "ante_amount": 0, "players": players,
            "rounds": [{"id": i, **r} for i, r in enumerate(rounds)], "pots": pots, **more}
    return json.dumps({"ohh": hand})


def _act(*actions):
    return [{"action_number": i, "player_id": p, "action": a, **({"amount": x} if x is not None else {}),
             **({"cards": c} if c else {})} for i, (p, a, x, c) in enumerate(actions)]


BLINDS = [(0, "Post SB", 1, None), (1, "Post BB", 2, None)]


def test_a_folded_player_who_shows_in_the_showdown_round():
    rounds = [{"street": "Preflop", "actions": _act(*BLINDS, (2, "Raise", 6, None), (0, "Fold", 0, None),
                                                    (1, "Fold", 0, None))},
              {"street": "Showdown", "actions": _act((2, "Shows Cards", None, ["Ah", "Ad"]),
                                                     (0, "Shows Cards", None, ["7c", "2d"]))}]
    pots = [{"number": 0, "amount": 5, "player_wins": [{"player_id": 2, "win_amount": 5}]}]
    (hand,) = read_ohh(_hand(rounds, pots))
    assert hand.history.actions[0] == "d dh p1 7c2d"  # his cards kept, no action of his
    assert check_site(hand).status == "matched"


def _all_in(showdown_first: bool, second_showdown: bool = False):
    shows = {"street": "Showdown", "actions": _act((2, "Shows Cards", None, ["Ah", "Ad"]),
                                                   (1, "Shows Cards", None, ["Kh", "Kd"]))}
    board = [{"street": "Flop", "cards": ["2c", "7d", "9h"], "actions": []},
             {"street": "Turn", "cards": ["Ts"], "actions": []},
             {"street": "River", "cards": ["3c"], "actions": []}]
    pre = {"street": "Preflop", "actions": _act(*BLINDS, (2, "Raise", 40, None), (0, "Fold", 0, None),
                                                (1, "Call", 38, None))}
    rounds = [pre, shows, *board] if showdown_first else [pre, *board, shows]
    if second_showdown:
        rounds.append({"street": "Showdown", "actions": _act((0, "Shows Cards", None, ["7c", "2d"]))})
    pots = [{"number": 0, "amount": 81, "player_wins": [{"player_id": 2, "win_amount": 81}]}]
    return _hand(rounds, pots)


def test_the_showdown_written_before_the_run_out():
    (first,) = read_ohh(_all_in(True))
    (last,) = read_ohh(_all_in(False))
    (twice,) = read_ohh(_all_in(True, second_showdown=True))
    assert first.history == last.history and check_site(first).status == "matched"
    assert twice.history.actions[0] == "d dh p1 7c2d" and check_site(twice).status == "matched"


def test_a_showdown_before_a_street_with_betting_is_still_refused():
    text = _all_in(True).replace('"street": "Turn", "cards": ["Ts"], "actions": []',
                                 '"street": "Turn", "cards": ["Ts"], "actions": [{"action_number": 0, '
                                 '"player_id": 1, "action": "Check"}]')
    with pytest.raises(HistoryParseError, match="street Flop comes after Showdown"):
        read_ohh(text)


def test_an_all_in_call_written_as_a_raise_to_the_bet():
    rounds = [{"street": "Preflop", "actions": _act(*BLINDS, (2, "Fold", 0, None), (0, "Raise", 9, None),
                                                    (1, "Raise", 30, None), (0, "Raise", 20, None))},
              {"street": "Flop", "cards": ["2c", "7d", "9h"], "actions": []},
              {"street": "Turn", "cards": ["Ts"], "actions": []},
              {"street": "River", "cards": ["3c"], "actions": []},
              {"street": "Showdown", "actions": _act((0, "Shows Cards", None, ["Ah", "Ad"]),
                                                     (1, "Shows Cards", None, ["Kh", "Kd"]))}]
    pots = [{"number": 0, "amount": 60, "player_wins": [{"player_id": 0, "win_amount": 60}]}]
    players = [{"id": 0, "seat": 1, "name": "ann", "starting_stack": 30},
               {"id": 1, "seat": 2, "name": "bob", "starting_stack": 100},
               {"id": 2, "seat": 3, "name": "cy", "starting_stack": 40}]
    (hand,) = read_ohh(_hand(rounds, pots, players))
    assert hand.history.actions[3:7] == ("p3 f", "p1 cbr 10", "p2 cbr 32", "p1 cc")  # 10 + 20, all in: a call
    assert check_site(hand).status == "matched"


def test_a_side_pot_recorded_as_the_main_pot_stays_a_mismatch():
    rounds = [{"street": "Preflop", "actions": _act(*BLINDS, (2, "Raise", 40, None), (0, "Call", 39, None),
                                                    (1, "Raise", 98, None), (0, "Call", 60, None))},
              {"street": "Flop", "cards": ["2c", "7d", "9h"], "actions": []},
              {"street": "Turn", "cards": ["Ts"], "actions": []},
              {"street": "River", "cards": ["3c"], "actions": []},
              {"street": "Showdown", "actions": _act((2, "Shows Cards", None, ["Ah", "Ad"]),
                                                     (0, "Shows Cards", None, ["Kh", "Kd"]),
                                                     (1, "Shows Cards", None, ["Qh", "Qd"]))}]
    # cy wins the main pot (120), ann the side pot (120); the file puts both in pot 0
    pots = [{"number": 0, "amount": 240, "player_wins": [{"player_id": 2, "win_amount": 120},
                                                         {"player_id": 0, "win_amount": 120}]}]
    (hand,) = read_ohh(_hand(rounds, pots))
    r = check_site(hand)
    assert r.status == "mismatched"
    assert "ann (seat 1) main pot file 120, engine 0; ann (seat 1) side pot 1 file 0, engine 120" in r.message
