"""What a tournament clock shows, as JSON: a pure function of a tournament's events and the time.

:func:`clock_view` turns a :class:`~pokerengine.tournament.Tournament` (replayed from its events)
and a wall-clock time ``now`` (whole seconds since 1970, UTC) into the object the clock page
(:mod:`pokerengine.tournament.serve`) draws: the level in force with its blinds and ante, the
seconds left in it, the next level, breaks, a paused clock, players left of the entrants, the
average stack, the prize pool and its payouts, and the seats.

Which level it shows: the level the log has in force, unless the clock (its start, pauses and
resumes, also in the log) has run past it, in which case the level the clock has reached -- the
one :meth:`~pokerengine.tournament.Director.tick` would log next, by the same rule: the clock
never moves the level back.  So the page shows the right level even before the director's next
tick, and a level set by hand (:meth:`~pokerengine.tournament.Director.set_level`) until the clock
passes it.  The seconds left are those until the end of that period by the clock; ``None`` before
the clock starts, in the last level (it goes on until the end), or on a break the structure does
not have (one set by hand).  While paused, the seconds left stand still.

>>> from pokerengine.tournament import EquityConfig, Tournament
>>> from pokerengine.tournament.events import ClockChange, Entrant, LevelChange, DirectorSetup, Start
>>> from pokerengine.tournament.structure import Break, Level, Structure
>>> s = Structure((Level(25, 50, minutes=20), Break(10), Level(50, 100, ante=10, minutes=20)), name="Sunday")
>>> t = Tournament(equity=EquityConfig.off())
>>> _ = t.apply(Start((700, 300), [Entrant("ann", 5000, "1", 1), Entrant("bob", 3000, "1", 2),
...                                Entrant("cat", 2000, "1", 3)], False, DirectorSetup(s, 9, "2a")))
>>> _ = t.apply(ClockChange("start", 1_000_000))
>>> v = clock_view(t, 1_000_000 + 19 * 60)
>>> v["level"], v["on_break"], v["seconds_left"], v["blinds"], v["next"]["level"], v["next"]["break_before"]
(1, False, 60, {'small_blind': 25, 'big_blind': 50, 'ante': 0, 'big_blind_ante': 0}, 2, 10)
>>> v = clock_view(t, 1_000_000 + 21 * 60)            # the director has not ticked yet: the clock has
>>> v["level"], v["on_break"], v["seconds_left"]      # reached the break, so the page shows it
(2, True, 540)
>>> v["players_left"], v["entrants"], v["average_stack"], v["pool"], v["payouts"][0]
(3, 3, 3333, 1000, {'place': 1, 'prize': 700, 'players': []})
>>> _ = t.apply(ClockChange("pause", 1_000_000 + 25 * 60))
>>> v = clock_view(t, 1_000_000 + 99 * 60)
>>> v["paused"], v["seconds_left"]
(True, 300)

Limits: time linear in the players and the paid places (the payouts and seats shown are cut at
:data:`MAX_ROWS` rows each, with the count of those left out), and in the structure's periods.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._checks import shown
from ..errors import TournamentError
from .machine import Tournament
from .structure import Break, Level, Structure

MAX_ROWS = 2000
"""Most payout rows and most seated players the view lists (the rest are counted, not listed)."""

VIEW_VERSION = 1
"""The version of the view's JSON shape (``"version"`` in it); fields are only ever added."""


def _blinds(level: Level) -> dict[str, int]:
    return {"small_blind": level.small_blind, "big_blind": level.big_blind, "ante": level.ante,
            "big_blind_ante": level.big_blind_ante}


def _period_index(structure: Structure, level: int, on_break: bool) -> int | None:
    """The index in ``structure.periods`` of level ``level`` (or of the break just before it); ``None``
    for a break the structure does not have there."""
    seen = 0
    periods = structure.periods
    for i, p in enumerate(periods):
        if isinstance(p, Level):
            seen += 1
            if seen == min(level, len(structure.levels)):
                if not on_break:
                    return i
                return i - 1 if i > 0 and isinstance(periods[i - 1], Break) else None
    return None  # pragma: no cover - every level number up to the last is found


def _position(structure: Structure, t: Tournament, elapsed: int | None) -> tuple[int, bool]:
    """The level shown: the log's, or the clock's where the clock has run past it (never back)."""
    logged = (t.level if t.level is not None else 1, t.on_break)
    if elapsed is None:
        return logged
    by_clock = structure.level_at(elapsed)
    # A break comes before the level it leads to: (2, on a break) is earlier than (2, playing).
    return max(logged, by_clock, key=lambda pos: (pos[0], not pos[1]))


def _ends(structure: Structure) -> list[int]:
    ends, total = [], 0
    for p in structure.periods:
        total += p.minutes * 60
        ends.append(total)
    return ends


