// In a game with a friend by link, after one's move: conditional replies ("if they play X, I
// answer Y", and once more, up to 4 moves; at most 8), chosen by clicking on the board, and
// one's display name, both sent with the link (the engine checks and keeps them:
// pygame_core/bridge/friend_replies.py; the link in the card is made anew by friends.js).
// Choosing: "Add a conditional reply" puts the board in a mode of its own (ui.pick: the position
// after the moves chosen so far, its legal moves), the next click is their move, the one after
// it your answer; Esc or Cancel goes back to the game. The friend card's block `friend-cond`.
import { drawAll } from "../board/board.js";
import { send } from "../page/play.js";
import { $, makeButton, showError } from "../page/dom.js";
import { page, ui } from "../page/page.js";
import { errorText, t } from "../i18n/i18n.js";

const MAX_LINES = 8; // as the link format (pygame_core/records/v3.py)
const MAX_DEPTH = 4;

/** "if b2, answer d4; then if e1, answer e2" */
export function describeLine(line, capital = false) {
  const pairs = [];
  for (let i = 0; i + 1 < line.length; i += 2) {
    pairs.push(t(capital && i === 0 ? "replies.ifFirst" : "replies.if", { theirs: line[i], yours: line[i + 1] }));
  }
  return pairs.join(t("replies.then"));
}

/** The engine's refusal of a reply line in the reader's words, the line it names (`params.line`:
 * its moves, one a line) worded as the list words it. */
const replyError = (error) => errorText(error && error.params && typeof error.params.line === "string"
  ? { ...error, params: { ...error.params, line: describeLine(error.params.line.split("\n")) } } : error);

const sameLine = (a, b) => a.length === b.length && a.every((m, i) => m === b[i]);
const startsWith = (line, prefix) => prefix.length <= line.length && prefix.every((m, i) => line[i] === m);

/** A line that went with the link sent: it stays (the friend may hold it), it can be continued. */
function wasSent(f, line) {
  return (f.mine_sent || []).some((s) => startsWith(line, s));
}

/** New replies since the link was sent: that link is replaced by the one in the card. */
export function repliesChangedSinceSent(f) {
  const mine = f.mine || [];
  const sent = f.mine_sent || [];
  return f.sent !== null && (mine.length !== sent.length || mine.some((l, i) => !sameLine(l, sent[i])));
}

let saidAt = null; // the position the last word of the block was said at (it goes with it)

function say(text) { $("friend-cond-status").textContent = text; }

// ---------------------------------------------------------------- the card's block
/** The block under the link: the name, the replies set (Continue, Remove), "Add a conditional
 * reply". `open`: replies can be set now (this seat has moved, the friend is to move). */
export function renderReplies(state, open) {
  const f = state.friend;
  const position = `${f.id}/${state.cursor}/${state.moves.length}`;
  if (saidAt !== position) { saidAt = position; say(""); }
  const name = $("friend-me-name");
  if (document.activeElement !== name) name.value = f.names[f.seat] || "";
  const box = $("friend-cond");
  box.hidden = !open;
  if (!open) { if (ui.pick) cancelPick({ quiet: true }); return; }
  const mine = f.mine || [];
  const list = $("friend-cond-list");
  const focused = list.contains(document.activeElement) ? document.activeElement.dataset.action : null;
  list.replaceChildren();
  mine.forEach((line, i) => {
    const li = document.createElement("li");
    const text = document.createElement("span");
    text.className = "what";
    text.textContent = `${i + 1}. ${describeLine(line, true)}`;
    const acts = document.createElement("span");
    acts.className = "acts";
    li.append(text, acts);
    const sent = wasSent(f, line);
    if (line.length < MAX_DEPTH) {
      const more = makeButton(t("replies.continue"), t("replies.continue.title", { line: describeLine(line) }), () => startPick(line));
      more.dataset.action = `continue-${i}`;
      acts.append(more);
    }
    if (sent) {
      const tag = document.createElement("span");
      tag.className = "sent-tag";
      tag.textContent = t("replies.sent");
      tag.title = t("replies.sent.title");
      acts.append(tag);
    } else {
      const remove = makeButton(t("replies.remove"), t("replies.remove.title", { line: describeLine(line) }), () => removeLine(i));
      remove.dataset.action = `remove-${i}`;
      acts.append(remove);
    }
    list.append(li);
  });
  list.hidden = !mine.length;
  if (focused) { const again = list.querySelector(`[data-action="${focused}"]`); if (again) again.focus(); }
  const add = $("friend-cond-add");
  add.hidden = !!ui.pick;
  add.disabled = mine.length >= MAX_LINES;
  add.title = add.disabled ? t("replies.full", { n: MAX_LINES }) : t("replies.add.title");
}

