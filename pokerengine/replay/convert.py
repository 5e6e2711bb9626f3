"""Convert hand histories between formats: PokerStars text and OHH to PHH, PHH and PokerStars to OHH.

A site's hand (:class:`~.site.SiteHand`) becomes a PHH record that replays to what the site paid:
the record's ``finishing_stacks`` and ``winnings`` are the file's (each player's stack less what
they put in, plus the uncalled bet handed back, plus what they collected), and the rake the site
took goes in two user fields, ``_rake`` (the total, minor units) and ``_pot_rakes`` (each pot's, main
pot first, as :func:`~.site.check` draws it), which :func:`~.settling.replay_hand` draws from the
pots before it pays them.  So ``pokerengine replay`` of the converted file says ``matched`` exactly
where :func:`~.site.check` of the original says so (and ``mismatched`` or ``undeterminable``
where it does).

>>> from pokerengine.formats.pokerstars import parse_pokerstars
>>> from pokerengine.replay.hand_replay import replay_hand
>>> text = '''PokerStars Hand #7:  Hold'em No Limit ($0.01/$0.02 USD) - 2020/04/16 13:54:25 ET
... Table 'Demo' 6-max Seat #3 is the button
... Seat 1: ann ($1 in chips)
... Seat 2: bob ($0.40 in chips)
... Seat 3: cy ($2 in chips)
... ann: posts small blind $0.01
... bob: posts big blind $0.02
... *** HOLE CARDS ***
... cy: raises $0.04 to $0.06
... ann: calls $0.05
... bob: raises $0.34 to $0.40 and is all-in
... cy: calls $0.34
... ann: folds
... *** FLOP *** [2c 7d 9h]
... *** TURN *** [2c 7d 9h] [Ts]
... *** RIVER *** [2c 7d 9h Ts] [3c]
... *** SHOW DOWN ***
... bob: shows [Ks Kd] (a pair of Kings)
... cy: mucks hand
... bob collected $0.83 from pot
... *** SUMMARY ***
... Total pot $0.86 | Rake $0.03
... Board [2c 7d 9h Ts 3c]
... Seat 1: ann (small blind) folded before Flop
... Seat 2: bob (big blind) showed [Ks Kd] and won ($0.83) with a pair of Kings
... Seat 3: cy (button) mucked'''
>>> [hand] = parse_pokerstars(text)
>>> record = site_to_phh(hand)
>>> record.finishing_stacks, record.winnings, dict(record.user_fields)
((94, 83, 160), (0, 83, 0), {'_rake': 3, '_pot_rakes': (3,)})
>>> replay_hand(record).status
'matched'

Limits: those of the readers (``docs/histories.md``) and of :func:`~.site.check`; the conversion
itself is linear in the hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from operator import sub
from typing import TYPE_CHECKING, Any, Literal, overload

import attrs

from ..errors import HistoryParseError, PokerEngineError
from ..formats import detect, site_hands
from ..formats.blocks import HandError
from ..formats.ohh import dumps_ohh_lines, read_ohh
from ..formats.sitehand import LAST_SHOWN, Collected, SiteHand
from ..live import from_history as play
from ..live.interpreter import interpret
from ..live.settling import POT_RAKES, RAKE, pots_of, seats_of, uncalled_full_blind
from ..phh.reader import _hand, dumps, dumps_all, loads, tables
from ..phh.record import HandHistory
from ..pots import layers_of
from .hand_replay import FILE_RAKE, HandReplay, replay_hand
from .oddchips import BY_SITE_ORDER, NOT_BY_SITE_ORDER, order_of
from .shares import SURCHARGED, UNEVEN, rule_used
from .site_check import check_site
from .stated import (
    NOT_KNOWN,
    ODD_CHIPS,
    SPLIT_SHARES,
    STATED,
    STATED_RAKE,
    SUMMARY_WON,
    SURCHARGED_WINNERS,
    TOTAL_POT,
)
from .status import MATCHED, MISMATCHED, SPLIT_CHIP

if TYPE_CHECKING:
    from ..formats.blocks import HandError

#: The formats ``convert`` writes.
TARGETS = ("phh", "ohh")


def _uncalled(hand: SiteHand) -> list[int]:
    """Each player's uncalled bet handed back: the file's when it says, else the engine's."""
    if hand.returned is not None:
        return list(hand.returned)
    outcome = interpret(hand.history)
    seats = seats_of(outcome, hand.history.ante_trimming_status)[0]

    refunds = layers_of(seats, 0)[1]
    back = [0] * hand.history.player_count
    for seat, amount in refunds.items():
        back[seat - 1] += amount
    return back


