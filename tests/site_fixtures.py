"""What every site's bundled files hold, in one table: read by ``tests/formats/test_formats_sites.py``
(the tests every site reader must pass) and by the per-site test files where they need a site's own
entries.

Each :class:`Site` names what is *not* plain in ``fixtures/<name>/``: the files that are not the site's
hands (and what :func:`pokerengine.formats.detect` says of them instead), the files the reader stops in
(cut short or refused, with the hands read before), the site's files that hold no hand played, the hands
the check does not match (with the words of its message and the reason), the hands that do not convert,
and the files that are the same hands in another encoding or with other line ends.  Every other hand of
the folder is ``matched``.  The reasons are the fixtures' READMEs' in short.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parent.parent / "fixtures"
#: Files of a fixture folder that are no hand history file of anyone's.
NOT_DATA = ("README.md", "LICENSE")


@attrs.frozen
class Site:
    """One format's fixture folder ``fixtures/<name>/`` and what its files hold."""

    name: str
    #: The hands read from the folder's files of this site (those before a cut counted).
    hands: int
    #: Every variant those hands are in.
    variants: frozenset[str]
    #: How many of them are in chips (tournaments, play money: no currency).
    chips: int
    #: File -> (what ``detect`` says of it, why): the folder's files that are not this site's hands.
    not_site: Mapping[str, tuple[str | None, str]] = {}
    #: File -> (hands read before the error, the error's words, why): files the reader stops in.
    cut: Mapping[str, tuple[int, str, str]] = {}
    #: File -> why: the site's files in which no hand was played (skipped: no hand read).
    no_hands: Mapping[str, str] = {}
    #: (file, hand id) -> (verdict, words of its message, why): the hands not ``matched`` (a verdict
    #: that is an exception's class name: the check refuses the hand with that error).
    verdicts: Mapping[tuple[str, str], tuple[str, str, str]] = {}
    #: (file, hand id) -> a pattern of the error: hands ``convert`` leaves out (to PHH and to OHH).
    unconvertible: Mapping[tuple[str, str], str] = {}
    #: File -> the files whose hands (those of the same ids) it holds again, in another encoding or
    #: with other line ends.
    copies: Mapping[str, tuple[str, ...]] = {}

    @property
    def folder(self) -> Path:
        return ROOT / self.name

    def files(self) -> list[str]:
        """Every file of the folder (its path below the folder), but the READMEs and licences."""
        return sorted(str(p.relative_to(self.folder)) for p in self.folder.rglob("*")
                      if p.is_file() and p.name not in NOT_DATA)

    def own(self) -> list[str]:
        """The folder's files that are this site's (``detect`` says so)."""
        return [rel for rel in self.files() if rel not in self.not_site]


_HHSMITHY_INVALID = "HHSmithy's test of an invalid hand"

