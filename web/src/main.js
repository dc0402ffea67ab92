// The page: loads the engine, keeps the scenario document as written, and on every edit asks the
// engine for everything at once (calc.evaluate: one validation, one win-range search, the sweep).
// No scenario rule is decided here: the engine's schema builds the form, calc.set reads each typed
// value, calc.expand shows presets and registry devices in full.
import createCalculator, { EpochcalcError } from 'epochcalc';
import { $, h, replace } from './dom.js';
import { readLink, writeLink } from './link.js';
import { createForm } from './form.js';
import { showErrors, clearErrors } from './errors.js';
import { renderBars, renderLegend } from './bars.js';
import { renderResultTable, renderProfileTable, toCsv } from './tables.js';
import { renderHeadline, sentence, report, nowLine } from './summary.js';
import { createSweepChart } from './sweep.js';
import { copyText, download, fileName, reportHeightToParent } from './share.js';

/**
 * The single-file build (epochcalc-offline.html) carries the wasm as base64, as file:// cannot fetch
 * it; the normal page fetches epochcalc_core.wasm.
 */
function embeddedWasm() {
  const el = document.getElementById('epochcalc-wasm');
  if (!el) return {};
  const bytes = atob((el.textContent ?? '').trim());
  return { wasmBinary: Uint8Array.from(bytes, (c) => c.charCodeAt(0)) };
}

/** While typing, a field's error waits for this pause (or for the user to leave the field): "20 u" on the
 * way to "20 us" is not worth a red message. */
const ERROR_PAUSE_MS = 700;

/** An engine error list from anything thrown. @param {unknown} err */
const errorsOf = (err) => (err instanceof EpochcalcError ? err.errors : [{ code: 'E_INTERNAL', path: '', message: String(err) }]);

