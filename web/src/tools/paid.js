// What each device pays with: the overheads the engine charged it (result.host.overheads, ...), its
// own values marked, the others being the scenario's. The page and every element show the same table,
// from the first time a device has values of its own (with the tools module, loaded then: calculator.js).
import { h, replace } from '../dom.js';
import { time, int, si } from '../format.js';

/** Rows: the key in PaidOverheads, the field whose label (the engine's schema) names it, how to show it
 * on each device. Operations per step are two fields' sum (o·L + x), named here. */
const ROWS = /** @type {const} */ ([
  ['profile', '/profile', (p) => p.profile ?? 'none'],
  ['dispatch', '/dispatch', (p) => time(p.dispatch)],
  ['launch', '/launch', (p, role) => (role === 'host' ? '–' : time(p.launch))],
  ['ops_per_step', 'Operations per step', (p) => int(p.ops_per_step)],
  ['launches_per_step', '/assumptions/launches_per_step', (p, role) => (role === 'host' || p.launches_per_step == null ? 'none' : int(p.launches_per_step))],
  ['step_overhead', '/step_overhead', (p) => time(p.step_overhead)],
]);

/** The own-value keys behind a row (operations per step come from two fields). */
const OWN = { ops_per_step: ['ops_per_layer', 'extra_ops_per_step'] };

/**
 * @param {HTMLElement} container
 * @param {import('epochcalc').Result} result
 * @param {import('epochcalc').Schema} schema  the engine's, for the fields' labels
 */
export function renderPaid(container, result, schema) {
  const label = (/** @type {string} */ path) => (path.startsWith('/') ? schema.fields.find((f) => f.path === path)?.label ?? path : path);
  const roles = /** @type {const} */ (['host', 'accelerator']);
  const anyOwn = roles.some((r) => result[r].overheads.own.length > 0);
  const link = result.scenario.accelerator;
  const head = h('tr', {}, h('th', { scope: 'col' }, 'Each device pays'),
    ...roles.map((r) => h('th', { scope: 'col' }, r === 'host' ? 'Host' : 'Accelerator')));
  const rows = ROWS.map(([key, field, show]) => h('tr', {}, h('th', { scope: 'row' }, label(field)),
    ...roles.map((role) => {
      const paid = result[role].overheads;
      const own = (OWN[key] ?? [key]).some((k) => paid.own.includes(k));
      return h('td', { 'data-key': `paid.${role}.${key}`, class: own ? 'own' : null, title: own ? 'this device\'s own value' : 'the scenario\'s value' },
        show(paid, role), own ? h('span', { class: 'badge' }, 'own') : null);
    })));
  if (link.host_link_bandwidth != null || link.host_link_latency != null) {
    rows.push(h('tr', {}, h('th', { scope: 'row' }, 'Batch copy over the host link'), h('td', {}, '–'),
      h('td', { 'data-key': 'paid.accelerator.link' },
        [link.host_link_bandwidth != null ? si(link.host_link_bandwidth, 'B/s') : null,
          link.host_link_latency != null ? `${time(link.host_link_latency)} latency` : null].filter(Boolean).join(', '))));
  }
  replace(container,
    h('table', { class: 'paid' }, h('thead', {}, head), h('tbody', {}, ...rows)),
    h('p', { class: 'hint' }, anyOwn
      ? 'Values marked “own” are the device’s own (Overheads per device, in the form); the others are the scenario’s.'
      : 'Both devices pay the scenario’s values. Give a device its own (Overheads per device, in the form) to run each under its own framework.'));
}
