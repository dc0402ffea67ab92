// <epoch-value for="ID" field="accelerator.batched.epoch_time_s" [format="ms"] [none="never"] [announce] [label]>:
// one field of a calculator's result, inline in prose, kept up to date. Or a break-even figure of the
// engine's (calc.breakEven): <epoch-value for="ID" break-even="dispatch" goal="flip|twice">, the value of
// that field at which the accelerator starts to win (flip) or becomes twice as fast (twice).
// Prose that says what it means: `over="path"` shows the field's ratio to another result field,
// `minus="path"` their difference, `digits="3"` rounds to significant figures, `format="faster"` reads a
// ratio as "1.08× faster" or "1.16× slower", and `words="loses|wins"` shows words instead of the number
// (the first below `at`: 1 for a ratio or a speedup, else 0). Every number is the engine's; no eval.
// Plain text in the page (no shadow root), so it reads, copies and wraps like the words around it. While
// the calculator's input is refused it keeps its last number, marked stale (the `stale` attribute, dimmed,
// and described as such). With `announce`, a changed value is said once, politely, after it settles
// (after its `label`, if it has one: "H100 epoch: 32.66 ms").
import { follow } from './bind.js';
import { announce, settle } from './announce.js';
import { formatField, valueAt, fieldValue, pointerOf, dottedOf } from '../field-format.js';

/** How long the calculator must rest before a break-even figure is asked again. */
const SETTLE_MS = 150;
/** How long a value must rest before it is announced. */
const ANNOUNCE_MS = 700;

/** Stale values are dimmed; :where() leaves any rule of the author's stronger. */
const STALE_CSS = ':where(epoch-value[stale]) { opacity: 0.55; }';
/** @type {CSSStyleSheet|null} */
let staleSheet = null;

