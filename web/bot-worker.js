// The bot worker (module worker): runs a person's bot, apart from the page's engine worker, so
// that a runaway bot can be stopped by terminating this worker (web/botclient.js does it).
// It boots Pyodide and the engine wheel like worker.js (engine-boot.js) and
// answers requests with pygame_core.bot_bridge.handle_json.
//   worker -> page  {type: "ready", snapshot: "restored" | "none" | "failed"} | {type: "fatal", message} | {type: "response", id, response}
//   page -> worker  {id, request}
// The site's CSP (connect-src 'self', sent on every answer) applies here too: a bot cannot
// reach another origin.
import {
  INDEX_URL, RUNTIME_OPTIONS, fetchBuildInfo, fetchWheel, readSnapshot, snapshotKey, unpackWheel,
} from "./engine-boot.js";

const BOT_BRIDGE = "__import__('pygame_core.bot_bridge', fromlist=['handle_json']).handle_json";
let handleJson = null;
let bootError = null;
const queue = [];

function message(err) {
  const text = err && typeof err === "object" && "message" in err ? String(err.message) : String(err);
  const lines = text.trim().split("\n").filter((l) => l.trim() !== "");
  return lines.length ? lines[lines.length - 1].trim() : text;
}

// From the game page's memory snapshot when there is one (a restart after a stopped bot then
// takes a fraction of a second); else the ordinary install. A snapshot that fails is left to the
// game page's worker to judge: this worker just boots normally.
async function bootFromSnapshot(loadPyodide, bytes, wheelPromise) {
  const pyodide = await loadPyodide({ ...RUNTIME_OPTIONS, packages: [], _loadSnapshot: bytes });
  unpackWheel(pyodide, (await wheelPromise).bytes);
  pyodide.runPython("import random; random.seed()");
  handleJson = pyodide.runPython(BOT_BRIDGE);
  const hello = JSON.parse(String(handleJson('{"cmd":"template","game":"hex"}')));
  if (!hello || hello.ok !== true) throw new Error("the restored engine did not answer");
}

async function boot() {
  const infoPromise = fetchBuildInfo();
  const wheelPromise = infoPromise.then(fetchWheel);
  wheelPromise.catch(() => {});
  const { loadPyodide, version } = await import(INDEX_URL + "pyodide.mjs");
  const snapshot = await readSnapshot(snapshotKey(await infoPromise, version));
  if (snapshot) {
    try {
      await bootFromSnapshot(loadPyodide, snapshot, wheelPromise);
      return "restored";
    } catch (err) {
      handleJson = null;
      console.warn("Boardwright bot worker: the snapshot is unusable, booting normally:", err);
    }
  }
  const how = snapshot ? "failed" : "none";
  const pyodide = await loadPyodide({ ...RUNTIME_OPTIONS, packages: ["micropip"] });
  const wheel = await wheelPromise;
  const path = `/tmp/${wheel.name}`;
  pyodide.FS.writeFile(path, wheel.bytes);
  pyodide.globals.set("_bw_wheel_url", "emfs:" + path);
  await pyodide.runPythonAsync("import micropip\nawait micropip.install(_bw_wheel_url, deps=False)\ndel _bw_wheel_url");
  pyodide.FS.unlink(path);
  handleJson = pyodide.runPython(BOT_BRIDGE);
  return how;
}

function answer(msg) {
  const id = msg && typeof msg === "object" ? msg.id : undefined;
  let response;
  try {
    if (!handleJson) throw new Error(`the bot's Python could not start: ${bootError}`);
    response = JSON.parse(String(handleJson(JSON.stringify(msg.request ?? null))));
  } catch (err) {
    response = { ok: false, error: { code: "internal", message: message(err) } };
  }
  self.postMessage({ type: "response", id, response });
}

self.onmessage = (event) => {
  if (handleJson || bootError) answer(event.data);
  else queue.push(event.data);
};

boot().then(
  (snapshot) => { self.postMessage({ type: "ready", snapshot }); while (queue.length) answer(queue.shift()); },
  (err) => {
    bootError = message(err);
    self.postMessage({ type: "fatal", message: bootError });
    while (queue.length) answer(queue.shift());
  },
);
