// The scenario form, built from the engine's schema: labels, hints, choices, units and defaults all
// come from calc.schema(). The form shows the engine's expansion of the scenario (calc.expand) and
// reports each edit as (path, typed text); the engine's field editor (calc.set) decides what the
// text means. Controls carry data-path, the JSON pointer the engine uses in its errors. Its units:
// form/ids.js (element ids and values by pointer), form/controls.js (a field's control from its row of
// the field table), form/widths.js (the network's layers), form/device.js (a device's fieldset).
import { toolsModule } from './tools-module.js';
import { byId, h, replace, linkify, rewrite } from './dom.js';
import { quantity, shortName, percent } from './format.js';
import { idFor, at, shownText } from './form/ids.js';
import { buildField as build, buildPicker } from './form/controls.js';
import { mountWidths } from './form/widths.js';
import { mountDevice } from './form/device.js';

export { idFor, at, shownText };

/** @typedef {import('epochcalc').Schema} Schema */
/** @typedef {import('epochcalc').FieldSchema} FieldSchema */

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
  /** One field's label, control and hint (form/controls.js). @param {FieldSchema} f @param {HTMLElement} slot */
  const buildField = (f, slot) => build(f, slot, { schema, presets, profiles });
  /** Shows the network's widths (form/widths.js). @type {ReturnType<typeof mountWidths>} */
  let showWidths = () => {};
  /** The expanded scenario last shown, and the document it came from. @type {any} */
  let shown = {};
  /** @type {any} */
  let lastDoc = {};

  // Each device's own overheads: a fieldset per device with a slot for each of its rows in the schema.
  for (const slot of form.querySelectorAll('[data-own-overheads]')) {
    slot.replaceWith(...roles.map((role) => h('fieldset', { class: 'own', id: `own-${role.slice(1)}` },
      h('legend', {}, spec(role).label),
      ...schema.fields.filter((f) => f.path.startsWith(`/overheads${role}/`))
        .map((f) => h('div', { class: 'field', 'data-field': f.path })))));
  }
  for (const slot of form.querySelectorAll('[data-field]')) {
    const path = /** @type {string} */ (/** @type {HTMLElement} */ (slot).dataset.field);
    if (path === '/network/widths') showWidths = mountWidths(/** @type {HTMLElement} */ (slot), $, spec(path), schema.limits.widths.min, edit);
    else if (path === '/network/dataset') buildPicker(/** @type {HTMLElement} */ (slot), spec(path), datasets.map((d) => [d.id, d.name]), 'Custom dataset');
    else buildField(spec(path), /** @type {HTMLElement} */ (slot));
  }
  /** Each device's fieldset, by role, with what shows its device (form/device.js). */
  const devices = new Map([...form.querySelectorAll('[data-device]')].map((slot) => {
    const role = /** @type {string} */ (/** @type {HTMLElement} */ (slot).dataset.device);
    return [role, mountDevice(/** @type {HTMLElement} */ (slot), role, { $, schema, hardware, spec, buildField, edit })];
  }));
  // A field of the engine's table that the page places nowhere by hand gets a control beside its
  // siblings (the last control under the same parent), so a new field is editable without a page edit.
  for (const f of schema.fields) {
    // A row for every item ("/network/widths/-", "/compared/-/price_per_hour") has its own place.
    if (f.path.includes('/-') || form.querySelector(`[data-path="${f.path}"]`)) continue;
    const parent = f.path.slice(0, f.path.lastIndexOf('/') + 1);
    const slot = h('div', { class: 'field', 'data-field': f.path });
    [...form.querySelectorAll(`[data-path^="${parent}"]`)].at(-1)?.closest('.field')?.after(slot);
    buildField(f, slot);
  }
  root.querySelector('label[for="examples"]')?.append(' ', h('span', { class: 'badge', id: 'dataset-custom', hidden: true }, 'custom'));

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
    showWidths(Array.isArray(shown?.network?.widths) ? shown.network.widths : [], (input, w) => setValue(input, fitting(spec('/network/widths/0'), shownText(w))));
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
    for (const [role, show] of devices) show(at(shown, role), precision);
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

  $('preset-reset').addEventListener('click', () => {
    const id = /** @type {HTMLSelectElement} */ ($('preset')).value;
    if (id) replaceDoc({ preset: id });
    $('preset').focus();
  });

  return { render, showReadings, showSources };
}
