"""PokerStars hands written by the client in another language, rewritten in the English client's words.

The PokerStars client writes its hand histories in the player's language: the same structure,
with the keywords translated, amounts written ``0.02 €`` instead of ``€0.02`` and dates day first.
:func:`to_english` rewrites such lines into the English client's wording, line for line, so that
the English reader (:mod:`.pokerstars`) reads them unchanged.  It only rewrites the line shapes it
knows, each matched by an anchored pattern; a player's name is never rewritten (a player may well
be called ``pasa`` or ``desiste``): in a line that names a player the name must be one of the hand's
seated players, read from its seat lines first.  A line it does not know is left as it is, and the
English reader then names it in its error.  English hands pass through untouched.

>>> spanish = '''Mano n.º 7 de Zoom de PokerStars:  Hold'em No Limit (0.02 €/0.05 €) - 11-01-2025 11:37:11 CET
... Mesa "Asterope" 6-max El asiento n.º 1 es el botón
... Asiento 1: pasa (5 € en fichas)
... Asiento 2: ana (4.90 € en fichas)
... pasa: pone la ciega pequeña 0.02 €
... ana: pone la ciega grande 0.05 €
... *** CARTAS DE MANO ***
... pasa: pasa'''.splitlines()
>>> for line in to_english(spanish):
...     print(line)
PokerStars Zoom Hand #7:  Hold'em No Limit (€0.02/€0.05) - 2025/01/11 11:37:11 CET
Table 'Asterope' 6-max Seat #1 is the button
Seat 1: pasa (€5 in chips)
Seat 2: ana (€4.90 in chips)
pasa: posts small blind €0.02
ana: posts big blind €0.05
*** HOLE CARDS ***
pasa: checks
>>> english = ["PokerStars Hand #1:  Hold'em No Limit ($0.01/$0.02 USD) - 2020/04/16 13:54:25 ET"]
>>> to_english(english) is english
True

Languages (:data:`LANGUAGES`), each from real hands found in public test data, and only the line
shapes those hands show (``docs/histories.md`` lists them):

* ``es``, Spanish (``Mano n.º ... de [Zoom de ]PokerStars:``, cash games in euros, 2025): header,
  table, seats (``está ausente``), small and big blinds, folds, checks, calls, bets, raises, the
  hero's cards, shows, mucks, "no muestra su mano", uncalled bets, the pot collected, disconnection
  and time-out lines, leaving the table, the summary (pot and rake, board, each seat's outcome).
* ``pt``, Portuguese (``Mão PokerStars #...: Torneio #...``, tournaments, 2015): header, table,
  seats (``está sit out``), antes, small and big blinds, folds, checks, calls, bets, raises with
  ``e está all-in``, the hero's cards, uncalled bets, the pot collected, the summary.

Not covered (no real example found, so nothing is guessed): German, French, Italian and the rest;
Spanish tournaments and all-ins, side pots in either language, Portuguese cash games and showdowns.

Amounts: a currency symbol before or after the number (``0.02 €``, ``€0.02``), thousands written
``1.000``, ``1,000``, ``1 000`` (a space or a no-break space) and decimals ``0,02`` or ``0.02``
become the English form (``€0.02``, ``1000``): a separator followed by exactly one or two digits
at the end is the decimal point, the others must group digits by three.

Bounds: one pass over the lines, each line tried against a fixed, small set of anchored patterns
(at most one unbounded ``.+`` each, followed by fixed text: no catastrophic backtracking); lines
longer than :data:`MAX_LINE_CHARS` are not translated (the reader refuses them).  Time and memory
are linear in the text: about 5,000 hands a second (2,000-character hostile lines: 20 MB a second).
"""

from __future__ import annotations

import re

import attrs

from .._checks import shown
from ..errors import HistoryParseError

#: The languages translated (ISO 639-1 codes).
LANGUAGES = ("es", "pt")

#: Longer lines are left as they are (the English reader refuses lines of more than this).
MAX_LINE_CHARS = 2_000

# An amount as written in a line: an optional symbol, digits with separators, an optional symbol
# after (a space or a no-break space before it).  Every repetition is bounded; the only nested one
# (thousands groups) repeats a fixed-width group at most five times.
_AMT = r"[$€£]?[0-9][0-9.,\u00a0\u202f ]{0,24}(?:[ \u00a0\u202f]?[$€£])?"
_NUMBER = re.compile(
    r"(?P<int>[0-9]{1,3}(?:(?P<sep>[.,\u00a0\u202f ])[0-9]{3})?(?:(?P=sep)[0-9]{3}){0,5}|[0-9]{1,18})"
    r"(?:(?P<dec_sep>[.,])(?P<dec>[0-9]{1,2}))?")
