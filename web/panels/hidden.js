// Games with hidden hands by link (Triominos, iwoki, Codex dealt by the fair deal: docs/deal.md,
// the engine's pygame_core/bridge/hidden.py). Each seat's record (its secret seed, every deal
// message, the moves) is kept in this browser's storage as a saved game (saves.js: the same
// store, revisions and full-storage care as every game; `hiddenSeat` marks it), goes with the
// JSON export and comes back with an import. Every command sends the record and stores the new
// one the engine answers; a refused command changes nothing. The game on screen is drawn from
// the answer's `board` (a state of its own: `hidden` in it; hidden-card.js draws the card).
// This module: starting one from the form, opening a link (an invitation, the friend's next
// link), a turn of several moves (`pending` until the turn ends), the audit at the end.
import { render } from "../board/board.js";
import { revealBoard } from "../page/layout.js";
import { stopReplay } from "./moves.js";
import { cancelAi, show } from "../page/play.js";
import { getSave, listSaves, putSave, setCurrent } from "./saves.js";
import { currentSaveId, dropIfUntouched, renderSaves, setHiddenResume, showStorageWarning, useSave } from "./autosave.js";
import { FRIEND_SEAT } from "./friend-seat.js";
import { $, makeButton, showError } from "../page/dom.js";
import { gameInfo, page, ui } from "../page/page.js";
import { errorText, t } from "../i18n/i18n.js";

const minutesNow = () => Math.floor(Date.now() / 60_000); // the links' clock
/** The board before the deal has shown the table: a line that says so. */
const dealScene = () => ({
  viewBox: [0, 0, 480, 70], panels: [], title: t("hidden.dealing.name"),
  layers: [{ name: "deal", items: [{ kind: "text", at: [240, 40], text: t("hidden.dealing"), cls: "deal-note", name: t("hidden.dealing.name") }] }],
});
export const EXPORT_FORMAT = "boardwright-saves"; // saves.js exportText's format: one game of it

/** The game on screen: {entry (its saved game's id), record, answer, pending (this turn's
 * moves so far), rev (the entry's revision this tab wrote or read), audit}; null: none. */
let current = null;

export const hiddenEntryId = (id, seat) => `hidden-${id}-${seat}`;

