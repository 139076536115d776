// Offline support for the page: registers the service worker (../sw.js, scope =
// the site's folder, so the site works under any sub-path) and shows a small notice
// when a new version of the site has been downloaded.
//
// State on <html> (for styling and tests):
//   data-offline="ready"        this page is controlled by the service worker and
//                               the whole site is in its cache (plays offline)
//   data-offline="incomplete"   controlled, but the cache misses files (storage cleared)
//   data-offline="unavailable"  no service worker (unsupported, file://, unbuilt site)
//   data-offline-version        the cached site version (set with "ready")
//   data-update="ready"         a new version waits; #update-ready is shown
//
// The notice's look is in offline.css (class "update-ready"), not in inline
// styles: the site's Content-Security-Policy has style-src 'self'.
//
// On a first visit the worker is registered once the engine has booted (it then
// precaches the site, mostly revalidating what the boot just downloaded).
// Updates never mix versions: the new worker waits (the page keeps running on
// the old cache) until the person clicks "Reload"; then it takes over and the
// page reloads from the new cache. Failures only go to console.warn.
import { t } from "../i18n/i18n.js";

const root = document.documentElement;
const SW_URL = new URL("../sw.js", import.meta.url);
const SCOPE = new URL("../", import.meta.url);

function unavailable(reason) {
  root.dataset.offline = "unavailable";
  if (reason) console.warn("Boardwright offline mode unavailable:", reason);
}

// Ask a service worker for {version, complete} (null when it does not answer).
function status(worker, timeoutMs = 5000) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), timeoutMs);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data || null);
    };
    try {
      worker.postMessage({ type: "STATUS" }, [channel.port2]);
    } catch (err) {
      clearTimeout(timer);
      resolve(null);
    }
  });
}

async function markReady() {
  const controller = navigator.serviceWorker.controller;
  if (!controller) return;
  const info = await status(controller);
  if (!info || navigator.serviceWorker.controller !== controller) return;
  if (!info.version) {
    unavailable(); // unbuilt site: the worker passes everything through
  } else if (info.complete) {
    root.dataset.offlineVersion = info.version;
    root.dataset.offline = "ready";
  } else {
    root.dataset.offline = "incomplete";
  }
}

const ENGINE_WAIT_MS = 60_000;

// Resolves once app.js marks the engine ready (<body data-ready="true">), or
// after maxMs (a slow or failed boot still gets the service worker).
function engineReady(maxMs) {
  return new Promise((resolve) => {
    const body = document.body;
    if (!body || body.dataset.ready === "true") {
      resolve();
      return;
    }
    let timer = null;
    const observer = new MutationObserver(() => {
      if (body.dataset.ready === "true") finish();
    });
    function finish() {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    }
    observer.observe(body, { attributes: true, attributeFilter: ["data-ready"] });
    timer = setTimeout(finish, maxMs);
  });
}

let notice = null;

function showUpdate(registration) {
  root.dataset.update = "ready";
  if (notice) return;
  notice = document.createElement("div");
  notice.id = "update-ready";
  notice.className = "update-ready";
  notice.setAttribute("role", "status");
  const text = document.createElement("span");
  text.textContent = t("update.ready");
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = t("loading.reload");
  button.title = t("update.reload.title");
  button.addEventListener("click", () => {
    button.disabled = true;
    const waiting = registration.waiting;
    if (waiting) {
      waiting.postMessage({ type: "SKIP_WAITING" }); // controllerchange then reloads
    } else {
      location.reload(); // already activated (e.g. by another tab)
    }
  });
  notice.append(text, button);
  (document.body || root).append(notice);
}

function watchUpdates(registration) {
  const check = (worker) => {
    if (worker && worker.state === "installed" && navigator.serviceWorker.controller) showUpdate(registration);
  };
  if (registration.waiting) check(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener("statechange", () => check(worker));
  });
}

async function start() {
  const sw = navigator.serviceWorker;
  // A page that already had a controller and gets a new one was updated: it
  // reloads so that page and cache are of the same version. The first
  // controller (first visit, claimed after precaching) keeps the page as is.
  const returning = Boolean(sw.controller);
  let hadController = returning;
  let reloading = false;
  sw.addEventListener("controllerchange", () => {
    if (hadController) {
      if (!reloading) {
        reloading = true;
        location.reload();
      }
      return;
    }
    hadController = true;
    markReady().catch((err) => console.warn("Boardwright offline status:", err));
  });
  // First visit (no controller yet): let the page and its engine load first, so
  // the worker's precache revalidates files already in the HTTP cache instead
  // of downloading the runtime a second time in parallel, and the running
  // engine never switches to files of another build half-way through its boot.
  if (!returning) await engineReady(ENGINE_WAIT_MS);
  const registration = await sw.register(SW_URL.href, { scope: SCOPE.href });
  watchUpdates(registration);
  await markReady();
  // look for a newer build now (a returning visitor; on a first visit register()
  // just fetched sw.js) and whenever the page comes back into view; fails
  // quietly while offline
  let lastCheck = Date.now();
  if (returning) registration.update().catch(() => {});
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && Date.now() - lastCheck > 60_000) {
      lastCheck = Date.now();
      registration.update().catch(() => {});
    }
  });
}

if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) {
  unavailable();
} else {
  start().catch((err) => unavailable(err));
}
