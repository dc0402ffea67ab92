// Keeps these pages and their calculators working offline after a reload: registers the book's worker
// (epochcalc-book-sw.js, copied beside the pages) and tells it where the elements' files are, relative
// to it (here "../": the examples sit one folder below dist/). README: "Offline on a book's pages".
import { registerBookWorker } from '../epochcalc-book.js';

registerBookWorker(new URL('epochcalc-book-sw.js?files=../', import.meta.url).href);
