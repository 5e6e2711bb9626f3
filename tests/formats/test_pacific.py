"""888poker's hand histories (pokerengine/formats/pacific.py): every bundled hand reproduced, the
site's oddities read, errors naming their line.

The tests every site reader shares: tests/formats/test_formats_sites.py."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings, strategies as st

from pokerengine.errors import HistoryParseError, IllegalActionError
from pokerengine.formats import detect, read_text, site_hands
from pokerengine.formats.pacific import MAX_HAND_LINES, MAX_LINE_CHARS, cards_text, parse_pacific, rake_rule
from pokerengine.formats.sitehand import Collected
from pokerengine.replay.site_check import check_site, check_split
from site_fixtures import BY_NAME, FPDB

FIXTURES = BY_NAME["pacific"].folder
HAND = FIXTURES / "handwritten"

#: Bundled files that are no 888 hand, and what the reader says (fixtures/pacific/README.md; the files cut
#: short: tests/site_fixtures.py).
NOT_READ = {
    "hhsmithy/CashGame/Seats/4 Max.txt": "no 888poker hand",  # empty
    "hhsmithy/CashGame/Seats/Full Ring (10 Handed).txt": "no 888poker hand",  # empty
    "hhsmithy/CashGame/GameTypeTests/PotLimitHoldem.txt": "line 2: expected the hand's banner",  # PartyPoker's
    "hhsmithy/CashGame/PlayerTests/WithSittingOut.txt": "line 1: expected a hand",  # PartyPoker's
}


def rel(path: Path) -> str:
    return str(path.relative_to(FIXTURES))


def hands_of(path: Path) -> list:
    return parse_pacific(read_text(str(path)), source=rel(path))


@pytest.mark.parametrize("name", sorted(NOT_READ))
def test_the_bundled_files_that_are_not_read_say_why(name):
    with pytest.raises(HistoryParseError, match=re.escape(NOT_READ[name])):
        list(site_hands(read_text(str(FIXTURES / name)), "pacific", source=name))


def test_chips_put_in_uncalled_bets_and_the_rake_worked_out():
    allin, walk, after_flop, split, side = hands_of(HAND / "cash-nl-holdem-crlf.txt")
    # "dan raises [$0.30]" puts in 30 cents: a raise to 30; "dan raises [$2.90]" on the flop: to 290
    assert allin.history.actions[4:8] == ("p3 cbr 30", "p4 cc", "p1 f", "p2 cc") and "p3 cbr 290" in allin.history.actions
    assert allin.history.starting_stacks == (600, 1000, 320, 1000) and allin.rake == 34
    # a walk: "eve collected [ $0.15 ]" counts the big blind's uncalled 5 cents; the pot is 10, no rake
    assert walk.collected == (Collected("eve", None, 10),) and walk.rake == 0
    # a bet after the flop nobody called is not counted in: 0.67 of a pot of 0.70, rake 3
    assert after_flop.collected == (Collected("cy", None, 67),) and after_flop.rake == 3
    assert split.collected == (Collected("cy", None, 55), Collected("eve", None, 55)) and split.rake == 5
    # two side pots: ann's aces take the main pot (610 less 30), bob's kings the side pot (600 less 30)
    assert side.collected == (Collected("ann", None, 580), Collected("bob", None, 570)) and side.rake == 60
    assert [check_site(h).status for h in (allin, walk, after_flop, split, side)] == ["matched"] * 5


def test_fixed_limit_pot_limit_and_practice_play():
    pl, fl, practice = hands_of(HAND / "cash-pl-fl-holdem.txt")
    assert pl.history.variant == "PT" and pl.history.actions[3:6] == ("p3 cbr 700", "p1 cc", "p2 f")
    # "$1/$2 Blinds Fix Limit Holdem": the blinds; the bets are $2 and $4
    assert fl.history.variant == "FT" and (fl.history.small_bet, fl.history.big_bet) == (200, 400)
    assert practice.history.currency is None and practice.history.starting_stacks == (99100, 100000, 1138043)
    assert practice.history.user_fields["_play_money"] is True and practice.collected == (Collected("cy", None, 1615),)


def test_omaha_hi_lo_and_tournaments():
    hilo = hands_of(HAND / "cash-omaha.txt")[3]
    assert hilo.history.variant == "PO/8" and hilo.collected == (Collected("bob", None, 38), Collected("ann", None, 38))
    antes, ro, spaces, fixed = hands_of(HAND / "tournament-holdem.txt")
    assert antes.history.currency is None and antes.history.antes == (30, 30, 30, 30) and antes.rake == 0
    assert ro.history.starting_stacks == (854876, 298064, 617146) and ro.collected == (Collected("bob", None, 110000),)
    assert spaces.history.user_fields["_tournament"] == "154648012" and spaces.history.variant == "PT"
    assert fixed.collected == (Collected("ann", None, 174), Collected("bob", None, 4))


def test_the_sites_own_lines():
    blast, jackpot, dead, moved, observed, short, canada, ace = hands_of(HAND / "site-features.txt")
    assert blast.history.user_fields["_table_kind"] == "BLAST" and blast.history.antes == (500, 500, 500)
    # "[$0.01 + $0.02]": one cent dead, two live; eve folded before the cards: sitting out, not dealt in
    assert "eve" not in dead.history.players and dead.history.antes[2] == 1
    # cy sits between the button and the small blind: the button is taken to be cy's seat
    assert moved.history.players[-1] == "cy" and moved.history.seats[-1] == 3
    assert observed.history.actions[2] == "p2 cbr 15000"  # no "Dealing down cards" line (heads-up: p2 the button)
    # the short big blind's 125 "called" with the whole 100 more: a call of 25, 75 never in the pot
    assert short.history.actions[4:7] == ("p3 f", "p4 f", "p1 cc") and short.collected == (Collected("eve", None, 330),)
    assert (canada.rake, ace.collected) == (22, (Collected("ann", None, 800),))


ALL_IN = """#Game No : 11
***** 888poker Hand History for Game 11 *****
$1/$2 Blinds No Limit Holdem - *** 04 03 2020 15:32:21
Table T (Real Money)
Seat 3 is the button
Total number of players : 3
Seat 1: ann ( $7 )
Seat 2: bob ( $150 )
Seat 3: cy ( $300 )
ann posts small blind [$1]
bob posts big blind [$2]
** Dealing down cards **
cy raises [$7]
ann calls [$6]
bob raises [$148]
cy raises [$200]
** Dealing flop ** [ 8s, 7s, 2d ]
** Dealing turn ** [ 6h ]
** Dealing river ** [ 4d ]
** Summary **
ann shows [ Ah, Ad ]
bob shows [ Kh, Kd ]
cy shows [ Qh, Qd ]
ann collected [ $19.95 ]
bob collected [ $283.98 ]"""


def test_a_raise_when_everyone_else_is_all_in_is_a_call():
    (hand,) = parse_pacific(ALL_IN)
    # cy "raises [$200]" with ann and bob all in: a call of 143, the 57 above it never in a pot; the capped rake
    # ($3.07 of $307) drawn main pot first at 5% (pacific.rake_rule): $1.05 of the $21 main pot, $2.02 of the $286 side pot
    assert hand.history.actions[5:7] == ("p2 cbr 15000", "p3 cc") and hand.rake == 307
    assert check_site(hand).status == "matched", check_site(hand).message


def test_cards_in_the_clients_languages():
    assert cards_text("[ Вh, Дc, Тd, Кs ]") == "Jh Qc Ad Ks" == cards_text("Âh, Äc, Òd, Ês")
    assert cards_text("[ Ec, Knd, Dd, 10s ]") == "Ac Jd Qd Ts" and cards_text("7p, 8t") is None
    russian = hands_of(HAND / "languages.txt")[3]
    assert {"d db 9sJh2s", "d db Qc", "d dh p3 2dAd"} <= set(russian.history.actions)  # (ann's pair of twos wins)
    spanish = hands_of(HAND / "languages.txt")[4]  # "7p, 8t": picas, tréboles; the flop "Kd, 2p, 5d"
    assert {"d db Kd2s5d", "d dh p1 7s8c"} <= set(spanish.history.actions)


GOOD = (HAND / "cash-pl-fl-holdem.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("old, new, line, message", [
    ("cy raises [$7]", "cy raises [$7.001]", 14, "bad amount '$7.001'"),
    ("cy raises [$7]", "cy raises [lots]", 14, "bad amount 'lots'"),
    ("cy raises [$7]", "cy raises", 14, "'cy' raises without an amount"),
    ("cy raises [$7]", "cy dances [$7]", 14, "cannot read 'cy dances [$7]'"),
    ("** Dealing flop ** [ 8s, As, 2d ]", "** Dealing flop ** [ 8s, As ]", 17, "the flop has 2 card(s)"),
    ("** Dealing flop ** [ 8s, As, 2d ]", "** Dealing flop ** [ 8s, Xs, 2d ]", 17, "bad cards"),
    ("Seat 2: bob ( $150 )", "Seat 2: ann ( $150 )", 8, "player 'ann' twice"),
    ("$1/$2 Blinds Pot Limit Holdem", "$1/$2 Blinds Pot Limit Razz", 3, "cannot read the game"),
    ("Seat 3 is the button", "Seat three is the button", 5, "expected 'Seat N is the button'"),
    ("***** Cassava Hand History for Game 2000000001", "***** Cassava Hand History for Game 2000000009", 2,
     "is not the game 2000000001"),
    ("ann posts small blind [$1]", "zed posts small blind [$1]", 10, "cannot read 'zed posts"),
    ("ann collected [ $45.60 ]", "ann collected [ $45.60 ]\nbob says hi", 30, "cannot read 'bob says hi'"),
    ("bob posts big blind [$2]", "bob posts big blind [$2]\nann folds", 12, "'ann' folds before the cards, after posting"),
])
def test_malformed_lines_name_the_line(old, new, line, message):
    assert old in GOOD
    with pytest.raises(HistoryParseError) as err:
        parse_pacific(GOOD.replace(old, new, 1), source="f.txt")
    assert f"f.txt, hand 200000000" in str(err.value) and f"line {line}:" in str(err.value)
    assert message in str(err.value), str(err.value)


def test_limits_and_bad_input():
    with pytest.raises(HistoryParseError, match="line 3: line of 2,044 characters, more than 2,000"):
        parse_pacific(GOOD.replace("$1/$2 Blinds", "x" * (MAX_LINE_CHARS + 1), 1))
    long_hand = GOOD.replace("** Summary **", "ann checks\n" * MAX_HAND_LINES + "** Summary **", 1)
    with pytest.raises(HistoryParseError, match="a hand of more than 2,000 lines"):
        parse_pacific(long_hand)


@pytest.mark.skipif(not FPDB.is_dir(), reason="fpdb-3's regression files are not on this machine")
def test_fpdb_real_hands():
    statuses: dict[str, int] = {}
    messages = []
    for path in sorted(FPDB.glob("*/PacificPoker/**/*.txt")):
        text = read_text(str(path))
        if detect(text) != "pacific":
            continue
        try:
            for hand in site_hands(text, "pacific", source=path.name):
                result = check_site(hand)
                statuses[result.status] = statuses.get(result.status, 0) + 1
                if result.status != "matched":
                    messages.append(result.message)
        except HistoryParseError as exc:
            statuses["error"] = statuses.get("error", 0) + 1
            messages.append(str(exc))
    assert statuses == {"matched": 317, "mismatched": 6, "error": 1}, messages
    # each not matched, the file's doing or what the check cannot know: two names both blank; the file's
    # rake drawn pot by pot by a rule not known (3 hands with side pots; a fourth, 361198949, a capped
    # play-money rake all from the main pot, matches by pacific.rake_rule); a side pot paid 76 of 576, a
    # hand with no collected line, a split pot with one winner's line missing (the file's).  A player all
    # in for less than the ante matches since antes count as ordinary chips where 888 builds its pots so
    # (as the 2019 BLAST hand all in by unequal antes: the ante nobody matched is handed back)
    assert sum("player '' twice" in m for m in messages) == 1


# -- properties ----------------------------------------------------------------------------------


def _written(cents: int, style: int) -> str:
    """An amount as the 888 clients write it, in one of their styles."""
    whole, frac = divmod(cents, 100)
    grouped = f"{whole:,}"
    tail = "" if not frac else f".{frac:02d}"
    if style == 0:
        return f"${grouped}{tail}"
    if style == 1:  # decimal comma, points between thousands, the sign after
        return grouped.replace(",", ".") + ("" if not frac else f",{frac:02d}") + " $"
    if style == 2:  # no-break spaces between thousands, the euro after
        return grouped.replace(",", "\xa0") + ("" if not frac else f",{frac:02d}") + "\xa0€"
    return f"$ {grouped}{tail}"


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 500), st.integers(0, 10**7), st.integers(0, 3), st.integers(0, 99))
def test_amounts_written_as_888_writes_them_read_back(sb, extra, style, cents):
    bb = 2 * sb
    raise_to = 3 * bb + extra
    stack = raise_to + 4 * bb + cents
    text = f"""#Game No : 9
