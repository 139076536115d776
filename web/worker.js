// Boardwright Pyodide worker (module worker):
//   const worker = new Worker("worker.js", { type: "module" });
//
// Protocol
//   worker -> page  {type: "progress", text, step, steps}  while booting (step of steps done)
//                   {type: "ready", version, bootMs, phases}  once the engine is importable
//                                                       (phases: {name: ms}, see boot())
//                   {type: "fatal", message, detail?}   boot failed (the worker stays alive and
//                                                       answers every request with an internal error)
//                   {type: "response", id, response}    one per request, in arrival order
//   page -> worker  {id, request}                       request: any JSON-able object
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

const t0 = performance.now();
const INDEX_URL = new URL("./pyodide/", import.meta.url).href;

let handleJson = null; // JS proxy of pygame_core.bridge.handle_json
let bootError = null;
const queue = [];
let draining = false;

// step: how many of the STEPS boot steps are done (a truthful progress bar, not a spinner)
function progress(text, step) {
  self.postMessage({ type: "progress", text, step, steps: STEPS });
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
// start-up time goes: runtime (download, compile and start Python, micropip loaded with it),
// wheel_wait (whatever of the wheel download was left once the runtime was up: 0 when it came
// in parallel), install (micropip.install from the in-memory file system), engine (import the
// bridge).
const phases = {};
const STEPS = 3;

function phase(name, since) {
  const now = performance.now();
  phases[name] = Math.round(now - since);
  return now;
}

// The engine wheel, fetched at once and in parallel with the runtime (its URL holds its hash, so
// the same URL is what the service worker precaches: the offline copy and the HTTP cache hold it
// once). Resolves to {name, bytes, version}.
async function fetchWheel() {
  const infoResp = await fetch(new URL("./build.json", import.meta.url), { cache: "no-cache" });
  if (!infoResp.ok) throw new Error(`build.json: HTTP ${infoResp.status}`);
  const info = await infoResp.json();
  if (!info || typeof info.wheel !== "string") throw new Error("build.json has no 'wheel' entry");
  const url = new URL(info.wheel, import.meta.url);
  const name = url.pathname.slice(url.pathname.lastIndexOf("/") + 1);
  if (!/^[A-Za-z0-9_.]+-[A-Za-z0-9_.+!]+-[^/]+\.whl$/.test(name)) throw new Error(`build.json: ${name.slice(0, 60)} is not a wheel`);
  const resp = await fetch(url);
  if (!resp.ok) throw new Error(`${info.wheel}: HTTP ${resp.status}`);
  return { name, bytes: new Uint8Array(await resp.arrayBuffer()), version: info.version ?? null };
}

async function boot() {
  let t = t0;
  progress("Downloading and starting the Python runtime…", 0);
  const wheelPromise = fetchWheel();
  wheelPromise.catch(() => {}); // awaited below; no "unhandled rejection" meanwhile
  // dynamic import so that a missing runtime becomes a "fatal" message
  const { loadPyodide } = await import(INDEX_URL + "pyodide.mjs");
  const pyodide = await loadPyodide({
    indexURL: INDEX_URL,
    lockFileURL: INDEX_URL + "pyodide-lock.json",
    packageBaseUrl: INDEX_URL, // also replaces the CDN default for packages
    packages: ["micropip"], // downloaded while the runtime bootstraps
    stdout: (line) => console.log("[py]", line),
    stderr: (line) => console.warn("[py]", line),
  });
  t = phase("runtime", t);

  progress("Installing the Boardwright engine…", 1);
  const wheel = await wheelPromise;
  t = phase("wheel_wait", t);
  // micropip installs from the in-memory file system: no network, no index, no dependencies
  const path = `/tmp/${wheel.name}`;
  pyodide.FS.writeFile(path, wheel.bytes);
  pyodide.globals.set("_bw_wheel_url", "emfs:" + path);
  await pyodide.runPythonAsync(`
import micropip
await micropip.install(_bw_wheel_url, deps=False)
del _bw_wheel_url
`);
  pyodide.FS.unlink(path);
  t = phase("install", t);

  progress("Starting the engine…", 2);
  // a standalone (non-borrowed) proxy that lives as long as the worker
  handleJson = pyodide.runPython("__import__('pygame_core.bridge', fromlist=['handle_json']).handle_json");
  let version = wheel.version;
  try {
    const mod = pyodide.pyimport("pygame_core");
    version = String(mod.__version__);
    mod.destroy();
  } catch (_) {
    /* keep build.json's version */
  }
  phase("engine", t);
  phases.total = Math.round(performance.now() - t0);
  return version;
}

function handle(request) {
  try {
    if (handleJson === null) {
      throw new Error(bootError ? `engine failed to start: ${bootError}` : "engine not ready");
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
        response = { ok: false, error: { code: "internal", message: "malformed message: expected {id, request}" } };
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
  queue.push(event.data);
  drain();
};

boot().then(
  (version) => {
    const bootMs = Math.round(performance.now() - t0);
    self.postMessage({ type: "ready", version, bootMs, phases });
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
