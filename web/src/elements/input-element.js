// <epoch-input for="ID" field="network.batch_size" type="range|number|select" [min] [max] [step]
// [scale="log"] [label]>: an inline control bound to one scenario field of a calculator. What it types
// goes through the engine's field editor (the calculator's set, as --set and the form), so the engine
// reads and checks it. A slider announces the sentence it sits in once the value settles, not every step.
import { bindTo } from './bind.js';
import { valueAt } from '../field-format.js';
import { int, num, quantity } from '../format.js';

/** Slider positions for a log scale. */
const STEPS = 1000;
/** How long a value must rest before the sentence around it is read out. */
const SETTLE_MS = 700;

const STYLE = `
:host { display: inline-flex !important; align-items: center; gap: 0.35em; vertical-align: middle; }
:host([hidden]) { display: none !important; }
input, select { font: inherit; color: inherit; accent-color: #005f94; margin: 0; }
input[type="range"] { width: 10em; max-width: 40vw; }
input[type="number"] { width: 6em; }
output { font-variant-numeric: tabular-nums; font-weight: 600; }
.vh { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
:focus-visible { outline: 3px solid #005f94; outline-offset: 2px; }
`;

/** One stylesheet for every inline control. @type {CSSStyleSheet|null} */
let sheet = null;

export class EpochInput extends HTMLElement {
  /** @type {HTMLInputElement|HTMLSelectElement|null} */
  #control = null;
  /** @type {HTMLOutputElement|null} */
  #output = null;
  /** @type {HTMLElement|null} */
  #live = null;
  /** @type {any} */
  #calculator = null;
  #settle = 0;
  #bound = false;
  /** Whether the field takes whole numbers (a log slider then rounds). */
  #integer = true;
  /** The field's SI unit, for showing its value ("10 µs"), or '' for a count. */
  #unit = '';
  /** The engine's default for the field (the schema's), shown while the scenario leaves it out. */
  #default = undefined;

  connectedCallback() {
    if (this.#bound) return;
    this.#bound = true;
    const shadow = this.attachShadow({ mode: 'open' });
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(STYLE);
    }
    shadow.adoptedStyleSheets = [sheet];
    this.#build(shadow, null);
    bindTo(this, (calculator, result) => {
      if (!this.#calculator) {
        this.#calculator = calculator;
        this.#build(shadow, calculator.engine);
      }
      this.#show(calculator, result);
    }).catch((err) => console.error(err.message));
  }

  get #type() { return this.getAttribute('type') ?? 'range'; }
  get #field() { return this.getAttribute('field') ?? ''; }
  get #log() { return this.getAttribute('scale') === 'log'; }
  get #min() { return Number(this.getAttribute('min') ?? 1); }
  get #max() { return Number(this.getAttribute('max') ?? 4096); }

  /** The control, disabled until the calculator is ready; a select lists the field's choices from the engine. */
  #build(shadow, calc) {
    const field = calc?.schema().fields.find((f) => f.path === `/${this.#field.replaceAll('.', '/')}`);
    const label = this.getAttribute('label') ?? field?.label ?? this.#field;
    if (field) {
      this.#default = calc.schema().defaults[field.path];
      this.#integer = field.kind === 'integer';
      this.#unit = field.kind === 'quantity' ? calc.schema().dimensions[field.dimension]?.si_unit ?? '' : '';
    }
    let control;
    if (this.#type === 'select') {
      control = document.createElement('select');
      for (const [value, text] of choices(calc, field)) control.append(new Option(text, value));
    } else {
      control = document.createElement('input');
      control.type = this.#type === 'number' ? 'number' : 'range';
      if (this.#log && control.type === 'range') Object.assign(control, { min: '0', max: String(STEPS), step: '1' });
      else Object.assign(control, { min: String(this.#min), max: String(this.#max), step: this.getAttribute('step') ?? 'any' });
    }
    control.setAttribute('aria-label', label);
    control.disabled = !calc;
    control.addEventListener('input', () => this.#send());
    control.addEventListener('change', () => this.#send());
    const output = document.createElement('output');
    output.setAttribute('aria-hidden', 'true');
    output.hidden = control instanceof HTMLInputElement && control.type !== 'range';
    const live = document.createElement('span');
    live.className = 'vh';
    live.setAttribute('role', 'status');
    shadow.replaceChildren(control, output, live);
    this.#control = control;
    this.#output = output;
    this.#live = live;
  }

  /** The field's value as the slider or box shows it. */
  #fromControl() {
    const c = /** @type {HTMLInputElement|HTMLSelectElement} */ (this.#control);
    if (!(c instanceof HTMLInputElement) || c.type !== 'range' || !this.#log) return c.value;
    const v = this.#min * (this.#max / this.#min) ** (Number(c.value) / STEPS);
    // A quantity in SI units (a dispatch time of 2e-5 s) keeps four digits; a count is whole.
    return String(this.#integer ? Math.round(v) : Number(v.toPrecision(4)));
  }

  #send() {
    const text = this.#fromControl();
    this.#calculator?.set(this.#field, text);
    clearTimeout(this.#settle);
    this.#settle = window.setTimeout(() => this.#announce(), SETTLE_MS);
  }

  /** Follows the scenario, whoever changed it. */
  #show(calculator, result) {
    const c = this.#control;
    if (!c) return;
    const written = valueAt(calculator.scenario, this.#field);
    const value = valueAt(result.scenario, this.#field);
    const shown = typeof value === 'number' ? value : written;
    if (c instanceof HTMLSelectElement) {
      const current = typeof written === 'string' || typeof written === 'boolean' ? written : value ?? this.#default;
      if (typeof current === 'string' || typeof current === 'boolean') c.value = String(current);
    } else if (typeof shown === 'number' && document.activeElement !== this) {
      c.value = c.type === 'range' && this.#log
        ? String(Math.round((STEPS * Math.log(shown / this.#min)) / Math.log(this.#max / this.#min)))
        : String(shown);
    }
    // A select reads as the option it shows ("no", a device's name), not as the value behind it.
    const text = c instanceof HTMLSelectElement ? c.selectedOptions[0]?.text ?? ''
      : typeof shown !== 'number' ? String(shown ?? '') : this.#unit ? quantity(shown, this.#unit) : Number.isInteger(shown) ? int(shown) : num(shown);
    if (c instanceof HTMLInputElement) c.setAttribute('aria-valuetext', text);
    if (this.#output) this.#output.textContent = text;
  }

  /** Reads out the sentence the control sits in, with every inline value as it now stands. */
  #announce() {
    const block = this.closest('p, li, figcaption, td, dd, blockquote') ?? this.parentElement;
    if (this.#live && block) this.#live.textContent = spoken(block).replace(/\s+/g, ' ').trim();
  }
}

/** A block's text with each inline control replaced by its value. @param {Node} node @returns {string} */
function spoken(node) {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (!(node instanceof Element)) return '';
  if (node instanceof EpochInput) return node.shadowRoot?.querySelector('output')?.textContent ?? '';
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
