"""A check nobody writes: the player to act owes nothing and everyone else still in is all in, so no bet
can follow.  PokerStars goes on to the board without the big blind's check (found on PokerStars badugi
tournament files); in replay mode (``Options.implied_check``) the record's next action stands for it."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerengine.errors import IllegalActionError
from pokerengine.formats.pokerstars import read_pokerstars
from pokerengine.phh.reader import loads
from pokerengine.replay.hand_replay import replay_hand
from pokerengine.replay.site_check import check_site
from pokerengine.live import Options
from pokerengine.live.phh import from_history

HAND = Path(__file__).parents[2] / "fixtures" / "pokerstars" / "handwritten" / "big-blind-implied-check.txt"

# p1 small blind 25 of a 30 stack, p2 big blind 50, p3 the button.  p3 folds, p1 calls all in for 30;
# p2's check is not written.  20 of p2's blind is not called and goes back; p2's ace high beats p1's jack
# high and takes 30 + 30 = 60: p1 finishes 0, p2 1000 - 30 + 60 = 1030, p3 1500.
RECORD = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [25, 50, 0]
min_bet = 50
starting_stacks = [30, 1000, 1500]
actions = ["d dh p1 7c2d", "d dh p2 AhKh", "d dh p3 ????", "p3 f", "p1 cc", "d db 3s8dJc", "d db 4h", "d db 9s",
           "p1 sm 7c2d", "p2 sm AhKh"]
finishing_stacks = [0, 1030, 1500]
"""


def test_the_big_blinds_unwritten_check_is_implied():
    r = replay_hand(loads(RECORD))
    assert r.status == "matched" and r.finishing == (0, 1030, 1500)
    hand = from_history(loads(RECORD))
    assert "p2 cc" in hand.actions  # the engine's own record has the check


def test_without_the_option_the_record_is_refused():
    with pytest.raises(IllegalActionError, match=r"no board cards are dealt now \(betting on the pre-flop\)"):
        from_history(loads(RECORD), Options(mode="replay", implied_check=False))


def test_the_written_check_still_replays():
    written = RECORD.replace('"p1 cc", "d db 3s8dJc"', '"p1 cc", "p2 cc", "d db 3s8dJc"')
    assert replay_hand(loads(written)).status == "matched"


def test_no_check_is_implied_while_someone_else_could_still_bet():
    # p3 calls instead of folding and is not all in: p2's check is a choice (p2 could raise), not implied
    open_ = RECORD.replace('"p3 f"', '"p3 cc"').replace("finishing_stacks = [0, 1030, 1500]", "")
    with pytest.raises(IllegalActionError, match=r"actions\[5\] 'd db 3s8dJc': no board cards are dealt now"):
        from_history(loads(open_))


def test_nor_when_the_player_to_act_owes_chips():
    # p1 (80 chips) raises all in to 80 over the big blind: p2 owes 30, so a call or a fold must be written
    owed = RECORD.replace("starting_stacks = [30, 1000, 1500]", "starting_stacks = [80, 1000, 1500]").replace(
        '"p1 cc"', '"p1 cbr 80"').replace("finishing_stacks = [0, 1030, 1500]", "")
    with pytest.raises(IllegalActionError, match=r"actions\[5\] 'd db 3s8dJc': no board cards are dealt now"):
        from_history(loads(owed))


def test_the_pokerstars_hand_matches_the_site_amounts():
    (h,) = read_pokerstars(str(HAND))
    assert "p2 cc" not in h.history.actions  # as the site wrote it
    assert check_site(h).status == "matched"


def test_a_live_table_is_not_affected():
    assert Options().implied_check is False  # a server asks the player; the TDA default does not imply
