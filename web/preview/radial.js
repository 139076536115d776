// Y's radial boards (GamesCrafters' [triangle, index] numbering) for the link preview
// (connection.js): the layout, the nodes' places on screen and the scene. A copy of
// pygame_core/geometry/yradial.py (RadialLayout) and games/y/view.py (radial_positions,
// RadialYView): tests/test_link_preview.py holds it to them on every board the form offers.
export const SIDE_LEFT = 1;
export const SIDE_RIGHT = 2;
export const SIDE_BOTTOM = 4;
const RADIANS = Math.PI / 180; // (as CPython's math.radians)
const mod = (a, n) => ((a % n) + n) % n; // (Python's %)
const r3 = (v) => {
  const r = Math.round(v * 1000) / 1000;
  return Object.is(r, -0) ? 0 : r;
};
const pts = (points) => points.map(([x, y]) => [r3(x), r3(y)]);

/** A text of the scene as the engine codes it (pygame_core/words.py; the page words it). */
export const code = (key, params = {}) => ({ key, params });

/** A cell's name as a code (view/__init__.py cell_name; the preview draws no winning chain):
 * "c3, empty", "c3, Blue, last move". */
export function cellCode(cell, owner, last) {
  let state = owner < 0 ? code("scene.state.empty") : code("scene.state.stone", { player: { player: owner } });
  if (last) state = code("scene.state.last", { state });
  return code("scene.cell", { cell, state });
}

/** Rings, nodes ([t, i]), neighbours (indices, clockwise) and side masks of one radial board. */
export function radialLayout(centerRows, outerRows) {
  const s = centerRows - 1;
  const t0 = Math.floor(s / 3); // the transition ring: rim of the inner triangle
  const segs = [];
  for (let t = 0; t <= t0; t++) segs.push((s % 3) + 3 * t);
  for (let k = 1; k <= outerRows; k++) segs.push(s + k);
  const sizes = segs.map((m) => (m ? 3 * m : 1));
  const nodes = [];
  sizes.forEach((n, t) => { for (let i = 0; i < n; i++) nodes.push([t, i]); });
  const index = new Map(nodes.map(([t, i], k) => [`${t},${i}`, k]));
  const layout = { centerRows, outerRows, t0, segs, sizes, nodes, index };
  layout.neighbours = nodes.map(([t, i]) => neighboursOf(layout, t, i).map(([a, b]) => index.get(`${a},${b}`)));
  const outer = segs.length - 1;
  const d = segs[outer];
  layout.sides = nodes.map(([t, i]) => (t !== outer ? 0
    : (i <= d ? SIDE_LEFT : 0) | (d <= i && i <= 2 * d ? SIDE_RIGHT : 0) | (i >= 2 * d || i === 0 ? SIDE_BOTTOM : 0)));
  return layout;
}

