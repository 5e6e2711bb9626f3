"""Equity charts: the data behind each picture as plain frozen values, and the drawing.

Two charts, one per command:

* :func:`tournament_chart` / :func:`plot_tournament` (``pokerengine tournament
  LOG --plot FILE.png``): each player's ICM (and DCM) equity after every bust,
  over the tournament.
* :func:`equity_bars` / :func:`plot_equity` (``pokerengine equity ... --plot
  FILE.png``): chip share of the prize pool next to each model's equity, per
  player.

The data is computed without matplotlib; only the drawing needs it (the
``plot`` extra: ``pip install "pokerengine-exact[plot]"``).  It is imported
when a chart is drawn, never with this module, and draws with the Agg
(file-only) canvas: no window opens and no global backend is changed.
Without matplotlib, drawing raises :class:`~pokerengine.errors.ChartError`
naming the extra.

>>> from pokerengine.tournament import EquityConfig, Tournament
>>> t = Tournament(equity=EquityConfig.off())
>>> _ = t.start([700, 300], {"ann": 5000, "bob": 3000, "cat": 2000})
>>> _ = t.hand("A", {"ann": 7000, "cat": 0})
>>> _ = t.hand("A", {"ann": 10000, "bob": 0})
>>> chart = tournament_chart(t, dcm_seconds=None)
>>> [(p.kind, p.out, p.players) for p in chart.points]
[('start', 0, ('ann', 'bob', 'cat')), ('bust', 1, ('ann', 'bob')), ('bust', 2, ())]
>>> [round(e, 2) for e in chart.points[1].icm]  # float ok: shown rounded
[580.0, 420.0]

(Heads-up with 7000/3000 chips for prizes 700/300: 300 + 400 x the chip share.)


>>> [(line.player, line.icm[-1]) for line in chart.lines]  # every line ends at the prize won
[('ann', 700.0), ('bob', 300.0), ('cat', 0.0)]
"""

from __future__ import annotations

import argparse
import importlib
import os
import time
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from ._checks import shown
from ._plot import check_path, figure_classes, ready, save_png
from .errors import ChartError
from .models import estimate
from .tournament import Deal, End, EquityConfig, Tournament
from .tournament.equity import check_seconds

if TYPE_CHECKING:
    from .models import Equities
    from .tournament import Event

MAX_PLAYERS = 100
"""The most players (lines, or groups of bars) one chart shows: more would not be readable."""

DEFAULT_PLAYERS = 30
"""The tournament chart's default cap: its first point is taken once at most this many are in play."""

DCM_TOTAL_SECONDS = 60.0
"""The default budget of all the DCM runs of one tournament chart together."""

DCM_MAX_PLAYERS = 30
"""DCM is never tried with more players in play: its estimate alone is then over an hour, the longest budget."""

# ------------------------------------------------------------------ data
@attrs.frozen
class Point:
    """One moment of the tournament chart.

    ``after``: events accepted when it was taken; ``out``: entries out so far
    (the field less the players in play, or at the finish the players left at
    the end); ``kind``: ``"start"`` (play began, registration closed),
    ``"bust"``, ``"deal"`` or ``"end"``.  ``players``/``stacks`` are those in
    play (none once finished); ``icm``/``dcm`` their equities in prize units
    (money locked by a partial deal included; ``None`` for a model that did
    not run, ``notes`` says why).  ``pool_left`` is what the equities add up
    to: the prizes of the places still open plus the locked money.
    """

    after: int
    out: int
    kind: str
    players: tuple[str, ...]
    stacks: tuple[int, ...]
    icm: tuple[float, ...] | None
    dcm: tuple[float, ...] | None
    pool_left: int
    notes: tuple[str, ...] = ()


@attrs.frozen
class Line:
    """One player's line: a value per point from the first point until they are out.

    ``x`` are the points' ``out`` values.  While the player is in play the
    value is their equity (``None`` where the model did not run); at the point
    where they are out it is their prize (``prize``; ``None`` if still in at the
    last point), and the line stops there.
    """

    player: str
    x: tuple[int, ...]
    icm: tuple[float | None, ...]
    dcm: tuple[float | None, ...]
    prize: int | None


