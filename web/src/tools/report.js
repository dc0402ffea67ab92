// The report paragraph, to paste into a report: as plain text, Markdown (with a table of the numbers) or
// LaTeX (escaped, with a tabular). Every figure is the engine's result; only the words are here.
import { time, energy, int, percent, faster } from '../format.js';
import { describeWins } from '../wins.js';

/** @typedef {import('epochcalc').Result} Result */
/** @typedef {'text'|'markdown'|'latex'} ReportFormat */

/**
 * The paragraph as sentences of plain text, with the assumptions that matter.
 * @param {Result} r @param {string} version
 */
export function paragraph(r, version) {
  const sc = r.scenario;
  const b = int(r.network.batched.batch_size);
  const c = r.comparison;
  const ds = sc.network.dataset;
  const a = sc.assumptions;
  const hb = r.host.batched;
  const ab = r.accelerator.batched;
  return [
    `Using epochcalc ${version}, an analytical model, one ${a.phase} epoch of a ${sc.network.widths.join('-')} dense network`,
    ` (${int(r.network.parameters)} parameters, ${sc.precision}) over ${ds.name} (${int(ds.training_examples)} examples) at batch size ${b}`,
    ` takes ${time(hb.epoch_time_s)} on the ${r.host.name} (${percent(hb.overhead_fraction)} of it per-operation overhead)`,
    ` and ${time(ab.epoch_time_s)} on the ${r.accelerator.name} (${percent(ab.overhead_fraction)} overhead),`,
    ` so the accelerator is ${faster(c.accelerator_speedup_batched)}; at batch size 1 it is ${faster(c.accelerator_speedup_batch_one)}.`,
    ` ${describeWins(r).sentence}`,
    ` Assumptions: ${assumed(r)},`,
    ` ${a.overlap === 'roofline' ? 'compute and memory traffic overlapped (roofline)' : 'compute and memory traffic not overlapped'}`,
    // Left out it is on (the seed's count); the engine writes it only when off.
    `${a.phase === 'training' && a.first_layer_input_gradient === false ? ', no gradient computed for the input data (two passes on the first layer)' : ''}.`,
    hb.energy_j === ab.energy_j
      ? ` Energy for arithmetic and DRAM traffic is ${energy(hb.energy_j)} per epoch on either device (overhead time is not priced).`
      : ` Energy for arithmetic and DRAM traffic is ${energy(hb.energy_j)} per epoch on the host and ${energy(ab.energy_j)} on the accelerator (overhead time is not priced).`,
  ].join('');
}

/**
 * What each device pays, in words: once when both pay the same, else each device's own (the engine's
 * result.<device>.overheads).
 * @param {Result} r
 */
function assumed(r) {
  const h = r.host.overheads;
  const a = r.accelerator.overheads;
  const perStep = (p) => (p.step_overhead > 0 ? ` and ${time(p.step_overhead)} per step` : '');
  const graphs = a.launches_per_step != null ? ` (replayed as ${a.launches_per_step} graph launch${a.launches_per_step === 1 ? '' : 'es'} per step)` : '';
  if (h.own.length === 0 && a.own.length === 0) {
    return `${time(h.dispatch)} framework dispatch per operation on both devices${from(h.sources.dispatch)} and ${time(a.launch)} kernel launch on the accelerator${from(a.sources.launch)}${graphs},` +
      ` ${h.ops_per_layer} operations per layer${h.extra_ops_per_step ? ` plus ${h.extra_ops_per_step} per step` : ''}${perStep(h)}`;
  }
  return `on the host ${time(h.dispatch)} dispatch for each of ${h.ops_per_step} operations a step${perStep(h)}${h.profile ? ` (${h.profile})` : ''};` +
    ` on the accelerator ${time(a.dispatch)} dispatch and ${time(a.launch)} launch for each of ${a.ops_per_step} operations a step${graphs}${perStep(a)}${a.profile ? ` (${a.profile})` : ''}`;
}

/**
 * Where a value came from, when not the scenario's own (the engine's sources): " (the X profile)".
 * @param {import('epochcalc').ValueSource|undefined} src
 */
function from(src) {
  if (src?.from === 'profile') return ` (the ${src.id} profile)`;
  if (src?.from === 'preset') return ` (the ${src.id} preset)`;
  return '';
}

/** The numbers under the paragraph: per device, the epoch at the batch size and at 1, and the overhead share. @param {Result} r */
function rows(r) {
  const b = int(r.network.batched.batch_size);
  return {
    head: ['Device', `Epoch, batch ${b}`, 'Epoch, batch 1', `Overhead share, batch ${b}`],
    body: /** @type {const} */ (['host', 'accelerator']).map((role) => [
      r[role].name, time(r[role].batched.epoch_time_s), time(r[role].batch_one.epoch_time_s), percent(r[role].batched.overhead_fraction),
    ]),
  };
}

/** Text for Markdown: the characters that would start formatting, escaped. @param {string} s */
const md = (s) => s.replace(/([\\`*_{}[\]()#+!|<>~])/g, '\\$1');

/** Text for LaTeX: its ten special characters escaped. @param {string} s */
export const tex = (s) => s.replace(/[\\{}$&#^_%~]/g, (c) => ({
  '\\': '\\textbackslash{}', '{': '\\{', '}': '\\}', $: '\\$', '&': '\\&', '#': '\\#', '^': '\\textasciicircum{}', _: '\\_', '%': '\\%', '~': '\\textasciitilde{}',
}[c] ?? c)).replace(/×/g, '$\\times$').replace(/µ/g, '$\\mu$').replace(/–/g, '--').replace(/≤/g, '$\\le$').replace(/≥/g, '$\\ge$');

/**
 * The report in a format.
 * @param {Result} r @param {string} version @param {ReportFormat} format
 */
export function report(r, version, format = 'text') {
  const text = paragraph(r, version);
  if (format === 'text') return text;
  const { head, body } = rows(r);
  if (format === 'markdown') {
    const line = (cells) => `| ${cells.map(md).join(' | ')} |`;
    return [md(text), '', line(head), `|${head.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`, ...body.map(line), ''].join('\n');
  }
  return [
    tex(text), '',
    '\\begin{tabular}{lrrr}', '\\hline',
    `${head.map(tex).join(' & ')} \\\\`, '\\hline',
    ...body.map((cells) => `${cells.map(tex).join(' & ')} \\\\`),
    '\\hline', '\\end{tabular}', '',
  ].join('\n');
}
