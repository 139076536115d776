// The bot workbench page (workbench.html): edit a bot, Check it on random positions, play it on
// the game page, run a tournament against the built-in agents, share it by link or as a .py file,
// install a pure-Python wheel for it (wb-packages.js).
// The bot runs in its own worker (botclient.js, bot-worker.js) with a time limit per move; the
// page knows no game: the games, their options and agents come from boot.json (the engine's).
import { BOT_KEY, BotClient, BotStopped } from "../bots/botclient.js";
import { fileName, packBot, selectLine, setupEditor, unpackBot } from "./wb-editor.js";
import { Tournament } from "./wb-tournament.js";
import { wirePackages } from "./wb-packages.js";
import { agentTitle, engineText, fmtNumber, fmtPercent, t } from "../i18n/i18n.js";

const DRAFT_KEY = "boardwright.bot-draft";
const CHECK_POSITIONS = 20;
const $ = (id) => document.getElementById(id);
const bots = new BotClient();
const wb = { games: [], loadedSource: null, fromLink: false, busy: false, tournament: null };
window.boardwrightBots = bots; // tests and benchmarks: bots.workersStarted, bots.requestsSent

function say(text, { ok = false } = {}) {
  $("wb-message").textContent = text;
  $("wb-message").classList.toggle("ok", ok);
}

function showError(text, line) {
  $("wb-error").hidden = !text;
  $("wb-error").textContent = text || "";
  if (text) say("");
  if (line) selectLine($("wb-code"), line);
}

function setBusy(busy) {
  wb.busy = busy;
  for (const id of ["wb-check", "wb-play", "wb-template", "wb-start", "wb-run", "wb-game", "wb-wheel"]) $(id).disabled = busy;
  $("wb-stop").disabled = !wb.tournament;
  document.body.dataset.busy = busy ? "true" : "false";
  if (!busy) document.body.dataset.done = String(Number(document.body.dataset.done || 0) + 1); // actions finished
}

function limitMs() {
  const s = Number($("wb-limit").value);
  return Math.round((s >= 0.1 && s <= 60 ? s : 2) * 1000);
}

function gameInfo() { return wb.games.find((g) => g.id === $("wb-game").value) || wb.games[0]; }

function readOptions() {
  const options = {};
  for (const input of $("wb-options").querySelectorAll("[data-option]")) {
    if (input.type === "checkbox") options[input.dataset.option] = input.checked;
    else if (input.type === "number") options[input.dataset.option] = Number(input.value);
    else options[input.dataset.option] = input.value;
  }
  return options;
}

function buildGame() {
  const info = gameInfo();
  const box = $("wb-options");
  box.replaceChildren();
  for (const opt of info.options || []) {
    if (opt.nullable || !["int", "bool", "choice"].includes(opt.type)) continue; // defaults
    const label = document.createElement("label");
    const input = document.createElement(opt.type === "choice" ? "select" : "input");
    input.dataset.option = opt.name;
    if (opt.type === "int") Object.assign(input, { type: "number", min: opt.min ?? "", max: opt.max ?? "", value: opt.default });
    else if (opt.type === "bool") Object.assign(input, { type: "checkbox", checked: !!opt.default });
    else for (const c of opt.choices) input.append(new Option(engineText(`option.${opt.name}.${c}`, c), c, c === opt.default, c === opt.default));
    label.append(`${engineText(`option.${opt.name}`, opt.title)} `, input);
    box.append(label);
  }
  const agents = $("wb-agents");
  agents.replaceChildren();
  for (const a of info.agents) {
    const label = document.createElement("label");
    const box2 = Object.assign(document.createElement("input"), { type: "checkbox", value: a.name, checked: a.name === "random" });
    box2.dataset.title = a.title;
    label.append(box2, ` ${agentTitle(a.name, a.title)}`);
    label.title = a.description || "";
    agents.append(label);
  }
}

/** Start the bot's worker (if not yet) and load the code in the editor if it changed. */
async function ensureLoaded() {
  const source = $("wb-code").value;
  if (wb.fromLink) acceptLink();
  if (wb.loadedSource === source && bots.loaded) return true;
  say(t("wb.starting"));
  let response;
  try {
    response = await bots.request({ cmd: "load", source }, { limitMs: Math.max(limitMs(), 5000) });
  } catch (err) {
    showError(stoppedText(err, t("wb.when.loading")));
    return false;
  }
  if (!response.ok) { showError(response.error.message, response.error.line); return false; }
  wb.loadedSource = source;
  say(t("wb.loaded", { name: response.result.class }));
  return true;
}

