// Variations (issue 19): the engine keeps every line played as a tree (state.tree, PGN-like
// JSON: a list right after a move is a variation replacing it; state.path, the position on
// screen). The move list shows the current line; this strip, under it, shows the other moves
// at this point and offers "Make main line" and "Delete from here". It knows no game.
import { send } from "./play.js";
import { $, makeButton } from "./state.js";

/** The tree's JSON form (pygame_core.tree) as nodes {move, children, parent}: no recursion,
 * linear, children in the engine's order (paths are child indexes). */
export function treeNodes(data) {
  const root = { move: null, children: [], parent: null };
  // lists in the order they appear (a queue), so siblings keep the engine's order
  const queue = [[data, root, null]]; // [items, node the next move hangs on, the last move's node]
  for (let q = 0; q < queue.length; q++) {
    const [items, at0, last0] = queue[q];
    let at = at0;
    let last = last0;
    for (const item of items) {
      if (typeof item === "string") {
        last = { move: item, children: [], parent: at };
        at.children.push(last);
        at = last;
      } else if (Array.isArray(item) && last) {
        queue.push([item, last.parent, null]); // a variation replaces the move before it
      }
    }
  }
  return root;
}

function nodeAt(root, path) {
  let node = root;
  for (const i of path) node = node && node.children[i];
  return node;
}

/** The strip: alternatives to the move on screen, the moves that may follow, the tree actions. */
export function renderVariations(state) {
  const box = $("variations");
  box.replaceChildren();
  const path = state.path;
  if (!state.tree || !path) { box.hidden = true; return; }
  const root = treeNodes(state.tree);
  const groups = [];
  if (path.length) {
    const parent = nodeAt(root, path.slice(0, -1));
    if (parent && parent.children.length > 1) groups.push(["Instead of this move", parent.children, path.slice(0, -1), path[path.length - 1]]);
  }
  const here = nodeAt(root, path);
  // the next move of the line on screen (redo follows it) is marked
  const next = state.line_path && state.line_path.length > path.length ? state.line_path[path.length] : -1;
  if (here && here.children.length > 1) groups.push(["Next", here.children, path, next]);
  if (!groups.length) { box.hidden = true; return; }
  for (const [label, children, at, currentIndex] of groups) {
    const p = document.createElement("p");
    p.className = "variation-row";
    const name = document.createElement("span");
    name.className = "hint";
    name.textContent = `${label}:`;
    p.append(name);
    children.forEach((child, i) => {
      const b = makeButton(child.move + (i === 0 ? " (main)" : ""), `Go to the line ${child.move}`,
        () => send({ cmd: "goto", path: [...at, i] }, { pause: true }));
      b.dataset.variation = String(i);
      if (i === currentIndex) { b.classList.add("current"); b.setAttribute("aria-current", "true"); }
      p.append(b);
    });
    box.append(p);
  }
  const actions = document.createElement("p");
  actions.className = "buttons";
  const onMain = path.every((i) => i === 0);
  if (!onMain) actions.append(makeButton("Make main line", "Make the line on screen the main line", () => send({ cmd: "promote" }, { pause: true })));
  if (path.length) actions.append(makeButton("Delete from here", "Delete this move and every move after it in this line", () => send({ cmd: "delete" }, { pause: true })));
  box.append(actions);
  box.hidden = false;
}

/** Keys for the tree (document keydown), unless the board, a hand or a form field has them:
 * ← and → step back and forward along the line on screen, ↑ and ↓ go to the previous or next
 * move played at this point (the variations of the move on screen). */
export function onTreeKey(ev, state) {
  if (ev.defaultPrevented || ev.ctrlKey || ev.metaKey || ev.altKey || !state) return;
  const t = ev.target;
  if (t && t.closest && t.closest("input, select, textarea, svg, [data-target]")) return;
  const keys = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };
  if (!(ev.key in keys)) return;
  const step = keys[ev.key];
  if (ev.key === "ArrowLeft" || ev.key === "ArrowRight") {
    const cursor = state.cursor + step;
    if (cursor < 0 || cursor > state.moves.length) return;
    ev.preventDefault();
    send({ cmd: "goto", cursor }, { pause: true });
    return;
  }
  const path = state.path;
  if (!state.tree || !path || !path.length) return;
  const parent = nodeAt(treeNodes(state.tree), path.slice(0, -1));
  const i = path[path.length - 1] + step;
  if (!parent || i < 0 || i >= parent.children.length) return;
  ev.preventDefault();
  send({ cmd: "goto", path: [...path.slice(0, -1), i] }, { pause: true });
}
