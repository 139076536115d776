// Autosave and saved games: the game on screen is written after every answer; the saved-games
// card (resume, delete, unreadable entries); other tabs writing the same game; full storage.
// Storage rules (revisions, conflicts, full storage, unreadable entries) live in saves.js.
import { saveScreen } from "../page/boot.js";
import { revealBoard } from "../page/layout.js";
import { stopReplay } from "./moves.js";
import { cancelAi, show } from "../page/play.js";
import {
  deleteOldest, deleteSave, exportText, getSave, listSaves, parseEntry, putSave, SAVE_PREFIX, setCurrent, TAB, touchSave,
} from "./saves.js";
import { $, makeButton, showError } from "../page/dom.js";
import { page, savedStatus, ui } from "../page/page.js";
import { errorText, fmtDateTime, t } from "../i18n/i18n.js";

let saveId = null; // the autosave entry of the game on screen
let saveRev = 0; // the revision of that entry this tab last wrote or read (saves.js putSave)
let savedKey = ""; // what this tab last wrote or read there (savedGameKey): the same again is not written
let movedOn = false; // another tab has written that entry since
let lastSaved = null; // the state last autosaved (tried again after "Delete old saves")
let bootError = null; // a saved game that could not be resumed at start-up: shown once the page is up
let resumeHidden = async () => false; // a game with hidden hands by link: hidden.js resumes it

/** hidden.js resumes its games ((entry, {boot}) => resolves to whether it did). */
export function setHiddenResume(fn) { resumeHidden = fn; }

/** The autosave entry of the game on screen (null: none, e.g. an embed). */
export const currentSaveId = () => saveId;

/** Why the saved game could not be resumed at start-up (once; null if it could). */
export function takeBootError() {
  const error = bootError;
  bootError = null;
  return error;
}

/** The entry the game on screen is saved in, and the revision this tab last wrote or read. */
export function useSave(id, rev = 0, entry = null) {
  saveId = id;
  saveRev = rev;
  savedKey = entry ? savedGameKey(entry) : "";
  movedOn = false;
  $("tab-notice").hidden = true;
}

export function newSaveId() {
  return Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
}

function saveEntry(state, id, old) {
  return {
    id, game: state.game, title: state.title, status: state.status,
    status_code: state.status_code, names: state.players.map((p) => p.name), // (worded when listed: savedStatus)
    moves: state.save.record.moves.length, cursor: state.save.cursor,
    players: state.save.players, record: state.save.record,
    paused: ui.paused && !state.is_over, // a reload goes on as the game was: thinking, or waiting
    // a game with a friend by link (friends.js): its context, and whose move it is for the list
    friend: state.save.friend, friendTurn: state.friend ? state.friend.turn : undefined,
    created: old ? old.created : Date.now(), updated: Date.now(),
  };
}

/** What a save holds that matters (the game, the position, the seats): a stale tab that shows
 * the same thing again writes nothing (a write would raise the revision for nothing). */
function savedGameKey(save) {
  return JSON.stringify([save.record, save.cursor, save.players, save.friend]);
}

export function autosave(state, { force = false } = {}) {
  if (ui.embed || !state.save) return;
  let old = getSave(saveId);
  // a different game than the entry holds (e.g. started through window.boardwright): a new entry
  if (!saveId || (old && (old.game !== state.game || old.record.seed !== state.seed))) {
    if (old && old.moves === 0 && !old.friend && !old.hiddenSeat) deleteSave(old.id); // an untouched game is replaced, not listed
    useSave(newSaveId());
    old = null;
  }
  lastSaved = state;
  const paused = ui.paused && !state.is_over;
  if (old && !force && savedGameKey(state.save) === savedKey) { // nothing new from this tab
    if (!!old.paused !== paused) touchSave(saveId, { paused }); // "Let the computer move"
    setCurrent(saveId);
    saveScreen(saveId, state);
    renderSaves();
    return;
  }
  let res = putSave(saveEntry(state, saveId, old), saveRev);
  if (res.conflict) {
    // another tab moved this game on since this tab read it: keep both lines, tell the player
    useSave(newSaveId());
    forkNotice(res.conflict.moves);
    res = putSave(saveEntry(state, saveId, null), 0);
  }
  if (res.ok) {
    saveRev = res.rev;
    savedKey = savedGameKey(state.save);
    setCurrent(saveId);
    showStorageWarning(false);
    saveScreen(saveId, state);
  } else if (res.full) {
    showStorageWarning(true);
  } else if (res.error) {
    console.warn("Boardwright: autosave failed:", res.error);
  }
  renderSaves();
}

function forkNotice(otherMoves) {
  showTabNotice(t("saves.forked", { n: otherMoves }), false);
}

/** Storage full: say so where the player looks, with the two ways out (nothing is deleted
 * unless the player clicks). */
export function showStorageWarning(on) {
  const box = $("storage-warning");
  if (box.hidden === !on) return;
  box.hidden = !on;
  document.body.dataset.storageFull = on ? "true" : "false";
}

