// The anywidget front-end contract (dist/epochcalc-widget.js): `render({ model, el })` mounts the
// calculator element (the page's own, no second UI) in `el`, loads the model's scenario, and writes the
// scenario and its result back to the model on every change (`model.set`, `model.save_changes`); a
// scenario the model changes (Python, another view) is loaded in turn. Hosts that speak the contract
// (MyST's {anywidget} directive, marimo, Jupyter with anywidget) get a two-way widget. The model's
// traits: `scenario` (a scenario document, or its JSON text), `result` (written here), and `view`,
// `theme`, `controls` (the element's attributes, read once).
import './element.js';
import { RESULT, ERROR } from './elements/events.js';

/** The element's attributes a model may set. */
const ATTRIBUTES = ['view', 'theme', 'controls', 'preset'];

/**
 * @typedef {object} AnyModel  what anywidget gives render: Backbone-style get, set, save_changes, on, off
 * @property {(name: string) => any} get
 * @property {(name: string, value: any) => void} set
 * @property {() => void} save_changes
 * @property {(event: string, callback: () => void) => void} on
 * @property {(event: string, callback: () => void) => void} off
 */

/** A scenario as the model holds it: an object, JSON text, or nothing. @param {unknown} value */
function scenarioOf(value) {
  if (typeof value !== 'string') return value && typeof value === 'object' ? value : null;
  if (!value.trim()) return null;
  try {
    return JSON.parse(value);
  } catch {
    return value;  // the element's JSON editor shows the engine's words about it
  }
}

/** The same document, written the same way (the model keeps what the element wrote). @param {unknown} a @param {unknown} b */
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves the model's changes where the host can: MyST's renderer has no kernel to save to, and its
 * save_changes throws ("not implemented yet"); the widget works there as a one-way view.
 * @param {AnyModel} model
 */
function save(model) {
  try {
    model.save_changes();
  } catch {
    // Nothing to save to: the model's values stay set for this page's own listeners.
  }
}

/**
 * Mounts one calculator for one view of the model; returns the cleanup anywidget calls on removal.
 * @param {{ model: AnyModel, el: HTMLElement }} context
 */
export function render({ model, el }) {
  const calculator = /** @type {any} */ (document.createElement('epoch-overhead-calculator'));
  for (const name of ATTRIBUTES) {
    const value = model.get(name);
    if (typeof value === 'string' && value) calculator.setAttribute(name, value);
  }
  const initial = scenarioOf(model.get('scenario'));
  if (initial !== null) calculator.scenario = initial;
  /** Each result: the scenario as written and its result, saved as one change. @param {Event} event */
  const written = (event) => {
    model.set('scenario', calculator.scenario);
    model.set('result', /** @type {CustomEvent} */ (event).detail);
    model.set('errors', null);
    save(model);
  };
  /** A refused input: the scenario as typed stays the element's; the model hears why. @param {Event} event */
  const refused = (event) => {
    model.set('errors', /** @type {CustomEvent} */ (event).detail);
    save(model);
  };
  /** The model's scenario changed elsewhere: load it, unless it is what the element already holds. */
  const changed = () => {
    const next = scenarioOf(model.get('scenario'));
    if (next !== null && !same(next, calculator.scenario)) calculator.scenario = next;
  };
  calculator.addEventListener(RESULT, written);
  calculator.addEventListener(ERROR, refused);
  model.on('change:scenario', changed);
  el.append(calculator);
  return () => {
    model.off('change:scenario', changed);
    calculator.removeEventListener(RESULT, written);
    calculator.removeEventListener(ERROR, refused);
    calculator.remove();
  };
}

export default { render };
