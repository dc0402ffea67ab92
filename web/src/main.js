// The page: the calculator (calculator.js, the same one every embed mounts) on the whole document, plus
// what only a page has: loading the engine, the link in the address bar, the footer and offline use.
// (For an iframe there is embed.html, which fits its frame.)
import { byId, h, onIdle, replace } from './dom.js';
import { readAddress, writeAddress } from './link.js';
import { mountCalculator } from './calculator.js';
import { engine } from './engine.js';
import { readSaved, writeSaved } from './saved.js';
import { prepareFormats } from './format.js';

const $ = byId(document);

async function start() {
  const status = $('status');
  let calc;
  const loading = engine();
  prepareFormats();
  try {
    calc = await loading;
  } catch (err) {
    settlePrerendered(false);
    status.textContent = location.protocol === 'file:'
      ? 'The calculator cannot load from a file: serve this folder over http (node scripts/serve.mjs) or open epochcalc-offline.html.'
      : `The calculator could not load its WebAssembly engine (${err instanceof Error ? err.message : String(err)}).`;
    status.classList.add('error');
    return;
  }
  $('version').textContent = calc.version;
  settlePrerendered(document.documentElement.dataset.answer !== 'later');
  const schema = calc.schema();
  /** The address now shown: a history step or a typed link loads only when it differs. */
  let shownHref = location.href;
  const keep = keepLater(() => { shownHref = location.href; });
  const notices = addNotices();

  /** The pins as JSON, as the address and the browser keep them (null: none). @type {string|null} */
  let pinsText = null;
  /** The address of a scenario: its parameters, as the engine writes them, and the pins. @param {unknown} doc */
  const addressFor = (doc) => {
    /** @type {[string, string][]} */
    let params;
    try {
      params = calc.writeLink(/** @type {any} */ (doc));
    } catch {
      // A document the engine does not read at all (too large): the address holds it as written.
      params = [['scenario', JSON.stringify(doc)]];
    }
    // From the path: an address of only '#…' would keep the query it replaces (hostile input round
    // three, M7: a 12 KB query stayed beside the same parameters after '#').
    return location.pathname + writeAddress(params, pinsText);
  };
  const calculator = mountCalculator({
    root: document,
    marker: document.documentElement,
    calc,
    // Every edit is recorded in the address, one history entry per pause, so a reload or a copied
    // link restores it and Back undoes it.
    onEdit: () => {
      notices.restored(false);
      keep.link(() => addressFor(calculator.doc));
    },
    // Pins travel in the link and survive a reload.
    onPins: (text) => {
      pinsText = text;
      writeSaved('pins', text);
      keep.link(() => addressFor(calculator.doc));
    },
    linkFor: (doc) => new URL(addressFor(doc), location.href).href,
    // The last scenario that solved is kept: an address without a scenario opens it, and a link the
    // engine refuses offers it back.
    onResult: () => {
      keep.save(calculator.doc);
      restore();
    },
  });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', calculator.redraw);
  const restore = addRestore(calculator, keep.flush);
  keep.after(() => restore());

  /**
   * Shows what the address holds. A bare address opens the scenario last edited here, and says so;
   * reached by Back, it is the default it was when the history began.
   * @param {{fromHistory?: boolean}} [how]
   */
  function loadLink({ fromHistory = false } = {}) {
    shownHref = location.href;
    const { params, total, pins } = readAddress(location, schema.limits.link_params);
    notices.link([]);
    notices.restored(false);
    // A link's pins, or on a bare address the ones kept in the browser.
    const keptPins = params.length === 0 && !fromHistory ? readSaved('pins') : null;
    const hadPins = pinsText !== null;
    pinsText = pins ?? (typeof keptPins === 'string' ? keptPins : null);
    if (pinsText !== null || hadPins) calculator.setPins(pinsText ?? '[]');
    if (params.length === 0) {
      const last = fromHistory ? undefined : readSaved('scenario');
      if (last === undefined) {
        calculator.load({ preset: schema.default_preset });
      } else {
        calculator.load(last);
        notices.restored(true);
        // This history entry is now the restored scenario, so Back from a later edit comes back to it.
        if (calculator.valid) history.replaceState(null, '', addressFor(last));
        shownHref = location.href;
      }
      restore();
      return;
    }
    const reading = calc.readLink(params, total);
    const doc = reading.scenario;
    // The engine gives an object, or null where its scenario JSON is not JSON or not an object.
    const unread = doc === null;
    if (unread) {
      // The engine reads the text and says what is wrong
      // above the JSON editor, where it can be fixed (the link's note saying the same is not repeated).
      calculator.load(undefined, { text: params.filter(([key]) => key === 'scenario').pop()?.[1] ?? '' });
    } else {
      calculator.load(reading.scenario);
    }
    notices.link(reading.notes.filter((e) => !(unread && e.path.startsWith('/scenario'))).map((e) => calculator.said(e)));
    restore();
  }

  // Back and forward step through edits; a pasted or edited link opens its scenario.
  const onNavigate = () => {
    if (location.href === shownHref) return;
    // The page's own anchors (#results) move the view, not the scenario: same address, no parameters.
    const was = new URL(shownHref);
    if (was.pathname === location.pathname && was.search === location.search && !was.hash.includes('=') && !location.hash.includes('=')) {
      shownHref = location.href;
      return;
    }
    keep.link(null); // the address the user went to wins over an edit's waiting write
    loadLink({ fromHistory: true });
  };
  addEventListener('popstate', onNavigate);
  addEventListener('hashchange', onNavigate);

  /**
   * Notices above the answer: parameters of the link that did not apply, and a scenario restored
   * from the last visit, with one click back to the default.
   */
  function addNotices() {
    const linkBox = h('div', { id: 'link-notes', class: 'notice', role: 'status', hidden: true });
    const restoredBox = h('p', { id: 'restored', class: 'notice', hidden: true },
      'Showing the scenario you last edited in this browser. ',
      h('button', { type: 'button', id: 'restored-default', class: 'link', onclick: () => {
        calculator.load({ preset: schema.default_preset }, { edited: true });
      } }, 'Start from the default instead'));
    $('status').after(restoredBox, linkBox);
    return {
      /** @param {string[]} notes  each said in the page's words */
      link: (notes) => {
        linkBox.hidden = notes.length === 0;
        replace(linkBox, notes.length > 0 && h('p', {}, h('strong', {}, 'Part of this link was not applied. '), 'The rest of it is shown.'),
          notes.length > 0 && h('ul', {}, ...notes.map((note) => h('li', {}, note))));
      },
      /** @param {boolean} shown */
      restored: (shown) => { restoredBox.hidden = !shown; },
    };
  }

  addFitPanel(calculator, calc);
  loadLink();
  // data-ready: the first screen is drawn (the numbers; the sweep chart draws when it first comes
  // into view and then marks #sweep-chart[data-drawn]), or there is nothing to draw because the
  // scenario cannot be shown yet.
  if (!calculator.result) document.documentElement.dataset.ready = 'true';
}

