// Makes the engine's memory snapshot for later visits (module worker, started by the page once
// its own engine is ready and no snapshot was used; ends itself):
//   worker -> page  {type: "stored", bytes, ms}   the snapshot is in Cache Storage
//                   {type: "failed", message}     none was made (no Cache Storage, full storage…)
//
// It boots a second, private runtime with nothing loaded through micropip or loadPackage (their
// JS references cannot be saved in a snapshot), unpacks the same wheel, imports the engine and
// asks `hello` once (the engine's data read at start is then in memory), then saves the memory.
// The page's engine keeps running meanwhile; this costs one more runtime start, once per build.
import {
  BRIDGE, INDEX_URL, RUNTIME_OPTIONS, fetchBuildInfo, fetchWheel, readSnapshot, snapshotKey, storeSnapshot, unpackWheel,
} from "./engine-boot.js";

async function make() {
  const t0 = performance.now();
  if (!("caches" in self)) throw new Error("no Cache Storage here");
  const info = await fetchBuildInfo();
  const wheelPromise = fetchWheel(info);
  const { loadPyodide, version } = await import(INDEX_URL + "pyodide.mjs");
  const key = snapshotKey(info, version);
  const made = await readSnapshot(key); // another tab may have made it meanwhile
  if (made) return { bytes: made.byteLength, ms: Math.round(performance.now() - t0) };
  const pyodide = await loadPyodide({ ...RUNTIME_OPTIONS, packages: [], _makeSnapshot: true });
  unpackWheel(pyodide, (await wheelPromise).bytes);
  const handle = pyodide.runPython(BRIDGE);
  const hello = JSON.parse(String(handle('{"cmd":"hello"}')));
  if (!hello || hello.ok !== true) throw new Error("the engine did not answer");
  // the bot sandbox boots from this snapshot too (botclient.js): its bridge already imported
  // makes a bot worker's restart (after a stopped bot) faster
  pyodide.runPython("import pygame_core.bot_bridge");
  const bytes = pyodide.makeMemorySnapshot();
  await storeSnapshot(key, bytes);
  return { bytes: bytes.byteLength, ms: Math.round(performance.now() - t0) };
}

make().then(
  (done) => self.postMessage({ type: "stored", ...done }),
  (err) => self.postMessage({ type: "failed", message: String(err && err.message ? err.message : err).slice(0, 200) }),
);
