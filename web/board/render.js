// Generic scene -> SVG renderer. Knows nothing about any game: it draws the items of a scene
// (polygons, circles, polylines, text) with their CSS classes, and reports activations of items
// that carry a "target" through one delegated handler.
import { codeText, t } from "../i18n/i18n.js";
const SVG_NS = "http://www.w3.org/2000/svg";

function el(name, attrs) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  return node;
}

/** Fill patterns shared by every scene (CSS refers to them), so that states do not depend on
 * colour alone: e.g. the second player's stones are striped. Defined once per page. */
function ensurePatterns() {
  if (document.getElementById("bw-patterns")) return;
  const holder = el("svg", { id: "bw-patterns", width: 0, height: 0, "aria-hidden": "true", focusable: "false" });
  holder.style.position = "absolute";
  const defs = el("defs", {});
  for (const [id, light] of [["bw-stripes-p1", false], ["bw-stripes-p1-light", true]]) {
    const pat = el("pattern", { id, patternUnits: "objectBoundingBox", patternContentUnits: "objectBoundingBox",
      width: 0.18, height: 0.18 });
    pat.appendChild(el("rect", { x: 0, y: 0, width: 0.18, height: 0.18, class: light ? "bw-stripe-bg light" : "bw-stripe-bg" }));
    for (const [x1, y1, x2, y2] of [[0, 0.18, 0.18, 0], [-0.09, 0.09, 0.09, -0.09], [0.09, 0.27, 0.27, 0.09]]) {
      pat.appendChild(el("line", { x1, y1, x2, y2, class: "bw-stripe", "stroke-width": 0.045 }));
    }
    defs.appendChild(pat);
  }
  holder.appendChild(defs);
  document.body.appendChild(holder);
}

/** How the page shows every scene (settings.js sets it): the board turned by `rotate` degrees
 * clockwise (0, 90, 180, 270) after a left-right `mirror`, or with `rotate` "auto" turned a
 * quarter when that draws a turnable scene bigger (autoTurn); and whether the targets that can
 * be played now are marked (class "selectable"; they can be played either way). */
export const display = { rotate: "auto", mirror: false, targets: true };

/** How much bigger the turned board must be drawn before "auto" turns it (no flip for a few %). */
const TURN_GAIN = 1.1;

/** With the orientation "auto": should the scene box `vb` be drawn turned a quarter in the room
 * `room` ({w, h}, CSS px: the board's column and the height it may take)? Yes when its units
 * come out TURN_GAIN times bigger turned (a wide board in a tall window: Hex, Y on a phone). */
export function autoTurn(vb, room) {
  if (!room || !(room.w > 0 && room.h > 0 && vb[2] > 0 && vb[3] > 0)) return false;
  const flat = Math.min(room.w / vb[2], room.h / vb[3]);
  const turned = Math.min(room.w / vb[3], room.h / vb[2]);
  return turned > flat * TURN_GAIN;
}

/** The quarter turns (clockwise) and the mirror the board is drawn with. "auto" turned: the
 * board's transpose (mirror, then three quarters: x and y exchanged), so the first cell stays
 * at the top left and the coordinates still read down and to the right; the player's mirror
 * then flips that (a quarter turn clockwise). */
function turnsOf(turned) {
  if (display.rotate !== "auto") return { turns: ((Math.round(display.rotate / 90) % 4) + 4) % 4, mirror: display.mirror };
  if (!turned) return { turns: 0, mirror: display.mirror };
  return display.mirror ? { turns: 1, mirror: false } : { turns: 3, mirror: true };
}

const r3 = (v) => +v.toFixed(3);

/** The board's orientation as a map of scene points and the box it draws into; null: as is.
 * Only positions move: text stays upright, targets and moves stay the same. */
function orientation(vb, turned) {
  const { turns, mirror } = turnsOf(turned);
  if (!turns && !mirror) return null;
  const cx = vb[0] + vb[2] / 2;
  const cy = vb[1] + vb[3] / 2;
  const map = ([x, y]) => {
    let dx = mirror ? cx - x : x - cx;
    let dy = y - cy;
    for (let i = 0; i < turns; i++) [dx, dy] = [-dy, dx]; // a quarter turn clockwise (y down)
    return [r3(cx + dx), r3(cy + dy)];
  };
  const [w, h] = turns % 2 ? [vb[3], vb[2]] : [vb[2], vb[3]];
  return { map, box: [cx - w / 2, cy - h / 2, w, h].map(r3) };
}

const same = (p) => p;
const fmt = (p, map) => p.map((q) => map(q).join(",")).join(" ");

function drawItem(item, map = same, words = (code, english) => english) {
  let node;
  switch (item.kind) {
    case "polygon": node = el("polygon", { points: fmt(item.points, map) }); break;
    case "polyline": node = el("polyline", { points: fmt(item.points, map) }); break;
    case "circle": { const [cx, cy] = map(item.c); node = el("circle", { cx, cy, r: item.r }); break; }
    case "text": {
      const [x, y] = map(item.at);
      node = el("text", { x, y });
      node.textContent = item.text_code ? words(item.text_code, item.text) : item.text;
      if (Array.isArray(item.line)) node.dataset.line = fmt(item.line, map); // the line a coordinate names (zoom-context.js)
      break;
    }
    case "group": node = el("g", {}); for (const child of item.items || []) node.appendChild(drawItem(child, map, words)); break;
    default: return el("g", {});
  }
  if (item.cls) node.setAttribute("class", item.cls);
  if (item.notation) { // a previewed tile's move, named in words: its notation in the tooltip
    const tip = el("title", {});
    tip.textContent = item.notation;
    node.appendChild(tip);
  }
  return node;
}

