// Generic scene -> SVG renderer. Knows nothing about any game: it draws the items of a scene
// (polygons, circles, polylines, text) with their CSS classes, and reports activations of items
// that carry a "target" through one delegated handler.
const SVG_NS = "http://www.w3.org/2000/svg";

function el(name, attrs) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  return node;
}

const fmt = (p) => p.map(([x, y]) => `${x},${y}`).join(" ");

function drawItem(item) {
  let node;
  switch (item.kind) {
    case "polygon": node = el("polygon", { points: fmt(item.points) }); break;
    case "polyline": node = el("polyline", { points: fmt(item.points) }); break;
    case "circle": node = el("circle", { cx: item.c[0], cy: item.c[1], r: item.r }); break;
    case "text": node = el("text", { x: item.at[0], y: item.at[1] }); node.textContent = item.text; break;
    case "group": node = el("g", {}); for (const child of item.items || []) node.appendChild(drawItem(child)); break;
    default: return el("g", {});
  }
  if (item.cls) node.setAttribute("class", item.cls);
  return node;
}

/**
 * Draw `scene` into `svg`. `legal` is a Set of targets that can be activated now (they get the
 * class "selectable"), `selected` a Set of targets chosen so far (class "selected").
 * Targets get data-target; legal ones are focusable buttons with an accessible name.
 */
export function renderScene(svg, scene, legal, selected = new Set()) {
  svg.replaceChildren();
  svg.setAttribute("viewBox", scene.viewBox.join(" "));
  if (scene.title) svg.setAttribute("aria-label", scene.title);
  for (const layer of scene.layers) {
    const g = el("g", { class: `layer layer-${layer.name}` });
    for (const item of layer.items) {
      const node = drawItem(item);
      if (item.target != null) {
        node.dataset.target = item.target;
        if (legal.has(item.target)) node.classList.add("selectable");
        if (selected.has(item.target)) node.classList.add("selected");
        if (item.name) {
          const extra = selected.has(item.target) ? ", selected" : legal.has(item.target) ? ", playable" : "";
          node.setAttribute("aria-label", item.name + extra);
        }
        if (legal.has(item.target)) {
          node.setAttribute("tabindex", "0");
          node.setAttribute("role", "button");
        } else {
          node.setAttribute("role", "img");
        }
      } else if (item.name) {
        node.setAttribute("aria-label", item.name);
        node.setAttribute("role", "img");
      }
      g.appendChild(node);
    }
    svg.appendChild(g);
  }
}

/** Attach one delegated click/keyboard handler; `onActivate(target)` gets the target id. */
export function attachHandler(svg, onActivate) {
  const find = (ev) => ev.target.closest && ev.target.closest("[data-target]");
  svg.addEventListener("click", (ev) => {
    const node = find(ev);
    if (node) onActivate(node.dataset.target);
  });
  svg.addEventListener("keydown", (ev) => {
    const node = find(ev);
    if (node && (ev.key === "Enter" || ev.key === " ")) {
      ev.preventDefault();
      onActivate(node.dataset.target);
    }
  });
}
