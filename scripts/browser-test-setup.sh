#!/usr/bin/env bash
# Make sure a headless browser is there for the clock page's browser tests (tests/tournament/test_clock_browser.py):
# Debian's chromium and chromium-driver, installed when /usr/bin/chromium is missing (root only).
# Playwright, which drives it, comes with the project's test extra (pip install -e ".[test]").
# Idempotent and quiet: nothing is printed when the browser is there; never downloads a browser
# build of its own (`playwright install` is not used: the tests launch /usr/bin/chromium).
#
#   scripts/browser-test-setup.sh && POKERENGINE_REQUIRE_BROWSER=1 pytest tests/tournament/test_clock_browser.py
set -euo pipefail
log() { echo "browser-test-setup: $*" >&2; }

if [ ! -x /usr/bin/chromium ]; then
    if [ "$(id -u)" -ne 0 ]; then
        log "/usr/bin/chromium not found: install Debian's chromium and chromium-driver, or run this as root"
        exit 1
    fi
    log "installing Debian's chromium and chromium-driver"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q chromium chromium-driver >/dev/null 2>&1 ||
        { apt-get update -q >/dev/null && apt-get install -y -q chromium chromium-driver >/dev/null; }
fi
/usr/bin/chromium --version >/dev/null 2>&1 || { log "/usr/bin/chromium does not run"; exit 1; }
