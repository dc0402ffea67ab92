// Break-even and goal seek: the engine's break-even figures for the current scenario in plain
// sentences ("The H100 wins at batch 32 for any dispatch per operation; at 0 s it is 1.23× faster, never
// 2×"), and a small form that asks the engine what value of a field meets a goal (calc.solveFor).
import { h, replace } from '../dom.js';
import { applyEdits } from './apply.js';
import { time, int, times, faster, shortName, count } from '../format.js';
import { fieldValue } from '../field-format.js';
import { spans } from '../wins.js';

/** @typedef {import('epochcalc').SweptField} SweptField */
/** @typedef {import('epochcalc').SolveAnswer} SolveAnswer */


/** A label inside a sentence: "Accelerator: Memory bandwidth" → "accelerator memory bandwidth". @param {string} label */
export const inSentence = (label) => label.replace(': ', ' ').split(' ').map((w) => (/^[A-Z][a-z]/.test(w) ? w.toLowerCase() : w)).join(' ');

/** Where a goal holds, from its boundary: "up to 5 µs", "from 64", "only at 0" (a boundary at the limit). @param {SweptField} field @param {SolveAnswer} a */
function where(field, a) {
  const v = /** @type {number} */ (a.value);
  const edge = a.holds_when === 'at_most' ? v === a.limits.low : v === a.limits.high;
  return `${edge ? 'only at' : a.holds_when === 'at_most' ? 'up to' : 'from'} ${fieldValue(field, v)}`;
}

/** A field's value now; null from the engine: left out, meaning none (no graph launches). @param {SweptField} field @param {number|null} v */
// No one value now: each device pays its own (the engine's giving_way), or the field is unset (no graphs).
const nowValue = (field, v) => (v != null ? fieldValue(field, v) : field.giving_way?.length ? 'each device its own' : 'none');

/** The better of the two limits for a speedup, and the speedup there. @param {SolveAnswer} a */
function best(a) {
  const low = a.limits.metric_at_low >= a.limits.metric_at_high;
  return { at: low ? a.limits.low : a.limits.high, metric: low ? a.limits.metric_at_low : a.limits.metric_at_high };
}

/**
 * One field's break-even sentence, from the engine's two answers.
 * @param {SweptField} field @param {SolveAnswer} flip @param {SolveAnswer} twice @param {string} accel @param {number} batch
 */
export function breakEvenSentence(field, flip, twice, accel, batch) {
  const name = inSentence(field.label);
  const wins = flip.answer === 'always' ? `The ${accel} wins at batch ${int(batch)} for any ${name}`
    : flip.answer === 'never' ? `The ${accel} does not win at batch ${int(batch)} for any ${name}`
      : `The ${accel} wins at batch ${int(batch)} with ${name} ${where(field, flip)}`;
  let doubled;
  if (twice.answer === 'always') doubled = 'it is at least 2× faster throughout';
  else if (twice.answer === 'value') doubled = `it is 2× faster ${where(field, twice)}`;
  else {
    const b = best(twice);
    doubled = `at ${fieldValue(field, b.at)} it is ${faster(b.metric)}, never 2× faster`;
  }
  return `${wins}; ${doubled}.`;
}

/**
 * The answer to a goal for one field, in words.
 * @param {SweptField} field @param {import('epochcalc').SolveFor} a @param {string} accel
 */
export function solveSentence(field, a, accel) {
  const goal = a.goal.kind === 'accelerator_wins' ? `the ${accel} wins`
    : a.goal.kind === 'speedup_at_least' ? `the ${accel} is at least ${times(a.goal.target)} faster`
      : `the ${accel}'s epoch is at most ${time(a.goal.target)}`;
  const metric = (m) => (a.metric === 'speedup' ? faster(m) : time(m));
  if (a.answer === 'always') return `${goal[0].toUpperCase()}${goal.slice(1)} for any ${inSentence(field.label)} within its limits.`;
  if (a.answer === 'never') {
    const lo = a.limits.metric_at_low;
    const hi = a.limits.metric_at_high;
    return `No ${inSentence(field.label)} within its limits gets there: at ${fieldValue(field, a.limits.low)} it is ${metric(lo)}, at ${fieldValue(field, a.limits.high)} ${metric(hi)}.`;
  }
  const ranges = a.holds.length > 1 ? ` (it holds on ${a.holds.map((r) => `${fieldValue(field, r.from)} to ${fieldValue(field, r.to)}`).join(', ')})` : '';
  return `${goal[0].toUpperCase()}${goal.slice(1)} with ${inSentence(field.label)} ${where(field, a)}; it is ${nowValue(field, a.current.value)} now${ranges}.`;
}

/**
 * @param {import('./tools.js').ToolsHost} host @param {HTMLElement} body
 * @param {(fields: import('./charts.js').ChartField[]) => void} onFields  the fields the engine varies, with their values now
 * @param {boolean} drawn  whether the cards and the form are shown (else only onFields is served)
 */
