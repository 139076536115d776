// Hex and Y for the link preview (link.js, page/early.js): just enough of the rules to
// read a link's moves (the legal move texts at each point, whose turn, when a game ends) and of
// the views to draw the position, so that a friend's link shows its board before the engine is
// up. A copy of pygame_core/games/hex/{rules,view}.py, games/y/{rules,view}.py (regular boards)
// and view/__init__.py's hex_cell_items and coord_labels (Y's radial boards: radial.js):
// tests/test_link_preview.py holds it to them (the same reading of thousands of links, the same
// scenes). The engine still reads every link itself, and its answer replaces the preview.
import { cellCode, code, radialLayout, radialScene } from "./radial.js";

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const SQRT3 = Math.sqrt(3);
const OFFSETS = [[0, -1], [0, 1], [-1, 0], [1, 0], [-1, 1], [1, -1]];
const EMPTY = -1;
const r3 = (v) => {
  const r = Math.round(v * 1000) / 1000;
  return Object.is(r, -0) ? 0 : r;
};
const pts = (points) => points.map(([x, y]) => [r3(x), r3(y)]);
const centre = (x, y) => [(x + y / 2) * SQRT3, y * 1.5];
const RADIANS = Math.PI / 180; // (as CPython's math.radians)
const corners = (cx, cy, radius) => [0, 60, 120, 180, 240, 300].map((a) => [
  cx + radius * Math.sin(a * RADIANS), cy - radius * Math.cos(a * RADIANS)]);

/** The board of a link's game (its options complete and valid), or null: not previewed. */
export function boardOf(game, options) {
  if (game === "hex") return board("hex", options.size, (x, y) => x < options.size && y < options.size, options);
  if (game === "y" && options.family === "regular") return board("y", options.size, (x, y) => x + y < options.size, options);
  if (game === "y" && options.family === "radial") return radialBoard(options);
  return null;
}

/** A radial Y board: its nodes named "t.i" as the engine names them, the layout's neighbours
 * and sides (left 1, right 2, bottom 4). */
function radialBoard(options) {
  const layout = radialLayout(options.center_rows, options.outer_rows);
  const cells = layout.nodes.map(([t, i], k) => ({ name: `${t}.${i}`, sides: [layout.sides[k]], nbrs: layout.neighbours[k] }));
  const byName = new Map(cells.map((c, i) => [c.name, i]));
  return { game: "y", n: null, radial: layout, cells, index: null, byName, swap: false,
    sorted: cells.map((c) => c.name).sort(), misere: options.misere === true, full: 7, maxMoves: cells.length };
}

function board(game, n, on, options) {
  const cells = [];
  const index = new Map();
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (!on(x, y)) continue;
      index.set(`${x},${y}`, cells.length);
      // side masks: Hex, per player (Blue: 1 top, 2 bottom; Red: 1 left, 2 right); Y: 1 A, 2 B, 4 C
      const sides = game === "hex" ? [(y === 0 ? 1 : 0) | (y === n - 1 ? 2 : 0), (x === 0 ? 1 : 0) | (x === n - 1 ? 2 : 0)]
        : [(x === 0 ? 1 : 0) | (y === 0 ? 2 : 0) | (x + y === n - 1 ? 4 : 0)];
      cells.push({ x, y, name: `${LETTERS[x]}${y + 1}`, sides });
    }
  }
  for (const c of cells) {
    c.nbrs = OFFSETS.map(([dx, dy]) => index.get(`${c.x + dx},${c.y + dy}`)).filter((j) => j !== undefined);
  }
  const byName = new Map(cells.map((c, i) => [c.name, i]));
  const swap = game === "hex" && options.swap === true;
  const sorted = [...cells.map((c) => c.name), ...(swap ? ["swap"] : [])].sort();
  return { game, n, cells, index, byName, swap, sorted, misere: options.misere === true,
    full: game === "hex" ? 3 : 7, maxMoves: cells.length + (swap ? 1 : 0) };
}

