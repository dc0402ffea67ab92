// Every device on the current network: the host and each registry accelerator, from the engine's
// comparison (calc.compare): epoch at your batch and at batch one, overhead share, energy, a price per
// hour and an idle power anyone can type (kept in the scenario at the fields the engine names:
// /compared/<id>/...) and the cost they give; sortable; strips of which device is fastest and cheapest
// on which batch sizes, with the engine's words. Choosing a row makes it the accelerator: one edit.
import { h, replace } from '../dom.js';
import { regionName } from './region.js';
import { time, energy, percent, int, num, shortName } from '../format.js';

/** @typedef {import('epochcalc').Comparison} Comparison */
/** @typedef {Comparison['devices'][number]} ComparedDevice */

/** The sortable columns: heading, value of a row (null sorts last). */
const COLUMNS = /** @type {const} */ ([
  ['name', 'Device', (d) => d.name],
  ['epoch', 'Epoch at your batch', (d) => d.batched?.epoch_time_s ?? null],
  ['one', 'At batch 1', (d) => d.batch_one?.epoch_time_s ?? null],
  ['overhead', 'Overhead', (d) => d.batched?.overhead_fraction ?? null],
  // The price and what it costs first (the cheapest ranges' inputs), then the energy and its idle power.
  ['price', 'Price (USD/h)', (d) => d.price?.usd_per_hour ?? null],
  ['cost', 'Cost per epoch', (d) => d.batched?.cost_usd ?? null],
  ['energy', 'Energy', (d) => d.batched?.energy_j ?? null],
  ['idle', 'Idle power (W)', (d) => d.idle_power_w],
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
  // The table's caption stands above its scrolling box, not in it: in the box it was as wide as the table,
  // and cut at the screen's edge on a phone.
  const caption = h('p', { id: 'device-caption', class: 'hint' });
  const table = /** @type {HTMLTableElement} */ (h('table', { id: 'device-table', class: 'devices', 'aria-labelledby': 'device-caption' }));
  const strip = h('div', { id: 'fastest-strip', class: 'strip', role: 'img', 'aria-label': 'Which device is fastest at each batch size: not computed yet' });
  const stripText = h('p', { id: 'fastest-text', class: 'hint' });
  const cheapStrip = h('div', { id: 'cheapest-strip', class: 'strip', role: 'img' });
  const cheapText = h('p', { id: 'cheapest-text', class: 'hint' });
  const cheapBox = h('div', { hidden: true }, h('h3', {}, 'Cheapest by batch size'), cheapStrip, cheapText);
  const priceNote = h('p', { id: 'price-note', class: 'hint' });
  replace(body,
    h('h3', {}, 'Fastest by batch size'), strip, stripText, cheapBox,
    caption, h('div', { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': regionName(host, 'Every device, table') }, table), priceNote);
  let sortKey = 'epoch';
  let ascending = true;
  /** @type {Comparison|null} */
  let last = null;

  /**
   * A row's price or idle power: a field anyone can type in, kept in the scenario at the field the
   * engine names (data-path, where the engine's error about it shows); a cited list price shows as the
   * placeholder, marked "list", with its offer and date.
   * @param {ComparedDevice} d @param {'price'|'idle'} which
   */
  function termInput(d, which) {
    const list = which === 'price' && d.price?.from === 'list' ? d.price : null;
    const given = which === 'price' ? (d.price && !list ? d.price.usd_per_hour : null) : d.idle_power_w;
    const path = which === 'price' ? d.price_path : d.idle_power_path;
    const input = /** @type {HTMLInputElement} */ (h('input', {
      type: 'text', inputmode: 'decimal', class: 'term', size: 6, 'data-term': `${which}:${d.id}`, 'data-path': path,
      value: given == null ? '' : num(given, { digits: 6 }),
      placeholder: list ? `${num(list.usd_per_hour, { digits: 6 })} list` : 'none',
      title: list ? `List price: ${list.offer}, read ${list.date}. Source: ${list.source}. Type a price to use your own.` : null,
      'aria-label': which === 'price'
        ? `${d.name}: price per hour in USD${list ? ` (list price ${num(list.usd_per_hour, { digits: 6 })})` : ''}`
        : `${d.name}: idle power in W`,
    }));
    // One edit when the value is committed; emptied, the list price (or none) again.
    input.addEventListener('change', () => host.edit(path, input.value.trim()));
    return h('span', { class: 'field' }, input);
  }

  function render() {
    const c = last;
    const now = host.current();
    if (!c || !now) return;
    const priced = c.devices.some((d) => d.batched?.cost_usd != null);
    // Costs per epoch, or per 1,000 epochs where every epoch costs under a cent: four figures tell devices apart.
    const perThousand = c.devices.every((d) => d.batched?.cost_usd == null || d.batched.cost_usd < 0.01);
    const columns = COLUMNS.filter(([key]) => key !== 'cost' || priced);
    const names = new Map(c.devices.map((d) => [d.id, d.name]));
    const cell = (d, key) => {
      if (key === 'price' || key === 'idle') return termInput(d, key);
      if (!d.has_precision) return key === 'epoch' ? `no ${c.precision} peak` : '–';
      const v = COLUMNS.find(([k]) => k === key)?.[2](d);
      if (v == null) return '–';
      if (key === 'cost') return num(perThousand ? v * 1000 : v, { digits: 4 });
      return key === 'overhead' ? percent(v) : key === 'energy' ? energy(v) : time(v);
    };
    const heading = (key, label) => (key === 'cost' ? `Cost per ${perThousand ? '1,000 epochs' : 'epoch'} (USD)` : label);
    const listed = c.devices.filter((d) => d.price?.from === 'list');
    // The price field being typed in (or tabbed to) stays focused through the redraw its edit causes.
    const focused = /** @type {HTMLElement|null} */ (table.querySelector('input.term:focus'))?.dataset.term;
    caption.className = 'hint';
    caption.textContent = `${now.result.scenario.network.widths.join('-')} network at batch ${int(c.batch_size)}, ${c.precision}. The host runs as itself; every other device as the accelerator.`;
    replace(table,
      h('thead', {}, h('tr', {}, ...columns.map(([key, label]) => h('th', {
        scope: 'col', 'aria-sort': key === sortKey ? (ascending ? 'ascending' : 'descending') : null,
      }, h('button', {
        type: 'button', class: 'sort', 'data-sort': key, onclick: () => {
          ascending = key === sortKey ? !ascending : true;
          sortKey = key;
          render();
        },
      }, heading(key, label), key === sortKey ? (ascending ? ' ▲' : ' ▼') : ''))), h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Action')))),
      h('tbody', {}, ...sortDevices(c.devices, sortKey, ascending).map((d) => h('tr', {
        'data-device': d.id, class: d.yours === 'accelerator' ? 'yours' : null,
      }, ...columns.map(([key]) => (key === 'name'
        ? h('th', { scope: 'row', title: d.name }, shortName(d.name, 40), d.yours ? ` (your ${d.yours})` : '')
        : h('td', { 'data-key': key, 'data-value': COLUMNS.find(([k]) => k === key)?.[2](d) ?? '' }, cell(d, key)))),
      h('td', {}, d.runs_as === 'accelerator' && !d.yours && d.has_precision
        ? h('button', { type: 'button', class: 'link', 'data-use': d.id, 'aria-label': `Use it: the ${d.name} as the accelerator`, onclick: () => host.edit('/accelerator', d.id) }, 'Use it')
        : '')))));
    priceNote.textContent = listed.length
      ? `A price marked “list” is a public on-demand rate per GPU-hour (${listed.map(({ name, price }) => (price?.from === 'list' ? `${shortName(name, 24)}: ${price.offer}, read ${price.date}` : '')).join('; ')}). Type your own price in its field to replace it; the link keeps it.`
      : 'Type a price per hour in USD to compare costs; the link keeps it.';
    if (focused) /** @type {HTMLInputElement|null} */ (table.querySelector(`input.term[data-term="${CSS.escape(focused)}"]`))?.focus();
    // The fastest device on each range of batch sizes, and the cheapest among the priced ones, each as a
    // strip on a log scale of the batch size, with the engine's words for the same ranges.
    const n = now.result.scenario.network.dataset.training_examples;
    const total = Math.log(n + 1);
    const drawStrip = (box, words, ranges, text) => {
      replace(box, ...ranges.map((r) => {
        const seg = h('span', { class: 'strip-seg', title: `${int(r.from)} to ${int(r.to)}: ${names.get(r.device) ?? r.device}`, 'data-device': r.device },
          shortName(names.get(r.device) ?? r.device, 24));
        seg.style.flexGrow = String(Math.max((Math.log(r.to + 1) - Math.log(r.from)) / total, 0.02));
        // Your two devices in their colours everywhere (the charts', the bars'); the others by position.
        const yours = c.devices.find((d) => d.id === r.device)?.yours;
        const line = yours === 'host' ? 'var(--line-host)' : yours === 'accelerator' ? 'var(--line-accel)' : null;
        if (line) Object.assign(seg.style, { background: line, color: 'var(--bg)' });
        return seg;
      }));
      words.textContent = text;
      box.setAttribute('aria-label', text);
    };
    drawStrip(strip, stripText, c.fastest, c.fastest_text ?? '');
    // The cheapest: only devices with a price (given, or a list price) have a cost.
    cheapBox.hidden = c.cheapest.length === 0;
    if (c.cheapest.length) drawStrip(cheapStrip, cheapText, c.cheapest, c.cheapest_text ?? '');
  }

  return {
    /** @param {unknown} doc @param {() => boolean} still */
    update(doc, still) {
      return host.calc.compare(/** @type {any} */ (doc), 'accelerators').then((c) => {
        if (!still()) return;
        last = c;
        render();
      }, (err) => {
        if (!still()) return;
        caption.className = 'field-error';
        caption.textContent = `The devices could not be compared (${err instanceof Error ? err.message : String(err)}).`;
        replace(table);
      });
    },
  };
}
