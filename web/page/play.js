// Playing: send a game command and draw the answer, a person's move, the computer's turn (it
// thinks in slices, "Move now" cuts it short), a hint.
import { isHumanTurn, render, showHint } from "../board/board.js";
import { botMove } from "../bots/botplay.js";
import { notReady, queueEarlyMove } from "./early.js";
import { $, showError } from "./dom.js";
import { gameInfo, page, stateWords, ui } from "./page.js";
import { errorText, fmtPercent, t } from "../i18n/i18n.js";

const AI_DELAY_MS = 300;
const THINK_SLICE_S = 0.15; // the worker searches this long between two looks at the page
const NO_LEVELS = { iterations: null, seconds: 1 }; // an engine that lists no levels: 1 s a move

const ON_SCREEN_GAME = new Set(["play", "undo", "redo", "goto", "play_line", "promote", "delete", "ai"]);
let aiTimer = null; // the computer's turn, due after AI_DELAY_MS
let thinkToken = 0; // a newer think loop (or any other request) ends an older one
let stopThinking = false; // "Move now": play the best move found so far

/** The computer's turn is not due any more (another game, a request of the person's). */
export function cancelAi() {
  clearTimeout(aiTimer);
}

/** "Move now": the computer plays the best move it has found so far. */
export function moveNow() {
  stopThinking = true;
}

/** Send a game command and render its state (only if no newer request was made). */
export async function send(request, { pause = false, quiet = false } = {}) {
  if (notReady()) return { ok: false, error: { code: "not_ready", message: $("error").textContent } };
  // a game with hidden hands by link is not the engine's game on screen: it moves by its links
  // only (panels/hidden.js), so going back in it, or a move of the engine's game, is not for it
  if (ui.state && ui.state.hidden && ON_SCREEN_GAME.has(request.cmd)) {
    showError(t("hidden.linksOnly"));
    return { ok: false, error: { code: "hidden_game", message: t("hidden.linksOnly") } };
  }
  cancelAi();
  page.pause(pause);
  page.setBusy(true);
  const { response, current } = await page.request(request);
  if (!current) return response;
  page.setBusy(false);
  if (!response.ok) {
    showError(errorText(response.error));
    if (ui.state) render(ui.state);
    return response;
  }
  if (!quiet) showError(""); // a computer move keeps the message of the person's last action
  page.clearSelection();
  page.endEarly();
  render(response.result);
  return response;
}

/** Render a successful answer as the new game on screen. */
export function show(response, { pause = false } = {}) {
  page.pause(pause);
  page.setBusy(false);
  showError("");
  page.clearSelection();
  page.endEarly();
  render(response.result);
}

export function playMove(move) {
  if (ui.busy || !ui.state || ui.state.is_over) return;
  if (ui.early) { queueEarlyMove(move); return; }
  send({ cmd: "play", move });
}

/** Once the engine's own game is on screen: play the move made before it was ready. */
export async function playPendingMove() {
  const waiting = ui.pending;
  if (!waiting) return;
  page.setPending(null);
  const response = await send({ cmd: "play", move: waiting.move });
  if (!response.ok) showError(t("early.notPlayed", { move: waiting.label, error: errorText(response.error) }));
}

export function scheduleAi() {
  cancelAi();
  const s = ui.state;
  if (!s || s.is_over || ui.paused || ui.embed || ui.early || s.hidden) return; // (hidden: the friend's link)
  const p = s.players[s.current_player];
  if (p.agent === "human") return;
  $("status").append(" " + t("play.thinking"));
  $("board").classList.add("thinking");
  aiTimer = setTimeout(computerMove, AI_DELAY_MS);
}

/** The chosen level's budget for the game on screen, {iterations, seconds (the wall-clock
 * cap)}: the level's own, or with `hint` the Hint button's (the level, capped). */
