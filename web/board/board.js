// Drawing a state: the board and the hands (render.js draws a scene), the status line, the
// buttons, the scores and notes; the selection, the hint and a move waiting for the
// engine marked on the board. Drawing only: what happens on a click is the modules' above.
import { renderScene } from "./render.js";
import { syncForm } from "../panels/form.js";
import { $, makeButton } from "../page/dom.js";
import { agentOf, lastWords, noHelpReason, page, playerName, stateWords, statusWords, ui } from "../page/page.js";
import { boardRoom, fitBoard, layoutHooks } from "../page/layout.js";
import { applyZoom, resetZoom } from "./zoom.js";
import { renderStrips } from "./strips.js";
import { fmtList, t } from "../i18n/i18n.js";

// What drawing needs from the modules above this one (they import this one), filled in once by
// app.js before anything is drawn: callbacks instead of imports, so that there is no import cycle.
export const hooks = {
  afterRender: null, // (state): the move list, the replay bar, exports, autosave, the computer's turn
  playMove: null, // (move): the button of a move that has no click path
  cycleChoice: null, // the next of several moves that fit the chosen path ("Rotate")
  confirmChoice: null, // play the move shown ("Place")
  afterDraw: null, // (): after the board is drawn anew (the analysis overlay)
  pickTarget: null, // (target): a target clicked while a conditional reply is chosen (ui.pick)
  pickMove: null, // (move): the button of such a move that has no click path
  cancelPick: null, // (): back to the game from choosing a conditional reply
  previewRequest: null, // (move): the request that previews a move of the game on screen, or null (`preview`)
};

layoutHooks.redraw = () => { if (ui.state) drawAll(); };

let gameKey = ""; // game id and seed of the game on screen
let shownViewer = null; // hidden-information games: whose private view is on screen
let hint = null; // the move suggested by "Hint", marked on the board until the position changes
let announced = ""; // the last game event read out (live region)
let wasOver = false; // the position drawn last was a finished game

/** Legal moves whose click path starts with `prefix`. */
export function candidates(prefix) {
  if (!ui.state) return [];
  return ui.state.legal.filter((m) => m.path.length >= prefix.length && prefix.every((t, i) => m.path[i] === t));
}

/** Targets that can be clicked now: the next step of the chosen path, or any first step. */
function clickable() {
  const set = new Set();
  for (const m of candidates(ui.sel)) if (m.path.length > ui.sel.length) set.add(m.path[ui.sel.length]);
  for (const m of ui.state.legal) if (m.path.length) set.add(m.path[0]);
  return set;
}

export function isHumanTurn(state) {
  return !state.is_over && state.players[state.current_player].agent === "human";
}

/** Hidden-information hot-seat: a different person must take the device before we show hands. */
export function needsHandover(state) {
  if (!state.hidden_information || state.viewer === null || state.is_over) return false;
  const humans = state.players.filter((p) => p.agent === "human").length;
  return humans > 1 && shownViewer !== state.viewer;
}

/** The hand-over screen's button: the person whose turn it is has the device, show their hand. */
export function showHand() {
  shownViewer = ui.state.viewer;
  render(ui.state);
}

/** Mark `move` on the board (class "hint") until the position changes. */
export function showHint(move) {
  hint = move;
  drawAll();
}

