// Display settings (every game; the page's own, never the engine's): theme (system, light,
// dark), high contrast, coordinates, the board's orientation, playable targets marked, a sound
// on each move, animation. Kept in this browser under one localStorage key; a missing, corrupt
// or unwritable value never stops the page: it falls back to the defaults. Applied when this
// module runs, before the first board is painted (early.js), as attributes and classes on
// <html> (themes.css) and as render.js's `display` (orientation, targets).
import { drawAll } from "../board/board.js";
import { display } from "../board/render.js";
import { resetZoom } from "../board/zoom.js";
import { $ } from "./dom.js";
import { ui } from "./page.js";

export const SETTINGS_KEY = "boardwright.settings";
export const DEFAULTS = Object.freeze({
  theme: "system", contrast: false, coords: true, rotate: "auto", mirror: false, targets: true, sound: false, animation: true,
});
// rotate "auto": the board turned a quarter where that draws it bigger (render.js autoTurn)
const CHOICES = { theme: ["system", "light", "dark"], rotate: ["auto", 0, 90, 180, 270] };
const VERSION = 2; // settings kept before version 2 had no "auto": their rotate 0 was the default

/** The settings in use (changed in place). */
export const settings = { ...DEFAULTS };

const valid = (key, value) => (key in CHOICES ? CHOICES[key].includes(value) : typeof value === typeof DEFAULTS[key]);

/** Read the stored settings: each value that is missing or not allowed takes its default. */
export function loadSettings() {
  let stored = null;
  try {
    stored = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "null");
  } catch (_) {
    stored = null; // unreadable storage or text: the defaults
  }
  const old = !!stored && typeof stored === "object" && stored.v !== VERSION;
  for (const key of Object.keys(DEFAULTS)) {
    let value = stored && typeof stored === "object" ? stored[key] : undefined;
    if (old && key === "rotate" && value === 0) value = "auto";
    settings[key] = valid(key, value) ? value : DEFAULTS[key];
  }
  return settings;
}

/** Keep the settings; false when this browser's storage refuses (full, or no storage). */
function saveSettings() {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...settings, v: VERSION }));
    return true;
  } catch (_) {
    return false;
  }
}

let darkQuery = null;
try { darkQuery = window.matchMedia("(prefers-color-scheme: dark)"); } catch (_) { /* no media queries */ }

/** Show the page with the settings in use. */
export function applySettings() {
  const root = document.documentElement;
  const dark = settings.theme === "dark" || (settings.theme === "system" && !!darkQuery && darkQuery.matches);
  root.dataset.theme = dark ? "dark" : "light";
  root.dataset.contrast = settings.contrast ? "high" : "normal";
  root.classList.toggle("no-coords", !settings.coords);
  root.classList.toggle("no-targets", !settings.targets);
  root.classList.toggle("animate", settings.animation); // themes.css: reduced motion wins anyway
  Object.assign(display, { rotate: settings.rotate, mirror: settings.mirror, targets: settings.targets });
}

loadSettings();
applySettings();

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
    else settings[input.name] = input.value === "auto" ? "auto" : Number(input.value);
  }
  for (const key of Object.keys(DEFAULTS)) if (!valid(key, settings[key])) settings[key] = DEFAULTS[key];
}

function redraw(turned) {
  if (turned) resetZoom(); // a pan over the board turned is another place
  if (ui.state) drawAll();
}

function changed(onSound, before = { ...settings }) {
  readForm();
  applySettings();
  $("display-note").textContent = saveSettings() ? ""
    : "This browser's storage is full or off: these settings last until the page is closed.";
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
    showInForm();
    redraw(before.rotate !== settings.rotate || before.mirror !== settings.mirror);
  });
}
