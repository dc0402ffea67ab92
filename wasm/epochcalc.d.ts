// Hand-written typings for the epochcalc ES module (Emscripten 3.1.6 cannot emit them).
// Field names are exactly those of the engine's JSON contract (README.md, "Using it"; the equations
// behind the numbers are in docs/model.md).

/** A quantity: a number in SI base units, or a string "number unit" such as "10 us" or "3.35 TB/s". */
export type Quantity = number | string;
export type Precision = 'fp32' | 'tf32' | 'fp16' | 'bf16' | 'fp8' | 'int8';

export interface DeviceSpec {
  name: string;
  /** FLOP/s per precision, e.g. { fp32: "67 TFLOP/s" }. */
  peak_flops: Partial<Record<Precision, Quantity>>;
  memory_bandwidth: Quantity;
  memory_capacity?: Quantity | null;
  tdp?: Quantity | null;
  /** Static power drawn for the whole epoch: adds idle energy (docs/model.md, "Energy and cost"). */
  idle_power?: Quantity | null;
  /** USD per hour, e.g. "2.5 USD/h" (a bare number is per hour): gives the cost of an epoch. */
  price_per_hour?: Quantity | null;
  /** As the accelerator: the host-to-device link each step copies its batch's inputs over. */
  host_link_bandwidth?: Quantity | null;
  /** As the accelerator: the fixed time of each batch copy. */
  host_link_latency?: Quantity | null;
  source?: string | null;
}

/** A registry id, a full device, or a registry device with some fields overridden. */
export type DeviceInput = string | DeviceSpec | ({ base: string } & Partial<DeviceSpec>);

export interface DatasetSpec {
  name: string;
  training_examples: number;
}
export type DatasetInput = string | DatasetSpec | ({ base: string } & Partial<DatasetSpec>);

export interface Assumptions {
  /** "training" runs 3 GEMM passes per layer, "inference" 1. Default "training". */
  phase?: 'training' | 'inference';
  /** Kernels launched per layer per step. Default 3 for training, 1 for inference. */
  ops_per_layer?: number;
  /** Further operations per step (optimizer, loss, data copy). Default 0. */
  extra_ops_per_step?: number;
  /** "none": work = compute + memory; "roofline": work = max(compute, memory). Default "none". */
  overlap?: 'none' | 'roofline';
  /** Drop the last partial batch. Default false. */
  drop_last?: boolean;
  /** Whether the first layer computes the gradient of its input in training. true (the default) is
   * the seed's count, three passes on every layer; false is what frameworks run (the data need no
   * gradient), two passes on the first layer. */
  first_layer_input_gradient?: boolean;
  /** Achieved fraction of the host's peak FLOP/s and bandwidth, 0 < e <= 1: its compute and memory
   * times are divided by it. A number (0.4) or a percentage string ("40 %"). Default 1. */
  host_efficiency?: number | string | null;
  /** The same for the accelerator. Default 1. */
  accelerator_efficiency?: number | string | null;
  /** Graph replay (CUDA Graphs, a compiled step): the accelerator pays this many dispatches and
   * launches per step instead of one per operation. null or absent: eager, one per operation. */
  launches_per_step?: number | null;
}

/** One device's own overheads (docs/model.md, "Overheads per device"); each left out is the scenario's. */
export interface DeviceOverheads {
  /** A framework profile for this device alone: fills its own values it leaves out. */
  profile?: string | null;
  dispatch?: Quantity | null;
  /** The accelerator's only. */
  launch?: Quantity | null;
  step_overhead?: Quantity | null;
  ops_per_layer?: number | null;
  extra_ops_per_step?: number | null;
  /** The accelerator's only. */
  launches_per_step?: number | null;
}
/** The host's own overheads: it launches no kernels and replays no graphs. */
export type HostOverheads = Omit<DeviceOverheads, 'launch' | 'launches_per_step'>;

export interface ScenarioInput {
  /** Start from this preset and apply the other fields on top. */
  preset?: string;
  /** A framework profile (`profiles()`): fills dispatch, launch and the operation counts the scenario
   * leaves out; fields written here win. */
  profile?: string | null;
  name?: string;
  network?: { widths?: number[]; batch_size?: number; dataset?: DatasetInput };
  host?: DeviceInput;
  accelerator?: DeviceInput;
  precision?: Precision;
  dispatch?: Quantity;
  launch?: Quantity;
  /** Host time every step pays once, on both devices (beyond the seed). Default 0. */
  step_overhead?: Quantity | null;
  dram_energy_per_byte?: Quantity;
  flop_energy?: Quantity;
  assumptions?: Assumptions;
  /** Each device's own overheads; left out, both devices pay the values above. */
  overheads?: { host?: HostOverheads; accelerator?: DeviceOverheads };
  /** Other registry devices' terms when compared side by side, by hardware id: the scenario's own
   * epoch does not read them. Left out, a device has its cited list price, if any. */
  compared?: Record<string, ComparedTerms>;
}

