"""PokerNow's ledger (the CSV of each player's buy-ins and cash-outs) checked against the game's log.

PokerNow writes a game's money twice: the log (:mod:`.pokernow`), hand by hand, and the ledger, one row a
player's session: ``player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net``
(some exports add ``nit_escrow`` before ``net``).  A player's ``net`` is ``buy_out + stack - buy_in``; the
host's stack changes count as buy-ins (or buy-outs), so over the sessions the net is what the player won
and lost in the hands.  :func:`check_ledger` adds up each player's hands of the log (what the player
collected, plus the uncalled bets handed back, less what he put in: the log's own figures, each hand
having been played through the engine to know what went in) and compares the sums with the ledger's nets.

>>> from pokerengine.formats.pokernow import parse_pokernow
>>> entries = ['-- ending hand #1 --', '"bo @ b2" collected 40 from pot', 'Uncalled bet of 40 returned to "bo @ b2"',
...            '"al @ a1" folds', '"bo @ b2" raises to 60', '"al @ a1" posts a big blind of 20',
...            '"bo @ b2" posts a small blind of 10', 'Player stacks: #1 "al @ a1" (1000) | #2 "bo @ b2" (500)',
...            '-- starting hand #1 (id: h1)  (No Limit Texas Hold' + "'" + 'em) (dealer: "bo @ b2") --']
>>> log = "entry,at,order\\n" + "".join('"' + e.replace('"', '""') + f'",2024-01-01T00:00:0{9 - k}.000Z,{9 - k}\\n'
...                                     for k, e in enumerate(entries))
>>> ledger = '''player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net
... al,a1,2024-01-01T00:00:00Z,,1000,0,980,-20
... bo,b2,2024-01-01T00:00:00Z,,500,0,520,20'''
>>> report = check_ledger(parse_pokernow(log), ledger)
>>> report.matched, [(p.player_id, p.ledger_net, p.log_net) for p in report.players]
(True, [('a1', -20, -20), ('b2', 20, 20)])

Amounts: the ledger's in chips (``45.50``) or, written without a decimal point against a log in hundredths
of a chip, as PokerNow writes them for a cents game (``4550``); :func:`check_ledger` takes whichever of
the two makes the ledger's column sum to zero and fit the log, and says which (``LedgerReport.unit``).
Limits: a ledger of at most :data:`MAX_LEDGER_CHARS` characters and :data:`MAX_ROWS` rows; amounts of at
most 15 digits.  Errors: :class:`~pokerengine.errors.HistoryParseError` naming the ledger and its line.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from decimal import Decimal, InvalidOperation

import attrs

from .._checks import shown
from ..errors import HistoryParseError, PokerEngineError
from ..live.interpreter import interpret
from .encodings import decode
from .sitehand import SiteHand

#: The largest ledger read (characters) and the most rows.
MAX_LEDGER_CHARS = 5_000_000
MAX_ROWS = 100_000
_COLUMNS = ("player_id", "buy_in", "buy_out", "stack", "net")


@attrs.frozen
class LedgerPlayer:
    """One player (by PokerNow's id): the nickname, the ledger's net over the sessions and the log's
    (minor units of the log), and whether they agree."""

    player_id: str
    nickname: str
    ledger_net: int
    log_net: int
    hands: int

    @property
    def matched(self) -> bool:
        return self.ledger_net == self.log_net


@attrs.frozen
class LedgerReport:
    """The ledger against the log: each player of either, the ledger's unit against the log's minor unit
    (1, or 100: the ledger in chips, the log in hundredths), and the hands left out (not read or not
    played through: their money is unknown)."""

    players: tuple[LedgerPlayer, ...]
    unit: int
    hands: int
    left_out: int

    @property
    def matched(self) -> bool:
        return not self.left_out and all(p.matched for p in self.players)

    def message(self) -> str:
        """The players who differ, one phrase each (empty when the ledger agrees)."""
        parts = [f"{p.nickname} ({p.player_id}) ledger {p.ledger_net}, log {p.log_net}"
                 for p in self.players if not p.matched]
        if self.left_out:
            parts.append(f"{self.left_out} hand(s) of the log not played through")
        return "; ".join(parts)


def read_ledger(text: str | bytes, *, source: str | None = None) -> list[tuple[str, str, dict[str, Decimal]]]:
    """The ledger's rows: ``(player id, nickname, {buy_in, buy_out, stack, net})`` as exact decimals;
    ``net`` must be ``buy_out + stack - buy_in`` on every row."""
    where = source or "<ledger>"
    if isinstance(text, (bytes, bytearray)):

        text = decode(bytes(text), what=where, max_bytes=MAX_LEDGER_CHARS)
    if type(text) is not str or len(text) > MAX_LEDGER_CHARS:
        raise HistoryParseError(f"{where}: a ledger is text of at most {MAX_LEDGER_CHARS:,} characters")
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""))
    rows: list[tuple[str, str, dict[str, Decimal]]] = []
    try:
        header = [h.strip() for h in next(reader, [])]
        if not set(_COLUMNS) <= set(header) or "player_nickname" not in header:
            raise HistoryParseError(f"{where}: not a PokerNow ledger (its header names "
                                    f"player_nickname, {', '.join(_COLUMNS)})")
        at = {name: header.index(name) for name in (*_COLUMNS, "player_nickname")}
        for row in reader:
            if not row or len(rows) >= MAX_ROWS:
                if row:
                    raise HistoryParseError(f"{where}: more than {MAX_ROWS:,} rows")
                continue
            if len(row) < len(header):
                raise HistoryParseError(f"{where}, line {reader.line_num}: {len(row)} columns, not {len(header)}")
            values = {name: _decimal(row[at[name]], where, reader.line_num, name) for name in _COLUMNS[1:]}
            if values["buy_out"] + values["stack"] - values["buy_in"] != values["net"]:
                raise HistoryParseError(f"{where}, line {reader.line_num}: net {values['net']} is not "
                                        f"buy_out + stack - buy_in")
            rows.append((row[at["player_id"]], row[at["player_nickname"]], values))
    except csv.Error as exc:
        raise HistoryParseError(f"{where}, line {reader.line_num}: not a CSV row ({exc})") from None
    return rows


def _decimal(text: str, where: str, line: int, name: str) -> Decimal:
    text = text.strip() or "0"
    if len(text) > 18:
        raise HistoryParseError(f"{where}, line {line}: {name} {shown(text)} has too many digits")
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise HistoryParseError(f"{where}, line {line}: {name} is not an amount: {shown(text)}") from None
    if not value.is_finite() or value != value.quantize(Decimal("0.01")):
        raise HistoryParseError(f"{where}, line {line}: {name} is not an amount in cents: {shown(text)}")
    return value


def log_nets(hands: Iterable[SiteHand]) -> tuple[dict[str, int], dict[str, int], int, int]:
    """Each PokerNow id's net over the hands (collected + handed back - put in, minor units), how many
    hands each played, how many hands were read and how many could not be played through."""
    nets: dict[str, int] = {}
    played: dict[str, int] = {}
    count = left_out = 0
    for hand in hands:
        count += 1
        history = hand.history
        try:
            outcome = interpret(history)
        except PokerEngineError:
            left_out += 1
            continue
        names = history.players or ()
        got = {c.player: 0 for c in hand.collected}
        for c in hand.collected:
            got[c.player] += c.amount
        returned = hand.returned or ()
        for i, name in enumerate(names):
            pid = name.rpartition(" @ ")[2]
            back = returned[i] if i < len(returned) else 0
            nets[pid] = nets.get(pid, 0) + got.get(name, 0) + back - outcome.contributed[i]
            played[pid] = played.get(pid, 0) + 1
    return nets, played, count, left_out


def check_ledger(hands: Iterable[SiteHand], ledger: str | bytes, *, source: str | None = None) -> LedgerReport:
    """The ledger (its text) against the log's hands (:func:`.pokernow.parse_pokernow`): see the module."""
    rows = read_ledger(ledger, source=source)
    nets, played, count, left_out = log_nets(hands)
    ledger_nets: dict[str, Decimal] = {}
    nicknames: dict[str, str] = {}
    for pid, nickname, values in rows:
        ledger_nets[pid] = ledger_nets.get(pid, Decimal(0)) + values["net"]
        nicknames.setdefault(pid, nickname)
    ids = list(dict.fromkeys([*ledger_nets, *nets]))
    best: tuple[int, int, list[LedgerPlayer]] | None = None
    for unit in (1, 100):  # the ledger's amount per minor unit of the log: whole chips, or cents
        players = []
        for pid in ids:
            value = ledger_nets.get(pid, Decimal(0)) * unit
            players.append(LedgerPlayer(pid, nicknames.get(pid, pid), int(value) if value == int(value) else 0,
                                        nets.get(pid, 0), played.get(pid, 0)))
        fits = sum(p.matched for p in players)
        if best is None or fits > best[0]:
            best = (fits, unit, players)
    assert best is not None
    return LedgerReport(tuple(best[2]), best[1], count, left_out)