// ---------------------------------------------------------------- choosing on the board
function prompt(line) {
  if (line.length % 2) return t("replies.prompt.answer", { move: line[line.length - 1] });
  return line.length ? t("replies.prompt.next", { line: describeLine(line) }) : t("replies.prompt.first");
}

/** Show the position after `line` (the moves chosen so far) on the board, to choose the next. */
async function pickAt(line) {
  page.setBusy(true);
  const { response, current } = await page.request({ cmd: "friend_pick", line });
  if (!current) return;
  page.setBusy(false);
  if (!response.ok) {
    showError(replyError(response.error));
    if (!ui.pick) return;
    drawAll();
    return;
  }
  showError("");
  const r = response.result;
  const wasPicking = !!ui.pick;
  page.setPick({ line: r.line, scene: r.scene, legal: r.legal, marks: r.marks, prompt: prompt(r.line) });
  drawAll();
  $("friend-cond-add").hidden = true;
  say(`${prompt(r.line)} ${t("replies.escCancels")}`);
  const board = $("board-svg");
  if (!wasPicking || !board.contains(document.activeElement)) {
    const cell = board.querySelector("[data-target][tabindex='0']");
    if (cell) cell.focus({ preventScroll: true });
    board.scrollIntoView({ block: "nearest" });
  }
}

/** "Add a conditional reply" (no line yet), or "Continue" (a line of 2 moves). */
function startPick(line = []) {
  if (ui.busy || !ui.state || !ui.state.friend) return;
  pickAt(line);
}

/** A target clicked while choosing: the legal move it makes there, else why not. */
export function pickTarget(target) {
  if (!ui.pick || ui.busy) return;
  const moves = ui.pick.legal.filter((m) => m.path.length === 1 && m.path[0] === target);
  if (moves.length !== 1) { showError(t("replies.illegal", { target })); return; }
  pickMove(moves[0].move);
}

/** A move chosen: their move (then choose the answer) or your answer (the line is added). */
export async function pickMove(move) {
  if (!ui.pick || ui.busy) return;
  const line = [...ui.pick.line, move];
  if (line.length % 2) { await pickAt(line); return; }
  page.setPick(null);
  const response = await send({ cmd: "friend_lines", add: line });
  if (!response.ok) { showError(replyError(response.error)); say(""); drawAll(); $("friend-cond-add").focus(); return; }
  say(t("replies.added", { line: describeLine(line) }));
  const f = ui.state.friend;
  const i = f.mine.findIndex((l) => sameLine(l, line));
  const next = $("friend-cond-list").querySelector(`[data-action="continue-${i}"]`) || $("friend-cond-add");
  (next.disabled ? $("friend-link") : next).focus();
}

/** Back to the game (Esc, Cancel): nothing is added. */
export function cancelPick({ quiet = false } = {}) {
  if (!ui.pick) return;
  page.setPick(null);
  showError("");
  drawAll();
  if (quiet) return;
  say(t("replies.none"));
  $("friend-cond-add").hidden = false;
  $("friend-cond-add").focus();
}

async function removeLine(i) {
  const line = ui.state.friend.mine[i];
  const response = await send({ cmd: "friend_lines", remove: i });
  if (!response.ok) { showError(replyError(response.error)); return; }
  say(t("replies.removed", { line: describeLine(line) }));
  $("friend-cond-add").focus();
}

// ---------------------------------------------------------------- the name
let naming = null; // the name on its way to the engine

/** This seat's display name, sent with the next link (the engine cuts it to the format's cap). */
function setName() {
  naming = (naming || Promise.resolve()).then(async () => {
    const box = $("friend-me-name");
    const f = ui.state && ui.state.friend;
    if (!f || box.value.trim() === (f.names[f.seat] || "")) return;
    const response = await send({ cmd: "friend_name", name: box.value });
    if (response.ok) box.value = response.result.friend.names[f.seat];
  });
  return naming;
}

/** The name typed is the engine's (before a link is copied or shared). */
export async function flushName() {
  if (ui.state && ui.state.friend && $("friend-me-name").value.trim() !== (ui.state.friend.names[ui.state.friend.seat] || "")) await setName();
  else if (naming) await naming;
}

export function wireReplies() {
  $("friend-cond-add").addEventListener("click", () => startPick([]));
  $("friend-me-name").addEventListener("change", setName);
  $("friend-me-name").addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); setName(); } });
}
