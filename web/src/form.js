// The scenario form, built from the engine's schema: labels, hints, choices, units and defaults all
// come from calc.schema(). The form shows the engine's expansion of the scenario (calc.expand) and
// reports each edit as (path, typed text); the engine's field editor (calc.set) decides what the
// text means. Controls carry data-path, the JSON pointer the engine uses in its errors.
import { toolsModule } from './tools-module.js';
import { byId, h, replace, linkify } from './dom.js';
import { quantity, shortName, percent } from './format.js';

/** @typedef {import('epochcalc').Schema} Schema */
/** @typedef {import('epochcalc').FieldSchema} FieldSchema */

/** Element ids by JSON pointer, kept short and stable (tests and links to fields use them). */
const ID_OF = {
  '/preset': 'preset',
  '/name': 'scenario-name',
  '/network/batch_size': 'batch_size',
  '/network/dataset': 'dataset',
  '/network/dataset/training_examples': 'examples',
  '/network/dataset/name': 'dataset-name',
  '/precision': 'precision',
  '/dispatch': 'dispatch',
  '/launch': 'launch',
  '/step_overhead': 'step_overhead',
  '/flop_energy': 'flop_energy',
  '/dram_energy_per_byte': 'dram_energy_per_byte',
  '/profile': 'profile',
};
const DEVICE_SUFFIX = { '': 'id', name: 'name', memory_bandwidth: 'bw', memory_capacity: 'cap', tdp: 'tdp', source: 'src' };

/**
 * The element id for a JSON pointer.
 * @param {string} path
 */
export function idFor(path) {
  if (ID_OF[path]) return ID_OF[path];
  const parts = path.split('/').slice(1);
  if (parts[0] === 'overheads') return `own-${parts[1]}-${parts[2]}`;
  if (parts[0] === 'assumptions') return parts[1];
  if (parts[0] === 'network' && parts[1] === 'widths') return `width-${parts[2]}`;
  if (parts[1] === 'peak_flops') return `${parts[0]}-peak-${parts[2]}`;
  return `${parts[0]}-${DEVICE_SUFFIX[parts[1] ?? ''] ?? parts[1]}`;
}

/**
 * The value at a JSON pointer of a document, or undefined.
 * @param {unknown} doc @param {string} path
 */
