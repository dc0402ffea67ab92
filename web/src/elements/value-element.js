// <epoch-value for="ID" field="accelerator.batched.epoch_time_s" [format="ms"]>: one field of a
// calculator's result, inline in prose, kept up to date. Or a break-even figure of the engine's
// (calc.breakEven): <epoch-value for="ID" break-even="dispatch" goal="flip|twice">, the value of that
// field at which the accelerator starts to win (flip) or becomes twice as fast (twice), the others as
// the calculator has them; "any value" or "no value" where the engine says so. Plain text in the page (no shadow root), so it
// reads, copies and wraps like the words around it; not a live region, so a dragged slider does not
// announce every step (the <epoch-input> announces its sentence once the value settles).
import { bindTo } from './bind.js';
import { formatField, valueAt, fieldValue, pointerOf, dottedOf } from '../field-format.js';

/** How long the calculator must rest before a break-even figure is asked again. */
const SETTLE_MS = 150;

export class EpochValue extends HTMLElement {
  #bound = false;

  connectedCallback() {
    if (this.#bound) return;
    this.#bound = true;
    bindTo(this, (calculator, result) => this.#show(calculator, result)).catch((err) => console.error(err.message));
  }

  /** Answers to an older scenario are dropped. */
  #asked = 0;

  /** @param {any} calculator @param {unknown} result */
  #show(calculator, result) {
    const field = this.getAttribute('break-even');
    if (field != null) return this.#showBreakEven(calculator, field);
    this.#showField(result);
  }

  #timer = 0;

  /**
   * Asks the engine once the calculator rests (a dragged slider solves for every field only at the end).
   * @param {any} calculator @param {string} field  dotted ("dispatch", "accelerator.memory_bandwidth") or a pointer
   */
  #showBreakEven(calculator, field) {
    const asked = ++this.#asked;
    clearTimeout(this.#timer);
    this.#timer = window.setTimeout(() => this.#askBreakEven(calculator, field, asked), this.textContent ? SETTLE_MS : 0);
  }

  /** @param {any} calculator @param {string} field @param {number} asked */
  #askBreakEven(calculator, field, asked) {
    const goal = this.getAttribute('goal') === 'twice' ? 'twice_as_fast' : 'flip';
    const path = pointerOf(field);
    calculator.engine.breakEven(calculator.scenario).then((/** @type {import('epochcalc').BreakEven} */ be) => {
      if (asked !== this.#asked) return;
      const row = be.fields.find((f) => f.path === path);
      if (!row) {
        console.error(`epoch-value: break-even="${field}" is not among the fields the engine solves for: ${be.fields.map((f) => dottedOf(f.path)).join(', ')}`);
        this.textContent = '—';
        return;
      }
      const answer = row[goal];
      this.textContent = answer.answer === 'value' && answer.value != null ? fieldValue(row, answer.value)
        : answer.answer === 'always' ? 'any value' : 'no value';
    }, (/** @type {any} */ err) => {
      if (asked === this.#asked) this.textContent = '—';
      console.error(`epoch-value: ${err?.message ?? err}`);
    });
  }

  /** @param {unknown} result */
  #showField(result) {
    const field = this.getAttribute('field') ?? '';
    const value = valueAt(result, field);
    if (value === undefined) console.error(`epoch-value: the result has no field "${field}"`);
    this.textContent = formatField(field, value, this.getAttribute('format'));
  }
}
