// Variations: the engine keeps every line played as a tree (state.tree, PGN-like
// JSON: a list right after a move is a variation replacing it; state.path, the position on
// screen). The move list (moves.js) shows the whole tree; this strip, under it, offers "Make
// main line" and "Delete from here" for the position on screen, and the keys. It knows no game.
import { send } from "../page/play.js";
import { $, makeButton } from "../page/dom.js";
import { t } from "../i18n/i18n.js";

/** The tree's JSON form (pygame_core.tree) as nodes {move, children, parent, index (in the
 * parent's children)}: no recursion, linear, children in the engine's order (paths are child
 * indexes). */
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
        last = { move: item, children: [], parent: at, index: at.children.length };
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

/** The strip: the tree actions for the position on screen, shown once there are variations
 * (the move list shows them inline). */
export function renderVariations(state) {
  const box = $("variations");
  const path = state.path;
  // the JSON tree has a list at its top level exactly when it has variations
  if (!state.tree || !path || !state.tree.some(Array.isArray)) { box.replaceChildren(); box.hidden = true; return; }
  const actions = document.createElement("p");
  actions.className = "buttons";
  const onMain = path.every((i) => i === 0);
  if (!onMain) actions.append(makeButton(t("tree.promote"), t("tree.promote.title"), () => send({ cmd: "promote" }, { pause: true })));
  if (path.length) actions.append(makeButton(t("tree.delete"), t("tree.delete.title"), () => send({ cmd: "delete" }, { pause: true })));
  const keys = document.createElement("p");
  keys.className = "hint";
  keys.textContent = t("tree.keys");
  box.replaceChildren(actions, keys);
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
