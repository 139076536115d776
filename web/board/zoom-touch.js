// Pointer gestures on the board (Pointer Events: mouse, pen and touch alike), every game:
// * a drag pans (a mouse drag always; one finger once the board is zoomed: before that one finger
//   scrolls the page, CSS touch-action), and never plays a move: the click that ends it is dropped;
// * two fingers pinch-zoom about the point between them and pan as they move;
// * touch taps (the rule: docs/play.md):
//   - a double tap (a second tap within DOUBLE_MS and DOUBLE_PX of a first tap that played
//     nothing: it fell on empty space or on a spot that cannot be played now, or it zoomed)
//     zooms in twice about the tapped point, and plays nothing;
//   - otherwise, while the board's cells are smaller than TAP_MIN_PX on screen, a tap zooms in
//     about the tapped point until they are TOUCH_PX, and plays nothing: the next tap plays;
//   - otherwise a tap plays, as a click does. A tap on a playable cell plays at once, so a
//     double tap there plays one move, never two (its second tap lands on a taken cell).
//   A mouse click always plays (the wheel and the buttons zoom).
// The cell size is measured from the drawn targets (the median of their boxes), no game knowledge.
import { $ } from "../page/dom.js";
import { MAX_SCALE, isZoomed, pinView, sceneAt, view, zoomScale } from "./zoom-view.js";
import { t } from "../i18n/i18n.js";

export const TAP_MIN_PX = 44; // below this (WCAG 2.5.5's and the platforms' touch target) a tap zooms first
export const TOUCH_PX = 48; // ... to this size: above the 44 px of WCAG 2.5.5 and the platforms
const DOUBLE_MS = 350;
const DOUBLE_PX = 40;
const SLOP = { mouse: 6, pen: 8, touch: 10 }; // moved less than this: a tap or a click, not a drag
const TIP_KEY = "boardwright.tap-zoom-tip.v1"; // the tip is shown once per browser
const TIP = () => t("zoom.tip");

const pointers = new Map(); // pointerId -> {x, y}: the pointers down on the board
let pan = null; // {id, x, y, p, scale, still}: one pointer dragging; p the scene point it holds;
// `still`: the page's gesture (a finger on a board at its normal size scrolls the page), not ours
let pinch = null; // {d, p, scale}: two pointers; p the scene point between them
let swallowUntil = 0; // drop a click on the board until then: it ends a drag, a pinch or a tap that zoomed
let dragged = false; // the pointer down now has dragged (or pinched): its click is not a tap
let lastTap = null; // {t, x, y, armed}: armed when a second tap there would be a double tap
let tipTimer = 0;

/** The median size (the smaller side of the box) of the board's playable targets, or of all its
 * targets when none is playable now, in CSS pixels at the current zoom; Infinity if none. */
export function cellPx(svg, v) {
  let nodes = svg.querySelectorAll("[data-target].selectable");
  if (!nodes.length) nodes = svg.querySelectorAll("[data-target]");
  const sizes = [];
  for (const n of nodes) {
    const b = n.getBBox();
    const s = Math.min(b.width, b.height);
    if (s > 0) sizes.push(s);
  }
  if (!sizes.length) return Infinity;
  sizes.sort((a, b) => a - b);
  return sizes[sizes.length >> 1] * zoomScale() / v.k1;
}

