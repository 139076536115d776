// Boardwright Pyodide worker (module worker):
//   const worker = new Worker("worker.js", { type: "module" });
//
// Protocol
//   worker -> page  {type: "progress", key, step, steps}  while booting (step of steps done;
//                   key: what is being done, worded by the page's catalog as "loading.<key>")
//                   {type: "ready", version, bootMs, phases, snapshot}  once the engine is
//                                                       importable (phases: {name: ms}; snapshot:
//                                                       "restored" | "none" | "failed"; see boot();
//                                                       wheel: the engine wheel's sha256)
//                   {type: "fatal", message, detail?}   boot failed (the worker stays alive and
//                                                       answers every request with an internal error)
//                   {type: "response", id, response}    one per request, in arrival order
//                   {type: "snapshot", state, bytes?, message?}  the memory snapshot for later
//                                                       visits is stored ("stored") or not ("failed")
//   page -> worker  {type: "options", snapshot: bool, failedWheel}  first (see makeSnapshot below)
//                   {id, request}                       request: any JSON-able object
//
// response = JSON.parse(pygame_core.bridge.handle_json(JSON.stringify(request))).
// Any JS/Python error while handling a request yields
//   {type: "response", id, response: {ok: false, error: {code: "internal", message, detail?}}}
// (a Python traceback is shortened to its last line in `message`, full text in `detail`).
// Requests sent before "ready" are queued and answered after boot (or, if the
// boot failed, answered with an internal error).
//
// Every URL is resolved against this file's URL, so the site works under any
// sub-path and never touches another origin.

import {
  BRIDGE, INDEX_URL, RUNTIME_OPTIONS, dropSnapshots, fetchBuildInfo, fetchWheel, readSnapshot, snapshotKey, storeSnapshot,
  mountWheel,
} from "./engine-boot.js";

const t0 = performance.now();
let snapshotState = "none";
let wheelSha256 = null; // build.json's: the page trusts boot.json's hello for this wheel only

let handleJson = null; // JS proxy of pygame_core.bridge.handle_json
let bootError = null;
const queue = [];
let draining = false;

// step: how many of the STEPS boot steps are done (a truthful progress bar, not a spinner)
function progress(key, step) {
  self.postMessage({ type: "progress", key, step, steps: STEPS });
}

function errorText(err) {
  if (err && typeof err === "object" && "message" in err) return String(err.message);
  return String(err);
}

// {message, detail?}: a Python traceback is shortened to its last line
// ("ValueError: ..."); the full text goes to `detail`.
function describe(err) {
  const text = errorText(err);
  if (!text.startsWith("Traceback")) return { message: text };
  const lines = text.trim().split("\n").filter((l) => l.trim() !== "");
  return { message: lines[lines.length - 1].trim(), detail: text };
}

function internalError(err) {
  return { ok: false, error: { code: "internal", ...describe(err) } };
}

// Boot phases (ms), reported with "ready" so that the page and the benchmarks can see where the
// start-up time goes. A first visit (or a new build): runtime (download, compile and start
// Python), wheel_wait (what of the wheel download was left once the runtime was up: 0 when it
// came in parallel), install (put the wheel on Python's path: the engine is imported from the
// zip, with the bytecode the build compiled for it; no micropip, nothing unpacked), engine
// (import the bridge), snapshot_made (copy the memory for the next visits, see below). A later
// visit boots from that memory snapshot: snapshot (restore it, put the wheel back, check the
// engine answers). `snapshot` in "ready" says which: "restored", "none" (no snapshot yet) or
// "failed" (an unusable snapshot, dropped; the normal boot followed).
//
// The memory snapshot is made here, right after a boot without one and before the first request
// (so that it holds the engine as imported, no game): about 30 ms of copying, then Cache Storage
// stores it in the background, so a reload a second later already boots from it. (Pyodide's
// loadPackage is not used for the wheel: what it leaves in the runtime cannot be saved in a
// snapshot, "Unexpected hiwire entry"; and this worker starts the download before the runtime
// could.) The page says whether it wants one ({type: "options", snapshot, failedWheel}, before
// any request); the worker reports {type: "snapshot", state: "stored" | "failed", bytes?,
// message?} when the copy is stored (or not).
const phases = {};
const STEPS = 3;
const options = { snapshot: true, failedWheel: null };

function phase(name, since) {
  const now = performance.now();
  phases[name] = Math.round(now - since);
  return now;
}

async function bootFromSnapshot(loadPyodide, bytes, wheelPromise) {
  const t = performance.now();
  const pyodide = await loadPyodide({ ...RUNTIME_OPTIONS, packages: [], _loadSnapshot: bytes });
  mountWheel(pyodide, await wheelPromise); // the file system is not in the snapshot
  pyodide.runPython("import random; random.seed()"); // @i18n-ignore (Python) the snapshot froze the PRNG state
  const handle = pyodide.runPython(BRIDGE);
  // a round trip through the bridge (hello would import every game: the page has its answer)
  const answer = JSON.parse(String(handle('{"cmd":"state"}')));
  if (!answer || typeof answer.ok !== "boolean") throw new Error("the restored engine did not answer"); // @i18n-ignore (a developer's detail: a cold start follows)
  phase("snapshot", t);
  return { pyodide, handle };
}

async function bootCold(loadPyodide, wheelPromise) {
  let t = performance.now();
  const pyodide = await loadPyodide({ ...RUNTIME_OPTIONS, packages: [], _makeSnapshot: true });
  t = phase("runtime", t);
  progress("install", 1);
  const wheel = await wheelPromise;
  t = phase("wheel_wait", t);
  mountWheel(pyodide, wheel);
  t = phase("install", t);
  progress("start", 2);
  // a standalone (non-borrowed) proxy that lives as long as the worker
  const handle = pyodide.runPython(BRIDGE);
  phase("engine", t);
  return { pyodide, handle };
}

