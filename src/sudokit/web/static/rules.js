// A variant's rules on the page: the houses, pairs and parities the server gave back with a
// puzzle (the "rules" of its answers), turned into what the game checks (peers, conflicts)
// and what the board draws (region borders, diagonals, shaded cells, parity marks), and the
// fields that send them back with every call. Cages, lines, dots and signs: constraints.js.

import { drawConstraints } from "./constraints.js";

const SVG = "http://www.w3.org/2000/svg";

// The variants the page offers: those a puzzle can be made under ("make"), and those that
// can be typed or pasted with (their rules need nothing the puzzle must hold).
export const VARIANTS = [
  ["x", "X (diagonals)"], ["windoku", "Windoku"], ["anti-king", "Anti-king"],
  ["anti-knight", "Anti-knight"], ["non-consecutive", "Non-consecutive"],
  ["disjoint", "Disjoint groups"], ["centre-dot", "Centre-dot"], ["x+anti-knight", "X + anti-knight"],
];
export const MADE_ONLY = [["jigsaw", "Jigsaw"], ["even-odd", "Even-odd"], ["killer", "Killer"]];
// Puzzles of several overlapping 9x9 grids: made here (or pasted: their layout says which).
export const SHEETS = [
  ["samurai", "Samurai (5 overlapping grids)"], ["twodoku", "Twodoku (2 overlapping grids)"],
  ["butterfly", "Butterfly (4 overlapping grids)"], ["sohei", "Sohei (4 overlapping grids)"],
  ["windmill", "Windmill (5 overlapping grids)"], ["flower", "Flower (5 overlapping grids)"],
];

// Fill a <select> with "classic" and the variants.
export function fillVariants(select, withMade) {
  const all = withMade ? [...VARIANTS.slice(0, 1), ...MADE_ONLY, ...VARIANTS.slice(1), ...SHEETS] : VARIANTS;
  for (const [value, label] of [["", "Classic"], ...all]) {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = label;
    select.append(option);
  }
}

// The fields of an API call that give the puzzle its rules ({} for classic rules).
export function ruleFields(rules) {
  if (!rules) return {};
  const out = rules.variant ? { variant: rules.variant } : {};
  if (rules.regions) out.regions = rules.regions;
  if (rules.odd && rules.odd.length) out.odd = rules.odd;
  if (rules.even && rules.even.length) out.even = rules.even;
  if (rules.constraints && rules.constraints.length) out.constraints = rules.constraints;
  if (rules.all_dots) out.all_dots = true;
  if (rules.all_xv) out.all_xv = true;
  return out;
}

// The rules in a link: the fields, as short text ("v" names, "r" regions, "o"/"E" cells,
// "x" the constraints as JSON, "a" "dots" and "xv" where every one is given).
export function encodeRules(params, rules) {
  if (!rules) return;
  params.set("v", rules.variant);
  if (rules.regions) params.set("r", rules.regions.map((k) => k.toString(36)).join(""));
  if (rules.odd && rules.odd.length) params.set("o", rules.odd.map((c) => c.toString(36)).join("."));
  if (rules.even && rules.even.length) params.set("E", rules.even.map((c) => c.toString(36)).join("."));
  if (rules.constraints && rules.constraints.length) params.set("x", JSON.stringify(rules.constraints));
  const all = [rules.all_dots && "dots", rules.all_xv && "xv"].filter((w) => w);
  if (all.length) params.set("a", all.join("."));
}

// The constraints of a link ("x"): a list of objects, else none.
function linkConstraints(text) {
  try {
    const items = JSON.parse(text || "[]");
    return Array.isArray(items) ? items.filter((c) => c && typeof c === "object") : [];
  } catch {
    return [];
  }
}

// The fields of a link's rules (null: classic), to be sent to the server for the whole rules.
export function decodeRules(params, n) {
  const variant = params.get("v") || "";
  if (!variant && !params.get("x")) return null;
  const cells = (text) => (text ? text.split(".").map((x) => parseInt(x, 36)).filter((c) => c >= 0 && c < n * n) : []);
  const regions = params.get("r");
  return {
    variant,
    regions: regions && regions.length === n * n ? [...regions].map((ch) => parseInt(ch, 36)) : null,
    odd: cells(params.get("o")),
    even: cells(params.get("E")),
    constraints: linkConstraints(params.get("x")),
    all_dots: (params.get("a") || "").split(".").includes("dots"),
    all_xv: (params.get("a") || "").split(".").includes("xv"),
    partial: true, // only the fields: the houses and pairs come from the server
  };
}

// The houses (sets of cells whose digits differ) and the other constraints of the rules, on
// the rows, columns and boxes (or regions) of an n x n grid: {units, peers, pairs, neighbours,
// parity: cell -> "odd" | "even"}.
export function ruleGeometry(base, rules) {
  const { n } = base;
  const units = base.units.slice(0, 2 * n);
  if (rules.regions) {
    const regions = [...Array(n)].map(() => []);
    rules.regions.forEach((k, cell) => regions[k].push(cell));
    units.push(...regions);
  } else units.push(...base.units.slice(2 * n));
  for (const house of rules.houses || []) units.push(house.cells);
  units.push(...(rules.groups || [])); // cages and renban lines: digits that differ
  const peers = [...Array(n * n)].map(() => new Set());
  for (const unit of units) for (const a of unit) for (const b of unit) if (a !== b) peers[a].add(b);
  const pairs = rules.differ || [];
  for (const [a, b] of pairs) {
    peers[a].add(b);
    peers[b].add(a);
  }
  const parity = new Map();
  for (const c of rules.odd || []) parity.set(c, "odd");
  for (const c of rules.even || []) parity.set(c, "even");
  return {
    ...base, units, peers: peers.map((s) => [...s]), pairs, neighbours: rules.non_consecutive || [], parity,
  };
}

