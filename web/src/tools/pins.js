// Pins: the current scenario kept beside the edits that follow (several, each named, renamable,
// removable). A table shows each pin beside the current result with the change; the bars draw each
// pinned epoch as an outline and the chart its curves dashed (calculator.js). The pins travel as JSON,
// [{name, scenario}], in the page's link and its storage; each pin is solved again by the engine when
// read, so a pin always shows what its scenario gives today.
import { h, replace } from '../dom.js';
import { regionName } from './region.js';
import { time, percent, times, shortName, int, compared } from '../format.js';

/** @typedef {import('./tools.js').Pinned} Pinned */

/** Pins kept at most: each is solved on every reload. */
const MAX_PINS = 8;

/** The rows of the comparison: label, value of a result, how the change reads. */
const ROWS = /** @type {const} */ ([
  ['host.epoch', 'Host epoch', (r) => r.host.batched.epoch_time_s, 'time'],
  ['accelerator.epoch', 'Accelerator epoch', (r) => r.accelerator.batched.epoch_time_s, 'time'],
  ['speedup', 'Accelerator speedup', (r) => r.comparison.accelerator_speedup_batched, 'ratio'],
  ['host.overhead', 'Host overhead share', (r) => r.host.batched.overhead_fraction, 'share'],
  ['accelerator.overhead', 'Accelerator overhead share', (r) => r.accelerator.batched.overhead_fraction, 'share'],
  ['crossover', 'Accelerator wins from batch', (r) => r.comparison.crossover_batch_size, 'batch'],
]);

/** @param {number|null} v @param {string} kind */
const shownValue = (v, kind) => (v == null ? 'never' : kind === 'time' ? time(v) : kind === 'ratio' ? times(v) : kind === 'share' ? percent(v) : int(v));

/**
 * How the current value compares with a pin's: "now 8.6× faster", "now +12.5 points", "now from 64".
 * @param {number|null} now @param {number|null} pin @param {string} kind
 */
function change(now, pin, kind) {
  if (now === pin) return 'same now';
  if (now == null || pin == null || (kind !== 'time' && kind !== 'share')) return `now ${shownValue(now, kind)}`;
  return compared(now, pin, kind);
}

/**
 * @param {import('./tools.js').ToolsHost} host @param {HTMLElement} body
 */
export function mountPins(host, body) {
  /** @type {Pinned[]} */
  let pins = [];
  let named = 0;
  const note = h('p', { id: 'pin-note', class: 'hint', role: 'status' });
  const pinButton = h('button', { type: 'button', id: 'pin-now', onclick: () => pinNow() }, 'Pin this scenario');
  const list = h('ul', { id: 'pins', class: 'pins' });
  const table = /** @type {HTMLTableElement} */ (h('table', { id: 'pin-table' }));
  const tableBox = h('div', { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': regionName(host, 'Pinned scenarios beside this one') }, table);
  const box = h('div', { class: 'tool', id: 'pin-tool' },
    h('h3', {}, 'Pins: before and after'),
    h('div', { class: 'buttons' }, pinButton), note, list, tableBox);
  if (host.parts.has('whatif')) replace(body, box);

  /** The engine's result and sweep for a pinned scenario, or null if it no longer solves. @param {unknown} scenario */
  function solve(scenario) {
    try {
      const r = host.calc.update(/** @type {any} */ (scenario));
      return r.result && r.sweep ? { result: r.result, sweep: r.sweep } : null;
    } catch {
      return null;
    }
  }

  function pinNow() {
    const now = host.current();
    if (!now) return;
    if (pins.length >= MAX_PINS) {
      note.textContent = `At most ${MAX_PINS} pins: remove one first.`;
      return;
    }
    pins.push({ name: `Pin ${++named}`, scenario: structuredClone(now.doc), result: now.result, sweep: now.sweep });
    note.textContent = `Pinned as “Pin ${named}”. Edit the scenario: the table below, the bars and the chart compare it with this pin.`;
    changed();
  }

  function changed() {
    host.onPins(pins.length ? JSON.stringify(pins.map(({ name, scenario }) => ({ name, scenario }))) : null);
    host.setPinned(pins);
    render(host.current());
  }

  /** @param {{ result: import('epochcalc').Result }|null} now */
  function render(now) {
    replace(list, ...pins.map((pin, i) => {
      const input = /** @type {HTMLInputElement} */ (h('input', {
        type: 'text', value: pin.name, 'aria-label': `Name of pin ${i + 1}`, maxlength: '60', class: 'pin-name',
        title: shortName(pin.result.scenario.name),
      }));
      input.addEventListener('change', () => {
        pin.name = input.value.trim() || `Pin ${i + 1}`;
        changed();
      });
      return h('li', { class: 'pin', 'data-pin': i }, input,
        h('button', { type: 'button', class: 'link', onclick: () => host.load(structuredClone(pin.scenario), { edited: true }) }, 'Open'),
        h('button', {
          type: 'button', class: 'link', 'aria-label': `Remove ${pin.name}`, onclick: () => {
            pins.splice(i, 1);
            note.textContent = `Removed “${pin.name}”.`;
            changed();
          },
        }, 'Remove'));
    }));
    tableBox.hidden = pins.length === 0 || !now;
    if (pins.length === 0 || !now) return;
    const r = now.result;
    replace(table,
      h('caption', {}, 'This scenario beside each pin, at each one\'s own batch size.'),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Figure')), h('th', { scope: 'col' }, 'Now'),
        ...pins.map((p) => h('th', { scope: 'col', title: p.result.scenario.name }, shortName(p.name, 30))))),
      h('tbody', {}, ...ROWS.map(([key, label, of, kind]) => h('tr', {},
        h('th', { scope: 'row' }, label),
        h('td', { 'data-key': `now.${key}`, 'data-value': of(r) }, shownValue(of(r), kind)),
        ...pins.map((p, i) => h('td', { 'data-key': `pin.${i}.${key}`, 'data-value': of(p.result) },
          shownValue(of(p.result), kind), h('span', { class: 'delta' }, change(of(r), of(p.result), kind))))))));
  }

  return {
    /** @param {{ result: import('epochcalc').Result }|null} now */
    update: (now) => render(now),
    /** Pins from a link or the browser: each solved again; one that no longer solves is named and left out. @param {string} text */
    setText(text) {
      /** @type {unknown} */
      let list = [];
      try {
        list = JSON.parse(text);
      } catch {
        list = null;
      }
      if (!Array.isArray(list)) {
        note.textContent = 'The pins in this link are not a list of {name, scenario}: they are left out.';
        return;
      }
      /** @type {string[]} */
      const dropped = [];
      pins = [];
      // At most MAX_PINS are read, each named as the link names it or by its place in the link ("Pin 3"),
      // so two unnamed pins left out are told apart (issue 36).
      for (const [i, item] of list.slice(0, MAX_PINS).entries()) {
        const name = typeof item?.name === 'string' && item.name.trim() ? item.name.trim().slice(0, 60) : `Pin ${i + 1}`;
        const solved = item && typeof item === 'object' ? solve(item.scenario) : null;
        if (solved) pins.push({ name, scenario: item.scenario, ...solved });
        else dropped.push(name);
      }
      named = pins.length;
      const past = list.length > MAX_PINS
        ? `This link has ${list.length.toLocaleString('en-US')} pins: the first ${MAX_PINS} are read (at most ${MAX_PINS}). `
        : '';
      note.textContent = past + (dropped.length ? `Left out pins whose scenario does not solve: ${dropped.map((d) => `“${shortName(d, 30)}”`).join(', ')}.` : '');
      host.setPinned(pins);
      render(host.current());
    },
  };
}
