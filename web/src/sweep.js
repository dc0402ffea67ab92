// The batch-size sweep: epoch time of host and accelerator against batch size (log-log), with the
// crossover and the chosen batch size marked; and the same numbers as a table.
import uPlot from 'uplot';
import { h, replace } from './dom.js';
import { time, int, num, exact } from './format.js';

/**
 * Batch sizes to sweep: log-spaced from 1 to N, powers of two, the batch size and the crossover
 * (and the batch size just below it, so the line shows the step).
 * @param {import('epochcalc').Result} r
 * @returns {number[]}
 */
export function sweepGrid(r) {
  const n = r.scenario.network.dataset.training_examples;
  const set = new Set([1, n]);
  const count = 48;
  for (let i = 1; i < count; i++) set.add(Math.round(Math.exp((Math.log(n) * i) / count)));
  for (let p = 2; p < n; p *= 2) set.add(p);
  set.add(Math.min(r.scenario.network.batch_size, n));
  const c = r.comparison.crossover_batch_size;
  if (c != null) {
    set.add(c);
    if (c > 1) set.add(c - 1);
  }
  return [...set].filter((b) => b >= 1 && b <= n).sort((a, b) => a - b);
}

/** Compact tick label for a batch size: 1, 10, 100, 1k, 10k, 1M. @param {number} v */
function compact(v) {
  if (v >= 1e9) return `${num(v / 1e9, { digits: 3 })}G`;
  if (v >= 1e6) return `${num(v / 1e6, { digits: 3 })}M`;
  if (v >= 1e3) return `${num(v / 1e3, { digits: 3 })}k`;
  return num(v, { digits: 3 });
}

/** Which mantissas get a tick label on a log axis spanning `decades`. */
function labelled(v, decades) {
  const m = Math.round(v / 10 ** Math.floor(Math.log10(v) + 1e-9));
  if (decades > 2.5) return m === 1;
  if (decades > 1) return m === 1 || m === 2 || m === 5;
  return true;
}

/** Round times for a log axis: decades below a minute, then minutes and hours; finer if few fit. */
function timeTicks(lo, hi) {
  const levels = [
    [[1], [60, 600, 3600, 36000, 360000]],
    [[1, 2, 5], [60, 120, 300, 600, 1200, 3600, 7200, 18000, 36000, 72000, 180000, 360000]],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9], [60, 120, 180, 240, 300, 600, 900, 1200, 1800, 2700, 3600, 5400, 7200, 10800, 18000, 36000, 72000]],
  ];
  let ticks = [];
  for (const [steps, big] of levels) {
    ticks = [];
    for (let k = Math.floor(Math.log10(lo)) - 1; k <= 1; k++) for (const m of steps) ticks.push(m * 10 ** k);
    ticks = [...ticks.filter((t) => t < 60), ...big].filter((t) => t >= lo * 0.999 && t <= hi * 1.001);
    if (ticks.length >= 3) break;
  }
  return ticks;
}

/** Colours from the stylesheet (they change with the colour scheme). */
function palette() {
  const css = getComputedStyle(document.documentElement);
  const get = (name) => css.getPropertyValue(name).trim();
  return {
    text: get('--text'), muted: get('--muted'), grid: get('--grid'), bg: get('--bg'),
    host: get('--line-host'), accel: get('--line-accel'),
  };
}

/**
 * @param {HTMLElement} container  chart goes here
 * @param {HTMLTableElement} table  table alternative
 * @param {HTMLElement} desc  text description of the chart
 */
