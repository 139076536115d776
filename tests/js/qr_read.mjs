// Reads QR codes back for the browser test (tests/browser/test_friend_qr_web.py), with the
// decoder of the vendored npm package `qr` (its decode.js: in the package, not in the site):
//   node qr_read.mjs DECODE.js IMAGE.json  ->  the text of the code, or "ERROR: ..." (exit 1)
// IMAGE.json: {width, height, rgba: base64 of width*height*4 bytes}.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [decoder, imageFile] = process.argv.slice(2);
const { decodeQR } = await import(pathToFileURL(decoder).href);
const image = JSON.parse(readFileSync(imageFile, "utf8"));
try {
  const data = new Uint8Array(Buffer.from(image.rgba, "base64"));
  process.stdout.write(decodeQR({ width: image.width, height: image.height, data }));
} catch (err) {
  process.stdout.write(`ERROR: ${err.message}`);
  process.exit(1);
}
