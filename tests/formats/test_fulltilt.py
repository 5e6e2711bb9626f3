"""Full Tilt Poker's hand histories (pokerengine.formats.fulltilt): exact amounts of hand-written hands,
the site's oddities, errors naming the line.

The tests every site reader shares: tests/formats/test_formats_sites.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from pokerengine.errors import HistoryParseError
from pokerengine.formats import read_text, site_hands
from pokerengine.formats.fulltilt import MAX_HAND_LINES, MAX_LINE_CHARS, parse_fulltilt
from pokerengine.formats.sitehand import Collected
from pokerengine.replay.site_check import check_site
from profiles import examples
from site_fixtures import BY_NAME

FIXTURES = BY_NAME["fulltilt"].folder
HAND = FIXTURES / "handwritten"

def hands_of(path: Path):
    return list(site_hands(read_text(str(path)), "fulltilt", source=path.name))


def test_exact_amounts_of_a_side_pot_tournament_hand() -> None:
    hand = hands_of(HAND / "tournament.txt")[0]
    h = hand.history
    assert h.players == ("bob", "cy", "ann") and h.starting_stacks == (4000, 3000, 1500)
    assert h.antes == (25, 25, 25) and h.blinds_or_straddles == (100, 200, 0) and h.currency is None
    assert hand.collected == (Collected("bob", 1, 3000), Collected("bob", 0, 4500))
    assert hand.total_pot == 7500 and hand.rake == 0 and hand.returned == (1000, 0, 0)
    assert check_site(hand).status == "matched"


def test_play_chips_in_thousands_and_a_cap() -> None:
    ko = hands_of(HAND / "tournament.txt")[3]
    assert ko.history.min_bet == 100_000 and ko.history.starting_stacks == (2_500_000, 800_000)
    assert ko.collected == (Collected("bob", 0, 1_600_000),)
    cap, cap_unsaid = hands_of(HAND / "cap.txt")
    # "$15 Cap": stacks count for 1,500 cents at most; "CAP NL": the cap is what "is capped" put in
    assert cap.history.starting_stacks == (1500, 1500, 1005)
    assert cap_unsaid.history.starting_stacks == (300, 300)
    assert check_site(cap).status == check_site(cap_unsaid).status == "matched"


def test_a_dead_small_blind_and_a_live_post() -> None:
    hand = hands_of(HAND / "cash-holdem.txt")[1]
    h = hand.history
    assert h.players == ("bob", "cy", "dee", "ann") and h.antes == (0, 0, 50, 0)
    assert h.blinds_or_straddles == (50, 100, 100, 0) and h.user_fields["_posts"] == (0, 0, 100, 0)
    assert h.small_bet == 100 and h.big_bet == 200
    assert hand.collected == (Collected("ann", 0, 2300),) and hand.total_pot == 2400 and hand.rake == 100


def test_run_it_twice_stud_and_draw() -> None:
    rit, hilo = hands_of(HAND / "cash-omaha.txt")
    assert rit.history.user_fields["_run_count"] == 2
    assert {c.player: c.amount for c in rit.collected} == {"ann": 10050, "cy": 10050}
    assert sorted((c.player, c.amount) for c in hilo.collected) == [("ann", 350), ("bob", 350)]
    stud, draw = hands_of(HAND / "stud-draw.txt")
    assert stud.history.variant == "F7S" and stud.history.bring_in == 100
    assert draw.history.variant == "F2L3D" and "p1 sd 7d8h" not in draw.history.actions
    assert [check_site(h).status for h in (rit, hilo, stud, draw)] == ["matched"] * 4


def test_a_euro_table_in_windows_1252() -> None:
    (euro,) = hands_of(HAND / "euro-cp1252.txt")
    assert b"\r\n" in (HAND / "euro-cp1252.txt").read_bytes()
    assert euro.history.players == ("Müller", "Zoë", "Orjan") and euro.history.currency == "EUR"
    assert euro.history.table == "Douai–Lens" and check_site(euro).status == "matched"


def test_an_archive_with_separators_and_a_summary_file() -> None:
    hands = hands_of(HAND / "old-archive.txt")
    assert [h.hand_id for h in hands] == ["656000081", "656001515"]
    summary = (HAND / "tournament-summary.txt").read_text()
    with pytest.raises(HistoryParseError, match="a tournament summary, not a hand history"):
        parse_fulltilt(summary, source="s.txt")


def test_everyone_sitting_out_is_a_cancelled_hand() -> None:
    text = ("Full Tilt Poker Game #5: Table T (heads up) - $10/$20 - Limit 2-7 Triple Draw - 15:25:00 ET - 2011/01/01\n"
            "Seat 1: a ($500)\nSeat 2: b ($572.50)\na posts the small blind of $5\nb is sitting out\n"
            "*** SUMMARY ***\nTotal pot $0 | Rake $0\nSeat 1: a (big blind) is sitting out\nSeat 2: b is sitting out\n")
    assert parse_fulltilt(text) == []


def test_games_the_engine_has_not_are_refused_by_name() -> None:
    text = (HAND / "cash-holdem.txt").read_text().replace("NL Hold'em", "PL Courchevel Hi", 1)
    with pytest.raises(HistoryParseError, match=r"hand 40000000001, line 1: 'PL Courchevel Hi' is not read"):
        parse_fulltilt(text)


BAD_LINES = [
    ("dee raises to $5", "dee raises to five", 14, "bad amount"),
    ("dee raises to $5", "dee juggles", 14, "cannot read"),
    ("*** FLOP *** [Ah 7c 2d]", "*** FLOP *** [Ah 7c]", 18, "the flop has 2 cards"),
    ("Seat 2: bob ($20.25)", "Seat 2: bob ($20.25) !", 3, "cannot read"),
    ("Total pot $101.50 | Rake $3", "Total pot lots | Rake $3", 32, "bad amount"),
    ("Dealt to Ann Lee [As Kd]", "Dealt to Ann Lee [As Kx]", 10, "bad cards"),
    ("bob posts the small blind of $0.25", "bob posts the small blind of $0.2.5", 6, "bad amount"),
]


@pytest.mark.parametrize("old, new, line, what", BAD_LINES)
def test_a_malformed_line_is_an_error_naming_file_hand_and_line(old: str, new: str, line: int, what: str) -> None:
    text = (HAND / "cash-holdem.txt").read_text()
    assert old in text
    with pytest.raises(HistoryParseError, match=rf"^x.txt, hand 40000000001, line {line}: {what}"):
        parse_fulltilt(text.replace(old, new, 1), source="x.txt")


def test_limits_are_enforced() -> None:
    text = (HAND / "cash-holdem.txt").read_text()
    with pytest.raises(HistoryParseError, match="more than 2,000"):
        parse_fulltilt(text.replace("bob: gl all", "bob: " + "x" * MAX_LINE_CHARS))
    with pytest.raises(HistoryParseError, match="a hand of more than"):
        parse_fulltilt(text.replace("bob: gl all", "bob: hi\n" * MAX_HAND_LINES))


_AMOUNT = st.integers(min_value=2, max_value=10**9)


def _written(cents: int, money: bool) -> str:
    if not money:
        return f"{cents:,}"
    whole, part = divmod(cents, 100)
    return f"${whole:,}" + (f".{part:02d}" if part else "")


@settings(max_examples=60, deadline=None)
@given(raise_to=_AMOUNT, money=st.booleans())
def test_amounts_written_in_the_sites_style_read_back(raise_to: int, money: bool) -> None:
    """A heads-up hand whose raise is any amount, as Full Tilt writes it (thousands separated, cents only
    when there are some), reads back to the same integer and is matched."""
    bb = 2
    stack = raise_to + 5
    sym = (lambda x: _written(x, money))
    stakes = f"{sym(1)}/{sym(bb)}"
    head = ("Table T (heads up) - " + stakes if money else "Sit (123), Table 1 - " + stakes)
    text = "\n".join([
        f"Full Tilt Poker Game #9: {head} - No Limit Hold'em - 10:00:00 ET - 2012/01/01",
        f"Seat 1: a ({sym(stack)})", f"Seat 2: b ({sym(stack)})",
        f"a posts the small blind of {sym(1)}", f"b posts the big blind of {sym(bb)}",
        "The button is in seat #1", "*** HOLE CARDS ***",
        f"a raises to {sym(raise_to + bb)}", "b folds",
        f"Uncalled bet of {sym(raise_to)} returned to a", f"a wins the pot ({sym(2 * bb)})",
        "*** SUMMARY ***", f"Total pot {sym(2 * bb)} | Rake {sym(0) if not money else '$0'}",
        f"Seat 1: a (small blind) collected ({sym(2 * bb)})", "Seat 2: b (big blind) folded before the Flop"])
    (hand,) = parse_fulltilt(text)
    assert hand.history.actions[2] == f"p2 cbr {raise_to + bb}" and hand.history.starting_stacks == (stack, stack)
    assert hand.returned == (0, raise_to) and check_site(hand).status == "matched"


# --- each pot raked (fixtures/fulltilt/handwritten/side-pots-each-raked.txt; the shape of a real
# 2011 six-card Omaha hand whose three pots each gave about 5%) ---

def test_each_pot_raked_where_every_win_names_its_pot() -> None:
    (hand,) = hands_of(HAND / "side-pots-each-raked.txt")
    # main pot $30 pays ann $29.10, side pot 1 $40 pays bob $38.80: $0.90 and $1.20 raked, $2.10 in all
    assert hand.rake == 210 and hand.total_pot == 7000
    assert sorted(hand.collected, key=lambda c: c.pot or 0) == [Collected("ann", 0, 2910), Collected("bob", 1, 3880)]
    assert hand.pot_rakes == (90, 120)
    result = check_site(hand)
    assert result.status == "matched" and result.pot_rakes == (90, 120)
    # wins written as "the pot" (read as the main pot, which then pays more than it held): no per-pot rake
    # from the wins, the rake drawn from the main pot first (the side pot unraked), so ann's $29.10 is $1.20
    # more than the $27.90 the main pot then pays
    text = (HAND / "side-pots-each-raked.txt").read_text(encoding="utf-8")
    text = text.replace("wins side pot #1 ($38.80)", "wins the pot ($38.80)").replace("wins the main pot", "wins the pot")
    (unnamed,) = parse_fulltilt(text)
    assert unnamed.pot_rakes == (210, 0)
    assert "ann (seat 1) main pot file 2910, engine 2790" in check_site(unnamed).message
    # a pot that pays more than it held (the file contradicting itself): no per-pot rake from the wins, the
    # main pot first again
    bad = (HAND / "side-pots-each-raked.txt").read_text(encoding="utf-8").replace("Side pot 1 $40.", "Side pot 1 $38.")
    assert parse_fulltilt(bad)[0].pot_rakes == (210, 0)


def _dollars(cents: int) -> str:
    return f"${cents // 100}.{cents % 100:02d}"


@settings(max_examples=examples(40), deadline=None)
@given(main=st.integers(0, 300), side=st.integers(0, 400))
def test_any_rake_per_pot_the_wins_show_is_the_one_checked(main, side):
    # side-pots-each-raked.txt with the main pot ($30) raked `main` cents and side pot 1 ($40) `side` cents,
    # the wins and the summary's rake written to match: the reader's per-pot rakes are those, and it matches
    text = (HAND / "side-pots-each-raked.txt").read_text(encoding="utf-8")
    ann, bob = _dollars(3000 - main), _dollars(4000 - side)
    text = (text.replace("($29.10)", f"({ann})").replace("($38.80)", f"({bob})")
            .replace("| Rake $2.10", f"| Rake {_dollars(main + side)}"))
    (hand,) = parse_fulltilt(text)
    assert hand.rake == main + side and hand.pot_rakes == (main, side)
    result = check_site(hand)
    assert result.status == "matched" and result.pot_rakes == (main, side)


# --- a Flipout (fixtures/fulltilt/handwritten/flipout.txt; the shape of a real 2014 $300 Flipout hand):
# every player's ante puts him all in, the blinds "check" before the deal ---

def test_a_flipout_where_the_blinds_check_all_in_before_the_deal() -> None:
    (hand,) = hands_of(HAND / "flipout.txt")
    h = hand.history
    assert h.players == ("ann", "bob", "cy", "dee") and h.starting_stacks == (1500,) * 4
    assert h.antes == (1500,) * 4 and h.blinds_or_straddles == (0,) * 4
    assert not any(a.startswith("p") for a in h.actions)  # nobody acts: the checks are no actions
    assert hand.collected == (Collected("dee", 0, 6000),) and hand.total_pot == 6000 and hand.rake == 0
    assert check_site(hand).status == "matched"


def test_a_check_before_the_deal_is_passed_over_only_for_a_player_all_in_from_his_forced_bet() -> None:
    text = (HAND / "flipout.txt").read_text(encoding="utf-8")
    # ann's ante leaves her chips: her check before the deal is an action out of place, as any other
    short = text.replace("Seat 1: ann (1,500)", "Seat 1: ann (3,000)").replace(
        "ann antes 1,500, and is all in", "ann antes 1,500")
    with pytest.raises(HistoryParseError, match=r"hand 60000000001, line 10: 'ann' acts before the cards are dealt"):
        parse_fulltilt(short)
    # nor is a check that says more than "checks" passed over
    with pytest.raises(HistoryParseError, match=r"line 11: cannot read 'checks 5'"):
        parse_fulltilt(text.replace("bob checks\n", "bob checks 5\n"))
