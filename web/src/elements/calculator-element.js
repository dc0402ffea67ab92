// <epoch-overhead-calculator>: the calculator (calculator.js, the same one the page mounts) in a shadow
// root, so the host page's CSS cannot reach it. The author's own children (a static figure or a
// sentence) show until the engine is ready; then the live view replaces them.
//
// Attributes: preset, scenario (inline JSON), any scenario field by the dotted path --set takes
// (network.batch_size="64", dispatch="20 us"), read by the engine; view (full, compact, bars, sweep,
// table, none); controls (the fields to show as inputs: dotted paths, "all" or "none"); theme (light,
// dark, auto). Events: `result` (detail: the result) on every change, `error` (detail: the engine's
// errors). Properties: scenario (the document as written; assign one to load it), result, set().
import { engine } from '../engine.js';
import { mountCalculator, errorsOf } from '../calculator.js';
import markup from '../../calculator.html';
import css from 'epochcalc:element-css';

/** Attributes that are the element's own; every other one names a scenario field. */
const OWN = new Set(['id', 'class', 'style', 'view', 'controls', 'theme', 'preset', 'scenario', 'chart-x', 'chart-view', 'map', 'hidden', 'slot',
  'lang', 'dir', 'title', 'tabindex', 'part', 'is', 'inert', 'nonce', 'autofocus', 'role', 'exportparts']);
const isField = (name) => !OWN.has(name) && !/^(data-|aria-|on)/.test(name);

/** What each view shows, by the markup's data-part names (web/calculator.html). */
export const VIEWS = {
  full: ['headline', 'controls', 'json', 'bars', 'whatif', 'sweep', 'devices', 'table', 'export', 'method'],
  compact: ['headline', 'bars'],
  whatif: ['whatif'],
  devices: ['devices'],
  bars: ['bars'],
  sweep: ['sweep'],
  table: ['table'],
  none: [],
};

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

export class EpochOverheadCalculator extends HTMLElement {
  /** @type {ReturnType<typeof mountCalculator>|null} */
  #calculator = null;
  /** @type {any} */
  #calc = null;
  #started = false;
  /** Follows the system's colour scheme for theme="auto". */
  #dark = matchMedia('(prefers-color-scheme: dark)');

  connectedCallback() {
    if (this.#started) return;
    this.#started = true;
    engine().then((calc) => {
      this.#calc = calc;
      this.#mount();
      new MutationObserver((changes) => this.#attributesChanged(changes)).observe(this, { attributes: true });
      this.#dark.addEventListener('change', () => this.#applyTheme());
    }, (err) => {
      // The author's fallback content stays; say why in the console and to listeners.
      console.error('epoch-overhead-calculator: the engine did not load', err);
      this.dispatchEvent(new CustomEvent('error', { detail: [{ code: 'E_LOAD', path: '', message: String(err?.message ?? err) }] }));
    });
  }

  /** The scenario document as written, or null before the engine is ready. */
  get scenario() { return this.#calculator?.doc ?? null; }
  set scenario(doc) { this.#calculator?.load(doc, { edited: true }); }
  /** The last result, or null. */
  get result() { return this.#calculator?.result ?? null; }
  /** The engine, once loaded (for the inline elements). */
  get engine() { return this.#calc; }

  /** Sets one field from text, as the form and --set do. @param {string} path @param {string} text */
  set(path, text) { this.#calculator?.edit(path, String(text)); }

  /** Builds the view in the shadow root and shows the scenario from the attributes. */
  #mount() {
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
      onResult: (result) => this.dispatchEvent(new CustomEvent('result', { detail: result })),
      onErrors: (errors) => this.dispatchEvent(new CustomEvent('error', { detail: errors })),
    });
    if (controls) showOnly(shadow, controls);
    if (!(view in VIEWS)) {
      this.#calculator.load({ preset: this.#calc.schema().default_preset });
      return this.#calculator.showErrors([{ code: 'E_VALUE', path: '', message: `view="${view}" is not a view: use ${Object.keys(VIEWS).join(', ')}` }]);
    }
    this.#loadAttributes();
    this.#applyCharts();
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

  /** @param {MutationRecord[]} changes */
  #attributesChanged(changes) {
    const names = new Set(changes.map((c) => /** @type {string} */ (c.attributeName)));
    if (names.has('view') || names.has('controls')) return this.#mount();
    if (names.has('theme')) this.#applyTheme();
    if (names.has('chart-x') || names.has('chart-view') || names.has('map')) this.#applyCharts();
    if (names.has('scenario') || names.has('preset') || [...names].some((n) => isField(n) && !this.hasAttribute(n))) {
      return this.#loadAttributes();
    }
    const errors = [];
    let doc = this.#calculator?.doc;
    for (const name of names) if (isField(name)) doc = this.#apply(doc, name, /** @type {string} */ (this.getAttribute(name)), errors);
    if (doc !== this.#calculator?.doc) this.#calculator?.load(doc);
    if (errors.length) this.#calculator?.showErrors(errors);
  }

  /** light, dark, or auto (the system's scheme). */
  #applyTheme() {
    const box = /** @type {HTMLElement|null} */ (this.shadowRoot?.querySelector('.ec-root') ?? null);
    if (!box) return;
    const theme = this.getAttribute('theme');
    const next = theme === 'dark' || theme === 'light' ? theme : this.#dark.matches ? 'dark' : 'light';
    if (box.dataset.theme === next) return;
    box.dataset.theme = next;
    this.#calculator?.redraw();
  }
}
