"""Equity charts (``pokerengine.charts``): the data behind the pictures, the PNGs, and ``--plot`` at the CLI."""

from __future__ import annotations

import importlib.util
import json
import math
import os
import pathlib
import random
import sys
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_tournament_support import FakeEquities, icm_oracle

from pokerengine import charts
from pokerengine.charts import (
    draw_equity,
    draw_tournament,
    equity_bars,
    plot_tournament,
    tournament_chart,
)
from pokerengine.cli import main
from pokerengine.errors import ChartError, TournamentError
from pokerengine.models import dcm, icm
from pokerengine.tournament import EquityConfig, Tournament

FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "fixtures" / "tournament"
HAVE_MATPLOTLIB = importlib.util.find_spec("matplotlib") is not None
needs_matplotlib = pytest.mark.skipif(
    not HAVE_MATPLOTLIB, reason='matplotlib is not installed (pip install -e ".[plot]" or ".[test]")')
PNG = b"\x89PNG\r\n\x1a\n"
NAMES = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy"]


def three_players() -> Tournament:
    # 5000/3000/2000 chips, prizes 700/300.  cat busts (ann 7000, bob 3000), then bob.
    t = Tournament(equity=EquityConfig.off())
    t.start([700, 300], {"ann": 5000, "bob": 3000, "cat": 2000})
    t.hand("A", {"ann": 7000, "cat": 0})
    t.hand("A", {"ann": 10000, "bob": 0})
    return t


