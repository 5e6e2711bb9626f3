"""The parts every site reader shares: encodings, amounts, the draft hand, the registry."""

from __future__ import annotations

import pytest
from hypothesis import example, given, strategies as st

from pokerengine.errors import HistoryParseError
from pokerengine.formats import FORMATS, detect, format_of, names, site_hands
from pokerengine.formats.amounts import parse_amount
from pokerengine.formats.draft import Draft, cards
from pokerengine.formats.encodings import decode
from pokerengine.replay.site_check import check_site


def _grouped(whole: int, sep: str) -> str:
    text = f"{whole:,}"
    return text.replace(",", sep)


@given(st.integers(0, 10**12), st.sampled_from(["$", "€", "£", "", " USD", " EUR", "€ ", "USD "]),
       st.sampled_from([",", " ", "\xa0", ""]), st.booleans(), st.booleans())
def test_amounts_in_every_form_read_back(cents, sign, sep, comma, after):
    """An amount written with a sign before or after, any thousands separator and either decimal mark reads
    back as the same number of cents."""
    if comma and sep == ",":
        sep = "."
    whole, frac = divmod(cents, 100)
    number = _grouped(whole, sep) + ("," if comma else ".") + f"{frac:02d}"
    text = (number + sign.rstrip() if sign.strip() and after else sign + number) if sign else number
    if sign.strip() and after and sign.startswith(" "):
        text = number + sign
    assert parse_amount(text, decimal="," if comma else ".") == cents


@given(st.integers(0, 10**12), st.sampled_from([",", " ", "\xa0", ".", ""]))
def test_tournament_chips_with_any_separator(chips, sep):
    text = _grouped(chips, sep)
    assert parse_amount(text, money=False, decimal="," if sep == "." else ".") == chips


@pytest.mark.parametrize("text", ["", "$", "1,2,3", "12,34.5", "1.2.3,4", "$1$", "abc", "1e5", "-5",
                                  "9" * 16, "$0.001", "1.000.00"])
def test_not_amounts(text):
    assert parse_amount(text) is None


@given(st.text(st.characters(blacklist_categories=("Cs",)), max_size=200))
def test_utf8_and_utf16_decode_back(text):
    for codec in ("utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be"):
        data = text.encode(codec)
        if codec in ("utf-16-le", "utf-16-be") and (not text or not text.isascii() or len(text) < 2):
            continue  # without a mark, UTF-16 is told from its zero bytes: ASCII text
        if text.startswith("\ufeff"):
            continue  # a text that itself starts with a mark: one mark is taken for the encoding's
        assert decode(data) == text


@given(st.text(st.sampled_from("abcé€£ÀÿŠœ—…“” 0123456789$\n\r"), max_size=200))
def test_windows_1252_files_read(text):
    data = text.encode("cp1252")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        assert decode(data) == text  # not UTF-8: read as Windows-1252


@given(st.binary(max_size=300))
def test_any_bytes_decode_to_text(data):
    assert isinstance(decode(data), str)


def test_decode_limits():
    with pytest.raises(HistoryParseError):
        decode(b"x" * 11, max_bytes=10)
    with pytest.raises(HistoryParseError):
        decode(5)  # type: ignore[arg-type]


def test_cards():
    assert cards("[ Ah, 10c ]") == "AhTc"
    assert cards("Ah Kd Qs") == "AhKdQs"
    assert cards("Ah X") is None and cards("") is None and cards("1h") is None


def test_registry():
    assert names()[:2] == ("pokerstars", "ohh")
    assert len(set(names())) == len(FORMATS)
    for fmt in FORMATS:
        assert format_of(fmt.name) is fmt
    with pytest.raises(HistoryParseError):
        format_of("nope")
    with pytest.raises(HistoryParseError):
        list(site_hands("x", "nope"))
    assert detect("") is None and detect("\ufeff\r\n") is None


def _draft():
    d = Draft("test", "1", "<t>, hand 1", 1)
    d.game("NT", 2)
    d.stakes(1, 2)
    d.button = 3
    for seat, name, stack in ((1, "a", 100), (2, "b", 100), (3, "c", 100), (4, "d", 100)):
        d.seat(seat, name, stack, out=name == "d")
    d.post("a", "sb", 1)
    d.post("b", "bb", 2)
    d.start_betting()
    return d


