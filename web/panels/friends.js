// Games with a friend by link: each move travels as a link (format version 3) through whatever
// messenger the two people use; there is no server. The engine keeps the game's context
// (pygame_core/bridge/friends.py: its id, this page's seat, the moves sent and received); this
// module starts such a game from the form, shows the friend card (whose move it is, the link to
// send with Copy and the system share sheet, Resign, Rematch), opens a friend's link against
// this browser's copy, and lists the games with friends. The copies are the autosaves of these
// games (saves.js), filed under the game's id ("friend-<id>") and marked by their `friend` field.
import { revealBoard } from "../page/layout.js";
import { stopReplay } from "./moves.js";
import { cancelAi, send, show } from "../page/play.js";
import { listSaves, getSave } from "./saves.js";
import { currentSaveId, dropIfUntouched, markOnScreen, resumeSave, useSave } from "./autosave.js";
import { loadGame } from "../page/games.js";
import { $, copyFrom, makeButton, showError } from "../page/dom.js";
import { page, playerName, savedStatus, statusWords, ui } from "../page/page.js";
import { FRIEND_SEAT } from "./friend-seat.js";
import { qrBox } from "./qr.js";
import { hiddenGames } from "./hidden.js";
import { flushName, renderReplies, repliesChangedSinceSent, wireReplies } from "./friend-replies.js";
import { codeText, errorText, fmtDateTime, fmtList, t } from "../i18n/i18n.js";

const minutesNow = () => Math.floor(Date.now() / 60_000); // the links' clock: minutes since 1970
let shown = null; // the link in the card: {token, now, key} (key: the state it was made for)
let confirmResign = false; // Resign asks once more before it acts
let noticeAt = null; // a note that goes once the game moves on: the position it was shown at
let copiedAt = null; // the position "Copied"/"Shared" was said at (it goes with another position)
let setQr = () => {}; // the link in the card's QR code box (qr.js qrBox; set by wireFriends)

const friendSaveId = (id) => `friend-${id}`;

/** The games with friends this browser keeps (newest first; one entry per game id). */
function friendGames() {
  const seen = new Set();
  return listSaves().saves.filter((e) => e.friend && !seen.has(e.friend.id) && seen.add(e.friend.id));
}

/** This browser's copies, as the engine compares a link with them (friend_open `copies`). */
function copies() {
  return Object.fromEntries(friendGames().map((e) => [e.friend.id, {
    seat: e.friend.seat, moves: e.record.moves.slice(0, e.cursor), lines: e.friend.mine || [], host: !!e.friend.host,
  }]));
}

/** "You play Red against Ana: your move" (or their move, or the result). */
function friendHeadline(state) {
  const f = state.friend;
  const other = 1 - f.seat;
  const them = f.names[other] || t("friend.yourFriend");
  const you = playerName(state, f.seat);
  if (f.turn === "over") return t("friend.headline.over", { you, them, status: statusWords(state) });
  return t(f.turn === "you" ? "friend.headline.yours" : "friend.headline.theirs", { you, them });
}

// ---------------------------------------------------------------- starting one
/** The form asks for a game with a friend: one seat "A friend (by link)", the other a person. */
export async function startFriendGame(form) {
  const friendSeats = form.players.map((p, i) => (p === FRIEND_SEAT ? i : -1)).filter((i) => i >= 0);
  if (friendSeats.length !== 1 || form.players.length !== 2 || !form.players.includes("human")) {
    showError(t("friend.seats", { human: t("agent.human") }));
    return { ok: false };
  }
  const seat = form.players.indexOf("human");
  const names = ["", ""];
  names[seat] = $("friend-my-name").value.trim().slice(0, 24);
  names[friendSeats[0]] = $("friend-their-name").value.trim().slice(0, 24);
  return startWith({ game: form.game, options: form.options, seed: null, seat, names });
}

