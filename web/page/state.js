// The page state `ui`: one object, which only the page controller (app.js) imports and changes.
// The features read it through page.js (a read-only view the controller hands over) and ask the
// controller to change it (`page`). No game knowledge here or anywhere in the page: all of it
// lives in Python; the page sends JSON requests to the worker and draws the scenes that come back.
import { holdState } from "./page.js";

export const ui = {
  games: [], // the engine's games (its `hello`)
  importable: "", // what "Import a game" reads, from the engine's registry (its `hello`)
  state: null,
  busy: false,
  paused: false, // AI waits after undo/redo/goto until asked
  sel: [], // the click path chosen so far (e.g. ["tile:1-2-3"])
  choice: null, // {moves: [texts], index, path}: a complete path that fits several moves
  preview: null, // scene showing the current choice
  pick: null, // a move chosen on a position that is not the game's (a conditional reply):
  //             {line, scene, legal, marks, prompt} (panels/friend-replies.js)
  embed: null, // "board" or "replay" when the page is embedded (#r=...&embed=...)
  panelFocus: {}, // panel name -> the target that keyboard focus last had there
  early: null, // a board painted before the engine is ready: {request} (a new game) or {resume: id}
  pending: null, // {move, label, targets}: a move made on that board, played once the engine is ready
  failed: false, // the engine could not start (or stopped)
  engineReady: false, // the worker said "ready"
};
holdState(ui); // the features' read-only view (page.js), from the first module that runs
