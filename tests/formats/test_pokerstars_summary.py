"""PokerStars' tournament summaries (``pokerengine/formats/pokerstars_summary.py``): files of no hands,
skipped by the replay with their reason; a summary between hands passed over by the reader.

The summaries here are hand-written in the layout of the real ones (PokerStars' ``TS...`` files and its
e-mail, fpdb-3's and DriveHUD's test files); fpdb-3's own files are checked where they are on the machine.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from pokerengine.cli import main
from pokerengine.errors import HistoryParseError
from pokerengine.formats import detect, no_hands, read_text, site_hands
from pokerengine.formats.pokerstars import parse_pokerstars
from pokerengine.formats.pokerstars_summary import REASON, has_hands, is_summary
from pokerengine.replay import replay_paths
from pokerengine.replay.site_check import check_site
from profiles import examples

ROOT = Path(__file__).resolve().parents[2]
HANDWRITTEN = ROOT / "fixtures" / "pokerstars" / "handwritten"
FPDB_SUMMARIES = Path("/work/data/fpdb/regression-test-files/summaries/Stars")

#: A sit & go's summary file, as the client writes it (``TS20170130 T1809213004 ...txt``).
SNG = """PokerStars Tournament #1809213004, No Limit Hold'em
Buy-In: $0.92/$0.08 USD
3 players
Total Prize Pool: $2.00 USD 
Tournament started 2017/01/30 21:49:55 ET
Tournament finished 2017/01/30 21:55:50 ET
  1: anna_b (Canada), $2.00 (100%)
  2: kees77 (Netherlands), 
  3: Hero (Canada), 

