// Choosing a move by clicks (or keys) on the board and the hands: a click path is built target
// by target; a complete path that fits several moves becomes a choice shown one at a time
// ("Rotate", "Place"). Keyboard shortcuts of the page, too.
import { candidates, drawAll, hooks, isHumanTurn, needsHandover } from "./board.js";
import { $, showError } from "../page/dom.js";
import { page, ui } from "../page/page.js";
import { t } from "../i18n/i18n.js";

async function showChoice() {
  const move = ui.choice.moves[ui.choice.index];
  drawAll(); // the choice controls at once; the preview follows from the worker
  const { response, current } = await page.request(hooks.previewRequest(move) || { cmd: "preview", move });
  if (!current || !ui.choice) return;
  // (the move in words rides along with its scene: the choice's controls show them)
  page.setPreview(response.ok ? { ...response.result.scene, move, words: response.result.words,
    words_code: response.result.words_code } : null);
  drawAll();
}

export function cycleChoice() {
  if (!ui.choice) return;
  page.nextChoice();
  showChoice();
}

export function confirmChoice() {
  if (!ui.choice) return;
  hooks.playMove(ui.choice.moves[ui.choice.index]);
}

export function onActivate(target) {
  const state = ui.state;
  if (!state || ui.busy || ui.embed) return;
  if (ui.pick) { hooks.pickTarget(target); return; } // a conditional reply, not a move now
  if (!isHumanTurn(state) || needsHandover(state)) return;
  if (ui.choice) {
    const last = ui.choice.path[ui.choice.path.length - 1];
    if (target === last) { confirmChoice(); return; }
    page.select(ui.sel);
  }
  let path = [...ui.sel, target];
  let cands = candidates(path);
  if (!cands.length) {
    if (ui.sel.length && ui.sel[0] === target) { page.clearSelection(); drawAll(); return; } // unselect
    path = [target]; // start a new path with this target
    cands = candidates(path);
  }
  if (!cands.length) {
    showError(ui.sel.length ? t("click.noFit") : t("click.illegal", { target }));
    return;
  }
  showError("");
  const complete = cands.filter((m) => m.path.length === path.length);
  if (complete.length === cands.length && complete.length === 1) { hooks.playMove(complete[0].move); return; }
  if (complete.length === cands.length) {
    page.select(path.slice(0, -1), { moves: complete.map((m) => m.move), index: 0, path });
    showChoice();
    return;
  }
  page.select(path);
  drawAll();
}

/** The page's keys (document keydown): R, Enter and Escape for a choice or a selection on the
 * board; Ctrl+Z and Ctrl+Y (or Cmd) for undo and redo. */
export function onKey(ev) {
  const typing = ev.target.closest && ev.target.closest("input, select, textarea");
  if (!typing && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
    if ((ev.key === "r" || ev.key === "R") && ui.choice) { ev.preventDefault(); cycleChoice(); return; }
    if (ev.key === "Enter" && ui.choice && !(ev.target.closest && ev.target.closest("button, [data-target]"))) {
      ev.preventDefault(); confirmChoice(); return;
    }
    if (ev.key === "Escape" && ui.pick) { ev.preventDefault(); hooks.cancelPick(); return; }
    if (ev.key === "Escape" && (ui.sel.length || ui.choice)) { page.clearSelection(); drawAll(); return; }
  }
  if (!(ev.ctrlKey || ev.metaKey)) return;
  if (ev.key === "z" && !$("undo").disabled) { ev.preventDefault(); $("undo").click(); }
  if (ev.key === "y" && !$("redo").disabled) { ev.preventDefault(); $("redo").click(); }
}