async function startWith(request) {
  stopReplay();
  cancelAi();
  page.setBusy(true);
  const { response, current } = await page.request({ cmd: "friend_new", ...request, now: minutesNow() });
  if (!current) return response;
  page.setBusy(false);
  if (!response.ok) { showError(errorText(response.error)); return response; }
  dropIfUntouched(currentSaveId());
  useSave(friendSaveId(response.result.friend.id));
  hideNotice();
  show(response);
  revealBoard();
  return response;
}

// ---------------------------------------------------------------- opening a friend's link
/** A version-3 link (a move from a friend): compared with this browser's copy; opened when it
 * is new here or moves the game on, refused (nothing changes) when it is older, changes a move
 * already seen or is not for this seat. Resolves to null once open, else the message. */
export async function openFriendLink(token, { atStart = false } = {}) {
  stopReplay();
  cancelAi();
  page.setBusy(true);
  const { response, current } = await page.request({ cmd: "friend_open", token, copies: copies() });
  if (!current) return t("games.superseded", { what: t("link.failed") });
  page.setBusy(false);
  if (!response.ok) {
    const message = t("games.failed", { what: t("link.failed"), error: errorText(response.error) });
    if (!atStart) showError(message);
    return message;
  }
  const result = response.result;
  const link = result.link;
  if (!result.friend) { // refused: say why; offer what can be done instead
    const mine = getSave(friendSaveId(link.id));
    const offer = [];
    if (link.status === "conflict") {
      offer.push([t("friend.openCopy"), t("friend.openCopy.title"), () => loadGame({ cmd: "open", token }, t("link.failed"))]);
    }
    if (mine && currentSaveId() !== mine.id) {
      offer.push([t("friend.openMine"), t("friend.openMine.title"), () => resumeSave(mine.id)]);
    }
    showNotice(codeText(link.code, link.message), offer); // refused: nothing changed (at start-up the saved game follows)
    return null;
  }
  const id = friendSaveId(result.friend.id);
  const stored = getSave(id);
  if (currentSaveId() !== id) dropIfUntouched(currentSaveId());
  useSave(id, stored ? stored.rev || 0 : 0, stored);
  hideNotice();
  show(response);
  // new here (not checked), or answers played for this seat (checked against the replies it set)
  if (link.status === "new" || link.answered) showNotice(codeText(link.code, link.message), [], true); // (in the reader's words)
  if (!atStart) revealBoard();
  return null;
}

function hideNotice() {
  $("friend-notice").hidden = true;
  $("friend-notice").replaceChildren();
}

/** A note in the friend card (why a link was refused), with buttons [text, title, action];
 * `transient`: it goes once the game on screen moves on. */
function showNotice(text, offer = [], transient = false) {
  noticeAt = transient && ui.state ? `${ui.state.cursor}/${ui.state.moves.length}` : null;
  const box = $("friend-notice");
  box.replaceChildren();
  const p = document.createElement("p");
  p.textContent = text;
  box.append(p);
  const row = document.createElement("div");
  row.className = "buttons";
  for (const [label, title, action] of offer || []) row.append(makeButton(label, title, () => { hideNotice(); action(); }));
  row.append(makeButton(t("tab.ok"), t("friend.hideNote"), () => { hideNotice(); if (ui.state) renderFriend(ui.state); }));
  box.append(row);
  box.hidden = false;
  $("friend-card").hidden = false;
}

