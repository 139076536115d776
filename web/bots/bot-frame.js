// The bot sandbox's frame script (classic script). botclient.js puts this file's text, as it is,
// inline in the srcdoc of an <iframe sandbox="allow-scripts">: a document with an opaque origin,
// so nothing that runs in it (or in the workers it starts) has the site's Cache Storage,
// IndexedDB, localStorage, cookies, service worker or same-origin requests. The site's policy
// admits this one inline script by its sha256 (site_checks.BOT_FRAME_HASH): change a byte here
// and the hash in the policy changes with it (the build says where).
//
// page -> frame  {type: "files", worker: <bot-worker.js text>, boot: {...}}  once: what every
//                worker boots from (the runtime's bytes), kept here
//                {type: "start", seq} with one MessagePort: end the current worker, start another
//                {type: "stop", seq}: end worker seq (a bot over its time limit)
// frame -> page  {type: "crashed", seq, message}   worker seq died (out of memory, its script failed)
// The frame starts each bot worker from a blob: URL (a blob made here has the frame's opaque
// origin), hands it the port and a copy of the bytes: from then on the page and the worker talk
// on that port alone. The frame's own thread never runs a bot, so it can always end one.
// The frame never reads what the worker says, and the page trusts nothing it is told.
(function () {
  "use strict";
  var source = null; // bot-worker.js's text
  var boot = null; // the runtime's bytes and the rest of what a worker boots from
  var worker = null;
  var seq = null; // the page's number of the current worker
  function tell(message) {
    parent.postMessage(message, "*");
  }
  function stop() {
    if (worker) worker.terminate();
    worker = null;
    seq = null;
  }
  addEventListener("message", function (event) {
    var data = event.data;
    if (event.source !== parent || !data) return;
    if (data.type === "files" && typeof data.worker === "string" && data.boot) {
      source = data.worker;
      boot = data.boot;
    } else if (data.type === "start" && source !== null && event.ports && event.ports[0]) {
      stop();
      var mine = data.seq;
      var url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
      try {
        worker = new Worker(url, { name: "bot" });
      } catch (err) {
        tell({ type: "crashed", seq: mine, message: String(err && err.message ? err.message : err).slice(0, 200) });
        return;
      }
      seq = mine;
      worker.addEventListener("error", function (ev) {
        ev.preventDefault();
        tell({ type: "crashed", seq: mine, message: String(ev.message || "").slice(0, 200) });
      });
      worker.postMessage({ type: "port", port: event.ports[0] }, [event.ports[0]]);
      worker.postMessage({ type: "boot", boot: boot }); // a copy: the next worker needs them too
    } else if (data.type === "stop" && data.seq === seq) {
      stop();
    }
  });
})();
