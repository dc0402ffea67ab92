// How an inline element follows the calculator its `for` names. A calculator's events bubble out of
// shadow roots to the document (elements/events.js), so the inline element listens there and in its own
// root: it hears a calculator that comes later, is defined later or is named anew by `for`, and lets go
// of it when the element is removed.
import { RESULT, ERROR, PREVIEW } from './events.js';

/**
 * The <epoch-overhead-calculator> that `for` names, in the element's own tree or the document; null if none.
 * @param {Element} el @returns {any}
 */
export function calculatorFor(el) {
  const id = el.getAttribute('for') ?? '';
  const root = /** @type {Document|ShadowRoot} */ (el.getRootNode());
  const found = ('getElementById' in root ? root.getElementById(id) : null) ?? document.getElementById(id);
  return found?.localName === 'epoch-overhead-calculator' ? found : null;
}

/**
 * Calls onResult with the bound calculator's result (or onError with its errors) now, if it has one, and
 * on every change after. Returns the function that stops listening.
 * @param {Element} el  the inline element, with a `for` attribute
 * With onPreview, also the numbers of a value that is still moving (events.js, PREVIEW).
 * @param {{ onResult: (calculator: any, result: any) => void, onError: (calculator: any, errors: any[]) => void,
 *   onPreview?: (calculator: any, preview: { path: string, values: Float64Array, index: Record<string, number>, scenario: () => unknown }) => void }} on
 * @returns {() => void}
 */
export function follow(el, { onResult, onError, onPreview }) {
  /** One event reaches both the element's shadow root and the document: it is heard once. */
  let last = /** @type {Event|null} */ (null);
  const heard = (/** @type {Event} */ e) => {
    const source = e.composedPath()[0];
    if (e === last || source !== calculatorFor(el)) return;
    last = e;
    const detail = /** @type {CustomEvent} */ (e).detail;
    if (e.type === RESULT) onResult(source, detail);
    else if (e.type === PREVIEW) onPreview?.(source, detail);
    else onError(source, detail);
  };
  // Every listener ends with the one signal the returned function aborts.
  const stop = new AbortController();
  for (const root of new Set([el.getRootNode(), document])) for (const type of onPreview ? [RESULT, ERROR, PREVIEW] : [RESULT, ERROR]) root.addEventListener(type, heard, { signal: stop.signal });
  const now = calculatorFor(el);
  if (now?.errors) onError(now, now.errors);
  else if (now?.result) onResult(now, now.result);
  // A `for` that names nothing once the page has loaded is most likely a typo (or a calculator a script
  // adds later): say so once.
  const check = () => {
    if (el.isConnected && !calculatorFor(el)) console.warn(`${el.localName}: no <epoch-overhead-calculator id="${el.getAttribute('for') ?? ''}"> on this page (for=): check the id`);
  };
  if (document.readyState !== 'complete') addEventListener('load', check, { once: true, signal: stop.signal });
  else if (!now) {
    // Added by a script after load: the calculator may come in the same task.
    const timer = setTimeout(check, 0);
    stop.signal.addEventListener('abort', () => clearTimeout(timer));
  }
  return () => stop.abort();
}
