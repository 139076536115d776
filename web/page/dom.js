// DOM helpers of the page (no state, no game knowledge): every part of the page may use them.
export const $ = (id) => document.getElementById(id);

export function showError(message) {
  const box = $("error");
  // the engine quotes briefly; this keeps any message (from anywhere) to a readable length
  box.textContent = message.length > 400 ? message.slice(0, 400) + "…" : message;
  box.hidden = !message;
}

export function makeOption(value, text, selected = false) {
  const o = document.createElement("option");
  o.value = value; o.textContent = text; o.selected = selected;
  return o;
}

/** Select the text of `box` (an input) and copy it to the clipboard: resolves to whether it was
 * copied (else it is selected, for the person to copy). */
export async function copyFrom(box) {
  box.focus();
  box.select();
  try { await navigator.clipboard.writeText(box.value); return true; } catch (_) { return !!(document.execCommand && document.execCommand("copy")); }
}

export function makeButton(text, title, onClick) {
  const b = document.createElement("button");
  b.type = "button"; b.textContent = text;
  if (title) b.title = title;
  b.addEventListener("click", onClick);
  return b;
}
