// Board first, engine second: a board drawn before the engine is up (boot.json's initial
// board, the last screen of the autosaved game, or a friend's link read in the page), and a
// move made on it, kept until the engine is ready (play.js playPendingMove plays it then).
import { drawAll, render } from "../board/board.js";
import { forgetScreen, showLoadingNote } from "./boot.js";
import { earlyBoard } from "./early-board.js";
import { $, showError } from "./dom.js";
import { page, stateWords, ui } from "./page.js";
import { t } from "../i18n/i18n.js";

/** Draw a state that does not come from the running engine (boot.json, the last screen of the
 * autosaved game): the board is there at once; a move made on it waits for the engine. */
export function paintEarly(state, early) {
  page.paintEarly(early);
  render(state);
}

export function renderEarlyStatus(state) {
  if (ui.failed) $("status").textContent = t("engine.noStart"); // (it failed before this paint)
  else if (state.dealing) $("status").append(" " + t("early.dealing"));
  else if (ui.pending) $("status").textContent = t("early.pending", { move: ui.pending.label });
  else if (state.preview) $("status").append(t("early.against", { name: state.preview.against }));
  else if (!state.is_over) $("status").append(" " + t("early.starting"));
}

export function queueEarlyMove(move) {
  if (ui.failed) { showError(t("early.failed")); return; }
  if (ui.pending) { showError(t("early.already", { move: ui.pending.label })); return; }
  const entry = ui.state.legal.find((m) => m.move === move);
  const label = entry && entry.label ? stateWords(ui.state, entry.label_code, entry.label) : move; // (the reader's words)
  page.setPending({ move, label, targets: entry ? entry.path : [] });
  showLoadingNote(t("early.waiting", { move: ui.pending.label }));
  showError("");
  page.clearSelection();
  drawAll();
  renderEarlyStatus(ui.state);
}

/** While the board on screen is not yet the engine's, say so (true) instead of acting on it. */
export function notReady() {
  if (ui.early) showError(t("early.notReady"));
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
    $("status").textContent = t("status.loading");
  }
}
