// The engine's texts sent as codes (pygame_core/words.py) worded through the page's catalog
// with the page's own code (web/i18n/codes.js, format.js), for tests/test_engine_words.py:
//   node engine_words.mjs CASES.json  ->  one JSON line: {texts: [text or null], params: {lang: {key: [names]}}}
// CASES.json: [{lang, code, names}] (`names`: the seats' names, as the page names them).
import { readFileSync } from "node:fs";

const root = new URL("../../web/i18n/", import.meta.url);
const { compile, parameters } = await import(new URL("format.js", root).href);
const { wordCode } = await import(new URL("codes.js", root).href);
const catalogs = {};
const params = {};
for (const lang of ["de", "en", "fr", "it"]) {
  catalogs[lang] = (await import(new URL(`messages/${lang}.js`, root).href)).default;
  const engine = (await import(new URL(`messages/engine/${lang}.js`, root).href)).default;
  params[lang] = Object.fromEntries(Object.entries(engine).map(([key, source]) => [key, parameters(source).sort()]));
}
const cases = JSON.parse(readFileSync(process.argv[2], "utf8"));
const texts = cases.map(({ lang, code, names }) => wordCode(code, {
  t: (key, p) => compile(catalogs[lang][key], lang)(p),
  known: (key) => Object.hasOwn(catalogs[lang], key),
  player: (q) => names[q],
  list: (items, type) => new Intl.ListFormat(lang, { type }).format(items),
}));
console.log(JSON.stringify({ texts, params }));