SITES: tuple[Site, ...] = (
    Site("pokerstars", 522, frozenset({"F2L3D", "F7S", "F7S/8", "FAL3D", "FB", "FO", "FO/8", "FR", "FT", "N2L1D",
                                       "N5CD", "NO", "NO/8", "NS", "NT", "PC", "PC/8", "PO", "PO/8", "PO5", "PO5/8",
                                       "PO6", "PT"}), 13,
         cut={"hhsmithy/CashGame/ValidHandTests/InValidHand.hh": (0, "the hand ends before its summary",
                                                                  _HHSMITHY_INVALID + ": cut short"),
              "hhsmithy/CashGame/PlayerTests/WithSittingOut.hh": (0, "cannot read 'Blahdieblah: posts big blind $0.16'",
                                                                  "a player who posts has no seat")},
         no_hands={"hhsmithy/CashGame/ValidHandTests/CancelledHand.txt": "the hand was cancelled"},
         verdicts={
             ("handwritten/muck-and-unknown.txt", "300000000005"): (
                 "undeterminable", "no hand that could win was shown", "everybody mucks: nobody's cards are known"),
             ("hhsmithy/CashGame/Limits/AnteTable.txt", "109715173634"): (
                 "mismatched", "total pot: file 50, engine 90", "the summary's pot leaves out the blinds and antes"),
             ("hhsmithy/CashGame/StreetTests/River.hh", "109687480274"): (
                 "IllegalActionError", "5d has already been dealt", "5d on the flop and in Fishmax3's hand")},
         unconvertible={("hhsmithy/CashGame/StreetTests/River.hh", "109687480274"): "5d has already been dealt"}),
    Site("ohh", 22, frozenset({"F2L3D", "F7S", "F7S/8", "FAL3D", "FB", "FO/8", "FR", "N2L1D", "N5CD", "NT", "PO",
                               "PO5"}), 8),
    Site("ggpoker", 35, frozenset({"FO", "FT", "NO", "NS", "NT", "PO", "PO/8", "PO5", "PO6", "PT"}), 5,
         verdicts={("handwritten/odd-cent-split.txt", "HD3000002402"): (
             "split_chip", "55aa66bb (seat 5) file 131, engine 132",
             "a tie's odd cent to the button, not the first winner left of it: GGPoker's rule is not known, so"
             " the check calls it split_chip (formats/oddchips.split_chip_only)")},
         cut={"handwritten/truncated.txt": (1, "hand HD3000000002, line 55: the hand ends before its summary",
                                            "cut short after its flop on purpose")},
         copies={"handwritten/windows_crlf.txt": ("handwritten/cash_holdem.txt",),
                 "handwritten/windows1252.txt": ("handwritten/utf16_bom.txt",)}),
    Site("winamax", 81, frozenset({"F2L3D", "F7S", "F7S/8", "FR", "FT", "NT", "PO", "PO/8", "PO5"}), 25,
         not_site={"hhsmithy/CashGame/ValidHandTests/InValidHand.txt": (None, "its header reads 'Winaax Poker'"),
                   "hhsmithy/CashGame/HandActionTests/OmahaHiLo.txt": (
                       None, "an iPoker XML game filed among the Winamax samples")},
         cut={"handwritten/tour-truncated.txt": (2, "hand 5000000000000000001-3-1700000120, line 73: the hand ends "
                                                    "before its summary (truncated?)", "cut short on purpose")},
         copies={"handwritten/tour-expresso-utf16.txt": ("handwritten/tour-expresso.txt",),
                 "handwritten/cash-nlhe-dead-blinds-cp1252.txt": ("handwritten/cash-nlhe-dead-blinds.txt",)}),
    Site("partypoker", 338, frozenset({"F7S", "F7S/8", "FO", "FT", "NO", "NS", "NT", "PO", "PO/8", "PT"}), 21,
         not_site={"hhsmithy/CashGame/Seats/4 Max.txt": (None, "a fragment that starts mid-hand, with no header"),
                   "hhsmithy/CashGame/Seats/Full Ring (10 Handed).txt": (None, "empty but for a byte-order mark")},
         cut={"hhsmithy/CashGame/ValidHandTests/InValidHand.txt": (
                  0, "hand 13551039167, line 21: the hand ends before anyone wins", _HHSMITHY_INVALID + ": no 'wins'"),
              "hhsmithy/CashGame/Limits/Limit6.txt": (0, "hand 11994428655, line 30: the hand ends before anyone wins",
                                                      "ends with 'does not show cards.' and no 'wins' line"),
              "handwritten/truncated.txt": (1, "hand 1001, line 48: the hand ends before anyone wins",
                                            "cut short after the flop on purpose")},
         verdicts={("hhp/cash.hhsmithy.usd.hu.txt", "199382505"): (
             "split_chip", "CopyYou (seat 2) main pot file 95, engine 94",
             "heads-up, a split pot's odd cent: PartyPoker gives it to the big blind (the seat left of the button),"
             " the engine to the button (the small blind); one hand is no known rule: split_chip")},
         copies={"handwritten/cash-games-utf16.txt": ("handwritten/cash-games.txt",),
                 "handwritten/euro-decimal-comma-cp1252.txt": ("handwritten/euro-decimal-comma.txt",)}),
    Site("pacific", 93, frozenset({"FO", "FT", "NO", "NT", "PO", "PO/8", "PT"}), 17,
         not_site={"hhsmithy/CashGame/Seats/4 Max.txt": (None, "empty (a byte-order mark)"),
                   "hhsmithy/CashGame/Seats/Full Ring (10 Handed).txt": (None, "empty (a byte-order mark)"),
                   "hhsmithy/CashGame/GameTypeTests/PotLimitHoldem.txt": ("partypoker", "a PartyPoker hand"),
                   "hhsmithy/CashGame/PlayerTests/WithSittingOut.txt": ("partypoker", "a PartyPoker hand")},
         cut={"hhsmithy/CashGame/ValidHandTests/InValidHand.txt": (0, "hand 539304607, line 26: the flop has 2 card(s)",
                                                                   _HHSMITHY_INVALID + ": a flop of two cards"),
              "handwritten/truncated.txt": (1, "hand 1000000001, line 43: the hand ends before its summary",
                                            "its second hand cut short at the end of the file")},
         no_hands={"hhsmithy/CashGame/Limits/Limit5.txt": "a small blind posted, everyone else folds: no hand played"},
         copies={"handwritten/odd-posts-suits-blast-cr.txt": ("handwritten/odd-posts-suits-blast.txt",),
                 "handwritten/encoding-utf16.txt": ("handwritten/cash-omaha.txt", "handwritten/languages.txt"),
                 "handwritten/encoding-cp1252.txt": ("handwritten/encoding-utf16.txt",)}),
    Site("ipoker", 119, frozenset({"F7S", "FO", "FT", "NO", "NS", "NT", "PO", "PO5", "PT"}), 16,
         cut={"hhsmithy/CashGame/ValidHandTests/InValidHand.txt": (
                  0, "line 35: pocket cards of 'nawu', not seated or in a stud game",
                  "a player who acts is missing from the players"),
              "handwritten/cut-short.xml": (1, "hand 102, line 72: the hand ends before its </game> (truncated?)",
                                            "cut inside its turn on purpose")},
         verdicts={("handwritten/tour-bet-above-chips.xml", "701"): (
                       "mismatched", "t1 (seat 1) file 865, engine 855; uncalled bets returned: file {t1: 1100}, engine {t1: 1090}",
                       "the file contradicts itself: t1's bet of 1,510 is above his 1,500 chips (the ante counted twice,"
                       " in his bet and in the pot he wins, as 2011-2012 tournament files do); the record says so"
                       " (_file_contradicts)"),
                   ("handwritten/cash-bet-sums.xml", "902"): (
                       "mismatched", "collected: hal (seat 6) file 4988, engine 4588",
                       "the file contradicts itself: sal's bet is above his chips, neither what his posts and actions"
                       " put in nor any reading of them (as the real 2018 cash hand 7973181788); the record says so"
                       " (_file_contradicts)"),
                   ("handwritten/tour-bet-without-ante.xml", "801"): (
                       "mismatched", "uncalled bets returned: file {u5: 775}, engine {u5: 800}",
                       "the file contradicts itself: the last raiser's bet leaves his ante out (as 2026 RedStar"
                       " tournament files do); the record says so (_file_contradicts)"),
                   ("handwritten/tour-bet-without-ante.xml", "802"): (
                       "mismatched", "collected: Hero (seat 3) file 5950, engine 5975",
                       "the file contradicts itself: the all-in raiser's bet leaves his ante out; the record says so"
                       " (_file_contradicts)"),
                   ("hhsmithy/CashGame/Seats/Full Ring (10 Handed).txt", "3302721610"): (
                       "mismatched", "TrapistBeer (seat None) file 244, engine 0",
                       "a made-up tenth player 'TrapistBeer', never dealt in, 'wins' what TrappistBeer won"),
                   ("hhsmithy/CashGame/ExtraHands/DataMinerHandIssue1.txt", "987654"): (
                       "undeterminable", "no hand that could win was shown",
                       "a showdown where nobody's cards are written (empty <cards> elements)")},
         unconvertible={("hhsmithy/CashGame/Seats/Full Ring (10 Handed).txt", "3302721610"):
                        r"'TrapistBeer' collects but is not in the hand|player_id -1 is not a player of the hand"},
         copies={"handwritten/cash-holdem-nl-utf16.xml": ("handwritten/cash-holdem-nl.xml",),
                 "handwritten/cash-holdem-nl-crlf.xml": ("handwritten/cash-holdem-nl.xml",),
                 "handwritten/cash-holdem-pl-cp1252.xml": ("handwritten/cash-holdem-pl.xml",)}),
    Site("fulltilt", 73, frozenset({"F2L3D", "F7S", "FO/8", "FT", "NO/8", "NT", "PO", "PO/8", "PT"}), 5,
         not_site={**{f"hhsmithy/CashGame/{rel}": (None, "a fragment of a hand (one section): no hand history")
                      for rel in ("BlindActionTests/Ante.txt", "BlindActionTests/ChatNumber.txt",
                                  "BlindActionTests/Ignore.txt", "BlindActionTests/Posting.txt",
                                  "ShowDownActionTests/Ignore.txt")},
                   "hhsmithy/CashGame/Seats/4 Max.txt": (None, "empty (a byte-order mark)"),
                   "hhsmithy/CashGame/Seats/Full Ring (10 Handed).txt": (None, "empty (a byte-order mark)"),
                   "handwritten/tournament-summary.txt": (None, "a tournament summary, not a hand history")},
         cut={"hhsmithy/CashGame/ValidHandTests/InValidHand.txt": (0, "the hand has no seats",
                                                                   _HHSMITHY_INVALID + ": a summary without seats"),
              "handwritten/truncated.txt": (1, "hand 40000000002, line 63: the hand ends before its summary",
                                            "the last hand cut short on purpose"),
              "handwritten/stars-lines.txt": (0, "hand 50000000001, line 2: a Full Tilt header over PokerStars' "
                                                 "lines", "PokerStars' lines under a Full Tilt header, as a public "
                                                          "sample file has them: the file contradicts itself")},
         verdicts={("hhsmithy/CashGame/GameTypeTests/FixedLimitOmahaHiLo.txt", "33727835942"): (
             "mismatched", "SomeStupid (seat 1) main pot file 385, engine 387",
             "Full Tilt splits a hi/lo pot's rake between the halves its own way: $8 - $0.25 paid the high half "
             "$3.90 and the low half $3.85; the engine halves what is left after the rake ($3.88 and $3.87)")},
         copies={"handwritten/cash-holdem-utf16.txt": ("handwritten/cash-holdem.txt",)}),
    Site("winning", 93, frozenset({"F7S", "F7S/8", "FO/8", "FT", "NO/8", "NT", "PO", "PO/8"}), 14,
         cut={"handwritten/truncated.txt": (2, "hand 600000001, line 87: the hand ends before its summary (truncated?)",
                                            "cut short on purpose")},
         no_hands={"hhsmithy/CashGame/ValidHandTests/CancelledHand.txt": "the other player sits out: nothing is dealt",
                   "hhsmithy/CashGame/PlayerTests/UncalledBet.txt": "the other player sits out: nothing is dealt"},
         verdicts={("hhsmithy/CashGame/ValidHandTests/InValidHand.txt", "261454571"): (
             "mismatched", "collected: bjv1105 (seat 5) main pot file 0, engine 5000",
             _HHSMITHY_INVALID + ": the summary stops after two of five players, so the winner collects nothing"),
                   ("handwritten/new-summary-won.txt", "900000102"): (
             "mismatched", "the record contradicts itself: the summary says won {cat: 145}, the collected lines {cat: 138}",
             "the summary's won is the pot before its rake, the collected line after it: the file contradicts itself"),
                   ("handwritten/new-summary-won.txt", "900000104"): (
             "mismatched", "what it pays and its rake (89) are not its total pot (85)",
             "the summary's won (no collected line) and the rake are more than the total pot: the file contradicts "
             "itself")},
         copies={"handwritten/old-cash-utf16.txt": ("handwritten/old-cash.txt",),
                 "handwritten/new-tour-crlf.txt": ("handwritten/new-tour.txt",)}),
    Site("bovada", 40, frozenset({"F7S", "F7S/8", "FO/8", "FT", "NT", "PO", "PO/8"}), 12,
         cut={"handwritten/truncated.txt": (2, "hand 4000000103, line 76: the hand ends before its summary",
                                            "cut in the middle of a line of its third hand")},
         verdicts={
             ("handwritten/known_mismatches.txt", "3452000001"): (
                 "split_chip", "Big Blind (seat 2) file 7, engine 5",
                 "a pot split four ways: Bovada gives the odd cents to one player (the big blind); the engine one "
                 "each, from the small blind (Bovada's rule is not known: split_chip)"),
             ("handwritten/known_mismatches.txt", "2902000001"): (
                 "split_chip", "Big Blind (seat 3) file 51, engine 50",
                 "hi/lo: Bovada gives the low half's odd cent to the high winner; the engine splits the low half to "
                 "the cent (Bovada's rule is not known: split_chip)")},
         copies={"handwritten/windows_crlf.txt": ("handwritten/cash_holdem.txt",),
                 "handwritten/utf16_bom.txt": ("handwritten/tournament.txt",),
                 "handwritten/windows1252.txt": ("handwritten/tournament.txt",)}),
    Site("pokernow", 235, frozenset({"NT", "PO", "PO/8"}), 235,
         not_site={"handwritten/ledger_nlh-side-pot.csv": (None, "the ledger of nlh-side-pot.csv (buy-ins and "
                                                                 "cash-outs), not a log: tests/formats/test_pokernow.py checks it")}),
)