***** 888poker Hand History for Game 9 *****
{_written(sb, style)}/{_written(bb, style)} Blinds No Limit Holdem - *** 01 01 2020 00:00:00
Table T 6 Max (Real Money)
Seat 2 is the button
Total number of players : 2
Seat 1: a b ( {_written(stack, style)} )
Seat 2: a ( {_written(stack + 1, style)} )
a posts small blind [{_written(sb, style)}]
a b posts big blind [{_written(bb, style)}]
** Dealing down cards **
a raises [{_written(raise_to - sb, style)}]
a b calls [{_written(raise_to - bb, style)}]
** Dealing flop ** [ 2c, 3d, 4h ]
a b bets [{_written(bb, style)}]
a folds
** Summary **
a b did not show his hand
a b collected [ {_written(2 * raise_to, style)} ]"""
    (hand,) = parse_pacific(text)
    assert hand.history.starting_stacks == (stack, stack + 1) and hand.history.blinds_or_straddles == (sb, bb)
    assert hand.history.actions[2:5] == (f"p2 cbr {raise_to}", "p1 cc", "d db 2c3d4h")
    assert hand.collected == (Collected("a b", None, 2 * raise_to),) and hand.rake == 0
    assert check_site(hand).status == "matched"


# --- rarer constructs of 888's files (fixtures/pacific/handwritten/odd-posts-suits-blast.txt) ---

def test_button_posts_portuguese_cards_unwritten_river_checks():
    first, second, omaha, _ = hands_of(HAND / "odd-posts-suits-blast.txt")
    # the button (ann, seat 2) posts the small blind; bob folds between the posts (sitting out, not dealt in)
    h = first.history
    assert h.players == ("ann", "cy", "dan") and h.blinds_or_straddles == (5, 10, 0)
    # Portuguese suits: espadas s, copas h, ouros d, paus c
    assert "d db Qd4c7s" in h.actions and "d dh p1 AdAs" in h.actions and "d db Kd" in h.actions
    # the river dealt, then the summary: the three checks the file leaves out are put in, in order
    river = h.actions.index("d db Kd")
    assert h.actions[river + 1:river + 4] == ("p1 cc", "p2 cc", "p3 cc")
    assert h.user_fields["_checks_unwritten"] == 3
    assert first.collected == (Collected("ann", None, 29),) and first.rake == 1
    assert check_site(first).status == "matched"
    # only the small blind posts; the big blind folds before the deal: bob's raise of 20 takes the pot of 10
    # (cy's 5, bob's 5 that match it; his other 15 handed back, counted in the file's $0.25)
    assert second.history.players == ("bob", "cy") and check_site(second).status == "matched"
    assert second.collected == (Collected("bob", None, 10),) and second.rake == 0
    # a tournament hi/lo pot split 1,130 and 1,130 (the antes, then three streets)
    assert omaha.history.variant == "PO/8" and omaha.history.antes == (20, 20, 20)
    assert sorted((c.player, c.amount) for c in omaha.collected) == [("ann", 1130), ("bob", 1130)]
    assert check_site(omaha).status == "matched"


def test_every_hand_begun_gets_a_verdict():
    """The fourth hand (the small blind posts, the big blind folds before the deal: nobody else) is played by
    nobody: the file's four hands are three read and one unplayed, not three."""
    from pokerengine.formats.blocks import NoHand

    text = read_text(str(HAND / "odd-posts-suits-blast.txt"))
    got = list(site_hands(text, "pacific", cancelled=True, errors=True, unplayed=True))
    assert [type(g).__name__ for g in got] == ["SiteHand", "SiteHand", "SiteHand", "NoHand", "SiteHand"]
    assert isinstance(got[3], NoHand)


