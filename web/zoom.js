// Zoom and pan over the board (every game): buttons, the mouse wheel, dragging. The user's zoom
// is ui.zoom, applied to the scene's viewBox each time the board is drawn.
import { $, ui } from "./state.js";

// ---------------------------------------------------------------- zoom and pan (every game)
function sceneBox() { // the scene's box as drawn (render.js: turned with the board's orientation)
  const box = $("board-svg").dataset.sceneBox;
  return box ? box.split(" ").map(Number) : null;
}

export function applyZoom() {
  const vb = sceneBox();
  if (!vb) return;
  const { scale, dx, dy } = ui.zoom;
  const w = vb[2] / scale;
  const h = vb[3] / scale;
  const cx = vb[0] + vb[2] / 2 + dx;
  const cy = vb[1] + vb[3] / 2 + dy;
  $("board-svg").setAttribute("viewBox", [cx - w / 2, cy - h / 2, w, h].map((v) => +v.toFixed(3)).join(" "));
  $("board").classList.toggle("zoomed", scale !== 1 || dx !== 0 || dy !== 0);
}

function zoomBy(factor) {
  ui.zoom.scale = Math.min(8, Math.max(0.5, ui.zoom.scale * factor));
  applyZoom();
}

export function wireZoom() {
  const svg = $("board-svg");
  $("zoom-in").addEventListener("click", () => zoomBy(1.25));
  $("zoom-out").addEventListener("click", () => zoomBy(1 / 1.25));
  $("zoom-fit").addEventListener("click", () => { ui.zoom = { scale: 1, dx: 0, dy: 0 }; applyZoom(); });
  svg.addEventListener("wheel", (ev) => { ev.preventDefault(); zoomBy(ev.deltaY < 0 ? 1.15 : 1 / 1.15); },
    { passive: false });
  let start = null;
  svg.addEventListener("pointerdown", (ev) => { start = { x: ev.clientX, y: ev.clientY, dx: ui.zoom.dx, dy: ui.zoom.dy }; ui.dragged = false; });
  svg.addEventListener("pointermove", (ev) => {
    if (!start || !(ev.buttons & 1)) return;
    const mx = ev.clientX - start.x;
    const my = ev.clientY - start.y;
    if (!ui.dragged && Math.hypot(mx, my) < 6) return; // a click, not a drag
    ui.dragged = true;
    const vb = svg.viewBox.baseVal;
    const k = Math.max(vb.width / svg.clientWidth, vb.height / svg.clientHeight);
    ui.zoom.dx = start.dx - mx * k;
    ui.zoom.dy = start.dy - my * k;
    applyZoom();
  });
  window.addEventListener("pointerup", () => { start = null; });
  // a drag never plays a move: swallow the click that ends it
  svg.addEventListener("click", (ev) => { if (ui.dragged) { ev.stopPropagation(); ui.dragged = false; } }, true);
}

