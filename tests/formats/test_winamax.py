"""Winamax hand histories (pokerengine.formats.winamax): every bundled hand settles as the file says,
the amounts read are the ones written, the file's oddities (uncalled bets inside the collected amounts,
an after-rake total, dead blinds) read right, and bad input is refused by line.

The tests every site reader shares: tests/formats/test_formats_sites.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from pokerengine.errors import HistoryParseError
from pokerengine.formats import detect, read_text, site_hands
from pokerengine.formats.winamax import MAX_HAND_LINES, parse_winamax
from pokerengine.formats.sitehand import Collected
from pokerengine.replay.site_check import check_site
from site_fixtures import BY_NAME, FPDB

FIXTURES = BY_NAME["winamax"].folder
HAND = FIXTURES / "handwritten"

#: Files under fixtures/winamax/ that are not Winamax hands at all (HHSmithy's tests of bad input).
NOT_WINAMAX = BY_NAME["winamax"].not_site


def hands_of(path: Path) -> list:
    return list(site_hands(read_text(str(path)), "winamax", source=str(path)))


def one(name: str, hand_id: str):
    (hand,) = [h for h in hands_of(HAND / name) if h.hand_id == hand_id]
    return hand


@pytest.mark.parametrize("rel", sorted(NOT_WINAMAX))
def test_files_that_are_not_winamax_hands_are_refused_at_line_1(rel):
    text = read_text(str(FIXTURES / rel))
    assert detect(text) != "winamax"
    with pytest.raises(HistoryParseError, match=r", line 1: expected a hand \('Winamax Poker - \.\.\.'\)"):
        list(site_hands(text, "winamax", source=rel))


def test_uncalled_bets_come_off_the_collected_amount_and_the_total():
    hand = one("cash-nlhe-dead-blinds.txt", "9000001-1-1500000001")
    h = hand.history
    # ann button; bob, cy blinds; dee's big blind out of position live, fay's small blind dead; eve out
    assert h.players == ("bob", "cy", "dee", "fay", "ann") and h.seats == (2, 3, 4, 6, 1)
    assert h.starting_stacks == (4210, 3000, 6175, 2000, 5000)
    assert h.blinds_or_straddles == (25, 50, 50, 0, 0) and h.antes == (0, 0, 0, 25, 0)
    # dee collected 15.62€ with his 6€ turn bet nobody called: 9.62€ of a 10€ pot, 0.38€ rake
    assert hand.collected == (Collected("dee", None, 962),)
    assert hand.returned == (0, 0, 600, 0, 0) and hand.total_pot == 1000 and hand.rake == 38
    assert check_site(hand).status == "matched"


def test_both_blinds_at_once_and_a_dead_blind():
    hand = one("cash-nlhe-dead-blinds.txt", "9000001-2-1500000101")
    # eve posts 0.75€ out of position: 0.25€ dead, 0.50€ live; "posts big blind 0€" adds nothing
    assert hand.history.players == ("cy", "dee", "eve", "fay", "ann", "bob")
    assert hand.history.antes == (0, 0, 25, 0, 0, 0) and hand.history.blinds_or_straddles == (25, 50, 50, 0, 0, 0)
    assert hand.collected == (Collected("fay", None, 1056),) and hand.total_pot == 1100
    hand = one("cash-nlhe-dead-blinds.txt", "9000001-3-1500000201")
    assert hand.history.antes == (0, 0, 25, 0) and hand.history.blinds_or_straddles == (25, 50, 50, 0)
    assert hand.returned == (0, 0, 100, 0) and hand.collected == (Collected("ann", None, 150),)


def test_side_pots_and_the_uncalled_side_pot():
    hand = one("cash-omaha.txt", "9100001-10-1500001001")
    assert hand.history.variant == "PO" and hand.history.starting_stacks == (6000, 15000, 3500, 20000)
    # ann's 50€ above cy's all-in is "side pot 1" in the file: handed back, not collected
    assert hand.returned == (0, 0, 0, 5000) and hand.collected == (Collected("cy", None, 33300),)
    assert hand.total_pot == 33600 and hand.rake == 300 and check_site(hand).status == "matched"


def test_hi_lo_halves_and_five_card_omaha_in_play_money():
    hand = one("cash-omaha.txt", "9100002-11-1500001101")
    assert hand.history.variant == "PO/8"
    assert sorted(hand.collected, key=lambda c: c.player) == [Collected("ann", None, 1875), Collected("bob", None, 1875)]
    hand = one("cash-omaha.txt", "9600000-12-1500001201")
    assert hand.history.variant == "PO5" and hand.history.currency is None
    assert hand.history.user_fields["_play_money"] is True and hand.collected == (Collected("cy", None, 11250),)


def test_fixed_limit_and_decimal_commas():
    hand = one("cash-fixed-limit.txt", "2800000-5-1335040000")
    assert hand.history.variant == "FT" and (hand.history.small_bet, hand.history.big_bet) == (10, 20)
    assert hand.history.blinds_or_straddles == (5, 10, 0, 0)
    hand = one("cash-decimal-comma.txt", "9700000-3-1500003001")
    assert hand.history.starting_stacks == (612, 500, 437) and hand.collected == (Collected("bob", None, 73),)
    assert hand.rake == 2 and hand.total_pot == 75 and hand.history.currency == "EUR"


def test_tournaments_antes_and_a_raise_nobody_could_call():
    hand = one("tour-mtt-antes-bounty.txt", "6000000000000000002-57-1700003600")
    assert hand.history.antes == (150, 150, 150, 150, 150) and hand.history.min_bet == 1200
    assert hand.total_pot is None and hand.history.user_fields["_total_rounded"] == "19.04k"
    assert hand.collected == (Collected("cy", None, 18250),) and hand.returned == (0, 0, 0, 790, 0)
    hand = one("tour-mtt-antes-bounty.txt", "6000000000000000002-58-1700003700")
    # cy "raises" all in when dee and eve are all in: a call; its 19130 above come back as "side pot 2"
    assert "p2 cc" in hand.history.actions[-6:] and hand.returned == (0, 0, 0, 0)
    assert sorted(hand.collected, key=lambda c: c.player) == [Collected("cy", None, 29040), Collected("dee", None, 54300)]
    assert hand.total_pot == 83340 and check_site(hand).status == "matched"


def test_stud_streets_a_bring_in_and_a_completion():
    hand = one("cash-stud.txt", "9800001-101-1478990001")
    h = hand.history
    assert h.variant == "F7S" and (h.bring_in, h.small_bet, h.big_bet) == (25, 50, 100) and h.antes == (10, 10, 10)
    assert h.players == ("ann", "bob", "cy") and h.seats == (1, 3, 5)  # stud: seat order, no button
    # third street: ann's own cards, bob's down cards from the showdown, cy's unknown; the completion
    assert h.actions[:7] == ("d dh p1 AhKd9s", "d dh p2 2d2h2c", "d dh p3 ????Qh", "p2 pb", "p3 cc", "p1 cbr 50", "p2 cc")
    # seventh street: ann's own card, bob's down card (written "[X]") from the showdown
    assert h.actions[-7:] == ("d dh p1 Ac", "d dh p2 4d", "p2 cc", "p1 cbr 100", "p2 cc", "p1 sm -", "p2 sm -")
    assert hand.collected == (Collected("bob", None, 1003),) and hand.total_pot == 1055 and hand.rake == 52
    assert check_site(hand).status == "matched"


def test_a_raise_written_with_a_negative_amount():
    # "bob raises -0.10€ to 0.40€" (as a 2016 file writes it): the 0.40€ are the chips bob puts in on top
    # of his 0.25€ bring-in, a raise to 0.65€ all in; cy then calls 0.15€
    hand = one("cash-stud.txt", "9800001-102-1478990101")
    assert hand.history.actions[3:8] == ("p2 pb", "p3 cbr 50", "p1 f", "p2 cbr 65", "p3 cc")
    assert hand.collected == (Collected("cy", None, 152),) and check_site(hand).status == "matched"
    text = (HAND / "cash-stud.txt").read_text(encoding="utf-8")
    with pytest.raises(HistoryParseError, match=r"line 68: cannot read 'bob raises -0.20€ to 0.40€'"):
        parse_winamax(text.replace("raises -0.10€", "raises -0.20€"))


def test_stud_hi_lo_razz_and_the_older_play_money_wording():
    hand = one("cash-stud-hilo.txt", "9800002-201-1478991001")
    assert hand.history.variant == "F7S/8" and check_site(hand).status == "matched"
    assert sorted(hand.collected, key=lambda c: c.player) == [Collected("ann", None, 537), Collected("bob", None, 537)]
    fold, showdown = hands_of(HAND / "cash-razz.txt")
    assert fold.history.variant == "FR" and fold.returned == (100, 0, 0)  # ann's 1€ bet nobody called
    assert fold.collected == (Collected("ann", None, 243),) and fold.total_pot == 255
    assert showdown.collected == (Collected("bob", None, 684),)
    (old,) = hands_of(HAND / "cash-stud-play-old.txt")  # "7stud", "*** THIRD ***", "bring-in", no cards dealt
    assert old.history.variant == "F7S" and (old.history.bring_in, old.history.small_bet) == (2, 5)
    assert old.history.players == ("ann", "bob", "cy") and old.history.user_fields["_play_money"] is True
    assert old.history.actions[:4] == ("d dh p1 KhKd4c", "d dh p2 QcQd2c", "d dh p3 ??????", "p2 pb")
    assert all(check_site(h).status == "matched" for h in (fold, showdown, old))


def test_triple_draw_stands_pat_and_unnamed_discards():
    pat, old = hands_of(HAND / "cash-triple-draw.txt")
    h = pat.history
    assert h.variant == "F2L3D" and h.blinds_or_straddles == (25, 50, 0) and (h.small_bet, h.big_bet) == (50, 100)
    assert h.actions[:3] == ("d dh p1 2h3d4c7s8h", "d dh p2 ??????????", "d dh p3 ??????????")
    assert h.actions[6:11] == ("p1 sd", "p2 sd ????", "d dh p2 ????", "p3 sd ??", "d dh p3 ??")
    assert h.actions[-2:] == ("p3 sm 2c3c4d5h7d", "p1 sm 2h3d4c7s8h")
    assert pat.collected == (Collected("cy", None, 998),) and check_site(pat).status == "matched"
    assert old.history.variant == "F2L3D" and old.history.actions[-2:] == ("p1 sm 2s4s6d7c8d", "p2 sm 3h4h5c6s8c")
    assert old.collected == (Collected("bob", None, 855),) and check_site(old).status == "matched"
    # a player whose hand was shown discards without naming the cards: the hand dealt is no longer known
    text = (HAND / "cash-triple-draw.txt").read_text(encoding="utf-8")
    (drew, _) = parse_winamax(text.replace("ann stands pat [2h 3d 4c 7s 8h]\nbob discard 2", "ann discard 1 card\nbob discard 2"))
    assert drew.history.actions[0] == "d dh p1 ??????????" and drew.history.actions[6:8] == ("p1 sd ??", "d dh p1 ??")
    assert check_site(drew).status == "matched"


@pytest.mark.parametrize("file, old, new, message", [
    ("cash-stud.txt", "*** 5th STREET ***", "*** 6th STREET ***", "'*** 6th STREET ***' out of order"),
    ("cash-stud.txt", "Dealt to bob [X X 2c]", "Dealt to bob [X X]", "cannot read the cards dealt to 'bob'"),
    ("cash-stud.txt", "cy calls 0.25€", "cy brings in 0.25€", "'cy' brings in, but this is no stud hand's"),
    ("cash-stud.txt", "(0.10€/0.50€/1€)", "(0.50€/1€)", "cannot read the stakes"),
    ("cash-stud.txt", "ann posts ante 0.10€", "ann posts small blind 0.10€", "'ann' posts a blind in a stud game"),
    ("cash-triple-draw.txt", "bob discard 2 cards", "bob bets 0.50€", "'bob' bets during a draw"),
    ("cash-triple-draw.txt", "bob discard 2 cards", "bob discard 7 cards", "cannot read the discards ' 7 cards'"),
    ("cash-triple-draw.txt", "cy discard 1 card", "ann discard 1 card", "cannot read 'ann discard 1 card'"),
    ("cash-triple-draw.txt", "*** FIRST-DRAW ***", "*** SECOND-DRAW ***", "'*** SECOND-DRAW ***' out of order"),
    ("cash-triple-draw.txt", "Dealt to bob [X X X X X]", "Dealt to bob [X X X X]", "cannot read the cards dealt"),
])
def test_stud_and_draw_lines_that_do_not_fit_name_the_line(file, old, new, message):
    text = (HAND / file).read_text(encoding="utf-8")
    assert old in text
    line = text[:text.index(old)].count("\n") + 1  # the error names the line changed
    with pytest.raises(HistoryParseError) as err:
        parse_winamax(text.replace(old, new, 1), source="x.txt")
    assert f", line {line}: " in str(err.value) and message in str(err.value), str(err.value)


def test_half_chips_read_in_half_chips():
    a, b = hands_of(HAND / "tour-half-chips.txt")
    # "Seat 2: bob (2510.50)": the hand is read in half chips (PHH user field _chip_scale = 2)
    assert a.history.user_fields["_chip_scale"] == 2 and a.history.starting_stacks == (5021, 8400, 6000)
    assert a.history.antes == (20, 20, 20) and a.history.blinds_or_straddles == (100, 200, 0)
    assert a.collected == (Collected("ann", None, 10262),) and check_site(a).status == "matched"
    # cy all in for 3780; ann "raises 1530.50 to 5310.50 and is all-in": a call, the 1530.50 come back
    # as "side pot 1" written rounded to 1531 chips (Winamax's collected amounts are whole chips)
    assert b.collected == (Collected("ann", None, 16360),) and check_site(b).status == "matched"
    text = (HAND / "tour-half-chips.txt").read_text(encoding="utf-8")
    (_, off) = parse_winamax(text.replace("collected 1531 from side pot 1", "collected 1541 from side pot 1"))
    assert check_site(off).status == "mismatched"
    (whole, _) = parse_winamax(text.replace("2510.50", "2510").replace("2200.50", "2200").replace("2500.50", "2500"))
    assert "_chip_scale" not in whole.history.user_fields and whole.history.starting_stacks == (2510, 4200, 3000)


def test_windows_line_ends_given_as_bytes():
    crlf = (HAND / "cash-go-fast-crlf.txt").read_bytes()
    assert b"\r\n" in crlf
    assert [h.hand_id for h in parse_winamax(crlf)] == ["9500000-28000-1500002001", "9500000-28001-1500002031"]


BASE = (HAND / "tour-expresso.txt").read_text(encoding="utf-8").split("\n\n\n")[0]


@pytest.mark.parametrize("old, new, line, message", [
    ("ann raises 20 to 40", "ann raises twenty to 40", 11, "bad amount 'twenty'"),
    ("cy calls 20", "cy calls 20.25", 13, "tournament chips are whole numbers, got '20.25'"),
    ("cy calls 20", "cy calls 20.5", 13, "'cy' calls 41 but the bet is 40"),  # (read again in half chips)
    ("cy calls 20", "cy calls 200", 13, "'cy' calls 200 but the bet is 20"),
    ("*** FLOP *** [2s 9h Qd]", "*** FLOP *** [2s 9h]", 14, "the flop does not follow the board"),
    ("*** TURN *** [2s 9h Qd][4c]", "*** TURN *** [2s 9h Qs][4c]", 18, "the turn does not follow the board"),
    ("Seat 2: bob (500)", "Seat 2: ann (500)", 4, "seat 2 or player 'ann' twice"),
    ("cy posts big blind 20", "zed posts big blind 20", 8, "cannot read 'zed posts big blind 20'"),
    ("Total pot 390 | No rake", "Total pot 390 | Rake lots", 29, "bad amount 'lots'"),
    ("Holdem no limit", "Badugi fixed limit", 1, "unknown game 'Badugi'"),
    ("Holdem no limit", "Razz fixed limit", 1, "cannot read the stakes '10/20'"),
    ("*** PRE-FLOP *** ", "*** 3rd STREET ***", 10, "cannot read '*** 3rd STREET ***'"),
    ("*** PRE-FLOP *** ", "", 12, "'bob' folds before the cards are dealt"),  # (a raise among the blinds is a post)
])
def test_malformed_lines_name_the_line(old, new, line, message):
    assert old in BASE
    with pytest.raises(HistoryParseError) as err:
        parse_winamax(BASE.replace(old, new, 1), source="x.txt")
    assert str(err.value).startswith(f"x.txt, hand 5000000000000000001-1-1700000000, line {line}: ")
    assert message in str(err.value)


def test_limits():
    with pytest.raises(HistoryParseError, match="line 3: line of 3,000 characters"):
        parse_winamax(BASE.replace("Seat 1: ann (500)", "x" * 3000))
    with pytest.raises(HistoryParseError, match=f"a hand of more than {MAX_HAND_LINES:,} lines"):
        parse_winamax(BASE + "\n" * MAX_HAND_LINES)


def each_hand(text: str) -> list[str]:
    """A file's hands, each as its own text (so an error in one does not hide the rest)."""
    out: list[str] = []
    for line in text.splitlines():
        if line.lstrip("\ufeff").startswith("Winamax Poker - ") or not out:
            out.append("")
        out[-1] += line + "\n"
    return out


