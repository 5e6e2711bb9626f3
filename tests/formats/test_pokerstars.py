"""The PokerStars reader and the site check: every real hand's collected amounts and rake reproduced.

Rules checked (docs/histories.md): PokerStars' rake at $0.01/$0.02 is 3.5% of the pot, halves
rounded up, no flop no drop, drawn main pot first; uncalled bets are no part of any pot; mucking at
a showdown concedes (PHH `sm` without cards); dead small blinds are dead money.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings, strategies as st

from pokerengine.errors import HistoryParseError, PokerEngineError
from profiles import examples
from pokerengine.replay import replay_hand
from pokerengine.formats.pokerstars import (
    MAX_LINE_CHARS,
    iter_pokerstars,
    parse_pokerstars,
    rake_rule,
    read_pokerstars,
)
from pokerengine.formats.sitehand import Collected
from pokerengine.replay.site_check import SeatDiff, check_site
from pokerengine.formats.rake_pots import main_pot_first

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "pokerstars"
BUNDLED = sorted((FIXTURES / "pokerregion-2020").glob("*.txt"))
HANDWRITTEN = FIXTURES / "handwritten"
SHARED = ROOT.parent / "shared" / "pokerstars" / "pokerregion-2020"


def _all(files):
    return [hand for f in files for hand in read_pokerstars(str(f))]


@pytest.fixture(scope="module")
def bundled():
    return _all(BUNDLED)


# -- every real hand ------------------------------------------------------------------------------


def test_bundled_hands_are_split_by_pot(bundled):
    # (each bundled hand matched: tests/formats/test_formats_sites.py)
    assert len(BUNDLED) == 5 and len(bundled) == 318
    # each collected amount was compared per pot where the file splits them
    assert sum(1 for h in bundled if any(c.pot for c in h.collected)) >= 5


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/pokerstars is not on this machine")
def test_every_shared_hand_matches():
    files = sorted(SHARED.glob("*.txt"))
    hands = _all(files)
    assert (len(files), len(hands)) == (29, 1402)  # the README says 1,228; the files hold 1,402
    statuses = {}
    for h in hands:
        r = check_site(h)
        statuses.setdefault(r.status, []).append(r.message)
    assert list(statuses) == ["matched"], {k: v[:3] for k, v in statuses.items()}


def test_collected_add_up_to_the_pot_less_the_rake(bundled):
    for h in bundled:
        assert sum(c.amount for c in h.collected) == h.total_pot - h.rake, h.hand_id


def test_the_first_hand_read_field_by_field(bundled):
    h = bundled[0]
    assert (h.format, h.hand_id, h.index) == ("pokerstars", "212113219605", 0)
    hh = h.history
    # button seat 8: position order starts at seat 9 (small blind), seat 1 (big blind), ...
    assert hh.seats == (9, 1, 2, 3, 5, 6, 7, 8)
    assert hh.players[:2] == ("Finalflash007", "Parker09SA")
    assert hh.starting_stacks == (222, 270, 235, 120, 6, 150, 173, 264)  # cents
    assert hh.blinds_or_straddles == (1, 2, 0, 0, 0, 0, 0, 0) and hh.min_bet == 2
    assert hh.actions[2] == "d dh p3 7c2s"  # pokerHero1's dealt cards; others unknown
    assert hh.actions[0] == "d dh p1 ????"
    assert "p5 cbr 6" in hh.actions  # grindhauz raises to $0.06 and is all-in
    assert "d db Td5hJh" in hh.actions and hh.actions[-1] == "p5 sm -"
    # pot 19 cents: 3.5% is 0.665, rounded to 1 cent; the winner collects 18
    assert (h.total_pot, h.rake, h.collected) == (19, 1, (Collected("BRUNOFUENTES27", 0, 18),))


def test_side_pot_rake_is_drawn_main_pot_first(bundled):
    # Aksnes II hand 212113583449: pots of 530 and 104 cents.  3.5% of 634 = 22.19 -> 22 cents;
    # 3.5% of the main pot 530 = 18.55 -> 19, the side pot gives 22 - 19 = 3.  The file: main pot
    # $5.11 (530 - 19) and side pot $1.01 (104 - 3).  Drawn in proportion it would be 18 + 4.
    (h,) = [x for x in bundled if x.hand_id == "212113583449"]
    assert sorted((c.pot, c.amount) for c in h.collected) == [(0, 511), (1, 101)]
    assert rake_rule([530, 104], True, h) == [19, 3]
    assert check_site(h).status == "matched"


def test_odd_cent_of_a_split_goes_left_of_the_button(bundled):
    # Lilio III hand 212448785488: 1 + 2 + 2 = 5 cents, no flop rake (3.5% of 5 rounds to 0); two
    # equal two pairs split 5: the big blind doiar (first live seat left of the button) gets 3.
    (h,) = [x for x in bundled if x.hand_id == "212448785488"]
    assert h.collected == (Collected("doiar", 0, 3), Collected("Anudrmdrfkr", 0, 2))
    assert check_site(h).status == "matched"
    swapped = attrs.evolve(h, collected=(Collected("doiar", 0, 2), Collected("Anudrmdrfkr", 0, 3)))
    assert check_site(swapped).seats == (SeatDiff(4, "doiar", 2, 3), SeatDiff(5, "Anudrmdrfkr", 3, 2))


def test_uncalled_bets_are_checked_too(bundled):
    # Aksnes II's first hand: BRUNOFUENTES27's river bet of $0.18 was not called and came back
    h = bundled[0]
    assert h.returned == (0, 0, 0, 0, 0, 0, 0, 18)  # position order: the button last
    r = check_site(attrs.evolve(h, returned=(0, 0, 0, 0, 0, 0, 0, 17)))
    assert r.status == "mismatched" and r.seats == ()
    assert r.message.endswith("uncalled bets returned: file {BRUNOFUENTES27: 17}, engine {BRUNOFUENTES27: 18}")


def test_pot_rakes_of_the_file_are_drawn_as_given(bundled):
    # the same hand as another site would give it: no rule, each pot's rake from the file
    (h,) = [x for x in bundled if x.hand_id == "212113583449"]
    assert check_site(attrs.evolve(h, format="other", pot_rakes=(19, 3))).status == "matched"
    wrong = check_site(attrs.evolve(h, format="other", pot_rakes=(18, 4)))  # in proportion: not what was paid
    assert [(d.expected, d.got) for d in wrong.seats] == [(612, 612)]  # the same total, pot by pot wrong
    assert wrong.message.endswith("collected: Parker09SA (seat 1) main pot file 511, engine 512; "
                                  "Parker09SA (seat 1) side pot 1 file 101, engine 100")
    assert check_site(attrs.evolve(h, format="other")).status == "mismatched"  # no pot_rakes: in proportion


def test_main_pot_first_rounding():
    r = Fraction(35, 10)
    assert main_pot_first(2, [45, 20], r) == [2, 0]     # 1.575 -> 2 from the main pot
    assert main_pot_first(1, [8, 12], r) == [0, 1]      # 0.28 -> 0: the last pot gives the cent
    assert main_pot_first(9, [237, 18], r) == [8, 1]    # 8.295 -> 8
    assert main_pot_first(0, [10, 10]) == [0, 0]
    assert main_pot_first(7, [100]) == [7]


def test_no_flop_no_drop_and_tournaments_are_not_raked(bundled):
    h = bundled[0]
    assert rake_rule([100], False, h) == [0]
    t = read_pokerstars(str(HANDWRITTEN / "tournament-antes-side-pot.txt"))[0]
    assert rake_rule([1800, 800], True, t) == [0, 0]


def test_run_twice_cash_out_dead_blind_and_zoom_hands(bundled):
    by_id = {h.hand_id: h for h in bundled}
    twice = by_id["212449882219"]  # Lilio III: run twice, main $5.74 and side $0.14 after $0.21 rake
    assert twice.history.user_fields["_run_count"] == 2
    assert twice.collected == (Collected("gizmondouk", 1, 14), Collected("gizmondouk", 0, 574))
    cashed = by_id["212114422825"]  # Aksnes II: titoneopren cashed out; the summary's "won ($2.29)"
    assert Collected("titoneopren", None, 229) in cashed.collected
    zoom = [h for h in bundled if "McNaught-2" in h.source]
    assert len(zoom) == 43 and {h.history.currency for h in zoom} == {"USD"}
    dead = [h for h in bundled if any(h.history.antes)]  # "posts small & big blinds $0.03"
    assert dead and all(sum(h.history.antes) == 1 for h in dead)
    assert all(check_site(h).status == "matched" for h in (twice, cashed, *zoom, *dead))


def test_replay_of_the_phh_record_agrees(bundled):
    # the PHH record plays through the ordinary replay too (no rake there: finishing stacks unknown)
    for h in bundled[:40]:
        assert replay_hand(h.history).status == "unchecked"


# -- hand-written hands ---------------------------------------------------------------------------


def test_tournament_with_antes_and_a_side_pot():
    # Antes 5 x 3 = 15 dead.  bravo all in for 995 more, charlie for 595, alpha calls 995.
    # Main pot 3 x 595 + 15 = 1800 (charlie's aces), side pot 2 x 400 = 800 (bravo's kings beat
    # alpha's queens).  Tournament chips: no rake.
    (h,) = read_pokerstars(str(HANDWRITTEN / "tournament-antes-side-pot.txt"))
    assert h.history.antes == (5, 5, 5) and h.history.currency is None
    assert h.history.starting_stacks == (1000, 600, 1500)
    r = check_site(h)
    assert (r.status, r.rake_expected, r.rake_got) == ("matched", 0, 0)
    wrong = check_site(attrs.evolve(h, collected=(Collected("bravo", 1, 790), Collected("charlie", 0, 1810))))
    assert wrong.status == "mismatched"
    assert wrong.seats == (SeatDiff(2, "bravo", 790, 800), SeatDiff(3, "charlie", 1810, 1800))


def test_straddle():
    # 1 + 2 + 12 + 12 = 27 cents; 3.5% = 0.945 -> 1 cent rake; ann collects 26.
    (h,) = read_pokerstars(str(HANDWRITTEN / "straddle.txt"))
    assert h.history.blinds_or_straddles == (1, 2, 4, 0)
    assert h.history.actions[4] == "p4 cbr 12"  # the button acts first after the straddle
    assert check_site(h).status == "matched"


def test_heads_up_split_pot():
    # 30 each = 60; 3.5% = 2.1 -> 2; 58 split 29 and 29.  Heads-up PHH writes the small blind first.
    (h,) = read_pokerstars(str(HANDWRITTEN / "heads-up-split.txt"))
    assert h.history.players == ("north", "south") and h.history.blinds_or_straddles == (1, 2)
    assert check_site(h).status == "matched"


def test_mucking_concedes_and_nobody_shown_is_undeterminable():
    shown_one, nobody = read_pokerstars(str(HANDWRITTEN / "muck-and-unknown.txt"))
    # bob shows queens; cy and ann muck (ann's mucked 7c2d beat nothing anyway): bob takes 6
    assert "p1 sm" in shown_one.history.actions and "p3 sm" in shown_one.history.actions
    assert check_site(shown_one).status == "matched"
    r = check_site(nobody)
    assert r.status == "undeterminable" and "no hand that could win was shown" in r.message


def test_pot_limit_omaha():
    # cy raises the pot before the flop: 3 in, 2 to call, so to 7.  Pot 21; ann bets the pot, 21.
    # 3 x 7 + 2 x 21 = 63 cents; the file's rake (2) is taken (PokerStars' Omaha rake is not known
    # from the data); cy's 8-6 with 7-9-T makes a straight over ann's aces: 61 cents.
    (h,) = read_pokerstars(str(HANDWRITTEN / "omaha-pot-limit.txt"))
    assert h.history.variant == "PO" and h.history.actions[1] == "d dh p2 ????????"
    assert check_site(h).status == "matched"
    over = (HANDWRITTEN / "omaha-pot-limit.txt").read_text().replace("ann: bets $0.21", "ann: bets $0.22")
    (h,) = parse_pokerstars(over, source="o.txt")
    with pytest.raises(PokerEngineError, match="o.txt"):
        check_site(h)  # more than the pot


# -- text forms and hostile input -----------------------------------------------------------------

HAND = (FIXTURES / "handwritten" / "straddle.txt").read_text()


def test_bom_windows_line_ends_and_chat():
    text = "\ufeff" + HAND.replace("\n", "\r\n").replace(
        "bob: folds", 'bob: folds\r\nbob said, "nice: hand"\r\neve joins the table at seat #5')
    (h,) = parse_pokerstars(text)
    assert check_site(h).status == "matched"


def test_iterator_form_and_index():
    text = HAND + "\n\n\n" + HAND.replace("#300000000002", "#300000000009")
    hands = list(iter_pokerstars(text, source="x.txt"))
    assert [(h.hand_id, h.index, h.source) for h in hands] == [("300000000002", 0, "x.txt"), ("300000000009", 1, "x.txt")]


def _error(text: str) -> str:
    with pytest.raises(HistoryParseError) as info:
        parse_pokerstars(text, source="f.txt")
    return str(info.value)


def test_truncated_hand_names_file_hand_and_line():
    cut = "\n".join(HAND.splitlines()[:15])
    assert _error(cut) == "f.txt, hand 300000000002, line 15: the hand ends before its summary (truncated?)"


@pytest.mark.parametrize("text, message", [
    ("", "f.txt: no PokerStars hand in the text"),
    ("hello\nworld", "f.txt, line 1: expected a hand ('PokerStars Hand #...'), got 'hello'"),
    ("PokerStars Hand #1: garbage", "f.txt, hand 1, line 1: cannot read the game and stakes in 'garbage'"),
    ("PokerStars Hand 1: x", "f.txt, line 1: cannot read the hand's first line"),
    (HAND.replace("($2 in chips)", "($99999999999999999999 in chips)", 1), "f.txt, hand 300000000002, line 3:"),
    (HAND.replace("ann: bets $0.20", "ann: bets $0.2.0"), "bad amount '$0.2.0'"),
    (HAND.replace("ann: bets $0.20", "ann: dances"), "cannot read 'ann: dances'"),
    (HAND.replace("Hold'em No Limit", "Pineapple Pot Limit"), "'Pineapple Pot Limit' is not read yet"),
    (HAND.replace("Hold'em No Limit", "Razz Limit"), "a stud table has no button"),
    (HAND.replace("[2c 7d 9h]\ndee", "[2c 7d 9h]\ndee: folds [2s 3s 4s]\ndee", 1), "'dee' has 3 cards, not 2"),
    (HAND.replace("[2c 7d 9h]", "[2c 7d 9x]", 1), "bad cards '2c 7d 9x'"),
    (HAND.replace("Seat 4: dee folded on the Flop", "Seat 7: dee folded on the Flop"), "seat 7, which has nobody"),
])
def test_bad_text_is_a_parse_error(text, message):
    assert message in _error(text)


def test_huge_line_and_wrong_type():
    assert f"more than {MAX_LINE_CHARS:,}" in _error(HAND + "x" * 10_000_000)
    with pytest.raises(HistoryParseError):
        parse_pokerstars(b"PokerStars Hand #1")  # type: ignore[arg-type]


def test_illegal_action_names_the_hand():
    bad = HAND.replace("dee: calls $0.08", "dee: raises $0.01 to $0.05")
    (h,) = parse_pokerstars(bad, source="f.txt")
    with pytest.raises(PokerEngineError, match="f.txt"):
        check_site(h)


def test_unreadable_file(tmp_path):
    p = tmp_path / "x.txt"
    p.write_bytes(b"\xff\xfe garbage")
    with pytest.raises(HistoryParseError, match="not valid UTF-8"):
        read_pokerstars(str(p))
    with pytest.raises(HistoryParseError, match="cannot read"):
        read_pokerstars(str(tmp_path / "missing.txt"))


# --- rarer layouts and lines of PokerStars' files (one hand-written fixture each) -----------------------------


def _handwritten(name):
    from pokerengine.formats import read_text, site_hands

    return list(site_hands(read_text(str(HANDWRITTEN / name)), "pokerstars", source=name))


def test_rupee_tables_read_rs_amounts_in_paise():
    # PokerStars.in's client (DriveHUD's real 2019 files) writes "Rs." and a no-break space before each amount
    text = (HANDWRITTEN / "rupees.txt").read_text(encoding="utf-8")
    assert "Rs.\xa025/Rs.\xa050 INR" in text and "Rs. " not in text
    [hand] = _handwritten("rupees.txt")
    h = hand.history
    assert h.currency == "INR" and h.blinds_or_straddles[:2] == (2500, 5000) and h.min_bet == 5000
    assert h.players == ("ravi77", "meera_k", "dosa king", "anil.p")
    assert h.starting_stacks == (125040, 300000, 81235, 502010)  # Rs. 1250.40, Rs. 3000, Rs. 812.35, Rs. 5020.10
    assert h.actions[4:10] == ("p3 cbr 15000", "p4 cc", "p1 cbr 125040", "p2 cbr 300000", "p3 cc", "p4 f")
    assert hand.collected == (Collected("ravi77", 1, 87610), Collected("dosa king", 0, 243705))
    assert hand.total_pot == 346315 and hand.rake == 15000 and hand.returned == (0, 174960, 0, 0)
    assert check_site(hand).status == "matched"  # the capped Rs. 150 all from the main pot, as collected says
    # the other ways of writing the same amounts read the same hand: "Rs.25", "Rs. 25", a thousands separator
    for other in (text.replace("Rs.\xa0", "Rs."), text.replace("Rs.\xa0", "Rs. "),
                  text.replace("Rs.\xa05020.10", "Rs.\xa05,020.10")):
        [again] = parse_pokerstars(other)
        assert again.history == h and again.collected == hand.collected and again.rake == hand.rake
    # a paisa off in the side pot's collected line: the check finds it
    [off] = parse_pokerstars(text.replace("collected Rs.\xa0876.10", "collected Rs.\xa0876.09"))
    assert check_site(off).status == "mismatched"
    with pytest.raises(HistoryParseError, match="bad amount 'Rs.x'"):
        parse_pokerstars(text.replace("calls Rs.\xa0150", "calls Rs.x"))
    with pytest.raises(HistoryParseError, match="bad amount 'Rs.1.2.3'"):
        parse_pokerstars(text.replace("calls Rs.\xa0150", "calls Rs.\xa01.2.3"))


_RS_FORMS = ("Rs.\xa0", "Rs. ", "Rs.")


def _rupee_walk(sb: int, bb: int, stacks: tuple[int, int, int], form: str) -> str:
    """A hand at a rupee table (amounts in paise written with ``form`` before each): the button folds,
    the small blind folds, the big blind's walk."""
    def rs(paise: int) -> str:
        return f"{form}{paise // 100}" + (f".{paise % 100:02d}" if paise % 100 else "")

    return "\n".join((
        f"PokerStars Hand #1:  Hold'em No Limit ({rs(sb)}/{rs(bb)} INR) - 2019/02/18 18:36:50 IST [2019/02/18 8:06:50 ET]",
        "Table 'Akiyama' 6-max Seat #3 is the button",
        f"Seat 1: a ({rs(stacks[0])} in chips) ", f"Seat 2: b ({rs(stacks[1])} in chips) ",
        f"Seat 3: c ({rs(stacks[2])} in chips) ",
        f"a: posts small blind {rs(sb)}", f"b: posts big blind {rs(bb)}", "*** HOLE CARDS ***",
        "c: folds ", "a: folds ", f"Uncalled bet ({rs(bb - sb)}) returned to b", f"b collected {rs(2 * sb)} from pot",
        "b: doesn't show hand", "*** SUMMARY ***", f"Total pot {rs(2 * sb)} | Rake {rs(0)}",
        "Seat 1: a (small blind) folded before Flop", f"Seat 2: b (big blind) collected ({rs(2 * sb)})",
        "Seat 3: c (button) folded before Flop (didn't bet)"))


