// Charts as pictures: an SVG line chart drawn from the engine's numbers, with its title, both axes, a
// legend and the scenario's name (a copy of a canvas would lose the legend and the title). The page
// shows the sweep against any field and the work and overhead views with it, and every chart exports
// as this SVG or as the same SVG rendered to PNG.
import { time, int, percent, shortName } from '../format.js';
import { timeTicks, labelled } from '../sweep-axes.js';

export const W = 960;
export const H = 560;
const PAD = { left: 96, right: 30, top: 70, bottom: 120 };
export const COLORS = { host: '#0b6bcb', accelerator: '#c2410c', text: '#1f2328', muted: '#59636e', grid: '#d5d9de', bg: '#ffffff' };

/** Text for SVG: markup escaped, characters XML forbids replaced. @param {string} s */
export const esc = (s) => s
  // Characters XML does not allow at all (a name may hold them) would make the whole picture unreadable.
  .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
  .replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' }[c] ?? c));

/**
 * @typedef {object} Axis
 * @property {string} label
 * @property {ArrayLike<number>} [values]  the x values (x axis only)
 * @property {boolean} log
 * @property {(v: number) => string} format
 * @property {(lo: number, hi: number) => number[]} [ticks]
 */
/**
 * @typedef {object} Series
 * @property {string} label  in the legend; '' keeps it out
 * @property {string} color
 * @property {ArrayLike<number>} values
 * @property {ArrayLike<number>} [x]  its own x values (a pinned scenario's sweep), else the axis's
 * @property {string} [dash]
 * @property {number} [width]
 * @property {ArrayLike<number>} [band]  fill between this series and `band` (overhead above work)
 * @property {number} [opacity]
 */
/**
 * @typedef {object} ChartSpec
 * @property {string} title
 * @property {string} subtitle
 * @property {Axis & { values: ArrayLike<number> }} x
 * @property {Axis} y
 * @property {Series[]} series
 * @property {{ at: number, label: string }[]} [marks]  vertical lines
 */

/** Round ticks of a log axis: 1, 2, 5 × 10^k (or only 1 × 10^k over many decades). @param {number} lo @param {number} hi */
export function logTicks(lo, hi) {
  const decades = Math.log10(hi / lo);
  const out = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) {
    for (const m of decades > 2.5 ? [1] : [1, 2, 5]) {
      const v = m * 10 ** e;
      if (v >= lo * 0.999 && v <= hi * 1.001) out.push(v);
    }
  }
  return out;
}

/** Evenly spaced round ticks of a linear axis. @param {number} lo @param {number} hi */
export function linearTicks(lo, hi) {
  const span = hi - lo || 1;
  const step = 10 ** Math.floor(Math.log10(span / 4));
  const nice = [1, 2, 2.5, 5, 10].map((m) => m * step).find((s) => span / s <= 6) ?? step * 10;
  const out = [];
  for (let v = Math.ceil(lo / nice) * nice; v <= hi + nice * 1e-9; v += nice) out.push(Math.abs(v) < nice * 1e-9 ? 0 : v);
  return out;
}

/** The batch-size axis's ticks, as the page's chart labels them. @param {number} lo @param {number} hi */
export const batchTicks = (lo, hi) => logTicks(lo, hi).filter((v) => labelled(v, Math.log10(hi / lo)));

/**
 * A line chart as SVG text.
 * @param {ChartSpec} spec
 */
