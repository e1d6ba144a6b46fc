// Lessons: one technique at a time, first a worked example (a puzzle made for it, its
// explanation opened at the step that uses it, drawn on the board), then practice boards
// made for it; and the next drill offered from the hints the player needed most.

import { hintedTechniques } from "./keep.js";

const $ = (id) => document.getElementById(id);

// Techniques a lesson can teach: those a puzzle can be made for (past the singles).
export function fillLessons(techniques) {
  for (const t of techniques) {
    if (t.optional) continue;
    const option = document.createElement("option");
    option.value = t.key;
    option.textContent = `${t.name} (${t.level})`;
    $("learn-technique").append(option);
  }
  offerDrill();
}

// The technique the player needed most hints for, offered as the next drill.
export function offerDrill() {
  const known = new Set([...$("learn-technique").options].map((o) => o.value));
  const top = hintedTechniques().find((t) => known.has(t.key));
  $("drill").hidden = !top;
  if (!top) return;
  $("drill-text").textContent = `You needed hints most for ${top.name} (${top.count} time${top.count === 1 ? "" : "s"}).`;
  $("drill").dataset.key = top.key;
}

// app: {call, busy, say, playMade(data, label), explainAt(key)}
export function wireLessons(app) {
  let practice = 0;
  const make = async (seed) => {
    const key = $("learn-technique").value;
    const data = await app.call("create", { technique: key, cleanness: 0, seed });
    app.playMade(data);
    return data;
  };
  $("learn-example").addEventListener("click", (e) => app.busy(e.target, "learn-result", async () => {
    app.say("Making a worked example...", "learn-result");
    const key = $("learn-technique").value;
    const data = await make(`lesson ${key}`);
    await app.explainAt(key);
    app.say(`A worked example of ${data.technique}: the step that uses it is on the board. ` +
      "Step through the others, then practise.", "learn-result");
  }));
  $("learn-practice").addEventListener("click", (e) => app.busy(e.target, "learn-result", async () => {
    practice += 1;
    app.say("Making a practice board...", "learn-result");
    const key = $("learn-technique").value;
    const data = await make(`practice ${key} ${practice}`);
    app.say(`Practice board ${practice}: it needs ${data.technique}. Hints tell it a little at a time.`, "learn-result");
  }));
  $("drill-go").addEventListener("click", () => {
    $("learn-technique").value = $("drill").dataset.key;
    $("learn-practice").click();
  });
}
