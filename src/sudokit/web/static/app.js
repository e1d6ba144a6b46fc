// The page: panels that enter, make, play, check, hint, explain, rate and share a puzzle,
// each a call of the JSON API under /api/. The state lives in the URL (so a link shares it)
// and in the browser's storage (so a reload keeps it); nothing is stored on the server.

import { Board, stepOverlay } from "./board.js";
import { Clock } from "./clock.js";
import { renderGames } from "./games.js";
import {
  dailySeed, formatTime, keepProgress, loadSettings, noteHint, progressOf, recordSolve, saveGame, saveSettings,
} from "./keep.js";
import { fillLessons, offerDrill, wireLessons } from "./learn.js";
import { Game, SYMBOLS, naturalBox, parseCell } from "./model.js";
import { wirePanels } from "./panels.js";
import { bestReading, doubtText, showReading } from "./photo.js";
import { unknownKinds } from "./constraints.js";
import { fillVariants } from "./rules.js";
import { afterEachCall, busy, call, fileBody, say } from "./talk.js";

const SAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const STORE = "sudokit.game";
const $ = (id) => document.getElementById(id);

let game = null;
let pencil = false;
let highlight = 0;
let hint = null; // {data, shown, key}: the hint for the board it was asked on, grades shown
let explanation = null; // {steps, boards, index, notes, rating}
let wrongCells = new Set();
let doubtCells = new Set(); // cells a photo was read with doubt in, until the player sees to them
let hintError = ""; // why the last hint could not be had (no server...)
let settings = loadSettings();
let progress = null; // this puzzle's time, hints, mistakes (kept in the browser)
let solution = null; // {key, values}: this puzzle's solution, asked for when mistakes count
let paused = false;
let colourMarks = false; // digits colour the selected cell's pencil marks, in `colour`
let colour = 1;
const clock = new Clock(() => {
  showClock();
  if (Math.floor(clock.elapsed() / 1000) % 5 === 0) keepGame();
});

const board = new Board($("board"), $("links"), {
  onToggleMode: () => {
    pencil = !pencil;
    draw();
  },
  onDigit: (cell, digit, shifted) => enter(cell, digit, pencil !== shifted),
  onClear: (cell) => changed(game.clear(cell)),
  onUndo: () => changed(game.undo()),
  onRedo: () => changed(game.redo()),
  onSelect: (cell) => {
    if (game.values[cell]) highlight = game.values[cell];
    draw();
  },
});

// -- state ------------------------------------------------------------------------------
function setGame(next, message) {
  if (game && progress) keepGame();
  game = next;
  game.autoRemove = settings.autoRemove;
  progress = progressOf(progressKey());
  solution = null;
  paused = false;
  clock.set(progress.elapsed);
  if (!game.editing && !progress.solved) clock.start();
  showClock();
  hint = null;
  explanation = null;
  wrongCells = new Set();
  doubtCells = new Set();
  $("photo-review").hidden = true;
  highlight = 0;
  buildBoard();
  completeRules();
  closeExplanation();
  showHint();
  $("pad").replaceChildren();
  for (let d = 1; d <= game.n; d++) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = SYMBOLS[d - 1];
    b.setAttribute("aria-label", `digit ${SYMBOLS[d - 1]}`);
    b.addEventListener("click", () => {
      enter(board.selected, d, pencil);
      board.focus();
    });
    $("pad").append(b);
  }
  $("pad").style.setProperty("--cols", Math.min(game.n, game.n > 9 ? 8 : 9));
  $("edit-done").hidden = !game.editing;
  $("size").value = String(game.n);
  for (const where of RESULTS) say("", where); // what was said of the last puzzle
  changed(true);
  say(message || "");
}

