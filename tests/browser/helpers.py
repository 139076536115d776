"""Page helpers shared by the browser tests.

Everything here waits with selectors or by polling ``page.evaluate`` (DevTools evaluation), never
with ``wait_for_function``'s string evaluation, so the helpers also work in the security tests,
where the site's Content-Security-Policy is enforced and forbids eval.
"""

import random
import time

READY = "body[data-ready=true]"  # the engine has booted and the first scene is drawn
IDLE = "#board:not(.busy):not(.thinking)"  # no request pending, no computer move thinking
BOOT_MS = 120_000


def open_app(page, site_url):
    """Open the site's index page and wait until it is ready; returns the seconds it took."""
    start = time.perf_counter()
    page.goto(site_url + "index.html")
    page.wait_for_selector(READY, timeout=BOOT_MS)
    return time.perf_counter() - start


def app_page(browser, site_url, init_script=None, **options):
    """A new context (`options`: viewport, touch...) and page with its uncaught errors in
    ``page.page_errors``, the site open, ready and idle; returns (context, page)."""
    from conftest import CONTEXT_OPTIONS
    context = browser.new_context(**{**CONTEXT_OPTIONS, **options})  # (options win: a locale)
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    page.page_errors = []
    page.on("pageerror", lambda exc: page.page_errors.append(str(exc)))
    page.goto(site_url + "index.html")
    page.wait_for_selector(READY, timeout=BOOT_MS)
    wait_idle(page)
    return context, page


def settled(page, expression, key=lambda value: value, tries=100):
    """The value of `expression` once the page holds still (`key` of two readings 0.1 s apart
    equal: a smooth scroll has ended), or the last one read."""
    last = None
    for _ in range(tries):
        value = page.evaluate(expression)
        if last is not None and key(value) == key(last):
            return value
        last = value
        page.wait_for_timeout(100)
    return last


def wait_idle(page):
    """Wait until the worker answered the last request and no computer move is pending."""
    page.wait_for_selector(IDLE, state="attached", timeout=90_000)


def state(page):
    """The page's game state as the bridge reports it (``window.boardwright.state()``)."""
    return page.evaluate("window.boardwright.state()")


def n_moves(page):
    return len(state(page)["moves"])


def poll(page, expression, arg=None, timeout=60.0):
    """Wait until `expression` (evaluated with page.evaluate) is truthy; return its value."""
    end = time.monotonic() + timeout
    while True:
        value = page.evaluate(expression, arg)
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {timeout} s waiting for {expression}")
        time.sleep(0.1)


def send(page, request):
    """Send a bridge request through the page (as its own controls do) and wait until idle."""
    page.evaluate("async (r) => { await window.boardwright.send(r); }", request)
    wait_idle(page)


def play_random(page, n, seed=1):
    """Play n of the person's moves, each a random legal move (the computer answers each)."""
    rng = random.Random(seed)
    for _ in range(n):
        st = state(page)
        if st["is_over"] or not st["legal"]:
            break
        before = len(st["moves"])
        send(page, {"cmd": "play", "move": rng.choice(st["legal"])["move"]})
        poll(page, "(b) => window.boardwright.state().moves.length > b", before)
        wait_idle(page)


def same_origin_only(page, site_url):
    foreign = [u for u in page.requests_seen if not u.startswith((site_url, "data:", "blob:"))]
    assert not foreign, f"requests to other origins: {foreign}"
