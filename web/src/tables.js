// The numbers behind the bars as tables, and the same rows as CSV.
import { h, replace } from './dom.js';
import { time, energy, si, int, num, percent, exact, shortName, compared, cost } from './format.js';
import { spans } from './wins.js';

const COLUMNS = /** @type {const} */ ([
  ['host', 'batched'], ['accelerator', 'batched'], ['host', 'batch_one'], ['accelerator', 'batch_one'],
]);

/** Rows of the results table: key in Run, label, unit, formatter. */
const ROWS = /** @type {const} */ ([
  ['compute_time_s', 'Compute', 's', (x) => time(x, { fixed: 3 })],
  ['memory_time_s', 'Memory traffic', 's', (x) => time(x, { fixed: 3 })],
  ['work_time_s', 'Work', 's', (x) => time(x, { fixed: 3 })],
  ['dispatch_time_s', 'Dispatch', 's', (x) => time(x, { fixed: 3 })],
  ['launch_time_s', 'Kernel launch', 's', (x) => time(x, { fixed: 3 })],
  ['step_time_s', 'Fixed cost per step', 's', (x) => time(x, { fixed: 3 })],
  ['overhead_time_s', 'Overhead', 's', (x) => time(x, { fixed: 3 })],
  ['transfer_time_s', 'Batch copies', 's', (x) => time(x, { fixed: 3 })],
  ['epoch_time_s', 'Epoch time', 's', (x) => time(x, { fixed: 3 })],
  ['overhead_fraction', 'Overhead share', '', (x) => percent(x)],
  ['arithmetic_energy_j', 'Arithmetic energy', 'J', (x) => energy(x, { fixed: 3 })],
  ['data_movement_energy_j', 'Data-movement energy', 'J', (x) => energy(x, { fixed: 3 })],
  ['idle_energy_j', 'Idle energy', 'J', (x) => energy(x, { fixed: 3 })],
  ['energy_j', 'Energy', 'J', (x) => energy(x, { fixed: 3 })],
  ['cost_usd', 'Cost', 'USD', cost],
]);

/** The rows a result has: idle energy only with an idle power, cost only with a price (the engine's
 * null), as the command line prints them. @param {import('epochcalc').Result} r */
const rowsOf = (r) => ROWS.filter(([key]) => {
  if (key === 'step_time_s' || key === 'transfer_time_s') return COLUMNS.some(([role, which]) => r[role][which][key] > 0);
  if (key === 'idle_energy_j') return COLUMNS.some(([role, which]) => r[role][which].idle_energy_j > 0);
  if (key === 'cost_usd') return COLUMNS.some(([role, which]) => r[role][which].cost_usd != null);
  return true;
});

/** Column headings: device role and batch size. @param {import('epochcalc').Result} r */
function headings(r) {
  const b = int(r.network.batched.batch_size);
  return COLUMNS.map(([role, which]) => ({
    role, which,
    text: `${role === 'host' ? 'Host' : 'Accelerator'}, batch ${which === 'batched' ? b : 1}`,
    title: r[role].name,
  }));
}

/**
 * The results table: time split and energy split for the four runs, and each pinned scenario's batched
 * runs beside them with the change. `exactly`: every cell at full precision in SI units, for touch and
 * keyboard users, who cannot hover for the exact figure.
 * @param {HTMLTableElement} table @param {import('epochcalc').Result} r @param {boolean} [exactly]
 * @param {{ name: string, result: import('epochcalc').Result }[]} [pinned]
 */
