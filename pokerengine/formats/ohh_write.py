"""Writing Open Hand History: a :class:`~pokerengine.formats.sitehand.SiteHand` or a PHH
:class:`~pokerengine.phh.record.HandHistory` as an OHH object, JSON text or JSON lines
(:mod:`pokerengine.formats.ohh` reads them back and re-exports these functions).

Every game of ``codes.md`` is written: the spec's ``game_type`` and ``bet_type``
(:mod:`~pokerengine.formats.ohh_games`), plus the extension field ``pokerengine_variant`` when
they do not name the code; stud and draw rounds, the bring-in and the draws as the pokerengine
extensions of ``docs/histories.md``; a hand run twice or three times (``_run_count``) with the
spec's ``Run_It_Twice`` flag, each further run's streets as rounds again.

Limits: time and memory linear in the number of actions of the hand (at most
:data:`~pokerengine.phh.record.MAX_ACTIONS`); a hand whose settlement is needed (a
``HandHistory``) is replayed once, within the replayer's limits.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Mapping, Sequence
from decimal import Context, Decimal
from typing import Any

from .._checks import chips, shown
from ..cards import card_text
from ..errors import HistoryParseError, PokerEngineError
from ..live.interpreter import interpret
from ..live.settling import pots_of, settle_drawn, settle_record
from ..phh.amounts import amount
from ..phh.notation import parse_action
from ..phh.record import HandHistory
from ..phh.variants import VARIANTS
from ..rules import full_blind, owed_top
from .ohh_games import VARIANT_FIELD, names_of, street_names
from .ohh_stated import STATED_FIELD, stated_fields
from .sitehand import Collected, SiteHand

__all__ = ["dumps_ohh", "dumps_ohh_lines", "write_ohh"]

_ISO = re.compile(r"[A-Z]{3}\Z")
#: Exact decimal arithmetic for amounts (at most 40 characters each, the JSON reader's bound).
_EXACT = Context(prec=100)
#: How an unknown card is written in the pokerengine extensions (stud and draw ``Dealt Cards``,
#: ``Discards Cards``): the spec has no unknown card, and leaves unseen hole cards out.
UNKNOWN = "??"
#: The extension field of a hand whose largest blind or straddle was posted short and played by
#: the rule that the others owe its full amount (PHH's ``_full_blind = true``): whose it is and that
#: amount, ``{"player_id", "amount"}``.
FULL_BLIND_FIELD = "pokerengine_full_blind"
#: The extension field of a hand in fractions of a chip (PHH's ``_chip_scale``: a tournament that plays half
#: chips, written by the Winamax reader as 2, iPoker's as 100): the amounts are written in chips with that
#: many parts each (``0.5``, ``0.25``), and the reader counts in them again.
CHIP_SCALE_FIELD = "pokerengine_chip_scale"
#: The extension field of a hand whose antes are what was matched, the rest of a larger ante having come back
#: (PHH's ``_antes_matched = true``, the PokerStars reader's): ``true``, read back as the field.
ANTES_MATCHED_FIELD = "pokerengine_antes_matched"
#: The extension field of a hand whose antes count like any other contribution (PHH's
#: ``ante_trimming_status = true``, which a site's reader writes where the site builds its side pots with
#: the antes as ordinary chips: PartyPoker): ``true``, read back as the field.
ANTE_TRIMMING_FIELD = "pokerengine_ante_trimming"
#: The extension field of a double-board hand (PHH's ``_second_board``, the PokerNow reader's: two boards
#: dealt street by street, each pot divided between them): the second board's cards, as ``cards`` are
#: written; the rounds give the first board.
SECOND_BOARD_FIELD = "pokerengine_second_board"


def write_ohh(hand: SiteHand | HandHistory, pot_rakes: Sequence[int] | None = None) -> dict[str, Any]:
    """``hand`` as an OHH object, ``{"ohh": {...}}``; amounts are ``int`` (chips) or :class:`Decimal`
    (a currency's major units, from cents).

    A :class:`HandHistory` gets its pots from the engine's settlement (with the rake its user fields
    give; none when the showdown cannot be settled); a :class:`SiteHand` its own collected amounts
    and rake: each pot's rake from ``pot_rakes`` (minor units, main pot first: what
    :func:`~pokerengine.replay.site_check.check_site` drew), else the hand's own ``pot_rakes``, else the total
    on the main pot and no ``rake`` on the others.  Hole cards ``????`` of board games are left out,
    as the spec does for cards not seen.

    >>> from pokerengine.phh import loads
    >>> h = loads('''variant = "NT"
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... min_bet = 2
    ... starting_stacks = [100, 100]
    ... actions = ["d dh p1 AsKd", "d dh p2 QhQc", "p2 f"]''')
    >>> o = write_ohh(h)["ohh"]
    >>> [(a["player_id"], a["action"], a.get("amount")) for a in o["rounds"][0]["actions"]]
    [(1, 'Post SB', 1), (0, 'Post BB', 2), (0, 'Dealt Cards', None), (1, 'Dealt Cards', None), (1, 'Fold', None)]
    >>> o["pots"]
    [{'number': 0, 'amount': 2, 'rake': 0, 'player_wins': [{'player_id': 0, 'win_amount': 2}]}]
    """
    if isinstance(hand, SiteHand):
        history = hand.history
        site: SiteHand | None = hand
    elif isinstance(hand, HandHistory):
        history, site = hand, None
        if pot_rakes is not None:
            raise PokerEngineError("write_ohh: pot_rakes is for a SiteHand (a HandHistory's rake is its "
                                   "_rake or _pot_rakes user field)")
    else:
        raise PokerEngineError(f"write_ohh takes a SiteHand or a HandHistory, got {shown(hand)}")
    rakes = None
    if pot_rakes is not None:
        if isinstance(pot_rakes, (str, bytes)) or not isinstance(pot_rakes, Sequence) or len(pot_rakes) > 64:
            raise PokerEngineError(f"write_ohh: pot_rakes must be a sequence of at most 64 amounts, got "
                                   f"{shown(pot_rakes)}")
        rakes = tuple(chips(x, "pot_rakes", error=PokerEngineError) for x in pot_rakes)
    return {"ohh": _Writer(history, site, rakes).ohh()}


class _Writer:
    def __init__(self, history: HandHistory, site: SiteHand | None, rakes: tuple[int, ...] | None):
        self.h, self.site, self.rakes = history, site, rakes
        self.written: tuple[int | None, int] = (None, 0)  # the rake and the total the pots carry (a site's hand)
        code = history.variant
        try:
            self.game, self.bet_type, self.extended = names_of(code)
        except HistoryParseError as exc:
            raise HistoryParseError(f"{history.label}: {exc}") from None
        self.variant = VARIANTS[code]
        if "_chip_unit" in history.user_fields:
            raise HistoryParseError(f"{history.label}: OHH has no form for _chip_unit yet")
        self.runs = history.run_count
        self.owed = 0  # a short blind's full amount (FULL_BLIND_FIELD), found by rounds()
        if self.variant.fixed and history.big_bet != 2 * (history.small_bet or 0):
            raise HistoryParseError(f"{history.label}: OHH has one bet size (big_blind_amount); a big bet other "
                                    "than twice the small bet has no form")
        currency = history.currency
        tournament = bool(history.user_fields.get("_tournament", False))
        self.scale = 100 if not tournament and currency is not None and _ISO.match(currency) else 1
        self.tournament = tournament
        chip_scale = history.user_fields.get("_chip_scale", 1)
        if type(chip_scale) is not int or not 1 <= chip_scale <= 10**6 or chip_scale > 1 and self.scale != 1:
            raise HistoryParseError(f"{history.label}: _chip_scale must be a whole number of parts of a chip from 1 "
                                    f"to 1,000,000 in a hand counted in chips, got {shown(chip_scale)}")
        self.chip_scale = chip_scale
        if chip_scale > 1:
            self.scale = chip_scale

    def amount(self, x: int | float) -> int | Decimal:
        if type(x) is not int:
            raise HistoryParseError(f"{self.h.label}: OHH is written from whole minor units, got {shown(x)}")
        if self.scale == 1:
            return x
        if self.scale == 100:
            return Decimal(x).scaleb(-2, context=_EXACT)
        return _EXACT.divide(Decimal(x), Decimal(self.scale))  # a chip's parts (_chip_scale): exact when it
        # divides a power of ten (2, 4, 5, 100...); any other scale rounds, which the reader refuses as finer

    def ints(self, values: object, what: str, count: int | None = None) -> list[int]:
        if not isinstance(values, (list, tuple)) or (count is not None and len(values) != count):
            each = "" if count is None else f" one amount per player ({count})"
            raise HistoryParseError(f"{self.h.label}: {what} must list{each or ' amounts'}, got {shown(values)}")
        out = []
        for x in values:
            if type(x) is not int:
                raise HistoryParseError(f"{self.h.label}: OHH is written from whole minor units; {what} has "
                                        f"{shown(x)}")
            out.append(x)
        return out

    def ohh(self) -> dict[str, Any]:
        h = self.h
        n = h.player_count
        stud = self.variant.kind == "stud"
        seats = h.seats or tuple(range(1, n + 1))
        names = h.players or tuple(f"p{k + 1}" for k in range(n))
        antes = self.ints(h.antes or (0,) * n, "antes")
        blinds = self.ints(h.blinds_or_straddles or (0,) * n, "blinds_or_straddles")
        posts = self.ints(h.user_fields.get("_posts", (0,) * n), "_posts", n)  # a user field: any TOML value
        self.ints(h.starting_stacks, "starting_stacks")
        if n == 2:
            antes.reverse()
            blinds.reverse()
            posts.reverse()
        big = h.small_bet if h.small_bet is not None else h.min_bet
        out: dict[str, Any] = {"spec_version": "1.4.7", "internal_version": "pokerengine", "site_name": "pokerengine",
                               "network_name": "pokerengine"}
        if h.hand is not None:
            out["game_number"] = str(h.hand)
        if h.year is not None and h.month is not None and h.day is not None:
            t = h.time if isinstance(h.time, datetime.time) else datetime.time()
            out["start_date_utc"] = datetime.datetime(h.year, h.month, h.day, t.hour, t.minute, t.second).isoformat()
        if h.table is not None:
            out["table_name"] = str(h.table)
        out["game_type"] = self.game
        if self.extended:
            out[VARIANT_FIELD] = h.variant
        out["bet_limit"] = {"bet_type": self.bet_type, "bet_cap": 0}
        if h.seat_count is not None:
            out["table_size"] = h.seat_count
        if h.currency is not None:
            out["currency"] = h.currency
        out["tournament"] = self.tournament
        out["dealer_seat"] = seats[-1]
        sb = 1 if n == 2 else 0
        if stud:  # (a pokerengine convention: the spec has no bring-in field)
            out["small_blind_amount"] = self.amount(h.bring_in if h.bring_in is not None else 0)
        else:
            out["small_blind_amount"] = self.amount(blinds[sb] - posts[sb])
        out["big_blind_amount"] = self.amount(big if big is not None else max(blinds))
        out["ante_amount"] = self.amount(max(antes) if antes else 0)
        if self.runs > 1:
            out["flags"] = ["Run_It_Twice"]
        out["players"] = [{"id": k, "seat": seats[k], "name": names[k], "starting_stack": self.amount(s)}
                          for k, s in enumerate(h.starting_stacks)]
        out["rounds"] = self.rounds(antes, [0] * n if stud else blinds, posts)
        if self.owed:  # whose blind or straddle it is: the last of the largest posted
            at = max((k for k in range(n) if blinds[k] == self.owed), key=lambda k: (k - sb) % n)
            out[FULL_BLIND_FIELD] = {"player_id": at, "amount": self.amount(self.owed)}
        if self.chip_scale > 1:
            out[CHIP_SCALE_FIELD] = self.chip_scale
        if h.user_fields.get("_antes_matched") is True:
            out[ANTES_MATCHED_FIELD] = True
        if h.ante_trimming_status:
            out[ANTE_TRIMMING_FIELD] = True
        second = h.user_fields.get("_second_board")
        if type(second) is str:
            out[SECOND_BOARD_FIELD] = [second[k:k + 2] for k in range(0, len(second), 2)]
        out["pots"] = self.pots()
        if self.site is not None:  # what else the site's file stated (formats/ohh_stated.py)

            stated = stated_fields(self.site, self.amount, self.written[0], self.written[1])
            if stated is not None:
                out[STATED_FIELD] = stated
        return out

    def board_streets(self, count: int) -> list[int]:
        """The street (1 flop, 2 turn, 3 river) of each of ``count`` board deals: the first run's, then
        each further run's from the street the runs began at."""
        streets = [k for k, s in enumerate(self.variant.streets) if s.board]  # (Courchevel: pre-flop too, 0)
        last = len(streets)
        r = self.runs
        if r == 1:
            if count > last:
                raise HistoryParseError(f"{self.h.label}: {count} board deals, more than the {last} streets of "
                                        f"{self.variant.name}")
            return streets[:count]
        common, odd = divmod(last * r - count, r - 1)
        if odd or not 0 <= common < last:
            raise HistoryParseError(f"{self.h.label}: {count} board deals do not make {r} runs of the board")
        return streets + streets[common:] * (r - 1)

    def rounds(self, antes: list[int], blinds: list[int], posts: list[int]) -> list[dict[str, Any]]:
        h = self.h
        v = self.variant
        kind = v.kind
        names = street_names(v)
        n = h.player_count
        rounds: list[dict[str, Any]] = []
        acts: list[dict[str, Any]] = []
        number = 0

        def add(pid: int, verb: str, amount: int | None = None, cards: Sequence[str] | None = None,
                allin: bool = False) -> None:
            nonlocal number
            number += 1
            a: dict[str, Any] = {"action_number": number, "player_id": pid, "action": verb}
            if amount is not None:
                a["amount"] = self.amount(amount)
            if cards is not None:
                a["cards"] = list(cards)
            if allin:
                a["is_allin"] = True
            acts.append(a)

        def begin_street(name: str, cards: list[str] | None = None) -> None:
            nonlocal acts
            acts = []
            r: dict[str, Any] = {"id": len(rounds), "street": name}
            if cards is not None:
                r["cards"] = cards
            r["actions"] = acts
            rounds.append(r)

        begin_street(names[0])
        left = self.ints(h.starting_stacks, "starting_stacks")
        bets = [0] * n
        # What is posted: what is due, or the rest of a short stack (PHH gives what is due; the live
        # engine writes antes as posted, a short big blind's ante after its blind).
        for k in range(n):
            ante = min(antes[k], left[k])
            if ante:
                add(k, "Post Ante", ante, allin=ante == left[k])
                left[k] -= ante
        sb, bb = (1, 0) if n == 2 else (0, 1)  # heads-up the button (p2) posts the small blind
        for k in [sb, bb, *range(2, n)]:
            live = min(blinds[k] - posts[k], left[k])
            post = min(posts[k], left[k] - live)
            if live:
                add(k, "Post SB" if k == sb else "Post BB" if k == bb else "Straddle", live,
                    allin=live == left[k])
            if post:
                add(k, "Post Extra Blind", post, allin=live + post == left[k])
            left[k] -= live + post
            bets[k] += live + post
        # a short blind's full amount, owed while another live player could bet it (pokerengine/rules.py)
        self.owed = full_blind(blinds, bets) if h.user_fields.get("_full_blind") is True and kind != "stud" else 0
        folded = [False] * n
        street = 0
        parsed = [parse_action(text) for text in h.actions]
        dealing = ("db",) if kind == "board" else ("dh", "sd")
        last_deal = max((i for i, a in enumerate(parsed) if a.verb in dealing), default=-1)
        boards = self.board_streets(sum(a.verb == "db" for a in parsed))
        held: list[list[int | None]] = [[] for _ in range(n)]  # stud and draw: the cards each player holds
        dealt: set[int] = set()  # stud: dealt this street
        drew: set[int] = set()  # draw: drew in this round
        betting = True  # draw: a betting action came after the last draw
        for i, (text, act) in enumerate(zip(h.actions, parsed)):
            verb = act.verb
            if verb == "noop":
                continue
            if verb == "dh":
                k = (act.target or 1) - 1
                cards = act.cards or ()
                if kind == "board":
                    if cards and None not in cards:
                        add(k, "Dealt Cards", cards=[_text(c) for c in cards])
                    continue
                if kind == "stud" and k in dealt:  # the first card of the next street
                    street += 1
                    begin_street(_name(names, street, h))
                    bets = [0] * n
                    dealt.clear()
                dealt.add(k)
                held[k].extend(cards)
                if kind == "stud" or any(c is not None for c in cards):  # (draw: cards not seen are left out)
                    add(k, "Dealt Cards", cards=[_text_or_unknown(c) for c in cards])
                continue
            if verb == "db":
                if kind != "board" or not boards:
                    raise HistoryParseError(f"{h.label}: action {shown(text)} has no OHH round")
                street = boards.pop(0)
                if not street:  # Courchevel: the first flop card, dealt with the hole cards
                    rounds[0]["cards"] = [_text(c) for c in act.cards or ()]
                    continue
                begin_street(names[street], [_text(c) for c in act.cards or ()])
                bets = [0] * n
                continue
            k = act.actor - 1
            if verb == "sd":
                if betting or k in drew:
                    street += 1
                    begin_street(_name(names, street, h))
                    bets = [0] * n
                    drew.clear()
                    betting = False
                drew.add(k)
                if act.cards:
                    add(k, "Discards Cards", cards=[_text_or_unknown(c) for c in act.cards])
                    for c in act.cards:
                        if c in held[k]:
                            held[k].remove(c)
                        elif None in held[k]:
                            held[k].remove(None)
                else:
                    add(k, "Stands Pat")
                continue
            if verb == "sm":
                if i > last_deal and rounds[-1]["street"] != "Showdown":  # (cards shown before the board
                    # is complete, all in, stay in their round)
                    begin_street("Showdown")
                if act.cards is None and not act.shows_dealt:
                    add(k, "Mucks Cards")
                else:
                    add(k, "Shows Cards", cards=[_text(c) for c in act.cards] if act.cards else
                        self.dealt(k, held[k]))
                continue
            betting = True
            if verb == "pb":
                put = min(self.ints((h.bring_in or 0,), "bring_in")[0], left[k])
                bets[k] += put
                left[k] -= put
                add(k, "Post Bring In", put, allin=left[k] == 0)
            elif verb == "f":
                folded[k] = True
                add(k, "Fold")
            elif verb == "cc":
                top = max(bets)
                if self.owed > top and street == 0:
                    top = owed_top(self.owed, k, bets, left, folded)
                due = min(top - bets[k], left[k])
                if due:
                    bets[k] += due
                    left[k] -= due
                    add(k, "Call", due, allin=left[k] == 0)
                else:
                    add(k, "Check")
            elif verb == "cbr":
                to = amount(act.amount or "0")
                if type(to) is not int:
                    raise HistoryParseError(f"{h.label}: OHH is written from whole minor units, got {shown(text)}")
                put = to - bets[k]
                kind_ = "Raise" if max(bets) > 0 else "Bet"
                bets[k] = to
                left[k] -= put
                add(k, kind_, put, allin=left[k] == 0)
            else:
                raise HistoryParseError(f"{h.label}: action {shown(text)} has no OHH form yet")
        return rounds

    def split(self, collected: tuple[Collected, ...], rakes: tuple[int, ...]) -> tuple[Collected, ...]:
        """A site's collected lines that name no pot (PokerStars' "collected ... from pot" of a hand with
        several pots), divided into the pots as the engine settles them with ``rakes``, when the engine
        pays each player what the file says in all; else the lines as they are (on the main pot)."""

        try:
            outcome = interpret(self.h)
            trim = self.h.ante_trimming_status
            pots = pots_of(outcome, ante_trimming=trim)
            if len(pots) != len(rakes) or any(r > p for r, p in zip(rakes, pots)):
                return collected
            settlement = settle_drawn(outcome, rakes, sum(rakes), ante_trimming=trim)
        except PokerEngineError:
            return collected
        names = self.h.players or tuple(f"p{k + 1}" for k in range(self.h.player_count))
        lines = tuple(Collected(names[seat - 1], j, x) for j, pot in enumerate(settlement.pots)
                      for seat, x in sorted(pot.shares.items()) if x)
        totals: dict[str, int] = {}
        for c in collected:
            totals[c.player] = totals.get(c.player, 0) + c.amount
        engine: dict[str, int] = {}
        for c in lines:
            engine[c.player] = engine.get(c.player, 0) + c.amount
        return lines if engine == totals else collected

    def dealt(self, k: int, held: list[int | None]) -> list[str]:
        """The cards player ``k`` shows by ``sm -``: a board game's hole cards, a stud or draw game's
        cards held."""
        if self.variant.kind != "board":
            if None in held or not held:
                raise HistoryParseError(f"{self.h.label}: p{k + 1} shows cards that were not all dealt known")
            return [_text(c) for c in held]
        for text in self.h.actions:
            act = parse_action(text)
            if act.verb == "dh" and act.target == k + 1 and act.cards and None not in act.cards:
                return [_text(c) for c in act.cards]
        return []

    def pots(self) -> list[dict[str, Any]]:
        if self.site is not None:
            ids = {name: k for k, name in enumerate(self.h.players or ())}
            by_pot: dict[int, list[Collected]] = {}
            rakes = self.rakes if self.rakes is not None else self.site.pot_rakes
            collected = self.site.collected
            if rakes is not None and len(rakes) > 1 and any(c.pot is None for c in collected):
                collected = self.split(collected, rakes)
            for c in collected:
                by_pot.setdefault(c.pot or 0, []).append(c)
            if rakes is not None:
                for j in range(len(rakes)):
                    by_pot.setdefault(j, [])
            out = []
            for j in sorted(by_pot):
                if rakes is not None:  # (a negative rake on none: the file's is stated, ohh_stated.py)
                    rake: int | None = max(0, rakes[j]) if j < len(rakes) else 0
                else:  # the total on the main pot (a negative one on none); the other pots' rake is not known
                    rake = max(0, self.site.rake or 0) if j == 0 else None
                wins = [{"player_id": ids.get(c.player, -1), "win_amount": self.amount(c.amount)} for c in by_pot[j]]
                total = sum(c.amount for c in by_pot[j]) + (rake or 0)
                pot: dict[str, Any] = {"number": j, "amount": self.amount(total)}
                if rake is not None:
                    pot["rake"] = self.amount(rake)
                pot["player_wins"] = wins
                out.append(pot)
                carried, written = self.written
                self.written = ((carried or 0) + (rake or 0), written + total)
            return out
        try:
            settlement = settle_record(self.h)
        except PokerEngineError:
            return []
        return [{"number": j, "amount": self.amount(p.amount), "rake": self.amount(p.rake),
                 "player_wins": [{"player_id": seat - 1, "win_amount": self.amount(x)}
                                 for seat, x in sorted(p.shares.items()) if x]}
                for j, p in enumerate(settlement.pots)]


