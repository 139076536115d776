// The move list and the replay bar (every game): go to any position, step, play the moves
// one after another. With variations the list is the whole tree, lichess style: the
// main line in order, and after a move that has alternatives a block with each of them in
// parentheses (their own alternatives nested inline in parentheses). It knows no game.
import { send } from "../page/play.js";
import { $ } from "../page/dom.js";
import { stateWords, ui } from "../page/page.js";
import { MARKS, moveMark } from "./review.js";
import { treeNodes } from "./variations.js";
import { showReplayBar } from "./replay-bar.js";
import { fmtPercent, t } from "../i18n/i18n.js";

let replayTimer = null; // "Play" in the replay bar
let shownNodes = []; // the tree's nodes on screen, by their buttons' data-node (a path on click)
let scrollPending = false;

/** The moves: the line on screen as a numbered list, or the whole tree when it has variations. */
export function renderMoveList(state) {
  const list = $("move-list");
  const hadFocus = list.contains(document.activeElement); // a move chosen with the keyboard
  shownNodes = [];
  // the JSON tree has a list at its top level exactly when it has variations
  if (state.tree && state.path && state.line_path && state.tree.some(Array.isArray)) renderTree(list, state);
  else renderLine(list, state);
  if (hadFocus) { // the list is new: the focus goes on to the move on screen, not to the page
    const current = list.querySelector("button.current") || list.querySelector("button");
    if (current) current.focus({ preventScroll: true });
  }
  // at the next frame, when the page lays itself out anyway: no layout forced in between
  if (!scrollPending) {
    scrollPending = true;
    requestAnimationFrame(() => { scrollPending = false; scrollToCurrent(list); });
  }
}

function moveButton(text, label) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.title = label;
  b.setAttribute("aria-label", label);
  return b;
}

/** The classes of a move: its player (when known), the position on screen, after it on the
 * line on screen; `button` is the move's own button. */
function mark(elements, button, mover, current, future) {
  for (const el of elements) {
    if (mover !== undefined && mover !== null) el.classList.add(`p${mover}`);
    if (current) el.classList.add("current");
    if (future) el.classList.add("future");
  }
  if (current) button.setAttribute("aria-current", "true");
}

/** One line (no variations, or a hidden-hand game): a numbered list, as it always was. */
function renderLine(list, state) {
  list.classList.remove("tree");
  // the moves in words (in the reader's language), the notation in the tooltip
  const codes = state.move_words_codes || [];
  const words = state.move_words ? state.move_words.map((w, i) => stateWords(state, codes[i], w)) : state.moves;
  list.classList.toggle("long-moves", words.some((m) => m.length > 8));
  list.classList.toggle("in-words", !!state.move_words);
  const items = document.createDocumentFragment();
  state.moves.forEach((mv, i) => {
    const li = document.createElement("li");
    const b = moveButton(words[i] || mv, t("moves.goto", { ply: i + 1, move: words[i] || mv }));
    if (words[i] && words[i] !== mv) b.title = mv;
    b.dataset.cursor = String(i + 1);
    mark([li, b], b, state.movers[i], i === state.cursor - 1, i >= state.cursor);
    li.append(b);
    addReviewMark(li, i + 1);
    items.append(li);
  });
  list.replaceChildren(items);
}

/** The whole tree: one <li> a main-line move (so the list's items are still the main line);
 * the variations of a move in a block inside its item. Built once, no layout reads. */
function renderTree(list, state) {
  list.classList.remove("long-moves");
  list.classList.add("tree");
  const root = treeNodes(state.tree);
  // the line on screen: who played each move up to the cursor, which move is on screen
  let node = root;
  state.line_path.forEach((i, depth) => {
    node = node && node.children[i];
    if (!node) return;
    node.ply = depth + 1;
    node.mover = state.movers[depth];
  });
  const cursor = state.cursor;
  const items = document.createDocumentFragment();
  node = root;
  for (let ply = 1; node.children.length; ply++) {
    const [first, ...others] = node.children;
    const li = document.createElement("li");
    const b = addMove(li, first, ply, false, cursor);
    mark([li], b, first.mover, first.ply === cursor, first.ply > cursor);
    if (others.length) {
      const block = document.createElement("div");
      block.className = "var-block";
      block.setAttribute("role", "group");
      block.setAttribute("aria-label", t("moves.variationsFor", { ply }));
      for (const alt of others) {
        const line = document.createElement("div");
        line.className = "var-line";
        addLine(line, alt, ply, cursor);
        block.append(line);
      }
      li.append(block);
    }
    items.append(li, " ");
    node = first;
  }
  list.replaceChildren(items);
}

/** A variation from `start` (the move number `ply`) along first children; the alternatives
 * met on the way nested in parentheses right after the move they replace. */
function addLine(el, start, ply, cursor) {
  let node = start;
  addMove(el, node, ply, true, cursor);
  while (node.children.length) {
    const [first, ...others] = node.children;
    ply += 1;
    el.append(" ");
    addMove(el, first, ply, true, cursor);
    for (const alt of others) {
      const sub = document.createElement("span");
      sub.className = "var-inline";
      addLine(sub, alt, ply, cursor);
      el.append(" ", sub);
    }
    node = first;
  }
}

