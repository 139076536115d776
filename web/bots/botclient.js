// The page's side of the bot sandbox, shared by the workbench and the main page.
//   const bots = new BotClient();
//   await bots.request(req, {limitMs})  -> the bot bridge's {ok, result|error}
// A bot runs in a worker inside an <iframe sandbox="allow-scripts"> made here (bot-frame.js's
// text inline in its srcdoc): an opaque origin, so the bot cannot reach the site's Cache Storage
// (the offline copy, the engine snapshot), IndexedDB, localStorage (the saves), cookies, service
// worker, same-origin requests or the page's other workers. The frame fetches nothing: this page
// fetches the Pyodide runtime, the engine wheel and the engine's snapshot once and hands them over
// (bot-worker.js says how they are used). Page and worker talk on a MessageChannel port.
// A request with limitMs that gets no answer in time, or a worker that dies (out of memory, its
// script failed), ends that worker (the frame, whose thread never runs a bot, terminates it) and
// throws a BotStopped ({reason: "timeout" | "crashed", message}); the next request starts a fresh
// worker in the same frame and loads the last loaded bot again. The frame itself is made again
// only when a worker never says it is ready.
// A bot that ran out of memory (MemoryError) gets its answer, and its worker is ended too.
//   await bots.install(name, bytes)  -> {ok, result: {name}} | {ok: false, error}: a pure-Python
//   wheel into the bot's Python, with micropip (fetched from this site the first time it is
//   needed, and only then); a fresh worker gets every installed wheel again before the bot.
// The limit counts from when the request is sent to a ready worker (not the worker's boot).
import { INDEX_URL, fetchBuildInfo, fetchWheel, readSnapshot, snapshotKey } from "../engine/engine-boot.js";
import { t } from "../i18n/i18n.js";

export const BOT_KEY = "boardwright.bot"; // localStorage: {source, game, options} for "Your bot"

const RELOAD_LIMIT_MS = 10_000; // loading again a bot that loaded before, in a fresh worker
const START_LIMIT_MS = 120_000; // a worker that has not said "ready" by then is given up
const RUNTIME_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"];
// The frame's own policy, on top of the page's (which it inherits, and which admits the frame's
// one inline script by its hash): no requests at all (connect-src 'none'), workers and modules
// only from blob: URLs made inside the sandbox, no frames, forms, plugins or images.
// ('unsafe-inline' here adds nothing: the inherited page policy still admits only that hash.)
export const FRAME_POLICY = "default-src 'none'; script-src 'unsafe-inline' blob: 'wasm-unsafe-eval'; " // @i18n-ignore
  + "worker-src blob:; connect-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'"; // @i18n-ignore

let runtimePromise = null;

async function fetchBytes(url) {
  const resp = await fetch(url);
  if (!resp.ok) throw new Error(`${url.split("/").pop()}: HTTP ${resp.status}`);
  return new Uint8Array(await resp.arrayBuffer());
}

async function fetchText(url) {
  const resp = await fetch(url);
  if (!resp.ok) throw new Error(`${url.split("/").pop()}: HTTP ${resp.status}`);
  return resp.text();
}

/** What a sandbox frame gets, fetched when one is made (through the service worker: offline too). */
function runtime() {
  runtimePromise = runtimePromise || (async () => {
    const info = await fetchBuildInfo();
    const here = (name) => new URL(`./${name}`, import.meta.url).href;
    const [frameScript, workerSource, lock, wheel, snapshot, ...files] = await Promise.all([
      fetchText(here("bot-frame.js")),
      fetchText(here("bot-worker.js")),
      fetchText(INDEX_URL + "pyodide-lock.json").then(JSON.parse),
      fetchWheel(info),
      readSnapshot(snapshotKey(info, info.pyodide)),
      ...RUNTIME_FILES.map((name) => fetchBytes(INDEX_URL + name)),
    ]);
    // (the hidden frame's document: its title is never shown)
    const srcdoc = `<!doctype html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${FRAME_POLICY}">` // @i18n-ignore
      + `<title>Bot sandbox</title><script>${frameScript}</script>`; // @i18n-ignore
    return { srcdoc, workerSource, lock, wheel, snapshot, files: Object.fromEntries(RUNTIME_FILES.map((n, i) => [n, files[i]])) };
  })();
  runtimePromise.catch(() => { runtimePromise = null; }); // tried again on the next start
  return runtimePromise;
}

