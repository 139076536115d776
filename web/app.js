// The page: settings form (from the engine's option schema), board, status, undo/redo, move
// list. All game knowledge lives in Python; this file only sends JSON requests to the worker
// and draws the scenes that come back.
import { renderScene, attachHandler } from "./render.js";
import { makeSnapshot, rememberSnapshotFailure, SNAPSHOT_DELAY_MS, snapshotsWanted } from "./snapshot.js";
import {
  deleteOldest, deleteSave, exportText, getCurrent, getSave, listSaves, migrateLegacy, parseEntry, putSave, SAVE_PREFIX,
  setCurrent, TAB, touchSave,
} from "./saves.js";
import {
  fetchBootData, forgetScreen, readScreen, saveScreen, showFailure, showLoadingNote, showProgress, showSlowStart, wireReload,
} from "./boot.js";

const $ = (id) => document.getElementById(id);
const AI_DELAY_MS = 300;
const THINK_SLICE_S = 0.15; // the worker searches this long between two looks at the page

// ---------------------------------------------------------------- worker connection
const pending = new Map();
let nextId = 1;
let latestId = 0;
let resolveReady;
const ready = new Promise((resolve) => { resolveReady = resolve; });

// (Created here, once the page's modules have run: a worker started earlier, from an async
// script in <head>, made WebKit's page stop answering its WebDriver in 3 loads of 4.)
const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
function listen(fn) {
  worker.addEventListener("message", (ev) => fn("message", ev));
  worker.addEventListener("error", (ev) => { ev.preventDefault(); fn("error", ev); });
  worker.addEventListener("messageerror", (ev) => fn("messageerror", ev));
}
listen((kind, ev) => {
  // the worker script itself failed: missing file, syntax error, out of memory
  if (kind === "error") { engineFailed(ev.message ? String(ev.message).slice(0, 200) : "its script could not be loaded"); return; }
  if (kind === "messageerror") { engineFailed("it sent a message the page cannot read"); return; }
  const msg = ev.data || {};
  if (msg.type === "progress") showProgress(msg);
  else if (msg.type === "ready") resolveReady(msg);
  else if (msg.type === "fatal") engineFailed(msg.message);
  else if (msg.type === "response") {
    const entry = pending.get(msg.id);
    if (entry) { pending.delete(msg.id); entry(msg.response); }
  }
});

/** The engine cannot start (or died): say so with a Reload button; a move waiting for it is named. */
function engineFailed(reason) {
  if (ui.failed) return;
  ui.failed = true;
  const waiting = ui.pending ? ` Your move ${ui.pending.label} was not played.` : "";
  ui.pending = null;
  delete document.body.dataset.pendingMove;
  for (const node of document.querySelectorAll("#board-svg .pending")) node.classList.remove("pending");
  const what = ui.engineReady ? "The engine stopped" : "The engine could not start";
  const saved = ui.engineReady ? " Your game is saved in this browser." : "";
  showFailure(`${what}: ${reason}.${waiting}${saved} Reload the page to try again.`);
  $("status").textContent = ui.engineReady ? "The engine stopped." : "The engine could not start.";
  $("board").classList.remove("thinking");
  clearTimeout(ui.aiTimer);
  setBusy(false);
}

// A request the engine never answers (its worker was killed or hangs) ends in a message instead
// of a board that stays busy: nothing the engine does takes this long (searches come in slices).
const REPLY_TIMEOUT_MS = 90_000;
// A runtime that is still not up after this long has probably lost its download (Pyodide then
// waits for ever): say so and offer Reload, while still waiting in case it is only slow.
const SLOW_START_MS = 45_000;

/** Send a request; resolves with {ok, result|error} and whether it is still the newest one. */
function call(request) {
  const id = nextId++;
  latestId = id;
  return new Promise((resolve) => {
    // requests made before the engine is up wait in the worker's queue: no timeout for those
    const timer = ui.engineReady ? setTimeout(() => engineFailed(`it did not answer for ${REPLY_TIMEOUT_MS / 1000} s`), REPLY_TIMEOUT_MS) : null;
    pending.set(id, (response) => { clearTimeout(timer); resolve({ response, current: id === latestId }); });
    worker.postMessage({ id, request });
  });
}

// ---------------------------------------------------------------- UI state
const ui = {
  zoom: { scale: 1, dx: 0, dy: 0 }, // the user's zoom and pan over the scene's viewBox
  dragged: false,
  games: [],
  state: null,
  busy: false,
  paused: false, // AI waits after undo/redo/goto until asked
  aiTimer: null,
  thinkToken: 0, // a newer think loop (or any other request) ends an older one
  stopThinking: false, // "Move now": play the best move found so far
  hint: null, // the move suggested by "Hint", marked on the board until the position changes
  sel: [], // the click path chosen so far (e.g. ["tile:1-2-3"])
  choice: null, // {moves: [texts], index, path}: a complete path that fits several moves
  preview: null, // scene showing the current choice
  shownViewer: null, // hidden-information games: whose private view is on screen
  gameKey: "", // game id and seed of the game on screen
  embed: null, // "board" or "replay" when the page is embedded (#r=...&embed=...)
  saveId: null, // the autosave entry of the game on screen
  saveRev: 0, // the revision of that entry this tab last wrote or read (saves.js putSave)
  savedKey: "", // what this tab last wrote or read there (savedGameKey): unchanged, nothing is written
  movedOn: false, // another tab has written that entry since
  lastSaved: null, // the state last autosaved (tried again after "Delete old saves")
  bootError: null, // a saved game that could not be resumed at start-up: shown once the page is up
  replayTimer: null, // "Play" in the replay bar
  panelFocus: {}, // panel name -> the target that keyboard focus last had there
  announced: "", // the last game event read out (live region)
  early: null, // a board painted before the engine is ready: {request} (a new game) or {resume: id}
  pending: null, // {move, label, targets}: a move made on that board, played once the engine is ready
  failed: false, // the engine could not start (or stopped)
  engineReady: false, // the worker said "ready"
  linkAfterBoot: null, // a share link pasted into the address bar while the engine was starting
};

function showError(message) {
  const box = $("error");
  // the engine quotes briefly; this keeps any message (from anywhere) to a readable length
  box.textContent = message.length > 400 ? message.slice(0, 400) + "…" : message;
  box.hidden = !message;
}

function makeOption(value, text, selected = false) {
  const o = document.createElement("option");
  o.value = value; o.textContent = text; o.selected = selected;
  return o;
}

function makeButton(text, title, onClick) {
  const b = document.createElement("button");
  b.type = "button"; b.textContent = text;
  if (title) b.title = title;
  b.addEventListener("click", onClick);
  return b;
}

function gameInfo(id) { return ui.games.find((g) => g.id === id); }