/** Draw `state` as the game on screen (the engine's answer, or a board painted early). */
export function render(state) {
  if (page.showGame(state)) hint = null; // another position: the hint was for the last one
  // a new game (or a loaded one) starts behind the hand-over screen when several people share
  // the screen; with one person (or none) there is nothing to hide from anybody
  const key = `${state.game}:${state.seed}`;
  if (key !== gameKey) { gameKey = key; shownViewer = -1; resetZoom(); syncForm(state); }
  else if (state.is_over && !wasOver) resetZoom(); // the game just ended: the whole board, the winning chain
  wasOver = state.is_over;
  if (!needsHandover(state)) shownViewer = state.viewer;
  // drop a selection that no longer fits
  if (ui.sel.length && !candidates(ui.sel).length) page.clearSelection();
  const humanTurn = isHumanTurn(state);
  const board = $("board");
  board.dataset.turn = state.is_over ? "" : String(state.current_player);
  board.classList.toggle("over", state.is_over);
  board.classList.toggle("human-turn", humanTurn);
  const handover = needsHandover(state);
  $("handover").hidden = !handover;
  if (handover) {
    const name = playerName(state, state.viewer);
    $("handover-text").textContent = t("handover.to", { name });
    $("handover-go").textContent = t("handover.me", { name });
  }

  // status line
  const status = $("status");
  status.replaceChildren();
  status.removeAttribute("title"); // (a hint's notation)
  if (state.is_over) {
    status.textContent = statusWords(state);
  } else {
    const p = state.players[state.current_player];
    const swatch = document.createElement("span");
    swatch.className = `swatch p${state.current_player}`;
    status.append(swatch, t("status.toMove", { name: playerName(state, state.current_player) }),
      p.agent === "human" ? "" : t("status.agent", { agent: agentOf(state, state.current_player) }));
  }

  renderLastMove(state);

  // buttons
  $("undo").disabled = !state.can_undo;
  $("redo").disabled = !state.can_redo;
  const aiTurn = !state.is_over && !humanTurn;
  $("ai-move").hidden = !(aiTurn && ui.paused) || !!ui.early;
  $("hint").hidden = !humanTurn || !!ui.early;
  const noHelp = noHelpReason(state); // (a running game with a friend: the buttons stay, disabled, with the reason)
  if (noHelp || $("hint").dataset.noHelp) $("hint").disabled = !!noHelp; // (else play.js's, while a hint is sought)
  $("hint").dataset.noHelp = noHelp ? "1" : "";
  $("analyse").disabled = !!noHelp;
  $("help-note").textContent = noHelp;
  $("help-note").hidden = !noHelp;
  renderActions();
  renderStrips(state, ui.paused || !!ui.early || !!state.hidden); // (hidden: a friend's link, no computer thinks)
  drawBoard(); // after what sits above it: the room it may take is known (layout.js)
  markHint();
  renderScores(state);
  renderNotes(state);
  fitBoard(); // the box for this scene, with the status, buttons and hand as they are now

  // the move list and the replay bar; then (the engine's game only) what talks to the engine
  // and to storage: app.js afterRender
  hooks.afterRender(state);
}

/** Under the status: the last move in words and who made it (its notation in the tooltip). */
function renderLastMove(state) {
  const line = $("status-last");
  if (!line) return;
  const who = state.cursor > 0 && state.movers ? state.movers[state.cursor - 1] : null;
  const words = lastWords(state);
  line.hidden = !words || who === null || who === undefined || state.is_over;
  if (line.hidden) return;
  line.textContent = t("status.played", { name: playerName(state, who), move: words });
  line.title = state.last_move || "";
}

/** A finished game's result in words: "Blue wins!", "Player 1 and Player 3 win!", "Draw", or
 * the friend game's "Ana resigned. Bo wins." (the engine's status). */
export function resultText(state) {
  if (state.friend && state.friend.resigned !== null && state.friend.resigned !== undefined) return statusWords(state);
  const names = state.winners.map((i) => playerName(state, i));
  return names.length ? t("result.wins", { names: fmtList(names), count: names.length }) : t("result.draw");
}

/** Mark the targets of the move waiting for the engine (class "pending", named so). */
function markPending() {
  if (!ui.pending) return;
  for (const target of ui.pending.targets) {
    for (const node of document.querySelectorAll(`[data-target="${CSS.escape(target)}"]`)) {
      node.classList.add("pending");
      node.setAttribute("aria-label", t("target.pending", { name: node.getAttribute("aria-label").split(",")[0] }));
    }
  }
}

/** Read out what happened (screen readers) through a polite live region: the last move, who
 * made it and what comes next, once per position. */