/**
 * The default answer that the build drew into the page (scripts/prerender.mjs) becomes the engine's
 * to redraw: kept on screen when this visit shows the default scenario (the engine draws the same
 * numbers over it), emptied otherwise: a link's scenario, a kept one, or no engine to draw anything.
 * @param {boolean} keep
 */
function settlePrerendered(keep) {
  for (const el of document.querySelectorAll('[data-prerendered]')) {
    if (!keep) el.replaceChildren();
    el.removeAttribute('data-prerendered');
  }
  delete document.documentElement.dataset.answer;
}

/**
 * The address and the stored scenario, written once the edit is on screen: history.replaceState took
 * 6 to 9 ms per edit in Chromium (npm run bench), most of an edit's budget. Only the last of several
 * quick edits is written; everything waiting is written at once when the page is hidden or left, so
 * a reload or a copied address never misses an edit. An edit more than a second after the last write
 * is a new history entry, one sooner replaces it: Back undoes an edit, not a keystroke.
 * html[data-saving] is set while a write waits.
 * @param {() => void} written  after the address is written
 */
function keepLater(written) {
  const root = document.documentElement;
  /** Edits closer together than this share a history entry. */
  const ENTRY_MS = 1000;
  /** Idle time a write waits for (history.replaceState took 6 to 9 ms). */
  const WRITE_MS = 12;
  /** The address to write, made when it is written (the engine writes the link once, not per keystroke). @type {(() => string)|null} */
  let address = null;
  let doc = /** @type {unknown} */ (undefined);
  let scheduled = false;
  let lastWrite = -Infinity;
  /** @type {(() => void)[]} */
  const listeners = [];
  function flush() {
    scheduled = false;
    const next = address?.();
    if (next !== undefined && new URL(next, location.href).href !== location.href) {
      const now = performance.now();
      if (now - lastWrite > ENTRY_MS) history.pushState(null, '', next);
      else history.replaceState(null, '', next);
      lastWrite = now;
      written();
    }
    if (doc !== undefined) writeSaved('scenario', doc);
    const saved = doc !== undefined;
    address = null;
    doc = undefined;
    delete root.dataset.saving;
    if (saved) for (const f of listeners) f();
  }
  /** A history write takes most of a frame: it waits for an idle moment long enough to hold it (in a
   * burst of edits, the pause after it), or a second at most. @param {IdleDeadline} deadline */
  function whenIdle(deadline) {
    if (!scheduled) return;
    if (deadline.timeRemaining() >= WRITE_MS || deadline.didTimeout) flush();
    else onIdle(whenIdle, 1000);
  }
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    root.dataset.saving = 'true';
    onIdle(whenIdle, 1000);
  }
  addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => { if (document.hidden) flush(); });
  return {
    /** @param {(() => string)|null} next  null: forget a waiting write */
    link: (next) => { address = next; if (next !== null) schedule(); },
    /** @param {unknown} next */
    save: (next) => { doc = next; schedule(); },
    flush,
    /** Runs `f` after each write of the stored scenario. @param {() => void} f */
    after: (f) => { listeners.push(f); },
  };
}

