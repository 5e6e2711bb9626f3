"""The reference table server (examples/table_server.py) played by six bots over loopback TCP.

The bots mix legal play with illegal, out-of-turn and malformed messages, slow answers (time-outs),
sit-outs, leaves and joins.  Checked: chips conserved every hand, every refused message left the
hand and the table unchanged, and no client ever received a card of another seat that was not
shown.  Every connection is to 127.0.0.1 on a port the system picks; the run is bounded in hands
and in time.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))
import table_server  # noqa: E402

HANDS = 200
BOTS = 6
GARBAGE = [b"not json\n", b"[1, 2]\n", b'{"type": 5}\n', b'{"type": "act", "verb": "bet", "amount": 5}\n',
           b'{"type": "act", "verb": "raise", "amount": 1.5}\n', b'{"type": "act", "verb": "raise", "amount": "9"}\n',
           b'{"type": "act", "verb": "call", "amount": true}\n', b'{"type": "act", "verb": "raise", "amount": 1e999}\n',
           b'{"type": "act", "verb": "raise", "amount": 99999999999999999999999999}\n', b'{"type": "dance"}\n',
           b'{"type": "join", "name": "x", "seat": 1, "stack": 100}\n', b"\xff\xfe\n", b"{" * 5000 + b"\n"]


class Audited(table_server.TableServer):
    """The server, checking what the test needs after every message and every hand."""

    def __init__(self, **kw) -> None:
        super().__init__(audit=self.check_hand, **kw)
        self.hands_checked = 0
        self.refusals_checked = 0
        self.problems: list[str] = []

    def receive(self, client, line: bytes) -> None:
        hand = self.hand
        before = (hand.snapshot() if hand is not None else None, repr(sorted(self.table.stacks.items())),
                  self.table.players)
        refused = self.refused
        super().receive(client, line)
        if self.refused > refused:
            self.refusals_checked += 1
            after = (hand.snapshot() if hand is not None else None, repr(sorted(self.table.stacks.items())),
                     self.table.players)
            if after != before:
                self.problems.append(f"a refused message changed the state: {line[:80]!r}")

    def check_hand(self, hand, at_table: int, banked: int) -> None:
        self.hands_checked += 1
        if at_table != banked:
            self.problems.append(f"hand {self.played}: {at_table} chips at the table and raked, {banked} brought")


class Bot:
    def __init__(self, name: str, seat: int, rng: random.Random) -> None:
        self.name, self.seat, self.rng = name, seat, rng
        self.views = 0
        self.leaks: list[str] = []
        self.errors = 0
        self.seated = False

    def check_view(self, view: dict) -> None:
        """No card of another seat that was not shown: in its cards, nor in the lines dealing to it."""
        self.views += 1
        mine = view["seat"]
        shown = set(view["shown"])
        positions = {s: k + 1 for k, s in enumerate(view["seats"])}
        for seat_text, cards in view["cards"].items():
            seat = int(seat_text)
            if seat != mine and seat not in shown and set(cards) - {"?"}:
                self.leaks.append(f"{self.name} saw seat {seat}'s cards {cards}")
        for line in view["lines"]:
            words = line.split()
            if words[:2] == ["d", "dh"]:
                seat = next(s for s, p in positions.items() if f"p{p}" == words[2])
                if seat != mine and seat not in shown and set(words[3]) - {"?"}:
                    self.leaks.append(f"{self.name} saw the deal {line}")

    def choose(self, legal: dict) -> dict:
        r = self.rng.random()
        if r < 0.05:
            return {"type": "act", "verb": self.rng.choice(["bet", "raise", "check", "fold"]), "amount": "x"}
        verbs = [v for v in ("fold", "check", "call", "raise", "show", "muck") if legal.get(v)]
        verb = self.rng.choice(verbs)
        if verb == "raise":
            low, high = legal["raise"]["min_to"], legal["raise"]["max_to"]
            return {"type": "act", "verb": "raise", "amount": self.rng.choice([low, high, (low + high) // 2])}
        if verb == "fold" and legal.get("check"):
            verb = "check"
        return {"type": "act", "verb": verb}

    async def play(self, port: int, done: asyncio.Event) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)

        def send(obj) -> None:
            writer.write(obj if isinstance(obj, bytes) else (json.dumps(obj) + "\n").encode())

        send({"type": "join", "name": self.name, "seat": self.seat, "stack": self.rng.randint(60, 200), "post": True})
        try:
            while not done.is_set():
                line = await reader.readline()
                if not line:
                    break
                message = json.loads(line)
                kind = message["type"]
                if kind == "error":
                    self.errors += 1
                elif kind == "joined":
                    self.seated = True
                elif kind == "hand_over":
                    if self.name not in message["stacks"]:  # busted (or left): sit down again
                        self.seated = False
                        send({"type": "join", "name": self.name, "seat": self.seat, "stack": 100, "post": True})
                    elif self.rng.random() < 0.03:
                        send({"type": "sit_out"})
                        send({"type": "come_back"})
                elif kind == "view":
                    view = message["view"]
                    self.check_view(view)
                    if self.rng.random() < 0.02:
                        send(self.rng.choice(GARBAGE))
                    if view["to_act"] is not None and view["to_act"] != view["seat"] and self.rng.random() < 0.01:
                        send({"type": "act", "verb": "call"})  # out of turn
                    legal = view["legal"]
                    if legal is not None:
                        if self.rng.random() < 0.02:
                            continue  # too slow: the server times this player out
                        if self.rng.random() < 0.005:
                            send({"type": "leave"})  # walks away mid-hand; comes back on the next hand_over
                            continue
                        send(self.choose(legal))
                await writer.drain()
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            writer.close()


def test_six_bots_play_200_hands_on_loopback():
    async def main() -> tuple[Audited, list[Bot]]:
        server = Audited(seats=BOTS, blinds=(1, 2), buy_in=(40, 400), timeout=0.05, hands=HANDS,
                         rng=random.Random(7))
        listener = await asyncio.start_server(server.handle, "127.0.0.1", 0, limit=table_server.MAX_LINE)
        port = listener.sockets[0].getsockname()[1]
        bots = [Bot(f"bot{k}", k + 1, random.Random(k)) for k in range(BOTS)]
        async with listener:
            tasks = [asyncio.create_task(b.play(port, server.done)) for b in bots]
            await asyncio.wait_for(server.run(), 100)
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        return server, bots

    server, bots = asyncio.run(main())
    assert server.played == HANDS and server.hands_checked == HANDS
    assert server.problems == []
    assert [leak for b in bots for leak in b.leaks] == []
    assert server.refusals_checked > 50 and sum(b.errors for b in bots) >= server.refusals_checked - 5
    assert all(b.views > 100 for b in bots)
