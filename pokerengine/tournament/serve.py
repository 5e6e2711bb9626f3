"""The tournament clock page, served over HTTP from an event store while a director writes to it.

``pokerengine tournament serve STORE_URL`` runs :func:`serve`: a small read-only web server
(standard library ``http.server``) with three things to get:

* ``/``: the page (``clock_page.html``, everything inline: no font, script or style from
  elsewhere, so it works on a network with nothing beyond the room);
* ``/state.json``: the clock's state now (:func:`~pokerengine.tournament.clock_view.clock_view`);
* ``/events``: the same state as server-sent events, one ``data:`` line each time it changes.

A :class:`ClockFeed` polls the store every :data:`POLL_SECONDS`: a cheap look first (a log file's
size and time; a database tournament's version and head hash, in a read-only connection), and
only when that changed a replay of the events (one read transaction: a consistent snapshot, never
a half-written event).  The page therefore updates within about a poll and a replay of an event
being written.  The server never writes to the store (SQLite is opened ``mode=ro``) and binds
127.0.0.1 unless told otherwise.

Bounds: a request's head (request line and headers) at most :data:`MAX_HEAD_BYTES`, its path
:data:`MAX_PATH` characters; no body and no query; ``GET`` and ``HEAD`` only; a connection that
sends nothing for :data:`IDLE_SECONDS` is closed; at most :data:`MAX_CONNECTIONS` connections at
once, of which :data:`MAX_STREAMS` event streams, each closed after :data:`STREAM_SECONDS` (the
browser reconnects by itself).  Everything refused gets a plain-text status line saying why.
"""

from __future__ import annotations

import hashlib
import http.client
import http.server
import json
import os
import re
import socket
import threading
import time
from collections.abc import Callable
from importlib import resources
from typing import Any

from .._checks import shown
from ..errors import EventLogError, PokerEngineError
from .clock_view import clock_view, steady
from .equity import EquityConfig
from .machine import Tournament
from .sql_store import SQLStore
from .stores import open_store, parse_source

POLL_SECONDS = 0.2
"""How often the store is looked at."""

MAX_HEAD_BYTES = 16 * 1024
"""Largest request head (request line and headers) read, in bytes."""

MAX_PATH = 1024
"""Longest request path, in characters."""

IDLE_SECONDS = 10.0
"""A connection that sends nothing (or does not read what it is sent) for this long is closed."""

MAX_CONNECTIONS = 128
"""Most connections served at once; more are answered 503 and closed."""

MAX_STREAMS = 64
"""Most event streams (clock screens) at once; more are answered 503."""

STREAM_SECONDS = 3600.0
"""An event stream is closed after this long; the page's EventSource reconnects at once."""

PING_SECONDS = 15.0
"""An event stream with nothing new gets a comment line this often (keeps proxies from closing it)."""

PAGE = resources.files(__package__).joinpath("clock_page.html").read_bytes()
"""The page, as served."""


