// How an inline element finds the calculator it is bound to (for="ID"), even when the calculator comes
// later in the page or is defined later, and follows its results.

/**
 * Calls `onResult` with the bound calculator's result now (if it has one) and on every change.
 * @param {HTMLElement} el  the inline element, with a `for` attribute
 * @param {(calculator: any, result: any) => void} onResult
 * @returns {Promise<any>}  the calculator element, once found
 */
export async function bindTo(el, onResult) {
  const id = el.getAttribute('for') ?? '';
  if (document.readyState === 'loading') await new Promise((done) => document.addEventListener('DOMContentLoaded', done, { once: true }));
  const root = /** @type {Document|ShadowRoot} */ (el.getRootNode());
  const calculator = /** @type {any} */ ((root.getElementById ? root.getElementById(id) : null) ?? document.getElementById(id));
  if (!calculator || calculator.localName !== 'epoch-overhead-calculator') {
    throw new Error(`${el.localName}: for="${id}" names no <epoch-overhead-calculator> on this page`);
  }
  await customElements.whenDefined('epoch-overhead-calculator');
  calculator.addEventListener('result', (e) => onResult(calculator, /** @type {CustomEvent} */ (e).detail));
  if (calculator.result) onResult(calculator, calculator.result);
  return calculator;
}
