// What the engine's workers share (worker.js boots the engine and makes the memory snapshot that
// later visits boot from; the bot sandbox's page side, botclient.js, reads the wheel and snapshot):
//   fetchBuildInfo()            build.json (the wheel's path and sha256, the stdlib's sha256)
//   fetchWheel(info)            {name, bytes} of the engine wheel (its URL holds its hash; the
//                               browser checks the bytes against build.json's sha256: fetch's
//                               integrity, as for a script)
//   snapshotKey(info, version)  the Cache Storage key of the snapshot for this Pyodide, standard
//                               library and wheel
//   readSnapshot(key)           the stored snapshot's bytes, or null (none, partial, unreadable)
//   storeSnapshot(key, bytes)   keep it (and drop every other snapshot)
//   dropSnapshots()             forget them all (a snapshot that failed to boot)
//   mountWheel(pyodide, wheel)  put the wheel ({name, bytes}) on Python's path as it is: the
//                               engine is imported from the zip (zipimport), with the bytecode
//                               the build compiled for it, and nothing is unpacked
//
// A Pyodide memory snapshot is a copy of the wasm memory after the engine was imported; booting
// from it skips Python's start-up and the engine's imports. Its file system is not in it, so the
// wheel is written to its path again (zipimport's index of it is in the snapshot, so the bytes
// must be the same), and the standard library's zip must be the one
// it was made with (zipimport keeps the zip's table of contents in memory). Pyodide checks only its
// own build id, so the key also holds the wheel's and the stdlib's hashes and SNAP_FORMAT, and the
// restored engine must answer before it is used. The cache is not named "boardwright-*":
// sw.js deletes every other such cache.
const SITE = new URL("../", import.meta.url); // the site's folder (this file is in engine/)
export const INDEX_URL = new URL("./pyodide/", SITE).href;
export const SNAP_CACHE = "bw-engine-snapshot";
const SNAP_FORMAT = "3"; // bump when what the snapshot must contain changes (3: made by the page's engine worker)

export const RUNTIME_OPTIONS = {
  indexURL: INDEX_URL,
  lockFileURL: INDEX_URL + "pyodide-lock.json",
  packageBaseUrl: INDEX_URL, // also replaces the CDN default for packages
  stdout: (line) => console.log("[py]", line),
  stderr: (line) => console.warn("[py]", line),
};

export async function fetchBuildInfo() {
  const resp = await fetch(new URL("./build.json", SITE), { cache: "no-cache" });
  if (!resp.ok) throw new Error(`build.json: HTTP ${resp.status}`); // @i18n-ignore (the technical reason, after the page's words)
  const info = await resp.json();
  if (!info || typeof info.wheel !== "string") throw new Error("build.json has no 'wheel' entry"); // @i18n-ignore (as above)
  return info;
}

export async function fetchWheel(info) {
  const url = new URL(info.wheel, SITE);
  const name = url.pathname.slice(url.pathname.lastIndexOf("/") + 1);
  if (!/^[A-Za-z0-9_.]+-[A-Za-z0-9_.+!]+-[^/]+\.whl$/.test(name)) throw new Error(`build.json: ${name.slice(0, 60)} is not a wheel`); // @i18n-ignore (as above)
  // Subresource Integrity: the browser checks the bytes against build.json's sha256 (a digest
  // in script here cost WebKit's runtime start about a second)
  const sha = typeof info.wheel_sha256 === "string" && /^[0-9a-f]{64}$/.test(info.wheel_sha256) ? info.wheel_sha256 : null;
  const integrity = sha ? "sha256-" + btoa(String.fromCharCode(...sha.match(/../g).map((h) => parseInt(h, 16)))) : undefined;
  const resp = await fetch(url, integrity ? { integrity } : {});
  if (!resp.ok) throw new Error(`${info.wheel}: HTTP ${resp.status}`);
  const bytes = new Uint8Array(await resp.arrayBuffer());
  return { name, bytes, version: info.version ?? null };
}

export function snapshotKey(info, pyodideVersion) {
  const url = new URL("./__engine-snapshot.bin", SITE);
  url.searchParams.set("pyodide", String(pyodideVersion));
  url.searchParams.set("wheel", String(info.wheel_sha256 || info.wheel).slice(0, 16));
  url.searchParams.set("stdlib", String(info.stdlib_sha256 || "").slice(0, 16));
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

export const WHEELS_DIR = "/lib/wheels/"; // (build_scripts/site_pyc.py compiles for this path)

export function mountWheel(pyodide, wheel) {
  const path = WHEELS_DIR + wheel.name;
  pyodide.FS.mkdirTree(WHEELS_DIR);
  pyodide.FS.writeFile(path, wheel.bytes);
  pyodide.globals.set("_bw_wheel", path);
  pyodide.runPython("import sys\nif _bw_wheel not in sys.path: sys.path.append(_bw_wheel)\ndel _bw_wheel"); // @i18n-ignore (Python)
}

export const BRIDGE = "__import__('pygame_core.bridge', fromlist=['handle_json']).handle_json"; // @i18n-ignore (Python)
