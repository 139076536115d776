"""The app boots the Pyodide worker from the static site alone and the engine answers."""
import time

from helpers import BOOT_MS, READY


def test_worker_boots_and_answers(page, site_url):
    start = time.perf_counter()
    page.goto(site_url + "index.html")
    page.wait_for_selector(READY, timeout=BOOT_MS)
    print(f"app ready: {(time.perf_counter() - start) * 1000:.0f} ms")
    hello = page.evaluate("window.boardwright.call({ cmd: 'hello' })")
    assert hello["ok"] is True, hello
    assert "hex" in {g["id"] for g in hello["result"]["games"]}, hello
    foreign = [u for u in page.requests_seen if not u.startswith(site_url)]
    assert not foreign, f"requests to other origins: {foreign}"
    # the worker's own fetches (runtime, wheels) must have been seen too
    assert any(u.endswith("pyodide.asm.wasm") for u in page.requests_seen), page.requests_seen
    assert not page.page_errors, page.page_errors
