"""Draw docs/img/clock-page.png: the clock page of a random 27-player turbo, 13 minutes in, in headless Chromium.

    python scripts/clock-screenshot.py [OUT.png]

Needs what the browser tests need (scripts/browser-test-setup.sh, the test extra).  The tournament comes
from fixed seeds (the seat draw, the cards and the players' actions), so only the clock's seconds vary.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

from pokerengine.tournament import Director, EquityConfig, Structure
from pokerengine.tournament.serve import start

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
NAMES = ["Ana", "Bram", "Chen", "Dara", "Emil", "Fatou", "Gus", "Hana", "Ivo", "Jun", "Kofi", "Lena", "Mads", "Nia",
         "Olek", "Priya", "Quinn", "Rosa", "Sami", "Tove", "Uri", "Vera", "Wen", "Xavi", "Yara", "Zed", "Ilse"]


def play(d: Director, rng: random.Random) -> None:
    hand = d.deal(d.ready()[0], rng=rng)
    while not hand.over:
        seat, legal = hand.to_act, hand.legal_actions()
        if legal.show:
            hand.show(seat)
        elif legal.raise_to and rng.random() < 0.12:
            hand.raise_to(seat, legal.raise_to.max_to if rng.random() < 0.3 else legal.raise_to.min_to)
        elif legal.check:
            hand.check(seat)
        elif rng.random() < 0.35:
            hand.check_or_call(seat)
        else:
            hand.fold(seat)
    d.finish(hand)


def main(out: str) -> None:
    url = f"sqlite:///{tempfile.mkdtemp()}/events.db?tournament=sunday-turbo"
    structure = Structure.load("fixtures/structures/turbo.json")
    prizes = [13500, 8100, 5400, 4050, 2700]
    d = Director.start(NAMES, prizes, stack=5000, structure=structure, seats=9, seed=2026, equity=EquityConfig.off(),
                       log=url)
    now = int(time.time())
    d.start_clock(now - 13 * 60 - 20)
    d.tick(now)
    rng = random.Random(7)
    while len(d.tournament.remaining) > 23:
        play(d, rng)
    running = start(url, port=0, name="Sunday Turbo")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            page = browser.new_page(viewport={"width": 1600, "height": 900})
            page.goto(running.url)
            page.wait_for_function("() => window.pokerClock !== undefined")
            page.screenshot(path=out)
            browser.close()
    finally:
        running.stop()
        d.close()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/img/clock-page.png")
