// The workbench's editor (a plain textarea) and bot links.
//   setupEditor(textarea)   Tab inserts 4 spaces, Shift+Tab dedents; Esc, then Tab, leaves it
//   selectLine(textarea, n) select line n (1-based) and scroll to it
//   packBot(source)         the link token ("1." + base64url of raw DEFLATE), or throws if too long
//   unpackBot(token)        the source in a token, size-checked before and after decompression
// The format is pygame_core.bot_bridge.pack/unpack's; the page unpacks a link in JavaScript so
// that a bot that came by link is shown without starting its worker (nothing runs before Run).
import { t } from "../i18n/i18n.js";
export const MAX_LINK_CHARS = 60_000;
export const MAX_SOURCE_CHARS = 200_000;
const INDENT = "    ";

export function setupEditor(area) {
  let escaped = false; // Esc, then Tab: the Tab moves the focus on, as usual
  area.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") { escaped = true; return; }
    if (ev.key !== "Tab" || ev.ctrlKey || ev.altKey || ev.metaKey) { escaped = false; return; }
    if (escaped) { escaped = false; return; }
    ev.preventDefault();
    const { selectionStart: start, selectionEnd: end, value } = area;
    if (!ev.shiftKey && start === end) {
      area.setRangeText(INDENT, start, end, "end");
    } else {
      const lineStart = value.lastIndexOf("\n", start - 1) + 1;
      const block = value.slice(lineStart, end);
      const lines = block.split("\n");
      const changed = lines.map((l) => (ev.shiftKey ? l.replace(/^ {1,4}/, "") : INDENT + l)).join("\n");
      area.setRangeText(changed, lineStart, end, "select");
    }
    area.dispatchEvent(new Event("input"));
  });
  area.addEventListener("blur", () => { escaped = false; });
}

export function selectLine(area, line) {
  const lines = area.value.split("\n");
  if (!(line >= 1 && line <= lines.length)) return;
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  area.focus();
  area.setSelectionRange(start, start + lines[line - 1].length);
  const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 18;
  area.scrollTop = Math.max(0, (line - 4) * lineHeight);
}

function toBase64Url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function collect(stream, limit) {
  const reader = stream.getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      reader.cancel().catch(() => {});
      throw Object.assign(new Error(t("botlink.tooBig", { n: limit })), { tooBig: true });
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

export async function packBot(source) {
  if (!source.trim()) throw new Error(t("botlink.empty"));
  if (source.length > MAX_SOURCE_CHARS) throw new Error(t("botlink.tooLong", { n: MAX_SOURCE_CHARS }));
  const stream = new Blob([new TextEncoder().encode(source)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const token = "1." + toBase64Url(await collect(stream, Infinity));
  if (token.length > MAX_LINK_CHARS) throw new Error(t("botlink.tooLongForLink"));
  return token;
}

export async function unpackBot(token) {
  if (token.length > MAX_LINK_CHARS) throw new Error(t("botlink.linkTooLong"));
  const m = /^1\.([A-Za-z0-9_-]*)$/.exec(token);
  if (!m) throw new Error(t("botlink.notOne"));
  let bin;
  try {
    bin = atob(m[1].replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (m[1].length % 4)) % 4));
  } catch (_) {
    throw new Error(t("botlink.base64"));
  }
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  let body;
  try {
    body = await collect(stream, MAX_SOURCE_CHARS * 4);
  } catch (err) {
    throw new Error(err.tooBig ? err.message : t("botlink.unpack"));
  }
  let source;
  try { source = new TextDecoder("utf-8", { fatal: true }).decode(body); } catch (_) { throw new Error(t("botlink.utf8")); }
  if (source.length > MAX_SOURCE_CHARS) throw new Error(t("botlink.sourceTooLong"));
  return source;
}

/** The file name for a download: the bot's class name, else "bot". */
export function fileName(source) {
  const m = /^class\s+([A-Za-z_][A-Za-z0-9_]*)/m.exec(source);
  return `${m ? m[1].replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase() : "bot"}.py`;
}
