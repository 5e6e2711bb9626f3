"""Replaying on Dask (a LocalCluster of two workers) gives exactly the single-process summary."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("distributed")  # the `dask` extra (the `test` extra installs it)

from pokerengine.generate import write_corpus  # noqa: E402
from pokerengine.replay.corpus import rows, shards_of
from pokerengine.replay.dask_replay import DaskUnavailableError, hand_rows, replay_dask
from pokerengine.replay.corpus import replay_paths

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def client():
    from distributed import Client, LocalCluster

    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
    c = Client(cluster)
    yield c
    c.close()
    cluster.close()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("dask")
    write_corpus(str(d / "gen"), 400, seed="dask", per_file=150)
    bad = (d / "gen" / "hands-000002.phhs").read_text()
    bad = bad.replace("finishing_stacks = [", "finishing_stacks = [7", 2).replace('variant = "', 'variant = "Q', 1)
    (d / "gen" / "hands-000002.phhs").write_text(bad)
    (d / "gen" / "one.phh").write_text("variant = 'NT'\n")  # an error of a whole file
    for p in (ROOT / "fixtures" / "pokerstars" / "handwritten").glob("*.txt"):
        (d / "gen" / p.name).write_bytes(p.read_bytes())  # a site's files too
    return d / "gen"


def same(a, b) -> None:
    x, y = a.to_json(), b.to_json()
    for s in (x, y):
        s.pop("seconds")
        s.pop("hands_per_second")
    assert x == y


def test_dask_equals_one_process(client, corpus):
    one = replay_paths([corpus])
    assert one.mismatched and one.errors and one.hands > 400
    same(replay_dask([corpus], client=client), one)
    # byte ranges of every .phhs file as shards: the same summary, indices fixed
    assert len(shards_of([corpus], target=20_000)) > 10
    same(replay_dask([corpus], client=client, shard_bytes=20_000), one)
    same(replay_paths([corpus], shard_bytes=20_000, jobs=2), one)


def test_hand_rows_bag(client, corpus):
    bag = hand_rows([corpus], shard_bytes=30_000)
    got = bag.compute()
    assert len(got) == replay_paths([corpus]).hands
    phh = [r for r in got if r.get("format") == "phh"]
    assert all(sum(r["finishing"]) + r["rake"] == sum(r["starting"]) for r in phh if r["status"] == "matched")
    assert {r["status"] for r in got} >= {"matched", "mismatched", "error"}
    assert sorted(map(repr, got)) == sorted(repr(r) for s in shards_of([corpus], target=30_000) for r in rows(s))


def test_an_unreachable_scheduler_is_a_clean_error(corpus):
    with pytest.raises(DaskUnavailableError, match="cannot reach the Dask scheduler"):
        replay_dask([corpus], address="tcp://127.0.0.1:9", timeout=1)


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pokerengine", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=300)


def test_cli_dask_local_and_bad_arguments(corpus):
    out = cli("replay", str(corpus), "--dask", "local", "--json")
    assert out.returncode == 1, out.stderr  # the corpus has mismatches and errors
    import json

    got = json.loads(out.stdout)
    one = replay_paths([corpus]).to_json()
    for s in (got, one):
        s.pop("seconds")
        s.pop("hands_per_second")
    assert got == one
    for args, message in ((["--jobs", "2"], "either --jobs or --dask"),
                          (["--dask-timeout", "0"], "--dask-timeout must be"),
                          (["--dask-workers", "0"], "workers must be")):
        bad = cli("replay", str(corpus), "--dask", "local", *args)
        assert bad.returncode == 2 and message in bad.stderr and len(bad.stderr.strip().splitlines()) == 1


def test_without_dask_installed(corpus):
    code = ("import sys; sys.modules['distributed'] = None; sys.modules['dask'] = None; sys.modules['dask.bag'] = None\n"
            "from pokerengine.cli import main\n"
            f"raise SystemExit(main(['replay', {str(corpus)!r}, '--dask', 'local']))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 2 and 'pip install "pokerengine-exact[dask]"' in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
