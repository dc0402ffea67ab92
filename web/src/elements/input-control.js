// What an <epoch-input> does: an inline control bound to one scenario field of a calculator
// (input-element.js is the element; this module, epochcalc-input.js, loads the first time a page has
// one, so a page with only calculators never carries it). What it sends goes through the engine's field
// editor (the calculator's set, as --set and the form), so the engine reads and checks it; a refused value marks the control invalid, with the
// engine's message as its description. type="scrub" is a number in the sentence that is dragged (mouse,
// pen, touch), stepped by keyboard and typed into (Enter or a double-click): a slider to assistive
// technology. Fires `input` while the value moves and `change` when it is committed; `.value` reads and
// sets the field; focus() reaches the control. With `announce`, the sentence it sits in is said once
// the value settles.
import { follow } from './bind.js';
import { announce, settle } from './announce.js';
import { valueAt, pointerOf } from '../field-format.js';
import { int, num, quantity } from '../format.js';

/** Slider positions for a log scale. */
const STEPS = 1000;
/** How long a value must rest before the sentence around it is read out. */
const SETTLE_MS = 700;

const STYLE = `
:host { display: inline-flex !important; align-items: center; gap: 0.35em; vertical-align: baseline; }
:host([hidden]) { display: none !important; }
input, select { font: inherit; color: inherit; accent-color: #005f94; margin: 0; }
input:not([type="range"]), select { background: transparent; border: 1px solid; border-radius: 3px; padding: 0.05em 0.25em; }
option { background: Canvas; color: CanvasText; }
input[type="range"] { width: 10em; max-width: 40vw; }
input[type="number"] { width: 6em; }
output { font-variant-numeric: tabular-nums; font-weight: 600; }
[aria-invalid="true"] { outline: 2px solid #c5221f; outline-offset: 1px; }
.problem { font-size: 0.85em; border-left: 3px solid #c5221f; padding-left: 0.3em; }
.problem:empty { display: none; }
.problem.warning { border-left-color: #b06000; }
:focus-visible { outline: 3px solid currentColor; outline-offset: 2px; }
`;

/** One stylesheet for every inline control. @type {CSSStyleSheet|null} */
let sheet = null;
/** The scrub control's behaviour (epochcalc-scrub.js), loaded once, the first time a page has one. A
 * failed load is said once and not tried again on every event. @type {Promise<typeof import('./scrub.js')>|null} */
let scrubbing = null;

export class InputControl {
  /** The <epoch-input> element this control works for. @type {HTMLElement} */
  el;
  /** @param {HTMLElement} el */
  constructor(el) { this.el = el; }

  /** @type {HTMLInputElement|HTMLSelectElement|HTMLElement|null} */
  #control = null;
  /** @type {HTMLOutputElement|null} */
  #output = null;
  /** The engine's message for a refused value. @type {HTMLElement|null} */
  #problem = null;
  /** @type {any} */
  #calculator = null;
  /** @type {(() => void)|null} */
  #stop = null;
  /** The scrub control's own clean-up. @type {(() => void)|null} */
  #unscrub = null;
  /** Whether the field takes whole numbers. */
  #integer = false;
  /** The field's SI unit, for showing its value ("10 µs"), or '' for a count. */
  #unit = '';
  /** The engine's default for the field (the schema's), shown while the scenario leaves it out. */
  #default = undefined;
  /** The field's value now (as the engine reads the scenario). */
  #now = /** @type {unknown} */ (undefined);
  #announce = settle(() => this.#speak(), SETTLE_MS);
  /** The text last sent while the value moved, not yet committed. @type {string|null} */
  #sent = null;
  /** A value set before the calculator answered, sent when it does. @type {string|null} */
  #waiting = null;
  /** The bad attributes last warned about, so each is said once. */
  #warned = '';
  /** The field's control span from the schema ({min, max, scale, step|steps_per_decade}), once known. @type {any} */
  #span = null;

