// The map: who wins at each batch size and each value of a second field (dispatch by default), from one
// grid the engine solves (calc.sweepField with two fields), coloured by the winner and shaded by the
// speedup, with the crossover drawn where the winner changes between neighbouring cells and your
// scenario marked. Drawn as SVG (the cells as one image), so the page and the exports are one picture.
import { byId, h, replace } from '../dom.js';
import { int, times, shortName } from '../format.js';
import { fieldValue, dottedOf } from '../field-format.js';
import { PRINT, esc, logTicks, linearTicks, batchTicks, svgNode, screenLook, spaced, watchLook, legendLayout, legendText } from './chart-image.js';
import { BATCH } from './charts.js';

/** Cells along each axis. */
export const CELLS = 100;
/** The exports' look, with room for the second field's values on the left. @type {import('./chart-image.js').Look} */
const PRINT_MAP = { ...PRINT, pad: { ...PRINT.pad, left: 110 } };

/** The two devices' colours as RGB, for the cells: the page's palette (COLORS in chart-image.js). */
const RGB = { host: [181, 85, 143], accelerator: [0, 122, 90] };

/**
 * Where each cell starts and ends along an axis, and where a value sits, as fractions of the plot:
 * halfway between neighbouring swept values on the axis's scale, so each cell is centred on its value
 * however unevenly the values are spaced (an integer field's values are whole numbers, fewer where they
 * would repeat).
 * @param {ArrayLike<number>} values @param {boolean} log
 * @returns {{ edges: number[], at: (v: number) => number }}  values.length + 1 edges, 0 to 1
 */
export function cellScale(values, log) {
  const scaled = (v) => (log ? Math.log(v) : v);
  const t = Array.from(values, scaled);
  const n = t.length;
  if (n === 1) return { edges: [0, 1], at: () => 0.5 };
  const mids = t.slice(1).map((v, i) => (t[i] + v) / 2);
  const edges = [t[0] - (t[1] - t[0]) / 2, ...mids, t[n - 1] + (t[n - 1] - t[n - 2]) / 2];
  const lo = edges[0];
  const span = edges[n] - lo || 1;
  return { edges: edges.map((e) => (e - lo) / span), at: (v) => (scaled(v) - lo) / span };
}

/** The colour of a cell: the winner's, stronger the larger its lead (full at 10×). @param {string} winner @param {number} s  the speedup */
export function cellColour(winner, s) {
  const [r, g, b] = winner === 'accelerator' ? RGB.accelerator : RGB.host;
  const lead = Math.min(1, Math.abs(Math.log10(s > 0 ? s : 1)));
  return `rgba(${r},${g},${b},${(0.25 + 0.75 * lead).toFixed(3)})`;
}

/**
 * The crossover: every edge between two neighbouring cells with different winners (the engine's), as
 * [x0, y0, x1, y1] in cell units (x from the left, y from the bottom).
 * @param {ArrayLike<string>} winner @param {number} nx @param {number} ny
 */
export function crossoverEdges(winner, nx, ny) {
  const wins = (i, j) => winner[i * ny + j] === 'accelerator';
  const edges = [];
  for (let i = 0; i < nx; i++) {
    for (let j = 0; j < ny; j++) {
      if (i + 1 < nx && wins(i, j) !== wins(i + 1, j)) edges.push([i + 1, j, i + 1, j + 1]);
      if (j + 1 < ny && wins(i, j) !== wins(i, j + 1)) edges.push([i, j + 1, i + 1, j + 1]);
    }
  }
  return edges;
}

/**
 * The map as SVG text.
 * @param {{ x: { values: ArrayLike<number> }, y: { values: ArrayLike<number> }, winner: ArrayLike<string> }} grid
 * @param {{ label: string, unit: string, integer: boolean, current: number|null, log: boolean }} yField  current null: left
 *   out, meaning none (no graph launches), so the scenario has no place on this axis
 * @param {import('epochcalc').Result} r @param {string} cells  the cells' PNG as a data URL
 * @param {import('./chart-image.js').Look} [look]  the exports' by default
 */
/** The map's title, in the picture (the exports) or above it (the page). @param {{ label: string }} yField */
const mapTitle = (yField) => `Who wins: batch size × ${yField.label.toLowerCase()}`;