BY_NAME: Mapping[str, Site] = {site.name: site for site in SITES}

#: Hand-history samples outside the repository (fpdb-3's regression files, AGPL: read, never bundled; the
#: counts asserted on them are of fpdb-3 at 73e75ffe, 2026-08-20, extracted from its repository's HEAD;
#: HHSmithy's samples, MIT): each folder's site, by the folder's name.
FPDB = Path("/work/data/fpdb/regression-test-files")
HHSMITHY = Path("/work/data/hhsmithy/HandHistories.Parser.UnitTests/SampleHandHistories")
EXTERNAL_FOLDERS: Mapping[str, str] = {
    "Stars": "pokerstars", "GGPoker": "ggpoker", "Winamax": "winamax", "PartyPoker": "partypoker",
    "PacificPoker": "pacific", "iPoker": "ipoker", "FTP": "fulltilt", "Winning": "winning", "Bovada": "bovada",
    "PokerStars": "pokerstars", "Pacific": "pacific", "IPoker": "ipoker", "FullTilt": "fulltilt",
    "WinningPoker": "winning",
}
#: HHSmithy's samples filed under another site than theirs (path below HHSMITHY -> the format they are in).
MISFILED: Mapping[str, str] = {
    "Entraction/CashGame/PlayerTests/WithSittingOut.txt": "pokerstars",
    "Entraction/CashGame/Seats/Full Ring (10 Handed).txt": "pokerstars",
    "MicroGaming/CashGame/Seats/HeadsUp.txt": "pacific",
    "OnGame/CashGame/GameTypeTests/CapNoLimitHoldem.txt": "pokerstars",
    "OnGame/CashGame/GameTypeTests/PotLimitHoldem.txt": "pokerstars",
    "OnGame/CashGame/PlayerTests/WithSittingOut.txt": "partypoker",
    "Pacific/CashGame/GameTypeTests/PotLimitHoldem.txt": "partypoker",
    "Pacific/CashGame/PlayerTests/WithSittingOut.txt": "partypoker",
}