  connected() {
    const shadow = this.el.shadowRoot ?? this.el.attachShadow({ mode: 'open', delegatesFocus: true });
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(STYLE);
    }
    shadow.adoptedStyleSheets = [sheet];
    this.#bind();
  }

  disconnected() {
    this.#stop?.();
    this.#unscrub?.();
    this.#stop = this.#unscrub = this.#calculator = null;
    this.#announce.cancel();
  }

  /** @param {string} name @param {string|null} old @param {string|null} value */
  attributeChanged(name, old, value) {
    if (!this.#stop || old === value) return;
    if (name === 'for') return this.#bind();
    if (name === 'value') return void (value != null && this.#send(value, true));
    this.#build();
    if (this.#calculator?.result) this.#show(this.#calculator.result);
  }

  /** The field's value as the engine reads it (a number in SI units, a choice, a switch), or null. */
  get value() { return this.#now ?? null; }
  /** @param {unknown} v */
  set value(v) {
    // Before its calculator answers, the value waits, as the value attribute does.
    if (this.#calculator) this.#send(String(v), true);
    else this.#waiting = String(v);
  }

  get #type() { return this.el.getAttribute('type') ?? 'range'; }
  get #field() { return this.el.getAttribute('field') ?? ''; }
  /** A log scale where the author says so; linear where the author gives a range or a step without a
   * scale (as before the schema had spans); else the field's control span's scale (the schema's). */
  get #log() {
    const scale = this.el.getAttribute('scale');
    if (scale) return scale === 'log';
    return !['min', 'max', 'step'].some((a) => this.el.hasAttribute(a)) && this.#span?.scale === 'log';
  }
  get #min() { return this.#limits()[0]; }
  get #max() { return this.#limits()[1]; }

  /**
   * The attributes' range, else the field's control span from the schema (in its SI unit); where the
   * attributes give none that works, a console warning and the span. Before the engine has answered
   * (the control is disabled then), 1 to 4096 stands in for the span.
   */
  #limits() {
    const span = this.#span ? [this.#span.min, this.#span.max] : [1, 4096];
    const given = (/** @type {string} */ name, /** @type {number} */ fallback) => (this.el.hasAttribute(name) ? Number(this.el.getAttribute(name)) : fallback);
    const min = given('min', span[0]);
    const max = given('max', span[1]);
    if (Number.isFinite(min) && Number.isFinite(max) && min < max && !(this.#log && min <= 0)) return [min, max];
    const said = `min="${this.el.getAttribute('min')}" max="${this.el.getAttribute('max')}"`;
    if (this.#warned !== said) console.warn(`epoch-input field="${this.#field}": ${said} is no range (two finite numbers, min below max, above 0 on a log scale): the field's own span is used, ${this.#text(span[0])} to ${this.#text(span[1])}`);
    this.#warned = said;
    return span;
  }

  /** Whether the author bounds the values (min or max): typed values outside are refused. */
  get #bounded() { return this.el.hasAttribute('min') || this.el.hasAttribute('max'); }

  /** The step of a linear control: the author's, else 1 for a count, else the field's span's. */
  #step() {
    const step = Number(this.el.getAttribute('step'));
    if (this.el.hasAttribute('step') && step > 0 && step < Infinity) return step;
    if (this.#integer) return 1;
    return this.#span?.scale === 'linear' && this.#span.step ? this.#span.step : (this.#max - this.#min) / 100;
  }

  #bind() {
    this.#stop?.();
    this.#calculator = null;
    this.#build();
    this.#stop = follow(this.el, {
      onResult: (calculator, result) => {
        const first = this.#calculator !== calculator;
        this.#calculator = calculator;
        if (first) {
          this.#build();
          const initial = this.#waiting ?? this.el.getAttribute('value');
          this.#waiting = null;
          if (initial != null) return this.#send(initial, true);
        }
        // The engine's warnings about this field's value (a likely slip of unit) stay beside it.
        const path = pointerOf(this.#field);
        this.#say((result.warnings ?? []).filter((/** @type {any} */ w) => w.path === path).map((/** @type {any} */ w) => w.message), false);
        this.#show(result);
      },
      onError: (calculator, errors) => {
        if (this.#calculator !== calculator) {
          this.#calculator = calculator;
          this.#build();
        }
        const path = pointerOf(this.#field);
        this.#invalid(errors.filter((e) => e.path === path || e.path.startsWith(`${path}/`)));
      },
    });
  }

  /** Marks the control invalid with the engine's message, or clears it. @param {{message: string}[]|null} errors */
  #invalid(errors) {
    this.#say((errors ?? []).map((e) => e.message), true);
  }

  /**
   * Says messages beside the control, for every reader: refusals (`invalid`: the control is marked
   * invalid too) or warnings about a value taken (the engine's W_UNLIKELY_VALUE: "20 s ... did you mean 20 us?").
   * @param {string[]} messages @param {boolean} invalid
   */
  #say(messages, invalid) {
    const bad = invalid && messages.length > 0;
    this.el.toggleAttribute('invalid', bad);
    this.#control?.setAttribute('aria-invalid', String(bad));
    if (this.#problem) {
      this.#problem.textContent = messages.join(' ');
      this.#problem.classList.toggle('warning', !invalid);
    }
  }

  /**
   * Why a typed value is outside the author's min and max (the engine reads the text, units and all),
   * or null: inside, or text the engine refuses (its own message then says why).
   * @param {string} text
   */
  #beyond(text) {
    const calc = this.#calculator?.engine;
    let v;
    try {
      v = valueAt(calc.solve(calc.set(calc.defaultScenario(), this.#field, text)).scenario, this.#field);
    } catch {
      return null;
    }
    if (typeof v !== 'number' || (v >= this.#min && v <= this.#max)) return null;
    return `${this.#text(v)} is ${v < this.#min ? 'below' : 'above'} this control's range, ${this.#text(this.#min)} to ${this.#text(this.#max)}: type a value within it.`;
  }

  /** The control, disabled until the calculator is ready; a select lists the field's choices from the engine. */
  #build() {
    const shadow = /** @type {ShadowRoot} */ (this.el.shadowRoot);
    const calc = this.#calculator?.engine;
    const field = calc?.schema().fields.find((f) => f.path === pointerOf(this.#field));
    const label = this.el.getAttribute('label') ?? field?.label ?? this.#field;
    if (field) {
      this.#default = calc.schema().defaults[field.path];
      this.#integer = field.kind === 'integer';
      this.#unit = field.kind === 'quantity' ? calc.schema().dimensions[field.dimension]?.si_unit ?? '' : '';
      this.#span = field.control ?? null;
    }
    this.#unscrub?.();
    this.#unscrub = null;
    /** @type {HTMLInputElement|HTMLSelectElement|HTMLElement} */
    let control;
    if (this.#type === 'select') {
      control = document.createElement('select');
      for (const [value, text] of choices(calc, field)) control.append(new Option(text, value));
    } else if (this.#type === 'scrub') {
      const span = (control = document.createElement('span'));
      span.setAttribute('role', 'slider');
      span.className = 'scrub';
      (scrubbing ??= import('./scrub.js').catch((err) => {
        console.error(`epoch-input: type="scrub" needs epochcalc-scrub.js (${err?.message ?? err})`);
        throw err;
      })).then(({ attachScrub }) => {
        if (this.#control !== span) return;
        this.#unscrub = attachScrub(span, {
          limits: () => [this.#min, this.#max],
          step: () => this.#step(),
          log: () => this.#log,
          perDecade: () => this.#span?.steps_per_decade ?? 12,
          integer: () => this.#integer,
          value: () => (typeof this.#now === 'number' ? this.#now : Number(this.#default ?? this.#min)),
          send: (text, committed) => this.#send(text, committed),
        });
      }, () => {});
    } else {
      const input = document.createElement('input');
      input.type = this.#type === 'number' ? 'number' : 'range';
      // A whole-number field steps by whole numbers on every control unless the author says otherwise.
      const step = input.type === 'range' ? String(this.#step()) : this.el.getAttribute('step') ?? (this.#integer ? '1' : 'any');
      if (this.#log && input.type === 'range') Object.assign(input, { min: '0', max: String(STEPS), step: '1' });
      else Object.assign(input, { min: String(this.#min), max: String(this.#max), step });
      input.addEventListener('input', () => this.#send(this.#fromControl(), false));
      control = input;
    }
    control.setAttribute('aria-label', label);
    control.setAttribute('aria-describedby', 'problem');
    if (this.#calculator) control.removeAttribute('aria-disabled');
    else if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement) control.disabled = true;
    else control.setAttribute('aria-disabled', 'true');
    // `change` does not leave a shadow root by itself (`input` does): the element fires its own.
    control.addEventListener('change', (e) => {
      e.stopPropagation();
      if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement) this.#send(this.#fromControl(), true);
    });
    const output = document.createElement('output');
    output.setAttribute('aria-hidden', 'true');
    output.hidden = !(control instanceof HTMLInputElement && control.type === 'range');
    // The engine's message for a refused value, beside the control, for every reader: in the text's own
    // colour (a red on a dark book read at 3:1), marked red beside it.
    const problem = document.createElement('span');
    problem.id = 'problem';
    problem.className = 'problem';
    // Until the calculator answers, the author's own text inside the element shows (a fallback such as
    // "10 µs"), where there is one, instead of an empty control.
    const fallback = document.createElement('slot');
    const waiting = !this.#calculator && Boolean(this.el.textContent?.trim());
    fallback.hidden = !waiting;
    control.hidden = waiting;
    shadow.replaceChildren(fallback, control, output, problem);
    this.#control = control;
    this.#output = output;
    this.#problem = problem;
  }

  /** The field's value as the slider or box shows it. */
  #fromControl() {
    const c = /** @type {HTMLInputElement|HTMLSelectElement} */ (this.#control);
    if (!(c instanceof HTMLInputElement)) return c.value;
    const v = c.type === 'range' && this.#log ? this.#min * (this.#max / this.#min) ** (Number(c.value) / STEPS) : Number(c.value);
    if (c.value === '' || !Number.isFinite(v)) return c.value;
    // A count is whole; a quantity in SI units from a log slider (a dispatch time of 2e-5 s) keeps four digits.
    return String(this.#integer ? Math.round(v) : c.type === 'range' && this.#log ? Number(v.toPrecision(4)) : v);
  }

  /**
   * Sends a value to the calculator; `change` when it is committed. While it moves, the calculator
   * previews it (its prepared scenario: the numbers bound to it follow at once) and the full update
   * comes once, with the committed value, so a drag never queues full updates.
   * @param {string} text @param {boolean} committed
   */
  #send(text, committed) {
    if (!this.#calculator) return;
    // A moving control on a field that is no number (type="scrub" on precision) has no value to send.
    if (text === 'NaN') return void console.warn(`epoch-input field="${this.#field}": type="${this.#type}" moves a number; this field is none: use type="select"`);
    const v = Number(text);
    const moving = !committed && text.trim() !== '' && Number.isFinite(v);
    // A typed value beyond the author's min or max is refused here, with why, beside the control.
    const beyond = committed && this.#bounded ? this.#beyond(text) : null;
    if (beyond) {
      this.#say([beyond], true);
      this.#sent = null;
      if (this.#calculator.result) this.#show(this.#calculator.result);
      return;
    }
    // The control shows the value it moved to before the numbers that follow it are sent.
    if (moving) this.#render(v, v, v);
    if (moving && this.#calculator.preview?.(this.#field, text)) {
      this.#sent = null;
    } else {
      // A committed value the control already sent (not previewed) while it moved is not sent twice.
      if (!committed || text !== this.#sent) this.#calculator.set(this.#field, text);
      this.#sent = committed ? null : text;
    }
    if (committed) this.el.dispatchEvent(new Event('change', { bubbles: true }));
    if (this.el.hasAttribute('announce')) this.#announce();
  }

  /** A value as the sentence shows it. @param {unknown} v */
  #text(v) {
    if (typeof v !== 'number') return String(v ?? '');
    return this.#unit ? quantity(v, this.#unit) : Number.isInteger(v) ? int(v) : num(v);
  }

  /** Follows the scenario, whoever changed it. @param {any} result */
  #show(result) {
    const c = this.#control;
    if (!c) return;
    const written = valueAt(this.#calculator.scenario, this.#field);
    const value = valueAt(result.scenario, this.#field);
    this.#render(typeof value === 'number' ? value : written, written, value);
  }

  /**
   * Shows a value: the one the engine read (`value`), else as written; `shown` what the control shows.
   * @param {unknown} shown @param {unknown} written @param {unknown} value
   */
  #render(shown, written, value) {
    const c = this.#control;
    if (!c) return;
    this.#now = shown ?? this.#default;
    const focused = this.el.shadowRoot?.activeElement === c;
    if (c instanceof HTMLSelectElement) {
      const current = typeof written === 'string' || typeof written === 'boolean' ? written : value ?? this.#default;
      if (typeof current === 'string' || typeof current === 'boolean') c.value = String(current);
    } else if (c instanceof HTMLInputElement && typeof shown === 'number' && !focused) {
      c.value = c.type === 'range' && this.#log
        ? String(Math.round((STEPS * Math.log(shown / this.#min)) / Math.log(this.#max / this.#min)))
        : String(shown);
    }
    // A select reads as the option it shows ("no", a device's name), not as the value behind it.
    const text = c instanceof HTMLSelectElement ? c.selectedOptions[0]?.text ?? '' : this.#text(shown);
    if (!(c instanceof HTMLSelectElement)) {
      c.setAttribute('aria-valuetext', text);
      if (!(c instanceof HTMLInputElement)) c.textContent = text;
      // A slider says the field's value and limits, not its positions (a log slider's 0 to 1000). ARIA
      // takes decimals, not 1e-7.
      if (!(c instanceof HTMLInputElement) || c.type === 'range') {
        const decimal = (/** @type {number} */ v) => v.toLocaleString('en-US', { useGrouping: false, maximumSignificantDigits: 15 });
        // Within the limits it states (a value set elsewhere may lie beyond): the value text says the value.
        if (typeof shown === 'number') c.setAttribute('aria-valuenow', decimal(Math.min(this.#max, Math.max(this.#min, shown))));
        c.setAttribute('aria-valuemin', decimal(this.#min));
        c.setAttribute('aria-valuemax', decimal(this.#max));
      }
    }
    if (this.#output) this.#output.textContent = text;
  }

  /** Reads out the sentence the control sits in, with every inline value as it now stands. */
  #speak() {
    const block = this.el.closest('p, li, figcaption, td, dd, blockquote') ?? this.el.parentElement;
    if (block) announce(spoken(block).replace(/\s+/g, ' ').trim());
  }
}

/** A block's text with each inline control replaced by its value. @param {Node} node @returns {string} */
function spoken(node) {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (!(node instanceof Element)) return '';
  if (node instanceof Element && node.localName === 'epoch-input') {
    const v = node.shadowRoot?.querySelector('output:not([hidden]), [role="slider"], select, input');
    return v instanceof HTMLSelectElement ? v.selectedOptions[0]?.text ?? '' : v?.getAttribute('aria-valuetext') ?? v?.textContent ?? '';
  }
  return [...node.childNodes].map(spoken).join('');
}

/** Choices for a select: the schema's for a choice field, the registries' for a preset, device or dataset. */
function choices(calc, field) {
  if (!calc || !field) return [];
  if (field.kind === 'choice') return (field.choices ?? []).map((c) => [c, c]);
  if (field.kind === 'preset') return calc.presets().map((p) => [p.id, p.title]);
  if (field.kind === 'device') return calc.hardware().map((d) => [d.id, d.name]);
  if (field.kind === 'dataset') return calc.datasets().map((d) => [d.id, d.name]);
  if (field.kind === 'boolean') return [['true', 'yes'], ['false', 'no']];
  return [];
}
