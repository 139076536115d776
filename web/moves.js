// The move list and the replay bar (every game): go to any position, step, play the moves
// one after another.
import { send } from "./play.js";
import { $, makeButton, ui } from "./state.js";

/** The moves played, each a button to the position after it. */
export function renderMoveList(state) {
  const list = $("move-list");
  list.replaceChildren();
  list.classList.toggle("long-moves", state.moves.some((m) => m.length > 8));
  state.moves.forEach((mv, i) => {
    const li = document.createElement("li");
    li.appendChild(makeButton(mv, `Go to the position after move ${i + 1}`,
      () => send({ cmd: "goto", cursor: i + 1 }, { pause: true })));
    if (i < state.movers.length) li.classList.add(`p${state.movers[i]}`);
    if (i === state.cursor - 1) li.classList.add("current");
    if (i >= state.cursor) li.classList.add("future");
    list.appendChild(li);
  });
  const current = list.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

// ---------------------------------------------------------------- replay bar (every game)
export function renderReplay(state) {
  const n = state.moves.length;
  $("replay").hidden = n === 0 && !ui.embed;
  const slider = $("rp-slider");
  slider.max = String(n);
  slider.value = String(state.cursor);
  slider.setAttribute("aria-valuetext", `${state.cursor} of ${n} moves`);
  $("rp-pos").textContent = `${state.cursor} / ${n}`;
  $("rp-start").disabled = $("rp-back").disabled = state.cursor === 0;
  $("rp-end").disabled = $("rp-fwd").disabled = state.cursor >= n;
  if (state.cursor >= n) stopReplay();
  $("rp-play").disabled = n === 0;
  $("rp-play").textContent = ui.replayTimer ? "⏸ Pause" : "▶ Play";
  $("rp-play").setAttribute("aria-label", ui.replayTimer ? "Pause" : "Play the moves");
}

function gotoMove(cursor) {
  const s = ui.state;
  if (!s) return Promise.resolve();
  const c = Math.max(0, Math.min(s.moves.length, cursor));
  if (c === s.cursor) return Promise.resolve();
  return send({ cmd: "goto", cursor: c }, { pause: true });
}

export function stopReplay() {
  if (!ui.replayTimer) return;
  clearInterval(ui.replayTimer);
  ui.replayTimer = null;
  $("rp-play").textContent = "▶ Play";
}

function toggleReplay() {
  if (ui.replayTimer) { stopReplay(); renderReplay(ui.state); return; }
  const s = ui.state;
  if (!s || !s.moves.length) return;
  if (s.cursor >= s.moves.length) gotoMove(0);
  ui.replayTimer = setInterval(() => {
    if (ui.busy || !ui.state) return;
    if (ui.state.cursor >= ui.state.moves.length) { stopReplay(); renderReplay(ui.state); return; }
    gotoMove(ui.state.cursor + 1);
  }, 700);
  renderReplay(s);
}

export function wireReplay() {
  $("rp-start").addEventListener("click", () => { stopReplay(); gotoMove(0); });
  $("rp-back").addEventListener("click", () => { stopReplay(); gotoMove(ui.state.cursor - 1); });
  $("rp-fwd").addEventListener("click", () => { stopReplay(); gotoMove(ui.state.cursor + 1); });
  $("rp-end").addEventListener("click", () => { stopReplay(); gotoMove(ui.state.moves.length); });
  $("rp-play").addEventListener("click", toggleReplay);
  let timer = null;
  $("rp-slider").addEventListener("input", () => {
    stopReplay();
    $("rp-pos").textContent = `${$("rp-slider").value} / ${ui.state.moves.length}`;
    clearTimeout(timer); // dragging: go there once the slider rests
    timer = setTimeout(() => gotoMove(Number($("rp-slider").value)), 120);
  });
}
