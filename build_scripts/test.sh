#!/usr/bin/env bash
# README "test" command:  bash build_scripts/test.sh [pytest args]   (default: tests/)
# Creates/reuses .venv, installs the pinned test tools (pytest, hypothesis, playwright,
# websockets, pytest-timeout, dask + distributed for the cluster test, qrcode: the reference the
# vendored QR encoder is compared with; no Playwright browser download)
# and the docs tools (Sphinx, docs/requirements.txt), installs with apt-get (as root, when missing)
# Chromium, Firefox ESR, WebKitGTK's WebDriver + MiniBrowser and Xvfb, builds the site, runs pytest.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

say() { echo "[test] $*"; }

# 1. virtualenv with the test tools and the docs tools (docs/requirements.txt), pinned
#    (a different installed version is reinstalled)
PINNED=(pytest==9.2.0 hypothesis==6.170.17 playwright==1.65.2 websockets==17.4 pytest-timeout==2.4.0 dask==2026.8.0 distributed==2026.8.0 qrcode==8.2)
. build_scripts/pinned_venv.sh
ensure_venv
PY="$VENV_PY"
mapfile -t DOCS_PINNED < <(docs_pins)
ensure_pinned "${PINNED[@]}" "${DOCS_PINNED[@]}"

# 2. the browsers, from the system (Playwright's own downloads are not used):
#    Chromium (every browser test), Firefox ESR, WebKit and Xvfb (tests/browser/test_cross_browser.py)
find_chromium() {
  if [ -n "${BOARDWRIGHT_CHROMIUM:-}" ]; then echo "$BOARDWRIGHT_CHROMIUM"; return 0; fi
  command -v chromium || command -v chromium-browser || command -v google-chrome || return 1
}
have_firefox() { [ -n "${BOARDWRIGHT_FIREFOX:-}" ] || command -v firefox-esr >/dev/null || command -v firefox >/dev/null; }
have_webkit() {
  { [ -n "${BOARDWRIGHT_WEBKIT_DRIVER:-}" ] || command -v WebKitWebDriver >/dev/null; } &&
  { [ -n "${BOARDWRIGHT_MINIBROWSER:-}" ] || compgen -G "/usr/lib/*/webkit2gtk-4.*/MiniBrowser" >/dev/null; }
}
have_xvfb() { [ -n "${BOARDWRIGHT_XVFB:-}" ] || command -v Xvfb >/dev/null; }
cross_browser() { have_firefox && have_webkit && have_xvfb; }
skip_cross=; [ "${BOARDWRIGHT_CROSS_BROWSER:-}" = skip ] && skip_cross=1
missing=()
find_chromium >/dev/null || missing+=(chromium)
if [ -z "$skip_cross" ]; then
  have_firefox || missing+=(firefox-esr)
  have_webkit || missing+=(webkit2gtk-driver)
  have_xvfb || missing+=(xvfb)
fi
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing with apt-get: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    say "WARNING: not installed: ${missing[*]} (not root or no apt-get); their browser tests are skipped"
  fi
fi
if CHROMIUM="$(find_chromium)"; then
  say "chromium: $CHROMIUM"
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  say "ERROR: chromium still not found after apt-get"; exit 1
else
  say "WARNING: no Chromium found (set BOARDWRIGHT_CHROMIUM); browser tests will try Playwright's bundled one"
fi
# with Firefox, WebKit and Xvfb installed a missing one later fails its test instead of
# skipping it (BOARDWRIGHT_CROSS_BROWSER=skip skips those tests and their install)
if [ -z "$skip_cross" ]; then
  if cross_browser; then
    export BOARDWRIGHT_CROSS_BROWSER=required
    say "firefox, webkit, xvfb: installed (cross-browser tests required)"
  elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "ERROR: Firefox, WebKit or Xvfb still not found after apt-get"; exit 1
  fi
fi

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
