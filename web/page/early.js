// Board first, engine second: a board drawn before the engine is up (boot.json's initial
// board, the last screen of the autosaved game, or a friend's link read in the page), and a
// move made on it, kept until the engine is ready (play.js playPendingMove plays it then).
import { drawAll, render } from "../board/board.js";
import { forgetScreen, showLoadingNote } from "./boot.js";
import { earlyBoard } from "./early-board.js";
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
  else if (state.preview) $("status").append(`: your move against ${state.preview.against} (the engine is starting)`);
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

/** Before the engine is up: a friend's link (its board, read in the page), else the last screen
 * of the game this browser was playing, else the default game's initial board from boot.json
 * (early-board.js chooses). Other links and embeds get none (their game is in the link: the
 * engine opens it, and says why it does not open a friend's link not drawn here). */
export function paintBeforeEngine(boot, params) {
  const link = !!params.get("r");
  try {
    const board = earlyBoard(boot, params, ui.embed);
    if (!board) return;
    paintEarly(board.state, board.early);
    if (link) document.body.dataset.linkPreview = "drawn";
  } catch (err) {
    $("board-svg").replaceChildren();
    page.dropEarly();
    if (link) { // a preview that fails is no preview: the engine opens the link
      console.warn("Boardwright: the link's board could not be drawn early:", err);
      return;
    }
    // a stored screen this page cannot draw: forget it, wait for the engine
    console.warn("Boardwright: the saved screen could not be drawn:", err);
    forgetScreen();
    $("panels").replaceChildren();
    $("move-list").replaceChildren();
    $("status").textContent = "Loading…";
  }
}
