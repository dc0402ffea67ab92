// One calculator: the scenario document as written, the form built from the engine's schema, and every
// view (headline, bars, sweep, tables, export, method) drawn from one engine update per edit: the value
// typed is set on the calculator's prepared scenario, which expands its document for the form, solves
// and sweeps it in one call. The page
// mounts it on its document; each <epoch-overhead-calculator> mounts it on its shadow root, so the page
// and every embed share this one implementation. No scenario rule is decided here. Its state is the
// variables at the top of mountCalculator; the JSON editor, the stale view and the tools' loading are
// units of their own (web/src/calculator/), each with its own.
import { EpochcalcError } from 'epochcalc';
import { byId, cancelIdle, h, onIdle, replace, watchNearView } from './dom.js';
import { toolsModule } from './tools-module.js';
import { createForm } from './form.js';
import { mountJsonEditor } from './calculator/json-editor.js';
import { createStale } from './calculator/stale.js';
import { mountToolsLoader } from './calculator/tools-loader.js';
import { showErrors, clearErrors } from './errors.js';
import { renderBars, renderLegend } from './bars.js';
import { renderResultTable, renderCountsTable } from './tables.js';
import { renderHeadline, sentence, nowLine } from './summary.js';
import { createSweepChart } from './sweep.js';

/** @typedef {{code: string, path: string, message: string}} EngineError */

/** While typing, a field's error waits for this pause (or for the user to leave the field): "20 u" on the
 * way to "20 us" is not worth a red message. */
const ERROR_PAUSE_MS = 700;

/** An engine error list from anything thrown. @param {unknown} err @returns {EngineError[]} */
export const errorsOf = (err) => (err instanceof EpochcalcError ? err.errors : [{ code: 'E_INTERNAL', path: '', message: String(err) }]);

/**
 * Mounts a calculator on markup already in `root` (web/calculator.html).
 * @param {object} o
 * @param {Document|ShadowRoot} o.root
 * @param {HTMLElement} o.marker  carries data-updates (a counter per recompute), data-ready, and data-settling
 *   while the what-if answers to the last recompute are still on their way (they may change the layout)
 * @param {import('epochcalc').Calculator} o.calc  the engine (createCalculator)
 * @param {Set<string>|null} [o.parts]  the data-part names to show (an element's view); null: the whole page
 * @param {(doc: unknown, before: unknown) => void} [o.onEdit]  the user changed the document (the page records it in
 *   its link; an element in its own history), `before` the document it replaced
 * @param {{ undo: () => void, reset: () => void, depth: () => number }|null} [o.history]  an element's own
 *   undo and reset, offered by the what-if tools (null on the page, whose history is the browser's: Back)
 * @param {(result: import('epochcalc').Result) => void} [o.onResult]
 * @param {(errors: EngineError[]) => void} [o.onErrors]
 * @param {((doc: unknown) => string)|null} [o.linkFor]  the address of a link to this calculation, if there is one
 * @param {(pins: string|null) => void} [o.onPins]  the pins changed (the page keeps them in its link)
 * @param {AbortSignal} [o.signal]  ends what the calculator listens to outside its root (an element removed)
 */
