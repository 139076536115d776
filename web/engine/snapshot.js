// The engine's memory snapshot, page side: after a boot without one, snapshot-worker.js makes it
// (see there and engine-boot.js); the next visit's engine boots from it in a fraction of the time.
/** After a boot without the engine's memory snapshot: make one in a worker of its own (the next
 * visit boots from it in a fraction of the time), once, then end that worker. The browser
 * setting localStorage["boardwright.snapshot.v1"] = "off" stops it (the tests' pages use it,
 * so that each of them does not start a second runtime). */
export const SNAPSHOT_DELAY_MS = 1500;
const SNAPSHOT_KEY = "boardwright.snapshot.v1";
const SNAPSHOT_FAILED_KEY = "boardwright.snapshot-failed.v1"; // the wheel whose snapshot failed

/** Not when switched off, nor again for a wheel whose snapshot failed to be made or restored
 * (no second runtime on every visit for nothing). */
export function snapshotsWanted(wheel) {
  try {
    return localStorage.getItem(SNAPSHOT_KEY) !== "off" && localStorage.getItem(SNAPSHOT_FAILED_KEY) !== String(wheel);
  } catch (_) { return false; }
}

export function rememberSnapshotFailure(wheel) {
  try { localStorage.setItem(SNAPSHOT_FAILED_KEY, String(wheel)); } catch (_) { /* then it is tried again */ }
}

export function makeSnapshot(wheel, busy = () => false) {
  // not while the computer is thinking: the maker's runtime start would take its time (CPU)
  if (busy()) { setTimeout(makeSnapshot, SNAPSHOT_DELAY_MS, wheel, busy); return; }
  const run = () => new Promise((resolve) => {
    let maker;
    try {
      maker = new Worker(new URL("./snapshot-worker.js", import.meta.url), { type: "module" });
    } catch (_) { resolve(); return; }
    const done = (state) => {
      document.body.dataset.snapshot = state;
      if (state === "failed") rememberSnapshotFailure(wheel);
      maker.terminate();
      resolve();
    };
    maker.addEventListener("message", (ev) => {
      const msg = ev.data || {};
      if (msg.type === "failed") console.warn("Boardwright: no engine snapshot:", msg.message);
      done(msg.type === "stored" ? "stored" : "failed");
    });
    maker.addEventListener("error", (ev) => { ev.preventDefault(); done("failed"); });
  });
  // one tab at a time (the maker first looks whether another tab has made it meanwhile)
  if (navigator.locks) navigator.locks.request("bw-engine-snapshot", { ifAvailable: true }, (lock) => (lock ? run() : null));
  else run();
}
