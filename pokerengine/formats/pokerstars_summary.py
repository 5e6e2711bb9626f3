"""PokerStars' tournament summaries: files in the PokerStars layout that hold no hand, told apart.

The client writes each tournament's summary to a file of its own (``TS20170130 T1809213004 No Limit
Hold'em $0.92+$0.08.txt``), and PokerStars e-mails the summaries of the last tournaments on request
(first line ``Tournament History for your last 3 tournaments requested by ...``).  A summary gives the
tournament's number and game, the buy-in, the number of players, the prize pool, the start (and
finish) time and each player's place and prize; no hand is played in it:

>>> text = '''PokerStars Tournament #1809213004, No Limit Hold'em
... Buy-In: $0.92/$0.08 USD
... 3 players
... Total Prize Pool: $2.00 USD
... Tournament started 2017/01/30 21:49:55 ET
...   1: SwaggerKat (Canada), $2.00 (100%)
...   2: Bluenir (Netherlands),
...
... You finished in 1st place (eliminated at hand #165438062987).'''
>>> is_summary(text), has_hands(text)
(True, False)
>>> is_summary("PokerStars Hand #1:  Hold'em No Limit ($0.01/$0.02 USD) - 2020/04/16 13:54:25 ET")
False

PokerStars' client writes the same layout for Full Tilt's tournaments (from 2016: ``Full Tilt Tournament
#``), and Run It Once Poker wrote it too (``Run It Once Poker Tournament #``, 2021).  Such a file is no
site's hand history (:func:`pokerengine.formats.detect` names no format) and the replay skips it with
the reason :data:`REASON` (:func:`pokerengine.formats.no_hands`); the PokerStars reader passes over a
summary that stands between hands (:class:`Passer`).
"""

from __future__ import annotations

import re

from .pokerstars_lang import HEADER_STARTS

#: Why a replay skips a summary file.
REASON = "a tournament summary, no hands"

#: Whose summaries are written in this layout.
_SITES = ("PokerStars", "Full Tilt", "Run It Once Poker")
#: How a summary's first line, or the e-mail's, begins.
_FIRST_WORDS = tuple(site + " " for site in _SITES) + ("Tournament History ",)
#: Control characters a summary's first line may stand after (:func:`is_summary`).
_CONTROLS = "".join(chr(c) for c in range(32) if chr(c) not in "\t\n\r") + "\ufeff"
#: A summary's first line: ``PokerStars Tournament #734703906, No Limit Hold'em``.
FIRST_LINE = re.compile(r"(?:PokerStars|Full Tilt|Run It Once Poker) Tournament #[0-9]{1,30}, [^\r\n]{1,200}")
#: The first line of PokerStars' e-mail of summaries.
EMAIL_LINE = re.compile(r"Tournament History for (?:your )?last [0-9]{1,4} tournaments? requested by [^\r\n]{0,300}")

_FIRST_AT_LINE = re.compile(r"^[ \t\ufeff\x00-\x08\x0b\x0c\x0e-\x1f]*"  # (fpdb's 2010 file: a \x10 before it)
                            r"(?:PokerStars|Full Tilt|Run It Once Poker) Tournament #[0-9]{1,30}, [^\r\n]{1,200}(?=[\r\n]|\Z)",
                            re.MULTILINE)
#: The line after the buy-in: ``3 players``, ``5305 players``.
_PLAYERS = re.compile(r"[0-9][0-9,]{0,12} players?")
#: The most lines between the first line and the players line (a satellite's ``Super Satellite``, a
#: freeroll's ``Freeroll`` and ``$50.00 USD added to the prize pool by PokerStars`` stand there).
_PLAYERS_WITHIN = 6
#: A line that begins a PokerStars hand, in English or another language (:mod:`.pokerstars_lang`).
_HAND_LINE = re.compile(r"^[ \t\ufeff]*(?:PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #|"
                        + "|".join(re.escape(s) for s in HEADER_STARTS) + ")", re.MULTILINE)


def is_summary(head: str) -> bool:
    """Whether ``head`` (a file's text, or its first characters) holds a tournament summary: a line
    :data:`FIRST_LINE` and within the next few lines the number of players (``3 players``)."""
    if not any(site + " Tournament #" in head for site in _SITES):  # (a hand's "Tournament #" follows ": ")
        return False
    m = _FIRST_AT_LINE.search(head)
    if m is None:
        return False
    after = head[m.end():m.end() + 600].splitlines()[1:_PLAYERS_WITHIN + 1]
    return any(_PLAYERS.fullmatch(line.strip()) for line in after)


def has_hands(text: str) -> bool:
    """Whether a line of ``text`` begins a PokerStars hand (``PokerStars Hand #``, ``PokerStars Game #``,
    ``PokerStars Zoom Hand #``, ``PokerStars Home Game Hand #``, or another language's first line)."""
    return _HAND_LINE.search(text) is not None


class Passer:
    """A ``skip`` for :func:`.blocks.hand_blocks`: passes over each summary (from its first line, or the
    e-mail's, up to the next line that begins a hand) in a PokerStars text; ``seen`` once one was.
    Called once for every line in order."""

    __slots__ = ("passing", "seen")

    def __init__(self) -> None:
        self.passing = False
        self.seen = False

    def __call__(self, line: str) -> bool:
        if line.startswith(("PokerStars ", *HEADER_STARTS)) and FIRST_LINE.fullmatch(line.rstrip()) is None:
            self.passing = False  # (a hand begins)
            return False
        if not self.passing:
            line = line.lstrip(_CONTROLS).rstrip()
            if line.startswith(_FIRST_WORDS) and (FIRST_LINE.fullmatch(line) or EMAIL_LINE.fullmatch(line)):
                self.passing = self.seen = True
        return self.passing