export function announceEvent(state) {
  const key = `${state.game}:${state.seed}:${state.cursor}:${state.moves.length}:${state.is_over}`;
  if (key === announced) return;
  announced = key;
  let text;
  const who = state.cursor > 0 ? state.movers[state.cursor - 1] : null;
  if (state.last_move && who !== null && who !== undefined) {
    text = t("status.played", { name: playerName(state, who), move: lastWords(state) }) + ". ";
  } else text = state.cursor === 0 ? t("announce.newGame", { title: state.title }) + " " : "";
  if (state.is_over) text += resultText(state);
  else {
    const p = state.players[state.current_player];
    const name = playerName(state, state.current_player);
    text += t("status.toMove", { name: p.agent === "human" ? name : `${name}${t("status.agent", { agent: agentOf(state, state.current_player) })}` }) + ".";
  }
  $("announcer").textContent = text;
}

/** Draw the board and the panels (hands) with the current selection. */
function drawBoard() {
  const state = ui.state;
  const hidden = needsHandover(state);
  const humanTurn = isHumanTurn(state) && !hidden;
  const pick = ui.pick; // a conditional reply chosen on a position after the game's
  const scene = pick ? pick.scene : ui.preview || state.scene;
  const live = pick ? new Set(pick.legal.filter((m) => m.path.length).map((m) => m.path[0]))
    : humanTurn ? clickable() : new Set();
  const selected = new Set(ui.sel);
  $("board").classList.toggle("picking", !!pick);
  if (ui.choice) selected.add(ui.choice.path[ui.choice.path.length - 1]);
  $("board-svg").style.visibility = hidden ? "hidden" : "";
  if (hidden) { // (the orientation chosen and the overview go too)
    const svg = $("board-svg");
    svg.replaceChildren();
    svg.dataset.turned = svg.dataset.auto = "";
    applyZoom();
  }
  else {
    const svg = $("board-svg");
    const wasTurned = svg.dataset.turned;
    renderScene(svg, scene, live, selected, { orient: true, room: scene.turnable ? boardRoom() : null,
      player: (q) => playerName(state, q) });
    delete svg.dataset.first; // the page's own board (page/first.js may have drawn one before)
    if (svg.dataset.turned !== wasTurned) resetZoom(); // a pan over the board turned is another place
    applyZoom();
    if (pick) markTargets(pick.marks, "conditional", t("target.conditional"));
    else if (hooks.afterDraw) hooks.afterDraw();
    if (!document.body.dataset.firstBoardMs && $("board-svg").querySelector("[data-target]")) {
      document.body.dataset.firstBoardMs = String(Math.round(performance.now()));
    }
  }
  const box = $("panels");
  const active = document.activeElement;
  const panelFocus = box.contains(active) && active.dataset && active.dataset.target !== undefined
    ? active.dataset.target : null; // the panels are drawn anew: keyboard focus moves along
  box.replaceChildren();
  if (hidden) return;
  markPending();
  for (const panel of scene.panels || []) {
    const fig = document.createElement("figure");
    fig.className = "panel-scene" + (panel.cls ? ` ${panel.cls}` : ""); // e.g. "own": the player's hand
    const cap = document.createElement("figcaption");
    cap.textContent = stateWords(state, panel.title_code, panel.title || "");
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", cap.textContent || panel.name);
    svg.classList.add("panel-svg", `panel-${panel.name}`);
    svg.dataset.panel = panel.name;
    if (ui.panelFocus[panel.name]) svg.dataset.focusTarget = ui.panelFocus[panel.name];
    renderScene(svg, panel, live, selected, { player: (q) => playerName(state, q) });
    fig.append(cap, svg);
    box.appendChild(fig);
  }
  if (panelFocus) {
    const node = box.querySelector(`[data-target="${CSS.escape(panelFocus)}"]`)
      || box.querySelector("[data-target][tabindex='0']");
    if (node) node.focus({ preventScroll: true });
  }
}

