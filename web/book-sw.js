// The service worker a book registers at its own scope, so that its pages with embedded calculators work
// offline after a reload (registerBookWorker in web/src/elements/book-offline.js). README: "Offline on a
// book's pages".
//
// The elements' files come as builds. epochcalc-book-files.json, beside epochcalc-element.js (the folder
// ?files= names, relative to this worker), lists one build's files, each with its SHA-256. The worker
// keeps each build it has seen in a cache of its own, filled with the files the book actually has (a
// file the author did not copy answers 404 and is listed as missing, never an error), and checked
// against their hashes, so a cache never holds two builds.
//
// Updates: every page load while online asks for the list again. A new build becomes the one the next
// page loads get; a page already open stays pinned to the build it started with, and every file it asks
// for later comes from that build's cache (or, not cached yet, from the network only if its hash
// matches), so no page ever runs two builds. This worker's own code may take over at once: what a page
// gets is pinned per page, not per worker. Old builds are dropped once no open page uses them.
//
// The book's pages and the files they load (only those at or below this worker's folder) are kept as
// last fetched: the network's copy while online, the cached one when not, at most PAGE_ENTRIES of them
// for at most PAGE_DAYS days (Workbox's expiration).
import { clientsClaim } from 'workbox-core';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';

const PAGE_ENTRIES = 200;
const PAGE_DAYS = 30;
/** How long a page load waits for the network before the cached copy. */
const NETWORK_SECONDS = 4;
/** At most this many addresses are taken from one page's list of what it loaded. */
const POSTED_URLS = 100;
const MANIFEST = 'epochcalc-book-files.json';
/** Without these two the calculators cannot work at all. */
const CORE = ['epochcalc-element.js', 'epochcalc_core.wasm'];

const scope = new URL(self.registration.scope);
const folder = new URL(new URL(self.location.href).searchParams.get('files') ?? 'epochcalc/', self.location.href);
const STATE = 'epochcalc-book-state';
const PAGES = 'epochcalc-book-pages';
const BUILD_PREFIX = 'epochcalc-book-build-';

/** @param {URL} url  whether an address is under a folder (same origin, path below it) */
const under = (url, base) => url.origin === base.origin && url.pathname.startsWith(base.pathname);
/** An element file's name within the folder, or null. @param {URL} url */
const elementFile = (url) => (under(url, folder) && !url.pathname.slice(folder.pathname.length).includes('/') ? url.pathname.slice(folder.pathname.length) : null);

// ---- state: the build new pages get, the manifests seen, which build each open page runs -----------

const stateKey = (/** @type {string} */ name) => new URL(`__epochcalc-book/${name}`, scope).href;
async function readState(/** @type {string} */ name) {
  const hit = await (await caches.open(STATE)).match(stateKey(name));
  return hit ? hit.json() : null;
}
async function writeState(/** @type {string} */ name, /** @type {unknown} */ value) {
  await (await caches.open(STATE)).put(stateKey(name), new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } }));
}

/**
 * @typedef {{ build: string, files: Record<string, string> }} Manifest
 * @typedef {{ build: string|null, missing: string[], problems: string[], checked: number }} Status
 */
/** @returns {Promise<Status>} */
const status = async () => (await readState('status')) ?? { build: null, missing: [], problems: [], checked: 0 };

/** The build a page (a client) runs: pinned at its first request for an element file. */
const pins = new Map();
async function buildOf(/** @type {string} */ clientId) {
  if (!clientId) return (await status()).build;
  if (!pins.has(clientId)) {
    const saved = await readState(`client/${clientId}`);
    const build = saved ?? (await status()).build;
    pins.set(clientId, build);
    if (!saved && build) await writeState(`client/${clientId}`, build);
  }
  return pins.get(clientId);
}

