// The panels that make, check, rate and print the puzzle: each a call of the server.

import { busy, call, downloadPdf, say } from "./talk.js";

const $ = (id) => document.getElementById(id);

// app: {game() -> the game, playMade(data) plays a puzzle made, rated(level)}
export function wirePanels(app) {
  $("make").addEventListener("click", (e) => busy(e.target, "make-result", async () => {
    say("Making a puzzle...", "make-result");
    const seed = $("seed").value.trim() || null;
    const technique = $("technique").value || null;
    let data;
    let what;
    if (technique) {
      // a puzzle made for a technique is 9x9 and rated by the ladder: size and level are set
      data = await call("create", { technique, cleanness: Number($("cleanness").value), seed });
      what = `that needs ${data.technique} (${data.difficulty}, score ${data.score.toFixed(1)})`;
    } else {
      const size = Number($("make-size").value);
      const difficulty = $("level").value || null;
      const variant = $("make-variant").value || null;
      data = await call("create", { size, difficulty, seed, variant });
      what = [data.rules ? data.rules.name.replace(/ \d+x\d+$/, "") : "", difficulty ? `(${difficulty})` : ""]
        .filter((w) => w).join(" ");
    }
    app.playMade(data);
    $("seed").value = data.seed;
    // (a sheet's name says its grids and their size)
    const level = $("level").value;
    const made = data.sheet ? `${data.sheet.describe} puzzle${level ? ` (${level})` : ""}` :
      `${data.size}x${data.size} puzzle${what ? ` ${what}` : ""}`;
    say(`Made a ${made} with ${data.givens} givens, seed ${data.seed}.`, "make-result");
  }));
  $("technique").addEventListener("change", () => {
    const chosen = !!$("technique").value;
    $("cleanness").disabled = !chosen;
    $("make-size").disabled = chosen;
    $("level").disabled = chosen;
    $("make-variant").disabled = chosen; // a puzzle made for a technique is classic
  });

  $("check-progress").addEventListener("click", (e) => busy(e.target, "check-result", async () => {
    const data = await call("check", {
      puzzle: app.game().puzzleLine(), box: app.game().box.join("x"), grid: app.game().gridLine(),
      ...app.game().ruleFields(),
    });
    say(data.progress.checked ? data.progress.message : data.message, "check-result",
      !!data.progress.wrong || !!data.progress.broken);
  }));
  $("check-unique").addEventListener("click", (e) => busy(e.target, "check-result", async () => {
    const data = await call("check", { puzzle: app.game().puzzleLine(), box: app.game().box.join("x"), ...app.game().ruleFields() });
    say(`${data.message[0].toUpperCase()}${data.message.slice(1)}.`, "check-result", !data.unique);
  }));
  $("rate").addEventListener("click", (e) => busy(e.target, "rate-result", async () => {
    const r = await call("rate", { puzzle: app.game().puzzleLine(), box: app.game().box.join("x"), ...app.game().ruleFields() });
    if (r.level === "invalid") say("The puzzle has no solution: it cannot be rated.", "rate-result", true);
    else {
      app.rated(r.level); // a puzzle that came without a level counts under its rating
      // ER/EP/ED (Sudoku Explainer's three ratings) where this version of the library gives them
      const se = typeof r.er === "number" ? ` ER/EP/ED ${r.er.toFixed(1)}/${r.ep.toFixed(1)}/${r.ed.toFixed(1)}.` : "";
      say(`Level ${r.level}, score ${r.score.toFixed(1)}${r.hardest ? ` (hardest step: ${r.hardest})` : ""}, ${r.steps} steps.${se}`, "rate-result");
    }
  }));
  $("print").addEventListener("click", (e) => busy(e.target, "print-result", async () => {
    await downloadPdf({
      puzzle: app.game().puzzleLine(), box: app.game().box.join("x"), title: "Sudoku", ...app.game().ruleFields(),
      answers: $("print-answers").checked, walkthrough: $("print-walkthrough").checked,
    });
    say("The PDF is downloaded as sudoku.pdf.", "print-result");
  }));
}