/** The worker's answer as the page may use it: a bot's code could make it anything. */
function checked(response) {
  if (!response || typeof response !== "object" || typeof response.ok !== "boolean") {
    return { ok: false, error: { code: "internal", message: t("bot.err.malformed") } };
  }
  if (response.ok) return response.result && typeof response.result === "object" ? response : { ok: true, result: {} };
  const error = response.error && typeof response.error === "object" ? response.error : {};
  return { ok: false, error: { ...error, message: workerText(error) ?? String(error.message ?? t("bot.err.failed")).slice(0, 500) } };
}

// the worker's own failures, named by a detail, in the reader's language (the worker has no catalog)
function workerText(error) {
  const given = error.params && typeof error.params === "object" ? error.params : {};
  switch (error.detail) {
    case "boot": return t("bot.err.python", { error: String(given.error ?? "").slice(0, 200) });
    case "not_pure": return t("wheel.notPure", { name: String(given.name ?? "").slice(0, 80) });
    case "engine_silent": return t("bot.err.engineSilent");
    default: return null;
  }
}

export class BotStopped extends Error {
  constructor(reason, message) { super(message); this.reason = reason; }
}

export class BotClient {
  constructor() {
    this.frame = null; // the sandbox frame (kept between workers)
    this.worker = null; // the bot's worker: {port, seq}
    this.ready = null;
    this.pending = new Map();
    this.nextId = 1;
    this.loaded = null; // the last successful load request, replayed in a fresh worker
    this.wheels = []; // installed wheels ({name, bytes}), installed again in a fresh worker
    this.micropip = null; // micropip's wheel {name, bytes}, fetched on the first install
    this.workersStarted = 0;
    this.requestsSent = 0;
    this.lastBoot = null; // how the last worker booted: "restored" (the engine's snapshot), "none", "failed"
    this.lastPhases = null; // its boot's steps in ms ({import, runtime, engine, total}: benchmarks)
  }

  /** The sandbox frame, made once and kept (it holds the runtime's bytes, so a fresh worker
   * gets them without copying them across to another process again); removed when it
   * misbehaves: a worker that does not start, or a runtime that could not be read. */
  frameReady() {
    if (this.frame) return this.frame.ready;
    const element = document.createElement("iframe");
    element.setAttribute("sandbox", "allow-scripts"); // no allow-same-origin: an opaque origin
    element.hidden = true;
    element.title = t("bot.sandbox.title");
    element.className = "bot-sandbox";
    const frame = { element, onMessage: null, ready: null };
    // the frame says only that a worker died; anything else from it is ignored
    frame.onMessage = (ev) => {
      if (ev.source !== element.contentWindow || !ev.data || ev.data.type !== "crashed") return;
      const sandbox = this.worker;
      if (!sandbox || ev.data.seq !== sandbox.seq) return;
      const why = String(ev.data.message || "").slice(0, 160) || t("bot.err.crashed");
      sandbox.fail(new BotStopped("crashed", why));
      this.kill(new BotStopped("crashed", t("bot.err.workerStopped", { why })), sandbox);
    };
    window.addEventListener("message", frame.onMessage);
    this.frame = frame;
    frame.ready = runtime().then((rt) => new Promise((resolve, reject) => {
      if (this.frame !== frame) { reject(new Error(t("bot.err.frameDropped"))); return; }
      runtimePromise = null; // this frame takes the bytes: the next frame fetches its own
      element.addEventListener("load", () => {
        const boot = { indexURL: INDEX_URL, lock: rt.lock, files: rt.files, wheel: rt.wheel, snapshot: rt.snapshot };
        // handed over, not copied: the frame keeps the only copy (a frame made again later
        // fetches them again, from the service worker's cache)
        const buffers = [...Object.values(rt.files), rt.wheel.bytes, rt.snapshot].filter(Boolean).map((a) => a.buffer);
        element.contentWindow.postMessage({ type: "files", worker: rt.workerSource, boot }, "*", buffers);
        resolve();
      }, { once: true });
      element.srcdoc = rt.srcdoc;
      document.body.append(element);
    }));
    frame.ready.catch(() => this.dropFrame(frame));
    return frame.ready;
  }

  dropFrame(frame = this.frame) {
    if (!frame || frame !== this.frame) return;
    window.removeEventListener("message", frame.onMessage);
    frame.element.remove();
    this.frame = null;
  }

