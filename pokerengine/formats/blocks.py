"""A site's text file cut into hands, once for every reader: the limits, the hand blocks, and a bad hand that does not end its file.

Every text reader of :mod:`pokerengine.formats` reads a file the same way: :func:`checked_text` takes
the text (bytes decoded where the reader reads bytes; a byte-order mark dropped) and refuses one too
large; :func:`hand_blocks` cuts its lines into :class:`Block` values, one a hand, each beginning at
a line that starts a hand (the reader says which: ``starts``), enforcing the shared limits of
:class:`Limits`; and :func:`read_blocks` reads each block with the reader's own function.  A hand
that cannot be read raises :class:`~pokerengine.errors.HistoryParseError`; with ``errors=True`` it
is given in its place as a :class:`HandError` (the same message, naming the file, the hand and the
line, and the hand's ``index`` in the file) and the next block is read: one odd hand does not cost
the hands after it.

>>> text = "Hand #1\\nann wins\\n\\nHand #2\\nbob wins\\n"
>>> blocks = list(hand_blocks(text, where="f.txt", starts="Hand #", name="Demo", expected="'Hand #...'"))
>>> [(b.index, b.first, b.lines) for b in blocks]
[(0, 1, ('Hand #1', 'ann wins', '')), (1, 4, ('Hand #2', 'bob wins'))]
>>> def parse(block):
...     if "wins" not in block.lines[1]:
...         raise HistoryParseError(f"f.txt, hand {block.lines[0][6:]}, line {block.first + 1}: cannot read the line")
...     return block.lines[1]
>>> list(read_blocks(hand_blocks(text.replace("bob wins", "bob ???"), where="f.txt", starts="Hand #", name="Demo",
...                              expected="'Hand #...'"), parse, errors=True))
['ann wins', HandError('f.txt, hand 2, line 5: cannot read the line', 1)]
>>> list(hand_blocks("Dear diary", where="f.txt", starts="Hand #", name="Demo", expected="'Hand #...'"))
Traceback (most recent call last):
...
pokerengine.errors.HistoryParseError: f.txt, line 1: expected a hand ('Hand #...'), got 'Dear diary'

What ends a file (an exception even with ``errors=True``): a text that is not text or too large, more
than :attr:`Limits.hands` hands, and a file with no hand at all (text that no line starts a hand in).
What is one hand's error: whatever its reader raises, a line longer than :attr:`Limits.line_chars`
inside it, more than :attr:`Limits.hand_lines` lines (the lines past the bound are dropped, not
kept), and a hand whose first line is damaged: text before the first hand (when a hand follows), or
a line that starts no hand after a gap of blank lines wider than any inside the hand before (two
or more: the sites' gap between hands), which ends that hand.  A hand the reader gives nothing for
(nothing played) is a :class:`NoHand` with ``errors=True``: every hand a file begins is accounted for.  A hand cut short in the middle of a line by the next hand's first
line ends there (:func:`glued`), so only the cut hand is lost.  The readers whose files are not lines
of text (iPoker's XML, OHH's JSON) use :func:`checked_text` and :class:`HandError` and cut their hands
themselves.

Limits, all checked before the work they bound (:data:`LIMITS`, the readers' own constants): at most
:data:`MAX_TEXT_CHARS` characters a file, :data:`MAX_HANDS` hands, :data:`MAX_LINE_CHARS` characters
a line and :data:`MAX_HAND_LINES` lines a hand.  Time and memory are linear in the size of the text
(one pass; a block holds at most its bound of lines).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import attrs

from .. import _json
from .._checks import shown
from ..errors import HistoryParseError, UnreadableFileError
from .draft import fail
from .encodings import decode
from .sitehand import SiteHand

#: The most characters a file may hold (about 50 MB: some 40,000 hands).
MAX_TEXT_CHARS = 50_000_000
#: The most hands read from one file.
MAX_HANDS = 100_000
#: The longest line (real lines have well under 200 characters; chat is the longest).
MAX_LINE_CHARS = 2_000
#: The most lines one hand may have (the longest real hands have about 80).
MAX_HAND_LINES = 2_000


@attrs.frozen
class Limits:
    """The bounds of a file: ``text_chars`` characters, ``hands`` hands, ``line_chars`` characters a line,
    ``hand_lines`` lines a hand (each may be reached, not passed)."""

    text_chars: int = MAX_TEXT_CHARS
    hands: int = MAX_HANDS
    line_chars: int = MAX_LINE_CHARS
    hand_lines: int = MAX_HAND_LINES


#: The limits every text reader uses.
LIMITS = Limits()


@attrs.frozen
class Block:
    """One hand's lines: ``index`` (how many blocks came before it in the file), ``lines`` and their
    line numbers in the file (1-based; ``numbers[0]`` is :attr:`first`), ``last`` (the file's last
    block) and ``error``, the splitter's own error of the hand (a line too long, too many lines), which
    :func:`read_blocks` raises or gives in place of the hand."""

    index: int
    numbers: tuple[int, ...]
    lines: tuple[str, ...]
    last: bool = False
    error: HistoryParseError | None = attrs.field(default=None, eq=False)

    @property
    def first(self) -> int:
        """The line number of the hand's first line."""
        return self.numbers[0]

    def numbered(self) -> list[tuple[int, str]]:
        """``(line number, line)`` for each line of the hand."""
        return list(zip(self.numbers, self.lines))