/** A registry device's price and idle power when compared (/compared/<id>/...). */
export interface ComparedTerms {
  price_per_hour?: Quantity | null;
  idle_power?: Quantity | null;
}

/** The scenario with its preset merged and every registry id resolved into the full object
 * (`base` kept), values as written: what a form shows. Not validated. */
export type ExpandedScenario = Omit<ScenarioInput, 'preset' | 'host' | 'accelerator' | 'network'> & {
  network?: { widths?: unknown; batch_size?: unknown; dataset?: Partial<DatasetSpec> & { base?: string } };
  host?: Partial<DeviceSpec> & { base?: string };
  accelerator?: Partial<DeviceSpec> & { base?: string };
  [field: string]: unknown;
};

/** The normalized scenario inside a result: ids resolved, defaults filled, SI numbers. */
export interface NormalizedScenario {
  name: string;
  network: { widths: number[]; batch_size: number; dataset: DatasetSpec };
  host: NormalizedDevice;
  accelerator: NormalizedDevice;
  precision: Precision;
  dispatch: number;
  launch: number;
  step_overhead: number;
  dram_energy_per_byte: number;
  flop_energy: number;
  /** Present only when a device has values of its own; times in seconds. */
  overheads?: { host?: HostOverheads; accelerator?: DeviceOverheads };
  /** Present only when the scenario gives other devices' terms; in USD/h and W. */
  compared?: Record<string, { price_per_hour?: number; idle_power?: number }>;
  assumptions: Required<Omit<Assumptions, 'host_efficiency' | 'accelerator_efficiency' | 'launches_per_step'>> & {
    host_efficiency: number;
    accelerator_efficiency: number;
    launches_per_step: number | null;
  };
  profile: string | null;
}
export interface NormalizedDevice {
  name: string;
  peak_flops: Partial<Record<Precision, number>>;
  memory_bandwidth: number;
  memory_capacity: number | null;
  tdp: number | null;
  /** W; null when not given. */
  idle_power: number | null;
  /** USD per hour; null when not given. */
  price_per_hour: number | null;
  /** B/s; null when not given. */
  host_link_bandwidth: number | null;
  /** s; null when not given. */
  host_link_latency: number | null;
  source: string | null;
}

/** What a device pays with: its own value where it has one, else the scenario's (SI units). */
export interface PaidOverheads {
  /** The profile these values came from: the device's own, else the scenario's. */
  profile: string | null;
  dispatch: number;
  /** 0 on the host. */
  launch: number;
  step_overhead: number;
  ops_per_layer: number;
  extra_ops_per_step: number;
  /** Operations per step: layers × ops_per_layer + extra_ops_per_step. */
  ops_per_step: number;
  /** null: eager (always on the host). */
  launches_per_step: number | null;
  /** The fields the device gives itself (`overheads.<device>`), the others being the scenario's. */
  own: Array<'profile' | 'dispatch' | 'launch' | 'step_overhead' | 'ops_per_layer' | 'extra_ops_per_step' | 'launches_per_step'>;
  /** Where each value the device pays comes from (docs/model.md, "The value in force"); the host has no
   * `launch` or `launches_per_step` here: it pays neither. */
  sources: Partial<Record<'dispatch' | 'launch' | 'step_overhead' | 'ops_per_layer' | 'extra_ops_per_step' | 'launches_per_step', ValueSource>>;
}

/** The field that supplies a value in force and the layer it came from. */
export interface ValueSource {
  /** JSON pointer: the device's own field ("/overheads/host/dispatch") or the scenario's ("/dispatch"). */
  path: string;
  /** The scenario's own document, its preset, a framework profile, or the engine's default. */
  from: 'scenario' | 'preset' | 'profile' | 'default';
  /** The preset's or the profile's id. */
  id?: string;
}

/** What one epoch asks of any device at one batch size: its steps, arithmetic, bytes and operations. */
export interface EpochCounts {
  batch_size: number;
  steps_per_epoch: number;
  flops: number;
  bytes: number;
  launched_ops: number;
}

