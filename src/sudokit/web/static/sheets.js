// Puzzles of several overlapping grids (samurai and its kin) on the page: the sheet's layout
// as the server gives it ({name, size, rows, cols, grids: [[row, col], ...], describe}),
// turned into what the game checks (each grid's rows, columns and boxes, each cell's peers)
// and what the board draws (the positions in play, thick lines where two cells share no box).
// Cells are sheet positions in reading order, row * side + column, as hints name them
// (r7c13); the positions no grid covers hold nothing and cannot be selected.

// The layout's fields in a link ("sh"): size, then each grid's corner ("9:0.0,0.12,...").
export function encodeSheet(params, sheet) {
  if (sheet) params.set("sh", `${sheet.size}:${sheet.grids.map(([r, c]) => `${r}.${c}`).join(",")}`);
}

// The rules of a link's sheet ("sh"), named by its variant ("v"); null when it has none.
export function decodeSheet(params) {
  const m = /^(\d+):((?:\d+\.\d+,?)+)$/.exec(params.get("sh") || "");
  if (!m) return null;
  const size = Number(m[1]);
  const grids = m[2].split(",").filter((g) => g).map((g) => g.split(".").map(Number));
  if (size < 4 || size > 16 || grids.length < 2 || grids.length > 12) return null;
  const rows = Math.max(...grids.map(([r]) => r)) + size;
  const cols = Math.max(...grids.map(([, c]) => c)) + size;
  if (rows > 40 || cols > 40) return null;
  const name = params.get("v") || "";
  const describe = `${name || "sheet"} (${grids.length} overlapping ${size}x${size} grids)`;
  return sheetRules({ name, size, rows, cols, grids, describe });
}

// The rules of a game on a sheet, as a variant's are held (its name, in words).
export function sheetRules(sheet) {
  return { variant: sheet.name || "", name: sheet.describe, sheet, lines: [] };
}

// The natural box of an N x N grid (as the library decides it).
function boxOf(n) {
  let rows = 1;
  for (let r = 1; r * r <= n; r++) if (n % r === 0) rows = r;
  return [rows, n / rows];
}

// The game's geometry on a sheet: {n (digits), side, boxRows, boxCols, units, peers,
// inPlay (per position), boxes (per position: the boxes it is in), parity, pairs, neighbours}.
export function sheetGeometry(sheet) {
  const { size, grids } = sheet;
  const side = Math.max(sheet.rows, sheet.cols);
  const [boxRows, boxCols] = boxOf(size);
  const inPlay = Array(side * side).fill(false);
  const boxes = [...Array(side * side)].map(() => new Set());
  const units = [];
  const seen = new Set();
  grids.forEach(([top, left], k) => {
    const at = (r, c) => (top + r) * side + left + c;
    for (let r = 0; r < size; r++) units.push([...Array(size).keys()].map((c) => at(r, c)));
    for (let c = 0; c < size; c++) units.push([...Array(size).keys()].map((r) => at(r, c)));
    for (let b = 0; b < size; b++) {
      const r0 = Math.floor(b / (size / boxCols)) * boxRows;
      const c0 = (b % (size / boxCols)) * boxCols;
      const cells = [];
      for (let r = 0; r < boxRows; r++) for (let c = 0; c < boxCols; c++) cells.push(at(r0 + r, c0 + c));
      const key = cells.join(",");
      for (const cell of cells) {
        inPlay[cell] = true;
        boxes[cell].add(`${k}:${b}`);
      }
      if (!seen.has(key)) { // a box two grids share is one house
        seen.add(key);
        units.push(cells);
      }
    }
  });
  const peers = [...Array(side * side)].map(() => new Set());
  for (const unit of units) for (const a of unit) for (const b of unit) if (a !== b) peers[a].add(b);
  return {
    n: size, side, boxRows, boxCols, units, peers: peers.map((s) => [...s]), inPlay, boxes,
    sheet, parity: new Map(), pairs: [], neighbours: [],
  };
}

// The thick sides of a position in play: [right, bottom, left, top], where the cell beside
// it is out of play or shares no box with it (a box's border, a grid's outline).
export function sheetWalls(geo, cell) {
  const { side, inPlay, boxes } = geo;
  const [r, c] = [Math.floor(cell / side), cell % side];
  const apart = (other, inside) => !inside || !inPlay[other] || ![...boxes[cell]].some((b) => boxes[other].has(b));
  return [
    apart(cell + 1, c + 1 < side), apart(cell + side, r + 1 < side),
    c === 0 || !inPlay[cell - 1], r === 0 || !inPlay[cell - side],
  ];
}

// The position in play nearest `cell` going (dr, dc) a step at a time; `cell` itself when
// there is none that way.
export function nextInPlay(geo, cell, dr, dc) {
  const { side, inPlay } = geo;
  let [r, c] = [Math.floor(cell / side) + dr, (cell % side) + dc];
  while (r >= 0 && r < side && c >= 0 && c < side) {
    if (inPlay[r * side + c]) return r * side + c;
    r += dr;
    c += dc;
  }
  return cell;
}
