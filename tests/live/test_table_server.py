"""The reference table server (examples/table_server.py) played by six bots over loopback TCP.

The bots mix legal play with illegal, out-of-turn and malformed messages, slow answers (time-outs),
sit-outs, leaves and joins. Checked: the table's ledger against the test's own count of the chips
brought and taken every hand, every refused message left the table unchanged (its whole snapshot)
and was answered with the view (a refused action on one's turn gets the legal actions again, so only
slow bots are timed out), every time-out told to every client as an event, and no client ever
received a card of another seat that was not shown.  Every connection is to 127.0.0.1 on a port the
system picks; the run is bounded in hands and in time.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples"))
import table_server  # noqa: E402

HANDS = 300
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
        self.timed_out = 0
        self.problems: list[str] = []
        self.came = self.went = 0  # the test's own count of the chips brought and taken
        join, leave = self.table.join, self.table.leave

        def joined(name, seat, stack, **kw) -> None:
            join(name, seat, stack, **kw)
            self.came += stack

        def left(name) -> int:
            taken = leave(name)
            self.went += taken
            return taken

        self.table.join, self.table.leave = joined, left

    def receive(self, client, line: bytes) -> None:
        before = self.table.snapshot()
        refused = self.refused
        super().receive(client, line)
        if self.refused > refused:
            self.refusals_checked += 1
            if self.table.snapshot() != before:
                self.problems.append(f"a refused message changed the state: {line[:80]!r}")

    def check_hand(self, hand, finished) -> None:
        self.hands_checked += 1
        self.went += sum(finished.left.values())
        self.timed_out += sum(e.kind == "timed_out" for e in self.table.events)
        ledger = self.table.ledger
        if not ledger.balanced or (ledger.bought_in, ledger.cashed_out) != (self.came, self.went):
            self.problems.append(f"hand {self.played}: ledger {ledger}, brought {self.came}, taken {self.went}")
        if sum(self.table.stacks.values()) + self.table.raked != self.came - self.went:
            self.problems.append(f"hand {self.played}: chips at the table and raked are not those brought less taken")


class Bot:
    def __init__(self, name: str, seat: int, rng: random.Random) -> None:
        self.name, self.seat, self.rng = name, seat, rng
        self.views = 0
        self.leaks: list[str] = []
        self.errors = 0
        self.seated = False
        self.slow = 0  # turns let run out on purpose (or walked away from)
        self.told = 0  # events saying the table timed this bot out
        self.after_error: list[str] = []  # the type of the message that followed each error
        self.resent_legal = 0  # refusals on its turn answered with its legal actions again
        self.my_turn = False

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
                if self.after_error and self.after_error[-1] == "":
                    self.after_error[-1] = kind
                    if kind == "view" and was_my_turn and message["view"]["legal"] is not None:
                        self.resent_legal += 1
                if kind == "error":
                    self.errors += 1
                    self.after_error.append("")
                    was_my_turn = self.my_turn
                elif kind == "event":
                    if message["kind"] == "timed_out" and message["player"] == self.name:
                        self.told += 1
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
                    self.my_turn = view["legal"] is not None
                    if self.rng.random() < 0.02:
                        send(self.rng.choice(GARBAGE))
                    if view["to_act"] is not None and view["to_act"] != view["seat"] and self.rng.random() < 0.01:
                        send({"type": "act", "verb": "call"})  # out of turn
                    legal = view["legal"]
                    if legal is not None:
                        if self.rng.random() < 0.02:
                            self.slow += 1
                            continue  # too slow: the table times this player out
                        if self.rng.random() < 0.005:
                            self.slow += 1
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
        server = Audited(seats=BOTS, blinds=(1, 2), buy_in=(40, 400), timeout=0.05, bank=0.05, hands=HANDS,
                         rng=random.Random(7))
        listener = await asyncio.start_server(server.handle, "127.0.0.1", 0, limit=table_server.MAX_LINE)
        port = listener.sockets[0].getsockname()[1]
        bots = [Bot(f"bot{k}", k + 1, random.Random(k)) for k in range(BOTS)]
        async with listener:
            tasks = [asyncio.create_task(b.play(port, server.done)) for b in bots]
            await asyncio.wait_for(server.run(), 150)
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
    # every refusal answered by the view, and on one's turn by the legal actions again
    followers = [k for b in bots for k in b.after_error if k]
    assert followers.count("view") >= 0.8 * len(followers) and sum(b.resent_legal for b in bots) > 10
    # the table kept the time: it timed out the slow bots (seldom anyone else), and told everyone
    slow = sum(b.slow for b in bots)
    assert 0 < server.timed_out <= slow + 0.01 * server.refusals_checked + 5
    assert sum(b.told for b in bots) >= server.timed_out - 6
    print(f"{server.played} hands, {server.refusals_checked} refusals, {server.timed_out} time-outs "
          f"({slow} slow answers), {sum(b.resent_legal for b in bots)} legal actions re-sent after a refusal")
