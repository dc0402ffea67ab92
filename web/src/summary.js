// The answer in words: headline figures and one plain sentence (the report is tools/report.js).
import { h, replace } from './dom.js';
import { time, energy, int, times, percent, shortName, faster } from './format.js';
import { describeWins } from './wins.js';

/** @typedef {import('epochcalc').Result} Result */

/**
 * Headline figures as a definition list.
 * @param {HTMLElement} dl @param {Result} r
 */
export function renderHeadline(dl, r) {
  const c = r.comparison;
  const b = int(r.network.batched.batch_size);
  const item = (term, key, value, main, note) => h('div', { class: 'stat' },
    h('dt', {}, term),
    h('dd', {}, h('span', { class: 'big', 'data-key': key, 'data-value': value, title: typeof value === 'number' ? String(value) : null }, main),
      note && h('span', { class: 'note' }, note)));
  replace(dl,
    item(`Host epoch, batch ${b}`, 'host.batched.epoch', r.host.batched.epoch_time_s, time(r.host.batched.epoch_time_s),
      `${percent(r.host.batched.overhead_fraction)} overhead`),
    item(`Accelerator epoch, batch ${b}`, 'accelerator.batched.epoch', r.accelerator.batched.epoch_time_s,
      time(r.accelerator.batched.epoch_time_s), `${percent(r.accelerator.batched.overhead_fraction)} overhead`),
    item('Accelerator against host', 'speedup.batched', c.accelerator_speedup_batched, faster(c.accelerator_speedup_batched),
      `at batch ${b}; ${faster(c.accelerator_speedup_batch_one)} at batch 1`),
    item('Batching speedup', 'batching.host', c.batching_speedup_host, `${times(c.batching_speedup_host)} host`,
      `${times(c.batching_speedup_accelerator)} accelerator (batch ${b} vs 1)`),
    energyItem(r, b),
    winsItem(r));
}

/** Where the accelerator wins: every range, from the engine. @param {Result} r */
function winsItem(r) {
  const wins = describeWins(r);
  const c = r.comparison.crossover_batch_size;
  return h('div', { class: 'stat' },
    h('dt', {}, 'Accelerator wins'),
    h('dd', {},
      h('span', { class: 'big', 'data-key': 'crossover', 'data-value': c ?? '', 'data-wins': JSON.stringify(r.comparison.accelerator_wins) }, wins.short),
      h('span', { class: 'note' }, wins.note)));
}

/** The energy split of the batched epoch (arithmetic vs data movement). @param {Result} r @param {string} b */
function energyItem(r, b) {
  const hb = r.host.batched;
  const ab = r.accelerator.batched;
  const same = hb.energy_j === ab.energy_j;
  const share = hb.energy_j > 0 ? hb.data_movement_energy_j / hb.energy_j : 0;
  return h('div', { class: 'stat' },
    h('dt', {}, `Energy per epoch, batch ${b}`),
    h('dd', {},
      h('span', { class: 'big', 'data-key': 'energy', 'data-value': hb.energy_j, title: `${hb.energy_j} J` },
        same ? energy(hb.energy_j) : `${energy(hb.energy_j)} / ${energy(ab.energy_j)}`),
      h('span', { class: 'note' }, `${percent(share)} data movement, ${percent(1 - share)} arithmetic${same ? ', either device' : ''}`)));
}

/** "A is 1.08× faster than B (254.7 ms vs 274.2 ms)". */
function compare(r, which) {
  const tH = r.host[which].epoch_time_s;
  const tA = r.accelerator[which].epoch_time_s;
  if (tA === tH) return `both devices take ${time(tA)}`;
  // A gap below the ratio's precision is not "1× faster": the two are about the same.
  if (times(tA < tH ? tH / tA : tA / tH) === times(1)) return `both devices take about ${time(tA)}`;
  return tA < tH
    ? `the ${shortName(r.accelerator.name)} is ${times(tH / tA)} faster than the ${shortName(r.host.name)}: ${time(tA)} vs ${time(tH)} per epoch`
    : `the ${shortName(r.host.name)} is ${times(tA / tH)} faster than the ${shortName(r.accelerator.name)}: ${time(tH)} vs ${time(tA)} per epoch`;
}

/**
 * One plain paragraph: who wins where, the crossover, how much is overhead.
 * @param {Result} r
 */
export function sentence(r) {
  const b = r.network.batched.batch_size;
  const parts = [];
  const first = compare(r, 'batched');
  parts.push(`At batch size ${int(b)}, ${first}.`);
  if (b !== 1) {
    const sameWinner = (r.accelerator.batched.epoch_time_s < r.host.batched.epoch_time_s) ===
      (r.accelerator.batch_one.epoch_time_s < r.host.batch_one.epoch_time_s);
    parts.push(`At batch size 1, ${sameWinner ? '' : 'by contrast, '}${compare(r, 'batch_one')}.`);
  }
  parts.push(describeWins(r).sentence);
  const oh = r.host.batched.overhead_fraction;
  const oa = r.accelerator.batched.overhead_fraction;
  const most = Math.min(oh, oa) > 0.5 ? ' Most of the time is overhead, not work: bigger batches or fewer operations help more than faster hardware.'
    : Math.max(oh, oa) < 0.2 ? ' Real work dominates, so faster hardware pays off.' : '';
  parts.push(`Per-operation overhead is ${percent(oh)} of the host's epoch and ${percent(oa)} of the accelerator's at batch size ${int(b)}.${most}`);
  return parts.join(' ');
}

/**
 * The answer in one line, for the bar that follows the form: both epoch times and where the
 * accelerator wins. @param {Result} r
 */
export function nowLine(r) {
  const b = int(r.network.batched.batch_size);
  return `Batch ${b}: host ${time(r.host.batched.epoch_time_s)}, accelerator ${time(r.accelerator.batched.epoch_time_s)}. ` +
    `Accelerator wins: ${describeWins(r).short}.`;
}