def _clock_part(t: Tournament, structure: Structure | None, now: int) -> dict[str, Any]:
    clock = t.clock
    started = clock.started is not None
    elapsed = clock.elapsed(now) if started else None
    out: dict[str, Any] = {
        "clock_started": started,
        "paused": clock.paused_at is not None,
        "elapsed": elapsed,
        "level": t.level,
        "on_break": t.on_break,
        "seconds_left": None,
        "period_seconds": None,
        "blinds": None,
        "next": None,
        "next_break_in": None,
        "levels": 0,
    }
    if structure is None:
        return out
    level, on_break = _position(structure, t, elapsed)
    out.update(level=level, on_break=on_break, levels=len(structure.levels),
               blinds=_blinds(structure.level(level)))
    periods = structure.periods
    index = _period_index(structure, level, on_break)
    ends = _ends(structure)
    if index is not None:
        out["period_seconds"] = periods[index].minutes * 60
        if elapsed is not None and index < len(periods) - 1:
            out["seconds_left"] = max(0, ends[index] - elapsed)
    # The next level: after a break, the level it leads to; after a level, the next one (and the
    # break before it, if any).
    if on_break:
        nxt = level if level <= len(structure.levels) else None
        before = 0
    elif level < len(structure.levels):
        nxt = level + 1
        follow = periods[index + 1] if index is not None and index + 1 < len(periods) else None
        before = follow.minutes if isinstance(follow, Break) else 0
    else:
        nxt, before = None, 0
    if nxt is not None:
        out["next"] = {"level": nxt, **_blinds(structure.level(nxt)), "minutes": structure.level(nxt).minutes,
                       "break_before": before}
    if elapsed is not None and index is not None:
        start_of = [end - p.minutes * 60 for end, p in zip(ends, periods)]
        later = [start_of[i] for i in range(index + 1, len(periods)) if isinstance(periods[i], Break)]
        if later:
            out["next_break_in"] = max(0, later[0] - elapsed)
    return out


def _table_key(name: str | None) -> tuple[int, int, str]:
    if name is None:
        return (2, 0, "")
    return (0, int(name), "") if name.isdigit() and len(name) < 10 else (1, 0, name)


def _seats(t: Tournament) -> tuple[list[dict[str, Any]], int]:
    stacks = t.stacks
    away = set(t.away)
    players = t.remaining
    tables: dict[str | None, list[dict[str, Any]]] = {}
    for p in players[:MAX_ROWS]:
        table, seat = t.seat_of(p)
        tables.setdefault(table, []).append({"seat": seat, "player": p, "chips": stacks[p], "away": p in away})
    out = []
    for name in sorted(tables, key=_table_key):
        rows = sorted(tables[name], key=lambda r: (r["seat"] is None, r["seat"] or 0, r["player"]))
        out.append({"table": name, "players": rows})
    return out, max(0, len(players) - MAX_ROWS)


def _payouts(t: Tournament) -> tuple[list[dict[str, Any]], int]:
    prizes = t.prizes
    paid = [i for i, p in enumerate(prizes) if p > 0]
    places = len(paid)
    shown_places = min(places, MAX_ROWS)
    who: dict[int, list[str]] = {}
    for s in t.standings():
        for place in range(s.best, min(s.worst, shown_places) + 1):
            who.setdefault(place, []).append(s.player if s.entry == 1 else f"{s.player} (entry {s.entry})")
    rows = [{"place": i + 1, "prize": prizes[i], "players": who.get(i + 1, [])} for i in range(shown_places)]
    return rows, places - shown_places


def clock_view(t: Tournament, now: int, *, name: str = "") -> dict[str, Any]:
    """The clock page's state at wall-clock time ``now`` (whole seconds since 1970, UTC).

    A dict of JSON values (integers for chips and money, ``None`` where a value is unknown):
    ``version``, ``name``, ``status``, ``events``, ``now``; the clock: ``clock_started``,
    ``paused``, ``elapsed`` (seconds the clock has run), ``level``, ``levels``, ``on_break``,
    ``seconds_left``, ``period_seconds``, ``blinds`` (``small_blind``, ``big_blind``, ``ante``,
    ``big_blind_ante`` of the level in force, on a break of the level after it), ``next`` (the
    next level's blinds, ``minutes`` and ``break_before``, the minutes of a break before it),
    ``next_break_in`` (seconds until the next break); the field: ``players_left``, ``entrants``,
    ``chips_in_play``, ``average_stack`` (whole chips, rounded down), ``hand_for_hand``,
    ``tables``; the money: ``pool``, ``payouts`` (``place``, ``prize``, ``players`` who finished
    there, ties listed at each place they share) and ``payouts_more``; ``seats`` (per table, its
    ``players`` with ``seat``, ``player``, ``chips``, ``away``) and ``seats_more``; ``winners``
    once finished.
    """
    if not isinstance(t, Tournament):
        raise TournamentError(f"clock_view takes a Tournament, got {type(t).__name__}")
    if type(now) is not int or now < 0:
        raise TournamentError(f"now must be whole seconds since 1970, got {shown(now)}")
    if type(name) is not str:
        raise TournamentError(f"name must be a string, got {shown(name)}")
    setup = t.setup
    structure: Structure | None = setup.structure if setup is not None else None
    players = t.remaining
    chips = t.chips_in_play if players else 0
    seats, seats_more = _seats(t)
    payouts, payouts_more = _payouts(t)
    view: dict[str, Any] = {
        "version": VIEW_VERSION,
        "name": name or (structure.name if structure is not None else ""),
        "status": t.status,
        "events": len(t.events),
        "now": now,
        **_clock_part(t, structure, now),
        "players_left": len(players),
        "entrants": t.field,
        "chips_in_play": chips,
        "average_stack": chips // len(players) if players else None,
        "hand_for_hand": t.status == "hand_for_hand",
        "tables": sum(1 for table in seats if table["table"] is not None),
        "pool": t.pool,
        "payouts": payouts,
        "payouts_more": payouts_more,
        "seats": seats,
        "seats_more": seats_more,
        "winners": [s.player for s in t.standings() if s.best == 1] if t.status == "finished" else [],
    }
    return view


def steady(view: Mapping[str, Any]) -> dict[str, Any]:
    """The view without what changes by itself as time passes (``now``, ``elapsed``, ``seconds_left``,
    ``next_break_in``): two views with the same steady part differ only in the countdown, which the
    page runs on its own between updates."""
    return {k: v for k, v in view.items() if k not in ("now", "elapsed", "seconds_left", "next_break_in")}