_CARDS = r"[^\]]{0,40}"
_DATE_DMY = re.compile(r"\b([0-9]{2})-([0-9]{2})-([0-9]{4})\b")


def english_amount(text: str) -> str | None:
    """The English client's form of an amount written in another language, or ``None``.

    >>> english_amount("0.02 €"), english_amount("0,02 €"), english_amount("1.234,50 €")
    ('€0.02', '€0.02', '€1234.50')
    >>> english_amount("1.000"), english_amount("1 000"), english_amount("1\\u00a0000"), english_amount("$5")
    ('1000', '1000', '1000', '$5')
    >>> english_amount("1.000.50"), english_amount("€1 €"), english_amount("12,3456")
    (None, None, None)
    """
    text = text.strip(" \u00a0\u202f")
    symbol = ""
    if text[:1] in ("$", "€", "£"):
        symbol, text = text[0], text[1:]
    if text[-1:] in ("$", "€", "£"):
        if symbol:
            return None
        symbol, text = text[-1], text[:-1].rstrip(" \u00a0\u202f")
    m = _NUMBER.fullmatch(text)
    if m is None or (m.group("sep") is not None and m.group("sep") == m.group("dec_sep")):
        return None
    whole = m.group("int")
    if m.group("sep") is not None:
        whole = whole.replace(m.group("sep"), "")
    return f"{symbol}{whole}.{m.group('dec')}" if m.group("dec") is not None else f"{symbol}{whole}"


@attrs.frozen
class _Rule:
    """One line shape: an anchored pattern and the English line; groups named ``a``, ``b``... are
    amounts, ``n`` a player's name (which must be seated), ``all_in`` an all-in suffix."""

    pattern: re.Pattern[str]
    english: str
    amounts: tuple[str, ...] = ()

    def apply(self, text: str, names: frozenset[str] | set[str] | None) -> str | None:
        m = self.pattern.fullmatch(text)
        if m is None:
            return None
        groups = {k: v or "" for k, v in m.groupdict().items()}
        if names is not None and "n" in groups and groups["n"] not in names:
            return None
        for key in self.amounts:
            amount = english_amount(groups[key])
            if amount is None:
                return None
            groups[key] = amount
        if groups.get("all_in"):
            groups["all_in"] = " and is all-in"
        return self.english.format(**groups)


def _rule(pattern: str, english: str, *amounts: str) -> _Rule:
    return _Rule(re.compile(pattern), english, amounts)


@attrs.frozen
class _Language:
    """The line shapes of one language."""

    code: str
    header: re.Pattern[str]          # the first line: groups id, zoom (or none), space, rest
    rest: tuple[_Rule, ...]          # the header's game, stakes and date
    table: _Rule
    seat: re.Pattern[str]            # groups seat, name, amount, out
    seat_out: str                    # the English of group "out"
    plain: tuple[_Rule, ...]         # lines naming nobody (or a seated player, group n)
    actions: tuple[_Rule, ...]       # what follows "NAME: "
    hole_cards: str                  # the line starting the action
    summary: str                     # the line starting the summary
    summary_seat: re.Pattern[str]    # groups seat, rest
    positions: tuple[tuple[str, str], ...]
    outcomes: tuple[_Rule, ...]      # a summary seat's outcome, after the name and positions


