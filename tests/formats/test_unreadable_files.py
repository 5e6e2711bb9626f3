"""A file that cannot be read, given to any reader, is an UnreadableFileError (a ValueError naming the file
and the system's reason), never a raw OSError or TypeError; the folder replay names it among the skipped."""

from __future__ import annotations

import pytest

from pokerengine import formats
from pokerengine.errors import HistoryParseError, UnreadableFileError
from pokerengine.formats import (
    bovada,
    fulltilt,
    ggpoker,
    ipoker,
    pacific,
    partypoker,
    pokerstars,
    winamax,
    winning,
)
from pokerengine.phh import reader
from pokerengine.replay.files import read_or_skip

READERS = [formats.read_text, reader.read_text, reader.read_bytes, reader.load, bovada.read_bovada,
           fulltilt.read_fulltilt, ggpoker.read_ggpoker, ipoker.read_ipoker, pacific.read_pacific,
           partypoker.read_partypoker, pokerstars.read_pokerstars, winamax.read_winamax, winning.read_winning]


@pytest.mark.parametrize("read", READERS, ids=lambda f: f"{f.__module__}.{f.__name__}")
def test_missing_file_directory_descriptor_and_nul(read, tmp_path):
    missing = tmp_path / "no-such-file.txt"
    with pytest.raises(UnreadableFileError, match="no-such-file.txt: No such file"):
        read(str(missing))
    with pytest.raises(UnreadableFileError, match="Is a directory"):
        read(str(tmp_path))
    with pytest.raises(UnreadableFileError, match="path"):
        read(0)  # a descriptor number is not a path (it would read standard input)
    with pytest.raises(UnreadableFileError):
        read(str(tmp_path / "a\0b.txt"))
    assert issubclass(UnreadableFileError, HistoryParseError) and issubclass(UnreadableFileError, ValueError)


def test_too_large_is_not_called_unreadable(tmp_path):
    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * (reader.MAX_FILE_BYTES + 1))
    with pytest.raises(HistoryParseError, match="larger than") as info:
        reader.read_bytes(str(big))
    assert not isinstance(info.value, UnreadableFileError)


def test_replay_names_an_unreadable_file(tmp_path):
    text, skipped = read_or_skip(str(tmp_path / "gone.txt"))
    assert skipped is not None and "gone.txt" in skipped.file and "cannot" in skipped.reason
