"""How iPoker draws a cash hand's rake from its pots, and the day a hand was played as its files write it.

An iPoker file writes no rake: the rake is the pot less the players' ``win``s
(:mod:`pokerengine.formats.ipoker`).  Where a hand has side pots won by other players than the main
pot, the wins show how much of the rake each pot gave.  Measured on every real iPoker cash hand at hand
(thlorenz/hhp-xml's 2018 files, 606 hands; fpdb-3's iPoker files of 2010-2022; HHSmithy's samples),
the rake at the stakes where enough hands show it is a percent of the pot rounded down
(:data:`RAKE_PERCENT`), at most a cap, and it is drawn **main pot first**: each pot but the last gives
the percent of the pots so far, rounded down, less what the pots before it gave (never more than the
file's rake); the last pot gives what is left.  So a capped rake of €4 from a main pot of €52.05 and a
side pot of €42.14 at 5% is €2.60 from the main pot (5% of it) and €1.40 from the side pot (hand
7973334568 of 2018, whose wins are €49.45 and €40.74; drawn in proportion to the pots it would be €2.21
and €1.79); 4 cents from pots of 75 and 20 cents at 5% are 3 and 1 (fpdb-3's 2855472319 of 2011; halves
rounded up would give 4 and 0).  Of the 10 real multi-pot hands with a rake at the stakes of
:data:`RAKE_PERCENT`, the draw main pot first fits all 10, the draw in proportion 9 (all but
7973334568).  At other stakes (the percent not known) the check draws the file's rake in proportion.

>>> from fractions import Fraction
>>> draw_main_first(400, [5205, 4214], Fraction(5))
[260, 140]
>>> draw_main_first(4, [75, 20], Fraction(5)), draw_main_first(8, [166, 6], Fraction(5))
([3, 1], [8, 0])
>>> date_of("2018-06-20 14:09:49"), date_of("22-Jan-2011 20:11:15"), date_of("30/01/2012 02:30")
(datetime.date(2018, 6, 20), datetime.date(2011, 1, 22), datetime.date(2012, 1, 30))
"""

from __future__ import annotations

import datetime
import math
import re
from fractions import Fraction

from .sitehand import SiteHand

#: iPoker's rake percent by (PHH variant, currency, big blind in minor units, year), where the raked hands
#: show one: each hand's rake is the percent of its pot rounded down, or the cap (the largest rake there):
#: no-limit hold'em, 2018 (thlorenz/hhp-xml): €0.50/€1 5% (205 raked hands, 11 at the €4 cap; 7973181788,
#: whose file contradicts itself, aside), £0.50/£1 5% (65, 5 at £4), €3/€6 heads-up 5% (6, 5 at €1); 2011
#: (fpdb-3): limit hold'em $0.10/$0.20 5% (29 hands), no-limit hold'em $0.02/$0.04 and pot-limit Omaha
#: $0.01/$0.02 a fifteenth, 6.67% (11 and 25 hands: no other percent fits the Omaha hands).
RAKE_PERCENT: dict[tuple[str, str, int, int], Fraction] = {
    ("NT", "EUR", 100, 2018): Fraction(5),
    ("NT", "GBP", 100, 2018): Fraction(5),
    ("NT", "EUR", 600, 2018): Fraction(5),
    ("FT", "USD", 10, 2011): Fraction(5),
    ("NT", "USD", 4, 2011): Fraction(20, 3),
    ("PO", "USD", 2, 2011): Fraction(20, 3),
}


def rake_percent(hand: SiteHand) -> Fraction | None:
    """The percent of :data:`RAKE_PERCENT` for ``hand`` (its variant, currency, big blind and year), or
    ``None`` (a tournament, another stake or year, no date)."""
    history = hand.history
    big = max(history.blinds_or_straddles or (0,))
    if history.currency is None or hand.date is None or type(big) is not int:
        return None
    return RAKE_PERCENT.get((history.variant, history.currency, big, hand.date.year))


def rake_rule(pots: list[int], flop: bool, hand: SiteHand) -> list[int] | None:
    """The file's rake of ``hand`` drawn from ``pots`` (main pot first, minor units) at the stake's percent
    (:func:`draw_main_first`), the site check's hook; ``None`` (the check draws it in proportion) for one
    pot, a percent not known, or a rake above that percent of the pots (the percent is then not the one
    the site took)."""
    del flop  # (the file's rake, whatever the flop)
    rake = hand.rake
    percent = rake_percent(hand) if len(pots) > 1 else None
    if percent is None or rake is None or not 0 <= rake <= math.floor(percent * sum(pots) / 100):
        return None
    return draw_main_first(rake, pots, percent)


def draw_main_first(rake: int, pots: list[int], percent: Fraction) -> list[int]:
    """``rake`` drawn from ``pots`` main pot first at ``percent``: pot ``k`` but the last gives
    ``R(k) - R(k - 1)``, ``R(k)`` being ``percent`` of pots ``0..k`` rounded down, at most ``rake``; the
    last pot gives what is left.  Raises ``ValueError`` for a rake above ``percent`` of the pots, a
    negative one, or a percent outside ``(0, 100]``.

    >>> draw_main_first(0, [100, 50], Fraction(5)), draw_main_first(7, [100, 50], Fraction(5))
    ([0, 0], [5, 2])
    >>> draw_main_first(3, [40, 30, 20], Fraction(5))  # 5% of 40 is 2, of 70 is 3.5: 3; the rake is all drawn
    [2, 1, 0]
    """
    if not isinstance(percent, Fraction) or not 0 < percent <= 100:
        raise ValueError(f"the percent must be a Fraction in (0, 100], got {percent!r}")
    if not pots or any(p < 0 for p in pots) or not 0 <= rake <= math.floor(percent * sum(pots) / 100):
        raise ValueError(f"a rake of {rake} is not {percent}% of the pots {pots} or less")
    parts: list[int] = []
    running = 0
    for amount in pots[:-1]:
        running += amount
        parts.append(min(rake, math.floor(percent * running / 100)) - sum(parts))
    parts.append(rake - sum(parts))
    return parts


_MONTHS = {m: k for k, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct",
                                       "nov", "dec"), 1)}
_YMD = re.compile(r"\s*([0-9]{4})[-/]([0-9]{1,2})[-/]([0-9]{1,2})\b")
_DMY = re.compile(r"\s*([0-9]{1,2})[-./]([0-9]{1,2}|[A-Za-z]{3})[-./]([0-9]{4})\b")


def date_of(text: str | None) -> datetime.date | None:
    """The day of a ``<startdate>`` as iPoker's clients write it (``2018-06-20 14:09:49``,
    ``2012/04/20 ...``, ``22-Jan-2011 ...``, ``18.05.2021 ...``, ``30/01/2012 02:30``: the day before the
    month, as the network's European clients write it), or ``None`` (another form, no such day).

    >>> date_of("18.05.2021 18:26:13"), date_of("2011/31/02"), date_of(None)
    (datetime.date(2021, 5, 18), None, None)
    """
    if text is None or len(text) > 60:
        return None
    m = _YMD.match(text)
    if m is not None:
        year, month, day = int(m.group(1)), int(m.group(2)), int(m.group(3))
    else:
        m = _DMY.match(text)
        if m is None:
            return None
        word = m.group(2).lower()
        month = _MONTHS.get(word, 0) if word.isalpha() else int(word)
        year, day = int(m.group(3)), int(m.group(1))
    try:
        return datetime.date(year, month, day)
    except ValueError:
        return None
