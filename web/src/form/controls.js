// The form's controls, built from one row of the engine's field table each: label, control, hint, and the
// lines for how the engine read the value and where it comes from; and the registry pickers (a device, a
// dataset) with their "custom" choice. Builders only: the form (form.js) fills and reads them.
import { h } from '../dom.js';
import { idFor } from './ids.js';

/** @typedef {import('epochcalc').Schema} Schema */
/** @typedef {import('epochcalc').FieldSchema} FieldSchema */

/**
 * The lists a control offers beside the schema's own.
 * @typedef {{ schema: Schema, presets: import('epochcalc').PresetEntry[], profiles: import('epochcalc').ProfileEntry[] }} Lists
 */

/** Hint under a field: the schema's words, plus how to write a quantity. @param {Schema} schema @param {FieldSchema} f */
export function hintText(schema, f) {
  if (f.kind !== 'quantity') return f.hint;
  const d = schema.dimensions[/** @type {string} */ (f.dimension)];
  return `${f.hint ? `${f.hint} ` : ''}E.g. ${d.example}; ${d.bare_number}.`.trim();
}

/** Label, control, hint and a line for how the engine read the value. @param {FieldSchema} f @param {HTMLElement} slot @param {Lists} lists */
export function buildField(f, slot, { schema, presets, profiles }) {
  const id = idFor(f.path);
  const described = [`${id}-hint`, `${id}-read`, `${id}-from`].join(' ');
  /** @type {HTMLElement} */
  let control;
  if (f.kind === 'choice' || f.kind === 'preset' || f.kind === 'profile') {
    control = h('select', { id, 'data-path': f.path, 'aria-describedby': described });
    if (f.kind === 'profile') {
      control.append(h('option', { value: '' }, f.path === '/profile' ? 'None: the values below as written' : 'None: the scenario\'s'));
      for (const p of profiles) control.append(h('option', { value: p.id }, p.title));
    } else if (f.kind === 'preset') {
      for (const p of presets) control.append(h('option', { value: p.id }, p.title));
      control.append(h('option', { value: '', disabled: true, hidden: true }, 'Custom scenario (not a preset)'));
    } else {
      for (const c of f.choices ?? []) control.append(h('option', { value: c }, choiceLabel(schema, f.path, c)));
    }
  } else if (f.kind === 'boolean') {
    control = h('input', { type: 'checkbox', id, 'data-path': f.path, 'aria-describedby': described });
  } else {
    control = h('input', {
      id, 'data-path': f.path, autocomplete: 'off', spellcheck: 'false', 'aria-describedby': described,
      inputmode: f.kind === 'integer' ? 'numeric' : null,
    });
  }
  const label = h('label', { for: id }, f.label);
  const parts = f.kind === 'boolean' ? [control, label] : [label, control];
  slot.prepend(...parts,
    h('p', { class: 'hint', id: `${id}-hint` }, hintText(schema, f)),
    h('p', { class: 'hint read', id: `${id}-read`, hidden: true }),
    h('p', { class: 'hint from', id: `${id}-from`, 'data-for': f.path, hidden: true }));
}

/** Words for a choice: the overlap's formula, the others as they are. */
function choiceLabel(schema, path, choice) {
  if (path === '/assumptions/overlap') {
    const o = schema.overlaps.find((x) => x.id === choice);
    return o ? `${o.id}: work = ${o.work}` : choice;
  }
  return choice;
}

/** A registry picker (device or dataset) with a "custom" choice. @param {{label: string, options: string[][]}[]|null} [groups] */
export function buildPicker(slot, f, options, customLabel, groups = null) {
  const id = idFor(f.path);
  const select = h('select', { id, 'data-path': f.path, 'aria-describedby': `${id}-hint` });
  if (groups) {
    for (const g of groups) if (g.options.length) select.append(h('optgroup', { label: g.label }, ...g.options.map(([v, t]) => h('option', { value: v }, t))));
  } else {
    for (const [v, t] of options) select.append(h('option', { value: v }, t));
  }
  select.append(h('option', { value: '' }, customLabel));
  slot.prepend(h('label', { for: id }, f.label), select, h('p', { class: 'hint', id: `${id}-hint` }, f.hint));
}

