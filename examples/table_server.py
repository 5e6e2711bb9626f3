"""A reference cash-game table server: asyncio, JSON lines over TCP, the standard library and pokerengine.

It seats clients at one :class:`pokerengine.live.Table`, deals hand after hand, sends each client
its own view of the hand (:meth:`Hand.view`: its cards, never another player's hidden ones) and,
on its turn, its legal actions; it applies each action through the one entry point
(:meth:`Hand.act`), times out a player who does not act in time (:meth:`Hand.time_out`: check when
free, else fold), folds the hands of players who left or sat out during the hand
(:meth:`Table.fold_absent`), and handles joins, sit-outs and leaves between and during hands.

Run it::

    python examples/table_server.py --port 8765 [--seats 6] [--blinds 1,2] [--timeout 30]

Protocol: one JSON object a line, at most :data:`MAX_LINE` bytes.  A client sends::

    {"type": "join", "name": "ann", "seat": 3, "stack": 200, "post": true}
    {"type": "act", "verb": "raise", "amount": 12}      # verbs: Legal.to_json()'s keys
    {"type": "sit_out"}  {"type": "come_back"}  {"type": "leave"}

and receives ``{"type": "joined", "seat": 3}``, ``{"type": "view", "hand": N, "view": {...}}``
after every change of a hand it is dealt in or watches (``view.legal`` set on its turn),
``{"type": "hand_over", "hand": N, "stacks": {...}}``, and ``{"type": "error", "message": ...}``
for anything refused (the hand and the table unchanged).  The server never sends a client another
seat's view.  ``docs/live.md`` walks through it; ``tests/test_table_server.py`` plays it with six
bots.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
from typing import Any

from pokerengine.errors import PokerEngineError
from pokerengine.live import Hand, Table

MAX_LINE = 64 * 1024
"""The longest message line a client may send, in bytes (a longer one closes its connection)."""


class Client:
    """One connection: its writer, the player it seated (if any) and its seat."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.name: str | None = None
        self.seat: int | None = None

    def send(self, message: dict[str, Any]) -> None:
        if not self.writer.is_closing():
            self.writer.write((json.dumps(message) + "\n").encode())