@pytest.mark.skipif(not FPDB.is_dir(), reason="fpdb-3's regression files are not on this machine")
def test_fpdb_real_hands():
    results, refused = [], []
    for path in sorted(FPDB.glob("*/Winamax/**/*.txt")):
        text = read_text(str(path))
        if detect(text) != "winamax" or "summary" in text[:60]:
            continue
        for one_hand in each_hand(text):
            try:
                results.extend((path, check_site(h)) for h in site_hands(one_hand, "winamax", source=str(path)))
            except HistoryParseError as exc:
                refused.append(str(exc))
    assert refused == [] and len(results) == 86
    matched = [path for path, r in results if r.status == "matched"]
    assert len(matched) == 83  # 97%
    # every stud, razz, stud hi/lo and triple draw hand (7, one the 2016 "raises -6.10€ to 18.90€")
    assert sum(p.parent.name in ("Stud", "Draw") for p in matched) == 7
    # the rest, each the file's own doing: a 10€ pot of 9€ put in, a side pot's rake rounded another way,
    # and a half-chip hand's pot (3367.50 chips) written rounded up to 3368 (in half chips: 6736 - 1595
    # back = 5141, not 5140); the odd chip of the 2012 three-way split, given as Winamax gives it (from the
    # last winner shown), is matched
    bad = sorted(r.message.split(": ", 2)[2] for _, r in results if r.status != "matched")
    assert len(bad) == 3 and "Player2 (seat 3) file 5141, engine 5140" in bad, bad


