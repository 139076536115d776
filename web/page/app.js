// The page controller. The page: settings form (from the engine's option schema), board,
// status, undo/redo, move list. All game knowledge lives in Python; the page only sends JSON
// requests to the worker and draws the scenes that come back. This module starts the engine and
// is the only one that talks to it, the only one that imports and changes the page state `ui`
// (state.js; the features read it through page.js's read-only view, and ask for requests and
// changes through `page`, page.js; what only one feature needs stays in its module: the zoom in
// zoom-view.js, the save's revision in autosave.js, the hint in board.js…), wires the page's
// controls and runs the start-up (main). tests/test_page_controller.py holds it to that. The
// features are modules of their own:
//   state.js     the page state `ui` (this module's only: imported first, so that it is there
//                before any feature runs)
//   page.js      what the features see of this module: its methods `page`, `ui` read-only
//   dom.js       DOM helpers ($, showError, makeButton, makeOption)
//   engine.js    the worker: call(request), callBackground(request), ready (only this module uses it)
//   form.js      the settings form and the seats
//   board.js     drawing a state (board, hands, status, buttons, scores)
//   zoom.js      zoom and pan over the board (zoom-view.js the arithmetic, zoom-touch.js the
//                pointer gestures: drag, pinch, taps that zoom)
//   layout.js    the board's box (the scene's aspect, the window's height), scrolling to it
//   clicks.js    choosing a move by clicks and keys
//   early.js     board first, engine second (a board and a move before the engine is up)
//   play.js      sending moves and commands, the computer's turn, hints
//   variations.js  the variation tree's nodes, the actions under the move list, its keys
//   moves.js     the move list (the whole tree, variations inline) and the replay bar
//   autosave.js  autosave and the saved-games card (storage rules: saves.js)
//   games.js     a new game, or a loaded one (link, file)
//   share.js     share links, embed code, export and import
//   friends.js   games with a friend by link: the friend card, a friend's link, the list
//                (friend-replies.js: the conditional replies, chosen on the board; the name)
//   hidden.js    games with hidden hands by link (Triominos, iwoki, Codex: the fair deal), their
//                records in storage, links, turns, the audit (hidden-card.js: their card, the list)
//   analysis.js  live analysis: candidates, principal variations, the board overlay
//   review.js    game review: the win-rate graph and the move marks
//   gameover.js  the game-over card: the result, Rematch, New game, Review game, Share
//   settings.js  display settings (theme, contrast, coordinates, orientation, targets, sound,
//                animation) and their dialog; sound.js: the move sound and the last move's fade
// Imports go one way (down this list, roughly); what drawing calls above itself goes through
// board.js's hooks, and what the features ask of this module through `page`: both filled in here.
import { ui } from "./state.js"; // first: the page state exists before any feature runs
import { boardClicks } from "./first.js"; // the first board (drawn before this module runs, when it can be)
import { attachHandler } from "../board/render.js";
import { noteSnapshot, rememberSnapshotFailure, snapshotOptions } from "../engine/snapshot.js";
import { getCurrent, getSave, migrateLegacy } from "../panels/saves.js";
import { fetchBootData, showFailure, showSlowStart, wireReload } from "./boot.js";
import { autosave, renderSaves, resumeSave, takeBootError, wireSaves } from "../panels/autosave.js";
import { analysisAfterRender, drawOverlay, wireAnalysis } from "../panels/analysis.js";
import { announceEvent, hooks as boardHooks, render, showHand } from "../board/board.js";
import { confirmChoice, cycleChoice, onActivate, onKey } from "../board/clicks.js";
import { paintBeforeEngine, renderEarlyStatus } from "./early.js";
import { call, callBackground, ready, SLOW_START_MS, startEngine } from "../engine/engine.js";
import { buildForm, readForm, setupHello, syncForm } from "../panels/form.js";
import { newRequest, startBotGame, startNew } from "./games.js";
import { renderMoveList, renderReplay, wireMoveList, wireReplay } from "../panels/moves.js";
import { onTreeKey, renderVariations } from "../panels/variations.js";
import { askHint, cancelAi, moveNow, playMove, playPendingMove, scheduleAi, send } from "./play.js";
import { reviewAfterRender, wireReview } from "../panels/review.js";
import { renderGameOver, wireGameOver } from "../panels/gameover.js";
import { renderFriend, renderFriendGames, startFriendGame, wireFriends } from "../panels/friends.js";
import { cancelPick, pickMove, pickTarget } from "../panels/friend-replies.js";
import { hiddenMove, hiddenPreview, hiddenUndo, startHiddenGame } from "../panels/hidden.js";
import { renderHidden, wireHidden } from "../panels/hidden-card.js";
import { FRIEND_SEAT } from "../panels/friend-seat.js";
import { clearHash, hashParams, openLink, openWaitingLink, renderExports, wireRecords } from "../panels/share.js";
import { $, showError } from "./dom.js";
import { page } from "./page.js";
import { wireLayout } from "./layout.js";
import { wireSettings } from "./settings.js"; // applies the display settings as it loads
import { moveFeedback, playMoveSound } from "./sound.js";
import { wireZoom } from "../board/zoom.js";
import { LANGUAGE_EVENT, errorText, t } from "../i18n/i18n.js";

