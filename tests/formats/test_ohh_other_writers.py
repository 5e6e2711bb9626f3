"""Open Hand History as other writers give it (``pokerengine/formats/ohh.py``): what real files of 2026 hold.

- A hand counted in chips (``"currency": "Chips"``) with blinds of 0.5 and 1: counted in tenths of a chip
  (user field ``_chip_scale``), never rounded; an amount finer than a millionth of a chip is still refused.
- Amounts written as the player's street total (a raise to 10, a call to 10), not as what the action puts
  in (the spec's rule): read so when the spec's reading makes a call wrong and that reading adds up; a file
  whose amounts add up neither way is an error saying that they contradict each other.
- Pots that hold the uncalled bet too (pot 150, the 50 nobody called in it, the bettor's win 146 of it):
  that bet handed back to the bettor and taken off his win, as the engine settles it.

The fixture ``fixtures/ohh/chips-street-totals.ohh`` is hand-written in the layout of two real Ten-Four hands
(whywaita/pokernow2gw's ``sample/input/sample_ohh_tenfour.json`` and ``sample_ohh_spec.json``, read, not bundled).
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from pokerengine.errors import HistoryParseError
from pokerengine.formats.ohh import dumps_ohh, read_ohh
from pokerengine.formats.sitehand import Collected
from pokerengine.live.interpreter import interpret
from pokerengine.replay.site_check import check_site

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "ohh" / "chips-street-totals.ohh"


def doc() -> dict:
    return json.loads(FIXTURE.read_text(), parse_float=Decimal)


def read(obj: dict):
    (hand,) = read_ohh(dumps_ohh(obj, indent=None))  # type: ignore[arg-type]
    return hand


def test_a_hand_in_chips_with_halves_written_as_street_totals_with_the_uncalled_bet_in_its_pot():
    hand = read(doc())
    h = hand.history
    # tenths of a chip: the blinds 0.5 and 1 are 5 and 10; dot (p2, the small blind) raises to 2.5, ada to 10
    # and dot calls to 10: 25, 100 and a call, not 25 and 110 (what the spec's reading would make of it)
    assert h.user_fields["_chip_scale"] == 10 and h.blinds_or_straddles == (5, 10, 0, 0)
    assert h.players == ("dot", "ada", "ben", "cal")
    assert h.actions[4:9] == ("p3 f", "p4 f", "p1 cbr 25", "p2 cbr 100", "p1 cc")
    assert h.actions[-2:] == ("p1 cbr 500", "p2 f")
    assert interpret(h).contributed == (1000, 500, 0, 0)
    # the pot of 150 holds the 50 nobody called: 100 played for, 4 of rake, 96 won and 50 handed back
    assert hand.collected == (Collected("dot", 0, 960),) and hand.returned == (500, 0, 0, 0)
    assert hand.total_pot == 1000 and hand.rake == 40
    assert check_site(hand).status == "matched"


def test_the_spec_reading_is_kept_where_it_adds_up():
    obj = doc()
    pre = obj["ohh"]["rounds"][0]["actions"]
    pre[4]["amount"] = Decimal("2")  # dot puts 2 more in (to 2.5); ada puts 9 more (to 10); dot calls 7.5
    pre[5]["amount"] = Decimal("9")
    pre[6]["amount"] = Decimal("7.5")
    h = read(obj).history
    assert h.actions[4:9] == ("p3 f", "p4 f", "p1 cbr 25", "p2 cbr 100", "p1 cc")


def test_amounts_that_add_up_neither_way_are_an_error_saying_so():
    obj = doc()
    obj["ohh"]["rounds"][0]["actions"][6]["amount"] = Decimal("7")  # neither 7.5 more nor to 10
    with pytest.raises(HistoryParseError, match=r"dot calls 70, but the call is 80; read as street totals, dot calls "
                                                r"45, but the call is 75: the file's amounts contradict each other"):
        read(obj)


def test_finer_than_a_millionth_of_a_chip_is_refused_not_rounded():
    obj = doc()
    obj["ohh"]["players"][1]["starting_stack"] = Decimal("100.0000001")
    with pytest.raises(HistoryParseError, match=r"starting_stack 100.0000001 is not a whole number of minor units"):
        read(obj)
    obj["ohh"]["players"][1]["starting_stack"] = Decimal("100.000001")  # six places: millionths
    assert read(obj).history.user_fields["_chip_scale"] == 10**6


def test_an_uncalled_bet_the_pot_leaves_out_is_not_taken_twice():
    obj = doc()
    pot = obj["ohh"]["pots"][0]
    pot["amount"], pot["player_wins"][0]["win_amount"] = Decimal("100"), Decimal("96")  # as the spec writes it
    hand = read(obj)
    assert hand.collected == (Collected("dot", 0, 960),) and hand.returned is None and hand.total_pot == 1000
    assert check_site(hand).status == "matched"
