"""Full Tilt's header over another site's lines (``pokerengine/formats/fulltilt.py``).

A public sample file (elunna/full_tilt_90man_replayer's ``sample_hands.txt``, read, not bundled) puts
PokerStars' lines (``Table '...' 9-max Seat #1 is the button``, ``NAME: posts small blind 10``, ``(1500 in
chips)``) under ``Full Tilt Poker Game #`` headers: no Full Tilt client wrote that.  The reader names it as a
file that contradicts itself, at the table line, rather than failing on the header's game.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerengine.errors import HistoryParseError
from pokerengine.formats import detect
from pokerengine.formats.blocks import HandError
from pokerengine.formats.fulltilt import iter_hands, parse_fulltilt

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "fulltilt" / "handwritten" / "stars-lines.txt"


def test_pokerstars_lines_under_a_full_tilt_header_are_named_as_a_contradiction():
    text = FIXTURE.read_text()
    assert detect(text) == "fulltilt"  # (the header is Full Tilt's: the file is read as Full Tilt's, and refused)
    with pytest.raises(HistoryParseError, match=r"hand 50000000001, line 2: a Full Tilt header over PokerStars' "
                                                 r"lines \(\"Table '300000001 1' 6-max Seat #3 is the button\".*"
                                                 r"the file contradicts itself"):
        parse_fulltilt(text)
    items = list(iter_hands(text + "\n\n" + text.replace("#50000000001", "#50000000002"), errors=True))
    assert len(items) == 2 and all(isinstance(i, HandError) and "the file contradicts itself" in str(i)
                                   for i in items)
