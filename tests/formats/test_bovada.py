"""The Bovada / Ignition / Bodog reader (formats/bovada.py) and the site check: every bundled hand reproduced.

Rules checked (docs/histories.md, Bovada): players are named by position and ordered so (the small
blind first, the dealer last); ``Raises $x to $y`` is a raise to y, ``Raises $y`` (2012) too, ``All-in $x``
and calls add x; a big blind's walk is an uncalled bet although the file counts it in the pot; a call of
more than is owed (a big blind all in for less) gets the rest back; the rake, when the summary does not
write it, is the total less what was collected; the 2012 files that mark no street have their rounds
closed by the actions and their board from the summary; a line written twice in a row is read once.

The tests every site reader shares: tests/formats/test_formats_sites.py.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerengine.errors import HistoryParseError, PokerEngineError
from pokerengine.formats import read_text, site_hands
from pokerengine.formats.bovada import MAX_LINE_CHARS, parse_bovada, position_rank, read_bovada
from pokerengine.formats.sitehand import Collected
from pokerengine.replay.site_check import check_site
from profiles import examples
from site_fixtures import BY_NAME, FPDB

FIXTURES = BY_NAME["bovada"].folder / "handwritten"


def _hands(name: str):
    return {h.hand_id: h for h in read_bovada(str(FIXTURES / name))}


def test_exact_amounts_of_a_walk_and_a_side_pot():
    hands = _hands("cash_holdem.txt")
    walk = hands["4000000001"]  # the file: "Hand result $0.75", the big blind's own 0.25 counted in
    assert walk.history.players == ("Small Blind", "Big Blind [ME]", "UTG", "UTG+1", "UTG+2", "Dealer")
    assert walk.history.seats == (2, 3, 4, 5, 6, 1)
    assert walk.collected == (Collected("Big Blind [ME]", None, 50),)
    assert walk.returned == (0, 25, 0, 0, 0, 0) and walk.total_pot == 50 and walk.rake == 0
    side = hands["4000000003"]
    assert side.history.starting_stacks == (3000, 10000, 5000, 4950, 1240, 5500)
    assert [c.amount for c in side.collected] == [3520, 3470] and side.total_pot == 7290 and side.rake == 300
    assert side.history.actions[6:12] == ("p3 f", "p4 f", "p5 cbr 1240", "p6 cbr 3000", "p1 cc", "p2 f")
    raised = hands["4000000002"]
    assert raised.rake == 70 and raised.returned[0] == 800 and raised.history.min_bet == 50
    assert all(check_site(h).status == "matched" for h in hands.values())


def test_tournaments_mvs_seats_and_a_short_big_blind():
    hands = _hands("tournament.txt")
    mvs = hands["4300000001"]
    assert mvs.history.seats == (1, 2, 3, 4, 5)  # by "Seating Info: 102, 23, 41, 17, 88"
    assert mvs.history.antes == (15,) * 5 and mvs.history.blinds_or_straddles == (75, 150, 0, 0, 0)
    assert mvs.history.user_fields["tournament"] == "M-20240304000001" and mvs.history.currency is None
    assert sorted(c.amount for c in mvs.collected) == [4960, 12165]
    short = hands["2710000001"]  # the big blind all in for 45; UTG calls 100 and gets 50 back
    assert short.history.blinds_or_straddles == (50, 45, 0, 0, 0) and short.history.min_bet == 100
    assert short.returned == (0, 0, 0, 0, 0)  # the 50 was never owed: the engine calls 50
    assert short.history.actions[5] == "p3 cc"
    assert hands["3400000010"].date == datetime.date(2016, 5, 5)


def test_the_2012_files_without_streets():
    hands = _hands("old_2012.txt")
    limit = hands["2607000001"]  # no street marked: the rounds close by the actions, the board from the summary
    assert limit.history.variant == "FT" and limit.rake == 100
    assert [a for a in limit.history.actions if a.startswith("d db")] == ["d db 7s5d2c", "d db Kh", "d db 9s"]
    assert limit.history.actions.index("d db 7s5d2c") == 7 and limit.history.actions[-2:] == ("p1 sm -", "p2 sm")
    posts = hands["2629900001"]  # "Posts dead chip $0.35": 0.25 live and 0.10 dead; "Posts chip $0.25": live
    assert posts.history.blinds_or_straddles == (10, 25, 25, 25, 0) and posts.history.antes == (0, 0, 10, 0, 0)
    assert posts.history.actions[5:8] == ("p3 cc", "p4 cc", "p5 cbr 100")


def test_zone_poker():
    hands = _hands("zone.txt")
    empty = hands["4101000001"]  # the summary is empty: no total; the rake is what the pot holds beyond
    assert empty.total_pot is None and empty.rake == 0 and empty.returned == (50, 0, 0, 0, 0, 0)
    shown = hands["3600000001"]  # "Showdown(High Card)" by the only player left
    assert shown.collected == (Collected("Big Blind", None, 20),) and shown.returned[1] == 15
    allin = hands["4101000002"]
    assert allin.history.blinds_or_straddles[:2] == (10, 15) and allin.returned == (0, 0, 0, 0, 0, 0)
    assert all(h.history.user_fields["zone"] is True for h in hands.values())


def test_skins_headers():
    hands = _hands("skins_mvs.txt")
    assert set(hands) == {"4107000001", "3590000001", "2630000001"}
    assert hands["2630000001"].history.players == ("Big Blind [ME]", "Dealer")  # heads-up: the dealer is last
    assert hands["2630000001"].history.blinds_or_straddles == (2, 5)
    assert hands["4107000001"].rake == 300


def test_stud():
    hi_lo, tournament = _hands("stud.txt").values()
    # no stakes in the header: the completion is the small bet; the bring-in as posted
    assert (hi_lo.history.variant, hi_lo.history.small_bet, hi_lo.history.big_bet, hi_lo.history.bring_in) == \
        ("F7S/8", 100, 200, 25)
    assert hi_lo.history.players == ("Seat+1", "Seat+3 [ME]", "Seat+6") and hi_lo.history.seats == (1, 3, 6)
    assert hi_lo.history.actions[:4] == ("d dh p1 Kd9c8h", "d dh p2 As2s3h", "d dh p3 QcQd2c", "p3 pb")
    assert [c.amount for c in hi_lo.collected] == [680, 680] and hi_lo.rake == 70
    # a file of 2012: no street marked (each street begins with its cards); a double bet on fourth street
    # (an open pair) is the big bet
    assert (tournament.history.small_bet, tournament.history.big_bet, tournament.history.bring_in) == (20, 40, 10)
    assert tournament.history.actions[6:11] == ("d dh p1 9h", "d dh p2 2d", "d dh p3 6s", "p1 cbr 40", "p2 f")
    assert all(check_site(h).status == "matched" for h in (hi_lo, tournament))


def test_lines_written_twice_are_read_once():
    text = (FIXTURES / "cash_holdem.txt").read_text()
    twice = text.replace("Small Blind : Small Blind $0.25\n", "Small Blind : Small Blind $0.25\n" * 3, 1)
    twice = twice.replace("UTG : Raises $1.50 to $1.50\n", "UTG : Raises $1.50 to $1.50\n" * 4, 1)
    plain, doubled = parse_bovada(text), parse_bovada(twice)
    assert [h.history.actions for h in plain] == [h.history.actions for h in doubled]
    assert doubled[0].history.user_fields["_repeated_lines"] == 2 and doubled[1].history.user_fields["_repeated_lines"] == 3
    # a 2012 file marks no street: the same check on two streets is two actions
    old = _hands("old_2012.txt")["2596700001"].history.actions
    assert old[5:8] == ("p2 cc", "d db Kc8d3h", "p2 cc")


def test_a_hand_cut_short_at_a_lines_end():
    text = (FIXTURES / "truncated.txt").read_text()  # (cut mid-line: tests/site_fixtures.py)
    cut = text[: text.rindex("\n")]  # cut at a line's end: the same
    with pytest.raises(HistoryParseError, match=r"hand 4000000103, line 75: the hand ends before its summary"):
        parse_bovada(cut)


def test_a_hand_cut_by_the_next_one_on_the_same_line():
    text = (FIXTURES / "cash_holdem.txt").read_text()
    at = text.index("Bovada Hand #4000000002")
    cut = text[:text.index("UTG : Folds", 0)] + "UTG : Fo" + text[at:]
    with pytest.raises(HistoryParseError, match=r"hand 4000000001, line 18: cannot read 'UTG : Fo'"):
        parse_bovada(cut)


@pytest.mark.parametrize("old, new, message", [
    ("UTG : Raises $1.50 to $1.50", "UTG : Raises $1.50 too $1.50", r"line 52: cannot read 'UTG : Raises"),
    ("Small Blind  [ME] : Bets $8", "Small Blind  [ME] : Bets $8.8.8", r"line 62: bad amount"),
    ("*** FLOP *** [Kh 7d 2c]", "*** FLOP *** [Kh 7d]", r"line 61: 2 board card\(s\) after 0"),
    ("Seat 2: Dealer ($60.95 in chips)", "Seat 2: Dealer ($60.95 in chips", r"line 37: cannot read 'Seat 2: Dealer"),
    ("UTG : Card dealt to a spot [Jh Js]", "UTG : Card dealt to a spot [Jh Jx]", r"line 50: bad cards"),
    ("Big Blind : Big blind $0.50\n*** HOLE", "Big Blind : Big blind\n*** HOLE", r"line 44: cannot read the post"),
    ("UTG : Calls $4.50", "Nobody : Calls $4.50", r"line 59: cannot read 'Nobody : Calls"),
    ("Total Pot($14)", "Total Pot(lots)", r"line 69: bad amount 'lots'"),
])
def test_malformed_lines_name_the_line(old, new, message):
    text = (FIXTURES / "cash_holdem.txt").read_text()
    start = text.index("Bovada Hand #4000000002")
    assert old in text[start:]
    bad = text[:start] + text[start:].replace(old, new, 1)
    with pytest.raises(HistoryParseError, match=r"<text>, hand 4000000002, " + message):
        parse_bovada(bad)


def test_games_and_limits():
    text = (FIXTURES / "cash_holdem.txt").read_text()
    with pytest.raises(HistoryParseError, match=r"line 1: 'RAZZ' is not read yet"):
        parse_bovada(text.replace("HOLDEM No Limit", "RAZZ Fixed Limit", 1))
    with pytest.raises(HistoryParseError, match=r"line 2: seat 1: 'Seat\+1' is not a position"):
        parse_bovada(text.replace("Seat 1: Dealer ($50 in chips)", "Seat 1: Seat+1 ($50 in chips)", 1))
    line = text.split("\n", 1)[0] + "\n" + "x" * (MAX_LINE_CHARS + 1)
    with pytest.raises(HistoryParseError, match="line 2: line of 2,001 characters"):
        parse_bovada(line)
    assert [position_rank(n) for n in ("Big Blind [ME]", "UTG+1", "UTG+12", "Button")] == [1, 3, 14, None]


@pytest.mark.skipif(not FPDB.is_dir(), reason="fpdb-3's regression files are not on this machine")
def test_fpdb_real_hands():
    statuses: dict[str, int] = {}
    unread = []
    for p in sorted(FPDB.glob("*/Bovada/**/*.txt")):
        try:
            for h in site_hands(read_text(str(p)), "bovada", source=str(p)):
                try:
                    status = check_site(h).status
                except PokerEngineError:
                    status = "error"
                statuses[status] = statuses.get(status, 0) + 1
        except HistoryParseError as exc:
            unread.append(str(exc))
    assert sum(statuses.values()) >= 1812 and statuses["matched"] >= 1800
    # the files not read to their end: a hand cut by the next one on its line, and a file whose second
    # hand has lost its first lines
    assert len(unread) == 2 and sum("truncated" in u or "first line" in u or "cannot read" in u for u in unread) == 2


# -- properties ----------------------------------------------------------------------------------


def _bovada_amount(cents: int) -> str:
    """An amount as Bovada writes it: $, thousands separators, cents only when there are some."""
    whole, frac = divmod(cents, 100)
    return f"${whole:,}" + (f".{frac:02d}" if frac else "")


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 10_000_000), st.integers(2, 2_000_000), st.booleans())
def test_amounts_written_as_bovada_writes_them_read_back(stack, raise_by, old):
    bb, sb = 2, 1
    stack = max(stack, 3 * bb + raise_by)
    to = bb + raise_by
    a = _bovada_amount
    raises = f"Raises {a(to)}" if old else f"Raises {a(to - sb)} to {a(to)}"
    text = f"""Bovada Hand #9 TBL#1 HOLDEM No Limit - 2016-01-01 00:00:00
