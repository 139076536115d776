// The page's side of the bot worker (bot-worker.js), shared by the workbench and the main page.
//   const bots = new BotClient();
//   await bots.request(req, {limitMs})  -> the bot bridge's {ok, result|error}
// A request with limitMs that gets no answer in time, or a worker that dies (out of memory, its
// script failed), terminates the worker and throws a BotStopped ({reason: "timeout" | "crashed",
// message}); the next request starts a fresh worker and loads the last loaded bot again.
// A bot that ran out of memory (MemoryError) gets its answer, and its worker is ended too.
// The limit counts from when the request is sent to a ready worker (not the worker's boot).

export const BOT_KEY = "boardwright.bot"; // localStorage: {source, game, options} for "Your bot"

const RELOAD_LIMIT_MS = 10_000; // loading again a bot that loaded before, in a fresh worker

export class BotStopped extends Error {
  constructor(reason, message) { super(message); this.reason = reason; }
}

export class BotClient {
  constructor() {
    this.worker = null;
    this.ready = null;
    this.pending = new Map();
    this.nextId = 1;
    this.loaded = null; // the last successful load request, replayed in a fresh worker
    this.workersStarted = 0;
    this.requestsSent = 0;
    this.lastBoot = null; // how the last worker booted: "restored" (the engine's snapshot), "none", "failed"
  }

  start() {
    if (this.worker) return this.ready;
    const worker = new Worker(new URL("./bot-worker.js", import.meta.url), { type: "module" });
    this.worker = worker;
    this.workersStarted += 1;
    this.ready = new Promise((resolve, reject) => {
      worker.addEventListener("message", (ev) => {
        const msg = ev.data || {};
        if (msg.type === "ready") { this.lastBoot = msg.snapshot; resolve(); }
        else if (msg.type === "fatal") reject(new BotStopped("fatal", `the bot's Python could not start: ${msg.message}`));
        else if (msg.type === "response") {
          const entry = this.pending.get(msg.id);
          if (entry) { this.pending.delete(msg.id); entry.resolve(msg.response); }
        }
      });
      worker.addEventListener("error", (ev) => {
        ev.preventDefault();
        const why = ev.message ? String(ev.message).slice(0, 160) : "it crashed (out of memory?)";
        this.kill(new BotStopped("crashed", `The bot's worker stopped: ${why}.`));
        reject(new BotStopped("crashed", why));
      });
    });
    this.ready.catch(() => {});
    const readyNow = this.ready;
    if (this.loaded) this.ready = readyNow.then(() => this.post(this.loaded, RELOAD_LIMIT_MS)).then(() => {});
    this.ready.catch(() => {});
    return this.ready;
  }

  /** Terminate the worker; every waiting request fails with `error`. */
  kill(error) {
    if (!this.worker) return;
    this.worker.terminate();
    this.worker = null;
    this.ready = null;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const entry of waiting) entry.reject(error);
  }

  post(request, limitMs) {
    const id = this.nextId++;
    this.requestsSent += 1;
    return new Promise((resolve, reject) => {
      const timer = limitMs > 0 ? setTimeout(() => {
        this.kill(new BotStopped("timeout", `took longer than ${limitMs / 1000} s`));
      }, limitMs) : null;
      this.pending.set(id, {
        resolve: (r) => { clearTimeout(timer); resolve(r); },
        reject: (e) => { clearTimeout(timer); reject(e); },
      });
      this.worker.postMessage({ id, request });
    });
  }

  async request(request, { limitMs = 0 } = {}) {
    await this.start();
    if (!this.worker) throw new BotStopped("crashed", "The bot's worker stopped while starting.");
    const response = await this.post(request, limitMs);
    if (request.cmd === "load") this.loaded = response.ok ? request : null;
    if (!response.ok && /MemoryError|out of memory/.test(response.error.message || "")) {
      // a wasm memory never shrinks: end this worker, the next request gets a fresh one
      this.kill(new BotStopped("crashed", "out of memory"));
      response.error.message = `${response.error.message.trim().replace(/:$/, "")} (the bot's worker was ended to give its memory back)`;
    }
    return response;
  }
}
