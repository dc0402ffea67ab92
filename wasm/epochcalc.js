// The JavaScript face of epochcalc: a hand-written ES module over the Emscripten glue.
// Plain objects in and out; invalid input throws EpochcalcError carrying the engine's codes.
import createEpochcalcCore from './epochcalc_core.js';

/** An invalid scenario (or an internal fault): `code` is the first error's code, `errors` all of them. */
export class EpochcalcError extends Error {
  /** @param {{code: string, path: string, message: string}[]} errors */
  constructor(errors) {
    const first = errors[0] ?? { code: 'E_INTERNAL', path: '', message: 'unknown error' };
    super(errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('\n'));
    this.name = 'EpochcalcError';
    this.code = first.code;
    this.path = first.path;
    this.errors = errors;
  }
}

/** Parses an engine reply and throws EpochcalcError for an error document. */
function unwrap(text) {
  const reply = JSON.parse(text);
  if (reply.schema === 'epochcalc/error@1') throw new EpochcalcError(reply.errors);
  return reply;
}

/** JSON.stringify would write NaN and Infinity as null, which reads as "delete this field" over a
 * preset; sent as strings, the engine reports them at their path instead. */
const keepNonFinite = (_key, value) => (typeof value === 'number' && !Number.isFinite(value) ? String(value) : value);

/** Scenario objects are sent as JSON text; a string is taken as JSON text already. */
function toText(value, what = 'scenario') {
  if (typeof value === 'string') return value;
  let text;
  try {
    text = JSON.stringify(value, keepNonFinite);
  } catch (error) {
    text = undefined; // BigInt or a cycle
  }
  if (typeof text !== 'string') {
    throw new EpochcalcError([
      { code: 'E_TYPE', path: '', message: `expected the ${what} as an object or JSON text, got ${typeof value}` },
    ]);
  }
  return text;
}

/**
 * Loads the WebAssembly engine. In node, pass `{ wasmBinary: readFileSync(url) }`; in a browser the
 * .wasm next to this file is fetched. Options go to the Emscripten module factory.
 * @param {object} [options]
 */
export async function createCalculator(options = {}) {
  const core = await createEpochcalcCore(options);
  // Registry listings never change while the page runs: parse them once.
  const hardware = JSON.parse(core._hardware()).hardware;
  const datasets = JSON.parse(core._datasets()).datasets;
  const presets = JSON.parse(core._presets()).presets;
  const defaultScenario = core._defaultScenario();
  const copy = (value) => JSON.parse(JSON.stringify(value));
  return Object.freeze({
    version: core._version(),
    solve: (scenario) => unwrap(core._solve(toText(scenario))),
    sweep: (scenario, batchSizes = null) =>
      unwrap(core._sweep(toText(scenario), batchSizes == null ? '' : toText(batchSizes, 'batch size list'))),
    presets: () => copy(presets),
    hardware: () => copy(hardware),
    datasets: () => copy(datasets),
    defaultScenario: () => JSON.parse(defaultScenario),
  });
}

export default createCalculator;
