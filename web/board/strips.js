// The player strips at the board, one for every seat of every game: the seat's colour and
// name, who plays it, what it holds (tiles, cards), its score where the game has one, and
// whose turn it is (highlighted; "thinking…" while the computer moves). The data is the
// state's (the engine's players, their `held` counts, the scores). The seat at the screen (the
// first human one) sits under the board, the others above it, so on a phone the opponent's
// strip is at the board even when its manuscript or hand is further down.
import { $ } from "../page/dom.js";
import { t } from "../i18n/i18n.js";
import { agentOf, playerName } from "../page/page.js";

// Every text of the strips, from the message catalog (i18n/i18n.js).
const TEXT = {
  group: () => t("board.players"),
  toMove: () => t("strip.toMove"),
  thinking: () => t("strip.thinking"),
  wins: () => t("strip.wins"),
  score: (n) => t("strip.score", { n }),
  scoreName: (n) => t("strip.scoreName", { n }),
  held: {
    tiles: (n) => t("held.tiles", { n }),
    cards: (n) => t("held.cards", { n }),
    small: (n) => t("held.small", { n }),
    hex: (n) => t("held.hex", { n }),
  },
};

/** The seat drawn under the board: the viewer of a hidden hand (whose hand is shown), else the
 * first human seat (so the strips stay put in a game between two people at one screen). */
export function homeSeat(state) {
  if (state.hidden_information && state.viewer !== null && state.viewer !== undefined) return state.viewer;
  const human = state.players.findIndex((p) => p.agent === "human");
  return human >= 0 ? human : 0;
}

/** What a seat holds, in words ("9 tiles", "6 small · 2 hex"). */
export function heldText(held) {
  if (!held) return "";
  return Object.entries(held).map(([what, n]) => (TEXT.held[what] ? TEXT.held[what](n) : `${n} ${what}`)).join(" · ");
}

function strip(state, i, paused) {
  const p = state.players[i];
  const el = document.createElement("div");
  const turn = !state.is_over && state.current_player === i;
  const won = state.is_over && state.winners.includes(i);
  el.className = `strip p${i}` + (turn ? " to-move" : "") + (won ? " winner" : "");
  el.dataset.player = String(i); // (not data-seat: the form's seat selects have it)
  if (turn) el.setAttribute("aria-current", "true");
  const sw = document.createElement("span");
  sw.className = `swatch p${i}`;
  const name = document.createElement("span");
  name.className = "strip-name";
  name.textContent = playerName(state, i);
  el.append(sw, name);
  if (p.agent !== "human" && p.agent_title) {
    const who = document.createElement("span");
    who.className = "strip-who";
    who.textContent = agentOf(state, i);
    el.append(who);
  }
  const held = heldText(p.held);
  if (held) {
    const h = document.createElement("span");
    h.className = "strip-held";
    h.textContent = held;
    el.append(h);
  }
  if (state.scores) {
    const s = document.createElement("span");
    s.className = "strip-score";
    s.textContent = TEXT.score(state.scores[i]);
    s.setAttribute("aria-label", TEXT.scoreName(state.scores[i]));
    el.append(s);
  }
  let what = "";
  if (turn) what = p.agent !== "human" && !paused ? TEXT.thinking() : TEXT.toMove();
  else if (won) what = TEXT.wins();
  if (what) {
    const turnText = document.createElement("span");
    turnText.className = "strip-turn";
    turnText.textContent = what;
    el.append(turnText);
  }
  return el;
}

/** Draw the strips of `state` above and below the board (`paused`: the computer waits). */
export function renderStrips(state, paused) {
  const top = $("strips-top");
  const bottom = $("strips-bottom");
  if (!top || !bottom) return;
  const home = homeSeat(state);
  const others = state.players.map((_, i) => i).filter((i) => i !== home);
  top.replaceChildren(...others.map((i) => strip(state, i, paused)));
  bottom.replaceChildren(strip(state, home, paused));
  for (const box of [top, bottom]) box.setAttribute("aria-label", TEXT.group());
}
