// The page's one message catalog: every text a person reads on the game page and the workbench
// comes from `t(key, params)`, worded in the reader's language. A leaf module (it imports only
// the English messages), so any module may use it.
//
//   t(key, params)        the message `key` in the language in use, formatted (format.js: an
//                         ICU MessageFormat subset on Intl: {name}, {n, number},
//                         {n, plural, one {…} other {…}}, {x, select, …}, {d, date}, {d, time})
//   language()            the language in use ("en", "fr", "de", "it")
//   setLanguage(choice)   "auto" (the browser's, navigator.languages) or a language: loads its
//                         messages, sets <html lang>, fills the static texts, tells the page
//                         ("boardwright:language" on window) so it words what it drew again
//   translateStatic(root) fill the data-i18n* attributes of `root` (index.html, workbench.html)
//   fmtNumber, fmtDate, fmtDateTime, fmtRelative, fmtList   Intl in the language in use (in the
//                         browser's own variant of it: an en-GB browser reads British dates)
//   engineText, seatName, agentTitle   the engine's English words (descriptions, options, seat
//                         and agent names) in the reader's, where the catalog knows them by id
//   errorText(error)      an engine error ({code, message, detail, params}) in the reader's words
//   codeText(code, english, player)   an engine text sent as a code (moves in words, the
//                         status, the board's names: codes.js) in the reader's words, else
//                         the engine's English
//
// English is always here (imported: no extra request on an English browser); another language
// is one module more (messages/<lang>.js), asked for as the page starts (choice.js) and waited
// for before any importer runs (top-level await), so the first board is worded in it. A key missing from a language falls back to English (the
// tests require every key in every language; this is the safety net).
import en from "./messages/en.js";
import { compile } from "./format.js";
import { wordCode } from "./codes.js";
import {
  LANGUAGES, SETTINGS_KEY, browserLanguages, importMessages, pickLanguage, startMessages, storedChoice,
} from "./choice.js";

export { LANGUAGES, SETTINGS_KEY, pickLanguage, storedChoice };
export const LANGUAGE_EVENT = "boardwright:language";

const loaded = { en };
const compiled = new Map(); // "lang\u0000key" -> formatter
let current = "en";
let locale = "en"; // for Intl: the browser's own tag of the language in use ("en-GB": its dates)

async function loadMessages(lang) {
  if (!loaded[lang]) {
    try {
      loaded[lang] = await importMessages(lang);
    } catch (err) {
      console.warn(`Boardwright: the ${lang} messages could not be loaded:`, err);
      return "en";
    }
  }
  return lang;
}

export const language = () => current;

/** The message `key` with `params`, in the language in use (English when the key is missing
 * there; the key itself when it is missing everywhere, so a slip shows rather than crashes). */
export function t(key, params) {
  const id = locale + "\u0000" + key;
  let fn = compiled.get(id);
  if (!fn) {
    const source = (loaded[current] && loaded[current][key]) ?? en[key];
    if (source === undefined) return key;
    fn = compile(source, locale);
    compiled.set(id, fn);
  }
  return fn(params || {});
}

/** Whether `key` is in the catalog (English has every key). */
export const hasKey = (key) => Object.prototype.hasOwnProperty.call(en, key);

// ---------------------------------------------------------------- the engine's words
/** A text the engine gives in English (a game's description, an option's title, an agent's
 * name…) in the reader's words when the catalog knows it by its stable id `key`, else as it is
 * (an English reader reads the engine's own words: en.js holds them for the translators). */
export const engineText = (key, english, params) => (current !== "en" && hasKey(key) ? t(key, params) : english);

/** A seat's name as the reader reads it: the game's own name for seat `index` (`defaults`:
 * the engine's seat names, "Blue", "Player 2") in the reader's words ("Bleu", "Joueur 2"); a
 * name a person chose stays as it is. */
export function seatName(name, index, defaults) {
  if (!Array.isArray(defaults) || defaults[index] !== name) return name;
  const numbered = /^Player (\d+)$/.exec(name);
  if (numbered) return t("player.numbered", { n: Number(numbered[1]) });
  return engineText(`player.${name.toLowerCase()}`, name);
}