def test_cr_only_line_ends_read():
    """Old Mac files end lines with a bare CR: detected and read like the others (they were 'not a hand
    history')."""
    cr = read_text(str(HAND / "odd-posts-suits-blast-cr.txt"))
    assert "\n" not in cr and detect(cr) == "pacific"
    assert [h.history.actions for h in parse_pacific(cr)] == [h.history.actions for h in hands_of(HAND / "odd-posts-suits-blast.txt")]


def test_a_street_with_a_bet_or_one_player_left_gets_no_checks():
    hands = hands_of(HAND / "odd-posts-suits-blast.txt")
    assert ["_checks_unwritten" in h.history.user_fields for h in hands] == [True, False, False, False]
    text = (HAND / "odd-posts-suits-blast.txt").read_text().split("\n\n\n\n")[0]
    # dan folds on the turn: two players left, two checks put in (ann, then cy)
    [two] = parse_pacific(text.replace("cy checks\ndan checks\n** Dealing river", "cy checks\ndan folds\n** Dealing river"))
    river = two.history.actions.index("d db Kd")
    assert two.history.user_fields["_checks_unwritten"] == 2 and two.history.actions[river + 1:river + 3] == ("p1 cc", "p2 cc")
    # cy folds too: one player left, nothing is put in
    [one] = parse_pacific(text.replace("cy checks\ndan checks\n** Dealing river", "cy folds\ndan folds\n** Dealing river"))
    assert "_checks_unwritten" not in one.history.user_fields
    assert cards_text("Qo, 4p") is None and cards_text("Qo, 4p", portuguese=True) == "Qd 4c"