/** One epoch on one device. Times in seconds, energies in joules. */
export interface Run {
  /** Framework dispatches and kernel launches paid in the epoch (launches 0 on the host). */
  dispatches: number;
  launches: number;
  epoch_time_s: number;
  compute_time_s: number;
  memory_time_s: number;
  work_time_s: number;
  dispatch_time_s: number;
  launch_time_s: number;
  /** The fixed cost per step × steps. */
  step_time_s: number;
  /** dispatch + launch + per step. */
  overhead_time_s: number;
  /** Copying the batches to the accelerator over its host link; 0 without one (and on the host). */
  transfer_time_s: number;
  overhead_fraction: number;
  arithmetic_energy_j: number;
  data_movement_energy_j: number;
  /** The device's idle power over the whole epoch; 0 without one. */
  idle_energy_j: number;
  /** Arithmetic, data movement and idle energy. */
  energy_j: number;
  /** Price per hour × epoch time; null when the device has no price. */
  cost_usd: number | null;
}

export interface Warning {
  code: string;
  /** JSON pointer of the field the warning is about; "" for the whole scenario. */
  path: string;
  message: string;
}

export interface Result {
  schema: 'epochcalc/result@1';
  scenario: NormalizedScenario;
  network: { layers: number; parameters: number; batched: EpochCounts; batch_one: EpochCounts };
  host: { name: string; overheads: PaidOverheads; batched: Run; batch_one: Run };
  accelerator: { name: string; overheads: PaidOverheads; batched: Run; batch_one: Run };
  comparison: {
    accelerator_speedup_batched: number;
    accelerator_speedup_batch_one: number;
    batching_speedup_host: number;
    batching_speedup_accelerator: number;
    /** Maximal ranges of batch sizes in [1, N] at which the accelerator's epoch is strictly shorter:
     * ascending, disjoint, [] when it never wins. */
    accelerator_wins: BatchRange[];
    /** The first range's `from`; null if there is none. */
    crossover_batch_size: number | null;
  };
  warnings: Warning[];
}

/** An inclusive range of batch sizes. */
export interface BatchRange {
  from: number;
  to: number;
}

/** One Float64Array per quantity, index-aligned with `batch_size`. */
export interface DeviceSeries {
  epoch_time_s: Float64Array;
  work_time_s: Float64Array;
  overhead_time_s: Float64Array;
}

export interface SweepResult {
  schema: 'epochcalc/sweep@2';
  accelerator_wins: BatchRange[];
  crossover_batch_size: number | null;
  /** Number of batch sizes. */
  points: number;
  batch_size: Float64Array;
  host: DeviceSeries;
  accelerator: DeviceSeries;
}

/** A field of the scenario, as the engine reads it. */
export interface FieldSchema {
  /** JSON pointer; "/network/widths/-" stands for every width. */
  path: string;
  kind: 'text' | 'choice' | 'integer' | 'quantity' | 'boolean' | 'widths' | 'device' | 'dataset' | 'preset' | 'profile';
  label: string;
  hint: string;
  required: boolean;
  dimension?: string;
  si_unit?: string;
  min?: number;
  min_inclusive?: boolean;
  max?: number;
  choices?: string[];
  /** Text and quantity fields: the longest text the engine reads there, in characters. */
  max_length?: number;
}

/** Every scenario rule, exported by the engine (`epochcalc --schema`). */
export interface Schema {
  schema: 'epochcalc/schema@1';
  precisions: { id: Precision; bytes: number }[];
  phases: { id: 'training' | 'inference'; gemm_passes: number; default_ops_per_layer: number }[];
  overlaps: { id: 'none' | 'roofline'; work: string }[];
  device_kinds: { id: string; label: string }[];
  dimensions: Record<string, { name: string; si_unit: string; example: string; bare_number: string; units: { symbol: string; scale: number }[] }>;
  fields: FieldSchema[];
  /** Defaults of optional fields by path; ops_per_layer follows the phase: { follows, values }. */
  defaults: Record<string, unknown>;
  /** text: the longest string the engine reads anywhere in a scenario, in characters. */
  /** `document.max_bytes`: the longest JSON text (a scenario, a calibration input) the engine reads. */
  limits: { widths: { min: number; max: number }; /** A link's parameters the engine reads; the rest are counted. */ link_params: number; text: { max_length: number }; document: { max_bytes: number } };
  sweep: { log_spaced_points: number; includes: string[] };
  default_preset: string;
  /** The fields a framework profile fills (JSON pointers). */
  profile_fields: string[];
}

export interface HardwareEntry extends DeviceSpec {
  id: string;
  kind: 'cpu' | 'gpu' | 'accelerator';
  notes?: string;
}
export interface DatasetEntry extends DatasetSpec {
  id: string;
  test_examples?: number;
  input_shape?: number[];
  classes?: number;
  source: string;
}
export interface PresetEntry {
  id: string;
  title: string;
  description: string;
  scenario: ScenarioInput;
}