def play(t: Tournament, rng: random.Random, *, deal_at: int | None = None) -> Tournament:
    """Random hands at one table until the tournament finishes (an all-in a quarter of the time)."""
    while t.status != "finished":
        alive = list(t.remaining)
        if deal_at is not None and len(alive) == deal_at:
            prizes = t.open_prizes()  # keep a quarter of what is above everyone's next payout
            keep = (sum(prizes) - len(prizes) * prizes[-1]) // 4
            if keep:
                t.deal("chips", keep=keep)
            deal_at = None
            continue
        a, b = rng.sample(alive, 2)
        stacks = t.stacks
        if rng.random() < 0.25:
            small = min(stacks[a], stacks[b])
            win, lose = (a, b) if rng.random() < stacks[a] / (stacks[a] + stacks[b]) else (b, a)
            t.hand("A", {win: stacks[win] + small, lose: stacks[lose] - small})
        else:
            amount = rng.randint(1, max(1, min(stacks[a], stacks[b]) // 4))
            t.hand("A", {a: stacks[a] + amount, b: stacks[b] - amount})
    return t


def nine_players(seed: int = 7, equity: EquityConfig | None = None) -> Tournament:
    t = Tournament(equity=equity or EquityConfig.off())
    t.start([5000, 3000, 2000], {p: 10000 for p in NAMES})
    return play(t, random.Random(seed))


# ------------------------------------------------------------------ the data
def test_three_players_hand_checked():
    chart = tournament_chart(three_players(), dcm_seconds=2.0)
    start, bust, end = chart.points
    assert (start.kind, start.out, start.after) == ("start", 0, 1)
    # ICM at the start: ann 700 x 0.5 + 300 x (0.3 x 5/7 + 0.2 x 5/8) = 350 + 101.79 = 451.79;
    # bob 210 + 300 x (0.5 x 3/5 + 0.2 x 3/8) = 322.5; cat 140 + 300 x (0.5 x 2/5 + 0.3 x 2/7) = 225.71.
    assert start.icm == pytest.approx([float(e) for e in icm_oracle([5000, 3000, 2000], [700, 300])])
    assert start.icm == pytest.approx([451.7857142857, 322.5, 225.7142857143])
    assert start.dcm == pytest.approx(dcm([5000, 3000, 2000], [700, 300]).equity)
    # After cat's bust, heads-up 7000 v 3000 for 700/300: each gets 300 + 400 x chip share.
    assert (bust.kind, bust.out, bust.players, bust.stacks) == ("bust", 1, ("ann", "bob"), (7000, 3000))
    assert bust.icm == pytest.approx([580.0, 420.0]) and bust.dcm == pytest.approx([580.0, 420.0])
    assert bust.pool_left == 1000
    assert (end.kind, end.out, end.players, end.pool_left) == ("bust", 2, (), 0)
    lines = {line.player: line for line in chart.lines}
    assert lines["cat"].x == (0, 1) and lines["cat"].icm == pytest.approx([225.7142857143, 0.0])
    assert lines["cat"].prize == 0
    assert lines["ann"].x == (0, 1, 2) and lines["ann"].icm == pytest.approx([451.7857142857, 580.0, 700.0])
    assert lines["bob"].dcm[-1] == 300.0 and lines["bob"].prize == 300
    assert (chart.field, chart.pool, chart.status) == (3, 1000, "finished")


def test_points_are_the_tournaments_own_snapshots():
    # The machine's automatic snapshots after each bust (ICM and DCM) are the chart's bust points.
    t = nine_players(equity=EquityConfig(icm_field=100, dcm_seconds=5.0))
    chart = tournament_chart(t, dcm_seconds=5.0)
    busts = [p for p in chart.points if p.kind == "bust" and p.players]
    assert len(t.snapshots) == len(busts) == 7  # 9 players: busts leaving 8, 7, ..., 2
    for snap, point in zip(t.snapshots, busts):
        assert (point.after, point.players, point.stacks) == (snap.after, snap.players, snap.stacks)
        assert point.icm == snap.icm
        assert snap.dcm is not None and point.dcm == snap.dcm


def check_invariants(t: Tournament, chart) -> None:
    """What every chart must satisfy, whatever the tournament."""
    first = chart.points[0]
    assert [line.player for line in chart.lines] == list(first.players or t.stacks)
    assert [p.out for p in chart.points] == sorted(p.out for p in chart.points)
    paid_before = sum(s.prize for s in t.standings() if s.player not in {line.player for line in chart.lines})
    for k, p in enumerate(chart.points):
        if p.players:
            assert p.out == chart.field - len(p.players)
        else:  # only the finish has nobody in play: the players left at the end are not counted out
            assert k == len(chart.points) - 1 and chart.status == "finished"
            assert p.out == chart.field - len(t.stacks)
        if p.icm is not None:
            # The equities add up to the pool left: the prizes still open plus money locked by deals.
            assert math.isclose(sum(p.icm), p.pool_left, rel_tol=1e-9, abs_tol=1e-6)
        if p.dcm is not None:
            assert math.isclose(sum(p.dcm), p.pool_left, rel_tol=1e-6, abs_tol=1e-6)
        # Every line's value at this point (equity in play, prize once out) adds up to the pool less
        # what the players out before the first point took.
        values = [line.icm[k] if k < len(line.x) else float(line.prize) for line in chart.lines]
        if None not in values:
            assert math.isclose(sum(values), chart.pool - paid_before, rel_tol=1e-9, abs_tol=1e-6)
    if chart.status == "finished":
        last = chart.points[-1]
        assert last.players == () and last.pool_left == 0
        prizes = {s.player: s.prize for s in t.standings()}
        for line in chart.lines:  # the last point is the final prizes
            assert line.x[-1] == last.out or line.prize is not None
            assert line.prize == prizes[line.player]
            assert line.icm[-1] == line.dcm[-1] == float(prizes[line.player])


def test_nine_player_invariants_and_final_prizes():
    t = nine_players()
    chart = tournament_chart(t, dcm_seconds=None)
    assert len(chart.points) == 9 and [p.out for p in chart.points] == list(range(9))
    assert all(p.dcm is None for p in chart.points)
    check_invariants(t, chart)
    final = {line.player: line.prize for line in chart.lines}
    assert final == {s.player: s.prize for s in t.standings()}
    assert sorted(final.values(), reverse=True)[:3] == [5000, 3000, 2000]


def test_legend_lists_players_in_finishing_order():
    t = nine_players()
    order = [line.player for line in charts._legend_order(tournament_chart(t, dcm_seconds=None))]
    assert order == [s.player for s in t.standings()]  # ivy, cat, gus, then the players out, last out first
    # Still running: those in play first, by chips, then those out.
    t = Tournament(equity=EquityConfig.off())
    t.start([60, 40], {"ann": 100, "bob": 300, "cat": 200, "dan": 50})
    t.hand("A", {"ann": 150, "dan": 0})
    order = [line.player for line in charts._legend_order(tournament_chart(t, dcm_seconds=None))]
    assert order == ["bob", "cat", "ann", "dan"]


@given(players=st.integers(2, 7), seed=st.integers(0, 2**32), deal=st.booleans(), cap=st.integers(2, 7))
def test_random_tournaments_keep_the_invariants(players, seed, deal, cap):
    rng = random.Random(seed)
    prizes = sorted((rng.randint(0, 1000) for _ in range(rng.randint(1, players))), reverse=True)
    prizes[0] += 1  # a pool of at least 1
    t = Tournament(equity=EquityConfig.off())
    t.start(prizes, {f"p{i}": rng.randint(1, 5000) for i in range(players)})
    play(t, rng, deal_at=rng.randint(2, players) if deal else None)
    chart = tournament_chart(t, dcm_seconds=None, max_players=cap)
    assert chart.points, "a finished tournament always reaches the cap"
    assert len(chart.points[0].players or t.stacks) <= cap
    check_invariants(t, chart)


def test_big_field_starts_at_the_cap():
    # 60 players, at most 10 lines: the first point is the first bust that leaves 10 or fewer.
    rng = random.Random(5)
    t = Tournament(equity=EquityConfig.off())
    t.start([3000, 2000, 1000], {f"p{i:02d}": 1000 for i in range(60)})
    play(t, rng)
    chart = tournament_chart(t, dcm_seconds=None, max_players=10)
    first = chart.points[0]
    assert first.kind == "bust" and len(first.players) <= 10 and len(chart.lines) == len(first.players)
    assert first.out == 60 - len(first.players)
    assert len(chart.points) == len(first.players)  # one per bust after it; a hand busts one player here
    check_invariants(t, chart)


def test_events_may_be_given_instead_of_a_tournament():
    t = three_players()
    assert tournament_chart(list(t.events), dcm_seconds=None) == tournament_chart(t, dcm_seconds=None)


def test_no_point_when_the_field_never_gets_small_enough(tmp_path):
    t = Tournament(equity=EquityConfig.off())
    t.start([100], {p: 100 for p in NAMES[:5]})
    t.end("curfew")  # five players ranked by chips: a point only with a cap of 5 or more
    assert tournament_chart(t, max_players=4).points == ()
    chart = tournament_chart(t, max_players=5, dcm_seconds=None)
    assert [(p.kind, p.out) for p in chart.points] == [("start", 0), ("end", 0)]  # nobody busted
    # The end ranks by chips: five equal stacks tie for 1st-5th and share the 100.
    assert [line.prize for line in chart.lines] == [20, 20, 20, 20, 20]
    assert chart.points[0].icm == (20.0,) * 5 and all(line.icm == (20.0, 20.0) for line in chart.lines)
    with pytest.raises(ChartError, match="never had at most 4 players"):
        draw_tournament(tournament_chart(t, max_players=4), tmp_path / "x.png")


@pytest.mark.parametrize("cap", [1, 101, 2.0, True, "30"])
def test_bad_cap_is_refused(cap):
    with pytest.raises(ChartError, match="from 2 to 100 players"):
        tournament_chart(three_players(), max_players=cap)


def test_an_event_the_rules_refuse_is_a_tournament_error():
    events = list(three_players().events)
    with pytest.raises(TournamentError):
        tournament_chart(events[:1] + events[2:] + events[2:], dcm_seconds=None)


def test_dcm_over_its_budget_is_not_started():
    # 12 players are estimated well over 0.05 s: DCM is skipped, and the point says why.
    t = Tournament(equity=EquityConfig.off())
    t.start([500, 300, 200], {f"p{i:02d}": 1000 + i for i in range(12)})
    t.hand("A", {"p00": 0, "p01": 2001})
    chart = tournament_chart(t, dcm_seconds=0.05)
    assert chart.points[0].dcm is None and chart.points[0].icm is not None
    assert any("dcm: not run: 12 players are estimated" in n for n in chart.points[0].notes)


@pytest.fixture
def fake_dcm(monkeypatch):
    """The real ICM, and a DCM stand-in (chip shares) that times out above ``state["limit"]`` players."""
    from pokerengine.errors import ModelTimeout
    from pokerengine.tournament import equity as equity_module

    calls: list[int] = []
    state = {"limit": 1000}

    def dcm_stand_in(stacks, prizes, *, depth=50, max_seconds=None):
        calls.append(len(stacks))
        if len(stacks) > state["limit"]:
            raise ModelTimeout("dcm did not finish")
        return FakeEquities(tuple(sum(prizes) * s / sum(stacks) for s in stacks))

    monkeypatch.setattr(equity_module, "_models", lambda: (icm, dcm_stand_in))
    return state, calls


def test_dcm_retries_after_a_timeout_as_the_tournament_does(fake_dcm):
    # The stand-in DCM times out above 12 players.  After a timeout with n in play DCM waits until
    # n - max(1, n // 8) are: 20 -> 18, 18 -> 16, 16 -> 14, 14 -> 13, 13 -> 12, which finishes.
    state, calls = fake_dcm
    state["limit"] = 12
    t = Tournament(equity=EquityConfig.off())
    t.start([500, 300, 200], {f"p{i:02d}": 1000 + i for i in range(20)})
    play(t, random.Random(2))
    chart = tournament_chart(t, dcm_seconds=3600.0, dcm_total=3600.0)  # over the estimates: DCM is tried
    assert calls == [20, 18, 16, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]
    assert [len(p.players) for p in chart.points if p.dcm is not None] == list(range(12, 1, -1)) + [0]


def test_dcm_runs_share_one_total_budget(fake_dcm, monkeypatch):
    # A clock that moves 1 s each time the chart reads it: every DCM run "takes" 1 s.  With 2.5 s in
    # all, the runs at 5, 4 and 3 players take it all (2.5 -> 1.5 -> 0.5 -> -0.5); 2 players get none.
    _, calls = fake_dcm
    clock = iter(range(1000))
    monkeypatch.setattr(charts, "time", type("Clock", (), {"monotonic": staticmethod(lambda: next(clock))}))
    t = Tournament(equity=EquityConfig.off())
    t.start([500, 300, 200], {f"p{i}": 1000 + i for i in range(5)})
    play(t, random.Random(3))
    chart = tournament_chart(t, dcm_seconds=2.0, dcm_total=2.5)
    assert calls == [5, 4, 3]
    assert [p.dcm is not None for p in chart.points] == [True, True, True, False, True]  # the finish: ()


def test_equity_bars_values():
    e_icm, e_dcm = icm([42000, 31000, 18500, 12000], [5000, 3000, 2000]), dcm([42000, 31000, 18500, 12000], [5000, 3000, 2000])
    bars = equity_bars([e_icm, e_dcm])
    names = [name for name, _ in bars.series]
    assert names == ["chips", "icm", "dcm"] and bars.pool == 10000.0
    # Chip share of the pool: 42000 / 103500 x 10000 = 4057.97...
    assert bars.series[0][1] == pytest.approx([10000 * s / 103500 for s in (42000, 31000, 18500, 12000)])
    assert bars.series[1][1] == tuple(e_icm.equity) and bars.series[2][1] == tuple(e_dcm.equity)
    for _, values in bars.series:
        assert sum(values) == pytest.approx(10000.0)


def test_equity_bars_take_exact_equities():
    bars = equity_bars([icm([50, 30, 20], [Fraction(100, 3)], exact=True)])
    assert bars.prizes == (pytest.approx(33.333333333),)
    assert bars.series[1][1] == pytest.approx([50 / 3, 10.0, 20 / 3])


def test_equity_bars_refusals():
    with pytest.raises(ChartError, match="no model results"):
        equity_bars([])
    with pytest.raises(ChartError, match="different fields"):
        equity_bars([icm([1, 2], [1]), icm([2, 1], [1])])
    with pytest.raises(ChartError, match="at most 100 players"):
        equity_bars([icm(list(range(1, 102)), [1])])


# ------------------------------------------------------------------ the files
def png_size(path) -> int:
    data = pathlib.Path(path).read_bytes()
    assert data[:8] == PNG
    return len(data)


@needs_matplotlib
def test_pngs_are_written(tmp_path):
    chart = tournament_chart(nine_players(), dcm_seconds=2.0)
    assert draw_tournament(chart, tmp_path / "t.png") == png_size(tmp_path / "t.png") > 20_000
    bars = equity_bars([icm([42000, 31000, 18500, 12000, 9000, 4500], [5000, 3000, 2000])])
    assert draw_equity(bars, tmp_path / "e.png") == png_size(tmp_path / "e.png") > 10_000


@needs_matplotlib
def test_hostile_player_names_are_drawn(tmp_path):
    names = ["$\\frac{1}{0}$", "a$b", "\x1b[31mred", "\u6f22" * 128, "\\", "x\ny"]
    t = Tournament(equity=EquityConfig.off())
    t.start([60, 40], {n: 100 * (i + 1) for i, n in enumerate(names)})
    play(t, random.Random(1))
    draw_tournament(tournament_chart(t, dcm_seconds=None), tmp_path / "h.png")
    assert png_size(tmp_path / "h.png") > 10_000


@needs_matplotlib
def test_no_window_and_no_global_backend_change(tmp_path):
    # In a fresh interpreter: drawing imports neither pyplot nor a GUI toolkit, and leaves the backend alone.
    code = (
        "import sys, matplotlib; from pokerengine.charts import plot_equity; from pokerengine.models import icm;"
        "before = matplotlib.rcParams._get('backend');"
        f"plot_equity([icm([3, 2, 1], [2, 1])], {str(tmp_path / 'e.png')!r});"
        "gui = [m for m in sys.modules if m.split('.')[0] in ('tkinter', 'PyQt5', 'PyQt6', 'PySide6', 'gi', 'wx')];"
        "print('matplotlib.pyplot' in sys.modules, gui, matplotlib.rcParams._get('backend') == before)"
    )
    import subprocess

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "MPLBACKEND": "", "PYTHONPATH": str(pathlib.Path(charts.__file__).parent.parent)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[0] == "False [] True"
    assert png_size(tmp_path / "e.png") > 5_000


def test_missing_matplotlib_names_the_extra(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)  # makes the import fail
    with pytest.raises(ChartError, match=r'pip install "pokerengine-exact\[plot\]"'):
        plot_tournament(three_players(), tmp_path / "t.png")
    assert not (tmp_path / "t.png").exists()


@pytest.mark.parametrize("name, message", [
    ("", "name the file \\*.png"),
    ("chart.jpg", "name the file \\*.png"),
    ("dir.png", "it is a directory"),
    ("missing/x.png", "no directory"),
])
def test_bad_paths(tmp_path, name, message):
    (tmp_path / "dir.png").mkdir()
    with pytest.raises(ChartError, match=message):
        charts.check_path(os.path.join(tmp_path, name) if name else name)


@needs_matplotlib
def test_a_file_that_cannot_be_opened_is_a_chart_error(tmp_path):
    (tmp_path / "link.png").symlink_to(tmp_path / "nowhere" / "x.png")  # a dangling link: open fails
    with pytest.raises(ChartError, match="cannot write the chart to .*link.png"):
        draw_tournament(tournament_chart(three_players(), dcm_seconds=None), tmp_path / "link.png")


# ------------------------------------------------------------------ the command line
def run(capsys, *argv):
    try:
        code = main([*map(str, argv)])
    except SystemExit as exc:  # a usage error: argparse exits (status 2, one line, see cli._Parser)
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@needs_matplotlib
def test_cli_tournament_plot(capsys, tmp_path):
    out_png = tmp_path / "equity.png"
    code, out, err = run(capsys, "tournament", FIXTURES / "nine-players.jsonl", "--plot", out_png, "--json")
    assert code == 0 and err == f"pokerengine: wrote the chart to {out_png}\n"  # stdout stays one JSON document
    assert json.loads(out)["state"] == "finished"  # the usual output is unchanged
    assert png_size(out_png) > 20_000
    out_png.unlink()
    code, out, err = run(capsys, "tournament", FIXTURES / "nine-players.jsonl", "--plot", out_png)
    assert code == 0 and err == "" and out.endswith(f"wrote the chart to {out_png}\n")
    assert png_size(out_png) > 20_000


@needs_matplotlib
def test_cli_equity_plot(capsys, tmp_path):
    out_png = tmp_path / "eq.png"
    code, out, err = run(capsys, "equity", "--compare", "icm,dcm", "--stacks", "42000", "31000", "18500",
                         "12000", "9000", "4500", "--prizes", "5000", "3000", "2000", "--plot", out_png)
    assert code == 0 and err == "" and out.startswith("icm, dcm: 6 players")
    assert png_size(out_png) > 10_000


@pytest.mark.parametrize("argv, message", [
    (["tournament", FIXTURES / "finished.jsonl", "--plot", "{tmp}"], "it is a directory"),
    (["tournament", FIXTURES / "finished.jsonl", "--plot", "{tmp}/no/such/dir/x.png"], "no directory"),
    (["tournament", FIXTURES / "finished.jsonl", "--plot", "{tmp}/x.svg"], "name the file"),
    (["tournament", FIXTURES / "finished.jsonl", "--plot", "{tmp}/x.png", "--plot-players", "1"], "from 2 to 100"),
    (["tournament", FIXTURES / "finished.jsonl", "--plot", "{tmp}/x.png", "--plot-players", "\u0665"], "from 2 to 100"),
    (["equity", "--stacks", "1", "2", "--plot", "{tmp}"], "it is a directory"),
    (["equity", "--stacks", *map(str, range(1, 102)), "--plot", "{tmp}/x.png"], "at most 100 players"),
])
def test_cli_bad_plot_options(capsys, tmp_path, argv, message):
    code, out, err = run(capsys, *[str(a).replace("{tmp}", str(tmp_path)) for a in argv])
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("pokerengine") and message in err
    assert not (tmp_path / "x.png").exists()


def test_cli_without_matplotlib(capsys, monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    for argv in (["tournament", FIXTURES / "finished.jsonl", "--plot", tmp_path / "x.png"],
                 ["equity", "--stacks", "3", "2", "--plot", tmp_path / "x.png"]):
        code, out, err = run(capsys, *argv)
        assert (code, out) == (2, "")
        assert err == 'pokerengine: error: drawing a chart needs matplotlib: pip install "pokerengine-exact[plot]"\n'