def test_put_in_decides_call_or_raise():
    d = _draft()
    d.put_in("c", 2)   # a call of the big blind
    d.put_in("a", 5)   # 1 + 5 = 6: a raise to 6
    d.put_in("b", 4)   # 2 + 4 = 6: a call
    d.put_in("c", 4)   # a call
    d.board("Qh Jd 2c")
    d.put_in("a", 10)  # a bet of 10
    d.put_in("b", 30)  # a raise to 30
    d.fold("c")
    d.put_in("a", 20)  # a call
    d.board("3s")
    d.check("a")
    d.check("b")
    d.board("4s")
    d.check("a")
    d.check("b")
    d.showdown = True
    d.show("a", "Ah Ac")
    d.show("b", "Kh Kc")
    d.collect("a", 6 * 3 + 60)
    d.total, d.rake, d.summary = 78, 0, True
    hand = d.finish(None, 0)
    assert hand.history.players == ("a", "b", "c")  # d sits out
    acts = [a for a in hand.history.actions if not a.startswith("d ")]
    assert acts[:6] == ["p3 cc", "p1 cbr 6", "p2 cc", "p3 cc", "p1 cbr 10", "p2 cbr 30"]
    assert check_site(hand).status == "matched"


def test_draft_errors_name_the_line():
    d = _draft()
    d.line = 7
    with pytest.raises(HistoryParseError, match=r"<t>, hand 1, line 7: 'zed' is not seated"):
        d.fold("zed")
    with pytest.raises(HistoryParseError, match="seat 1 or player"):
        d.seat(1, "x", 5)
    with pytest.raises(HistoryParseError, match="bad amount"):
        d.amount("1.2.3")
    d.money = False
    with pytest.raises(HistoryParseError, match="whole numbers"):
        d.amount("2.5")
    with pytest.raises(HistoryParseError, match="truncated"):
        d.finish(None, 0)


@given(st.integers(1, 10**8), st.data())
def test_exact_rake_takes_exactly_the_file_rake_from_large_pots(total, data):
    """A site's rake taken as given draws exactly that many units, however large the pot (a percent with a
    small enough denominator is found: the simplest in the interval that rounds to it)."""
    from pokerengine.live.settling import exact_rake

    amount = data.draw(st.integers(1, total))
    pots = data.draw(st.lists(st.integers(1, 10**6), min_size=0, max_size=3))
    assert sum(exact_rake(amount, total).take([total])) == amount
    if pots:
        rake = min(amount, sum(pots))
        assert sum(exact_rake(rake, sum(pots)).take(pots)) == rake


@given(st.fractions(min_value=0, max_value=200, max_denominator=60), st.fractions(min_value=0, max_value=3,
                                                                                  max_denominator=300))
