// Every device on the current network: the host and each registry accelerator, from the engine's
// comparison (calc.compare): epoch at your batch and at batch one, overhead share, energy, and cost
// when prices are set; sortable; a strip of which device is fastest on which batch sizes. Choosing a
// row makes it the accelerator: one edit.
import { h, replace } from '../dom.js';
import { time, energy, percent, int, shortName, cost } from '../format.js';

/** @typedef {import('epochcalc').Comparison} Comparison */
/** @typedef {Comparison['devices'][number]} ComparedDevice */

/** The sortable columns: heading, value of a row (null sorts last). */
const COLUMNS = /** @type {const} */ ([
  ['name', 'Device', (d) => d.name],
  ['epoch', 'Epoch at your batch', (d) => d.batched?.epoch_time_s ?? null],
  ['one', 'At batch 1', (d) => d.batch_one?.epoch_time_s ?? null],
  ['overhead', 'Overhead', (d) => d.batched?.overhead_fraction ?? null],
  ['energy', 'Energy', (d) => d.batched?.energy_j ?? null],
  ['cost', 'Cost per epoch', (d) => d.batched?.cost_usd ?? null],
]);

/**
 * The rows in order: by a column, ascending or not; devices without a value last, ties by name.
 * @param {ComparedDevice[]} devices @param {string} key @param {boolean} ascending
 */
export function sortDevices(devices, key, ascending) {
  const of = COLUMNS.find(([k]) => k === key)?.[2] ?? COLUMNS[1][2];
  return [...devices].sort((a, b) => {
    const x = of(a);
    const y = of(b);
    if (x == null || y == null) return x == null && y == null ? a.name.localeCompare(b.name) : x == null ? 1 : -1;
    const order = typeof x === 'string' ? x.localeCompare(String(y)) : x - Number(y);
    return (ascending ? order : -order) || a.name.localeCompare(b.name);
  });
}

/** @param {import('./tools.js').ToolsHost} host @param {HTMLElement} body */
export function mountDevices(host, body) {
  const table = /** @type {HTMLTableElement} */ (h('table', { id: 'device-table', class: 'devices' }));
  const strip = h('div', { id: 'fastest-strip', class: 'strip', role: 'img', 'aria-label': 'Which device is fastest at each batch size: not computed yet' });
  const stripText = h('p', { id: 'fastest-text', class: 'hint' });
  const cheapStrip = h('div', { id: 'cheapest-strip', class: 'strip', role: 'img' });
  const cheapText = h('p', { id: 'cheapest-text', class: 'hint' });
  const cheapBox = h('div', { hidden: true }, h('h3', {}, 'Cheapest by batch size'), cheapStrip, cheapText);
  replace(body,
    h('h3', {}, 'Fastest by batch size'), strip, stripText, cheapBox,
    h('div', { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': 'Every device, table' }, table));
  let sortKey = 'epoch';
  let ascending = true;
  /** @type {Comparison|null} */
  let last = null;

  function render() {
    const c = last;
    const now = host.current();
    if (!c || !now) return;
    const priced = c.devices.some((d) => d.batched?.cost_usd != null);
    const columns = COLUMNS.filter(([key]) => key !== 'cost' || priced);
    const yours = now.result.scenario.accelerator.name;
    const names = new Map(c.devices.map((d) => [d.id, d.name]));
    const cell = (d, key) => {
      if (!d.has_precision) return key === 'epoch' ? `no ${c.precision} peak` : '–';
      const v = COLUMNS.find(([k]) => k === key)?.[2](d);
      if (v == null) return '–';
      return key === 'overhead' ? percent(v) : key === 'energy' ? energy(v) : key === 'cost' ? cost(v) : time(v);
    };
    replace(table,
      h('caption', {}, `${now.result.scenario.network.widths.join('-')} network at batch ${int(c.batch_size)}, ${c.precision}. The host runs as itself; every other device as the accelerator.`),
      h('thead', {}, h('tr', {}, ...columns.map(([key, label]) => h('th', {
        scope: 'col', 'aria-sort': key === sortKey ? (ascending ? 'ascending' : 'descending') : null,
      }, h('button', {
        type: 'button', class: 'sort', 'data-sort': key, onclick: () => {
          ascending = key === sortKey ? !ascending : true;
          sortKey = key;
          render();
        },
      }, label, key === sortKey ? (ascending ? ' ▲' : ' ▼') : ''))), h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Action')))),
      h('tbody', {}, ...sortDevices(c.devices, sortKey, ascending).map((d) => h('tr', {
        'data-device': d.id, class: d.name === yours && d.runs_as === 'accelerator' ? 'yours' : null,
      }, ...columns.map(([key]) => (key === 'name'
        ? h('th', { scope: 'row', title: d.name }, shortName(d.name, 40), d.runs_as === 'host' ? ' (your host)' : d.name === yours ? ' (your accelerator)' : '')
        : h('td', { 'data-key': key, 'data-value': COLUMNS.find(([k]) => k === key)?.[2](d) ?? '' }, cell(d, key)))),
      h('td', {}, d.runs_as === 'accelerator' && d.name !== yours && d.has_precision
        ? h('button', { type: 'button', class: 'link', 'data-use': d.id, 'aria-label': `Use it: the ${d.name} as the accelerator`, onclick: () => host.edit('/accelerator', d.id) }, 'Use it')
        : '')))));
    // The fastest device on each range of batch sizes, and the cheapest among the priced ones, each as a
    // strip on a log scale of the batch size with the same ranges in words.
    const n = now.result.scenario.network.dataset.training_examples;
    const total = Math.log(n + 1);
    const drawStrip = (box, words, ranges, what) => {
      replace(box, ...ranges.map((r) => {
        const seg = h('span', { class: 'strip-seg', title: `${int(r.from)} to ${int(r.to)}: ${names.get(r.device) ?? r.device}`, 'data-device': r.device },
          shortName(names.get(r.device) ?? r.device, 24));
        seg.style.flexGrow = String(Math.max((Math.log(r.to + 1) - Math.log(r.from)) / total, 0.02));
        // Your two devices in their colours everywhere (the charts', the bars'); the others by position.
        const row = c.devices.find((d) => d.id === r.device);
        const line = row?.runs_as === 'host' ? 'var(--line-host)' : row?.name === yours ? 'var(--line-accel)' : null;
        if (line) Object.assign(seg.style, { background: line, color: 'var(--bg)' });
        return seg;
      }));
      const text = ranges.map((r) => `${r.from === r.to ? int(r.from) : `${int(r.from)} to ${int(r.to)}`}: ${names.get(r.device) ?? r.device}`).join('; ');
      words.textContent = `${what} at batch sizes ${text}.`;
      box.setAttribute('aria-label', words.textContent);
    };
    drawStrip(strip, stripText, c.fastest, 'Fastest');
    // The cheapest: only devices with a price have a cost (the scenario's own, priced in the form).
    cheapBox.hidden = c.cheapest.length === 0;
    if (c.cheapest.length) drawStrip(cheapStrip, cheapText, c.cheapest, 'Cheapest');
  }

  return {
    /** @param {unknown} doc @param {() => boolean} still */
    update(doc, still) {
      return host.calc.compare(/** @type {any} */ (doc), 'accelerators').then((c) => {
        if (!still()) return;
        last = c;
        render();
      }, (err) => {
        if (still()) replace(table, h('caption', { class: 'field-error' }, `The devices could not be compared (${err instanceof Error ? err.message : String(err)}).`));
      });
    },
  };
}