/** A named, cited set of overhead inputs for one way of training (`"profile": id`). */
export interface ProfileEntry {
  id: string;
  title: string;
  description: string;
  values: {
    dispatch: Quantity;
    launch: Quantity;
    assumptions: { ops_per_layer: number; extra_ops_per_step: number; launches_per_step?: number };
    step_overhead?: Quantity;
  };
  /** The range the sources support for each overhead. */
  ranges: Partial<Record<'dispatch' | 'launch' | 'step_overhead', { min: Quantity; max: Quantity; note?: string }>>;
  sources: { title: string; url: string; supports: string }[];
}

export type CalibratedConstant = 'dispatch' | 'launch' | 'host_efficiency' | 'accelerator_efficiency' | 'step_overhead';

/** One measured epoch. */
export interface Measurement {
  device: 'host' | 'accelerator';
  batch_size: number;
  /** Seconds, or a time string such as "2.3 s". */
  epoch_time_s: Quantity;
  note?: string;
  /** Kernels or calls the framework really issued per step (scripts/measure.py counts them). */
  ops_per_step?: number;
  /** The network this measurement ran, when not the scenario's: networks of different depths tell
   * the fixed cost per step from the cost per operation. */
  widths?: number[];
}

export interface CalibrationInput {
  /** The scenario the fit starts from; one that names no preset starts from the default preset, as a
   * link does ("preset": null names none: a complete scenario). */
  scenario: ScenarioInput;
  measurements: Measurement[];
  /** The constants the fit may change; the others keep the scenario's values. Default: dispatch,
   * launch and both efficiencies, and step_overhead when the measurements span networks of different depths.
   * A constant named is fitted in each field a device pays it from: the scenario's, or a device's own. */
  fit?: CalibratedConstant[];
  measured_with?: Record<string, unknown>;
  /** Batch sizes at which to give the fitted model's epochs on the scenario's network ("predictions"). */
  predict?: number[];
}

/** A field of the fit: the constant, its JSON pointer, and the device when it is one device's own. */
export interface CalibrationField {
  constant: CalibratedConstant;
  path: string;
  /** Set for a device's own overhead (/overheads/host/dispatch); absent for the scenario's fields. */
  device?: 'host' | 'accelerator';
}

/** A value the measured epochs depend on that the fit left as it is, on one device, and why. */
export interface CalibrationHeld {
  constant: CalibratedConstant;
  device: 'host' | 'accelerator';
  /** The field held, e.g. "/overheads/host/step_overhead" or "/dispatch". */
  path: string;
  /** Its value, in seconds (an efficiency as a fraction). */
  value: number;
  /** "fit": "fit" leaves the constant out (or the default fit does); "device" or "profile": the
   * scenario's field, which this device does not pay: it pays its own value (`in_force`), written in
   * the scenario or from its own profile. */
  because: 'fit' | 'device' | 'profile';
  /** The profile the value comes from: the held value's ("fit"), or the device's own value's ("profile"). */
  profile?: string;
  profile_scope?: 'scenario' | 'device';
  /** The device's own field it pays instead ("device" and "profile"); the fit fits that one. */
  in_force?: string;
}

/** The fit: each constant, or null where the measurements cannot determine it (never invented). */
export interface Calibration {
  schema: 'epochcalc/calibration@2';
  /** The scenario's own fields (top level and assumptions). */
  fitted: {
    dispatch: number | null;
    launch: number | null;
    host_efficiency: number | null;
    accelerator_efficiency: number | null;
    step_overhead: number | null;
  };
  /** Each device's own overheads the fit fits (it pays them from its own value or its own profile):
   * the fitted value, or null where undetermined; a key only where the device has that field. */
  fitted_own: {
    host: { dispatch?: number | null; step_overhead?: number | null };
    accelerator: { dispatch?: number | null; launch?: number | null; step_overhead?: number | null };
  };
  /** Fields of free constants the measurements cannot determine. */
  undetermined: CalibrationField[];
  /** Values the measured epochs depend on that the fit held, with the reason. */
  held: CalibrationHeld[];
  /** Seconds per operation on the accelerator when only the sum of dispatch and launch is determined. */
  dispatch_plus_launch: number | null;
  /** Seconds of overhead per step at the first measurement's network, when one network leaves the
   * per-step and per-operation costs undetermined apart. */
  overhead_per_step: number | null;
  rms_relative_residual: number;
  /** Sentences on what the data could not determine and why, what would determine it, and what was held. */
  notes: string[];
  measurements: (Omit<Measurement, 'epoch_time_s'> & {
    epoch_time_s: number;
    predicted_s: number;
    residual_s: number;
    relative_residual: number;
    /** The scenario's prediction before the fit. */
    uncalibrated_s: number;
  })[];
  /** The fitted model's epochs at the input's "predict" batch sizes, on the scenario's network; only
   * when "predict" is given. */
  predictions?: { batch_size: number; host_epoch_time_s: number; accelerator_epoch_time_s: number }[];
  /** With predictions: "fitted" for a device measured, "model" for one never measured (the model's own values). */
  predicted_from?: { host: 'fitted' | 'model'; accelerator: 'fitted' | 'model' };
  /** The input's scenario with the fit written in: the scenario's fields, and each device's own in its
   * own field (where it wins over the device's profile); it names the default preset where the input named none. */
  scenario: ScenarioInput;
}