export function mountCalculator({ root, marker, calc, parts: shown = null, onEdit, onResult, onErrors, linkFor = null, onPins, signal, history = null }) {
  const $ = byId(root);
  const status = $('status');
  const schema = calc.schema();
  $('method-bytes').textContent = schema.precisions.map((p) => `${p.bytes} for ${p.id}`).join(', ');
  $('method-passes').textContent = schema.phases.map((p) => `${p.gemm_passes} for ${p.id}`).join(', ');

  const all = [...root.querySelectorAll('[data-part]')].map((el) => /** @type {HTMLElement} */ (el));
  const parts = /** @type {Set<string>} */ (new Set(shown ?? all.map((el) => el.dataset.part ?? '')));
  for (const el of all) el.hidden = !parts.has(el.dataset.part ?? '');
  $('copy-link').hidden = !linkFor;
  // A few inputs beside a compact view need no heading and no running summary of their own.
  const fewControls = parts.has('controls') && !parts.has('json');
  $('controls-h').classList.toggle('visually-hidden', fewControls);
  root.querySelector('.layout')?.classList.toggle('single', !parts.has('controls') || fewControls);

  /**
   * An error in the user's words: the field's label where the form has the field, else the key as the
   * scenario JSON writes it (JSON pointers stay in the API and the CLI's --json).
   * @param {{path: string, message: string}} e
   */
  const said = (e) => {
    if (!e.path) return e.message;
    const field = schema.fields.find((f) => f.path === e.path.replace(/^\/network\/widths\/\d+$/, '/network/widths/-'));
    if (field) return `${field.label}: ${e.message}`;
    const key = e.path.split('/').pop()?.replace(/~1/g, '/').replace(/~0/g, '~') ?? '';
    // A hostile link can carry a key of any length: quote a long one in part.
    return `“${key.length > 60 ? `${key.slice(0, 57)}…` : key}” in the scenario JSON: ${e.message}`;
  };

  // The calculator's state: these variables, in one place (the units below keep only their own).
  /** The scenario as written: what a link holds and what calc.set edits. */
  let doc = /** @type {any} */ ({ preset: schema.default_preset });
  /**
   * The last scenario that solved, with its result: what the exports and the `result` property use.
   * @type {{doc: unknown, result: import('epochcalc').Result, sweep: import('epochcalc').SweepResult}|null}
   */
  let good = null;
  /** Recomputes so far (the marker's data-updates). */
  let updates = 0;
  /** The engine's expansion of `doc`, as the form shows it. @type {any} */
  let expanded = {};
  let chartDrawn = false;
  /** Errors held back while the user types; shown after a pause or when they leave the field. */
  let held = /** @type {EngineError[]|null} */ (null);
  let heldTimer = 0;
  /** Results pinned beside the current one (the tools own the pins): ghost bars, dashed curves. @type {import('./tools/tools.js').Pinned[]} */
  let pinned = [];
  /** Whether the tools module was asked for where-values-come-from lines or what each device pays. */
  let paidLoading = false;
  /** Whether the tables are on screen (or nearly): then they are drawn with each edit, else just after. */
  let tablesInView = false;
  let tablesLater = 0;

  /**
   * The engine's prepared copy of `doc` while `doc` solves (calc.prepare), or null: an edit is set on it
   * instead of the whole document being sent. A preview may have set one field on it ahead of `doc`
   * (`ahead`, its path); an edit of another field makes it again first.
   * @type {import('epochcalc').PreparedScenario|null}
   */
  let prepared = null;
  let ahead = '';
  /** The handle made from `next`, a document that solves; none for null. @param {unknown} next */
  const prepareFrom = (next) => {
    prepared?.dispose();
    prepared = null;
    ahead = '';
    if (next != null) prepared = calc.prepare(/** @type {import('epochcalc').ScenarioInput} */ (next));
  };
  signal?.addEventListener('abort', () => prepareFrom(null));

  /** One field typed or picked, read by the engine. @param {string} path @param {string} text @param {{typing?: boolean}} [how] */
  function edit(path, text, how = {}) {
    let reply;
    try {
      if (ahead && ahead !== path) prepareFrom(doc);
      // A refused value: the document keeps what was typed, with the engine's errors beside it, so it
      // is edited whole (the handle, which refused it, is made again once the document solves).
      try {
        reply = prepared?.set(path, text).update();
        ahead = '';
      } catch {
        // refused: below
      }
      if (!reply) prepareFrom((reply = calc.update(doc, { path, text })).result && reply.scenario);
    } catch (err) {
      return showInvalid(errorsOf(err));
    }
    const before = doc;
    doc = reply.scenario;
    onEdit?.(doc, before);
    if (!reply.expanded) return showProblem(reply.errors, JSON.stringify(doc, null, 2));
    show(reply, how.typing);
  }

  /**
   * The engine's numbers (calc.view) with one field set while its value still moves (a drag), from the
   * prepared scenario: nothing is shown or recorded until edit() commits the value. Null where there
   * is nothing to preview (the scenario does not solve, so there is no handle; a value the engine
   * refuses).
   * @param {string} path @param {string} text
   */
  function preview(path, text) {
    try {
      // (A preview left ahead only on a handle: `doc` solves.)
      if (ahead && ahead !== path) prepareFrom(doc);
      const values = /** @type {import('epochcalc').PreparedScenario} */ (prepared).set(path, text).solve();
      ahead = path;
      return values;
    } catch {
      return null;
    }
  }

  const form = createForm({
    root, schema, hardware: calc.hardware(), datasets: calc.datasets(), presets: calc.presets(), profiles: calc.profiles(),
    edit,
    replaceDoc: (next) => load(next, { edited: true }),
    settled: () => {
      if (held) showInvalid(held, false);
    },
  });
  const editor = mountJsonEditor($, {
    apply: (text) => load(undefined, { text, edited: true }),
    reset: () => load({ preset: schema.default_preset }, { edited: true }),
  });
  /** Greys the last good result while the input is invalid (calculator/stale.js). @param {{control: HTMLElement|null}[]|null} placed @param {{code?: string, path: string, message: string}[]} [unplaced] */
  const stale = createStale(root, $, parts, said, () => editor.focus());
  const setStale = (placed, unplaced = []) => stale(placed, unplaced, good != null);
  const chart = createSweepChart($('sweep-chart'), /** @type {HTMLTableElement} */ ($('sweep-table')), $('sweep-desc'));
  renderLegend($('legend'));

  /**
   * Under each overhead input, where its number comes from (tools/sources.js, with the tools module:
   * the first answer does not wait for it).
   * @param {import('epochcalc').Result} result
   */
  function showSources(result) {
    // Only a profile's values and a device's own are said (tools/sources.js): without them, and
    // before the tools are wanted for anything else, a first visit loads nothing more.
    const said = [result.host, result.accelerator].some((d) => Object.values(d.overheads.sources)
      .some((src) => src.from === 'profile' || src.path.startsWith('/overheads/')));
    if (!said && !paidLoading) return form.showSources(() => '');
    paidLoading = true;
    toolsModule().then((m) => {
      if (good?.result === result) form.showSources((path) => m.sourceLine(path, result, schema));
    });
  }
  /**
   * What each device pays, once a device has values of its own (tools/paid.js, with the tools module,
   * loaded then: a first answer with both devices on the scenario's values needs none of it, and the
   * bars' formulas say the values).
   * @param {import('epochcalc').Result} result
   */
  function showPaid(result) {
    const own = result.host.overheads.own.length > 0 || result.accelerator.overheads.own.length > 0;
    if (!own && !paidLoading) return;
    paidLoading = true;
    toolsModule().then((m) => { if (good?.result === result) m.renderPaid($('paid'), result, schema); });
  }

  /**
   * Shows a new scenario document: from a link, a preset, an attribute or the JSON editor. A document
   * the engine cannot even expand (bad JSON, not an object, an unknown preset) is shown with its errors
   * and kept as written; the form waits until it is fixed.
   * @param {unknown} next
   * @param {{edited?: boolean, text?: string}} [how]  edited: report it through onEdit; text: the text
   *   it came from (a link, an import), which the engine reads first: JSON.parse would turn 1e400
   *   into Infinity, accept a lone surrogate, or unwrap a JSON string into another document
   */
  function load(next, { edited = false, text } = {}) {
    /** @type {import('epochcalc').Update} */
    let reply;
    const input = text === undefined ? /** @type {import('epochcalc').ScenarioInput} */ (next) : text;
    try {
      prepareFrom(input);
      reply = /** @type {import('epochcalc').PreparedScenario} */ (prepared).update();
    } catch {
      // It does not solve: the whole update says what the form can show of it, and why.
      try {
        reply = calc.update(input);
      } catch (err) {
        // Not even a document (a cycle, a BigInt): only its errors are read below.
        reply = /** @type {import('epochcalc').Update} */ ({ expanded: null, errors: errorsOf(err) });
      }
    }
    if (!reply.expanded) return showProblem(reply.errors, text ?? JSON.stringify(next, null, 2));
    $('link-problem').hidden = true;
    $('scenario-fields').hidden = false;
    // The engine read the text: its document is the one JSON.parse would give.
    const before = doc;
    doc = text === undefined ? next : reply.scenario;
    if (edited) onEdit?.(doc, before);
    show(reply, false, true);
  }

  /**
   * A document the form cannot show: its errors above the JSON editor, which holds it as written.
   * @param {EngineError[]} problem @param {string} written
   */
  function showProblem(problem, written) {
    const box = $('link-problem');
    // A document beyond what the engine reads at all (E_RANGE at the document: its size) stays out of
    // the editor: laying out megabytes of text took seconds, and there is nothing in it to fix.
    const unread = problem.some((e) => e.code === 'E_RANGE' && e.path === '');
    editor.show(!unread);
    editor.write(() => (unread ? '' : written));
    box.hidden = false;
    $('scenario-fields').hidden = true;
    replace(box, h('p', {}, h('strong', {}, 'This scenario cannot be shown yet. '),
      'Fix it in the JSON below, or start from the default preset.'),
    h('ul', {}, ...problem.map((e) => h('li', { 'data-code': e.code, 'data-path': e.path }, said(e)))));
    good = null;
    setStale([], parts.has('json') ? [] : problem);
    status.hidden = false;
    status.textContent = 'The scenario is not valid yet: see the scenario form.';
    marker.dataset.updates = String(++updates);
    onErrors?.(problem);
  }

  /**
   * Shows what the engine made of the document: the form, and everything solved, or the errors next to
   * their fields.
   * @param {import('epochcalc').Update} reply  with `expanded` set
   * @param {boolean} [typing]  an edit in progress: hold its errors back for a pause
   * @param {boolean} [replaced]  a new document (a link, Back, an import): every control shows it
   */
  function show(reply, typing = false, replaced = false) {
    clearTimeout(heldTimer);
    held = null;
    // A counter that tells scripts (and the browser tests) that a recompute happened.
    marker.dataset.updates = String(++updates);
    expanded = reply.expanded ?? {};
    form.render(expanded, doc, replaced);
    editor.write(() => JSON.stringify(doc, null, 2));
    const { result, sweep } = reply;
    if (!result || !sweep) {
      form.showReadings(null);
      // The lines of where each value comes from stay until the next answer: hiding them mid-word
      // would move every field below.
      const errors = reply.errors;
      // Mid-word input: say nothing yet; the numbers shown are marked as waiting for the edit. Listeners
      // hear the errors now, once (showInvalid does not tell them again).
      if (typing && good) {
        onErrors?.(errors);
        held = errors;
        heldTimer = window.setTimeout(() => { if (held) showInvalid(held, false); }, ERROR_PAUSE_MS);
        $('answer').classList.add('pending');
        $('results').classList.add('pending');
        return;
      }
      return showInvalid(errors);
    }
    clearErrors(root);
    good = { doc, result, sweep };
    setStale(null);
    status.hidden = true;
    form.showReadings(result.scenario);
    showSources(result);
    // Only what the view shows is drawn: a hidden calculator behind a paragraph stays cheap to drag.
    if (parts.has('headline')) {
      $('sentence').textContent = sentence(result);
      renderHeadline($('headline'), result);
    }
    if (parts.has('controls') && !fewControls) {
      $('now').textContent = nowLine(result);
      $('now').hidden = false;
    }
    if (parts.has('bars')) {
      renderBars($('bars'), $('formula'), result, pinned);
      renderLegend($('legend'), result);
      showPaid(result);
    }
    if (parts.has('table')) {
      // Off screen, the tables follow in an idle moment, before the address is written: an edit paints
      // its numbers first (npm run bench, edits with two pins).
      cancelIdle(tablesLater);
      if (tablesInView) renderTables(result);
      else tablesLater = onIdle(() => { if (good) renderTables(good.result); }, 100);
      replace($('warnings'), ...result.warnings.map((w) => h('li', {}, h('strong', {}, 'Note: '), w.message)));
    }
    onResult?.(result);
    askTools();
    if (!parts.has('sweep')) {
      marker.dataset.ready = 'true';
      return;
    }
    // The first chart waits for the first numbers to be on screen; after that it updates in step.
    if (chartDrawn) chart.update(sweep, result);
    else requestAnimationFrame(() => {
      chartDrawn = true;
      chart.update(sweep, result);
      marker.dataset.ready = 'true';
    });
  }

  /** The two tables, rounded for reading or at full precision for anyone who cannot hover. */
  const exactBox = /** @type {HTMLInputElement} */ ($('exact-values'));
  watchNearView($('result-table'), (near) => {
    tablesInView = near;
    if (near && good) {
      cancelIdle(tablesLater);
      renderTables(good.result);
    }
  });
  /** @param {import('epochcalc').Result} result */
  function renderTables(result) {
    renderResultTable(/** @type {HTMLTableElement} */ ($('result-table')), result, exactBox.checked, pinned);
    renderCountsTable(/** @type {HTMLTableElement} */ ($('counts-table')), result, exactBox.checked);
  }
  exactBox.addEventListener('change', () => { if (good) renderTables(good.result); });

  /** @param {EngineError[]} errors @param {boolean} [tell]  false: listeners heard them already */
  function showInvalid(errors, tell = true) {
    clearTimeout(heldTimer);
    held = null;
    if (tell) onErrors?.(errors);
    const placed = showErrors(root, errors, String(expanded?.precision ?? schema.defaults['/precision']));
    // A field the view does not show cannot carry its message: it goes in the banner instead.
    const shownControl = (p) => p.control && p.control.getClientRects().length > 0;
    setStale(placed.filter(shownControl), placed.filter((p) => !shownControl(p)).map((p) => p.error));
  }

  /** The what-if tools and the exports (calculator/tools-loader.js): loaded after the reader's first
   * interaction, when pins are given, or on the first export click. */
  const [withTools, askTools] = mountToolsLoader(root, $, marker, parts, signal, (m, settled) => m.mountTools({
    root, marker, calc, parts, linkFor, history,
    doc: () => doc,
    current: () => (good && good.doc === doc ? good : null),
    edit: (path, text) => edit(path, text),
    load: (next, how) => load(next, how),
    said,
    setPinned: (list) => {
      pinned = list;
      if (good && parts.has('bars')) renderBars($('bars'), $('formula'), good.result, pinned);
      if (good && parts.has('table')) renderTables(good.result);
      chart.setPinned(pinned);
    },
    onPins: (text) => onPins?.(text),
    settled,
  }));

  return {
    load,
    edit,
    preview,
    /** The scenario as the last preview left it (the document with the moving value): the newest state. */
    previewed: () => (prepared ? prepared.document() : doc),
    /** The scenario document as written. */
    get doc() { return doc; },
    /** The last result that solved, or null. */
    get result() { return good?.result ?? null; },
    /** Whether the scenario now shown is the one that last solved. */
    get valid() { return good != null && good.doc === doc; },
    /** An engine error in the page's words: the field's label, or the key as the JSON writes it. */
    said,
    /** Shows errors that did not come from the form (an element's attributes). @param {EngineError[]} errors */
    showErrors: (errors) => showInvalid(errors),
    /** Pins from a link or the browser (JSON text): the tools load to show them. @param {string} text */
    setPins: (text) => withTools().then((t) => t.setPins(text), () => {}),
    /** The chart's axis and view and the map's field, by name (an element's attributes). @param {{x?: string|null, view?: string|null, map?: string|null}} wanted */
    setCharts: (wanted) => withTools().then((t) => t.setCharts(wanted), () => {}),
    /** Loads the what-if tools now (the page's notices and tests use it). */
    tools: withTools,
    /** Draws the chart again with the colours now in force. */
    redraw: () => chart.redraw(),
    /** Draws over the sweep chart (the page's measured points), keeping `ys` in range; null removes it. */
    setOverlay: (draw, ys) => chart.setOverlay(draw, ys),
  };
}