function levelBudget(hint = false) {
  const info = gameInfo(ui.state.game);
  const levels = (info && info.levels) || [];
  const level = levels.find((lv) => String(lv.level) === $("level").value) || levels.find((lv) => lv.default);
  if (!level) return NO_LEVELS;
  return hint ? level.hint : level;
}

/** Ask the worker to think in slices (the page stays responsive) until the level's budget of
 * iterations is reached (the worker says done), its wall-clock cap is used up, or "Move now"
 * is pressed; calls onProgress after each slice. Returns the last progress, or null if
 * something else happened meanwhile (undo, new game). */
async function thinkFor(budget, onProgress) {
  const token = ++thinkToken;
  const start = performance.now();
  // no restart: a new position starts its own search in the worker, which keeps the subtree
  // already searched under it (Hex, Y); the same position goes on with the search it had
  let request = { cmd: "think", seconds: THINK_SLICE_S, iterations: budget.iterations };
  for (;;) {
    const { response, current } = await page.request(request);
    if (!current || token !== thinkToken) return null;
    if (!response.ok) { showError(errorText(response.error)); return null; }
    const progress = response.result;
    onProgress(progress, budget);
    const left = budget.seconds - (performance.now() - start) / 1000;
    if (progress.done || stopThinking || left <= 0.02) return progress;
    request = { ...request, seconds: Math.min(THINK_SLICE_S, left) };
  }
}

/** The thinking indicator: playouts so far (of the level's), playouts a second, the best move;
 * while the worker reads the position's connections (`analysing`), only that. */
function showThinking(progress, budget) {
  const info = $("thinking-info");
  if (progress && progress.analysing) { // (Hex, Y: the search reads the position's connections first)
    info.textContent = t("think.reading");
    info.hidden = false;
    return;
  }
  if (!progress || !progress.iterations) { info.hidden = true; return; }
  const done = progress.iterations;
  const count = budget.iterations ? t("think.playoutsOf", { done, total: budget.iterations }) : t("think.playouts", { done });
  const rate = progress.iterations_per_second ? " " + t("think.rate", { rate: progress.iterations_per_second }) : "";
  // the computer's best move so far is shown only where it reveals nothing hidden
  const best = ui.state.hidden_information ? "" : t("think.best", { move: progress.move })
    + (progress.value === null ? "" : ` (${fmtPercent(progress.value)})`);
  info.textContent = count + rate + best + (progress.solved ? " " + t("think.proven") : "");
  info.hidden = false;
}

async function computerMove() {
  if (ui.state.players[ui.state.current_player].agent === "bot") { // the person's bot
    const move = await botMove();
    if (move !== null) await send({ cmd: "play", move }, { quiet: true });
    return;
  }
  stopThinking = false;
  $("stop-thinking").hidden = false;
  const progress = await thinkFor(levelBudget(), showThinking);
  $("stop-thinking").hidden = true;
  $("thinking-info").hidden = true;
  // before the move: its answer may schedule the next computer move, which marks "thinking" again
  $("board").classList.remove("thinking");
  if (progress) await send({ cmd: "play", move: progress.move }, { quiet: true });
}

export async function askHint() {
  if (!ui.state || !isHumanTurn(ui.state) || ui.busy || ui.early) return;
  $("hint").disabled = true;
  stopThinking = false;
  const gameKey = ui.state.cursor + ":" + ui.state.moves.length;
  const progress = await thinkFor(levelBudget(true), showThinking);
  $("thinking-info").hidden = true;
  $("hint").disabled = false;
  if (!progress || ui.state.cursor + ":" + ui.state.moves.length !== gameKey) return;
  const entry = ui.state.legal.find((m) => m.move === progress.move);
  showError("");
  const words = progress.words ? stateWords(ui.state, progress.words_code, progress.words) : progress.move;
  $("status").textContent = t("play.hintIs", { move: entry && entry.label ? stateWords(ui.state, entry.label_code, entry.label) : words });
  $("status").title = progress.move; // the notation
  showHint(progress.move);
}
