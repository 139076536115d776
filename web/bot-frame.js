// The bot sandbox's frame script (classic script). botclient.js puts this file's text, as it is,
// inline in the srcdoc of an <iframe sandbox="allow-scripts">: a document with an opaque origin,
// so nothing that runs in it (or in the workers it starts) has the site's Cache Storage,
// IndexedDB, localStorage, cookies, service worker or same-origin requests. The site's policy
// admits this one inline script by its sha256 (site_checks.BOT_FRAME_HASH): change a byte here
// and the hash in the policy changes with it (the build says where).
//
// page -> frame  {type: "boot", worker: <bot-worker.js text>, boot: {...}} with one MessagePort
// frame -> page  {type: "crashed", message}   the bot's worker died (out of memory, its script failed)
// The frame starts the bot's worker from a blob: URL (a blob made here has the frame's opaque
// origin) and hands it the port: from then on the page and the worker talk on that port alone.
// The frame never reads what the worker says, and the page trusts nothing it is told.
(function () {
  "use strict";
  var worker = null;
  function tell(message) {
    parent.postMessage(message, "*");
  }
  addEventListener("message", function (event) {
    var data = event.data;
    if (worker || event.source !== parent || !data || data.type !== "boot") return;
    var port = event.ports && event.ports[0];
    if (typeof data.worker !== "string" || !port) return;
    var url = URL.createObjectURL(new Blob([data.worker], { type: "text/javascript" }));
    try {
      worker = new Worker(url, { name: "bot" });
    } catch (err) {
      tell({ type: "crashed", message: String(err && err.message ? err.message : err).slice(0, 200) });
      return;
    }
    worker.addEventListener("error", function (ev) {
      ev.preventDefault();
      tell({ type: "crashed", message: String(ev.message || "").slice(0, 200) });
    });
    var boot = data.boot || {};
    var buffers = [];
    var files = boot.files || {};
    for (var name in files) {
      if (files[name] && files[name].buffer instanceof ArrayBuffer) buffers.push(files[name].buffer);
    }
    if (boot.snapshot && boot.snapshot.buffer instanceof ArrayBuffer) buffers.push(boot.snapshot.buffer);
    worker.postMessage({ type: "boot", boot: boot, port: port }, [port].concat(buffers));
  });
})();