/** A position of `board`: play(text) a legal move text; legal() the sorted legal move texts. */
export class Position {
  constructor(b) {
    this.b = b;
    this.cells = new Array(b.cells.length).fill(EMPTY);
    this.history = []; // move texts
    this.toMove = 0;
    this.winner = null;
  }

  clone() {
    const p = new Position(this.b);
    p.cells = this.cells.slice();
    p.history = this.history.slice();
    p.toMove = this.toMove;
    p.winner = this.winner;
    return p;
  }

  get over() { return this.winner !== null; }

  get current() { return this.over ? null : this.toMove; }

  swapAllowed() { return this.b.swap && this.history.length === 1 && !this.over; }

  legal() {
    if (this.over) return [];
    const b = this.b;
    return b.sorted.filter((t) => (t === "swap" ? this.swapAllowed() : this.cells[b.byName.get(t)] === EMPTY));
  }

  /** Play a move text from legal() (unchecked here: the callers take it from legal()). */
  play(text) {
    const b = this.b;
    const player = this.toMove;
    if (text === "swap") { // Red takes Blue's first stone, mirrored
      const first = b.cells[b.byName.get(this.history[0])];
      this.cells[b.byName.get(this.history[0])] = EMPTY;
      this.cells[b.index.get(`${first.y},${first.x}`)] = 1;
    } else {
      const i = b.byName.get(text);
      this.cells[i] = player;
      if (this.groupSides(i) === b.full) this.winner = b.game === "y" && b.misere ? 1 - player : player;
    }
    this.history.push(text);
    this.toMove = 1 - player;
  }

  /** The sides the group of cell `i` touches (its owner's sides, in Hex). */
  groupSides(i) {
    const b = this.b;
    const who = this.cells[i];
    const side = b.game === "hex" ? who : 0;
    const seen = new Set([i]);
    const stack = [i];
    let mask = 0;
    while (stack.length) {
      const k = stack.pop();
      mask |= b.cells[k].sides[side];
      for (const j of b.cells[k].nbrs) {
        if (!seen.has(j) && this.cells[j] === who) { seen.add(j); stack.push(j); }
      }
    }
    return mask;
  }

  /** The cell the last move marks (a swap marks the stone it mirrored), or null. */
  lastCell() {
    const last = this.history[this.history.length - 1];
    if (last === undefined) return null;
    if (last !== "swap") return this.b.byName.get(last);
    const first = this.b.cells[this.b.byName.get(this.history[0])];
    return this.b.index.get(`${first.y},${first.x}`);
  }
}

// ---------------------------------------------------------------- the scenes (views)
const HEX_COLOUR = ["blue", "red"];

function cellItems(pos) {
  const b = pos.b;
  const last = pos.lastCell();
  const items = [];
  const marks = [];
  b.cells.forEach((c, i) => {
    const [cx, cy] = centre(c.x, c.y);
    const owner = pos.cells[i];
    const cls = ["cell"];
    if (owner === EMPTY) cls.push("empty");
    else cls.push("stone", b.game === "hex" ? `${HEX_COLOUR[owner]} p${owner}` : `p${owner}`);
    if (owner === EMPTY && !pos.over) cls.push("legal");
    if (i === last) {
      cls.push("last");
      marks.push({ kind: "circle", c: [r3(cx), r3(cy)], r: 0.28, cls: "last-marker" });
    }
    items.push({ kind: "polygon", points: pts(corners(cx, cy, 1)), cls: cls.join(" "), target: c.name,
      name_code: cellCode(c.name, owner, i === last) });
  });
  return [items, marks];
}