export function at(doc, path) {
  let node = /** @type {any} */ (doc);
  for (const key of path.split('/').slice(1)) {
    if (node == null || typeof node !== 'object') return undefined;
    node = node[key.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

/**
 * A value of the scenario as the text a field shows: strings as written, numbers as JSON writes them.
 * @param {unknown} value
 */
export function shownText(value) {
  if (value == null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * @param {object} opts
 * @param {Document|ShadowRoot} opts.root   the calculator's root (its ids are scoped to it)
 * @param {Schema} opts.schema
 * @param {import('epochcalc').HardwareEntry[]} opts.hardware
 * @param {import('epochcalc').DatasetEntry[]} opts.datasets
 * @param {import('epochcalc').PresetEntry[]} opts.presets
 * @param {import('epochcalc').ProfileEntry[]} opts.profiles
 * @param {(path: string, text: string, how?: {typing?: boolean}) => void} opts.edit   one field typed or picked
 * @param {() => void} opts.settled   the user left a field: errors held back while typing show now
 * @param {(doc: unknown) => void} opts.replaceDoc            a whole new scenario (preset, reset)
 */
export function createForm({ root, schema, hardware, datasets, presets, profiles, edit, replaceDoc, settled }) {
  const $ = byId(root);
  const form = /** @type {HTMLFormElement} */ ($('controls'));
  /** @type {Map<string, FieldSchema>} */
  const specs = new Map(schema.fields.map((f) => [f.path, f]));
  const spec = (path) => /** @type {FieldSchema} */ (specs.get(path.replace(/^\/network\/widths\/\d+$/, '/network/widths/-')));
  const roles = schema.fields.filter((f) => f.kind === 'device').map((f) => f.path);
  /** A device's own numbers (not the peaks), as the schema lists them under /host. */
  const deviceNumbers = schema.fields
    .filter((f) => f.kind === 'quantity' && f.path.startsWith('/host/') && !f.path.startsWith('/host/peak_flops/'))
    .map((f) => f.path.slice('/host/'.length));
  /** The expanded scenario last shown, and the document it came from. @type {any} */
  let shown = {};
  /** @type {any} */
  let lastDoc = {};

  /** Hint under a field: the schema's words, plus how to write a quantity. @param {FieldSchema} f */
  function hintText(f) {
    if (f.kind !== 'quantity') return f.hint;
    const d = schema.dimensions[/** @type {string} */ (f.dimension)];
    return `${f.hint ? `${f.hint} ` : ''}E.g. ${d.example}; ${d.bare_number}.`.trim();
  }

  /** Label, control, hint and a line for how the engine read the value. @param {FieldSchema} f @param {HTMLElement} slot */
  function buildField(f, slot) {
    const id = idFor(f.path);
    const described = [`${id}-hint`, `${id}-read`, `${id}-from`].join(' ');
    /** @type {HTMLElement} */
    let control;
    if (f.kind === 'choice' || f.kind === 'preset' || f.kind === 'profile') {
      control = h('select', { id, 'data-path': f.path, 'aria-describedby': described });
      if (f.kind === 'profile') {
        control.append(h('option', { value: '' }, f.path === '/profile' ? 'None: the values below as written' : 'None: the scenario\'s'));
        for (const p of profiles) control.append(h('option', { value: p.id }, p.title));
      } else if (f.kind === 'preset') {
        for (const p of presets) control.append(h('option', { value: p.id }, p.title));
        control.append(h('option', { value: '', disabled: true, hidden: true }, 'Custom scenario (not a preset)'));
      } else {
        for (const c of f.choices ?? []) control.append(h('option', { value: c }, choiceLabel(f.path, c)));
      }
    } else if (f.kind === 'boolean') {
      control = h('input', { type: 'checkbox', id, 'data-path': f.path, 'aria-describedby': described });
    } else {
      control = h('input', {
        id, 'data-path': f.path, autocomplete: 'off', spellcheck: 'false', 'aria-describedby': described,
        inputmode: f.kind === 'integer' ? 'numeric' : null,
      });
    }
    const label = h('label', { for: id }, f.label);
    const parts = f.kind === 'boolean' ? [control, label] : [label, control];
    slot.prepend(...parts,
      h('p', { class: 'hint', id: `${id}-hint` }, hintText(f)),
      h('p', { class: 'hint read', id: `${id}-read`, hidden: true }),
      h('p', { class: 'hint from', id: `${id}-from`, 'data-for': f.path, hidden: true }));
  }

  /** Words for a choice: the overlap's formula, the others as they are. */
  function choiceLabel(path, choice) {
    if (path === '/assumptions/overlap') {
      const o = schema.overlaps.find((x) => x.id === choice);
      return o ? `${o.id}: work = ${o.work}` : choice;
    }
    return choice;
  }

  // Each device's own overheads: a fieldset per device with a slot for each of its rows in the schema.
  for (const slot of form.querySelectorAll('[data-own-overheads]')) {
    slot.replaceWith(...roles.map((role) => h('fieldset', { class: 'own', id: `own-${role.slice(1)}` },
      h('legend', {}, spec(role).label),
      ...schema.fields.filter((f) => f.path.startsWith(`/overheads${role}/`))
        .map((f) => h('div', { class: 'field', 'data-field': f.path })))));
  }
  for (const slot of form.querySelectorAll('[data-field]')) {
    const path = /** @type {string} */ (/** @type {HTMLElement} */ (slot).dataset.field);
    if (path === '/network/widths') buildWidths(/** @type {HTMLElement} */ (slot));
    else if (path === '/network/dataset') buildPicker(/** @type {HTMLElement} */ (slot), spec(path), datasets.map((d) => [d.id, d.name]), 'Custom dataset');
    else buildField(spec(path), /** @type {HTMLElement} */ (slot));
  }
  for (const slot of form.querySelectorAll('[data-device]')) buildDevice(/** @type {HTMLElement} */ (slot));
  // A field of the engine's table that the page places nowhere by hand gets a control beside its
  // siblings (the last control under the same parent), so a new field is editable without a page edit.
  for (const f of schema.fields) {
    if (f.path.endsWith('/-') || form.querySelector(`[data-path="${f.path}"]`)) continue;
    const parent = f.path.slice(0, f.path.lastIndexOf('/') + 1);
    const slot = h('div', { class: 'field', 'data-field': f.path });
    [...form.querySelectorAll(`[data-path^="${parent}"]`)].at(-1)?.closest('.field')?.after(slot);
    buildField(f, slot);
  }
  root.querySelector('label[for="examples"]')?.append(' ', h('span', { class: 'badge', id: 'dataset-custom', hidden: true }, 'custom'));

  /** A registry picker (device or dataset) with a "custom" choice. @param {{label: string, options: string[][]}[]|null} [groups] */
  function buildPicker(slot, f, options, customLabel, groups = null) {
    const id = idFor(f.path);
    const select = h('select', { id, 'data-path': f.path, 'aria-describedby': `${id}-hint` });
    if (groups) {
      for (const g of groups) if (g.options.length) select.append(h('optgroup', { label: g.label }, ...g.options.map(([v, t]) => h('option', { value: v }, t))));
    } else {
      for (const [v, t] of options) select.append(h('option', { value: v }, t));
    }
    select.append(h('option', { value: '' }, customLabel));
    slot.prepend(h('label', { for: id }, f.label), select, h('p', { class: 'hint', id: `${id}-hint` }, f.hint));
  }

  /** The fieldset of one device: picker, the chosen precision's peak, bandwidth, the rest. @param {HTMLElement} slot */
  function buildDevice(slot) {
    const role = /** @type {string} */ (slot.dataset.device);
    const key = role.slice(1);
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
      h('button', { type: 'button', class: 'small', id: `${key}-restore`, hidden: true, onclick: () => restore(role) },
        'Restore datasheet values'),
      h('details', { class: 'source', id: `${key}-source` }, h('summary', {}, 'Datasheet source'), h('p', {}), sourceSlot));
    slot.replaceWith(panel);
  }

  /** The widths list and its add button. @param {HTMLElement} slot */
  function buildWidths(slot) {
    const f = spec('/network/widths');
    slot.id = 'widths-field';
    slot.setAttribute('data-path', f.path);
    slot.setAttribute('role', 'group');
    slot.setAttribute('aria-labelledby', 'widths-label');
    slot.append(h('span', { class: 'label', id: 'widths-label' }, f.label),
      h('p', { class: 'hint', id: 'widths-hint' }, f.hint),
      h('ol', { id: 'widths', class: 'widths' }),
      h('button', { type: 'button', id: 'add-layer', class: 'small' }, 'Add a layer'));
  }

  /** The widths as written in the shown scenario (an array, or nothing usable). @returns {unknown[]} */
  const widthsShown = () => (Array.isArray(shown?.network?.widths) ? shown.network.widths : []);

  function renderWidths() {
    const widths = widthsShown();
    const list = $('widths');
    if (list.children.length !== widths.length) {
      replace(list, ...widths.map((_, i) => h('li', { class: 'field width' },
        h('label', { for: `width-${i}` }, i === 0 ? 'Input features' : `Layer ${i} outputs`),
        h('input', { id: `width-${i}`, inputmode: 'numeric', autocomplete: 'off', 'data-path': `/network/widths/${i}` }),
        i > 0 && h('button', {
          type: 'button', class: 'icon', 'aria-label': `Remove layer ${i}`, title: `Remove layer ${i}`,
          disabled: widths.length <= schema.limits.widths.min, 'data-remove': i,
        }, '×'))));
    }
    widths.forEach((w, i) => setValue(/** @type {HTMLInputElement} */ ($(`width-${i}`)), fitting(spec('/network/widths/0'), shownText(w))));
  }

  /**
   * A value as its field shows it, or nothing when it is longer than the engine reads there (the
   * schema's max_length; any string at most limits.text): a link can carry megabytes, and laying them
   * out in a field took seconds. The engine's error beside the field names the length; the document
   * and the address keep the text, and typing a new one replaces it.
   * @param {FieldSchema|undefined} f @param {string} text
   */
  const fitting = (f, text) => (text.length > (f?.max_length ?? schema.limits.text.max_length) ? '' : text);

  /** Whether the control being typed in is set too: a new document (a link, Back, an import) replaces everything. */
  let everything = false;
  /** Sets a control's value unless the user is typing in it. */
  function setValue(el, text) {
    if (!el || (el === root.activeElement && !everything)) return;
    if (el instanceof HTMLInputElement && el.type === 'checkbox') el.checked = text === 'true';
    else if (el.value !== text) el.value = text;
  }

  /**
   * Shows an expanded scenario in every control (except the one being typed in, unless `replaced`).
   * @param {any} expanded  calc.expand of the document
   * @param {any} doc       the document as written
   * @param {boolean} [replaced]  a new document, not an edit of this one
   */
  function render(expanded, doc, replaced = false) {
    everything = replaced;
    shown = expanded ?? {};
    lastDoc = doc;
    renderWidths();
    for (const el of form.querySelectorAll('#scenario-fields [data-path]')) {
      const input = /** @type {HTMLInputElement|HTMLSelectElement} */ (el);
      const path = /** @type {string} */ (input.dataset.path);
      if (path === '/network/widths' || !('value' in input)) continue;
      if (path === '/preset') {
        setValue(input, typeof doc?.preset === 'string' && presets.some((p) => p.id === doc.preset) ? doc.preset : '');
        continue;
      }
      if (path === '/profile') {
        setValue(input, profiles.some((p) => p.id === shown?.profile) ? shown.profile : '');
        continue;
      }
      const f = spec(path);
      const value = at(shown, path);
      if (f?.kind === 'device' || f?.kind === 'dataset') setValue(input, typeof value === 'object' && value ? value.base ?? '' : '');
      // Left out, a choice or a box shows the engine's default (the schema's), not an empty one.
      else if ((f?.kind === 'choice' || f?.kind === 'boolean') && value == null) setValue(input, String(schema.defaults[path] ?? ''));
      else setValue(input, fitting(f, shownText(value)));
    }
    everything = false;
    decorate(doc);
  }

  /** Badges, placeholders, sources and where the chosen precision's peak sits. @param {any} doc */
  function decorate(doc) {
    const presetId = typeof doc?.preset === 'string' ? doc.preset : '';
    const preset = presets.find((p) => p.id === presetId);
    const edited = Boolean(preset) && Object.keys(doc ?? {}).some((k) => k !== 'preset');
    // An edited preset's description quotes numbers that may no longer hold: the "edited" note takes
    // its place. While a field is being typed in the swap waits until it is left, so the form never
    // moves under the cursor.
    const active = root.activeElement;
    const typing = active instanceof HTMLInputElement && form.contains(active) && active.type !== 'checkbox';
    if (!(typing && edited && !$('preset-desc').hidden && $('preset-edited').hidden)) {
      $('preset-desc').textContent = preset ? preset.description : 'A scenario that is not one of the presets.';
      $('preset-desc').hidden = edited;
      $('preset-edited').hidden = !edited;
    }
    $('preset-edited-text').textContent = edited ? `Edited from “${shortName(preset?.title ?? '')}”: its description no longer applies.` : '';

    const phase = at(shown, '/assumptions/phase') ?? schema.defaults['/assumptions/phase'];
    const byPhase = /** @type {any} */ (schema.defaults['/assumptions/ops_per_layer']).values;
    const ops = /** @type {HTMLInputElement} */ ($('ops_per_layer'));
    ops.placeholder = byPhase[phase] != null ? `${byPhase[phase]}, the ${phase} default` : '';
    const extra = /** @type {HTMLInputElement} */ ($('extra_ops_per_step'));
    extra.placeholder = String(schema.defaults['/assumptions/extra_ops_per_step'] ?? '');
    /** @type {HTMLInputElement} */ ($('launches_per_step')).placeholder = 'none: one launch per operation';
    for (const id of ['host_efficiency', 'accelerator_efficiency']) {
      const e = schema.defaults[`/assumptions/${id}`];
      /** @type {HTMLInputElement} */ ($(id)).placeholder = typeof e === 'number' ? `${percent(e)}, the datasheet peak` : '';
    }
    decorateProfile();
    // A device's own overhead, left empty, is the scenario's value: say which.
    for (const input of form.querySelectorAll('#own-overheads input[data-path]')) {
      const key = /** @type {string} */ (/** @type {HTMLElement} */ (input).dataset.path).split('/').pop() ?? '';
      // The scenario's own field of that name, wherever the schema puts it (/dispatch, /assumptions/ops_per_layer).
      const top = schema.fields.find((f) => !f.path.startsWith('/overheads/') && f.path.endsWith(`/${key}`))?.path ?? `/${key}`;
      // Left out at the top too, a field has its default: the phase's count, no graphs.
      const value = at(shown, top) ?? (key === 'ops_per_layer' ? byPhase[phase] : key === 'launches_per_step' ? 'none' : undefined);
      /** @type {HTMLInputElement} */ (input).placeholder = value == null || value === '' ? 'the scenario\'s' : `the scenario's: ${shownText(value)}`;
    }

    const ds = shown?.network?.dataset;
    const dsEntry = ds && typeof ds === 'object' ? datasets.find((d) => d.id === ds.base) : undefined;
    $('dataset-custom').hidden = Boolean(dsEntry) && JSON.stringify(ds.training_examples) === JSON.stringify(dsEntry?.training_examples);
    const dsSource = /** @type {HTMLDetailsElement} */ ($('dataset-source'));
    dsSource.hidden = !dsEntry;
    rewrite(/** @type {HTMLElement} */ (dsSource.querySelector('p')), dsEntry?.source ?? '', () => (dsEntry ? linkify(dsEntry.source) : []));

    const precision = String(at(shown, '/precision') ?? schema.defaults['/precision']);
    for (const role of roles) decorateDevice(role, precision);
    markPrecisions();
  }

  /** The chosen profile's description, and each value's range and public source. */
  function decorateProfile() {
    const profile = profiles.find((p) => p.id === shown?.profile);
    const box = /** @type {HTMLDetailsElement} */ ($('profile-source'));
    $('profile-desc').textContent = profile ? profile.description : '';
    box.hidden = !profile;
    if (!profile || box.dataset.profile === profile.id) return;
    box.dataset.profile = profile.id;
    // Its measured ranges and sources come with the tools module: the first answer needs neither.
    toolsModule().then((m) => {
      if (box.dataset.profile === profile.id) {
        replace(/** @type {HTMLElement} */ (box.querySelector('div')), ...m.profileDetails(profile, (path) => specs.get(path)?.label ?? path));
      }
    });
  }

  /** @param {string} role @param {string} precision */
  function decorateDevice(role, precision) {
    const key = role.slice(1);
    const dev = at(shown, role);
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
    const specsGrid = $(`${key}-specs`);
    if (active && specsGrid.firstElementChild !== active) {
      const others = $(`${key}-other-peaks`);
      const fields = schema.precisions.map((p) => $(`${key}-peak-${p.id}`).closest('.field')).filter((x) => x && x !== active);
      specsGrid.prepend(active);
      if (fields.some((x, i) => others.children[i] !== x)) others.append(.../** @type {Element[]} */ (fields));
    }
  }

  /** The text each rewritten element was last built from. @type {WeakMap<Element, string>} */
  const builtFrom = new WeakMap();
  /**
   * Rebuilds an element's children only when the text they come from changed: sources and notes are
   * the same on almost every edit, and rebuilding them was DOM work on every keystroke.
   * @param {HTMLElement} el @param {string} key @param {() => any[]} children
   */
  function rewrite(el, key, children) {
    if (builtFrom.get(el) === key) return;
    builtFrom.set(el, key);
    replace(el, ...children());
  }

  /** Each precision a chosen device lists no peak for says so in the picker, before it is chosen. */
  function markPrecisions() {
    for (const option of /** @type {HTMLSelectElement} */ ($('precision')).options) {
      const lacking = roles.map((role) => at(shown, role))
        .filter((dev) => dev && typeof dev === 'object' && (dev.peak_flops?.[option.value] ?? '') === '')
        .map((dev) => shortName(String(dev.name ?? 'a device'), 30));
      const text = lacking.length ? `${option.value} (no peak listed for ${lacking.join(' or ')})` : option.value;
      if (option.textContent !== text) option.textContent = text;
    }
  }

  /** Whether a device differs from its registry entry in any field the registry gives. */
  function differsFromRegistry(dev, entry) {
    for (const k of ['peak_flops', ...deviceNumbers]) {
      if (JSON.stringify(dev[k] ?? null) !== JSON.stringify(entry[k] ?? null)) return true;
    }
    return typeof dev.name === 'string' && dev.name !== entry.name && !dev.name.startsWith(`${entry.name} (`);
  }

  /**
   * Under each quantity typed as a bare number, how the engine read it ("read as 20 µs").
   * @param {any} normalized  result.scenario of the last valid result, or null
   */
  function showReadings(normalized) {
    for (const el of form.querySelectorAll('p.read')) {
      const id = el.id.slice(0, -'-read'.length);
      const input = /** @type {HTMLInputElement|null} */ (root.getElementById(id));
      const path = input?.dataset.path ?? '';
      const f = spec(path);
      const text = input?.value.trim() ?? '';
      const value = normalized ? at(normalized, path) : undefined;
      const bare = f?.kind === 'quantity' && text !== '' && Number.isFinite(Number(text));
      const show = bare && typeof value === 'number';
      /** @type {HTMLElement} */ (el).hidden = !show;
      const read = f?.dimension === 'fraction' ? percent(/** @type {number} */ (value)) : quantity(/** @type {number} */ (value), /** @type {string} */ (f?.si_unit));
      el.textContent = show ? `Read as ${read} (${schema.dimensions[/** @type {string} */ (f.dimension)].bare_number}).` : '';
    }
  }

  /**
   * Where each overhead input's number comes from when it is not the scenario's own, in words that
   * tools/sources.js writes from the engine's sources (loaded with the tools, after the first answer).
   * @param {(path: string) => string} line  the words for the field at a path ("" for none)
   */
  function showSources(line) {
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll('p.from'))) {
      const text = line(/** @type {string} */ (el.dataset.for));
      el.hidden = !text;
      el.textContent = text;
    }
  }

  function restore(role) {
    const dev = at(shown, role);
    if (dev && typeof dev === 'object' && dev.base) edit(role, dev.base);
  }

  // Edits: text as typed goes to the engine's field editor; pickers and buttons send their value.
  form.addEventListener('input', (e) => {
    const el = /** @type {HTMLInputElement} */ (e.target);
    if (el.tagName === 'INPUT' && el.type !== 'checkbox' && el.dataset.path) edit(el.dataset.path, el.value, { typing: true });
  });
  form.addEventListener('focusout', () => {
    settled();
    // What waited for the user to leave the field (the preset note) is shown now.
    queueMicrotask(() => decorate(lastDoc));
  });
  form.addEventListener('change', (e) => {
    const el = /** @type {HTMLInputElement} */ (e.target);
    const path = el.dataset.path;
    if (!path || !(el.tagName === 'SELECT' || el.type === 'checkbox')) return;
    if (path === '/preset') return replaceDoc({ preset: el.value });
    if (el.type === 'checkbox') return edit(path, String(el.checked));
    const f = spec(path);
    if ((f.kind === 'device' || f.kind === 'dataset') && el.value === '') return edit(path, JSON.stringify(customOf(path, f)));
    edit(path, el.value);
  });
  form.addEventListener('submit', (e) => e.preventDefault());

  /** A custom device or dataset: the shown one's values, without its registry base, renamed. */
  function customOf(path, f) {
    const current = at(shown, path);
    const copy = current && typeof current === 'object' ? { ...current } : {};
    delete copy.base;
    if (f.kind === 'dataset') return { name: 'Custom dataset', training_examples: copy.training_examples ?? '' };
    copy.name = `Custom ${path === '/host' ? 'CPU' : 'accelerator'}`;
    delete copy.source;
    return copy;
  }

  $('widths').addEventListener('click', (e) => {
    const button = /** @type {HTMLElement} */ (e.target).closest('[data-remove]');
    if (!button) return;
    const i = Number(/** @type {HTMLElement} */ (button).dataset.remove);
    const widths = [...widthsShown()];
    if (widths.length <= schema.limits.widths.min) return;
    widths.splice(i, 1);
    edit('/network/widths', JSON.stringify(widths));
    const next = $('widths').querySelector(`[data-remove="${Math.min(i, widths.length - 1)}"]`) ?? $(`width-${widths.length - 1}`);
    /** @type {HTMLElement} */ (next)?.focus();
  });
  $('add-layer').addEventListener('click', () => {
    const widths = [...widthsShown()];
    // A new hidden layer goes in before the output layer, as wide as the layer before it.
    const i = Math.max(1, widths.length - 1);
    widths.splice(i, 0, widths[i - 1] ?? 64);
    edit('/network/widths', JSON.stringify(widths));
    const input = /** @type {HTMLInputElement} */ ($(`width-${i}`));
    input?.focus();
    input?.select();
  });
  $('preset-reset').addEventListener('click', () => {
    const id = /** @type {HTMLSelectElement} */ ($('preset')).value;
    if (id) replaceDoc({ preset: id });
    $('preset').focus();
  });

  return { render, showReadings, showSources };
}