export function mountBreakEven(host, body, onFields, drawn) {
  const cards = h('ul', { id: 'break-even', class: 'cards' }, h('li', { class: 'hint' }, 'Asking the engine…'));
  const dominated = h('p', { id: 'overhead-ranges', class: 'hint' });
  const fieldSelect = /** @type {HTMLSelectElement} */ (h('select', { id: 'seek-field' }));
  const goalSelect = /** @type {HTMLSelectElement} */ (h('select', { id: 'seek-goal' },
    h('option', { value: 'flip' }, 'the accelerator winning'),
    h('option', { value: 'speedup' }, 'a speedup of at least'),
    h('option', { value: 'epoch' }, 'an accelerator epoch of at most')));
  const target = /** @type {HTMLInputElement} */ (h('input', { id: 'seek-target', type: 'text', value: '2', size: '8', 'aria-label': 'Target', hidden: true }));
  const answer = h('p', { id: 'seek-answer', role: 'status' });
  goalSelect.addEventListener('change', () => {
    target.hidden = goalSelect.value === 'flip';
    target.value = goalSelect.value === 'epoch' ? '100 ms' : '2';
  });
  const form = h('form', { id: 'goal-seek', class: 'seek' },
    h('label', { for: 'seek-field' }, 'What value of '), fieldSelect,
    h('label', { for: 'seek-goal' }, ' gives '), goalSelect, ' ', target, '? ',
    h('button', { type: 'submit' }, 'Find it'));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    seek();
  });
  if (drawn) {
    body.append(h('div', { class: 'tool', id: 'break-even-tool' },
      h('h3', {}, 'What it would take'),
      h('p', { class: 'hint' }, 'Each card changes one field, the others as you gave them.'),
      cards, dominated, form, answer));
  }

  /** @type {Map<string, SweptField>} */
  let fields = new Map();
  let seeking = 0;

  function seek() {
    const now = host.current();
    if (!now) return;
    const path = fieldSelect.value;
    const field = fields.get(path);
    if (!field) return;
    const goal = goalSelect.value === 'flip' ? 'flip' : `${goalSelect.value}=${target.value}`;
    answer.textContent = 'Solving…';
    const asked = ++seeking;
    host.calc.solveFor(/** @type {any} */ (now.doc), path, goal).then((a) => {
      // An answer for a scenario no longer shown is not offered.
      if (asked !== seeking || host.current()?.doc !== now.doc) return;
      const accel = shortName(now.result.accelerator.name, 40);
      replace(answer, h('span', { 'data-value': a.value ?? '' }, solveSentence(field, a, accel)),
        a.answer === 'value' && a.value != null && ' ',
        a.answer === 'value' && a.value != null && h('button', {
          // The answer's own edits (each device's own value that gives way too): the scenario then has
          // exactly the answered numbers.
          type: 'button', class: 'link', id: 'seek-use', onclick: () => applyEdits(host, now.doc, a.edits),
        }, `Use ${fieldValue(field, a.value)}`));
    }, (err) => {
      if (asked !== seeking) return;
      replace(answer, h('span', { class: 'field-error' }, (err?.errors ?? [{ path: '', message: String(err) }]).map((e) => host.said(e)).join(' ')));
    });
  }

  return {
    /** @param {unknown} doc @param {() => boolean} still */
    update(doc, still) {
      seeking++;
      if (answer.textContent) answer.textContent = 'The scenario changed: find it again for this one.';
      return host.calc.breakEven(/** @type {any} */ (doc)).then((be) => {
        const now = host.current();
        if (!still() || !now) return;
        const accel = shortName(now.result.accelerator.name, 40);
        replace(cards, ...be.fields.map((f) => h('li', { class: 'card', 'data-field': f.path },
          h('strong', {}, f.label), ` (now ${nowValue(f, f.flip.current.value)})`, h('br'),
          h('span', { 'data-flip': f.flip.value ?? f.flip.answer, 'data-twice': f.twice_as_fast.value ?? f.twice_as_fast.answer },
            breakEvenSentence(f, f.flip, f.twice_as_fast, accel, be.batch_size)),
          ...(f.notes.length ? [h('br'), h('span', { class: 'hint', 'data-notes': '' }, f.notes.join(' '))] : []))));
        const o = be.overhead_exceeds_work;
        const at = (ranges) => (ranges.length ? `at batch sizes ${spans(ranges)}` : 'at no batch size');
        dominated.textContent = `Overhead exceeds work on the host ${at(o.host)}, and on the accelerator ${at(o.accelerator)} (of ${count(now.result.scenario.network.dataset.training_examples, 'example')}).`;
        const batchRow = be.fields.find((f) => f.path === '/network/batch_size');
        onFields([{ path: '/network/batch_size', label: 'Batch size', unit: '', integer: true, current: be.batch_size, sweep: batchRow?.sweep ?? { from: 1, to: be.batch_size, log: true } },
          ...be.fields.filter((f) => f !== batchRow).map((f) => ({ path: f.path, label: f.label, unit: f.unit, integer: f.integer, current: f.flip.current.value, sweep: f.sweep }))]);
        const chosen = fieldSelect.value;
        fields = new Map([['/network/batch_size', { path: '/network/batch_size', label: 'Batch size', unit: '', integer: true, changes_epochs: true, giving_way: [], applied_by: ['/network/batch_size'], notes: [] }], ...be.fields.map((f) => /** @type {[string, SweptField]} */ ([f.path, f]))]);
        replace(fieldSelect, ...[...fields.values()].map((f) => h('option', { value: f.path, selected: f.path === (chosen || '/dispatch') }, f.label)));
      }, (err) => {
        if (still()) replace(cards, h('li', { class: 'field-error' }, `The break-even figures could not be computed (${err instanceof Error ? err.message : String(err)}).`));
      });
    },
  };
}