// as pygame_core.view.coord_labels: each label's `line` joins the first and last cell centres of
// the column or row it names (`triangle`: Y's board, whose lines end at x + y = n - 1)
function coordLabels(n, triangle) {
  const labels = [];
  for (let x = 0; x < n; x++) {
    const [cx, cy] = centre(x, 0);
    const end = centre(x, triangle ? n - 1 - x : n - 1);
    labels.push({ kind: "text", at: [r3(cx), r3(cy - 1.38)], text: LETTERS[x], cls: "coord", line: pts([[cx, cy], end]) });
  }
  for (let y = 0; y < n; y++) {
    const [cx, cy] = centre(0, y);
    const end = centre(triangle ? n - 1 - y : n - 1, y);
    labels.push({ kind: "text", at: [r3(cx - 1.3), r3(cy)], text: String(y + 1), cls: "coord", line: pts([[cx, cy], end]) });
  }
  return labels;
}

function offsetLine(p, q, mid, d) {
  const dx = q[0] - p[0];
  const dy = q[1] - p[1];
  const length = Math.hypot(dx, dy);
  let nx = -dy / length;
  let ny = dx / length;
  if (nx * ((p[0] + q[0]) / 2 - mid[0]) + ny * ((p[1] + q[1]) / 2 - mid[1]) < 0) { nx = -nx; ny = -ny; }
  return [[p[0] + nx * d, p[1] + ny * d], [dx, dy]];
}

function intersect([p, r], [q, s]) {
  const cross = r[0] * s[1] - r[1] * s[0];
  const t = ((q[0] - p[0]) * s[1] - (q[1] - p[1]) * s[0]) / cross;
  return [p[0] + t * r[0], p[1] + t * r[1]];
}

function viewBox(points, pad) {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [r3(Math.min(...xs) - pad), r3(Math.min(...ys) - pad), r3(Math.max(...xs) - Math.min(...xs) + 2 * pad),
    r3(Math.max(...ys) - Math.min(...ys) + 2 * pad)];
}

/** The scene of a position, as the engine's view draws it, its names and title as the engine's
 * codes (the page words them: render.js). */
export function sceneOf(pos) {
  const { n, game } = pos.b;
  if (pos.b.radial) return radialScene(pos.b.radial, pos.cells, pos.over, pos.lastCell());
  const [cells, marks] = cellItems(pos);
  if (game === "hex") {
    const c4 = [centre(0, 0), centre(n - 1, 0), centre(n - 1, n - 1), centre(0, n - 1)];
    const mid = [c4.reduce((s, p) => s + p[0], 0) / 4, c4.reduce((s, p) => s + p[1], 0) / 4];
    const sides = c4.map((p, i) => offsetLine(p, c4[(i + 1) % 4], mid, 1.75));
    const outer = sides.map((side, i) => intersect(sides[(i + 3) % 4], side));
    const zones = [0, 1, 2, 3].map((i) => ({
      kind: "polygon", points: pts([outer[i], outer[(i + 1) % 4], mid]), cls: `zone ${HEX_COLOUR[i % 2]}`,
      name_code: code(`scene.side.${["top", "right", "bottom", "left"][i]}`, { player: { player: i % 2 } }),
    }));
    return { viewBox: viewBox(outer, 0.3), title_code: code("scene.title.hex", { n }), turnable: true,
      layers: [{ name: "zones", items: zones }, { name: "cells", items: cells }, { name: "marks", items: marks },
        { name: "labels", items: coordLabels(n) }] };
  }
  const [a, b, c] = [centre(0, 0), centre(n - 1, 0), centre(0, n - 1)];
  const g = [(a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3];
  const grow = 1 + 3.8 / Math.max(1, Math.hypot(a[0] - g[0], a[1] - g[1]));
  const frame = [a, b, c].map((p) => [g[0] + (p[0] - g[0]) * grow, g[1] + (p[1] - g[1]) * grow]);
  return { viewBox: viewBox(frame, 0.3), title_code: code("scene.title.y", { n }), turnable: true,
    layers: [{ name: "frame", items: [{ kind: "polygon", points: pts(frame), cls: "frame", name_code: code("scene.frame") }] },
      { name: "cells", items: cells }, { name: "marks", items: marks }, { name: "labels", items: coordLabels(n, true) }] };
}
