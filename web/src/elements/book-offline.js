// Offline use on a book's pages: registers the book's worker (dist/epochcalc-book-sw.js, copied beside the
// book's pages: a worker controls only pages at or below its own folder), sends it what this page has
// loaded, so that a reload without a network shows the page and its calculators, and asks it what it
// keeps. Whatever stops offline use is said in the console and in the result, never swallowed.

/**
 * @typedef {object} BookWorkerStatus
 * @property {ServiceWorkerRegistration|null} registration
 * @property {boolean} ok  the worker runs and keeps the calculators' files for offline use
 * @property {string|null} build  the build of the elements' files new page loads get
 * @property {string[]} missing  element files the book did not copy (a feature its pages do not use)
 * @property {string[]} problems  what stops offline use, each saying what to do; empty when ok
 */

/**
 * @param {string} url  the worker's address with ?files= naming the folder of the elements' files,
 *   relative to the worker ("epochcalc-book-sw.js?files=epochcalc/")
 * @param {RegistrationOptions} [options]  e.g. { scope: './' }
 * @returns {Promise<BookWorkerStatus>}
 */
export async function registerBookWorker(url, options) {
  /** @param {string[]} problems @param {ServiceWorkerRegistration|null} [registration] */
  const failed = (problems, registration = null) => {
    for (const p of problems) console.warn(`epochcalc offline: ${p}`);
    return { registration, ok: false, build: null, missing: [], problems };
  };
  if (location.protocol !== 'http:' && location.protocol !== 'https:') return failed([`a page from ${location.protocol} cannot register a worker: serve the book over http(s)`]);
  let container;
  try {
    container = navigator.serviceWorker;
  } catch {
    container = undefined; // a sandboxed frame
  }
  if (!container) return failed(['this browser or frame has no service workers (a private window, a sandboxed frame): the book works online only']);
  let registration;
  try {
    registration = await container.register(url, options);
  } catch (err) {
    return failed([`${url} could not be registered (${err instanceof Error ? err.message : err}): copy epochcalc-book-sw.js beside the book's pages`]);
  }
  // (A browser that blocks workers may answer with no registration at all.)
  if (!registration) return failed(['this browser blocks service workers here: the book works online only']);
  const worker = registration.active ?? registration.waiting ?? registration.installing;
  // Once it runs (a worker whose script failed to run never does).
  const active = worker?.state === 'activated' ? worker : await new Promise((done) => {
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'activated' || worker.state === 'redundant') done(worker.state === 'activated' ? worker : null);
    });
  });
  if (!active) return failed([`${url} did not start (see the worker's errors in the browser's console)`], registration);
  const loaded = performance.getEntriesByType('resource').map((e) => e.name);
  /** @type {ServiceWorker} */ (active).postMessage({ type: 'EPOCHCALC_CACHE_URLS', urls: [location.href.split('#')[0], ...loaded] });
  const channel = new MessageChannel();
  const answer = new Promise((done) => { channel.port1.onmessage = (e) => done(e.data); });
  /** @type {ServiceWorker} */ (active).postMessage({ type: 'EPOCHCALC_BOOK_STATUS' }, [channel.port2]);
  const status = /** @type {{ build: string|null, missing: string[], problems: string[] }} */ (await answer);
  if (status.problems.length) return { ...failed(status.problems, registration), build: status.build, missing: status.missing };
  return { registration, ok: Boolean(status.build), build: status.build, missing: status.missing, problems: [] };
}