export function renderResultTable(table, r, exactly = false, pinned = []) {
  const heads = headings(r);
  const shown = (v, unit, fmt) => (exactly ? (unit ? exact(v, unit) : String(v)) : fmt(v));
  // A pin's cell: its value, and how this scenario compares ("now 2× faster", "now +3 points").
  const pinCell = (p, role, key, unit, fmt) => {
    const v = p.result[role].batched[key];
    const now = r[role].batched[key];
    if (v == null || now == null || (key === 'launch_time_s' && role === 'host')) return h('td', { 'data-key': `pin.${role}.${key}` }, '–');
    const change = unit === 's' ? compared(now, v, 'time') : unit === '' ? compared(now, v, 'share')
      : v === now ? 'same now' : `now ${now > v ? '+' : '−'}${percent(Math.abs(now - v) / (v || 1))}`;
    return h('td', { 'data-key': `pin.${role}.${key}`, 'data-value': v, title: unit ? exact(v, unit) : String(v) },
      shown(v, unit, fmt), h('span', { class: 'delta' }, change));
  };
  replace(table,
    h('caption', {}, `Host: ${shortName(r.host.name)}. Accelerator: ${shortName(r.accelerator.name)}.`,
      pinned.length > 0 && ` Pinned: ${pinned.map((p) => `“${shortName(p.name, 30)}”`).join(', ')}, at each one's own batch size.`),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Per epoch'),
      ...heads.map((c) => h('th', { scope: 'col', title: c.title }, c.text)),
      ...pinned.flatMap((p) => ['host', 'accelerator'].map((role) => h('th', { scope: 'col', class: 'pinned', title: p.result[role].name },
        `${shortName(p.name, 20)}: ${role === 'host' ? 'host' : 'accelerator'}`))))),
    h('tbody', {}, ...rowsOf(r).map(([key, label, unit, fmt]) => h('tr', { class: key === 'epoch_time_s' ? 'total' : null },
      h('th', { scope: 'row' }, label),
      ...COLUMNS.map(([role, which]) => {
        const v = r[role][which][key];
        // The host pays no kernel launch: a dash, as the command line prints, not a "0 s" to compare.
        if (key === 'launch_time_s' && role === 'host') return h('td', { 'data-key': `${role}.${which}.${key}`, 'data-value': v, title: 'the host launches no kernels' }, '–');
        // A device without a price has no cost (the engine's null): a dash, not "0 USD".
        if (v == null) return h('td', { 'data-key': `${role}.${which}.${key}`, title: 'no price given for this device' }, '–');
        return h('td', {
          'data-key': `${role}.${which}.${key}`, 'data-value': v, title: unit ? exact(v, unit) : String(v),
        }, shown(v, unit, fmt));
      }),
      ...pinned.flatMap((p) => [pinCell(p, 'host', key, unit, fmt), pinCell(p, 'accelerator', key, unit, fmt)])))));
}

/**
 * The workload table: what the model counts for one epoch, and the operations each device pays (its own
 * count: a device with its own profile or graph replay pays another than the other).
 * @param {HTMLTableElement} table @param {import('epochcalc').Result} r @param {boolean} [exactly]
 */
export function renderCountsTable(table, r, exactly = false) {
  const cols = /** @type {const} */ (['batched', 'batch_one']);
  /** @type {['network'|'host'|'accelerator', string, string, (x: number) => string, string][]} */
  const rows = [
    ['network', 'steps_per_epoch', 'Steps s', (x) => int(x), ''],
    ['network', 'flops', 'FLOPs F', (x) => si(x, 'FLOP'), 'FLOP'],
    ['network', 'bytes', 'Bytes moved Y', (x) => si(x, 'B'), 'B'],
    ['host', 'dispatches', 'Host: operations', (x) => int(x), 'ops'],
    ['accelerator', 'dispatches', 'Accelerator: calls', (x) => int(x), 'ops'],
  ];
  const ds = r.scenario.network.dataset;
  replace(table,
    h('caption', {}, `${r.scenario.network.widths.join('-')} network: ${int(r.network.layers)} layers, ${int(r.network.parameters)} parameters; ${shortName(ds.name)}, ${int(ds.training_examples)} training examples.`),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Per epoch'),
      ...cols.map((c) => h('th', { scope: 'col' }, `Batch ${int(r.network[c].batch_size)}`)))),
    h('tbody', {}, ...rows.map(([from, key, label, fmt, unit]) => h('tr', {},
      h('th', { scope: 'row' }, label),
      ...cols.map((c) => {
        const v = /** @type {number} */ (/** @type {any} */ (from === 'network' ? r.network[c] : r[from][c])[key]);
        return h('td', { 'data-key': `${from}.${c}.${key}`, 'data-value': v, title: unit ? exact(v, unit) : String(v) },
          exactly ? (unit ? exact(v, unit) : String(v)) : fmt(v));
      })))));
}

