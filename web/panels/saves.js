// Saved games in localStorage: no DOM here, only the rules that keep a player's games safe.
//
// * One key a game (`boardwright.save.<id>`): two tabs playing two games never write the same
//   key, so neither can overwrite the other's game.
// * Every entry has a revision `rev`, raised by each write, and the writing tab's id `tab`. A tab
//   writes a game only over the revision it last wrote or read (`putSave`): if another tab has
//   moved it on, the write is refused ("conflict") and the page forks its line into a new entry.
//   A write that races another tab's write of the same revision is seen in the storage event
//   (same `rev`, other `tab`): the page then keeps its own line as a new entry too (autosave.js).
// * A full storage is reported ("full"), never hidden; nothing is deleted without the player's
//   click (`deleteOldest` is that click's action).
// * Entries this page cannot read (null, a string, a half-written object...) are skipped in the
//   list, never fatal, and left exactly as they are: `exportText` includes them.
// * The list of the first versions (one key, LEGACY_KEY) is split into per-game keys once;
//   what cannot be split (unreadable, or no room) stays there, listed and exported.
import { t } from "../i18n/i18n.js";
export const SAVE_PREFIX = "boardwright.save.";
export const LEGACY_KEY = "boardwright.saves.v1";
export const CURRENT_KEY = "boardwright.current.v1";
export const TAB = Date.now().toString(36) + Math.random().toString(36).slice(2, 8); // this page load

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

/** The stored text as an entry, or null (absent, not JSON, not an entry of `id`). */
export function parseEntry(text, id) {
  if (typeof text !== "string") return null;
  try {
    const e = JSON.parse(text);
    return isValidSave(e, id) ? e : null;
  } catch (_) { return null; }
}

function storage() {
  try { return window.localStorage; } catch (_) { return null; } // blocked storage throws
}

function get(key) {
  try { return storage().getItem(key); } catch (_) { return null; }
}

function set(key, value) {
  try {
    storage().setItem(key, value);
    return { ok: true };
  } catch (err) {
    return isQuotaError(err) ? { ok: false, full: true } : { ok: false, error: String(err && err.message || err) };
  }
}

function saveKeys() {
  const store = storage();
  const out = [];
  try {
    for (let i = 0; i < store.length; i++) {
      const k = store.key(i);
      if (k && k.startsWith(SAVE_PREFIX)) out.push(k);
    }
  } catch (_) { /* no storage: no saves */ }
  return out;
}

/** The first versions' single list, as an object ({} if absent or unreadable). */
function legacyObject() {
  const text = get(LEGACY_KEY);
  if (!text) return { raw: {}, text: null };
  try {
    const data = JSON.parse(text);
    if (data && typeof data === "object" && !Array.isArray(data)) return { raw: data, text };
  } catch (_) { /* unreadable: kept as it is */ }
  return { raw: {}, text };
}

/** Split the old single list into one key a game; keep it only for what could not be moved. */
export function migrateLegacy() {
  const { raw, text } = legacyObject();
  if (!text) return;
  if (!Object.keys(raw).length) return; // an unreadable (or odd) value stays as it is, for export
  const left = {};
  for (const [id, e] of Object.entries(raw)) {
    if (!isValidSave(e, id)) { left[id] = e; continue; }
    if (get(SAVE_PREFIX + id) === null && !set(SAVE_PREFIX + id, JSON.stringify(e)).ok) left[id] = e; // no room
  }
  if (!Object.keys(left).length) { try { storage().removeItem(LEGACY_KEY); } catch (_) { /* stays */ } }
  else set(LEGACY_KEY, JSON.stringify(left)); // smaller than before: it fits
}

/** {saves: readable entries, newest first; corrupt: [[id, text]]; legacy: the old list's
 * text while anything in it is still unmoved or unreadable}. */