def test_an_ante_nobody_could_match_is_handed_back():
    """A BLAST hand all in by antes of 3,530 and 2,470: 888 pays the winner the matched 4,940 (fpdb-3's file of
    2019 is such a hand); the record's larger ante is cut to the matched 2,470."""
    blast = hands_of(HAND / "odd-posts-suits-blast.txt")[3]
    h = blast.history
    assert h.players == ("ann", "bob") and h.starting_stacks == (3530, 2470)
    assert h.antes == (2470, 2470) and h.user_fields["_ante_returned"] == 1060
    assert blast.collected == (Collected("bob", None, 4940),) and check_site(blast).status == "matched"
    # equal antes (the bundled BLAST hand): nothing handed back
    [equal] = [x for x in hands_of(HAND / "site-features.txt") if x.hand_id == "6000000001"]
    assert "_ante_returned" not in equal.history.user_fields and equal.history.antes == (500, 500, 500)


def test_a_fixed_limit_big_bet_from_the_turns_first_bet():
    """hhp's real 2018 hands (not bundled: OHH cannot write the bets) are a '$0.06/$0.12 Blinds Fix Limit Holdem'
    table with bets of $0.12 and $0.25, not $0.24; a hand written after them."""
    text = """#Game No : 7100000001
***** 888poker Hand History for Game 7100000001 *****
$0.06/$0.12 Blinds Fix Limit Holdem - *** 17 06 2018 20:28:21
Table Embu 10 Max (Real Money)
Seat 5 is the button
Total number of players : 2
Seat 5: ann ( $4.80 )
Seat 7: bob ( $1.25 )
ann posts small blind [$0.06]
bob posts big blind [$0.12]
** Dealing down cards **
ann calls [$0.06]
bob checks
** Dealing flop ** [ 7c, Tc, 7d ]
bob checks
ann bets [$0.12]
bob calls [$0.12]
** Dealing turn ** [ 2c ]
bob checks
ann bets [$0.25]
bob calls [$0.25]
** Dealing river ** [ Ts ]
bob checks
ann checks
** Summary **
bob shows [ Kh, 7h ]
ann mucks [ 9c, 8s ]
bob collected [ $0.94 ]"""
    [first] = parse_pacific(text)
    h = first.history
    assert h.variant == "FT" and (h.small_bet, h.big_bet) == (12, 25) and h.blinds_or_straddles == (6, 12)
    assert first.collected == (Collected("bob", None, 94),) and check_site(first).status == "matched"
    # a turn bet all in for less is not the big bet: twice the big blind then
    [allin] = parse_pacific(text.replace("ann bets [$0.25]", "ann bets [$0.25] and is all-in"))
    assert allin.history.big_bet == 24


