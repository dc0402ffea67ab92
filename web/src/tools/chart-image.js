// Charts as pictures: an SVG line chart drawn from the engine's numbers, with its title, both axes, a
// legend and the scenario's name (a copy of a canvas would lose the legend and the title). The page
// shows the sweep against any field and the work and overhead views with it, and every chart exports
// as this SVG or as the same SVG rendered to PNG.
import { time, int, percent, shortName } from '../format.js';
import { timeTicks, labelled } from '../sweep-axes.js';

export const W = 960;
export const H = 560;
/** The pictures' colours: the page's light palette (web/style.css), so the two devices have the colours
 * of the batch chart, the bars and the strip everywhere. */
export const COLORS = { host: '#b5558f', accelerator: '#007a5a', text: '#1b1f24', muted: '#545b64', grid: '#d5d9de', bg: '#ffffff' };

/**
 * How a picture is laid out and coloured.
 * @typedef {object} Look
 * @property {number} w @property {number} h
 * @property {number} font  the text's size in px (as shown: the screen's pictures are drawn at their size)
 * @property {boolean} titles  whether the picture carries its title and subtitle (the page's heading
 *   names the chart on screen)
 * @property {number} columns  of the legend
 * @property {{ left: number, right: number, top: number, bottom: number }} pad
 * @property {typeof COLORS} colors
 */

/** The exports: 960 × 560, light, with the title. @type {Look} */
export const PRINT = { w: W, h: H, font: 14, titles: true, columns: 2, pad: { left: 96, right: 30, top: 70, bottom: 120 }, colors: COLORS };

/**
 * The look of a picture shown in `el`: drawn at the width it has (so its text is 12 px on a phone as on a
 * desktop), in the colours the page has now (its theme, and any --epochcalc- colour a book sets).
 * @param {Element} el
 * @returns {Look}
 */
export function screenLook(el) {
  const w = Math.max(260, Math.round(el.getBoundingClientRect().width || el.parentElement?.getBoundingClientRect().width || 640));
  const style = getComputedStyle(el);
  const colour = (name, fallback) => style.getPropertyValue(name).trim() || fallback;
  const font = 12;
  const columns = w < 560 ? 1 : 2;
  // The height of the plot and its axes; the legend below adds its own (legendLayout).
  return {
    w, h: Math.round(columns === 1 ? w * 0.8 : Math.min(420, w * 0.5)),
    font, titles: false, columns,
    pad: { left: 70, right: 14, top: 12, bottom: 3.8 * font },
    colors: {
      host: colour('--line-host', COLORS.host), accelerator: colour('--line-accel', COLORS.accelerator),
      text: colour('--text', COLORS.text), muted: colour('--muted', COLORS.muted), grid: colour('--grid', COLORS.grid), bg: 'none',
    },
  };
}

/**
 * Calls `redraw` when a picture shown in `el` must be drawn again: its width changed, or the page's
 * colours (an element's theme, the system's scheme for the page).
 * @param {Element} el @param {() => void} redraw
 */
export function watchLook(el, redraw) {
  let width = 0;
  new ResizeObserver(([entry]) => {
    const w = Math.round(entry.contentRect.width);
    if (!w || Math.abs(w - width) < 8) return;
    const first = width === 0;
    width = w;
    if (!first) redraw();
  }).observe(el);
  const themed = el.closest('.ec-root');
  if (themed) new MutationObserver(redraw).observe(themed, { attributeFilter: ['data-theme'] });
  else matchMedia('(prefers-color-scheme: dark)').addEventListener('change', redraw);
}

/**
 * Where a legend's entries go: in the look's columns, from the left edge of the plot (the exports) or of
 * the picture (the screen, where each label is wrapped to the width it has). Returns each entry's x, its
 * lines and the y of its first line's baseline, from `top`, and the height the legend takes.
 * @param {string[]} labels @param {Look} look @param {number} top
 */
export function legendLayout(labels, look, top) {
  const { w, font, columns } = look;
  const left = look.titles ? look.pad.left : 8;
  const width = (w - left - 8) / columns;
  const fits = Math.max(12, Math.floor((width - 42) / (font * 0.56)));
  const lineH = font * 1.5;
  /** @param {string} text */
  const wrap = (text) => {
    if (look.titles || text.length <= fits) return [text];
    const lines = [''];
    for (const word of text.split(' ')) {
      const last = lines[lines.length - 1];
      if (last && `${last} ${word}`.length > fits) lines.push(word);
      else lines[lines.length - 1] = last ? `${last} ${word}` : word;
    }
    return lines;
  };
  const entries = labels.map((label, i) => ({ x: left + (i % columns) * width, lines: wrap(label), y: 0 }));
  let y = top + font;
  for (let i = 0; i < entries.length; i += columns) {
    const row = entries.slice(i, i + columns);
    for (const e of row) e.y = y;
    y += Math.max(...row.map((e) => e.lines.length)) * lineH;
  }
  return { entries, height: y - top - font + 4 };
}

/** A legend entry's text, one <tspan> per line (each but the last ends in its space: the text reads and
 * copies whole). @param {{ x: number, y: number, lines: string[] }} e @param {number} font @param {string} fill */
export const legendText = (e, font, fill) => `<text x="${e.x + 38}" y="${e.y}" fill="${fill}">${e.lines.map((l, i, all) => `<tspan x="${e.x + 38}" dy="${i ? font * 1.5 : 0}">${esc(i < all.length - 1 ? `${l} ` : l)}</tspan>`).join('')}</text>`;