@attrs.frozen
class TournamentChart:
    """The data behind the tournament chart: the points, and one line per player in at the first point."""

    field: int
    pool: int
    status: str
    max_players: int
    points: tuple[Point, ...]
    lines: tuple[Line, ...]


@attrs.frozen
class EquityBars:
    """The data behind the equity chart: per player, chip share of the pool and each model's equity.

    ``series`` is ``(name, values)`` pairs, ``"chips"`` first (stack / total
    chips x pool), then one per model, in prize units (floats).
    """

    stacks: tuple[int, ...]
    prizes: tuple[float, ...]
    pool: float
    series: tuple[tuple[str, tuple[float, ...]], ...]


def _max_players(value: object) -> int:
    if type(value) is not int or not 2 <= value <= MAX_PLAYERS:
        raise ChartError(f"a chart shows from 2 to {MAX_PLAYERS} players, got {shown(value)}")
    return value


def players_option(text: str) -> int:
    """argparse type of ``--plot-players``: an integer from 2 to :data:`MAX_PLAYERS`."""
    value = int(text) if text.isascii() and text.isdigit() and len(text) <= 4 else -1
    if not 2 <= value <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(f"must be an integer from 2 to {MAX_PLAYERS}, got {shown(text)}")
    return value


def _events(source: Tournament | Iterable[Event]) -> Iterable[Event]:
    return source.events if isinstance(source, Tournament) else source


