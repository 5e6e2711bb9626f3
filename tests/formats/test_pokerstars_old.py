"""PokerStars' older files and the odd cases: each with a hand-written fixture of
``fixtures/pokerstars/handwritten/`` (figures worked out below) and HHSmithy's real samples
(``fixtures/pokerstars/hhsmithy/``, MIT); every bundled hand matched or its reason asserted in
``tests/formats/test_formats_sites.py`` (the reasons: ``tests/site_fixtures.py``).

What each case is and why the check reads it so: ``docs/histories.md`` (PokerStars' older files).
"""

from __future__ import annotations

import datetime
import json
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerengine.errors import HistoryParseError, IllegalActionError
from pokerengine.formats import read_text
from pokerengine.formats.pokerstars import RAKE_DATES, parse_pokerstars, rake_rule
from pokerengine.live import interpret
from pokerengine.formats.sitehand import Collected
from pokerengine.replay.site_check import check_site
from pokerengine.live import Options, from_history

ROOT = Path(__file__).resolve().parents[2]
HANDWRITTEN = ROOT / "fixtures" / "pokerstars" / "handwritten"
TDA = Options(mode="tda")


def known(history):
    """``history`` with every unknown hole card dealt a card nobody holds (live play deals known cards)."""
    dealt = " ".join(a.split(" ", 3)[-1] for a in history.actions if a.startswith("d "))
    used = set(re.findall(r"[2-9TJQKA][cdhs]", dealt))
    spare = [r + s for r in "23456789TJQKA" for s in "cdhs" if r + s not in used]
    actions = [a if not a.endswith("?") else a.replace("??", "{}").format(*(spare.pop() for _ in range(a.count("??"))))
               for a in history.actions]
    return attrs.evolve(history, actions=tuple(actions))


def hands(name: str):
    path = HANDWRITTEN / name
    return parse_pokerstars(read_text(str(path)), source=name)


# -- 1. no "Uncalled bet" line ------------------------------------------------------------------------------

def test_older_files_write_no_uncalled_line_and_the_check_derives_it():
    # 2007: ann raises to 90, cy calls, ann bets 120 on the flop and cy folds.  The file writes no
    # "Uncalled bet (120) returned" line; its pot is 15 + 90 + 90 = 195 without the 120.
    first, second = hands("old-no-uncalled-line.txt")
    assert first.returned is None  # not said: not compared
    assert first.date == datetime.date(2007, 10, 15)  # "2007/10/15 - 05:34:03 (ET)"
    r = check_site(first)
    assert (r.status, first.total_pot, first.collected) == ("matched", 195, (Collected("ann", 0, 195),))
    # had the file said "nothing came back", the engine's 120 for ann would be a mismatch
    said = check_site(attrs.evolve(first, returned=(0, 0, 0)))
    assert said.status == "mismatched" and said.message.endswith("uncalled bets returned: file none, engine {ann: 120}")
    # a 2007 cash header without a currency code ("($0.25/$0.50)"): bob all in for $20, ann calls:
    # 0.25 + 20 + 20 = $40.25, rake $1 (the file's: no rule is known for 2007), ann collects $39.25
    assert second.history.currency == "USD" and check_site(second).status == "matched"
    assert (second.total_pot, second.rake, second.returned) == (4025, 100, None)


# -- 2. the rake rule of its dates ---------------------------------------------------------------------------

def test_the_rake_rule_is_taken_only_for_the_dates_it_is_known_for():
    # 2010, $0.01/$0.02: a pot of 1 + 7 + 7 = 15 cents that saw a flop; the file says Rake $0 where the
    # 2020 rule (3.5%, halves up: 0.525) takes a cent.  2010 is not a date the rule is known for: the
    # file's rake is taken, and the hand matches.
    (hand,) = hands("old-rake.txt")
    assert hand.date == datetime.date(2010, 5, 1)
    assert rake_rule([15], True, hand) == [0] and check_site(hand).status == "matched"
    # the same hand dated 2020: the rule takes its cent, and the file's "Rake $0" is a mismatch
    text = read_text(str(HANDWRITTEN / "old-rake.txt")).replace("2010/05/01", "2020/05/01")
    (now,) = parse_pokerstars(text)
    assert rake_rule([15], True, now) == [1]
    r = check_site(now)
    assert r.status == "mismatched" and (r.rake_expected, r.rake_got) == (0, 1)
    assert "ann (seat 1) main pot file 15, engine 14" in r.message


