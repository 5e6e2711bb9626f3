"""A reference cash-game table server: asyncio, JSON lines over TCP, the standard library and pokerengine.

It seats clients at one :class:`pokerengine.live.Table` and leaves the rules, the time and the
money to it: the table deals when a hand can start (:meth:`Table.can_start`), applies each
player's action by name (:meth:`Table.act`), keeps each turn's deadline and time bank and times
out a player whose time has run (:meth:`Table.tick`, :attr:`Table.deadline`: check when free, else
fold), acts for players who left or sat out during the hand when their turn comes, and keeps the
ledger of the chips that came and went (:attr:`Table.ledger`).  The server reads messages, sends
each client its own view of the hand (:meth:`Hand.view`: its cards, never another player's hidden
ones; on its turn, its legal actions), tells everyone when the table acted for a player, and
sleeps until the next deadline.

Run it::

    python examples/table_server.py --port 8765 [--seats 6] [--blinds 1,2] [--timeout 30] [--bank 60]

Protocol: one JSON object a line, at most :data:`MAX_LINE` bytes.  A client sends::

    {"type": "join", "name": "ann", "seat": 3, "stack": 200, "post": true}
    {"type": "act", "verb": "raise", "amount": 12}      # verbs: Legal.to_json()'s keys
    {"type": "sit_out"}  {"type": "come_back"}  {"type": "leave"}

and receives:

* ``{"type": "joined", "seat": 3}``;
* ``{"type": "view", "hand": N, "view": {...}}`` after every change of a hand it is dealt in or
  watches (``view.legal`` set on its turn);
* ``{"type": "event", "kind": "timed_out", "player": ..., "lines": [...], ...}`` (or ``"absent"``)
  when the table acted for a player;
* ``{"type": "hand_over", "hand": N, "stacks": {...}}``;
* ``{"type": "error", "message": ...}`` for anything refused (the hand and the table unchanged),
  followed by its view again, with its legal actions if it is still its turn: a refused action
  does not cost the turn.

The server never sends a client another seat's view.  ``docs/live.md`` walks through it;
``tests/live/test_table_server.py`` plays it with six bots.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
from typing import Any

from pokerengine.errors import PokerEngineError
from pokerengine.live import Clock, Table

MAX_LINE = 64 * 1024
"""The longest message line a client may send, in bytes (a longer one closes its connection)."""


class Client:
    """One connection: its writer and the player it seated (if any)."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.name: str | None = None

    def send(self, message: dict[str, Any]) -> None:
        if not self.writer.is_closing():
            self.writer.write((json.dumps(message) + "\n").encode())


