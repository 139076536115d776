// The engine's memory snapshot, page side. The engine's worker makes it itself, right after a boot
// without one and before the first request (worker.js says how; engine-boot.js where it is kept):
// the next visit's engine boots from it in a fraction of the time, a reload a second later too.
// The page only says whether it wants one, and notes the outcome.
const SNAPSHOT_KEY = "boardwright.snapshot.v1";
const SNAPSHOT_FAILED_KEY = "boardwright.snapshot-failed.v1"; // the wheel whose snapshot failed

/** The worker's options ({type: "options"}, sent before any request): a snapshot is wanted
 * unless the browser setting localStorage["boardwright.snapshot.v1"] = "off" says no (the tests'
 * pages use it, so that each of them does not store 30 MB), or the page is an embed; never again
 * for the wheel whose snapshot failed to be made or restored (failedWheel). */
export function snapshotOptions(embedded) {
  try {
    return {
      type: "options",
      snapshot: !embedded && localStorage.getItem(SNAPSHOT_KEY) !== "off",
      failedWheel: localStorage.getItem(SNAPSHOT_FAILED_KEY),
    };
  } catch (_) {
    return { type: "options", snapshot: false, failedWheel: null };
  }
}

export function rememberSnapshotFailure(wheel) {
  try { localStorage.setItem(SNAPSHOT_FAILED_KEY, String(wheel)); } catch (_) { /* then it is tried again */ }
}

/** The worker's {type: "snapshot", state} message: body[data-snapshot] = "stored" | "failed"
 * (and data-snapshot-ms: when, in ms since navigation). */
export function noteSnapshot(msg, wheel) {
  const state = msg && msg.state === "stored" ? "stored" : "failed";
  if (state === "failed") {
    console.warn("Boardwright: no engine snapshot:", msg && msg.message);
    rememberSnapshotFailure(wheel);
  }
  document.body.dataset.snapshotMs = String(Math.round(performance.now()));
  document.body.dataset.snapshot = state;
}