// The board of the game's size, boxes and rules, with the rules in words under it.
function buildBoard() {
  const rules = game.rules && !game.rules.partial ? game.rules : null;
  // (on a sheet of overlapping grids the board's side is the sheet's)
  board.build(game.side, game.box[0], game.box[1], game.rules, rules ? game.geo.peers : null,
    game.geo.inPlay ? game.geo : null);
  $("rule-line").hidden = !rules;
  $("rule-line").textContent = !rules ? "" : rules.lines.length ? rules.lines.join(". ") + "." : `${rules.name}.`;
  const unknown = unknownKinds(rules);
  $("rule-line").classList.toggle("error", unknown.length > 0);
  if (unknown.length) {
    // never played without a rule: the page says which it cannot draw
    const refusal = `This puzzle has ${unknown.join(", ")} clues that this page cannot draw: it cannot be played here.`;
    $("rule-line").textContent = refusal;
    say(refusal, "status", true);
  }
}

// Do the rules hold more than the page checks itself (cages' totals, lines, dots, signs)?
function judgedByServer() {
  const rules = game.rules;
  return !!rules && !rules.partial && ((rules.constraints || []).length > 0 || rules.all_dots || rules.all_xv);
}

// A game whose rules are only named (a link, a puzzle typed under a variant) gets them whole
// from the server: the houses and pairs it checks and draws.
async function completeRules() {
  const g = game;
  if (!g.rules || !g.rules.partial) return;
  try {
    const data = await call("check", { puzzle: g.puzzleLine(), box: g.box.join("x"), ...g.ruleFields() });
    if (game !== g) return;
    g.setRules(data.rules || null);
    buildBoard();
    draw();
  } catch (err) {
    if (game === g) say(err.message, "status", true);
  }
}

// The messages that speak of the puzzle or the progress on it, and go when it changes.
const RESULTS = ["check-result", "explain-text", "rate-result", "print-result", "share-result"];

function enter(cell, digit, pencilMark) {
  if (colourMarks && !game.editing) {
    changed(game.toggleMarkColour(cell, digit, colour));
    return;
  }
  if (doubtCells.delete(cell)) showDoubts();
  const asMark = pencilMark && !game.editing; // a puzzle being typed has givens only
  const done = asMark ? game.toggleMark(cell, digit) : game.setDigit(cell, digit);
  if (!asMark) highlight = digit;
  changed(done);
  if (!asMark && game.editing) board.select(board.step(1), true); // on to the next given
  if (done && !asMark && !game.editing && settings.mistakes) countMistake(cell, digit);
}

// -- the clock, mistakes, the end of a game ------------------------------------------------
function progressKey() {
  return `${game.box.join("x")}|${game.puzzleLine()}`;
}

function keepGame() {
  progress.elapsed = Math.round(clock.elapsed());
  keepProgress(progressKey(), progress);
}

function showClock() {
  $("timer").textContent = formatTime(clock.elapsed());
  $("clock").hidden = !settings.timer;
  $("pause").disabled = game ? game.editing || progress.solved : true;
  $("pause").textContent = paused ? "Go on" : "Pause";
  $("pause").setAttribute("aria-pressed", String(paused));
  $("mistakes").hidden = !settings.mistakes || !progress;
  if (progress) $("mistakes").textContent = `Mistakes: ${progress.mistakes}`;
}

function pause(on) {
  paused = on && !game.editing && !progress.solved;
  if (paused) clock.stop();
  else if (!game.editing && !progress.solved && !document.hidden) clock.start();
  keepGame();
  showClock();
  draw();
  if (!paused) board.focus();
}

// With mistakes counted, a digit that is not the solution's counts one, and shows as wrong.
async function countMistake(cell, digit) {
  const key = progressKey();
  if (!solution || solution.key !== key) {
    try {
      const data = await call("solve", { puzzle: game.puzzleLine(), box: game.box.join("x"), ...game.ruleFields() });
      if (!data.solution || !data.unique) return; // nothing to measure against
      // (a sheet's answer gives its digits by position, a grid's a line)
      solution = { key, values: data.cells || [...data.solution].map((ch) => SYMBOLS.indexOf(ch) + 1) };
    } catch {
      return;
    }
  }
  if (progressKey() !== key || game.values[cell] !== digit || solution.values[cell] === digit) return;
  progress.mistakes += 1;
  wrongCells = new Set([...wrongCells, cell]);
  keepGame();
  showClock();
  draw();
}

