// The grid on the page: one element per cell, redrawn from a view of the game, with the
// keyboard and pointer handling that turns presses into moves.

import { drawLinks } from "./chains.js";
import { MARGIN, clueWords, drawOutside, hasOutsideClues, totalledCells } from "./constraints.js";
import { SYMBOLS, bits, cellName, parseCell } from "./model.js";
import { drawHouses, drawRules, layer, regionWalls } from "./rules.js";
import { nextInPlay, sheetWalls } from "./sheets.js";

// Where the k-th pencil mark of a cell goes in the corner style (as SudokuPad writes them):
// the corners first, then the edges' middles, then the centre (row, column of a 3 x 3).
const CORNERS = [[1, 1], [1, 3], [3, 1], [3, 3], [1, 2], [3, 2], [2, 1], [2, 3], [2, 2]];

export class Board {
  // element: the role="grid" container; links: the <svg> laid over it for chains;
  // handlers: {onDigit(cell, digit, pencil), onClear(cell) -> whether it changed, onUndo(),
  // onRedo(), onSelect(cell), onToggleMode()}
  constructor(element, links, handlers) {
    this.el = element;
    this.linksEl = links;
    this.handlers = handlers;
    this.cells = [];
    this.clues = []; // each cell's clues in words (cages, lines, dots, signs)
    this.n = 0;
    this.selected = 0;
    this.readOnly = false;
    this.editing = false;
    // keys are read on the whole page, not the grid alone: after a click on a button (Pencil
    // marks, Undo, Hint...) a digit typed still goes to the selected cell
    document.addEventListener("keydown", (e) => {
      if (!this.readOnly && this.n && !typesText(e.target)) this.onKey(e);
    });
    this.el.addEventListener("click", (e) => {
      const cell = e.target.closest(".cell");
      if (cell) this.select(Number(cell.dataset.cell), true);
    });
  }

  // Build the cells for a size, box shape and rules (only when they change): a variant's
  // marks drawn under the cells, a jigsaw's regions walled in place of the boxes. peers:
  // each cell's peers under the rules (the cells shaded with the selected one). sheet: the
  // geometry of several overlapping grids (sheets.js), whose side n is the sheet's: the
  // positions no grid covers are left empty, and cannot be selected.
  build(n, boxRows, boxCols, rules = null, peers = null, sheet = null) {
    this.peers = peers;
    if (this.n === n && this.boxRows === boxRows && this.boxCols === boxCols && this.rules === rules) return;
    this.n = n;
    this.digits = sheet ? sheet.n : n; // the digits a cell takes
    this.sheet = sheet;
    this.boxRows = boxRows;
    this.boxCols = boxCols;
    this.rules = rules;
    this.el.replaceChildren();
    this.el.classList.toggle("sheet", !!sheet);
    const whole = rules && !rules.partial && !sheet ? rules : null;
    const marks = layer("rules-layer");
    drawRules(marks, whole, n);
    this.clues = clueWords(whole, n);
    const totalled = totalledCells(whole);
    this.placeOutside(whole, n);
    this.housesEl = layer("houses-layer");
    this.el.append(marks, this.housesEl);
    this.el.style.setProperty("--n", n);
    this.el.setAttribute("aria-rowcount", n);
    this.el.setAttribute("aria-colcount", n);
    this.cells = [];
    for (let r = 0; r < n; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.className = "row";
      for (let c = 0; c < n; c++) {
        const cell = document.createElement("div");
        const index = r * n + c;
        cell.className = "cell";
        if (sheet && !sheet.inPlay[index]) { // a position of the sheet that no grid covers
          cell.className = "void";
          cell.setAttribute("role", "presentation");
          row.append(cell);
          this.cells.push(cell);
          continue;
        }
        const [right, bottom, left, top] = sheet ? sheetWalls(sheet, index) : regionWalls(rules, n, index) ||
          [(c + 1) % boxCols === 0 && c + 1 < n, (r + 1) % boxRows === 0 && r + 1 < n];
        if (right) cell.classList.add("box-right");
        if (bottom) cell.classList.add("box-bottom");
        if (left) cell.classList.add("box-left");
        if (top) cell.classList.add("box-top");
        if (totalled.has(index)) cell.classList.add("totalled");
        cell.setAttribute("role", "gridcell");
        cell.dataset.cell = index;
        cell.id = `cell-${cellName(index, n)}`;
        cell.tabIndex = -1;
        row.append(cell);
        this.cells.push(cell);
      }
      this.el.append(row);
    }
    this.selected = this.firstCell(); // a new grid starts at its top left cell
    this.cells[this.selected].tabIndex = 0;
  }