// ---------------------------------------------------------------- the friend card
/** The card under the status: whose move, the link to send, Resign, Rematch (after each render). */
export function renderFriend(state) {
  const card = $("friend-card");
  if (noticeAt && state && noticeAt !== `${state.cursor}/${state.moves.length}`) { noticeAt = null; hideNotice(); }
  const f = state && state.friend;
  if (!f) {
    card.hidden = $("friend-notice").hidden;
    $("friend-body").hidden = true;
    shown = null;
    return;
  }
  card.hidden = false;
  $("friend-body").hidden = false;
  const position = `${f.id}/${state.cursor}/${state.moves.length}`;
  if (copiedAt !== position) { copiedAt = position; $("friend-copied").textContent = ""; }
  $("friend-headline").textContent = friendHeadline(state);
  const atEnd = state.cursor === state.moves.length;
  const lastMine = state.cursor > 0 && state.movers && state.movers[state.cursor - 1] === f.seat;
  // a link goes out on the friend's turn, and at the end when this page ended the game
  const showSend = atEnd && (f.turn === "friend"
    || (f.turn === "over" && (f.resigned === f.seat || (f.resigned === null && lastMine))));
  $("friend-send-title").textContent = t(f.turn === "over" ? "friend.send.final"
    : f.host && f.sent === null ? "friend.send.invite" : "friend.send.title");
  $("friend-send").hidden = !showSend;
  $("friend-share").hidden = !navigator.share;
  $("friend-resign").hidden = f.turn === "over";
  $("friend-resign").disabled = state.cursor !== f.final || !atEnd;
  $("friend-resign").textContent = t(confirmResign ? "friend.resign.confirm" : "friend.resign");
  $("friend-rematch").hidden = f.turn !== "over";
  const answers = (f.answers || []).map(([yours, theirs]) => t("friend.answer", { yours, theirs }));
  $("friend-answer").textContent = answers.length
    ? t("friend.answered", { name: f.names[1 - f.seat] || t("friend.yourFriend"), answers: fmtList(answers) }) : "";
  $("friend-answer").hidden = !answers.length;
  renderReplies(state, showSend && f.turn !== "over");
  $("friend-send-note").textContent = t(f.sent !== state.cursor ? "friend.notSent"
    : repliesChangedSinceSent(f) ? "friend.sentChanged" : "friend.sent");
  if (showSend) fillLink(state);
  else { $("friend-link").value = ""; shown = null; setQr(""); }
}

function linkKey(state) {
  const f = state.friend;
  return JSON.stringify([f.id, state.cursor, state.moves.length, f.resigned, f.sent, f.mine, f.names]);
}

/** The link for the game on screen (made by the engine, not committed: the move can still be
 * taken back until the link is copied or shared). */
async function fillLink(state) {
  const key = linkKey(state);
  if (shown && shown.key === key) return;
  const now = minutesNow();
  const response = await page.background({ cmd: "friend_link", now });
  if (!response.ok || !ui.state || linkKey(ui.state) !== key) return;
  shown = { token: response.result.token, now, key };
  $("friend-link").value = linkUrl(shown.token);
  setQr($("friend-link").value);
}

function linkUrl(token) {
  return `${location.href.split("#")[0]}#r=${token}`;
}

/** The link was copied or shared: the moves in it are final (the engine's `commit`; again when
 * replies were set after it was sent: the link with them replaces it). */
async function commit() {
  const f = ui.state && ui.state.friend;
  if (!shown || !f || (f.sent === ui.state.cursor && !repliesChangedSinceSent(f))) return;
  const { now } = shown;
  const response = await send({ cmd: "friend_link", now, commit: true });
  if (response.ok && response.result.token !== shown.token) {
    $("friend-link").value = linkUrl(response.result.token);
    setQr($("friend-link").value);
  }
}

/** Before the link goes: a name typed just now is in it. */
async function settle() {
  await flushName();
  if (ui.state && ui.state.friend && (!shown || shown.key !== linkKey(ui.state))) await fillLink(ui.state);
}

async function copyLink() {
  await settle();
  if (!shown) return;
  const url = linkUrl(shown.token);
  const box = $("friend-link");
  box.value = url;
  const copied = await copyFrom(box);
  $("friend-copied").textContent = t(copied ? "friend.copied" : "friend.copyIt");
  await commit();
}