@settings(max_examples=examples(40), deadline=None)
@given(sb=st.integers(1, 10**9), extra=st.integers(0, 10**9), stacks=st.tuples(*[st.integers(0, 10**11)] * 3),
       form=st.sampled_from(_RS_FORMS))
def test_any_rupee_amount_in_any_written_form_is_read_in_paise(sb, extra, stacks, form):
    bb = sb + extra
    stacks = tuple(s + bb + 1 for s in stacks)  # (nobody all in on a blind)
    [hand] = parse_pokerstars(_rupee_walk(sb, bb, stacks, form))
    h = hand.history
    assert h.currency == "INR" and h.blinds_or_straddles[:2] == (sb, bb) and h.starting_stacks == stacks
    assert hand.collected == (Collected("b", 0, 2 * sb),) and hand.total_pot == 2 * sb and hand.rake == 0
    assert check_site(hand).status == "matched"


def test_an_empty_hand_number_and_an_empty_action_line():
    [hand] = _handwritten("empty-lines-vr.txt")
    assert hand.hand_id is None and hand.where.endswith("hand #0")
    assert hand.history.actions[3:6] == ("p3 cc", "p1 cc", "p2 cc")  # 'bob:  ' did nothing
    assert hand.collected == (Collected("bob", 0, 3000),) and check_site(hand).status == "matched"  # (no sign: money)
    text = (HANDWRITTEN / "empty-lines-vr.txt").read_text()
    with pytest.raises(HistoryParseError, match="cannot read 'dan:'"):  # an empty line of nobody seated
        parse_pokerstars(text.replace("bob:  \n", "dan:  \n"))


