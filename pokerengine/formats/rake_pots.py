"""How PokerStars draws a hand's rake from its pots when there are several.

The file's summary gives each pot after the rake (``Total pot $87.30 Main pot $27.28. Side pot $57.88. |
Rake $2.14``), so each pot's rake is its amount before the rake (what the players put in) less that.
Measured on every real multi-pot PokerStars hand found (77 hands with a summary that names each pot:
santiweight/poker-handhistory's 2018 Zoom and 2021 full-ring files, brlutz/PokerStudier's 2019 files, the
bundled ``pokerregion-2020`` and HHSmithy samples), one rule fits 76: **main pot first, at the stake's percent** -- the
main pot gives its percent of itself (halves rounded up), each side pot the percent of the pots so far less
what was drawn before (rounded so, cumulatively), never more than the file's rake leaves, and the last pot
whatever is left.  So a capped rake comes from the main pot alone (``$2`` of a ``$95.83`` main pot and a
``$39.84`` side pot: ``[200, 0]``), and a rake under the cap draws the main pot's own percent
(``$1.44`` of ``$28.72`` at 5%, the side pot the rest, ``$0.70``, where the cash-out fee made the rake
``$2.14``).  Drawing the rake in proportion to the pots (the check's way when the pots' collected lines do not
say) fits 21 of the 77.  The one exception
(``228686213099``: ``$0.71`` of ``$11.75``, 6%, the main pot ``$0.61``) fits no percent.

The percent is the stake's; :data:`DRAW_PERCENT` holds those the data shows, by year (ambiguous hands --
several percents fit -- agree with them).  :func:`draw_percent` looks one up; :func:`draw` draws.

>>> draw(200, [9583, 3984], Fraction(5))   # capped: all of it from the main pot
[200, 0]
>>> draw(214, [2872, 5858], Fraction(5))   # 5% of 28.72 is 1.436: 144 from the main pot, the rest after
[144, 70]
>>> draw(163, [310, 2952], Fraction(5))    # 15.5 rounds up to 16; the side pot gives what is left
[16, 147]
"""

from __future__ import annotations

import datetime
import math
from fractions import Fraction

#: The percent PokerStars rakes at (PHH variant, currency, big blind in minor units), by the years the real
#: hands show it (first and last day of the years), as drawn from several pots: no-limit hold'em at
#: $0.02/$0.05 and $0.05/$0.10 in 2019 (5%: 8 hands), $0.10/$0.25 in 2018 (4.5%: 6 hands, 4 that only
#: 4.5% fits), $0.25/$0.50 in 2021 (5%: 47 of 48 hands, 15 that only 5% fits), $0.01/$0.02 in 2020 (3.5%:
#: 10 hands).  Other stakes had no multi-pot hand that decides (one of 2014 at $10/$20, which any percent fits).
DRAW_PERCENT: dict[tuple[str, str, int], tuple[tuple[datetime.date, datetime.date, Fraction], ...]] = {
    ("NT", "USD", 2): ((datetime.date(2020, 1, 1), datetime.date(2020, 12, 31), Fraction(35, 10)),),
    ("NT", "USD", 5): ((datetime.date(2019, 1, 1), datetime.date(2019, 12, 31), Fraction(5)),),
    ("NT", "USD", 10): ((datetime.date(2019, 1, 1), datetime.date(2019, 12, 31), Fraction(5)),),
    ("NT", "USD", 25): ((datetime.date(2018, 1, 1), datetime.date(2018, 12, 31), Fraction(45, 10)),),
    ("NT", "USD", 50): ((datetime.date(2021, 1, 1), datetime.date(2021, 12, 31), Fraction(5)),),
}


def draw_percent(variant: str, currency: str | None, big_blind: int, date: datetime.date | None) -> Fraction | None:
    """The percent of :data:`DRAW_PERCENT` for a hand of ``variant`` at ``currency`` and ``big_blind`` played on
    ``date``, or ``None`` (not known: another stake or year, no date, chips).

    >>> draw_percent("NT", "USD", 50, datetime.date(2021, 7, 30)), draw_percent("NT", "USD", 50, None)
    (Fraction(5, 1), None)
    """
    if currency is None or date is None or type(big_blind) is not int:
        return None
    for first, last, percent in DRAW_PERCENT.get((variant, currency, big_blind), ()):
        if first <= date <= last:
            return percent
    return None


def draw(rake: int, pots: list[int], percent: Fraction) -> list[int]:
    """``rake`` drawn from ``pots`` (main pot first, minor units) at ``percent``: pot ``k`` but the last
    gives ``R(k) - R(k - 1)``, where ``R(k)`` is ``percent`` of pots ``0..k`` (halves rounded up), at most
    ``rake``; the last pot gives what is left.  Raises ``ValueError`` for a rake the pots cannot give or a
    percent outside ``(0, 100]``.

    >>> draw(0, [100, 50], Fraction(5)), draw(7, [100, 50], Fraction(5)), draw(5, [100], Fraction(5))
    ([0, 0], [5, 2], [5])
    """
    if type(rake) is not int or any(type(p) is not int for p in pots):
        raise ValueError("the rake and the pots are whole minor units (int)")
    if not isinstance(percent, Fraction) or not 0 < percent <= 100:
        raise ValueError(f"the percent must be a Fraction in (0, 100], got {percent!r}")
    if not pots or any(p < 0 for p in pots) or not 0 <= rake <= sum(pots):
        raise ValueError(f"a rake of {rake} cannot be drawn from the pots {pots}")
    parts: list[int] = []
    before = running = 0
    for amount in pots[:-1]:
        running += amount
        upto = min(rake, math.floor(percent * running / 100 + Fraction(1, 2)))
        part = max(0, min(amount, upto - before))
        parts.append(part)
        before += part
    last = rake - before
    if last > pots[-1]:  # (a rake above the last pot's size: what the others can still give, main pot first)
        spill, last = last - pots[-1], pots[-1]
        for k, amount in enumerate(pots[:-1]):
            extra = min(spill, amount - parts[k])
            parts[k] += extra
            spill -= extra
    parts.append(last)
    return parts


def main_pot_first(rake: int, pots: list[int], percent: Fraction | None = None) -> list[int]:
    """Draw ``rake`` from ``pots`` main pot first, rounding cumulatively (how PokerStars draws it).

    Pot ``k`` gives ``R(k) - R(k - 1)``, ``R(k)`` being ``r x (pots 0..k)`` with halves rounded up,
    ``r`` being ``percent`` / 100 (default: ``rake`` / the total, which draws exactly ``rake``); the
    last pot gives what is left of ``rake``.

    >>> main_pot_first(22, [530, 104], Fraction(35, 10))    # 3.5% of 530 is 18.55: 19, then 22 - 19
    [19, 3]
    >>> main_pot_first(1, [8, 12], Fraction(35, 10))        # 0.28 rounds to 0: the side pot gives it
    [0, 1]
    """
    total = sum(pots)
    if not total or not pots:
        return [0] * len(pots)
    rate = Fraction(rake, total) if percent is None else percent / 100
    parts, before, running = [], 0, 0
    for amount in pots[:-1]:
        running += amount
        upto = min(rake, math.floor(rate * running + Fraction(1, 2)))
        parts.append(max(0, min(amount, upto - before)))
        before += parts[-1]
    parts.append(rake - before)
    return parts