export function createSweepChart(container, table, desc) {
  /** @type {uPlot|null} */
  let plot = null;
  let key = '';
  /** @type {[import('epochcalc').SweepResult, import('epochcalc').Result]|null} */
  let lastArgs = null;
  /** Markers drawn on top of the lines. */
  const marks = { crossover: /** @type {number|null} */ (null), batch: 1 };

  const height = () => (container.clientWidth < 500 ? 240 : 300);

  /** Vertical marker lines with labels. @param {uPlot} u */
  function drawMarks(u) {
    const ctx = u.ctx;
    const colors = palette();
    const dpr = devicePixelRatio || 1;
    const { top, height: bh, left, width: bw } = u.bbox;
    const line = (x, dash, color, text, atTop) => {
      const px = Math.round(u.valToPos(x, 'x', true));
      if (px < left - 1 || px > left + bw + 1) return;
      ctx.save();
      ctx.strokeStyle = color;
      ctx.lineWidth = 1.5 * dpr;
      ctx.setLineDash(dash.map((d) => d * dpr));
      ctx.beginPath();
      ctx.moveTo(px, top);
      ctx.lineTo(px, top + bh);
      ctx.stroke();
      ctx.font = `${12 * dpr}px system-ui, sans-serif`;
      ctx.textAlign = 'left';
      ctx.fillStyle = color;
      const w = ctx.measureText(text).width;
      const tx = px + 4 * dpr + w > left + bw ? px - 4 * dpr - w : px + 4 * dpr;
      const fh = 16 * dpr;
      const ty = atTop ? top + 4 * dpr : top + bh - 4 * dpr - fh;
      ctx.fillStyle = colors.bg;
      ctx.globalAlpha = 0.9;
      ctx.fillRect(tx - 3 * dpr, ty, w + 6 * dpr, fh);
      ctx.globalAlpha = 1;
      ctx.fillStyle = color;
      ctx.textBaseline = 'middle';
      ctx.fillText(text, tx, ty + fh / 2);
      ctx.restore();
    };
    if (marks.crossover != null) line(marks.crossover, [6, 4], colors.text, `crossover: batch ${int(marks.crossover)}`, true);
    line(marks.batch, [2, 3], colors.muted, `your batch: ${int(marks.batch)}`, false);
  }

  /**
   * The legend's value when the pointer is off the chart: the one at the configured batch size, so
   * the legend never shows blanks. @param {uPlot} u @param {number} series
   */
  function atYourBatch(u, series) {
    const i = u.data[0].indexOf(marks.batch);
    return u.data[series][i < 0 ? 0 : i];
  }

  /** @param {import('epochcalc').SweepResult} sweep @param {import('epochcalc').Result} r */
  function build(sweep, r) {
    const colors = palette();
    const xs = sweep.points.map((p) => p.batch_size);
    const xDecades = Math.log10(Math.max(...xs) / Math.min(...xs));
    /** Labels, ticks and grid lines only at the splits `keep` accepts. @param {(v: number) => boolean} keep */
    const only = (keep) => {
      const filter = (_u, splits) => splits.map((v) => (keep(v) ? v : null));
      return {
        filter,
        grid: { stroke: colors.grid, width: 1, filter },
        ticks: { stroke: colors.grid, width: 1, filter },
      };
    };
    const axis = {
      stroke: colors.text,
      font: '12px system-ui, sans-serif',
      labelFont: '12px system-ui, sans-serif',
    };
    /** @type {uPlot.Options} */
    const opts = {
      width: container.clientWidth || 600,
      height: height(),
      scales: {
        x: { time: false, distr: 3, log: 10, range: (_u, min, max) => [min, max] },
        y: { distr: 3, log: 10 },
      },
      series: [
        { label: 'Batch size', value: (u, v) => int(v ?? atYourBatch(u, 0)) },
        {
          label: `Host: ${r.host.name}`, stroke: colors.host, width: 2.5,
          value: (u, v) => time(v ?? atYourBatch(u, 1)), points: { show: false },
        },
        {
          label: `Accelerator: ${r.accelerator.name}`, stroke: colors.accel, width: 2.5, dash: [10 * devicePixelRatio, 6 * devicePixelRatio],
          value: (u, v) => time(v ?? atYourBatch(u, 2)), points: { show: false },
        },
      ],
      axes: [
        {
          ...axis, label: 'Batch size (log scale)', labelSize: 20,
          ...only((v) => labelled(v, xDecades)),
          values: (_u, splits) => splits.map((v) => (v == null ? '' : compact(v))),
        },
        {
          ...axis, label: 'Epoch time (log scale)', labelSize: 20, size: 64,
          splits: (_u, _i, min, max) => timeTicks(min, max),
          filter: (_u, splits) => splits,
          grid: { stroke: colors.grid, width: 1 },
          ticks: { stroke: colors.grid, width: 1 },
          values: (_u, splits) => splits.map((v) => (v == null ? '' : time(v, { digits: 3 }))),
        },
      ],
      legend: { live: true },
      cursor: { points: { size: 8 } },
      hooks: { draw: [drawMarks] },
    };
    plot?.destroy();
    plot = new uPlot(opts, data(sweep), container);
  }

  /** @param {import('epochcalc').SweepResult} sweep */
  const data = (sweep) => /** @type {uPlot.AlignedData} */ ([
    sweep.points.map((p) => p.batch_size),
    sweep.points.map((p) => p.host.epoch_time_s),
    sweep.points.map((p) => p.accelerator.epoch_time_s),
  ]);

  /** Redraws for a new result. @param {import('epochcalc').SweepResult} sweep @param {import('epochcalc').Result} r */
  function update(sweep, r) {
    lastArgs = [sweep, r];
    marks.crossover = sweep.crossover_batch_size;
    marks.batch = r.network.batched.batch_size;
    const theme = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    const nextKey = [theme, r.host.name, r.accelerator.name].join('|');
    // Axis label density depends on the ranges, so rebuild when they change too.
    const ys = sweep.points.flatMap((p) => [p.host.epoch_time_s, p.accelerator.epoch_time_s]);
    const range = `${Math.floor(Math.log10(Math.min(...ys)))}:${Math.floor(Math.log10(Math.max(...ys)))}:${sweep.points.at(-1)?.batch_size}`;
    if (!plot || key !== `${nextKey}|${range}`) {
      key = `${nextKey}|${range}`;
      build(sweep, r);
    } else {
      plot.setData(data(sweep));
    }
    renderTable(sweep, r);
    const c = sweep.crossover_batch_size;
    const first = sweep.points[0];
    const last = sweep.points.at(-1);
    desc.textContent = `Line chart with logarithmic axes: epoch time of the host (${r.host.name}, solid line) and the accelerator (${r.accelerator.name}, dashed line) for batch sizes 1 to ${int(last?.batch_size ?? 1)}. ` +
      `At batch 1: host ${time(first.host.epoch_time_s)}, accelerator ${time(first.accelerator.epoch_time_s)}. ` +
      `At batch ${int(last?.batch_size ?? 1)}: host ${time(last?.host.epoch_time_s ?? 0)}, accelerator ${time(last?.accelerator.epoch_time_s ?? 0)}. ` +
      (c == null ? 'The lines do not cross: the accelerator never wins.' : `The accelerator is faster from batch size ${int(c)}.`);
  }

  /** @param {import('epochcalc').SweepResult} sweep @param {import('epochcalc').Result} r */
  function renderTable(sweep, r) {
    const c = sweep.crossover_batch_size;
    const b = r.network.batched.batch_size;
    replace(table,
      h('caption', {}, 'Epoch time at each batch size of the sweep.'),
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, 'Batch size'),
        h('th', { scope: 'col', title: r.host.name }, 'Host'),
        h('th', { scope: 'col', title: r.accelerator.name }, 'Accelerator'),
        h('th', { scope: 'col' }, 'Faster'))),
      h('tbody', {}, ...sweep.points.map((p) => {
        const notes = [p.batch_size === c && 'crossover', p.batch_size === b && 'your batch size'].filter(Boolean);
        const faster = p.accelerator.epoch_time_s < p.host.epoch_time_s ? 'accelerator' : p.accelerator.epoch_time_s > p.host.epoch_time_s ? 'host' : 'tie';
        return h('tr', { class: notes.length ? 'marked' : null },
          h('th', { scope: 'row' }, int(p.batch_size), notes.length ? ` (${notes.join(', ')})` : ''),
          h('td', { title: exact(p.host.epoch_time_s, 's') }, time(p.host.epoch_time_s, { fixed: 3 })),
          h('td', { title: exact(p.accelerator.epoch_time_s, 's') }, time(p.accelerator.epoch_time_s, { fixed: 3 })),
          h('td', {}, faster));
      })));
  }

  new ResizeObserver(() => {
    if (plot && container.clientWidth > 0) plot.setSize({ width: container.clientWidth, height: height() });
  }).observe(container);
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    key = '';
    if (lastArgs) update(...lastArgs);
  });

  return { update };
}