// ---------------------------------------------------------------- settings form
function buildForm(gameId) {
  const info = gameInfo(gameId);
  $("game-description").textContent = info.description;
  const fields = $("option-fields");
  fields.replaceChildren();
  for (const opt of info.options) {
    const label = document.createElement("label");
    label.title = opt.help || "";
    const input = document.createElement(opt.type === "choice" ? "select" : "input");
    input.name = "opt-" + opt.name;
    input.dataset.option = opt.name;
    input.dataset.type = opt.type;
    if (opt.type === "int") {
      input.type = "number";
      if (opt.min !== undefined) input.min = opt.min;
      if (opt.max !== undefined) input.max = opt.max;
      input.value = opt.default ?? "";
      input.required = true;
    } else if (opt.type === "bool") {
      input.type = "checkbox";
      input.checked = !!opt.default;
    } else {
      for (const c of opt.choices) input.appendChild(makeOption(c, c, c === opt.default));
    }
    label.append(opt.title + " ", input);
    fields.appendChild(label);
    if (opt.nullable) {
      // e.g. Triominos "target": a number, or none (a single round)
      const nlabel = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.name = "null-" + opt.name;
      box.dataset.nullFor = opt.name;
      box.checked = opt.default === null;
      input.disabled = box.checked;
      box.addEventListener("change", () => { input.disabled = box.checked; });
      nlabel.append(opt.null_label + " ", box);
      fields.appendChild(nlabel);
    }
    if (opt.name === info.seat_option) input.addEventListener("input", () => buildSeats(gameId));
  }
  buildSeats(gameId);
}

function seatNames(info) {
  if (!info.seat_option) return info.players;
  const input = $("option-fields").querySelector(`[data-option="${info.seat_option}"]`);
  const opt = info.options.find((o) => o.name === info.seat_option);
  let n = Number(input && input.value);
  if (!Number.isInteger(n) || n < opt.min || n > opt.max) n = info.players.length;
  return info.seat_names.slice(0, n);
}

function buildSeats(gameId) {
  const info = gameInfo(gameId);
  const seats = $("player-fields");
  // a seat the person changed keeps its choice; a seat left at its default follows the new game
  const previous = [...seats.querySelectorAll("[data-seat]")]
    .map((s) => (s.value === s.dataset.default ? undefined : s.value));
  seats.replaceChildren();
  seatNames(info).forEach((name, i) => {
    const label = document.createElement("label");
    const select = document.createElement("select");
    select.name = "seat-" + i;
    select.dataset.seat = i;
    const choices = [{ name: "human", title: "Human" }, ...info.agents];
    for (const a of choices) select.appendChild(makeOption(a.name, a.title));
    // default: the first seat is a person, the others the strongest agent
    const best = info.agents.reduce((a, b) => (b.strength > a.strength ? b : a));
    // keep a seat's choice when switching games only if the new game offers it
    const kept = choices.some((a) => a.name === previous[i]) ? previous[i] : undefined;
    select.dataset.default = i === 0 ? "human" : best.name;
    select.value = kept ?? select.dataset.default;
    label.append(`${name} `, select);
    seats.appendChild(label);
  });
}

/** Show the running game's settings in the form (after a game started or was loaded). */
function syncForm(state) {
  if (!gameInfo(state.game)) return;
  if ($("game-select").value !== state.game) { $("game-select").value = state.game; buildForm(state.game); }
  for (const input of $("option-fields").querySelectorAll("[data-option]")) {
    const value = state.options[input.dataset.option];
    const nullBox = $("option-fields").querySelector(`[data-null-for="${input.dataset.option}"]`);
    if (nullBox) { nullBox.checked = value === null; input.disabled = value === null; }
    if (value === null || value === undefined) continue;
    if (input.dataset.type === "bool") input.checked = !!value;
    else input.value = value;
  }
  buildSeats(state.game);
  state.players.forEach((p, i) => {
    const select = $("player-fields").querySelector(`[data-seat="${i}"]`);
    if (select) select.value = p.agent;
  });
}

function readForm() {
  const options = {};
  for (const input of $("option-fields").querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    const nullBox = $("option-fields").querySelector(`[data-null-for="${name}"]`);
    if (nullBox && nullBox.checked) options[name] = null;
    else if (input.dataset.type === "bool") options[name] = input.checked;
    else if (input.dataset.type === "int") {
      const v = Number(input.value);
      options[name] = Number.isInteger(v) ? v : input.value; // the engine explains bad values
    } else options[name] = input.value;
  }
  const players = [...$("player-fields").querySelectorAll("[data-seat]")].map((s) => s.value);
  return { game: $("game-select").value, options, players };
}