def test_the_summary_states_each_amount_once_so_a_changed_collected_amount_is_a_mismatch_of_the_collected():
    """888's summary writes each winner's ``collected [ $X ]`` and nothing else with an amount (no won or net
    figure; the hi/lo ``(Hi: ...)``/``(Lo: ...)`` lines name cards): nothing is stated twice (``stated`` is
    ``None``), and a changed ``collected`` amount is a mismatch of the collected amounts."""
    for path in sorted(HAND.glob("*.txt")):
        if path.name != "truncated.txt":
            assert all(h.stated is None for h in hands_of(path)), path
    text = read_text(str(HAND / "cash-omaha.txt"))
    old = re.search(r"^(\S+) collected \[ ([^]]+) \]", text, re.M)
    assert old is not None
    changed = text.replace(old.group(0), f"{old.group(1)} collected [ 999,99 € ]", 1)
    r = [check_site(h) for h in parse_pacific(changed)][0]
    assert r.status == "mismatched" and f"collected: {old.group(1)} (seat" in r.message and "file 99999" in r.message


# --- what DriveHUD's real 888 and TowerTorneos test files (2016-2017) write that the reader once misread
# (fixtures/pacific/handwritten/spanish-short-blind-rake.txt, hands written after them) ---

def test_a_spanish_or_portuguese_d_is_a_ten():
    spanish, *_, portuguese = hands_of(HAND / "spanish-short-blind-rake.txt")
    # "Dealt to ann [ Dt, Dd ]", a flop "[ Qc, Dp, Qp ]": read as queens, Qs would be dealt twice
    assert spanish.history.actions[2] == "d dh p3 TcTd" and spanish.history.actions[6] == "d db QhTsQs"
    assert portuguese.history.actions[6] == "d db 4dAcTs"  # "[ 4o, Ap, De ]"
    assert check_site(spanish).status == "matched"