class HandError(HistoryParseError):
    """A hand that cannot be read, given in its place by a reader called with ``errors=True``: the
    reader's message (naming the file, the hand and the line) and ``index``, the hand's place in the
    file (the index a hand read there would have had)."""

    def __init__(self, message: str, index: int = 0) -> None:
        super().__init__(message)
        self.index = index

    def __reduce__(self) -> tuple[Any, ...]:
        return (HandError, (str(self), self.index))

    def __repr__(self) -> str:
        return f"HandError({str(self)!r}, {self.index})"


class NoHand(HandError):
    """A hand the file begins in which nothing was played (its reader gives no hand: cancelled by the
    site, or fewer than two players dealt in), given in its place by :func:`read_blocks` with
    ``errors=True`` so that every hand a file begins is accounted for; :func:`pokerengine.formats.site_hands`
    passes it on only when asked (``unplayed=True``)."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (NoHand, (str(self), self.index))

    def __repr__(self) -> str:
        return f"NoHand({str(self)!r}, {self.index})"


def file_text(path: str, *, limits: Limits = LIMITS) -> str:
    """A site's file's text: at most ``limits.text_chars`` bytes read (a larger file, or one that cannot be
    read, is a :class:`HistoryParseError` naming it), decoded by :func:`.encodings.decode` (UTF-8, UTF-16 or
    Windows-1252, a byte-order mark dropped)."""
    data = _json.read_file(path, max_bytes=limits.text_chars, what=path, error=HistoryParseError,
                          unreadable=UnreadableFileError)
    return decode(data, what=path, max_bytes=limits.text_chars)


def checked_text(text: object, where: str, *, decode_bytes: bool = False, limits: Limits = LIMITS) -> str:
    """``text`` as a reader takes it: bytes decoded (:func:`.encodings.decode`) when ``decode_bytes``,
    a leading byte-order mark dropped; :class:`HistoryParseError` when it is not text or holds more than
    ``limits.text_chars`` characters.

    >>> checked_text("\\ufeffHand #1", "f.txt"), checked_text(b"Hand #1", "f.txt", decode_bytes=True)
    ('Hand #1', 'Hand #1')
    >>> checked_text("x" * 11, "f.txt", limits=Limits(text_chars=10))
    Traceback (most recent call last):
    ...
    pokerengine.errors.HistoryParseError: f.txt: 11 characters, more than the 10 a file may hold
    """
    if decode_bytes and isinstance(text, (bytes, bytearray)):

        text = decode(text, what=where, max_bytes=limits.text_chars)
    if type(text) is not str:
        raise HistoryParseError(f"{where}: expected text, got {shown(text)}")
    if len(text) > limits.text_chars:
        raise HistoryParseError(f"{where}: {len(text):,} characters, more than the {limits.text_chars:,} a file may hold")
    return text[1:] if text.startswith("\ufeff") else text


def hand_blocks(text: str | Iterable[str], *, where: str, starts: str | tuple[str, ...] | Callable[[str], object],
                name: str, expected: str, clean: Callable[[str], str] | None = None,
                skip: Callable[[str], object] | None = None, outside: Callable[[str], object] | None = None,
                cut: Callable[[str], int] | None = None, mark: str | None = None,
                empty: Callable[[], str] | None = None, limits: Limits = LIMITS) -> Iterator[Block]:
    """The hand blocks of ``text`` (a file's text, or its lines), in order.

    Each line (its length checked first) is ``clean``-ed, then dropped when ``skip`` says so; a line
    that ``starts`` a hand (a prefix, prefixes, or a test called once for every line in order, so it
    may keep state) begins a block, any other belongs to the open one.  Before the first hand a line
    must be blank (or what ``outside`` allows), else the file is not read (``expected`` says what a
    hand begins with).  ``cut`` finds, inside a hand, where the next hand's first line begins in the
    middle of a line (a hand cut short: the part before ends the hand; 0 when none does), asked only of
    the lines where ``mark`` (when given) stands after the first character.  A text with no hand raises
    ``"no <name> hand in the text"`` (or what ``empty`` says).  Limits: see the module docstring.
    """
    where_file = where
    prefix = starts if isinstance(starts, (str, tuple)) else None
    test = _never if isinstance(starts, (str, tuple)) else starts
    max_line, max_lines, max_hands = limits.line_chars, limits.hand_lines, limits.hands
    lines: Iterable[str] = text.splitlines() if isinstance(text, str) else text
    numbers: list[int] = []
    block: list[str] = []
    error: HistoryParseError | None = None
    opened = False
    count = 0
    blanks = widest = 0  # the blank lines just read in the open hand, and its widest such gap before them
    body = 0  # the open hand's lines that are not blank
    for n, line in enumerate(lines, 1):
        if len(line) > max_line:
            bad = fail(where_file, n, f"line of {len(line):,} characters, more than {max_line:,}")
            if not opened and error is None:
                numbers, block = [n], []
            error = error or bad  # (the hand's error; the line is not kept)
            continue
        if clean is not None:
            line = clean(line)
        if cut is not None and opened and (mark is None or line.find(mark, 1) > 0):
            at = cut(line)
            if at > 0:
                if error is None and len(block) < max_lines:
                    numbers.append(n)
                    block.append(line[:at])
                line = line[at:]
        if skip is not None and skip(line):
            if opened and not line.strip():  # (a blank line the reader drops still widens the gap)
                blanks += 1
            continue
        if line.startswith(prefix) if prefix is not None else test(line):
            if opened or error is not None:  # (the text before the first hand: a hand whose first line is damaged)
                yield Block(count, tuple(numbers), tuple(block), False, error)
                count += 1
            if count >= max_hands:
                raise fail(where_file, n, f"more than {max_hands:,} hands in one file")
            numbers, block, error, opened = [n], [line], None, True
            blanks = widest = 0
            body = 1
        elif opened:
            if not line.strip():
                blanks += 1
            else:
                body += 1
            if blanks and line.strip():
                if (blanks >= _GAP_LINES and blanks > widest and body > _BODY_LINES
                        and not (outside is not None and outside(line))):  # (an archive's separator stands there)
                    # after a gap wider than any inside the hand, a line that starts no hand: the next
                    # hand, its first line damaged; its lines are that hand's error, not this hand's
                    yield Block(count, tuple(numbers), tuple(block), False, error)
                    count += 1
                    if count >= max_hands:
                        raise fail(where_file, n, f"more than {max_hands:,} hands in one file")
                    numbers, block, blanks, widest, body = [n], [line], 0, 0, 1
                    error = _no_start(where_file, n, expected, line)
                    continue
                widest, blanks = max(widest, blanks), 0
            if error is not None:
                continue
            if len(block) >= max_lines:
                error = fail(where_file, n, f"a hand of more than {max_lines:,} lines")
                continue
            numbers.append(n)
            block.append(line)
        elif not (outside(line) if outside is not None else not line.strip()) and error is None:
            # text before the first hand: a hand whose first line is damaged when a hand follows it
            numbers, block, error = [n], [line], _no_start(where_file, n, expected, line)
    if opened:
        yield Block(count, tuple(numbers), tuple(block), True, error)
    elif error is not None:
        raise error
    else:
        raise HistoryParseError(f"{where_file}: {empty() if empty is not None else f'no {name} hand in the text'}")


#: The blank lines that, wider than any gap inside the hand, end it when the line after them starts no
#: hand (most sites put two or more between hands; none inside one, but an odd file spaces every line).
_GAP_LINES = 2
#: The lines a hand must have before such a gap can end it (a header, a table line, a seat).
_BODY_LINES = 3


def _no_start(where: str, n: int, expected: str, line: str) -> HistoryParseError:
    return fail(where, n, f"expected a hand ({expected}), got {shown(line)}")


def glued(start: str | re.Pattern[str], header: re.Pattern[str]) -> Callable[[str], int]:
    """A ``cut`` for :func:`hand_blocks`: where in a line a hand's first line begins that the hand
    before cut short (the first ``start``, a text or a pattern, after the line's first character, and
    from there to the end what ``header`` matches whole), else 0.

    >>> cut = glued("Hand #", re.compile(r"Hand #[0-9]+: .* [0-9]{2}:[0-9]{2}"))
    >>> cut("ann: raisesHand #2: Hold'em 10:00"), cut('ann said, "Hand #2 lol"'), cut("Hand #2: x 10:00")
    (11, 0, 0)
    """
    def cut(line: str) -> int:
        if isinstance(start, str):
            at = line.find(start, 1)
        else:
            m = start.search(line, 1)
            at = m.start() if m is not None else -1
        return at if at > 0 and header.fullmatch(line, at) is not None else 0

    return cut


def _never(line: str) -> bool:
    return False


def read_blocks(blocks: Iterable[Block], parse: Callable[[Block], SiteHand | None], *,
                errors: bool = False) -> Iterator[SiteHand | HandError]:
    """Each hand of ``blocks`` read by ``parse`` (``None``: no hand played, its index kept), in order.
    A block that cannot be read (``parse`` raises :class:`HistoryParseError`, or the block holds the
    splitter's error) raises, or with ``errors=True`` is given as a :class:`HandError` and the next
    block is read; with ``errors=True`` a block ``parse`` gives no hand for is given as a :class:`NoHand`."""
    for block in blocks:
        try:
            if block.error is not None:
                raise block.error
            hand = parse(block)
        except HistoryParseError as exc:
            if not errors:
                raise
            yield exc if isinstance(exc, HandError) else HandError(str(exc), block.index)
            continue
        if hand is not None:
            yield hand
        elif errors:
            yield NoHand(f"the hand at line {block.first}: nothing played (cancelled, or fewer than two "
                         "players dealt in)", block.index)


def only_hands(items: Iterable[SiteHand | HandError]) -> Iterator[SiteHand]:
    """The hands of ``items`` (a reader's, called without ``errors``), raising a :class:`HandError` met
    (a :class:`NoHand` is passed over)."""
    for item in items:
        if isinstance(item, NoHand):
            continue
        if isinstance(item, HandError):
            raise item
        yield item