def test_power_path_ticket_line_and_a_doubled_apostrophe():
    [hand] = _handwritten("power-path-ticket.txt")
    assert hand.history.variant == "NT" and hand.history.currency is None
    assert hand.collected == (Collected("cy", 0, 1280),) and check_site(hand).status == "matched"


def test_the_emailed_transcript_layout_reads_every_hand():
    from pokerengine.formats import detect

    text = (HANDWRITTEN / "transcript-email.txt").read_text()
    assert detect(text) == "pokerstars"
    hands = parse_pokerstars(text)
    assert [h.hand_id for h in hands] == ["250000000040", "250000000041"]
    assert [c.amount for h in hands for c in h.collected] == [670, 100]
    assert all(check_site(h).status == "matched" for h in hands)
    # the transcript's own lines are blank lines: a hand's error keeps the file's line numbers
    with pytest.raises(HistoryParseError, match="line 19: "):
        parse_pokerstars(text.replace("ann: raises $3.50 to $5.25", "ann: raises lots"))


def test_the_client_exports_separator_lines_are_no_hands():
    """``*********** # 1 **************`` before each hand (real files of brlutz/PokerStudier): a file that
    starts with one is PokerStars', and in a file whose first hand has none a separator is no hand (read
    as one, a 200-hand file would give 399 hands, with errors)."""
    from pokerengine.formats import detect
    from pokerengine.formats.pokerstars import iter_hands

    text = (HANDWRITTEN / "client-export-separators.txt").read_text()
    assert detect(text) == "pokerstars"
    first, second = parse_pokerstars(text)
    assert (first.hand_id, second.hand_id) == ("250000000050", "250000000049")
    assert first.collected == (Collected("cy", 0, 148),) and first.total_pot == 152 and first.rake == 4
    assert second.collected == (Collected("bob", 0, 4),) and second.returned == (0, 3, 0)
    assert [check_site(h).status for h in (first, second)] == ["matched", "matched"]
    # no separator before the first hand, separators after it, and the e-mail's footer at the end
    footer = (HANDWRITTEN / "client-export-email-footer.txt").read_text()
    assert detect(footer) == "pokerstars"
    items = list(iter_hands(footer, errors=True))
    assert [type(i).__name__ for i in items] == ["SiteHand", "SiteHand"]
    assert [c.amount for h in parse_pokerstars(footer) for c in h.collected] == [148, 4]
    # the separators and the footer are blank lines: an error keeps the file's line numbers
    with pytest.raises(HistoryParseError, match="line 16: "):
        parse_pokerstars(text.replace("ann: bets $0.20", "ann: bets lots"))
    # a line of stars that is no separator is still an error in a hand's place, not dropped
    bad = list(iter_hands(text.replace("*********** # 2 ****", "*********** #2 ****"), errors=True))
    assert len(bad) == 3 and isinstance(bad[1], HistoryParseError)


