// The first board, from as little code as possible. index.html runs this module `async`, apart
// from the page's own (app.js and its ~40 modules, which a warm visit reads one by one from the
// service worker's cache): with its few modules and boot.json it draws the board a visit starts
// with (early-board.js chooses: a friend's link, the saved game's last screen, the default
// game) as soon as they are there, and the display settings with it. It keeps no page state:
// the page's own start (early.js) then draws the same board again as its own and carries on as
// before; if that came first, this draws nothing. The board's one click (and key) handler is
// attached here, so that a click on this board is not lost: it waits (`boardClicks`) until
// app.js takes the handler over and plays it on its own board. app.js imports this module, so
// it runs once, before app.js, whichever arrives first. Hidden-hand games (their hands need
// the hand-over screen) are left to the page.
import { fetchBootData } from "./boot.js";
import { earlyBoard } from "./early-board.js";
import { boardRoom, fitBoard } from "./layout.js";
import { attachHandler, renderScene } from "../board/render.js";
import { showReplayBar } from "../panels/replay-bar.js";
import "./display-settings.js"; // (applied as it loads: theme, orientation)
import { agentTitle, seatName, t } from "../i18n/i18n.js";

const $ = (id) => document.getElementById(id);

/** The board's clicks: `take(target)` once the page has set it (app.js), else the last target
 * clicked waits in `waiting` (the page plays it once its own board is drawn). */
export const boardClicks = { take: null, waiting: null };
attachHandler($("board-svg"), (target) => {
  if (boardClicks.take) boardClicks.take(target);
  else boardClicks.waiting = target;
});
const drawnAlready = () => !!document.body.dataset.firstBoardMs || $("board-svg").childElementCount > 0;

function draw(state, info) {
  const human = !state.is_over && state.players[state.current_player].agent === "human";
  const live = new Set(human ? state.legal.filter((m) => m.path.length).map((m) => m.path[0]) : []);
  const svg = $("board-svg");
  const scene = state.scene;
  showReplayBar(state, false, false); // (under the board: its box leaves room for it, as the page's does)
  const defaults = info && (info.seat_names || info.players);
  renderScene(svg, scene, live, new Set(), { orient: true, room: scene.turnable ? boardRoom() : null,
    player: (q) => seatName(state.players[q].name, q, defaults) });
  fitBoard(scene);
  const board = $("board");
  board.dataset.turn = state.is_over ? "" : String(state.current_player);
  board.classList.toggle("over", state.is_over);
  board.classList.toggle("human-turn", human);
  if (!state.is_over) { // the status line as the page's first drawing words it (board.js, early.js)
    const p = state.players[state.current_player];
    const swatch = document.createElement("span");
    swatch.className = `swatch p${state.current_player}`;
    const tail = state.preview ? t("early.against", { name: state.preview.against }) : " " + t("early.starting");
    const name = seatName(p.name, state.current_player, info && (info.seat_names || info.players));
    $("status").replaceChildren(swatch, t("status.toMove", { name }),
      p.agent === "human" ? "" : t("status.agent", { agent: agentTitle(p.agent, p.agent_title) }), tail);
  }
  svg.dataset.first = "1"; // (not yet the page's own board: early.js draws that)
  document.body.dataset.firstBoardMs = String(Math.round(performance.now()));
}

async function first() {
  const boot = await fetchBootData();
  if (drawnAlready() || document.body.dataset.ready) return; // the page's own start came first
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const board = earlyBoard(boot, params, ["board", "replay"].includes(params.get("embed")));
  if (!board || board.state.hidden_information || (board.state.scene.panels || []).length) return;
  draw(board.state, boot.hello.games.find((g) => g.id === board.state.game));
}

// (the page's own start draws its board over whatever this drew, or clears it when it cannot)
first().catch((err) => { console.warn("Boardwright: the first board was left to the page:", err); });
