// A link as a QR code, drawn as SVG: dark modules on a light square with a quiet zone of four
// modules, the same in every theme (a reader needs dark on light, whatever the page's colours).
// The encoder is the npm package `qr`, pinned and vendored by the build
// (build_scripts/site_vendor.py: vendor/qr/index.js, with its licence files), loaded on first use
// so that the page's start never waits for it. Byte mode, error correction M, or L when M would
// need more than 97 modules a side (version 20): a Hex 19 link (about 1,200 characters) stays a
// code a phone camera reads off a screen.
import { t } from "../i18n/i18n.js";
const SVG_NS = "http://www.w3.org/2000/svg";
export const QUIET = 4; // modules of light margin on each side (the standard's quiet zone)
const DENSE = 97; // modules a side from which error correction L is used instead of M
let encoder = null;

function loadEncoder() {
  // (a URL, not a literal path: vendor/ exists in the built site only, not in web/)
  encoder ??= import(new URL("../vendor/qr/index.js", import.meta.url).href).then((m) => m.encodeQR);
  return encoder;
}

/** The modules of `text`'s QR code: rows of booleans (true: dark), no quiet zone; and its level. */
export async function qrMatrix(text) {
  const encode = await loadEncoder();
  let ecc = "medium";
  let rows = null;
  try { rows = encode(text, "raw", { ecc, encoding: "byte", border: 1 }); } catch (_) { /* too long for M: L holds more */ }
  if (!rows || rows.length - 2 > DENSE) {
    ecc = "low";
    rows = encode(text, "raw", { ecc, encoding: "byte", border: 1 });
  }
  return { ecc, rows: rows.slice(1, -1).map((row) => row.slice(1, -1)) };
}

/** The path data of the dark modules: one rectangle per run of dark modules in a row. */
function modulePath(rows) {
  const parts = [];
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      let end = x;
      while (end + 1 < row.length && row[end + 1]) end++;
      parts.push(`M${x + QUIET} ${y + QUIET}h${end - x + 1}v1h${-(end - x + 1)}z`);
      x = end;
    }
  });
  return parts.join("");
}

/** An <svg> of `text`'s QR code, named `label` for screen readers (role img). Its dataset says
 * the module count a side (`modules`) and the error-correction level (`ecc`). */
export async function qrSvg(text, label) {
  const { ecc, rows } = await qrMatrix(text);
  const size = rows.length + 2 * QUIET;
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.classList.add("qr-code");
  svg.dataset.modules = String(rows.length);
  svg.dataset.ecc = ecc;
  const title = document.createElementNS(SVG_NS, "title");
  title.textContent = label;
  const light = document.createElementNS(SVG_NS, "rect");
  light.setAttribute("width", String(size));
  light.setAttribute("height", String(size));
  light.classList.add("qr-light");
  const dark = document.createElementNS(SVG_NS, "path");
  dark.setAttribute("d", modulePath(rows));
  dark.classList.add("qr-dark");
  svg.append(title, light, dark);
  return svg;
}

/** Show links as QR codes in `figure` while the <details> `box` is open: returns set(url) (""
 * for none). A code is drawn when the box opens or the link changes, never for a closed box. */
export function qrBox(box, figure, label) {
  let url = "";
  let drawn = "";
  async function draw() {
    if (!box.open || !url || drawn === url) return;
    const want = url;
    drawn = want;
    try {
      const svg = await qrSvg(want, label);
      if (url === want) {
        figure.replaceChildren(svg);
        figure.dataset.link = want; // the link the code on screen holds
      }
    } catch (err) {
      console.warn("Boardwright: no QR code:", err);
      drawn = "";
      figure.textContent = t("qr.failed");
    }
  }
  box.addEventListener("toggle", draw);
  return (next) => {
    url = next || "";
    if (!url) { drawn = ""; figure.replaceChildren(); delete figure.dataset.link; }
    draw();
  };
}
