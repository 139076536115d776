// Another game on screen: a new one (from the form, boot.json's request, or the Bot workbench's
// "Play against it"), or a loaded one (a share link, a file, pasted text). Resuming a saved game
// is autosave.js's.
import { render } from "../board/board.js";
import { currentSaveId, dropIfUntouched, newSaveId, useSave } from "../panels/autosave.js";
import { savedBot } from "../bots/botplay.js";
import { revealBoard } from "./layout.js";
import { stopReplay } from "../panels/moves.js";
import { cancelAi, show } from "./play.js";
import { showError } from "./dom.js";
import { gameInfo, page, ui } from "./page.js";
import { errorText, t } from "../i18n/i18n.js";

/** The `new` request of a game painted early (boot.json's, for the default game). */
export function newRequest(request) {
  return { cmd: "new", game: request.game, options: request.options, players: request.players };
}

/** Start a new game from the form's values (`form`), or take the answer to a `new` request
 * sent already (`sent`: a page.request() promise, made while nothing else could be asked);
 * `reveal`:
 * scroll the new board into view (the player asked for it; not the one started at boot). */
export async function startNew(form, sent = null, { reveal = false } = {}) {
  stopReplay();
  cancelAi();
  page.setBusy(true);
  const { response, current } = await (sent || page.request({ cmd: "new", ...form }));
  if (!current && !sent) return response;
  page.setBusy(false);
  if (!response.ok) { showError(errorText(response.error)); if (ui.state) render(ui.state); return response; }
  dropIfUntouched(currentSaveId());
  useSave(newSaveId());
  show(response);
  if (reveal) revealBoard();
  return response;
}

/** Replace the game on screen by a loaded one (a link, a file); on failure the game on screen
 * stays and `what` plus the reason is the message. `atStart`: the page's first game (nothing on
 * screen yet, not scrolled to; the message is returned, not shown: the game started instead
 * would clear it). Resolves to null once the game is on screen, else that message. */
export async function loadGame(request, what, { atStart = false } = {}) {
  stopReplay();
  cancelAi();
  page.setBusy(true);
  const { response, current } = await page.request(request);
  if (!current) return t("games.superseded", { what });
  page.setBusy(false);
  if (!response.ok) {
    const message = t("games.failed", { what, error: errorText(response.error) });
    if (atStart) return message;
    showError(message);
    if (ui.state) render(ui.state);
    return message;
  }
  if (!ui.embed) dropIfUntouched(currentSaveId());
  useSave(ui.embed ? null : newSaveId());
  show(response, { pause: true });
  if (!atStart) revealBoard();
  return null;
}

/** index.html#play-bot: a new game of the saved bot's game, the person first, the bot second. */
export async function startBotGame() {
  const bot = savedBot();
  if (!bot) return false;
  const info = gameInfo(bot.game);
  if (!info) return false;
  const players = info.players.map((_, i) => (i === 1 ? "bot" : "human"));
  return (await startNew({ game: bot.game, options: bot.options || {}, players })).ok;
}
