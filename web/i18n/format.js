// A small ICU MessageFormat subset on Intl (why not a library: docs/languages.md).
//
//   {name}                              the parameter as text
//   {n, number}  {n, number, percent}   Intl.NumberFormat
//   {d, date}  {d, time}                Intl.DateTimeFormat (a Date or milliseconds)
//   {n, plural, =0 {…} one {…} other {…}}   Intl.PluralRules; "#" inside is n, formatted
//   {n, selectordinal, one {#st} other {#th}}
//   {x, select, a {…} other {…}}
//   '{' '}' ''                          quoted braces and apostrophe
//
// compile(source, locale) -> (params) => string. A malformed message throws at compile time
// (the catalog test compiles every message of every language, so none reaches a reader).

/** Parse `src` from `i` to the closing brace at `depth` > 0 (or the end): a list of parts. */
function parse(src, start, depth) {
  const parts = [];
  let text = "";
  let i = start;
  while (i < src.length) {
    const c = src[i];
    if (c === "'" && (src[i + 1] === "{" || src[i + 1] === "}" || src[i + 1] === "'")) {
      if (src[i + 1] === "'") { text += "'"; i += 2; continue; }
      const end = src.indexOf("'", i + 1);
      if (end < 0) throw new Error(`an unclosed quote in ${JSON.stringify(src)}`);
      text += src.slice(i + 1, end);
      i = end + 1;
      continue;
    }
    if (c === "}") {
      if (depth === 0) throw new Error(`an unmatched "}" in ${JSON.stringify(src)}`);
      break;
    }
    if (c === "#" && depth > 0) { if (text) parts.push(text); text = ""; parts.push({ hash: true }); i += 1; continue; }
    if (c === "{") {
      if (text) parts.push(text);
      text = "";
      const [arg, next] = parseArgument(src, i + 1, depth);
      parts.push(arg);
      i = next;
      continue;
    }
    text += c;
    i += 1;
  }
  if (text) parts.push(text);
  return [parts, i];
}

function parseArgument(src, start, depth) {
  const close = (j) => { if (src[j] !== "}") throw new Error(`a "}" expected at ${j} in ${JSON.stringify(src)}`); return j + 1; };
  const m = /^\s*([A-Za-z_][\w]*)\s*(?:,\s*([a-z]+)\s*)?(?:,\s*)?/.exec(src.slice(start));
  if (!m) throw new Error(`a parameter name expected at ${start} in ${JSON.stringify(src)}`);
  const [whole, name, type] = m;
  let i = start + whole.length;
  if (!type) return [{ name }, close(i)];
  if (type === "number" || type === "date" || type === "time") {
    const style = /^([a-z]*)\s*/.exec(src.slice(i));
    i += style[0].length;
    return [{ name, type, style: style[1] }, close(i)];
  }
  if (type !== "plural" && type !== "select" && type !== "selectordinal") throw new Error(`unknown type ${type} in ${JSON.stringify(src)}`);
  const options = {};
  for (;;) {
    const sel = /^\s*(=\d+|[\w-]+)\s*\{/.exec(src.slice(i));
    if (!sel) break;
    const [parts, end] = parse(src, i + sel[0].length, depth + 1);
    options[sel[1]] = parts;
    i = close(end);
  }
  i += /^\s*/.exec(src.slice(i))[0].length;
  if (!options.other) throw new Error(`"${name}" has no "other" case in ${JSON.stringify(src)}`);
  return [{ name, type, options }, close(i)];
}

// Intl's formatters, made once per locale and style (making one costs far more than using it)
const formatters = new Map();
function intl(kind, locale, options) {
  const id = `${kind}\u0000${locale}\u0000${JSON.stringify(options)}`;
  let f = formatters.get(id);
  if (!f) {
    f = kind === "number" ? new Intl.NumberFormat(locale, options) : kind === "plural" ? new Intl.PluralRules(locale, options)
      : new Intl.DateTimeFormat(locale, options);
    formatters.set(id, f);
  }
  return f;
}

// a whole number under 1,000 needs no grouping: where the locale writes ASCII digits and
// minus, it is its own text (formatting thousands of move numbers stays fast)
const asciiDigits = new Map();
function numberText(locale, value) {
  if (Number.isInteger(value) && Math.abs(value) < 1000) {
    let ascii = asciiDigits.get(locale);
    if (ascii === undefined) {
      ascii = intl("number", locale, {}).format(-123) === "-123";
      asciiDigits.set(locale, ascii);
    }
    if (ascii) return String(value);
  }
  return intl("number", locale, {}).format(value);
}

function render(parts, params, locale, hash) {
  let out = "";
  for (const p of parts) {
    if (typeof p === "string") { out += p; continue; }
    if (p.hash) { out += hash === undefined ? "#" : hash; continue; }
    const value = params[p.name];
    if (value === undefined) throw new Error(`the parameter "${p.name}" is missing`);
    if (!p.type) out += typeof value === "number" ? numberText(locale, value) : String(value);
    else if (p.type === "number") out += p.style === "percent" ? intl("number", locale, { style: "percent" }).format(value) : numberText(locale, value);
    else if (p.type === "date") out += intl("date", locale, { dateStyle: p.style || "medium" }).format(value);
    else if (p.type === "time") out += intl("date", locale, { timeStyle: p.style || "short" }).format(value);
    else if (p.type === "select") out += render(p.options[String(value)] || p.options.other, params, locale, hash);
    else {
      const exact = p.options[`=${value}`];
      const rules = intl("plural", locale, { type: p.type === "plural" ? "cardinal" : "ordinal" });
      const chosen = exact || p.options[rules.select(value)] || p.options.other;
      out += render(chosen, params, locale, numberText(locale, value));
    }
  }
  return out;
}

/** The formatter of one message in `locale`: params -> text. */
export function compile(source, locale) {
  const [parts] = parse(String(source), 0, 0);
  if (parts.length === 1 && typeof parts[0] === "string") return () => parts[0];
  return (params) => render(parts, params, locale, undefined);
}

/** The parameter names a message uses (for the catalog test: the same in every language). */
export function parameters(source) {
  const names = new Set();
  const walk = (parts) => {
    for (const p of parts) {
      if (typeof p === "string" || p.hash) continue;
      names.add(p.name);
      if (p.options) for (const sub of Object.values(p.options)) walk(sub);
    }
  };
  walk(parse(String(source), 0, 0)[0]);
  return [...names].sort();
}