  start() {
    if (this.worker) return this.ready;
    const channel = new MessageChannel();
    const sandbox = { port: channel.port1, seq: this.workersStarted + 1, fail: () => {} };
    this.worker = sandbox;
    this.workersStarted += 1;
    const started = performance.now();
    this.ready = new Promise((resolve, reject) => {
      sandbox.fail = reject;
      const slow = setTimeout(() => { // a worker that never says ready: start over, frame and all
        if (this.worker !== sandbox) return;
        this.dropFrame();
        reject(new BotStopped("crashed", t("bot.err.noStart")));
        this.kill(new BotStopped("crashed", t("bot.err.workerNoStart")), sandbox);
      }, START_LIMIT_MS);
      sandbox.port.onmessage = (ev) => {
        const msg = ev.data || {};
        if (msg.type === "ready") {
          clearTimeout(slow);
          this.lastBoot = String(msg.snapshot);
          this.lastPhases = { ...msg.phases, total: Math.round(performance.now() - started) };
          resolve();
        } else if (msg.type === "fatal") {
          clearTimeout(slow);
          reject(new BotStopped("fatal", t("bot.err.python", { error: workerText({ detail: msg.detail }) ?? String(msg.message).slice(0, 200) })));
        } else if (msg.type === "response") {
          const entry = this.pending.get(msg.id);
          if (entry) { this.pending.delete(msg.id); entry.resolve(checked(msg.response)); }
        }
      };
      this.frameReady().then(() => {
        if (this.worker !== sandbox || !this.frame) return; // stopped meanwhile
        this.frame.element.contentWindow.postMessage({ type: "start", seq: sandbox.seq }, "*", [channel.port2]);
      }, (err) => {
        clearTimeout(slow);
        const why = t("bot.err.runtime", { error: String(err && err.message ? err.message : err).slice(0, 120) });
        reject(new BotStopped("crashed", why));
        this.kill(new BotStopped("crashed", why), sandbox);
      });
    });
    this.ready.catch(() => {});
    let readyNow = this.ready;
    for (const wheel of this.wheels) readyNow = readyNow.then(() => this.postInstall(wheel));
    this.ready = readyNow;
    if (this.loaded) this.ready = readyNow.then(() => this.post(this.loaded, RELOAD_LIMIT_MS)).then(() => {});
    this.ready.catch(() => {});
    return this.ready;
  }

  /** End the bot's worker (the frame ends it: its thread is never the bot's); every waiting
   * request fails with `error`. */
  kill(error, which = this.worker) {
    if (!this.worker || which !== this.worker) return;
    const { port, seq } = this.worker;
    port.close();
    if (this.frame && this.frame.element.contentWindow) this.frame.element.contentWindow.postMessage({ type: "stop", seq }, "*");
    this.worker = null;
    this.ready = null;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const entry of waiting) entry.reject(error);
  }

  /** micropip's wheel, named by the lock file (Pyodide's loader checks the name it asks for). */
  async micropipWheel() {
    if (!this.micropip) {
      const lock = JSON.parse(await fetchText(INDEX_URL + "pyodide-lock.json"));
      const name = lock.packages.micropip.file_name;
      this.micropip = { name, bytes: await fetchBytes(INDEX_URL + name) };
    }
    return this.micropip;
  }

  async postInstall(wheel) {
    const install = { ...wheel, micropip: await this.micropipWheel() };
    return this.post(null, RELOAD_LIMIT_MS * 3, { install });
  }

  async install(name, bytes) {
    await this.start();
    if (!this.worker) throw new BotStopped("crashed", t("bot.err.stoppedStarting"));
    const response = await this.postInstall({ name, bytes });
    if (response.ok) this.wheels = [...this.wheels.filter((w) => w.name !== name), { name, bytes }];
    return response;
  }

  post(request, limitMs, extra = null) {
    const id = this.nextId++;
    this.requestsSent += 1;
    const sandbox = this.worker;
    return new Promise((resolve, reject) => {
      const timer = limitMs > 0 ? setTimeout(() => {
        this.kill(new BotStopped("timeout", t("bot.err.slow", { seconds: limitMs / 1000 })), sandbox);
      }, limitMs) : null;
      this.pending.set(id, {
        resolve: (r) => { clearTimeout(timer); resolve(r); },
        reject: (e) => { clearTimeout(timer); reject(e); },
      });
      sandbox.port.postMessage(extra ? { id, ...extra } : { id, request });
    });
  }

  async request(request, { limitMs = 0 } = {}) {
    await this.start();
    if (!this.worker) throw new BotStopped("crashed", t("bot.err.stoppedStarting"));
    const response = await this.post(request, limitMs);
    if (request.cmd === "load") this.loaded = response.ok ? request : null;
    if (!response.ok && /MemoryError|out of memory/.test(response.error.message || "")) {
      // a wasm memory never shrinks: end this worker, the next request gets a fresh one
      this.kill(new BotStopped("crashed", t("bot.err.memory")));
      response.error.message = t("bot.err.memoryEnded", { error: response.error.message.trim().replace(/:$/, "") });
    }
    return response;
  }
}