  // Draw a view: {values, givens, marks, editing, conflicts:Set, highlight: digit,
  // overlay: {cells:Set, struck: Set of "cell:digit", placed: Map cell->digit, wrong:Set,
  // links}, colours (a colour number per cell), markColours ("cell:digit" -> colour), markStyle ("grid", "corner", "centre"),
  // readOnly}
  draw(view) {
    const { n } = this;
    const overlay = view.overlay || {};
    const links = overlay.links || [];
    // a step's struck candidates and chains are drawn where each digit has its place
    const style = links.length || (overlay.struck && overlay.struck.size) ? "grid" : view.markStyle || "grid";
    drawLinks(this.linksEl, links, n, this.boxRows, this.boxCols);
    drawHouses(this.housesEl, overlay.houses, n);
    const shaded = overlay.cells || new Set();
    const struck = overlay.struck || new Set();
    const placed = overlay.placed || new Map();
    const wrong = overlay.wrong || new Set();
    const doubt = overlay.doubt || new Set();
    const conflicts = view.conflicts || new Set();
    this.readOnly = !!view.readOnly;
    this.editing = !!view.editing;
    for (let i = 0; i < n * n; i++) {
      if (!this.inPlay(i)) continue;
      const el = this.cells[i];
      const value = placed.has(i) ? placed.get(i) : view.values[i];
      const given = view.givens[i] !== 0;
      el.classList.toggle("given", given && !view.editing);
      el.classList.toggle("entered", given && view.editing);
      el.classList.toggle("user", !given && !!value && !placed.has(i));
      el.classList.toggle("placed", placed.has(i));
      el.classList.toggle("shaded", shaded.has(i));
      el.classList.toggle("conflict", conflicts.has(i));
      el.classList.toggle("wrong", wrong.has(i));
      el.classList.toggle("doubt", doubt.has(i));
      el.classList.toggle("same", !!view.highlight && value === view.highlight);
      el.classList.toggle("selected", i === this.selected && !view.readOnly);
      el.classList.toggle("peer", !view.readOnly && i !== this.selected && this.sees(i, this.selected));
      const colour = view.colours ? view.colours[i] : 0;
      for (let k = 1; k <= 6; k++) el.classList.toggle(`colour-${k}`, colour === k);
      el.setAttribute("aria-selected", String(i === this.selected));
      el.replaceChildren();
      let label;
      if (value) {
        el.textContent = SYMBOLS[value - 1];
        label = `${SYMBOLS[value - 1]}${given ? ", given" : ""}`;
        if (placed.has(i)) label += ", placed by this step";
      } else if (view.marks[i]) {
        const have = new Set(bits(view.marks[i]));
        el.append(this.marksOf(i, have, style, struck, view.highlight, view.markColours || {}));
        const struckHere = [...have].filter((d) => struck.has(`${i}:${d}`));
        label = `empty, pencil marks ${[...have].map((d) => SYMBOLS[d - 1]).join(" ")}`;
        if (struckHere.length) label += `, ruled out ${struckHere.map((d) => SYMBOLS[d - 1]).join(" ")}`;
      } else {
        label = "empty";
      }
      if (conflicts.has(i)) label += ", conflict";
      if (wrong.has(i)) label += ", wrong";
      if (doubt.has(i)) label += ", read in doubt";
      if (shaded.has(i)) label += ", part of the step";
      if (this.clues[i]) label += `; ${this.clues[i]}`;
      el.setAttribute("aria-label", `row ${Math.floor(i / n) + 1}, column ${(i % n) + 1}: ${label}`);
    }
  }

