"""Which format a hand-history file is in, by its content: PHH, PokerStars text or Open Hand History.

``pokerengine replay`` and ``pokerengine convert`` take a folder of mixed files: a ``.phh``/``.phhs``
file is PHH, any other file is read and its first characters decide.

>>> detect('variant = "NT"\\nstarting_stacks = [100, 100]\\n')
'phh'
>>> detect("\\ufeffPokerStars Hand #212333865366:  Hold'em No Limit ($0.01/$0.02 USD)")
'pokerstars'
>>> detect("Mano n.º 254310896120 de Zoom de PokerStars:  Hold'em No Limit (0.02 €/0.05 €) - 11-01-2025")
'pokerstars'
>>> detect('{"ohh": {"spec_version": "1.4.6"}}'), detect('[{"spec_version": "1.4.6"}]'), detect('{"a": 1}')
('ohh', 'ohh', None)
>>> detect("Dear diary") is None, detect('[ 1 ]\\nvariant = "NT"')
(True, 'phh')
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..errors import HistoryParseError
from .pokerstars_lang import HEADER_STARTS
from .site import SiteHand

FORMATS = ("phh", "pokerstars", "ohh")

_PHH = re.compile(r"^\s*(\[[^\]\n]*\]\s*)?(variant|starting_stacks|actions)\s*=", re.MULTILINE)
_HEAD = 4096  # characters looked at


def detect(text: str) -> str | None:
    """``"phh"``, ``"pokerstars"``, ``"ohh"``, or ``None`` when the text is none of them."""
    head = text[:_HEAD].lstrip("\ufeff \t\r\n")
    if head.startswith(("PokerStars ", *HEADER_STARTS)):  # the English client's first line, or another language's
        return "pokerstars"
    if head.startswith("{") or head.startswith("[") and head[1:].lstrip()[:1] in ("{", "]"):
        # a JSON object or an array of them (a .phhs table header is `[name]`) that names the spec
        return "ohh" if '"spec_version"' in head or '"ohh"' in head or head == "[]" else None
    if _PHH.search(head):
        return "phh"
    return None


def site_hands(text: str, fmt: str, *, source: str | None = None, cancelled: bool = False) -> Iterator[SiteHand]:
    """The hands of a site's file, read lazily (``fmt``: ``"pokerstars"`` or ``"ohh"``); hands the site
    cancelled only with ``cancelled=True`` (user field ``_cancelled``: replay counts them)."""
    if fmt == "pokerstars":
        from .pokerstars import iter_pokerstars

        return iter_pokerstars(text, source=source, cancelled=cancelled)
    if fmt == "ohh":
        from .ohh import iter_ohh

        return iter_ohh(text, source=source)
    raise HistoryParseError(f"{source or '<text>'}: not a site's format: {fmt!r}")
