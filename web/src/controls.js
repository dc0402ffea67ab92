// The scenario form: builds the dynamic controls, shows a state in them, and writes every edit back
// into the state. Controls carry data-bind (a dotted path in the state) and data-path (the JSON
// pointer the engine uses in its errors).
import { $, h, replace, linkify } from './dom.js';
import {
  PRECISIONS, DEVICE_ROLES, defaultOpsPerLayer, deviceFromRegistry, deviceOverrides, datasetById, hardwareById,
  fromScenario, intOrRaw,
} from './state.js';

/** @typedef {import('./state.js').State} State */
/** @typedef {import('./state.js').Registry} Registry */

const ROLE_TEXT = {
  host: {
    legend: 'Host CPU',
    hint: 'Runs the framework: dispatches every operation, for itself and for the accelerator.',
  },
  accelerator: {
    legend: 'Accelerator',
    hint: 'Runs the kernels; each one also costs a launch on top of the dispatch.',
  },
};

const SPEC_FIELDS = /** @type {const} */ ([
  ['memory_bandwidth', 'Memory bandwidth', 'bw'],
  ['memory_capacity', 'Memory capacity', 'cap'],
  ['tdp', 'Power (TDP)', 'tdp'],
]);

/** Reads a dotted path ("host.peak.fp32") from an object. */
function getPath(obj, path) {
  return path.split('.').reduce((o, k) => (o == null ? o : o[k]), obj);
}
/** Writes a dotted path in an object. */
function setPath(obj, path, value) {
  const keys = path.split('.');
  const last = /** @type {string} */ (keys.pop());
  const target = keys.reduce((o, k) => o[k], obj);
  target[last] = value;
}

/**
 * @param {object} opts
 * @param {Registry} opts.reg
 * @param {() => State} opts.getState
 * @param {(next: State) => void} opts.setState  replaces the whole state (preset, reset)
 * @param {(immediate: boolean) => void} opts.changed  called after an edit of the state
 */
