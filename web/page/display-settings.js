// The display settings themselves (every game; the page's own, never the engine's): theme
// (system, light, dark), the language ("auto": the browser's; i18n/i18n.js), high contrast, coordinates, the board's orientation, playable targets
// marked, a sound on each move, animation. Kept in this browser under one localStorage key; a
// missing, corrupt or unwritable value never stops the page: it falls back to the defaults.
// Applied when this module first runs, before any board is drawn (page/first.js imports it),
// as attributes and classes on <html> (themes.css) and as render.js's `display` (orientation,
// targets). settings.js is their dialog.
import { display } from "../board/render.js";
import { LANGUAGES, SETTINGS_KEY } from "../i18n/i18n.js";

export { SETTINGS_KEY };
export const DEFAULTS = Object.freeze({
  theme: "system", language: "auto", contrast: false, coords: true, rotate: "auto", mirror: false, targets: true, sound: false, animation: true,
});
// rotate "auto": the board turned a quarter where that draws it bigger (render.js autoTurn)
const CHOICES = { theme: ["system", "light", "dark"], rotate: ["auto", 0, 90, 180, 270], language: ["auto", ...Object.keys(LANGUAGES)] };
const VERSION = 2; // settings kept before version 2 had no "auto": their rotate 0 was the default

/** The settings in use (changed in place). */
export const settings = { ...DEFAULTS };

export const valid = (key, value) => (key in CHOICES ? CHOICES[key].includes(value) : typeof value === typeof DEFAULTS[key]);

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
export function saveSettings() {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...settings, v: VERSION }));
    return true;
  } catch (_) {
    return false;
  }
}

/** The system's colour scheme (null: no media queries). */
export const darkQuery = (() => {
  try { return window.matchMedia("(prefers-color-scheme: dark)"); } catch (_) { return null; }
})();

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