function renderActions() {
  const state = ui.state;
  const box = $("actions");
  box.replaceChildren();
  if (ui.pick) { // choosing a conditional reply: what to choose, the moves with no click path, Cancel
    const info = document.createElement("span");
    info.className = "pick-info";
    info.textContent = ui.pick.prompt;
    box.append(info);
    for (const a of ui.pick.legal) {
      if (!a.path.length) box.append(makeButton(stateWords(state, a.label_code, a.label || a.move), null, () => hooks.pickMove(a.move)));
    }
    const cancel = makeButton(t("choice.cancel"), t("pick.cancel.title"), () => hooks.cancelPick());
    cancel.id = "pick-cancel";
    box.append(cancel);
    return;
  }
  if (!isHumanTurn(state) || needsHandover(state)) return;
  if (ui.choice) {
    const n = ui.choice.moves.length;
    const info = document.createElement("span");
    info.className = "choice-info";
    const shown = ui.choice.moves[ui.choice.index];
    const words = ui.preview && ui.preview.move === shown ? stateWords(state, ui.preview.words_code, ui.preview.words) : null;
    info.textContent = t("choice.info", { move: words || shown, index: ui.choice.index + 1, count: n });
    info.title = shown; // the notation
    const rot = makeButton(t("choice.rotate"), t("choice.rotate.title"), () => hooks.cycleChoice());
    rot.id = "rotate";
    const ok = makeButton(t("choice.place"), t("choice.place.title"), () => hooks.confirmChoice());
    ok.id = "confirm";
    box.append(info, rot, ok, makeButton(t("choice.cancel"), null, () => { page.clearSelection(); drawAll(); }));
    return;
  }
  for (const a of state.legal) {
    if (a.path.length) continue;
    const b = makeButton(stateWords(state, a.label_code, a.label || a.move), null, () => hooks.playMove(a.move));
    b.dataset.move = a.move;
    box.appendChild(b);
  }
  if (ui.sel.length) {
    box.appendChild(makeButton(t("choice.clear"), null, () => { page.clearSelection(); drawAll(); }));
  }
}

function renderScores(state) {
  const card = $("scores-card");
  const table = $("scores");
  const notes = state.scene.player_notes || [];
  const codes = state.scene.player_notes_codes || [];
  card.hidden = !state.scores;
  if (!state.scores) return;
  table.replaceChildren();
  state.players.forEach((p, i) => {
    const tr = document.createElement("tr");
    if (i === state.current_player) tr.classList.add("to-move");
    if (state.winners.includes(i)) tr.classList.add("winner");
    const name = document.createElement("th");
    name.scope = "row";
    const sw = document.createElement("span");
    sw.className = `swatch p${i}`;
    name.append(sw, ` ${playerName(state, i)}`);
    const who = document.createElement("td");
    who.textContent = agentOf(state, i) || p.agent;
    const note = document.createElement("td");
    note.textContent = stateWords(state, codes[i], notes[i] || "");
    const score = document.createElement("td");
    score.className = "score";
    score.textContent = state.scores[i];
    tr.append(name, who, note, score);
    table.appendChild(tr);
  });
}

function renderNotes(state) {
  const list = $("notes");
  list.replaceChildren();
  for (const n of state.scene.notes || []) {
    const li = document.createElement("li");
    li.className = n.cls || "";
    li.textContent = stateWords(state, n.text_code, n.text);
    list.appendChild(li);
  }
  $("notes-card").hidden = !list.children.length;
}

export function drawAll() { drawBoard(); renderActions(); markHint(); fitBoard(); }

/** Add `cls` to the board's nodes of these targets, and `what` to their names. */
function markTargets(targets, cls, what) {
  for (const target of targets) {
    for (const node of document.querySelectorAll(`#board-svg [data-target="${CSS.escape(target)}"]`)) {
      node.classList.add(cls);
      node.setAttribute("aria-label", `${node.getAttribute("aria-label")}, ${what}`);
    }
  }
}

/** Mark the click targets of the hinted move (class "hint") after drawing. */
function markHint() {
  if (!hint || !ui.state) return;
  const entry = ui.state.legal.find((m) => m.move === hint);
  if (!entry) return;
  const targets = entry.path && entry.path.length ? entry.path : [entry.target];
  for (const target of targets) {
    if (!target) continue;
    for (const el of document.querySelectorAll(`[data-target="${CSS.escape(target)}"]`)) el.classList.add("hint");
  }
}
