// What a zoomed board keeps in sight (every game, no game knowledge: it reads the drawn scene):
// * along the view's borders a band in the colour of the board's edge that lies beyond each of
//   them (the scene's "zone" items: Hex's coloured sides; a neutral band where there are none),
//   with the coordinates of the rows and columns on screen (text items of class "coord" that
//   name their line, render.js's data-line) slid along their line onto the band;
// * a small overview of the whole board in a corner, with the part on screen outlined and the
//   last move marked; a tap or click on it brings that part of the board to the middle.
// zoom-view.js calls updateContext() after every change of the view (zoom.js wires it).
import { $ } from "../page/dom.js";
import { isZoomed, setView, view, zoomScale } from "./zoom-view.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const BAND_PX = 18; // the bands' thickness on screen (CSS px)
const LABEL_PX = 12; // their coordinates' size
const GAP_PX = 14; // a coordinate closer than this to one already on a band is left out
const OVERVIEW_PX = [72, 132]; // the overview's longer side: at least, at most
const LAST_PX = 4.5; // the last move's dot in the overview (radius)

function svgEl(name, attrs = {}) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

const parsePoints = (text) => text.trim().split(/\s+/).map((p) => p.split(",").map(Number));
const boxOf = (svg) => (svg.dataset.sceneBox || "").split(" ").map(Number);