function exportSaves() {
  const blob = new Blob([exportText()], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `boardwright-saved-games-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

function deleteOldSaves() {
  const n = deleteOldest([saveId]);
  $("storage-note").textContent = n ? t("saves.deleted", { n }) : t("saves.noneToDelete");
  if (lastSaved) autosave(lastSaved); // try again now
  renderSaves();
}

/** Another tab wrote the game on screen: offer its newer line (this tab's next move would fork). */
function showTabNotice(text, offerLatest) {
  $("tab-notice-text").textContent = text;
  $("tab-latest").hidden = !offerLatest;
  $("tab-notice").hidden = false;
}

function onStorage(ev) {
  if (ev.key !== null && !ev.key.startsWith(SAVE_PREFIX)) return;
  renderSaves();
  if (!saveId || (ev.key !== null && ev.key !== SAVE_PREFIX + saveId)) return;
  const e = ev.key === null ? null : parseEntry(ev.newValue, saveId);
  if (!e || e.tab === TAB) return;
  if (e.rev === saveRev && savedKey && lastSaved && savedGameKey(e) !== savedKey) {
    // another tab wrote the same revision as this tab, at the same moment: one write hides the
    // other, so this tab keeps its line as a game of its own (at worst both do: two copies)
    useSave(newSaveId());
    forkNotice(e.moves);
    autosave(lastSaved, { force: true });
  } else if (e.rev > saveRev && !movedOn) {
    movedOn = true;
    showTabNotice(t("saves.movedOn", { n: e.moves }), true);
  }
}

export function renderSaves() {
  const list = $("saves");
  const { saves: all, corrupt, legacy } = listSaves();
  const entries = all.filter((e) => !e.friend && !e.hiddenSeat); // games with friends have their own list (friends.js)
  list.replaceChildren();
  for (const e of entries) {
    const li = document.createElement("li");
    li.dataset.save = e.id;
    const what = document.createElement("span");
    what.className = "what";
    const when = fmtDateTime(new Date(e.updated));
    what.textContent = t("saves.entry", { title: e.title, n: e.moves, status: savedStatus(e).slice(0, 60), when });
    li.append(what);
    if (e.id === saveId) markOnScreen(li);
    else {
      li.append(makeButton(t("saves.resume"), t("saves.resume.title", { title: e.title }), () => resumeSave(e.id)),
        makeButton(t("saves.delete"), t("saves.delete.title"), () => { deleteSave(e.id); renderSaves(); }));
    }
    if (typeof e.error === "string") { // it could not be opened: say why until dismissed
      li.classList.add("failed");
      const why = document.createElement("span");
      why.className = "save-error";
      why.textContent = t("saves.failed", { error: e.error.slice(0, 200) });
      li.append(why, makeButton(t("saves.dismiss"), t("saves.dismiss.title"), () => {
        touchSave(e.id, { error: undefined }); renderSaves();
      }));
    }
    list.appendChild(li);
  }
  const odd = corrupt.length + (legacy ? 1 : 0);
  if (odd) {
    const li = document.createElement("li");
    li.className = "unreadable";
    li.textContent = t("saves.unreadable", { n: odd });
    li.append(makeButton(t("storage.export"), t("saves.export.title"), exportSaves));
    list.appendChild(li);
  }
  $("saves-card").hidden = ui.embed !== null || !(entries.length || odd);
}

/** A row of a list of games (saved games, games with friends) for the game on screen. */
export function markOnScreen(li) {
  li.classList.add("current");
  const now = document.createElement("span");
  now.className = "hint";
  now.textContent = t("saves.onScreen");
  li.append(now);
}

export async function resumeSave(id, { boot = false } = {}) {
  const e = getSave(id);
  if (!e) { showError(t("saves.gone")); renderSaves(); return false; }
  if (e.hiddenSeat) return resumeHidden(e, { boot }); // a game with hidden hands by link (hidden.js)
  stopReplay();
  cancelAi();
  page.setBusy(true);
  const { response, current } = await page.request(e.friend
    ? { cmd: "friend_resume", record: e.record, cursor: e.cursor, friend: e.friend }
    : { cmd: "load", record: e.record, players: e.players, cursor: e.cursor });
  if (!current) return false;
  page.setBusy(false);
  if (!response.ok) {
    // it stays in the list with the reason, until the player dismisses it or deletes it
    const reason = String(errorText(response.error)).slice(0, 200);
    touchSave(id, { error: reason });
    renderSaves();
    const msg = t("saves.notOpened", { title: e.title, error: reason });
    if (boot) bootError = msg; else showError(msg);
    return false;
  }
  if (saveId !== id) dropIfUntouched(saveId);
  if (typeof e.error === "string") touchSave(id, { error: undefined });
  useSave(id, e.rev || 0, e);
  // a reload goes on as the game was left: the computer thinks again unless it was paused;
  // a game picked from the list waits for "Let the computer move"
  show(response, { pause: boot ? e.paused === true : true });
  if (!boot) revealBoard(); // a game picked from the list: to its board
  return true;
}

/** A game nobody has moved in yet is not worth keeping once another one starts. */
export function dropIfUntouched(id) {
  const e = getSave(id);
  if (e && e.moves === 0 && !e.friend && !e.hiddenSeat) deleteSave(id); // an invitation with no move is a game
}

export function wireSaves() {
  $("storage-export").addEventListener("click", exportSaves);
  $("storage-delete").addEventListener("click", deleteOldSaves);
  $("tab-latest").addEventListener("click", () => { $("tab-notice").hidden = true; resumeSave(saveId); });
  $("tab-dismiss").addEventListener("click", () => { $("tab-notice").hidden = true; });
  window.addEventListener("storage", onStorage);
}
