// <epoch-overhead-calculator>: the calculator (calculator.js, the same one the page mounts) in a shadow
// root, so the host page's CSS cannot reach it. The author's own children (a static figure or a
// sentence) show until the engine is ready; then the live view replaces them.
//
// Attributes: preset, scenario (inline JSON), any scenario field by the dotted path --set takes
// (network.batch_size="64", dispatch="20 us"), read by the engine; view (full, compact, bars, sweep,
// table, none); controls (the fields to show as inputs: dotted paths, "all" or "none"); theme (inherit,
// the default: the page's own scheme and colours; light, dark, auto: the system's). Events (bubbling out of the shadow root, elements/events.js): `epochcalc-result` (detail:
// the result) on every change, `epochcalc-error` (detail: the engine's errors) once per refused input.
// Properties: scenario (the document as written; assign one to load it), result, errors, view, theme,
// controls, preset, set(). What a script sets before the engine is ready is kept and applied, in order,
// once it is; a removed element lets go of everything outside itself and shows its scenario again
// when it is put back.
import { engine } from '../engine.js';
import { fire, RESULT, ERROR, PREVIEW } from './events.js';
import { VIEWS } from './views.js';
import { mountCalculator, errorsOf } from '../calculator.js';
import markup from '../../calculator.html';
import css from 'epochcalc:element-css';

/** Attributes that are the element's own; every other one names a scenario field. */
const OWN = new Set(['id', 'class', 'style', 'view', 'controls', 'theme', 'preset', 'scenario', 'chart-x', 'chart-view', 'map', 'hidden', 'slot',
  'lang', 'dir', 'title', 'tabindex', 'part', 'is', 'inert', 'nonce', 'autofocus', 'role', 'exportparts']);
const isField = (name) => !OWN.has(name) && !/^(data-|aria-|on)/.test(name);

/** One stylesheet object for every element's shadow root. @type {CSSStyleSheet|null} */
let sheet = null;

/** "network.batch_size, dispatch" → ["/network/batch_size", "/dispatch"]; null for every field. @param {string|null} text */
function controlPaths(text, view) {
  if (text == null) return view === 'full' ? null : [];
  const words = text.split(/[\s,]+/).filter(Boolean);
  if (words.includes('all')) return null;
  return words.filter((w) => w !== 'none').map((w) => (w.startsWith('/') ? w : `/${w.replaceAll('.', '/')}`));
}

/**
 * Shows only the fields asked for, and the groups that hold one.
 * @param {ShadowRoot} root @param {string[]} paths  JSON pointers
 */
function showOnly(root, paths) {
  const wanted = (p) => paths.some((q) => q === p || q.startsWith(`${p}/`) || p.startsWith(`${q}/`));
  for (const slot of root.querySelectorAll('#controls [data-field], #controls [data-device]')) {
    const el = /** @type {HTMLElement} */ (slot);
    el.hidden = !wanted(el.dataset.field ?? el.dataset.device ?? '');
  }
  for (const set of root.querySelectorAll('#controls fieldset:not(.device)')) {
    /** @type {HTMLElement} */ (set).hidden = !set.querySelector(':scope > [data-field]:not([hidden]), :scope > [data-device]:not([hidden])');
  }
}

/** Edits an element remembers for undo(). */
const HISTORY = 100;

export class EpochOverheadCalculator extends HTMLElement {
  /** The element's own attributes; a scenario field's attribute is any other name (a MutationObserver). */
  static observedAttributes = ['view', 'controls', 'theme', 'preset', 'scenario', 'chart-x', 'chart-view', 'map'];
  /** Whether an attribute of this name is a scenario field's (not the element's own, nor one of every element's). @param {string} name */
  static isField = isField;

