"""Offline use in real Chromium: the service worker precaches the built site on
the first visit, the app then boots and plays with the server gone, under any
sub-path, and a new build replaces the cache only when the person asks for it.

Every test serves its own copy of the site with its own server (so it can shut
the server down: a stronger block than Playwright's set_offline, which does not
apply to a service worker's own fetches) and uses a fresh browser context
(service workers and caches live per context).
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import build  # build_scripts/ is on sys.path (tests/browser/conftest.py)
from serve import serve_in_thread
from conftest import CONTEXT_OPTIONS
from helpers import BOOT_MS, READY

OFFLINE_READY = "html[data-offline=ready]"

CACHES_JS = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    out[name] = (await cache.keys()).map((r) => r.url).sort();
  }
  return out;
}"""


class Site:
    """A folder served on 127.0.0.1 until stop()."""

    def __init__(self, folder: Path):
        self.server, self.url = serve_in_thread(folder, port=0)
        self.running = True

    def stop(self):
        if self.running:
            self.running = False
            self.server.shutdown()
            self.server.server_close()


@pytest.fixture
def serve():
    sites = []

    def start(folder):
        sites.append(Site(folder))
        return sites[-1]

    yield start
    for s in sites:
        s.stop()


@pytest.fixture
def context(browser):
    ctx = browser.new_context(service_workers="allow", **CONTEXT_OPTIONS)
    ctx.requests_seen = []
    ctx.responses = []  # (url, served by the service worker)
    ctx.on("request", lambda req: ctx.requests_seen.append(req.url))
    ctx.on("response", lambda resp: ctx.responses.append((resp.url, resp.from_service_worker)))
    yield ctx
    ctx.close()


def new_page(context):
    page = context.new_page()
    page.page_errors = []
    page.on("pageerror", lambda exc: page.page_errors.append(str(exc)))
    return page


def stamp(site: Path) -> dict:
    info = build.read_service_worker_stamp(site)
    assert info is not None, "sw.js is not stamped by the build"
    return info


def json_wheel(site: Path) -> str:
    return json.loads((site / "build.json").read_text())["wheel"]


def first_visit(page, url):
    """Open the app and wait until it plays and the whole site is precached."""
    page.goto(url)
    page.wait_for_selector(READY, timeout=BOOT_MS)
    page.wait_for_selector(OFFLINE_READY, state="attached", timeout=BOOT_MS)
    assert page.evaluate("navigator.serviceWorker.controller !== null")


def play_a_move(page):
    page.click("[data-target='f6']")
    page.wait_for_function("document.querySelectorAll('#move-list li').length >= 1", timeout=60_000)
    assert page.locator("#move-list li").first.inner_text().strip().startswith("f6")


def assert_one_complete_cache(page, base_url, info):
    caches = page.evaluate(CACHES_JS)
    assert list(caches) == [build.CACHE_PREFIX + info["version"]], list(caches)
    urls = caches[build.CACHE_PREFIX + info["version"]]
    assert urls == sorted(base_url + p for p in info["files"])


def test_first_visit_precaches_and_reload_plays_with_the_network_gone(browser, site_dir, serve, context):
    info = stamp(site_dir)
    shipped = {p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*")
               if p.is_file() and not build.is_gzip_sibling(p)} - {"sw.js"}  # the .gz copies are the server's
    assert set(info["files"]) == shipped
    site = serve(site_dir)
    page = new_page(context)
    first_visit(page, site.url + "index.html")
    assert page.evaluate("document.documentElement.dataset.offlineVersion") == info["version"]
    assert_one_complete_cache(page, site.url, info)
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == site.url + "sw.js"

    # no server any more, and the browser offline too
    site.stop()
    context.set_offline(True)
    context.responses.clear()
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_MS)
    assert page.locator("#error").is_hidden()
    play_a_move(page)
    # the page and its engine worker got everything from the service worker
    answered = {url.split("?")[0] for url, _ in context.responses}
    assert {site.url + "index.html", site.url + "engine/worker.js", site.url + "pyodide/pyodide.asm.wasm",
            site.url + "build.json", site.url + json_wheel(site_dir)} <= answered, sorted(answered)
    not_from_sw = [url for url, from_sw in context.responses if not from_sw]
    assert not not_from_sw, not_from_sw
    assert page.evaluate("navigator.onLine") is False
    assert page.locator("#update-ready").count() == 0
    assert not page.page_errors, page.page_errors


def test_sub_path_precaches_and_plays_offline(browser, site_dir, serve, context, tmp_path):
    root = tmp_path / "www"
    (root / "user").mkdir(parents=True)
    (root / "user" / "repo").symlink_to(site_dir, target_is_directory=True)
    (root / "index.html").write_text("<!doctype html><title>another site</title>\n")
    site = serve(root)
    base = site.url + "user/repo/"
    info = stamp(site_dir)
    page = new_page(context)
    first_visit(page, base + "index.html")
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.scope)")
    assert scope == base
    assert_one_complete_cache(page, base, info)
    outside = [u for u in context.requests_seen if not u.startswith(base) and not u.startswith("data:")]
    assert not outside, f"requests outside the site folder: {outside}"

    # offline, open the folder itself (no index.html in the URL): served from the cache
    site.stop()
    context.set_offline(True)
    page.goto(base)
    page.wait_for_selector(READY, timeout=BOOT_MS)
    play_a_move(page)
    assert not page.page_errors, page.page_errors


def test_new_build_replaces_the_cache_after_reload_click(browser, site_dir, serve, context, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    site = serve(copy)
    page = new_page(context)
    first_visit(page, site.url + "index.html")
    old = stamp(copy)["version"]
    assert page.evaluate("document.documentElement.dataset.offlineVersion") == old

    # a second build: one changed file, sw.js re-stamped the way build.py does it
    with open(copy / "styles" / "style.css", "a", encoding="utf-8") as f:
        f.write("\n/* second build */\n")
    new = build.stamp_service_worker(copy)
    assert new != old and stamp(copy)["version"] == new

    page.reload()
    notice = page.wait_for_selector("#update-ready", timeout=BOOT_MS)
    assert "new version" in notice.inner_text()
    # still the old version until the person asks: old page, old cache in use
    assert page.evaluate("document.documentElement.dataset.offlineVersion") == old
    assert "second build" not in page.evaluate("fetch('styles/style.css').then((r) => r.text())")
    assert sorted(page.evaluate(CACHES_JS)) == sorted(build.CACHE_PREFIX + v for v in (old, new))

    with page.expect_navigation(timeout=60_000):
        page.click("#update-ready button")
    page.wait_for_function(f"document.documentElement.dataset.offlineVersion === {new!r}", timeout=BOOT_MS)
    assert_one_complete_cache(page, site.url, stamp(copy))
    assert "second build" in page.evaluate("fetch('styles/style.css').then((r) => r.text())")
    assert page.locator("#update-ready").count() == 0
    page.wait_for_selector(READY, timeout=BOOT_MS)
    assert not page.page_errors, page.page_errors
