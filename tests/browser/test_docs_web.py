"""The documentation site in real Chromium, under the site's Content-Security-Policy (not
bypassed): the page's footer Docs link opens the docs, their stylesheet applies, a rules page
and the way back to the game work, and nothing is blocked or fetched from another origin."""
from __future__ import annotations

from urllib.parse import urlsplit


def test_footer_docs_link_opens_the_docs_under_the_policy(browser, site_url):
    context = browser.new_context()  # the policy enforced: the docs must need nothing it forbids
    seen: list[str] = []
    context.on("request", lambda req: seen.append(req.url))
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    try:
        page.goto(site_url, wait_until="domcontentloaded")
        link = page.locator("footer a#docs-link")
        assert link.inner_text() == "Docs"
        with page.expect_navigation():
            link.click()
        assert page.url == site_url + "docs/index.html"
        assert page.title() == "Boardwright \u2014 Boardwright documentation"
        # docs.css applied (a blocked stylesheet would leave the browser's serif default)
        font = page.evaluate("getComputedStyle(document.body).fontFamily")
        assert "system-ui" in font, font
        with page.expect_navigation():
            page.locator('div.body a[href="rules/hex.html"]').first.click()
        assert page.url.endswith("docs/rules/hex.html") and "Blue moves first" in page.inner_text("body")
        with page.expect_navigation():
            page.locator("div.footer a", has_text="Play Boardwright").click()
        assert page.url == site_url + "index.html"
        page.wait_for_selector("footer a#docs-link")
    finally:
        context.close()
    origin = urlsplit(site_url).netloc
    assert [u for u in seen if urlsplit(u).scheme in ("http", "https") and urlsplit(u).netloc != origin] == []
    assert [p for p in problems if "Content Security Policy" in p or "Refused" in p] == [], problems
