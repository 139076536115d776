// The page: settings form (from the engine's option schema), board, status, undo/redo, move
// list. All game knowledge lives in Python; this file only sends JSON requests to the worker
// and draws the scenes that come back.
import { renderScene, attachHandler } from "./render.js";

const $ = (id) => document.getElementById(id);
const AI_DELAY_MS = 300;

// ---------------------------------------------------------------- worker connection
const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
const pending = new Map();
let nextId = 1;
let latestId = 0;
let resolveReady;
const ready = new Promise((resolve) => { resolveReady = resolve; });

worker.addEventListener("message", (ev) => {
  const msg = ev.data || {};
  if (msg.type === "progress") $("loading-text").textContent = msg.text;
  else if (msg.type === "ready") resolveReady(msg);
  else if (msg.type === "fatal") {
    $("loading-text").textContent = "The engine could not start: " + msg.message;
    $("loading").classList.add("failed");
  } else if (msg.type === "response") {
    const entry = pending.get(msg.id);
    if (entry) { pending.delete(msg.id); entry(msg.response); }
  }
});

/** Send a request; resolves with {ok, result|error} and whether it is still the newest one. */
function call(request) {
  const id = nextId++;
  latestId = id;
  return new Promise((resolve) => {
    pending.set(id, (response) => resolve({ response, current: id === latestId }));
    worker.postMessage({ id, request });
  });
}

// ---------------------------------------------------------------- UI state
const ui = {
  games: [],
  state: null,
  legal: new Map(), // target -> [move texts]
  busy: false,
  paused: false, // AI waits after undo/redo/goto until asked
  aiTimer: null,
};

function showError(message) {
  const box = $("error");
  box.textContent = message;
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
      input.value = opt.default;
      input.required = true;
    } else if (opt.type === "bool") {
      input.type = "checkbox";
      input.checked = !!opt.default;
    } else {
      for (const c of opt.choices) input.appendChild(makeOption(c, c, c === opt.default));
    }
    label.append(opt.title + " ", input);
    fields.appendChild(label);
  }
  const seats = $("player-fields");
  seats.replaceChildren();
  info.players.forEach((name, i) => {
    const label = document.createElement("label");
    const select = document.createElement("select");
    select.name = "seat-" + i;
    select.dataset.seat = i;
    const choices = [{ name: "human", title: "Human" }, ...info.agents];
    for (const a of choices) select.appendChild(makeOption(a.name, a.title));
    // default: the first seat is a person, the others the strongest agent
    const best = info.agents.reduce((a, b) => (b.strength > a.strength ? b : a));
    select.value = i === 0 ? "human" : best.name;
    label.append(`${name} `, select);
    seats.appendChild(label);
  });
}

function readForm() {
  const options = {};
  for (const input of $("option-fields").querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    if (input.dataset.type === "bool") options[name] = input.checked;
    else if (input.dataset.type === "int") {
      const v = Number(input.value);
      options[name] = Number.isInteger(v) ? v : input.value; // the engine explains bad values
    } else options[name] = input.value;
  }
  const players = [...$("player-fields").querySelectorAll("[data-seat]")].map((s) => s.value);
  return { game: $("game-select").value, options, players };
}

