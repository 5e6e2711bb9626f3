"""Hand histories as the sites write them: one module per format, and which format a file is in.

Each format is one entry of :data:`FORMATS` (a :class:`Format`): its name, how its text begins
(``sniff``, given the first characters of a file with any byte-order mark and leading blank space
dropped), the function that reads its hands into :class:`~pokerengine.formats.sitehand.SiteHand`
values, and its rake rule when the site's rule is known.  A new site is one new module here and one
line in :data:`FORMATS`; the shared parts are written once: :mod:`.encodings` (bytes to text),
:mod:`.amounts` (amounts in every form the sites write them), :mod:`.blocks` (a text file cut into
hands, its limits, and a bad hand that does not end its file), :mod:`.draft` (a hand while its
lines are read, then its PHH record), and the check of what a site paid,
:func:`pokerengine.replay.site_check.check_site`.

The reader's protocol: each format's module has ``iter_hands(text, *, source=None, cancelled=False,
errors=False)``, which yields the file's :class:`~pokerengine.formats.sitehand.SiteHand` values in order;
a hand that cannot be read raises :class:`~pokerengine.errors.HistoryParseError`, or, with
``errors=True``, is yielded in its place as a :class:`~.blocks.HandError` (its message, naming the
file, the hand and the line, and its ``index``) and the next hand is read.  A file that cannot be
read at all (too large, not the format, more hands than the limit) raises either way.
:func:`site_hands` calls the reader of a format by its name.

``pokerengine replay`` and ``pokerengine convert`` take a folder of mixed files: a ``.phh``/``.phhs``
file is PHH, any other file is read and its first characters decide (:func:`detect`).

>>> detect('variant = "NT"\\nstarting_stacks = [100, 100]\\n')
'phh'
>>> detect("\\ufeffPokerStars Hand #212333865366:  Hold'em No Limit ($0.01/$0.02 USD)")
'pokerstars'
>>> detect("*********** # 1 **************\\nPokerStars Hand #203492936567:  Hold'em No Limit ($0.02/$0.05 USD)")
'pokerstars'
>>> detect("Mano n.º 254310896120 de Zoom de PokerStars:  Hold'em No Limit (0.02 €/0.05 €) - 11-01-2025")
'pokerstars'
>>> detect('{"ohh": {"spec_version": "1.4.6"}}'), detect('[{"spec_version": "1.4.6"}]'), detect('{"a": 1}')
('ohh', 'ohh', None)
>>> detect("Dear diary") is None, detect('[ 1 ]\\nvariant = "NT"')
(True, 'phh')
>>> "pokerstars" in names()
True
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterator
from typing import Literal, overload

import attrs

from ..errors import HistoryParseError
from ..phh.reader import read_bytes
from .blocks import HandError, NoHand, only_hands
from .encodings import decode
from .pokerstars_lang import HEADER_STARTS
from . import pokerstars_summary
from .pokerstars_summary import has_hands, is_summary
from .sitehand import Collected, RakeRule, SiteHand

#: The most characters of a file's start that :func:`detect` looks at.
HEAD_CHARS = 4096

_PHH = re.compile(r"^\s*(\[[^\]\n]*\]\s*)?(variant|starting_stacks|actions)\s*=", re.MULTILINE)


@attrs.frozen
class Format:
    """One site's format: ``name`` (the ``SiteHand.format`` of its hands), ``sniff`` (``True`` when a
    file's first characters are this format's), and ``module``, the module whose ``iter_hands(text, *,
    source=None, cancelled=False, errors=False)`` reads its hands (the reader's protocol: see
    :func:`site_hands`) and whose ``rake_rule`` (or ``None``) is the site's rake rule (see
    :func:`pokerengine.replay.site_check.check_site`); imported when first needed."""

    name: str
    sniff: Callable[[str], bool]
    module: str


#: The client export's line before each hand: ``*********** # 1 **************``.
_STARS_SEPARATOR = re.compile(r"\*{3,40} # [0-9]{1,6} \*{3,40}[ \t]*(?:\r\n?|\n)\s*")


def _pokerstars(head: str) -> bool:
    # (an e-mailed transcript: "Transcript for last N hands requested by ...", then PokerStars' hands;
    # a client export: "*********** # 1 **************" before each hand)
    if head.startswith("*"):
        m = _STARS_SEPARATOR.match(head)
        head = head[m.end():] if m is not None else head
    # (not a tournament summary: "PokerStars Tournament #1809213004, No Limit Hold'em", no hands: .pokerstars_summary)
    if head.startswith("PokerStars Tournament #") and is_summary(head):
        return False
    return head.startswith(("PokerStars ", *HEADER_STARTS)) or head.startswith("Transcript for ") and "\nPokerStars " in head


def _ohh(head: str) -> bool:
    # a JSON object or an array of them (a .phhs table header is `[name]`) that names the spec
    if head.startswith("{") or head.startswith("[") and head[1:].lstrip()[:1] in ("{", "]"):
        return '"spec_version"' in head or '"ohh"' in head or head == "[]"
    return False


def _ggpoker_sniff(head: str) -> bool:
    # GGPoker and its skins: "Poker Hand #HD123: Hold'em No Limit ..." (RC, OM, SD, TM... or digits)
    return re.match(r"Poker Hand #[A-Za-z]{0,4}[0-9]+: ", head) is not None


def _winamax_sniff(head: str) -> bool:
    # a hand ("Winamax Poker - CashGame - HandId: ..."), not a tournament's summary file
    return head.startswith("Winamax Poker - ") and not head.startswith("Winamax Poker - Tournament summary")


def _partypoker_sniff(head: str) -> bool:
    # "***** Hand History for Game 123 *****" with no site's name in it (888's name theirs), perhaps
    # after "Game #123 starts." and "#Game No : 123"; not 888's old unnamed "20/40 Blinds No Limit Holdem"
    m = re.match(r"(?:Game #\w+ starts\.[\s\x00]+)?(?:#Game No ?: ?\w+[\s\x00]+)?\*{5} Hand History [Ff]or Game [^\r\n]*"
                 r"(?:\r\n?|\n)\x00?([^\r\n]*)",
                 head.lstrip("\x00"))
    return m is not None and re.search(r" Blinds (?:No Limit|Pot Limit|Fix)", m.group(1)) is None


_PACIFIC_HEAD = re.compile(r"(?:#Game No : ?[0-9]+[ \t]*(?:\r\n?|\n))?\*{4,5} [^*\s]+ (?:Snap Poker |BLAST )?Hand History for Game "
                           r"[0-9]+ \*{4,5}[ \t]*(?:\r\n?|\n)[^\r\n]{0,80} Blinds ")  # (old Mac files end lines with \r alone)


def _pacific_sniff(head: str) -> bool:
    # 888poker: "#Game No : 1", "***** 888poker Hand History for Game 1 *****" (Cassava, 888.ro... a site's
    # name before "Hand History", which PartyPoker's banner has not), then "$0.01/$0.02 Blinds No Limit Holdem"
    return _PACIFIC_HEAD.match(head) is not None


def _ipoker_sniff(head: str) -> bool:
    # iPoker's XML sessions: an XML declaration or the <session sessioncode=...> element first
    if head.startswith("<?xml"):
        head = head[head.find("?>") + 2:].lstrip() if "?>" in head else ""
    return head.startswith("<session") and "sessioncode" in head[:200]


def _fulltilt_sniff(head: str) -> bool:
    # "Full Tilt Poker Game #1: ..." (2005-2009: "FullTiltPoker Game #"), perhaps after an archive's "BEGIN"
    # or "***** # 1 *****" separator; a tournament summary ("Full Tilt Poker Tournament Summary") is not one
    return re.match(r"(?:(?:BEGIN|\*{5,} # [0-9]{1,9} \*{5,})\s+)*(?:Full Tilt Poker|FullTiltPoker) Game #[0-9]", head) is not None


def _winning_sniff(head: str) -> bool:
    # Winning Poker Network: "Game started at: 2014/2/3 4:05:16" (older), "Hand #1 - Holdem(No Limit) - $1/$2 - ..."
    # or "Game Hand #1 - Tournament #2 - ..." (ACR since about 2019)
    # or the SNG 2.0 / Jackpot files' "<Game Information>" header before such hands
    return head.startswith(("Game started at: ", "<Game Information>")) or re.match(r"(?:Game )?Hand #[0-9]+ - [^\n]*\((?:No|Pot|Fixed) Limit\)", head) is not None


def _bovada_sniff(head: str) -> bool:
    # "Bovada Hand #123 TBL#..." or "Ignition Hand #", "Bodog Hand #", "Bodog.eu Hand #", "Bodog UK Hand #"
    return re.match(r"(?:Bovada|Ignition|Bodog(?:\.eu|\.com| UK)?) Hand #[0-9]", head) is not None


def _pokernow_sniff(head: str) -> bool:
    # PokerNow's game log: a CSV whose header is "entry,at,order" (the entries follow, newest first)
    return re.match(r"entry,at(?:,order)?\r?\n", head) is not None


#: Every site format read, in the order :func:`detect` tries them.
FORMATS: tuple[Format, ...] = (
    Format("pokerstars", _pokerstars, ".pokerstars"),
    Format("ohh", _ohh, ".ohh"),
    Format("ggpoker", _ggpoker_sniff, ".ggpoker"),
    Format("winamax", _winamax_sniff, ".winamax"),
    Format("partypoker", _partypoker_sniff, ".partypoker"),
    Format("pacific", _pacific_sniff, ".pacific"),
    Format("ipoker", _ipoker_sniff, ".ipoker"),
    Format("fulltilt", _fulltilt_sniff, ".fulltilt"),
    Format("winning", _winning_sniff, ".winning"),
    Format("bovada", _bovada_sniff, ".bovada"),
    Format("pokernow", _pokernow_sniff, ".pokernow"),
)


def names() -> tuple[str, ...]:
    """The names of the site formats read (``"phh"`` is not one: it is the project's own format)."""
    return tuple(f.name for f in FORMATS)


def detect(text: str) -> str | None:
    """The format of a file's text: a site format's name, ``"phh"``, or ``None`` when it is none of them
    (a tournament summary, which holds no hand, is none: :func:`no_hands` says so)."""
    head = text[:HEAD_CHARS].lstrip("\ufeff \t\r\n")
    for fmt in FORMATS:
        if fmt.sniff(head):
            return fmt.name
    if _PHH.search(head):
        return "phh"
    for m in _AFTER_GAP.finditer(head):  # the first hand's first line damaged: the next hand's, after blank lines
        rest = head[m.end():]
        for fmt in FORMATS:
            if fmt.name not in ("ohh", "ipoker") and fmt.sniff(rest):
                return fmt.name
    if is_summary(head) and has_hands(text):  # a tournament summary, and PokerStars' hands after it
        return "pokerstars"
    return None


def no_hands(text: str) -> str | None:
    """Why a file that :func:`detect` names no format for holds no hand, when it is a site's file that
    holds none: ``"a tournament summary, no hands"`` for a tournament summary in PokerStars' layout
    (PokerStars', Full Tilt's and Run It Once Poker's, or PokerStars' e-mail of them:
    :mod:`.pokerstars_summary`) with no hand in ``text``; else ``None``.

    >>> no_hands("PokerStars Tournament #1, No Limit Hold'em\\nBuy-In: $1/$0.10 USD\\n2 players\\n")
    'a tournament summary, no hands'
    >>> no_hands("Dear diary") is None
    True
    """
    return pokerstars_summary.REASON if is_summary(text[:HEAD_CHARS]) and not has_hands(text) else None


#: Where a hand may begin after the first: a line after two blank lines (the sites' gap between hands).
_AFTER_GAP = re.compile(r"\n[ \t\r]*\n[ \t\r]*\n\s*")


def read_text(path: str) -> str:
    """A hand-history file's text, in whichever encoding it comes (:func:`.encodings.decode`; at most
    :data:`pokerengine.phh.reader.MAX_FILE_BYTES` bytes read)."""
    return decode(read_bytes(path), what=path)


def format_of(name: str) -> Format:
    """The :class:`Format` named ``name``, or :class:`HistoryParseError`."""
    for fmt in FORMATS:
        if fmt.name == name:
            return fmt
    raise HistoryParseError(f"not a site's format: {name!r} (the formats: {', '.join(names())})")


@overload
def site_hands(text: str | bytes, fmt: str, *, source: str | None = None, cancelled: bool = False,
               errors: Literal[False] = False, unplayed: bool = False) -> Iterator[SiteHand]: ...
@overload
def site_hands(text: str | bytes, fmt: str, *, source: str | None = None, cancelled: bool = False,
               errors: bool, unplayed: bool = False) -> Iterator[SiteHand | HandError]: ...
def site_hands(text: str | bytes, fmt: str, *, source: str | None = None, cancelled: bool = False,
               errors: bool = False, unplayed: bool = False) -> Iterator[SiteHand] | Iterator[SiteHand | HandError]:
    """The hands of a site's file, read lazily (``fmt``: a name of :data:`FORMATS`); hands the site
    cancelled only with ``cancelled=True`` (user field ``_cancelled``: replay counts them).

    A hand that cannot be read raises :class:`HistoryParseError` and ends the file; with ``errors=True``
    it is given in its place as a :class:`~.blocks.HandError` (a ``HistoryParseError`` naming the file,
    the hand and the line, with the hand's ``index``) and the hands after it are read; with ``unplayed=True``
    too, a hand the file begins in which nothing was played is given as a :class:`~.blocks.NoHand` (so
    every hand begun is accounted for).  What makes the whole file unreadable (not the format, too
    large, too many hands) raises either way."""
    if fmt not in names():
        raise HistoryParseError(f"{source or '<text>'}: not a site's format: {fmt!r}")
    module = importlib.import_module(__name__ + format_of(fmt).module)
    reader: Callable[..., Iterator[SiteHand | HandError]] = module.iter_hands
    items = reader(text, source=source, cancelled=cancelled, errors=errors)
    if not errors:
        return only_hands(items)
    return items if unplayed else (item for item in items if not isinstance(item, NoHand))


def rake_rule(fmt: str) -> Callable[..., list[int]] | None:
    """The site's rake rule of format ``fmt`` (``None``: the file's rake is taken as given)."""
    module = importlib.import_module(__name__ + format_of(fmt).module)
    rule: Callable[..., list[int]] | None = getattr(module, "rake_rule", None)
    return rule


__all__ = ["FORMATS", "Collected", "Format", "HandError", "NoHand", "RakeRule", "SiteHand", "detect", "format_of",
           "names", "no_hands", "rake_rule", "read_text", "site_hands"]
