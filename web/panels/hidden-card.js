// The card of a game with hidden hands by link (hidden.js plays it): whose link is awaited, the
// link to send (Copy, the share sheet, a QR code while it is short enough), "Make the link" for
// a hop that carries no move, the friend's link pasted in, the keys' note with the export, and
// at the end the audit's verdict. Drawn from the state on screen (its `hidden`) after each render.
import { exportHidden, hiddenHop, hiddenRematch, hiddenResign, hideNotice, resignedResult, staleNotice, takePasted } from "./hidden.js";
import { qrBox } from "./qr.js";
import { $, copyFrom } from "../page/dom.js";
import { playerName, stateWords, ui } from "../page/page.js";
import { fmtList, t } from "../i18n/i18n.js";

const QR_MAX = 2_900; // characters: the most a QR code holds (version 40, level L, bytes)
let setQr = () => {};
let confirmResign = false; // Resign asks once more before it resigns (as a friend game's)

const linkUrl = (token) => `${location.href.split("#")[0]}#r=${token}`;

function them(state) {
  const h = state.hidden;
  return playerName(state, 1 - h.seat) || t("friend.yourFriend");
}

/** The line that says where the game stands for this seat. */
function headline(state) {
  const h = state.hidden;
  const other = them(state);
  const resigned = h.resigned || [];
  if (resigned.length === 2) return t("hidden.head.bothResigned");
  if (resigned.length) {
    if (resigned[0] !== h.seat) return t("hidden.head.theyResigned", { them: other });
    return h.finished ? t("hidden.head.youResigned.over", { them: other }) : t("hidden.head.youResigned", { them: other });
  }
  if (h.need === "audit") return t("hidden.head.over", { them: other });
  if (h.need === "move") return h.pending ? t("hidden.head.turnGoesOn", { n: h.pending }) : t("hidden.head.move");
  if (h.need === "send") return t("hidden.head.send");
  if (!state.moves.length && h.seat === 0 && h.link) return t("hidden.head.invite", { them: other });
  return t("hidden.head.wait", { them: other });
}

/** The card for `state` (after each render). */
export function renderHidden(state) {
  const h = state && state.hidden;
  const card = $("hidden-card");
  if (staleNotice(state)) hideNotice(); // (a note about a game no longer on screen)
  if (!h) {
    card.hidden = $("hidden-notice").hidden;
    $("hidden-body").hidden = true;
    setQr("");
    return;
  }
  card.hidden = false;
  $("hidden-body").hidden = false;
  $("hidden-headline").textContent = headline(state);
  // the friend's moves in words, in the reader's language (as the move list words them)
  const codes = state.move_words_codes || [];
  const words = state.move_words ? state.move_words.map((w, i) => stateWords(state, codes[i], w)) : state.moves;
  const news = h.news.length && h.need !== "audit" ? words.slice(-h.news.length) : [];
  $("hidden-news").textContent = news.length ? t("hidden.news", { them: them(state), moves: fmtList(news) }) : "";
  $("hidden-news").hidden = !news.length;
  renderAudit(state);
  $("hidden-hop").hidden = h.need !== "send";
  // the link to send: the one just made, else the last one (to send again, or at the end)
  // (none once this seat resigned and has the friend's answer: the friend had its link)
  const doneResigning = h.finished && (h.resigned || []).length === 1 && h.resigned[0] === h.seat;
  const link = h.need === "move" || h.need === "send" || doneResigning ? "" : h.link || h.last_link;
  $("hidden-send").hidden = !link;
  $("hidden-send-title").textContent = h.need === "audit" ? t("hidden.send.final", { them: them(state) })
    : t("hidden.send", { them: them(state) });
  const url = link ? linkUrl(link) : "";
  if ($("hidden-link").value !== url) { $("hidden-link").value = url; $("hidden-copied").textContent = ""; }
  $("hidden-share").hidden = !navigator.share;
  $("hidden-qr-long").hidden = url.length <= QR_MAX;
  setQr(url.length <= QR_MAX ? url : "");
  $("hidden-receive").hidden = h.need !== "wait" && !(h.need === "audit" && !h.finished);
  // during this seat's turn the board comes first (on a phone, right under this card)
  $("hidden-keys").hidden = h.need === "move";
  $("hidden-resign").hidden = !h.can_resign;
  if (!h.can_resign) confirmResign = false;
  $("hidden-resign").textContent = t(confirmResign ? "friend.resign.confirm" : "friend.resign");
  $("hidden-rematch").hidden = !h.finished;
}


