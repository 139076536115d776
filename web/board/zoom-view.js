// Zoom and pan over the board (every game), the arithmetic: the user's zoom is
// {scale, dx, dy} (kept here), the scene's viewBox shrunk by `scale` about its centre moved by
// (dx, dy) scene units, applied to the board each time it is drawn. No game knowledge: sizes come
// from the scene's viewBox and the board element. zoom.js wires the buttons and the wheel,
// zoom-touch.js the pointer gestures.
import { $ } from "../page/dom.js";
import { shownScene } from "../page/page.js";

export const MIN_SCALE = 0.5;
export const MAX_SCALE = 8;

let zoom = { scale: 1, dx: 0, dy: 0 }; // the user's zoom and pan over the scene's viewBox

/** Told after every change of the view (zoom.js fills it in: zoom-context.js's bands and overview). */
export const zoomHooks = { changed: null };

/** The zoom's scale (1: the whole scene). */
export const zoomScale = () => zoom.scale;

/** Back to the whole scene, from the next drawing on (another game, the board turned). */
export function resetZoom() {
  zoom = { scale: 1, dx: 0, dy: 0 };
}

/** The scene's box as drawn (render.js keeps it in data-scene-box: turned with the board's
 * orientation, see settings.js), else the scene's viewBox. */
function sceneBox() {
  const box = $("board-svg").dataset.sceneBox;
  if (box) return box.split(" ").map(Number);
  const scene = shownScene();
  return scene ? scene.viewBox : null;
}

export function isZoomed() {
  const { scale, dx, dy } = zoom;
  return scale !== 1 || dx !== 0 || dy !== 0;
}

export function applyZoom() {
  const vb = sceneBox();
  if (!vb) return;
  const { scale, dx, dy } = zoom;
  const w = vb[2] / scale;
  const h = vb[3] / scale;
  const cx = vb[0] + vb[2] / 2 + dx;
  const cy = vb[1] + vb[3] / 2 + dy;
  $("board-svg").setAttribute("viewBox", [cx - w / 2, cy - h / 2, w, h].map((v) => +v.toFixed(3)).join(" "));
  $("board").classList.toggle("zoomed", isZoomed());
  if (zoomHooks.changed) zoomHooks.changed();
}

/** The view on screen: the scene's box, the centre of the view (scene units), the scene units
 * per CSS pixel at scale 1 (`k1`; the SVG fits the box inside, "meet") and the element's centre
 * on screen. Null while there is no scene or the board is not laid out. */
export function view() {
  const vb = sceneBox();
  const svg = $("board-svg");
  if (!vb || !svg) return null;
  const r = svg.getBoundingClientRect();
  if (!(r.width > 0 && r.height > 0 && vb[2] > 0 && vb[3] > 0)) return null;
  return {
    vb,
    cx: vb[0] + vb[2] / 2 + zoom.dx,
    cy: vb[1] + vb[3] / 2 + zoom.dy,
    k1: Math.max(vb[2] / r.width, vb[3] / r.height),
    rx: r.left + r.width / 2,
    ry: r.top + r.height / 2,
  };
}

/** The scene point under the screen point (clientX, clientY) in the view `v`. */
export function sceneAt(v, x, y) {
  const k = v.k1 / zoom.scale;
  return [v.cx + (x - v.rx) * k, v.cy + (y - v.ry) * k];
}

export const clamp = (x, lo, hi) => Math.min(hi, Math.max(lo, x));

/** Show the scene at `scale` with its point (cx, cy) at the centre; the centre stays on the
 * scene's box, so that the board cannot be pushed out of sight. */
export function setView(v, scale, cx, cy) {
  const [x0, y0, w, h] = v.vb;
  zoom = {
    scale: clamp(scale, MIN_SCALE, MAX_SCALE),
    dx: +(clamp(cx, x0, x0 + w) - (x0 + w / 2)).toFixed(4),
    dy: +(clamp(cy, y0, y0 + h) - (y0 + h / 2)).toFixed(4),
  };
  if (Math.abs(zoom.scale - 1) < 1e-9 && Math.abs(zoom.dx) < 1e-6 && Math.abs(zoom.dy) < 1e-6) {
    resetZoom();
  }
  applyZoom();
}

/** Put the scene point `p` at the screen point (x, y) at `scale` (pinch, wheel, taps). */
export function pinView(v, scale, p, x, y) {
  const s = clamp(scale, MIN_SCALE, MAX_SCALE);
  const k = v.k1 / s;
  setView(v, s, p[0] - (x - v.rx) * k, p[1] - (y - v.ry) * k);
}

/** Zoom by `factor` about the screen point (x, y): the point under it stays where it is (as far
 * as the limits allow). Without a point: about the middle of the board. */
export function zoomAt(factor, x, y) {
  const v = view();
  if (!v) return;
  if (x === undefined) { x = v.rx; y = v.ry; }
  pinView(v, zoom.scale * factor, sceneAt(v, x, y), x, y);
}

export function fit() {
  resetZoom();
  applyZoom();
}

