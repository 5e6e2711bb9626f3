"""Amounts as the sites write them, to integer minor units.

Money is read in cents (minor units: two decimals), tournament chips as whole chips.  The sites write
an amount with the currency sign before or after it (``$1.50``, ``1.50€``, ``€1,50``, ``1.50 USD``,
``£0.02``), with thousands separators (``1,000``, ``1 000``, ``1.000`` where the decimal mark is a
comma, a no-break space), and with a decimal point or a decimal comma.  :func:`parse_amount` reads
them all; which mark is the decimal one is decided by the text itself where it can be (a mark
followed by exactly three digits, or used twice, separates thousands; ``1,000.50`` and ``1.000,50``
are unambiguous), else by ``decimal`` (the site's decimal mark, ``"."`` by default).

>>> parse_amount("$1,646.95"), parse_amount("0,25 €"), parse_amount("€1.000,50", decimal=",")
(164695, 25, 100050)
>>> parse_amount("10 000", money=False), parse_amount("1.000", money=False, decimal=","), parse_amount("$0.5")
(10000, 1000, 50)
>>> parse_amount("2.50 USD"), parse_amount("USD 2.50"), parse_amount("1,5"), parse_amount("$3")
(250, 250, 150, 300)
>>> parse_amount("1.005") is None, parse_amount("12,34.5") is None, parse_amount("") is None
(True, True, True)
>>> parse_amount("2.5", money=False) is None, parse_amount("1" * 16) is None
(True, True)

Limits: at most :data:`MAX_DIGITS` digits; an amount of at most :data:`MAX_CHARS` characters is looked
at (longer: ``None``); time linear in its length.
"""

from __future__ import annotations

import re

#: The most digits an amount may have (a quadrillion cents is more money than there is).
MAX_DIGITS = 15
#: The longest text :func:`parse_amount` looks at.
MAX_CHARS = 40

#: Currency signs and codes the sites write beside an amount, and the ISO code each one means.
CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP", "USD": "USD", "EUR": "EUR", "GBP": "GBP", "CAD": "CAD",
              "C$": "CAD", "¥": "CNY", "CNY": "CNY", "INR": "INR", "₹": "INR", "SEK": "SEK", "kr": "SEK",
              "RUB": "RUB", "₽": "RUB", "BRL": "BRL", "R$": "BRL", "T$": "T$", "Rs": "INR", "USDT": "USDT"}

_SIGN = r"(?:C\$|R\$|T\$|USDT|USD|EUR|GBP|CAD|CNY|INR|SEK|RUB|BRL|Rs|kr|[$€£¥₹₽])"
_AMOUNT = re.compile(r"(" + _SIGN + r")?[ \xa0]?([0-9][0-9,. \xa0\u202f']*?)[ \xa0]?(" + _SIGN + r")?")
_SEPARATORS = ",. \xa0\u202f'"
_PLAIN = re.compile(r"[$€£]?([0-9]{1,15})(?:\.([0-9]{1,2}))?")


def currency_of(text: str) -> str | None:
    """The ISO code of the currency sign or code in an amount's text (``"$1"`` -> ``"USD"``), or ``None``."""
    m = _AMOUNT.fullmatch(text.strip()) if len(text) <= MAX_CHARS else None
    if m is None:
        return None
    sign = m.group(1) or m.group(3)
    return CURRENCIES.get(sign) if sign else None


def parse_amount(text: str, *, money: bool = True, decimal: str = ".") -> int | None:
    """``text`` in minor units (``money``: cents; else whole chips), or ``None`` when it is not an amount."""
    plain = _PLAIN.fullmatch(text)  # the usual "$1.50", "0.25", "300": no separator to weigh
    if plain is not None:
        whole, cents = plain.groups()
        if cents is not None and len(whole) + len(cents) > MAX_DIGITS:
            return None
        if not money:
            return int(whole) if not cents or not cents.strip("0") else None
        return int(whole) * 100 + (int(cents.ljust(2, "0")) if cents else 0)
    return _weighed(text, money, decimal)


def _weighed(text: str, money: bool, decimal: str) -> int | None:
    """:func:`parse_amount` the long way: every sign, separator and decimal mark weighed."""
    if len(text) > MAX_CHARS:
        return None
    m = _AMOUNT.fullmatch(text.strip())
    if m is None or m.group(1) and m.group(3):
        return None
    number = m.group(2)
    whole, fraction = _split(number, decimal)
    if whole is None or len(whole) + len(fraction) > MAX_DIGITS or not whole and not fraction:
        return None
    if not money:
        return int(whole) if not fraction.strip("0") else None
    if len(fraction) > 2 and fraction[2:].strip("0"):
        return None
    return int(whole or "0") * 100 + int(fraction[:2].ljust(2, "0"))


def _split(number: str, decimal: str) -> tuple[str | None, str]:
    """The whole digits and the decimal digits of a number's text, or ``(None, "")``."""
    marks = [(i, c) for i, c in enumerate(number) if c in _SEPARATORS]
    if not marks:
        return number, ""
    kinds = {c for _, c in marks}
    last_at, last = marks[-1]
    # The decimal mark, if any: the last mark, when it is "." or "," used once and not a thousands group
    point: int | None = None
    if last in ".," and sum(1 for _, c in marks if c == last) == 1:
        tail = len(number) - last_at - 1
        if len(kinds) > 1 or tail != 3 or last == decimal and tail == 3 and not _grouped(number[:last_at]):
            point = last_at
        if len(kinds) == 1 and tail == 3 and last != decimal:
            point = None
    whole_text = number[:point] if point is not None else number
    fraction = number[point + 1:] if point is not None else ""
    if not fraction.isdigit() and fraction:
        return None, ""
    if point is not None and not fraction:
        return None, ""
    groups = re.split(r"[,. \xa0\u202f']", whole_text)
    if len(groups) > 1:
        if not groups[0] or len(groups[0]) > 3 or any(len(g) != 3 for g in groups[1:]):
            return None, ""
        if len({c for c in whole_text if c in _SEPARATORS}) > 1:
            return None, ""
    digits = "".join(groups)
    if not digits.isdigit():
        return None, ""
    return digits, fraction


def _grouped(whole: str) -> bool:
    """Whether the digits before a mark already use a thousands separator (``1,000`` of ``1,000.500``)."""
    return any(c in _SEPARATORS for c in whole)
