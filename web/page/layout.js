// The board's box on the page (every game): as wide as the column, as tall as the scene's aspect
// makes it (no empty bands), but never so tall that the play area leaves the screen: on a wide
// screen the page's top, the board and the player's hand fit in the window; in one column
// (phones) the play card (whose turn, the buttons), the board and the hand do, once
// revealBoard() has scrolled the play card to the top (a new game, a loaded one).
//
//   boardRoom()    the room the board may take (render.js's automatic orientation fits it)
//   fitBoard()     the box for the scene on screen (after each drawing; on resize by itself)
//   revealBoard()  scroll the play area into view (after a new or loaded game is drawn)
//   wireLayout()   refit when the window or the parts around the board change size
import { $ } from "./dom.js";
import { shownScene, ui } from "./page.js";
import { autoTurn } from "../board/render.js";

const ONE_COLUMN = "(max-width: 900px)"; // style.css: the layout's single column
const MARGIN = 12; // px kept free under the hand
let pending = 0;

const oneColumn = () => window.matchMedia(ONE_COLUMN).matches;

/** The scene whose fitted viewBox the board shows (zoom.js zooms inside it). */
function sceneBox() {
  const drawn = $("board-svg").dataset.sceneBox; // turned with the board's orientation (render.js)
  const scene = shownScene();
  const vb = drawn ? drawn.split(" ").map(Number) : scene && scene.viewBox;
  return Array.isArray(vb) && vb[2] > 0 && vb[3] > 0 ? vb : null;
}

/** What must stay on screen under the board: the board bar (zoom, replay) and the player's
 * hand (the panel marked "own", else the first one); in one column also the play card. */
function lowestKept() {
  const svg = $("board-svg");
  let bottom = svg.getBoundingClientRect().bottom;
  const hand = document.querySelector("#panels .panel-scene.own") || document.querySelector("#panels .panel-scene");
  for (const el of [document.querySelector(".board-bar"), hand]) {
    if (!el || !el.getClientRects().length) continue;
    bottom = Math.max(bottom, el.getBoundingClientRect().bottom);
  }
  return bottom;
}

/** The room the board may take, in CSS px: the column's width, and the height left in the
 * window by what must stay on screen with it (never under a usable floor); null before layout. */
export function boardRoom() {
  const svg = $("board-svg");
  if (!svg || !svg.parentElement) return null;
  const rect = svg.getBoundingClientRect();
  // the top of the play area: the page's top on a wide screen (nothing scrolls there), the play
  // card's top in one column (revealBoard scrolls it to the window's top)
  const card = $("play-card");
  const anchor = oneColumn() && !ui.embed && card && card.getClientRects().length
    ? Math.min(card.getBoundingClientRect().top, rect.top) : -window.scrollY;
  const above = rect.top - anchor;
  const below = lowestKept() - rect.bottom;
  const room = window.innerHeight - above - below - MARGIN;
  const floor = Math.min(0.5 * window.innerHeight, 16 * 16); // a usable board even on a tiny screen
  return { w: svg.parentElement.clientWidth, h: Math.max(room, floor) };
}

/** What layout asks of the drawing (board.js fills it in: it imports this module). */
export const layoutHooks = {
  redraw: null, // (): draw the board again (the automatic orientation no longer fits the window)
};
let redrawing = false;

export function fitBoard(scene = shownScene()) {
  const svg = $("board-svg");
  const vb = sceneBox();
  if (!vb || !svg) return;
  const room = boardRoom();
  // the automatic orientation was chosen for the room as it was when drawn: another window (a
  // phone turned, a card that grew) may want the other one
  if (svg.dataset.auto && scene && !redrawing && layoutHooks.redraw
      && autoTurn(scene.viewBox, room) !== !!svg.dataset.turned) {
    redrawing = true;
    try { layoutHooks.redraw(); } finally { redrawing = false; }
    return;
  }
  svg.style.setProperty("--board-aspect", String(+(vb[2] / vb[3]).toFixed(4)));
  // a scene may cap its scale (CSS px a unit: the first tiles of a tile game are not giant)
  const cap = scene && scene.max_scale > 0 ? vb[3] * scene.max_scale : Infinity;
  svg.style.setProperty("--board-max-h", `${Math.round(Math.min(room.h, cap))}px`);
}

function refitSoon() {
  if (pending) return;
  pending = requestAnimationFrame(() => { pending = 0; fitBoard(); });
}

/** Bring the play area to the top of the window: a new game, or a loaded one, is on screen. */
export function revealBoard() {
  if (ui.embed) return;
  fitBoard();
  const behavior = window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth"; // auto: instant (style.css)
  if (oneColumn()) {
    $("play-card").scrollIntoView({ block: "start", behavior });
    return;
  }
  const svg = $("board-svg").getBoundingClientRect();
  if (svg.top < 0 || lowestKept() > window.innerHeight) window.scrollTo({ top: 0, behavior });
}

export function wireLayout() {
  window.addEventListener("resize", refitSoon);
  if (typeof ResizeObserver === "function") { // (the board's own size is not watched: no loop)
    const watch = new ResizeObserver(refitSoon);
    for (const el of [$("play-card"), $("panels"), document.querySelector(".board-bar"), document.querySelector(".topbar")]) {
      if (el) watch.observe(el);
    }
  }
}
