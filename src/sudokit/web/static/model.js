// The game: the puzzle's givens, the digits and pencil marks filled in, undo and redo, and
// the text form that goes into the share link and the browser's storage.

import { decodeRules, encodeRules, parityMask, ruleConflicts, ruleFields, ruleGeometry } from "./rules.js";
import { decodeSheet, encodeSheet, sheetGeometry } from "./sheets.js";

export const SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

// The natural box of an N x N grid: as many rows as the largest divisor of N that is at
// most its square root (6 -> 2x3, 12 -> 3x4), as the library decides it.
export function naturalBox(n) {
  let rows = 1;
  for (let r = 1; r * r <= n; r++) if (n % r === 0) rows = r;
  return [rows, n / rows];
}

const geometries = new Map();

// Cells of each row, column and box, and each cell's peers, for one box shape.
export function geometry(boxRows, boxCols) {
  const key = `${boxRows}x${boxCols}`;
  if (geometries.has(key)) return geometries.get(key);
  const n = boxRows * boxCols;
  const units = [];
  for (let r = 0; r < n; r++) units.push([...Array(n).keys()].map((c) => r * n + c));
  for (let c = 0; c < n; c++) units.push([...Array(n).keys()].map((r) => r * n + c));
  for (let b = 0; b < n; b++) {
    const r0 = Math.floor(b / (n / boxCols)) * boxRows;
    const c0 = (b % (n / boxCols)) * boxCols;
    const cells = [];
    for (let r = 0; r < boxRows; r++) for (let c = 0; c < boxCols; c++) cells.push((r0 + r) * n + c0 + c);
    units.push(cells);
  }
  const peers = [...Array(n * n)].map(() => new Set());
  for (const unit of units) for (const a of unit) for (const b of unit) if (a !== b) peers[a].add(b);
  const geo = { n, side: n, boxRows, boxCols, units, peers: peers.map((s) => [...s]) };
  geometries.set(key, geo);
  return geo;
}

// "r3c10" -> cell index
export function parseCell(name, n) {
  const m = /^r(\d+)c(\d+)$/.exec(name);
  return (Number(m[1]) - 1) * n + Number(m[2]) - 1;
}

export function cellName(cell, n) {
  return `r${Math.floor(cell / n) + 1}c${(cell % n) + 1}`;
}

export function toLine(values) {
  return values.map((v) => (v ? SYMBOLS[v - 1] : ".")).join("");
}

export function fromLine(line, n) {
  const out = [];
  for (const ch of line) {
    const v = SYMBOLS.indexOf(ch.toUpperCase()) + 1;
    out.push(v > 0 && v <= n ? v : 0);
  }
  return out;
}

export function bits(mask) {
  const out = [];
  for (let d = 1; mask; d++, mask >>>= 1) if (mask & 1) out.push(d);
  return out;
}

export class Game {
  // rules: a variant's rules as the server gives them back (null: classic); rules with
  // `partial` set hold only the fields that name them, until the server completes them
  constructor(boxRows, boxCols, givens, values = null, marks = null, rules = null) {
    this.setRules(rules, boxRows, boxCols);
    this.n = this.geo.n;
    this.givens = givens.slice();
    this.values = values ? values.slice() : givens.slice();
    this.marks = marks ? marks.slice() : Array(this.side * this.side).fill(0);
    this.colours = Array(this.side * this.side).fill(0); // the player's colour of each cell, 0 none
    this.markColours = {}; // "cell:digit" -> the player's colour of that pencil mark
    this.autoRemove = true; // a digit placed takes its pencil mark out of its peers
    this.editing = false;
    this.undoStack = [];
    this.redoStack = [];
    this.made = null; // {seed, difficulty, size} when the page made the puzzle
  }

  static empty(n, box = naturalBox(n)) {
    return new Game(box[0], box[1], Array(n * n).fill(0));
  }

  // Play under `rules` (null: the classic rules of the boxes; with `sheet`, several
  // overlapping grids laid out on a sheet).
  setRules(rules, boxRows = this.geo.boxRows, boxCols = this.geo.boxCols) {
    this.rules = rules || null;
    const base = geometry(boxRows, boxCols);
    this.geo = rules && rules.sheet ? sheetGeometry(rules.sheet) : rules && !rules.partial ? ruleGeometry(base, rules) : base;
  }

  // The side of the board in cells: the grid's, or a sheet's (whose grids are smaller).
  get side() {
    return this.geo.side;
  }

  // Is the cell in play (on a sheet, some positions belong to no grid)?
  inPlay(cell) {
    return !this.geo.inPlay || this.geo.inPlay[cell];
  }

  // How many cells the player fills in, givens and blanks.
  get cellCount() {
    return this.geo.inPlay ? this.geo.inPlay.filter((p) => p).length : this.n * this.n;
  }

  // The fields of an API call that give the puzzle its rules.
  ruleFields() {
    return ruleFields(this.rules);
  }

  get box() {
    return [this.geo.boxRows, this.geo.boxCols];
  }