export interface EngineError {
  /** Stable code: E_JSON, E_TYPE, E_MISSING, E_RANGE, E_UNIT, E_UNKNOWN_FIELD, E_DUPLICATE_KEY, E_UNKNOWN_ID, E_PRECISION, E_VALUE, E_TOO_FEW (calibration), E_INTERNAL. */
  code: string;
  /** JSON pointer into the scenario, e.g. "/network/batch_size"; "" for the whole document. */
  path: string;
  message: string;
}

/** Thrown for invalid input: `code` and `path` of the first error, `errors` all of them. */
export class EpochcalcError extends Error {
  constructor(errors: EngineError[]);
  code: string;
  path: string;
  errors: EngineError[];
}

/** One edit for `update`: the field at `path` (a JSON pointer or dotted path) set to the typed `text`,
 * read by the field's kind exactly as `set` and `epochcalc --set` read it. */
export interface FieldEdit {
  path: string;
  text: string;
}

/** What a page paints after an edit, from one engine call (`update`). */
export interface Update {
  /** The document after the edit, as written (what a link holds); null only when the text given is not
   * a JSON document. */
  scenario: ScenarioInput | null;
  /** The document expanded for a form (`expand`); null when it cannot be expanded (not JSON, not an
   * object, an unknown preset or id): `errors` says why. */
  expanded: ExpandedScenario | null;
  /** The result and the default sweep; both null when the document does not solve. */
  result: Result | null;
  sweep: SweepResult | null;
  /** Why `expanded` or `result` is null; [] when the document solved. */
  errors: EngineError[];
}

/** One field swept: { field, from, to, points?, log? } (points 50 when left out; numbers in SI units,
 * strings with their units, "1 us"), or { field, values }. (The command line's "PATH=FROM:TO[:N][:log]"
 * is its own syntax.) */
export type FieldSweepSpec =
  | { field: string; from: string | number; to: string | number; points?: number; log?: boolean }
  | { field: string; values: (string | number)[] };

/** A swept field as the answers name it. */
export interface SweptField {
  /** JSON pointer. */
  path: string;
  /** The field's label, with its device's for a device field ("Accelerator: Memory bandwidth"). */
  label: string;
  /** SI unit ("s", "B/s", …); "" for a whole number or a fraction. */
  unit: string;
  integer: boolean;
  /** false: no epoch depends on it in this scenario; `notes` says why. */
  changes_epochs: boolean;
  /** For a scenario-wide overhead: each device's own value of it, which gives way at every point. */
  giving_way: { path: string; value: number }[];
  /** The paths a value of this what-if is written to (the field, and each device's own value that gives
   * way): a sweep's point applies as these edits (docs/model.md, "One meaning"). */
  applied_by: string[];
  /** Sentences: why it changes no epoch, and which own values give way. */
  notes: string[];
}

/** The batched epoch's parts on one device, one entry per point. */
export interface RunSeries {
  epoch_time_s: Float64Array;
  compute_time_s: Float64Array;
  memory_time_s: Float64Array;
  work_time_s: Float64Array;
  dispatch_time_s: Float64Array;
  launch_time_s: Float64Array;
  step_time_s: Float64Array;
  overhead_time_s: Float64Array;
  transfer_time_s: Float64Array;
  energy_j: Float64Array;
  /** null where the device has no price: no cost, never a series of zeros. */
  cost_usd: Float64Array | null;
  /** Whether the device has a price at any point: without one its cost is null (an empty CSV cell). */
  priced: boolean;
}

/** A sweep of one field, or of two over a grid (row-major: point i·|y| + j). */
export interface FieldSweep {
  schema: 'epochcalc/field-sweep@1';
  points: number;
  x: SweptField & { values: Float64Array };
  y?: SweptField & { values: Float64Array };
  host: RunSeries;
  accelerator: RunSeries;
  /** Host epoch ÷ accelerator epoch. */
  speedup: Float64Array;
  /** Which device's epoch is shorter ("host" on a tie). */
  winner: ('host' | 'accelerator')[];
}

/** "flip" (the winner changes), "speedup=K" (or "K x"), "epoch=TIME" ("epoch=30 ms"). */
export type GoalText = string;

export interface ValueRange {
  from: number;
  to: number;
}

