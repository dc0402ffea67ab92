// What the calculator shows while its input is refused: the last good result greyed, a note that says
// which field to fix (with a button to go there), and a banner for errors with no field on screen (an
// unknown field, a whole-document problem, a field the view does not show). The exports that describe a
// result wait for a valid one.
import { h, replace } from '../dom.js';

/**
 * @param {Document|ShadowRoot} root @param {(id: string) => HTMLElement} $
 * @param {Set<string>} parts  the parts the view shows
 * @param {(e: {path: string, message: string}) => string} said  an error in the page's words
 * @param {() => void} openJson  opens the JSON editor at the document
 */
export function createStale(root, $, parts, said, openJson) {
  const status = $('status');

  /** The visible label of a control, for messages. @param {HTMLElement} el */
  function labelOf(el) {
    const label = el.id ? root.querySelector(`label[for="${el.id}"]`) : null;
    const text = label?.textContent ?? el.getAttribute('aria-label') ?? el.querySelector('.label')?.textContent ?? '';
    const legend = el.closest('fieldset.device')?.querySelector('legend')?.firstChild?.textContent?.trim();
    const name = text.replace(/\s+/g, ' ').trim();
    return legend && el.closest('fieldset.device') ? `${legend} ${name.toLowerCase()}` : `“${name}”`;
  }

  /**
   * @param {{control: HTMLElement|null}[]|null} placed  the errors at their controls; null when the input is valid again
   * @param {{code?: string, path: string, message: string}[]} unplaced  errors for the banner
   * @param {boolean} shown  whether a result is on screen (the last good one)
   */
  return function setStale(placed, unplaced, shown) {
    const stale = placed != null;
    for (const id of ['answer', 'results']) $(id).classList.remove('pending');
    // Exports say what they hold: the link and the JSON carry the input as typed, valid or not; the
    // CSV and the report describe a result, so they wait for a valid one instead of a stale one.
    for (const id of ['download-csv', 'download-sweep-csv', 'download-png', 'download-svg', 'copy-report']) /** @type {HTMLButtonElement} */ ($(id)).disabled = stale;
    $('export-note').hidden = !stale;
    $('results').classList.toggle('empty', !shown);
    $('now').classList.toggle('stale', stale);
    $('answer').classList.toggle('stale', stale && shown);
    $('results').classList.toggle('stale', stale && shown);
    const note = $('stale-note');
    const global = $('global-error');
    note.hidden = !stale;
    global.hidden = unplaced.length === 0;
    replace(global, ...unplaced.map((e) => h('span', { class: 'item', 'data-code': e.code, 'data-path': e.path }, said(e))),
      unplaced.length > 0 && parts.has('json') && h('button', { type: 'button', class: 'link', onclick: openJson }, 'Edit the scenario JSON'));
    if (!stale) return;
    const labels = placed.map((p) => p.control && labelOf(p.control)).filter(Boolean);
    const fields = [...new Set(labels)].join(', ');
    const first = placed.find((p) => p.control)?.control;
    replace(note,
      shown ? 'Showing the last valid result. ' : 'No result yet. ',
      fields ? `Fix ${fields} to update it.` : parts.has('controls') || parts.has('json') ? 'Fix the scenario to update it.' : '',
      first && ' ',
      first && h('button', { type: 'button', class: 'link', onclick: () => first.focus() }, 'Go to the field'));
    if (!shown) {
      status.hidden = false;
      status.textContent = parts.has('controls') ? 'The scenario is not valid yet: see the highlighted field.' : 'The scenario is not valid yet.';
    }
  };
}