// ---------------------------------------------------------------- rendering
/** Legal moves whose click path starts with `prefix`. */
function candidates(prefix) {
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

function isHumanTurn(state) {
  return !state.is_over && state.players[state.current_player].agent === "human";
}

/** Hidden-information hot-seat: a different person must take the device before we show hands. */
function needsHandover(state) {
  if (!state.hidden_information || state.viewer === null || state.is_over) return false;
  const humans = state.players.filter((p) => p.agent === "human").length;
  return humans > 1 && ui.shownViewer !== state.viewer;
}

function render(state) {
  if (ui.state && (state.game !== ui.state.game || state.cursor !== ui.state.cursor
      || state.moves.length !== ui.state.moves.length || state.seed !== ui.state.seed)) {
    clearSelection();
    ui.hint = null;
  }
  ui.state = state;
  // a new game (or a loaded one) starts behind the hand-over screen when several people share
  // the screen; with one person (or none) there is nothing to hide from anybody
  const key = `${state.game}:${state.seed}`;
  if (key !== ui.gameKey) { ui.gameKey = key; ui.shownViewer = -1; ui.zoom = { scale: 1, dx: 0, dy: 0 }; syncForm(state); }
  if (!needsHandover(state)) ui.shownViewer = state.viewer;
  // drop a selection that no longer fits
  if (ui.sel.length && !candidates(ui.sel).length) clearSelection();
  const humanTurn = isHumanTurn(state);
  const board = $("board");
  board.dataset.turn = state.is_over ? "" : String(state.current_player);
  board.classList.toggle("over", state.is_over);
  board.classList.toggle("human-turn", humanTurn);
  const handover = needsHandover(state);
  $("handover").hidden = !handover;
  if (handover) {
    const name = state.players[state.viewer].name;
    $("handover-text").textContent = `Pass the device to ${name}.`;
    $("handover-go").textContent = `I am ${name}: show my hand`;
  }
  drawBoard();

  // status line
  const status = $("status");
  status.replaceChildren();
  if (state.is_over) {
    status.textContent = state.status;
  } else {
    const p = state.players[state.current_player];
    const swatch = document.createElement("span");
    swatch.className = `swatch p${state.current_player}`;
    status.append(swatch, `${p.name} to move`, p.agent === "human" ? "" : ` (${p.agent_title})`);
  }
  const banner = $("banner");
  if (state.is_over) {
    const w = state.winners.length ? state.winners[0] : null;
    banner.className = "banner" + (w === null ? "" : ` p${w}`);
    banner.textContent = state.winners.length
      ? `${state.winners.map((i) => state.players[i].name).join(" and ")} ${state.winners.length > 1 ? "win" : "wins"}!` : "Draw";
    banner.hidden = false;
  } else banner.hidden = true;

  // buttons
  $("undo").disabled = !state.can_undo;
  $("redo").disabled = !state.can_redo;
  const aiTurn = !state.is_over && !humanTurn;
  $("ai-move").hidden = !(aiTurn && ui.paused) || !!ui.early;
  $("hint").hidden = !humanTurn || !!ui.early;
  renderActions();
  markHint();
  renderScores(state);
  renderNotes(state);

  // move list
  const list = $("move-list");
  list.replaceChildren();
  list.classList.toggle("long-moves", state.moves.some((m) => m.length > 8));
  state.moves.forEach((mv, i) => {
    const li = document.createElement("li");
    li.appendChild(makeButton(mv, `Go to the position after move ${i + 1}`,
      () => send({ cmd: "goto", cursor: i + 1 }, { pause: true })));
    if (i < state.movers.length) li.classList.add(`p${state.movers[i]}`);
    if (i === state.cursor - 1) li.classList.add("current");
    if (i >= state.cursor) li.classList.add("future");
    list.appendChild(li);
  });
  const current = list.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
  renderReplay(state);
  if (ui.early) { renderEarlyStatus(state); return; } // the engine's parts follow once it is up
  renderExports(state);
  autosave(state);
  announceEvent(state);
  scheduleAi();
}

// ---------------------------------------------------------------- board first, engine second
/** Draw a state that does not come from the running engine (boot.json, the last screen of the
 * autosaved game): the board is there at once; a move made on it waits for the engine. */
function paintEarly(state, early) {
  ui.early = early;
  render(state);
}

function renderEarlyStatus(state) {
  if (ui.failed) $("status").textContent = "The engine could not start."; // (it failed before this paint)
  else if (state.dealing) $("status").append(" — dealing…");
  else if (ui.pending) $("status").textContent = `Your move ${ui.pending.label} will be played as soon as the engine is ready.`;
  else if (!state.is_over) $("status").append(" (the engine is starting)");
}

function queueEarlyMove(move) {
  if (ui.failed) { showError("The engine could not start: reload the page to play."); return; }
  if (ui.pending) { showError(`Your move ${ui.pending.label} is already waiting for the engine.`); return; }
  const entry = ui.state.legal.find((m) => m.move === move);
  ui.pending = { move, label: (entry && entry.label) || move, targets: entry ? entry.path : [] };
  document.body.dataset.pendingMove = move;
  showLoadingNote(`Your move ${ui.pending.label} is waiting.`);
  showError("");
  clearSelection();
  drawAll();
  renderEarlyStatus(ui.state);
}

/** Mark the targets of the move waiting for the engine (class "pending", named so). */
function markPending() {
  if (!ui.pending) return;
  for (const t of ui.pending.targets) {
    for (const node of document.querySelectorAll(`[data-target="${CSS.escape(t)}"]`)) {
      node.classList.add("pending");
      node.setAttribute("aria-label", `${node.getAttribute("aria-label").split(",")[0]}, your move, waiting for the engine`);
    }
  }
}

/** Once the engine's own game is on screen: play the move made before it was ready. */
async function playPendingMove() {
  const waiting = ui.pending;
  if (!waiting) return;
  ui.pending = null;
  delete document.body.dataset.pendingMove;
  const response = await send({ cmd: "play", move: waiting.move });
  if (!response.ok) showError(`Your move ${waiting.label}, made while the engine was starting, was not played: ${response.error.message}`);
}

/** Read out what happened (screen readers) through a polite live region: the last move, who
 * made it and what comes next, once per position. */
function announceEvent(state) {
  const key = `${state.game}:${state.seed}:${state.cursor}:${state.moves.length}:${state.is_over}`;
  if (key === ui.announced) return;
  ui.announced = key;
  let text;
  const who = state.cursor > 0 ? state.movers[state.cursor - 1] : null;
  if (state.last_move && who !== null && who !== undefined) {
    text = `${state.players[who].name} played ${state.last_move}. `;
  } else text = state.cursor === 0 ? `${state.title}: a new game. ` : "";
  if (state.is_over) text += $("banner").textContent || state.status;
  else {
    const p = state.players[state.current_player];
    text += p.agent === "human" ? `${p.name} to move.` : `${p.name} (${p.agent_title}) to move.`;
  }
  $("announcer").textContent = text;
}

/** Draw the board and the panels (hands) with the current selection. */
function drawBoard() {
  const state = ui.state;
  const hidden = needsHandover(state);
  const humanTurn = isHumanTurn(state) && !hidden;
  const scene = ui.preview || state.scene;
  const live = humanTurn ? clickable() : new Set();
  const selected = new Set(ui.sel);
  if (ui.choice) selected.add(ui.choice.path[ui.choice.path.length - 1]);
  $("board-svg").style.visibility = hidden ? "hidden" : "";
  if (hidden) $("board-svg").replaceChildren();
  else {
    renderScene($("board-svg"), scene, live, selected);
    applyZoom();
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
    cap.textContent = panel.title || "";
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", panel.title || panel.name);
    svg.classList.add("panel-svg", `panel-${panel.name}`);
    svg.dataset.panel = panel.name;
    if (ui.panelFocus[panel.name]) svg.dataset.focusTarget = ui.panelFocus[panel.name];
    renderScene(svg, panel, live, selected);
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
  if (!isHumanTurn(state) || needsHandover(state)) return;
  if (ui.choice) {
    const n = ui.choice.moves.length;
    const info = document.createElement("span");
    info.className = "choice-info";
    info.textContent = `${ui.choice.moves[ui.choice.index]} (${ui.choice.index + 1} of ${n})`;
    const rot = makeButton("Rotate (R)", "Show the next orientation that fits", cycleChoice);
    rot.id = "rotate";
    const ok = makeButton("Place (Enter)", "Play the tile as shown", confirmChoice);
    ok.id = "confirm";
    box.append(info, rot, ok, makeButton("Cancel (Esc)", null, () => { clearSelection(); drawAll(); }));
    return;
  }
  for (const a of state.legal) {
    if (a.path.length) continue;
    const b = makeButton(a.label || a.move, null, () => playMove(a.move));
    b.dataset.move = a.move;
    box.appendChild(b);
  }
  if (ui.sel.length) {
    box.appendChild(makeButton("Clear selection (Esc)", null, () => { clearSelection(); drawAll(); }));
  }
}

function renderScores(state) {
  const card = $("scores-card");
  const table = $("scores");
  const notes = state.scene.player_notes || [];
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
    name.append(sw, ` ${p.name}`);
    const who = document.createElement("td");
    who.textContent = p.agent_title || p.agent;
    const note = document.createElement("td");
    note.textContent = notes[i] || "";
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
    li.textContent = n.text;
    list.appendChild(li);
  }
  $("notes-card").hidden = !list.children.length;
}

function drawAll() { drawBoard(); renderActions(); markHint(); }

function clearSelection() {
  ui.sel = [];
  ui.choice = null;
  ui.preview = null;
}

function setBusy(busy) {
  ui.busy = busy;
  $("board").classList.toggle("busy", busy);
}

/** Send a game command and render its state (only if no newer request was made). */
async function send(request, { pause = false, quiet = false } = {}) {
  if (notReady()) return { ok: false, error: { code: "not_ready", message: $("error").textContent } };
  clearTimeout(ui.aiTimer);
  ui.paused = pause;
  setBusy(true);
  const { response, current } = await call(request);
  if (!current) return response;
  setBusy(false);
  if (!response.ok) {
    showError(response.error.message);
    if (ui.state) render(ui.state);
    return response;
  }
  if (!quiet) showError(""); // a computer move keeps the message of the person's last action
  clearSelection();
  ui.early = null;
  render(response.result);
  return response;
}

function playMove(move) {
  if (ui.busy || !ui.state || ui.state.is_over) return;
  if (ui.early) { queueEarlyMove(move); return; }
  send({ cmd: "play", move });
}

function scheduleAi() {
  clearTimeout(ui.aiTimer);
  const s = ui.state;
  if (!s || s.is_over || ui.paused || ui.embed || ui.early) return;
  const p = s.players[s.current_player];
  if (p.agent === "human") return;
  $("status").append(" is thinking…");
  $("board").classList.add("thinking");
  ui.aiTimer = setTimeout(computerMove, AI_DELAY_MS);
}

/** Ask the worker to think in slices (the page stays responsive) until the level's time is
 * up, the search is done, or "Move now" is pressed; calls onProgress after each slice.
 * Returns the last progress, or null if something else happened meanwhile (undo, new game). */
async function thinkFor(seconds, onProgress) {
  const token = ++ui.thinkToken;
  const start = performance.now();
  // no restart: a new position starts its own search in the worker, which keeps the subtree
  // already searched under it (Hex, Y); the same position goes on with the search it had
  let request = { cmd: "think", seconds: THINK_SLICE_S };
  for (;;) {
    const { response, current } = await call(request);
    if (!current || token !== ui.thinkToken) return null;
    if (!response.ok) { showError(response.error.message); return null; }
    const progress = response.result;
    onProgress(progress);
    const left = seconds - (performance.now() - start) / 1000;
    if (progress.done || ui.stopThinking || left <= 0.02) return progress;
    request = { cmd: "think", seconds: Math.min(THINK_SLICE_S, left) };
  }
}

function showThinking(progress) {
  const info = $("thinking-info");
  if (!progress || !progress.iterations) { info.hidden = true; return; }
  // the computer's best move so far is shown only where it reveals nothing hidden
  const best = ui.state.hidden_information ? "" : `; best so far ${progress.move}`
    + (progress.value === null ? "" : ` (${Math.round(progress.value * 100)} %)`);
  info.textContent = `${progress.iterations.toLocaleString("en")} playouts${best}`
    + (progress.solved ? " — a proven win" : "");
  info.hidden = false;
}

async function computerMove() {
  const level = Number($("level").value) || 1;
  ui.stopThinking = false;
  $("stop-thinking").hidden = false;
  const progress = await thinkFor(level, showThinking);
  $("stop-thinking").hidden = true;
  $("thinking-info").hidden = true;
  // before the move: its answer may schedule the next computer move, which marks "thinking" again
  $("board").classList.remove("thinking");
  if (progress) await send({ cmd: "play", move: progress.move }, { quiet: true });
}

async function askHint() {
  if (!ui.state || !isHumanTurn(ui.state) || ui.busy || ui.early) return;
  $("hint").disabled = true;
  ui.stopThinking = false;
  const gameKey = ui.state.cursor + ":" + ui.state.moves.length;
  const progress = await thinkFor(Math.min(Number($("level").value) || 1, 2), showThinking);
  $("thinking-info").hidden = true;
  $("hint").disabled = false;
  if (!progress || ui.state.cursor + ":" + ui.state.moves.length !== gameKey) return;
  ui.hint = progress.move;
  const entry = ui.state.legal.find((m) => m.move === progress.move);
  showError("");
  $("status").textContent = `Hint: ${entry && entry.label ? entry.label : progress.move}`;
  drawAll();
}

/** Mark the click targets of the hinted move (class "hint") after drawing. */
function markHint() {
  if (!ui.hint || !ui.state) return;
  const entry = ui.state.legal.find((m) => m.move === ui.hint);
  if (!entry) return;
  const targets = entry.path && entry.path.length ? entry.path : [entry.target];
  for (const t of targets) {
    if (!t) continue;
    for (const el of document.querySelectorAll(`[data-target="${CSS.escape(t)}"]`)) el.classList.add("hint");
  }
}

// ---------------------------------------------------------------- choosing a move by clicks
async function showChoice() {
  const move = ui.choice.moves[ui.choice.index];
  drawAll(); // the choice controls at once; the preview follows from the worker
  const { response, current } = await call({ cmd: "preview", move });
  if (!current || !ui.choice) return;
  ui.preview = response.ok ? response.result.scene : null;
  drawAll();
}

function cycleChoice() {
  if (!ui.choice) return;
  ui.choice.index = (ui.choice.index + 1) % ui.choice.moves.length;
  showChoice();
}

function confirmChoice() {
  if (!ui.choice) return;
  playMove(ui.choice.moves[ui.choice.index]);
}

function onActivate(target) {
  const state = ui.state;
  if (!state || ui.busy || ui.embed) return;
  if (!isHumanTurn(state) || needsHandover(state)) return;
  if (ui.choice) {
    const last = ui.choice.path[ui.choice.path.length - 1];
    if (target === last) { confirmChoice(); return; }
    ui.choice = null;
    ui.preview = null;
  }
  let path = [...ui.sel, target];
  let cands = candidates(path);
  if (!cands.length) {
    if (ui.sel.length && ui.sel[0] === target) { clearSelection(); drawAll(); return; } // unselect
    path = [target]; // start a new path with this target
    cands = candidates(path);
  }
  if (!cands.length) {
    showError(ui.sel.length ? `That does not fit with your selection.` : `${target} is not a legal move now.`);
    return;
  }
  showError("");
  const complete = cands.filter((m) => m.path.length === path.length);
  if (complete.length === cands.length && complete.length === 1) { playMove(complete[0].move); return; }
  if (complete.length === cands.length) {
    ui.sel = path.slice(0, -1);
    ui.choice = { moves: complete.map((m) => m.move), index: 0, path };
    showChoice();
    return;
  }
  ui.sel = path;
  ui.choice = null;
  ui.preview = null;
  drawAll();
}

// ---------------------------------------------------------------- zoom and pan (every game)
function sceneBox() {
  const scene = ui.preview || (ui.state && ui.state.scene);
  return scene ? scene.viewBox : null;
}

function applyZoom() {
  const vb = sceneBox();
  if (!vb) return;
  const { scale, dx, dy } = ui.zoom;
  const w = vb[2] / scale;
  const h = vb[3] / scale;
  const cx = vb[0] + vb[2] / 2 + dx;
  const cy = vb[1] + vb[3] / 2 + dy;
  $("board-svg").setAttribute("viewBox", [cx - w / 2, cy - h / 2, w, h].map((v) => +v.toFixed(3)).join(" "));
  $("board").classList.toggle("zoomed", scale !== 1 || dx !== 0 || dy !== 0);
}

function zoomBy(factor) {
  ui.zoom.scale = Math.min(8, Math.max(0.5, ui.zoom.scale * factor));
  applyZoom();
}

function wireZoom() {
  const svg = $("board-svg");
  $("zoom-in").addEventListener("click", () => zoomBy(1.25));
  $("zoom-out").addEventListener("click", () => zoomBy(1 / 1.25));
  $("zoom-fit").addEventListener("click", () => { ui.zoom = { scale: 1, dx: 0, dy: 0 }; applyZoom(); });
  svg.addEventListener("wheel", (ev) => { ev.preventDefault(); zoomBy(ev.deltaY < 0 ? 1.15 : 1 / 1.15); },
    { passive: false });
  let start = null;
  svg.addEventListener("pointerdown", (ev) => { start = { x: ev.clientX, y: ev.clientY, dx: ui.zoom.dx, dy: ui.zoom.dy }; ui.dragged = false; });
  svg.addEventListener("pointermove", (ev) => {
    if (!start || !(ev.buttons & 1)) return;
    const mx = ev.clientX - start.x;
    const my = ev.clientY - start.y;
    if (!ui.dragged && Math.hypot(mx, my) < 6) return; // a click, not a drag
    ui.dragged = true;
    const vb = svg.viewBox.baseVal;
    const k = Math.max(vb.width / svg.clientWidth, vb.height / svg.clientHeight);
    ui.zoom.dx = start.dx - mx * k;
    ui.zoom.dy = start.dy - my * k;
    applyZoom();
  });
  window.addEventListener("pointerup", () => { start = null; });
  // a drag never plays a move: swallow the click that ends it
  svg.addEventListener("click", (ev) => { if (ui.dragged) { ev.stopPropagation(); ui.dragged = false; } }, true);
}


// ---------------------------------------------------------------- replay bar (every game)
function renderReplay(state) {
  const n = state.moves.length;
  $("replay").hidden = n === 0 && !ui.embed;
  const slider = $("rp-slider");
  slider.max = String(n);
  slider.value = String(state.cursor);
  slider.setAttribute("aria-valuetext", `${state.cursor} of ${n} moves`);
  $("rp-pos").textContent = `${state.cursor} / ${n}`;
  $("rp-start").disabled = $("rp-back").disabled = state.cursor === 0;
  $("rp-end").disabled = $("rp-fwd").disabled = state.cursor >= n;
  if (state.cursor >= n) stopReplay();
  $("rp-play").disabled = n === 0;
  $("rp-play").textContent = ui.replayTimer ? "⏸ Pause" : "▶ Play";
  $("rp-play").setAttribute("aria-label", ui.replayTimer ? "Pause" : "Play the moves");
}

function gotoMove(cursor) {
  const s = ui.state;
  if (!s) return Promise.resolve();
  const c = Math.max(0, Math.min(s.moves.length, cursor));
  if (c === s.cursor) return Promise.resolve();
  return send({ cmd: "goto", cursor: c }, { pause: true });
}

function stopReplay() {
  if (!ui.replayTimer) return;
  clearInterval(ui.replayTimer);
  ui.replayTimer = null;
  $("rp-play").textContent = "▶ Play";
}

function toggleReplay() {
  if (ui.replayTimer) { stopReplay(); renderReplay(ui.state); return; }
  const s = ui.state;
  if (!s || !s.moves.length) return;
  if (s.cursor >= s.moves.length) gotoMove(0);
  ui.replayTimer = setInterval(() => {
    if (ui.busy || !ui.state) return;
    if (ui.state.cursor >= ui.state.moves.length) { stopReplay(); renderReplay(ui.state); return; }
    gotoMove(ui.state.cursor + 1);
  }, 700);
  renderReplay(s);
}

function wireReplay() {
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

// ---------------------------------------------------------------- autosave and saved games
// Storage rules (revisions, conflicts, full storage, unreadable entries) live in saves.js.

/** The entry the game on screen is saved in, and the revision this tab last wrote or read. */
function useSave(id, rev = 0, entry = null) {
  ui.saveId = id;
  ui.saveRev = rev;
  ui.savedKey = entry ? savedGameKey(entry) : "";
  ui.movedOn = false;
  $("tab-notice").hidden = true;
}

function newSaveId() {
  return Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
}

function saveEntry(state, id, old) {
  return {
    id, game: state.game, title: state.title, status: state.status,
    moves: state.save.record.moves.length, cursor: state.save.cursor,
    players: state.save.players, record: state.save.record,
    paused: ui.paused && !state.is_over, // a reload goes on as the game was: thinking, or waiting
    created: old ? old.created : Date.now(), updated: Date.now(),
  };
}

/** What a save holds that matters (the game, the position, the seats): a stale tab that shows
 * the same thing again writes nothing (a write would raise the revision for nothing). */
function savedGameKey(save) {
  return JSON.stringify([save.record, save.cursor, save.players]);
}

function autosave(state, { force = false } = {}) {
  if (ui.embed || !state.save) return;
  let old = getSave(ui.saveId);
  // a different game than the entry holds (e.g. started through window.boardwright): a new entry
  if (!ui.saveId || (old && (old.game !== state.game || old.record.seed !== state.seed))) {
    if (old && old.moves === 0) deleteSave(old.id); // an untouched game is replaced, not listed
    useSave(newSaveId());
    old = null;
  }
  ui.lastSaved = state;
  const paused = ui.paused && !state.is_over;
  if (old && !force && savedGameKey(state.save) === ui.savedKey) { // nothing new from this tab
    if (!!old.paused !== paused) touchSave(ui.saveId, { paused }); // "Let the computer move"
    setCurrent(ui.saveId);
    saveScreen(ui.saveId, state);
    renderSaves();
    return;
  }
  let res = putSave(saveEntry(state, ui.saveId, old), ui.saveRev);
  if (res.conflict) {
    // another tab moved this game on since this tab read it: keep both lines, tell the player
    useSave(newSaveId());
    forkNotice(res.conflict.moves);
    res = putSave(saveEntry(state, ui.saveId, null), 0);
  }
  if (res.ok) {
    ui.saveRev = res.rev;
    ui.savedKey = savedGameKey(state.save);
    setCurrent(ui.saveId);
    showStorageWarning(false);
    saveScreen(ui.saveId, state);
  } else if (res.full) {
    showStorageWarning(true);
  } else if (res.error) {
    console.warn("Boardwright: autosave failed:", res.error);
  }
  renderSaves();
}

function forkNotice(otherMoves) {
  showTabNotice(`This game was also played in another tab (${otherMoves} move${otherMoves === 1 ? "" : "s"} there). `
    + "Your moves here are saved as a separate game; both are in Saved games.", false);
}

/** Storage full: say so where the player looks, with the two ways out (nothing is deleted
 * unless the player clicks). */
function showStorageWarning(on) {
  const box = $("storage-warning");
  if (box.hidden === !on) return;
  box.hidden = !on;
  document.body.dataset.storageFull = on ? "true" : "false";
}

function exportSaves() {
  const blob = new Blob([exportText()], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `boardwright-saved-games-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

function deleteOldSaves() {
  const n = deleteOldest([ui.saveId]);
  $("storage-note").textContent = n ? `${n} old saved game${n === 1 ? "" : "s"} deleted.` : "There are no older saved games to delete.";
  if (ui.lastSaved) autosave(ui.lastSaved); // try again now
  renderSaves();
}

/** Another tab wrote the game on screen: offer its newer line (this tab's next move would fork). */
function showTabNotice(text, offerLatest) {
  $("tab-notice-text").textContent = text;
  $("tab-latest").hidden = !offerLatest;
  $("tab-notice").hidden = false;
}

function onStorage(ev) {
  if (ev.key !== null && !ev.key.startsWith(SAVE_PREFIX)) return;
  renderSaves();
  if (!ui.saveId || (ev.key !== null && ev.key !== SAVE_PREFIX + ui.saveId)) return;
  const e = ev.key === null ? null : parseEntry(ev.newValue, ui.saveId);
  if (!e || e.tab === TAB) return;
  if (e.rev === ui.saveRev && ui.savedKey && ui.lastSaved && savedGameKey(e) !== ui.savedKey) {
    // another tab wrote the same revision as this tab, at the same moment: one write hides the
    // other, so this tab keeps its line as a game of its own (at worst both do: two copies)
    useSave(newSaveId());
    forkNotice(e.moves);
    autosave(ui.lastSaved, { force: true });
  } else if (e.rev > ui.saveRev && !ui.movedOn) {
    ui.movedOn = true;
    showTabNotice(`This game moved on in another tab (${e.moves} move${e.moves === 1 ? "" : "s"} there). `
      + "A move here will be saved as a separate game.", true);
  }
}

function renderSaves() {
  const list = $("saves");
  const { saves: entries, corrupt, legacy } = listSaves();
  list.replaceChildren();
  for (const e of entries) {
    const li = document.createElement("li");
    li.dataset.save = e.id;
    const what = document.createElement("span");
    what.className = "what";
    const when = new Date(e.updated).toLocaleString("en-GB", { dateStyle: "short", timeStyle: "short" });
    what.textContent = `${e.title} · ${e.moves} move${e.moves === 1 ? "" : "s"} · ${String(e.status).slice(0, 60)} · ${when}`;
    li.append(what);
    if (e.id === ui.saveId) {
      li.classList.add("current");
      const now = document.createElement("span");
      now.className = "hint";
      now.textContent = "on screen";
      li.append(now);
    } else {
      li.append(makeButton("Resume", `Continue this ${e.title} game`, () => resumeSave(e.id)),
        makeButton("Delete", "Remove this game from the list", () => { deleteSave(e.id); renderSaves(); }));
    }
    if (typeof e.error === "string") { // it could not be opened: say why until dismissed
      li.classList.add("failed");
      const why = document.createElement("span");
      why.className = "save-error";
      why.textContent = `Could not be opened: ${e.error.slice(0, 200)}`;
      li.append(why, makeButton("Dismiss", "Hide this message (the game stays in the list)", () => {
        touchSave(e.id, { error: undefined }); renderSaves();
      }));
    }
    list.appendChild(li);
  }
  const odd = corrupt.length + (legacy ? 1 : 0);
  if (odd) {
    const li = document.createElement("li");
    li.className = "unreadable";
    li.textContent = `${odd} stored entr${odd === 1 ? "y" : "ies"} could not be read; kept as they are (Export JSON includes them).`;
    li.append(makeButton("Export JSON", "Download every saved game, unreadable ones included", exportSaves));
    list.appendChild(li);
  }
  $("saves-card").hidden = ui.embed !== null || !(entries.length || odd);
}

async function resumeSave(id, { boot = false } = {}) {
  const e = getSave(id);
  if (!e) { showError("That saved game is gone."); renderSaves(); return false; }
  stopReplay();
  clearTimeout(ui.aiTimer);
  setBusy(true);
  const { response, current } = await call({ cmd: "load", record: e.record, players: e.players, cursor: e.cursor });
  if (!current) return false;
  setBusy(false);
  if (!response.ok) {
    // it stays in the list with the reason, until the player dismisses it or deletes it
    const reason = String(response.error.message).slice(0, 200);
    touchSave(id, { error: reason });
    renderSaves();
    const msg = `The saved ${e.title} game could not be opened: ${reason}`;
    if (boot) ui.bootError = msg; else showError(msg);
    return false;
  }
  if (ui.saveId !== id) dropIfUntouched(ui.saveId);
  if (typeof e.error === "string") touchSave(id, { error: undefined });
  useSave(id, e.rev || 0, e);
  // a reload goes on as the game was left: the computer thinks again unless it was paused;
  // a game picked from the list waits for "Let the computer move"
  show(response, { pause: boot ? e.paused === true : true });
  return true;
}

/** Render a successful answer as the new game on screen. */
function show(response, { pause = false } = {}) {
  ui.paused = pause;
  setBusy(false);
  showError("");
  clearSelection();
  ui.early = null;
  render(response.result);
}

/** The `new` request of a game painted early (boot.json's, for the default game). */
function newRequest(request) {
  return { cmd: "new", game: request.game, options: request.options, players: request.players };
}

/** Start a new game from the form's values (`form`), or take the answer to a `new` request
 * sent already (`sent`: a call() promise, made while nothing else could be asked). */
async function startNew(form, sent = null) {
  stopReplay();
  clearTimeout(ui.aiTimer);
  setBusy(true);
  const { response, current } = await (sent || call({ cmd: "new", ...form }));
  if (!current && !sent) return response;
  setBusy(false);
  if (!response.ok) { showError(response.error.message); if (ui.state) render(ui.state); return response; }
  dropIfUntouched(ui.saveId);
  useSave(newSaveId());
  show(response);
  return response;
}

/** A game nobody has moved in yet is not worth keeping once another one starts. */
function dropIfUntouched(id) {
  const e = getSave(id);
  if (e && e.moves === 0) deleteSave(id);
}

// ---------------------------------------------------------------- share links, embed, files
function hashParams() {
  return new URLSearchParams(location.hash.replace(/^#/, ""));
}

function pageAddress() {
  return location.href.split("#")[0];
}

/** Replace the game on screen by a loaded one (a link, a file); on failure the game on screen
 * stays and `what` plus the reason is shown. Resolves to whether it worked. */
async function loadGame(request, what) {
  stopReplay();
  clearTimeout(ui.aiTimer);
  setBusy(true);
  const { response, current } = await call(request);
  if (!current) return false;
  setBusy(false);
  if (!response.ok) {
    showError(`${what}: ${response.error.message}`);
    if (ui.state) render(ui.state);
    return false;
  }
  if (!ui.embed) dropIfUntouched(ui.saveId);
  useSave(ui.embed ? null : newSaveId());
  show(response, { pause: true });
  return true;
}

function openLink(token) {
  return loadGame({ cmd: "open", token }, "This link could not be opened");
}

/** While the board on screen is not yet the engine's, say so (true) instead of acting on it. */
function notReady() {
  if (ui.early) showError("The engine is still starting: try again in a moment.");
  return !!ui.early;
}

async function shareLink() {
  if (notReady()) return null;
  const { response } = await call({ cmd: "share" });
  if (!response.ok) { showError(response.error.message); return null; }
  return response.result;
}

async function showShare(kind) {
  const shared = await shareLink();
  if (!shared) return;
  const url = `${pageAddress()}#r=${shared.token}`;
  let text = url;
  let label = "Share link";
  if (kind === "embed") {
    label = "Embed code (HTML for your page)";
    text = `<iframe src="${url}&embed=replay" title="${ui.state.title} game" width="640" height="600" style="border:0"></iframe>`;
  }
  const out = $("share-output");
  out.value = text;
  $("share-kind").textContent = label;
  $("share-label").hidden = false;
  out.focus();
  out.select();
  let copied = false;
  try { await navigator.clipboard.writeText(text); copied = true; } catch (_) { /* no clipboard: select it */ }
  const s = ui.state;
  const whose = shared.view === "spectator" ? "a spectator's view (every hand shown)"
    : shared.view === null ? "" : `${s.players[shared.view].name}'s view (only their hand is shown)`;
  // honest about what a serverless link is: the whole record, deal included (README: "Hidden hands")
  const reveals = s.hidden_information && !s.is_over
    ? "Careful: the link holds the whole record, deal included. The page shows only that hand, but anyone who decodes the link can rebuild every hand. Share an unfinished game only with yourself or people you trust."
    : "";
  const note = [copied ? "Copied to the clipboard." : "Copy it from the box above.",
    `${shared.moves} move${shared.moves === 1 ? "" : "s"}${shared.cursor < shared.moves ? `, opening at move ${shared.cursor}` : ""}.`,
    whose ? `It opens ${whose}.` : "", reveals].filter(Boolean).join(" ");
  $("share-note").textContent = note;
  $("share-note").hidden = false;
}

// The formats come from the engine's registry (state.export_options): no format is named here.
function renderExports(state) {
  const box = $("export-buttons");
  const options = state.export_options || [];
  const key = options.map((o) => o.format).join(",");
  if (box.dataset.formats === key) return;
  box.dataset.formats = key;
  box.replaceChildren();
  for (const opt of options) {
    const title = opt.link ? `Make ${opt.description} of this game` : `Save this game as ${opt.description}`;
    const b = makeButton(opt.label, title, () => exportAs(opt));
    b.dataset.export = opt.format;
    box.appendChild(b);
  }
}

async function exportAs(opt) {
  if (notReady()) return;
  const { response } = await call({ cmd: "export", format: opt.format });
  if (!response.ok) { showError(response.error.message); return; }
  const file = response.result;
  if (file.link) { // a link for people to open elsewhere, not a file
    $("share-output").value = file.text;
    $("share-kind").textContent = opt.label;
    $("share-label").hidden = false;
    $("share-note").textContent = opt.note || "";
    $("share-note").hidden = !opt.note;
    $("share-output").select();
    return;
  }
  const blob = new Blob([file.text], { type: file.mime });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = file.filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

async function importText(text) {
  if (notReady()) return false;
  const ok = await loadGame({ cmd: "import", text }, "This could not be loaded");
  if (ok) $("import-text").value = "";
  return ok;
}

function wireRecords() {
  wireReplay();
  $("share").addEventListener("click", () => showShare("link"));
  $("embed-code").addEventListener("click", () => showShare("embed"));
  $("import-go").addEventListener("click", () => {
    const text = $("import-text").value;
    if (!text.trim()) { showError(`Paste ${ui.importable || "a record"} first.`); return; }
    importText(text);
  });
  $("import-file").addEventListener("change", async () => {
    const file = $("import-file").files[0];
    if (!file) return;
    if (file.size > 900_000) { showError(`${file.name} is too large to be a game record.`); return; }
    const text = await file.text();
    $("import-file").value = "";
    importText(text);
  });
  window.addEventListener("hashchange", () => {
    const token = hashParams().get("r");
    if (token && ui.early) ui.linkAfterBoot = token; // opened once the engine is up
    else if (token && ui.state) openLink(token).then((ok) => { if (ok && !ui.embed) clearHash(); });
  });
}

/** Forget the link in the address bar once it is open, so a reload resumes the autosave. */
function clearHash() {
  history.replaceState(null, "", location.pathname + location.search);
}

// ---------------------------------------------------------------- wiring
function wireSaves() {
  $("storage-export").addEventListener("click", exportSaves);
  $("storage-delete").addEventListener("click", deleteOldSaves);
  $("tab-latest").addEventListener("click", () => { $("tab-notice").hidden = true; resumeSave(ui.saveId); });
  $("tab-dismiss").addEventListener("click", () => { $("tab-notice").hidden = true; });
  window.addEventListener("storage", onStorage);
}

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
  wireZoom();
  wireRecords();
  wireSaves();
  attachHandler($("board-svg"), onActivate);
  attachHandler($("panels"), onActivate);
  $("panels").addEventListener("focusin", (ev) => {
    const svg = ev.target.ownerSVGElement;
    if (svg && svg.dataset.panel && ev.target.dataset.target !== undefined) ui.panelFocus[svg.dataset.panel] = ev.target.dataset.target;
  });
  $("handover-go").addEventListener("click", () => {
    ui.shownViewer = ui.state.viewer;
    render(ui.state);
  });
  $("undo").addEventListener("click", () => send({ cmd: "undo", until_human: true }, { pause: true }));
  $("redo").addEventListener("click", () => send({ cmd: "redo", until_human: true }, { pause: true }));
  $("ai-move").addEventListener("click", () => { ui.paused = false; scheduleAi(); render(ui.state); });
  $("stop-thinking").addEventListener("click", () => { ui.stopThinking = true; });
  $("hint").addEventListener("click", askHint);
  $("game-select").addEventListener("change", () => buildForm($("game-select").value));
  $("settings").addEventListener("submit", (ev) => {
    ev.preventDefault();
    startNew(readForm());
  });
  document.addEventListener("keydown", (ev) => {
    const typing = ev.target.closest && ev.target.closest("input, select, textarea");
    if (!typing && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
      if ((ev.key === "r" || ev.key === "R") && ui.choice) { ev.preventDefault(); cycleChoice(); return; }
      if (ev.key === "Enter" && ui.choice && !(ev.target.closest && ev.target.closest("button, [data-target]"))) {
        ev.preventDefault(); confirmChoice(); return;
      }
      if (ev.key === "Escape" && (ui.sel.length || ui.choice)) { clearSelection(); drawAll(); return; }
    }
    if (!(ev.ctrlKey || ev.metaKey)) return;
    if (ev.key === "z" && !$("undo").disabled) { ev.preventDefault(); $("undo").click(); }
    if (ev.key === "y" && !$("redo").disabled) { ev.preventDefault(); $("redo").click(); }
  });
}

/** The form's games, options and seats, the import box and the footer, from a `hello` answer
 * (the engine's, or its build-time copy in boot.json). */
function setupHello(hello) {
  ui.games = hello.games;
  ui.importable = hello.importable; // what "Import a game" reads, from the engine's registry
  $("import-text").placeholder = `or paste ${ui.importable}`;
  const accept = new Set([".json", "application/json", "text/plain"]);
  for (const f of hello.record_formats) { accept.add(f.extension); accept.add(f.mime); }
  $("import-file").accept = [...accept].join(",");
  $("engine-version").textContent = `Boardwright engine ${hello.version} · `;
  const select = $("game-select");
  select.replaceChildren();
  for (const g of ui.games) select.appendChild(makeOption(g.id, g.title));
  buildForm(ui.games[0].id);
}

/** Before the engine is up: the last screen of the game this browser was playing, else the
 * default game's initial board from boot.json. Not for share links and embeds (their game is
 * in the link: the engine opens it). */
function paintBeforeEngine(boot, params) {
  if (params.get("r") || ui.embed) return;
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
    ui.early = null;
    ui.state = null;
    ui.pending = null;
    $("board-svg").replaceChildren();
    $("panels").replaceChildren();
    $("move-list").replaceChildren();
    $("status").textContent = "Loading…";
  }
}

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
  if (boot) setupHello(boot.hello);
  // the form and the board in two tasks: neither holds the main thread long (no long task)
  await new Promise((resolve) => { setTimeout(resolve, 0); });
  paintBeforeEngine(boot, params);
  const early = ui.early;
  // the default game's board is on screen: ask for that game now (the worker answers as soon as
  // it is up, without a round trip after "ready")
  const firstGame = early && early.request ? call(newRequest(early.request)) : null;
  const slow = setTimeout(() => {
    if (!ui.engineReady && !ui.failed) showSlowStart(`Still starting after ${SLOW_START_MS / 1000} s: the download may have stopped.`);
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
    if (!response.ok) { engineFailed(response.error.message); return; }
    if (!boot || JSON.stringify(boot.hello) !== JSON.stringify(response.result)) setupHello(response.result);
  }
  $("new-game").disabled = false;
  // a share link first; else the game this browser was playing; else a new game
  const token = params.get("r");
  let linkError = null;
  if (token) {
    const { response: opened } = await call({ cmd: "open", token });
    if (opened.ok) {
      useSave(ui.embed ? null : newSaveId());
      show({ result: opened.result }, { pause: true });
      if (!ui.embed) clearHash();
    } else linkError = opened.error.message;
  }
  if (!ui.state || ui.early) {
    let resumed = false;
    const saved = getCurrent();
    if (saved && !ui.embed && getSave(saved)) resumed = await resumeSave(saved, { boot: true });
    if (!resumed) {
      // the board painted early was the default game: start exactly that one (the form may
      // have been changed meanwhile); a move made on a resumed board needs that game
      if (early && early.resume && ui.pending) {
        showError(`Your move ${ui.pending.label} was not played: the saved game could not be opened.`);
        ui.pending = null;
        delete document.body.dataset.pendingMove;
      }
      ui.early = null; // startNew talks to the engine now
      let started = firstGame && trusted ? (await startNew(null, firstGame)).ok : false;
      if (!started) started = (await startNew(readForm())).ok; // the form as the engine has it
      if (!started && ui.pending) {
        ui.pending = null;
        delete document.body.dataset.pendingMove;
      }
    }
  }
  if (linkError) showError(`This link could not be opened: ${linkError}`);
  else if (ui.bootError) showError(ui.bootError); // shown now: starting the new game cleared it
  ui.bootError = null;
  renderSaves();
  $("loading").hidden = true;
  document.body.dataset.ready = "true";
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  document.body.dataset.bootMs = String(info.bootMs ?? "");
  document.body.dataset.bootPhases = JSON.stringify(info.phases || {});
  document.body.dataset.bootSnapshot = info.snapshot || "none";
  await playPendingMove();
  if (ui.linkAfterBoot) { // a link pasted while the engine was starting
    const link = ui.linkAfterBoot;
    ui.linkAfterBoot = null;
    if (await openLink(link) && !ui.embed) clearHash();
  }
  if (info.snapshot === "failed") rememberSnapshotFailure(info.wheel);
  if (info.snapshot !== "restored" && !ui.embed && snapshotsWanted(info.wheel)) setTimeout(makeSnapshot, SNAPSHOT_DELAY_MS, info.wheel, () => $("board").classList.contains("thinking"));
}

// automation hook (tests, console): send a bridge request through the UI, read the state
// `call` sends a raw bridge request without touching the page (benchmarks, diagnostics)
window.boardwright = {
  send: (request) => send(request),
  call: async (request) => (await call(request)).response,
  state: () => ui.state,
};

main();