def site_to_phh(hand: SiteHand) -> HandHistory:
    """``hand``'s PHH record with what the site paid: ``finishing_stacks``, ``winnings`` and the rake
    (``_rake``, ``_pot_rakes``), so that replaying it compares the engine with the site.

    The rake is the one :func:`~.site.check` takes: the site's rule where one is known (PokerStars'
    3.5% at $0.01/$0.02), else the file's; where the file's rake differs, it is written too
    (``_file_rake``), so a hand whose file's rake breaks the rule replays ``mismatched``, as its check
    says, even when the collected amounts agree with the rule.  ``_pot_rakes`` is written when that rake was drawn pot by pot
    (:attr:`~.site.SiteCheck.pot_rakes`); otherwise ``_rake`` alone (drawn in proportion on replay).
    A player the file does not name as collecting gets 0.  Raises what :func:`~.site.check` raises
    for a hand that cannot be played.
    """
    history = hand.history
    result = check_site(hand)
    names = history.players or tuple(f"p{i + 1}" for i in range(history.player_count))
    index = {name: i for i, name in enumerate(names)}
    won = [0] * len(names)
    for c in hand.collected:
        if c.player not in index:
            raise HistoryParseError(f"{hand.where}: {c.player!r} collects but is not in the hand")
        won[index[c.player]] += c.amount
    outcome = interpret(history)
    back = _uncalled(hand)
    excess = uncalled_full_blind(outcome, history)
    if excess and hand.returned is not None:  # a full blind's part nobody matched, which the engine never took
        engine = _uncalled(attrs.evolve(hand, returned=None))
        for i, x in excess.items():
            if back[i] == engine[i] + x:
                back[i] -= x
    finishing = [s + b + w for s, b, w in zip(map(sub, outcome.starting, outcome.contributed), back, won)]
    user: dict[str, Any] = {k: v for k, v in history.user_fields.items()
                            if k not in (RAKE, POT_RAKES, FILE_RAKE) and k not in STATED}
    rake = result.rake_got if result.rake_got is not None else hand.rake
    pots = sum(pots_of(outcome, ante_trimming=history.ante_trimming_status))
    if rake is not None and not 0 <= rake <= pots:  # a rake no pot can give: stated and compared, never drawn
        user[STATED_RAKE] = hand.rake if hand.rake is not None else rake
        rake = None
    elif hand.rake is not None and hand.rake != (rake or 0):  # the file's own rake breaks the rule: the verdict
        user[FILE_RAKE if 0 <= hand.rake <= pots else STATED_RAKE] = hand.rake  # survives conversion
    if hand.total_pot is not None and hand.total_pot != pots:
        user[TOTAL_POT] = hand.total_pot
    if hand.stated is not None:
        said = {c.player: c.amount for c in hand.stated}
        summary = [said.get(name, 0) for name in names]
        if summary != won:  # the record contradicts itself: both statements kept
            user[SUMMARY_WON] = tuple(summary)
    if result.status == SPLIT_CHIP:  # the site's odd-chip rule is not known
        user[SPLIT_SHARES if result.message.startswith(f"{hand.where}: {UNEVEN}") else ODD_CHIPS] = NOT_KNOWN
    elif result.status == MATCHED and result.message.startswith(BY_SITE_ORDER) \
            or result.status == MISMATCHED and NOT_BY_SITE_ORDER in result.message:  # the site's odd-chip order
        user[ODD_CHIPS] = order_of(hand)
    elif result.status == MATCHED and result.message.startswith(SURCHARGED):  # PokerStars' surcharged winners
        user[SPLIT_SHARES] = SURCHARGED_WINNERS
    if rake:
        user[RAKE] = rake
        if result.pot_rakes is not None and sum(result.pot_rakes) == rake:
            user[POT_RAKES] = tuple(result.pot_rakes)
    return attrs.evolve(history, finishing_stacks=tuple(finishing), winnings=tuple(won), user_fields=user)


