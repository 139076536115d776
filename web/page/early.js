// Board first, engine second: a board drawn before the engine is up (boot.json's initial
// board, the last screen of the autosaved game, or a friend's link read in the page), and a
// move made on it, kept until the engine is ready (play.js playPendingMove plays it then).
import { drawAll, render } from "../board/board.js";
import { forgetScreen, readScreen, showLoadingNote } from "./boot.js";
import { getCurrent, getSave } from "../panels/saves.js";
import { readFriendLink } from "../preview/link.js";
import { sceneOf } from "../preview/connection.js";
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

/** The state to draw for a friend's link before the engine reads it (web/preview/: Hex and
 * regular Y), or null: a link of another game, one the engine will refuse, a finished game, one
 * for the other seat or behind this browser's copy of the game (the engine says why). */
function friendPreview(boot, token) {
  const link = readFriendLink(token, boot.hello.games);
  if (!link || link.error || link.over || link.corr.resigned !== null) return null;
  const copy = getSave(`friend-${link.corr.id}`);
  if (copy && copy.friend) { // this browser's copy: the link must be for its seat and move it on
    const mine = copy.record.moves.slice(0, copy.cursor);
    if (copy.friend.seat !== link.view || mine.length > link.moves.length || mine.some((m, k) => m !== link.moves[k])) return null;
  }
  const info = boot.hello.games.find((g) => g.id === link.game);
  const names = info.players;
  const pos = link.position;
  const seat = link.view;
  return {
    game: link.game, title: info.title, options: link.options, seed: link.seed,
    players: names.map((name, index) => ({ index, name, agent: "human", agent_title: "Human" })),
    moves: link.moves, movers: link.moves.map((_, k) => k % 2), cursor: link.moves.length,
    current_player: pos.current, is_over: false, winners: [], scores: null, status: `${names[pos.current]} to move`,
    last_move: link.moves.length ? link.moves[link.moves.length - 1] : null, viewer: seat, hidden_information: false,
    legal: pos.legal().filter((t) => t !== "swap").map((t) => ({ move: t, target: t, label: null, path: [t] })),
    scene: sceneOf(pos, names), spectator: false, can_undo: false, can_redo: false,
    preview: { against: link.corr.names[link.corr.sender] || "your friend" }, // (drawn here, not by the engine)
  };
}

/** Before the engine is up: a friend's link (its board, read in the page), else the last screen
 * of the game this browser was playing, else the default game's initial board from boot.json.
 * Other links and embeds get none (their game is in the link: the engine opens it, and says why
 * it does not open a friend's link not drawn here). */
export function paintBeforeEngine(boot, params) {
  const token = params.get("r");
  if (ui.embed) return;
  if (token) {
    try {
      const preview = boot && /^\s*3\./.test(token) ? friendPreview(boot, token) : null;
      if (preview) {
        paintEarly(preview, { link: token });
        document.body.dataset.linkPreview = "drawn";
      }
    } catch (err) { // a preview that fails is no preview: the engine opens the link
      console.warn("Boardwright: the link's board could not be drawn early:", err);
      page.dropEarly();
      $("board-svg").replaceChildren();
    }
    return;
  }
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
