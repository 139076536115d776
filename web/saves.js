// Saved games in localStorage: no DOM here, only the rules that keep a player's games safe.
//
// * Every entry has a revision `rev`, raised by each write. A tab remembers the revision it last
//   wrote or loaded and writes only over that one (`putSave`): if another tab has moved the game
//   on meanwhile, the write is refused ("conflict") and the page forks its line into a new entry.
// * A full storage is reported ("full"), never hidden; nothing is deleted without the player's
//   click (`deleteOldest` is that click's action).
// * Entries this page cannot read (null, a string, a half-written object...) are skipped in the
//   list, never fatal, and kept as they are: `exportText` includes them. A whole value that is not
//   JSON is copied to BROKEN_KEY before anything is written over it.
export const SAVES_KEY = "boardwright.saves.v1";
export const CURRENT_KEY = "boardwright.current.v1";
export const BROKEN_KEY = "boardwright.saves.unreadable.v1";

function isQuotaError(err) {
  return !!err && (err.name === "QuotaExceededError" || err.name === "NS_ERROR_DOM_QUOTA_REACHED"
    || err.code === 22 || err.code === 1014);
}

/** An entry the page can list and resume. */
export function isValidSave(e, id) {
  return !!e && typeof e === "object" && !Array.isArray(e) && e.id === id && typeof e.game === "string"
    && typeof e.title === "string" && Number.isFinite(e.updated) && Number.isFinite(e.moves)
    && !!e.record && typeof e.record === "object" && Array.isArray(e.record.moves);
}

/** The stored object as it is ({} when empty or unreadable; then `broken` holds the text). */
function readRaw() {
  let text = null;
  try { text = localStorage.getItem(SAVES_KEY); } catch (_) { return { raw: {}, broken: null, storage: false }; }
  if (!text) return { raw: {}, broken: null, storage: true };
  try {
    const data = JSON.parse(text);
    if (data && typeof data === "object" && !Array.isArray(data)) return { raw: data, broken: null, storage: true };
  } catch (_) { /* below */ }
  return { raw: {}, broken: text, storage: true };
}

/** {saves: valid entries, newest first; byId; corrupt: [[id, value]]; broken: unreadable text}. */
export function listSaves() {
  const { raw, broken } = readRaw();
  const saves = [];
  const corrupt = [];
  for (const [id, e] of Object.entries(raw)) {
    if (isValidSave(e, id)) saves.push(e); else corrupt.push([id, e]);
  }
  saves.sort((a, b) => b.updated - a.updated);
  const byId = Object.fromEntries(saves.map((e) => [e.id, e]));
  let kept = broken;
  if (!kept) { try { kept = localStorage.getItem(BROKEN_KEY); } catch (_) { kept = null; } }
  return { saves, byId, corrupt, broken: kept };
}

export function getSave(id) {
  if (!id) return null;
  const { raw } = readRaw();
  return isValidSave(raw[id], id) ? raw[id] : null;
}

/** Write the object back; an unreadable old value is kept aside first. {ok} or {full|error}. */
function writeRaw(raw, broken) {
  try {
    if (broken) localStorage.setItem(BROKEN_KEY, broken);
    localStorage.setItem(SAVES_KEY, JSON.stringify(raw));
    return { ok: true };
  } catch (err) {
    return isQuotaError(err) ? { ok: false, full: true } : { ok: false, error: String(err && err.message || err) };
  }
}

/**
 * Store `entry` (its `id`) if the stored entry is still at revision `expectRev` (0: none yet).
 * Returns {ok, rev} | {ok: false, conflict: stored entry} | {ok: false, full: true} | {ok: false, error}.
 */
export function putSave(entry, expectRev) {
  const { raw, broken, storage } = readRaw();
  if (!storage) return { ok: false, error: "this browser keeps no storage for the page" };
  const old = raw[entry.id];
  const oldRev = isValidSave(old, entry.id) ? (Number.isFinite(old.rev) ? old.rev : 0) : 0;
  if (isValidSave(old, entry.id) && oldRev !== expectRev) return { ok: false, conflict: old };
  const rev = oldRev + 1;
  raw[entry.id] = { ...entry, rev };
  const res = writeRaw(raw, broken);
  return res.ok ? { ok: true, rev } : res;
}

/** Change fields of a stored entry without a new revision (its error note). */
export function touchSave(id, fields) {
  const { raw, broken } = readRaw();
  if (!isValidSave(raw[id], id)) return { ok: false };
  raw[id] = { ...raw[id], ...fields };
  for (const [k, v] of Object.entries(fields)) if (v === undefined) delete raw[id][k];
  return writeRaw(raw, broken);
}

export function deleteSave(id) {
  const { raw, broken } = readRaw();
  if (!(id in raw)) return { ok: true };
  delete raw[id];
  return writeRaw(raw, broken);
}

/** The player's "Delete old saves": the oldest readable entries (never those in `keep`), the
 * older half of them at least one. Returns how many went. Unreadable entries stay for export. */
export function deleteOldest(keep) {
  const { raw, broken } = readRaw();
  const old = Object.entries(raw).filter(([id, e]) => isValidSave(e, id) && !keep.includes(id))
    .sort((a, b) => a[1].updated - b[1].updated);
  const n = Math.max(1, Math.ceil(old.length / 2));
  const gone = old.slice(0, n);
  for (const [id] of gone) delete raw[id];
  if (!gone.length) return 0;
  return writeRaw(raw, broken).ok ? gone.length : 0;
}

export function setCurrent(id) {
  try { localStorage.setItem(CURRENT_KEY, id); return true; } catch (_) { return false; }
}

export function getCurrent() {
  try { return localStorage.getItem(CURRENT_KEY); } catch (_) { return null; }
}

/** Every saved game as one JSON text for "Export JSON": the readable ones, the unreadable ones
 * exactly as found, and a stored value that was not JSON at all. */
export function exportText() {
  const { raw, broken } = readRaw();
  let aside = broken;
  if (!aside) { try { aside = localStorage.getItem(BROKEN_KEY); } catch (_) { aside = null; } }
  return JSON.stringify({ format: "boardwright-saves", version: 1, exported: new Date().toISOString(),
    saves: raw, unreadable: aside }, null, 1);
}
