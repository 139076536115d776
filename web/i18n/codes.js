// The engine's texts as codes (pygame_core/words.py): {key, params}, a parameter being a plain
// value (a number, a tile "2-4-5", a cell "c3"), a nested code (worded first), {player: q} (a
// seat's name), {players: [q, …]} (their names as a list: "Ana and Bo"), {and: [part, …]}
// (parts as such a list: "fungi and plant"), {or: [text, …]} (alternatives: "1-1-1 or 2-2-2") or {parts: [part, …]} (parts joined by ", ", the same in
// every language). A leaf module with no catalog of
// its own (i18n.js gives it one), so Node's tests word codes with the same code as the page.

/** `code` in words, or null when one of its keys is unknown (`known(key)`) or it is malformed:
 * `t(key, params)` words a message, `player(q)` a seat's name, `list(names, type)` a list
 * ("conjunction": names, "disjunction": alternatives). */
export function wordCode(code, { t, known, player, list }) {
  const word = (value, depth) => {
    if (value === null || typeof value !== "object") return value;
    if (depth > 8 || Array.isArray(value)) throw new TypeError("not a code");
    if (Number.isInteger(value.player)) return player(value.player);
    if (Array.isArray(value.players)) return list(value.players.map((q) => player(q)), "conjunction");
    if (Array.isArray(value.or)) return list(value.or.map((part) => String(word(part, depth + 1))), "disjunction");
    if (Array.isArray(value.and)) return list(value.and.map((part) => String(word(part, depth + 1))), "conjunction");
    if (Array.isArray(value.parts)) return value.parts.map((part) => word(part, depth + 1)).join(", ");
    if (typeof value.key !== "string" || !known(value.key)) throw new TypeError("an unknown code");
    const params = {};
    for (const [name, part] of Object.entries(value.params || {})) params[name] = word(part, depth + 1);
    return t(value.key, params);
  };
  if (!code || typeof code !== "object") return null;
  try {
    return String(word(code, 0));
  } catch (_) {
    return null; // (the caller shows the engine's English)
  }
}