def phh_to_site(history: HandHistory, index: int = 0, replayed: HandReplay | None = None) -> SiteHand:
    """A PHH record as a :class:`~.site.SiteHand` (for the OHH writer): the engine's settlement, with
    the record's ``_rake``/``_pot_rakes`` drawn, gives each pot's collected amounts and rake.

    A record the engine does not match (its finishing stacks, or what else it states: :mod:`.stated`)
    keeps what it says instead, so that its OHH checks to the record's verdict: what each player got
    back (his finishing stack less what the actions left him) is his uncalled chips as far as the
    engine hands them back, the rest collected; the file's rake, total pot, summary and split-pot rules go where the site
    hand keeps them.  (Whole chips only: a record with fractional amounts is written as settled.)"""
    if replayed is None:
        replayed = replay_hand(history)
    settlement = replayed.settlement
    names = history.players or tuple(f"p{i + 1}" for i in range(history.player_count))
    history = attrs.evolve(history, players=names)  # the writer names each pot's winners
    collected = tuple(Collected(names[seat - 1], k, share) for k, pot in enumerate(settlement.pots)
                      for seat, share in sorted(pot.shares.items()) if share)
    rakes: tuple[int, ...] | None = tuple(p.rake for p in settlement.pots)
    site = SiteHand("phh", None if history.hand is None else str(history.hand), index, history, collected,
                    settlement.rake, sum(p.amount for p in settlement.pots), history.source, pot_rakes=rakes)
    finishing = history.finishing_stacks
    if replayed.status == MATCHED or replayed.outcome.scale != 1 or finishing is None \
            or any(type(x) is not int for x in finishing):
        return site
    outcome = replayed.outcome
    back = [int(f) - (s - c) for f, s, c in zip(finishing, outcome.starting, outcome.contributed)]
    if any(x < 0 for x in back):
        return site  # the record leaves a player less than his actions did: not expressible
    paid = [max(0, x - settlement.refunds.get(i + 1, 0)) for i, x in enumerate(back)]
    returned = tuple(x - y for x, y in zip(back, paid))
    user = history.user_fields
    rake = user.get(STATED_RAKE, user.get(FILE_RAKE, settlement.rake))
    won = user.get(SUMMARY_WON)
    return attrs.evolve(
        site, collected=tuple(Collected(names[i], None, x) for i, x in enumerate(paid) if x), returned=returned,
        pot_rakes=None if rake != settlement.rake else site.pot_rakes, rake=rake,
        total_pot=user.get(TOTAL_POT, site.total_pot),
        stated=tuple(Collected(n, None, x) for n, x in zip(names, won)) if isinstance(won, list) else None,
        split_shares=user.get(SPLIT_SHARES), odd_chips=user.get(ODD_CHIPS) if user.get(ODD_CHIPS) == LAST_SHOWN else None)


