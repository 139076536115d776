// The worker connection: the Python engine runs in a Web Worker (worker.js) and answers JSON
// requests (the bridge's), one answer per request. Only the page controller (app.js) uses it.
//   startEngine(onFailure, options, onSnapshot)  create the worker, once (app.js, when the page's
//                           modules have run); onFailure(reason): the engine cannot start or died
//                           (once); options: the worker's {type: "options"} (snapshot.js);
//                           onSnapshot(msg): its {type: "snapshot"} message
//   call(request)           send a request: {response, current} (is it still the newest one?)
//   callBackground(req)     a request that does not count as the newest (analysis, review)
//   ready                   resolves with the worker's "ready" message
import { showProgress } from "../page/boot.js";
import { t } from "../i18n/i18n.js";

const pending = new Map();
let nextId = 1;
let latestId = 0;
let resolveReady;
export const ready = new Promise((resolve) => { resolveReady = resolve; });
let worker = null;
let up = false; // the worker said "ready": requests from then on have a reply timeout
let failed = false;
let onFailure = () => {};

/** Start the engine's worker and listen to it (once; app.js says why it is started there). */
export function startEngine(whenFailed, options, onSnapshot = () => {}) {
  onFailure = whenFailed;
  ready.then(() => { up = true; });
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  if (options) worker.postMessage(options);
  listen((kind, ev) => {
    // the worker script itself failed: missing file, syntax error, out of memory
    if (kind === "error") { engineFailed(ev.message ? String(ev.message).slice(0, 200) : t("engine.why.script")); return; }
    if (kind === "messageerror") { engineFailed(t("engine.why.message")); return; }
    const msg = ev.data || {};
    if (msg.type === "progress") showProgress(msg);
    else if (msg.type === "ready") resolveReady(msg);
    else if (msg.type === "fatal") engineFailed(msg.message);
    else if (msg.type === "snapshot") onSnapshot(msg);
    else if (msg.type === "response") {
      const entry = pending.get(msg.id);
      if (entry) { pending.delete(msg.id); entry(msg.response); }
    }
  });
}

function listen(fn) {
  worker.addEventListener("message", (ev) => fn("message", ev));
  worker.addEventListener("error", (ev) => { ev.preventDefault(); fn("error", ev); });
  worker.addEventListener("messageerror", (ev) => fn("messageerror", ev));
}

/** The engine cannot start (or died): tell the page, once. */
function engineFailed(reason) {
  if (failed) return;
  failed = true;
  onFailure(reason);
}

// A request the engine never answers (its worker was killed or hangs) ends in a message instead
// of a board that stays busy: nothing the engine does takes this long (searches come in slices).
const REPLY_TIMEOUT_MS = 90_000;
// A runtime that is still not up after this long has probably lost its download (Pyodide then
// waits for ever): say so and offer Reload, while still waiting in case it is only slow.
export const SLOW_START_MS = 45_000;

/** Send a request; resolves with {ok, result|error} and whether it is still the newest one. */
export function call(request) {
  return post(request, true);
}

/** A request in the background (live analysis, review): it never makes a person's request
 * "not the newest", so its answer cannot stop that one from being drawn. Resolves with the response. */
export async function callBackground(request) {
  return (await post(request, false)).response;
}

function post(request, foreground) {
  const id = nextId++;
  if (foreground) latestId = id;
  return new Promise((resolve) => {
    // requests made before the engine is up wait in the worker's queue: no timeout for those
    const timer = up ? setTimeout(() => engineFailed(t("engine.why.timeout", { seconds: REPLY_TIMEOUT_MS / 1000 })), REPLY_TIMEOUT_MS) : null;
    pending.set(id, (response) => { clearTimeout(timer); resolve({ response, current: id === latestId }); });
    worker.postMessage({ id, request });
  });
}