  // Clues outside the grid (little killers, sandwich sums) get a margin round it, in the
  // board's place: the grid is as much smaller, and nothing grows past the screen's width.
  placeOutside(rules, n) {
    const wrap = this.el.parentElement;
    let svg = wrap.querySelector(":scope > .clues-layer");
    const outside = hasOutsideClues(rules);
    wrap.classList.toggle("clued", outside);
    wrap.style.setProperty("--clue-pad", `${(100 * MARGIN) / (n + 2 * MARGIN)}%`);
    if (!outside) {
      if (svg) svg.remove();
      return;
    }
    if (!svg) {
      svg = layer("clues-layer");
      wrap.prepend(svg);
    }
    drawOutside(svg, rules, n);
  }

  // The pencil marks of a cell in a style: "grid" (each digit in its place, as HoDoKu),
  // "corner" (in the corners first, as SudokuPad) or "centre" (in a row, in the middle).
  marksOf(i, have, style, struck, highlight, markColours) {
    const n = this.digits;
    const corner = style === "corner" && n <= 9;
    const box = document.createElement("div");
    box.className = `marks ${corner ? "corner" : style === "centre" ? "centre" : "grid"}`;
    if (!corner && style !== "centre") {
      box.style.gridTemplateColumns = `repeat(${this.boxCols}, 1fr)`;
      box.style.gridTemplateRows = `repeat(${this.boxRows}, 1fr)`;
    }
    let k = 0;
    for (let d = 1; d <= n; d++) {
      if (style !== "grid" && !have.has(d)) continue;
      const mark = document.createElement("span");
      mark.className = "mark";
      if (have.has(d)) {
        mark.textContent = SYMBOLS[d - 1];
        if (struck.has(`${i}:${d}`)) mark.classList.add("struck");
        if (highlight === d) mark.classList.add("same");
        const colour = markColours[`${i}:${d}`];
        if (colour) mark.classList.add(`colour-${colour}`);
      }
      if (corner) {
        const [row, col] = CORNERS[k++];
        mark.style.gridArea = `${row} / ${col}`;
      }
      box.append(mark, " "); // (spaced: the text reads as the cell's label says it)
    }
    return box;
  }

  // Do two cells share a row, a column or a box (a house, under a variant's rules)?
  sees(a, b) {
    if (this.peers) return this.peers[b].includes(a);
    const { n, boxRows, boxCols } = this;
    const [ra, ca, rb, cb] = [Math.floor(a / n), a % n, Math.floor(b / n), b % n];
    return ra === rb || ca === cb ||
      (Math.floor(ra / boxRows) === Math.floor(rb / boxRows) && Math.floor(ca / boxCols) === Math.floor(cb / boxCols));
  }

  // Is the cell in play (a sheet leaves some positions to no grid)?
  inPlay(cell) {
    return !this.sheet || this.sheet.inPlay[cell];
  }

  // The first cell in play in reading order.
  firstCell() {
    let cell = 0;
    while (!this.inPlay(cell)) cell += 1;
    return cell;
  }

  select(cell, focus) {
    if (cell < 0 || cell >= this.n * this.n || !this.inPlay(cell)) return;
    this.cells[this.selected].tabIndex = -1;
    this.selected = cell;
    this.cells[cell].tabIndex = 0;
    if (focus) this.cells[cell].focus();
    this.handlers.onSelect(cell);
  }

  focus() {
    this.cells[this.selected].focus();
  }

  // The next cell in reading order (a row's end goes on at the next row's start), or the
  // previous one; the grid's last and first cells stay where they are.
  step(by) {
    let next = this.selected + by;
    while (next >= 0 && next < this.n * this.n && !this.inPlay(next)) next += by;
    return next >= 0 && next < this.n * this.n ? next : this.selected;
  }

