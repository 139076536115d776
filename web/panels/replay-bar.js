// The replay bar under the board as a state has it (shown once there are moves, or in an
// embed; the slider and the buttons at the cursor). Drawing only: moves.js plays the moves, and
// page/first.js shows the bar with the first board, so that the board's box is the page's.
import { t } from "../i18n/i18n.js";
const $ = (id) => document.getElementById(id);

/** Show the bar for `state`; `playing`: the moves are being played one after another. */
export function showReplayBar(state, playing, embed) {
  const n = state.moves.length;
  $("replay").hidden = n === 0 && !embed;
  const slider = $("rp-slider");
  slider.max = String(n);
  slider.value = String(state.cursor);
  slider.setAttribute("aria-valuetext", t("replay.position", { cursor: state.cursor, n }));
  $("rp-pos").textContent = `${state.cursor} / ${n}`;
  $("rp-start").disabled = $("rp-back").disabled = state.cursor === 0;
  $("rp-end").disabled = $("rp-fwd").disabled = state.cursor >= n;
  $("rp-play").disabled = n === 0;
  $("rp-play").textContent = t(playing ? "replay.pause" : "replay.play");
  $("rp-play").setAttribute("aria-label", t(playing ? "replay.pause.label" : "replay.play.label"));
}
