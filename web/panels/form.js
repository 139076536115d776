// The settings form: the games, their options and the seats, built from the engine's option
// schema (its `hello` answer); read when a game starts, set again from a running game's state.
import { botChoices } from "../bots/botplay.js";
import { FRIEND_SEAT } from "./friend-seat.js";
import { $, makeOption } from "../page/dom.js";
import { gameInfo, importable } from "../page/page.js";
import { agentTitle, engineText, seatName, t } from "../i18n/i18n.js";

/** The form's games, options and seats, the import box and the footer, from a `hello` answer
 * (the engine's, or its build-time copy in boot.json; the controller has put its games in `ui`
 * already, for gameInfo). */
export function setupHello(hello) {
  $("import-text").placeholder = t("import.placeholder.formats", { formats: importable(hello.importable) });
  const accept = new Set([".json", "application/json", "text/plain"]);
  for (const f of hello.record_formats) { accept.add(f.extension); accept.add(f.mime); }
  $("import-file").accept = [...accept].join(",");
  $("engine-version").textContent = " " + t("footer.engine", { version: hello.version }); // "Boardwright engine 1.2 runs entirely…"
  const select = $("game-select");
  const chosen = select.value; // the page's HTML lists the games already (build_scripts/prerender.py)
  select.replaceChildren();
  for (const g of hello.games) select.appendChild(makeOption(g.id, g.title));
  select.value = gameInfo(chosen) ? chosen : hello.games[0].id;
  buildForm(select.value);
}

// ---------------------------------------------------------------- settings form
export function buildForm(gameId) {
  const info = gameInfo(gameId);
  if (!info) return; // (a game of the page's HTML chosen before any hello: setupHello builds it)
  $("game-description").textContent = engineText(`game.${info.id}.description`, info.description);
  buildLevels(info);
  const fields = $("option-fields");
  fields.replaceChildren();
  for (const opt of info.options) {
    const label = document.createElement("label");
    label.title = engineText(`option.${info.id}.${opt.name}.help`, opt.help || "");
    const input = document.createElement(opt.type === "choice" ? "select" : "input");
    input.name = "opt-" + opt.name;
    input.dataset.option = opt.name;
    input.dataset.type = opt.type;
    if (opt.type === "int") {
      input.type = "number";
      if (opt.min !== undefined) input.min = opt.min;
      if (opt.max !== undefined) input.max = opt.max;
      input.value = opt.default ?? "";
      input.required = true;
    } else if (opt.type === "bool") {
      input.type = "checkbox";
      input.checked = !!opt.default;
    } else {
      for (const c of opt.choices) input.appendChild(makeOption(c, engineText(`option.${opt.name}.${c}`, c), c === opt.default));
    }
    label.append(engineText(`option.${opt.name}`, opt.title) + " ", input);
    fields.appendChild(label);
    if (opt.nullable) {
      // e.g. Triominos "target": a number, or none (a single round)
      const nlabel = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.name = "null-" + opt.name;
      box.dataset.nullFor = opt.name;
      box.checked = opt.default === null;
      input.disabled = box.checked;
      box.addEventListener("change", () => { input.disabled = box.checked; });
      nlabel.append(engineText(`option.${opt.name}.null`, opt.null_label) + " ", box);
      fields.appendChild(nlabel);
    }
    if (opt.name === info.seat_option) input.addEventListener("input", () => buildSeats(gameId));
  }
  buildSeats(gameId);
}

/** The level menu: the game's levels (search budgets, from the engine: pygame_core/levels.py);
 * the level chosen stays chosen from one game to the next (prerender.py writes the first game's). */
function buildLevels(info) {
  const select = $("level");
  const chosen = select.value;
  select.replaceChildren();
  for (const lv of info.levels || []) {
    const name = engineText(`level.${lv.name}`, lv.name);
    const option = makeOption(String(lv.level), engineText("level.label", lv.label, { level: lv.level, name, iterations: lv.iterations }), lv.default);
    option.title = engineText("level.help", lv.help, { iterations: lv.iterations, seconds: lv.seconds });
    select.appendChild(option);
  }
  if ((info.levels || []).some((lv) => String(lv.level) === chosen)) select.value = chosen;
}

function seatNames(info) {
  if (!info.seat_option) return info.players;
  const input = $("option-fields").querySelector(`[data-option="${info.seat_option}"]`);
  const opt = info.options.find((o) => o.name === info.seat_option);
  let n = Number(input && input.value);
  if (!Number.isInteger(n) || n < opt.min || n > opt.max) n = info.players.length;
  return info.seat_names.slice(0, n);
}