# -- properties ----------------------------------------------------------------------------------


def _euros(cents: int) -> str:
    """An amount as Winamax writes it: the euro sign after, no decimals when whole."""
    whole, frac = divmod(cents, 100)
    return f"{whole}€" if not frac else f"{whole}.{frac:02d}€"


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 500), st.integers(0, 480_000), st.integers(0, 300))  # pots under 10,000€ (exact_rake)
def test_amounts_written_as_winamax_writes_them_read_back(sb, extra, rake):
    bb = 2 * sb
    to = 2 * bb + extra
    stack = to + bb + extra
    rake = min(rake, 2 * bb)
    text = f"""Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit ({_euros(sb)}/{_euros(bb)}) - 2020/01/01 00:00:00 UTC
Table: 'T' 6-max (real money) Seat #2 is the button
Seat 1: a b ({_euros(stack)})
Seat 2: a ({_euros(stack + 1)})
*** ANTE/BLINDS ***
a posts small blind {_euros(sb)}
a b posts big blind {_euros(bb)}
*** PRE-FLOP ***
a raises {_euros(to - bb)} to {_euros(to)}
a b calls {_euros(to - bb)}
*** FLOP *** [2c 3d 4h]
a b bets {_euros(bb)}
a folds
a b collected {_euros(2 * to + bb - rake)} from pot
*** SUMMARY ***
Total pot {_euros(2 * to + bb - rake)} | {"No rake" if not rake else "Rake " + _euros(rake)}
Seat 1: a b (big blind) won {_euros(2 * to + bb - rake)}"""
    (hand,) = parse_winamax(text)
    assert hand.history.starting_stacks == (stack, stack + 1) and hand.history.blinds_or_straddles == (sb, bb)  # (PHH heads-up order)
    assert hand.history.actions[2:5] == (f"p2 cbr {to}", "p1 cc", "d db 2c3d4h")
    assert hand.collected == (Collected("a b", None, 2 * to - rake),) and hand.returned == (bb, 0)
    assert check_site(hand).status == "matched"