// Cells that break a rule: a digit twice in a house, a digit repeated a king's or knight's
// move away, consecutive neighbours, a digit of the wrong parity.
export function ruleConflicts(values, geo) {
  const out = new Set();
  for (const unit of geo.units) {
    const seen = new Map();
    for (const c of unit) {
      const v = values[c];
      if (!v) continue;
      if (seen.has(v)) {
        out.add(c);
        out.add(seen.get(v));
      } else seen.set(v, c);
    }
  }
  for (const [a, b] of geo.pairs || []) {
    if (values[a] && values[a] === values[b]) out.add(a).add(b);
  }
  for (const [a, b] of geo.neighbours || []) {
    if (values[a] && values[b] && Math.abs(values[a] - values[b]) === 1) out.add(a).add(b);
  }
  for (const [c, kind] of geo.parity || []) {
    if (values[c] && (values[c] % 2 === 1) !== (kind === "odd")) out.add(c);
  }
  return out;
}

// The digits a cell may hold by its parity, as a mask of n digits.
export function parityMask(geo, cell) {
  const kind = geo.parity && geo.parity.get(cell);
  const full = 2 ** geo.n - 1;
  if (!kind) return full;
  let mask = 0;
  for (let d = kind === "odd" ? 1 : 2; d <= geo.n; d += 2) mask |= 1 << (d - 1);
  return mask & full;
}

// An <svg> laid over the board's cells, hidden from assistive technology.
export function layer(className) {
  return shape("svg", { class: className, "aria-hidden": "true" });
}

function shape(name, attrs) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

// The tint of each shaded cell: windows and centre-dot cells one tint, each disjoint group
// (the cells at one place of their boxes) a hue of its own.
function tinted(rules, n) {
  const out = new Map();
  for (const house of rules.houses || []) {
    const group = /^disjoint group (\d+)$/.exec(house.name);
    if (group) {
      const k = Number(group[1]) - 1;
      for (const c of house.cells) out.set(c, `hsl(${Math.round((360 * k) / n)} 70% 60% / 0.28)`);
    } else if (/^window|^the centre-dot/.test(house.name)) {
      for (const c of house.cells) out.set(c, null); // the theme's tint
    }
  }
  return out;
}

// Draw the marks of `rules` (null: none) on `svg`, which lies under the cells of an n x n
// grid: shaded cells, the diagonals, odd cells' circles and even cells' squares.
export function drawRules(svg, rules, n) {
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${n} ${n}`);
  svg.setAttribute("preserveAspectRatio", "none");
  if (!rules) return;
  for (const [cell, fill] of tinted(rules, n)) {
    const rect = { x: cell % n, y: Math.floor(cell / n), width: 1, height: 1 };
    svg.append(shape("rect", fill ? { ...rect, fill, class: "group-tint" } : { ...rect, class: "rule-tint" }));
  }
  for (const house of rules.houses || []) {
    if (house.name === "the main diagonal") svg.append(shape("line", { x1: 0, y1: 0, x2: n, y2: n, class: "diagonal" }));
    if (house.name === "the anti-diagonal") svg.append(shape("line", { x1: n, y1: 0, x2: 0, y2: n, class: "diagonal" }));
  }
  for (const c of rules.odd || []) {
    svg.append(shape("circle", { cx: (c % n) + 0.5, cy: Math.floor(c / n) + 0.5, r: 0.4, class: "odd" }));
  }
  for (const c of rules.even || []) {
    svg.append(shape("rect", {
      x: (c % n) + 0.12, y: Math.floor(c / n) + 0.12, width: 0.76, height: 0.76, class: "even",
    }));
  }
  drawConstraints(svg, rules, n);
}

// The walls of each cell on a jigsaw: [right, bottom] where a region ends (null: the boxes').
export function regionWalls(rules, n, cell) {
  if (!rules || !rules.regions) return null;
  const k = rules.regions;
  const [r, c] = [Math.floor(cell / n), cell % n];
  return [c + 1 < n && k[cell] !== k[cell + 1], r + 1 < n && k[cell] !== k[cell + n]];
}

// Outline each house of a step (lists of cell indices) on `svg`, laid over an n x n grid:
// the edges of its cells that no other cell of the house shares.
export function drawHouses(svg, houses, n) {
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${n} ${n}`);
  svg.setAttribute("preserveAspectRatio", "none");
  for (const house of houses || []) {
    const inside = new Set(house);
    let d = "";
    for (const c of house) {
      const [r, col] = [Math.floor(c / n), c % n];
      if (r === 0 || !inside.has(c - n)) d += `M${col} ${r}h1`;
      if (r === n - 1 || !inside.has(c + n)) d += `M${col} ${r + 1}h1`;
      if (col === 0 || !inside.has(c - 1)) d += `M${col} ${r}v1`;
      if (col === n - 1 || !inside.has(c + 1)) d += `M${col + 1} ${r}v1`;
    }
    svg.append(shape("path", { d, class: "house" }));
  }
}