// ---------------------------------------------------------------- the page state's changes
// Every change to `ui` is made here: the features ask for these through `page` (page.js).

/** The board takes requests (false), or shows that one is on its way (true). */
function setBusy(busy) {
  ui.busy = busy;
  $("board").classList.toggle("busy", busy);
}

/** The click path chosen so far and, when a complete path fits several moves, the choice among
 * them ({moves, index, path}); the preview of an earlier choice goes. */
function select(sel, choice = null) {
  ui.sel = sel;
  ui.choice = choice;
  ui.preview = null;
}

/** `state` is the game on screen now (board.js render): true if it is another position than
 * the last one, whose selection then goes. */
function showGame(state) {
  const old = ui.state;
  const moved = !!old && (state.game !== old.game || state.cursor !== old.cursor
    || state.moves.length !== old.moves.length || state.seed !== old.seed);
  if (moved) { select([]); ui.pick = null; }
  ui.state = state;
  return moved;
}

/** The move made on the board painted before the engine, waiting for it (null: none now). */
function setPending(pending) {
  ui.pending = pending;
  if (pending) document.body.dataset.pendingMove = pending.move;
  else delete document.body.dataset.pendingMove;
}

Object.assign(page, {
  request: call,
  background: callBackground,
  setBusy,
  select,
  clearSelection: () => select([]),
  nextChoice: () => { ui.choice.index = (ui.choice.index + 1) % ui.choice.moves.length; },
  setPreview: (scene) => { ui.preview = scene; },
  setPick: (pick) => { ui.pick = pick; },
  showGame,
  pause: (paused) => { ui.paused = paused; },
  paintEarly: (early) => { ui.early = early; },
  endEarly: () => { ui.early = null; },
  dropEarly: () => { ui.early = null; ui.state = null; setPending(null); },
  setPending,
});

/** The engine's games and formats, from its `hello` (or boot.json's copy), and the form. */
function useHello(hello) {
  ui.games = hello.games;
  ui.importable = hello.importable;
  setupHello(hello);
}

/** The engine cannot start (or died): say so with a Reload button; a move waiting for it is named. */
function engineFailed(reason) {
  if (ui.failed) return;
  ui.failed = true;
  const waiting = ui.pending ? " " + t("engine.failed.move", { move: ui.pending.label }) : "";
  setPending(null);
  for (const node of document.querySelectorAll("#board-svg .pending")) node.classList.remove("pending");
  const saved = ui.engineReady ? " " + t("engine.failed.saved") : "";
  showFailure(t(ui.engineReady ? "engine.stopped.why" : "engine.noStart.why", { reason }) + waiting + saved + " " + t("engine.failed.reload"));
  $("status").textContent = t(ui.engineReady ? "engine.stopped" : "engine.noStart");
  $("board").classList.remove("thinking");
  cancelAi();
  setBusy(false);
}