export function createControls({ reg, getState, setState, changed }) {
  const form = /** @type {HTMLFormElement} */ ($('controls'));

  // Presets and datasets.
  const presetSelect = /** @type {HTMLSelectElement} */ ($('preset'));
  for (const p of reg.presets) presetSelect.append(h('option', { value: p.id }, p.title));
  presetSelect.append(h('option', { value: '' }, 'Custom scenario (from a link)'));
  const datasetSelect = /** @type {HTMLSelectElement} */ ($('dataset'));
  for (const d of reg.datasets) datasetSelect.append(h('option', { value: d.id }, d.name));
  datasetSelect.append(h('option', { value: '' }, 'Custom dataset'));

  for (const role of DEVICE_ROLES) buildDevicePanel(role);

  /** The fieldset for one device: picker, specs, source, restore button. @param {'host'|'accelerator'} role */
  function buildDevicePanel(role) {
    const text = ROLE_TEXT[role];
    const select = h('select', { id: `${role}-id`, 'data-path': `/${role}`, 'aria-describedby': `${role}-hint` });
    const groups = [['cpu', 'CPUs'], ['gpu', 'GPUs'], ['accelerator', 'Other accelerators']];
    for (const [kind, label] of groups) {
      const entries = reg.hardware.filter((d) => d.kind === kind);
      if (entries.length) select.append(h('optgroup', { label }, ...entries.map((d) => h('option', { value: d.id }, d.name))));
    }
    select.append(h('option', { value: '' }, 'Custom device'));

    const peakField = (p) => h('div', { class: 'field', 'data-precision': p },
      h('label', { for: `${role}-peak-${p}` }, `Peak FLOP/s, ${p}`),
      h('input', {
        id: `${role}-peak-${p}`, 'data-bind': `${role}.peak.${p}`, 'data-path': `/${role}/peak_flops/${p}`,
        autocomplete: 'off', spellcheck: 'false', placeholder: 'not listed', 'aria-describedby': `${role}-specs-hint`,
      }));
    const specs = h('div', { class: 'specs', id: `${role}-specs` });
    const others = h('div', { class: 'specs', id: `${role}-other-peaks` });
    for (const p of PRECISIONS) others.append(peakField(p));
    for (const [key, label, short] of SPEC_FIELDS) {
      specs.append(h('div', { class: 'field' },
        h('label', { for: `${role}-${short}` }, label),
        h('input', {
          id: `${role}-${short}`, 'data-bind': `${role}.${key}`, 'data-path': `/${role}/${key}`,
          autocomplete: 'off', spellcheck: 'false', 'aria-describedby': `${role}-specs-hint`,
          placeholder: key === 'memory_bandwidth' ? '' : 'not given',
        })));
    }
    const panel = h('fieldset', { class: 'device', id: `${role}-fieldset` },
      h('legend', {}, text.legend, ' ', h('span', { class: 'badge', id: `${role}-custom`, hidden: true }, 'custom')),
      h('div', { class: 'field' },
        h('label', { for: `${role}-id` }, 'Device'),
        select,
        h('p', { class: 'hint', id: `${role}-hint` }, text.hint)),
      specs,
      h('p', { class: 'hint', id: `${role}-specs-hint` },
        'The model uses peak FLOP/s and bandwidth; capacity and power are for reference.'),
      h('details', { class: 'more' }, h('summary', {}, 'Peak FLOP/s at other precisions'), others),
      h('p', { class: 'hint edited', id: `${role}-edited`, hidden: true }),
      h('details', { class: 'source', id: `${role}-source` }, h('summary', {}, 'Datasheet source'), h('p', {})));
    $(`${role}-panel`).replaceWith(panel);
    panel.querySelector('.edited')?.after(h('button', {
      type: 'button', class: 'small', id: `${role}-restore`, hidden: true,
      onclick: () => {
        const s = getState();
        const entry = s[role].id != null ? hardwareById(reg, s[role].id) : undefined;
        if (!entry) return;
        s[role] = deviceFromRegistry(entry);
        render(s);
        changed(true);
      },
    }, 'Restore datasheet values'));
  }

  /** Moves the peak field of the chosen precision to the main spec grid. @param {State} s */
  function placePeakFields(s) {
    for (const role of DEVICE_ROLES) {
      const fields = PRECISIONS.map((p) => /** @type {HTMLElement} */ ($(`${role}-peak-${p}`).closest('.field')));
      const active = fields[PRECISIONS.indexOf(/** @type {any} */ (s.precision))];
      const specs = $(`${role}-specs`);
      if (active && specs.firstElementChild !== active) specs.prepend(active);
      const rest = fields.filter((f) => f !== active);
      // Re-append only when the order changed, so a focused field keeps its focus.
      const others = $(`${role}-other-peaks`);
      if (rest.some((f, i) => others.children[i] !== f)) others.append(...rest);
    }
  }

  /** The widths list: one input per width, remove buttons for the layers. @param {State} s */
  function renderWidths(s) {
    const list = $('widths');
    const items = s.widths.map((w, i) => {
      const label = i === 0 ? 'Input features' : `Layer ${i} outputs`;
      const id = `width-${i}`;
      return h('li', { class: 'field width' },
        h('label', { for: id }, label),
        h('input', {
          id, value: w, inputmode: 'numeric', autocomplete: 'off',
          'data-bind': `widths.${i}`, 'data-path': `/network/widths/${i}`,
        }),
        i > 0 && h('button', {
          type: 'button', class: 'icon', 'aria-label': `Remove layer ${i}`, title: `Remove layer ${i}`,
          disabled: s.widths.length <= 2, 'data-remove': i,
        }, '×'));
    });
    replace(list, ...items);
  }

  /**
   * Shows a state in every control (after a preset, a device switch, a shared link).
   * @param {State} s
   */
  function render(s) {
    presetSelect.value = s.preset;
    renderWidths(s);
    for (const el of form.querySelectorAll('[data-bind]')) {
      const input = /** @type {HTMLInputElement} */ (el);
      const value = getPath(s, /** @type {string} */ (input.dataset.bind));
      if (input.type === 'checkbox') input.checked = Boolean(value);
      else input.value = value ?? '';
    }
    datasetSelect.value = s.dataset.id ?? '';
    for (const role of DEVICE_ROLES) /** @type {HTMLSelectElement} */ ($(`${role}-id`)).value = s[role].id ?? '';
    decorate(s);
  }

  /**
   * Updates what depends on the state without touching what the user is typing in: custom badges,
   * descriptions, sources, where the peak field sits.
   * @param {State} s
   */
  function decorate(s) {
    const preset = reg.presets.find((p) => p.id === s.preset);
    $('preset-desc').textContent = preset ? preset.description : 'A scenario that is not one of the presets.';
    let edited = false;
    if (preset) {
      const fresh = fromScenario(reg, preset.scenario);
      edited = JSON.stringify({ ...fresh, preset: '' }) !== JSON.stringify({ ...s, preset: '' });
    }
    $('preset-edited').hidden = !edited;

    const ds = s.dataset.id != null ? datasetById(reg, s.dataset.id) : undefined;
    $('dataset-custom').hidden = Boolean(ds) && intOrRaw(s.dataset.examples) === ds?.training_examples;
    const dsSource = /** @type {HTMLDetailsElement} */ ($('dataset-source'));
    dsSource.hidden = !ds;
    replace(/** @type {HTMLElement} */ (dsSource.querySelector('p')), ...(ds ? linkify(ds.source) : []));

    placePeakFields(s);
    for (const role of DEVICE_ROLES) {
      const dev = s[role];
      const entry = dev.id != null ? hardwareById(reg, dev.id) : undefined;
      const custom = !entry || deviceOverrides(reg, dev) != null;
      $(`${role}-custom`).hidden = !custom;
      const edited = $(`${role}-edited`);
      edited.hidden = !(entry && custom);
      edited.textContent = entry && custom ? `Edited from the ${entry.name} datasheet values.` : '';
      $(`${role}-restore`).hidden = !(entry && custom);
      const source = /** @type {HTMLDetailsElement} */ ($(`${role}-source`));
      const original = entry?.source ?? dev.source;
      source.hidden = !original;
      const summary = /** @type {HTMLElement} */ (source.querySelector('summary'));
      summary.textContent = entry && custom ? `Datasheet source of the original ${entry.name}` : 'Datasheet source';
      const notes = entry?.notes ? [h('br'), `Notes: ${entry.notes}`] : [];
      replace(/** @type {HTMLElement} */ (source.querySelector('p')), ...(original ? linkify(original) : []), ...notes);
    }
  }

  /** Replaces the whole state by a preset's scenario; false for an unknown id. @param {string} id */
  function loadPreset(id) {
    const preset = reg.presets.find((p) => p.id === id);
    if (!preset) return false;
    const next = fromScenario(reg, preset.scenario);
    next.preset = preset.id;
    setState(next);
    render(next);
    changed(true);
    return true;
  }

  /** Writes a control's value into the state. @param {HTMLInputElement|HTMLSelectElement} el */
  function onEdit(el, immediate) {
    const s = getState();
    if (el === presetSelect) {
      loadPreset(presetSelect.value);
      return;
    }
    if (el === datasetSelect) {
      const entry = datasetById(reg, datasetSelect.value);
      s.dataset = entry
        ? { id: entry.id, name: entry.name, examples: String(entry.training_examples) }
        : { id: null, name: 'Custom dataset', examples: s.dataset.examples };
      /** @type {HTMLInputElement} */ ($('examples')).value = s.dataset.examples;
      decorate(s);
      changed(true);
      return;
    }
    for (const role of DEVICE_ROLES) {
      if (el.id !== `${role}-id`) continue;
      const entry = hardwareById(reg, el.value);
      s[role] = entry
        ? deviceFromRegistry(entry)
        : { ...s[role], id: null, name: `Custom ${role === 'host' ? 'CPU' : 'accelerator'}`, source: '' };
      render(s);
      changed(true);
      return;
    }
    const bind = el.dataset.bind;
    if (!bind) return;
    const value = el instanceof HTMLInputElement && el.type === 'checkbox' ? el.checked : el.value;
    if (bind === 'assumptions.phase') {
      // Operations per layer follows the phase while it holds the old phase's default.
      const a = s.assumptions;
      if (a.ops_per_layer.trim() === String(defaultOpsPerLayer(a.phase))) {
        a.ops_per_layer = String(defaultOpsPerLayer(String(value)));
        /** @type {HTMLInputElement} */ ($('ops_per_layer')).value = a.ops_per_layer;
      }
    }
    setPath(s, bind, value);
    if (bind === 'precision') decorate(s);
    else decorateSoon(s);
    changed(immediate);
  }

  let decorateTimer = 0;
  /** Badges while typing: cheap, but no need to do it on every keystroke. @param {State} s */
  function decorateSoon(s) {
    clearTimeout(decorateTimer);
    decorateTimer = window.setTimeout(() => decorate(s), 60);
  }

  form.addEventListener('input', (e) => {
    const el = /** @type {HTMLInputElement} */ (e.target);
    if (el.tagName === 'INPUT' && el.type !== 'checkbox') onEdit(el, false);
  });
  form.addEventListener('change', (e) => {
    const el = /** @type {HTMLInputElement} */ (e.target);
    if (el.tagName === 'SELECT' || el.type === 'checkbox') onEdit(el, true);
  });
  form.addEventListener('submit', (e) => e.preventDefault());

  $('widths').addEventListener('click', (e) => {
    const button = /** @type {HTMLElement} */ (e.target).closest('[data-remove]');
    if (!button) return;
    const i = Number(/** @type {HTMLElement} */ (button).dataset.remove);
    const s = getState();
    if (s.widths.length <= 2) return;
    s.widths.splice(i, 1);
    renderWidths(s);
    decorate(s);
    // Keep the focus in the list: on the next remove button, or on the last width.
    const next = $('widths').querySelector(`[data-remove="${Math.min(i, s.widths.length - 1)}"]`) ??
      $(`width-${s.widths.length - 1}`);
    /** @type {HTMLElement} */ (next)?.focus();
    changed(true);
  });
  $('add-layer').addEventListener('click', () => {
    const s = getState();
    // A new hidden layer goes in before the output layer, as wide as the layer before it.
    const at = Math.max(1, s.widths.length - 1);
    s.widths.splice(at, 0, s.widths[at - 1] ?? '64');
    renderWidths(s);
    decorate(s);
    $(`width-${at}`).focus();
    changed(true);
  });
  $('preset-reset').addEventListener('click', () => {
    if (loadPreset(getState().preset)) presetSelect.focus();
  });

  return { render, decorate };
}
