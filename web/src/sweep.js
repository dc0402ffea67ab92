// The batch-size sweep: epoch time of host and accelerator against batch size (log-log), with every
// switch of the winner and the chosen batch size marked; and the same numbers as a table and a text
// description. The batch sizes and the series come from the engine (one Float64Array each), as does
// every statement. The chart itself (uPlot, sweep-plot.js) loads when it first comes into view: the
// first answer does not need it, and a first visit does not carry it.
import { h, replace, whenInView } from './dom.js';
import { time, int, exact, shortName } from './format.js';
import { describeWins } from './wins.js';

export { labelled, timeTicks } from './sweep-axes.js';

/**
 * Where the winner changes: the first batch size of each winning range (the accelerator takes over)
 * and the one after it ends (the host takes over), inside [1, N].
 * @param {import('epochcalc').BatchRange[]} wins @param {number} n
 * @returns {{ at: number, to: 'accelerator'|'host' }[]}
 */
export function switches(wins, n) {
  const out = [];
  for (const r of wins) {
    if (r.from > 1) out.push({ at: r.from, to: /** @type {const} */ ('accelerator') });
    if (r.to < n) out.push({ at: r.to + 1, to: /** @type {const} */ ('host') });
  }
  return out;
}

const SHOWN_RATIO = 0.1;

/** The chart's module (epochcalc-chart.js), loaded once for every chart on the page: a file that is
 * missing is asked for once. @type {Promise<typeof import('./sweep-plot.js')>|null} */
let chartLoading = null;
const chartModule = () => (chartLoading ??= import('./sweep-plot.js'));

/** The chart loads once a tenth of it is on screen. (Any part was too little: a full element alone on a
 * page shows 2 px of its chart in a 1280 × 900 window, and the chart's chunk came with the first answer.) */
/**
 * @param {HTMLElement} container  chart goes here
 * @param {HTMLTableElement} table  table alternative
 * @param {HTMLElement} desc  text description of the chart
 */
export function createSweepChart(container, table, desc) {
  /** @type {[import('epochcalc').SweepResult, import('epochcalc').Result]|null} */
  let lastArgs = null;
  /** Markers drawn on top of the lines: each switch of the winner, and the configured batch size. */
  // `batch` is where the configured batch size sits on the chart: a batch larger than N is one step
  // of N examples, so it sits at N; `label` names the configured size itself.
  const marks = { switches: /** @type {{ at: number, to: string }[]} */ ([]), batch: 1, label: '' };
  /** Drawn over the lines, with the epoch times it needs in range (the page's measured points). */
  let overlay = { draw: /** @type {Function|null} */ (null), ys: /** @type {number[]} */ ([]) };
  /** @type {import('./tools/tools.js').Pinned[]} */
  let pinned = [];
  /** The chart, once its module has loaded. @type {import('./sweep-plot.js').Plot|null} */
  let plot = null;
  /** @type {Promise<void>|null} */
  let loading = null;

  /** Draws the last result, loading the chart first if it is not yet; the promise settles when it is drawn. */
  function draw(fresh = false) {
    if (plot) {
      if (lastArgs) plot.update(...lastArgs, { ...marks }, overlay, fresh, pinned);
      return Promise.resolve();
    }
    loading ??= whenInView([container], SHOWN_RATIO).then(chartModule).then((m) => {
      plot = m.createPlot(container);
      if (lastArgs) plot.update(...lastArgs, { ...marks }, overlay, false, pinned);
      container.dataset.drawn = 'true';
    }, (err) => {
      // Kept: a file not copied is asked for once, not at every edit (a reload tries again).
      replace(container, h('p', { class: 'field-error global' }, `The chart could not load (${err instanceof Error ? err.message : String(err)}); the table below has its numbers.`));
    });
    return loading;
  }

  /** Shows a new result; the promise settles when the chart is drawn. @param {import('epochcalc').SweepResult} sweep @param {import('epochcalc').Result} r */
  function update(sweep, r) {
    lastArgs = [sweep, r];
    const n = r.scenario.network.dataset.training_examples;
    marks.switches = switches(sweep.accelerator_wins, n);
    const configured = r.network.batched.batch_size;
    marks.batch = Math.min(configured, n);
    marks.label = configured > n ? `your batch: ${int(configured)} (one step of ${int(n)})` : `your batch: ${int(configured)}`;
    // The table sits in a closed <details> most of the time: build it when it is shown.
    const details = table.closest('details');
    if (!details || details.open) renderTable(sweep, r);
    else tableStale = true;
    const last = sweep.batch_size.length - 1;
    desc.textContent = `Line chart with logarithmic axes: epoch time of the host (${shortName(r.host.name)}, solid line) and the accelerator (${shortName(r.accelerator.name)}, dashed line) for batch sizes 1 to ${int(n)}. ` +
      `At batch 1: host ${time(sweep.host.epoch_time_s[0])}, accelerator ${time(sweep.accelerator.epoch_time_s[0])}. ` +
      `At batch ${int(n)}: host ${time(sweep.host.epoch_time_s[last])}, accelerator ${time(sweep.accelerator.epoch_time_s[last])}. ` +
      describeWins(r).sentence;
    return draw();
  }

  /** @param {import('epochcalc').SweepResult} sweep @param {import('epochcalc').Result} r */
  function renderTable(sweep, r) {
    const b = marks.batch;
    const at = new Map(marks.switches.map((m) => [m.at, `${m.to} faster from here`]));
    const rows = [];
    for (let i = 0; i < sweep.batch_size.length; i++) {
      const size = sweep.batch_size[i];
      const host = sweep.host.epoch_time_s[i];
      const accel = sweep.accelerator.epoch_time_s[i];
      const notes = [at.get(size), size === b && 'your batch size'].filter(Boolean);
      const faster = accel < host ? 'accelerator' : accel > host ? 'host' : 'tie';
      rows.push(h('tr', { class: notes.length ? 'marked' : null },
        h('th', { scope: 'row' }, int(size), notes.length ? ` (${notes.join(', ')})` : ''),
        h('td', { title: exact(host, 's') }, time(host, { fixed: 3 })),
        h('td', { title: exact(accel, 's') }, time(accel, { fixed: 3 })),
        h('td', {}, faster)));
    }
    replace(table,
      h('caption', {}, 'Epoch time at each batch size of the sweep.'),
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, 'Batch size'),
        h('th', { scope: 'col', title: r.host.name }, 'Host'),
        h('th', { scope: 'col', title: r.accelerator.name }, 'Accelerator'),
        h('th', { scope: 'col' }, 'Faster'))),
      h('tbody', {}, ...rows));
  }

  let tableStale = false;
  table.closest('details')?.addEventListener('toggle', (e) => {
    if (/** @type {HTMLDetailsElement} */ (e.target).open && tableStale && lastArgs) {
      tableStale = false;
      renderTable(...lastArgs);
    }
  });

  /** Draws again with the colours now in force (the colour scheme or the theme changed: the page and
   * the element each listen for it). */
  function redraw() {
    if (plot) draw(true);
  }

  /** Draws `draw` over the lines, with `ys` (epoch times) kept in range; null removes it. */
  function setOverlay(drawOver, ys = []) {
    overlay = { draw: drawOver, ys };
    if (plot) draw(true);
  }

  /** Pinned scenarios' sweeps, drawn as thin dashed curves. @param {import('./tools/tools.js').Pinned[]} list */
  function setPinned(list) {
    pinned = list;
    if (plot) draw(true);
  }

  return { update, redraw, setOverlay, setPinned };
}
