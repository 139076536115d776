// "Your bot" on the game page: the bot saved by the workbench ("Play against it", localStorage
// boardwright.bot) can take a seat; its moves come from the bot worker (botclient.js), with the
// workbench's time limit per move, and are played with the engine's ordinary `play` (by play.js).
//   savedBot()       the saved bot ({source, game, options, limit}), or null
//   botChoices()     [{name: "bot", title: "Your bot"}] when a bot is saved, else []
//   botMove()        the bot's move for the player to move (play.js plays it, for a seat whose
//                    agent is "bot")
// (The game of index.html#play-bot, the saved bot's game with a person against it, is games.js's
// startBotGame.) A bot that fails or is too slow pauses the game with a message; the person can
// take over the seat (Players) or press "Let the computer move" to ask the bot again.
// This module imports nothing of the page but page.js and dom.js, so that the form and play.js can use it.
import { BOT_KEY, BotClient, BotStopped } from "./botclient.js";
import { $, showError } from "../page/dom.js";
import { page, ui } from "../page/page.js";
import { t } from "../i18n/i18n.js";

let client = null;

export function savedBot() {
  try {
    const bot = JSON.parse(localStorage.getItem(BOT_KEY) || "null");
    return bot && typeof bot.source === "string" && bot.source.trim() ? bot : null;
  } catch (_) {
    return null;
  }
}

export function botChoices() {
  return savedBot() ? [{ name: "bot", title: t("bot.yours"), strength: -1 }] : [];
}

function pause(text) {
  page.pause(true);
  $("board").classList.remove("thinking");
  showError(`${text} ${t("bot.paused", { button: t("play.ai") })}`);
  document.body.dataset.botError = text;
}

/** The saved bot's move for the player to move (its text), for the caller to play; null when
 * there is none to play: the game was paused with the reason, or it moved on meanwhile. */
export async function botMove() {
  const s = ui.state;
  const bot = savedBot();
  if (!bot) { pause(t("bot.none")); return null; }
  const limit = Number(bot.limit) > 0 ? Number(bot.limit) : 2;
  const key = `${s.cursor}:${s.moves.length}:${s.seed}`;
  client = client || new BotClient();
  try {
    if (!client.loaded || client.loaded.source !== bot.source) {
      const loaded = await client.request({ cmd: "load", source: bot.source }, { limitMs: Math.max(limit * 1000, 5000) });
      if (!loaded.ok) { pause(t("bot.notLoaded", { error: loaded.error.message })); return null; }
    }
    const response = await client.request({ cmd: "choose", record: s.record, seat: s.current_player }, { limitMs: limit * 1000 });
    if (ui.state !== s && `${ui.state.cursor}:${ui.state.moves.length}:${ui.state.seed}` !== key) return null; // the game moved on
    if (!response.ok) { pause(t("bot.failed", { error: response.error.message })); return null; }
    $("board").classList.remove("thinking");
    delete document.body.dataset.botError;
    return response.result.move;
  } catch (err) {
    if (!(err instanceof BotStopped)) throw err;
    pause(err.reason === "timeout" ? t("bot.timeout", { seconds: limit }) : t("bot.stopped", { error: err.message }));
    return null;
  }
}