function finishIfSolved() {
  if (game.editing || progress.solved || !game.isSolved()) return;
  if (judgedByServer()) judgeFinished();
  else finish();
}

// A finished board under cages, lines, dots or signs is judged by the server's rules: the
// rule it breaks is said, and the cells of what it breaks marked wrong.
async function judgeFinished() {
  const g = game;
  const key = g.boardKey();
  let data;
  try {
    data = await call("check", { puzzle: g.puzzleLine(), box: g.box.join("x"), grid: g.gridLine(), ...g.ruleFields() });
  } catch (err) {
    if (game === g) say(`The grid is full, but it could not be checked: ${err.message}`, "status", true);
    return;
  }
  if (game !== g || g.boardKey() !== key || progress.solved) return;
  const broken = data.progress && data.progress.broken;
  if (broken === null) {
    finish();
    return;
  }
  wrongCells = new Set((data.progress.broken_cells || []).map((c) => parseCell(c, g.side)));
  draw();
  say(`Not solved yet: ${broken || data.progress.message}.`, "status", true);
}

function finish() {
  clock.stop();
  progress.solved = true;
  keepGame();
  const seconds = Math.round(progress.elapsed / 1000);
  recordSolve({
    when: new Date().toISOString(), puzzle: game.puzzleLine(), level: levelOf(), seconds,
    hints: progress.hints, mistakes: progress.mistakes,
  });
  renderGames(openSaved);
  showClock();
  const complete = game.rules ? "Every rule is kept." : "Every row, column and box is complete.";
  say(`Solved in ${formatTime(progress.elapsed)}! ${complete}`);
}

function levelOf() {
  return (game.made && game.made.difficulty) || progress.level || "unrated";
}

// After any action: a change saves the game, and what was said of the grid before it (a
// load, a check of the progress) no longer holds. Returns whether the game changed.
function changed(didChange) {
  if (didChange) {
    wrongCells = new Set();
    hintError = "";
    save();
    if (!game.editing) say(""); // (while typing a puzzle it says how to finish)
    say("", "check-result");
    say("", "paste-result");
    finishIfSolved();
  }
  draw();
  return didChange;
}

function save() {
  const encoded = game.encode();
  try {
    localStorage.setItem(STORE, encoded);
  } catch {
    // storage may be off (private windows): the URL still holds the state
  }
  history.replaceState(null, "", `#${encoded}`);
  $("share-link").value = location.href;
}

function draw() {
  if (explanation) {
    drawExplanation();
    return;
  }
  showHint(); // the hint of a grid is no longer shown once the grid changes
  const { depth } = hintState();
  const overlay = depth ? stepOverlay(hint.data.step, game.side, depth) : {};
  overlay.wrong = wrongCells;
  overlay.doubt = doubtCells;
  board.draw({
    values: game.values,
    givens: game.givens,
    marks: depth >= DEPTH.step ? game.marksWithStruck(hint.data.step) : game.marks,
    editing: game.editing,
    conflicts: $("show-conflicts").checked ? game.conflicts() : new Set(),
    highlight,
    overlay,
    colours: game.colours,
    markColours: game.markColours,
    markStyle: settings.markStyle,
    readOnly: paused,
  });
  $("paused").hidden = !paused;
  $("pad").classList.toggle("pencil", pencil);
  $("mode").setAttribute("aria-pressed", String(pencil));
  $("mode").textContent = pencil ? "Pencil: on" : "Pencil: off";
  $("undo").disabled = !game.undoStack.length;
  $("redo").disabled = !game.redoStack.length;
  const filled = game.values.filter((v) => v).length;
  const made = game.made ? `, made with seed ${game.made.seed}` : "";
  const kind = game.rules && game.rules.name ? game.rules.name.replace(/ \d+x\d+$/, "") + " " : "";
  const size = game.geo.sheet ? "" : `${game.n}x${game.n} `; // a sheet's name says its grids
  $("summary").textContent = `${size}${kind}puzzle, ${game.givens.filter((v) => v).length} givens, ` +
    `${game.cellCount - filled} cells to fill${made}${game.editing ? " (typing the givens)" : ""}`;
}

