"""Streaming .phhs files and sharded replays: the same hands and the same summary however the work is cut."""

from __future__ import annotations

import os
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from profiles import examples

from pokerengine.generate import write_corpus
from pokerengine.replay.corpus import shards_of
from pokerengine.phh.reader import MAX_FILE_BYTES, loads_all
from pokerengine.replay.corpus import replay_paths
from pokerengine.phh.stream import MAX_TABLE_BYTES, cut, iter_phhs, iter_phhs_tables
from pokerengine.errors import HistoryParseError


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("corpus")
    write_corpus(str(d), 300, seed="corpus", per_file=0)
    return d / "hands-000001.phhs"


def whole(path: Path):
    return loads_all(path.read_text(), source=str(path))


def test_streaming_reads_what_the_whole_file_gives(corpus):
    assert [h for _, h in iter_phhs(str(corpus))] == whole(corpus)


@settings(max_examples=examples(30), deadline=None)
@given(st.lists(st.integers(1, 10**6), max_size=12))
def test_any_partition_yields_every_hand_once(corpus, cuts):
    size = corpus.stat().st_size
    bounds = sorted({0, *(c % size for c in cuts)})
    ranges = list(zip(bounds, bounds[1:] + [None]))
    got = [h for a, b in ranges for _, h in iter_phhs(str(corpus), start=a, end=b)]
    assert got == whole(corpus)


def test_cut_covers_the_file(corpus):
    size = corpus.stat().st_size
    ranges = cut(str(corpus), size, target=10_000)
    assert ranges[0][0] == 0 and ranges[-1][1] is None
    assert all(b == c for (_, b), (c, _) in zip(ranges, ranges[1:]))
    with pytest.raises(HistoryParseError):
        cut(str(corpus), size, target=0)


HAND = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AsKd", "d dh p2 QhQc", "p2 f"]
finishing_stacks = [101, 99]
"""


def write(tmp_path: Path, text: str | bytes, name: str = "f.phhs") -> str:
    p = tmp_path / name
    p.write_bytes(text.encode() if isinstance(text, str) else text)
    return str(p)


def test_a_bad_hand_is_its_own_error_and_the_rest_are_read(tmp_path):
    path = write(tmp_path, f"# a comment first\n\n[1]\n{HAND}\n[2]\nvariant = 3\n\n['three']\n{HAND}\n[\"4 4\"]\n{HAND}")
    got = list(iter_phhs_tables(path))
    assert [(k, key) for k, key, _ in got] == [(0, "1"), (1, "2"), (2, "three"), (3, "4 4")]
    assert isinstance(got[1][2], HistoryParseError) and "[2]" in str(got[1][2])
    assert [h.key for _, _, h in got if not isinstance(h, Exception)] == ["1", "three", "4 4"]
    with pytest.raises(HistoryParseError):
        list(iter_phhs(path))


def test_byte_order_mark_windows_line_ends_and_a_top_level_key(tmp_path):
    crlf = ("\ufeff" + f"[1]\n{HAND}\n[2]\n{HAND}").replace("\n", "\r\n")
    path = write(tmp_path, crlf)
    assert [h.key for _, h in iter_phhs(path)] == ["1", "2"]
    path = write(tmp_path, f"author = 'me'\n[1]\n{HAND}", "top.phhs")
    got = list(iter_phhs_tables(path))
    assert isinstance(got[0][2], HistoryParseError) and "top-level key outside any hand table" in str(got[0][2])
    assert got[1][2].key == "1"


def test_a_table_too_large_is_an_error_and_reading_goes_on(tmp_path):
    huge = 'x = "' + "a" * (MAX_TABLE_BYTES + 10) + '"\n'
    path = write(tmp_path, f"[1]\n{huge}{HAND}\n[2]\n{HAND}")
    got = list(iter_phhs_tables(path))
    assert isinstance(got[0][2], HistoryParseError) and "larger than" in str(got[0][2])
    assert got[1][2].key == "2"
    # a long line whose tail looks like a header is not a header
    path = write(tmp_path, f"[1]\n{HAND}" + "y = '" + "b" * (MAX_TABLE_BYTES + 3) + "\n[9]\n", "tail.phhs")
    assert [k for k, _, _ in iter_phhs_tables(path)] == [0, 1]


def test_peak_memory_does_not_grow_with_the_file(tmp_path, corpus):
    text = corpus.read_text()
    tables = text.split("\n[")
    small = write(tmp_path, text, "small.phhs")
    big = write(tmp_path, "\n[".join(tables) + "".join(f"\n[r{k}-" + t[t.index("]"):].lstrip("0123456789")
                                                      for k in range(9) for t in tables[1:]), "big.phhs")
    peaks = []
    for path in (small, big):
        tracemalloc.start()
        n = sum(1 for _ in iter_phhs_tables(path))
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
        assert n > 0
    assert os.path.getsize(big) > 9 * os.path.getsize(small)
    assert peaks[1] < 2 * peaks[0] + 200_000, peaks


def test_sharded_replay_equals_the_single_file_replay(tmp_path, corpus):
    text = corpus.read_text().replace("finishing_stacks = [", "finishing_stacks = [1", 3)  # three mismatches
    text = text.replace('variant = "', 'variant = "X', 2)  # and two errors
    d = tmp_path / "c"
    d.mkdir()
    (d / "a.phhs").write_text(text)
    (d / "b.phhs").write_text(corpus.read_text())
    one = replay_paths([d])
    cut_small = replay_paths([d], shard_bytes=5_000)
    two = replay_paths([d], shard_bytes=7_000, jobs=2)
    assert len(shards_of([d], target=5_000)) > 20
    for other in (cut_small, two):
        a, b = one.to_json(), other.to_json()
        for s in (a, b):
            s.pop("seconds")
            s.pop("hands_per_second")
        assert a == b
    assert one.hands == 600 and len(one.mismatched) >= 1 and len(one.errors) == 2
    assert [r.index for r in one.errors] == sorted(r.index for r in one.errors)


def test_a_file_larger_than_the_reader_reads_whole_is_streamed(tmp_path):
    write_corpus(str(tmp_path / "nt"), 300, seed="big", games=["NT"], per_file=0)
    text = (tmp_path / "nt" / "hands-000001.phhs").read_text()
    tables = text.split("\n[")[1:]
    body = [text.split("\n[")[0]]
    k = 0
    while sum(map(len, body)) <= MAX_FILE_BYTES + 1000:
        for t in tables:
            body.append(f"{k}]" + t[t.index("]") + 1:])
            k += 1
    path = tmp_path / "big.phhs"
    path.write_text("\n[".join(body))
    assert path.stat().st_size > MAX_FILE_BYTES
    assert len(shards_of([path])) == 1 and shards_of([path])[0].ranged
    summary = replay_paths([path])
    assert summary.errors == [] and summary.hands == k + 1 and summary.matched == k + 1


def test_a_file_counts_once_whichever_shard_holds_its_hands(tmp_path):
    # found by the phhs-stream fuzz: a long comment before the first table put every hand in a later
    # shard, and the file was not counted
    path = write(tmp_path, "#" + "x" * 5000 + f"\n[1]\n{HAND}\n[2]\n{HAND}")
    one = replay_paths([path])
    cut = replay_paths([path], shard_bytes=1000)
    assert len(shards_of([path], target=1000)) > 4
    assert (one.files, one.hands, one.matched) == (cut.files, cut.hands, cut.matched) == (1, 2, 2)
