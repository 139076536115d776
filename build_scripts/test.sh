#!/usr/bin/env bash
# README "test" command:  bash build_scripts/test.sh [pytest args]   (default: tests/)
# Creates/reuses .venv, installs pytest + hypothesis + playwright (no browser
# download: a system Chromium is used), builds the site, runs pytest.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

say() { echo "[test] $*"; }

# 1. virtualenv with the test tools
if [ ! -x .venv/bin/python ]; then
  say "creating .venv"
  python3 -m venv .venv
fi
PY=.venv/bin/python
if ! "$PY" -c "import pytest, hypothesis, playwright.sync_api" >/dev/null 2>&1; then
  say "installing pytest, hypothesis, playwright into .venv"
  "$PY" -m pip install -q --disable-pip-version-check pytest hypothesis playwright
fi

# 2. a Chromium for the browser tests (Playwright's own download is not used)
find_chromium() {
  if [ -n "${BOARDWRIGHT_CHROMIUM:-}" ]; then echo "$BOARDWRIGHT_CHROMIUM"; return 0; fi
  command -v chromium || command -v chromium-browser || command -v google-chrome || return 1
}
if ! CHROMIUM="$(find_chromium)"; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "no Chromium found: installing it with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq chromium >/dev/null
    CHROMIUM="$(find_chromium)" || { say "ERROR: chromium still not found after apt-get"; exit 1; }
  else
    say "WARNING: no Chromium found (set BOARDWRIGHT_CHROMIUM); browser tests will try Playwright's bundled one"
    CHROMIUM=""
  fi
fi
[ -n "$CHROMIUM" ] && say "chromium: $CHROMIUM"

# 3. the site (cached: fast when nothing changed)
"$PY" build_scripts/build.py --out dist/site

# 4. the tests
[ $# -eq 0 ] && set -- tests/
set +e
"$PY" -m pytest "$@"
rc=$?
set -e
if [ "$rc" -eq 5 ]; then
  say "ERROR: no tests were collected"
  rc=1
fi
exit "$rc"
