// <epoch-value for="ID" field="accelerator.batched.epoch_time_s" [format="ms"]>: one field of a
// calculator's result, inline in prose, kept up to date. Plain text in the page (no shadow root), so it
// reads, copies and wraps like the words around it; not a live region, so a dragged slider does not
// announce every step (the <epoch-input> announces its sentence once the value settles).
import { bindTo } from './bind.js';
import { formatField, valueAt } from '../field-format.js';

export class EpochValue extends HTMLElement {
  #bound = false;

  connectedCallback() {
    if (this.#bound) return;
    this.#bound = true;
    bindTo(this, (_calculator, result) => this.#show(result)).catch((err) => console.error(err.message));
  }

  /** @param {unknown} result */
  #show(result) {
    const field = this.getAttribute('field') ?? '';
    const value = valueAt(result, field);
    if (value === undefined) console.error(`epoch-value: the result has no field "${field}"`);
    this.textContent = formatField(field, value, this.getAttribute('format'));
  }
}
