// The page's service worker: it keeps the page's own files, so that the page, installed on
// a phone's home screen, opens without a connection (its calls to /api still need the
// server). Network first: whenever the server answers, the page is its newest.

const CACHE = "sudokit-page-3";
const FILES = [
  "/",
  "/static/app.css",
  "/static/app.js",
  "/static/board.js",
  "/static/chains.js",
  "/static/clock.js",
  "/static/constraints.js",
  "/static/games.js",
  "/static/keep.js",
  "/static/learn.js",
  "/static/model.js",
  "/static/panels.js",
  "/static/photo.js",
  "/static/rules.js",
  "/static/sheets.js",
  "/static/talk.js",
  "/static/icon.svg",
  "/static/manifest.webmanifest",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api")) return;
  const key = url.pathname; // the page's address without its #state or ?query
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        if (response.ok && FILES.includes(key)) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key, copy)));
        }
        return response;
      })
      .catch(() => caches.match(key).then((kept) => kept || Response.error())),
  );
});
