// Boardwright service worker: keeps one complete, versioned copy of the site
// (page, engine wheel, Pyodide runtime) in the Cache API so the game loads and
// plays without a network.
//
// build_scripts/build.py rewrites the BUILD line below with
//   {version, files: {"<path relative to this file>": "<sha256>", ...},
//    headers: {"<name>": "<value>", ...}}
// (files: every shipped file except sw.js itself; headers: the security headers
// that build_scripts/serve.py sends with every response, site_checks.SECURITY_HEADERS,
// the Content-Security-Policy first of all). The version is a hash of all of
// them, so any change to the site changes this file and browsers install the
// new worker; each version has its own cache "boardwright-<version>".
//
// Security headers: every response this worker makes or serves (cached copies,
// HEAD answers, network answers it passes on, the offline redirect) carries the
// stamped headers, the same as the server's. A Response from the Cache API (or
// the network) cannot be edited, so it is answered with a new Response over the
// same body. This matters beyond the pages' <meta> policy: a worker (the
// engine's worker.js) is governed only by the policy of its own script's
// response, so without the header it would run with no policy at all.
//
// Lifecycle
//   install   fetch every listed file into the new version's cache, bypassing
//             stale HTTP caches and checking each file's sha256; any failure
//             fails the install (never a half or mixed cache). On the very first
//             install (no active worker yet) it activates at once.
//   waiting   an update waits until the page asks for it ({type: "SKIP_WAITING"},
//             sent by offline.js when the person clicks "Reload").
//   activate  delete every other boardwright-* cache, claim the open pages.
//   fetch     GET/HEAD of a listed file (same origin, inside the site folder):
//             answered from this version's cache (the query string is ignored,
//             so "wheel?v=..." and "index.html?game=..." hit; "folder/" is
//             index.html), the network only if the cache is gone. Other
//             navigations inside the folder: the network, offline a redirect to
//             the cached index.html. Anything else (other origins, other
//             methods, unlisted files) is left to the browser and never cached.
//             Every answer carries the stamped security headers.
//   message   {type: "STATUS"} -> {version, complete} on the message port.

const BUILD = null; // @build-stamp (replaced by build_scripts/build.py)

const PREFIX = "boardwright-";
const CACHE = BUILD ? PREFIX + BUILD.version : null;
// the listed files live next to this script (the scope is normally this folder too)
const BASE = new URL("./", self.location.href);
const FILES = BUILD ? BUILD.files : {};
// {name: value}: put on every response (see "Security headers" above)
const SECURITY_HEADERS = BUILD && BUILD.headers ? BUILD.headers : {};

// Content types by extension: a cached copy always carries the right type, even
// when a static host serves e.g. .wasm as application/octet-stream (Pyodide
// compiles the wasm with instantiateStreaming, which requires application/wasm).
const TYPES = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json",
  webmanifest: "application/manifest+json",
  wasm: "application/wasm",
  whl: "application/zip",
  zip: "application/zip",
  svg: "image/svg+xml",
  png: "image/png",
  txt: "text/plain; charset=utf-8",
};

function fileURL(path) {
  return new URL(path, BASE).href;
}

function inside(url) {
  return url.origin === BASE.origin && url.pathname.startsWith(BASE.pathname);
}

// The precached path for a URL inside the site folder ("" and "dir/" map to
// index.html), or null when the URL is not a precached file.
function precachedPath(url) {
  if (!inside(url)) return null;
  let rel;
  try {
    rel = decodeURIComponent(url.pathname.slice(BASE.pathname.length));
  } catch (_) {
    return null;
  }
  if (rel === "" || rel.endsWith("/")) rel += "index.html";
  return Object.prototype.hasOwnProperty.call(FILES, rel) ? rel : null;
}

// `init` (a Headers, an object or entries) plus the security headers, which win
function withSecurityHeaders(init) {
  const headers = new Headers(init);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  return headers;
}

const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);