def test_simplest_fraction_in_an_interval_against_a_search(lo, width):
    from fractions import Fraction

    from pokerengine.live.settling import _simplest

    if width <= 0:
        return
    hi = lo + width
    got = _simplest(lo, hi)
    assert lo <= got < hi
    q = 1
    while not any(lo <= Fraction(n, q) < hi for n in (-(-lo.numerator * q // lo.denominator),)):
        q += 1
    assert got.denominator == q


@pytest.mark.parametrize("path", ["fixtures/winamax/handwritten/tour-half-chips.txt",
                                  "fixtures/ipoker/handwritten/tour-nl.xml"])
def test_hands_in_parts_of_a_chip_convert_to_ohh_and_back(path):
    """A tournament hand read in half chips or hundredths (``_chip_scale``) is written to OHH in chips with
    decimals and the extension field, and reads back with the same scale, amounts and verdict."""
    import json
    from pathlib import Path

    from pokerengine.formats import read_text
    from pokerengine.formats.ohh import iter_ohh
    from pokerengine.formats.ohh_write import CHIP_SCALE_FIELD
    from pokerengine.replay.convert import convert_hands

    root = Path(__file__).resolve().parents[2]
    text = read_text(str(root / path))
    hands = [h for h in site_hands(text, detect(text), source=path) if h.history.user_fields.get("_chip_scale", 1) > 1]
    assert hands
    done = convert_hands(text, "ohh", source=path)
    assert not done.errors
    back = {h.hand_id: h for h in iter_ohh(done.text)}
    written = [json.loads(line)["ohh"] for line in done.text.splitlines() if line.strip()]
    assert any(CHIP_SCALE_FIELD in w for w in written)
    for hand in hands:
        again = back[hand.hand_id]
        assert again.history.user_fields["_chip_scale"] == hand.history.user_fields["_chip_scale"]
        assert again.history.starting_stacks == hand.history.starting_stacks
        assert check_site(again).status == check_site(hand).status == "matched"


def _joined(a: int, b: int, raise_to: int, bet: int, stack: int | None) -> Draft:
    """ann (seat 1) posts the small blind, new (seat 2; ``stack``: None, not known) the big one; bob raises to
    ``raise_to``, ann folds, new calls, then bets ``bet`` on the flop and bob folds."""
    d = Draft("test", "2", "<t>, hand 2", 1)
    d.game("NT", 2)
    d.stakes(1, 2)
    d.button = 3
    d.seat(1, "ann", a)
    d.seat(3, "bob", b)
    d.seat(2, "new", stack)
    d.post("ann", "sb", 1)
    d.post("new", "bb", 2)
    d.start_betting()
    d.put_in("bob", raise_to)
    d.fold("ann")
    d.put_in("new", raise_to - 2)
    d.board("2c 3d 4h")
    d.put_in("new", bet)
    d.fold("bob")
    d.uncalled("new", bet)
    d.collect("new", 2 * raise_to + 1)
    d.total, d.rake, d.summary = 2 * raise_to + 1, 0, True
    return d


@given(st.integers(2, 10**9), st.integers(5, 10**9), st.integers(2, 10**12), st.data())
def test_a_stack_the_file_does_not_give_never_binds(a, b, bet, data):
    """A player seated with no stack gets a stand-in above every other stack and all he puts in: the hand
    settles as it would with any stack large enough, and the record names him."""
    raise_to = data.draw(st.integers(4, b - 1))  # (bob not all in: there is a flop to bet on)
    hand = _joined(a, b, raise_to, bet, None).finish(None, 0)
    stacks = dict(zip(hand.history.players, hand.history.starting_stacks))
    assert stacks["new"] > a + b and stacks["new"] > raise_to + bet
    assert hand.history.user_fields["_unknown_stacks"] == ("new",)
    known = _joined(a, b, raise_to, bet, 10**15).finish(None, 0)
    assert "_unknown_stacks" not in known.history.user_fields
    assert check_site(hand) == check_site(known) and check_site(hand).status == "matched"


def test_stack_unknown_marks_a_seated_player():
    d = _draft()
    d.stack_unknown("c")
    d.stack_unknown("c")  # (once)
    d.put_in("c", 2)
    d.fold("a")
    d.check("b")
    d.board("Qh Jd 2c")
    d.check("b")
    d.put_in("c", 500)  # more than c's written stack of 100: the stand-in does not bind
    d.fold("b")
    d.uncalled("c", 500)
    d.collect("c", 5)
    d.total, d.rake, d.summary = 5, 0, True
    hand = d.finish(None, 0)
    assert hand.history.user_fields["_unknown_stacks"] == ("c",) and hand.history.starting_stacks[2] > 700
    assert check_site(hand).status == "matched"
    with pytest.raises(HistoryParseError, match="'zed' is not seated"):
        d.stack_unknown("zed")


def test_exact_rake_of_a_percent_whose_simplest_form_lies_next_to_a_whole_number():
    """The interval's lower end can be a whole number after a step of the continued fraction (found by
    Hypothesis: a ZeroDivisionError before)."""
    from pokerengine.live.settling import exact_rake

    assert sum(exact_rake(222262, 14224832).take([14224832])) == 222262


@example("000000000000000.0", False, ".")  # 16 digits in all: more than an amount may have
@given(st.from_regex(r"[$€£]?[0-9]{1,15}(\.[0-9]{1,2})?", fullmatch=True), st.booleans(), st.sampled_from([".", ","]))
def test_plain_amounts_read_the_same_by_the_short_way_and_the_long(text, money, decimal):
    """The fast path for plain amounts ("$1.50", "300") gives what weighing every separator gives."""
    from pokerengine.formats.amounts import _weighed

    assert parse_amount(text, money=money, decimal=decimal) == _weighed(text, money, decimal)