_SPANISH = _Language(
    code="es",
    header=re.compile(r"Mano n\.º (?P<id>[0-9]{1,30}) de (?P<zoom>Zoom de )?PokerStars:(?P<space>\s{1,4})(?P<rest>.*)"),
    rest=(_rule(r"(?P<game>[^()]{1,80}) \((?P<a>[^/()]{1,40})/(?P<b>[^/()]{1,40}?)(?P<code> [A-Z]{3})?\)(?P<tail> - .*)",
                "{game} ({a}/{b}{code}){tail}", "a", "b"),),
    table=_rule(r'Mesa "(?P<t>[^"]{0,100})" (?P<m>[0-9]{1,2})-max El asiento n\.º (?P<b>[0-9]{1,2}) es el botón',
                "Table '{t}' {m}-max Seat #{b} is the button"),
    seat=re.compile(r"Asiento (?P<seat>[0-9]{1,2}): (?P<name>.+) \((?P<amount>[^()]{1,40}) en fichas\)(?P<out> está ausente)?"),
    seat_out=" is sitting out",
    plain=(
        _rule(r"Bote total (?P<a>" + _AMT + r") \| Comisión (?P<b>" + _AMT + ")", "Total pot {a} | Rake {b}", "a", "b"),
        _rule(r"Comunitarias \[(?P<c>" + _CARDS + r")\]", "Board [{c}]"),
        _rule(r"Repartidas a (?P<n>.+) \[(?P<c>" + _CARDS + r")\]", "Dealt to {n} [{c}]"),
        _rule(r"La apuesta no igualada \((?P<a>" + _AMT + r")\) ha sido devuelta a (?P<n>.+)",
              "Uncalled bet ({a}) returned to {n}", "a"),
        _rule(r"(?P<n>.+) se lleva (?P<a>" + _AMT + ") del bote", "{n} collected {a} from pot", "a"),
        _rule(r"(?P<n>.+) no tiene conexión", "{n} is disconnected"),
        _rule(r"(?P<n>.+) ha agotado su tiempo mientras siga sin conexión", "{n} has timed out while disconnected"),
        _rule(r"(?P<n>.+) deja la mesa", "{n} leaves the table"),
    ),
    actions=(
        _rule(r"se retira", "folds"),
        _rule(r"pasa", "checks"),
        _rule(r"iguala (?P<a>" + _AMT + ")", "calls {a}", "a"),
        _rule(r"apuesta (?P<a>" + _AMT + ")", "bets {a}", "a"),
        _rule(r"sube (?P<a>" + _AMT + ") a (?P<b>" + _AMT + ")", "raises {a} to {b}", "a", "b"),
        _rule(r"pone la ciega pequeña (?P<a>" + _AMT + ")", "posts small blind {a}", "a"),
        _rule(r"pone la ciega grande (?P<a>" + _AMT + ")", "posts big blind {a}", "a"),
        _rule(r"muestra \[(?P<c>" + _CARDS + r")\](?P<d> \(.*\))?", "shows [{c}]{d}"),
        _rule(r"descarta su mano sin mostrar", "mucks hand"),
        _rule(r"no muestra su mano", "doesn't show hand"),
        _rule(r"está ausente", "is sitting out"),
    ),
    hole_cards="*** CARTAS DE MANO ***",
    summary="*** RESUMEN ***",
    summary_seat=re.compile(r"Asiento (?P<seat>[0-9]{1,2}): (?P<rest>.*)"),
    positions=((" (botón)", " (button)"), (" (ciega pequeña)", " (small blind)"), (" (ciega grande)", " (big blind)")),
    outcomes=(
        _rule(r" se retiró antes del Flop \(no apostó\)", " folded before Flop (didn't bet)"),
        _rule(r" se retiró antes del Flop", " folded before Flop"),
        _rule(r" se retiró en el (?P<s>Flop|Turn|River)", " folded on the {s}"),
        _rule(r" recaudó \((?P<a>" + _AMT + r")\)", " collected ({a})", "a"),
        _rule(r" muestra \[(?P<c>" + _CARDS + r")\] y ganó \((?P<a>" + _AMT + r")\) con (?P<d>.*)",
              " showed [{c}] and won ({a}) with {d}", "a"),
        _rule(r" descartó sin mostrar \[(?P<c>" + _CARDS + r")\]", " mucked [{c}]"),
    ),
)

_ALL_IN_PT = r"(?P<all_in> e está all-in)?"

