// What the page's features see of the page controller (app.js): its methods (`page`), which they
// call to change the page or to ask the engine, and the page state read-only (`ui`). The state
// itself (state.js) is the controller's: no feature imports it. state.js hands it over here as it
// loads (holdState, once); a feature that assigns to this `ui` gets a TypeError, and
// tests/test_page_controller.py finds every write (nested ones too) in the source.
import { agentTitle, codeText, engineText, seatName, t } from "../i18n/i18n.js";
let held = null; // the controller's `ui`

const refuse = () => {
  throw new TypeError("the page state is changed by the page controller (app.js) only: ask it through `page`");
};

/** The page state (state.js), read-only: every field reads the controller's current value. */
export const ui = new Proxy({}, {
  get: (_, key) => (held ? held[key] : undefined),
  has: (_, key) => held !== null && key in held,
  set: refuse,
  deleteProperty: refuse,
  defineProperty: refuse,
});

/** The controller hands its state over, once, before any feature runs. */
export function holdState(state) {
  if (held) throw new TypeError("the page state is already held");
  held = state;
}

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
  setPick: null, // (pick): choose a move on another position than the game's (null: back to the game)
  showGame: null, // (state): the game on screen now (board.js render); true if another position
  pause: null, // (paused): the computer waits until asked (after undo, redo, goto, a bot's error)
  paintEarly: null, // (early): a board painted before the engine is up ({request} or {resume})
  endEarly: null, // (): the game on screen is the engine's
  dropEarly: null, // (): the board painted early could not be drawn: no game on screen
  setPending: null, // (pending): a move made on that board waits for the engine (null: none now)
};

export function gameInfo(id) { return ui.games.find((g) => g.id === id); }

/** The name of seat `i` of `state` as the reader reads it (the game's own seat names in the
 * reader's words, a person's name as it is). */
export function playerName(state, i) {
  const info = gameInfo(state.game);
  return seatName(state.players[i].name, i, info && (info.seat_names || info.players));
}

/** An engine text of `state` sent as a code beside its English (a move in words, the status,
 * a cell's name: i18n.js codeText) in the reader's words, seats named as the page names them. */
export const stateWords = (state, code, english) => codeText(code, english, (q) => playerName(state, q));

/** The status line of `state` (whose move, the result) in the reader's words. */
export const statusWords = (state) => stateWords(state, state.status_code, state.status);

/** The last move of `state` in words (the notation where it has none), in the reader's words. */
export const lastWords = (state) => stateWords(state, state.last_words_code, state.last_words || state.last_move);

/** A saved game's status (autosave.js keeps the engine's English, its code and the seats'
 * names) in the reader's words; a save made before the codes, in its English. */
export function savedStatus(entry) {
  const english = String(entry.status ?? "");
  if (!Array.isArray(entry.names)) return english;
  const state = { game: entry.game, players: entry.names.map((name) => ({ name: String(name) })) };
  return codeText(entry.status_code, english, (q) => (state.players[q] ? playerName(state, q) : String(q + 1)));
}

/** What the engine's import reads (its `hello` answer's `importable`), in the reader's words. */
export const importable = (english) => (english ? engineText("import.formats", english) : t("import.formats"));

/** The title of the agent of seat `i` of `state`, in the reader's words. */
export const agentOf = (state, i) => agentTitle(state.players[i].agent, state.players[i].agent_title);

/** Why the engine's help (Hint, Analyse, Review game) is not offered for `state` (one line), or
 * "": a game with a friend that is still running gets none, as in correspondence play (the
 * engine refuses it too); it comes back once the game is over, and a link opened as a copy to
 * look at is an ordinary game. */
export function noHelpReason(state) {
  if (state && state.hidden) return t("help.hidden"); // (its hands are not the engine's to search)
  return state && state.friend && state.friend.running
    ? t("help.friend") : "";
}

/** The scene on the board: the choice's preview, else the game's (null before any game). */
export function shownScene() { return ui.preview || (ui.state && ui.state.scene) || null; }
