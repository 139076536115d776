"""Computer levels on the built site (pygame_core/levels.py): the level menu lists the game's
search budgets, and the computer thinks with the chosen budget while the thinking indicator
counts its playouts and playouts per second."""

import re

from helpers import open_app, poll, send, wait_idle
from pygame_core.levels import levels

# every think request the page sends its worker, and every text the thinking indicator shows
SPY = """(() => {
  const post = Worker.prototype.postMessage;
  window.__thinks = [];
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.request && message.request.cmd === "think") window.__thinks.push(message.request);
    return post.call(this, message, ...rest);
  };
  window.__indicator = [];
  document.addEventListener("DOMContentLoaded", () => {
    const info = document.getElementById("thinking-info");
    new MutationObserver(() => { if (!info.hidden) window.__indicator.push(info.textContent); })
      .observe(info, { childList: true, characterData: true, subtree: true, attributes: true });
  });
})();"""


def hex5_at_level(page, site_url, level, red):
    """The page (with the spy) at ``level``, a new Hex 5 game of a person against ``red``."""
    page.add_init_script(SPY)
    open_app(page, site_url)
    page.select_option("#level", level)
    page.fill("[data-option=size]", "5")
    page.select_option("[data-seat='0']", "human")
    page.select_option("[data-seat='1']", red)
    page.click("#new-game")
    wait_idle(page)


def menu(page):
    return page.locator("#level option").all_inner_texts(), page.input_value("#level")


def test_the_level_menu_lists_each_games_budgets_and_keeps_the_level(page, site_url):
    open_app(page, site_url)
    default = next(lv["level"] for lv in levels("hex") if lv["default"])
    assert menu(page) == ([lv["label"] for lv in levels("hex")], str(default))
    page.select_option("#level", "1")
    page.select_option("#game-select", "codex")  # another game: its own budgets, the same level
    assert menu(page) == ([lv["label"] for lv in levels("codex")], "1")
    assert levels("codex")[0]["label"] != levels("hex")[0]["label"]
    assert page.locator("#level option").first.get_attribute("title") == levels("codex")[0]["help"]
    assert not page.page_errors and not page.console_errors, (page.page_errors, page.console_errors)


def test_the_computer_answers_within_the_levels_budget_showing_playouts_per_second(page, site_url):
    hex5_at_level(page, site_url, "1", "mcts")
    page.locator('polygon[data-target="c3"]').click()
    poll(page, "() => window.boardwright.state().moves.length === 2", timeout=60)
    wait_idle(page)
    budget = levels("hex")[0]["iterations"]
    thinks = page.evaluate("window.__thinks")
    assert thinks and all(t["iterations"] == budget for t in thinks), thinks
    shown = page.evaluate("window.__indicator")
    pattern = re.compile(rf"([0-9,]+) of {budget:,} playouts \(([0-9,]+)/s\); best so far [a-e][1-5]")
    seen = [m for m in map(pattern.match, shown) if m]
    assert seen, shown
    assert all(0 < int(m[1].replace(",", "")) <= budget and int(m[2].replace(",", "")) > 0 for m in seen)
    assert page.locator("#thinking-info").is_hidden()
    assert not page.page_errors and not page.console_errors, (page.page_errors, page.console_errors)


def test_a_hint_uses_the_levels_hint_budget(page, site_url):
    hex5_at_level(page, site_url, "3", "human")
    page.click("#hint")
    poll(page, "() => document.getElementById('status').textContent.startsWith('Hint: ')", timeout=60)
    hint = levels("hex")[2]["hint"]["iterations"]
    assert hint < levels("hex")[2]["iterations"]  # capped: a hint does not search a whole Hard level
    thinks = page.evaluate("window.__thinks")
    assert thinks and all(t["iterations"] == hint for t in thinks), thinks
    assert not page.page_errors and not page.console_errors, (page.page_errors, page.console_errors)


# a Hex 11 middle game (benchmarks/data/analysis.jsonl, position 8), Blue's last move to be clicked:
# the search's first reading of its connections takes seconds in Pyodide
CROWDED = ["d1", "c3", "d3", "c5", "e4", "d6", "f5", "e7", "g6", "f8", "h7", "g9", "i8", "i9", "h9", "g11",
           "g10", "f11", "f10", "e11", "e10", "d11", "d10", "c11", "b10", "c10", "d9", "c9"]


def test_while_the_computer_reads_a_crowded_position_the_indicator_says_so_and_move_now_plays(page, site_url):
    """The Hex/Y search first reads the position's connections (the root's analysis, over
    several of the page's slices): the indicator says so instead of counting playouts, and
    Move now plays the best move found so far without waiting for the reading to end."""
    page.add_init_script(SPY)
    open_app(page, site_url)
    record = {"format": "boardwright", "version": 1, "game": "hex", "options": {"size": 11, "swap": False},
              "seed": 0, "moves": CROWDED}
    send(page, {"cmd": "load", "record": record, "players": ["human", "mcts"]})
    poll(page, "(n) => window.boardwright.state().moves.length === n", len(CROWDED))
    wait_idle(page)
    page.locator('polygon[data-target="h10"]').click()
    poll(page, "() => window.__indicator.some((text) => text.includes(\"reading the position's connections\"))")
    page.evaluate("() => { const stop = document.getElementById('stop-thinking'); if (!stop.hidden) stop.click(); }")
    poll(page, "(n) => window.boardwright.state().moves.length === n", len(CROWDED) + 2)
    wait_idle(page)
    assert page.locator("#thinking-info").is_hidden() and page.locator("#stop-thinking").is_hidden()
    assert not page.page_errors and not page.console_errors, (page.page_errors, page.console_errors)