_PORTUGUESE = _Language(
    code="pt",
    header=re.compile(r"Mão PokerStars #(?P<id>[0-9]{1,30}):(?P<space>\s{1,4})(?P<rest>.*)"),
    rest=(_rule(r"Torneio #(?P<t>[0-9]{1,30}), (?P<mid>[^-]{0,200}) - Nível (?P<l>[A-Za-z0-9]{1,10}) "
                r"\((?P<a>[^/()]{1,40})/(?P<b>[^/()]{1,40})\)(?P<tail> - .*)",
                "Tournament #{t}, {mid} - Level {l} ({a}/{b}){tail}", "a", "b"),),
    table=_rule(r"Mesa '(?P<t>.{0,100})' (?P<m>[0-9]{1,2})-max Lugar #(?P<b>[0-9]{1,2}) é o botão",
                "Table '{t}' {m}-max Seat #{b} is the button"),
    seat=re.compile(r"Lugar (?P<seat>[0-9]{1,2}): (?P<name>.+) \((?P<amount>[^()]{1,40}) em fichas\)(?P<out> está sit out)?"),
    seat_out=" is sitting out",
    plain=(
        _rule(r"Total pote (?P<a>" + _AMT + r") \| comissão (?P<b>" + _AMT + ")", "Total pot {a} | Rake {b}", "a", "b"),
        _rule(r"Mesa \[(?P<c>" + _CARDS + r")\]", "Board [{c}]"),
        _rule(r"(?P<n>.+) recebe \[(?P<c>" + _CARDS + r")\]", "Dealt to {n} [{c}]"),
        _rule(r"Aposta não-igualada \((?P<a>" + _AMT + r")\) voltou para (?P<n>.+)",
              "Uncalled bet ({a}) returned to {n}", "a"),
        _rule(r"(?P<n>.+) recebeu (?P<a>" + _AMT + ") do pote", "{n} collected {a} from pot", "a"),
    ),
    actions=(
        _rule(r"desiste", "folds"),
        _rule(r"passa", "checks"),
        _rule(r"iguala (?P<a>" + _AMT + ")" + _ALL_IN_PT, "calls {a}{all_in}", "a"),
        _rule(r"aposta (?P<a>" + _AMT + ")" + _ALL_IN_PT, "bets {a}{all_in}", "a"),
        _rule(r"aumenta (?P<a>" + _AMT + ") para (?P<b>" + _AMT + ")" + _ALL_IN_PT, "raises {a} to {b}{all_in}", "a", "b"),
        _rule(r"coloca ante (?P<a>" + _AMT + ")", "posts the ante {a}", "a"),
        _rule(r"paga o small blind (?P<a>" + _AMT + ")", "posts small blind {a}", "a"),
        _rule(r"paga o big blind (?P<a>" + _AMT + ")", "posts big blind {a}", "a"),
    ),
    hole_cards="*** CARTAS DA MÃO ***",
    summary="*** SUMÁRIO ***",
    summary_seat=re.compile(r"Lugar (?P<seat>[0-9]{1,2}): (?P<rest>.*)"),
    positions=((" (Botão)", " (button)"), (" (small blind)", " (small blind)"), (" (big blind)", " (big blind)")),
    outcomes=(
        _rule(r" desistiu antes Flop \(não apostou\)", " folded before Flop (didn't bet)"),
        _rule(r" desistiu antes Flop", " folded before Flop"),
        _rule(r" desistiu no (?P<s>Flop|Turn|River)", " folded on the {s}"),
        _rule(r" recebeu \((?P<a>" + _AMT + r")\)", " collected ({a})", "a"),
    ),
)

#: How the first line of a hand starts in each language translated (the English one: ``PokerStars ``).
HEADER_STARTS = ("Mano n.º ", "Mão PokerStars #")
_HEADER_LANGUAGE = {"Mano n.º ": _SPANISH, "Mão PokerStars #": _PORTUGUESE}


def detect(line: str) -> str | None:
    """The language of a hand whose first line is ``line`` (a code of :data:`LANGUAGES`), or ``None``
    (English, or not a PokerStars hand's first line).

    >>> detect("Mão PokerStars #137737997245: Torneio #1270291825, 4500+500 Hold'em No Limit - Nível I (10/20) - x")
    'pt'
    >>> detect("PokerStars Hand #1:  Hold'em No Limit ($0.01/$0.02 USD) - 2020/04/16 13:54:25 ET") is None
    True
    """
    found = _language_of(line.lstrip("\ufeff"))
    return found.code if found is not None else None


def _language_of(line: str) -> _Language | None:
    for start, lang in _HEADER_LANGUAGE.items():
        if line.startswith(start) and lang.header.fullmatch(line.rstrip()) is not None:
            return lang
    return None


def _header(lang: _Language, line: str) -> str:
    m = lang.header.fullmatch(line.rstrip())
    assert m is not None  # _language_of matched it
    rest = m.group("rest")
    for rule in lang.rest:
        translated = rule.apply(rest, None)
        if translated is not None:
            rest = _DATE_DMY.sub(r"\3/\2/\1", translated)
            break
    zoom = "Zoom " if m.groupdict().get("zoom") else ""
    return f"PokerStars {zoom}Hand #{m.group('id')}:{m.group('space')}{rest}"