export function listSaves() {
  const saves = [];
  const corrupt = [];
  const seen = new Set();
  for (const key of saveKeys()) {
    const id = key.slice(SAVE_PREFIX.length);
    const text = get(key);
    const e = parseEntry(text, id);
    if (e) { saves.push(e); seen.add(id); } else corrupt.push([id, text]);
  }
  const { raw, text } = legacyObject();
  let legacyLeft = !!text && !Object.keys(raw).length;
  for (const [id, e] of Object.entries(raw)) {
    if (seen.has(id)) continue;
    if (isValidSave(e, id)) { saves.push(e); seen.add(id); } else legacyLeft = true;
  }
  saves.sort((a, b) => b.updated - a.updated);
  return { saves, corrupt, legacy: legacyLeft ? text : null };
}

export function getSave(id) {
  if (!id) return null;
  const e = parseEntry(get(SAVE_PREFIX + id), id);
  if (e) return e;
  const old = legacyObject().raw[id]; // not split yet (no room)
  return isValidSave(old, id) ? old : null;
}

/**
 * Store `entry` (its `id`) if the stored entry is still at revision `expectRev` (0: none yet).
 * Returns {ok, rev} | {ok: false, conflict: stored entry} | {ok: false, full: true} | {ok: false, error}.
 */
export function putSave(entry, expectRev) {
  if (!storage()) return { ok: false, error: t("saves.noStorage") };
  const old = getSave(entry.id);
  const oldRev = old ? (Number.isFinite(old.rev) ? old.rev : 0) : 0;
  if (old && oldRev !== expectRev) return { ok: false, conflict: old };
  const rev = oldRev + 1;
  const res = set(SAVE_PREFIX + entry.id, JSON.stringify({ ...entry, rev, tab: TAB }));
  return res.ok ? { ok: true, rev } : res;
}

/** Change fields of a stored entry without a new revision (its error note, `paused`);
 * a field set to undefined is removed. */
export function touchSave(id, fields) {
  const e = getSave(id);
  if (!e) return { ok: false };
  const next = { ...e, ...fields };
  for (const [k, v] of Object.entries(fields)) if (v === undefined) delete next[k];
  return set(SAVE_PREFIX + id, JSON.stringify(next));
}

export function deleteSave(id) {
  try { storage().removeItem(SAVE_PREFIX + id); } catch (_) { return false; }
  const { raw, text } = legacyObject();
  if (text && id in raw) {
    delete raw[id];
    if (Object.keys(raw).length) set(LEGACY_KEY, JSON.stringify(raw));
    else { try { storage().removeItem(LEGACY_KEY); } catch (_) { /* stays */ } }
  }
  return true;
}

/** The player's "Delete old saves": the older half (at least one) of the readable entries,
 * never those in `keep` nor one written in the last `recentMs` (it may be open in another
 * tab). Returns how many went. Unreadable entries stay for export. */
export function deleteOldest(keep, recentMs = 5 * 60_000) {
  const now = Date.now();
  const old = listSaves().saves.filter((e) => !keep.includes(e.id) && now - e.updated > recentMs)
    .sort((a, b) => a.updated - b.updated);
  const gone = old.slice(0, Math.max(1, Math.ceil(old.length / 2)));
  let n = 0;
  for (const e of gone) if (deleteSave(e.id)) n++;
  return n;
}

export function setCurrent(id) {
  return set(CURRENT_KEY, id).ok;
}

export function getCurrent() {
  return get(CURRENT_KEY);
}

/** Every saved game as one JSON text for "Export JSON": the readable ones, the unreadable ones
 * exactly as found (their stored text), and the first versions' list if anything is left in it. */
export function exportText() {
  const { saves, corrupt, legacy } = listSaves();
  return JSON.stringify({
    format: "boardwright-saves", version: 2, exported: new Date().toISOString(),
    saves: Object.fromEntries(saves.map((e) => [e.id, e])),
    unreadable: Object.fromEntries(corrupt), legacy,
  }, null, 1);
}
