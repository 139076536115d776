// Which board a visit draws before the engine is up, as a state (no drawing here): a friend's
// link read in the page (web/preview/: Hex and regular Y), else the last screen of the game
// this browser was playing, else the default game's initial board from boot.json. Small on
// purpose: page/first.js draws it from this before the rest of the page's code has arrived, and
// early.js draws it again as the page's board (with what that board needs: clicks, the status).
import { readScreen } from "./boot.js";
import { getCurrent, getSave } from "../panels/saves.js";
import { readFriendLink } from "../preview/link.js";
import { sceneOf } from "../preview/connection.js";
import { seatName, t } from "../i18n/i18n.js";

/** The state to draw for a friend's link before the engine reads it (web/preview/: Hex and
 * regular Y), or null: a link of another game, one the engine will refuse, a finished game, one
 * for the other seat or behind this browser's copy of the game (the engine says why). */
export function friendPreview(boot, token) {
  const link = readFriendLink(token, boot.hello.games);
  if (!link || link.error || link.over || link.corr.resigned !== null) return null;
  const copy = getSave(`friend-${link.corr.id}`);
  if (copy && copy.friend) { // this browser's copy: the link must be for its seat and move it on
    const mine = copy.record.moves.slice(0, copy.cursor);
    if (copy.friend.seat !== link.view || mine.length > link.moves.length || mine.some((m, k) => m !== link.moves[k])) return null;
  }
  const info = boot.hello.games.find((g) => g.id === link.game);
  const names = info.players;
  const pos = link.position;
  const seat = link.view;
  return {
    game: link.game, title: info.title, options: link.options, seed: link.seed,
    players: names.map((name, index) => ({ index, name, agent: "human", agent_title: t("agent.human") })),
    moves: link.moves, movers: link.moves.map((_, k) => k % 2), cursor: link.moves.length,
    current_player: pos.current, is_over: false, winners: [], scores: null, status: t("status.toMove", { name: seatName(names[pos.current], pos.current, info.players) }),
    last_move: link.moves.length ? link.moves[link.moves.length - 1] : null, viewer: seat, hidden_information: false,
    legal: pos.legal().filter((t) => t !== "swap").map((t) => ({ move: t, target: t, label: null, path: [t] })),
    scene: sceneOf(pos), spectator: false, can_undo: false, can_redo: false,
    preview: { against: link.corr.names[link.corr.sender] || t("friend.yourFriend") }, // (drawn here, not by the engine)
  };
}

/** The board a visit with these hash `params` draws before the engine (`boot`: boot.json, or
 * null): {state, early} (early: page.paintEarly's {link}, {resume} or {request}), or null: none
 * (an embed, a link not drawn early, a saved game with no screen kept). Throws when a link or a
 * stored screen cannot be read (the caller forgets it and waits for the engine). */
export function earlyBoard(boot, params, embed) {
  if (embed) return null;
  const token = params.get("r");
  if (token) {
    const preview = boot && /^\s*3\./.test(token) ? friendPreview(boot, token) : null;
    return preview ? { state: preview, early: { link: token } } : null;
  }
  const saved = getCurrent();
  if (saved && getSave(saved)) {
    // the engine resumes that game: its own last screen, or no early board (never another
    // game's board, where a click would be played in the wrong game)
    const screen = readScreen(saved);
    return screen ? { state: screen, early: { resume: saved } } : null;
  }
  const first = boot && boot.hello.games.length ? boot.initial[boot.hello.games[0].id] : null;
  return first ? { state: first.state, early: { request: first.request } } : null;
}
