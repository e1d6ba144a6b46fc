// The chains of a step drawn over the grid, as the command line's pictures draw them: each
// node's candidate ringed (a group's candidates joined by a bar), each link a curve from
// candidate to candidate, solid where it is strong, dashed where it is weak.

import { parseCell } from "./model.js";

const SVG = "http://www.w3.org/2000/svg";

// Where the pencil mark of `digit` sits in cell `cell`, in cell units from the grid's corner
// (the marks are laid out as a box: boxCols across, boxRows down).
export function markCentre(cell, digit, n, boxRows, boxCols) {
  const r = Math.floor(cell / n);
  const c = cell % n;
  const across = (digit - 1) % boxCols;
  const down = Math.floor((digit - 1) / boxCols);
  return [c + (across + 0.5) / boxCols, r + (down + 0.5) / boxRows];
}

function shape(name, attrs) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

// Draw `links` ([{start: {cells, digit}, end: {cells, digit}, strong}]) on `svg`, which
// covers the cells of an n x n grid; no links clears it.
export function drawLinks(svg, links, n, boxRows, boxCols) {
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${n} ${n}`);
  svg.toggleAttribute("hidden", !links || !links.length);
  if (!links || !links.length) return;
  const ring = 0.42 / Math.max(boxRows, boxCols);
  const points = (node) => node.cells.map((name) => markCentre(parseCell(name, n), node.digit, n, boxRows, boxCols));
  const middle = (pts) => [pts.reduce((s, p) => s + p[0], 0) / pts.length, pts.reduce((s, p) => s + p[1], 0) / pts.length];
  const nodes = new Map();
  for (const link of links) {
    for (const node of [link.start, link.end]) nodes.set(`${node.cells.join(" ")}:${node.digit}`, node);
  }
  for (const [i, link] of links.entries()) {
    const a = points(link.start);
    const b = points(link.end);
    // from the nearest candidates of the two nodes, stopping at the rings
    const [sx, sy] = nearest(a, middle(b));
    const [ex, ey] = nearest(b, middle(a));
    const dx = ex - sx;
    const dy = ey - sy;
    const len = Math.hypot(dx, dy);
    if (len < 1e-6) continue;
    const ux = dx / len;
    const uy = dy / len;
    const bow = (i % 2 ? -1 : 1) * Math.min(0.25 * len, 0.6); // links along a line do not overlap
    const cx = (sx + ex) / 2 - uy * bow;
    const cy = (sy + ey) / 2 + ux * bow;
    const start = toward([sx, sy], [cx, cy], ring);
    const end = toward([ex, ey], [cx, cy], ring);
    svg.append(shape("path", {
      d: `M${start[0]} ${start[1]} Q${cx} ${cy} ${end[0]} ${end[1]}`,
      class: link.strong ? "link strong" : "link weak",
      "data-strong": String(link.strong),
    }));
  }
  for (const node of nodes.values()) {
    const pts = points(node);
    if (pts.length > 1) {
      const xs = pts.map((p) => p[0]);
      const ys = pts.map((p) => p[1]);
      svg.append(shape("line", {
        x1: Math.min(...xs), y1: Math.min(...ys), x2: Math.max(...xs), y2: Math.max(...ys), class: "group",
      }));
    }
    for (const [x, y] of pts) svg.append(shape("circle", { cx: x, cy: y, r: ring, class: "node" }));
  }
}

function nearest(pts, [x, y]) {
  let best = pts[0];
  for (const p of pts) if (Math.hypot(p[0] - x, p[1] - y) < Math.hypot(best[0] - x, best[1] - y)) best = p;
  return best;
}

function toward([x, y], [tx, ty], by) {
  const d = Math.hypot(tx - x, ty - y) || 1;
  return [x + ((tx - x) / d) * by, y + ((ty - y) / d) * by];
}