You finished in 3rd place (eliminated at hand #165438062987).
"""

#: PokerStars' e-mail of the last tournaments: its first line, a satellite's summary, its footer.
EMAIL = """Tournament History for your last 1 tournament requested by Hero (hero@example.com)


PokerStars Tournament #783127276, No Limit Hold'em
Super Satellite
Buy-In: 100 FPP
36 players
Total Prize Pool: $55.00 USD
Target Tournament #821010003 Buy-In: $10.00/1.00 USD
5 tickets to the target tournament

Tournament started 2013/09/03 15:21:56 ET
Tournament finished 2013/09/03 15:33:37 ET
  1: ProCepera (Russia),  (qualified for the target tournament)
  2: Hero (Russia),  (qualified for the target tournament)
  3: bestyb (United Kingdom),

You finished in 2nd place.



If you have any questions, please contact "PokerStars Support" <support@pokerstars.com>
"""

#: Full Tilt's tournaments in the same layout (PokerStars' client, 2016), a freeroll with money added.
FULL_TILT = """\ufeffFull Tilt Tournament #1571041343, No Limit Hold'em
Freeroll
$50.00 USD added to the prize pool by PokerStars
6 players
Total Prize Pool: $50.00 USD
Tournament started 2016/05/20 8:25:45 ET

  1: Player0 (United Kingdom), still playing
  2: Hero (United States),

You finished in 2nd place (eliminated at hand #153580581770).
"""

SUMMARIES = {"sng.txt": SNG, "email.txt": EMAIL, "fulltilt.txt": FULL_TILT}


def _hands_text() -> str:
    return (HANDWRITTEN / "games-holdem-omaha.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(SUMMARIES))
def test_a_summary_is_no_format_and_says_why(name):
    text = SUMMARIES[name]
    assert is_summary(text) and not has_hands(text)
    assert detect(text) is None and no_hands(text) == REASON == "a tournament summary, no hands"
    with pytest.raises(HistoryParseError, match=r"^<text>: a tournament summary, not a hand history$"):
        parse_pokerstars(text)


def test_what_is_not_a_summary():
    hands = _hands_text()
    assert not is_summary(hands) and has_hands(hands) and no_hands(hands) is None and detect(hands) == "pokerstars"
    # a tournament hand's header names its tournament after "PokerStars Hand #N: ", not at the line's start
    tour = (HANDWRITTEN / "tournament-antes-side-pot.txt").read_text(encoding="utf-8")
    assert "Tournament #" in tour and not is_summary(tour) and no_hands(tour) is None
    # the summary's first line with no players line after it is no summary: the reader's error, as before
    first = SNG.splitlines()[0]
    lone = first + "\nBuy-In: $0.92/$0.08 USD\nTotal Prize Pool: $2.00 USD\n"
    assert not is_summary(lone) and detect(lone) == "pokerstars" and no_hands(lone) is None
    with pytest.raises(HistoryParseError, match="cannot read the hand's first line"):
        parse_pokerstars(lone)
    assert no_hands("Dear diary\n3 players\n") is None


def test_the_replay_skips_a_summary_with_its_reason_in_text_and_json(tmp_path, capsys):
    d = tmp_path / "hands"
    d.mkdir()
    for name, text in SUMMARIES.items():
        (d / name).write_text(text, encoding="utf-8")
    (d / "stars.txt").write_text(_hands_text(), encoding="utf-8")
    want = len(list(site_hands(_hands_text(), "pokerstars")))
    assert main(["replay", str(d)]) == 0  # (a summary found in a folder fails nothing)
    out = capsys.readouterr().out
    assert f"{want} hands in 1 files" in out and "files: 1 read, 3 skipped" in out and "\nerror:" not in out
    for name in SUMMARIES:
        assert f"skipped: {d / name}: a tournament summary, no hands\n" in out
    assert main(["replay", "--json", str(d)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["errors_count"] == 0 and data["hands"] == data["matched"] == want
    assert data["read"] == [{"file": str(d / "stars.txt"), "format": "pokerstars", "hands": want}]
    assert sorted(data["skipped"], key=lambda k: k["file"]) == [
        {"file": str(d / name), "reason": REASON, "given": False, "unreadable": False} for name in sorted(SUMMARIES)]
    # named on the command line, a file not read fails the run (as any other named file not read)
    assert main(["replay", str(d / "sng.txt")]) == 1
    assert f"skipped: {d / 'sng.txt'}: a tournament summary, no hands" in capsys.readouterr().out
    # any name: an e-mail saved as .eml is read by its content
    (d / "mail.eml").write_text("Delivered-To: hero@example.com\nSubject: PokerStars Tournament History\n\n\n"
                                + EMAIL, encoding="utf-8")
    summary = replay_paths([str(d)])
    assert {(Path(k.file).name, k.reason) for k in summary.skipped} >= {("mail.eml", REASON)}


@settings(max_examples=examples(20), deadline=None)
@given(where=st.lists(st.integers(0, 50), max_size=3), which=st.lists(st.sampled_from(sorted(SUMMARIES)), min_size=3,
                                                                      max_size=3))
def test_summaries_between_hands_are_passed_over(where, which):
    """Summaries put before, between or after the hands of a file: the same hands read, each as before,
    and the file is detected as PokerStars'."""
    text = _hands_text()
    parts = text.split("\n\n\n")
    base = list(site_hands(text, "pokerstars"))
    for k, at in enumerate(where):
        at = at % (len(parts) + 1)
        parts.insert(at, SUMMARIES[which[k]].lstrip("\ufeff"))
    mixed = "\n\n\n".join(parts)
    assert detect(mixed) == "pokerstars"
    got = list(site_hands(mixed, "pokerstars"))
    assert [h.hand_id for h in got] == [h.hand_id for h in base]
    assert [(h.history, h.collected, h.total_pot, h.rake) for h in got] == [
        (h.history, h.collected, h.total_pot, h.rake) for h in base]
    assert all(check_site(h).status == check_site(b).status for h, b in zip(got, base))


@pytest.mark.skipif(not FPDB_SUMMARIES.is_dir(), reason="fpdb-3's summaries are not extracted here")
def test_fpdb_summaries_are_each_skipped_as_a_summary():
    """fpdb-3's PokerStars summaries (AGPL: read here, not bundled): every text file and the e-mail are a
    summary; its three HTML archives (``PokerStars-MTT-Archive-201007.htm``...) are no hand history."""
    summary = replay_paths([str(FPDB_SUMMARIES)])
    reasons = {Path(k.file).name: k.reason for k in summary.skipped}
    assert summary.hands == 0 and not summary.read and not summary.errors
    texts = [p.name for p in FPDB_SUMMARIES.iterdir() if p.suffix in (".txt", ".eml")]
    assert len(texts) == 33 and all(reasons[name] == REASON for name in texts)
    assert all(reasons[p.name].startswith("not a hand history") for p in FPDB_SUMMARIES.glob("*.htm"))
    for name in texts:  # and each text file is no PokerStars text of hands to the reader (the e-mail's headers: an error)
        if name.endswith(".eml"):
            continue
        with pytest.raises(HistoryParseError, match="a tournament summary, not a hand history"):
            parse_pokerstars(read_text(str(FPDB_SUMMARIES / name)))