class _State:
    """One hand's seats while its lines are translated."""

    def __init__(self, lang: _Language) -> None:
        self.lang = lang
        self.names: set[str] = set()
        self.by_seat: dict[str, str] = {}
        self.section = "seats"

    def translate(self, line: str) -> str | None:
        lang = self.lang
        text = line.rstrip(" \t")
        if text == lang.hole_cards:
            self.section = "action"
            return "*** HOLE CARDS ***"
        if text == lang.summary:
            self.section = "summary"
            return "*** SUMMARY ***"
        if self.section == "seats":
            found = self._seat(text)
            if found is not None:
                return found
        if self.section == "summary":
            found = self._summary_seat(text)
            if found is not None:
                return found
        found = self._actor(text)
        if found is not None:
            return found
        for rule in lang.plain:
            found = rule.apply(text, self.names)
            if found is not None:
                return found
        return None

    def _seat(self, text: str) -> str | None:
        table = self.lang.table.apply(text, None)
        if table is not None:
            return table
        m = self.lang.seat.fullmatch(text)
        if m is None:
            return None
        amount = english_amount(m.group("amount"))
        if amount is None:
            return None
        name = m.group("name")
        self.names.add(name)
        self.by_seat[m.group("seat")] = name
        out = self.lang.seat_out if m.group("out") else ""
        return f"Seat {m.group('seat')}: {name} ({amount} in chips){out}"

    def _summary_seat(self, text: str) -> str | None:
        m = self.lang.summary_seat.fullmatch(text)
        if m is None:
            return None
        name = self.by_seat.get(m.group("seat"))
        rest = m.group("rest")
        if name is None or not rest.startswith(name):
            return None
        tail = rest[len(name):]
        head = ""
        moved = True
        while moved:  # each pass takes a position off the tail: linear in its length
            moved = False
            for foreign, english in self.lang.positions:
                if tail.startswith(foreign):
                    head, tail, moved = head + english, tail[len(foreign):], True
        for rule in self.lang.outcomes:
            found = rule.apply(tail, None)
            if found is not None:
                tail = found
                break
        return f"Seat {m.group('seat')}: {name}{head}{tail}"

    def _actor(self, text: str) -> str | None:
        at = text.find(": ")
        while at > 0:
            name = text[:at]
            if name in self.names:
                rest = text[at + 2:]
                for rule in self.lang.actions:
                    found = rule.apply(rest, None)
                    if found is not None:
                        return f"{name}: {found}"
                return None
            at = text.find(": ", at + 2)
        return None


def to_english(lines: list[str]) -> list[str]:
    """``lines`` (a PokerStars file's lines, any number of hands) with every hand written in a
    language of :data:`LANGUAGES` rewritten in the English client's words, line for line (the
    result has as many lines, so line numbers in errors stay those of the file).

    A hand's language is read from its first line; English hands, and text before any hand, are
    left as they are, and when no hand is in another language ``lines`` itself is returned.  Raises
    :class:`~pokerengine.errors.HistoryParseError` if ``lines`` is not a list of strings.  Limits:
    one pass, linear in the text; lines of more than :data:`MAX_LINE_CHARS` characters are left as
    they are.
    """
    if type(lines) is not list:
        raise HistoryParseError(f"expected a list of lines, got {shown(lines)}")
    foreign = False
    for n, line in enumerate(lines, 1):
        if type(line) is not str:
            raise HistoryParseError(f"line {n}: expected text, got {shown(line)}")
        if not foreign and line.lstrip("\ufeff").startswith(HEADER_STARTS):
            foreign = True
    if not foreign:
        return lines
    out = list(lines)
    state: _State | None = None
    for i, line in enumerate(lines):
        if len(line) > MAX_LINE_CHARS:
            continue
        bare = line.lstrip("\ufeff")
        if bare.startswith(HEADER_STARTS):
            lang = _language_of(bare)
            state = _State(lang) if lang is not None else None
            if lang is not None:
                out[i] = line[: len(line) - len(bare)] + _header(lang, bare)
            continue
        if bare.startswith("PokerStars "):
            state = None  # an English hand: its lines stay as they are
            continue
        if state is not None and line:
            translated = state.translate(line)
            if translated is not None:
                out[i] = translated
    return out