@settings(max_examples=examples(25), deadline=None)
@given(stars=st.lists(st.tuples(st.integers(3, 40), st.integers(3, 40), st.integers(0, 3)), min_size=2, max_size=2),
       first=st.booleans())
def test_client_export_separators_around_hands_change_nothing(stars, first):
    """Any client file's hands, each after a separator of any width (the first perhaps without), read the same."""
    text = (HANDWRITTEN / "layout-2024-sitting-out.txt").read_text()
    plain = parse_pokerstars(text)
    parts = text.strip("\n").split("\n\n\n\n")
    wrapped = "".join(("" if k == 0 and not first else "*" * a + f" # {k + 1} " + "*" * b + "\n") + part + "\n" * (2 + n)
                      for k, (part, (a, b, n)) in enumerate(zip(parts, stars)))
    got = parse_pokerstars(wrapped)
    assert [h.history for h in got] == [h.history for h in plain] and [h.collected for h in got] == [
        h.collected for h in plain]


def test_play_money_is_whole_chips_and_splits_in_chips():
    """A "(Play Money)" (the shape of 76 hands of MichlF/pokerstars_reader's Home Games, all matched):
    table's amounts are whole chips, so a tie splits in chips, the odd chip to the first winner left of
    the button (2599 = 1300 + 1299, 283 = 95 + 94 + 94).  Read in hundredths, the engine would split
    in hundredths of a chip (129950 each) where the site paid 130000 and 129900."""
    split2, split3 = _handwritten("play-money-home-game.txt")
    assert split2.history.currency == "" and split2.history.blinds_or_straddles[:2] == (50, 100)
    assert split2.total_pot == 2750 and split2.rake == 151
    assert split2.collected == (Collected("ann", 0, 1300), Collected("cy", 0, 1299))
    assert split3.rake == 17 and [c.amount for c in split3.collected] == [95, 94, 94]
    assert [check_site(h).status for h in (split2, split3)] == ["matched", "matched"]
    text = (HANDWRITTEN / "play-money-home-game.txt").read_text().replace(" (Play Money)", "")
    before = parse_pokerstars(text)[0]
    assert before.rake == 15100 and check_site(before).status == "mismatched"
    assert [(d.expected, d.got) for d in check_site(before).seats] == [(130000, 129950), (129900, 129950)]


