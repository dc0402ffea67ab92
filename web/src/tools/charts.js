// The sweep chart's other axes and views: epoch time, work and overhead, or the overhead share, against
// the batch size or any numeric field the engine varies (calc.sweepField, over the range the engine
// gives each field with its break-even figures). The default (epoch time
// against batch size) is the interactive chart (sweep-plot.js); the others are drawn as SVG from the
// engine's numbers. Whichever is shown is what "Chart as PNG/SVG" exports.
import { byId, replace, h } from '../dom.js';
import { time, int, shortName, percent } from '../format.js';
import { timeTicks } from '../sweep-axes.js';
import { fieldValue, dottedOf } from '../field-format.js';
import { lineChartSvg, sweepSvg, svgNode, shares, shareAxis, batchTicks, screenLook, watchLook } from './chart-image.js';

/** A field the chart can go across, with its value now and the engine's default range for it.
 * @typedef {{ path: string, label: string, unit: string, integer: boolean, current: number|null, sweep: { from: number, to: number, log: boolean } }} ChartField */
/** One device's series along the x axis. @typedef {{ epoch_time_s: ArrayLike<number>, work_time_s: ArrayLike<number>, overhead_time_s: ArrayLike<number> }} DeviceSeries */
/** @typedef {{ x: ArrayLike<number>, host: DeviceSeries, accelerator: DeviceSeries }} ChartData */

export const BATCH = '/network/batch_size';
/** Points along a field's axis. */
const POINTS = 60;

const TITLES = { epoch: 'Epoch time', parts: 'Work and overhead per epoch', share: 'Overhead share of the epoch' };
/** The chart's title, as the picture, its text and the section's heading say it. @param {'epoch'|'parts'|'share'} view @param {{ label: string }} field */
const chartTitle = (view, field) => `${TITLES[view]} against ${field.label.toLowerCase()}`;

/**
 * The chart for a view of the data, as SVG text.
 * @param {'epoch'|'parts'|'share'} view @param {ChartData} data @param {ChartField} field
 * @param {import('epochcalc').Result} r @param {boolean} log  the x axis's scale
 * @param {import('./chart-image.js').Look} [look]  the exports' by default
 */
export function viewSvg(view, data, field, r, log, look) {
  const batch = field.path === BATCH;
  const x = {
    label: `${field.label}${log ? ' (log scale)' : ''}`, values: data.x, log,
    format: (v) => fieldValue(field, v), ...(batch ? { ticks: batchTicks, format: int } : {}),
  };
  const host = `Host: ${shortName(r.host.name, 40)}`;
  const accel = `Accelerator: ${shortName(r.accelerator.name, 40)}`;
  const timeAxis = { label: 'Epoch time (log scale)', log: true, format: (v) => time(v, { digits: 3 }), ticks: timeTicks };
  // No mark for a value left out that means none (no graph launches): it has no place on the axis.
  const marks = field.current == null ? [] : [{ at: field.current, label: `yours: ${fieldValue(field, field.current)}` }];
  const common = { title: chartTitle(view, field), subtitle: r.scenario.name, x, marks };
  if (view === 'share') {
    return lineChartSvg({
      ...common, y: shareAxis,
      series: [
        { label: host, color: 'host', values: shares(data.host.overhead_time_s, data.host.epoch_time_s) },
        { label: accel, color: 'accelerator', values: shares(data.accelerator.overhead_time_s, data.accelerator.epoch_time_s), dash: '10 6' },
      ],
    }, look);
  }
  if (view === 'parts') {
    return lineChartSvg({
      ...common, y: timeAxis,
      subtitle: `${r.scenario.name}. ${host}; ${accel}`,
      series: [
        { label: 'Host epoch (shaded above work: overhead)', color: 'host', values: data.host.epoch_time_s, band: data.host.work_time_s },
        { label: 'Host work', color: 'host', values: data.host.work_time_s, width: 1.2, dash: '3 3' },
        { label: 'Accelerator epoch (shaded: overhead)', color: 'accelerator', values: data.accelerator.epoch_time_s, band: data.accelerator.work_time_s },
        { label: 'Accelerator work', color: 'accelerator', values: data.accelerator.work_time_s, width: 1.2, dash: '3 3' },
      ],
    }, look);
  }
  return lineChartSvg({
    ...common, y: timeAxis,
    series: [
      { label: host, color: 'host', values: data.host.epoch_time_s },
      { label: accel, color: 'accelerator', values: data.accelerator.epoch_time_s, dash: '10 6' },
    ],
  }, look);
}