// `response` answered with the security headers: a new Response over its body
// (or none, for a HEAD) with its status, Content-Type and other headers. Opaque,
// cross-origin and error responses and redirected ones (whose URL a copy would
// lose) are returned as they are.
function secured(response, withoutBody = false) {
  if (response.type !== "basic" && response.type !== "default") return response;
  if (response.redirected) return response;
  const headers = withSecurityHeaders(response.headers);
  // fetch has already undone any Content-Encoding: the body is the decoded bytes
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  const body = withoutBody || NULL_BODY_STATUS.has(response.status) ? null : response.body;
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

// Fetch one file and return a clean Response of exactly the expected bytes.
async function fetchVerified(path, sha256) {
  let lastError = null;
  // "no-cache" revalidates with the server (cheap 304s for unchanged files);
  // on a hash mismatch try once more bypassing every cache ("reload").
  for (const mode of ["no-cache", "reload"]) {
    try {
      const res = await fetch(new Request(fileURL(path), { cache: mode, credentials: "same-origin" }));
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = await res.arrayBuffer();
      const got = hex(await crypto.subtle.digest("SHA-256", body));
      if (got !== sha256) throw new Error(`sha256 ${got.slice(0, 12)}… is not the built ${sha256.slice(0, 12)}…`);
      const ext = path.includes(".") ? path.slice(path.lastIndexOf(".") + 1).toLowerCase() : "";
      const type = TYPES[ext] || res.headers.get("Content-Type") || "application/octet-stream";
      // a new Response: no redirect flag (a redirected response cannot answer a
      // navigation), no transfer or content encoding (the body is the decoded,
      // verified bytes), the type fixed as above, the security headers
      return new Response(body, {
        status: 200,
        statusText: "OK",
        headers: withSecurityHeaders({ "Content-Type": type }),
      });
    } catch (err) {
      lastError = err;
    }
  }
  throw new Error(`precache ${path}: ${lastError && lastError.message ? lastError.message : lastError}`);
}

async function precache() {
  await caches.delete(CACHE); // a leftover from an interrupted install of this version
  const cache = await caches.open(CACHE);
  try {
    const entries = Object.entries(FILES);
    let next = 0;
    const worker = async () => {
      while (next < entries.length) {
        const [path, sha256] = entries[next++];
        await cache.put(fileURL(path), await fetchVerified(path, sha256));
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
  } catch (err) {
    await caches.delete(CACHE); // never leave a half cache behind
    throw err;
  }
}

self.addEventListener("install", (event) => {
  if (!BUILD) {
    // an unbuilt web/ folder: nothing to precache, behave as a pass-through
    event.waitUntil(self.skipWaiting());
    return;
  }
  event.waitUntil(
    precache().then(() => {
      // first install: no page runs an older version, so take over right away;
      // updates wait for the page's "Reload" (see offline.js)
      if (!self.registration.active) return self.skipWaiting();
      return undefined;
    }),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

async function fromCache(path) {
  const cache = await caches.open(CACHE);
  return cache.match(fileURL(path), { ignoreSearch: true, ignoreVary: true });
}

async function respond(request, path) {
  const cached = await fromCache(path);
  // a copy with the security headers (also when the cached copy lacks them)
  if (cached) return secured(cached, request.method === "HEAD");
  // cache gone (storage cleared): the network, uncached, with the headers too
  return secured(await fetch(request), request.method === "HEAD");
}

async function navigate(request) {
  let response;
  try {
    response = await fetch(request);
  } catch (err) {
    // offline: send the browser to the cached app (a redirect, so that its
    // relative URLs resolve against the site folder)
    if (await fromCache("index.html")) {
      return new Response(null, {
        status: 302,
        statusText: "Found",
        headers: withSecurityHeaders({ Location: fileURL("index.html") }),
      });
    }
    throw err;
  }
  return secured(response);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (!BUILD || (request.method !== "GET" && request.method !== "HEAD")) return;
  const url = new URL(request.url);
  if (!inside(url)) return; // another origin, or outside the site folder: not ours
  const path = precachedPath(url);
  if (path) {
    event.respondWith(respond(request, path));
  } else if (request.mode === "navigate") {
    event.respondWith(navigate(request)); // an unknown page: the network, else the app
  }
  // other same-origin files: the browser fetches them as usual (never cached)
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "SKIP_WAITING") {
    event.waitUntil(self.skipWaiting());
  } else if (data.type === "STATUS" && event.ports && event.ports[0]) {
    const port = event.ports[0];
    event.waitUntil(
      (async () => {
        let complete = false;
        if (BUILD && (await caches.has(CACHE))) {
          const cache = await caches.open(CACHE);
          const have = new Set((await cache.keys()).map((r) => r.url));
          complete = Object.keys(FILES).every((p) => have.has(fileURL(p)));
        }
        port.postMessage({ version: BUILD ? BUILD.version : null, complete });
      })(),
    );
  }
});
