// The sweep chart as a picture to keep: an SVG drawn from the engine's sweep (not a copy of the canvas,
// which would lose the legend and the title), with the title, both log axes, a legend, the scenario's
// name and every pinned scenario dashed; and the same SVG rendered to PNG.
import { time, int, shortName } from '../format.js';
import { timeTicks, labelled } from '../sweep-axes.js';

const W = 960;
const H = 560;
const PAD = { left: 90, right: 30, top: 70, bottom: 110 };
const COLORS = { host: '#0b6bcb', accelerator: '#c2410c', text: '#1f2328', muted: '#59636e', grid: '#d5d9de' };

/** Text for SVG. @param {string} s */
const esc = (s) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' }[c] ?? c));

/**
 * The chart as SVG text.
 * @param {import('epochcalc').SweepResult} sweep @param {import('epochcalc').Result} r
 * @param {import('./tools.js').Pinned[]} [pinned]
 */
export function sweepSvg(sweep, r, pinned = []) {
  const all = [sweep, ...pinned.map((p) => p.sweep)];
  const xs = all.flatMap((s) => [...s.batch_size]);
  const ys = all.flatMap((s) => [...s.host.epoch_time_s, ...s.accelerator.epoch_time_s]).filter((y) => y > 0);
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs) > x0 ? Math.max(...xs) : x0 * 2;
  const y0 = Math.min(...ys) / 1.15;
  const y1 = Math.max(...ys) * 1.15;
  const px = (x) => PAD.left + ((Math.log(x) - Math.log(x0)) / (Math.log(x1) - Math.log(x0))) * (W - PAD.left - PAD.right);
  const py = (y) => H - PAD.bottom - ((Math.log(y) - Math.log(y0)) / (Math.log(y1) - Math.log(y0))) * (H - PAD.top - PAD.bottom);
  const path = (bs, ts) => [...bs].map((b, i) => `${i ? 'L' : 'M'}${px(b).toFixed(1)},${py(ts[i]).toFixed(1)}`).join('');
  const out = [];
  const text = (x, y, s, attrs = '') => out.push(`<text x="${x}" y="${y}" ${attrs}>${esc(s)}</text>`);
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="system-ui, sans-serif" font-size="14">`);
  out.push(`<rect width="${W}" height="${H}" fill="#ffffff"/>`);
  text(PAD.left, 30, 'Epoch time against batch size', `font-size="20" font-weight="600" fill="${COLORS.text}"`);
  text(PAD.left, 52, shortName(r.scenario.name, 90), `fill="${COLORS.muted}"`);
  // Grid and ticks: the page's own tick rules.
  for (const t of timeTicks(y0, y1)) {
    const y = py(t).toFixed(1);
    out.push(`<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y}" y2="${y}" stroke="${COLORS.grid}"/>`);
    text(PAD.left - 8, Number(y) + 5, time(t, { digits: 3 }), `text-anchor="end" fill="${COLORS.text}"`);
  }
  const decades = Math.log10(x1 / x0);
  for (let e = Math.floor(Math.log10(x0)); e <= Math.ceil(Math.log10(x1)); e++) {
    for (const m of [1, 2, 5]) {
      const v = m * 10 ** e;
      if (v < x0 || v > x1 || !labelled(v, decades)) continue;
      const x = px(v).toFixed(1);
      out.push(`<line x1="${x}" x2="${x}" y1="${PAD.top}" y2="${H - PAD.bottom}" stroke="${COLORS.grid}"/>`);
      text(Number(x), H - PAD.bottom + 20, int(v), `text-anchor="middle" fill="${COLORS.text}"`);
    }
  }
  out.push(`<rect x="${PAD.left}" y="${PAD.top}" width="${W - PAD.left - PAD.right}" height="${H - PAD.top - PAD.bottom}" fill="none" stroke="${COLORS.muted}"/>`);
  text((PAD.left + W - PAD.right) / 2, H - PAD.bottom + 44, 'Batch size (log scale)', `text-anchor="middle" fill="${COLORS.text}"`);
  text(20, (PAD.top + H - PAD.bottom) / 2, 'Epoch time (log scale)', `text-anchor="middle" fill="${COLORS.text}" transform="rotate(-90 20 ${(PAD.top + H - PAD.bottom) / 2})"`);
  for (const p of pinned) {
    for (const role of /** @type {const} */ (['host', 'accelerator'])) {
      out.push(`<path d="${path(p.sweep.batch_size, p.sweep[role].epoch_time_s)}" fill="none" stroke="${COLORS[role]}" stroke-width="1.5" stroke-dasharray="2 3" opacity="0.75"/>`);
    }
  }
  out.push(`<path d="${path(sweep.batch_size, sweep.host.epoch_time_s)}" fill="none" stroke="${COLORS.host}" stroke-width="2.5"/>`);
  out.push(`<path d="${path(sweep.batch_size, sweep.accelerator.epoch_time_s)}" fill="none" stroke="${COLORS.accelerator}" stroke-width="2.5" stroke-dasharray="10 6"/>`);
  // The legend, under the axis title.
  const legend = [
    [`Host: ${shortName(r.host.name, 40)}`, COLORS.host, ''],
    [`Accelerator: ${shortName(r.accelerator.name, 40)}`, COLORS.accelerator, '10 6'],
    ...pinned.map((p) => [`Pinned “${shortName(p.name, 30)}” (both devices)`, COLORS.muted, '2 3']),
  ];
  legend.forEach(([label, color, dash], i) => {
    const x = PAD.left + (i % 2) * 420;
    const y = H - 40 + Math.floor(i / 2) * 20 - (legend.length > 2 ? 10 : 0);
    out.push(`<line x1="${x}" x2="${x + 34}" y1="${y - 5}" y2="${y - 5}" stroke="${color}" stroke-width="2.5"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`);
    text(x + 42, y, label, `fill="${COLORS.text}"`);
  });
  out.push('</svg>');
  return out.join('\n');
}

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