/**
 * Draw `scene` into `svg`. `legal` is a Set of targets that can be activated now (they get the
 * class "selectable"), `selected` a Set of targets chosen so far (class "selected").
 * Every target is a button with an accessible name that says whether it can be played now;
 * one of them is in the tab order (a roving tabindex: the arrow keys move between them), and
 * keyboard focus stays on the same target across redraws. `orient`: draw it in the board's
 * orientation (display; "auto" turns a scene marked `turnable` when it fits `room` better);
 * the box drawn is kept in svg.dataset.sceneBox (zoom.js zooms into it). Names and the title
 * sent as codes beside their English (`name_code`, `title_code`, a text's `text_code`) are worded in the reader's
 * language, `player(q)` naming the seats.
 */
export function renderScene(svg, scene, legal, selected = new Set(), { orient = false, room = null, player } = {}) {
  const words = (code, english) => codeText(code, english, player);
  ensurePatterns();
  const active = document.activeElement;
  const hadFocus = svg.contains(active) && active.dataset && active.dataset.target !== undefined;
  const keep = hadFocus ? active.dataset.target : svg.dataset.focusTarget;
  svg.replaceChildren();
  const auto = orient && !!scene.turnable && display.rotate === "auto";
  const turned = auto && autoTurn(scene.viewBox, room);
  svg.dataset.auto = auto ? "1" : ""; // layout.js checks the choice again when the window changes
  svg.dataset.turned = turned ? "1" : "";
  const turn = orient ? orientation(scene.viewBox, turned) : null;
  const box = turn ? turn.box : scene.viewBox;
  svg.dataset.sceneBox = box.join(" ");
  svg.setAttribute("viewBox", svg.dataset.sceneBox);
  if (scene.title || scene.title_code) svg.setAttribute("aria-label", words(scene.title_code, scene.title));
  const targets = [];
  for (const layer of scene.layers) {
    const g = el("g", { class: `layer layer-${layer.name}` });
    for (const item of layer.items) {
      const node = drawItem(item, turn ? turn.map : same, words);
      if (item.target != null) {
        const playable = legal.has(item.target);
        node.dataset.target = item.target;
        if (playable && display.targets) node.classList.add("selectable");
        if (selected.has(item.target)) node.classList.add("selected");
        const state = selected.has(item.target) ? "selected" : playable ? "playable" : "unplayable";
        node.setAttribute("aria-label", t(`target.${state}`, { name: words(item.name_code, item.name) || item.target }));
        node.setAttribute("role", "button");
        node.setAttribute("tabindex", "-1"); // not aria-disabled: activating it explains why not
        targets.push(node);
      } else if (item.name || item.name_code) {
        node.setAttribute("aria-label", words(item.name_code, item.name));
        node.setAttribute("role", "img");
      }
      g.appendChild(node);
    }
    svg.appendChild(g);
  }
  const current = targets.find((n) => n.dataset.target === keep)
    || targets.find((n) => legal.has(n.dataset.target)) || targets[0];
  if (current) {
    current.setAttribute("tabindex", "0");
    svg.dataset.focusTarget = current.dataset.target;
    if (hadFocus) current.focus({ preventScroll: true });
  } else delete svg.dataset.focusTarget;
}

function centre(node) {
  const b = node.getBBox();
  return [b.x + b.width / 2, b.y + b.height / 2];
}

const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/** The target nearest to `from` in direction `dir` (by the drawn positions: no game knowledge). */
function neighbour(root, from, dir) {
  const [fx, fy] = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const node of root.querySelectorAll("[data-target]")) {
    if (node === from) continue;
    const [x, y] = centre(node);
    const along = (x - fx) * dir[0] + (y - fy) * dir[1];
    const across = Math.abs((x - fx) * dir[1] - (y - fy) * dir[0]);
    if (along <= 1e-6 || across > along * 2) continue; // only what lies that way (a wide cone)
    // the nearest, straighter ones first: on a hexagon grid "down" is the next row, not the
    // cell two rows below that happens to be straight under this one
    const score = Math.hypot(x - fx, y - fy) + across + (across > 1e-6 ? 1e-3 * ((x - fx) + (y - fy)) : 0);
    if (score < bestScore) { bestScore = score; best = node; }
  }
  return best;
}

function moveFocus(root, from, to) {
  if (!to) return;
  if (from) from.setAttribute("tabindex", "-1");
  to.setAttribute("tabindex", "0");
  root.dataset.focusTarget = to.dataset.target;
  to.focus();
}

/** Attach one delegated click/keyboard handler; `onActivate(target)` gets the target id.
 * Keys: Enter or Space activates, the arrow keys move to the nearest target that way, Home and
 * End to the first and last target. */
export function attachHandler(root, onActivate) {
  const find = (ev) => ev.target.closest && ev.target.closest("[data-target]");
  root.addEventListener("click", (ev) => {
    const node = find(ev);
    if (node) onActivate(node.dataset.target);
  });
  root.addEventListener("keydown", (ev) => {
    const node = find(ev);
    if (!node || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const svg = node.ownerSVGElement || root;
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      onActivate(node.dataset.target);
    } else if (ev.key in ARROWS) {
      ev.preventDefault();
      moveFocus(svg, node, neighbour(svg, node, ARROWS[ev.key]));
    } else if (ev.key === "Home" || ev.key === "End") {
      ev.preventDefault();
      const all = svg.querySelectorAll("[data-target]");
      moveFocus(svg, node, ev.key === "Home" ? all[0] : all[all.length - 1]);
    }
  });
}
