"""The odd chips of split pots: replay/oddchips.py's ``split_chip`` verdict, against an obvious
oracle on a heads-up tie and on the real-file shapes the bundled fixtures keep."""

from __future__ import annotations

import attrs
from hypothesis import given, settings, strategies as st

from pokerengine.formats import read_text, site_hands
from pokerengine.replay.oddchips import RULES
from pokerengine.replay.site_check import check_split
from pokerengine.replay.status import SPLIT_CHIP
from pokerengine.phh.record import HandHistory
from pokerengine.formats.sitehand import Collected, SiteHand
from pokerengine.replay.site_check import check_site
from profiles import examples
from site_fixtures import ROOT


def _tie(ante: int, fmt: str = "ggpoker") -> SiteHand:
    """ann and bob tie (the same straight) in a pot of ``ante + 8``: dead money ``ante``, 4 each."""
    h = HandHistory(variant="NT", antes=(ante, 0, 0), blinds_or_straddles=(1, 2, 0), min_bet=2,
                    starting_stacks=(100, 100, 100), players=("ann", "bob", "cy"), seats=(1, 2, 3),
                    actions=("d dh p1 AsKs", "d dh p2 AdKd", "d dh p3 2c3d", "p3 f", "p1 cbr 4", "p2 cc",
                             "d db 7h8h9c", "p1 cc", "p2 cc", "d db Tc", "p1 cc", "p2 cc", "d db 2h",
                             "p1 cc", "p2 cc", "p1 sm AsKs", "p2 sm AdKd"))
    return SiteHand(fmt, "1", 0, h, (), rake=0, total_pot=ante + 8)


@settings(max_examples=examples(60), deadline=None)
@given(ante=st.integers(0, 9), ann=st.integers(0, 17))
def test_a_tie_paid_any_way_against_the_obvious_rule(ante, ann):
    total = ante + 8
    ann = min(ann, total)
    hand = attrs.evolve(_tie(ante), collected=(Collected("ann", None, ann), Collected("bob", None, total - ann)))
    engine = (total + 1) // 2  # the odd chip to ann, the first winner left of the button
    want = "matched" if ann == engine else SPLIT_CHIP if ann == total // 2 else "mismatched"
    assert check_split(hand).status == want
    # PokerStars' rule is known (the engine's): there the same difference is a mismatch
    stars = check_split(attrs.evolve(hand, format="pokerstars"))
    assert stars.status == ("matched" if ann == engine else "mismatched")


def test_a_split_chip_needs_everything_else_to_agree():
    hand = attrs.evolve(_tie(1), collected=(Collected("ann", None, 4), Collected("bob", None, 5)))
    assert check_split(hand).status == SPLIT_CHIP
    assert "odd chips of a split pot: ann" in check_split(hand).message
    assert check_split(attrs.evolve(hand, total_pot=10)).status == "mismatched"  # the total differs too
    assert check_split(attrs.evolve(hand, rake=1)).status == "mismatched"  # the rake differs too


def test_bovada_real_shapes():
    """A four-way split's three odd cents to the big blind, and the low half's odd cent to the high winner,
    are split_chip; a short all-in ante (antes as ordinary chips, ante_trimming_status) is matched."""
    path = ROOT / "bovada" / "handwritten" / "known_mismatches.txt"
    got = {h.hand_id: check_split(h).status for h in site_hands(read_text(str(path)), "bovada")}
    assert got == {"3412000001": "matched", "3452000001": SPLIT_CHIP, "2902000001": SPLIT_CHIP}
    assert {h.hand_id: check_site(h).status for h in site_hands(read_text(str(path)), "bovada")} == got  # check_site() says so too


def test_rules_say_which_sites_are_known():
    assert RULES["pokerstars"].known and not RULES["bovada"].known and not RULES["ggpoker"].known
    assert RULES["winamax"].known  # the last winner shown first (tests/replay/test_winamax_odd_chips.py)