function restore() {
  const fromUrl = location.hash.length > 1 ? Game.decode(location.hash.slice(1)) : null;
  let stored = null;
  try {
    stored = localStorage.getItem(STORE);
  } catch {
    stored = null;
  }
  const game0 = fromUrl || (stored && Game.decode(stored));
  if (game0) setGame(game0, fromUrl ? "" : "Your last puzzle is back where you left it.");
  else setGame(new Game(3, 3, [...SAMPLE].map((ch) => (ch === "." ? 0 : Number(ch)))));
}

// -- entering a puzzle -----------------------------------------------------------------
// (with no format asked for, the server writes a variant's puzzle in one that holds its
// rules; the rules chosen beside the paste box are added to those the text holds)
async function loadText(body, label) {
  const variant = $("enter-variant").value;
  const data = await call("convert", variant ? { ...body, variant } : body);
  if (data.size > 25) throw new Error(`a ${data.size}x${data.size} puzzle is too large to play here (25x25 at most)`);
  const more = data.count > 1 ? ` (the first of ${data.count})` : "";
  const rules = data.rules ? ` under ${data.rules.name} rules` : "";
  setGame(Game.fromConvert(data), `Loaded ${label}${more}: ${data.size}x${data.size}${rules}.`);
}

// -- a photo ---------------------------------------------------------------------------------
// Read a photo: its puzzle is opened to be checked and corrected (as a puzzle being typed),
// with the photo and the reading drawn over it beside the board.
async function readPhoto(file) {
  say("Reading the photo...", "paste-result");
  const { data, photo } = await bestReading(file, call);
  const next = new Game(data.box[0], data.box[1], data.cells);
  next.editing = true;
  setGame(next, "");
  say("", "paste-result");
  doubtCells = new Set(data.doubtful.map((c) => parseCell(c, next.n)));
  showReading(data, photo, SYMBOLS);
  showDoubts();
  draw();
  showBoard();
}

function showDoubts() {
  const review = $("photo-review");
  $("photo-text").textContent = doubtText(doubtCells.size, review.dataset.unique === "true",
    review.dataset.distrust || "");
}

// -- hints -----------------------------------------------------------------------------
// A hint is told in grades (from the server), least first; the board shows the step's cells
// from the "cells" grade on and the whole step at the "step" grade.
const DEPTH = { cells: 2, step: 3 };

// The hint for the board as it stands (its digits and pencil marks), or null.
function currentHint() {
  return hint && hint.key === game.boardKey() ? hint : null;
}

// How far the hint for the board as it stands has been told: {shown, grade, depth}.
function hintState() {
  const current = currentHint();
  if (!current || current.data.kind !== "step") return { shown: 0, grade: null, depth: 0 };
  const grade = current.data.grades[current.shown - 1];
  return { shown: current.shown, grade, depth: DEPTH[grade.level] || 1 };
}

function showHint() {
  const current = currentHint();
  const { shown, grade, depth } = hintState();
  const last = current && current.data.kind === "step" ? current.data.grades.length : 0;
  $("hint").textContent = !shown ? "Hint" : shown < last - 1 ? "More" : shown < last ? "Show the step" : "Shown in full";
  $("hint").disabled = !!(current && current.data.kind !== "step") || (shown > 0 && shown >= last);
  $("apply-hint").hidden = depth < DEPTH.step;
  // a grade may be a summary line, then its sentence: the text keeps the line break
  if (current && current.data.kind !== "step") $("hint-text").textContent = current.data.text;
  else $("hint-text").textContent = grade ? grade.text : hintError;
  $("hint-text").classList.toggle("error", !grade && !!hintError);
}