def with_pot_rakes(hand: SiteHand) -> SiteHand:
    """``hand`` with each pot's rake as :func:`~.site.check` draws it, and, when the file gives only
    each player's total and the engine's settlement agrees with it, each pot's winners as settled:
    what the OHH writer needs to write the rake and the wins pot by pot; and the split pots' rule the
    check's verdict was given by (:func:`~.shares.rule_used`: ``split_shares``, written in
    ``pokerengine_stated``), and the order of its odd chips (``odd_chips``: :func:`.oddchips.order_of`).  A hand that does not settle or match is returned as it is (with that rule)."""
    try:
        result = check_site(hand)
    except PokerEngineError:
        return hand
    rule = rule_used(hand, result)
    if rule is not None:
        hand = attrs.evolve(hand, split_shares=rule)
    if result.status == MATCHED and result.message.startswith(BY_SITE_ORDER) \
            or result.status == MISMATCHED and NOT_BY_SITE_ORDER in result.message:  # the site's odd-chip order
        hand = attrs.evolve(hand, odd_chips=order_of(hand))
    if result.status != "matched" or result.pot_rakes is None or hand.odd_chips is not None:
        return hand  # (a pot paid by the site's odd-chip order: not the engine's winners)
    if hand.rake is not None and sum(result.pot_rakes) != hand.rake:
        return hand
    if any(c.pot is None for c in hand.collected):
        engine = phh_to_site(site_to_phh(hand), hand.index)
        if len(engine.pot_rakes or ()) == len(result.pot_rakes):
            return attrs.evolve(hand, collected=engine.collected, pot_rakes=engine.pot_rakes)
        return hand
    return attrs.evolve(hand, pot_rakes=result.pot_rakes)


def convert_text(text: str, to: str, *, source: str | None = None, fmt: str | None = None) -> str:
    """Every hand of ``text`` (PHH, a ``.phhs`` file, PokerStars text or OHH; ``fmt`` or detected)
    written in format ``to`` (``"phh"``: one record, or a ``.phhs`` text of several; ``"ohh"``: JSON
    lines).  All or nothing: the first hand that cannot be converted raises its error, naming it."""
    return write_hands(list(read_hands(text, source=source, fmt=fmt)), to)


@attrs.frozen
class Converted:
    """One file's hands converted hand by hand: ``text`` holds every hand that converts (``""`` when
    none does), ``hands`` how many (``kept``: those hands, as read); ``errors`` one message per hand
    left out (naming the file and the hand: one its reader cannot read, or one that does not convert;
    the hands after it are read on), and a last one when the file could not be read to its end (the
    hands before it are kept)."""

    text: str
    hands: int
    errors: tuple[str, ...]
    kept: tuple[SiteHand | HandHistory, ...] = attrs.field(default=(), repr=False)


def convert_hands(text: str, to: str, *, source: str | None = None, fmt: str | None = None) -> Converted:
    """Convert ``text``'s hands one by one (see :func:`convert_text`): a hand that cannot be read,
    played, settled or written, or whose written form its reader would refuse, is left out with its
    error; the rest are written.

    >>> bad = 'variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n' \\
    ...       'starting_stacks = [100, 100]\\nactions = ["d dh p1 ????", "d dh p2 ????", "p1 f", "p2 f"]'
    >>> c = convert_hands(bad, "phh", source="bad.phh")
    >>> c.hands, c.text, len(c.errors)
    (0, '', 1)
    """

    if to not in TARGETS:
        raise HistoryParseError(f"cannot convert to {to!r}: the formats are {', '.join(TARGETS)}")
    good: list[SiteHand | HandHistory] = []
    errors: list[str] = []
    where = source or "<text>"
    try:
        for hand in read_hands(text, source=source, fmt=fmt, errors=True):
            if isinstance(hand, HandError):  # (a hand its reader cannot read: left out, the file goes on)
                errors.append(str(hand))
                continue
            try:
                _round_trip(hand, to)
            except PokerEngineError as exc:
                name = hand.where if isinstance(hand, SiteHand) else hand.label
                message = str(exc)
                errors.append(message if message.startswith(name) else f"{name}: {message}")
                continue
            good.append(hand)
    except PokerEngineError as exc:
        message = str(exc)
        errors.append(message if message.startswith(where) else f"{where}: {message}")
    return Converted(write_hands(good, to) if good else "", len(good), tuple(errors), tuple(good))


