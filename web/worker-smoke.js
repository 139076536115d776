// Minimal page for tests/browser/test_boot.py: boots worker.js, sends one
// request and shows the JSON response in <pre id="out">.
const status = document.getElementById("status");
const out = document.getElementById("out");
const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });

worker.onmessage = (event) => {
  const msg = event.data;
  if (msg.type === "progress") {
    status.textContent = msg.text;
  } else if (msg.type === "ready") {
    status.textContent = `ready: version ${msg.version}, boot ${msg.bootMs} ms`;
    document.body.dataset.bootMs = String(msg.bootMs);
    worker.postMessage({ id: 1, request: { cmd: "hello" } });
  } else if (msg.type === "fatal") {
    status.textContent = `fatal: ${msg.message}`;
    document.body.dataset.fatal = msg.message;
  } else if (msg.type === "response" && msg.id === 1) {
    out.textContent = JSON.stringify(msg.response, null, 1);
    document.body.dataset.done = "1";
  }
};
worker.onerror = (event) => {
  status.textContent = `worker error: ${event.message}`;
  document.body.dataset.fatal = String(event.message);
};