export function mapSvg(grid, yField, r, cells, look = PRINT_MAP) {
  const { w: W, colors: COLORS, font } = look;
  const legend = [
    [`rect`, `rgb(${RGB.accelerator.join(',')})`, `${shortName(r.accelerator.name, 30)} faster (stronger: by more)`],
    [`rect`, `rgb(${RGB.host.join(',')})`, `${shortName(r.host.name, 30)} faster`],
    ['line', COLORS.text, 'Crossover: the winner changes'],
    yField.current == null
      ? ['none', COLORS.text, `Your scenario: batch ${int(r.network.batched.batch_size)}, ${yField.label.toLowerCase()} none (not on this map)`]
      : ['dot', COLORS.text, `Your scenario (batch ${int(r.network.batched.batch_size)}, ${fieldValue(yField, yField.current)})`],
  ];
  // The exports' legend sits in their bottom padding; the screen's adds its height below the axes.
  const placed = legendLayout(legend.map(([, , label]) => label), look, look.titles ? look.h - 66 : look.h);
  const H = look.titles ? look.h : Math.round(look.h + placed.height);
  const PAD = look.titles ? look.pad : { ...look.pad, bottom: look.pad.bottom + placed.height };
  const nx = grid.x.values.length;
  const ny = grid.y.values.length;
  const pw = W - PAD.left - PAD.right;
  const ph = H - PAD.top - PAD.bottom;
  const [x0, x1] = [grid.x.values[0], grid.x.values[nx - 1]];
  const [y0, y1] = [grid.y.values[0], grid.y.values[ny - 1]];
  const xs = cellScale(grid.x.values, true);
  const ys = cellScale(grid.y.values, yField.log);
  const [ex, ey] = [xs.edges, ys.edges];
  const px = (v) => PAD.left + xs.at(v) * pw;
  const py = (v) => H - PAD.bottom - ys.at(v) * ph;
  const out = [];
  const text = (x, y, s, attrs = '') => out.push(`<text x="${x}" y="${y}" ${attrs}>${esc(s)}</text>`);
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="system-ui, sans-serif" font-size="${font}">`);
  if (COLORS.bg !== 'none') out.push(`<rect width="${W}" height="${H}" fill="${COLORS.bg}"/>`);
  if (look.titles) {
    text(PAD.left, 30, mapTitle(yField), `font-size="20" font-weight="600" fill="${COLORS.text}"`);
    text(PAD.left, 52, shortName(r.scenario.name, 100), `fill="${COLORS.muted}"`);
  }
  out.push(`<image x="${PAD.left}" y="${PAD.top}" width="${pw}" height="${ph}" preserveAspectRatio="none" href="${cells}"/>`);
  // The crossover, cell edge by cell edge.
  const edgeX = (i) => (PAD.left + ex[i] * pw).toFixed(1);
  const edgeY = (j) => (H - PAD.bottom - ey[j] * ph).toFixed(1);
  const path = crossoverEdges(grid.winner, nx, ny).map(([a, b, c, d]) => `M${edgeX(a)},${edgeY(b)}L${edgeX(c)},${edgeY(d)}`).join('');
  if (path) out.push(`<path d="${path}" stroke="${COLORS.text}" stroke-width="2" fill="none"/>`);
  for (const t of spaced(batchTicks(x0, x1), px, font * 4.5)) {
    const x = px(t).toFixed(1);
    out.push(`<line x1="${x}" x2="${x}" y1="${H - PAD.bottom}" y2="${H - PAD.bottom + 5}" stroke="${COLORS.text}"/>`);
    text(Number(x), H - PAD.bottom + font * 1.4, int(t), `text-anchor="middle" fill="${COLORS.text}"`);
  }
  for (const t of spaced((yField.log ? logTicks : linearTicks)(y0, y1), py, font * 1.6)) {
    const y = py(t).toFixed(1);
    out.push(`<line x1="${PAD.left - 5}" x2="${PAD.left}" y1="${y}" y2="${y}" stroke="${COLORS.text}"/>`);
    text(PAD.left - 7, Number(y) + font * 0.35, fieldValue(yField, t), `text-anchor="end" fill="${COLORS.text}"`);
  }
  out.push(`<rect x="${PAD.left}" y="${PAD.top}" width="${pw}" height="${ph}" fill="none" stroke="${COLORS.muted}"/>`);
  text(PAD.left + pw / 2, H - PAD.bottom + font * 3.1, 'Batch size (log scale)', `text-anchor="middle" fill="${COLORS.text}"`);
  const mid = PAD.top + ph / 2;
  const yAt = font * 1.3;
  // Along the plot's height, which a narrow map makes short: without "(log scale)", then cut, where the
  // whole title would reach past the picture (about 0.55 em a character).
  const room = Math.floor((ph + PAD.top) / (font * 0.55));
  const yTitle = [`${yField.label}${yField.log ? ' (log scale)' : ''}`, yField.label].find((t) => t.length <= room) ?? shortName(yField.label, room);
  text(yAt, mid, yTitle, `text-anchor="middle" fill="${COLORS.text}" transform="rotate(-90 ${yAt} ${mid})"`);
  // Your scenario, where it has a place on the map.
  const bx = Math.min(Math.max(r.network.batched.batch_size, x0), x1);
  if (yField.current != null) {
    const by = Math.min(Math.max(yField.current, y0), y1);
    out.push(`<circle cx="${px(bx).toFixed(1)}" cy="${py(by).toFixed(1)}" r="6" fill="#ffffff" stroke="${COLORS.text}" stroke-width="2"/>`);
  }
  legend.forEach(([kind, color], i) => {
    const { x, y } = placed.entries[i];
    if (kind === 'rect') out.push(`<rect x="${x}" y="${y - font}" width="30" height="${font}" fill="${color}"/>`);
    else if (kind === 'line') out.push(`<line x1="${x}" x2="${x + 30}" y1="${y - font * 0.4}" y2="${y - font * 0.4}" stroke="${color}" stroke-width="2"/>`);
    else if (kind === 'dot') out.push(`<circle cx="${x + 15}" cy="${y - font * 0.4}" r="6" fill="#ffffff" stroke="${color}" stroke-width="2"/>`);
    out.push(legendText(placed.entries[i], font, COLORS.text));
  });
  out.push('</svg>');
  return out.join('\n');
}

/** The cells' picture, in pixels: sharp cell edges wherever the SVG is drawn (no CSS needed). */
const CELLS_W = 800;
const CELLS_H = 600;

/**
 * The cells as a PNG data URL: each the winner's colour, placed between its edges.
 * @param {ArrayLike<string>} winner @param {ArrayLike<number>} speedup  row-major over x, then y
 * @param {number[]} ex @param {number[]} ey  the cells' edges along each axis (cellScale)
 */
function cellsUrl(winner, speedup, ex, ey) {
  const nx = ex.length - 1;
  const ny = ey.length - 1;
  const canvas = document.createElement('canvas');
  canvas.width = CELLS_W;
  canvas.height = CELLS_H;
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  for (let i = 0; i < nx; i++) {
    const x = Math.round(ex[i] * CELLS_W);
    const w = Math.round(ex[i + 1] * CELLS_W) - x;
    for (let j = 0; j < ny; j++) {
      // y grows upwards on the plot, downwards on the canvas.
      const y = Math.round((1 - ey[j + 1]) * CELLS_H);
      ctx.fillStyle = cellColour(winner[i * ny + j], speedup[i * ny + j]);
      ctx.fillRect(x, y, w, Math.round((1 - ey[j]) * CELLS_H) - y);
    }
  }
  return canvas.toDataURL('image/png');
}

/** @param {import('./tools.js').ToolsHost} host */
export function mountMap(host) {
  const $ = byId(host.root);
  const panel = /** @type {HTMLDetailsElement} */ ($('map-panel'));
  const ySelect = /** @type {HTMLSelectElement} */ ($('map-y'));
  const box = $('map');
  /** @type {import('./charts.js').ChartField[]} */
  let fields = [];
  /** The map as the exports have it. @type {string|null} */
  let shown = null;
  let asked = 0;
  /** Draws the map on screen again (its width or the page's colours changed). */
  let paint = () => {};
  watchLook(box, () => paint());

  async function render() {
    const question = ++asked;
    const now = host.current();
    if (!panel.open || !now) return;
    const field = fields.find((f) => f.path === ySelect.value);
    if (!field) return;
    const started = performance.now();
    const n = now.result.scenario.network.dataset.training_examples;
    const range = field.sweep;
    let grid;
    try {
      grid = await host.calc.sweepField(/** @type {any} */ (now.doc),
        { field: BATCH, from: 1, to: n, points: CELLS, log: true },
        { field: field.path, from: range.from, to: range.to, points: CELLS, log: range.log });
    } catch (err) {
      if (question === asked) replace(box, h('p', { class: 'field-error' }, (/** @type {any} */ (err)?.errors ?? [{ path: '', message: String(err) }]).map((e) => host.said(e)).join(' ')));
      return;
    }
    if (question !== asked) return;
    // The values come per point, row-major over the batch sizes: the axes are their distinct values.
    const all = grid.x.values;
    let ny = 1;
    while (ny < all.length && all[ny] === all[0]) ny++;
    const nx = all.length / ny;
    const axes = {
      x: { values: Float64Array.from({ length: nx }, (_, i) => all[i * ny]) },
      y: { values: /** @type {Float64Array} */ (grid.y?.values ?? new Float64Array(1)).slice(0, ny) },
    };
    const args = /** @type {const} */ ([{ ...axes, winner: grid.winner }, { ...field, log: range.log }, now.result,
      cellsUrl(grid.winner, grid.speedup, cellScale(axes.x.values, true).edges, cellScale(axes.y.values, range.log).edges)]);
    shown = mapSvg(...args);
    // On screen: drawn at the width it has, in the page's colours, its title above it.
    paint = () => {
      // #map is the image and carries its label; the picture inside is its content, not a second image.
      const picture = svgNode(mapSvg(...args, screenLook(box)));
      picture.setAttribute('aria-hidden', 'true');
      replace(box, h('p', { class: 'hint', 'aria-hidden': 'true' }, mapTitle(field)), picture);
    };
    paint();
    // How long the engine's grid and the picture took, for npm run bench.
    box.dataset.renderMs = String(performance.now() - started);
    box.dataset.y = field.path;
    const accelerator = grid.winner.filter((w) => w === 'accelerator').length;
    box.setAttribute('aria-label', `A map of ${nx} batch sizes by ${ny} values of ${field.label.toLowerCase()}: the accelerator is faster in ${int(accelerator)} of ${int(nx * ny)} cells, by up to ${times(Math.max(...grid.speedup))}.`);
  }

  panel.addEventListener('toggle', () => { render(); });
  ySelect.addEventListener('change', () => { render(); });
  return {
    update: () => render(),
    /** @param {import('./charts.js').ChartField[]} list  the fields the engine varies, batch size left out */
    setFields(list) {
      const chosen = ySelect.value || '/dispatch';
      if (fields.length === 0 && !list.some((f) => f.path === chosen)) console.error(`epochcalc: map="${dottedOf(chosen)}" is not a field the map can go across`);
      fields = list.filter((f) => f.path !== BATCH);
      replace(ySelect, ...fields.map((f) => h('option', { value: f.path, selected: f.path === chosen }, f.label)));
      // Drawn with the fields' values now (your scenario's place, the field's range).
      render();
    },
    /** Opens the map across `field` (a pointer), once the engine names the fields. @param {string|null} field */
    want(field) {
      if (field) {
        if (!fields.length) ySelect.replaceChildren(h('option', { value: field, selected: true }, field));
        else ySelect.value = field;
      }
      panel.open = true;
    },
    /** The map on screen, as SVG text, or null. */
    svg: () => (panel.open ? shown : null),
    /** The map's grid as calc.csv takes it (the batch sizes, then the field), or null while it is closed. */
    sweeps() {
      const now = host.current();
      const field = fields.find((f) => f.path === ySelect.value);
      if (!panel.open || !now || !field) return null;
      const n = now.result.scenario.network.dataset.training_examples;
      return [{ field: BATCH, from: 1, to: n, points: CELLS, log: true },
        { field: field.path, from: field.sweep.from, to: field.sweep.to, points: CELLS, log: field.sweep.log }];
    },
  };
}
