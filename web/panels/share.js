// Share links, embed code, export and import (files or pasted text), and links opened from
// the address bar. The formats are the engine's (its registry); none is named here.
import { notReady } from "../page/early.js";
import { loadGame } from "../page/games.js";
import { openFriendLink } from "./friends.js";
import { hiddenToken, importHidden, openHiddenLink } from "./hidden.js";
import { $, makeButton, showError } from "../page/dom.js";
import { importable, page, playerName, ui } from "../page/page.js";
import { engineText, errorText, t } from "../i18n/i18n.js";

export function hashParams() {
  return new URLSearchParams(location.hash.replace(/^#/, ""));
}

function pageAddress() {
  return location.href.split("#")[0];
}

async function shareLink() {
  if (notReady()) return null;
  if (ui.state && ui.state.hidden) { showError(t("hidden.noShare")); return null; } // (the card's link)
  const { response } = await page.request({ cmd: "share" });
  if (!response.ok) { showError(errorText(response.error)); return null; }
  return response.result;
}

/** The address that opens this game (the moves in the link), or null (the reason is shown). */
export async function shareUrl() {
  const shared = await shareLink();
  return shared ? `${pageAddress()}#r=${shared.token}` : null;
}

/** Show the game's link (`kind` "link") or embed code in the share card, copied to the clipboard
 * where the browser allows; `focus`: select it there (false: the caller says where it is).
 * Resolves to whether it was copied, or null when there is no link. */
export async function showShare(kind, { focus = true } = {}) {
  const shared = await shareLink();
  if (!shared) return null;
  const url = `${pageAddress()}#r=${shared.token}`;
  let text = url;
  let label = t("share.kind.link");
  if (kind === "embed") {
    label = t("share.kind.embed");
    const title = t("share.embed.frameTitle", { title: ui.state.title }).replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
    text = `<iframe src="${url}&embed=replay" title="${title}" width="640" height="600" style="border:0"></iframe>`; // @i18n-ignore (HTML)
  }
  const out = $("share-output");
  out.value = text;
  $("share-kind").textContent = label;
  $("share-label").hidden = false;
  if (focus) {
    out.focus();
    out.select();
  }
  let copied = false;
  try { await navigator.clipboard.writeText(text); copied = true; } catch (_) { /* no clipboard: select it */ }
  const s = ui.state;
  const whose = shared.view === "spectator" ? t("share.opens.spectator")
    : shared.view === null ? "" : t("share.opens.seat", { name: playerName(s, shared.view) });
  // honest about what a serverless link is: the whole record, deal included (docs/architecture.md: "Hidden hands, decided")
  const reveals = s.hidden_information && !s.is_over ? t("share.reveals") : "";
  const note = [t(copied ? "share.copied" : "share.copyIt"),
    t(shared.cursor < shared.moves ? "share.movesAt" : "share.moves", { n: shared.moves, cursor: shared.cursor }),
    whose, reveals].filter(Boolean).join(" ");
  $("share-note").textContent = note;
  $("share-note").hidden = false;
  return copied;
}

// The formats come from the engine's registry (state.export_options): no format is named here.
export function renderExports(state) {
  const box = $("export-buttons");
  const options = state.export_options || [];
  const key = options.map((o) => o.format).join(",");
  if (box.dataset.formats === key) return;
  box.dataset.formats = key;
  box.replaceChildren();
  for (const opt of options) {
    const what = engineText(`format.${opt.format}`, opt.description);
    const title = t(opt.link ? "export.link.title" : "export.file.title", { what });
    const b = makeButton(engineText(`format.${opt.format}.label`, opt.label), title, () => exportAs(opt));
    b.dataset.export = opt.format;
    box.appendChild(b);
  }
}

async function exportAs(opt) {
  if (notReady()) return;
  const { response } = await page.request({ cmd: "export", format: opt.format });
  if (!response.ok) { showError(errorText(response.error)); return; }
  const file = response.result;
  if (file.link) { // a link for people to open elsewhere, not a file
    $("share-output").value = file.text;
    $("share-kind").textContent = engineText(`format.${opt.format}.label`, opt.label);
    $("share-label").hidden = false;
    $("share-note").textContent = opt.note ? engineText(`format.${opt.format}.note`, opt.note) : "";
    $("share-note").hidden = !opt.note;
    $("share-output").select();
    return;
  }
  const blob = new Blob([file.text], { type: file.mime });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = file.filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

async function importText(text) {
  if (notReady()) return false;
  // a game with hidden hands: its link, or its keys exported (hidden.js)
  const token = hiddenToken(text);
  if (token || await importHidden(text)) {
    $("import-text").value = "";
    if (token) await openHiddenLink(token);
    return true;
  }
  const failed = await loadGame({ cmd: "import", text }, t("import.failed"));
  if (!failed) $("import-text").value = "";
  return !failed;
}

export function wireRecords() {
  $("share").addEventListener("click", () => showShare("link"));
  $("embed-code").addEventListener("click", () => showShare("embed"));
  $("import-go").addEventListener("click", () => {
    const text = $("import-text").value;
    if (!text.trim()) { showError(t("import.pasteFirst", { formats: importable(ui.importable) })); return; }
    importText(text);
  });
  $("import-file").addEventListener("change", async () => {
    const file = $("import-file").files[0];
    if (!file) return;
    if (file.size > 900_000) { showError(t("import.tooLarge", { name: file.name })); return; }
    const text = await file.text();
    $("import-file").value = "";
    importText(text);
  });
  window.addEventListener("hashchange", () => {
    const token = hashParams().get("r");
    if (token && (ui.early || ui.state)) openLink(token);
  });
}

let waitingLink = null; // a link pasted into the address bar while the engine was starting

/** Open a share link's token: the game in it replaces the one on screen, and the link leaves
 * the address bar (a reload then resumes the autosave; an embed keeps it). The one way a link
 * is opened: at start-up (`atStart`, see games.js loadGame), pasted into the address bar later,
 * or pasted while the engine was starting (kept until it is up: openWaitingLink).
 * Resolves to null once open (or kept for later), else the message saying why not. */
export async function openLink(token, { atStart = false } = {}) {
  if (ui.early) { waitingLink = token; return null; }
  // a move from a friend (link format version 3, pygame_core/records/v3.py): checked against
  // this browser's copy of that game (friends.js)
  const friend = /^3\./.test(token) && !ui.embed; // an embed shows the game, as any link
  // a game with hidden hands (link format version 4): against this browser's keys (hidden.js)
  const hidden = /^4\./.test(token) && !ui.embed;
  const failed = hidden ? await openHiddenLink(token, { atStart })
    : friend ? await openFriendLink(token, { atStart })
    : await loadGame({ cmd: "open", token }, t("link.failed"), { atStart });
  if ((!failed || friend || hidden) && !ui.embed) clearHash(); // a friend's link refused stays refused on reload
  return failed;
}

/** Once the engine is up: open the link pasted while it was starting, if any. */
export async function openWaitingLink() {
  const token = waitingLink;
  waitingLink = null;
  if (token) await openLink(token);
}

/** Forget the link in the address bar once it is open, so a reload resumes the autosave. */
export function clearHash() {
  history.replaceState(null, "", location.pathname + location.search);
}
