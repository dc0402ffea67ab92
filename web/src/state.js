// The page's one state object holds what the user typed (raw text); toScenario() turns it into the
// engine's scenario JSON, fromScenario() goes the other way (presets, shared links).

export const PRECISIONS = /** @type {const} */ (['fp32', 'tf32', 'fp16', 'bf16', 'fp8', 'int8']);
export const DEVICE_ROLES = /** @type {const} */ (['host', 'accelerator']);

/**
 * @typedef {object} DeviceState
 * @property {string|null} id  registry id the device starts from; null for a device given in full
 * @property {string} name
 * @property {Record<string, string>} peak  raw text per precision ('' = not listed)
 * @property {string} memory_bandwidth
 * @property {string} memory_capacity
 * @property {string} tdp
 * @property {string} source
 *
 * @typedef {object} State
 * @property {string} preset  id of the preset the scenario started from ('' if none)
 * @property {string} name
 * @property {string[]} widths
 * @property {string} batch_size
 * @property {{id: string|null, name: string, examples: string}} dataset
 * @property {DeviceState} host
 * @property {DeviceState} accelerator
 * @property {string} precision
 * @property {string} dispatch
 * @property {string} launch
 * @property {string} dram_energy_per_byte
 * @property {string} flop_energy
 * @property {{phase: string, ops_per_layer: string, extra_ops_per_step: string, overlap: string, drop_last: boolean}} assumptions
 *
 * @typedef {object} Registry
 * @property {import('epochcalc').HardwareEntry[]} hardware
 * @property {import('epochcalc').DatasetEntry[]} datasets
 * @property {import('epochcalc').PresetEntry[]} presets
 */

/** Default kernels per layer per step for a phase (the engine's defaults). @param {string} phase */
export const defaultOpsPerLayer = (phase) => (phase === 'inference' ? 1 : 3);

/** SI units of quantity fields, used when a scenario gives a bare number. */
const UNITS = {
  dispatch: 's', launch: 's', dram_energy_per_byte: 'J/B', flop_energy: 'J/flop',
  memory_bandwidth: 'B/s', memory_capacity: 'B', tdp: 'W', peak: 'FLOP/s',
};

/** A quantity from a scenario as text: strings as they are, numbers with their SI unit. */
function qtext(value, unit) {
  if (value == null) return '';
  return typeof value === 'number' ? `${value} ${unit}` : String(value);
}
/** Any JSON value as the text a field shows. */
const text = (value) => (value == null ? '' : String(value));

/**
 * Integer fields: a number if the text is one (thousands separators allowed), else the raw text so
 * the engine reports the error (E_TYPE) for exactly what the user typed.
 * @param {string} raw
 * @returns {number|string}
 */
export function intOrRaw(raw) {
  const t = String(raw).trim();
  const compact = t.replace(/(?<=\d)[,_\s](?=\d)/g, '');
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(compact) ? Number(compact) : t;
}

/** @param {Registry} reg @param {string} id */
export const hardwareById = (reg, id) => reg.hardware.find((d) => d.id === id);
/** @param {Registry} reg @param {string} id */
export const datasetById = (reg, id) => reg.datasets.find((d) => d.id === id);

/**
 * The state of a device as the registry lists it.
 * @param {import('epochcalc').HardwareEntry} entry
 * @returns {DeviceState}
 */
export function deviceFromRegistry(entry) {
  return {
    id: entry.id,
    name: entry.name,
    peak: Object.fromEntries(PRECISIONS.map((p) => [p, qtext(entry.peak_flops[p], UNITS.peak)])),
    memory_bandwidth: qtext(entry.memory_bandwidth, UNITS.memory_bandwidth),
    memory_capacity: qtext(entry.memory_capacity, UNITS.memory_capacity),
    tdp: qtext(entry.tdp, UNITS.tdp),
    source: entry.source ?? '',
  };
}

