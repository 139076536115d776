// Compiles Python for the shipped Pyodide, in that Pyodide (Node.js; build_scripts/site_pyc.py runs it):
//   node pyodide_pyc.mjs <pyodide package dir> <jobs.json>
//   jobs.json: {wheel, mount, first, jobs: [{kind: "stdlib" | "wheel", src, dst, prefix}]} (host paths;
//   mount: where the page's worker puts the wheel, engine-boot.js mountWheel; prefix: where
//   the files lie in the runtime, for tracebacks)
//   first: the page's first request (JSON text: the default game's `new`)
// It first starts the engine as the page's worker does (the wheel on sys.path, the bridges
// imported, the first request answered), then compiles every module that start imported
// (pyodide_pyc_job.py says what each kind writes).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pkg, jobsFile] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pkg, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pkg) + path.sep, stdout: () => {}, stderr: (l) => console.error(l) });
const here = path.dirname(new URL(import.meta.url).pathname);
const spec = JSON.parse(fs.readFileSync(jobsFile, "utf8"));
pyodide.FS.mkdirTree(path.posix.dirname(spec.mount));
pyodide.FS.writeFile(spec.mount, new Uint8Array(fs.readFileSync(spec.wheel)));
pyodide.globals.set("_mount", spec.mount);
pyodide.globals.set("_first", spec.first);
pyodide.runPython(`
import json, random, sys
sys.path.append(_mount)
random.seed()
from pygame_core.bridge import handle_json
import pygame_core.bot_bridge
assert json.loads(handle_json(_first))["ok"]
_startup = sorted({getattr(m, "__file__", None) or "" for m in list(__import__("sys").modules.values())})
`);
pyodide.runPython(fs.readFileSync(path.join(here, "pyodide_pyc_job.py"), "utf8"));
for (const job of spec.jobs) {
  pyodide.FS.writeFile("/tmp/pyc-in", new Uint8Array(fs.readFileSync(job.src)));
  pyodide.globals.set("_job", pyodide.toPy(job));
  const count = pyodide.runPython(`${job.kind}("/tmp/pyc-in", "/tmp/pyc-out", _job["prefix"], _startup)`);
  fs.writeFileSync(job.dst, pyodide.FS.readFile("/tmp/pyc-out"));
  console.log(`${path.basename(job.dst)}: ${count} modules compiled`);
}