def _chips(halves: int) -> str:
    """Half chips as a 2010 Winamax tournament file writes them: ``292.50``, or whole."""
    return f"{halves // 2}.50" if halves % 2 else str(halves // 2)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2_000_000), st.integers(0, 2_000_000), st.integers(100, 500_000), st.booleans())
def test_half_chip_amounts_read_back_in_half_chips(extra, more, bet, half_stack):
    # antes 10, blinds 50/100 chips; a raise to any number of half chips, a call, a flop bet nobody calls
    to = 400 + extra  # half chips
    stack = to + 2 * bet + 20 + more + int(half_stack)
    pot = 2 * to + 40  # half chips: always whole chips
    won = pot // 2 + bet  # chips, with the bet nobody called
    text = f"""Winamax Poker - Tournament "H" buyIn: Ticket level: 7 - HandId: #1-2-3 - Holdem no limit (10/50/100) - 2010/10/26 21:05:10 UTC
Table: 'H(1)#1' 9-max (real money) Seat #2 is the button
Seat 1: a b ({_chips(stack)})
Seat 2: a ({_chips(stack + 1)})
*** ANTE/BLINDS ***
a b posts ante 10
a posts ante 10
a posts small blind 50
a b posts big blind 100
*** PRE-FLOP ***
a raises {_chips(to - 200)} to {_chips(to)}
a b calls {_chips(to - 200)}
*** FLOP *** [2c 3d 4h]
a b bets {bet}
a folds
a b collected {won} from pot
*** SUMMARY ***
Total pot {won} | No rake
Seat 1: a b (big blind) won {won}"""
    (hand,) = parse_winamax(text)
    halves = (stack % 2 or (stack + 1) % 2 or to % 2) != 0
    assert halves == ("_chip_scale" in hand.history.user_fields)
    k = 1 if halves else 2  # the record's units: half chips, or whole chips
    assert hand.history.starting_stacks == (stack // k, (stack + 1) // k)
    assert hand.history.actions[2:5] == (f"p2 cbr {to // k}", "p1 cc", "d db 2c3d4h")
    assert hand.collected == (Collected("a b", None, pot // k),) and hand.returned == (2 * bet // k, 0)
    assert check_site(hand).status == "matched"


def test_big_blind_all_in_for_less_called_in_full():
    """The big blind all in for 25 of a 40 blind; the next player calls 40 (Winamax's rule, the TDA's): the
    record posts the full blind (the stack caps it) and says ``_full_blind``; the side pot is the callers'."""
    path = Path(__file__).resolve().parents[2] / "fixtures" / "winamax" / "handwritten" / "short-big-blind-called-full.txt"
    [hand] = parse_winamax(path.read_text())
    h = hand.history
    assert h.blinds_or_straddles == (20, 40, 0) and h.starting_stacks == (575, 25, 900)
    assert h.user_fields["_full_blind"] is True
    assert [(c.player, c.amount) for c in hand.collected] == [("ann", 75), ("ann", 30)] and hand.returned == (0, 0, 80)
    assert check_site(hand).status == "matched"
    # called with the short blind's 25 instead: the rule is not set (the engine matches what was really bet)
    text = path.read_text().replace("ann calls 40", "ann calls 25").replace("bob calls 20", "bob calls 5")
    text = text.replace("ann collected 110 from side pot 1", "ann collected 80 from side pot 1")
    [short] = parse_winamax(text.replace("Total pot 185", "Total pot 155").replace("won 185", "won 155"))
    assert short.history.user_fields["_full_blind"] is False and check_site(short).status == "matched"


def test_big_blind_all_in_for_less_after_the_ante():
    """The big blind all in for 50 of an 80 blind after posting the ante (60 chips), the next player calls
    80: the blind is short of the stack left after the ante, and the record says ``_full_blind``."""
    [hand] = hands_of(HAND / "short-big-blind-after-ante.txt")
    h = hand.history
    assert h.players == ("bob", "cy", "dee", "ann") and h.starting_stacks == (1500, 60, 1000, 2000)
    assert h.antes == (10, 10, 10, 10) and h.blinds_or_straddles == (40, 80, 0, 0)
    assert h.user_fields["_full_blind"] is True
    # cy wins the main pot (4 antes and 3 x 50), bob the callers' side pot (2 x 30); bob's 200 comes back
    assert sorted((c.player, c.amount) for c in hand.collected) == [("bob", 60), ("cy", 190)]
    assert hand.returned == (200, 0, 0, 0) and hand.total_pot == 250
    assert check_site(hand).status == "matched"


def test_hold_up_money_the_site_adds_to_the_pot():
    """HOLD-UP tables: ``Hold-up to Pot: total 0.10€`` is money the site adds to the main pot.  It is kept in
    the record (``_added_to_pot``) and taken off what the main pot's winners collected and off the total,
    so the check is of the players' own chips."""
    hands = {h.hand_id: h for h in hands_of(HAND / "cash-hold-up-added-to-pot.txt")}
    one_winner, side_pot, split = (hands[f"19000001-{k}-{t}"] for k, t in ((1, 1701000000), (2, 1701000060), (3, 1701000120)))
    # cy's 0.32€: 0.10€ bet back, 0.10€ of the site's, 0.12€ of a 0.13€ pot less 0.01€ rake
    assert one_winner.history.user_fields["_added_to_pot"] == 10
    assert one_winner.collected == (Collected("cy", None, 12),) and one_winner.total_pot == 13
    # ann, all in, wins the main pot and the site's 0.20€; cy the side pot and his 1€ back
    assert side_pot.history.user_fields["_added_to_pot"] == 20
    assert sorted((c.player, c.amount) for c in side_pot.collected) == [("ann", 85), ("cy", 85)]
    # a split main pot: each winner gives half of the site's 0.10€
    assert sorted((c.player, c.amount) for c in split.collected) == [("bob", 16), ("dee", 16)]
    for hand in hands.values():
        assert check_site(hand).status == "matched"
    # without the line, the winners are paid more than the players put in: a mismatch
    text = (HAND / "cash-hold-up-added-to-pot.txt").read_text(encoding="utf-8")
    plain = parse_winamax(text.replace("Hold-up to Pot: total 0.10€\n", ""))
    assert [check_site(h).status for h in plain] == ["mismatched", "matched", "mismatched"]


@pytest.mark.parametrize("old, new, message", [
    ("Hold-up to Pot: total 0.10€\n", "Hold-up to Pot: total 0.10€\nHold-up to Pot: total 0.10€\n",
     r"line 8: cannot read 'Hold-up to Pot: total 0\.10€'"),
    ("Hold-up to Pot: total 0.10€", "Hold-up to Pot: total lots", r"line 7: bad amount 'lots'"),
    ("cy collected 0.32€ from pot", "cy collected 0.05€ from pot",
     r"line 27: 'cy' collected less than the money the site added to the pot"),
])
def test_hold_up_lines_that_do_not_fit_name_the_line(old, new, message):
    text = (HAND / "cash-hold-up-added-to-pot.txt").read_text(encoding="utf-8").replace(old, new, 1)
    with pytest.raises(HistoryParseError, match=message):
        parse_winamax(text)


def test_hold_up_money_in_a_tournament_is_refused():
    text = (HAND / "short-big-blind-after-ante.txt").read_text(encoding="utf-8")
    text = text.replace("*** ANTE/BLINDS ***", "Hold-up to Pot: total 100\n*** ANTE/BLINDS ***", 1)
    with pytest.raises(HistoryParseError, match=r"line 7: cannot read 'Hold-up to Pot: total 100'"):
        parse_winamax(text)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 100_000), st.integers(0, 400_000), st.integers(1, 5_000), st.integers(0, 300))
def test_money_added_to_a_pot_comes_off_its_winner(added, extra, bet, rake):
    # a raises to 4 cents and more, b calls; a's flop bet nobody calls; the site added ``added`` cents
    to = 4 + extra
    rake = min(rake, 2 * to)
    won = 2 * to - rake + bet + added
    text = f"""Winamax Poker - HOLD-UP "T" - HandId: #1-2-3 - Holdem no limit (0.01€/0.02€) - 2023/12/01 00:00:00 UTC
Table: 'T' 6-max (real money) Seat #3 is the button
Seat 1: a ({_euros(to + bet)})
Seat 2: b ({_euros(to + 1)})
Seat 3: z (2€)
Hold-up to Pot: total {_euros(added)}
*** ANTE/BLINDS ***
a posts small blind 0.01€
b posts big blind 0.02€
*** PRE-FLOP *** 
z folds
a raises {_euros(to - 2)} to {_euros(to)}
b calls {_euros(to - 2)}
*** FLOP *** [2c 3d 4h]
a bets {_euros(bet)}
b folds
a collected {_euros(won)} from pot
*** SUMMARY ***
Total pot {_euros(won)} | {"No rake" if not rake else "Rake " + _euros(rake)}
Seat 1: a (small blind) won {_euros(won)}"""
    (hand,) = parse_winamax(text)
    assert hand.history.user_fields["_added_to_pot"] == added
    assert hand.collected == (Collected("a", None, 2 * to - rake),) and hand.total_pot == 2 * to
    assert hand.returned == (bet, 0, 0) and hand.stated is not None
    assert {c.player: c.amount for c in hand.stated}["a"] == 2 * to - rake
    assert check_site(hand).status == "matched"
    # paid as if the site had added a cent more or less: the check says so
    off = text.replace(f"collected {_euros(won)}", f"collected {_euros(won + 1)}")
    assert check_site(parse_winamax(off.replace(f"won {_euros(won)}", f"won {_euros(won + 1)}"))[0]).status != "matched"


def test_short_antes_and_short_big_blinds():
    """Winamax builds its side pots with the antes as ordinary chips (``ante_trimming_status``), and a big
    blind all in for less (for nothing when the ante took all) is called in full, or by a player all in
    on the way to it: as 2015 tournament files write them (tetsuhaut/phud's test files)."""
    short_ante, no_blind, short_call = hands_of(HAND / "tour-short-antes-and-blinds.txt")
    # bob, all in on a 20 ante of 60, wins 4 x 20; the rest of the antes and the blinds are a side pot
    assert short_ante.history.ante_trimming_status is True and short_ante.history.antes == (60, 60, 60, 20)
    assert sorted((c.player, c.amount) for c in short_ante.collected) == [("bob", 80), ("cy", 720)]
    assert short_ante.returned == (0, 300, 0, 0)
    # cy's 40 ante leaves nothing for the big blind: "posts big blind 0 and is all-in"; dee calls 400
    h = no_blind.history
    assert h.players == ("bob", "cy", "dee", "ann") and h.blinds_or_straddles == (200, 400, 0, 0)
    assert h.user_fields["_full_blind"] is True and h.ante_trimming_status is True
    assert sorted((c.player, c.amount) for c in no_blind.collected) == [("ann", 1030), ("cy", 160)]
    # a 475 big blind of 600; dee calls 510 all in, then eve calls the full 600
    assert short_call.history.user_fields["_full_blind"] is True
    assert sorted((c.player, c.amount) for c in short_call.collected) == [("bob", 180), ("dee", 2380)]
    for hand in (short_ante, no_blind, short_call):
        assert check_site(hand).status == "matched"
    # a call all in above the short blind that is not on the way to the full blind: refused
    text = (HAND / "tour-short-antes-and-blinds.txt").read_text(encoding="utf-8")
    with pytest.raises(HistoryParseError, match=r"line 84: 'dee' calls 700 but the bet is 475"):
        parse_winamax(text.replace("dee calls 510 and is all-in", "dee calls 700 and is all-in"))
