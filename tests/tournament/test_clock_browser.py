"""The clock page in a real browser: headless Chromium (Debian's, /usr/bin/chromium) driven by Playwright.

A director on SQLite plays hands and a bust, changes level, goes on a break and pauses the clock, while
``pokerengine tournament serve`` runs in another process; the page must show each within a second.
Each update's latency (from just before the director's call to the moment the page drew it) is printed
and checked.  The page must fetch nothing from anywhere but its own server, show hostile player names
as text, and fit a phone's width.

Skips when no browser is installed (scripts/browser-test-setup.sh installs one); with
POKERENGINE_REQUIRE_BROWSER=1 (as .ci/run sets) it fails instead.  POKERENGINE_CLOCK_SCREENSHOT=FILE.png
also saves the screenshot docs/img/clock-page.png was made from.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokerengine.tournament import Director, EquityConfig, Structure

CHROMIUM = os.environ.get("POKERENGINE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
LATENCY = 1.0  # seconds: the page shows an event within a second
REQUIRED = os.environ.get("POKERENGINE_REQUIRE_BROWSER") == "1"


def _need(reason: str) -> None:
    if REQUIRED:
        pytest.fail(f"{reason} (POKERENGINE_REQUIRE_BROWSER=1; run scripts/browser-test-setup.sh)")
    pytest.skip(f"{reason}: run scripts/browser-test-setup.sh to test the clock page in a browser")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)) and shutil.which(CHROMIUM) is None:
        _need(f"no Chromium at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _need("Playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, timeout=60_000)
        try:
            yield b
        finally:
            b.close()


STRUCTURE = Structure.from_json({"name": "Browser Sunday", "levels": [
    {"small_blind": 25, "big_blind": 50, "minutes": 20}, {"small_blind": 50, "big_blind": 100, "ante": 10, "minutes": 20},
    {"break": 10}, {"small_blind": 100, "big_blind": 200, "big_blind_ante": 200, "minutes": 20}]})
HOSTILE = "<img src=x onerror=alert(1)>"


def play(d: Director, rng: random.Random, *, shove: bool = False) -> None:
    hand = d.deal(d.ready()[0], rng=rng)
    while not hand.over:
        seat, legal = hand.to_act, hand.legal_actions()
        if legal.show:
            hand.show(seat)
        elif shove and legal.raise_to:
            hand.raise_to(seat, legal.raise_to.max_to)
        elif legal.call is not None and shove:
            hand.check_or_call(seat)
        elif legal.check:
            hand.check(seat)
        else:
            hand.fold(seat)
    d.finish(hand)


def server(url: str, port: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "pokerengine", "tournament", "serve", url, "--port", port],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Director, str, int, subprocess.Popen[str]]]:
    url = f"sqlite:///{tmp_path}/events.db?tournament=browser"
    names = ["ann", "bob", "cat", "dan", HOSTILE, "eve"]
    d = Director.start(names, [600, 300, 100], stack=1000, structure=STRUCTURE, seats=9, seed=11,
                       equity=EquityConfig.off(), log=url)
    start = int(time.time())
    d.start_clock(start)
    proc = server(url, "0")
    try:
        line = proc.stdout.readline()  # type: ignore[union-attr]
        assert line.startswith("serving http://127.0.0.1:"), line
        yield d, line.split()[1], start, proc
    finally:
        proc.terminate()
        proc.wait(10)
        d.close()
        err = proc.stderr.read()  # type: ignore[union-attr]
        assert err == "", err


def test_the_clock_page_follows_the_director(browser: Any, served: tuple[Director, str, int, Any]) -> None:
    d, url, start, _ = served
    context = browser.new_context(viewport={"width": 1600, "height": 900})
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    dialogs: list[str] = []
    page.on("dialog", lambda dlg: (dialogs.append(dlg.message), dlg.dismiss()))
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_function("() => window.pokerClock && window.pokerClock.events === 2", timeout=10_000)
    assert page.text_content("#period") == "Level 1" and page.text_content("#blinds") == "25 / 50"
    assert page.text_content("#players") == "6 / 6" and page.text_content("#pool") == "1,000"
    assert page.text_content("#name") == "Browser Sunday" and page.text_content("#link") == "live"
    first = page.text_content("#timer")
    page.wait_for_timeout(1300)
    assert page.text_content("#timer") != first  # the countdown runs on its own

    latencies: dict[str, float] = {}
    rng = random.Random(4)

    def measured(what: str, action: Any, shows: Any) -> None:
        before = time.time()
        action()
        events = len(d.tournament.events)
        shows = shows() if callable(shows) else shows
        page.wait_for_function(f"() => window.pokerClock && window.pokerClock.events >= {events} && ({shows})",
                               timeout=10_000)
        drawn = page.evaluate("() => window.pokerClock.updatedAt") / 1000
        latencies[what] = drawn - before

    measured("hand", lambda: play(d, rng),
             "document.getElementById('seats').textContent.length > 0")
    # Shove until someone busts: the last of those hands is the one measured.
    while len(d.tournament.remaining) == 6:
        measured("bust", lambda: play(d, rng, shove=True),
                 lambda: f"document.getElementById('players').textContent === '{len(d.tournament.remaining)} / 6'")
    assert page.text_content("#players") == f"{len(d.tournament.remaining)} / 6"
    done = [s.player for s in d.standings()]
    assert all(p in page.text_content("#payouts") or s.prize == 0 for p, s in zip(done, d.standings()))
    measured("level", lambda: d.tick(start + 20 * 60), "document.getElementById('period').textContent === 'Level 2'")
    assert page.text_content("#blinds") == "50 / 100" and page.text_content("#ante") == "ante 10"
    assert "after a break of 10 minutes" in page.text_content("#next")
    shot = os.environ.get("POKERENGINE_CLOCK_SCREENSHOT")
    if shot:
        page.screenshot(path=shot)
    measured("break", lambda: d.tick(start + 40 * 60), "document.body.classList.contains('break')")
    assert page.text_content("#period") == "Break" and page.text_content("#blinds") == "Next: 100 / 200"
    measured("pause", lambda: d.pause_clock(int(time.time())), "document.body.classList.contains('paused')")
    paused = page.text_content("#timer")
    page.wait_for_timeout(1200)
    assert page.text_content("#timer") == paused and "paused" in page.text_content("#period")
    measured("resume", lambda: d.resume_clock(int(time.time())), "!document.body.classList.contains('paused')")

    # Hostile names are text, never markup; nothing is fetched from elsewhere; no dialog, no script error.
    assert HOSTILE in page.text_content("#seats") and page.locator("#seats img").count() == 0
    assert dialogs == [] and errors == []
    assert requests and all(r.startswith(url) for r in requests), requests
    # A phone: the page fits its width.
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    phone.goto(url)
    phone.wait_for_function("() => window.pokerClock !== undefined", timeout=10_000)
    assert phone.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    phone.context.close()
    context.close()

    print("\nclock page update latency (s): " + ", ".join(f"{k} {v:.3f}" for k, v in latencies.items()))
    slow = {k: round(v, 3) for k, v in latencies.items() if not 0 <= v <= LATENCY}
    assert not slow, f"updates slower than {LATENCY} s: {slow}"


def test_the_page_says_when_the_server_is_gone_and_comes_back(browser: Any, served: tuple[Director, str, int, Any],
                                                               tmp_path: Path) -> None:
    d, url, _, proc = served
    page = browser.new_page()
    page.goto(url)
    page.wait_for_function("() => window.pokerClock && document.getElementById('link').textContent === 'live'",
                           timeout=10_000)
    proc.terminate()
    assert proc.wait(10) == 0
    page.wait_for_function("() => document.getElementById('link').textContent.startsWith('reconnecting')",
                           timeout=10_000)
    d.pause_clock(int(time.time()))  # written while no page could see it
    again = server(f"sqlite:///{tmp_path}/events.db?tournament=browser", url.rsplit(":", 1)[1].strip("/"))
    try:
        assert again.stdout.readline().startswith("serving")  # type: ignore[union-attr]
        page.wait_for_function("() => document.getElementById('link').textContent === 'live' && "
                               "document.body.classList.contains('paused')", timeout=10_000)
    finally:
        again.terminate()
        again.wait(10)
    page.close()
