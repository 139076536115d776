// What every part of the page shares: the UI state `ui` (one object, changed in place), the
// page controller's methods that the features call (`page`) and a few DOM helpers. No game knowledge here or anywhere in the page: all of it
// lives in Python; the page sends JSON requests to the worker and draws the scenes that come back.
export const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- UI state
export const ui = {
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
  analysing: false, // "Analyse" is on (analysis.js)
  review: null, // the review of the line on screen (review.js), as the bridge's "review" gives it
};

// ---------------------------------------------------------------- the controller's methods
// What the page's features ask of the page controller (app.js), which fills these in before
// anything runs. The controller is the only module that talks to the engine (engine.js): the
// features call these instead of importing it (it imports them: an import back would be a cycle).
export const page = {
  /** A person's request to the engine: resolves with {response, current} (is it still the
   * newest one? an older answer is not drawn). */
  request: null,
  /** A request in the background (live analysis, review): it never makes a person's request
   * "not the newest". Resolves with the response. */
  background: null,
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

/** Forget the click path chosen so far (and the choice and preview it led to). */
export function clearSelection() {
  ui.sel = [];
  ui.choice = null;
  ui.preview = null;
}

export function setBusy(busy) {
  ui.busy = busy;
  $("board").classList.toggle("busy", busy);
}
