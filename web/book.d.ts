// Typings for epochcalc/book (dist/epochcalc-book.js): offline use of the elements on a book's pages.

export interface BookWorkerStatus {
  /** The worker's registration, or null where none could be made. */
  registration: ServiceWorkerRegistration | null;
  /** Whether the worker runs and keeps the calculators' files for offline use. */
  ok: boolean;
  /** The build of the elements' files that new page loads get (epochcalc-book-files.json's id). */
  build: string | null;
  /** Element files the book did not copy: a feature its pages do not use works online only if added later. */
  missing: string[];
  /** What stops offline use, each saying what to do (also said in the console); empty when ok. */
  problems: string[];
}

/**
 * Registers the book's worker (dist/epochcalc-book-sw.js, copied beside the book's pages), sends it what
 * this page has loaded, so that a reload without a network shows the page and its calculators, and
 * says what it keeps. Never rejects: a page from file://, a browser or frame without service workers,
 * a worker file or a file list not found, or files of two builds are said in `problems` and the console.
 * @param url  the worker's address, with ?files= naming the folder of the elements' files relative to
 *   the worker ("epochcalc-book-sw.js?files=epochcalc/")
 */
export function registerBookWorker(url: string, options?: RegistrationOptions): Promise<BookWorkerStatus>;
