// Boardwright Pyodide worker (module worker):
//   const worker = new Worker("worker.js", { type: "module" });
//
// Protocol
//   worker -> page  {type: "progress", text}            while booting
//                   {type: "ready", version, bootMs}    once the engine is importable
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

function progress(text) {
  self.postMessage({ type: "progress", text });
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

async function boot() {
  progress("Loading Python runtime…");
  // dynamic import so that a missing runtime becomes a "fatal" message
  const { loadPyodide } = await import(INDEX_URL + "pyodide.mjs");
  const pyodide = await loadPyodide({
    indexURL: INDEX_URL,
    lockFileURL: INDEX_URL + "pyodide-lock.json",
    packageBaseUrl: INDEX_URL, // also replaces the CDN default for packages
    packages: [],
    stdout: (line) => console.log("[py]", line),
    stderr: (line) => console.warn("[py]", line),
  });
  progress("Loading package installer…");
  await pyodide.loadPackage("micropip", { messageCallback: () => {}, errorCallback: (m) => console.warn(m) });

  progress("Fetching build info…");
  const infoResp = await fetch(new URL("./build.json", import.meta.url), { cache: "no-cache" });
  if (!infoResp.ok) throw new Error(`build.json: HTTP ${infoResp.status}`);
  const info = await infoResp.json();
  if (!info || typeof info.wheel !== "string") throw new Error("build.json has no 'wheel' entry");
  const wheel = new URL(info.wheel, import.meta.url);
  // cache-buster: a rebuilt wheel keeps its file name but not its hash
  if (typeof info.wheel_sha256 === "string") wheel.searchParams.set("v", info.wheel_sha256.slice(0, 16));
  const wheelURL = wheel.href;
  const head = await fetch(wheelURL, { method: "HEAD" });
  if (!head.ok) throw new Error(`${info.wheel}: HTTP ${head.status}`);

  progress("Installing Boardwright engine…");
  pyodide.globals.set("_bw_wheel_url", wheelURL);
  await pyodide.runPythonAsync(`
import micropip
await micropip.install(_bw_wheel_url, deps=False)
del _bw_wheel_url
`);

  progress("Starting engine…");
  // a standalone (non-borrowed) proxy that lives as long as the worker
  handleJson = pyodide.runPython("__import__('pygame_core.bridge', fromlist=['handle_json']).handle_json");
  let version = info.version ?? null;
  try {
    const mod = pyodide.pyimport("pygame_core");
    version = String(mod.__version__);
    mod.destroy();
  } catch (_) {
    /* keep build.json's version */
  }
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
    self.postMessage({ type: "ready", version, bootMs });
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