def test_2024_seats_sitting_out_are_dealt_in_only_when_they_play():
    first, second = _handwritten("layout-2024-sitting-out.txt")
    assert first.history.players == ("cy", "dan", "fay", "ann", "bob")  # eve ($0, sitting out) is not in the hand
    assert first.history.starting_stacks[2] == 720 and first.history.actions[5] == "p3 f"  # fay folds
    assert second.history.blinds_or_straddles[:2] == (5, 10)  # fay, listed sitting out, posts the big blind
    assert [check_site(h).status for h in (first, second)] == ["matched", "matched"]


def test_an_all_in_ante_hands_back_the_larger_ante_unmatched():
    """Heads-up, bob's ante of 60 all in against ann's 75 and small blind 300: PokerStars returns 315 (15 of the
    ante, the blind); the record posts ann's ante as matched (60) and the return keeps the blind's 300."""
    [hand] = _handwritten("forced-all-in-ante.txt")
    h = hand.history
    assert h.players == ("bob", "ann") and h.antes == (60, 60) and hand.returned == (0, 300)
    assert h.user_fields["_antes_matched"] is True
    assert hand.collected == (Collected("bob", 0, 120),) and hand.total_pot == 120
    assert check_site(hand).status == "matched"
    # an ante larger than the return can take is left as the file says (and mismatches)
    text = (HANDWRITTEN / "forced-all-in-ante.txt").read_text().replace("Uncalled bet (315)", "Uncalled bet (10)")
    [kept] = parse_pokerstars(text)
    assert kept.history.antes == (75, 60)  # (heads-up, the record's antes and blinds go button first)
    assert "_antes_matched" not in kept.history.user_fields


