// The workbench's tournament: N games of the bot against each chosen built-in agent, the bot's
// seat rotating, played a move per request (so every bot move has its time limit), with live
// progress, a results table (win rates and 95 % Wilson intervals, computed by the engine) and Stop.
// A bot move that is stopped (time limit) or a bot worker that dies loses that game; the
// tournament goes on with a fresh worker. A bot that raises or returns an illegal move loses the
// game too (the engine says why); the first such message is shown.
import { BotStopped } from "../bots/botclient.js";
import { t } from "../i18n/i18n.js";

const AGENT_LIMIT_MS = 120_000; // a built-in agent's move: generous, only against a hung worker

export class Tournament {
  constructor(bots, { onProgress, onRow, onNote }) {
    Object.assign(this, { bots, onProgress, onRow, onNote });
    this.stopped = false;
  }

  stop() { this.stopped = true; }

  /** Play `games` games against each of `opponents`; resolves with the rows when done or stopped. */
  async run({ game, options, opponents, games, limitMs, seats }) {
    const stats = opponents.map((a) => ({ opponent: a.name, title: a.title, games: 0, wins: 0, stopped: 0 }));
    const total = games * opponents.length;
    let done = 0;
    const start = performance.now();
    this.onProgress(0, total, 0);
    for (let g = 0; g < games && !this.stopped; g++) {
      for (let k = 0; k < opponents.length && !this.stopped; k++) {
        const botSeat = g % seats;
        const seatList = Array.from({ length: seats }, (_, i) => (i === botSeat ? { bot: true } : { agent: opponents[k].name }));
        const result = await this.playOne({ game, options, seed: g + 1, seats: seatList, botSeat, limitMs, number: done + 1 });
        if (result === null) break; // stopped mid-game: not counted
        const st = stats[k];
        st.games += 1;
        if (result.winners.includes(botSeat)) st.wins += 1 / result.winners.length;
        if (result.stopped || result.failed) st.stopped += 1;
        done += 1;
        this.onProgress(done, total, performance.now() - start);
        await this.onRow(stats);
      }
    }
    return { stats, done, total, ms: performance.now() - start };
  }

  /** One game; null if Stop was pressed during it. */
  async playOne({ game, options, seed, seats, botSeat, limitMs, number }) {
    let state = null;
    try {
      while (state === null || !state.is_over) {
        if (this.stopped) return null;
        const byBot = state === null || state.current_player === botSeat; // "new" starts the bot
        try {
          state = await this.ask(state === null ? { cmd: "new", game, options, seed, seats } : { cmd: "step" },
            byBot ? limitMs : AGENT_LIMIT_MS);
        } catch (err) {
          if (!(err instanceof BotStopped)) throw err;
          const when = state === null ? t("wb.when.starting", { game: number }) : t("wb.when.move", { move: state.moves + 1, game: number });
          this.onNote(err.reason === "timeout" ? t("wb.lost.timeout", { seconds: limitMs / 1000, when }) : t("wb.lost.crashed", { when }));
          return { winners: seats.map((_, i) => i).filter((i) => i !== botSeat), stopped: true };
        }
      }
    } catch (err) {
      this.onNote(t("wb.gameFailed", { game: number, error: err.message }));
      return { winners: [], stopped: true };
    }
    if (state.forfeit === botSeat && state.error) this.onNote(t("wb.gameLost", { game: number, error: state.error }), state.line);
    return { winners: state.winners, stopped: false, failed: state.forfeit === botSeat };
  }

  async ask(request, limitMs) {
    const response = await this.bots.request(request, { limitMs });
    if (!response.ok) throw new Error(response.error.message);
    return response.result;
  }
}