  puzzleLine() {
    return toLine(this.givens);
  }

  gridLine() {
    return toLine(this.values);
  }

  // The board as the player sees it, digits and pencil marks: a hint is for one board.
  boardKey() {
    return `${this.gridLine()}|${this.marks.join(",")}`;
  }

  isGiven(cell) {
    return !this.editing && this.givens[cell] !== 0;
  }

  // Every change goes through here: one undo step for one action of the player.
  change(action) {
    const before = this.snapshot();
    const changed = action();
    if (changed === false) return false;
    this.undoStack.push(before);
    if (this.undoStack.length > 1000) this.undoStack.shift();
    this.redoStack = [];
    return true;
  }

  snapshot() {
    return {
      givens: this.givens.slice(), values: this.values.slice(), marks: this.marks.slice(),
      colours: this.colours.slice(), markColours: { ...this.markColours },
    };
  }

  restore(s) {
    this.givens = s.givens.slice();
    this.values = s.values.slice();
    this.marks = s.marks.slice();
    this.colours = s.colours.slice();
    this.markColours = { ...s.markColours };
  }

  undo() {
    if (!this.undoStack.length) return false;
    this.redoStack.push(this.snapshot());
    this.restore(this.undoStack.pop());
    return true;
  }

  redo() {
    if (!this.redoStack.length) return false;
    this.undoStack.push(this.snapshot());
    this.restore(this.redoStack.pop());
    return true;
  }

  // Put a digit in a cell (in the editor: a given). The digit leaves its peers' marks.
  setDigit(cell, digit) {
    if (this.isGiven(cell) || !this.inPlay(cell) || digit < 1 || digit > this.n) return false;
    return this.change(() => {
      if (this.values[cell] === digit) return false;
      this.values[cell] = digit;
      if (this.editing) this.givens[cell] = digit;
      this.marks[cell] = 0;
      const bit = 1 << (digit - 1);
      if (this.autoRemove || this.editing) for (const p of this.geo.peers[cell]) this.marks[p] &= ~bit;
      return true;
    });
  }

  // Colour a pencil mark (digit in cell) or, if it has that colour already, take it off.
  toggleMarkColour(cell, digit, colour) {
    if (this.editing || this.values[cell] || digit < 1 || digit > this.n) return false;
    return this.change(() => {
      const key = `${cell}:${digit}`;
      if (this.markColours[key] === colour) delete this.markColours[key];
      else this.markColours[key] = colour;
    });
  }

  // Colour a cell (1.. a colour of the palette, 0 none): one undo step.
  setColour(cell, colour) {
    if (this.editing || !this.inPlay(cell) || this.colours[cell] === colour) return false;
    return this.change(() => {
      this.colours[cell] = colour;
    });
  }

  toggleMark(cell, digit) {
    if (this.editing || !this.inPlay(cell) || this.values[cell] || digit < 1 || digit > this.n) return false;
    return this.change(() => {
      this.marks[cell] ^= 1 << (digit - 1);
    });
  }

  clear(cell) {
    if (this.isGiven(cell)) return false;
    return this.change(() => {
      if (!this.values[cell] && !this.marks[cell]) return false;
      this.values[cell] = 0;
      if (this.editing) this.givens[cell] = 0;
      this.marks[cell] = 0;
      return true;
    });
  }

  // Cells whose digit also stands in a peer, or breaks another rule of a variant.
  conflicts() {
    return ruleConflicts(this.values, this.geo);
  }

  // The candidates of every blank: the digits none of its peers holds.
  candidates(values = this.values) {
    const full = 2 ** this.n - 1;
    return values.map((v, cell) => {
      if (v || !this.inPlay(cell)) return 0;
      let mask = full & parityMask(this.geo, cell);
      for (const p of this.geo.peers[cell]) if (values[p]) mask &= ~(1 << (values[p] - 1));
      return mask;
    });
  }

  fillCandidates() {
    return this.change(() => {
      this.marks = this.candidates();
    });
  }

  // Apply a logic step (placements and eliminations, by cell name) as one undo step. A
  // blank without pencil marks stands for all its candidates (as the hint reads the board),
  // so a candidate ruled out there leaves the others written in.
  applyStep(step) {
    return this.change(() => {
      for (const p of step.placements) {
        const cell = parseCell(p.cell, this.side);
        if (!this.givens[cell]) this.values[cell] = p.digit;
        this.marks[cell] = 0;
        for (const q of this.geo.peers[cell]) this.marks[q] &= ~(1 << (p.digit - 1));
      }
      const all = this.candidates();
      for (const e of step.eliminations) {
        const cell = parseCell(e.cell, this.side);
        if (this.values[cell]) continue;
        if (!this.marks[cell]) this.marks[cell] = all[cell];
        this.marks[cell] &= ~(1 << (e.digit - 1));
      }
    });
  }

