// Live analysis (every game): the "Analyse" toggle has the worker search the position on screen
// a slice at a time (bridge "analyse"), and shows after each slice the top candidates: win rate
// for the player to move, share of the search, proof marks ("✓ win" / "✗ loss": a symbol and a
// word, never colour alone) and the principal variation, whose moves play into the tree. A
// candidate that is one click on the board (Hex, Y) also gets its win rate on its cell.
// The page never waits for the search: each slice is a background request, and a person's move
// is answered between two slices.
import { send } from "../page/play.js";
import { $, makeButton } from "../page/dom.js";
import { noHelpReason, page, playerName, ui } from "../page/page.js";
import { errorText, fmtPercent, t } from "../i18n/i18n.js";

const SLICE_S = 0.15; // the worker searches this long between two updates (≥ 4 updates a second)
const TOP = 5;
const IDLE_MS = 200; // how often a paused analysis looks whether it may go on

let result = null; // the last answer, with the key of the position it is about
let running = false;
let note = "";

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/** The position on screen, as far as the analysis is concerned. */
function positionKey(state) {
  return JSON.stringify([state.game, state.seed, state.cursor, state.moves.length, state.path || null,
    state.moves.slice(0, state.cursor)]);
}

const percent = (v) => fmtPercent(v);

/** Why the analysis cannot search now (a sentence), or "" when it can. */
function blocked(state) {
  if (!state || ui.early || !ui.engineReady || ui.failed) return t("help.waiting");
  if (noHelpReason(state)) return noHelpReason(state);
  if (state.is_over) return t("analysis.over");
  if (state.hidden_information && state.viewer !== null && state.viewer !== state.current_player) {
    return t("analysis.waits");
  }
  const p = state.players[state.current_player];
  if (p.agent !== "human" && !ui.paused) return t("analysis.computer");
  return "";
}

/** Turn the analysis on or off (the button's aria-pressed says which). */
let analysing = false; // "Analyse" is on

export function toggleAnalysis(on = !analysing) {
  analysing = on;
  const button = $("analyse");
  button.setAttribute("aria-pressed", String(on));
  button.textContent = t(on ? "analysis.stop" : "play.analyse");
  $("analysis-card").hidden = !on;
  if (!on) { result = null; drawOverlay(); return; }
  renderAnalysis();
  loop();
}

async function loop() {
  if (running) return;
  running = true;
  try {
    while (analysing) {
      const state = ui.state;
      const why = blocked(state);
      if (why || ui.busy || document.hidden) {
        if (why && why !== note) { note = why; result = null; renderAnalysis(); drawOverlay(); }
        await sleep(IDLE_MS);
        continue;
      }
      const key = positionKey(state);
      if (result && result.key === key && result.done) { await sleep(IDLE_MS); continue; } // solved
      const response = await page.background({ cmd: "analyse", seconds: SLICE_S, top: TOP });
      if (!analysing) break;
      if (!ui.state || positionKey(ui.state) !== key) continue; // the position changed meanwhile
      if (!response.ok) {
        note = errorText(response.error);
        result = null;
        renderAnalysis();
        await sleep(IDLE_MS * 3);
        continue;
      }
      note = "";
      result = { ...response.result, key };
      document.body.dataset.analysisUpdates = String(Number(document.body.dataset.analysisUpdates || 0) + 1);
      renderAnalysis();
      drawOverlay();
    }
  } finally {
    running = false;
  }
}

/** After every drawing of a state: an answer about another position is stale. */
export function analysisAfterRender(state) {
  if (analysing && noHelpReason(state)) toggleAnalysis(false); // (a game with a friend came on screen)
  if (!analysing) return;
  if (result && result.key !== positionKey(state)) { result = null; renderAnalysis(); }
  drawOverlay();
}

function playLine(moves) {
  send({ cmd: "play_line", moves }, { pause: true });
}

function valueText(c) {
  if (c.proven === "win") return t("analysis.win");
  if (c.proven === "loss") return t("analysis.loss");
  return c.value === null ? "–" : percent(c.value);
}

