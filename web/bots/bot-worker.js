// The bot worker: runs a person's bot, apart from the page's engine worker, in the bot sandbox.
// It is a classic worker (a module worker from a blob: URL does not start in an opaque origin in
// Chromium) that imports the runtime with import(). botclient.js fetches this file's text and
// the sandbox frame (bot-frame.js, an <iframe sandbox="allow-scripts">, opaque origin) starts it
// from a blob: URL, so this worker has the frame's opaque origin too: no Cache Storage, IndexedDB, localStorage, cookies, service
// worker or same-origin requests of the site. It imports nothing by URL: the page hands it every
// byte it needs (the Pyodide runtime, the engine wheel, the engine's memory snapshot).
//   frame -> worker  {type: "port", port}, then {type: "boot", boot: {indexURL, lock, files: {name: Uint8Array}, wheel: {name, bytes}, snapshot}}
//   worker -> page   (on the port) {type: "ready", snapshot: "restored" | "none" | "failed", phases: {step: ms}} |
//                    {type: "fatal", message, detail} | {type: "response", id, response}
//   page -> worker   (on the port) {id, request} | {id, install: {name, bytes, micropip: {name, bytes}}}
// Requests are answered with pygame_core.bot_bridge.handle_json, in the order they came. An
// install (a pure-Python wheel a person dropped on the workbench) is micropip's: micropip is
// loaded by Pyodide's loadPackage the first time (its wheel handed over with the request, as
// every byte here is), then installs the wheel from memory, without its dependencies (nothing
// can be fetched); answered {ok, result: {name}} or {ok: false, error}. A runaway bot is stopped by
// the page, which removes the frame (and with it this worker).
//
// The walls: the opaque origin (the browser's), and the policy inherited from the frame
// (connect-src 'none': no request at all, anywhere). A second layer only: `fetch` here answers
// just the runtime's own files from memory, and `importScripts` is gone.

const BOT_BRIDGE = "__import__('pygame_core.bot_bridge', fromlist=['handle_json']).handle_json"; // @i18n-ignore (Python source)
let port = null;
let pyodide = null;
let micropipLoaded = false;
let handleJson = null;
let bootError = null;
let booting = false;
const queue = [];

function message(err) {
  const text = err && typeof err === "object" && "message" in err ? String(err.message) : String(err);
  const lines = text.trim().split("\n").filter((l) => l.trim() !== "");
  return lines.length ? lines[lines.length - 1].trim() : text;
}

function moduleURL(bytes) {
  return URL.createObjectURL(new Blob([bytes], { type: "text/javascript" }));
}

