// Board first, engine second: a board drawn before the engine is up (boot.json's initial
// board, or the last screen of the autosaved game), and a move made on it, kept until the
// engine is ready (play.js playPendingMove plays it then).
import { drawAll, render } from "../board/board.js";
import { forgetScreen, readScreen, showLoadingNote } from "./boot.js";
import { getCurrent, getSave } from "../panels/saves.js";
import { $, showError } from "./dom.js";
import { page, ui } from "./page.js";

/** Draw a state that does not come from the running engine (boot.json, the last screen of the
 * autosaved game): the board is there at once; a move made on it waits for the engine. */
export function paintEarly(state, early) {
  page.paintEarly(early);
  render(state);
}

export function renderEarlyStatus(state) {
  if (ui.failed) $("status").textContent = "The engine could not start."; // (it failed before this paint)
  else if (state.dealing) $("status").append(" — dealing…");
  else if (ui.pending) $("status").textContent = `Your move ${ui.pending.label} will be played as soon as the engine is ready.`;
  else if (!state.is_over) $("status").append(" (the engine is starting)");
}

export function queueEarlyMove(move) {
  if (ui.failed) { showError("The engine could not start: reload the page to play."); return; }
  if (ui.pending) { showError(`Your move ${ui.pending.label} is already waiting for the engine.`); return; }
  const entry = ui.state.legal.find((m) => m.move === move);
  page.setPending({ move, label: (entry && entry.label) || move, targets: entry ? entry.path : [] });
  showLoadingNote(`Your move ${ui.pending.label} is waiting.`);
  showError("");
  page.clearSelection();
  drawAll();
  renderEarlyStatus(ui.state);
}

/** While the board on screen is not yet the engine's, say so (true) instead of acting on it. */
export function notReady() {
  if (ui.early) showError("The engine is still starting: try again in a moment.");
  return !!ui.early;
}

/** Before the engine is up: the last screen of the game this browser was playing, else the
 * default game's initial board from boot.json. Not for share links and embeds (their game is
 * in the link: the engine opens it). */
export function paintBeforeEngine(boot, params) {
  if (params.get("r") || ui.embed) return;
  const saved = getCurrent();
  try {
    if (saved && getSave(saved)) {
      // the engine resumes that game: its own last screen, or no early board (never another
      // game's board, where a click would be played in the wrong game)
      const screen = readScreen(saved);
      if (screen) paintEarly(screen, { resume: saved });
      return;
    }
    const first = boot && ui.games.length ? boot.initial[ui.games[0].id] : null;
    if (first) paintEarly(first.state, { request: first.request });
  } catch (err) { // a stored screen this page cannot draw: forget it, wait for the engine
    console.warn("Boardwright: the saved screen could not be drawn:", err);
    forgetScreen();
    page.dropEarly();
    $("board-svg").replaceChildren();
    $("panels").replaceChildren();
    $("move-list").replaceChildren();
    $("status").textContent = "Loading…";
  }
}