async function shareLink() {
  await settle();
  if (!shown || !navigator.share) return;
  const s = ui.state;
  const f = s.friend;
  const text = t(f.turn === "over" ? "friend.share.over" : f.host && f.sent === null ? "friend.share.invite" : "friend.share.move",
    { title: s.title, status: statusWords(s) });
  try {
    await navigator.share({ title: t("friend.share.sheet", { title: s.title }), text, url: linkUrl(shown.token) });
  } catch (err) {
    if (err && err.name === "AbortError") return; // the person closed the share sheet: nothing sent
    $("friend-copied").textContent = t("friend.shareFailed");
    return;
  }
  $("friend-copied").textContent = t("friend.shared");
  await commit();
}

async function resign() {
  if (!confirmResign) { confirmResign = true; renderFriend(ui.state); $("friend-resign").focus(); return; }
  confirmResign = false;
  await send({ cmd: "friend_resign" });
}

/** A new invitation to the same friend: seats swapped, the same options, the names kept. */
function rematch() {
  const s = ui.state;
  const f = s.friend;
  const seat = 1 - f.seat;
  const names = [f.names[1], f.names[0]];
  startWith({ game: s.game, options: s.options, seed: null, seat, names });
}

// ---------------------------------------------------------------- the list
/** A row of the list: the game `e` with `them` (a name, "" for none), whose `turn` (words),
 * since `at` (ms), with its Open button (or "on screen"). */
function friendRow(e, them, turn, at) {
  const li = document.createElement("li");
  const what = document.createElement("span");
  what.className = "what";
  const other = them || t("friend.yourFriend");
  what.textContent = t("friends.entry", { title: e.title, them: other, turn, since: fmtDateTime(new Date(at)), n: e.moves });
  li.append(what);
  if (e.id === currentSaveId()) markOnScreen(li);
  else li.append(makeButton(t("friends.open"), t("friends.open.title", { title: e.title, them: other }), () => resumeSave(e.id)));
  return li;
}

/** "Games with friends": opponent, whose move, since when, the result once over. */
export function renderFriendGames() {
  const list = $("friend-games");
  const games = friendGames();
  list.replaceChildren();
  for (const e of games) {
    const f = e.friend;
    const last = f.times && f.times.length ? f.times[f.times.length - 1] : f.start;
    const turn = e.friendTurn === "over" ? savedStatus(e).slice(0, 60)
      : t(e.friendTurn === "you" ? "friends.yourMove" : "friends.theirMove");
    const li = friendRow(e, f.names[1 - f.seat], turn, last * 60_000);
    li.dataset.friendGame = f.id;
    list.append(li);
  }
  const hidden = hiddenGames().map((e) => { // games with hidden hands (hidden.js)
    const h = e.hiddenSeat;
    const turn = h.need === "audit" ? String(e.status).slice(0, 60) : t(h.need === "wait" ? "friends.theirMove" : "friends.yourMove");
    const li = friendRow(e, h.names[1 - h.seat], turn, e.updated);
    li.dataset.hiddenGame = h.id;
    return li;
  });
  list.append(...hidden);
  $("friends-card").hidden = ui.embed !== null || !(games.length + hidden.length);
}

export function wireFriends() {
  // the QR code: open at first where there is no share sheet (a computer), behind its toggle on phones
  $("friend-qr-box").open = !navigator.share;
  setQr = qrBox($("friend-qr-box"), $("friend-qr"), t("friend.qr.label"));
  $("friend-copy").addEventListener("click", copyLink);
  $("friend-share").addEventListener("click", shareLink);
  $("friend-link").addEventListener("copy", () => { commit(); }); // copied by hand: sent too
  $("friend-resign").addEventListener("click", resign);
  $("friend-resign").addEventListener("blur", () => { if (confirmResign) { confirmResign = false; if (ui.state) renderFriend(ui.state); } });
  $("friend-rematch").addEventListener("click", rematch);
  wireReplies();
}