def _round_trip(hand: SiteHand | HandHistory, to: str) -> None:
    """Raise what converting ``hand`` alone would raise, or reading back what it writes, or playing its
    actions (as far as they go: an unfinished record converts as it is)."""

    written = write_hands([hand], to)
    if to == "phh":

        play(loads(written), complete=False)
    else:

        for back in read_ohh(written):
            play(back.history, complete=False)


def write_hands(hands: list[SiteHand | HandHistory], to: str) -> str:
    """``hands`` as text in format ``to`` (see :func:`convert_text`)."""
    if to not in TARGETS:
        raise HistoryParseError(f"cannot convert to {to!r}: the formats are {', '.join(TARGETS)}")
    if to == "phh":

        records = [h if isinstance(h, HandHistory) else site_to_phh(h) for h in hands]
        if len(records) == 1:
            return dumps(records[0])
        return dumps_all(attrs.evolve(r, key=_key(r, k)) for k, r in enumerate(records))

    return dumps_ohh_lines([with_pot_rakes(h) if isinstance(h, SiteHand) else _phh_for_ohh(h, k)
                            for k, h in enumerate(hands)])


def _key(record: HandHistory, k: int) -> str:
    """A ``.phhs`` table name: the hand's id (a site's), else its key, else its number."""
    if record.hand is not None:
        return str(record.hand)
    return record.key if record.key is not None else str(k + 1)


def _phh_for_ohh(history: HandHistory, k: int) -> SiteHand | HandHistory:
    """What the OHH writer takes for a PHH record: the record itself, or, where it states a rake, a
    number beyond its stacks (:mod:`.stated`) or stacks the engine does not match, its site hand
    (:func:`phh_to_site`), so that the OHH keeps what the record says."""
    user = history.user_fields
    if RAKE in user or POT_RAKES in user or not STATED.isdisjoint(user) or FILE_RAKE in user:
        return phh_to_site(history, k)
    if history.finishing_stacks is not None:
        try:
            replayed = replay_hand(history)
        except PokerEngineError:
            return history  # (the writer names the record's fault)
        if replayed.status != MATCHED:
            return phh_to_site(history, k, replayed)
    return history


@overload
def read_hands(text: str, *, source: str | None = None, fmt: str | None = None,
               errors: Literal[False] = False) -> Iterator[SiteHand | HandHistory]: ...
@overload
def read_hands(text: str, *, source: str | None = None, fmt: str | None = None,
               errors: bool) -> Iterator[SiteHand | HandHistory | HandError]: ...
def read_hands(text: str, *, source: str | None = None, fmt: str | None = None,
               errors: bool = False) -> Iterator[SiteHand | HandHistory | HandError]:
    """The hands of a file's text: PHH records, or a site's hands (detected by content unless ``fmt``);
    with ``errors=True`` a site's hand that cannot be read is given as its
    :class:`~pokerengine.formats.blocks.HandError` and the hands after it are read
    (:func:`pokerengine.formats.site_hands`)."""

    if fmt is None:
        fmt = "phhs" if source is not None and source.endswith(".phhs") else detect(text)
    if fmt is None:
        raise HistoryParseError(f"{source or '<text>'}: not a hand history: neither PHH nor a site's format "
                                "(docs/histories.md)")
    if fmt == "phh" and text.lstrip("\ufeff \t\r\n").startswith("["):  # a .phhs text under another name
        fmt = "phhs"
    if fmt == "phhs":
        for name, table in tables(text, source=source):
            yield _hand(name, table, source)
    elif fmt == "phh":
        yield loads(text, source=source)
    else:
        yield from site_hands(text, fmt, source=source, errors=errors)