def _name(names: tuple[str, ...], street: int, h: HandHistory) -> str:
    if street >= len(names):
        raise HistoryParseError(f"{h.label}: more rounds than {h.variant} has ({len(names)})")
    return names[street]


def _text(card: int | None) -> str:

    if card is None:
        raise HistoryParseError("an unknown card has no OHH form")
    return card_text(card)


def _text_or_unknown(card: int | None) -> str:
    return UNKNOWN if card is None else _text(card)


def dumps_ohh(hand: SiteHand | HandHistory | Mapping[str, Any], *, indent: int | None = 2,
              pot_rakes: Sequence[int] | None = None) -> str:
    """OHH JSON text of a hand (or of an object :func:`write_ohh` made); decimals written exactly.
    ``pot_rakes``: as :func:`write_ohh` takes it.

    >>> dumps_ohh({"ohh": {"amount": Decimal("0.50"), "ok": True}}, indent=None)
    '{"ohh": {"amount": 0.50, "ok": true}}'
    """
    obj = hand if isinstance(hand, Mapping) else write_ohh(hand, pot_rakes)
    parts: list[str] = []
    _dump(obj, parts, indent, 0)
    return "".join(parts)


def dumps_ohh_lines(hands: Sequence[SiteHand | HandHistory]) -> str:
    """The JSON-lines form: one hand's OHH object a line."""
    return "".join(dumps_ohh(h, indent=None) + "\n" for h in hands)


def _dump(value: Any, parts: list[str], indent: int | None, level: int) -> None:
    if isinstance(value, Decimal):
        parts.append(str(value))
    elif value is True or value is False or value is None or type(value) in (int, str):
        parts.append(json.dumps(value))
    elif isinstance(value, Mapping) or isinstance(value, (list, tuple)):
        items = list(value.items()) if isinstance(value, Mapping) else list(value)
        open_, close = ("{", "}") if isinstance(value, Mapping) else ("[", "]")
        if not items:
            parts.append(open_ + close)
            return
        pad = "" if indent is None else "\n" + " " * (indent * (level + 1))
        end = "" if indent is None else "\n" + " " * (indent * level)
        parts.append(open_)
        for i, item in enumerate(items):
            parts.append(("," if i else "") + (pad if indent is not None else (" " if i else "")))
            if isinstance(value, Mapping):
                parts.append(json.dumps(str(item[0])) + ": ")
                _dump(item[1], parts, indent, level + 1)
            else:
                _dump(item, parts, indent, level + 1)
        parts.append(end + close)
    else:
        raise PokerEngineError(f"cannot write {type(value).__name__} as OHH JSON")