/** Adds the stale style to the document or shadow root the element sits in (once per root). @param {Node} root */
function styleStale(root) {
  if (!(root instanceof Document || root instanceof ShadowRoot)) return;
  if (!staleSheet) {
    staleSheet = new CSSStyleSheet();
    staleSheet.replaceSync(STALE_CSS);
  }
  if (!root.adoptedStyleSheets.includes(staleSheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, staleSheet];
}

export class EpochValue extends HTMLElement {
  static observedAttributes = ['for', 'field', 'format', 'break-even', 'goal', 'none', 'over', 'minus', 'digits', 'words', 'at'];

  /** Stops following the calculator. @type {(() => void)|null} */
  #stop = null;
  /** @type {any} */
  #calculator = null;
  /** @type {any} */
  #result = null;
  /** The number shown (null: the engine has none), undefined before the first result. */
  #value = /** @type {number|null|undefined} */ (undefined);
  /** Answers to an older scenario are dropped. */
  #asked = 0;
  /** The last problem written to the console. */
  #said = '';
  #timer = 0;
  #announce = settle(() => { if (this.hasAttribute('announce') && this.textContent) announce(this.#spoken()); }, ANNOUNCE_MS);

  connectedCallback() {
    styleStale(this.getRootNode());
    this.#bind();
  }

  disconnectedCallback() {
    this.#stop?.();
    this.#stop = null;
    this.#calculator = this.#result = null;
    this.#asked++;
    clearTimeout(this.#timer);
    this.#announce.cancel();
  }

  /** @param {string} name @param {string|null} old @param {string|null} value */
  attributeChangedCallback(name, old, value) {
    if (!this.#stop || old === value) return;
    if (name === 'for') this.#bind();
    else if (this.#calculator) this.#show();
  }

  /** The value shown, as a number (seconds, joules, a fraction…), or null where the engine has none. */
  get value() { return this.#value ?? null; }
  /** Whether the number shown belongs to an older input (the calculator's input is refused). */
  get stale() { return this.hasAttribute('stale'); }

  #bind() {
    this.#stop?.();
    this.#calculator = this.#result = null;
    this.#stop = follow(this, {
      onResult: (calculator, result) => {
        this.#calculator = calculator;
        this.#result = result;
        this.#markStale(null);
        this.#show();
      },
      onError: (calculator, errors) => {
        this.#calculator = calculator;
        this.#markStale(errors);
      },
      // A value still moving: the engine's number from the preview, where the result view has this field;
      // a break-even figure asked again for the previewed scenario once the value rests.
      onPreview: (calculator, { values, index, scenario }) => {
        if (this.#calculator !== calculator) return;
        const breakEven = this.getAttribute('break-even');
        if (breakEven != null) return this.#showBreakEven(breakEven, scenario);
        const at = (/** @type {string} */ path) => {
          const slot = index[dottedOf(path)];
          if (slot === undefined) return undefined;
          // The view's stand-ins for the document's null: NaN for a cost, 0 for a crossover.
          const v = values[slot];
          return Number.isNaN(v) || (v === 0 && path.endsWith('crossover_batch_size')) ? null : v;
        };
        // Every result field it reads must be in the view; else the value waits for the full update.
        if (this.#paths().every((p) => at(p) !== undefined)) this.#render(at);
      },
    });
  }

  /** @param {{message: string}[]|null} errors */
  #markStale(errors) {
    this.toggleAttribute('stale', errors != null);
    if (errors) this.setAttribute('aria-description', `not updated: ${errors[0]?.message ?? 'the input is not valid'}`);
    else this.removeAttribute('aria-description');
  }

  #show() {
    const field = this.getAttribute('break-even');
    if (field != null) return this.#showBreakEven(field);
    for (const path of this.#paths()) if (valueAt(this.#result, path) === undefined) console.error(`epoch-value: the result has no field "${path}"`);
    this.#render((path) => valueAt(this.#result, path));
  }

  /** The result fields it reads: `field`, and `over` (a ratio) or `minus` (a difference). */
  #paths() {
    return [this.getAttribute('field') ?? '', this.getAttribute('over') ?? this.getAttribute('minus')].filter((p) => p != null);
  }

  /**
   * Writes the value from the result fields `get` reads: the field, its ratio to `over` or its difference
   * from `minus`, rounded to `digits` significant figures, as words (`words="slower|faster"`: the first
   * below `at`, the second from it on) or formatted.
   * @param {(path: string) => unknown} get
   */
  #render(get) {
    const path = this.getAttribute('field') ?? '';
    const over = this.getAttribute('over');
    const minus = this.getAttribute('minus');
    let value = get(path);
    const other = get(over ?? minus ?? '');
    if (typeof value === 'number' && (over ?? minus) != null) {
      value = typeof other !== 'number' || (over != null && other === 0) ? null : over != null ? value / other : value - other;
    }
    if (typeof value !== 'number') return this.#write(value === null ? null : undefined, value === null ? this.#none(path) : formatField(path, value));
    const digits = Number(this.getAttribute('digits'));
    const rounded = digits >= 1 && digits <= 17 ? Number(value.toPrecision(digits)) : value;
    const words = this.getAttribute('words')?.split('|');
    // A ratio (or a speedup) turns at 1, a difference (or anything else) at 0.
    const turn = Number(this.getAttribute('at') ?? (over != null || /speedup/.test(path) ? 1 : 0));
    // A ratio reads as one ("1.08×"), unless `format` says otherwise; a difference in its field's unit.
    const text = words ? words[value < turn ? 0 : 1] ?? '' : formatField(over != null ? 'ratio.speedup' : path, rounded, this.getAttribute('format'));
    this.#write(value, text);
  }

  /** The words for a missing answer: the author's (`none`), else words that read in a sentence. @param {string} path */
  #none(path) {
    const words = this.getAttribute('none');
    if (words != null) return words;
    return /batch/.test(path.split('.').pop() ?? '') ? 'no batch size' : 'none';
  }

  /** @param {number|null|undefined} value @param {string} text */
  #write(value, text) {
    const changed = this.textContent !== '' && this.textContent !== text;
    this.#value = value;
    this.textContent = text;
    if (changed) this.#announce();
  }

  /** What an announcement says: the author's label (`label`), and the value. */
  #spoken() {
    const label = this.getAttribute('label');
    return label ? `${label}: ${this.textContent}` : this.textContent ?? '';
  }

  /**
   * Asks the engine once the calculator rests (a dragged slider solves for every field only at the end).
   * @param {string} field  dotted ("dispatch", "accelerator.memory_bandwidth") or a pointer
   * @param {() => unknown} [scenario]  the scenario a preview shows (a value still moving), else the calculator's
   */
  #showBreakEven(field, scenario) {
    const asked = ++this.#asked;
    clearTimeout(this.#timer);
    this.#timer = window.setTimeout(() => this.#askBreakEven(field, asked, scenario), this.textContent ? SETTLE_MS : 0);
  }

  /** @param {string} field @param {number} asked @param {() => unknown} [scenario] */
  #askBreakEven(field, asked, scenario) {
    const calculator = this.#calculator;
    if (!calculator) return;
    let doc = calculator.scenario;
    try {
      if (scenario) doc = scenario();
    } catch {
      // The preview's copy is gone (the value was committed since): the calculator's scenario is it.
    }
    const goal = this.getAttribute('goal') === 'twice' ? 'twice_as_fast' : 'flip';
    const path = pointerOf(field);
    calculator.engine.breakEven(doc).then((/** @type {import('epochcalc').BreakEven} */ be) => {
      if (asked !== this.#asked) return;
      const row = be.fields.find((f) => f.path === path);
      if (!row) {
        console.error(`epoch-value: break-even="${field}" is not among the fields the engine solves for: ${be.fields.map((f) => dottedOf(f.path)).join(', ')}`);
        return this.#write(undefined, '—');
      }
      const answer = row[goal];
      if (answer.answer === 'value' && answer.value != null) this.#write(answer.value, fieldValue(row, answer.value));
      else this.#write(null, answer.answer === 'always' ? 'any value' : this.getAttribute('none') ?? 'no value');
    }, (/** @type {any} */ err) => {
      if (asked !== this.#asked) return;
      this.#write(undefined, '—');
      // Said once: a missing file fails every time the calculator changes.
      const said = `epoch-value: ${err?.message ?? err}`;
      if (said !== this.#said) console.error((this.#said = said));
    });
  }
}
