// The cages, lines, dots and signs of a puzzle's rules on the board, as the setters' tools
// draw them: each constraint comes from the server as {kind, ...its parameters by name}
// (cells numbered 0..N*N-1 in reading order). Cages, lines and signs are drawn in the layer
// laid under the digits (viewBox in cells); little killer and sandwich clues outside the
// grid, in a margin of the board's place; and each is said in words in the accessible names
// of its cells. A kind the page does not know is named (unknownKinds), never drawn wrongly.

const SVG = "http://www.w3.org/2000/svg";

// The margin around the grid, in cells, when the rules have clues outside it.
export const MARGIN = 0.8;

// Each line's word (the accessible names) and the class it is drawn with.
const LINES = {
  Thermo: "thermometer", Whisper: "German whispers line", Renban: "renban line",
  Palindrome: "palindrome line", Between: "between line", RegionSum: "region-sum line",
  Entropic: "entropic line",
};
const OUTSIDE = new Set(["LittleKiller", "Sandwich"]);
const KNOWN = new Set([...Object.keys(LINES), "Cage", "Arrow", "Kropki", "XV", "GreaterThan", ...OUTSIDE]);

function shape(name, attrs, text) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

const centre = (cell, n) => [(cell % n) + 0.5, Math.floor(cell / n) + 0.5];
const name = (cell, n) => `r${Math.floor(cell / n) + 1}c${(cell % n) + 1}`;
const points = (cells, n) => cells.map((c) => centre(c, n).map((v) => +v.toFixed(3)).join(",")).join(" ");

// The kinds of the rules' constraints that the page cannot draw (none: []).
export function unknownKinds(rules) {
  return [...new Set((rules && rules.constraints || []).map((c) => c.kind).filter((k) => !KNOWN.has(k)))];
}

// Does any clue of the rules stand outside the grid (little killers, sandwich sums)?
export function hasOutsideClues(rules) {
  return !!rules && (rules.constraints || []).some((c) => OUTSIDE.has(c.kind));
}

// A cage's dashed outline, set in from the cells' edges, with a gap in the top left corner
// of its first cell where its total is written.
function cageOutline(cells, n, gap) {
  const inside = new Set(cells);
  const d = 0.09;
  const has = (r, c) => r >= 0 && c >= 0 && r < n && c < n && inside.has(r * n + c);
  let path = "";
  for (const cell of cells) {
    const [r, c] = [Math.floor(cell / n), cell % n];
    // each side: the neighbour across it, the direction along it, where it lies
    for (const [dr, dc] of [[-1, 0], [0, 1], [1, 0], [0, -1]]) {
      if (has(r + dr, c + dc)) continue;
      const [ar, ac] = [dc, -dr]; // along the side (clockwise)
      // the side's two ends: set in where the next cell along is outside the cage, carried
      // on past the edge where the cage turns a corner round the cell outside
      const end = (sign) => {
        if (!has(r + sign * ar, c + sign * ac)) return -d;
        return has(r + sign * ar + dr, c + sign * ac + dc) ? d : 0;
      };
      const [x0, y0] = [c + 0.5 + dc * (0.5 - d), r + 0.5 + dr * (0.5 - d)];
      let [s, e] = [-(0.5 + end(-1)), 0.5 + end(1)];
      if (cell === cells[0] && gap) {
        if (dr === -1) s = Math.max(s, gap[0] - 0.5); // the top side, after the total
        if (dc === -1) e = Math.min(e, 0.5 - gap[1]); // the left side, under it
      }
      if (e <= s) continue;
      const p = (t) => `${+(x0 + ac * t).toFixed(3)} ${+(y0 + ar * t).toFixed(3)}`;
      path += `M${p(s)}L${p(e)}`;
    }
  }
  return path;
}

function drawCage(svg, c, n) {
  const cells = [...c.cells].sort((a, b) => a - b);
  const total = c.total === null || c.total === undefined ? "" : String(c.total);
  const gap = total ? [0.1 + 0.15 * total.length, 0.34] : null;
  svg.append(shape("path", { d: cageOutline(cells, n, gap), class: "cage" }));
  if (total) {
    const [x, y] = centre(cells[0], n);
    svg.append(shape("text", { x: x - 0.45, y: y - 0.27, class: "cage-total", "font-size": 0.24 }, total));
  }
}

