// The page's reading of friend links (web/preview/link.js) and its scenes (connection.js), for
// tests/test_link_preview.py, under Node.js:
//   node link_contract.mjs CASES.json  ->  one JSON line: [{result, scene}]
// CASES.json: {games: hello's games, cases: [{token, scene: bool}]}; `result` is null, {error}
// or the reading (without its position); `scene` the preview's scene of the position when asked.
import { readFileSync } from "node:fs";

const root = new URL("../../web/preview/", import.meta.url);
const { readFriendLink } = await import(new URL("link.js", root).href);
const { sceneOf } = await import(new URL("connection.js", root).href);
const { games, cases } = JSON.parse(readFileSync(process.argv[2], "utf8"));
const out = cases.map(({ token, scene }) => {
  const got = readFriendLink(token, games);
  if (!got || got.error) return { result: got, scene: null };
  const { position, ...result } = got;
  return { result, scene: scene ? sceneOf(position) : null };
});
console.log(JSON.stringify(out));
