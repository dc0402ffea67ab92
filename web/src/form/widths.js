// The network's widths in the form: one box per layer (the input features, then each layer's outputs), a
// button to remove a layer and one to add a hidden layer. Each change sends the whole list to the
// engine's field editor, which decides whether it is a network.
import { h, replace } from '../dom.js';

/**
 * Builds the widths list in `slot`; returns the function that shows a list of widths.
 * @param {HTMLElement} slot
 * @param {(id: string) => HTMLElement} $
 * @param {import('epochcalc').FieldSchema} f  the widths' row of the field table
 * @param {number} fewest  the fewest widths a network has (the schema's limits)
 * @param {(path: string, text: string) => void} edit
 * @returns {(widths: unknown[], show: (input: HTMLInputElement, width: unknown) => void) => void}
 */
export function mountWidths(slot, $, f, fewest, edit) {
  /** The widths as last shown. @type {unknown[]} */
  let current = [];
  slot.id = 'widths-field';
  slot.setAttribute('data-path', f.path);
  slot.setAttribute('role', 'group');
  slot.setAttribute('aria-labelledby', 'widths-label');
  slot.append(h('span', { class: 'label', id: 'widths-label' }, f.label),
    h('p', { class: 'hint', id: 'widths-hint' }, f.hint),
    h('ol', { id: 'widths', class: 'widths' }),
    h('button', { type: 'button', id: 'add-layer', class: 'small' }, 'Add a layer'));
  const list = /** @type {HTMLElement} */ (slot.querySelector('#widths'));

  list.addEventListener('click', (e) => {
    const button = /** @type {HTMLElement} */ (e.target).closest('[data-remove]');
    if (!button) return;
    const i = Number(/** @type {HTMLElement} */ (button).dataset.remove);
    const widths = [...current];
    if (widths.length <= fewest) return;
    widths.splice(i, 1);
    edit(f.path, JSON.stringify(widths));
    const next = list.querySelector(`[data-remove="${Math.min(i, widths.length - 1)}"]`) ?? $(`width-${widths.length - 1}`);
    /** @type {HTMLElement} */ (next)?.focus();
  });
  /** @type {HTMLElement} */ (slot.querySelector('#add-layer')).addEventListener('click', () => {
    const widths = [...current];
    // A new hidden layer goes in before the output layer, as wide as the layer before it.
    const i = Math.max(1, widths.length - 1);
    widths.splice(i, 0, widths[i - 1] ?? 64);
    edit(f.path, JSON.stringify(widths));
    const input = /** @type {HTMLInputElement} */ ($(`width-${i}`));
    input?.focus();
    input?.select();
  });

  return (widths, show) => {
    current = widths;
    if (list.children.length !== widths.length) {
      replace(list, ...widths.map((_, i) => h('li', { class: 'field width' },
        h('label', { for: `width-${i}` }, i === 0 ? 'Input features' : `Layer ${i} outputs`),
        h('input', { id: `width-${i}`, inputmode: 'numeric', autocomplete: 'off', 'data-path': `/network/widths/${i}` }),
        i > 0 && h('button', {
          type: 'button', class: 'icon', 'aria-label': `Remove layer ${i}`, title: `Remove layer ${i}`,
          disabled: widths.length <= fewest, 'data-remove': i,
        }, '×'))));
    }
    widths.forEach((w, i) => show(/** @type {HTMLInputElement} */ ($(`width-${i}`)), w));
  };
}