export function lineChartSvg(spec) {
  const list = (a) => Array.from(/** @type {ArrayLike<number>} */ (a));
  const xs = [...list(spec.x.values), ...spec.series.flatMap((s) => (s.x ? list(s.x) : []))].filter((v) => !spec.x.log || v > 0);
  const ys = spec.series.flatMap((s) => [...list(s.values), ...(s.band ? list(s.band) : [])]).filter((v) => Number.isFinite(v) && (!spec.y.log || v > 0));
  let x0 = Math.min(...xs);
  let x1 = Math.max(...xs);
  if (!(x1 > x0)) [x0, x1] = spec.x.log ? [x0 / 2, x0 * 2] : [x0 - 1, x0 + 1];
  let y0 = Math.min(...ys);
  let y1 = Math.max(...ys);
  if (spec.y.log) [y0, y1] = y1 > y0 ? [y0 / 1.15, y1 * 1.15] : [y0 / 2, y0 * 2];
  else [y0, y1] = [Math.min(0, y0), y1 > 0 ? y1 * 1.05 : 1];
  const scale = (v, lo, hi, log) => (log ? (Math.log(v) - Math.log(lo)) / (Math.log(hi) - Math.log(lo)) : (v - lo) / (hi - lo));
  const px = (x) => PAD.left + scale(x, x0, x1, spec.x.log) * (W - PAD.left - PAD.right);
  const py = (y) => H - PAD.bottom - scale(y, y0, y1, spec.y.log) * (H - PAD.top - PAD.bottom);
  const point = (x, y) => `${px(x).toFixed(1)},${py(y).toFixed(1)}`;
  const out = [];
  const text = (x, y, s, attrs = '') => out.push(`<text x="${x}" y="${y}" ${attrs}>${esc(s)}</text>`);
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="system-ui, sans-serif" font-size="14">`);
  out.push(`<rect width="${W}" height="${H}" fill="${COLORS.bg}"/>`);
  text(PAD.left, 30, spec.title, `font-size="20" font-weight="600" fill="${COLORS.text}"`);
  text(PAD.left, 52, shortName(spec.subtitle, 100), `fill="${COLORS.muted}"`);
  const yTicks = (spec.y.ticks ?? (spec.y.log ? logTicks : linearTicks))(y0, y1);
  for (const t of yTicks) {
    const y = py(t).toFixed(1);
    out.push(`<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y}" y2="${y}" stroke="${COLORS.grid}"/>`);
    text(PAD.left - 8, Number(y) + 5, spec.y.format(t), `text-anchor="end" fill="${COLORS.text}"`);
  }
  for (const t of (spec.x.ticks ?? (spec.x.log ? logTicks : linearTicks))(x0, x1)) {
    const x = px(t).toFixed(1);
    out.push(`<line x1="${x}" x2="${x}" y1="${PAD.top}" y2="${H - PAD.bottom}" stroke="${COLORS.grid}"/>`);
    text(Number(x), H - PAD.bottom + 20, spec.x.format(t), `text-anchor="middle" fill="${COLORS.text}"`);
  }
  out.push(`<rect x="${PAD.left}" y="${PAD.top}" width="${W - PAD.left - PAD.right}" height="${H - PAD.top - PAD.bottom}" fill="none" stroke="${COLORS.muted}"/>`);
  text((PAD.left + W - PAD.right) / 2, H - PAD.bottom + 44, spec.x.label, `text-anchor="middle" fill="${COLORS.text}"`);
  const mid = (PAD.top + H - PAD.bottom) / 2;
  text(22, mid, spec.y.label, `text-anchor="middle" fill="${COLORS.text}" transform="rotate(-90 22 ${mid})"`);
  for (const s of spec.series) {
    const sx = s.x ?? spec.x.values;
    const line = list(s.values).map((v, i) => `${i ? 'L' : 'M'}${point(sx[i], v)}`).join('');
    if (s.band) {
      const back = list(s.band).map((_, i, all) => {
        const k = all.length - 1 - i;
        return `L${point(sx[k], all[k])}`;
      }).join('');
      out.push(`<path d="${line}${back}Z" fill="${s.color}" opacity="0.15"/>`);
    }
    out.push(`<path d="${line}" fill="none" stroke="${s.color}" stroke-width="${s.width ?? 2.5}"${s.dash ? ` stroke-dasharray="${s.dash}"` : ''}${s.opacity ? ` opacity="${s.opacity}"` : ''}/>`);
  }
  for (const m of spec.marks ?? []) {
    if (!(m.at >= x0 && m.at <= x1)) continue;
    const x = px(m.at).toFixed(1);
    out.push(`<line x1="${x}" x2="${x}" y1="${PAD.top}" y2="${H - PAD.bottom}" stroke="${COLORS.muted}" stroke-dasharray="2 3" stroke-width="1.5"/>`);
    text(Number(x) + 4, H - PAD.bottom - 8, m.label, `fill="${COLORS.muted}"`);
  }
  const legend = spec.series.filter((s) => s.label);
  legend.forEach((s, i) => {
    const x = PAD.left + (i % 2) * 430;
    const y = H - 52 + Math.floor(i / 2) * 20;
    out.push(`<line x1="${x}" x2="${x + 34}" y1="${y - 5}" y2="${y - 5}" stroke="${s.color}" stroke-width="${s.width ?? 2.5}"${s.dash ? ` stroke-dasharray="${s.dash}"` : ''}/>`);
    text(x + 42, y, s.label, `fill="${COLORS.text}"`);
  });
  out.push('</svg>');
  return out.join('\n');
}