/** Pyodide loads its wasm and standard library with fetch: answer those from memory, nothing else. */
function memoryFetch(files) {
  return async (input) => {
    const url = String(input && typeof input === "object" && "url" in input ? input.url : input);
    const name = url.slice(url.lastIndexOf("/") + 1).split(/[?#]/)[0];
    const bytes = Object.prototype.hasOwnProperty.call(files, name) ? files[name] : null;
    if (!bytes) throw new TypeError("the bot sandbox makes no requests");
    const type = name.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
    return new Response(bytes, { headers: { "Content-Type": type } });
  };
}

/** The engine wheel on Python's path as it is, where the page's engine worker puts it too
 * (engine-boot.js mountWheel: the snapshot they share expects it there). */
function mountWheel(pyodide, wheel) {
  const path = "/lib/wheels/" + wheel.name;
  pyodide.FS.mkdirTree("/lib/wheels/");
  pyodide.FS.writeFile(path, wheel.bytes);
  pyodide.globals.set("_bw_wheel", path);
  pyodide.runPython("import sys\nif _bw_wheel not in sys.path: sys.path.append(_bw_wheel)\ndel _bw_wheel"); // @i18n-ignore (Python source)
}

const phases = {}; // ms of each boot step (from this script's start), reported with "ready"
let mark = performance.now();
function phase(name) {
  const now = performance.now();
  phases[name] = Math.round(now - mark);
  mark = now;
}

async function boot(b) {
  self.fetch = memoryFetch(b.files);
  // Pyodide refuses a classic worker, which it tells by importScripts working (this one is
  // classic only because a blob: module worker does not start in an opaque origin); nothing
  // here loads a script that way, and the bot has no use for it either
  self.importScripts = () => { throw new TypeError("the bot sandbox loads no scripts"); };
  const { loadPyodide } = await import(moduleURL(b.files["pyodide.mjs"]));
  const { default: createPyodideModule } = await import(moduleURL(b.files["pyodide.asm.mjs"]));
  phase("import");
  const options = {
    indexURL: b.indexURL,
    packageBaseUrl: b.indexURL,
    lockFileContents: b.lock,
    createPyodideModule,
    packages: [],
    stdout: (line) => console.log("[bot]", line),
    stderr: (line) => console.warn("[bot]", line),
  };
  const start = async (snapshot) => {
    pyodide = await loadPyodide(snapshot ? { ...options, _loadSnapshot: snapshot } : options);
    phase("runtime");
    mountWheel(pyodide, b.wheel);
    pyodide.runPython("import random; random.seed()"); // @i18n-ignore (Python source)
    handleJson = pyodide.runPython(BOT_BRIDGE);
    const hello = JSON.parse(String(handleJson('{"cmd":"template","game":"hex"}')));
    // (in English for the console; the page words it by its detail: this worker has no catalog)
    if (!hello || hello.ok !== true) throw Object.assign(new Error("the engine did not answer"), { detail: "engine_silent" }); // @i18n-ignore
    phase("engine");
  };
  if (b.snapshot) {
    try {
      await start(b.snapshot);
      return "restored";
    } catch (err) {
      handleJson = null;
      console.warn("Boardwright bot worker: the snapshot is unusable, booting normally:", err);
    }
  }
  await start(null);
  return b.snapshot ? "failed" : "none";
}

async function install({ name, bytes, micropip }) {
  if (!/^[A-Za-z0-9_.]+-[A-Za-z0-9_.+!]+-[A-Za-z0-9_.]+-none-any\.whl$/.test(String(name))) {
    const err = new Error(`${String(name).slice(0, 80)} is not a pure-Python wheel (…-none-any.whl)`); // @i18n-ignore (the page words it: detail)
    throw Object.assign(err, { detail: "not_pure", params: { name: String(name).slice(0, 80) } });
  }
  if (!micropipLoaded) {
    self.fetch = memoryFetch({ [micropip.name]: micropip.bytes }); // Pyodide's loader asks for it
    try { await pyodide.loadPackage("micropip"); } finally { self.fetch = memoryFetch({}); }
    micropipLoaded = true;
  }
  const path = `/tmp/wheels/${name}`;
  pyodide.FS.mkdirTree("/tmp/wheels");
  pyodide.FS.writeFile(path, bytes);
  pyodide.globals.set("_bw_wheel_url", "emfs:" + path);
  try {
    await pyodide.runPythonAsync("import micropip\nawait micropip.install(_bw_wheel_url, deps=False)\ndel _bw_wheel_url"); // @i18n-ignore (Python source)
  } finally {
    pyodide.FS.unlink(path);
  }
  return { ok: true, result: { name } };
}

async function respond(msg) {
  const id = msg && typeof msg === "object" ? msg.id : undefined;
  let response;
  try {
    if (!handleJson) { // (the page words it by its detail)
      const err = new Error(`the bot's Python could not start: ${bootError}`); // @i18n-ignore
      throw Object.assign(err, { detail: "boot", params: { error: bootError } });
    }
    if (msg.install) response = await install(msg.install);
    else response = JSON.parse(String(handleJson(JSON.stringify(msg.request ?? null))));
  } catch (err) {
    response = { ok: false, error: { code: "internal", message: message(err), ...(err && err.detail ? { detail: err.detail, params: err.params } : {}) } };
  }
  port.postMessage({ type: "response", id, response });
}

let answering = Promise.resolve(); // one at a time, in order (an install awaits micropip)
function answer(msg) {
  answering = answering.then(() => respond(msg));
}

self.onmessage = (event) => {
  const data = event.data;
  if (!data) return;
  if (data.type === "port" && !port && data.port) {
    port = data.port;
    port.onmessage = (ev) => {
      if (handleJson || bootError) answer(ev.data);
      else queue.push(ev.data);
    };
    return;
  }
  if (data.type !== "boot" || !port || booting) return;
  booting = true;
  boot(data.boot).then(
    (snapshot) => {
      self.fetch = memoryFetch({}); // the runtime's bytes are no longer needed
      port.postMessage({ type: "ready", snapshot, phases });
      while (queue.length) answer(queue.shift());
    },
    (err) => {
      self.fetch = memoryFetch({});
      bootError = message(err);
      port.postMessage({ type: "fatal", message: bootError, detail: err && err.detail });
      while (queue.length) answer(queue.shift());
    },
  );
};
