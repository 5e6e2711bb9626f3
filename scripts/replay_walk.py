"""The rooms a replay of one file walks through: the package's modules in the order its calls enter them.

``python scripts/replay_walk.py FILE`` replays FILE (``pokerengine.replay.replay_file``) with a profiler hook
that notes the module of every call made inside ``pokerengine``; it prints each module the first time the
replay enters it, then how often the replay crossed from one package (floor) to another.  Imports are done
before the replay starts, so the walk is the replay's own.
"""

from __future__ import annotations

import sys
from collections import Counter

import importlib

import pokerengine.formats as formats

try:
    from pokerengine.replay import replay_file
except ImportError:  # the layout before pokerengine.replay (to draw the walk before and after)
    from pokerengine.history import replay_file


def main(path: str) -> None:
    head = open(path, "rb").read(8192).decode("utf-8", "replace")
    fmt = formats.detect(head)
    if fmt and fmt != "phh":  # load the reader first: its import is no part of the walk
        importlib.import_module("pokerengine.formats" + formats.format_of(fmt).module)
    rooms: list[str] = []
    crossings: Counter[tuple[str, str]] = Counter()

    def package(module: str) -> str:
        return module.split(".")[1] if "." in module else module

    def hook(frame, event, arg):  # type: ignore[no-untyped-def]
        if event != "call":
            return
        module = frame.f_globals.get("__name__", "")
        if not module.startswith("pokerengine"):
            return
        if module not in rooms:
            rooms.append(module)
        caller = frame.f_back
        while caller is not None and not caller.f_globals.get("__name__", "").startswith("pokerengine"):
            caller = caller.f_back  # (through attrs' generated methods and the standard library)
        if caller is not None and package(caller.f_globals["__name__"]) != package(module):
            crossings[(package(caller.f_globals["__name__"]), package(module))] += 1

    sys.setprofile(hook)
    try:
        reports = replay_file(path)
    finally:
        sys.setprofile(None)
    print(f"{path}: {len(reports)} hands, {Counter(r.status for r in reports)}")
    print(f"{len(rooms)} rooms, in the order first entered:")
    for k, room in enumerate(rooms, 1):
        print(f"  {k:2}. {room}")
    print("calls from one package into another (a caller outside pokerengine is looked through):")
    for (a, b), n in sorted(crossings.items()):
        print(f"  {a} -> {b}: {n}")


if __name__ == "__main__":
    main(sys.argv[1])