def test_a_big_blind_all_in_below_the_small_blind_is_called_in_full():
    hand = hands_of(HAND / "spanish-short-blind-rake.txt")[1]
    # "posts small blind [50]", "posts big blind [70]" all in, then "calls [100]" and "calls [50]": the full blind
    assert hand.history.blinds_or_straddles[:2] == (50, 100) and hand.history.user_fields["_full_blind"] is True
    assert check_site(hand).status == "matched", check_site(hand).message
    # without the rule the callers would put in 70 each: the side pot's 30 + 30 missing from bob's collected
    plain = attrs.evolve(hand, history=attrs.evolve(hand.history, blinds_or_straddles=(50, 70, 0, 0, 0),
                                                    user_fields={"_tournament": "700000002"}))
    assert check_site(plain).status == "mismatched"


def test_a_short_all_in_bet_opening_the_turn_is_not_the_big_bet():
    hand = hands_of(HAND / "spanish-short-blind-rake.txt")[2]
    # the turn opens with "bets [$0.03]", a whole stack; "raises [$0.07]" is that bet and a big bet of $0.04
    assert (hand.history.small_bet, hand.history.big_bet) == (2, 4)
    assert "p2 cbr 7" in hand.history.actions and check_site(hand).status == "matched"


def test_a_capped_rake_comes_from_the_main_pot():
    hand = hands_of(HAND / "spanish-short-blind-rake.txt")[3]
    # $3 of a $300 main pot and a $40 side pot: all from the main pot (ann $297, bob $40)
    assert hand.rake == 300 and rake_rule([30000, 4000], True, hand) == [300, 0]
    assert check_site(hand).status == "matched"
    assert check_site(hand, rule=lambda pots, flop, h: None).status == "mismatched"  # in proportion: 265 and 35
    # a 5% rake is the check's own draw, in proportion (None); so is a hand with one pot
    assert rake_rule([431, 304], True, attrs.evolve(hand, rake=36)) is None
    assert rake_rule([34000], True, hand) is None



# --- what DriveHUD's real 2016 888 cash files write in an order of play the rule book refuses
# (fixtures/pacific/handwritten/button-blinds-folds-early.txt, hands written after them) ---

EARLY = HAND / "button-blinds-folds-early.txt"


def test_heads_up_the_button_posting_the_big_blind_lets_the_small_blind_open_every_street():
    """bob sits out; cy, on the button, posts the big blind; ann's small blind acts first before and after the
    flop (real hands 436405566, 933310954, ...): the record's button (p2) posts the big blind."""
    hand = hands_of(EARLY)[0]
    h = hand.history
    assert h.players == ("ann", "cy") and h.seats == (2, 5) and h.blinds_or_straddles == (2, 1)
    assert h.actions[2:4] == ("p1 cc", "p2 cc") and h.actions[5:7] == ("p1 cc", "p2 cbr 2")
    assert h.user_fields["_button_last"] is True and check_site(hand).status == "matched"
    # the button on ann, who posts the small blind: the usual heads-up record (the button p2, the big blind p1)
    usual = EARLY.read_text().split("\n\n\n\n")[0].replace("Seat 5 is the button", "Seat 2 is the button")
    [plain] = parse_pacific(usual)
    assert plain.history.players == ("cy", "ann") and "_button_last" not in plain.history.user_fields


