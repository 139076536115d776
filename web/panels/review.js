// Game review (every game): "Review game" has the worker evaluate every position of the line on
// screen, one position per background request (bridge "review"; results are kept per position,
// so a line reviewed before costs nothing), with progress and Cancel. A win-rate graph under the
// board (SVG; click a point, or anywhere along it, to go to that position) and marks in the
// move list (?! inaccuracy, ? mistake, ?? blunder: a symbol and a word) show the result.
import { send } from "../page/play.js";
import { $ } from "../page/dom.js";
import { noHelpReason, page, playerName, ui } from "../page/page.js";
import { errorText, fmtList, fmtPercent, t } from "../i18n/i18n.js";

const SECONDS = 0.4; // of search per position
const PAD = 8; // px around the graph, so that the first and last points are whole
const SVG_NS = "http://www.w3.org/2000/svg";
export const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
// the marks counted in words, one and more ("1 inaccuracy", "4 inaccuracies")
const countWords = (mark, n) => t(`marks.${mark}`, { n });

let running = false;
let token = 0;
let lineKey = ""; // the line the review on screen is about
let reviewed = null; // that review, as the bridge's "review" gives it
let gameKey = ""; // and its game

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });
const keyOf = (state) => JSON.stringify([state.game, state.seed, state.moves]);
const gameOf = (state) => `${state.game}:${state.seed}`;

function svgEl(name, attrs) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/** Why this game cannot be reviewed now, or "". */
function blocked(state) {
  if (!state || ui.early || !ui.engineReady) return t("help.waiting");
  if (noHelpReason(state)) return noHelpReason(state);
  if (state.hidden_information && state.viewer !== null) return t("review.hidden");
  if (!state.moves.length) return t("review.noMoves");
  return "";
}

async function start() {
  const why = blocked(ui.state);
  if (why) { $("review-status").textContent = why; return; }
  if (running) return;
  running = true;
  const mine = ++token;
  renderControls();
  try {
    for (;;) {
      const state = ui.state;
      const p = state.players[state.current_player];
      if (ui.busy || (!state.is_over && p.agent !== "human" && !ui.paused)) { await sleep(150); if (mine !== token) break; continue; }
      const response = await page.background({ cmd: "review", seconds: SECONDS });
      if (mine !== token) break;
      if (!response.ok) { $("review-status").textContent = errorText(response.error); break; }
      show(response.result, ui.state);
      if (response.result.complete) break;
    }
  } finally {
    if (mine === token) running = false;
    renderControls();
  }
}

function cancel() {
  token++;
  running = false;
  renderControls();
  if (reviewed) $("review-status").textContent = t("review.stopped", { done: reviewed.done, total: reviewed.total });
}

function renderControls() {
  $("review-start").hidden = running;
  $("review-cancel").hidden = !running;
  $("review-start").textContent = t(reviewed && !reviewed.complete ? "review.goOn" : "review.start");
}

/** A review answer for the line of ``state``. */
function show(review, state) {
  reviewed = review;
  lineKey = keyOf(state);
  gameKey = gameOf(state);
  const bar = $("review-progress");
  bar.max = review.total;
  bar.value = review.done;
  bar.hidden = review.complete;
  const counts = {};
  for (const m of review.moves) if (m.mark) counts[m.mark] = (counts[m.mark] || 0) + 1;
  const found = fmtList(Object.entries(counts).map(([k, n]) => countWords(k, n)));
  $("review-status").textContent = review.complete
    ? t(found ? "review.done" : "review.done.none", { total: review.total, found })
    : t(running ? "review.running" : "review.partial", { done: review.done, total: review.total });
  drawGraph(review, state);
  document.dispatchEvent(new CustomEvent("bw-review")); // the move list adds the marks
}

/** After every drawing of a state: the graph follows the line and the position on screen. */
export async function reviewAfterRender(state) {
  const noHelp = noHelpReason(state); // (a running game with a friend: the reason beside the button)
  const said = $("review-start").disabled;
  $("review-start").disabled = !!noHelp;
  if (noHelp) $("review-status").textContent = noHelp;
  else if (said) $("review-status").textContent = "";
  if (!reviewed) return;
  if (keyOf(state) === lineKey) { drawGraph(reviewed, state); return; }
  if (gameOf(state) !== gameKey || blocked(state)) { hideReview(); return; }
  const response = await page.background({ cmd: "review", status: true });
  if (response.ok && ui.state && keyOf(ui.state) === keyOf(state)) show(response.result, state);
}

