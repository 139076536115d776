// The deal's benchmark (benchmarks/deal.py) run inside Pyodide under Node.js (the same
// WebAssembly engine as Chromium's), to compare with its CPython figures:
//   node benchmarks/deal_pyodide.mjs <pyodide package dir> [deal.py arguments]
// e.g. node benchmarks/deal_pyodide.mjs .cache/pyodide-314.0.7/package --rounds 3
// With --links first, benchmarks/hidden_links.py instead (the whole package is loaded):
//   node benchmarks/deal_pyodide.mjs .cache/pyodide-314.0.7/package --links --game codex --games 2
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

let [pkg, ...args] = process.argv.slice(2);
const links = args[0] === "--links";
if (links) args = args.slice(1);
const script = links ? "hidden_links.py" : "deal.py";
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const { loadPyodide } = await import(pathToFileURL(path.join(pkg, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pkg) + path.sep });

function copyTree(rel) {          // the .py and .json files below rel, into /work/rel
  pyodide.FS.mkdirTree(`/work/${rel}`);
  for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
    const sub = `${rel}/${entry.name}`;
    if (entry.isDirectory() && entry.name !== "__pycache__") copyTree(sub);
    else if (/\.(py|json)$/.test(entry.name)) pyodide.FS.writeFile(`/work/${sub}`, fs.readFileSync(path.join(root, sub)));
  }
}
pyodide.FS.mkdirTree("/work/benchmarks");
if (links) {
  copyTree("pygame_core");
} else {
  pyodide.FS.mkdirTree("/work/pygame_core");
  pyodide.FS.writeFile("/work/pygame_core/__init__.py", "");   // the deal is a leaf package
  copyTree("pygame_core/deal");
}
pyodide.FS.writeFile(`/work/benchmarks/${script}`, fs.readFileSync(path.join(root, "benchmarks", script)));
pyodide.globals.set("_args", pyodide.toPy(args));
pyodide.runPython(`
import sys
sys.argv = ["${script}", *_args]
sys.path.insert(0, "/work/benchmarks")
import runpy
try:
    runpy.run_path("/work/benchmarks/${script}", run_name="__main__")
except SystemExit:
    pass
`);