function drawArrow(svg, c, n) {
  const circle = c.circle.map((cell) => centre(cell, n));
  const xs = circle.map((p) => p[0]);
  const ys = circle.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  svg.append(shape("rect", {
    x: x0 - 0.4, y: y0 - 0.4, width: x1 - x0 + 0.8, height: y1 - y0 + 0.8, rx: 0.4, class: "arrow-circle",
  }));
  const start = c.circle.reduce((best, cell) => {
    const [a, b] = [centre(cell, n), centre(c.line[0], n)];
    const dist = Math.hypot(a[0] - b[0], a[1] - b[1]);
    return dist < best[0] ? [dist, a] : best;
  }, [Infinity, null])[1];
  const first = centre(c.line[0], n);
  const len = Math.hypot(first[0] - start[0], first[1] - start[1]);
  const from = [start[0] + ((first[0] - start[0]) * 0.4) / len, start[1] + ((first[1] - start[1]) * 0.4) / len];
  const pts = [from, ...c.line.map((cell) => centre(cell, n))];
  svg.append(shape("polyline", { points: pts.map((p) => p.map((v) => +v.toFixed(3)).join(",")).join(" "), class: "arrow-line" }));
  const [a, b] = pts.slice(-2);
  const l = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const [ux, uy] = [(b[0] - a[0]) / l, (b[1] - a[1]) / l];
  const head = (side) => `${+(b[0] - ux * 0.22 + side * uy * 0.15).toFixed(3)},${+(b[1] - uy * 0.22 - side * ux * 0.15).toFixed(3)}`;
  svg.append(shape("polyline", { points: `${head(1)} ${b[0]},${b[1]} ${head(-1)}`, class: "arrow-line" }));
}

function drawLine(svg, c, n) {
  const cls = `line ${c.kind.toLowerCase()}`;
  if (c.kind === "Thermo") {
    const [x, y] = centre(c.line[0], n);
    svg.append(shape("circle", { cx: x, cy: y, r: 0.38, class: "thermo-bulb" }));
  }
  if (c.line.length > 1) svg.append(shape("polyline", { points: points(c.line, n), class: cls }));
  if (c.kind === "Thermo" && c.slow) {
    // a slow thermometer is hollow: its inside in the board's colour
    const [x, y] = centre(c.line[0], n);
    svg.append(shape("circle", { cx: x, cy: y, r: 0.3, class: "thermo-hollow" }));
    if (c.line.length > 1) svg.append(shape("polyline", { points: points(c.line, n), class: "line thermo-hollow" }));
  }
  if (c.kind === "Between") {
    for (const end of [c.line[0], c.line[c.line.length - 1]]) {
      const [x, y] = centre(end, n);
      svg.append(shape("circle", { cx: x, cy: y, r: 0.4, class: "between-end" }));
    }
  }
}

