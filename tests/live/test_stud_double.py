"""Seven card stud's open pair on fourth street: the big bet is allowed (a house rule PokerStars plays,
found on real PokerStars stud files): accepted in replay mode and with Options(open_pair_double=True)."""

from __future__ import annotations

import attrs
import pytest

from pokerengine.errors import IllegalActionError
from pokerengine.phh.reader import loads
from pokerengine.replay.hand_replay import replay_hand
from pokerengine.live import Hand, Options

# p1 shows Qh on third street and pairs it (Qd) on fourth: p1 bets the big bet (8), p2 calls; fifth street
# p1 bets 8 and p2 folds.  p1 put in 1 + 2 + 8 + 8 = 19, the last 8 handed back; p2 1 + 2 + 8 = 11:
# p1 takes the pot of 22 and finishes 100 - 19 + 8 + 22 = 111, p2 89.
RECORD = """variant = "F7S"
antes = [1, 1]
bring_in = 2
small_bet = 4
big_bet = 8
starting_stacks = [100, 100]
actions = ["d dh p1 AsKsQh", "d dh p2 2c3c9d", "p2 pb", "p1 cc", "d dh p1 Qd", "d dh p2 5s", "p1 cbr 8", "p2 cc",
           "d dh p1 2h", "d dh p2 7s", "p1 cbr 8", "p2 f"]
finishing_stacks = [111, 89]
"""


def test_an_open_pair_allows_the_big_bet_on_fourth_street():
    r = replay_hand(loads(RECORD))
    assert r.finishing == (111, 89) and r.status == "matched"


def test_after_a_double_bet_raises_are_big_bets():
    # p2 raises the double bet by a big bet (to 16) and p1 calls: each put in 1 + 2 + 16 = 19, then p1 bets 8 on
    # fifth street and p2 folds: p1 takes 38 and finishes 100 - 27 + 8 + 38 = 119, p2 81
    text = RECORD.replace('"p1 cbr 8", "p2 cc",\n', '"p1 cbr 8", "p2 cbr 16", "p1 cc",\n').replace(
        "finishing_stacks = [111, 89]", "finishing_stacks = [119, 81]")
    assert replay_hand(loads(text)).status == "matched"
    with pytest.raises(IllegalActionError, match="to at least 16"):  # a small raise after the double: no
        replay_hand(loads(text.replace('"p2 cbr 16"', '"p2 cbr 12"')))


@pytest.mark.parametrize("variant, change", [
    ("F7S/8", None),            # stud hi/lo: no double bet
    ("F7S", ("Qd", "Jd")),      # no pair showing
])
def test_no_double_bet_elsewhere(variant, change):
    hand = loads(RECORD)
    actions = hand.actions if change is None else tuple(a.replace(*change) for a in hand.actions)
    with pytest.raises(IllegalActionError, match="exactly 4, not 8"):
        replay_hand(attrs.evolve(hand, variant=variant, actions=actions))


def test_live_play_allows_it_only_with_the_option():
    def fourth_street(options: Options) -> Hand:
        deck = "As2cKs3cQh9d" + "Qd5s" + "2h7s" + "4h4d" + "6c6d" + "8c8d"  # dealt one at a time, p1 first
        hand = Hand("F7S", {1: 100, 2: 100}, ante=1, bring_in=2, small_bet=4, big_bet=8, options=options,
                    deck=deck)
        hand.bring_in(2)
        hand.call(1)
        return hand

    tda = fourth_street(Options())
    assert tda.to_act == 1 and tda.legal_actions().raise_to.max_to == 4
    with pytest.raises(IllegalActionError):
        tda.raise_to(1, 8)
    house = fourth_street(Options(open_pair_double=True))
    house.raise_to(1, 8)
    assert house.bets[1] == 8
    from pokerengine.errors import PokerEngineError

    with pytest.raises(PokerEngineError, match="open_pair_double must be True or False"):
        Options(open_pair_double=1)  # type: ignore[arg-type]


def test_a_pokerstars_stud_hand_with_a_double_bet_matches():
    # the first hand of fixtures/pokerstars/handwritten/games-stud.txt, cy betting the big bet ($0.08, not $0.04)
    # on fourth street with the open pair of nines: 8 cents more from each, the pot $0.85, rake $0.03 as the
    # file says, cy collects $0.82
    from pathlib import Path

    from pokerengine.formats.pokerstars import parse_pokerstars
    from pokerengine.replay.site_check import check_site

    path = Path(__file__).resolve().parents[2] / "fixtures" / "pokerstars" / "handwritten" / "games-stud.txt"
    first = path.read_text(encoding="utf-8-sig").split("\n\n\n")[0]
    changed = (first.replace("cy: bets $0.04\nann: calls $0.04",
                             "Pair on board - a double bet is allowed\ncy: bets $0.08\nann: calls $0.08")
               .replace("cy collected $0.74", "cy collected $0.82").replace("Total pot $0.77", "Total pot $0.85")
               .replace("won ($0.74)", "won ($0.82)"))
    assert changed.count("$0.82") == 2 and "double bet" in changed
    (hand,) = parse_pokerstars(changed)
    assert check_site(hand).status == "matched"
    (plain,) = parse_pokerstars(first)
    assert check_site(plain).status == "matched"