/** Ticks no closer than `gap` px on screen: every other one dropped until they are. @param {number[]} ticks @param {(v: number) => number} at @param {number} gap */
export function spaced(ticks, at, gap) {
  let kept = ticks;
  for (let step = 2; kept.length > 2 && kept.some((t, i) => i > 0 && Math.abs(at(t) - at(kept[i - 1])) < gap); step++) {
    kept = ticks.filter((_, i) => i % step === 0);
  }
  return kept;
}

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
 * @property {string} color  a role of the look's colours (host, accelerator, muted) or a colour
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
 * @param {ChartSpec} spec @param {Look} [look]
 */
export function lineChartSvg(spec, look = PRINT) {
  const legend = spec.series.filter((s) => s.label);
  // The exports' legend sits in their bottom padding; the screen's adds its height below the axes.
  const placed = legendLayout(legend.map((s) => s.label), look, look.titles ? look.h - 66 : look.h);
  const { w: W, colors: C, font } = look;
  const H = look.titles ? look.h : Math.round(look.h + placed.height);
  const PAD = look.titles ? look.pad : { ...look.pad, bottom: look.pad.bottom + placed.height };
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
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="system-ui, sans-serif" font-size="${font}">`);
  if (C.bg !== 'none') out.push(`<rect width="${W}" height="${H}" fill="${C.bg}"/>`);
  if (look.titles) {
    text(PAD.left, 30, spec.title, `font-size="20" font-weight="600" fill="${C.text}"`);
    text(PAD.left, 52, shortName(spec.subtitle, 100), `fill="${C.muted}"`);
  }
  const yTicks = spaced((spec.y.ticks ?? (spec.y.log ? logTicks : linearTicks))(y0, y1), py, font * 1.6);
  for (const t of yTicks) {
    const y = py(t).toFixed(1);
    out.push(`<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y}" y2="${y}" stroke="${C.grid}"/>`);
    text(PAD.left - 6, Number(y) + font * 0.35, spec.y.format(t), `text-anchor="end" fill="${C.text}"`);
  }
  for (const t of spaced((spec.x.ticks ?? (spec.x.log ? logTicks : linearTicks))(x0, x1), px, font * 4.5)) {
    const x = px(t).toFixed(1);
    out.push(`<line x1="${x}" x2="${x}" y1="${PAD.top}" y2="${H - PAD.bottom}" stroke="${C.grid}"/>`);
    text(Number(x), H - PAD.bottom + font * 1.4, spec.x.format(t), `text-anchor="middle" fill="${C.text}"`);
  }
  out.push(`<rect x="${PAD.left}" y="${PAD.top}" width="${W - PAD.left - PAD.right}" height="${H - PAD.top - PAD.bottom}" fill="none" stroke="${C.muted}"/>`);
  text((PAD.left + W - PAD.right) / 2, H - PAD.bottom + font * 3.1, spec.x.label, `text-anchor="middle" fill="${C.text}"`);
  const mid = (PAD.top + H - PAD.bottom) / 2;
  const yAt = font * 1.3;
  text(yAt, mid, spec.y.label, `text-anchor="middle" fill="${C.text}" transform="rotate(-90 ${yAt} ${mid})"`);
  for (const s of spec.series) {
    const color = C[s.color] ?? s.color;
    const sx = s.x ?? spec.x.values;
    const line = list(s.values).map((v, i) => `${i ? 'L' : 'M'}${point(sx[i], v)}`).join('');
    if (s.band) {
      const back = list(s.band).map((_, i, all) => {
        const k = all.length - 1 - i;
        return `L${point(sx[k], all[k])}`;
      }).join('');
      out.push(`<path d="${line}${back}Z" fill="${color}" opacity="0.15"/>`);
    }
    out.push(`<path d="${line}" fill="none" stroke="${color}" stroke-width="${s.width ?? 2.5}"${s.dash ? ` stroke-dasharray="${s.dash}"` : ''}${s.opacity ? ` opacity="${s.opacity}"` : ''}/>`);
  }
  for (const m of spec.marks ?? []) {
    if (!(m.at >= x0 && m.at <= x1)) continue;
    const x = px(m.at);
    out.push(`<line x1="${x.toFixed(1)}" x2="${x.toFixed(1)}" y1="${PAD.top}" y2="${H - PAD.bottom}" stroke="${C.muted}" stroke-dasharray="2 3" stroke-width="1.5"/>`);
    // The mark's label sits on the side with room, at the top, clear of the curves' low ends.
    const right = x < (PAD.left + W - PAD.right) / 2;
    text(right ? x + 4 : x - 4, PAD.top + font * 1.2, m.label, `fill="${C.muted}"${right ? '' : ' text-anchor="end"'}`);
  }
  legend.forEach((s, i) => {
    const color = C[s.color] ?? s.color;
    const e = placed.entries[i];
    out.push(`<line x1="${e.x}" x2="${e.x + 30}" y1="${e.y - font * 0.35}" y2="${e.y - font * 0.35}" stroke="${color}" stroke-width="${s.width ?? 2.5}"${s.dash ? ` stroke-dasharray="${s.dash}"` : ''}/>`);
    out.push(legendText(e, font, C.text));
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
        { label: `Pinned “${shortName(p.name, 30)}” (both devices)`, color: 'muted', values: p.sweep.host.epoch_time_s, x: p.sweep.batch_size, dash: '2 3', width: 1.5 },
        { label: '', color: 'muted', values: p.sweep.accelerator.epoch_time_s, x: p.sweep.batch_size, dash: '2 3', width: 1.5 },
      ]),
      { label: `Host: ${shortName(r.host.name, 40)}`, color: 'host', values: sweep.host.epoch_time_s },
      { label: `Accelerator: ${shortName(r.accelerator.name, 40)}`, color: 'accelerator', values: sweep.accelerator.epoch_time_s, dash: '10 6' },
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
