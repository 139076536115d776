// What a move played makes the page do besides drawing it (every game, display settings): a
// short sound made with the Web Audio API (no audio file; the AudioContext is created only
// after the person has used the page, as browsers require) and a fade-in of the last move's
// pieces on the board (the scene's items of class "last", its dot or outline). A move played
// is the position one move further along the same line: a person's, the computer's, a redo.
import { settings } from "./display-settings.js";

let audio = null;
let seen = null; // {key, cursor, moves}: the position drawn last

/** A short wooden "tock": a falling triangle tone, under a tenth of a second. Never throws. */
export function playMoveSound() {
  try {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    if (!audio) {
      if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return; // no gesture yet
      audio = new Context();
    }
    if (audio.state === "suspended" && audio.resume) audio.resume().catch(() => {});
    const t = audio.currentTime;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "triangle";
    osc.frequency.setValueAtTime(620, t);
    osc.frequency.exponentialRampToValueAtTime(310, t + 0.07);
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.22, t + 0.004);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.09);
    osc.connect(gain);
    gain.connect(audio.destination);
    osc.start(t);
    osc.stop(t + 0.1);
  } catch (_) {
    /* no sound: nothing else depends on it */
  }
}

/** Whether `state` is the position drawn last plus one move along the same line. */
function movedOn(state) {
  const key = `${state.game}:${state.seed}`;
  const before = seen;
  seen = { key, cursor: state.cursor, moves: state.moves.slice(0, state.cursor) };
  if (!before || before.key !== key || state.cursor !== before.cursor + 1) return false;
  return before.moves.every((m, i) => m === state.moves[i]);
}

/** After each drawing of an engine's state (app.js afterRender). */
export function moveFeedback(state) {
  if (!movedOn(state)) return;
  if (settings.sound) playMoveSound();
  if (settings.animation) {
    for (const node of document.querySelectorAll("#board-svg .last, #board-svg .last-marker, #board-svg .last-outline")) {
      node.classList.add("fresh");
    }
  }
}