  onKey(e) {
    const { n } = this;
    const row = Math.floor(this.selected / n);
    const col = this.selected % n;
    const sheet = this.sheet;
    const inRow = [...Array(n).keys()].map((k) => row * n + k).filter((i) => this.inPlay(i));
    const moves = sheet ? {
      ArrowUp: nextInPlay(sheet, this.selected, -1, 0),
      ArrowDown: nextInPlay(sheet, this.selected, 1, 0),
      ArrowLeft: this.step(-1),
      ArrowRight: this.step(1),
      Home: inRow[0],
      End: inRow[inRow.length - 1],
    } : {
      ArrowUp: Math.max(row - 1, 0) * n + col,
      ArrowDown: Math.min(row + 1, n - 1) * n + col,
      ArrowLeft: this.step(-1),
      ArrowRight: this.step(1),
      Home: row * n,
      End: row * n + n - 1,
    };
    const mod = e.ctrlKey || e.metaKey;
    if (mod && (e.key === "z" || e.key === "Z")) {
      if (e.shiftKey) this.handlers.onRedo();
      else this.handlers.onUndo();
    } else if (mod && (e.key === "y" || e.key === "Y")) {
      this.handlers.onRedo();
    } else if (mod || e.altKey) {
      return;
    } else if (e.key === " " && !(e.target instanceof Element && e.target.closest("button, a, summary"))) {
      this.handlers.onToggleMode(); // Space: pencil marks on or off
    } else if (Object.hasOwn(moves, e.key)) {
      this.select(moves[e.key], true);
    } else if (this.editing && e.key === "Backspace") {
      // typing the givens: Backspace on a blank takes back the cell before, as in a line
      if (!this.handlers.onClear(this.selected)) {
        this.select(this.step(-1), true);
        this.handlers.onClear(this.selected);
      }
    } else if (this.editing && (["0", "."].includes(e.key) || e.code === "Digit0")) {
      this.handlers.onClear(this.selected); // a blank typed, and on to the next cell
      this.select(this.step(1), true);
    } else if (["Backspace", "Delete", "0", "."].includes(e.key) || e.code === "Digit0") {
      this.handlers.onClear(this.selected);
    } else {
      const digit = this.digitOf(e);
      if (!digit) return;
      this.handlers.onDigit(this.selected, digit, e.shiftKey);
    }
    e.preventDefault();
  }

  // The digit a key stands for: 1-9 (also with Shift, by its key code), letters past 9.
  digitOf(e) {
    let symbol = e.key.length === 1 ? e.key.toUpperCase() : "";
    const code = /^(?:Digit|Numpad)([1-9])$/.exec(e.code);
    if (code) symbol = code[1];
    if (!symbol) return 0; // Shift, Tab and other keys that are no symbol
    const d = SYMBOLS.indexOf(symbol) + 1;
    return d > 0 && d <= this.digits ? d : 0;
  }
}

// Does the element take typed text (so that its keys are its own, not the grid's)?
function typesText(el) {
  if (!(el instanceof Element)) return false;
  if (el.isContentEditable || el.closest("textarea, select")) return true;
  const input = el.closest("input");
  return !!input && !["checkbox", "radio", "button", "submit", "reset", "file", "range", "color"]
    .includes(input.type);
}

// The overlay that draws a logic step: its cells shaded, eliminations struck, placements.
export function stepOverlay(step, n, level = 3) {
  const overlay = { cells: new Set(), struck: new Set(), placed: new Map() };
  if (!step) return overlay;
  if (level >= 2) {
    for (const c of step.cells) overlay.cells.add(parseCell(c, n));
    overlay.houses = (step.houses || []).map((h) => h.map((c) => parseCell(c, n)));
  }
  if (level >= 3) {
    overlay.links = step.links || [];
    for (const e of step.eliminations) overlay.struck.add(`${parseCell(e.cell, n)}:${e.digit}`);
    for (const p of step.placements) overlay.placed.set(parseCell(p.cell, n), p.digit);
  }
  return overlay;
}