@settings(max_examples=60, deadline=None)
@given(st.dates(datetime.date(2001, 1, 1), datetime.date(2030, 12, 31)))
def test_the_rule_applies_exactly_within_its_dates(day):
    text = read_text(str(HANDWRITTEN / "old-rake.txt")).replace("2010/05/01", day.strftime("%Y/%m/%d"))
    (hand,) = parse_pokerstars(text)
    first, last = RAKE_DATES[("NT", "USD", 2)]
    assert hand.date == day
    assert rake_rule([15], True, hand) == ([1] if first <= day <= last else [0])  # else the file's Rake $0


def test_the_eastern_time_date_is_the_hands_date():
    # "2010/11/01 12:20:00 CET [2010/11/01 7:20:00 ET]": the bracketed ET date; a date that is none is left out
    cap = hands("odd-lines.txt")[2]
    assert cap.date == datetime.date(2010, 11, 1)
    text = read_text(str(HANDWRITTEN / "old-rake.txt")).replace("2010/05/01", "2010/13/45")
    (hand,) = parse_pokerstars(text)
    assert hand.date is None and rake_rule([15], True, hand) == [0]


# -- 3. encodings --------------------------------------------------------------------------------------------

def test_windows_1252_latin_1_and_utf_16_files_replay_through_the_command():
    files = ["encoding-windows-1252.txt", "encoding-latin-1.txt", "encoding-utf-16.txt"]
    raw = [(HANDWRITTEN / f).read_bytes() for f in files]
    assert b"\x80" in raw[0] and b"J\xfcrgen" in raw[1] and raw[2][:2] == b"\xff\xfe"  # the euro sign, ü, a BOM
    out = subprocess.run([sys.executable, "-m", "pokerengine", "replay", "--json", "--quiet",
                          *(str(HANDWRITTEN / f) for f in files)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["hands"] == 3 and summary["matched"] == 3
    for f in files:
        (hand,) = hands(f)
        assert hand.history.players == ("Zoë", "Ånna", "Jürgen") and hand.collected == (Collected("Jürgen", 0, 31),)
    assert hands(files[0])[0].history.currency == "EUR" and hands(files[1])[0].history.currency == "USD"


# -- 4. Courchevel -------------------------------------------------------------------------------------------

def test_courchevel_deals_the_first_flop_card_before_the_betting():
    hi, hilo = hands("courchevel.txt")
    # pot limit: pre-flop the pot is 0.10 + 0.25, ann calls 0.25 and raises the pot: 0.85 at most, 0.75 made;
    # pot 0.10 + 0.75 + 0.75 = 1.60, the flop bet is the pot, called: $4.80, rake $0.20 (the file's).
    # ann's AhAd with the board's As: three aces beat cy's three sevens (two hole cards, three from the board)
    assert hi.history.variant == "PC" and hi.history.actions[3:5] == ("d db As", "p3 cbr 75")
    assert "d db 7c2d" in hi.history.actions
    assert check_site(hi).status == "matched" and hi.collected == (Collected("ann", 0, 460),)
    # hi/lo: a limped pot of 0.75, rake 0.03: 72 halved; cy's KdKc + Kh is the high, ann's Ac2s + 3d4c8s the
    # only low (8-4-3-2-A); bob mucks
    assert hilo.history.variant == "PC/8" and check_site(hilo).status == "matched"
    assert set(hilo.collected) == {Collected("ann", 0, 36), Collected("cy", 0, 36)}
    # a Courchevel file without its first flop card is refused, naming it
    text = read_text(str(HANDWRITTEN / "courchevel.txt")).split("\n\n\n\n")[0].replace("*** PRE-FLOP *** [As]\n", "")
    with pytest.raises(HistoryParseError, match=r"line 13: Courchevel's first flop card .* is not written"):
        parse_pokerstars(text)


def test_the_live_engine_deals_courchevel():
    from pokerengine.live import Hand
    import random

    for code in ("PC", "PC/8"):
        hand = Hand(code, {1: 500, 2: 500, 3: 500}, blinds=(1, 2), rng=random.Random(7))
        assert len(hand.board) == 2 and len(hand.cards(1)) == 10  # one board card, five hole cards each
        while not hand.over:  # everyone checks or calls down
            legal = hand.legal_actions()
            if legal.show:
                hand.show(legal.seat)
            elif legal.check:
                hand.check(legal.seat)
            else:
                hand.call(legal.seat)
        assert len(hand.board) == 10 and sum(hand.settlement.payouts.values()) == 6


# -- 5. pot limit pre-flop, no limit after -------------------------------------------------------------------

def test_pot_limit_pre_flop_no_limit_post_flop_replays_as_no_limit():
    (hand,) = hands("mixed-betting.txt")
    # pre-flop ann raises the pot (to 70: 20 to call, then 10 + 20 + 20); on the flop she bets 1000 into 150,
    # which only no limit allows; cy's river all-in of 3930 comes back.  Pot 150 + 2000 = 2150.
    assert hand.history.variant == "NT"
    assert hand.history.user_fields["_betting"] == "pot limit pre-flop, no limit post-flop"
    assert check_site(hand).status == "matched" and hand.collected == (Collected("cy", 0, 2150),)
    with pytest.raises(IllegalActionError, match="pot limit: a raise is at most"):
        interpret(attrs.evolve(hand.history, variant="PT"))  # pot limit throughout refuses the flop bet


# -- 6. a raise nobody is left to call -----------------------------------------------------------------------

def test_a_raise_when_everyone_else_is_all_in_replays():
    (hand,) = hands("raise-nobody-can-call.txt")
    # bob all in for $2, cy for $3, then ann "raises $7 to $10 and is all-in": $7 comes back.  Main pot
    # 2 x 3 = $6 (rake 30 cents), side pot 1 x 2 = $2 (rake 10 cents): ann's aces take $5.70 and $1.90.
    assert hand.history.actions[3:7] == ("p3 cbr 30", "p1 cbr 200", "p2 cbr 300", "p3 cbr 1000")
    assert check_site(hand).status == "matched" and hand.returned == (0, 0, 700)
    with pytest.raises(IllegalActionError, match="nobody is left to call a raise"):
        from_history(known(hand.history), TDA)  # live play refuses it


# -- 7. a fixed-limit raise below today's minimum ------------------------------------------------------------

def test_a_fixed_limit_raise_after_a_short_all_in_is_what_the_site_accepted():
    (hand,) = hands("short-raise-fixed-limit.txt")
    # flop (small bet $0.10): bob bets 10, cy raises all in to 15 (5 more: short), ann raises to 20 -- the
    # last full bet plus one bet, as PokerStars raises; the rules of today ask for 25.  Main pot 25 x 3 = 75
    # (rake 3), side pot 5 x 2 = 10 (rake 1): cy's aces 72, ann's kings 9 (bob mucks).
    assert "p3 cbr 20" in hand.history.actions and check_site(hand).status == "matched"
    with pytest.raises(IllegalActionError, match="TDA 43: a raise is at least .* to at least 25"):
        from_history(known(hand.history), TDA)


def test_a_big_blind_with_nothing_to_decide_draws_without_checking():
    # badugi: p3 calls all in for less than the big blind, p1 folds; nobody can bet against p2, whom the
    # file (as PokerStars writes it) sends to the draw without a check: the replay implies it.  p2's 20
    # against p3's 15: 5 comes back, p2's badugi takes 10 + 15 + 15
    acts = ("d dh p1 ????????", "d dh p2 ????????", "d dh p3 ????????", "p3 cc", "p1 f", "p2 sd", "p3 sd", "p2 sd",
            "p3 sd", "p2 sd", "p3 sd", "p2 sm 2c3d4h5s", "p3 sm KcKdKhKs")
    from pokerengine.phh import HandHistory
    from pokerengine.replay import replay_hand

    h = HandHistory(variant="FB", antes=(0, 0, 0), blinds_or_straddles=(10, 20, 0), starting_stacks=(100, 100, 15),
                    actions=acts, small_bet=20, big_bet=40)
    assert replay_hand(h).finishing == (90, 125, 0)


# -- 8. the odd lines ------------------------------------------------------------------------------------------

def test_odd_lines_of_older_files():
    blind, disconnect, cap, empty = hands("odd-lines.txt")
    assert [check_site(h).status for h in (blind, disconnect, cap, empty)] == ["matched"] * 4
    # a player sitting out, all in with the big blind, whose hand the site folds: his 20 stays in the pot
    # (main pot 4 x 20 = 80, side pot 300: 380, all ann's)
    cy = blind.history.players.index("cy") + 1
    assert f"p{cy} f" in blind.history.actions and blind.total_pot == 380
    # "folds (disconnect)" is a fold
    assert disconnect.history.actions[3:5] == ("p3 cbr 6000", "p1 f")
    assert disconnect.collected == (Collected("cy", 0, 5000),)
    # a $10 cap game: stacks count up to the cap ($50 and $30 play as $10, $8 as $8); "and has reached the
    # $10 cap" is an all-in; main pot 8 x 3 = 24, side pot 2 x 2 = 4, rake 1.00 + 0.10
    assert cap.history.starting_stacks == (1000, 800, 1000) and cap.history.user_fields == {}
    assert set(cap.collected) == {Collected("bob", 1, 390), Collected("cy", 0, 2300)}
    # "*** TURN *** [3c Jd 6d] []": the summary's board gives the turn (Jh); "cy: shows [Qs]" at the
    # showdown is a muck (the summary: "mucked [Qs]"): ann's sixes full win 3.60 - 0.18
    assert "d db Jh" in empty.history.actions and empty.history.actions[-1] == "p2 sm"
    assert empty.collected == (Collected("ann", 0, 342),)
    text = read_text(str(HANDWRITTEN / "odd-lines.txt")).split("\n\n\n\n")[3].replace("Board [3c Jd 6d Jh 5s]\n", "")
    with pytest.raises(HistoryParseError, match=r"a street's card is not written \('\[\]'\)"):
        parse_pokerstars(text)


def test_heads_up_when_the_button_posts_the_big_blind():
    # 2005: the button posts the big blind and the other seat the small one, who acts first and folds:
    # the small blind's seat plays as the button (heads-up order); the file writes no uncalled 50
    text = """PokerStars Game #2344600001:  Hold'em Limit ($1/$2 USD) - 2005/08/15 14:27:10 ET
Table 'Phad' Seat #6 is the button
Seat 6: ann ($40 in chips)
Seat 7: bob ($24.75 in chips)
bob: posts small blind $0.50
ann: posts big blind $1
*** HOLE CARDS ***
bob: folds
ann collected $1 from pot
*** SUMMARY ***
Total pot $1 | Rake $0
Seat 6: ann (button) (big blind) collected ($1)
Seat 7: bob (small blind) folded before Flop"""
    (hand,) = parse_pokerstars(text)
    assert hand.history.players == ("ann", "bob") and hand.history.actions[2] == "p2 f"
    # both blinds live (read with the button first to act, bob's blind was dead money and the pot 50):
    # the pot is 50 + 50, ann's other 50 comes back
    assert check_site(hand).status == "matched" and interpret(hand.history).contributed == (100, 50)
    assert hand.total_pot == 100 and hand.history.antes == (0, 0)

