// A friend's link (share-link format version 3, pygame_core/records/v3.py) read in the page,
// before the engine is up, for one purpose: to draw its board at once (page/early.js). The
// engine then reads the same link itself, and its answer (the game, or the refusal) replaces
// what this drew. It reads as the engine does (pygame_core/records/frame.py and v3.py: frame,
// CRC-32, DEFLATE, varints, header, moves, times, the correspondence checks) and knows the rules
// of Hex and Y (regular and radial boards) only (connection.js, radial.js);
// tests/test_link_preview.py runs it on thousands of links (random games, names, conditional
// replies, cut and damaged links) and requires the engine's reading or refusal every time.
//   readFriendLink(token, games) -> null: not a version-3 link of a game previewed here
//                                   {error}: a link the engine refuses
//                                   {game, options, seed, moves, view, over, winners, corr}
// `games`: the engine's `hello` games (their option schemas), from boot.json.
import { InflateError, inflateRaw } from "./inflate.js";
import { boardOf, Position } from "./connection.js";

const MAX_TOKEN_CHARS = 200_000;
const MAX_BODY_BYTES = 1 << 18;
const MAX_SEED = 2 ** 53 - 1;
const MAX_MINUTES = 2 ** 40;
const MAX_GAME_ID = 40;
const HEADER_KEYS = ["g", "o", "i", "s", "n", "t", "q", "x"];
const GAME_ID = /^[A-Za-z0-9_-]{8,24}$/;
const NOT_IN_A_NAME = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/u;
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

class Refused extends Error {}
const refuse = (message) => { throw new Refused(message); };
const whole = (v, low, high) => typeof v === "number" && Number.isInteger(v) && v >= low && v <= high;
const codePoints = (s) => [...s].length;

let crcTable = null;
function crc32(bytes) {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const b of bytes) crc = crcTable[(crc ^ b) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** base64url without padding -> bytes; null when a last character leaves unused bits set
 * (a cut-off link: not a possible encoder output). */
function unbase64(text) {
  const out = [];
  let acc = 0;
  let nbits = 0;
  for (const ch of text) {
    acc = (acc << 6) | B64.indexOf(ch);
    nbits += 6;
    if (nbits >= 8) {
      nbits -= 8;
      out.push((acc >> nbits) & 0xff);
      acc &= (1 << nbits) - 1;
    }
  }
  return { bytes: Uint8Array.from(out), canonical: acc === 0 };
}

/** The checked body of a version-1-style frame (frame.py _unpack_v1). */
function unpack(payload) {
  if (!payload) refuse("truncated: nothing follows the version");
  if (!/^[A-Za-z0-9_-]*$/.test(payload)) refuse("a character that cannot be in a link");
  if (payload.length % 4 === 1) refuse("an impossible length");
  const { bytes: frame, canonical } = unbase64(payload);
  if (frame.length < 5) refuse("too short to hold a game");
  const method = frame[0];
  const crc = ((frame[1] << 24) | (frame[2] << 16) | (frame[3] << 8) | frame[4]) >>> 0;
  let body = frame.subarray(5);
  if (method === 1) {
    let unpacked;
    try {
      unpacked = inflateRaw(body, MAX_BODY_BYTES);
    } catch (err) {
      if (err instanceof InflateError) refuse(`damaged (${err.message})`);
      throw err;
    }
    if (unpacked.used !== body.length) refuse("extra data follows its packed data");
    body = unpacked.out;
  } else if (method !== 0) refuse(`unknown packing method ${method}`);
  if (crc32(body) !== crc) refuse("its checksum does not match");
  if (!canonical) refuse("its last character is not a possible one");
  return body;
}

function varint(body, at, what) {
  let value = 0;
  for (let i = 0; i < 10; i++) {
    if (at.pos + i >= body.length) refuse(`truncated: ${what} is cut off`);
    const b = body[at.pos + i];
    value += (b & 0x7f) * 2 ** (7 * i);
    if (!(b & 0x80)) {
      if (b === 0 && i > 0) refuse(`${what} is badly encoded`);
      at.pos += i + 1;
      return value;
    }
  }
  return refuse(`${what} is too long a number`);
}

/** Whether JSON text has a number with a fraction or an exponent outside its strings (the
 * engine's JSON reader makes those floats, never whole numbers; JavaScript cannot tell 1.0 from 1). */
function hasFloat(text) {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if ((ch === "." || ch === "e" || ch === "E") && i > 0 && text[i - 1] >= "0" && text[i - 1] <= "9") return true;
  }
  return false;
}

/** The game's options, complete (core.validate_options with the engine's schema). */
function checkOptions(info, given) {
  if (!given || typeof given !== "object" || Array.isArray(given)) refuse("options are not an object");
  const schema = new Map(info.options.map((o) => [o.name, o]));
  for (const name of Object.keys(given)) if (!schema.has(name)) refuse(`unknown option ${name}`);
  const out = {};
  for (const o of info.options) {
    if (!Object.hasOwn(given, o.name)) { out[o.name] = o.default; continue; }
    const v = given[o.name];
    const ok = (v === null && o.nullable === true)
      || (o.type === "bool" && typeof v === "boolean")
      || (o.type === "int" && whole(v, o.min ?? -Infinity, o.max ?? Infinity))
      || (o.type === "choice" && typeof v === typeof o.default && (o.choices || []).includes(v));
    if (!ok) refuse(`option ${o.name} is not valid`);
    out[o.name] = v;
  }
  return out;
}