/** Where a goal holds over a field's limits, and the value that meets it (docs/model.md). */
export interface SolveAnswer {
  goal: { kind: 'speedup_at_least' | 'accelerator_wins' | 'epoch_within'; target: number };
  metric: 'speedup' | 'accelerator_epoch_time_s';
  /** "value": `value` is the boundary; "always" or "never" within the field's limits. */
  answer: 'value' | 'always' | 'never';
  value: number | null;
  /** The goal holds from `value` upwards, or up to it. */
  holds_when: 'at_least' | 'at_most' | null;
  holds: ValueRange[];
  /** The field's value and the goal's metric in the scenario as given; value null when the field is
   * left out and means none (no graph launches: one launch per operation), outside `limits`. */
  current: { value: number | null; metric: number };
  limits: { low: number; high: number; metric_at_low: number; metric_at_high: number };
  /** The edits that apply the answer: each path (a JSON pointer) set to the value (SI units); empty
   * without a value. Applied to the document (calc.set), they give `metric_at_value` exactly. */
  edits: { path: string; value: number }[];
  /** The goal's metric with the edits applied; null without a value. */
  metric_at_value: number | null;
}

export interface SolveFor extends SolveAnswer {
  schema: 'epochcalc/solve-for@1';
  field: SweptField;
}

export interface BreakEven {
  schema: 'epochcalc/break-even@1';
  batch_size: number;
  /** Each field solve-for accepts that changes this scenario: where the winner flips, where the
   * accelerator is twice as fast. */
  fields: (SweptField & {
    flip: SolveAnswer;
    twice_as_fast: SolveAnswer;
    /** The values a chart across this field shows by default: a factor of 30 either side of its value,
     * within its limits, on a log scale; from 0 on a linear one when it is 0. */
    sweep: { from: number; to: number; log: boolean };
  })[];
  /** Batch sizes at which each device's overhead exceeds its work. */
  overhead_exceeds_work: { host: BatchRange[]; accelerator: BatchRange[] };
}

/** One epoch on one compared device: a Run without the counts and the split of the energy. */
export type ComparedRun = Pick<Run, 'epoch_time_s' | 'compute_time_s' | 'memory_time_s' | 'work_time_s' | 'dispatch_time_s'
  | 'launch_time_s' | 'step_time_s' | 'overhead_time_s' | 'transfer_time_s' | 'overhead_fraction' | 'idle_energy_j' | 'energy_j' | 'cost_usd'>;

/** What calc.csv writes: a sweep or grid, a comparison, or (neither) the result. */
export interface CsvRequest {
  sweeps?: (FieldSweepSpec | string)[];
  compare?: string | (string | PricedDevice)[];
  units?: 'si' | 'human';
}

/** A device of a comparison with its price per hour ("1.80 USD/h", "0.80/h", or a number of USD/h)
 * and idle power ("30 W", or a number of W); given, they win over the scenario's and the list price. */
export interface PricedDevice {
  id: string;
  price?: string | number;
  idle_power?: string | number;
}

/** Where a compared device's price came from: given (the list, the scenario) or a cited list price. */
export type ComparedPrice =
  | { usd_per_hour: number; from: 'given' }
  | { usd_per_hour: number; from: 'list'; offer: string; source: string; date: string };

export interface Comparison {
  schema: 'epochcalc/compare@1';
  batch_size: number;
  precision: string;
  devices: {
    id: string;
    name: string;
    kind: string;
    runs_as: 'host' | 'accelerator';
    /** The scenario's own device in this row, or null. */
    yours: 'host' | 'accelerator' | null;
    /** The price it is compared at; null: none, so no cost. */
    price: ComparedPrice | null;
    /** The scenario field a price typed for this row is kept in (calc.set takes it). */
    price_path: string;
    idle_power_w: number | null;
    /** The scenario field an idle power typed for this row is kept in. */
    idle_power_path: string;
    /** false: no peak at the scenario's precision, and no runs. */
    has_precision: boolean;
    batched?: ComparedRun;
    batch_one?: ComparedRun;
  }[];
  /** The fastest device on each range of batch sizes 1..N. */
  fastest: { from: number; to: number; device: string }[];
  /** The cheapest epoch on each range, among the devices with a price; [] when none has one. */
  cheapest: { from: number; to: number; device: string }[];
  /** The ranges in words: "Fastest: … for batch 1–20, … from 21."; null without ranges. */
  fastest_text: string | null;
  cheapest_text: string | null;
  /** With compare's `across` (a sweep of the batch size): each device that runs, its epoch and cost
   * (null without a price) at every batch size. */
  across?: { batch_size: number[]; devices: { id: string; epoch_time_s: number[]; cost_usd: number[] | null }[] };
}