function stoppedText(err, where) {
  if (!(err instanceof BotStopped)) return String(err.message || err);
  if (err.reason === "timeout") return t("wb.timeout", { seconds: limitMs() / 1000, when: where });
  if (err.reason === "crashed") return `${t("wb.crashed", { when: where })} ${err.message}`;
  return err.message;
}

async function check() {
  if (wb.busy) return;
  setBusy(true);
  showError("");
  try {
    if (!(await ensureLoaded())) return;
    const game = gameInfo().id;
    const options = readOptions();
    const times = [];
    for (let i = 1; i <= CHECK_POSITIONS; i++) {
      say(t("wb.checking", { i, n: CHECK_POSITIONS }));
      let response;
      try {
        response = await bots.request({ cmd: "check", game, options, positions: 1, seed: i }, { limitMs: limitMs() });
      } catch (err) {
        showError(stoppedText(err, t("wb.when.check", { i })));
        return;
      }
      if (!response.ok) { showError(t("wb.checkFailed", { i, error: response.error.message }), response.error.line); return; }
      times.push(response.result.mean_ms);
    }
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    const ms = (x) => fmtNumber(x, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    say(t("wb.checked", { n: CHECK_POSITIONS, mean: ms(mean), slowest: ms(Math.max(...times)) }), { ok: true });
  } finally {
    setBusy(false);
  }
}

async function runTournament() {
  if (wb.busy) return;
  const opponents = [...$("wb-agents").querySelectorAll("input:checked")].map((b) => ({ name: b.value, title: b.dataset.title }));
  if (!opponents.length) { showError(t("wb.noOpponent")); return; }
  const games = Math.min(1000, Math.max(1, Math.round(Number($("wb-games").value) || 20)));
  showError("");
  wb.tournament = new Tournament(bots, {
    onProgress: (done, total, ms) => {
      $("wb-progress").max = total;
      $("wb-progress").value = done;
      const rate = ms > 0 ? " · " + t("wb.rate", { n: Math.round(done / (ms / 60000)) }) : "";
      $("wb-progress-text").textContent = t("wb.progress.games", { done, total }) + (done ? rate : "");
    },
    onRow: showTable,
    onNote: (text, line) => { if ($("wb-error").hidden) showError(text, line); },
  });
  setBusy(true);
  try {
    if (!(await ensureLoaded())) return;
    const info = gameInfo();
    const result = await wb.tournament.run({ game: info.id, options: readOptions(), opponents, games, limitMs: limitMs(), seats: info.players.length });
    document.body.dataset.tournamentGames = String(result.done);
    document.body.dataset.tournamentMs = String(Math.round(result.ms));
    say(wb.tournament.stopped ? t("wb.stopped", { done: result.done, total: result.total }) : t("wb.done", { done: result.done }),
      { ok: !wb.tournament.stopped });
  } catch (err) {
    showError(stoppedText(err, t("wb.when.tournament")));
  } finally {
    wb.tournament = null;
    setBusy(false);
  }
}

async function showTable(stats) {
  const response = await bots.request({ cmd: "score", results: stats.map((s) => ({ opponent: s.opponent, wins: s.wins, games: s.games })) }, { limitMs: 10000 });
  if (!response.ok) return;
  const pct = (x) => fmtPercent(x);
  $("wb-results").hidden = false;
  $("wb-results-body").replaceChildren(...response.result.rows.map((row, i) => {
    const tr = document.createElement("tr");
    const cells = [agentTitle(stats[i].opponent, stats[i].title), row.games, fmtNumber(Number(row.wins.toFixed(1))), row.rate === null ? "–" : pct(row.rate),
      `${fmtNumber(Math.round(row.low * 100))}–${pct(row.high)}`, stats[i].stopped];
    for (const c of cells) tr.append(Object.assign(document.createElement("td"), { textContent: String(c) }));
    return tr;
  }));
}

function playAgainstIt() {
  const info = gameInfo();
  try {
    localStorage.setItem(BOT_KEY, JSON.stringify({ source: $("wb-code").value, game: info.id, options: readOptions(), limit: limitMs() / 1000 }));
  } catch (_) {
    showError(t("wb.storage"));
    return;
  }
  if (wb.fromLink) acceptLink();
  location.href = "index.html#play-bot";
}

function download() {
  const source = $("wb-code").value;
  const url = URL.createObjectURL(new Blob([source], { type: "text/x-python" }));
  const a = Object.assign(document.createElement("a"), { href: url, download: fileName(source) });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  const command = `python -m pygame_core tournament ${gameInfo().id} --agents ${fileName(source)},random`; // @i18n-ignore (a command)
  say(t("wb.downloaded", { name: fileName(source), command }));
}

async function shareLink() {
  try {
    const token = await packBot($("wb-code").value);
    const url = new URL(`workbench.html#bot=${token}`, location.href).href;
    $("wb-share").hidden = false;
    $("wb-share-url").value = url;
    $("wb-share-url").select();
    try { await navigator.clipboard.writeText(url); say(t("wb.copied")); } catch (_) { say(t("wb.copyIt")); }
  } catch (err) {
    showError(err.message);
  }
}

async function template() {
  setBusy(true);
  try {
    say(t("wb.starting"));
    const response = await bots.request({ cmd: "template", game: gameInfo().id }, { limitMs: 0 });
    if (!response.ok) { showError(response.error.message); return; }
    $("wb-code").value = response.result.source;
    saveDraft();
    say(t("wb.template.loaded", { title: gameInfo().title, check: t("wb.check") }));
  } catch (err) {
    showError(stoppedText(err, t("wb.when.template")));
  } finally {
    setBusy(false);
  }
}

function saveDraft() {
  if (wb.fromLink) return; // a link's code is kept only once the person runs it
  try { localStorage.setItem(DRAFT_KEY, JSON.stringify({ source: $("wb-code").value, game: $("wb-game").value })); } catch (_) { /* not kept */ }
}

function acceptLink() {
  wb.fromLink = false;
  $("wb-link-notice").hidden = true;
  saveDraft();
}

async function openFromLink(token) {
  wb.fromLink = true;
  try {
    $("wb-code").value = await unpackBot(token);
    $("wb-link-notice").hidden = false;
    say(t("wb.notRun"));
  } catch (err) {
    wb.fromLink = false;
    showError(t("wb.linkFailed", { error: err.message }));
  }
}

/** The games with their options and agents: boot.json's (the engine's, written at build time),
 * else the bot worker's own answer. */
async function loadGames() {
  try {
    const resp = await fetch("boot.json");
    const boot = resp.ok ? await resp.json() : null;
    if (boot && boot.hello && Array.isArray(boot.hello.games) && boot.hello.games.length) return boot.hello.games;
  } catch (_) { /* ask the bot worker */ }
  try {
    const response = await bots.request({ cmd: "hello" });
    return response.ok ? response.result.games : [];
  } catch (_) {
    return [];
  }
}

async function main() {
  setupEditor($("wb-code"));
  wb.games = await loadGames();
  if (!wb.games.length) { showError(t("wb.noGames")); return; }
  for (const g of wb.games) $("wb-game").append(new Option(g.title, g.id));
  let draft = null;
  try { draft = JSON.parse(localStorage.getItem(DRAFT_KEY) || "null"); } catch (_) { /* none */ }
  if (draft && wb.games.some((g) => g.id === draft.game)) $("wb-game").value = draft.game;
  buildGame();
  $("wb-game").addEventListener("change", () => { buildGame(); saveDraft(); });
  $("wb-code").addEventListener("input", () => { clearTimeout(wb.saveTimer); wb.saveTimer = setTimeout(saveDraft, 500); });
  $("wb-check").addEventListener("click", check);
  $("wb-run").addEventListener("click", check);
  $("wb-start").addEventListener("click", runTournament);
  $("wb-stop").addEventListener("click", () => { if (wb.tournament) { wb.tournament.stop(); say(t("wb.stopping")); } });
  $("wb-play").addEventListener("click", playAgainstIt);
  $("wb-download").addEventListener("click", download);
  $("wb-link").addEventListener("click", shareLink);
  $("wb-template").addEventListener("click", template);
  wirePackages(bots, { say, showError, setBusy, busy: () => wb.busy });
  const hash = location.hash.startsWith("#bot=") ? location.hash.slice(5) : null;
  if (hash) await openFromLink(hash); // shown, not run: no worker starts until a button is pressed
  else if (draft && typeof draft.source === "string" && draft.source.trim()) { $("wb-code").value = draft.source; bots.start(); }
  else await template();
  document.body.dataset.ready = "true";
}

main();
