// The deal's benchmark (benchmarks/deal.py) run inside Pyodide under Node.js (the same
// WebAssembly engine as Chromium's), to compare with its CPython figures:
//   node benchmarks/deal_pyodide.mjs <pyodide package dir> [deal.py arguments]
// e.g. node benchmarks/deal_pyodide.mjs .cache/pyodide-314.0.7/package --rounds 3
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pkg, ...args] = process.argv.slice(2);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const { loadPyodide } = await import(pathToFileURL(path.join(pkg, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pkg) + path.sep });
for (const rel of ["pygame_core/deal", "benchmarks"]) {
  pyodide.FS.mkdirTree(`/work/${rel}`);
}
pyodide.FS.writeFile("/work/pygame_core/__init__.py", "");   // the deal is a leaf package
for (const name of fs.readdirSync(path.join(root, "pygame_core/deal"))) {
  if (name.endsWith(".py")) {
    pyodide.FS.writeFile(`/work/pygame_core/deal/${name}`, fs.readFileSync(path.join(root, "pygame_core/deal", name)));
  }
}
pyodide.FS.writeFile("/work/benchmarks/deal.py", fs.readFileSync(path.join(root, "benchmarks/deal.py")));
pyodide.globals.set("_args", pyodide.toPy(args));
pyodide.runPython(`
import sys
sys.argv = ["deal.py", *_args]
sys.path.insert(0, "/work/benchmarks")
import runpy
try:
    runpy.run_path("/work/benchmarks/deal.py", run_name="__main__")
except SystemExit:
    pass
`);
