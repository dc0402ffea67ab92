// One device's fieldset in the form: the registry picker, the chosen precision's peak and the other
// numbers of its row in the field table, the peaks at other precisions folded away, its name, and its
// datasheet source; marked "custom" once edited from the registry's values, with a button to restore
// them. The form shows the engine's expansion of the device through the function mountDevice returns.
import { h, linkify, rewrite } from '../dom.js';
import { buildPicker } from './controls.js';

/**
 * @typedef {object} DeviceContext
 * @property {(id: string) => HTMLElement} $
 * @property {import('epochcalc').Schema} schema
 * @property {import('epochcalc').HardwareEntry[]} hardware
 * @property {(path: string) => import('epochcalc').FieldSchema} spec
 * @property {(f: import('epochcalc').FieldSchema, slot: HTMLElement) => void} buildField
 * @property {(path: string, text: string) => void} edit
 */

/**
 * Builds the fieldset in place of `slot`; returns the function that shows a device (as the engine
 * expanded it) with the precision in force.
 * @param {HTMLElement} slot @param {string} role  /host or /accelerator @param {DeviceContext} ctx
 * @returns {(dev: any, precision: string) => void}
 */
export function mountDevice(slot, role, { $, schema, hardware, spec, buildField, edit }) {
  const key = role.slice(1);
  /** A device's own numbers (not the peaks), as the schema lists them under the role. */
  const deviceNumbers = schema.fields
    .filter((f) => f.kind === 'quantity' && f.path.startsWith(`${role}/`) && !f.path.startsWith(`${role}/peak_flops/`))
    .map((f) => f.path.slice(role.length + 1));
  /** The device last shown. @type {any} */
  let shownDevice = null;
  const f = spec(role);
  const panel = h('fieldset', { class: 'device', id: `${key}-fieldset` },
    h('legend', {}, f.label, ' ', h('span', { class: 'badge', id: `${key}-custom`, hidden: true }, 'custom')));
  const pick = h('div', { class: 'field' });
  const groups = schema.device_kinds.map((k) => ({
    label: k.label, options: hardware.filter((d) => d.kind === k.id).map((d) => [d.id, d.name]),
  }));
  buildPicker(pick, { ...f, label: 'Device' }, [], `Custom ${key === 'host' ? 'CPU' : 'accelerator'}`, groups);
  const specsGrid = h('div', { class: 'specs', id: `${key}-specs` });
  const others = h('div', { class: 'specs', id: `${key}-other-peaks` });
  for (const p of schema.precisions) {
    const slotP = h('div', { class: 'field', 'data-precision': p.id });
    buildField(spec(`${role}/peak_flops/${p.id}`), slotP);
    /** @type {HTMLInputElement} */ (slotP.querySelector('input')).placeholder = 'not listed';
    others.append(slotP);
  }
  for (const name of deviceNumbers) {
    const slotS = h('div', { class: 'field' });
    buildField(spec(`${role}/${name}`), slotS);
    if (!spec(`${role}/${name}`).required) /** @type {HTMLInputElement} */ (slotS.querySelector('input')).placeholder = 'not given';
    specsGrid.append(slotS);
  }
  const specsHint = h('p', { class: 'hint', id: `${key}-specs-hint` },
    `Each figure takes a unit, e.g. ${schema.dimensions.flop_rate.example} or ${schema.dimensions.bandwidth.example}; a bare number is in SI units. The model uses the peak FLOP/s and the bandwidth, and the idle power and price when given (idle energy, cost per epoch); capacity and TDP are for reference.`);
  const nameSlot = h('div', { class: 'field' });
  buildField(spec(`${role}/name`), nameSlot);
  // The citation, editable for a device of one's own (a registry device shows its own below it).
  const sourceSlot = h('div', { class: 'field' });
  buildField(spec(`${role}/source`), sourceSlot);
  panel.append(pick, specsGrid, specsHint,
    h('details', { class: 'more' }, h('summary', {}, 'Peak FLOP/s at other precisions'), others),
    nameSlot,
    h('p', { class: 'hint edited', id: `${key}-edited`, hidden: true }),
    h('button', { type: 'button', class: 'small', id: `${key}-restore`, hidden: true, onclick: restore },
      'Restore datasheet values'),
    h('details', { class: 'source', id: `${key}-source` }, h('summary', {}, 'Datasheet source'), h('p', {}), sourceSlot));
  slot.replaceWith(panel);

  function restore() {
    if (shownDevice && typeof shownDevice === 'object' && shownDevice.base) edit(role, shownDevice.base);
  }

  /**
   * Whether a device differs from its registry entry: the engine says so in the name it gives it ("…
   * (customised)", or the author's own), and a price per hour is no change of the device (issue 45).
   */
  const differsFromRegistry = (dev, entry) => dev.name !== entry.name;

  return (dev, precision) => {
    shownDevice = dev;
    const entry = dev && typeof dev === 'object' ? hardware.find((d) => d.id === dev.base) : undefined;
    const changed = entry ? differsFromRegistry(dev, entry) : true;
    $(`${key}-custom`).hidden = !changed;
    const edited = $(`${key}-edited`);
    edited.hidden = !(entry && changed);
    edited.textContent = entry && changed ? `Edited from the ${entry.name} datasheet values.` : '';
    $(`${key}-restore`).hidden = !(entry && changed);
    const source = /** @type {HTMLDetailsElement} */ ($(`${key}-source`));
    const text = entry?.source ?? (typeof dev?.source === 'string' ? dev.source : '');
    // Always there: a device of one's own takes its citation in the field inside.
    /** @type {HTMLElement} */ (source.querySelector('summary')).textContent =
      entry && changed ? `Datasheet source of the original ${entry.name}` : 'Datasheet source';
    rewrite(/** @type {HTMLElement} */ (source.querySelector('p')), `${text}\n${entry?.notes ?? ''}`,
      () => [...(text ? linkify(text) : []), ...(entry?.notes ? [h('br'), `Notes: ${entry.notes}`] : [])]);
    // The chosen precision's peak goes into the main grid; the others stay folded away.
    const active = $(`${key}-peak-${precision}`)?.closest('.field');
    if (active && specsGrid.firstElementChild !== active) {
      const fields = schema.precisions.map((p) => $(`${key}-peak-${p.id}`).closest('.field')).filter((x) => x && x !== active);
      specsGrid.prepend(active);
      if (fields.some((x, i) => others.children[i] !== x)) others.append(.../** @type {Element[]} */ (fields));
    }
  };
}