// Where a sign between two side by side cells sits: the middle of their shared edge.
function edge(a, b, n) {
  const [pa, pb] = [centre(a, n), centre(b, n)];
  return [(pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2];
}

function drawSign(svg, c, n) {
  if (c.kind === "Kropki") {
    const [x, y] = edge(c.a, c.b, n);
    svg.append(shape("circle", { cx: x, cy: y, r: 0.13, class: `dot ${c.colour}` }));
  } else if (c.kind === "XV") {
    const [x, y] = edge(c.a, c.b, n);
    svg.append(shape("text", { x, y, class: "xv", "font-size": 0.3 }, c.total === 10 ? "X" : "V"));
  } else {
    // the sign opens towards the greater digit: its point is on the side of the smaller
    const [x, y] = edge(c.big, c.small, n);
    const [pb, ps] = [centre(c.big, n), centre(c.small, n)];
    const [ux, uy] = [ps[0] - pb[0], ps[1] - pb[1]];
    const arm = (side) => `${+(x - ux * 0.08 + side * uy * 0.13).toFixed(3)},${+(y - uy * 0.08 - side * ux * 0.13).toFixed(3)}`;
    svg.append(shape("polyline", { points: `${arm(1)} ${x + ux * 0.08},${y + uy * 0.08} ${arm(-1)}`, class: "greater" }));
  }
}

// Draw the cages, lines and signs of `rules` on `svg` (viewBox 0 0 n n), under the digits:
// lines first, then cages, then the signs on the cells' edges.
export function drawConstraints(svg, rules, n) {
  const items = (rules && rules.constraints) || [];
  for (const c of items) if (LINES[c.kind]) drawLine(svg, c, n);
  for (const c of items) if (c.kind === "Arrow") drawArrow(svg, c, n);
  for (const c of items) if (c.kind === "Cage") drawCage(svg, c, n);
  for (const c of items) if (["Kropki", "XV", "GreaterThan"].includes(c.kind)) drawSign(svg, c, n);
}

// The direction a little killer's diagonal runs from its clue: [rows, columns] per step.
function diagonal(c, n) {
  if (c.line.length > 1) {
    const [a, b] = c.line;
    return [Math.floor(b / n) - Math.floor(a / n), (b % n) - (a % n)];
  }
  const [r, col] = [Math.floor(c.line[0] / n), c.line[0] % n];
  return [r === 0 ? 1 : -1, col === 0 ? 1 : -1];
}

// Draw the clues outside the grid on `svg`, laid over the board's place with a margin of
// MARGIN cells round the grid: little killer totals with their arrows, sandwich sums.
export function drawOutside(svg, rules, n) {
  svg.replaceChildren();
  const m = MARGIN;
  svg.setAttribute("viewBox", `${-m} ${-m} ${n + 2 * m} ${n + 2 * m}`);
  const clamp = (v) => Math.min(Math.max(v, -m + 0.3), n + m - 0.3);
  for (const c of (rules && rules.constraints) || []) {
    if (c.kind === "Sandwich") {
      const [x, y] = c.house === "row" ? [-m / 2, c.index + 0.5] : [c.index + 0.5, -m / 2];
      svg.append(shape("text", { x, y, class: "clue", "font-size": 0.36 }, String(c.total)));
    } else if (c.kind === "LittleKiller") {
      const [dr, dc] = diagonal(c, n);
      const [cx, cy] = centre(c.line[0], n);
      const [x, y] = [clamp(cx - dc * 0.95), clamp(cy - dr * 0.95)];
      svg.append(shape("text", { x: x - dc * 0.08, y: y - dr * 0.08, class: "clue", "font-size": 0.3 }, String(c.total)));
      // a short arrow along the diagonal, from the total towards the grid
      const [hx, hy] = [+(x + dc * 0.42).toFixed(3), +(y + dr * 0.42).toFixed(3)];
      const tail = `${+(x + dc * 0.2).toFixed(3)},${+(y + dr * 0.2).toFixed(3)}`;
      svg.append(shape("polyline", { points: `${tail} ${hx},${hy}`, class: "clue-arrow" }));
      svg.append(shape("polyline", {
        points: `${+(hx - dc * 0.1).toFixed(3)},${hy} ${hx},${hy} ${hx},${+(hy - dr * 0.1).toFixed(3)}`,
        class: "clue-arrow",
      }));
    }
  }
}

// The cells with a cage's total in their corner (their pencil marks keep clear of it).
export function totalledCells(rules) {
  const out = new Set();
  for (const c of (rules && rules.constraints) || []) {
    if (c.kind === "Cage" && c.total !== null && c.total !== undefined) out.add(Math.min(...c.cells));
  }
  return out;
}

// Each cell's clues in words, for its accessible name: "" where it has none.
export function clueWords(rules, n) {
  const out = [...Array(n * n)].map(() => []);
  const add = (cell, text) => {
    if (cell >= 0 && cell < n * n) out[cell].push(text);
  };
  for (const c of (rules && rules.constraints) || []) {
    if (c.kind === "Cage") {
      const cells = [...c.cells].sort((a, b) => a - b);
      const total = c.total === null || c.total === undefined ? "no total" : `total ${c.total}`;
      for (const cell of cells) add(cell, `cage of ${cells.length} cells, ${total}${c.repeat ? ", digits may repeat" : ""}`);
    } else if (c.kind === "Thermo") {
      c.line.forEach((cell, k) => add(cell, k === 0 ? `bulb of a ${c.line.length}-cell ${c.slow ? "slow " : ""}thermometer`
        : `thermometer, cell ${k + 1} of ${c.line.length}`));
    } else if (LINES[c.kind]) {
      c.line.forEach((cell, k) => add(cell, `${LINES[c.kind]}, cell ${k + 1} of ${c.line.length}`));
    } else if (c.kind === "Arrow") {
      for (const cell of c.circle) add(cell, `arrow circle, the sum of ${c.line.length} cells`);
      for (const cell of c.line) add(cell, `on the arrow from ${name(c.circle[0], n)}`);
    } else if (c.kind === "Kropki") {
      add(c.a, `${c.colour} dot with ${name(c.b, n)}`);
      add(c.b, `${c.colour} dot with ${name(c.a, n)}`);
    } else if (c.kind === "XV") {
      const sign = c.total === 10 ? "X" : "V";
      add(c.a, `${sign} with ${name(c.b, n)}`);
      add(c.b, `${sign} with ${name(c.a, n)}`);
    } else if (c.kind === "GreaterThan") {
      add(c.big, `greater than ${name(c.small, n)}`);
      add(c.small, `less than ${name(c.big, n)}`);
    } else if (c.kind === "LittleKiller") {
      add(c.line[0], `little killer clue ${c.total} along the diagonal of ${c.line.length} cells from here`);
    } else if (c.kind === "Sandwich") {
      const first = c.house === "row" ? c.index * n : c.index;
      add(first, `sandwich sum of ${c.house === "row" ? "row" : "column"} ${c.index + 1}: ${c.total}`);
    }
  }
  return out.map((words) => words.join("; "));
}