function renderAnalysis() {
  const info = $("analysis-info");
  const list = $("analysis-lines");
  list.replaceChildren();
  const state = ui.state;
  if (!result || !state) {
    info.textContent = note || t("analysis.running");
    return;
  }
  const mover = playerName(state, result.player);
  const best = result.candidates[0];
  let summary = t("analysis.summary", { name: mover, n: result.visits });
  if (result.solved && best && best.proven === "win") summary = t("analysis.solvedWin", { name: mover, move: best.move });
  else if (best && best.proven === "loss") summary = t("analysis.solvedLoss", { name: mover });
  else if (best && best.value !== null) summary += " · " + t("analysis.chances", { name: mover, value: percent(best.value) });
  info.textContent = summary;
  $("analysis-legend").hidden = !result.candidates.length;
  result.candidates.forEach((c, rank) => {
    const li = document.createElement("li");
    li.className = "analysis-line" + (c.proven ? ` proven-${c.proven}` : "");
    const move = makeButton(c.move, t("analysis.play", { move: c.move }), () => playLine([c.move]));
    move.className = "candidate-move";
    const value = document.createElement("span");
    value.className = "candidate-value";
    value.textContent = valueText(c);
    value.title = c.proven ? t(`analysis.proven.${c.proven}`, { name: mover }) : t("analysis.rate", { name: mover, move: c.move });
    const share = document.createElement("span");
    share.className = "candidate-share";
    share.textContent = percent(c.share);
    share.title = t("analysis.share", { move: c.move, share: percent(c.share), n: c.visits });
    const bar = document.createElement("span");
    bar.className = "share-bar";
    bar.style.setProperty("--share", String(c.share));
    bar.setAttribute("aria-hidden", "true");
    const label = document.createElement("span");
    label.className = "visually-hidden";
    label.textContent = t("analysis.ofSearch");
    li.append(`${rank + 1}. `, move, " ", value, " ", bar, share, label);
    if (c.pv.length > 1) {
      const pv = document.createElement("span");
      pv.className = "pv";
      pv.setAttribute("aria-label", t("analysis.line", { move: c.move }));
      c.pv.forEach((m, i) => {
        if (i === 0) return;
        pv.append(makeButton(m, t("analysis.playLine", { move: m, n: i + 1 }), () => playLine(c.pv.slice(0, i + 1))));
      });
      li.append(pv);
    }
    list.appendChild(li);
  });
}

/** Candidates that are one click on the board get their win rate on that cell (drawn again
 * after every drawing of the board: board.js hooks.afterDraw). */
export function drawOverlay() {
  const svg = $("board-svg");
  for (const old of svg.querySelectorAll(".analysis-overlay")) old.remove();
  const state = ui.state;
  if (!analysing || !result || !state || result.key !== positionKey(state)) return;
  const single = new Map(); // target -> how many legal moves are that one click
  for (const m of state.legal) if (m.path.length === 1) single.set(m.path[0], (single.get(m.path[0]) || 0) + 1);
  const layer = document.createElementNS("http://www.w3.org/2000/svg", "g");
  layer.setAttribute("class", "analysis-overlay");
  layer.setAttribute("aria-hidden", "true");
  result.candidates.forEach((c, rank) => {
    const entry = state.legal.find((m) => m.move === c.move);
    if (!entry || entry.path.length !== 1 || single.get(entry.path[0]) !== 1) return;
    const cell = svg.querySelector(`[data-target="${CSS.escape(entry.path[0])}"]`);
    if (!cell) return;
    const box = cell.getBBox();
    const text = document.createElementNS("http://www.w3.org/2000/svg", "text");
    text.setAttribute("x", String(box.x + box.width / 2));
    text.setAttribute("y", String(box.y + box.height / 2));
    text.setAttribute("font-size", String(Math.min(box.width, box.height) * 0.38));
    text.setAttribute("class", `analysis-label${rank === 0 ? " best" : ""}${c.proven ? ` proven-${c.proven}` : ""}`);
    text.dataset.move = c.move;
    text.textContent = c.proven === "win" ? t("analysis.win.short") : c.proven === "loss" ? t("analysis.loss.short")
      : c.value === null ? "" : String(Math.round(c.value * 100));
    layer.appendChild(text);
  });
  svg.appendChild(layer);
}

export function wireAnalysis() {
  $("analyse").addEventListener("click", () => toggleAnalysis());
  document.addEventListener("visibilitychange", () => { if (!document.hidden && analysing) loop(); });
}