/**
 * Under a scenario that does not solve (a bad link, a bad import), a way back to the last scenario
 * that did; the bad one stays as it was, in the address and the JSON editor, until the user leaves it.
 * @param {ReturnType<typeof mountCalculator>} calculator
 * @returns {() => void}  shows or hides the offer for the state now on screen
 */
function addRestore(calculator, flush) {
  const box = $('link-problem');
  const offer = h('p', { id: 'restore', class: 'hint', hidden: true },
    'Your last working scenario is kept. ',
    h('button', { type: 'button', id: 'restore-last', class: 'link', onclick: () => {
      flush();
      const last = readSaved('scenario');
      if (last !== undefined) calculator.load(last, { edited: true });
    } }, 'Open it instead'));
  box.after(offer);
  const sync = () => {
    const stuck = !box.hidden || !calculator.valid;
    offer.hidden = !stuck || readSaved('scenario') === undefined;
  };
  new MutationObserver(sync).observe(box, { attributes: true, attributeFilter: ['hidden'] });
  return sync;
}

/**
 * "Fit to your measurements", after the sweep: a page's panel (embeds do not offer it). Its code
 * (calibration.js) and the engine's calibration module load the first time it is opened.
 * @param {ReturnType<typeof mountCalculator>} calculator @param {any} calc
 */
function addFitPanel(calculator, calc) {
  const body = h('div', { id: 'fit-body' }, h('p', { class: 'hint' }, 'Loading the fit…'));
  const panel = /** @type {HTMLDetailsElement} */ (h('details', { id: 'fit-panel' }, h('summary', {}, 'Enter measured epoch times'), body));
  $('sweep-h').closest('section')?.after(h('section', { 'aria-labelledby': 'fit-h', id: 'fit-section' },
    h('h2', { id: 'fit-h' }, 'Fit to your measurements'),
    h('p', { class: 'hint' }, "Fit dispatch, launch and each device's efficiency to epochs you measured."),
    panel));
  panel.addEventListener('toggle', () => {
    if (!panel.open || panel.dataset.loaded) return;
    panel.dataset.loaded = 'true';
    import('./calibration.js').then((m) => m.mountCalibration({
      body, calc, doc: () => calculator.doc, load: (next) => calculator.load(next, { edited: true }), overlay: calculator.setOverlay,
    }), (err) => {
      delete panel.dataset.loaded;
      replace(body, h('p', { class: 'field-error' }, `The fit could not load (${err instanceof Error ? err.message : String(err)}); close and open this panel to try again.`));
    });
  });
}

// Offline use is set up once the first result is on screen and the page is idle, from its own small
// chunk, so the service worker's downloads never compete with the first visit's own.
start().then(() => onIdle(() => import('./offline.js').then((offline) => offline.registerOffline()), 3000));
