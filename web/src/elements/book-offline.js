// Offline use on a book's pages: registers the book's worker (dist/epochcalc-book-sw.js, copied beside the
// book's pages: a worker controls only pages at or below its own folder) and sends it what this page has
// loaded, so that a reload without a network shows the page and its calculators.

/**
 * @param {string} url  the worker's address with ?files= naming the folder of the elements' files,
 *   relative to the worker ("epochcalc-book-sw.js?files=epochcalc/")
 * @param {RegistrationOptions} [options]  e.g. { scope: './' }
 * @returns {Promise<ServiceWorkerRegistration|null>}  null where no worker can be registered (a sandboxed
 *   frame, a browser without service workers, a page from file://)
 */
export async function registerBookWorker(url, options) {
  if (!('serviceWorker' in navigator)) return null;
  try {
    const registration = await navigator.serviceWorker.register(url, options);
    const worker = registration.active ?? registration.waiting ?? registration.installing;
    // Once it runs (a worker that failed to install, a file missing, never does).
    const active = worker?.state === 'activated' ? worker : await new Promise((done) => {
      worker?.addEventListener('statechange', () => { if (worker.state === 'activated' || worker.state === 'redundant') done(worker.state === 'activated' ? worker : null); });
    });
    if (!active) return null;
    const loaded = performance.getEntriesByType('resource').map((e) => e.name);
    /** @type {ServiceWorker} */ (active).postMessage({ type: 'EPOCHCALC_CACHE_URLS', urls: [location.href.split('#')[0], ...loaded] });
    return registration;
  } catch {
    return null;
  }
}
