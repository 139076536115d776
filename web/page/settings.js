// The Display dialog: the display settings (display-settings.js: what they are, how they are
// kept and applied, before the first board is drawn) chosen by the person.
import { drawAll } from "../board/board.js";
import { resetZoom } from "../board/zoom.js";
import { $ } from "./dom.js";
import { setLanguage, t } from "../i18n/i18n.js";
import { ui } from "./page.js";
import {
  DEFAULTS, SETTINGS_KEY, applySettings, darkQuery, loadSettings, saveSettings, settings, valid,
} from "./display-settings.js";

// ---------------------------------------------------------------- the Display dialog
const form = () => $("display-form");

function showInForm() {
  const f = form();
  for (const input of f.querySelectorAll("input, select")) {
    const value = settings[input.name];
    if (input.type === "radio") input.checked = input.value === value;
    else if (input.type === "checkbox") input.checked = value;
    else input.value = String(value);
  }
}

function readForm() {
  const f = form();
  for (const input of f.querySelectorAll("input, select")) {
    if (!(input.name in DEFAULTS)) continue;
    if (input.type === "radio") { if (input.checked) settings[input.name] = input.value; }
    else if (input.type === "checkbox") settings[input.name] = input.checked;
    else if (input.name === "language") settings.language = input.value;
    else settings[input.name] = input.value === "auto" ? "auto" : Number(input.value);
  }
  for (const key of Object.keys(DEFAULTS)) if (!valid(key, settings[key])) settings[key] = DEFAULTS[key];
}

function redraw(turned) {
  if (turned) resetZoom(); // a pan over the board turned is another place
  if (ui.state) drawAll();
}

function showNote(saved) {
  $("display-note").textContent = saved ? "" : t("display.storageOff");
}

function changed(onSound, before = { ...settings }) {
  readForm();
  applySettings();
  const saved = saveSettings();
  if (before.language !== settings.language) setLanguage(settings.language).then(() => showNote(saved));
  showNote(saved);
  redraw(before.rotate !== settings.rotate || before.mirror !== settings.mirror);
  if (settings.sound && !before.sound) onSound(); // a sample (the click is the gesture audio needs)
}

/** The Display button and dialog; `onSound()` plays the move sound (when sound is turned on). */
export function wireSettings(onSound) {
  const dialog = $("display-dialog");
  const opener = $("display-open");
  if (!dialog || !opener) return;
  opener.addEventListener("click", () => {
    showInForm();
    if (typeof dialog.showModal === "function") dialog.showModal(); else dialog.setAttribute("open", "");
  });
  $("display-close").addEventListener("click", () => { if (dialog.close) dialog.close(); else dialog.removeAttribute("open"); });
  dialog.addEventListener("close", () => opener.focus());
  // a click on the backdrop (outside the dialog's box) closes it too
  dialog.addEventListener("click", (ev) => {
    const r = dialog.getBoundingClientRect();
    const outside = ev.clientX < r.left || ev.clientX > r.right || ev.clientY < r.top || ev.clientY > r.bottom;
    if (ev.target === dialog && outside && dialog.close) dialog.close();
  });
  form().addEventListener("submit", (ev) => ev.preventDefault());
  form().addEventListener("change", () => changed(onSound));
  $("display-reset").addEventListener("click", () => {
    const before = { ...settings };
    Object.assign(settings, DEFAULTS);
    showInForm();
    changed(onSound, before);
  });
  // the system's colour scheme, live; another tab's change of the settings
  if (darkQuery && darkQuery.addEventListener) darkQuery.addEventListener("change", applySettings);
  window.addEventListener("storage", (ev) => {
    if (ev.key !== SETTINGS_KEY && ev.key !== null) return;
    const before = { ...settings };
    loadSettings();
    applySettings();
    if (before.language !== settings.language) setLanguage(settings.language);
    showInForm();
    redraw(before.rotate !== settings.rotate || before.mirror !== settings.mirror);
  });
}
