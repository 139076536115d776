// Zoom and pan over the board (every game): the +/−/Fit buttons and the wheel (cursor-centred;
// a trackpad pinch comes as ctrl+wheel); the pointer gestures are zoom-touch.js's, the
// arithmetic zoom-view.js's, what a zoomed board keeps in sight (edges, coordinates, an
// overview) zoom-context.js's.
import { $ } from "../page/dom.js";
import { wireGestures } from "./zoom-touch.js";
import { clamp, fit, zoomAt, zoomHooks } from "./zoom-view.js";
import { updateContext } from "./zoom-context.js";

export { applyZoom, resetZoom } from "./zoom-view.js";

const STEP = 1.25; // one press of + or −

/** The wheel's zoom factor: a mouse notch (about 100 px) is about 1.16; a trackpad pinch comes as
 * ctrl+wheel with small steps and gets more per pixel. */
function wheelFactor(ev) {
  const unit = ev.deltaMode === 1 ? 16 : ev.deltaMode === 2 ? 400 : 1;
  const d = clamp(ev.deltaY * unit, -300, 300);
  return Math.exp(-d * (ev.ctrlKey ? 0.01 : 0.0015));
}

export function wireZoom() {
  const svg = $("board-svg");
  zoomHooks.changed = updateContext; // the bands, coordinates and overview of a zoomed board
  $("zoom-in").addEventListener("click", () => zoomAt(STEP));
  $("zoom-out").addEventListener("click", () => zoomAt(1 / STEP));
  $("zoom-fit").addEventListener("click", fit);
  svg.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    if (ev.deltaY) zoomAt(wheelFactor(ev), ev.clientX, ev.clientY);
  }, { passive: false });
  wireGestures(svg);
}