function inside([x, y], poly) {
  let hit = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

/** The zone (a board edge's area) last crossed going from (x, y) in direction d to the
 * scene's box: the edge that lies that way; null if none. */
function edgeThatWay(zones, box, x, y, d) {
  const step = Math.min(box[2], box[3]) / 160;
  let found = null;
  for (; x >= box[0] && x <= box[0] + box[2] && y >= box[1] && y <= box[1] + box[3]; x += d[0] * step, y += d[1] * step) {
    const zone = zones.find((z) => inside([x, y], z.poly));
    if (zone) found = zone;
  }
  return found;
}

const SIDES = [["top", [0, -1]], ["right", [1, 0]], ["bottom", [0, 1]], ["left", [-1, 0]]];

/** The bands along the view `V` (scene units; `k` units a CSS px), coloured by the edges. */
function drawBands(g, svg, V, k) {
  const zones = [...svg.querySelectorAll(".layer .zone")].map((node) => ({ node, poly: parsePoints(node.getAttribute("points") || "") }));
  const box = boxOf(svg);
  const t = BAND_PX * k;
  const [x0, y0, w, h] = V;
  const rects = { top: [x0, y0, w, t], bottom: [x0, y0 + h - t, w, t], left: [x0, y0, t, h], right: [x0 + w - t, y0, t, h] };
  const coloured = {};
  for (const [side, d] of SIDES) {
    const zone = zones.length ? edgeThatWay(zones, box, x0 + w / 2, y0 + h / 2, d) : null;
    const [x, y, rw, rh] = rects[side];
    const band = svgEl("rect", { x, y, width: rw, height: rh, class: `zoom-band ${side}${zone ? " edge" : ""}` });
    if (zone) band.style.fill = getComputedStyle(zone.node).fill; // the edge's own colour, in any theme
    coloured[side] = !!zone;
    g.appendChild(band);
  }
  return coloured;
}

/** Where the line a -> b (a coordinate's row or column) meets the band that its label (at `p`,
 * drawn in `box`) lies beyond or under, or null when the line does not cross the view `V` there. */
function onBand(p, box, [a, b], V, t) {
  const [x0, y0, x1, y1] = [V[0], V[1], V[0] + V[2], V[1] + V[3]];
  const d = [b[0] - a[0], b[1] - a[1]];
  const len2 = d[0] * d[0] + d[1] * d[1];
  if (len2 < 1e-12) return null; // a line of one cell
  const from = Math.min(0, ((p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1]) / len2); // the label's own place
  // the band on the label's side of the board (from its first cell to the label): a column's
  // letter stays with the letters, a row's number with the numbers
  const out = [p[0] - a[0], p[1] - a[1]];
  const tries = [];
  if (Math.abs(out[1]) >= Math.abs(out[0])) {
    if (out[1] < 0 && box.y < y0 + t) tries.push(["top", 1, y0 + t / 2]);
    if (out[1] > 0 && box.y + box.height > y1 - t) tries.push(["bottom", 1, y1 - t / 2]);
  } else {
    if (out[0] < 0 && box.x < x0 + t) tries.push(["left", 0, x0 + t / 2]);
    if (out[0] > 0 && box.x + box.width > x1 - t) tries.push(["right", 0, x1 - t / 2]);
  }
  for (const [side, axis, v] of tries) {
    if (Math.abs(d[axis]) < 1e-9) continue;
    const s = (v - a[axis]) / d[axis];
    if (s < from - t / Math.sqrt(len2) || s > 1 + 1e-6) continue; // (a label half under the band: onto it)
    const at = [a[0] + s * d[0], a[1] + s * d[1]];
    at[axis] = v;
    const other = 1 - axis;
    const lo = other ? y0 : x0;
    const hi = other ? y1 : x1;
    if (at[other] >= lo + t && at[other] <= hi - t) return { side, at };
  }
  return null;
}

/** The coordinates of the rows and columns on screen, on the bands. */
function drawCoords(g, svg, V, k, coloured) {
  const t = BAND_PX * k;
  const placed = [];
  for (const node of svg.querySelectorAll(".layer text.coord[data-line]")) {
    const p = [Number(node.getAttribute("x")), Number(node.getAttribute("y"))];
    const b = node.getBBox();
    if (b.x >= V[0] + t && b.x + b.width <= V[0] + V[2] - t && b.y >= V[1] + t && b.y + b.height <= V[1] + V[3] - t) continue; // in sight
    node.classList.add("zoom-hidden"); // on the band instead, or nowhere: never half under a band
    const hit = onBand(p, b, parsePoints(node.dataset.line), V, t);
    if (!hit || placed.some((q) => Math.hypot(q[0] - hit.at[0], q[1] - hit.at[1]) < GAP_PX * k)) continue;
    placed.push(hit.at);
    const label = svgEl("text", { x: hit.at[0], y: hit.at[1], class: `coord zoom-coord${coloured[hit.side] ? " on-edge" : ""}` });
    label.style.fontSize = `${LABEL_PX * k}px`;
    label.textContent = node.textContent;
    g.appendChild(label);
  }
}

// ---------------------------------------------------------------- the overview
let overview = null;
let source = null; // the board's first layer the overview's copy was made from (a redraw makes another)

function makeOverview() {
  overview = svgEl("svg", { id: "board-overview", class: "board-overview", "aria-hidden": "true", focusable: "false" });
  overview.appendChild(svgEl("g", { class: "ov-board" }));
  overview.appendChild(svgEl("rect", { class: "ov-view" }));
  overview.appendChild(svgEl("circle", { class: "ov-last", r: 0 }));
  overview.addEventListener("click", (ev) => { // bring the point tapped to the middle of the view
    ev.stopPropagation();
    const v = view();
    if (!v) return;
    const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(overview.getScreenCTM().inverse());
    setView(v, zoomScale(), p.x, p.y);
  });
  $("board").appendChild(overview);
}

/** A copy of the board's drawing without its texts, names and targets (nothing to focus). */
function copyBoard(svg) {
  const g = overview.querySelector(".ov-board");
  g.replaceChildren();
  for (const layer of svg.querySelectorAll(":scope > .layer")) g.appendChild(layer.cloneNode(true));
  for (const node of g.querySelectorAll("text")) node.remove();
  for (const node of g.querySelectorAll("[data-target], [aria-label], [tabindex], [role], [id]")) {
    for (const name of ["data-target", "aria-label", "tabindex", "role", "id"]) node.removeAttribute(name);
  }
}

/** The centre of the last move on the board (scene units), or null. */
function lastMove(svg) {
  const node = svg.querySelector(".layer [data-target].last") || svg.querySelector(".layer .last");
  if (!node) return null;
  const b = node.getBBox();
  return [b.x + b.width / 2, b.y + b.height / 2];
}

function drawOverview(svg, V) {
  if (!overview) makeOverview();
  const first = svg.querySelector(":scope > .layer");
  if (first !== source) { source = first; copyBoard(svg); }
  const box = boxOf(svg);
  const r = svg.getBoundingClientRect();
  const long = Math.max(OVERVIEW_PX[0], Math.min(OVERVIEW_PX[1], 0.3 * Math.min(r.width, r.height)));
  const scale = long / Math.max(box[2], box[3]); // CSS px a scene unit
  const [w, h] = [box[2] * scale, box[3] * scale];
  overview.setAttribute("viewBox", box.join(" "));
  overview.style.width = `${w}px`;
  overview.style.height = `${h}px`;
  const rect = overview.querySelector(".ov-view");
  for (const [name, value] of [["x", V[0]], ["y", V[1]], ["width", V[2]], ["height", V[3]]]) rect.setAttribute(name, value);
  const last = lastMove(svg);
  const dot = overview.querySelector(".ov-last");
  dot.setAttribute("r", last ? LAST_PX / scale : 0);
  if (last) { dot.setAttribute("cx", last[0]); dot.setAttribute("cy", last[1]); }
  // a corner of the board's box that does not hide the last move (bottom right first)
  const board = $("board").getBoundingClientRect();
  const m = 6;
  const k = V[2] / r.width;
  const lastOnScreen = last ? [r.left + (last[0] - V[0]) / k, r.top + (last[1] - V[1]) / k] : null;
  const corners = [[r.right - w - m, r.bottom - h - m], [r.left + m, r.bottom - h - m], [r.right - w - m, r.top + m], [r.left + m, r.top + m]];
  const free = corners.find(([x, y]) => !lastOnScreen
    || lastOnScreen[0] < x - m || lastOnScreen[0] > x + w + m || lastOnScreen[1] < y - m || lastOnScreen[1] > y + h + m) || corners[0];
  overview.style.left = `${free[0] - board.left}px`;
  overview.style.top = `${free[1] - board.top}px`;
  overview.toggleAttribute("hidden", false);
}

/** After every change of the view: the bands, their coordinates and the overview while the
 * board is zoomed; nothing of them at its normal size. */
export function updateContext() {
  const svg = $("board-svg");
  if (!svg) return;
  const old = svg.querySelector(":scope > .zoom-context");
  if (old) old.remove();
  for (const node of svg.querySelectorAll(".zoom-hidden")) node.classList.remove("zoom-hidden");
  const v = isZoomed() ? view() : null;
  if (!v || svg.style.visibility === "hidden") {
    if (overview) overview.toggleAttribute("hidden", true);
    return;
  }
  const V = (svg.getAttribute("viewBox") || "").split(/\s+/).map(Number);
  const box = boxOf(svg);
  const whole = V[0] <= box[0] + 1e-6 && V[1] <= box[1] + 1e-6
    && V[0] + V[2] >= box[0] + box[2] - 1e-6 && V[1] + V[3] >= box[1] + box[3] - 1e-6;
  if (V.length !== 4 || !(V[2] > 0) || whole) { // (zoomed out: the whole board is in sight)
    if (overview) overview.toggleAttribute("hidden", true);
    return;
  }
  const k = V[2] / svg.getBoundingClientRect().width; // scene units a CSS px
  const g = svgEl("g", { class: "zoom-context", "aria-hidden": "true" });
  const lines = svg.querySelector(".layer text.coord[data-line]");
  if (lines || svg.querySelector(".layer .zone")) { // a board with edges or coordinates
    const coloured = drawBands(g, svg, V, k);
    if (lines) drawCoords(g, svg, V, k, coloured);
  }
  svg.appendChild(g);
  drawOverview(svg, V);
}
