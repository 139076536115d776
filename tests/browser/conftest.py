"""Playwright (sync API) fixtures for end-to-end tests in a real Chromium.

Fixtures: site_dir, site_url (served on 127.0.0.1, ends with "/"), browser, page.
`page.requests_seen` lists every request URL of the page *and its workers*;
`page.console_errors` / `page.page_errors` collect console errors and uncaught errors.
Every test in tests/browser/ gets the `browser` marker.
"""
from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build_scripts"))
from serve import serve_in_thread  # noqa: E402

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
_HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    for item in items:
        if _HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)


def chromium_executable() -> str | None:
    return (os.environ.get("BOARDWRIGHT_CHROMIUM") or shutil.which("chromium")
            or shutil.which("chromium-browser") or shutil.which("google-chrome"))


@pytest.fixture(scope="session")
def site_dir(built_site) -> Path:
    return built_site


@pytest.fixture(scope="session")
def site_url(site_dir):
    server, url = serve_in_thread(site_dir, port=0)
    yield url
    server.shutdown()
    server.server_close()


class _Browser:
    """The Playwright browser, whose new contexts have the page's engine snapshots off unless
    asked for (``new_context(snapshot=True)``): see NO_SNAPSHOT."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, snapshot: bool = False, **options):
        context = self._browser.new_context(**options)
        if not snapshot:
            context.add_init_script(NO_SNAPSHOT)
        return context

    def __getattr__(self, name):
        return getattr(self._browser, name)


@pytest.fixture(scope="session")
def browser():
    from playwright import sync_api  # a missing Playwright is a failure, not a skip
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(headless=True, executable_path=chromium_executable(), args=CHROMIUM_ARGS)
        yield _Browser(b)
        b.close()


# Playwright evaluates string predicates (wait_for_function) with eval, which the site's strict
# Content-Security-Policy forbids: the ordinary tests bypass the policy, and
# test_security.py checks the policy itself in contexts that keep it.
# English, the page's default language, whatever this machine's (test_i18n_web.py asks for others)
CONTEXT_OPTIONS = {"bypass_csp": True, "locale": "en-US"}
# the engine's worker makes its memory snapshot (about 31 MB into Cache Storage) after a boot
# without one; the tests' pages do not (test_board_first.py tests it), through the page's own setting
NO_SNAPSHOT = "try { localStorage.setItem('boardwright.snapshot.v1', 'off'); } catch (e) {}"


@pytest.fixture
def page(browser):
    context = browser.new_context(**CONTEXT_OPTIONS)
    requests_seen: list[str] = []
    context.on("request", lambda req: requests_seen.append(req.url))  # includes worker requests
    pg = context.new_page()
    pg.requests_seen = requests_seen
    pg.console_errors = []
    pg.page_errors = []
    pg.on("console", lambda msg: pg.console_errors.append(msg.text) if msg.type == "error" else None)
    pg.on("pageerror", lambda exc: pg.page_errors.append(str(exc)))
    yield pg
    context.close()