function renderAudit(state) {
  const h = state.hidden;
  const box = $("hidden-audit");
  box.replaceChildren();
  box.hidden = h.need !== "audit";
  if (box.hidden) return;
  const a = h.audit;
  const p = document.createElement("p");
  p.className = "verdict";
  if (!a) {
    p.textContent = t("hidden.audit.running");
    box.append(p);
    return;
  }
  box.classList.toggle("failed", !a.ok);
  if (a.resigned && a.resigned.length) {
    const result = document.createElement("p");
    result.className = "result";
    result.textContent = resignedResult([0, 1].map((i) => playerName(state, i)), a.resigned);
    box.append(result);
  }
  if (a.ok) p.textContent = t("hidden.audit.ok");
  else {
    const names = (a.cheaters || []).map((i) => playerName(state, i));
    p.textContent = names.length ? t("hidden.audit.cheated", { names: fmtList(names), count: names.length })
      : t("hidden.audit.failed");
  }
  box.append(p);
  if (a.scores) {
    const scores = document.createElement("p");
    scores.textContent = t("hidden.audit.scores", { scores: state.players.map((_, i) => `${playerName(state, i)} ${a.scores[i]}`).join(" · ") });
    box.append(scores);
  }
  if (!a.ok && a.problems.length) {
    const list = document.createElement("ul");
    const codes = a.codes || []; // (an audit stored before the codes: its English)
    a.problems.forEach((problem, i) => {
      const li = document.createElement("li");
      li.textContent = stateWords(state, codes[i], problem); // they name the step, the position, the move, the seat
      list.append(li);
    });
    box.append(list);
  }
}

async function copyLink() {
  const box = $("hidden-link");
  if (!box.value) return;
  const copied = await copyFrom(box);
  $("hidden-copied").textContent = t(copied ? "friend.copied" : "friend.copyIt");
}

async function shareLink() {
  const s = ui.state;
  if (!s || !s.hidden || !navigator.share || !$("hidden-link").value) return;
  try {
    await navigator.share({ title: t("friend.share.sheet", { title: s.title }), text: t("hidden.share.text", { title: s.title }), url: $("hidden-link").value });
  } catch (err) {
    if (err && err.name === "AbortError") return;
    $("hidden-copied").textContent = t("friend.shareFailed");
    return;
  }
  $("hidden-copied").textContent = t("friend.shared");
}

async function resign() {
  if (!confirmResign) { confirmResign = true; renderHidden(ui.state); $("hidden-resign").focus(); return; }
  confirmResign = false;
  await hiddenResign();
}

export function wireHidden() {
  $("hidden-resign").addEventListener("click", resign);
  $("hidden-resign").addEventListener("blur", () => { if (confirmResign) { confirmResign = false; if (ui.state) renderHidden(ui.state); } });
  $("hidden-rematch").addEventListener("click", hiddenRematch);
  $("hidden-qr-box").open = !navigator.share;
  setQr = qrBox($("hidden-qr-box"), $("hidden-qr"), t("friend.qr.label"));
  $("hidden-copy").addEventListener("click", copyLink);
  $("hidden-share").addEventListener("click", shareLink);
  $("hidden-hop").addEventListener("click", hiddenHop);
  $("hidden-export").addEventListener("click", exportHidden);
  const take = () => {
    const text = $("hidden-paste").value;
    $("hidden-paste").value = "";
    hideNotice();
    takePasted(text);
  };
  $("hidden-take").addEventListener("click", take);
  $("hidden-paste").addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); take(); } });
}