function neighboursOf({ segs, t0 }, t, i) {
  const m = segs[t];
  const last = segs.length - 1;
  if (m === 0) return [1, 2, 4, 5, 7, 8].map((j) => [1, j]); // the centre: ring 1's six non-corner nodes
  const n = 3 * m;
  const a = Math.floor(i / m);
  const b = i % m;
  const innerRing = t <= t0;
  const out = [[t, mod(i + 1, n)]];
  if (innerRing && b === m - 1) out.push([t, mod(i + 2, n)]);
  if (t >= 1) { // inwards, from the larger index offset to the smaller
    const mi = segs[t - 1];
    let inward;
    if (mi === 0) inward = b !== 0 ? [[t - 1, 0]] : [];
    else if (innerRing) { // ring t-1 is an inner triangle with m - 3 segments
      const ni = 3 * mi;
      if (b === 0) inward = [];
      else if (b === 1 && b === m - 1) inward = [[t - 1, mod((a + 1) * mi, ni)], [t - 1, mod(a * mi, ni)]];
      else if (b === 1) inward = [[t - 1, mod(a * mi, ni)]];
      else if (b === m - 1) inward = [[t - 1, mod((a + 1) * mi, ni)]];
      else inward = [[t - 1, mod(a * mi + b - 1, ni)], [t - 1, mod(a * mi + b - 2, ni)]];
    } else { // from an outer ring to ring t-1 with m - 1 segments
      const ni = 3 * (m - 1);
      const base = a * (m - 1);
      inward = b === 0 ? [[t - 1, mod(base, ni)]] : [[t - 1, mod(base + b, ni)], [t - 1, mod(base + b - 1, ni)]];
    }
    out.push(...inward);
  }
  if (innerRing && b === 1) out.push([t, mod(i - 2, n)]);
  out.push([t, mod(i - 1, n)]);
  if (t < last) { // outwards, in increasing offset order
    const [no, base, offs] = t < t0 ? [3 * (m + 3), a * (m + 3), b === 0 ? [-2, -1, 1, 2] : [b + 1, b + 2]]
      : [3 * (m + 1), a * (m + 1), b === 0 ? [-1, 0, 1] : [b, b + 1]];
    for (const o of offs) out.push([t + 1, mod(base + o, no)]);
  }
  const seen = new Set();
  return out.filter(([u, v]) => { // drop duplicates on tiny rings, keep the clockwise order
    const key = `${u},${v}`;
    if ((u === t && v === i) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The nodes' places on screen (view.py radial_positions): inner rings straight triangles,
 * outer rings bent progressively into arcs; index 0 of a ring at the lower-left corner. */
function positions(layout) {
  const cornersDeg = [210.0, 90.0, -30.0];
  const { t0, segs, outerRows } = layout;
  const out = [];
  const base = Math.max(segs[t0], 1) / Math.sqrt(3);
  segs.forEach((m, t) => {
    if (m === 0) { out.push([0.0, 0.0]); return; }
    const k = t - t0; // > 0 for the outer rings
    const radius = k <= 0 ? m / Math.sqrt(3) : base + 0.95 * k;
    const bend = k <= 0 ? 0.0 : (0.45 * k) / Math.max(1, outerRows);
    const corners = cornersDeg.map((a) => [radius * Math.cos(a * RADIANS), radius * Math.sin(a * RADIANS)]);
    for (let i = 0; i < 3 * m; i++) {
      const side = Math.floor(i / m);
      const f = i % m;
      const p = corners[side];
      const q = corners[(side + 1) % 3];
      const tri = [p[0] + ((q[0] - p[0]) * f) / m, p[1] + ((q[1] - p[1]) * f) / m];
      const ang = (cornersDeg[side] - (120.0 * f) / m) * RADIANS;
      const arc = [radius * Math.cos(ang), radius * Math.sin(ang)];
      out.push([(1 - bend) * tri[0] + bend * arc[0], -((1 - bend) * tri[1] + bend * arc[1])]); // y grows downwards
    }
  });
  return out;
}

/** The scene of a position on a radial board (view.py RadialYView; no winning group: the
 * preview draws no finished game). `lastCell`: the node of the last move, or null. */
export function radialScene(layout, owners, over, lastCell) {
  const pos = positions(layout);
  const edges = [];
  layout.neighbours.forEach((nbrs, k) => {
    for (const j of nbrs) if (j > k) edges.push({ kind: "polyline", points: pts([pos[k], pos[j]]), cls: "edge" });
  });
  const outer = layout.segs.length - 1;
  const rim = [];
  for (let i = 0; i < layout.sizes[outer]; i++) rim.push(pos[layout.index.get(`${outer},${i}`)]);
  const frame = { kind: "polygon", points: pts(rim), cls: "frame radial", name_code: code("scene.frame") };
  const nodes = [];
  const marks = [];
  layout.nodes.forEach(([t, i], k) => {
    const owner = owners[k];
    const name = `${t}.${i}`;
    const cls = ["node"];
    if (owner < 0) cls.push("empty");
    else cls.push("stone", `p${owner}`);
    if (owner < 0 && !over) cls.push("legal");
    const c = [r3(pos[k][0]), r3(pos[k][1])];
    if (k === lastCell) {
      cls.push("last");
      marks.push({ kind: "circle", c, r: 0.13, cls: "last-marker" });
    }
    nodes.push({ kind: "circle", c, r: 0.3, cls: cls.join(" "), target: name, name_code: cellCode(name, owner, k === lastCell) });
  });
  const xs = pos.map((p) => p[0]);
  const ys = pos.map((p) => p[1]);
  const pad = 1.0;
  return {
    viewBox: [r3(Math.min(...xs) - pad), r3(Math.min(...ys) - pad), r3(Math.max(...xs) - Math.min(...xs) + 2 * pad),
      r3(Math.max(...ys) - Math.min(...ys) + 2 * pad)],
    title_code: code("scene.title.y_radial", { n: layout.nodes.length }), turnable: true,
    layers: [{ name: "frame", items: [frame] }, { name: "edges", items: edges }, { name: "cells", items: nodes },
      { name: "marks", items: marks }],
  };
}
