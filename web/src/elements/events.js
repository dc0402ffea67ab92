// The elements' events: prefixed names that no platform event uses, bubbling out of shadow roots
// (composed), so a listener on the document hears every calculator and inline control on the page.

/** A calculator's result after every change (detail: the result). */
export const RESULT = 'epochcalc-result';
/** While a value moves (a drag, a range slider): the engine's numbers for the scenario with that one
 * field set, from the calculator's prepared scenario, before the full update that follows when the move
 * ends (detail: { path, values: a Float64Array, index: its slot by result name, calc.view.index,
 * scenario: () => the scenario document the numbers are of }). */
export const PREVIEW = 'epochcalc-preview';
/** A calculator's input the engine refused, or an engine that did not load (detail: the engine's errors). */
export const ERROR = 'epochcalc-error';

/** @param {EventTarget} target @param {string} type @param {unknown} detail */
export function fire(target, type, detail) {
  target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}
