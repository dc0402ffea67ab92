// "Fit to your measurements": measured epoch times in, the engine's fit out (calc.calibrate), the
// points drawn on the sweep chart, and the fitted scenario applied (and undone) with one click. Loaded
// on first use (calculator.js), so a first visit does not carry it. The engine reads and checks every
// measurement; this file only turns typed lines into the measurement objects the engine reads.
import { h, replace } from './dom.js';
import { time, percent, num } from './format.js';
import { readSaved, writeSaved } from './saved.js';

/** @typedef {import('epochcalc').Calibration} Calibration */
/** @typedef {import('epochcalc').Measurement} Measurement */

/** The panel's own rules, arriving with its code (a constructed stylesheet: no inline style). */
const PANEL_CSS = `#measurements{font-family:ui-monospace,monospace}
.fit-which{display:flex;flex-wrap:wrap;gap:.25rem 1rem;padding-bottom:.5rem}
.fit-which label{display:inline-flex;align-items:center;gap:.35rem;font-size:.9rem}
#fit-result table{margin:.75rem 0}#fit-constants{width:auto;min-width:60%}#fit-constants td{text-align:left}
#fit-measurements thead th,#fit-predictions thead th{white-space:nowrap}.dot.host{color:var(--line-host)}.dot.accel{color:var(--line-accel)}`;

/** @param {Document} doc */
function addPanelCss(doc) {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(PANEL_CSS);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
}

/** The four constants the fit can fit (its `fit` option), in the engine's order. */
const CONSTANTS = /** @type {const} */ (['dispatch', 'launch', 'host_efficiency', 'accelerator_efficiency']);

/**
 * A constant's field in the engine's table: the first whose last name is the constant's ("dispatch":
 * /dispatch, "host_efficiency": /assumptions/host_efficiency), as the engine names it.
 * @param {import('epochcalc').Schema} schema @param {string} key
 */
const fieldOf = (schema, key) => schema.fields.find((f) => f.path.slice(f.path.lastIndexOf('/') + 1) === key);

/**
 * The fit's rows: each of the scenario's constants (fitted, not determined, held, or paid by no device
 * because each pays its own), then each device's own overheads the fit fits; each named by its field's
 * label in the engine's schema.
 * @param {Calibration} r @param {import('epochcalc').Schema} schema @returns {[string, string][]}
 */
export function fittedRows(r, schema) {
  /** @param {string} key @param {number} x */
  const shown = (key, x) => (key.endsWith('efficiency') ? `${percent(x)} of peak` : time(x));
  const rows = /** @type {[string, string][]} */ ([]);
  for (const key of CONSTANTS) {
    const field = fieldOf(schema, key);
    const path = field?.path ?? `/${key}`;
    const x = r.fitted[key];
    const held = r.held.filter((e) => e.path === path);
    let text = 'kept as in the scenario';
    if (x != null) text = shown(key, x);
    else if (r.undetermined.some((e) => e.path === path)) text = 'not determined';
    else if (held.length && held.every((e) => e.because !== 'fit')) text = 'paid by no device: each pays its own';
    rows.push([field?.label ?? key, text]);
  }
  for (const device of /** @type {const} */ (['host', 'accelerator'])) {
    for (const [key, x] of Object.entries(r.fitted_own[device])) {
      const path = `/overheads/${device}/${key}`;
      rows.push([schema.fields.find((f) => f.path === path)?.label ?? path, x == null ? 'not determined' : shown(key, x)]);
    }
  }
  return rows;
}

/**
 * The batch sizes typed for predictions: "64, 1024" → [64, 1024]; anything else goes to the engine as
 * typed, which says what is wrong at /predict/i.
 * @param {string} text @returns {unknown[]}
 */
export function parseBatchSizes(text) {
  return text.split(/[\s,;]+/).filter(Boolean).map((w) => (/^\d+$/.test(w) ? Number(w) : w));
}

