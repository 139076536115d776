// The page's message catalogs (web/i18n/messages/*.js) read by its own formatter
// (web/i18n/format.js), for tests/test_i18n.py, under Node.js:
//   node i18n_catalog.mjs CASES.json  ->  one JSON line:
//   {catalogs: {lang: {key: [parameter names]}}, problems: [text], formatted: [text]}
// `problems`: each message that does not compile; `formatted`: each case of CASES.json
// ([lang, source, params]) formatted (or "ERROR: …").
import { readFileSync, readdirSync } from "node:fs";

const root = new URL("../../web/i18n/", import.meta.url);
const { compile, parameters } = await import(new URL("format.js", root).href);
const catalogs = {};
const problems = [];
for (const file of readdirSync(new URL("messages/", root)).filter((f) => f.endsWith(".js")).sort()) {
  const lang = file.slice(0, -3);
  const messages = (await import(new URL(`messages/${file}`, root).href)).default;
  catalogs[lang] = {};
  for (const [key, source] of Object.entries(messages)) {
    try {
      compile(source, lang);
      catalogs[lang][key] = parameters(source);
    } catch (err) {
      problems.push(`${lang} ${key}: ${err.message}`);
    }
  }
}
const cases = process.argv[2] ? JSON.parse(readFileSync(process.argv[2], "utf8")) : [];
const formatted = cases.map(([lang, source, params]) => {
  try {
    return compile(source, lang)(params);
  } catch (err) {
    return `ERROR: ${err.message}`;
  }
});
console.log(JSON.stringify({ catalogs, problems, formatted }));
