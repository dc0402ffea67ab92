// The page: loads the engine, keeps one state object, recomputes on every edit.
import createCalculator, { EpochcalcError } from 'epochcalc';
import { $, h, replace } from './dom.js';
import { fromScenario, fromHash, toHash, toScenario } from './state.js';
import { createControls } from './controls.js';
import { showErrors, clearErrors } from './errors.js';
import { renderBars, renderLegend } from './bars.js';
import { renderResultTable, renderProfileTable, toCsv } from './tables.js';
import { renderHeadline, sentence, report } from './summary.js';
import { createSweepChart, sweepGrid } from './sweep.js';
import { copyText, download, fileName, reportHeightToParent } from './share.js';

/** Milliseconds to wait after a keystroke before recomputing. */
const DEBOUNCE_MS = 50;

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

  /** @type {import('./state.js').Registry} */
  const reg = { hardware: calc.hardware(), datasets: calc.datasets(), presets: calc.presets() };
  /** What the user typed: from a shared link, else the default preset. @type {import('./state.js').State} */
  let state = fromHash(reg, location.hash) ?? fromScenario(reg, calc.defaultScenario());
  /**
   * The last scenario that solved, with its result: what the export buttons use.
   * @type {{scenario: import('epochcalc').ScenarioInput, result: import('epochcalc').Result}|null}
   */
  let good = null;
  let writtenHash = location.hash;

  const controls = createControls({
    reg,
    getState: () => state,
    setState: (next) => { state = next; },
    changed: (immediate) => schedule(immediate, true),
  });
  const chart = createSweepChart($('sweep-chart'), /** @type {HTMLTableElement} */ ($('sweep-table')), $('sweep-desc'));
  renderLegend($('legend'));

  let timer = 0;
  let updates = 0;
  /** Recomputes now or after the debounce; `edited` also records the state in the URL. */
  function schedule(immediate, edited) {
    clearTimeout(timer);
    const run = () => {
      if (edited) writeHash();
      update();
    };
    if (immediate) run();
    else timer = window.setTimeout(run, DEBOUNCE_MS);
  }

  function writeHash() {
    writtenHash = toHash(reg, state);
    history.replaceState(null, '', writtenHash);
  }

  /** Solves the current state and shows the result, or shows the errors next to their fields. */
  function update() {
    // A counter that tells scripts (and the browser tests) that a recompute happened.
    document.documentElement.dataset.updates = String(++updates);
    const scenario = toScenario(reg, state);
    let result;
    try {
      result = calc.solve(scenario);
    } catch (err) {
      if (!(err instanceof EpochcalcError)) throw err;
      showInvalid(err.errors);
      return;
    }
    clearErrors();
    setStale(null);
    good = { scenario, result };
    status.hidden = true;
    $('sentence').textContent = sentence(result);
    renderHeadline($('headline'), result);
    renderBars($('bars'), $('formula'), result);
    renderResultTable(/** @type {HTMLTableElement} */ ($('result-table')), result);
    renderProfileTable(/** @type {HTMLTableElement} */ ($('profile-table')), result);
    /** @type {HTMLTextAreaElement} */ ($('report')).value = report(result, calc.version);
    replace($('warnings'), ...result.warnings.map((w) => h('li', {}, h('strong', {}, 'Note: '), w.message)));
    try {
      chart.update(calc.sweep(scenario, sweepGrid(result)), result);
    } catch (err) {
      if (!(err instanceof EpochcalcError)) throw err;
      $('sweep-desc').textContent = `The sweep could not be computed: ${err.message}`;
    }
  }

  /** @param {{code: string, path: string, message: string}[]} errors */
  function showInvalid(errors) {
    const placed = showErrors(errors, state.precision);
    const unplaced = placed.filter((p) => !p.control).map((p) => p.error.message);
    const global = $('global-error');
    global.hidden = unplaced.length === 0;
    global.textContent = unplaced.join(' ');
    setStale(placed);
  }

  /**
   * Greys the last good result while the input is invalid, with a note that says which field to fix.
   * @param {{control: HTMLElement|null}[]|null} placed  null when the input is valid again
   */
  function setStale(placed) {
    const stale = placed != null;
    $('answer').classList.toggle('stale', stale && good != null);
    $('results').classList.toggle('stale', stale && good != null);
    const note = $('stale-note');
    note.hidden = !stale;
    if (!stale) {
      $('global-error').hidden = true;
      return;
    }
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

  /** The visible label of a control, for messages. @param {HTMLElement} el */
  function labelOf(el) {
    const label = el.id ? document.querySelector(`label[for="${el.id}"]`) : null;
    const text = label?.textContent ?? el.getAttribute('aria-label') ?? el.querySelector('.label')?.textContent ?? '';
    const legend = el.closest('fieldset.device')?.querySelector('legend')?.firstChild?.textContent?.trim();
    const name = text.replace(/\s+/g, ' ').replace(/ custom$/, '').trim();
    return legend && el.closest('fieldset.device') ? `${legend} ${name.toLowerCase()}` : `“${name}”`;
  }

  // Export buttons.
  const exportStatus = $('export-status');
  const reportBox = /** @type {HTMLTextAreaElement} */ ($('report'));
  const say = (text) => { exportStatus.textContent = text; };
  $('copy-link').addEventListener('click', async () => {
    const url = new URL(location.href);
    url.hash = toHash(reg, state);
    say((await copyText(url.href, reportBox)) ? 'Link copied.' : 'The link is selected in the box below: copy it from there.');
  });
  $('copy-json').addEventListener('click', async () => {
    const json = JSON.stringify(toScenario(reg, state), null, 2);
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

  // A pasted or edited link restores its scenario.
  addEventListener('hashchange', () => {
    if (location.hash === writtenHash) return;
    const next = fromHash(reg, location.hash);
    if (!next) return;
    state = next;
    writtenHash = location.hash;
    controls.render(state);
    schedule(true, false);
  });

  controls.render(state);
  update();
  reportHeightToParent();
  document.documentElement.dataset.ready = 'true';
}

start();