/** A device's batched epoch and the accelerator's speedup: what a one-click what-if changes. */
export interface QuickOutcome {
  host: ComparedRun;
  accelerator: ComparedRun;
  speedup: number;
}

export interface QuickWhatifs {
  schema: 'epochcalc/quick-whatifs@1';
  before: QuickOutcome;
  /** In a fixed order: cuda-graphs, compiled-step, half-dispatch, half-precision, batch-x4. */
  whatifs: ({
    id: string;
    label: string;
    applies: true;
    /** The field edits, in order, as `update` takes them: one per value in force it changes. */
    edits: FieldEdit[];
    /** How it differs from the framework profile it imitates. */
    note?: string;
    after: QuickOutcome;
  } | {
    id: string;
    label: string;
    applies: false;
    edits?: FieldEdit[];
    /** Why it does not apply to this scenario. */
    reason: string;
  })[];
}

export interface LinkReading {
  scenario: ScenarioInput | null;
  notes: EngineError[];
}

/** The names of a prepared scenario's numbers (docs/model.md, "The result view"): `names[i]` is slot
 * i of `solve()`'s Float64Array, as a dotted path into the result document
 * ("accelerator.batched.epoch_time_s"); `index` maps each name to its slot. */
export interface ResultView {
  readonly version: 'epochcalc/view@1';
  readonly names: readonly string[];
  readonly index: Readonly<Record<string, number>>;
}

/** A scenario read, validated and solved once by the engine, then edited one field at a time
 * (`calc.prepare`). Keep one per calculator; `dispose` frees the engine's copy (so does garbage
 * collection). */
export declare class PreparedScenario {
  private constructor();
  /** Sets one field (pointer or dotted path): a number in SI units, text read by the engine's unit
   * reader ("20 us"), or null / "" to remove an optional field. It means exactly what the same edit of
   * the document means. A refused value throws EpochcalcError with the reader's code, path and message,
   * and the scenario stays as it was. */
  set(path: string, value: number | string | null): this;
  /** The result's numbers, slot i named by `calc.view.names[i]`: a view over the engine's memory, valid
   * until the next call. A cost without a price is NaN; no crossover is 0. */
  solve(): Float64Array;
  /** The full result document of the edited scenario, as `calc.solve` of `document()` gives it. */
  result(): Result;
  /** What `calc.update` gives for the edited scenario (its document, expansion, result and default
   * sweep) in one call: the page's edit loop. */
  update(): Update;
  /** The scenario document with every edit in it. */
  document(): ScenarioInput;
  sweepField(...sweeps: FieldSweepSpec[]): Promise<FieldSweep>;
  solveFor(field: string, goal?: GoalText): Promise<SolveFor>;
  breakEven(): Promise<BreakEven>;
  compare(devices?: 'accelerators' | 'all' | (string | PricedDevice)[], across?: FieldSweepSpec): Promise<Comparison>;
  /** Frees the engine's copy; any later call throws EpochcalcError. */
  dispose(): void;
}