/** Copy the fresh engine's memory (before any request) and store it for the next visits. */
function makeSnapshot(pyodide, key) {
  const t = performance.now();
  let bytes;
  try {
    // the bot sandbox boots from this snapshot too (botclient.js): its bridge already imported
    // makes a bot worker's start faster; and the modules of the game the page asks for first
    // (its `new` is waiting in the queue), which that request imports anyway: a later visit
    // then starts that game at once
    const first = queue.find((m) => m && m.request && m.request.cmd === "new");
    pyodide.globals.set("_bw_game", first && typeof first.request.game === "string" ? first.request.game : null);
    // @i18n-ignore (the next line: Python)
    pyodide.runPython(`import pygame_core.bot_bridge
from pygame_core import catalog
if _bw_game in catalog.GAMES:
    for _bw_layer in catalog.LAYERS:
        catalog.load(_bw_game, _bw_layer)
    del _bw_layer
del _bw_game`);
    bytes = pyodide.makeMemorySnapshot();
  } catch (err) {
    self.postMessage({ type: "snapshot", state: "failed", message: errorText(err).slice(0, 200) });
    return;
  }
  phase("snapshot_made", t);
  storeSnapshot(key, bytes).then(
    () => self.postMessage({ type: "snapshot", state: "stored", bytes: bytes.byteLength }),
    (err) => self.postMessage({ type: "snapshot", state: "failed", message: errorText(err).slice(0, 200) }),
  );
}

async function boot() {
  progress("runtime", 0);
  // the wheel at once, in parallel with the runtime (its URL holds its hash, so the same URL is
  // what the service worker precaches: the offline copy and the HTTP cache hold it once)
  const infoPromise = fetchBuildInfo();
  const wheelPromise = infoPromise.then(fetchWheel);
  wheelPromise.catch(() => {}); // awaited below; no "unhandled rejection" meanwhile
  // dynamic import so that a missing runtime becomes a "fatal" message
  const { loadPyodide, version: pyodideVersion } = await import(INDEX_URL + "pyodide.mjs");
  const info = await infoPromise;
  wheelSha256 = typeof info.wheel_sha256 === "string" ? info.wheel_sha256 : null;
  snapshotState = "none";
  const key = snapshotKey(info, pyodideVersion);
  const snapshot = await readSnapshot(key);
  let engine = null;
  if (snapshot) {
    try {
      engine = await bootFromSnapshot(loadPyodide, snapshot, wheelPromise);
      snapshotState = "restored";
    } catch (err) { // bad magic, build id mismatch, out of bounds, no answer: boot normally
      console.warn("Boardwright: the engine snapshot is unusable, booting normally:", err);
      snapshotState = "failed";
      await dropSnapshots();
    }
  }
  if (!engine) {
    engine = await bootCold(loadPyodide, wheelPromise);
    // not again for a build whose snapshot could not be restored (nor made: the page remembers)
    const wanted = options.snapshot && snapshotState !== "failed" && options.failedWheel !== wheelSha256;
    if (wanted && "caches" in self) makeSnapshot(engine.pyodide, key);
  }
  handleJson = engine.handle;
  let version = info.version ?? null;
  try {
    const mod = engine.pyodide.pyimport("pygame_core");
    version = String(mod.__version__);
    mod.destroy();
  } catch (_) {
    /* keep build.json's version */
  }
  phases.total = Math.round(performance.now() - t0);
  return version;
}

function handle(request) {
  try {
    if (handleJson === null) {
      throw new Error(bootError ? `engine failed to start: ${bootError}` : "engine not ready"); // @i18n-ignore (internal: the page says the engine failed)
    }
    const text = JSON.stringify(request === undefined ? null : request);
    const reply = handleJson(text);
    return JSON.parse(typeof reply === "string" ? reply : String(reply));
  } catch (err) {
    return internalError(err);
  }
}

function drain() {
  if (draining || (handleJson === null && bootError === null)) return;
  draining = true;
  try {
    while (queue.length) {
      const msg = queue.shift();
      const id = msg && typeof msg === "object" ? msg.id : undefined;
      let response;
      if (!msg || typeof msg !== "object" || !("request" in msg)) {
        response = { ok: false, error: { code: "internal", message: "malformed message: expected {id, request}" } }; // @i18n-ignore (a page bug)
      } else {
        response = handle(msg.request);
      }
      try {
        self.postMessage({ type: "response", id, response });
      } catch (err) {
        self.postMessage({ type: "response", id, response: internalError(err) });
      }
    }
  } finally {
    draining = false;
  }
}

self.onmessage = (event) => {
  const data = event.data;
  if (data && typeof data === "object" && data.type === "options" && !("request" in data)) {
    options.snapshot = data.snapshot !== false;
    options.failedWheel = typeof data.failedWheel === "string" ? data.failedWheel : null;
    return;
  }
  queue.push(data);
  drain();
};

boot().then(
  (version) => {
    const bootMs = Math.round(performance.now() - t0);
    self.postMessage({ type: "ready", version, bootMs, phases, snapshot: snapshotState, wheel: wheelSha256 });
    drain();
  },
  (err) => {
    const { message, detail } = describe(err);
    bootError = message;
    console.error("Boardwright worker boot failed:", detail ?? err);
    self.postMessage({ type: "fatal", message, ...(detail ? { detail } : {}) });
    drain();
  },
);