/** @param {Registry} reg @param {any} input @returns {DeviceState} */
function deviceFromInput(reg, input) {
  if (typeof input === 'string') {
    const entry = hardwareById(reg, input);
    return entry ? deviceFromRegistry(entry) : { ...blankDevice(), id: input, name: input };
  }
  const obj = input ?? {};
  const entry = obj.base != null ? hardwareById(reg, obj.base) : undefined;
  const dev = entry ? deviceFromRegistry(entry) : { ...blankDevice(), id: obj.base ?? null };
  if (obj.name != null) dev.name = String(obj.name);
  for (const [p, v] of Object.entries(obj.peak_flops ?? {})) dev.peak[p] = qtext(v, UNITS.peak);
  for (const key of ['memory_bandwidth', 'memory_capacity', 'tdp']) {
    if (key in obj) dev[key] = qtext(obj[key], UNITS[key]);
  }
  if (obj.source != null) dev.source = String(obj.source);
  return dev;
}

/** @returns {DeviceState} */
function blankDevice() {
  return {
    id: null, name: 'Custom device', peak: Object.fromEntries(PRECISIONS.map((p) => [p, ''])),
    memory_bandwidth: '', memory_capacity: '', tdp: '', source: '',
  };
}

/**
 * UI state from a scenario (a preset's, or one from a shared link). A `preset` field starts from that
 * preset; the other fields apply on top, as in the engine.
 * @param {Registry} reg
 * @param {import('epochcalc').ScenarioInput} input
 * @returns {State}
 */
export function fromScenario(reg, input) {
  let sc = input;
  const preset = input.preset ? reg.presets.find((p) => p.id === input.preset) : undefined;
  if (preset) {
    const base = preset.scenario;
    sc = {
      ...base, ...input,
      network: { ...base.network, ...input.network },
      assumptions: { ...base.assumptions, ...input.assumptions },
    };
  }
  const net = sc.network ?? {};
  const ds = net.dataset;
  let dataset;
  if (typeof ds === 'string' || ds == null) {
    const entry = datasetById(reg, ds ?? '');
    dataset = { id: ds ?? null, name: entry?.name ?? String(ds ?? ''), examples: text(entry?.training_examples) };
  } else {
    const entry = ds.base != null ? datasetById(reg, ds.base) : undefined;
    dataset = {
      id: ds.base ?? null,
      name: text(ds.name ?? entry?.name ?? 'Custom dataset'),
      examples: text(ds.training_examples ?? entry?.training_examples),
    };
  }
  const a = sc.assumptions ?? {};
  const phase = a.phase ?? 'training';
  return {
    preset: preset?.id ?? (reg.presets.find((p) => p.scenario.name === sc.name)?.id ?? ''),
    name: text(sc.name),
    widths: (net.widths ?? []).map(text),
    batch_size: text(net.batch_size),
    dataset,
    host: deviceFromInput(reg, sc.host),
    accelerator: deviceFromInput(reg, sc.accelerator),
    precision: sc.precision ?? 'fp32',
    dispatch: qtext(sc.dispatch, UNITS.dispatch),
    launch: qtext(sc.launch, UNITS.launch),
    dram_energy_per_byte: qtext(sc.dram_energy_per_byte, UNITS.dram_energy_per_byte),
    flop_energy: qtext(sc.flop_energy, UNITS.flop_energy),
    assumptions: {
      phase,
      ops_per_layer: text(a.ops_per_layer ?? defaultOpsPerLayer(phase)),
      extra_ops_per_step: text(a.extra_ops_per_step ?? 0),
      overlap: a.overlap ?? 'none',
      drop_last: Boolean(a.drop_last),
    },
  };
}

/**
 * Fields of a device that differ from its registry entry (trimmed text compared).
 * @param {Registry} reg @param {DeviceState} dev
 * @returns {Record<string, any>|null}  null if the device is the registry's unchanged
 */
export function deviceOverrides(reg, dev) {
  const entry = dev.id != null ? hardwareById(reg, dev.id) : undefined;
  if (!entry) return null;
  const orig = deviceFromRegistry(entry);
  /** @type {Record<string, any>} */
  const out = {};
  const peak = {};
  for (const p of PRECISIONS) {
    const now = dev.peak[p].trim();
    if (now === orig.peak[p]) continue;
    // A precision the registry does not list stays absent when left blank; blanking a listed one
    // is sent as "" so the engine says that it needs a value.
    if (now === '' && orig.peak[p] === '') continue;
    peak[p] = now;
  }
  if (Object.keys(peak).length) out.peak_flops = peak;
  if (dev.memory_bandwidth.trim() !== orig.memory_bandwidth) out.memory_bandwidth = dev.memory_bandwidth.trim();
  for (const key of /** @type {const} */ (['memory_capacity', 'tdp'])) {
    const now = dev[key].trim();
    if (now !== orig[key]) out[key] = now === '' ? null : now;
  }
  return Object.keys(out).length ? out : null;
}