async function start() {
  const status = $('status');
  let calc;
  try {
    calc = await createCalculator(embeddedWasm());
  } catch (err) {
    status.textContent = location.protocol === 'file:'
      ? 'The calculator cannot load from a file: serve this folder over http (node scripts/serve.mjs) or open epochcalc-offline.html.'
      : `The calculator could not load its WebAssembly engine (${err instanceof Error ? err.message : String(err)}).`;
    status.classList.add('error');
    return;
  }
  $('version').textContent = calc.version;
  const schema = calc.schema();
  const presets = calc.presets();
  $('method-bytes').textContent = schema.precisions.map((p) => `${p.bytes} for ${p.id}`).join(', ');
  $('method-passes').textContent = schema.phases.map((p) => `${p.gemm_passes} for ${p.id}`).join(', ');

  /**
   * An error in the user's words: the field's label where the form has the field, else the key as the
   * scenario JSON writes it (JSON pointers stay in the API and the CLI's --json).
   * @param {{path: string, message: string}} e
   */
  const said = (e) => {
    if (!e.path) return e.message;
    const field = schema.fields.find((f) => f.path === e.path.replace(/^\/network\/widths\/\d+$/, '/network/widths/-'));
    if (field) return `${field.label}: ${e.message}`;
    const key = e.path.split('/').pop()?.replace(/~1/g, '/').replace(/~0/g, '~');
    return `“${key}” in the scenario JSON: ${e.message}`;
  };

  /** The scenario as written: what the link holds and what calc.set edits. */
  let doc = /** @type {any} */ ({ preset: schema.default_preset });
  /**
   * The last scenario that solved, with its result: what the export buttons use.
   * @type {{doc: unknown, result: import('epochcalc').Result}|null}
   */
  let good = null;
  let writtenHash = location.hash;
  let updates = 0;
  /** The engine's expansion of `doc`, as the form shows it. @type {any} */
  let expanded = {};
  let chartDrawn = false;
  /** Errors held back while the user types; shown after a pause or when they leave the field. */
  let held = /** @type {{code: string, path: string, message: string}[]|null} */ (null);
  let heldTimer = 0;

  const form = createForm({
    schema, hardware: calc.hardware(), datasets: calc.datasets(), presets,
    edit: (path, text, how = {}) => {
      try {
        doc = calc.set(doc, path, text);
      } catch (err) {
        return showInvalid(errorsOf(err));
      }
      writeHash();
      update(undefined, how.typing);
    },
    replaceDoc: (next) => load(next, true),
    settled: () => {
      if (held) showInvalid(held);
    },
  });
  const chart = createSweepChart($('sweep-chart'), /** @type {HTMLTableElement} */ ($('sweep-table')), $('sweep-desc'));
  renderLegend($('legend'));

  function writeHash() {
    writtenHash = writeLink(doc);
    history.replaceState(null, '', writtenHash);
  }

  /**
   * Shows a new scenario document: from a link, a preset or the JSON editor. A document the engine
   * cannot even expand (bad JSON, not an object, an unknown preset) is shown with its errors and
   * kept as written; the form waits until it is fixed.
   * @param {unknown} next @param {boolean} edited  whether to record it in the address
   * @param {string} [text]  the text it came from, when it may not be JSON
   */
  function load(next, edited, text) {
    const { problem, shown } = tryExpand(next, text);
    const box = $('link-problem');
    const editor = /** @type {HTMLDetailsElement} */ ($('json-editor'));
    /** @type {HTMLTextAreaElement} */ ($('scenario-json')).value = text ?? JSON.stringify(next, null, 2);
    box.hidden = !problem;
    $('scenario-fields').hidden = Boolean(problem);
    if (problem) {
      replace(box, h('p', {}, h('strong', {}, 'This scenario cannot be shown yet. '),
        'Fix it in the JSON below, or start from the default preset.'),
      h('ul', {}, ...problem.map((e) => h('li', {}, said(e)))));
      editor.open = true;
      good = null;
      setStale([]);
      status.hidden = false;
      status.textContent = 'The scenario is not valid yet: see the scenario form.';
      document.documentElement.dataset.updates = String(++updates);
      return;
    }
    doc = next;
    if (edited) writeHash();
    update(shown);
  }

  /** The engine's expansion of a document, or the errors that stop it. @param {unknown} next @param {string} [text] */
  function tryExpand(next, text) {
    try {
      return { problem: null, shown: calc.expand(next === undefined ? /** @type {string} */ (text) : next) };
    } catch (err) {
      return { problem: errorsOf(err), shown: null };
    }
  }

  /**
   * Solves the document and shows everything, or the errors next to their fields.
   * @param {unknown} [shown]  the document's expansion, when the caller has it already
   * @param {boolean} [typing]  an edit in progress: hold its errors back for a pause
   */
  function update(shown, typing = false) {
    clearTimeout(heldTimer);
    held = null;
    // A counter that tells scripts (and the browser tests) that a recompute happened.
    document.documentElement.dataset.updates = String(++updates);
    if (shown) {
      expanded = shown;
    } else {
      const next = tryExpand(doc);
      if (next.problem) return load(doc, false);
      expanded = next.shown;
    }
    form.render(expanded, doc);
    /** @type {HTMLTextAreaElement} */ ($('scenario-json')).value = JSON.stringify(doc, null, 2);
    let evaluation;
    try {
      evaluation = calc.evaluate(doc);
    } catch (err) {
      form.showReadings(null);
      const errors = errorsOf(err);
      // Mid-word input: say nothing yet; the numbers shown are marked as waiting for the edit.
      if (typing && good) {
        held = errors;
        heldTimer = window.setTimeout(() => { if (held) showInvalid(held); }, ERROR_PAUSE_MS);
        $('answer').classList.add('pending');
        $('results').classList.add('pending');
        return;
      }
      return showInvalid(errors);
    }
    const { result, sweep } = evaluation;
    clearErrors();
    good = { doc, result };
    setStale(null);
    status.hidden = true;
    form.showReadings(result.scenario);
    $('sentence').textContent = sentence(result);
    $('now').textContent = nowLine(result);
    $('now').hidden = false;
    renderHeadline($('headline'), result);
    renderBars($('bars'), $('formula'), result);
    renderTables(result);
    /** @type {HTMLTextAreaElement} */ ($('report')).value = report(result, calc.version);
    replace($('warnings'), ...result.warnings.map((w) => h('li', {}, h('strong', {}, 'Note: '), w.message)));
    // The first chart waits for the first numbers to be on screen; after that it updates in step.
    if (chartDrawn) chart.update(sweep, result);
    else requestAnimationFrame(() => {
      chartDrawn = true;
      chart.update(sweep, result);
      document.documentElement.dataset.ready = 'true';
    });
  }

  /** The two tables, rounded for reading or at full precision for anyone who cannot hover. */
  const exactBox = /** @type {HTMLInputElement} */ ($('exact-values'));
  function renderTables(result) {
    renderResultTable(/** @type {HTMLTableElement} */ ($('result-table')), result, exactBox.checked);
    renderProfileTable(/** @type {HTMLTableElement} */ ($('profile-table')), result, exactBox.checked);
  }
  exactBox.addEventListener('change', () => { if (good) renderTables(good.result); });

  /** @param {{code: string, path: string, message: string}[]} errors */
  function showInvalid(errors) {
    clearTimeout(heldTimer);
    held = null;
    const placed = showErrors(errors, String(expanded?.precision ?? schema.defaults['/precision']));
    setStale(placed, placed.filter((p) => !p.control).map((p) => p.error));
  }

  /**
   * Greys the last good result while the input is invalid, with a note that says which field to fix;
   * errors without a field (an unknown field, a whole-document problem) go in a banner.
   * @param {{control: HTMLElement|null}[]|null} placed  null when the input is valid again
   * @param {{path: string, message: string}[]} [unplaced]
   */
  function setStale(placed, unplaced = []) {
    const stale = placed != null;
    for (const id of ['answer', 'results']) $(id).classList.remove('pending');
    // Exports say what they hold: the link and the JSON carry the input as typed, valid or not; the
    // CSV and the report describe a result, so they wait for a valid one instead of a stale one.
    for (const id of ['download-csv', 'copy-report']) /** @type {HTMLButtonElement} */ ($(id)).disabled = stale;
    $('export-note').hidden = !stale;
    $('results').classList.toggle('empty', good == null);
    $('now').classList.toggle('stale', stale);
    $('answer').classList.toggle('stale', stale && good != null);
    $('results').classList.toggle('stale', stale && good != null);
    const note = $('stale-note');
    const global = $('global-error');
    note.hidden = !stale;
    global.hidden = unplaced.length === 0;
    replace(global, ...unplaced.map((e) => h('span', { class: 'item' }, said(e))),
      unplaced.length > 0 && h('button', { type: 'button', class: 'link', onclick: openJson }, 'Edit the scenario JSON'));
    if (!stale) return;
    const labels = placed.map((p) => p.control && labelOf(p.control)).filter(Boolean);
    const fields = [...new Set(labels)].join(', ');
    const first = placed.find((p) => p.control)?.control;
    replace(note,
      good ? 'Showing the last valid result. ' : 'No result yet. ',
      fields ? `Fix ${fields} to update it.` : 'Fix the scenario to update it.',
      first && ' ',
      first && h('button', { type: 'button', class: 'link', onclick: () => first.focus() }, 'Go to the field'));
    if (!good) {
      status.hidden = false;
      status.textContent = 'The scenario is not valid yet: see the highlighted field.';
    }
  }

  function openJson() {
    const editor = /** @type {HTMLDetailsElement} */ ($('json-editor'));
    editor.open = true;
    $('scenario-json').focus();
  }

  /** The visible label of a control, for messages. @param {HTMLElement} el */
  function labelOf(el) {
    const label = el.id ? document.querySelector(`label[for="${el.id}"]`) : null;
    const text = label?.textContent ?? el.getAttribute('aria-label') ?? el.querySelector('.label')?.textContent ?? '';
    const legend = el.closest('fieldset.device')?.querySelector('legend')?.firstChild?.textContent?.trim();
    const name = text.replace(/\s+/g, ' ').trim();
    return legend && el.closest('fieldset.device') ? `${legend} ${name.toLowerCase()}` : `“${name}”`;
  }

  // The JSON editor: any scenario, checked by the engine.
  $('scenario-json-apply').addEventListener('click', () => {
    const text = /** @type {HTMLTextAreaElement} */ ($('scenario-json')).value;
    let next;
    try {
      next = JSON.parse(text);
    } catch {
      return load(undefined, false, text);
    }
    load(next, true);
  });
  $('scenario-default').addEventListener('click', () => load({ preset: schema.default_preset }, true));

  // Export buttons.
  const exportStatus = $('export-status');
  const reportBox = /** @type {HTMLTextAreaElement} */ ($('report'));
  const say = (text) => { exportStatus.textContent = text; };
  $('copy-link').addEventListener('click', async () => {
    const url = new URL(location.href);
    url.hash = writeLink(doc);
    say((await copyText(url.href, reportBox)) ? 'Link copied.' : 'The link is selected in the box below: copy it from there.');
  });
  $('copy-json').addEventListener('click', async () => {
    const json = JSON.stringify(doc, null, 2);
    say((await copyText(json, reportBox)) ? 'Scenario JSON copied.' : 'The JSON is selected in the box below: copy it from there.');
  });
  $('download-csv').addEventListener('click', () => {
    if (!good) return say('Nothing to export yet.');
    download(`${fileName(good.result.scenario.name)}.csv`, toCsv(good.result), 'text/csv');
    say('CSV downloaded (SI units: seconds, joules).');
  });
  $('copy-report').addEventListener('click', async () => {
    if (!good) return say('Nothing to report yet.');
    const text = report(good.result, calc.version);
    reportBox.value = text;
    say((await copyText(text, reportBox)) ? 'Report paragraph copied.' : 'The paragraph is selected: copy it from the box.');
  });

  /** Shows what the address holds; an empty one means the default preset. */
  function loadLink() {
    const link = readLink(location.hash);
    writtenHash = location.hash;
    if (!link) return load({ preset: schema.default_preset }, false);
    load(link.doc, false, link.doc === undefined ? link.text : undefined);
  }

  // A pasted or edited link restores its scenario.
  addEventListener('hashchange', () => {
    if (location.hash !== writtenHash) loadLink();
  });

  loadLink();
  reportHeightToParent();
  // data-ready: everything is drawn (the chart one frame after the first numbers), or there is
  // nothing to draw because the scenario cannot be shown yet.
  if (!good) document.documentElement.dataset.ready = 'true';
}

start();
