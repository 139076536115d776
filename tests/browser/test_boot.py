"""The Pyodide worker boots from the static site alone and answers a request."""
import json


def test_worker_boots_and_answers(page, site_url):
    page.goto(site_url + "worker-smoke.html")
    page.wait_for_function("document.body.dataset.done || document.body.dataset.fatal", timeout=120_000)
    fatal = page.evaluate("document.body.dataset.fatal || null")
    assert fatal is None, f"worker failed to boot: {fatal}"
    text = page.inner_text("#out")
    assert '"ok": true' in text, text
    assert json.loads(text)["ok"] is True
    boot_ms = int(page.evaluate("document.body.dataset.bootMs"))
    print(f"worker boot: {boot_ms} ms")
    foreign = [u for u in page.requests_seen if not u.startswith(site_url)]
    assert not foreign, f"requests to other origins: {foreign}"
    # the worker's own fetches (runtime, wheels) must have been seen too
    assert any(u.endswith("pyodide.asm.wasm") for u in page.requests_seen), page.requests_seen
    assert not page.page_errors, page.page_errors