async function sha256(/** @type {ArrayBuffer} */ bytes) {
  return [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * An element file from the network, kept in its build's cache if its hash is that build's: the response,
 * or why not ('missing': not on the server; 'other': another build's copy).
 * @param {string} name @param {Manifest} manifest @returns {Promise<Response|'missing'|'other'>}
 */
async function fetchInto(name, manifest) {
  const url = new URL(name, folder).href;
  const response = await fetch(url, { cache: 'no-store' }).catch(() => null);
  if (!response?.ok) return 'missing';
  const bytes = await response.clone().arrayBuffer();
  if ((await sha256(bytes)) !== manifest.files[name]) return 'other';
  await (await caches.open(BUILD_PREFIX + manifest.build)).put(url, response.clone());
  return response;
}

/** One check at a time: page loads that come together share it. `read`: its list is read (a new build
 * is then the one pages get); `done`: its files are kept too. @type {{ read: Promise<void>, done: Promise<Status> }|null} */
let checking = null;
function refresh() {
  if (!checking) {
    let read = () => {};
    const listed = new Promise((resolve) => { read = () => resolve(undefined); });
    checking = { read: listed, done: check(read).finally(() => { checking = null; read(); }) };
  }
  return checking;
}

/**
 * Reads the build list and keeps every file of a new build the book has. A new build is the one page
 * loads get from the moment its list is read (a file not kept yet is fetched and checked when a page
 * asks for it). Never throws: what went wrong is kept in the status, for registerBookWorker to say.
 * @returns {Promise<Status>}
 */
async function check(read = () => {}) {
  const before = await status();
  const where = new URL(MANIFEST, folder).href;
  /** @type {Manifest|null} */
  let manifest = null;
  let answered = 0;
  try {
    const response = await fetch(where, { cache: 'no-store' });
    answered = response.status;
    if (response.ok) manifest = await response.json().catch(() => null);
  } catch {
    return before; // offline: nothing new to learn
  }
  if (!manifest || typeof manifest.build !== 'string' || typeof manifest.files !== 'object' || !manifest.files) {
    const said = answered === 200 ? `${where} is no list of files` : `${MANIFEST} answered ${answered} at ${where}: copy it beside epochcalc-element.js (the elements' files are then kept for offline use)`;
    const next = { ...before, problems: [said], checked: Date.now() };
    await writeState('status', next);
    return next;
  }
  if (manifest.build !== before.build) {
    await writeState(`manifest/${manifest.build}`, manifest);
    await writeState('status', { build: manifest.build, missing: [], problems: [], checked: Date.now() });
  }
  read();
  const cache = await caches.open(BUILD_PREFIX + manifest.build);
  const missing = [];
  const other = [];
  for (const name of Object.keys(manifest.files)) {
    if (await cache.match(new URL(name, folder).href)) continue;
    const got = await fetchInto(name, manifest);
    if (got === 'missing') missing.push(name);
    else if (got === 'other') other.push(name);
  }
  const problems = [];
  if (other.length) problems.push(`${other.join(', ')} in ${folder.href} are not the files ${MANIFEST} lists (another build): copy the whole set from one build; pages keep the build they had until then`);
  const core = CORE.filter((f) => missing.includes(f));
  if (core.length) problems.push(`${core.join(' and ')} not found in ${folder.href}: no calculator can load there, online or offline`);
  // A folder holding files of two builds (a deploy half done) is not taken: pages go on with the build they had.
  const next = { build: other.length && before.build ? before.build : manifest.build, missing, problems, checked: Date.now() };
  await writeState('status', next);
  await dropUnused(next.build);
  return next;
}

/** Deletes the builds no open page runs (and the pins of closed pages), keeping `current`. */
async function dropUnused(/** @type {string} */ current) {
  const open = new Set((await self.clients.matchAll({ includeUncontrolled: true })).map((c) => c.id));
  const keep = new Set([current]);
  const state = await caches.open(STATE);
  for (const request of await state.keys()) {
    const name = request.url.slice(stateKey('').length);
    if (!name.startsWith('client/')) continue;
    const id = name.slice('client/'.length);
    if (open.has(id)) keep.add(await (await state.match(request)).json());
    else { pins.delete(id); await state.delete(request); }
  }
  for (const name of await caches.keys()) {
    if (name.startsWith(BUILD_PREFIX) && !keep.has(name.slice(BUILD_PREFIX.length))) {
      await caches.delete(name);
      await state.delete(stateKey(`manifest/${name.slice(BUILD_PREFIX.length)}`));
    }
  }
}

// ---- serving --------------------------------------------------------------------------------------

/** An element file for a page: from its build's cache, or the network when its hash is that build's. */
async function elementResponse(/** @type {FetchEvent} */ event, /** @type {string} */ name) {
  const build = await buildOf(event.clientId || event.resultingClientId);
  /** @type {Manifest|null} */
  const manifest = build ? await readState(`manifest/${build}`) : null;
  if (!manifest || !(name in manifest.files)) return fetch(event.request); // no build known: as without a worker
  const hit = await (await caches.open(BUILD_PREFIX + build)).match(new URL(name, folder).href);
  if (hit) return hit;
  const fetched = await fetchInto(name, manifest);
  if (fetched instanceof Response) return fetched;
  // The folder now holds another build's copy (or none): refused rather than mixed into this page.
  return new Response(`/* ${name} of the build this page started with is no longer on the server: reload the page */`, { status: 409, statusText: 'Reload the page' });
}

const pages = new NetworkFirst({
  cacheName: PAGES,
  networkTimeoutSeconds: NETWORK_SECONDS,
  plugins: [new ExpirationPlugin({ maxEntries: PAGE_ENTRIES, maxAgeSeconds: PAGE_DAYS * 24 * 3600, purgeOnQuotaError: true })],
});

self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  const url = new URL(event.request.url);
  const name = elementFile(url);
  if (name && name !== MANIFEST) event.respondWith(elementResponse(event, name));
});

// A page load while online asks for the build list first (small), so the new build is the one it gets.
registerRoute(({ request, url }) => request.mode === 'navigate' && under(url, scope), async (options) => {
  const { read, done } = refresh();
  options.event.waitUntil(done);
  await Promise.race([read, new Promise((wait) => setTimeout(wait, NETWORK_SECONDS * 1000))]);
  return pages.handle(options);
});
// The book's own files (stylesheets, scripts, images), in the worker's folder and below.
registerRoute(({ request, url }) => request.mode !== 'navigate' && under(url, scope) && !elementFile(url), pages);

// ---- lifecycle and messages -----------------------------------------------------------------------

self.addEventListener('install', (event) => {
  event.waitUntil(refresh().done);
  self.skipWaiting();
});
clientsClaim();

self.addEventListener('message', (event) => {
  const data = event.data;
  // A page that loaded before this worker ran (its first visit) runs the build this worker found then.
  const source = /** @type {Client|null} */ (event.source);
  if (source?.id) event.waitUntil(buildOf(source.id));
  // registerBookWorker asks what this worker keeps, to say what is missing.
  if (data?.type === 'EPOCHCALC_BOOK_STATUS' && event.ports[0]) {
    event.waitUntil(status().then((s) => (s.build ? s : refresh().done)).then((s) => event.ports[0].postMessage({ ...s, folder: folder.href })));
    return;
  }
  // A page loaded before this worker controlled it sends what it loaded (its address and its resources),
  // so that a reload without a network finds them too. Only the book's own addresses are taken, at most
  // POSTED_URLS of them, each on its own (a bad one is skipped).
  if (data?.type !== 'EPOCHCALC_CACHE_URLS' || !Array.isArray(data.urls)) return;
  const urls = [];
  for (const u of data.urls.slice(0, POSTED_URLS * 4)) {
    try {
      const url = new URL(String(u));
      if (under(url, scope) && !elementFile(url) && urls.length < POSTED_URLS) urls.push(url.href);
    } catch { /* not an address */ }
  }
  event.waitUntil((async () => {
    const cache = await caches.open(PAGES);
    for (const u of urls) if (!(await cache.match(u))) await pages.handle({ event, request: new Request(u) }).catch(() => {});
  })());
});