/**
 * The sweep against batch size as the page's chart draws it: both devices' epochs on log axes, every
 * pinned scenario dashed, your batch size marked.
 * @param {import('epochcalc').SweepResult} sweep @param {import('epochcalc').Result} r
 * @param {import('./tools.js').Pinned[]} [pinned]
 */
export function sweepSvg(sweep, r, pinned = []) {
  return lineChartSvg({
    title: 'Epoch time against batch size',
    subtitle: r.scenario.name,
    x: { label: 'Batch size (log scale)', values: sweep.batch_size, log: true, format: int, ticks: batchTicks },
    y: { label: 'Epoch time (log scale)', log: true, format: (v) => time(v, { digits: 3 }), ticks: timeTicks },
    series: [
      ...pinned.flatMap((p) => [
        { label: `Pinned “${shortName(p.name, 30)}” (both devices)`, color: COLORS.muted, values: p.sweep.host.epoch_time_s, x: p.sweep.batch_size, dash: '2 3', width: 1.5 },
        { label: '', color: COLORS.muted, values: p.sweep.accelerator.epoch_time_s, x: p.sweep.batch_size, dash: '2 3', width: 1.5 },
      ]),
      { label: `Host: ${shortName(r.host.name, 40)}`, color: COLORS.host, values: sweep.host.epoch_time_s },
      { label: `Accelerator: ${shortName(r.accelerator.name, 40)}`, color: COLORS.accelerator, values: sweep.accelerator.epoch_time_s, dash: '10 6' },
    ],
    marks: [{ at: Math.min(r.network.batched.batch_size, r.scenario.network.dataset.training_examples), label: `your batch: ${int(r.network.batched.batch_size)}` }],
  });
}

/** The epochs as shares: overhead ÷ epoch, for the share view. @param {ArrayLike<number>} overhead @param {ArrayLike<number>} epoch */
export const shares = (overhead, epoch) => Float64Array.from(overhead, (o, i) => (epoch[i] > 0 ? o / epoch[i] : 0));

/** A percentage axis, 0 to 100%. */
export const shareAxis = { label: 'Overhead share of the epoch', log: false, format: percent, ticks: () => [0, 0.25, 0.5, 0.75, 1] };

/** The SVG drawn onto a canvas at twice its size, as a PNG blob. @param {string} svg @returns {Promise<Blob>} */
export function svgToPng(svg) {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = W * 2;
      canvas.height = H * 2;
      const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
      ctx.scale(2, 2);
      ctx.drawImage(img, 0, 0);
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the browser made no PNG'))), 'image/png');
    };
    img.onerror = () => reject(new Error('the chart could not be drawn'));
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  });
}

/** An SVG text as a node for the page: parsed as SVG (never HTML), every text in it escaped by `esc`. @param {string} svg */
export function svgNode(svg) {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const node = /** @type {Element} */ (document.importNode(doc.documentElement, true));
  node.removeAttribute('width');
  node.removeAttribute('height');
  node.setAttribute('role', 'img');
  return node;
}