function checkName(name) {
  if (typeof name !== "string" || codePoints(name) > 24) refuse("a name is not text of at most 24 characters");
  if (NOT_IN_A_NAME.test(name)) refuse("a name holds a control or unassigned character");
}

/** Conditional replies (v3.py _check_lines). */
function checkLines(pos, lines, sender, resigned) {
  if (!Array.isArray(lines) || lines.length > 8) refuse("conditional replies are not a list of at most 8 lines");
  if (lines.length && (pos.over || resigned !== null)) refuse("conditional replies in a game that is over");
  const answers = new Map();
  for (const line of lines) {
    if (!Array.isArray(line) || (line.length !== 2 && line.length !== 4)
        || !line.every((m) => typeof m === "string" && codePoints(m) <= 40)) refuse("a conditional reply is not 2 or 4 moves");
    const walk = pos.clone();
    line.forEach((text, j) => {
      if (walk.over) refuse("a conditional reply goes on after the game ends");
      if ((walk.current === sender) !== (j % 2 === 1)) refuse("a conditional reply does not alternate");
      if (!walk.legal().includes(text)) refuse("a conditional reply holds an illegal move");
      if (j % 2 === 1) {
        const key = JSON.stringify(line.slice(0, j));
        if (!answers.has(key)) answers.set(key, text);
        else if (answers.get(key) !== text) refuse("two answers to one position");
      }
      walk.play(text);
    });
  }
}

function readBody(body, games) {
  const at = { pos: 0 };
  const seed = varint(body, at, "the seed");
  const hlen = varint(body, at, "the header length");
  if (at.pos + hlen > body.length) refuse("truncated: the header is cut off");
  let header;
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body.subarray(at.pos, at.pos + hlen));
    header = JSON.parse(text);
  } catch (_) {
    return refuse("the header is not valid JSON");
  }
  at.pos += hlen;
  if (!header || typeof header !== "object" || Array.isArray(header)) refuse("the header is not an object");
  if (hasFloat(text)) refuse("the header holds a number that is not whole");
  for (const key of Object.keys(header)) if (!HEADER_KEYS.includes(key)) refuse(`unknown header field ${key}`);
  const gameId = header.g;
  if (typeof gameId === "string" && gameId.length > MAX_GAME_ID) refuse("unknown game");
  const info = games.find((g) => g.id === gameId);
  if (typeof gameId !== "string" || !info) refuse("unknown game");
  const options = checkOptions(info, Object.hasOwn(header, "o") ? header.o : {});
  if (seed > MAX_SEED) refuse("the seed is out of range");
  const board = boardOf(gameId, options);
  if (!board) return null; // a game or board the preview does not draw: the engine reads it
  const n = varint(body, at, "the number of moves");
  if (n > board.maxMoves) refuse("more moves than the game can have");
  const pos = new Position(board);
  for (let k = 1; k <= n; k++) {
    const index = varint(body, at, `move ${k}`);
    if (pos.over) refuse(`move ${k} comes after the end of the game`);
    const texts = pos.legal();
    if (index >= texts.length) refuse(`move ${k} is out of range`);
    pos.play(texts[index]);
  }
  const times = [];
  let minute = whole(header.t, 0, MAX_MINUTES) ? header.t : 0;
  for (let k = 1; k <= n; k++) {
    const code = Math.min(varint(body, at, `the time of move ${k}`), MAX_MINUTES);
    minute += code < 60 ? code : code < 84 ? (code - 59) * 60 : (code - 83) * 1440;
    if (minute > MAX_MINUTES) refuse(`the time of move ${k} is out of range`);
    times.push(minute);
  }
  if (at.pos !== body.length) refuse("extra data follows the moves");
  // the correspondence fields (v3.py _check_corr)
  if (typeof header.i !== "string" || !GAME_ID.test(header.i)) refuse("the game id is missing or not valid");
  const sender = header.s;
  if (!whole(sender, 0, 1)) refuse("the sender is not a seat");
  const names = Object.hasOwn(header, "n") ? header.n : ["", ""];
  if (!Array.isArray(names) || names.length !== 2) refuse("the names are not one per seat");
  names.forEach(checkName);
  if (!whole(header.t, 0, MAX_MINUTES)) refuse("the start time is missing or out of range");
  const resigned = header.x ?? null;
  if (resigned !== null) {
    if (!whole(resigned, 0, 1)) refuse("the resigning seat is not a seat");
    if (pos.over) refuse("a resignation after the end of the game");
  } else if (!pos.over && pos.current === sender) refuse("the link is not a reply: its sender is to move");
  const lines = Object.hasOwn(header, "q") ? header.q : [];
  checkLines(pos, lines, sender, resigned);
  return {
    game: gameId, options, seed, moves: pos.history, view: 1 - sender, over: pos.over,
    winners: pos.over ? [pos.winner] : [], position: pos,
    corr: { id: header.i, sender, names, start: header.t, times, lines, resigned },
  };
}

export function readFriendLink(token, games) {
  if (typeof token !== "string") return null;
  const text = token.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, "");
  if (!text.startsWith("3.")) return null;
  try {
    if (text.length > MAX_TOKEN_CHARS) refuse("too long to be a game");
    return readBody(unpack(text.slice(2)), games);
  } catch (err) {
    if (err instanceof Refused) return { error: err.message };
    throw err;
  }
}
