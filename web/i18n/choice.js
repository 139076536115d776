// Which language to read the page in, and its messages asked for at once. No imports: index.html
// and workbench.html also run this module `async` at the top of the page, so that the messages
// of a language other than English (one module, messages/<lang>.js) are on their way while the
// page's own modules arrive, instead of after them (i18n.js, which uses the same import, waits
// for them before any module that words a text runs).
//
//   LANGUAGES                  the languages, each named in itself
//   pickLanguage(choice, tags) "auto" (or no choice): the first of the browser's `tags` we
//                              have, by its primary subtag ("fr-CA" -> "fr"), else English
//   storedChoice()             the choice kept with the display settings ("auto")
//   browserLanguages()         navigator.languages
//   startMessages              the start's language and its messages: {lang, messages} (messages
//                              null for English, which i18n.js imports itself)

/** The languages, each named in itself (never translated: a reader looks for their own). */
export const LANGUAGES = Object.freeze({ en: "English", fr: "Français", de: "Deutsch", it: "Italiano" });
export const SETTINGS_KEY = "boardwright.settings"; // the display settings (page/display-settings.js)

export function pickLanguage(choice, preferred) {
  if (choice && choice !== "auto" && choice in LANGUAGES) return choice;
  for (const tag of preferred || []) {
    const primary = String(tag).toLowerCase().split("-")[0];
    if (primary in LANGUAGES) return primary;
  }
  return "en";
}

export function browserLanguages() {
  try { return navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]; }
  catch (_) { return []; }
}

export function storedChoice() {
  try {
    const stored = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "null");
    const value = stored && typeof stored === "object" ? stored.language : undefined;
    return typeof value === "string" && (value === "auto" || value in LANGUAGES) ? value : "auto";
  } catch (_) {
    return "auto";
  }
}

/** The messages of `lang` (a module's default export); rejects when they cannot be loaded. */
export const importMessages = (lang) => import(`./messages/${lang}.js`).then((m) => m.default);

const startLang = typeof document === "undefined" ? "en" : pickLanguage(storedChoice(), browserLanguages());
export const startMessages = {
  lang: startLang,
  messages: startLang === "en" ? null : importMessages(startLang).catch((err) => {
    console.warn(`Boardwright: the ${startLang} messages could not be loaded:`, err);
    return null;
  }),
};
