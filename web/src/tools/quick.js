// One-click what-ifs: each button shows the engine's answer before it is applied ("H100 epoch 254.7 ms
// → 29.7 ms, 8.6× faster"); applying it is one edit of one field, which Back undoes on the page, and
// the calculator's own Undo in an element (a book's Back would leave the chapter). The list, the
// edits and the numbers are the engine's (calc.quickWhatifs, docs/model.md "One-click what-ifs").
import { h, replace } from '../dom.js';
import { applyEdits } from './apply.js';
import { time, faster, shortName } from '../format.js';

/**
 * "NVIDIA H100 epoch 254.7 ms → 29.7 ms, 8.6× faster" for one device; "unchanged" when it is.
 * @param {string} name @param {number} before @param {number} after
 */
export function epochChange(name, before, after) {
  if (before === after) return `${name} unchanged (${time(before)})`;
  return `${name} epoch ${time(before)} → ${time(after)}, ${faster(before / after)}`;
}

/** @param {import('./tools.js').ToolsHost} host @param {HTMLElement} body */
export function mountQuick(host, body) {
  const list = h('ul', { id: 'quick-whatifs', class: 'quick' }, h('li', { class: 'hint' }, 'Asking the engine…'));
  const history = host.history;
  const undo = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', id: 'whatif-undo', disabled: true, onclick: () => history?.undo() }, 'Undo'));
  const reset = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', id: 'whatif-reset', disabled: true, onclick: () => history?.reset() }, 'Reset'));
  body.append(h('div', { class: 'tool', id: 'quick-tool' },
    h('h3', {}, 'One-click what-ifs'),
    h('p', { class: 'hint' }, history
      ? 'Each button says what it would change before you apply it. Undo takes back the last change; Reset returns to the scenario this calculator started with.'
      : 'Each button says what it would change before you apply it; Back undoes it.'),
    history ? h('p', { class: 'actions' }, undo, reset) : null,
    list));

  return {
    /** @param {unknown} doc @param {() => boolean} still  false once another scenario is shown */
    update(doc, still) {
      undo.disabled = reset.disabled = !history?.depth();
      return host.calc.quickWhatifs(/** @type {any} */ (doc)).then((answer) => {
        if (!still()) return;
        const current = host.current()?.result;
        const accel = shortName(current?.accelerator.name ?? 'Accelerator', 32);
        const cpu = shortName(current?.host.name ?? 'Host', 32);
        replace(list, ...answer.whatifs.map((w) => {
          if (!w.applies) {
            return h('li', { 'data-whatif': w.id },
              h('button', { type: 'button', disabled: true }, w.label),
              h('span', { class: 'preview muted' }, `Does not apply: ${w.reason}.`));
          }
          const preview = `${epochChange(accel, answer.before.accelerator.epoch_time_s, w.after.accelerator.epoch_time_s)}; ` +
            `${epochChange(cpu, answer.before.host.epoch_time_s, w.after.host.epoch_time_s)}.`;
          return h('li', { 'data-whatif': w.id },
            h('button', {
              type: 'button', 'aria-describedby': `quick-${w.id}`,
              'data-path': w.edits[0].path, 'data-text': w.edits[0].text,
              // Every edit made by the engine's field editor, then loaded as one step (Back undoes it).
              onclick: () => applyEdits(host, host.doc(), w.edits),
            }, w.label),
            h('span', { class: 'preview', id: `quick-${w.id}`, 'data-after': w.after.accelerator.epoch_time_s },
              w.note ? `${preview} ${w.note}` : preview));
        }));
      }, (err) => {
        if (still()) replace(list, h('li', { class: 'field-error' }, `The what-ifs could not be computed (${err instanceof Error ? err.message : String(err)}).`));
      });
    },
  };
}
