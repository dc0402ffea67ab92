// The sweep chart itself, drawn with uPlot: a module of its own (dist/epochcalc-chart.js), loaded by
// sweep.js only when the chart comes into view, so that a first visit does not carry uPlot. The page
// and every element share the one file; the service worker precaches it for offline use.
import uPlot from 'uplot';
import uplotCss from 'uplot/dist/uPlot.min.css';
import { time, int, shortName } from './format.js';
import { compact, labelled, timeTicks } from './sweep-axes.js';

/** uPlot's own stylesheet, adopted by the document or shadow root a chart is drawn in (the first
 * visit's CSS does not carry it). @type {CSSStyleSheet|null} */
let sheet = null;
/** @param {Node} node */
function adoptUplotCss(node) {
  const root = node.getRootNode();
  if (!(root instanceof Document || root instanceof ShadowRoot)) return;
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(uplotCss);
  }
  // First, so that the page's own rules (.chart .uplot) stay in force over uPlot's.
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [sheet, ...root.adoptedStyleSheets];
}

/** @typedef {{ switches: { at: number, to: string }[], batch: number, label: string }} Marks */
/** @typedef {ReturnType<typeof createPlot>} Plot */

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
 * A uPlot chart of the sweep in `container`, with the winner's switches, the configured batch size
 * and an overlay (the page's measured points) drawn over the lines.
 * @param {HTMLElement} container
 */
export function createPlot(container) {
  /** @type {uPlot|null} */
  let plot = null;
  let key = '';
  /** @type {Marks} */
  let marks = { switches: [], batch: 1, label: '' };
  /** Drawn over the lines, with the epoch times it needs in range. */
  let overlay = { draw: /** @type {((u: uPlot, colors: ReturnType<typeof palette>, dpr: number) => void)|null} */ (null), ys: /** @type {number[]} */ ([]) };
  /** The stylesheet's colours, read when the chart is rebuilt (fresh: a new colour scheme or theme), not
   * on every update: reading them makes the browser compute styles in the middle of the update. */
  let colors = palette(container);

  const height = () => (container.clientWidth < 500 ? 240 : 300);

  /** Vertical marker lines with labels. @param {uPlot} u */
  function drawMarks(u) {
    const ctx = u.ctx;
    const dpr = devicePixelRatio || 1;
    const { top, height: bh, left, width: bw } = u.bbox;
    /** The canvas rows the two curves take between x pixels a and b. @param {number} a @param {number} b */
    const curvesAt = (a, b) => {
      const ys = [];
      const xs = /** @type {number[]} */ (u.data[0]);
      for (let i = 0; i < xs.length; i++) {
        const p = u.valToPos(xs[i], 'x', true);
        if (p < a || p > b) continue;
        for (const k of [1, 2]) if (u.data[k]?.[i] != null) ys.push(u.valToPos(/** @type {number} */ (u.data[k][i]), 'y', true));
      }
      return ys;
    };
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
      // Your batch's label goes at the bottom or under the switches' labels at the top, whichever the
      // curves leave clear over its width; drawn with a halo, not on a box, so no curve is hidden.
      let ty = atTop ? top + 4 * dpr : top + bh - 4 * dpr - fh;
      if (!atTop) {
        const under = top + 8 * dpr + fh;
        const clear = (y0) => Math.min(Infinity, ...curvesAt(tx, tx + w).map((y) => (y < y0 ? y0 - y : y > y0 + fh ? y - y0 - fh : 0)));
        if (clear(under) > clear(ty)) ty = under;
      }
      ctx.textBaseline = 'middle';
      ctx.lineJoin = 'round';
      ctx.lineWidth = 4 * dpr;
      ctx.strokeStyle = colors.bg;
      ctx.setLineDash([]);
      ctx.strokeText(text, tx, ty + fh / 2);
      ctx.fillStyle = color;
      ctx.fillText(text, tx, ty + fh / 2);
      ctx.restore();
    };
    for (const m of marks.switches) line(m.at, [6, 4], colors.text, `${m.to} from ${int(m.at)}`, true);
    line(marks.batch, [2, 3], colors.muted, marks.label, false);
    drawPinned(u, dpr);
    overlay.draw?.(u, colors, dpr);
  }

  /** Pinned scenarios' curves: thin, short dashes, in each device's colour, named at their right end. */
  let pinned = /** @type {import('./tools/tools.js').Pinned[]} */ ([]);
  /** @param {uPlot} u @param {number} dpr */
  function drawPinned(u, dpr) {
    const ctx = u.ctx;
    for (const pin of pinned) {
      for (const [role, color] of /** @type {const} */ ([['host', colors.host], ['accelerator', colors.accel]])) {
        const xs = pin.sweep.batch_size;
        const ys = pin.sweep[role].epoch_time_s;
        ctx.save();
        ctx.strokeStyle = color;
        ctx.globalAlpha = 0.75;
        ctx.lineWidth = 1.5 * dpr;
        ctx.setLineDash([2 * dpr, 3 * dpr]);
        ctx.beginPath();
        for (let i = 0; i < xs.length; i++) {
          const x = u.valToPos(xs[i], 'x', true);
          const y = u.valToPos(ys[i], 'y', true);
          if (i === 0) ctx.moveTo(x, y);
          else ctx.lineTo(x, y);
        }
        ctx.stroke();
        ctx.restore();
      }
    }
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
    adoptUplotCss(container);
    plot = new uPlot(opts, data(sweep), container);
  }

  /** The y range of the lines, widened to the overlay's times. @param {number} min @param {number} max @returns {[number, number]} */
  function withOverlay(min, max) {
    let lo = Math.min(min, ...overlay.ys);
    let hi = Math.max(max, ...overlay.ys);
    for (const pin of pinned) {
      for (const ys of [pin.sweep.host.epoch_time_s, pin.sweep.accelerator.epoch_time_s]) {
        for (const y of ys) {
          lo = Math.min(lo, y);
          hi = Math.max(hi, y);
        }
      }
    }
    // A little room in log space, so a point on the edge is drawn whole.
    return lo < hi ? [lo / 1.15, hi * 1.15] : [lo / 2, hi * 2];
  }

  /** @param {import('epochcalc').SweepResult} sweep */
  const data = (sweep) => /** @type {uPlot.AlignedData} */ (
    /** @type {unknown} */ ([sweep.batch_size, sweep.host.epoch_time_s, sweep.accelerator.epoch_time_s]));

  /**
   * Draws a new result.
   * @param {import('epochcalc').SweepResult} sweep @param {import('epochcalc').Result} r @param {Marks} nextMarks
   * @param {{ draw: any, ys: number[] }} nextOverlay @param {boolean} [fresh]  rebuild (new colours or overlay)
   */
  function update(sweep, r, nextMarks, nextOverlay, fresh = false, nextPinned = pinned) {
    marks = nextMarks;
    overlay = nextOverlay;
    pinned = nextPinned;
    if (fresh) {
      key = '';
      colors = palette(container);
    }
    const n = r.scenario.network.dataset.training_examples;
    // (New colours come with fresh, which clears the key.)
    const nextKey = [r.host.name, r.accelerator.name].join('|');
    // Axis label density depends on the ranges, so rebuild when they change too.
    let lo = Infinity;
    let hi = 0;
    for (const ys of [sweep.host.epoch_time_s, sweep.accelerator.epoch_time_s]) {
      for (const y of ys) {
        lo = Math.min(lo, y);
        hi = Math.max(hi, y);
      }
    }
    const range = `${Math.floor(Math.log10(lo))}:${Math.floor(Math.log10(hi))}:${n}:${pinned.length}`;
    const next = data(sweep);
    if (!plot || key !== `${nextKey}|${range}`) {
      key = `${nextKey}|${range}`;
      build(sweep, r);
    } else if (sameData(plot.data, next)) {
      // Same lines (the sweep does not depend on the configured batch size): only the markers and the
      // legend's values at your batch move, so the lines' paths and the axes are kept.
      plot.redraw(false, false);
      plot.setLegend({});
    } else {
      plot.setData(next);
    }
  }

  /** Whether two data sets hold the same numbers. @param {uPlot.AlignedData} a @param {uPlot.AlignedData} b */
  function sameData(a, b) {
    if (a.length !== b.length) return false;
    for (let k = 0; k < a.length; k++) {
      const x = a[k];
      const y = b[k];
      if (x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
    }
    return true;
  }

  new ResizeObserver(() => {
    if (plot && container.clientWidth > 0) plot.setSize({ width: container.clientWidth, height: height() });
  }).observe(container);

  return { update };
}
