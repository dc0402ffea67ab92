// <epoch-input for="ID" field="network.batch_size" type="range|number|select|scrub" [min] [max] [step]
// [scale="log"] [label] [value] [announce]>: an inline control bound to one scenario field of a
// calculator. The element itself is small; what it does (input-control.js, epochcalc-input.js) loads
// the first time a page has one. Until then the author's own text inside it shows, and a value a script
// sets waits.

/** The control's module, loaded once. @type {Promise<typeof import('./input-control.js')>|null} */
let loading = null;

export class EpochInput extends HTMLElement {
  static observedAttributes = ['for', 'field', 'type', 'min', 'max', 'step', 'scale', 'label', 'value'];

  /** What the element does, once its module has loaded. @type {import('./input-control.js').InputControl|null} */
  #control = null;
  /** A value set before that: [the value] or null. @type {[unknown]|null} */
  #waiting = null;

  connectedCallback() {
    // A value a script set before this module defined the element sits on the instance, in front of the
    // class's setter, and would hide the control's value for good: it is taken off and set again.
    if (Object.hasOwn(this, 'value')) {
      const v = /** @type {any} */ (this).value;
      delete (/** @type {any} */ (this)).value;
      this.value = v;
    }
    if (this.#control) return this.#control.connected();
    (loading ??= import('./input-control.js').catch((err) => {
      console.error(`epoch-input needs epochcalc-input.js beside epochcalc-element.js (${err?.message ?? err})`);
      throw err;
    })).then(({ InputControl }) => {
      if (this.#control) return;
      this.#control = new InputControl(this);
      if (this.#waiting) this.#control.value = this.#waiting[0];
      this.#waiting = null;
      if (this.isConnected) this.#control.connected();
    }, () => {});
  }

  disconnectedCallback() { this.#control?.disconnected(); }

  /** @param {string} name @param {string|null} old @param {string|null} value */
  attributeChangedCallback(name, old, value) { this.#control?.attributeChanged(name, old, value); }

  /** The field's value as the engine reads it (a number in SI units, a choice, a switch), or null. */
  get value() { return this.#control ? this.#control.value : null; }
  set value(v) {
    if (this.#control) this.#control.value = v;
    else this.#waiting = [v];
  }
}
