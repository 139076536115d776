// Board first, engine second: what the page can show before the Python engine is up.
//
//   fetchBootData()      boot.json, written at build time by the engine itself
//                        (build_scripts/prerender.py): the bridge's `hello` answer and the
//                        default game's initial state; null when missing or malformed
//   saveScreen(id, s)    keep what the screen shows of the autosaved game `id` (the board,
//                        whose turn, the legal clicks), so that a return visit paints it at once
//   readScreen(id)       that state again (null if it is not for `id`, or unreadable)
//   showProgress(msg)    the worker's boot progress ({key, step, steps}): a real bar of steps done
//   showFailure(text)    the engine cannot start: say so, offer Reload, stop the progress bar
//
// None of these knows a game: states are the bridge's own, and checks are only about shape.
import { hasKey, t } from "../i18n/i18n.js";
const $ = (id) => document.getElementById(id);
const SCREEN_KEY = "boardwright.screen.v1";
// what of a state a painted-early board needs; the rest (record, save, exports) is the engine's
const SCREEN_FIELDS = ["game", "title", "options", "players", "moves", "movers", "cursor", "current_player",
  "is_over", "winners", "scores", "status", "status_code", "last_move", "last_words", "last_words_code", "viewer",
  "hidden_information", "legal", "scene", "spectator"];

function isScene(scene) {
  return !!scene && typeof scene === "object" && Array.isArray(scene.viewBox) && scene.viewBox.length === 4
    && scene.viewBox.every((v) => typeof v === "number" && Number.isFinite(v)) && Array.isArray(scene.layers)
    && scene.layers.every((l) => l && typeof l === "object" && Array.isArray(l.items)
      && l.items.every((item) => item && typeof item === "object"))
    && (scene.panels === undefined || Array.isArray(scene.panels));
}

/** Whether `state` has the shape the page draws (a state of the bridge, or a copy of one). */
export function isState(state) {
  return !!state && typeof state === "object" && typeof state.game === "string" && isScene(state.scene)
    && !!state.options && typeof state.options === "object"
    && Array.isArray(state.players) && state.players.every((p) => p && typeof p.name === "string" && typeof p.agent === "string")
    && Number.isInteger(state.current_player)
    && !!state.players[state.current_player] && Array.isArray(state.legal)
    && state.legal.every((m) => m && typeof m.move === "string" && Array.isArray(m.path))
    && Array.isArray(state.moves) && Array.isArray(state.movers) && Number.isInteger(state.cursor)
    && Array.isArray(state.winners) && typeof state.status === "string";
}

let bootData = null; // the one fetch of boot.json (page/first.js and app.js both ask)

/** boot.json, checked (null when missing or malformed); fetched once per page. */
export function fetchBootData() {
  if (!bootData) bootData = loadBootData();
  return bootData;
}

async function loadBootData() {
  try {
    const resp = await fetch(new URL("../boot.json", import.meta.url));
    if (!resp.ok) return null;
    const data = await resp.json();
    if (!data || !data.hello || !Array.isArray(data.hello.games) || !data.hello.games.length) return null;
    const initial = data.initial && typeof data.initial === "object" ? data.initial : {};
    for (const [id, entry] of Object.entries(initial)) {
      if (!entry || !isState(entry.state) || !entry.request || entry.request.game !== id) delete initial[id];
    }
    data.initial = initial;
    return data;
  } catch (_) {
    return null; // no early board: the page waits for the engine as before
  }
}

/** The public part of a state: a hidden-information game keeps no hands and no moves. */
function screenOf(state) {
  const shown = {};
  for (const k of SCREEN_FIELDS) shown[k] = state[k];
  shown.can_undo = false;
  shown.can_redo = false;
  if (state.hidden_information) { // no hand, no secret (notes can name one), no move
    shown.scene = { ...state.scene, panels: [] };
    delete shown.scene.notes;
    delete shown.scene.player_notes;
    delete shown.scene.player_notes_codes;
    shown.legal = [];
  }
  return shown;
}

export function saveScreen(id, state) {
  if (!id || !isState(state)) return;
  try {
    localStorage.setItem(SCREEN_KEY, JSON.stringify({ id, state: screenOf(state) }));
  } catch (_) {
    /* full or unavailable storage: the next visit waits for the engine instead */
  }
}

export function forgetScreen() {
  try { localStorage.removeItem(SCREEN_KEY); } catch (_) { /* nothing to forget */ }
}

export function readScreen(id) {
  try {
    const data = JSON.parse(localStorage.getItem(SCREEN_KEY) || "null");
    return data && data.id === id && isState(data.state) ? data.state : null;
  } catch (_) {
    return null;
  }
}

export function showProgress(msg) {
  const bar = $("loading-progress");
  if (Number.isInteger(msg.steps) && Number.isInteger(msg.step)) {
    bar.max = msg.steps;
    bar.value = msg.step;
    bar.setAttribute("aria-valuetext", t("loading.step", { step: msg.step + 1, steps: msg.steps, text: progressText(msg) }));
  }
  $("loading-text").textContent = progressText(msg);
}

/** The worker's progress line in the reader's words: its `key` is the catalog's "loading.<key>". */
function progressText(msg) {
  return hasKey(`loading.${msg.key}`) ? t(`loading.${msg.key}`) : "";
}

export function showFailure(text) {
  const box = $("loading");
  box.hidden = false;
  box.classList.add("failed");
  box.setAttribute("role", "alert");
  $("loading-progress").hidden = true;
  $("loading-text").textContent = text;
  $("reload").hidden = false;
  $("reload").focus();
  document.body.dataset.failed = "true";
}

/** Boot is taking far longer than it should: say so and offer Reload, but keep waiting. */
export function showSlowStart(text) {
  $("loading-note").textContent = text;
  $("loading-note").hidden = false;
  $("reload").hidden = false;
  document.body.dataset.slowStart = "true";
}

/** A short line in the progress bar (e.g. the move waiting for the engine), or none. */
export function showLoadingNote(text) {
  if (document.body.dataset.slowStart) return;
  $("loading-note").textContent = text || "";
  $("loading-note").hidden = !text;
}

export function wireReload() {
  $("reload").addEventListener("click", () => location.reload());
}