/**
 * What the box holds: lines "device batch time" (time with or without a unit), a JSON list of
 * measurements, or a whole measurements file ({ scenario?, measurements, fit? }, as scripts/measure.py
 * writes it). Values go to the engine as typed; it reports what is wrong, at a path.
 * @param {string} text
 * @returns {{ measurements: unknown, scenario?: unknown, lines: boolean, error?: string }}
 */
export function parseMeasurements(text) {
  const trimmed = text.trim();
  if (trimmed === '') return { measurements: [], lines: true };
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    let value;
    try {
      value = JSON.parse(trimmed);
    } catch {
      return { measurements: [], lines: false, error: 'This is not valid JSON: check quotes, commas and brackets, or write one measurement per line instead.' };
    }
    if (value && typeof value === 'object' && !Array.isArray(value) && 'measurements' in value) {
      return { measurements: value.measurements, scenario: value.scenario, lines: false };
    }
    return { measurements: value, lines: false };
  }
  const measurements = [];
  for (const line of trimmed.split('\n')) {
    const words = line.replace(/#.*/, '').trim().split(/[\s,;]+/).filter(Boolean);
    if (words.length === 0) continue;
    const [device, batch, ...rest] = words;
    measurements.push({ device, batch_size: batch ?? '', epoch_time_s: rest.join(' ') });
  }
  return { measurements, lines: true };
}

/**
 * An engine error in the words of the box: "Line 3: …" for typed lines, "Measurement 3: …" for JSON.
 * @param {{path: string, message: string}} e @param {boolean} lines @param {string[]} typed  the lines kept
 */
export function measurementError(e, lines, typed = []) {
  const m = e.path.match(/^\/measurements\/(\d+)(?:\/(\w+))?/);
  if (e.path.startsWith('/predict')) return `Predict at batch sizes: ${e.message}`;
  if (!m) return e.path.startsWith('/scenario') ? `The scenario: ${e.message}` : e.message;
  const i = Number(m[1]);
  const what = { device: 'device', batch_size: 'batch size', epoch_time_s: 'epoch time' }[m[2] ?? ''] ?? '';
  const where = lines ? `Line “${typed[i] ?? i + 1}”` : `Measurement ${i + 1}`;
  return `${where}${what ? `, ${what}` : ''}: ${e.message}`;
}

/**
 * Host points as discs, accelerator points as diamonds, in their line's colour with an outline.
 * @param {any} u  the uPlot chart @param {{host: string, accel: string, bg: string}} colors @param {number} dpr
 * @param {{device: string, batch_size: number, epoch_time_s: number}[]} points
 */
function drawPoints(u, colors, dpr, points) {
  const ctx = u.ctx;
  const r = 5 * dpr;
  for (const m of points) {
    const x = u.valToPos(m.batch_size, 'x', true);
    const y = u.valToPos(m.epoch_time_s, 'y', true);
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    ctx.save();
    ctx.beginPath();
    if (m.device === 'host') ctx.arc(x, y, r, 0, 2 * Math.PI);
    else {
      ctx.moveTo(x, y - r * 1.3);
      ctx.lineTo(x + r * 1.3, y);
      ctx.lineTo(x, y + r * 1.3);
      ctx.lineTo(x - r * 1.3, y);
      ctx.closePath();
    }
    ctx.fillStyle = m.device === 'host' ? colors.host : colors.accel;
    ctx.strokeStyle = colors.bg;
    ctx.lineWidth = 1.5 * dpr;
    ctx.fill();
    ctx.stroke();
    ctx.restore();
  }
}

/**
 * @param {object} o
 * @param {HTMLElement} o.body  where the panel goes
 * @param {any} o.calc
 * @param {() => unknown} o.doc  the scenario as written now
 * @param {(doc: unknown) => void} o.load  shows another scenario (applying or undoing a fit)
 * @param {(draw: Function|null, ys?: number[]) => void} o.overlay  draws over the sweep chart
 */