function twoPointers() {
  const [a, b] = [...pointers.values()];
  return { d: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

function startPinch() {
  const v = view();
  if (!v) return;
  const m = twoPointers();
  pinch = { d: Math.max(m.d, 1), p: sceneAt(v, m.x, m.y), scale: zoomScale() };
  pan = null;
  dragged = true; // whatever follows, the fingers did not tap
}

function startPan(id, type) {
  const v = view();
  const at = pointers.get(id);
  pan = v && at ? { id, x: at.x, y: at.y, p: sceneAt(v, at.x, at.y), scale: zoomScale(),
    still: type !== "mouse" && !isZoomed() } : null;
}

function onDown(ev) {
  if (ev.pointerType === "mouse" && ev.button !== 0) return;
  if (ev.isPrimary) { pointers.clear(); pinch = null; dragged = false; swallowUntil = 0; hideTip(); }
  pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
  if (pointers.size === 2) startPinch();
  else if (pointers.size === 1) startPan(ev.pointerId, ev.pointerType);
}

function onMove(ev) {
  const at = pointers.get(ev.pointerId);
  if (!at) return;
  if (ev.pointerType === "mouse" && !(ev.buttons & 1)) { onUp(ev); return; } // released elsewhere
  at.x = ev.clientX;
  at.y = ev.clientY;
  const v = pinch || pan ? view() : null;
  if (!v) return;
  if (pinch && pointers.size >= 2) {
    const m = twoPointers();
    pinView(v, pinch.scale * m.d / pinch.d, pinch.p, m.x, m.y);
  } else if (pan && pan.id === ev.pointerId) {
    if (!dragged && Math.hypot(at.x - pan.x, at.y - pan.y) < (SLOP[ev.pointerType] || 6)) return;
    dragged = true;
    if (!pan.still) pinView(v, pan.scale, pan.p, at.x, at.y);
  }
}

function onUp(ev) {
  if (!pointers.delete(ev.pointerId)) return;
  if (pointers.size === 1) { pinch = null; startPan([...pointers.keys()][0], "touch"); return; } // one finger left
  if (pointers.size > 1) { startPinch(); return; }
  pinch = null;
  pan = null;
  let zoomed = false;
  if (dragged || ev.type !== "pointerup") lastTap = null;
  else if (ev.pointerType === "touch") zoomed = onTap(ev);
  // its click (if the browser sends one) comes next: dropped unless this was a plain tap or click
  if (dragged || zoomed) swallowUntil = ev.timeStamp + 1000;
}

/** A touch tap ended on the board (before its click): zoom (true), or let the click play. */
function onTap(ev) {
  const svg = $("board-svg");
  const x = ev.clientX;
  const y = ev.clientY;
  const v = view();
  let zoomed = false;
  if (v) {
    const double = lastTap && lastTap.armed && ev.timeStamp - lastTap.t < DOUBLE_MS
      && Math.hypot(x - lastTap.x, y - lastTap.y) < DOUBLE_PX;
    if (double) {
      pinView(v, zoomScale() * 2, sceneAt(v, x, y), x, y);
      zoomed = true;
    } else if (zoomScale() < MAX_SCALE - 1e-6) {
      const px = cellPx(svg, v);
      if (px < TAP_MIN_PX) {
        pinView(v, zoomScale() * TOUCH_PX / px, sceneAt(v, x, y), x, y);
        zoomed = true;
        showTip();
      }
    }
  }
  const node = ev.target.closest && ev.target.closest("[data-target]");
  const playable = !!node && node.classList.contains("selectable");
  lastTap = { t: ev.timeStamp, x, y, armed: zoomed || !playable };
  return zoomed;
}

function hideTip() {
  const tip = $("zoom-tip");
  if (tip) tip.hidden = true;
}

/** Say once (per browser) why a tap zoomed: on the board, and through the live region. */
function showTip() {
  try {
    if (localStorage.getItem(TIP_KEY)) return;
    localStorage.setItem(TIP_KEY, "shown");
  } catch (e) {
    if (showTip.done) return; // no storage: once per page
  }
  showTip.done = true;
  let tip = $("zoom-tip");
  if (!tip) {
    tip = document.createElement("p");
    tip.id = "zoom-tip";
    tip.className = "zoom-tip";
    tip.setAttribute("aria-hidden", "true"); // read out by the live region instead
    $("board").appendChild(tip);
  }
  tip.textContent = TIP();
  tip.hidden = false;
  const live = $("announcer");
  if (live) live.textContent = TIP();
  clearTimeout(tipTimer);
  tipTimer = setTimeout(hideTip, 6000);
}

export function wireGestures(svg) {
  svg.addEventListener("pointerdown", onDown);
  window.addEventListener("pointermove", onMove);
  window.addEventListener("pointerup", onUp);
  window.addEventListener("pointercancel", onUp); // e.g. the page scrolled instead: not a tap
  // two fingers on the board are ours, not the page's (scroll or zoom): keep their pointer events
  const twoFingers = (ev) => { if (ev.touches.length >= 2) ev.preventDefault(); };
  svg.addEventListener("touchstart", twoFingers, { passive: false });
  svg.addEventListener("touchmove", twoFingers, { passive: false });
  // a drag never plays a move, nor does a tap that zoomed: drop the click that ends it
  svg.addEventListener("click", (ev) => {
    if (ev.timeStamp < swallowUntil) { ev.stopPropagation(); ev.preventDefault(); }
    swallowUntil = 0;
    dragged = false;
  }, true);
}