  // A puzzle the server converted (its answer to convert): digits, and pencil marks if any.
  static fromConvert(data) {
    const [r, c] = data.box;
    const cells = data.cells;
    const next = new Game(r, c, cells, null, null, data.rules || null);
    if (data.candidates) next.marks = data.candidates.map((m, i) => (cells[i] ? 0 : m));
    return next;
  }

  // The pencil marks to draw with a step shown in full: a blank without marks stands for all
  // its candidates, written in where the step rules one out so that the struck digit shows.
  marksWithStruck(step) {
    const all = this.candidates();
    const marks = this.marks.slice();
    for (const e of step.eliminations) {
      const cell = parseCell(e.cell, this.side);
      if (!marks[cell] && !this.values[cell]) marks[cell] = all[cell];
    }
    return marks;
  }

  // The board an explanation starts from: the givens and every blank's candidates.
  startBoard() {
    return { values: this.givens.slice(), marks: this.candidates(this.givens) };
  }

  // A board of an explanation ({values, marks}) after one more step.
  boardAfter(state, step) {
    const values = state.values.slice();
    const marks = state.marks.slice();
    for (const p of step.placements) {
      const cell = parseCell(p.cell, this.side);
      values[cell] = p.digit;
      marks[cell] = 0;
      for (const q of this.geo.peers[cell]) marks[q] &= ~(1 << (p.digit - 1));
    }
    for (const e of step.eliminations) marks[parseCell(e.cell, this.side)] &= ~(1 << (e.digit - 1));
    return { values, marks };
  }

  isSolved() {
    return this.values.every((v, i) => v || !this.inPlay(i)) && this.conflicts().size === 0;
  }

  // The state as URL parameters: size, box, puzzle, the digits filled in, pencil marks.
  encode() {
    const params = new URLSearchParams();
    params.set("b", `${this.geo.boxRows}x${this.geo.boxCols}`);
    params.set("p", this.puzzleLine());
    const filled = this.values.map((v, i) => (this.givens[i] ? 0 : v));
    if (filled.some((v) => v)) params.set("g", toLine(filled));
    const marks = [];
    this.marks.forEach((m, i) => {
      if (m) marks.push(`${i.toString(36)}.${m.toString(36)}`);
    });
    if (marks.length) params.set("m", marks.join("_"));
    const colours = this.colours.map((c) => c.toString(36)).join("");
    if (/[^0]/.test(colours)) params.set("c", colours);
    const marked = Object.entries(this.markColours).map(([key, colour]) => {
      const [cell, digit] = key.split(":").map(Number);
      return `${cell.toString(36)}.${digit.toString(36)}.${colour}`;
    });
    if (marked.length) params.set("k", marked.join("_"));
    encodeRules(params, this.rules);
    encodeSheet(params, this.geo.sheet);
    if (this.editing) params.set("e", "1");
    if (this.made) params.set("s", `${this.made.seed}|${this.made.difficulty || ""}`);
    return params.toString();
  }

  static decode(text) {
    const params = new URLSearchParams(text);
    const box = /^(\d+)x(\d+)$/.exec(params.get("b") || "");
    const puzzle = params.get("p");
    if (!box || !puzzle) return null;
    const [r, c] = [Number(box[1]), Number(box[2])];
    const n = r * c;
    const sheet = decodeSheet(params); // several overlapping grids: positions of a sheet
    const side = sheet ? Math.max(sheet.sheet.rows, sheet.sheet.cols) : n;
    if (n < 1 || n > 35 || puzzle.length !== side * side || (sheet && sheet.sheet.size !== n)) return null;
    const givens = fromLine(puzzle, n);
    const values = givens.slice();
    const filled = params.get("g");
    if (filled && filled.length === side * side) {
      fromLine(filled, n).forEach((v, i) => {
        if (v && !givens[i]) values[i] = v;
      });
    }
    const marks = Array(side * side).fill(0);
    for (const item of (params.get("m") || "").split("_")) {
      const [cell, mask] = item.split(".").map((x) => parseInt(x, 36));
      if (cell >= 0 && cell < side * side && mask > 0) marks[cell] = mask & (2 ** n - 1);
    }
    const game = new Game(r, c, givens, values, marks, sheet || decodeRules(params, n));
    if (sheet) game.givens.forEach((v, i) => { if (!game.inPlay(i)) game.givens[i] = game.values[i] = game.marks[i] = 0; });
    const colours = params.get("c") || "";
    if (colours.length === side * side) game.colours = [...colours].map((ch) => parseInt(ch, 36) % 7 || 0);
    for (const item of (params.get("k") || "").split("_")) {
      const [cell, digit, colour] = item.split(".").map((x) => parseInt(x, 36));
      if (cell >= 0 && cell < side * side && digit >= 1 && digit <= n && colour >= 1 && colour <= 6) {
        game.markColours[`${cell}:${digit}`] = colour;
      }
    }
    game.editing = params.get("e") === "1";
    const made = params.get("s");
    if (made) {
      const [seed, difficulty] = made.split("|");
      game.made = { seed, difficulty: difficulty || null };
    }
    return game;
  }
}