/** @param {Registry} reg @param {DeviceState} dev */
function deviceToInput(reg, dev) {
  const entry = dev.id != null ? hardwareById(reg, dev.id) : undefined;
  if (entry) {
    const over = deviceOverrides(reg, dev);
    return over ? { base: dev.id, ...over } : dev.id;
  }
  if (dev.id != null) return dev.id; // unknown id: let the engine say so
  /** @type {Record<string, any>} */
  const full = { name: dev.name, peak_flops: {} };
  for (const p of PRECISIONS) if (dev.peak[p].trim() !== '') full.peak_flops[p] = dev.peak[p].trim();
  full.memory_bandwidth = dev.memory_bandwidth.trim();
  full.memory_capacity = dev.memory_capacity.trim() || null;
  full.tdp = dev.tdp.trim() || null;
  if (dev.source) full.source = dev.source;
  return full;
}

/** @param {Registry} reg @param {State['dataset']} ds */
function datasetToInput(reg, ds) {
  const entry = ds.id != null ? datasetById(reg, ds.id) : undefined;
  const examples = intOrRaw(ds.examples);
  if (entry) return examples === entry.training_examples ? ds.id : { base: ds.id, training_examples: examples };
  if (ds.id != null) return ds.id;
  return { name: ds.name || 'Custom dataset', training_examples: examples };
}

/**
 * The engine's scenario JSON for the state. Quantity fields are sent as typed; integer fields as
 * numbers when they parse, else as the raw text (the engine reports it).
 * @param {Registry} reg @param {State} s
 * @returns {import('epochcalc').ScenarioInput}
 */
export function toScenario(reg, s) {
  const a = s.assumptions;
  /** @type {Record<string, any>} */
  const assumptions = { phase: a.phase };
  if (a.ops_per_layer.trim() !== '') assumptions.ops_per_layer = intOrRaw(a.ops_per_layer);
  if (a.extra_ops_per_step.trim() !== '') assumptions.extra_ops_per_step = intOrRaw(a.extra_ops_per_step);
  assumptions.overlap = a.overlap;
  assumptions.drop_last = a.drop_last;
  return {
    name: s.name,
    network: {
      widths: s.widths.map(intOrRaw),
      batch_size: intOrRaw(s.batch_size),
      dataset: datasetToInput(reg, s.dataset),
    },
    host: deviceToInput(reg, s.host),
    accelerator: deviceToInput(reg, s.accelerator),
    precision: /** @type {any} */ (s.precision),
    dispatch: s.dispatch.trim(),
    launch: s.launch.trim(),
    dram_energy_per_byte: s.dram_energy_per_byte.trim(),
    flop_energy: s.flop_energy.trim(),
    assumptions,
  };
}

/**
 * The URL hash for a state: the preset id and the scenario JSON.
 * @param {Registry} reg @param {State} s
 */
export function toHash(reg, s) {
  const params = new URLSearchParams();
  if (s.preset) params.set('preset', s.preset);
  params.set('scenario', JSON.stringify(toScenario(reg, s)));
  return `#${params.toString()}`;
}

/**
 * The state a URL hash describes, or null if it describes none (or cannot be read).
 * @param {Registry} reg @param {string} hash
 * @returns {State|null}
 */
export function fromHash(reg, hash) {
  if (!hash || hash.length < 2) return null;
  try {
    const params = new URLSearchParams(hash.slice(1));
    const json = params.get('scenario');
    const presetId = params.get('preset') ?? '';
    let state;
    if (json) state = fromScenario(reg, JSON.parse(json));
    else if (presetId && reg.presets.some((p) => p.id === presetId)) state = fromScenario(reg, { preset: presetId });
    else return null;
    if (presetId && reg.presets.some((p) => p.id === presetId)) state.preset = presetId;
    return state;
  } catch {
    return null;
  }
}