// The server is sent the board the player sees: the digits, and the pencil marks (a blank
// without any stands for every candidate), so that a step applied (a placement or an
// elimination) is never hinted again.
async function askHint() {
  const key = game.boardKey();
  if (hint && hint.key === key && hint.data.kind === "step") {
    hint.shown = Math.min(hint.shown + 1, hint.data.grades.length);
  } else {
    let data;
    hintError = "";
    try {
      data = await call("hint", {
        puzzle: game.puzzleLine(), box: game.box.join("x"), grid: game.gridLine(), candidates: game.marks,
        ...game.ruleFields(),
      });
    } catch (err) {
      hintError = err.message; // said under the board until the board changes
      throw err;
    }
    hint = { data, shown: 1, key };
    if (data.kind === "step") {
      progress.hints += 1;
      keepGame();
      noteHint(data.step.key, data.step.technique);
      offerDrill();
    }
    if (data.kind === "mistake") wrongCells = new Set(data.cells.map((c) => parseCell(c, game.side)));
  }
  showHint();
  draw();
}

// -- explanations ---------------------------------------------------------------------------
// The explanation from the givens, at its first step (or the first step of technique `key`).
async function explain(key = null) {
  const data = await call("explain", { puzzle: game.puzzleLine(), box: game.box.join("x"), guess: true, ...game.ruleFields() });
  if (!data.steps.length) {
    say(data.solutions === 0 ? "The puzzle has no solution: nothing to explain." : "Nothing to explain: the grid is full.", "explain-text");
    return;
  }
  const boards = [game.startBoard()];
  for (const step of data.steps) boards.push(game.boardAfter(boards[boards.length - 1], step));
  const index = Math.max(0, data.steps.findIndex((s) => s.key === key));
  explanation = { steps: data.steps, boards, index, notes: data.notes, rating: data.rating };
  $("explain-nav").hidden = false;
  $("board").classList.add("explaining");
  draw();
  showBoard();
  $("next-step").focus();
}

function drawExplanation() {
  const { steps, boards, index } = explanation;
  const step = steps[index];
  const state = boards[index];
  board.draw({
    values: state.values,
    givens: game.givens,
    marks: state.marks,
    editing: false,
    highlight: 0,
    markStyle: "grid",
    overlay: stepOverlay(step, game.side, 3),
    readOnly: true,
  });
  const rating = explanation.rating ? ` Rated ${explanation.rating.level} ${explanation.rating.score.toFixed(1)}.` : "";
  $("step-count").textContent = `Step ${index + 1} of ${steps.length}`;
  $("step-text").textContent = `${step.technique} (${step.level}): ${step.text}` +
    (index === steps.length - 1 ? ` That was the last step.${rating}` : "");
  $("prev-step").disabled = index === 0;
  $("next-step").disabled = index === steps.length - 1;
}

function closeExplanation() {
  explanation = null;
  $("explain-nav").hidden = true;
  $("board").classList.remove("explaining");
}