  /** @type {ReturnType<typeof mountCalculator>|null} */
  #calculator = null;
  /** @type {any} */
  #calc = null;
  /** Ends what the element listens to outside itself while connected. @type {AbortController|null} */
  #abort = null;
  /** Ends what the mounted view listens to (a new view, or the element's removal). @type {AbortController|null} */
  #viewAbort = null;
  /** @type {MutationObserver|null} */
  #fields = null;
  /** Calls made before the view was mounted, applied in order once it is. @type {[string, any, any?][]} */
  #queued = [];
  /** The document the view showed when the element was removed: shown again when it comes back. */
  #kept = /** @type {unknown} */ (undefined);
  /** The errors of the input now shown, or null while it solves. @type {import('epochcalc').EngineError[]|null} */
  #errors = null;
  /** Follows the system's colour scheme for theme="auto". */
  #dark = matchMedia('(prefers-color-scheme: dark)');
  /** The documents each edit replaced, newest last: the element's own history (undo(), the what-if view's
   * Undo), since a book's Back would leave the chapter. At most HISTORY of them. @type {unknown[]} */
  #past = [];
  connectedCallback() {
    // A property a script set before this module defined the element sits on the instance, in front of
    // the class's setter: it is taken off and set again, through the setter.
    for (const name of ['scenario', 'view', 'theme', 'controls', 'preset']) {
      if (!Object.hasOwn(this, name)) continue;
      const value = /** @type {any} */ (this)[name];
      delete (/** @type {any} */ (this))[name];
      /** @type {any} */ (this)[name] = value;
    }
    const abort = (this.#abort = new AbortController());
    engine().then((calc) => {
      if (abort.signal.aborted) return; // removed before the engine came
      this.#calc = calc;
      this.#mount();
      this.#fields = new MutationObserver((changes) => this.#fieldsChanged(changes));
      this.#fields.observe(this, { attributes: true });
      this.#dark.addEventListener('change', () => this.#applyTheme(), { signal: abort.signal });
      // A site's own theme switch: a class or attribute on <html> or <body> (theme="inherit").
      const page = new MutationObserver(() => this.#applyTheme());
      for (const el of [document.documentElement, document.body]) if (el) page.observe(el, { attributes: true });
      abort.signal.addEventListener('abort', () => page.disconnect());
    }, (err) => {
      if (abort.signal.aborted) return;
      // The author's fallback content stays; say why in the console and to listeners.
      console.error('epoch-overhead-calculator: the engine did not load', err);
      this.#errors = [{ code: 'E_LOAD', path: '', message: String(err?.message ?? err) }];
      fire(this, ERROR, this.#errors);
    });
  }

  disconnectedCallback() {
    this.#abort?.abort();
    this.#viewAbort?.abort();
    this.#fields?.disconnect();
    this.#abort = this.#viewAbort = this.#fields = null;
    if (this.#calculator) this.#kept = this.#calculator.doc;
    this.#calculator = null;
  }

  /** The scenario document as written (or as assigned, before the engine is ready); assign one to load it. */
  get scenario() {
    if (this.#calculator) return this.#calculator.doc;
    const last = this.#queued.filter(([what]) => what === 'scenario').pop();
    return last ? last[1] : this.#kept ?? null;
  }
  set scenario(doc) { this.#call('scenario', doc); }
  /** The last result, or null. */
  get result() { return this.#calculator?.result ?? null; }
  /** Why the input now shown does not solve (the engine's errors), or null. */
  get errors() { return this.#errors; }
  /** The engine, once loaded (for the inline elements). */
  get engine() { return this.#calc; }
  get view() { return this.getAttribute('view') ?? 'full'; }
  set view(v) { this.setAttribute('view', v); }
  get theme() { return this.getAttribute('theme') ?? 'inherit'; }
  set theme(v) { this.setAttribute('theme', v); }
  get controls() { return this.getAttribute('controls'); }
  set controls(v) { if (v == null) this.removeAttribute('controls'); else this.setAttribute('controls', v); }
  get preset() { return this.getAttribute('preset'); }
  set preset(v) { if (v == null) this.removeAttribute('preset'); else this.setAttribute('preset', v); }

  /** Sets one field from text, as the form and --set do. @param {string} path @param {string|number} text */
  set(path, text) { this.#call('set', path, String(text)); }

  /** Takes back the last edit (a typed value, a what-if applied, a scenario assigned); false when there is none. */
  undo() {
    const before = this.#past.pop();
    if (before === undefined || !this.#calculator) return false;
    this.#calculator.load(before);
    return true;
  }

  /** Returns to the scenario of the element's attributes (preset, scenario, fields); undo() takes it back. */
  reset() {
    if (!this.#calculator) return;
    this.#past.push(this.#calculator.doc);
    this.#loadAttributes();
  }

  /**
   * The engine's numbers for the scenario with one field set, while its value still moves (a drag):
   * set on the calculator's prepared scenario and solved (microseconds), and sent to the inline elements
   * as `epochcalc-preview`. Nothing else changes: the full update (result, chart, form, link) is set()'s,
   * when the move ends. Returns false where there is nothing to preview (no engine yet, an input that
   * does not solve, a value the engine refuses): then set() it.
   * @param {string} path @param {string|number} text @returns {boolean}
   */
  preview(path, text) {
    const calculator = this.#calculator;
    if (!calculator || this.#errors || !this.#calc) return false;
    const values = calculator.preview(path, String(text));
    if (!values) return false;
    // The scenario itself only when a listener asks (a break-even figure, once the value rests).
    fire(this, PREVIEW, { path, values: values.slice(), index: this.#calc.view.index, scenario: calculator.previewed });
    return true;
  }

  /** Runs a call now, or keeps it for when the view is mounted. @param {string} what @param {any} a @param {any} [b] */
  #call(what, a, b) {
    if (!this.#calculator) return void this.#queued.push([what, a, b]);
    if (what === 'set') this.#calculator.edit(a, b);
    else this.#calculator.load(a, { edited: true });
  }

  /** @param {string} name @param {string|null} old @param {string|null} value */
  attributeChangedCallback(name, old, value) {
    if (!this.#calculator || old === value) return;
    if (name === 'view' || name === 'controls') {
      this.#kept = this.#calculator.doc;
      return this.#mount();
    }
    if (name === 'theme') return this.#applyTheme();
    if (name === 'scenario' || name === 'preset') return this.#loadAttributes();
    this.#applyCharts();
  }

  /** Builds the view in the shadow root and shows the scenario from the attributes. */
  #mount() {
    this.#viewAbort?.abort();
    this.#viewAbort = new AbortController();
    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
    }
    shadow.adoptedStyleSheets = [sheet];
    const view = /** @type {keyof typeof VIEWS} */ (this.getAttribute('view') ?? 'full');
    const box = document.createElement('div');
    box.className = 'ec-root';
    box.dataset.view = view in VIEWS ? view : 'full';
    // A static template of our own, never user text: the live view replaces the fallback children.
    box.innerHTML = markup;
    shadow.replaceChildren(box);
    // Its sections are landmarks: named after the element too (its aria-label, else its id), so that
    // several calculators on one page keep their landmarks apart.
    const name = this.getAttribute('aria-label') ?? this.id;
    for (const section of name ? box.querySelectorAll('section[aria-labelledby]') : []) {
      section.setAttribute('aria-label', `${box.querySelector(`#${section.getAttribute('aria-labelledby')}`)?.textContent} (${name})`);
      section.removeAttribute('aria-labelledby');
    }
    this.#applyTheme();
    const controls = controlPaths(this.getAttribute('controls'), view);
    const parts = new Set(VIEWS[view] ?? VIEWS.full);
    if (controls?.length === 0) parts.delete('controls');
    else if (controls) parts.add('controls');
    this.#calculator = mountCalculator({
      root: shadow,
      marker: this,
      calc: this.#calc,
      parts,
      signal: this.#viewAbort.signal,
      onResult: (result) => {
        this.#errors = null;
        fire(this, RESULT, result);
      },
      onEdit: (_doc, before) => {
        if (before === undefined) return;
        this.#past.push(before);
        if (this.#past.length > HISTORY) this.#past.shift();
      },
      history: { undo: () => this.undo(), reset: () => this.reset(), depth: () => this.#past.length },
      onErrors: (errors) => {
        this.#errors = errors;
        fire(this, ERROR, errors);
      },
    });
    if (controls) showOnly(shadow, controls);
    if (!(view in VIEWS)) {
      this.#calculator.load({ preset: this.#calc.schema().default_preset });
      return this.#calculator.showErrors([{ code: 'E_VALUE', path: '', message: `view="${view}" is not a view: use ${Object.keys(VIEWS).join(', ')}` }]);
    }
    const kept = this.#kept;
    this.#kept = undefined;
    // A scenario assigned before the engine was ready replaces the attributes' document: not read twice,
    // and nothing is loaded before it (loading "no document" was a false E_TYPE error, issue 44).
    if (kept !== undefined) this.#calculator.load(kept);
    else if (!this.#queued.some(([what]) => what === 'scenario')) this.#loadAttributes();
    this.#applyCharts();
    for (const [what, a, b] of this.#queued.splice(0)) this.#call(what, a, b);
  }

  /** chart-x (a field, dotted), chart-view (epoch, parts, share) and map (the map's second field). */
  #applyCharts() {
    const x = this.getAttribute('chart-x');
    const view = this.getAttribute('chart-view');
    const map = this.getAttribute('map');
    if (x != null || view != null || map != null) this.#calculator?.setCharts({ x, view, map });
  }

  /** The scenario from preset / scenario, with every field attribute applied on top by the engine. */
  #loadAttributes() {
    const calc = this.#calc;
    const text = this.getAttribute('scenario');
    const preset = this.getAttribute('preset');
    let doc;
    if (text != null) {
      // The engine reads the text first (its limits, its errors): JSON.parse alone would turn 1e400
      // into Infinity or a JSON string into another document.
      try {
        calc.expand(text);
      } catch {
        return this.#calculator?.load(undefined, { text });
      }
      doc = JSON.parse(text);
    } else {
      doc = { preset: preset ?? calc.schema().default_preset };
    }
    const errors = [];
    if (text != null && preset != null) doc = this.#apply(doc, 'preset', preset, errors);
    for (const { name, value } of [...this.attributes]) if (isField(name)) doc = this.#apply(doc, name, value, errors);
    this.#calculator?.load(doc);
    if (errors.length) this.#calculator?.showErrors(errors);
  }

  /** One field attribute through the engine; a bad value is reported and the rest still applies. */
  #apply(doc, name, value, errors) {
    try {
      return this.#calc.set(doc, name, value);
    } catch (err) {
      errors.push(...errorsOf(err).map((e) => ({ ...e, message: `${name}="${value}": ${e.message}` })));
      return doc;
    }
  }

  /** A scenario field's attribute changed: the engine edits the document; a removed one reloads them all.
   * @param {MutationRecord[]} changes */
  #fieldsChanged(changes) {
    const names = new Set(changes.map((c) => /** @type {string} */ (c.attributeName)).filter(isField));
    if (!this.#calculator || names.size === 0) return;
    if ([...names].some((n) => !this.hasAttribute(n))) return this.#loadAttributes();
    const errors = [];
    let doc = this.#calculator.doc;
    for (const name of names) doc = this.#apply(doc, name, /** @type {string} */ (this.getAttribute(name)), errors);
    if (doc !== this.#calculator.doc) this.#calculator.load(doc);
    if (errors.length) this.#calculator.showErrors(errors);
  }

  /**
   * light, dark, auto (the system's scheme), or inherit (the default): the page's own scheme, read from
   * the text colour the element inherits (light text: a dark page), on a transparent background, and
   * read again whenever the page switches its theme (a class or attribute on <html> or <body>).
   */
  #applyTheme() {
    const box = /** @type {HTMLElement|null} */ (this.shadowRoot?.querySelector('.ec-root') ?? null);
    if (!box) return;
    const theme = this.getAttribute('theme') ?? 'inherit';
    const inherit = theme !== 'dark' && theme !== 'light' && theme !== 'auto';
    box.toggleAttribute('data-inherit', inherit);
    const next = !inherit ? (theme === 'auto' ? (this.#dark.matches ? 'dark' : 'light') : theme)
      : lightness(getComputedStyle(this).color) > 0.5 ? 'dark' : 'light';
    if (box.dataset.theme === next) return;
    box.dataset.theme = next;
    this.#calculator?.redraw();
  }
}

/** How light a computed colour ("rgb(231, 234, 238)") looks, 0 (black) to 1 (white): its luma. @param {string} colour */
function lightness(colour) {
  const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}
