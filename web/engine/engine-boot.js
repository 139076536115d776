// What the engine workers share (worker.js boots the engine; snapshot-worker.js makes the
// memory snapshot that later visits boot from):
//   fetchBuildInfo()            build.json (the wheel's path and sha256)
//   fetchWheel(info)            {name, bytes} of the engine wheel (its URL holds its hash)
//   snapshotKey(info, version)  the Cache Storage key of the snapshot for this Pyodide and wheel
//   readSnapshot(key)           the stored snapshot's bytes, or null (none, partial, unreadable)
//   storeSnapshot(key, bytes)   keep it (and drop every other snapshot)
//   dropSnapshots()             forget them all (a snapshot that failed to boot)
//   unpackWheel(pyodide, bytes) put the wheel's files into site-packages
//
// A Pyodide memory snapshot is a copy of the wasm memory after the engine was imported; booting
// from it skips Python's start-up and the engine's imports. Its file system is not in it, so the
// wheel's files are unpacked again (about 20 ms). Pyodide checks only its own build id, so the key
// also holds the wheel's hash and SNAP_FORMAT, and the restored engine must answer `hello` before
// it is used. The cache is not named "boardwright-*": sw.js deletes every other such cache.
const SITE = new URL("../", import.meta.url); // the site's folder (this file is in engine/)
export const INDEX_URL = new URL("./pyodide/", SITE).href;
export const SNAP_CACHE = "bw-engine-snapshot";
const SNAP_FORMAT = "2"; // bump when what the snapshot must contain changes (2: the bot bridge imported)

export const RUNTIME_OPTIONS = {
  indexURL: INDEX_URL,
  lockFileURL: INDEX_URL + "pyodide-lock.json",
  packageBaseUrl: INDEX_URL, // also replaces the CDN default for packages
  stdout: (line) => console.log("[py]", line),
  stderr: (line) => console.warn("[py]", line),
};

export async function fetchBuildInfo() {
  const resp = await fetch(new URL("./build.json", SITE), { cache: "no-cache" });
  if (!resp.ok) throw new Error(`build.json: HTTP ${resp.status}`);
  const info = await resp.json();
  if (!info || typeof info.wheel !== "string") throw new Error("build.json has no 'wheel' entry");
  return info;
}

export async function fetchWheel(info) {
  const url = new URL(info.wheel, SITE);
  const name = url.pathname.slice(url.pathname.lastIndexOf("/") + 1);
  if (!/^[A-Za-z0-9_.]+-[A-Za-z0-9_.+!]+-[^/]+\.whl$/.test(name)) throw new Error(`build.json: ${name.slice(0, 60)} is not a wheel`);
  const resp = await fetch(url);
  if (!resp.ok) throw new Error(`${info.wheel}: HTTP ${resp.status}`);
  return { name, bytes: new Uint8Array(await resp.arrayBuffer()), version: info.version ?? null };
}

export function snapshotKey(info, pyodideVersion) {
  const url = new URL("./__engine-snapshot.bin", SITE);
  url.searchParams.set("pyodide", String(pyodideVersion));
  url.searchParams.set("wheel", String(info.wheel_sha256 || info.wheel).slice(0, 16));
  url.searchParams.set("format", SNAP_FORMAT);
  return url.href;
}

export async function readSnapshot(key) {
  if (!("caches" in self)) return null;
  try {
    if (!(await caches.has(SNAP_CACHE))) return null; // (opening it would create it)
    const resp = await (await caches.open(SNAP_CACHE)).match(key);
    if (!resp) return null;
    const bytes = new Uint8Array(await resp.arrayBuffer());
    return String(bytes.byteLength) === resp.headers.get("X-Snapshot-Length") ? bytes : null; // a partial entry
  } catch (_) {
    return null;
  }
}

export async function storeSnapshot(key, bytes) {
  const cache = await caches.open(SNAP_CACHE);
  for (const request of await cache.keys()) if (request.url !== key) await cache.delete(request);
  await cache.put(key, new Response(bytes, {
    headers: { "Content-Type": "application/octet-stream", "X-Snapshot-Length": String(bytes.byteLength) },
  }));
}

export async function dropSnapshots() {
  try { await caches.delete(SNAP_CACHE); } catch (_) { /* nothing to drop */ }
}

export function unpackWheel(pyodide, bytes) {
  const site = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  pyodide.unpackArchive(bytes, "wheel", { extractDir: site });
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
}

export const BRIDGE = "__import__('pygame_core.bridge', fromlist=['handle_json']).handle_json";
