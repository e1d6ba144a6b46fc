// What the page keeps in the browser between visits (its localStorage; nothing is sent to
// or stored on the server): the settings, each puzzle's time, hints and mistakes, the saved
// games, the history of games solved and the statistics drawn from it.

const KEYS = {
  settings: "sudokit.settings",
  progress: "sudokit.progress",
  saved: "sudokit.saved",
  history: "sudokit.history",
};
const MAX_PROGRESS = 60;
const MAX_SAVED = 30;
const MAX_HISTORY = 500;

export const LEVELS = ["easy", "medium", "hard", "expert", "extreme"];

function read(key, fallback) {
  try {
    const value = JSON.parse(localStorage.getItem(key));
    return value === null || value === undefined ? fallback : value;
  } catch {
    return fallback; // storage off (a private window) or spoilt: start afresh
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage off or full: the page goes on without keeping it
  }
}

export const DEFAULT_SETTINGS = {
  theme: "system", // or "light", "dark"
  timer: true, // the clock shown
  mistakes: false, // each digit against the solution, counted and shown
  autoRemove: true, // a digit placed takes its pencil mark out of its row, column and box
  markStyle: "grid", // pencil marks: "grid", "corner", "centre"
};

export function loadSettings() {
  return { ...DEFAULT_SETTINGS, ...read(KEYS.settings, {}) };
}

export function saveSettings(settings) {
  write(KEYS.settings, settings);
}

// One puzzle's progress: time spent (ms), hints asked, mistakes counted, whether solved.
export function progressOf(key) {
  const kept = read(KEYS.progress, {})[key] || {};
  return { elapsed: 0, hints: 0, mistakes: 0, solved: false, ...kept };
}

export function keepProgress(key, progress) {
  const all = read(KEYS.progress, {});
  delete all[key]; // the latest last, so that the oldest goes first
  all[key] = progress;
  const keys = Object.keys(all);
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_PROGRESS))) delete all[old];
  write(KEYS.progress, all);
}

// Saved games, newest first: {id, label, when (ISO time), state (the game's address form),
// elapsed}. Saving a game already saved moves it to the top.
export function savedGames() {
  return read(KEYS.saved, []);
}

export function saveGame(entry) {
  const games = [entry, ...savedGames().filter((g) => g.state !== entry.state)].slice(0, MAX_SAVED);
  write(KEYS.saved, games);
  return games;
}

export function forgetGame(id) {
  write(KEYS.saved, savedGames().filter((g) => g.id !== id));
}

// The games solved, newest first: {when, puzzle, level, seconds, hints, mistakes}.
export function history() {
  return read(KEYS.history, []);
}

export function recordSolve(entry) {
  write(KEYS.history, [entry, ...history()].slice(0, MAX_HISTORY));
}

export function median(values) {
  if (!values.length) return null;
  const sorted = values.slice().sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// Per level (in the order of LEVELS, then any other): solved, best and median seconds,
// hints used in all.
export function statistics(entries = history()) {
  const by = new Map();
  for (const e of entries) {
    const level = e.level || "unrated";
    if (!by.has(level)) by.set(level, []);
    by.get(level).push(e);
  }
  const order = [...LEVELS, ...[...by.keys()].filter((l) => !LEVELS.includes(l)).sort()];
  return order.filter((l) => by.has(l)).map((level) => {
    const games = by.get(level);
    const times = games.map((g) => g.seconds);
    return {
      level,
      solved: games.length,
      best: Math.min(...times),
      median: median(times),
      hints: games.reduce((s, g) => s + (g.hints || 0), 0),
    };
  });
}

// The day as the player's calendar has it: "2026-11-29".
export function isoDate(date = new Date()) {
  const pad = (x) => String(x).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// The seed of a level's puzzle of the day: the same for everyone on that date, here and
// with `sudoku create --difficulty LEVEL --seed "daily 2026-11-29 easy"`.
export function dailySeed(level, date = new Date()) {
  return `daily ${isoDate(date)} ${level}`;
}

// 75 s -> "1:15"; an hour and more -> "1:02:05".
export function formatTime(ms) {
  const s = Math.floor(ms / 1000);
  const pad = (x) => String(x).padStart(2, "0");
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

// The techniques the player needed hints for, most first: [{key, name, count}].
export function hintedTechniques() {
  const counts = read("sudokit.hinted", {});
  return Object.entries(counts).map(([key, v]) => ({ key, name: v.name, count: v.count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

export function noteHint(key, name) {
  const counts = read("sudokit.hinted", {});
  counts[key] = { name, count: ((counts[key] && counts[key].count) || 0) + 1 };
  write("sudokit.hinted", counts);
}
