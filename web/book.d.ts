// Typings for epochcalc/book (dist/epochcalc-book.js): offline use of the elements on a book's pages.

/**
 * Registers the book's worker (dist/epochcalc-book-sw.js, copied beside the book's pages) and sends it
 * what this page has loaded, so that a reload without a network shows the page and its calculators.
 * @param url  the worker's address, with ?files= naming the folder of the elements' files relative to
 *   the worker ("epochcalc-book-sw.js?files=epochcalc/")
 * @returns the registration, or null where no worker can be registered (a sandboxed frame, no service
 *   workers, a page from file://, a worker that failed to install)
 */
export function registerBookWorker(url: string, options?: RegistrationOptions): Promise<ServiceWorkerRegistration | null>;
