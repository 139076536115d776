// The game-over card (every game): in the play card, where the status line was, so beside the
// board on a wide screen and right above it on a phone, never over it. The result, what it
// came to (moves, scores), and what to do next: Rematch (the same game and options, the seats
// swapped), New game (the form), Review game, Share. A game with a friend by link has its own
// Rematch (friends.js: a new invitation), so this card offers none there. A game with hidden
// hands by link whose audit failed (hidden.js) has no result that stands: the card says who
// cheated instead of the rules' winner (drawn again when the audit's verdict comes in).
import { resultText } from "../board/board.js";
import { startNew } from "../page/games.js";
import { shareUrl, showShare } from "./share.js";
import { $ } from "../page/dom.js";
import { playerName, ui } from "../page/page.js";
import { fmtList, t } from "../i18n/i18n.js";

/** The seats of a rematch: each seat's player moves one seat on (two players: swapped). */
export function swappedSeats(players) {
  const agents = players.map((p) => p.agent);
  return agents.map((_, i) => agents[(i + agents.length - 1) % agents.length]);
}

function detail(state) {
  const n = state.moves.length;
  const parts = [t("over.moves", { n })];
  if (state.scores) parts.push(state.players.map((_, i) => `${playerName(state, i)} ${state.scores[i]}`).join(" · "));
  return parts.join(" · ");
}

/** The seats a failed audit names (a hidden-hand game's: its result does not stand), else null:
 * no such game, the audit not run yet or passed. */
function voided(state) {
  const a = state.hidden && state.hidden.audit;
  return a && !a.ok ? a.cheaters || [] : null;
}

function voidText(state, cheaters) {
  const names = cheaters.map((i) => playerName(state, i));
  return names.length ? t("hidden.over.cheated", { names: fmtList(names), count: names.length }) : t("hidden.over.failed");
}

let spoken = ""; // the last verdict read out (the live region's, after the rules' result)

/** Show or hide the card for the state on screen (after each drawing, once the engine is up). */
export function renderGameOver(state) {
  const card = $("game-over");
  const over = !!state && state.is_over && !ui.embed;
  card.hidden = !over;
  $("status").hidden = over; // the card says it, bigger
  if (!over) { $("game-over-note").hidden = true; return; }
  const cheaters = voided(state);
  const w = !cheaters && state.winners.length === 1 ? state.winners[0] : null;
  card.className = "game-over" + (cheaters ? " void" : w === null ? "" : ` p${w}`);
  const result = $("game-over-result");
  result.replaceChildren();
  if (w !== null) {
    const swatch = document.createElement("span");
    swatch.className = `swatch p${w}`;
    result.append(swatch);
  }
  result.append(cheaters ? voidText(state, cheaters) : resultText(state));
  const key = cheaters ? `${state.game}:${state.seed}:${state.moves.length}:${cheaters.join()}` : "";
  if (key && key !== spoken) $("announcer").textContent = voidText(state, cheaters); // (read out once)
  spoken = key;
  $("game-over-detail").textContent = detail(state);
  $("go-rematch").hidden = !!state.friend || !!state.hidden; // the friend card's Rematch; none by hidden link yet
  $("go-review").hidden = $("review-start").hidden || !!state.hidden; // hidden while a review runs
  $("go-share").hidden = !!state.hidden; // (its link is the card's)
}

async function rematch() {
  const s = ui.state;
  if (!s || ui.busy) return;
  await startNew({ game: s.game, options: { ...s.options }, players: swappedSeats(s.players) }, null, { reveal: true });
}

function newGame() {
  const form = $("new-game-card");
  form.scrollIntoView({ block: "start", behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  $("game-select").focus({ preventScroll: true });
}

function review() {
  $("review-start").click();
  $("go-review").hidden = true;
  const note = $("game-over-note");
  note.textContent = t("over.reviewing");
  note.hidden = false;
}

async function share() {
  const note = $("game-over-note");
  if (typeof navigator.share === "function") { // a phone's share sheet
    const url = await shareUrl();
    if (!url) return;
    try {
      await navigator.share({ title: document.title, text: `${ui.state.title}: ${resultText(ui.state)}`, url });
      return;
    } catch (e) {
      if (e && e.name === "AbortError") return; // closed by the person
    }
  }
  const copied = await showShare("link", { focus: false });
  if (copied === null) return;
  note.textContent = t(copied ? "over.copied" : "over.notCopied");
  note.hidden = false;
  if (!copied) $("share-output").focus();
}

export function wireGameOver() {
  $("go-rematch").addEventListener("click", rematch);
  $("go-new").addEventListener("click", newGame);
  $("go-review").addEventListener("click", review);
  $("go-share").addEventListener("click", share);
}
