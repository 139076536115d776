// The engine's worker, started as early as the page can: index.html loads this module with
// `async` ahead of everything else, so the runtime's download starts before app.js and its
// imports have arrived. Events that come before app.js listens are kept and handed over by
// listen(fn) in order (in a microtask); fn(kind, event) gets kind "message", "error" or "messageerror".
export const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });

const kept = [];
let handler = null;

function dispatch(kind, event) {
  if (handler) handler(kind, event);
  else kept.push([kind, event]);
}

worker.addEventListener("message", (ev) => dispatch("message", ev));
worker.addEventListener("error", (ev) => { ev.preventDefault(); dispatch("error", ev); });
worker.addEventListener("messageerror", (ev) => dispatch("messageerror", ev));

export function listen(fn) {
  // the kept events after the caller's module has finished evaluating (it may not be ready yet)
  queueMicrotask(() => {
    for (const [kind, event] of kept.splice(0)) fn(kind, event);
    handler = fn;
  });
}
