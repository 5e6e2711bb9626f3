"""How the Winning Poker Network draws a hand's rake from its pots, in its older format.

The older format (``Game started at:``) writes one rake for the hand (``Pot: 492. Rake 3``) and each
player's ``Collects``, never a pot's share.  Where a hand has a side pot won by another player than the
main pot, what each player collects shows which pot gave the rake.  Measured on every real multi-pot
hand of the older format with a rake at hand (DriveHUD's test files of 2016, fpdb-3's and HHSmithy's
samples: 6 hands), the whole rake comes **from the main pot**, as far as it goes: 3 chips of a play-money
main pot of 445 and a side pot of 50 (hand 770866919 of 2016-11-08: the main pot split 221 and 221, the
side pot's 50 whole; drawn in proportion the split would be 221.15 each), $3 of a $400 main pot and an
$80 side pot (fpdb-3's 741631166, PLO hi/lo $40/$80, 2016).  Drawn in proportion to the pots, 4 of the 6
fit.  The newer format (``Hand #``) writes each pot's rake after every street (``Main pot $8.36 | Rake
$0.10``), which the check takes as written (:attr:`~.sitehand.SiteHand.pot_rakes`); its real hands draw
the rake in proportion (HHSmithy's 2020 ``SplitPot``: $3 of $281.52 and $838.86 as $0.76 and $2.24).

>>> from pokerengine.formats.winning import parse_winning
>>> from pokerengine.replay.site_check import check_site
>>> lines = ["Game started at: 2016/11/8 17:44:41", "Game ID: 900000201 0.05/0.10 Fort Worth (Hold'em)",
...     "Seat 1 is the button", "Seat 1: ann (1).", "Seat 2: bob (5).", "Seat 3: cy (5).",
...     "Player bob has small blind (0.05)", "Player cy has big blind (0.10)", "Player ann allin (1)",
...     "Player bob calls (0.95)", "Player cy calls (0.90)", "*** FLOP ***: [2c 7d 9h]", "Player bob bets (0.50)",
...     "Player cy calls (0.50)", "*** TURN ***: [2c 7d 9h] [Js]", "Player bob checks", "Player cy checks",
...     "*** RIVER ***: [2c 7d 9h Js] [3s]", "Player bob checks", "Player cy checks",
...     "------ Summary ------", "Pot: 3.97. Rake 0.03", "Board: [2c 7d 9h Js 3s]",
...     "*Player ann shows: One pair of As [Ah Ad]. Bets: 1. Collects: 2.97. Wins: 1.97.",
...     "*Player bob shows: One pair of Ks [Kh Kc]. Bets: 1.50. Collects: 1. Loses: 0.50.",
...     "Player cy shows: One pair of Qs [Qh Qc]. Bets: 1.50. Collects: 0. Loses: 1.50."]
>>> [hand] = parse_winning("\\n".join(lines))
>>> rake_rule([300, 100], True, hand), check_site(hand).status   # in proportion: [2.25, 0.75] cents
([3, 0], 'matched')
"""

from __future__ import annotations

from fractions import Fraction

from .rake_pots import main_pot_first
from .sitehand import SiteHand

#: The user field the older format's reader sets on a cash hand with a rake: its rake comes from the main
#: pot first (:func:`rake_rule`).
MAIN_FIRST = "_rake_main_first"


def rake_rule(pots: list[int], flop: bool, hand: SiteHand) -> list[int] | None:
    """The Winning Poker Network's rake of ``hand`` drawn from ``pots`` (main pot first; the site check's
    hook): in the older format (:data:`MAIN_FIRST` in the record's user fields) the file's rake from the
    main pot as far as it goes, then from each side pot in turn; else ``None`` (the file's pot lines, or the
    check's draw in proportion to the pots).  The flop does not matter: the file's rake is taken."""
    del flop
    rake = hand.rake
    if not hand.history.user_fields.get(MAIN_FIRST) or rake is None or len(pots) < 2 or not 0 <= rake <= sum(pots):
        return None
    return main_pot_first(rake, pots, Fraction(100))

