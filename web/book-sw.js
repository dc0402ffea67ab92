// The service worker a book registers at its own scope, so that its pages with embedded calculators work
// offline after a reload (registerBookWorker in web/src/elements/book-offline.js). It precaches the
// elements' files, from the folder named by ?files= on its own URL (relative to the worker: "epochcalc/"
// when the book copied dist/ there), and keeps the book's own pages and files as last fetched: the
// network's copy while online, the cached one when not. scripts/precache.mjs puts the list of the
// elements' files (with a content hash each) where self.__WB_MANIFEST stands.
import { clientsClaim } from 'workbox-core';
import { precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

const files = new URL(self.location.href).searchParams.get('files') ?? 'epochcalc/';
const base = new URL(files, self.location.href);
precacheAndRoute(self.__WB_MANIFEST.map(({ url, revision }) => ({ url: new URL(url, base).href, revision })),
  { ignoreURLParametersMatching: [/.*/] });

/** The book's pages and the files they load, as last fetched. */
const PAGES = 'epochcalc-book-pages';
registerRoute(({ url, request }) => url.origin === self.location.origin && request.method === 'GET',
  new NetworkFirst({ cacheName: PAGES, networkTimeoutSeconds: 5 }));

// A page loaded before this worker controlled it sends what it loaded (its address and its resources),
// so that a reload without a network finds them too.
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'EPOCHCALC_CACHE_URLS' || !Array.isArray(event.data.urls)) return;
  const urls = event.data.urls.filter((u) => typeof u === 'string' && new URL(u).origin === self.location.origin);
  event.waitUntil(caches.open(PAGES).then((cache) => Promise.all(urls.map((u) => cache.match(u).then((hit) => hit ?? cache.add(u).catch(() => {}))))));
});

// Nothing older to mix with: the book's pages are plain documents that load the elements' files by name.
self.skipWaiting();
clientsClaim();