def test_a_split_pot_heads_up_with_the_button_on_the_big_blind_is_only_an_odd_chip_apart():
    """A pot of 27 split, 888 gives the odd chip to the first winner left of the button (real hand 436461778):
    ann, the small blind, where the engine gives a heads-up odd chip to the button (p2): split_chip, no error."""
    text = EARLY.read_text().split("\n\n\n\n")[0]
    text = text.replace("cy shows [ 9h, 9s ]", "cy shows [ Js, 8d ]").replace("cy collected [ $0.15 ]",
                                                                             "cy collected [ $0.07 ]\nann collected [ $0.08 ]")
    [hand] = parse_pacific(text)
    result = check_split(hand)
    assert result.status == "split_chip" and "ann (seat 2) file 8, engine 7" in result.message


def test_the_button_posting_the_small_blind_acts_last_after_the_flop():
    """cy, on the button, posts the small blind, ann the big blind (the next seat); dan opens after the flop and
    cy, the button, acts last (real hands 436493673, 436494548); the odd cent of the split pot goes to dan, the
    first winner left of the button, as in 436493673."""
    hand = hands_of(EARLY)[1]
    h = hand.history
    assert h.players == ("ann", "dan", "cy") and h.blinds_or_straddles == (2, 0, 1)
    assert h.actions[3:7] == ("p2 cbr 4", "p3 cc", "p1 f", "d db Ks7h3c") and h.actions[7:9] == ("p2 cbr 2", "p3 cc")
    assert check_site(hand).status == "matched"
    assert sorted((c.player, c.amount) for c in hand.collected) == [("cy", 10), ("dan", 11)]
    # where the file has the button that posted the small blind open after the flop, the record stays as it was
    [first] = hands_of(HAND / "odd-posts-suits-blast.txt")[:1]
    assert first.history.players[0] == "ann" and "_button_last" not in first.history.user_fields


def test_a_fold_written_before_its_turn_is_played_in_turn():
    """fay folds first, before cy, eve and ann, who come before her after the big blind (real hands 436408568,
    436431543): her fold is played when her turn comes."""
    hand = hands_of(EARLY)[2]
    h = hand.history
    assert h.players == ("ann", "dan", "cy", "fay", "eve") and h.user_fields["_folds_moved"] == 1
    assert h.actions[5:10] == ("p3 cc", "p4 f", "p5 cc", "p1 cc", "p2 cc")
    assert check_site(hand).status == "matched"
    # a fold out of turn that cannot be played in turn (ann folds first, then calls): refused, as before
    [bad] = parse_pacific(EARLY.read_text().split("\n\n\n\n")[2].replace("fay folds\n", "ann folds\nfay folds\n", 1))
    assert "_folds_moved" not in bad.history.user_fields
    with pytest.raises(IllegalActionError, match="out of turn"):
        check_site(bad)


def test_a_player_who_misses_the_last_bet_and_shows_down_is_all_in_for_what_he_put_in():
    """ann checks the river, misses dan's bet and cy's call, and wins the main pot at the showdown (888's
    disconnect protection, real hand 436471207): all in for the 8 cents she put in, her river check left out."""
    hand = hands_of(EARLY)[3]
    h = hand.history
    assert h.players == ("cy", "ann", "dan") and h.starting_stacks == (97, 8, 115)
    assert h.user_fields["_disconnected"] == ("ann",)
    assert h.actions[-7:-3] == ("d db Kh", "p1 cc", "p3 cbr 4", "p1 cc")
    assert check_site(hand).status == "matched"
    assert sorted((c.player, c.amount) for c in hand.collected) == [("ann", 23), ("dan", 8)]


def test_a_raise_below_the_minimum_that_everyone_folds_to_is_a_call():
    """kim raises to $7 over lee's all in to $6 (a $1 raise, short) after yan's raise to $5: the smallest raise is
    to $9, but 888 takes it (real hand 553859788); fay and gus fold: a call of $6, kim's last $1 uncalled."""
    hand = hands_of(EARLY)[4]
    h = hand.history
    assert h.user_fields["_raises_below_minimum"] == ("p5 cbr 700",) and h.actions[7] == "p5 cc"
    assert check_site(hand).status == "matched" and hand.rake == 50
    # somebody calls the short raise: it is no call, and the hand stays refused by the rule book
    text = EARLY.read_text().split("\n\n\n\n")[4].replace("gus folds", "gus calls [$6]")
    [called] = parse_pacific(text)
    assert "_raises_below_minimum" not in called.history.user_fields


