// The "My games" panel: the saved games (open, forget), the statistics per level and the
// history of games solved, all read from the browser's storage (keep.js).

import { forgetGame, formatTime, history, savedGames, statistics } from "./keep.js";

const $ = (id) => document.getElementById(id);

function item(text, buttons) {
  const li = document.createElement("li");
  const span = document.createElement("span");
  span.textContent = text;
  li.append(span, ...buttons);
  return li;
}

function button(text, label, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.setAttribute("aria-label", label);
  b.addEventListener("click", onClick);
  return b;
}

function when(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

// Draw the panel; onOpen(state) opens a saved game (its address form).
export function renderGames(onOpen) {
  const saved = savedGames();
  $("saved-list").replaceChildren(...saved.map((g) => item(
    `${g.label} · ${formatTime(g.elapsed || 0)} · ${when(g.when)}`,
    [
      button("Open", `Open ${g.label}`, () => onOpen(g.state)),
      button("Forget", `Forget ${g.label}`, () => {
        forgetGame(g.id);
        renderGames(onOpen);
      }),
    ],
  )));
  if (!saved.length) $("saved-list").append(item("No game saved yet.", []));

  const rows = statistics().map((s) => {
    const tr = document.createElement("tr");
    for (const text of [s.level, s.solved, formatTime(s.best * 1000), formatTime(s.median * 1000), s.hints]) {
      const td = document.createElement("td");
      td.textContent = String(text);
      tr.append(td);
    }
    tr.dataset.level = s.level;
    return tr;
  });
  const body = $("stats").tBodies[0];
  body.replaceChildren(...rows);
  if (!rows.length) {
    const tr = document.createElement("tr");
    const td = document.createElement("td");
    td.colSpan = 5;
    td.textContent = "Solve a puzzle to start the statistics.";
    tr.append(td);
    body.append(tr);
  }

  const solved = history().slice(0, 10);
  $("history").replaceChildren(...solved.map((h) => item(
    `${h.level || "unrated"} in ${formatTime(h.seconds * 1000)}, ${h.hints} hint${h.hints === 1 ? "" : "s"}` +
      `${h.mistakes ? `, ${h.mistakes} mistake${h.mistakes === 1 ? "" : "s"}` : ""} · ${when(h.when)}`,
    [],
  )));
}
