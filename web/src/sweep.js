// The batch-size sweep: epoch time of host and accelerator against batch size (log-log), with every
// switch of the winner and the chosen batch size marked; and the same numbers as a table. The batch
// sizes and the series come from the engine (one Float64Array each), as does every statement.
import uPlot from 'uplot';
import { h, replace } from './dom.js';
import { time, int, num, exact, shortName } from './format.js';
import { describeWins } from './wins.js';

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

/** Compact tick label for a batch size: 1, 10, 100, 1k, 10k, 1M. @param {number} v */
function compact(v) {
  if (v >= 1e9) return `${num(v / 1e9, { digits: 3 })}G`;
  if (v >= 1e6) return `${num(v / 1e6, { digits: 3 })}M`;
  if (v >= 1e3) return `${num(v / 1e3, { digits: 3 })}k`;
  return num(v, { digits: 3 });
}

/** Which mantissas get a tick label on a log axis spanning `decades`. */
export function labelled(v, decades) {
  if (v < 1 || v !== Math.round(v)) return false;  // batch sizes are whole numbers
  const m = Math.round(v / 10 ** Math.floor(Math.log10(v) + 1e-9));
  if (decades > 2.5) return m === 1;
  if (decades > 0.5) return m === 1 || m === 2 || m === 5;
  return true;
}