function buildSeats(gameId) {
  const info = gameInfo(gameId);
  const seats = $("player-fields");
  // a seat the person changed keeps its choice; a seat left at its default follows the new game
  const previous = [...seats.querySelectorAll("[data-seat]")]
    .map((s) => (s.value === s.dataset.default ? undefined : s.value));
  seats.replaceChildren();
  const names = seatNames(info);
  // by link: games with nothing hidden, and games with hidden hands dealt fairly (two players)
  const byLink = info.friend || (!!info.hidden_link && names.length === 2);
  names.forEach((name, i) => {
    const label = document.createElement("label");
    const select = document.createElement("select");
    select.name = "seat-" + i;
    select.dataset.seat = i;
    const choices = [{ name: "human", title: t("agent.human") }, ...info.agents, ...botChoices()];
    for (const a of choices) select.appendChild(makeOption(a.name, agentTitle(a.name, a.title)));
    // a friend by link (panels/friends.js): two-player games with nothing hidden (the engine's
    // `friend`); hidden hands (panels/hidden.js): the games the engine deals fairly by link
    // (`hidden_link`), for two players only (the deal's links for 3-4 are not offered)
    const friend = makeOption(FRIEND_SEAT, t(byLink ? "form.friend" : info.hidden_link ? "form.friend.twoOnly" : "form.friend.hidden"));
    friend.disabled = !byLink;
    if (!byLink) friend.title = t(info.hidden_link ? "form.friend.twoOnly.title" : "form.friend.hidden.title");
    select.appendChild(friend);
    if (byLink) choices.push({ name: FRIEND_SEAT });
    select.addEventListener("change", showFriendFields);
    // default: the first seat is a person, the others the strongest agent
    const best = info.agents.reduce((a, b) => (b.strength > a.strength ? b : a));
    // keep a seat's choice when switching games only if the new game offers it
    const kept = choices.some((a) => a.name === previous[i]) ? previous[i] : undefined;
    select.dataset.default = i === 0 ? "human" : best.name;
    select.value = kept ?? select.dataset.default;
    label.append(`${seatName(name, i, info.seat_names || info.players)} `, select);
    seats.appendChild(label);
  });
  showFriendFields();
}

/** The names of a game with a friend, asked only when a seat is "A friend (by link)". */
function showFriendFields() {
  const seats = [...$("player-fields").querySelectorAll("[data-seat]")];
  $("friend-fields").hidden = !seats.some((s) => s.value === FRIEND_SEAT);
  const info = gameInfo($("game-select").value);
  $("friend-hidden-note").hidden = !(info && info.hidden_link);
}

/** Show the running game's settings in the form (after a game started or was loaded). */
export function syncForm(state) {
  if (!gameInfo(state.game)) return;
  if ($("game-select").value !== state.game) { $("game-select").value = state.game; buildForm(state.game); }
  for (const input of $("option-fields").querySelectorAll("[data-option]")) {
    const value = state.options[input.dataset.option];
    const nullBox = $("option-fields").querySelector(`[data-null-for="${input.dataset.option}"]`);
    if (nullBox) { nullBox.checked = value === null; input.disabled = value === null; }
    if (value === null || value === undefined) continue;
    if (input.dataset.type === "bool") input.checked = !!value;
    else input.value = value;
  }
  buildSeats(state.game);
  state.players.forEach((p, i) => {
    const select = $("player-fields").querySelector(`[data-seat="${i}"]`);
    if (select) select.value = state.friend && i !== state.friend.seat ? FRIEND_SEAT : p.agent;
  });
  showFriendFields();
}

export function readForm() {
  const options = {};
  for (const input of $("option-fields").querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    const nullBox = $("option-fields").querySelector(`[data-null-for="${name}"]`);
    if (nullBox && nullBox.checked) options[name] = null;
    else if (input.dataset.type === "bool") options[name] = input.checked;
    else if (input.dataset.type === "int") {
      const v = Number(input.value);
      options[name] = Number.isInteger(v) ? v : input.value; // the engine explains bad values
    } else options[name] = input.value;
  }
  const players = [...$("player-fields").querySelectorAll("[data-seat]")].map((s) => s.value);
  return { game: $("game-select").value, options, players };
}