Seat 1: Dealer [ME] ({a(stack)} in chips)
Seat 2: Big Blind ({a(stack)} in chips)
Dealer  [ME] : Set dealer [1]
Dealer  [ME] : Small Blind {a(sb)}
Big Blind : Big blind {a(bb)}
*** HOLE CARDS ***
Dealer  [ME] : Card dealt to a spot [Ah Kd]
Big Blind : Card dealt to a spot [7c 2d]
Dealer  [ME] : {raises}
Big Blind : Folds
Dealer  [ME] : Return uncalled portion of bet {a(to - bb)}
Dealer  [ME] : Does not show [Ah Kd] (High Card)
Dealer  [ME] : Hand result {a(2 * bb)}
*** SUMMARY ***
Total Pot({a(2 * bb)})
Seat+1: Dealer {a(2 * bb)} [Does not show]
Seat+2: Big Blind Folded before the FLOP"""
    (hand,) = parse_bovada(text)
    assert hand.history.starting_stacks == (stack, stack)
    assert hand.history.actions[-2:] == (f"p2 cbr {to}", "p1 f")
    assert hand.returned == (0, to - bb) and check_site(hand).status == "matched"


def test_a_bare_set_dealer_line_button_on_an_empty_seat():
    """``Set dealer`` with no seat (the button on an empty seat, no player named Dealer): read as nothing."""
    from pokerengine.formats.bovada import parse_bovada

    path = Path(__file__).resolve().parents[2] / "fixtures" / "bovada" / "handwritten" / "set-dealer-empty-seat.txt"
    [hand] = parse_bovada(path.read_text())
    assert len(hand.history.players) == 3 and hand.history.blinds_or_straddles == (10, 25, 0)
    assert hand.collected[0].amount == 155 and hand.returned == (0, 0, 100) and hand.total_pot == 160
    assert check_site(hand).status == "matched"
    with pytest.raises(HistoryParseError, match="cannot read"):
        parse_bovada(path.read_text().replace("Set dealer\n", "Set dealer 3\n"))


def test_a_damaged_first_line_after_a_summary_is_one_error_not_two():
    # regression: the seat lines after a damaged header were read as a hand of their own (a seat line after a
    # summary begins a hand whose first line is lost), so the damaged line's hand and the headless one were two
    # errors for one hand, and the hand before got the damaged line
    from pokerengine.formats.bovada import iter_hands
    from pokerengine.formats.blocks import HandError

    path = Path(__file__).resolve().parents[2] / "fixtures" / "bovada" / "handwritten" / "cash_holdem.txt"
    lines = path.read_text(encoding="utf-8").split("\n")
    at = [k for k, line in enumerate(lines) if line.startswith("Bovada Hand #")]
    lines[at[1]] = "Xq" + lines[at[1]][2:]
    got = list(iter_hands("\n".join(lines), errors=True))
    assert [getattr(x, "hand_id", None) for x in got] == ["4000000001", None, "4000000003", "4000000004"]
    assert isinstance(got[1], HandError) and got[1].index == 1 and "expected a hand" in str(got[1])
    assert check_site(got[0]).status == "matched"  # (the hand before keeps its own lines)


# --- the rake of two pots won by different players (fixtures/bovada/handwritten/rake-two-pots.txt)

def test_rake_of_two_pots_main_pot_share_rounded_up():
    # 5 cents of rake from pots of 22 and 82 cents: 5 x 22 / 104 = 1.06, rounded up: 2 from the main pot
    # (UTG+1 collects 20), 3 from the side pot (UTG+2 collects 79); the proportional draw gave 21 and 78
    from pokerengine.formats.bovada import rake_rule
    from pokerengine.live.interpreter import interpret
    from pokerengine.live.settling import pots_of

    path = Path(__file__).resolve().parents[2] / "fixtures" / "bovada" / "handwritten" / "rake-two-pots.txt"
    [hand] = site_hands(read_text(str(path)), "bovada")
    pots = pots_of(interpret(hand.history))
    assert pots == [22, 82] and hand.rake == 5 and rake_rule(pots, True, hand) == [2, 3]
    assert sorted((c.player, c.amount) for c in hand.collected) == [("UTG+1", 20), ("UTG+2", 79)]
    assert check_site(hand).status == "matched"


def _draw_rake_oracle(rake: int, pots: list[int]) -> list[int]:
    """The rule as written: the smallest whole share of pots 0..k that is at least their proportion of the rake
    (cumulative), each pot giving the step (at most itself); the last pot the rest."""
    from fractions import Fraction

    total, out, given = sum(pots), [], 0
    for k in range(len(pots) - 1):
        want = Fraction(rake * sum(pots[:k + 1]), total)
        share = int(want) if want == int(want) else int(want) + 1
        step = max(0, min(pots[k], min(rake, share) - given))
        out.append(step)
        given += step
    return out + [rake - given]


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.integers(1, 10**6), min_size=2, max_size=6).flatmap(
    lambda pots: st.tuples(st.just(pots), st.integers(0, sum(pots)))))
def test_draw_rake_matches_the_oracle_and_draws_the_whole_rake(case):
    from pokerengine.formats.bovada import draw_rake

    pots, rake = case
    got = draw_rake(rake, pots)
    assert got == _draw_rake_oracle(rake, pots)
    assert sum(got) == rake and all(0 <= part for part in got)
    assert all(part <= pot for part, pot in zip(got, pots))


def _said(hand) -> dict[str, int] | None:
    return None if hand.stated is None else {c.player: c.amount for c in hand.stated if c.amount}


def _won(hand) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in hand.collected:
        out[c.player] = out.get(c.player, 0) + c.amount
    return out


def test_the_summary_states_what_each_player_won_as_the_hand_results_do():
    """The summary's seat lines: ``Big Blind $0.75`` (a walk: his own 0.25 counted in, handed back off both),
    ``Dealer HI $31 ...`` and ``Small Blind LO $31``, stud's ``Seat+1:  HI $6.80`` and ``Seat+3:   with ... LO
    $6.80`` (no position), a player with two results (main and side pot) stated once in all; Zone Poker's
    empty summary states nothing."""
    holdem = _hands("cash_holdem.txt")
    assert _said(holdem["4000000001"]) == {"Big Blind [ME]": 50} and holdem["4000000001"].returned[1] == 25
    assert _said(holdem["4000000003"]) == _won(holdem["4000000003"]) == {"Dealer [ME]": 6990}
    assert len(holdem["4000000003"].collected) == 2  # "Hand result" and "Hand result-Side pot"
    assert _said(_hands("cash_omaha.txt")["4000000103"]) == {"Dealer": 3100, "Small Blind": 3100}
    assert _said(_hands("stud.txt")["2844000001"]) == {"Seat+1": 680, "Seat+3 [ME]": 680}
    assert _said(_hands("tournament.txt")["2710000001"]) == {"Big Blind": 135, "UTG": 10}  # the side pot's 10
    assert _hands("zone.txt")["4101000001"].stated is None
    for name in ("cash_holdem.txt", "cash_omaha.txt", "stud.txt", "tournament.txt", "old_2012.txt", "skins_mvs.txt"):
        for hand in _hands(name).values():
            assert hand.stated is not None and _said(hand) == _won(hand), (name, hand.hand_id)


@pytest.mark.parametrize("old, new, said", [
    ("Seat+3: Dealer $69.90 with", "Seat+3: Dealer $69.91 with", "{Dealer [ME]: 6991}"),  # one cent more
    ("Seat+3: Big Blind $0.75 [Does not show]", "Seat+3: Big Blind [Does not show]", "none"),  # the walk's amount gone
    ("Seat+4: Small Blind lost with", "Seat+4: Small Blind $1 with", "{Dealer [ME]: 6990, Small Blind: 100}"),
])
def test_a_summary_amount_that_is_not_the_hand_results_is_a_mismatch_naming_the_summary(old, new, said):
    text = (FIXTURES / "cash_holdem.txt").read_text()
    assert text.count(old) == 1
    [changed] = [h for h in parse_bovada(text.replace(old, new)) if check_site(h).status != "matched"]
    r = check_site(changed)
    assert r.status == "mismatched" and f"the record contradicts itself: the summary says won {said}" in r.message


def test_a_hi_lo_scoop_adds_both_halves_of_one_summary_line():
    text = (FIXTURES / "cash_omaha.txt").read_text()
    line = "Seat+2: Small Blind LO $31 [Ac 3d Jh 8s-8c 5d 3d 2c Ac]"
    assert line in text
    text = text.replace(line, "Seat+2: Small Blind lost").replace(
        "Seat+1: Dealer HI $31 with One pair [Qd Qh 7s 6s-Qd Qh Ks 9h 8c]",
        "Seat+1: Dealer HI $31 with One pair [Qd Qh 7s 6s-Qd Qh Ks 9h 8c] LO $31 [Qd Qh 7s 6s-8c 7s 6s 2c Ac]")
    hand = {h.hand_id: h for h in parse_bovada(text)}["4000000103"]
    assert _said(hand) == {"Dealer": 6200}
    assert "the summary says won {Dealer: 6200}" in check_site(hand).message


@settings(max_examples=examples(300), deadline=None)
@given(st.text(alphabet=st.sampled_from([" ", ":", "a", "Z", "+", "[", "]", "\t", "\n", "\r", "\xa0", "\x1c", "é"]),
               max_size=90))
def test_a_players_line_is_cut_as_the_regex_cuts_it(line):
    """:func:`actor_of` (the reader's fast path) against the regex it stands for."""
    from pokerengine.formats.bovada import _ACTOR, actor_of
    m = _ACTOR.fullmatch(line)
    assert actor_of(line) == (None if m is None else m.groups())
    long = "UTG+1" + " " * (len(line) % 70) + " : " + line
    m = _ACTOR.fullmatch(long)
    assert actor_of(long) == (None if m is None else m.groups())