/**
 * The chart in words, for a screen reader: the axis's span and each device's curve from end to end.
 * @param {'epoch'|'parts'|'share'} view @param {ChartData} data @param {ChartField} field @param {import('epochcalc').Result} r
 */
export function viewText(view, data, field, r) {
  const last = data.x.length - 1;
  const span = (values, format) => `from ${format(values[0])} to ${format(values[last])}`;
  const curve = (name, d) => (view === 'share'
    ? `the ${name}'s overhead share ${span(shares(d.overhead_time_s, d.epoch_time_s), percent)}`
    : `the ${name}'s epoch ${span(d.epoch_time_s, (v) => time(v))}`);
  return `${chartTitle(view, field)}, ${span(data.x, (v) => fieldValue(field, v))}: ` +
    `${curve(`host (${shortName(r.host.name, 40)})`, data.host)}, ${curve(`accelerator (${shortName(r.accelerator.name, 40)})`, data.accelerator)}.`;
}

/**
 * The chart's numbers as a table, along its x axis: each device's epoch and overhead share, and which is faster.
 * @param {HTMLElement} table @param {ChartData} data @param {ChartField} field
 */
function renderFieldTable(table, data, field) {
  const rows = [];
  for (let i = 0; i < data.x.length; i++) {
    const [host, accel] = [data.host.epoch_time_s[i], data.accelerator.epoch_time_s[i]];
    const share = (d) => percent(d.overhead_time_s[i] / d.epoch_time_s[i]);
    rows.push(h('tr', {},
      h('th', { scope: 'row' }, fieldValue(field, data.x[i])),
      h('td', {}, time(host)), h('td', {}, share(data.host)),
      h('td', {}, time(accel)), h('td', {}, share(data.accelerator)),
      h('td', {}, accel < host ? 'accelerator' : host < accel ? 'host' : 'neither')));
  }
  replace(table,
    h('caption', {}, `Epoch time and overhead share at each ${field.label.toLowerCase()} of the chart.`),
    h('thead', {}, h('tr', {}, ...[field.label, 'Host epoch', 'Host overhead', 'Accelerator epoch', 'Accelerator overhead', 'Faster'].map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, ...rows));
}

/** @param {import('./tools.js').ToolsHost} host @param {() => import('./tools.js').Pinned[]} pinned */
export function mountCharts(host, pinned) {
  const $ = byId(host.root);
  const xSelect = /** @type {HTMLSelectElement} */ ($('chart-x'));
  const viewSelect = /** @type {HTMLSelectElement} */ ($('chart-view'));
  const box = $('field-chart');
  const plot = $('sweep-chart');
  // The section's heading names the chart on screen; the interactive chart's description is for it alone.
  const heading = $('sweep-h');
  const plotText = $('sweep-desc');
  const batchHeading = heading.textContent;
  // The section's caption and its table follow the chart's x axis (the batch sweep's are the page's own).
  const caption = /** @type {HTMLElement} */ (heading.nextElementSibling);
  const batchCaption = caption.textContent;
  const batchTable = $('sweep-table');
  const fieldTable = h('table', { id: 'field-table', hidden: true });
  batchTable.after(fieldTable);
  /** @type {ChartField[]} */
  let fields = [];
  /** The chart on screen when it is not the interactive one, as the exports have it. @type {string|null} */
  let shown = null;
  let asked = 0;
  /** Draws that chart on screen again (its width or the page's colours changed). */
  let paint = () => {};
  watchLook(box, () => { if (!box.hidden) paint(); });

  /** A field asked for before the engine has named the fields (an element's chart-x). @type {string|null} */
  let wanted = null;


  async function render() {
    const question = ++asked;
    const now = host.current();
    if (!now) return;
    const field = fields.find((f) => f.path === xSelect.value) ?? fields[0];
    const view = /** @type {'epoch'|'parts'|'share'} */ (viewSelect.value);
    const batch = !field || field.path === BATCH;
    if (batch && view === 'epoch') {
      shown = null;
      box.hidden = true;
      plot.hidden = false;
      plotText.hidden = false;
      heading.textContent = batchHeading;
      caption.textContent = batchCaption;
      fieldTable.hidden = true;
      batchTable.hidden = false;
      return;
    }
    /** @type {ChartData} */
    let data;
    let log = true;
    /** What the engine says of the field across this scenario: own values that give way, or why it changes no epoch. */
    let notes = /** @type {string[]} */ ([]);
    if (batch) {
      data = { x: now.sweep.batch_size, host: now.sweep.host, accelerator: now.sweep.accelerator };
    } else {
      const range = field.sweep;
      log = range.log;
      try {
        const sweep = await host.calc.sweepField(/** @type {any} */ (now.doc), { field: field.path, from: range.from, to: range.to, points: POINTS, log: range.log });
        data = { x: sweep.x.values, host: sweep.host, accelerator: sweep.accelerator };
        notes = sweep.x.notes;
      } catch (err) {
        if (question === asked) replace(box, h('p', { class: 'field-error' }, (/** @type {any} */ (err)?.errors ?? [{ path: '', message: String(err) }]).map((e) => host.said(e)).join(' ')));
        return;
      }
    }
    if (question !== asked) return;
    const axisField = batch ? { ...field, path: BATCH, label: 'Batch size', current: Math.min(now.result.network.batched.batch_size, now.result.scenario.network.dataset.training_examples) } : field;
    shown = viewSvg(view, data, axisField, now.result, log);
    heading.textContent = chartTitle(view, axisField);
    caption.textContent = batch ? batchCaption
      : `Each device's epoch as ${axisField.label.toLowerCase()} goes from ${fieldValue(axisField, data.x[0])} to ${fieldValue(axisField, data.x[data.x.length - 1])}, the rest of your scenario as it is. Where the lines cross, the faster device changes.`;
    renderFieldTable(fieldTable, data, axisField);
    fieldTable.hidden = false;
    batchTable.hidden = true;
    plotText.hidden = true;
    box.dataset.view = view;
    box.dataset.x = axisField.path;
    box.hidden = false;
    plot.hidden = true;
    // On screen: drawn at the width it has and in the page's colours (the section's heading is its title).
    paint = () => {
      const picture = svgNode(viewSvg(view, data, axisField, now.result, log, screenLook(box)));
      picture.setAttribute('aria-label', viewText(view, data, axisField, now.result));
      replace(box, picture, ...notes.map((note) => h('p', { class: 'hint', 'data-notes': '' }, note)));
    };
    paint();
  }

  xSelect.addEventListener('change', () => { render(); });
  viewSelect.addEventListener('change', () => { render(); });

  return {
    /** The sweeps the chart on screen shows, as calc.csv takes them: the batch sizes of the page's sweep,
     * or the field across its range. */
    sweeps() {
      const now = host.current();
      if (!now) return null;
      const field = fields.find((f) => f.path === xSelect.value);
      if (!field || field.path === BATCH) return [{ field: BATCH, values: Array.from(now.sweep.batch_size) }];
      return [{ field: field.path, from: field.sweep.from, to: field.sweep.to, points: POINTS, log: field.sweep.log }];
    },
    update: () => { render(); },
    /** The fields the engine varies, from its break-even answer (with their current values). @param {ChartField[]} list */
    setFields(list) {
      const chosen = wanted ?? (xSelect.value || BATCH);
      fields = list;
      replace(xSelect, ...list.map((f) => h('option', { value: f.path, selected: f.path === chosen }, f.label)));
      if (wanted && !list.some((f) => f.path === wanted)) console.error(`epochcalc: chart-x="${dottedOf(wanted)}" is not a field the chart can go across: use one of ${list.map((f) => dottedOf(f.path)).join(', ')}`);
      // A field asked for, or the chart across a field on screen: drawn again with the values now.
      if (wanted || !box.hidden) render();
      wanted = null;
    },
    /** Goes across `x` (a pointer) in `view`, once the engine names the fields. @param {string|null} x @param {string|null} view */
    want(x, view) {
      if (view === 'epoch' || view === 'parts' || view === 'share') viewSelect.value = view;
      else if (view != null) console.error(`epochcalc: chart-view="${view}" is not a view: use epoch, parts or share`);
      if (x && fields.some((f) => f.path === x)) xSelect.value = x;
      else if (x) wanted = x;
      render();
    },
    /** The chart on screen, as SVG text (the interactive one drawn the same way). */
    svg() {
      const now = host.current();
      if (shown) return shown;
      return now ? sweepSvg(now.sweep, now.result, pinned()) : null;
    },
  };
}