/** A version-4 link's token in `text` (a token, a fragment or an address), else null. */
export function hiddenToken(text) {
  const s = String(text || "").trim();
  if (/^4\.\S+$/.test(s)) return s;
  const m = /[#&?]r=(4\.[^&\s#]+)/.exec(s);
  return m ? m[1] : null;
}

/** The games kept in this browser (newest first). */
export const hiddenGames = () => listSaves().saves.filter((e) => e.hiddenSeat);

// ---------------------------------------------------------------- talking to the engine
async function ask(request) {
  stopReplay();
  cancelAi();
  page.setBusy(true);
  const { response, current: newest } = await page.request(request);
  if (!newest) return { ok: false, superseded: true };
  page.setBusy(false);
  return response;
}

const failed = (response) => (response.superseded ? t("games.superseded", { what: t("link.failed") })
  : errorText(response.error));

/** The engine's status of the seat (whose link is awaited, the deal's progress) in the reader's
 * words: its code (`status_code`: hidden.status with the status's name), else the English. */
const statusText = (h) => (h.status_code && h.status_code.params ? t("hidden.status", h.status_code.params) : h.status);

// ---------------------------------------------------------------- storage
function entryOf(answer, old, audit) {
  const h = answer.hidden;
  const b = answer.board;
  const info = gameInfo(h.game);
  const players = [0, 1].map((i) => (i === h.seat ? "human" : FRIEND_SEAT));
  return {
    id: hiddenEntryId(h.id, h.seat), game: h.game, title: b ? b.title : (info ? info.title : h.game),
    status: b ? b.status : statusText(h), moves: b ? b.moves.length : 0, cursor: b ? b.moves.length : 0, players,
    record: answer.record,
    hiddenSeat: { id: h.id, seat: h.seat, names: h.names, need: h.need, finished: h.finished, audit: audit || null },
    created: old ? old.created : Date.now(), updated: Date.now(),
  };
}

/** Keep the record the engine answered (only what changed it is written). */
function store(answer, audit = null) {
  const id = hiddenEntryId(answer.hidden.id, answer.hidden.seat);
  const old = getSave(id);
  const rev = current && current.entry === id ? current.rev : (old ? old.rev || 0 : 0);
  const res = putSave(entryOf(answer, old, audit || (old && old.hiddenSeat.audit)), rev);
  if (res.ok) { showStorageWarning(false); return res.rev; }
  if (res.full) showStorageWarning(true); // the game goes on in this tab; the warning says it is not saved
  else if (res.conflict) showError(t("hidden.otherTab"));
  return rev;
}

// ---------------------------------------------------------------- the game on screen
function seatName(h, b, i) {
  if (b) return b.players[i].name;
  const info = gameInfo(h.game);
  return h.names[i] || (info && info.players[i]) || String(i + 1);
}

/** The result of a resigned game in the reader's language (`resigned`: the seats, the audit's). */
export function resignedResult(names, resigned) {
  if (resigned.length === 2) return t("hidden.result.bothResigned");
  return t("hidden.result.resigned", { name: names[resigned[0]], winner: names[1 - resigned[0]] });
}

/** The answer as a state the page draws (board.js), with `hidden` for the card. */
function toState(answer) {
  const h = answer.hidden;
  const b = answer.board;
  const info = gameInfo(h.game);
  const moves = b ? b.moves : [];
  const words = b ? b.move_words : [];
  const pending = current ? current.pending : [];
  const audited = current && current.audit && current.audit.scores ? current.audit : null;
  const resigned = h.resigned || [];
  return {
    game: h.game, title: b ? b.title : (info ? info.title : h.game), options: b ? b.options : {},
    seed: `hidden:${h.id}:${h.seat}`,
    players: [0, 1].map((i) => ({
      index: i, name: seatName(h, b, i), agent: i === h.seat ? "human" : FRIEND_SEAT,
      agent_title: t(i === h.seat ? "agent.human" : "hidden.agent"), held: b ? b.players[i].held : null,
    })),
    moves, move_words: words.some((w, i) => w !== moves[i]) ? words : null, movers: b ? b.movers : [],
    move_words_codes: b ? b.move_words_codes : null, // (the moves in the reader's words: moves.js)
    cursor: moves.length, can_undo: pending.length > 0, can_redo: false,
    // whose link is awaited (the deal's hops too): the friend's while this seat waits
    current_player: h.need === "wait" ? 1 - h.seat : h.need === "audit" && b ? b.current_player : h.seat,
    // a resignation ends the game at once (the seats that resigned; the other wins)
    is_over: resigned.length > 0 || (b ? b.is_over : false),
    winners: audited ? audited.winners : resigned.length ? [0, 1].filter((i) => !resigned.includes(i)) : b ? b.winners : [],
    // at the end, the audit's: the whole game, both hands known (this seat's copy knows its own only)
    scores: audited ? audited.scores : b ? b.scores : null,
    status: resigned.length ? resignedResult([0, 1].map((i) => seatName(h, b, i)), resigned)
      : audited ? audited.result : b ? b.status : statusText(h), last_move: b ? b.last_move : null,
    // the engine's status as a code (the page words it: statusWords); a resignation's is worded above
    status_code: resigned.length ? null : audited ? audited.result_code || null : b ? b.status_code || null : null,
    last_words: moves.length ? words[moves.length - 1] : null, viewer: h.seat, hidden_information: true,
    last_words_code: moves.length && b && b.move_words_codes ? b.move_words_codes[moves.length - 1] : null,
    legal: b ? b.legal : [], scene: b ? b.scene : dealScene(), record: null,
    export_formats: [], export_options: [], spectator: false,
    hidden: { ...h, link: answer.link || "", last_link: answer.last_link || "", pending: pending.length,
      audit: current ? current.audit : null, news: answer.new || [] },
  };
}

/** A saved audit as this page wrote it, else null (a damaged save's is run again): its seats
 * seat numbers, its lists lists. */
function storedAudit(stored) {
  const a = stored && stored.hiddenSeat ? stored.hiddenSeat.audit : null;
  if (!a || typeof a !== "object" || typeof a.ok !== "boolean") return null;
  const seats = (v) => Array.isArray(v) && v.every((i) => i === 0 || i === 1);
  if (!seats(a.cheaters) || !seats(a.winners || []) || !seats(a.resigned || [])) return null;
  if (!Array.isArray(a.problems) || !Array.isArray(a.codes || [])) return null;
  return a;
}

/** Draw `answer` as the game on screen; `changed`: its record is new (stored first). */
function showAnswer(answer, { entry = null, reveal = false } = {}) {
  const id = hiddenEntryId(answer.hidden.id, answer.hidden.seat);
  const same = current && current.entry === id;
  const stored = entry || getSave(id);
  if (!same) {
    if (currentSaveId() !== id) dropIfUntouched(currentSaveId());
    current = { entry: id, record: answer.record, answer, pending: [], rev: stored ? stored.rev || 0 : 0,
      audit: storedAudit(stored) };
  }
  if (answer.changed) current.rev = store(answer, current.audit);
  current.record = answer.record;
  current.answer = answer;
  useSave(id, current.rev, getSave(id));
  setCurrent(id);
  renderSaves(); // (the game it replaced on screen may have gone: an untouched one)
  show({ result: toState(answer) });
  if (reveal) revealBoard();
  if (answer.hidden.need === "audit" && !current.audit) audit();
}

/** The answer for this seat's stored record (a reload, the list's Open). */
async function resumeHidden(entry, { boot = false } = {}) {
  const response = await ask({ cmd: "hidden_state", record: entry.record });
  if (!response.ok) {
    const msg = t("saves.notOpened", { title: entry.title, error: failed(response) });
    if (!boot) showError(msg);
    return false;
  }
  current = null; // (a turn begun on screen goes: the stored record is the game)
  showAnswer(response.result, { entry, reveal: !boot });
  return true;
}

async function audit() {
  const response = await ask({ cmd: "hidden_audit", record: current.record });
  if (!response.ok) { showError(failed(response)); return; }
  const a = response.result.audit;
  // (the problems in English and as codes, worded when drawn: hidden-card.js; the result too)
  current.audit = { ok: a.ok, cheaters: a.cheaters, problems: a.problems.slice(0, 8), codes: (a.codes || []).slice(0, 8),
    result: a.result, result_code: a.result_code || null, scores: a.scores, winners: a.winners, resigned: a.resigned || [] };
  current.rev = store(current.answer, current.audit);
  show({ result: toState(current.answer) });
}

// ---------------------------------------------------------------- starting one
/** The form asks for Triominos, iwoki or Codex with a friend by link (two seats). */
export async function startHiddenGame(form) {
  const info = gameInfo(form.game);
  const seat = form.players.indexOf("human");
  if (form.players.length !== 2 || seat < 0 || !form.players.includes(FRIEND_SEAT)) {
    showError(t("friend.seats", { human: t("agent.human") }));
    return { ok: false };
  }
  const mine = $("friend-my-name").value.trim().slice(0, 24);
  const theirs = $("friend-their-name").value.trim().slice(0, 24);
  const response = await ask({
    cmd: "hidden_new", game: form.game, options: { ...form.options, ...info.hidden_link },
    names: [mine, theirs], now: minutesNow(),
  });
  if (!response.ok) { if (!response.superseded) showError(failed(response)); return response; }
  current = null;
  hideNotice();
  showAnswer(response.result, { reveal: true });
  return response;
}

// ---------------------------------------------------------------- opening a link
/** A version-4 link (opened from the address bar, pasted in the card or the import box): an
 * invitation is offered to accept; the friend's next link is taken in by the seat this browser
 * plays; an old, own or later link is named and changes nothing. Resolves to null once handled
 * (shown or offered), else the message. */
export async function openHiddenLink(token, { atStart = false } = {}) {
  const response = await ask({ cmd: "hidden_open", link: token });
  if (!response.ok) return refuse(t("games.failed", { what: t("link.failed"), error: failed(response) }), atStart);
  const o = response.result.opened;
  const mine = getSave(hiddenEntryId(o.id, o.seat)); // this browser plays the seat the link is for
  if (!mine) {
    const sender = getSave(hiddenEntryId(o.id, o.sender));
    if (sender) { await resumeHidden(sender, { boot: atStart }); showNotice(t("hidden.kind.own")); return null; }
    if (o.kind === "invitation") { offerAccept(token, o); return null; }
    showNotice(t("hidden.kind.record"));
    return null;
  }
  const opened = await ask({ cmd: "hidden_open", link: token, record: mine.record });
  if (!opened.ok || !["next", "resign", "answer"].includes(opened.result.opened.kind)) {
    await resumeHidden(mine, { boot: atStart });
    const kind = opened.ok ? opened.result.opened.kind : "";
    showNotice(opened.ok ? t(`hidden.kind.${kind === "invitation" ? "own" : kind}`) : failed(opened));
    return null;
  }
  const got = await ask({ cmd: "hidden_receive", link: token, record: mine.record });
  if (!got.ok) { // the game stays as it was: say why
    await resumeHidden(mine, { boot: atStart });
    showNotice(t("hidden.refused", { error: failed(got) }));
    return null;
  }
  hideNotice();
  if (current && current.entry !== mine.id) current = null;
  showAnswer(got.result, { entry: mine, reveal: !atStart });
  return null;
}

function refuse(message, atStart) {
  if (!atStart) showNotice(message);
  return message;
}

function offerAccept(token, o) {
  const them = o.names[o.sender] || t("friend.yourFriend");
  const info = gameInfo(o.game);
  const title = info ? info.title : o.game;
  const name = document.createElement("input");
  name.type = "text";
  name.id = "hidden-accept-name";
  name.maxLength = 24;
  name.autocomplete = "nickname";
  name.value = o.names[o.seat] || "";
  const label = document.createElement("label");
  label.className = "friend-me";
  label.append(t("friend.me"), " ", name);
  showNotice(t("hidden.invited", { them, title }), [
    [t("hidden.accept"), t("hidden.accept.title"), () => accept(token, name.value), "hidden-accept"],
  ], label);
}

async function accept(token, name) {
  const response = await ask({ cmd: "hidden_accept", link: token, name: name.trim().slice(0, 24) });
  if (!response.ok) { showNotice(failed(response)); return; }
  hideNotice();
  current = null;
  showAnswer(response.result, { reveal: true });
}

/** A link pasted in the card. */
export async function takePasted(text) {
  const token = hiddenToken(text);
  if (!token) { showNotice(t("hidden.notALink")); return; }
  await openHiddenLink(token);
}

// ---------------------------------------------------------------- playing
/** The request that previews `move` in the turn so far (clicks.js), or null: no such game. */
export function hiddenPreview(move) {
  if (!current || !ui.state || !ui.state.hidden) return null;
  return { cmd: "hidden_play", record: current.record, moves: current.pending, preview: move };
}

/** A move of this seat's turn: the turn goes on (drawn, nothing stored), or it ends: the link. */
export async function hiddenMove(move) {
  if (!current || ui.busy || !ui.state || !ui.state.hidden) return;
  await playTurn([...current.pending, move]);
}

/** Undo: the last move of the turn so far goes. */
export async function hiddenUndo() {
  if (!current || ui.busy || !current.pending.length) return;
  const moves = current.pending.slice(0, -1);
  if (!moves.length) {
    const response = await ask({ cmd: "hidden_state", record: current.record });
    if (!response.ok) { showError(failed(response)); return; }
    current.pending = [];
    showAnswer(response.result);
    return;
  }
  await playTurn(moves);
}

/** This seat's next link needs no move: make it. */
export async function hiddenHop() {
  if (!current || ui.busy) return;
  await playTurn([]);
}

async function playTurn(moves) {
  const response = await ask({ cmd: "hidden_play", record: current.record, moves });
  if (!response.ok) {
    if (!response.superseded) showError(failed(response));
    if (ui.state) render(ui.state);
    return;
  }
  current.pending = response.result.changed ? [] : moves;
  showAnswer(response.result);
}

/** Resign (the card asked to confirm): the link that says so, to send. */
export async function hiddenResign() {
  if (!current || ui.busy) return;
  const response = await ask({ cmd: "hidden_resign", record: current.record });
  if (!response.ok) { if (!response.superseded) showError(failed(response)); return; }
  current.pending = [];
  showAnswer(response.result);
}

/** After the end: a new invitation to the same friend, the same options; this page invites
 * (the first seat: the one who sends the deal's first link), so when the friend invited last
 * time the seats are swapped; who opens is the deal's again. */
export async function hiddenRematch() {
  const s = ui.state;
  if (!current || ui.busy || !s || !s.hidden) return;
  const h = s.hidden;
  const response = await ask({
    cmd: "hidden_new", game: h.game, options: s.options,
    names: [h.names[h.seat] || "", h.names[1 - h.seat] || ""], now: minutesNow(),
  });
  if (!response.ok) { if (!response.superseded) showError(failed(response)); return; }
  current = null;
  hideNotice();
  showAnswer(response.result, { reveal: true });
}

// ---------------------------------------------------------------- export and import
/** This game with its keys, as a file of the saved games' export format. */
export function exportHidden() {
  const e = current && getSave(current.entry);
  if (!e) return;
  const text = JSON.stringify({ format: EXPORT_FORMAT, version: 2, exported: new Date().toISOString(), saves: { [e.id]: e } }, null, 1);
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  a.download = `boardwright-${e.game}-${e.hiddenSeat.id}-keys.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** A saved games' export pasted or opened in the import box: its hidden-hand games come back
 * (one this browser keeps with fewer deal messages is replaced; one it is further in stays) and
 * the first is opened. False: `text` is not such an export (the engine reads it). */
export async function importHidden(text) {
  let data;
  try { data = JSON.parse(text); } catch (_) { return false; }
  if (!data || data.format !== EXPORT_FORMAT || !data.saves || typeof data.saves !== "object") return false;
  const games = Object.entries(data.saves).filter(([id, e]) => e && e.hiddenSeat && e.id === id
    && id === hiddenEntryId(e.hiddenSeat.id, e.hiddenSeat.seat) && e.record && Array.isArray(e.record.messages));
  if (!games.length) { showError(t("hidden.import.none")); return true; }
  let first = null;
  for (const [id, e] of games) {
    const old = getSave(id);
    if (old && old.record.messages.length >= e.record.messages.length) { first = first || old; continue; }
    const res = putSave({ ...e, updated: Date.now() }, old ? old.rev || 0 : 0);
    if (res.full) { showStorageWarning(true); return true; }
    if (res.ok) first = first || getSave(id);
  }
  if (first) {
    if (current && current.entry === first.id) current = null;
    if (await resumeHidden(first)) showNotice(t("hidden.imported", { n: games.length }));
  }
  return true;
}

// ---------------------------------------------------------------- the card's note
let noticeFor = null; // the hidden game on screen when the note was shown (null: none)

export function hideNotice() {
  $("hidden-notice").hidden = true;
  $("hidden-notice").replaceChildren();
  noticeFor = null;
}

/** Whether the note is about a hidden game no longer on screen (another game started since). */
export function staleNotice(state) {
  return noticeFor !== null && !(state && state.hidden && state.hidden.id === noticeFor);
}

/** A note in the card (why a link changed nothing, an invitation), with buttons [text, title,
 * action] and an element of its own (`extra`: the name asked before accepting). */
export function showNotice(text, offer = [], extra = null) {
  const box = $("hidden-notice");
  box.replaceChildren();
  const p = document.createElement("p");
  p.textContent = text;
  box.append(p);
  if (extra) box.append(extra);
  const row = document.createElement("div");
  row.className = "buttons";
  for (const [label, title, action, id] of offer) {
    const b = makeButton(label, title, action);
    if (id) b.id = id;
    row.append(b);
  }
  row.append(makeButton(t("tab.ok"), t("friend.hideNote"), hideNotice));
  box.append(row);
  box.hidden = false;
  $("hidden-card").hidden = false;
  noticeFor = ui.state && ui.state.hidden ? ui.state.hidden.id : null;
}

setHiddenResume(resumeHidden);