// (Created here, once the page's modules have run: a worker started earlier, from an async
// script in <head>, made WebKit's page stop answering its WebDriver in 3 loads of 4.)
const embedded = ["board", "replay"].includes(hashParams().get("embed"));
startEngine(engineFailed, snapshotOptions(embedded), (msg) => ready.then((info) => noteSnapshot(msg, info.wheel)));

/** What every drawing of a state ends with (board.js render): the move list and the replay
 * bar; then, once the game on screen is the engine's, what talks to the engine and to storage. */
function afterRender(state) {
  renderMoveList(state);
  renderVariations(state);
  renderReplay(state);
  if (ui.early) { renderEarlyStatus(state); return; } // the engine's parts follow once it is up
  renderExports(state);
  autosave(state);
  renderFriend(state);
  renderHidden(state);
  renderFriendGames();
  announceEvent(state);
  moveFeedback(state); // the move sound, the last move's fade-in (display settings)
  scheduleAi();
  analysisAfterRender(state);
  reviewAfterRender(state);
  renderGameOver(state);
}

Object.assign(boardHooks, {
  afterRender, cycleChoice, confirmChoice, afterDraw: drawOverlay, pickTarget, pickMove, cancelPick,
  // a game with hidden hands by link moves through its links (hidden.js)
  playMove: (move) => (ui.state && ui.state.hidden ? hiddenMove(move) : playMove(move)),
  previewRequest: hiddenPreview,
});

// ---------------------------------------------------------------- wiring
function wire() {
  if (!$("announcer")) { // the live region that reads out game events
    const live = document.createElement("div");
    live.id = "announcer";
    live.className = "visually-hidden";
    live.setAttribute("role", "status");
    live.setAttribute("aria-live", "polite");
    document.body.appendChild(live);
  }
  wireReload();
  wireSettings(playMoveSound);
  // another language chosen in Display: the static texts are worded again (i18n.js); what this
  // page drew from a state is drawn again
  window.addEventListener(LANGUAGE_EVENT, () => {
    if (ui.games && ui.games.length) buildForm($("game-select").value); // (the running game's settings again:)
    if (ui.state) { syncForm(ui.state); render(ui.state); }
    renderSaves();
    renderFriendGames();
  });
  wireZoom();
  wireLayout();
  wireReplay();
  wireMoveList();
  wireRecords();
  wireSaves();
  wireFriends();
  wireHidden();
  wireAnalysis();
  wireReview();
  wireGameOver();
  boardClicks.take = (target) => { if (!ui.state) boardClicks.waiting = target; else onActivate(target); }; // (first.js attached it)
  attachHandler($("panels"), onActivate);
  $("panels").addEventListener("focusin", (ev) => {
    const svg = ev.target.ownerSVGElement;
    if (svg && svg.dataset.panel && ev.target.dataset.target !== undefined) ui.panelFocus[svg.dataset.panel] = ev.target.dataset.target;
  });
  $("handover-go").addEventListener("click", showHand);
  $("undo").addEventListener("click", () => (ui.state && ui.state.hidden ? hiddenUndo()
    : send({ cmd: "undo", until_human: true }, { pause: true })));
  $("redo").addEventListener("click", () => send({ cmd: "redo", until_human: true }, { pause: true }));
  $("ai-move").addEventListener("click", () => { ui.paused = false; scheduleAi(); render(ui.state); });
  $("stop-thinking").addEventListener("click", moveNow);
  $("hint").addEventListener("click", askHint);
  $("game-select").addEventListener("change", () => buildForm($("game-select").value));
  $("settings").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const form = readForm();
    const info = ui.games.find((g) => g.id === form.game);
    if (form.players.includes(FRIEND_SEAT) && info && info.hidden_link) startHiddenGame(form);
    else if (form.players.includes(FRIEND_SEAT)) startFriendGame(form);
    else startNew(form, null, { reveal: true });
  });
  document.addEventListener("bw-review", () => { if (ui.state) renderMoveList(ui.state); }); // marks
  document.addEventListener("keydown", onKey);
  document.addEventListener("keydown", (ev) => { if (!ui.busy && !ui.early) onTreeKey(ev, ui.state); });
}

