// The workbench's packages: a pure-Python wheel (.whl) dropped onto the page, or chosen with the
// button, is installed into the bot's Python (botclient.js install: micropip, loaded only then),
// and listed; the bot can import it from then on (a fresh bot worker gets it again).
//   wirePackages(bots, {say, showError, busy, setBusy})
import { t } from "../i18n/i18n.js";
const MAX_BYTES = 50 * 1024 * 1024;
const PURE_WHEEL = /^[A-Za-z0-9_.]+-[A-Za-z0-9_.+!]+-[A-Za-z0-9_.]+-none-any\.whl$/;
const $ = (id) => document.getElementById(id);

function showInstalled(bots) {
  $("wb-packages").replaceChildren(...bots.wheels.map((w) => Object.assign(document.createElement("li"), { textContent: w.name })));
  $("wb-packages").hidden = !bots.wheels.length;
}

async function installFile(file, bots, page) {
  if (page.busy()) { page.showError(t("wheel.busy")); return; }
  if (!PURE_WHEEL.test(file.name)) {
    page.showError(t("wheel.notPure", { name: file.name.slice(0, 80) }));
    return;
  }
  if (file.size > MAX_BYTES) { page.showError(t("wheel.tooLarge", { name: file.name, mb: MAX_BYTES >> 20 })); return; }
  page.setBusy(true);
  page.showError("");
  try {
    page.say(t("wheel.installing", { name: file.name }));
    const response = await bots.install(file.name, new Uint8Array(await file.arrayBuffer()));
    if (!response.ok) { page.showError(t("wheel.failed", { name: file.name, error: response.error.message })); return; }
    showInstalled(bots);
    document.body.dataset.installed = bots.wheels.map((w) => w.name).join(" ");
    page.say(t("wheel.installed", { name: file.name }), { ok: true });
  } catch (err) {
    page.showError(t("wheel.failed", { name: file.name, error: String(err && err.message ? err.message : err) }));
  } finally {
    page.setBusy(false);
  }
}

export function wirePackages(bots, page) {
  $("wb-wheel").addEventListener("change", () => {
    const file = $("wb-wheel").files[0];
    $("wb-wheel").value = "";
    if (file) installFile(file, bots, page);
  });
  const hasFiles = (ev) => ev.dataTransfer && [...ev.dataTransfer.types].includes("Files");
  document.addEventListener("dragover", (ev) => {
    if (!hasFiles(ev)) return;
    ev.preventDefault();
    document.body.classList.add("wb-dropping");
  });
  document.addEventListener("dragleave", (ev) => { if (!ev.relatedTarget) document.body.classList.remove("wb-dropping"); });
  document.addEventListener("drop", (ev) => {
    if (!hasFiles(ev)) return;
    ev.preventDefault();
    document.body.classList.remove("wb-dropping");
    const file = ev.dataTransfer.files[0];
    if (file) installFile(file, bots, page);
  });
}