class TableServer:
    """The server: one table, its clients, and the loop that deals and waits for actions.

    ``hands``: stop after that many hands (``None``: run until :meth:`stop`); ``timeout``: seconds a
    player has to act; ``audit``: called after every hand with ``(hand, at_the_table, banked)``:
    the chips at the table plus the rake, and the chips brought by joins less those taken by
    leaves (they are equal when every chip is accounted for); ``rng``: the deck's randomness.
    """

    def __init__(self, *, seats: int = 6, blinds: tuple[int, int] = (1, 2), buy_in: tuple[int, int] = (40, 400),
                 timeout: float = 30.0, hands: int | None = None, rng: random.Random | None = None,
                 audit: Any = None) -> None:
        self.table = Table("NT", seats=seats, blinds=blinds, buy_in=buy_in)
        self.timeout = timeout
        self.limit = hands
        self.rng = rng or random.Random()
        self.audit = audit
        self.clients: set[Client] = set()
        self.by_name: dict[str, Client] = {}
        self.hand: Hand | None = None
        self.played = 0
        self.refused = 0
        self.entered = 0  # chips brought to the table (joins), and taken away (leaves): the bank
        self.exited = 0
        self._acted = asyncio.Event()
        self._changed = asyncio.Event()
        self.done = asyncio.Event()

    # -- connections -------------------------------------------------------------------------------

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        client = Client(writer)
        self.clients.add(client)
        try:
            while not self.done.is_set():
                try:
                    line = await reader.readline()
                except (asyncio.LimitOverrunError, ValueError):  # a line over MAX_LINE
                    client.send({"type": "error", "message": f"a line is at most {MAX_LINE} bytes"})
                    break
                if not line:
                    break
                self.receive(client, line)
                await writer.drain()
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            self.disconnect(client)
            writer.close()

    def disconnect(self, client: Client) -> None:
        self.clients.discard(client)
        if client.name is not None and self.by_name.get(client.name) is client:
            del self.by_name[client.name]
            try:
                self.exited += self.table.leave(client.name)  # in a hand: folded when the action reaches them
            except PokerEngineError:
                pass
            self._changed.set()

    # -- messages ----------------------------------------------------------------------------------

    def receive(self, client: Client, line: bytes) -> None:
        """Apply one message; anything refused is one ``error`` message back, nothing changed."""
        try:
            message = json.loads(line)
        except (ValueError, RecursionError):
            return self.refuse(client, "not a JSON object")
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            return self.refuse(client, 'a message is a JSON object with a "type"')
        kind = message["type"]
        try:
            if kind == "join":
                self.join(client, message)
            elif client.name is None:
                raise PokerEngineError("join the table first")
            elif kind == "act":
                self.act(client, message)
            elif kind == "sit_out":
                self.table.sit_out(client.name)
            elif kind == "come_back":
                self.table.come_back(client.name)
            elif kind == "leave":
                taken = self.table.leave(client.name)  # 0 in a hand: paid out when it is finished
                self.exited += taken
                del self.by_name[client.name]
                client.name = client.seat = None
                client.send({"type": "left", "stack": taken})
            else:
                raise PokerEngineError(f"unknown message type {kind[:40]!r}")
        except PokerEngineError as exc:
            return self.refuse(client, str(exc))
        self._changed.set()

    def refuse(self, client: Client, why: str) -> None:
        self.refused += 1
        client.send({"type": "error", "message": why[:500]})

    def join(self, client: Client, message: dict[str, Any]) -> None:
        if client.name is not None:
            raise PokerEngineError(f"already seated as {client.name!r}")
        name, seat, stack = message.get("name"), message.get("seat"), message.get("stack")
        post = message.get("post", True)
        if not isinstance(name, str) or name in self.by_name:
            raise PokerEngineError("a join needs a name nobody at the table has")
        if type(seat) is not int or seat in self.table.players:
            raise PokerEngineError("a join needs an empty seat")
        self.table.join(name, seat, stack, post=post)  # checks the stack, the seat's range, the buy-in
        self.entered += stack
        client.name, client.seat = name, seat
        self.by_name[name] = client
        client.send({"type": "joined", "seat": seat})

    def act(self, client: Client, message: dict[str, Any]) -> None:
        hand = self.hand
        if hand is None or hand.over:
            raise PokerEngineError("no hand is in play")
        if client.seat not in hand.seats or self.table.seat_map().get(client.seat) != client.name:
            raise PokerEngineError("you are not in this hand")
        hand.act(client.seat, message.get("verb"), message.get("amount"))  # type: ignore[arg-type]
        self._acted.set()

    # -- the table's loop --------------------------------------------------------------------------

    def broadcast(self) -> None:
        """Each client its own view of the hand in play (a seat's, or an observer's)."""
        hand = self.hand
        if hand is None:
            return
        dealt = self.table.seat_map()
        for client in list(self.clients):
            mine = client.seat if client.seat in hand.seats and dealt.get(client.seat) == client.name else None
            client.send({"type": "view", "hand": self.played + 1, "view": hand.view(mine).to_json()})

    async def run(self) -> None:
        """Deal hand after hand while two players can play; stop after ``hands`` hands."""
        while not self.done.is_set() and (self.limit is None or self.played < self.limit):
            if sum(1 for s in self.table.players if not self.table.status(self.table.players[s]).out) < 2:
                self._changed.clear()
                try:
                    await asyncio.wait_for(self._changed.wait(), 0.5)
                except asyncio.TimeoutError:
                    pass
                continue
            await self.play_hand()
        self.done.set()
        for client in list(self.clients):
            client.writer.close()

    async def play_hand(self) -> None:
        table = self.table
        try:
            hand = table.next_hand(rng=self.rng)
        except PokerEngineError:  # e.g. fewer than two could be dealt after all
            await asyncio.sleep(0.01)
            return
        self.hand = hand
        while not hand.over:
            table.fold_absent(hand)
            self.broadcast()
            if hand.over:
                break
            seat = hand.to_act
            if seat is None:  # the engine deals the next street by itself
                continue
            self._acted.clear()
            try:
                await asyncio.wait_for(self._acted.wait(), self.timeout)
            except asyncio.TimeoutError:
                if hand.to_act == seat:
                    hand.time_out(seat)
        self.broadcast()
        finished = table.finish(hand)
        self.exited += sum(finished.left.values())
        self.played += 1
        if self.audit is not None:
            self.audit(hand, sum(table.stacks.values()) + table.raked, self.entered - self.exited)
        for client in list(self.clients):
            client.send({"type": "hand_over", "hand": self.played, "stacks": table.stacks})
        for name in finished.busted:
            gone = self.by_name.pop(name, None)
            if gone is not None:
                gone.name = gone.seat = None
        for name in finished.left:
            self.by_name.pop(name, None)
        self.hand = None

    def stop(self) -> None:
        self.done.set()


async def serve(host: str, port: int, server: TableServer) -> None:
    listener = await asyncio.start_server(server.handle, host, port, limit=MAX_LINE)
    async with listener:
        await server.run()


def main() -> None:
    parser = argparse.ArgumentParser(description="A reference pokerengine cash-game table server (JSON lines over TCP).")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--blinds", default="1,2")
    parser.add_argument("--timeout", type=float, default=30.0)
    args = parser.parse_args()
    small, big = (int(x) for x in args.blinds.split(","))
    asyncio.run(serve(args.host, args.port, TableServer(seats=args.seats, blinds=(small, big), timeout=args.timeout)))


if __name__ == "__main__":
    main()