export interface Calculator {
  readonly version: string;
  /** Solves a scenario (object or JSON text). Throws EpochcalcError for invalid input. */
  solve(scenario: ScenarioInput | string): Result;
  /** Reads, validates and solves the scenario once and keeps it: edit it with `set`, read its numbers
   * with `solve`. Throws exactly as `solve` does, and E_RANGE when 10,000 prepared scenarios are alive
   * (dispose those you no longer use). */
  prepare(scenario: ScenarioInput | string): PreparedScenario;
  /** The names of `PreparedScenario.solve()`'s slots. */
  readonly view: ResultView;
  /** The result and its sweep from one engine call (one validation, one win-range search); batch
   * sizes null for the default grid. What the page calls on every edit. */
  evaluate(scenario: ScenarioInput | string, batchSizes?: ArrayLike<number> | null): { result: Result; sweep: SweepResult };
  /** A page's edit in one engine call: `edit` applied to the document (as `set` does), the result
   * expanded (as `expand`), solved and swept over the default grid (as `evaluate`). Without `edit`, the
   * document as it is (a link, an import: JSON text is read by the engine). A document that is invalid
   * comes back with its `errors`, not thrown; only an edit that cannot be made (a malformed path, or a
   * document that is not JSON) throws EpochcalcError, and the document stays as it was. */
  update(scenario: ScenarioInput | string, edit?: FieldEdit | null): Update;
  /** Epoch times at many batch sizes, one Float64Array per quantity; null for the default grid. */
  sweep(scenario: ScenarioInput | string, batchSizes?: ArrayLike<number> | null): SweepResult;
  /** The preset merged and every registry id resolved (for a form); throws for an unknown id or preset. */
  expand(scenario: ScenarioInput | string): ExpandedScenario;
  /** The scenario after setting the field at `path` (pointer or dotted) to the typed `text`, read by the
   * field's kind exactly as `epochcalc --set` reads it. Returns a new object. */
  set(scenario: ScenarioInput | string, path: string, text: string): ScenarioInput;
  /** A link's parameters read as the page opens them (docs/model.md, "Links"): the scenario JSON
   * (`scenario`) first, then `preset`, then every field parameter ("network.batch_size=64", "dispatch=20
   * us"), each value read as `set` reads it; the default preset where the link names none. `scenario` is
   * null when the link's scenario JSON is not JSON or not an object (solve its text to see where); `notes` name the
   * parameters that did not apply (no such field, given twice, a malformed path). `total` is how many
   * parameters the link has where `params` holds only its first ones (the engine reads the first
   * `schema().limits.link_params` and says how many it left). */
  readLink(params: URLSearchParams | Iterable<[string, string]>, total?: number): LinkReading;
  /** The parameters that `readLink` reads back as `scenario`: one per field where a parameter can say
   * it, JSON (`scenario`) for the rest. */
  writeLink(scenario: ScenarioInput | string): [string, string][];
  /** Every scenario rule: precisions, phases, overlaps, device kinds, units, fields, limits, defaults. */
  schema(): Schema;
  presets(): PresetEntry[];
  /** Framework profiles, with their ranges and sources. */
  profiles(): ProfileEntry[];
  /** Fits dispatch, launch and each device's efficiency to measured epoch times (non-negative least
   * squares). Rejects with EpochcalcError for bad input (paths such as "/measurements/3/epoch_time_s").
   * The first call loads epochcalc_calibration.wasm (beside epochcalc_core.wasm). */
  calibrate(input: CalibrationInput | string): Promise<Calibration>;
  /** Solves the scenario at each value of one numeric field, or of two over a grid; values typed with
   * units and checked against the field's limits. The first what-if call loads epochcalc_whatif.wasm. */
  sweepField(scenario: ScenarioInput | string, ...sweeps: FieldSweepSpec[]): Promise<FieldSweep>;
  /** The value of a field that meets the goal for the accelerator at the configured batch size. */
  solveFor(scenario: ScenarioInput | string, field: string, goal?: GoalText): Promise<SolveFor>;
  breakEven(scenario: ScenarioInput | string): Promise<BreakEven>;
  /** The scenario on several devices: registry ids ("host" and "accelerator" name the scenario's own),
   * each with a price per hour if it has one ("l4@0.80/h", or { id: 'l4', price: '0.80 USD/h' }; a bare
   * number is USD/h), "accelerators" (the host and every registry accelerator; the default) or "all".
   * Priced devices get a cost per epoch and the cheapest ranges; the others' cost is null. */
  /** `across`: a sweep of network.batch_size as sweepField takes one; the reply's `across` then holds each
   * device's epoch and cost at every point. */
  compare(scenario: ScenarioInput | string, devices?: 'accelerators' | 'all' | (string | PricedDevice)[], across?: FieldSweepSpec): Promise<Comparison>;
  /** The scenario as CSV, written by the engine with the columns the command line's --csv writes: its
   * result (nothing asked), a sweep or a grid (`sweeps`, as sweepField takes them) or a comparison
   * (`compare`, as compare takes it); in SI units to 17 digits (the default) or for people (`units:
   * 'human'`: each column in the unit its values read best in). A cost without a price is an empty cell. */
  csv(scenario: ScenarioInput | string, what?: CsvRequest): Promise<string>;
  /** One-click what-ifs for this scenario (CUDA Graphs, a compiled step, half the dispatch, half
   * precision, four times the batch), each with its edit and the epochs it gives. */
  quickWhatifs(scenario: ScenarioInput | string): Promise<QuickWhatifs>;
  hardware(): HardwareEntry[];
  datasets(): DatasetEntry[];
  /** The default preset's complete scenario. */
  defaultScenario(): ScenarioInput;
}

export interface CalculatorOptions {
  /** The .wasm bytes; by default a browser fetches, and node reads, epochcalc_core.wasm beside the module. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** The calibration module's .wasm bytes (epochcalc_calibration.wasm), for pages that cannot fetch it. */
  calibrationWasmBinary?: ArrayBuffer | Uint8Array;
  /** The what-if module's .wasm bytes (epochcalc_whatif.wasm), for pages that cannot fetch it. */
  whatifWasmBinary?: ArrayBuffer | Uint8Array;
  /** Where to find epochcalc_core.wasm (and epochcalc_calibration.wasm), given its file name. */
  locateFile?: (path: string, prefix: string) => string;
}

export function createCalculator(options?: CalculatorOptions): Promise<Calculator>;
export default createCalculator;