// ---------------------------------------------------------------- start-up
async function main() {
  const params = hashParams();
  const embed = params.get("embed");
  if (embed === "board" || embed === "replay") {
    ui.embed = embed;
    document.body.classList.add("embed", `embed-${embed}`);
  }
  wire();
  migrateLegacy(); // the first versions' single list of saved games, split into one key a game
  const boot = await fetchBootData();
  if (boot) useHello(boot.hello);
  // the form and the board in two tasks: neither holds the main thread long (no long task)
  await new Promise((resolve) => { setTimeout(resolve, 0); });
  paintBeforeEngine(boot, params);
  const early = ui.early;
  const clicked = boardClicks.waiting; // a click on the first board (first.js): on this one now
  boardClicks.waiting = null;
  if (clicked && early) onActivate(clicked);
  // the default game's board is on screen: ask for that game now (the worker answers as soon as
  // it is up, without a round trip after "ready")
  const firstGame = early && early.request ? call(newRequest(early.request)) : null;
  const slow = setTimeout(() => {
    if (!ui.engineReady && !ui.failed) showSlowStart(t("engine.slow", { seconds: SLOW_START_MS / 1000 }));
  }, SLOW_START_MS);
  const info = await ready;
  clearTimeout(slow);
  ui.engineReady = true;
  document.body.dataset.engineMs = String(Math.round(performance.now()));
  // boot.json's hello is the engine's own for this wheel; another wheel (a stale copy) is asked,
  // and its game is started from the engine's own form, not from boot.json's request
  const trusted = !!boot && boot.wheel === info.wheel;
  if (!trusted) {
    const { response } = await call({ cmd: "hello" });
    if (!response.ok) { engineFailed(errorText(response.error)); return; }
    if (!boot || JSON.stringify(boot.hello) !== JSON.stringify(response.result)) useHello(response.result);
  }
  $("new-game").disabled = false;
  // a share link first; else the game this browser was playing; else a new game
  const token = params.get("r");
  if (early && early.link) ui.early = null; // a friend's link drawn early: the engine opens it now
  const linkError = token ? await openLink(token, { atStart: true }) : null;
  let dropped = null; // a move made on a link's board the engine did not open
  if (ui.state && ui.state.preview) { // the engine refused the link drawn early: the game stays as it was
    if (ui.pending) dropped = t("early.dropped.link", { move: ui.pending.label });
    setPending(null);
    ui.state = null;
  }
  if (!ui.state || ui.early) {
    let resumed = false;
    const saved = getCurrent();
    if (saved && !ui.embed && getSave(saved)) resumed = await resumeSave(saved, { boot: true });
    if (!resumed) {
      // the board painted early was the default game: start exactly that one (the form may
      // have been changed meanwhile); a move made on a resumed board needs that game
      if (early && early.resume && ui.pending) {
        showError(t("early.dropped.save", { move: ui.pending.label }));
        setPending(null);
      }
      ui.early = null; // startNew talks to the engine now
      let started = firstGame && trusted ? (await startNew(null, firstGame)).ok : false;
      if (!started) started = (await startNew(readForm())).ok; // the form as the engine has it
      if (!started && ui.pending) {
        setPending(null);
      }
    }
  }
  if (linkError || dropped) showError([linkError, dropped].filter(Boolean).join(" "));
  else { // shown now: starting the new game cleared it
    const bootError = takeBootError();
    if (bootError) showError(bootError);
  }
  if (params.has("play-bot") && !ui.embed && await startBotGame()) clearHash(); // from the Bot workbench
  renderSaves();
  renderFriendGames();
  $("loading").hidden = true;
  document.body.dataset.ready = "true";
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  document.body.dataset.bootMs = String(info.bootMs ?? "");
  document.body.dataset.bootPhases = JSON.stringify(info.phases || {});
  document.body.dataset.bootSnapshot = info.snapshot || "none";
  await playPendingMove();
  await openWaitingLink();
  if (info.snapshot === "failed") rememberSnapshotFailure(info.wheel);
}

// automation hook (tests, console): send a bridge request through the UI, read the state
// `call` sends a raw bridge request without touching the page (benchmarks, diagnostics)
window.boardwright = {
  send: (request) => send(request),
  call: async (request) => (await call(request)).response,
  state: () => ui.state,
};

main();