export function mountCalibration({ body, calc, doc, load, overlay }) {
  addPanelCss(body.ownerDocument);
  const box = /** @type {HTMLTextAreaElement} */ (h('textarea', {
    id: 'measurements', rows: 6, spellcheck: 'false', 'aria-describedby': 'measurements-hint',
    placeholder: 'host 32 274 ms\nhost 256 95 ms\naccelerator 32 255 ms\naccelerator 256 33 ms',
  }));
  const schema = calc.schema();
  const checks = CONSTANTS.map((key) => h('label', { class: 'check' },
    h('input', { type: 'checkbox', id: `fit-${key}`, checked: true }), ` ${fieldOf(schema, key)?.label ?? key}`));
  const predictBox = /** @type {HTMLInputElement} */ (h('input', {
    type: 'text', id: 'fit-predict', inputmode: 'numeric', spellcheck: 'false', placeholder: '64, 1024, 8192',
    'aria-describedby': 'fit-predict-hint',
  }));
  const fitButton = h('button', { type: 'button', id: 'fit-run' }, 'Fit');
  const applyButton = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', id: 'fit-apply', disabled: true }, 'Apply the fit to the scenario'));
  const undoButton = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', id: 'fit-undo', hidden: true }, 'Undo the fit'));
  const clearButton = h('button', { type: 'button', id: 'fit-clear', class: 'link' }, 'Clear the points');
  const problems = h('div', { id: 'fit-errors', class: 'field-error', role: 'alert', hidden: true });
  const output = h('div', { id: 'fit-result', 'aria-live': 'polite' });
  replace(body,
    h('label', { for: 'measurements', class: 'label' }, 'Measured epoch times'),
    box,
    h('p', { class: 'hint', id: 'measurements-hint' },
      'One per line: the device (host or accelerator), the batch size, the epoch time with its unit (a bare number is in seconds). ' +
      'Or paste the JSON that scripts/measure.py writes. Two or more batch sizes per device separate the overhead from the efficiency.'),
    h('fieldset', { class: 'fit-which' }, h('legend', {}, 'Fit'), ...checks),
    h('label', { for: 'fit-predict', class: 'label' }, 'Predict epochs at batch sizes'),
    predictBox,
    h('p', { class: 'hint', id: 'fit-predict-hint' }, 'Optional: the fitted model’s epochs on both devices at these batch sizes.'),
    h('div', { class: 'buttons' }, fitButton, applyButton, undoButton, clearButton),
    problems,
    output);

  // The chart's legend for the points, under the chart.
  const legend = h('p', { id: 'sweep-measured', class: 'hint', hidden: true },
    h('span', { class: 'dot host', 'aria-hidden': 'true' }, '●'), ' host measured, ',
    h('span', { class: 'dot accel', 'aria-hidden': 'true' }, '◆'), ' accelerator measured (from “Fit to your measurements”).');
  body.ownerDocument.getElementById('sweep-chart')?.after(legend);

  /** Measured epochs on the chart; an empty list removes them. @param {{device: string, batch_size: number, epoch_time_s: number}[]} points */
  function plot(points) {
    const shown = points.filter((m) => m.batch_size > 0 && m.epoch_time_s > 0);
    legend.hidden = shown.length === 0;
    overlay(shown.length ? (u, colors, dpr) => drawPoints(u, colors, dpr, shown) : null, shown.map((m) => m.epoch_time_s));
  }

  /** @type {Calibration|null} */
  let fit = null;
  /** The scenario before the fit was applied, for Undo. */
  let before = /** @type {unknown} */ (undefined);

  function showProblems(list) {
    problems.hidden = list.length === 0;
    replace(problems, ...list.map((text) => h('p', {}, text)));
  }

  async function run() {
    const parsed = parseMeasurements(box.value);
    if (parsed.error) return showProblems([parsed.error]);
    const typed = box.value.split('\n').map((l) => l.replace(/#.*/, '').trim()).filter(Boolean);
    const free = CONSTANTS.filter((key) => /** @type {HTMLInputElement} */ (body.querySelector(`#fit-${key}`)).checked);
    const predict = parseBatchSizes(predictBox.value);
    const input = {
      scenario: parsed.scenario ?? doc(), measurements: parsed.measurements,
      ...(free.length < 4 ? { fit: free } : {}), ...(predict.length ? { predict } : {}),
    };
    fitButton.setAttribute('aria-busy', 'true');
    try {
      fit = await calc.calibrate(input);
    } catch (err) {
      fit = null;
      applyButton.disabled = true;
      replace(output);
      const errors = /** @type {any} */ (err)?.errors ?? [{ path: '', message: String(err) }];
      return showProblems(errors.map((e) => measurementError(e, parsed.lines, typed)));
    } finally {
      fitButton.removeAttribute('aria-busy');
    }
    if (!fit) return;
    showProblems([]);
    applyButton.disabled = false;
    plot(fit.measurements);
    render(fit, Boolean(parsed.scenario));
  }

  /** @param {Calibration} r @param {boolean} ownScenario */
  function render(r, ownScenario) {
    replace(output,
      ownScenario && h('p', { class: 'hint' }, 'The pasted file carries its own scenario: the fit uses it, and applying the fit opens it.'),
      h('table', { id: 'fit-constants' },
        h('caption', {}, 'Fitted values'),
        h('tbody', {}, ...fittedRows(r, schema).map(([label, text]) => h('tr', {}, h('th', { scope: 'row' }, label), h('td', {}, text))))),
      r.dispatch_plus_launch != null && h('p', {}, `Dispatch plus launch per operation on the accelerator: ${time(r.dispatch_plus_launch)}.`),
      ...r.notes.map((n) => h('p', { class: 'hint' }, n)),
      h('div', { class: 'scroll', tabindex: 0, role: 'region', 'aria-label': 'Measured and fitted epochs' },
        h('table', { id: 'fit-measurements' },
          h('caption', {}, `Each measurement against the model (RMS relative residual ${percent(r.rms_relative_residual)})`),
          h('thead', {}, h('tr', {}, ...['Device', 'Batch', 'Measured', 'Before fit', 'Fitted', 'Residual'].map((t) => h('th', { scope: 'col' }, t)))),
          h('tbody', {}, ...r.measurements.map((m) => h('tr', {},
            h('th', { scope: 'row' }, m.device), h('td', {}, num(m.batch_size)), h('td', {}, time(m.epoch_time_s)),
            h('td', {}, time(m.uncalibrated_s)), h('td', {}, time(m.predicted_s)),
            h('td', {}, `${m.relative_residual >= 0 ? '+' : '−'}${percent(Math.abs(m.relative_residual))}`)))))),
      r.predictions && h('table', { id: 'fit-predictions' },
        h('caption', {}, 'The fitted model’s epochs on the scenario’s network'),
        h('thead', {}, h('tr', {}, ...['Batch', 'Host', 'Accelerator'].map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, ...r.predictions.map((p) => h('tr', {},
          h('th', { scope: 'row' }, num(p.batch_size)), h('td', {}, time(p.host_epoch_time_s)), h('td', {}, time(p.accelerator_epoch_time_s)))))));
  }

  fitButton.addEventListener('click', run);
  applyButton.addEventListener('click', () => {
    if (!fit) return;
    before = doc();
    load(fit.scenario);
    undoButton.hidden = false;
    applyButton.disabled = true;
  });
  undoButton.addEventListener('click', () => {
    if (before === undefined) return;
    load(before);
    before = undefined;
    undoButton.hidden = true;
    applyButton.disabled = !fit;
  });
  clearButton.addEventListener('click', () => {
    plot([]);
    fit = null;
    applyButton.disabled = true;
    replace(output);
    showProblems([]);
  });
  // What was typed survives a reload, a failed fit and a failed load of the fit's module.
  const kept = readSaved('measurements');
  if (typeof kept === 'string') box.value = kept;
  box.addEventListener('input', () => writeSaved('measurements', box.value));
  box.focus();
}