/** Round times for a log axis: decades below a minute, then minutes and hours; finer if few fit. */
export function timeTicks(lo, hi) {
  const levels = [
    [[1], [60, 600, 3600, 36000, 360000, 3600000, 36000000, 360000000]],
    [[1, 2, 5], [60, 120, 300, 600, 1200, 3600, 7200, 18000, 36000, 72000, 180000, 360000, 720000, 1800000, 3600000, 36000000, 360000000]],
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

/** Colours from the stylesheet, as they reach the chart (they change with the colour scheme and an
 * element's theme). @param {Element} el */
function palette(el) {
  const css = getComputedStyle(el);
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
  /** Markers drawn on top of the lines: each switch of the winner, and the configured batch size. */
  // `batch` is where the configured batch size sits on the chart: a batch larger than N is one step
  // of N examples, so it sits at N; `label` names the configured size itself.
  const marks = { switches: /** @type {{ at: number, to: string }[]} */ ([]), batch: 1, label: '' };
  /** Drawn over the lines, with the epoch times it needs in range (the page's measured points). */
  let overlay = { draw: /** @type {((u: uPlot, colors: ReturnType<typeof palette>, dpr: number) => void)|null} */ (null), ys: /** @type {number[]} */ ([]) };

  const height = () => (container.clientWidth < 500 ? 240 : 300);

  /** Vertical marker lines with labels. @param {uPlot} u */
  function drawMarks(u) {
    const ctx = u.ctx;
    const colors = palette(container);
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
      // Beside the line, on whichever side has room, and never outside the plot.
      const right = px + 4 * dpr + w > left + bw ? px - 4 * dpr - w : px + 4 * dpr;
      const tx = Math.max(left + 2 * dpr, Math.min(right, left + bw - w - 2 * dpr));
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
    for (const m of marks.switches) line(m.at, [6, 4], colors.text, `${m.to} from ${int(m.at)}`, true);
    line(marks.batch, [2, 3], colors.muted, marks.label, false);
    overlay.draw?.(u, colors, dpr);
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
    const colors = palette(container);
    /** Labels, ticks and grid lines only at the splits `keep` accepts, given the axis's span in decades. */
    const only = (keep) => {
      const filter = (u, splits) => {
        const decades = Math.log10(u.scales.x.max / u.scales.x.min);
        return splits.map((v) => (keep(v, decades) ? v : null));
      };
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
        // A one-point sweep (N = 1) still gets an axis around its point.
        x: { time: false, distr: 3, log: 10, range: (_u, min, max) => (min < max ? [min, max] : [min / 2, max * 2]) },
        y: { distr: 3, log: 10, range: (_u, min, max) => withOverlay(min, max) },
      },
      series: [
        { label: 'Batch size', value: (u, v) => int(v ?? atYourBatch(u, 0)) },
        {
          label: `Host: ${shortName(r.host.name, 40)}`, stroke: colors.host, width: 2.5,
          value: (u, v) => time(v ?? atYourBatch(u, 1)), points: { show: sweep.batch_size.length <= 2 },
        },
        {
          label: `Accelerator: ${shortName(r.accelerator.name, 40)}`, stroke: colors.accel, width: 2.5, dash: [10 * devicePixelRatio, 6 * devicePixelRatio],
          value: (u, v) => time(v ?? atYourBatch(u, 2)), points: { show: sweep.batch_size.length <= 2 },
        },
      ],
      axes: [
        {
          ...axis, label: 'Batch size (log scale)', labelSize: 20,
          ...only(labelled),
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

  /** The y range of the lines, widened to the overlay's times. @param {number} min @param {number} max @returns {[number, number]} */
  function withOverlay(min, max) {
    const lo = Math.min(min, ...overlay.ys);
    const hi = Math.max(max, ...overlay.ys);
    // A little room in log space, so a point on the edge is drawn whole.
    return lo < hi ? [lo / 1.15, hi * 1.15] : [lo / 2, hi * 2];
  }

  /** @param {import('epochcalc').SweepResult} sweep */
  const data = (sweep) => /** @type {uPlot.AlignedData} */ (
    /** @type {unknown} */ ([sweep.batch_size, sweep.host.epoch_time_s, sweep.accelerator.epoch_time_s]));

  /** Redraws for a new result. @param {import('epochcalc').SweepResult} sweep @param {import('epochcalc').Result} r */
  function update(sweep, r) {
    lastArgs = [sweep, r];
    const n = r.scenario.network.dataset.training_examples;
    marks.switches = switches(sweep.accelerator_wins, n);
    const configured = r.network.batched.batch_size;
    marks.batch = Math.min(configured, n);
    marks.label = configured > n ? `your batch: ${int(configured)} (one step of ${int(n)})` : `your batch: ${int(configured)}`;
    const nextKey = [palette(container).bg, r.host.name, r.accelerator.name].join('|');
    // Axis label density depends on the ranges, so rebuild when they change too.
    let lo = Infinity;
    let hi = 0;
    for (const ys of [sweep.host.epoch_time_s, sweep.accelerator.epoch_time_s]) {
      for (const y of ys) {
        lo = Math.min(lo, y);
        hi = Math.max(hi, y);
      }
    }
    const range = `${Math.floor(Math.log10(lo))}:${Math.floor(Math.log10(hi))}:${n}`;
    if (!plot || key !== `${nextKey}|${range}`) {
      key = `${nextKey}|${range}`;
      build(sweep, r);
    } else {
      plot.setData(data(sweep));
    }
    // The table sits in a closed <details> most of the time: build it when it is shown.
    const details = table.closest('details');
    if (!details || details.open) renderTable(sweep, r);
    else tableStale = true;
    const last = sweep.batch_size.length - 1;
    desc.textContent = `Line chart with logarithmic axes: epoch time of the host (${shortName(r.host.name)}, solid line) and the accelerator (${shortName(r.accelerator.name)}, dashed line) for batch sizes 1 to ${int(n)}. ` +
      `At batch 1: host ${time(sweep.host.epoch_time_s[0])}, accelerator ${time(sweep.accelerator.epoch_time_s[0])}. ` +
      `At batch ${int(n)}: host ${time(sweep.host.epoch_time_s[last])}, accelerator ${time(sweep.accelerator.epoch_time_s[last])}. ` +
      describeWins(r).sentence;
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

  new ResizeObserver(() => {
    if (plot && container.clientWidth > 0) plot.setSize({ width: container.clientWidth, height: height() });
  }).observe(container);
  /** Draws again with the colours now in force (the colour scheme or the theme changed). */
  function redraw() {
    key = '';
    if (lastArgs) update(...lastArgs);
  }

  /** Draws `draw` over the lines, with `ys` (epoch times) kept in range; null removes it. */
  function setOverlay(draw, ys = []) {
    overlay = { draw, ys };
    redraw();
  }

  return { update, redraw, setOverlay };
}