function hideReview() {
  token++;
  running = false;
  reviewed = null;
  lineKey = gameKey = "";
  $("review-graph-box").hidden = true;
  $("review-progress").hidden = true;
  $("review-status").textContent = "";
  renderControls();
}

/** The mark of the move at ``index`` (1-based) of the line on screen, or null. */
export function moveMark(index) {
  if (!reviewed || !ui.state || keyOf(ui.state) !== lineKey) return null;
  const m = reviewed.moves[index - 1];
  return m && m.mark ? m : null;
}

function drawGraph(review, state) {
  const box = $("review-graph-box");
  const svg = $("review-graph");
  box.hidden = false;
  svg.replaceChildren();
  // drawn in CSS pixels (the graph's own size), so its marks are never stretched
  const W = Math.max(100, Math.round(svg.clientWidth || 600));
  const H = Math.max(40, Math.round(svg.clientHeight || 120));
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  const n = review.total;
  const x = (i) => (n > 1 ? PAD + (i / (n - 1)) * (W - 2 * PAD) : W / 2);
  const y = (v) => PAD + (1 - v) * (H - 2 * PAD);
  const two = state.players.length === 2;
  svg.appendChild(svgEl("rect", { x: 0, y: 0, width: W, height: H, class: "graph-bg" }));
  svg.appendChild(svgEl("line", { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: "graph-mid" }));
  // the line, broken where a position is not evaluated yet
  let run = [];
  const flush = () => {
    if (run.length > 1) {
      const pts = run.map(([i, v]) => `${x(i)},${y(v)}`).join(" ");
      if (two) svg.appendChild(svgEl("polygon", { points: `${x(run[0][0])},${H} ${pts} ${x(run[run.length - 1][0])},${H}`, class: "graph-area p0" }));
      svg.appendChild(svgEl("polyline", { points: pts, class: "graph-line" }));
    }
    run = [];
  };
  review.values.forEach((v, i) => { if (v === null) flush(); else run.push([i, v]); });
  flush();
  svg.appendChild(svgEl("line", { x1: x(state.cursor), y1: 0, x2: x(state.cursor), y2: H, class: "graph-cursor" }));
  review.values.forEach((v, i) => {
    if (v === null) return;
    const move = i > 0 ? review.moves[i - 1] : null;
    const mark = move && move.mark;
    const dot = svgEl("circle", { cx: x(i), cy: y(v), r: mark ? 5 : 2.5, class: `graph-point${mark ? ` mark-${mark}` : ""}${i === state.cursor ? " current" : ""}` });
    dot.dataset.index = String(i);
    const title = svgEl("title", {});
    title.textContent = t(move ? "graph.point.move" : "graph.point", { ply: i, move: move ? move.move : "", value: fmtPercent(v) })
      + (mark ? `, ${t(`mark.${mark}`)}` : "");
    dot.appendChild(title);
    svg.appendChild(dot);
    if (mark) {
      const sign = svgEl("text", { x: x(i), y: Math.max(12, y(v) - 8), class: `graph-mark mark-${mark}` });
      sign.textContent = MARKS[mark];
      svg.appendChild(sign);
    }
  });
  const who = two ? t("graph.chance", { name: playerName(state, 0) }) : t("graph.chance.mover");
  svg.setAttribute("aria-label", t("graph.label", { who }));
  $("review-axis").textContent = two ? t("graph.axis", { name: playerName(state, 0), other: playerName(state, 1) }) : who;
}

function onGraphClick(ev) {
  if (!reviewed || !ui.state) return;
  const svg = $("review-graph");
  const rect = svg.getBoundingClientRect();
  const n = reviewed.total;
  const at = n > 1 ? Math.round(((ev.clientX - rect.left - PAD) / (rect.width - 2 * PAD)) * (n - 1)) : 0;
  const cursor = Math.max(0, Math.min(ui.state.moves.length, at));
  if (cursor !== ui.state.cursor) send({ cmd: "goto", cursor }, { pause: true });
}

export function wireReview() {
  $("review-start").addEventListener("click", start);
  $("review-cancel").addEventListener("click", cancel);
  $("review-graph").addEventListener("click", onGraphClick);
}
