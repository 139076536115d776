// The vendored QR encoder's modules for the tests (tests/test_qr_vendor.py), under Node.js:
//   node qr_matrix.mjs SITE JOBS.json  ->  one JSON line: [{rows, ecc}] (rows: strings of 0/1)
// SITE is a folder laid out as the site (panels/qr.js, vendor/qr/index.js). A job is
// {text, ecc, mask} (the package's own encodeQR, border 1 cut off) or {text} alone (the page's
// qrMatrix: its choice of error-correction level).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [site, jobsFile] = process.argv.slice(2);
const { encodeQR } = await import(pathToFileURL(`${site}/vendor/qr/index.js`).href);
const { qrMatrix } = await import(pathToFileURL(`${site}/panels/qr.js`).href);
const bits = (rows) => rows.map((row) => row.map((b) => (b ? "1" : "0")).join(""));
const out = [];
for (const job of JSON.parse(readFileSync(jobsFile, "utf8"))) {
  if (job.ecc === undefined) {
    const { ecc, rows } = await qrMatrix(job.text);
    out.push({ ecc, rows: bits(rows) });
    continue;
  }
  const opts = { ecc: job.ecc, encoding: "byte", border: 1 };
  if (job.mask !== undefined && job.mask !== null) opts.mask = job.mask;
  const rows = encodeQR(job.text, "raw", opts).slice(1, -1).map((row) => row.slice(1, -1));
  out.push({ ecc: job.ecc, rows: bits(rows) });
}
console.log(JSON.stringify(out));