class TableServer:
    """The server: one table, its clients, and the loop that deals and waits for actions.

    ``hands``: stop after that many hands (``None``: run until :meth:`stop`); ``timeout``: seconds a
    player has to act, and ``bank`` seconds of time bank beyond them (the table keeps the deadlines:
    :class:`pokerengine.live.Clock`); ``audit``: called after every hand with ``(hand, finished)``
    (the table's :attr:`~pokerengine.live.Table.ledger` says where every chip came from and went);
    ``rng``: the deck's randomness.
    """

    def __init__(self, *, seats: int = 6, blinds: tuple[int, int] = (1, 2), buy_in: tuple[int, int] = (40, 400),
                 timeout: float = 30.0, bank: float = 0.0, hands: int | None = None,
                 rng: random.Random | None = None, audit: Any = None) -> None:
        self.table = Table("NT", seats=seats, blinds=blinds, buy_in=buy_in, clock=Clock(turn=timeout, bank=bank))
        self.limit, self.rng, self.audit = hands, rng or random.Random(), audit
        self.clients: set[Client] = set()
        self.played = self.refused = self.sent_events = 0
        self._changed = asyncio.Event()
        self.done = asyncio.Event()

    @staticmethod
    def now() -> float:
        return asyncio.get_running_loop().time()

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
        if client.name is not None:
            self.table.leave(client.name)  # in a hand: the table folds them when their turn comes
            self._changed.set()

    # -- messages ----------------------------------------------------------------------------------

    def receive(self, client: Client, line: bytes) -> None:
        """Apply one message; anything refused is an ``error`` message back (nothing changed), then
        the client's view again, with its legal actions on its turn."""
        try:
            message = json.loads(line)
        except (ValueError, RecursionError):
            return self.refuse(client, "not a JSON object")
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            return self.refuse(client, 'a message is a JSON object with a "type"')
        kind, name, table = message["type"], client.name, self.table
        try:
            if kind == "join" and name is None:
                # untrusted values: the table checks the name, the seat, the stack against the buy-in
                table.join(message.get("name"), message.get("seat"), message.get("stack"),  # type: ignore[arg-type]
                           post=message.get("post", True))
                client.name = message["name"]
                client.send({"type": "joined", "seat": table.seat_of(message["name"])})
            elif name is None:
                raise PokerEngineError("join the table first")
            elif kind == "act":
                table.act(name, message.get("verb"), message.get("amount"), now=self.now())  # type: ignore[arg-type]
            elif kind == "sit_out":
                table.sit_out(name)
            elif kind == "come_back":
                table.come_back(name)
            elif kind == "leave":
                taken = table.leave(name)  # 0 in a hand: paid out when it is finished
                client.name = None
                client.send({"type": "left", "stack": taken})
            else:
                raise PokerEngineError(f"{kind[:40]!r}: unknown, or not now")
        except PokerEngineError as exc:
            return self.refuse(client, str(exc))
        self._changed.set()

    def refuse(self, client: Client, why: str) -> None:
        self.refused += 1
        client.send({"type": "error", "message": why[:500]})
        self.send_view(client)

    # -- the table's loop --------------------------------------------------------------------------

    def send_view(self, client: Client) -> None:
        """The client's own view of the hand in play (a seat's, or an observer's)."""
        table, hand = self.table, self.table.in_hand
        if hand is not None:
            seat = table.seat_of(client.name) if client.name is not None else None
            mine = seat if seat is not None and table.seat_map().get(seat) == client.name else None
            client.send({"type": "view", "hand": table.hands, "view": hand.view(mine).to_json()})

    def broadcast(self) -> None:
        """What the table did for a player (timed out, absent), then each client its view."""
        events = self.table.events
        for event in events[self.sent_events:]:
            if event.kind != "acted":
                for client in list(self.clients):
                    client.send({"type": "event", **event.to_json()})
        self.sent_events = len(events)
        for client in list(self.clients):
            self.send_view(client)

    async def wait(self, seconds: float) -> None:
        self._changed.clear()
        try:
            await asyncio.wait_for(self._changed.wait(), seconds)
        except asyncio.TimeoutError:
            pass

    async def run(self) -> None:
        """Deal hand after hand while a hand can start; stop after ``hands`` hands."""
        while not self.done.is_set() and (self.limit is None or self.played < self.limit):
            if self.table.can_start():
                await self.play_hand()
            else:
                await self.wait(0.5)
        self.done.set()
        for client in list(self.clients):
            client.writer.close()

    async def play_hand(self) -> None:
        table = self.table
        hand = table.next_hand(rng=self.rng, now=self.now())
        self.sent_events = 0
        while not hand.over:
            self.broadcast()
            deadline = table.deadline
            await self.wait(deadline.ends - self.now() if deadline is not None else 0)
            table.tick(self.now())  # times out a player whose deadline has come
        self.broadcast()
        finished = table.finish(hand)
        self.played += 1
        if self.audit is not None:
            self.audit(hand, finished)
        for client in list(self.clients):
            if client.name is not None and client.name not in table.stacks:  # busted, or left
                client.name = None
            client.send({"type": "hand_over", "hand": self.played, "stacks": table.stacks})

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
    parser.add_argument("--bank", type=float, default=60.0)
    args = parser.parse_args()
    small, big = (int(x) for x in args.blinds.split(","))
    asyncio.run(serve(args.host, args.port, TableServer(seats=args.seats, blinds=(small, big), timeout=args.timeout,
                                                        bank=args.bank)))


if __name__ == "__main__":
    main()
