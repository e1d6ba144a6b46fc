// Talking to the server: its JSON API under /api/, the PDF it prints, and the lines of the
// page that say how a call went.

const $ = (id) => document.getElementById(id);
let settled = () => {};

// What to do after every call made through busy() (the page redraws its buttons).
export function afterEachCall(fn) {
  settled = fn;
}

export async function call(name, body) {
  let response;
  try {
    response = await fetch(`/api/${name}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (err) {
    throw new Error(`the server cannot be reached (${err.message})`);
  }
  const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}

export function say(text, where = "status", isError = false) {
  const el = $(where);
  el.textContent = text;
  el.classList.toggle("error", isError);
}

// Run `work` with `button` off and marked busy; its error is said at `where`.
export async function busy(button, where, work) {
  if (where !== "status") say(""); // the line under the grid told of the action before
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  try {
    await work();
  } catch (err) {
    say(err.message, where, true);
  } finally {
    button.disabled = false;
    button.removeAttribute("aria-busy");
    settled(); // buttons that depend on the state (the hint's) are set again
  }
}

// The PDF booklet of a puzzle (the print call's body), downloaded as sudoku.pdf.
export async function downloadPdf(body) {
  const response = await fetch("/api/print", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const data = await response.json().catch(() => ({}));
    throw new Error(data.error || `HTTP ${response.status}`);
  }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await response.blob());
  link.download = "sudoku.pdf";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000);
}

// The body of a convert call for a file: its text, or its bytes in base64 (binary).
export function fileBody(file, bytes) {
  const ext = file.name.toLowerCase().split(".").pop();
  const format = { bin: "binary", csv: "csv", json: "json", jsonl: "json" }[ext];
  const body = format ? { format } : {};
  let text = null;
  if (!bytes.includes(0)) {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      text = null;
    }
  }
  if (text !== null && format !== "binary") return { ...body, puzzle: text };
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return { ...body, puzzle_base64: btoa(binary) };
}