/** An agent's title (the engine's `agent_title`) in the reader's words, by its name. */
export const agentTitle = (agent, english) => engineText(`agent.${agent}`, english);

// ---------------------------------------------------------------- Intl in the language in use
const numberFormats = new Map();
export function fmtNumber(n, options) {
  const id = locale + JSON.stringify(options || {});
  if (!numberFormats.has(id)) numberFormats.set(id, new Intl.NumberFormat(locale, options));
  return numberFormats.get(id).format(n);
}
export const fmtPercent = (share, digits = 0) => fmtNumber(share, { style: "percent", maximumFractionDigits: digits });
export const fmtDate = (d) => new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(d);
export const fmtDateTime = (d) => new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short" }).format(d);
export const fmtList = (items, type = "conjunction") => new Intl.ListFormat(locale, { type }).format(items);

/** `ms` from now (negative: ago) as "3 minutes ago", "in 2 days"…, in the largest whole unit. */
export function fmtRelative(ms) {
  const units = [["year", 31_536_000_000], ["month", 2_592_000_000], ["day", 86_400_000], ["hour", 3_600_000], ["minute", 60_000]];
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  for (const [unit, size] of units) if (Math.abs(ms) >= size) return rtf.format(Math.round(ms / size), unit);
  return rtf.format(Math.round(ms / 1000), "second");
}

/** An engine error ({code, message, detail, params}, the bridge's reply) in the reader's
 * words: the catalog's `error.<detail>` when it has one (with the error's params), else the
 * engine's English message (the CLI's words). */
export function errorText(error) {
  if (!error || typeof error !== "object") return String(error ?? "");
  const key = `error.${error.detail}`;
  if (typeof error.detail === "string" && hasKey(key)) {
    try { return t(key, error.params || {}); } catch (_) { /* a param missing: the English message */ }
  }
  return String(error.message ?? "");
}

/** An engine text sent as a code beside its English (pygame_core/words.py: a move in words,
 * the status, a cell's name) in the reader's words: `player(q)` names seat q as the page shows
 * it. The engine's English (`english`) when the code is missing or unknown to the catalog. */
export function codeText(code, english, player = (q) => t("player.numbered", { n: q + 1 })) {
  const text = wordCode(code, { t, known: hasKey, player, list: fmtList });
  return text ?? english;
}

// ---------------------------------------------------------------- static texts of the pages
// data-i18n="key" (the text), data-i18n-title, data-i18n-aria-label, data-i18n-placeholder,
// data-i18n-aria-valuetext: filled from the catalog at start and after each change of language.
const ATTRIBUTES = ["title", "aria-label", "placeholder"];

export function translateStatic(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const attr of ATTRIBUTES) {
    for (const el of root.querySelectorAll(`[data-i18n-${attr}]`)) el.setAttribute(attr, t(el.getAttribute(`data-i18n-${attr}`)));
  }
  const title = document.querySelector("title[data-i18n]");
  if (title) document.title = t(title.dataset.i18n);
}

/** Use the language of `choice` ("auto": the browser's): load it, word the page's static texts
 * in it and tell the page (LANGUAGE_EVENT) so it words its drawn texts again. */
export async function setLanguage(choice) {
  const lang = await loadMessages(pickLanguage(choice, browserLanguages()));
  const changed = lang !== current;
  current = lang;
  locale = browserLanguages().find((tag) => String(tag).toLowerCase().split("-")[0] === lang) || lang;
  try { Intl.getCanonicalLocales(locale); } catch (_) { locale = lang; } // (a malformed tag)
  if (typeof document !== "undefined") {
    document.documentElement.lang = lang;
    if (!changed) return lang; // (the pages' own text is English: an English start changes nothing)
    translateStatic(document);
    window.dispatchEvent(new CustomEvent(LANGUAGE_EVENT, { detail: { language: lang } }));
  }
  return lang;
}

// the language of this visit, before any importer runs (an English reader waits for nothing;
// another's messages were asked for by choice.js as the page started)
if (typeof document !== "undefined") {
  if (startMessages.messages) {
    const messages = await startMessages.messages;
    if (messages) loaded[startMessages.lang] = messages;
  }
  await setLanguage(startMessages.lang);
}
