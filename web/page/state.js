// What every part of the page shares: the page state `ui` (one object, which only the page
// controller, app.js, changes), the controller's methods that the features call to change it or
// to ask the engine (`page`), and a few DOM helpers. No game knowledge here or anywhere in the
// page: all of it lives in Python; the page sends JSON requests to the worker and draws the
// scenes that come back.
export const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- UI state
export const ui = {
  games: [], // the engine's games (its `hello`)
  importable: "", // what "Import a game" reads, from the engine's registry (its `hello`)
  state: null,
  busy: false,
  paused: false, // AI waits after undo/redo/goto until asked
  sel: [], // the click path chosen so far (e.g. ["tile:1-2-3"])
  choice: null, // {moves: [texts], index, path}: a complete path that fits several moves
  preview: null, // scene showing the current choice
  embed: null, // "board" or "replay" when the page is embedded (#r=...&embed=...)
  panelFocus: {}, // panel name -> the target that keyboard focus last had there
  early: null, // a board painted before the engine is ready: {request} (a new game) or {resume: id}
  pending: null, // {move, label, targets}: a move made on that board, played once the engine is ready
  failed: false, // the engine could not start (or stopped)
  engineReady: false, // the worker said "ready"
};

// ---------------------------------------------------------------- the controller's methods
// What the page's features ask of the page controller (app.js), which fills these in before
// anything runs. The controller is the only module that talks to the engine (engine.js): the
// features call these instead of importing it (it imports them: an import back would be a cycle).
// The controller is also the only one that changes `ui`: these are the changes features ask for.
export const page = {
  /** A person's request to the engine: resolves with {response, current} (is it still the
   * newest one? an older answer is not drawn). */
  request: null,
  /** A request in the background (live analysis, review): it never makes a person's request
   * "not the newest". Resolves with the response. */
  background: null,
  setBusy: null, // (busy): a request is on its way (the board shows it and takes no clicks)
  select: null, // (sel, choice = null): the click path chosen so far; a choice among several moves
  clearSelection: null, // (): forget the click path (and the choice and preview it led to)
  nextChoice: null, // (): the next move of the choice ("Rotate")
  setPreview: null, // (scene): the scene showing the move of the choice
  showGame: null, // (state): the game on screen now (board.js render); true if another position
  pause: null, // (paused): the computer waits until asked (after undo, redo, goto, a bot's error)
  paintEarly: null, // (early): a board painted before the engine is up ({request} or {resume})
  endEarly: null, // (): the game on screen is the engine's
  dropEarly: null, // (): the board painted early could not be drawn: no game on screen
  setPending: null, // (pending): a move made on that board waits for the engine (null: none now)
};

export function showError(message) {
  const box = $("error");
  // the engine quotes briefly; this keeps any message (from anywhere) to a readable length
  box.textContent = message.length > 400 ? message.slice(0, 400) + "…" : message;
  box.hidden = !message;
}

export function makeOption(value, text, selected = false) {
  const o = document.createElement("option");
  o.value = value; o.textContent = text; o.selected = selected;
  return o;
}

export function makeButton(text, title, onClick) {
  const b = document.createElement("button");
  b.type = "button"; b.textContent = text;
  if (title) b.title = title;
  b.addEventListener("click", onClick);
  return b;
}

export function gameInfo(id) { return ui.games.find((g) => g.id === id); }