// ---------------------------------------------------------------- rendering
function render(state) {
  ui.state = state;
  ui.legal = new Map();
  const actions = [];
  for (const m of state.legal) {
    if (m.target == null) { actions.push(m); continue; }
    if (!ui.legal.has(m.target)) ui.legal.set(m.target, []);
    ui.legal.get(m.target).push(m.move);
  }
  const humanTurn = !state.is_over && state.players[state.current_player].agent === "human";
  const board = $("board");
  board.dataset.turn = state.is_over ? "" : String(state.current_player);
  board.classList.toggle("over", state.is_over);
  board.classList.toggle("human-turn", humanTurn);
  renderScene($("board-svg"), state.scene, humanTurn ? new Set(ui.legal.keys()) : new Set());

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
      ? `${state.winners.map((i) => state.players[i].name).join(" and ")} wins!` : "Draw";
    banner.hidden = false;
  } else banner.hidden = true;

  // buttons
  $("undo").disabled = !state.can_undo;
  $("redo").disabled = !state.can_redo;
  const aiTurn = !state.is_over && !humanTurn;
  $("ai-move").hidden = !(aiTurn && ui.paused);
  const box = $("actions");
  box.replaceChildren();
  if (humanTurn) {
    for (const a of actions) {
      const b = makeButton(a.label || a.move, null, () => playMove(a.move));
      b.dataset.move = a.move;
      box.appendChild(b);
    }
  }

  // move list
  const list = $("move-list");
  list.replaceChildren();
  state.moves.forEach((mv, i) => {
    const li = document.createElement("li");
    li.appendChild(makeButton(mv, `Go to the position after move ${i + 1}`,
      () => send({ cmd: "goto", cursor: i + 1 }, { pause: true })));
    if (i === state.cursor - 1) li.classList.add("current");
    if (i >= state.cursor) li.classList.add("future");
    list.appendChild(li);
  });
  const current = list.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
  scheduleAi();
}

function setBusy(busy) {
  ui.busy = busy;
  $("board").classList.toggle("busy", busy);
}

/** Send a game command and render its state (only if no newer request was made). */
async function send(request, { pause = false } = {}) {
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
  showError("");
  render(response.result);
  return response;
}

function playMove(move) {
  if (ui.busy || !ui.state || ui.state.is_over) return;
  send({ cmd: "play", move });
}

function scheduleAi() {
  clearTimeout(ui.aiTimer);
  const s = ui.state;
  if (!s || s.is_over || ui.paused) return;
  const p = s.players[s.current_player];
  if (p.agent === "human") return;
  $("status").append(" is thinking…");
  $("board").classList.add("thinking");
  ui.aiTimer = setTimeout(async () => {
    await send({ cmd: "ai" });
    $("board").classList.remove("thinking");
  }, AI_DELAY_MS);
}

function onActivate(target) {
  const moves = ui.legal.get(target);
  if (!ui.state || ui.busy) return;
  if (!moves) {
    if (!ui.state.is_over && ui.state.players[ui.state.current_player].agent === "human") {
      showError(`${target} is not a legal move now.`);
    }
    return;
  }
  playMove(moves[0]);
}

// ---------------------------------------------------------------- wiring
function wire() {
  attachHandler($("board-svg"), onActivate);
  $("undo").addEventListener("click", () => send({ cmd: "undo", until_human: true }, { pause: true }));
  $("redo").addEventListener("click", () => send({ cmd: "redo", until_human: true }, { pause: true }));
  $("ai-move").addEventListener("click", () => { ui.paused = false; scheduleAi(); render(ui.state); });
  $("game-select").addEventListener("change", () => buildForm($("game-select").value));
  $("settings").addEventListener("submit", (ev) => {
    ev.preventDefault();
    send({ cmd: "new", ...readForm() });
  });
  document.addEventListener("keydown", (ev) => {
    if (!(ev.ctrlKey || ev.metaKey)) return;
    if (ev.key === "z" && !$("undo").disabled) { ev.preventDefault(); $("undo").click(); }
    if (ev.key === "y" && !$("redo").disabled) { ev.preventDefault(); $("redo").click(); }
  });
}

async function main() {
  wire();
  const info = await ready;
  const { response } = await call({ cmd: "hello" });
  if (!response.ok) { showError(response.error.message); return; }
  ui.games = response.result.games;
  $("engine-version").textContent = `Boardwright engine ${response.result.version}`;
  const select = $("game-select");
  for (const g of ui.games) select.appendChild(makeOption(g.id, g.title));
  buildForm(ui.games[0].id);
  $("new-game").disabled = false;
  await send({ cmd: "new", ...readForm() });
  $("loading").hidden = true;
  document.body.dataset.ready = "true";
  document.body.dataset.bootMs = String(info.bootMs ?? "");
}

// automation hook (tests, console): send a bridge request through the UI, read the state
window.boardwright = { send: (request) => send(request), state: () => ui.state };

main();