/** A move: its number and its button (kept together on one row). Returns the button. */
function addMove(el, node, ply, variation, cursor) {
  const num = document.createElement("span");
  num.className = "ply";
  num.textContent = `${ply}.`;
  num.setAttribute("aria-hidden", "true");
  const b = moveButton(node.move, t(variation ? "moves.goto.variation" : "moves.goto", { ply, move: node.move }));
  b.dataset.node = String(shownNodes.length);
  shownNodes.push(node);
  mark([b], b, node.mover, node.ply === cursor, node.ply > cursor);
  if (node.mover !== undefined) num.classList.add(`p${node.mover}`);
  if (variation) {
    const mv = document.createElement("span");
    mv.className = "mv";
    mv.append(num, b);
    el.append(mv);
    if (node.ply !== undefined) addReviewMark(mv, node.ply);
  } else {
    el.append(num, b);
    if (node.ply !== undefined) addReviewMark(el, node.ply);
  }
  return b;
}

/** The review's mark of the move at `ply` on the line on screen (?!, ?, ??, with the word for
 * screen readers and as a tooltip), after its button. */
function addReviewMark(el, ply) {
  const m = moveMark(ply);
  if (!m) return;
  const span = document.createElement("span");
  span.className = `move-mark mark-${m.mark}`;
  span.textContent = MARKS[m.mark];
  const best = m.best && m.best !== m.move ? t("mark.preferred", { move: m.best }) : "";
  span.title = t("mark.lost", { mark: t(`mark.${m.mark}`), loss: fmtPercent(m.loss) }) + best;
  span.setAttribute("aria-label", span.title);
  el.append(span);
}

function pathOf(node) {
  const path = [];
  for (; node.parent; node = node.parent) path.push(node.index);
  return path.reverse();
}

/** Keep the move on screen visible in the list, as scrollIntoView({block: "nearest"}) would,
 * but the list scrolls, never the page (on a phone the list is far below the board). */
function scrollToCurrent(list) {
  const current = list.querySelector("button.current");
  if (!current || !list.clientHeight) return;
  const box = list.getBoundingClientRect();
  const r = current.getBoundingClientRect();
  if (r.top < box.top) list.scrollTop += r.top - box.top;
  else if (r.bottom > box.bottom) list.scrollTop += r.bottom - box.bottom;
}

/** One listener for every move button (the list is rebuilt with each state). */
export function wireMoveList() {
  $("move-list").addEventListener("click", (ev) => {
    const b = ev.target.closest && ev.target.closest("button");
    if (!b) return;
    if (b.dataset.node !== undefined) {
      const node = shownNodes[Number(b.dataset.node)];
      if (node) send({ cmd: "goto", path: pathOf(node) }, { pause: true });
    } else if (b.dataset.cursor !== undefined) send({ cmd: "goto", cursor: Number(b.dataset.cursor) }, { pause: true });
  });
}

// ---------------------------------------------------------------- replay bar (every game)
export function renderReplay(state) {
  if (state.cursor >= state.moves.length) stopReplay();
  showReplayBar(state, !!replayTimer, !!ui.embed);
  if (state.hidden) $("replay").hidden = true; // a game by hidden link goes back nowhere (hidden.js)
}

function gotoMove(cursor) {
  const s = ui.state;
  if (!s) return Promise.resolve();
  const c = Math.max(0, Math.min(s.moves.length, cursor));
  if (c === s.cursor) return Promise.resolve();
  return send({ cmd: "goto", cursor: c }, { pause: true });
}

export function stopReplay() {
  if (!replayTimer) return;
  clearInterval(replayTimer);
  replayTimer = null;
  $("rp-play").textContent = t("replay.play");
}

function toggleReplay() {
  if (replayTimer) { stopReplay(); renderReplay(ui.state); return; }
  const s = ui.state;
  if (!s || !s.moves.length) return;
  if (s.cursor >= s.moves.length) gotoMove(0);
  replayTimer = setInterval(() => {
    if (ui.busy || !ui.state) return;
    if (ui.state.cursor >= ui.state.moves.length) { stopReplay(); renderReplay(ui.state); return; }
    gotoMove(ui.state.cursor + 1);
  }, 700);
  renderReplay(s);
}

export function wireReplay() {
  $("rp-start").addEventListener("click", () => { stopReplay(); gotoMove(0); });
  $("rp-back").addEventListener("click", () => { stopReplay(); gotoMove(ui.state.cursor - 1); });
  $("rp-fwd").addEventListener("click", () => { stopReplay(); gotoMove(ui.state.cursor + 1); });
  $("rp-end").addEventListener("click", () => { stopReplay(); gotoMove(ui.state.moves.length); });
  $("rp-play").addEventListener("click", toggleReplay);
  let timer = null;
  $("rp-slider").addEventListener("input", () => {
    stopReplay();
    $("rp-pos").textContent = `${$("rp-slider").value} / ${ui.state.moves.length}`;
    clearTimeout(timer); // dragging: go there once the slider rests
    timer = setTimeout(() => gotoMove(Number($("rp-slider").value)), 120);
  });
}