def test_a_pot_nobody_contests_paid_far_short_is_the_file_contradicting_itself():
    """DriveHUD's real pot-limit Omaha hi/lo hands 553791428 and three more: the other player folds, and the
    winner collects $3.25 twice of a $30 pot.  No rake is that large: the mismatch says the file contradicts
    itself."""
    text = """#Game No : 8100000006
***** 888poker Hand History for Game 8100000006 *****
$1/$2 Blinds Pot Limit OmahaHL - *** 12 03 2016 21:05:45
Table Tula 6 Max (Real Money)
Seat 1 is the button
Total number of players : 2
Seat 1: ann ( $400 )
Seat 4: bob ( $210 )
ann posts small blind [$1]
bob posts big blind [$2]
** Dealing down cards **
ann calls [$1]
bob checks
** Dealing flop ** [ Kc, 2c, 7c ]
bob bets [$4]
ann calls [$4]
** Dealing turn ** [ 4d ]
bob bets [$9]
ann calls [$9]
** Dealing river ** [ 9h ]
bob bets [$22.50]
ann folds
** Summary **
bob did not show his hand
bob collected [ $3.25 ]
bob collected [ $3.25 ]"""
    [hand] = parse_pacific(text)
    result = check_site(hand)
    assert result.status == "mismatched" and hand.rake is None
    assert "the file contradicts itself: the only player left in collected 650 of a pot of 3000" in result.message
    # paid the pot less a rake of 5%: matched, nothing said
    [fair] = parse_pacific(text.replace("[ $3.25 ]\nbob collected [ $3.25 ]", "[ $28.50 ]"))
    assert check_site(fair).status == "matched" and "_file_contradicts" not in fair.history.user_fields
    # a pot two players contest, paid short: a mismatch, without the note (the reader may have misread it)
    [shown] = parse_pacific(text.replace("ann folds", "ann calls [$22.50]").replace(
        "bob did not show his hand", "bob shows [ Ah, 3h, Kd, Qs ]\nann shows [ 5s, 5h, 6d, 8c ]"))
    assert check_site(shown).status == "mismatched" and "contradicts" not in check_site(shown).message


def test_a_tournament_big_blind_posted_below_the_headers_is_the_smallest_bet():
    """pokerregion/poker's real 2016 tournament hand 778807232: the header says "$200/$400 Blinds" (the next
    level), the blinds posted are $150 and $300 in full, and a bet of $300 after the flop stands."""
    text = """#Game No : 8100000007
***** 888poker Hand History for Game 8100000007 *****
$200/$400 Blinds No Limit Holdem - *** 28 03 2016 00:29:21
Tournament #8100 $0.01 - Table #4 9 Max (Real Money)
Seat 2 is the button
Total number of players : 3
Seat 2: ann ( $6,200 )
Seat 3: bob ( $3,000 )
Seat 4: cy ( $4,000 )
ann posts ante [$40]
bob posts ante [$40]
cy posts ante [$40]
bob posts small blind [$150]
cy posts big blind [$300]
** Dealing down cards **
ann calls [$300]
bob calls [$150]
cy checks
** Dealing flop ** [ 4s, 4d, 8h ]
bob checks
cy bets [$300]
ann folds
bob folds
** Summary **
cy did not show his hand
cy collected [ $1,320 ]"""
    [hand] = parse_pacific(text)
    h = hand.history
    assert h.min_bet == 300 and h.user_fields["_header_big_blind"] == 400 and h.blinds_or_straddles == (150, 300, 0)
    assert check_site(hand).status == "matched"
    # the big blind posted as the header says: nothing changes
    [level] = parse_pacific(text.replace("[$150]", "[$200]").replace("posts big blind [$300]", "posts big blind [$400]")
                            .replace("calls [$300]", "calls [$400]").replace("calls [$150]", "calls [$200]")
                            .replace("bets [$300]", "bets [$400]").replace("$1,320", "$1,720"))
    assert level.history.min_bet == 400 and "_header_big_blind" not in level.history.user_fields
    assert check_site(level).status == "matched"