// -- wiring ------------------------------------------------------------------------------
function wire() {
  $("mode").addEventListener("click", () => {
    pencil = !pencil;
    draw();
  });
  $("erase").addEventListener("click", () => {
    changed(game.clear(board.selected));
    board.focus();
  });
  $("undo").addEventListener("click", () => changed(game.undo()));
  $("redo").addEventListener("click", () => changed(game.redo()));
  $("show-conflicts").addEventListener("change", draw);
  $("candidates").addEventListener("click", () => changed(game.fillCandidates()));
  $("clear-marks").addEventListener("click", () => changed(game.change(() => { game.marks = game.marks.map(() => 0); })));

  $("new-empty").addEventListener("click", () => {
    const n = Number($("size").value);
    const next = Game.empty(n, naturalBox(n));
    const variant = $("enter-variant").value;
    if (variant) next.setRules({ variant, partial: true });
    next.editing = true;
    setGame(next, `Type the givens of a ${n}x${n} puzzle in the grid, then press "Play this puzzle".`);
    board.focus();
  });
  $("edit-done").addEventListener("click", (e) => busy(e.target, "status", async () => {
    game.editing = false;
    game.undoStack = [];
    game.redoStack = [];
    setGame(game);
    const data = await call("check", { puzzle: game.puzzleLine(), box: game.box.join("x"), ...game.ruleFields() });
    say(`Ready to play: ${data.message}.`, "status", !data.unique);
  }));
  $("paste-load").addEventListener("click", (e) => busy(e.target, "paste-result", async () => {
    say("", "paste-result");
    await loadText({ puzzle: $("paste").value }, "the pasted puzzle");
  }));
  $("file").addEventListener("change", (e) => {
    const file = e.target.files[0];
    if (!file) return;
    busy(e.target, "paste-result", async () => {
      say("", "paste-result");
      if (file.size > 60000) throw new Error(`${file.name} is larger than the page reads (60 kB)`);
      const bytes = new Uint8Array(await file.arrayBuffer());
      await loadText(fileBody(file, bytes), file.name);
    }).finally(() => {
      e.target.value = ""; // the same file can be opened again
    });
  });
  $("photo").addEventListener("change", (e) => {
    const file = e.target.files[0];
    if (!file) return;
    busy(e.target, "paste-result", () => readPhoto(file)).finally(() => {
      e.target.value = ""; // the same photo can be read again
    });
  });
  $("photo-done").addEventListener("click", () => $("edit-done").click());

  $("hint").addEventListener("click", (e) => busy(e.target, "hint-text", askHint));
  $("apply-hint").addEventListener("click", () => {
    const step = hint.data.step;
    hint = null;
    changed(game.applyStep(step));
    showHint();
    board.focus();
  });
  $("explain").addEventListener("click", (e) => busy(e.target, "explain-text", () => explain()));
  $("prev-step").addEventListener("click", () => {
    explanation.index -= 1;
    draw();
  });
  $("next-step").addEventListener("click", () => {
    explanation.index += 1;
    draw();
  });
  $("close-explain").addEventListener("click", () => {
    closeExplanation();
    $("explain-text").textContent = "";
    draw();
    board.focus();
  });
  wirePanels({
    game: () => game,
    playMade,
    rated: (level) => {
      progress.level = level;
      keepGame();
    },
  });
  $("share").addEventListener("click", async () => {
    save();
    $("share-link").select();
    try {
      await navigator.clipboard.writeText(location.href);
      say("The link is copied: it opens this puzzle and your progress.", "share-result");
    } catch {
      say("Copy the link above: it opens this puzzle and your progress.", "share-result");
    }
  });
  window.addEventListener("hashchange", () => {
    const next = Game.decode(location.hash.slice(1));
    if (next && next.encode() !== game.encode()) setGame(next, "Opened the puzzle of the link.");
  });
}

// -- play settings, colours, the theme, the daily puzzle, saved games -------------------------
const THEMES = ["system", "light", "dark"];

function applyTheme() {
  if (settings.theme === "system") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = settings.theme;
  $("theme").textContent = `Theme: ${settings.theme}`;
}

function setSetting(name, value) {
  settings = { ...settings, [name]: value };
  saveSettings(settings);
  game.autoRemove = settings.autoRemove;
  applyTheme();
  showClock();
  draw();
}

function openSaved(state) {
  const next = Game.decode(state);
  if (next) setGame(next, "Your saved game is back.");
}

async function daily(level) {
  const seed = dailySeed(level);
  const data = await call("create", { size: 9, difficulty: level, seed });
  playMade(data);
  say(`Today's ${level} puzzle: ${data.givens} givens, seed ${data.seed}.`, "daily-result");
}

function showColourMode() {
  $("colour-marks").setAttribute("aria-pressed", String(colourMarks));
  $("colour-marks").textContent = colourMarks ? "Colour: pencil marks" : "Colour: cells";
  for (const swatch of document.querySelectorAll(".swatch")) {
    swatch.setAttribute("aria-pressed", String(colourMarks && Number(swatch.dataset.colour) === colour));
  }
}