def test_split_pots_made_uneven_by_running_it_twice_or_a_cash_out():
    """Run twice: the first run split (9.51 each), the second ann's (19.01): 28.52 and 9.51.  A cash-out: bob,
    who cashed out, is paid his half of the split through the summary's ``won`` (19.27, the odd cent his as the
    first winner left of the button), ann 19.26."""
    [twice] = _handwritten("run-twice-uneven-split.txt")
    assert twice.history.user_fields["_run_count"] == 2
    assert sorted((c.player, c.amount) for c in twice.collected) == [("ann", 2852), ("bob", 951)]
    [cashed] = _handwritten("cash-out-split.txt")
    assert sorted((c.player, c.amount) for c in cashed.collected) == [("ann", 1926), ("bob", 1927)]
    assert [check_site(h).status for h in (twice, cashed)] == ["matched", "matched"]
    swapped = attrs.evolve(cashed, collected=(Collected("ann", None, 1927), Collected("bob", None, 1926)))
    assert check_site(swapped).status == "mismatched"  # PokerStars' odd-cent rule is known: the engine's


@settings(max_examples=examples(25), deadline=None)
@given(blank=st.lists(st.integers(0, 3), min_size=2, max_size=2), header=st.booleans())
def test_transcript_lines_around_hands_change_nothing(blank, header):
    """Any client file's hands, wrapped as the e-mailed transcript writes them, read the same."""
    text = (HANDWRITTEN / "layout-2024-sitting-out.txt").read_text()
    plain = parse_pokerstars(text)
    parts = text.strip("\n").split("\n\n\n\n")
    assert len(parts) == 2
    wrapped = ("Transcript for last 2 hands requested by ann (ann@example.com)\n\n" if header else "") + "".join(
        f"*** # {k + 1} ***\n" + part + "\n" * (1 + n) for k, (part, n) in enumerate(zip(parts, blank)))
    got = parse_pokerstars(wrapped)
    assert [h.history for h in got] == [h.history for h in plain] and [h.collected for h in got] == [
        h.collected for h in plain]
