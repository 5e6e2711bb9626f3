"""Equity snapshots after busts: when ICM and DCM run, what they are given, and what a failure does."""

from __future__ import annotations

import pytest
from test_tournament_support import fake_models, icm_oracle, models  # noqa: F401  (fixtures)

from pokerengine.tournament import EquityConfig, Tournament
from pokerengine.tournament import equity as equity_module


def approx(values):
    return pytest.approx([float(v) for v in values], rel=1e-9, abs=1e-6)


def test_icm_snapshot_after_each_bust_for_the_players_and_prizes_left(models):
    t = Tournament(equity=EquityConfig(dcm_seconds=None))
    t.start([5000, 3000, 2000], {"ann": 4000, "bob": 3000, "cat": 2000, "dan": 1000})
    assert t.hand("A", {"ann": 4000, "bob": 3000}).snapshot is None  # no bust, no snapshot
    r = t.hand("A", {"ann": 5000, "dan": 0})
    snap = r.snapshot
    assert snap.players == ("ann", "bob", "cat") and snap.stacks == (5000, 3000, 2000)
    assert snap.prizes == (5000, 3000, 2000) and snap.after == 3
    assert snap.icm == approx(icm_oracle([5000, 3000, 2000], [5000, 3000, 2000]))
    assert snap.dcm is None and t.snapshots == (snap,)
    assert snap.of("bob")["chips"] == 3000


def test_dcm_snapshot_heads_up_equals_icm(models):
    t = Tournament(equity=EquityConfig(dcm_seconds=5.0))
    t.start([700, 300], {"ann": 300, "bob": 100, "cat": 100})
    snap = t.hand("A", {"ann": 400, "cat": 0}).snapshot
    # heads-up: second prize each, and the 400 difference by chip share: 300 + 320, 300 + 80
    assert snap.icm == approx([620, 380])
    assert snap.dcm == pytest.approx(snap.icm, rel=1e-6)


def test_icm_runs_automatically_only_at_or_below_the_configured_field(fake_models):
    players = {f"p{i:02d}": 100 for i in range(12)}
    t = Tournament(equity=EquityConfig(icm_field=10, dcm_seconds=None))
    t.start([600, 400], players)
    assert t.hand("A", {"p00": 200, "p01": 0}).snapshot is None  # 11 left
    assert t.hand("A", {"p00": 300, "p02": 0}).snapshot is not None  # 10 left
    # on demand at any size
    t2 = Tournament(equity=EquityConfig(icm_field=0, dcm_seconds=None))
    t2.start([600, 400], players)
    assert t2.hand("A", {"p00": 200, "p01": 0}).snapshot is None
    assert t2.equity().icm == approx(icm_oracle([200] + [100] * 10, [600, 400]))


def test_dcm_is_retried_only_once_the_field_has_shrunk_after_a_timeout(fake_models):
    # DCM times out above 5 players.  After a timeout with n players left it is next tried
    # with n - max(1, n // 8) left: 39 -> 35 -> 31 -> 28 -> 25 -> 22 -> 20 -> 18 -> 16 -> 14, then every bust.
    state, calls = fake_models
    state["limit"] = 5
    players = {f"p{i:02d}": 100 for i in range(40)}
    t = Tournament(equity=EquityConfig(icm_field=100, dcm_seconds=0.01))
    t.start([1000, 500], players)
    snaps = []
    for i in range(1, 40):
        snaps.append(t.hand("A", {"p00": t.stacks["p00"] + 100, f"p{i:02d}": 0}).snapshot)
        if t.status == "finished":
            break
    assert calls[:10] == [39, 35, 31, 28, 25, 22, 20, 18, 16, 14]
    assert calls[10:] == list(range(13, 1, -1))
    with_dcm = [s for s in snaps if s is not None and s.dcm is not None]
    assert [len(s.players) for s in with_dcm] == [5, 4, 3, 2]
    timed_out = [s for s in snaps if s is not None and s.notes]
    assert "timed out after 0.01 s with 39 players" in timed_out[0].notes[0]


def test_partial_deal_money_is_part_of_the_equity(models):
    t = Tournament(equity=EquityConfig(dcm_seconds=None))
    t.start([5000, 3000, 2000], {"ann": 50, "bob": 30, "cat": 20})
    r = t.deal("chips", keep=1000)  # ann 3500, bob 2900, cat 2600 locked; 1000/0/0 open
    assert r.snapshot.prizes == (1000, 0, 0) and r.snapshot.locked == (3500, 2900, 2600)
    assert r.snapshot.icm == approx([3500 + 500, 2900 + 300, 2600 + 200])
    snap = t.hand("A", {"ann": 70, "cat": 0}).snapshot
    assert snap.icm == approx([3500 + 1000 * 70 / 100, 2900 + 1000 * 30 / 100])


def test_a_failing_model_is_noted_and_the_hand_still_counts(monkeypatch):
    def broken():
        raise ValueError("prizes must be positive")

    monkeypatch.setattr(equity_module, "_models", broken)
    t = Tournament()
    t.start([5000, 3000, 2000], {"ann": 4000, "bob": 3000, "cat": 2000, "dan": 1000})
    r = t.hand("A", {"ann": 5000, "dan": 0})
    assert r.busted == ("dan",) and r.snapshot.icm is None and r.snapshot.dcm is None
    assert r.snapshot.notes[0] == "icm: ValueError: prizes must be positive"
    assert t.stacks == {"ann": 5000, "bob": 3000, "cat": 2000}


def test_no_prize_money_left_means_zero_equity_without_a_model(monkeypatch):
    monkeypatch.setattr(equity_module, "_models", lambda: 1 / 0)
    t = Tournament(equity=EquityConfig(dcm_seconds=1.0))
    t.start([0], {"ann": 10, "bob": 10, "cat": 10})
    snap = t.hand("A", {"ann": 20, "cat": 0}).snapshot
    assert snap.icm == (0.0, 0.0) and snap.dcm == (0.0, 0.0) and snap.notes == ()