// Play a puzzle the server made (its answer to create).
function playMade(data) {
  // (a sheet's puzzle comes as its digits by position, a grid's as a line)
  const givens = data.cells || [...data.puzzle].map((ch) => SYMBOLS.indexOf(ch) + 1);
  const next = new Game(data.box[0], data.box[1], givens, null, null, data.rules || null);
  next.made = { seed: data.seed, difficulty: data.difficulty };
  setGame(next, "");
  showBoard();
}

// Bring the board into sight (a puzzle made or explained from a panel far below it, on a phone).
function showBoard() {
  const top = document.querySelector(".play").getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight / 2) document.querySelector(".play").scrollIntoView({ block: "start" });
}

function wirePlay() {
  wireLessons({ call, busy, say, playMade, explainAt: explain });
  $("theme").addEventListener("click", () => {
    setSetting("theme", THEMES[(THEMES.indexOf(settings.theme) + 1) % THEMES.length]);
  });
  $("pause").addEventListener("click", () => pause(!paused));
  $("resume").addEventListener("click", () => pause(false));
  for (const swatch of document.querySelectorAll(".swatch")) {
    swatch.addEventListener("click", () => {
      // on cells a swatch paints the selected cell; on pencil marks it is the colour digits give
      if (colourMarks) colour = Number(swatch.dataset.colour) || colour;
      else changed(game.setColour(board.selected, Number(swatch.dataset.colour)));
      showColourMode();
      board.focus();
    });
  }
  $("colour-marks").addEventListener("click", () => {
    colourMarks = !colourMarks;
    showColourMode();
    board.focus();
  });
  const options = { "opt-timer": "timer", "opt-mistakes": "mistakes", "opt-autoremove": "autoRemove" };
  for (const [id, name] of Object.entries(options)) {
    $(id).checked = settings[name];
    $(id).addEventListener("change", () => setSetting(name, $(id).checked));
  }
  $("mark-style").value = settings.markStyle;
  $("mark-style").addEventListener("change", () => setSetting("markStyle", $("mark-style").value));
  for (const b of $("daily").querySelectorAll("button")) {
    b.addEventListener("click", () => busy(b, "daily-result", () => daily(b.dataset.level)));
  }
  $("save-game").addEventListener("click", () => {
    keepGame();
    const made = game.made ? ` ${game.made.difficulty || ""}`.trimEnd() : "";
    const filled = game.values.filter((v) => v).length;
    saveGame({
      id: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      label: `${game.geo.sheet ? game.rules.variant : `${game.n}x${game.n}`}${made}, ${filled} of ${game.cellCount} filled`,
      when: new Date().toISOString(), state: game.encode(), elapsed: progress.elapsed,
    });
    renderGames(openSaved);
  });
  // the clock stops while the page is out of sight, and what it counted is kept
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) clock.stop();
    else if (!paused && !game.editing && !progress.solved) clock.start();
    keepGame();
  });
  window.addEventListener("pagehide", keepGame);
}

// what the server offers, from its listing: printing is an optional part of sudokit (its
// panel shows where the server can print), and the techniques a puzzle can be made for
async function readServer() {
  let listing = {};
  try {
    const response = await fetch("/api");
    listing = await response.json();
  } catch {
    // an old or unreachable server: no printing, no techniques to choose
  }
  $("print-panel").hidden = !listing.printable;
  fillLessons(listing.techniques || []);
  for (const t of listing.techniques || []) {
    const option = document.createElement("option");
    option.value = t.key;
    const where = t.optional ? ", off the default ladder" : "";
    option.textContent = `${t.name} (${t.level}${where})`;
    $("technique").append(option);
  }
}

// Installed on a phone's home screen, the page opens without a connection: its files are
// kept by a service worker (browsers allow one on https and on this machine's own address).
if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});

afterEachCall(() => {
  if (game) draw();
});
fillVariants($("make-variant"), true);
fillVariants($("enter-variant"), false);
applyTheme();
wire();
wirePlay();
restore();
renderGames(openSaved);
readServer();