def _csp(page: bytes) -> str:
    """A Content-Security-Policy allowing exactly the page's own inline script and style, and nothing
    from elsewhere."""
    text = page.decode("utf-8")

    def hashes(tag: str) -> str:
        import base64

        found = re.findall(rf"<{tag}>(.*?)</{tag}>", text, flags=re.S)
        return " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'" for s in found)

    return (f"default-src 'none'; script-src {hashes('script')}; style-src {hashes('style')}; "
            "connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


CSP = _csp(PAGE)


class ClockFeed:
    """The clock's latest state, read from ``source`` (a store's URL or a log file's path).

    :meth:`refresh` looks at the store and, when it changed or the clock has moved to another
    period, computes the new state; :meth:`wait` gives it to the event streams.  ``now`` gives
    wall-clock seconds (a test's clock).  Opening checks the store exists and holds a
    tournament; nothing is created.
    """

    def __init__(self, source: str, *, name: str = "", now: Callable[[], float] = time.time) -> None:
        self._now = now
        self._name = name
        src = parse_source(source)
        self._kind = src.kind
        self._source = source
        try:
            store = open_store(source)  # read only: creates nothing, refuses what is missing
        except FileNotFoundError:
            raise EventLogError(f"no such tournament: no log file {shown(src.location)}") from None
        try:
            self._tournament: str | None = getattr(store, "tournament", None)  # a database holding one tournament names it
            self._location = src.location
        finally:
            store.close()
        self._cond = threading.Condition()
        self._version = 0
        self._payload = b""
        self._steady: dict[str, Any] | None = None
        self._t: Tournament | None = None
        self._mark: object = None
        self._error: str | None = None
        self._second: int | None = None
        self.closed = False
        self.refresh()
        if self._t is None:
            raise EventLogError(self._error or f"cannot read {shown(source)}")

    # ---- reading the store
    def _look(self) -> object:
        """A cheap mark of the store's contents: it changes whenever an event is appended."""
        if self._kind == "file":
            st = os.stat(self._location)
            return (st.st_ino, st.st_size, st.st_mtime_ns)
        if self._kind == "sqlite":
            from .sqlite_store import SQLiteStore as Store
        else:
            from .postgres_store import PostgresStore as Store  # type: ignore[assignment]
        probe: SQLStore = Store.__new__(Store)
        probe.location, probe.tournament, probe._closed = self._location, self._tournament, False
        probe._connect(False)
        try:
            with probe._guard("reading"):
                return probe._row()
        finally:
            probe.close()

    def _replay(self) -> Tournament:
        store = open_store(self._source, tournament=self._tournament)
        try:
            return Tournament.replay(store, equity=EquityConfig.off())
        finally:
            store.close()

    def refresh(self) -> bool:
        """Look at the store; publish a new state if anything shown changed.  ``True`` if it did."""
        error = None
        changed = False
        try:
            mark = self._look()
            if mark != self._mark or self._t is None:
                self._t = self._replay()
                self._mark = mark
                changed = True
        except (PokerEngineError, OSError, MemoryError) as exc:
            error = f"cannot read the tournament: {exc}" if not isinstance(exc, MemoryError) else \
                "cannot read the tournament: more events than fit in memory"
        if self._t is None:
            self._error = error
            return False
        now = int(self._now())
        if not changed and now == self._second and (error is None) == (self._error is None):
            return False  # nothing read and the clock has not moved on: the view is the same
        self._second = now
        view = clock_view(self._t, now, name=self._name)
        if error is not None:
            view["error"] = f"{error[:300]} (showing what was read before)"
        calm = steady(view)
        if calm == self._steady and view.get("error") == self._error:
            return False
        with self._cond:
            self._steady, self._error = calm, view.get("error")
            self._payload = json.dumps(view, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
            self._version += 1
            self._cond.notify_all()
        return True

    def latest(self) -> tuple[int, bytes]:
        """The state's number (1, 2, ...) and its JSON."""
        with self._cond:
            return self._version, self._payload

    def fresh(self) -> bytes:
        """The state's JSON with the clock read now (for ``/state.json``)."""
        if self._t is None:  # pragma: no cover - a feed is built with a state
            return self.latest()[1]
        view = clock_view(self._t, int(self._now()), name=self._name)
        if self._error:
            view["error"] = self._error
        return json.dumps(view, ensure_ascii=False, separators=(",", ":")).encode("utf-8")

    def wait(self, seen: int, timeout: float) -> tuple[int, bytes]:
        """The next state after number ``seen``, or the same one after ``timeout`` seconds (or on close)."""
        with self._cond:
            self._cond.wait_for(lambda: self._version != seen or self.closed, timeout=timeout)
            return self._version, self._payload

    def run(self, stop: threading.Event, every: float = POLL_SECONDS) -> None:
        """Refresh every ``every`` seconds until ``stop`` is set."""
        while not stop.wait(every):
            self.refresh()
        with self._cond:
            self.closed = True
            self._cond.notify_all()


class _Head:
    """The request's input, cut at :data:`MAX_HEAD_BYTES` (``http.server`` reads the head line by line)."""

    def __init__(self, raw: Any, budget: int) -> None:
        self._raw = raw
        self._left = budget

    def readline(self, limit: int = -1) -> bytes:
        cap = self._left + 1 if limit is None or limit < 0 else min(limit, self._left + 1)
        line: bytes = self._raw.readline(cap)
        self._left -= len(line)
        if self._left < 0:
            raise http.client.LineTooLong(f"a request head of more than {MAX_HEAD_BYTES:,} bytes")
        return line

    def __getattr__(self, name: str) -> Any:
        return getattr(self._raw, name)


class Handler(http.server.BaseHTTPRequestHandler):
    """Answers ``GET``/``HEAD`` of ``/``, ``/state.json`` and ``/events``; refuses the rest with a reason."""

    server: ClockServer
    server_version = "pokerengine-clock"
    sys_version = ""
    protocol_version = "HTTP/1.0"
    default_request_version = "HTTP/1.0"  # a garbled request line still gets a status line
    timeout = IDLE_SECONDS
    error_message_format = "%(code)d %(message)s: %(explain)s\n"
    error_content_type = "text/plain; charset=utf-8"

    def setup(self) -> None:
        super().setup()
        self.connection.settimeout(self.server.idle_seconds)
        self.rfile = _Head(self.rfile, MAX_HEAD_BYTES)  # type: ignore[assignment]

    def handle_one_request(self) -> None:
        try:
            super().handle_one_request()
        except http.client.LineTooLong as exc:
            self.command, self.request_version, self.requestline = "", "HTTP/1.0", ""
            self.close_connection = True
            self.send_error(431, "Request Header Fields Too Large", str(exc))

    def version_string(self) -> str:
        return self.server_version

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass  # quiet: a wall clock's server logs nothing per request

    def __getattr__(self, name: str) -> Any:
        if name.startswith("do_"):  # any other method: refused, naming the ones allowed
            return self._not_allowed
        raise AttributeError(name)

    def _not_allowed(self) -> None:
        self.send_response(405, "Method Not Allowed")
        self._plain(f"405 method {self.command[:20]!r} not allowed: this server only answers GET and HEAD\n",
                    {"Allow": "GET, HEAD"})

    def _plain(self, text: str, headers: dict[str, str] | None = None) -> None:
        body = text.encode("utf-8")
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self._send(body, "text/plain; charset=utf-8")

    def _send(self, body: bytes, kind: str) -> None:
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        if kind.startswith("text/html"):
            self.send_header("Content-Security-Policy", CSP)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _refuse(self, code: int, reason: str) -> None:
        self.send_response(code)
        self._plain(f"{code} {reason}\n")

    def do_HEAD(self) -> None:
        self.do_GET()

    def do_GET(self) -> None:
        if self.headers.get("Content-Length", "0").strip() not in ("", "0") or "Transfer-Encoding" in self.headers:
            self.close_connection = True
            return self._refuse(400, "a GET takes no body")
        target = self.path
        if len(target) > MAX_PATH:
            return self._refuse(414, f"the path is longer than {MAX_PATH} characters")
        path = target
        if "?" in target or "#" in target:
            return self._refuse(400, "this server takes no query: ask for /, /state.json or /events")
        if path == "/":
            self.send_response(200)
            return self._send(PAGE, "text/html; charset=utf-8")
        if path == "/state.json":
            self.send_response(200)
            return self._send(self.server.feed.fresh(), "application/json")
        if path == "/events":
            return self._stream()
        if path == "/favicon.ico":
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        return self._refuse(404, f"nothing at {path[:80]!r}: ask for /, /state.json or /events")

    def _stream(self) -> None:
        server = self.server
        if not server.streams.acquire(blocking=False):
            return self._refuse(503, f"too many clock screens at once (at most {MAX_STREAMS})")
        try:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream; charset=utf-8")
            self.send_header("Cache-Control", "no-store")
            self.send_header("X-Content-Type-Options", "nosniff")
            self.end_headers()
            if self.command == "HEAD":
                return None
            self.wfile.write(b"retry: 1000\n\n")
            seen = 0
            end = time.monotonic() + server.stream_seconds
            while not server.stopping.is_set() and time.monotonic() < end:
                version, payload = server.feed.wait(seen, timeout=min(PING_SECONDS, max(0.0, end - time.monotonic())))
                if version != seen:
                    self.wfile.write(b"id: %d\ndata: %s\n\n" % (version, payload))
                    seen = version
                else:
                    self.wfile.write(b": ping\n\n")
                self.wfile.flush()
        except (OSError, ValueError):  # the screen went away, or did not read in time
            self.close_connection = True
        finally:
            server.streams.release()
        return None


class ClockServer(http.server.ThreadingHTTPServer):
    """The HTTP server: :class:`Handler` per connection, at most :data:`MAX_CONNECTIONS` at once."""

    daemon_threads = True
    request_queue_size = 64

    def __init__(self, address: tuple[str, int], feed: ClockFeed, *, max_connections: int = MAX_CONNECTIONS,
                 max_streams: int = MAX_STREAMS, stream_seconds: float = STREAM_SECONDS,
                 idle_seconds: float = IDLE_SECONDS) -> None:
        self.feed = feed
        self.idle_seconds = idle_seconds
        self.stopping = threading.Event()
        self.slots = threading.BoundedSemaphore(max_connections)
        self.streams = threading.BoundedSemaphore(max_streams)
        self.stream_seconds = stream_seconds
        host = address[0]
        if ":" in host:
            self.address_family = socket.AF_INET6
        super().__init__(address, Handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self.slots.acquire(blocking=False):
            try:
                request.settimeout(1.0)
                request.sendall(b"HTTP/1.0 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
                                b"Connection: close\r\n\r\n503 too many connections at once\n")
            except OSError:
                pass
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a connection's failure (a reset, a timeout) is that connection's: no traceback on stderr


def check_address(host: object, port: object) -> tuple[str, int]:
    """``(host, port)`` to listen on, checked: a host name or address, a port 0-65535 (0: any free one)."""
    if type(host) is not str or not host or len(host) > 255 or not host.isprintable() or " " in host:
        raise EventLogError(f"--host must be a host name or an address, got {shown(host)}")
    if type(port) is not int or not 0 <= port <= 65535:
        raise EventLogError(f"--port must be a whole number from 0 to 65535, got {shown(port)}")
    return host, port


class Running:
    """A clock server running in background threads (:func:`start`): its ``url``; :meth:`stop` ends it."""

    def __init__(self, server: ClockServer, threads: tuple[threading.Thread, ...], stop_event: threading.Event) -> None:
        self.server = server
        self._threads = threads
        self._stop = stop_event
        host, port = server.server_address[:2]
        text = host.decode() if isinstance(host, bytes) else str(host)
        shown_host = f"[{text}]" if ":" in text else text
        self.url = f"http://{shown_host}:{port}/"

    def stop(self) -> None:
        self._stop.set()
        self.server.stopping.set()
        self.server.shutdown()
        self.server.server_close()
        for t in self._threads:
            t.join(timeout=5)


def start(source: str, *, host: str = "127.0.0.1", port: int = 8000, name: str = "",
          now: Callable[[], float] = time.time, poll: float = POLL_SECONDS, **limits: Any) -> Running:
    """Open the store (read only), bind ``host:port`` and serve the clock page in background threads.

    A store that does not exist, or holds no tournament, raises
    :class:`~pokerengine.errors.EventLogError` and nothing is created; so does an address that
    cannot be bound.
    """
    host, port = check_address(host, port)
    if not (type(poll) in (int, float) and 0.01 <= poll <= 60):
        raise EventLogError(f"poll must be from 0.01 to 60 seconds, got {shown(poll)}")
    feed = ClockFeed(source, name=name, now=now)
    try:
        server = ClockServer((host, port), feed, **limits)
    except (OSError, socket.gaierror) as exc:
        raise EventLogError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    stop = threading.Event()
    poller = threading.Thread(target=feed.run, args=(stop, poll), name="clock-feed", daemon=True)
    listener = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, name="clock-http",
                                daemon=True)
    poller.start()
    listener.start()
    return Running(server, (poller, listener), stop)


def serve(source: str, *, host: str = "127.0.0.1", port: int = 8000, name: str = "",
          ready: Callable[[str], None] | None = None) -> None:
    """Serve the clock page until interrupted (``KeyboardInterrupt`` or SIGTERM ends it cleanly)."""
    import signal

    running = start(source, host=host, port=port, name=name)
    done = threading.Event()

    def ends(*_: object) -> None:
        done.set()

    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, ends)
    try:
        if ready is not None:
            ready(running.url)
        while not done.wait(0.5):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        running.stop()
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


__all__ = ["ClockFeed", "ClockServer", "Handler", "Running", "check_address", "serve", "start"]
