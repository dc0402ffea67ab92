// Engine errors shown next to the control they are about: the error's JSON pointer (path) is matched
// against the controls' data-path, most specific first.
import { h } from './dom.js';

const ERROR_CLASS = 'field-error';
let serial = 0;

/**
 * The control for an engine error path, or null for the whole document.
 * @param {Document|ShadowRoot} root  the calculator's root
 * @param {string} path  JSON pointer, e.g. "/network/widths/2" or "/host/peak_flops"
 * @param {string} precision  chosen precision: "/host/peak_flops" means that precision's field
 * @returns {HTMLElement|null}
 */
export function controlFor(root, path, precision) {
  // A control, not a message: the errors already shown carry their paths too (data-code), and one left in
  // the banner from the last document once took the next error at a path below it and lost it.
  const byPath = (p) => /** @type {HTMLElement|null} */ (root.querySelector(`[data-path="${CSS.escape(p)}"]:not([data-code])`));
  if (/\/peak_flops$/.test(path)) {
    const field = byPath(`${path}/${precision}`);
    if (field) return field;
  }
  for (let p = path; p; p = p.slice(0, p.lastIndexOf('/'))) {
    const el = byPath(p);
    if (el) return el;
  }
  return null;
}

/**
 * Marks the controls the errors are about and shows each message next to its control.
 * @param {Document|ShadowRoot} root
 * @param {{code: string, path: string, message: string}[]} errors
 * @param {string} precision
 * @returns {{control: HTMLElement|null, error: {code: string, path: string, message: string}}[]}
 */
export function showErrors(root, errors, precision) {
  clearErrors(root);
  const placed = [];
  for (const error of errors) {
    const control = controlFor(root, error.path, precision);
    placed.push({ control, error });
    if (!control) continue;
    const wrapper = /** @type {HTMLElement} */ (control.closest('.field') ?? control);
    let box = /** @type {HTMLElement|null} */ (wrapper.querySelector(`:scope > .${ERROR_CLASS}`));
    if (!box) {
      box = h('p', { class: ERROR_CLASS, id: `field-error-${++serial}` });
      wrapper.append(box);
    }
    box.append(h('span', { 'data-code': error.code, 'data-path': error.path }, error.message));
    if (control.matches('input, select, textarea')) control.setAttribute('aria-invalid', 'true');
    const described = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    if (!described.includes(box.id)) control.setAttribute('aria-describedby', [box.id, ...described].join(' '));
    // Make sure the message can be seen: open any closed <details> around it.
    for (let d = control.closest('details'); d; d = d.parentElement?.closest('details') ?? null) {
      /** @type {HTMLDetailsElement} */ (d).open = true;
    }
  }
  return placed;
}

/** Removes every field error and aria-invalid mark. @param {Document|ShadowRoot} root */
export function clearErrors(root) {
  for (const box of root.querySelectorAll(`.${ERROR_CLASS}:not(.global)`)) {
    const id = box.id;
    for (const el of root.querySelectorAll(`[aria-describedby~="${id}"]`)) {
      const rest = (el.getAttribute('aria-describedby') ?? '').split(' ').filter((x) => x && x !== id);
      if (rest.length) el.setAttribute('aria-describedby', rest.join(' '));
      else el.removeAttribute('aria-describedby');
    }
    box.remove();
  }
  for (const el of root.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
}