def tournament_chart(
    source: Tournament | Iterable[Event],
    *,
    max_players: int = DEFAULT_PLAYERS,
    dcm_seconds: float | None = 2.0,
    dcm_total: float = DCM_TOTAL_SECONDS,
    icm_seconds: float = 10.0,
) -> TournamentChart:
    """Replay ``source`` (a tournament's events) and take a point after every bust.

    Points: one when play begins with registration closed (the start, or the
    close of registration), then one after every event that busted someone,
    made a deal, or ended the tournament; but only once at most
    ``max_players`` (2 to :data:`MAX_PLAYERS`) are in play and registration
    is closed.  The lines are the players in play at the first point.

    Limits: the replay takes time and memory linear in the events (as
    :meth:`Tournament.replay <pokerengine.tournament.Tournament.replay>`); a
    logged deal is applied with its amounts, a deal line without amounts is
    worked out within ``dcm_seconds`` (10 s if ``None``) or refused.  Each ICM
    run is bounded by ``icm_seconds`` (a few milliseconds for 100 players);
    each DCM run by ``dcm_seconds`` (``None``: no DCM) and all of them
    together by ``dcm_total`` (budgets are seconds above 0, at most 3,600).
    DCM is not started where :func:`pokerengine.models.estimate` puts it over
    its budget (above about 11 players for 2 s; never above
    :data:`DCM_MAX_PLAYERS`), and after it fails with *n* players in play it
    is tried again once at most *n* - max(1, *n* // 8) are (as the
    tournament's own snapshots do).  Points: at most ``max_players`` plus the
    deals; memory beyond the replay: a value per player and point.

    Raises :class:`~pokerengine.errors.ChartError` for a bad ``max_players``,
    and :class:`~pokerengine.errors.TournamentError` for a bad budget or an
    event the rules refuse.
    """
    cap = _max_players(max_players)
    if dcm_seconds is not None:
        dcm_seconds = check_seconds(dcm_seconds, "dcm_seconds")
    dcm_total = check_seconds(dcm_total, "dcm_total")
    config = EquityConfig(icm_field=0, dcm_seconds=None, deal_dcm_seconds=dcm_seconds if dcm_seconds else 10.0,
                          icm_seconds=icm_seconds)
    t = Tournament(equity=config)
    points: list[Point] = []
    dcm_left = dcm_total if dcm_seconds else 0.0
    retry_below: int | None = None
    for event in _events(source):
        began = t.status in ("new", "registering")
        result = t.apply(event)
        if t.status in ("new", "registering"):
            continue
        kind = ("start" if began else "bust" if result.busted else "deal" if isinstance(event, Deal)
                else "end" if isinstance(event, End) else "")
        if not kind or len(t.stacks) > cap:
            continue
        players = t.remaining
        n = len(players)
        if n == 0:  # finished: every line ends at its prize
            points.append(Point(len(t.events), t.field - len(t.stacks), kind, (), (), (),
                                () if dcm_seconds else None, 0))
            continue
        budget = min(dcm_seconds or 1.0, dcm_left)
        try_dcm = n > 1 and dcm_seconds is not None and dcm_left > 0 and (retry_below is None or n <= retry_below)
        skipped = _dcm_too_slow(n, t.open_prizes(), budget) if try_dcm else None
        try_dcm = try_dcm and skipped is None
        began_at = time.monotonic()
        snap = t.equity(icm=True, dcm=try_dcm, dcm_seconds=budget if try_dcm else None)
        if try_dcm:
            dcm_left -= time.monotonic() - began_at
            retry_below = None if snap.dcm is not None else n - max(1, n // 8)
        pool_left = sum(snap.prizes) + sum(snap.locked)
        points.append(Point(len(t.events), t.field - len(t.stacks), kind, snap.players, snap.stacks,
                            snap.icm, snap.dcm if try_dcm else None, pool_left,
                            snap.notes + ((skipped,) if skipped else ())))
    return TournamentChart(t.field, t.pool, t.status, cap, tuple(points), _lines(t, points))


def _dcm_too_slow(players: int, prizes: Sequence[int], budget: float) -> str | None:
    """Why DCM is not run at a point (its estimated time is over ``budget``), or ``None`` to run it."""
    paid = sum(1 for p in prizes if p)
    if paid == 0:
        return None
    if players > DCM_MAX_PLAYERS:  # not even estimated: that alone takes 0.1 s for 100 players
        return f"dcm: not run: more than {DCM_MAX_PLAYERS} players ({players})"
    cost = estimate("dcm", players, paid)
    if cost.seconds <= budget:
        return None
    return f"dcm: not run: {players} players are estimated at {cost.seconds:.3g} s, over the {budget:.3g} s budget"


def _lines(t: Tournament, points: Sequence[Point]) -> tuple[Line, ...]:
    """One line per player in play at the first point (at a finish without a bust: those left at the end)."""
    if not points:
        return ()
    first = points[0]
    lines = []
    for player in first.players or tuple(t.stacks):
        standing = t.standing(player)
        prize = None if standing is None else standing.prize
        x: list[int] = []
        icm: list[float | None] = []
        dcm: list[float | None] = []
        out = False
        for p in points:
            x.append(p.out)
            if player in p.players:
                i = p.players.index(player)
                icm.append(None if p.icm is None else p.icm[i])
                dcm.append(None if p.dcm is None else p.dcm[i])
                continue
            out = True
            value = None if prize is None else float(prize)  # float ok: a prize drawn next to equities
            icm.append(value)
            dcm.append(value)
            break
        lines.append(Line(player, tuple(x), tuple(icm), tuple(dcm), prize if out else None))
    return tuple(lines)


def equity_bars(results: Sequence[Equities]) -> EquityBars:
    """The chip shares and the models' equities of ``results`` (model runs on one field), for a bar chart.

    >>> from pokerengine.models import icm
    >>> bars = equity_bars([icm([5000, 3000, 2000], [700, 300])])
    >>> [(name, [round(v, 2) for v in values]) for name, values in bars.series]  # float ok: shown rounded
    [('chips', [500.0, 300.0, 200.0]), ('icm', [451.79, 322.5, 225.71])]

    (bob: 700 x 0.3 + 300 x (0.5 x 3/5 + 0.2 x 3/8) = 210 + 112.5.)
    """
    if not results:
        raise ChartError("no model results to draw")
    first = results[0]
    if not 1 <= first.players <= MAX_PLAYERS:
        raise ChartError(f"an equity chart shows at most {MAX_PLAYERS} players, got {first.players}")
    if any(r.stacks != first.stacks or r.prizes != first.prizes for r in results):
        raise ChartError("the model results are for different fields")
    pool = float(first.pool)  # float ok: drawn, never paid
    total = sum(first.stacks)
    chips = tuple(pool * s / total for s in first.stacks)
    series = (("chips", chips),) + tuple(
        (r.model, tuple(float(e) for e in r.equity)) for r in results  # float ok: drawn, never paid
    )
    return EquityBars(first.stacks, tuple(float(p) for p in first.prizes), pool, series)  # float ok: drawn


# --------------------------------------------------------------- drawing
def _label(text: str, width: int = 24) -> str:
    """A player id as a legend label: printable, short, no mathtext (``$``)."""
    clean = "".join(c if c.isprintable() else "?" for c in text[: width + 1])
    if len(clean) > width:
        clean = clean[: width - 3] + "..."
    return clean.replace("$", r"\$")


def _money(value: float, _pos: object = None) -> str:
    """A money amount (or an axis tick) with thousands separators; cents only on small amounts that need them."""
    return f"{value:,.0f}" if abs(value) >= 100 or value == int(value) else f"{value:,.2f}"


def _legend_order(chart: TournamentChart) -> list[Line]:
    """The lines in finishing order: prize winners and the players out by place, those still in first by chips."""
    last = chart.points[-1]
    chips = dict(zip(last.players, last.stacks))
    rank = {line.player: k for k, line in enumerate(chart.lines)}

    def key(line: Line) -> tuple[int, int, int]:
        if line.prize is None:
            return (0, -chips.get(line.player, 0), rank[line.player])
        return (1, -len(line.x), -line.prize)  # out later first; a tie for the same point: bigger prize first

    return sorted(chart.lines, key=key)


def draw_tournament(chart: TournamentChart, path: str | os.PathLike[str]) -> int:
    """Draw ``chart`` as a PNG at ``path``; return its size in bytes.

    One colour per player: ICM solid, DCM dashed; a line ends with a cross at
    the prize the player won, at the point where they are out.  Raises
    :class:`~pokerengine.errors.ChartError` when there is no point (the field
    never got down to ``max_players``), matplotlib is missing, or the file
    cannot be written.
    """
    name = check_path(path)
    if not chart.points:
        raise ChartError(f"nothing to draw: the tournament never had at most {chart.max_players} players in play"
                         " with registration closed")
    figure, canvas = figure_classes()
    fig = figure(figsize=(11, 6.5))
    ax = fig.add_subplot()
    cmap = importlib.import_module("matplotlib").colormaps["tab20" if len(chart.lines) > 10 else "tab10"]
    colours = [cmap(i % cmap.N) for i in range(len(chart.lines))]
    any_dcm = False
    dots = len(chart.points) <= 40  # a dot per point, while there is room for them
    for line, colour in zip(_legend_order(chart), colours):
        xs_icm = [(x, v) for x, v in zip(line.x, line.icm) if v is not None]
        if xs_icm:
            label = _label(line.player) + ("" if line.prize is None else f": {_money(line.prize)}")
            ax.plot([x for x, _ in xs_icm], [v for _, v in xs_icm], color=colour, marker="o" if dots else None,
                    markersize=3, linewidth=1.6, label=label)
        xs_dcm = [(x, v) for x, v in zip(line.x, line.dcm) if v is not None]
        if any(p.dcm is not None for p in chart.points if line.player in p.players) and xs_dcm:
            any_dcm = True
            ax.plot([x for x, _ in xs_dcm], [v for _, v in xs_dcm], color=colour, linestyle="--", linewidth=1.0)
        if line.prize is not None:
            ax.plot([line.x[-1]], [line.prize], color=colour, marker="x", markersize=8, markeredgewidth=2)
    for p in chart.points:
        if p.kind == "deal":
            ax.axvline(p.out, color="grey", linestyle=":", linewidth=1)
            ax.annotate("deal", (p.out, 1), xycoords=("data", "axes fraction"), ha="left", va="top",
                        fontsize=8, color="grey")
    start = chart.points[0]
    shown_players = len(chart.lines)
    title = f"Equity after each bust: {chart.field:,} entries, prize pool {chart.pool:,}"
    if shown_players < chart.field:
        title += f"\n(the {shown_players} players in play at the first point, once at most {chart.max_players} were left)"
    ax.set_title(title, fontsize=11)
    ax.set_xlabel(f"players out (of {chart.field:,} entries)")
    ax.set_ylabel("equity (prize units)")
    ticker = importlib.import_module("matplotlib.ticker")
    ax.yaxis.set_major_formatter(ticker.FuncFormatter(_money))
    ax.xaxis.set_major_locator(ticker.MaxNLocator(integer=True))
    ax.set_xlim(start.out - 0.3, max(p.out for p in chart.points) + 0.3)
    top = max([v for line in chart.lines for v in line.icm + line.dcm if v is not None] or [1.0])
    ax.set_ylim(-0.02 * top, 1.05 * top)  # crosses at 0 stay whole
    ax.grid(True, alpha=0.3)
    key = "ICM solid" + (", DCM dashed" if any_dcm else "") + "; \u00d7 = finished, at the prize won (legend: the prize)"
    ax.text(0.0, -0.12, key, transform=ax.transAxes, fontsize=9, va="top")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, ncol=-(-shown_players // 24),
              frameon=False, title="player")
    return save_png(fig, canvas, name)


def draw_equity(bars: EquityBars, path: str | os.PathLike[str]) -> int:
    """Draw ``bars`` as grouped bars (chip share, then each model) per player at ``path``; return its size in bytes."""
    name = check_path(path)
    figure, canvas = figure_classes()
    n = len(bars.stacks)
    fig = figure(figsize=(min(16.0, max(7.0, 0.9 * n + 3)), 5.5))
    ax = fig.add_subplot()
    groups = len(bars.series)
    width = 0.8 / groups
    names = {"chips": "chip share of the pool", "icm": "ICM", "dcm": "DCM", "mw": "Malmuth-Weitzman",
             "roberts": "Roberts", "mc": "ICM (Monte Carlo)"}
    for k, (model, values) in enumerate(bars.series):
        xs = [i + (k - (groups - 1) / 2) * width for i in range(n)]
        ax.bar(xs, values, width=width, label=names.get(model, model),
               color="lightgrey" if model == "chips" else None, edgecolor="dimgrey" if model == "chips" else None)
    ax.set_xticks(range(n))
    ax.set_xticklabels([f"{i + 1}\n{s:,}" for i, s in enumerate(bars.stacks)], fontsize=8 if n > 12 else 9)
    ax.set_xlabel("player (stack in chips)")
    ax.set_ylabel("equity (prize units)")
    ticker = importlib.import_module("matplotlib.ticker")
    ax.yaxis.set_major_formatter(ticker.FuncFormatter(_money))
    paid = " / ".join(_money(p) for p in bars.prizes[:6]) + (" / ..." if len(bars.prizes) > 6 else "")
    models = " vs ".join(names.get(m, m) for m, _ in bars.series[1:])
    ax.set_title(f"{models} vs chip share: {n} players, prizes {paid or 'none'} (pool {_money(bars.pool)})",
                 fontsize=11)
    ax.grid(True, axis="y", alpha=0.3)
    ax.legend(fontsize=9, frameon=False)
    return save_png(fig, canvas, name)


def plot_tournament(source: Tournament | Iterable[Event], path: str | os.PathLike[str], **options: Any) -> TournamentChart:
    """:func:`tournament_chart` (``options`` are its keywords) drawn at ``path`` by :func:`draw_tournament`.

    The path and matplotlib are checked first, before any model runs.
    """
    check_path(path)
    figure_classes()
    chart = tournament_chart(source, **options)
    draw_tournament(chart, path)
    return chart


def plot_equity(results: Sequence[Equities], path: str | os.PathLike[str]) -> EquityBars:
    """:func:`equity_bars` of ``results`` drawn at ``path`` by :func:`draw_equity`."""
    bars = equity_bars(results)
    draw_equity(bars, path)
    return bars


__all__ = [
    "DCM_MAX_PLAYERS", "DCM_TOTAL_SECONDS", "DEFAULT_PLAYERS", "MAX_PLAYERS", "EquityBars", "Line", "Point",
    "TournamentChart", "check_path", "draw_equity", "draw_tournament", "equity_bars", "players_option", "plot_equity",
    "plot_tournament", "ready", "tournament_chart",
]
