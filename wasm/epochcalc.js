// The JavaScript face of epochcalc: a hand-written ES module over the Emscripten glue.
// Plain objects in and out; invalid input throws EpochcalcError carrying the engine's codes. Every
// scenario rule lives in the engine: schema() exports them, expand() and set() apply them.
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

/**
 * Reads one reply of the engine: a tape of tokens, numbers and text (engine/src/contract/reply_tape.hpp) that
 * becomes the object JSON.parse would make of the document's text, except that a series becomes a
 * Float64Array. Nothing is parsed: numbers are read as they are, keys and common strings by index.
 * @param {Uint8Array} bytes  a copy of the reply (its own buffer)
 * @param {string[]} words  the engine's list of keys and common strings
 * @returns {any}
 */
export function readReply(bytes, words) {
  // Two views of the whole reply (its length is a multiple of 8): the header and tokens as u32, the
  // numbers as f64; the text is read once, without a decoder when it is short ASCII.
  const u32 = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >>> 2);
  const numbers = new Float64Array(bytes.buffer, bytes.byteOffset, bytes.length >>> 3);
  let n = 2; // next number (after the 16-byte header)
  let t = 4 + 2 * u32[0]; // next token
  const textAt = 4 * (t + u32[1]);
  const textEnd = textAt + u32[2];
  const text = textEnd === textAt ? ''
    : u32[3] === 1 && textEnd - textAt <= 4096 ? String.fromCharCode.apply(null, /** @type {any} */ (bytes.subarray(textAt, textEnd)))
      : utf8.decode(bytes.subarray(textAt, textEnd));
  const tokens = u32;
  let c = 0; // next character of the text
  const string = (units) => text.slice(c, (c += units));
  function value(token) {
    switch (token & 15) {
      case 0: { // object
        const object = {};
        for (let k = tokens[t++]; (k & 15) !== 2; k = tokens[t++]) {
          const key = (k & 15) === 3 ? words[k >>> 4] : string(k >>> 4);
          const v = value(tokens[t++]);
          // "__proto__" is an ordinary key in JSON, never the prototype.
          if (key === '__proto__') Object.defineProperty(object, key, { value: v, writable: true, enumerable: true, configurable: true });
          else object[key] = v;
        }
        return object;
      }
      case 1: { // array
        const array = [];
        for (let k = tokens[t++]; (k & 15) !== 2; k = tokens[t++]) array.push(value(k));
        return array;
      }
      case 5: return numbers[n++];
      case 6: return null;
      case 7: return true;
      case 8: return false;
      case 9: return words[token >>> 4];
      case 10: return string(token >>> 4);
      case 11: { // series: a Float64Array of its own
        const length = token >>> 4;
        const series = numbers.slice(n, n + length);
        n += length;
        return series;
      }
      default: throw new Error(`epochcalc: unreadable reply (token ${token & 15})`);
    }
  }
  return value(tokens[t++]);
}

const utf8 = new TextDecoder();
const utf8Out = new TextEncoder();

/** Reads a reply and throws EpochcalcError for an error document. @param {Uint8Array} bytes @param {string[]} words */
function unwrap(bytes, words) {
  const reply = readReply(bytes, words);
  if (reply.schema === 'epochcalc/error@1') throw new EpochcalcError(reply.errors);
  return reply;
}

/**
 * What a module's C exports share with this wrapper (wasm/exchange.hpp): arguments written into its
 * buffers as UTF-8, the reply's bytes copied out before the call returns. (HEAPU8 is read at each use:
 * memory growth replaces it.)
 * @param {any} mod  the Emscripten module @param {() => number} limit  the most bytes of a document the engine reads
 */
function exchange(mod, limit) {
  const put = (/** @type {number} */ i, /** @type {string} */ text, whole = false) => {
    // Never more than the engine reads plus one character: it refuses a longer text by its length, and a
    // 100 MB argument would otherwise grow the module's memory by as much first (issue 36). A link's
    // parameter list goes whole (`whole`): it is no document, and the engine reads its parameters one by
    // one, each scenario among them against that limit.
    const most = limit();
    const bytes = utf8Out.encode(text.length > most && !whole ? text.slice(0, most + 1) : text);
    // The room first: making it may grow the memory, which replaces HEAPU8.
    const at = mod._epochcalc_argument(i, bytes.length);
    mod.HEAPU8.set(bytes, at);
  };
  const taken = () => {
    const at = mod._epochcalc_reply_data();
    return mod.HEAPU8.slice(at, at + mod._epochcalc_reply_size());
  };
  return { put, taken, text: () => utf8.decode(taken()) };
}

/** JSON.stringify would write NaN and Infinity as null, which reads as "delete this field" over a
 * preset; sent as strings, the engine reports them at their path instead. */
const keepNonFinite = (_key, value) => (typeof value === 'number' && !Number.isFinite(value) ? String(value) : value);

/**
 * Scenario objects are sent as JSON text; a string is taken as JSON text already. With `data`, any value
 * is sent as the JSON it is (a string as a JSON string): a what-if's arguments, which the engine reads.
 * @param {unknown} value @param {string} [what] @param {boolean} [data]
 */
function toText(value, what = 'scenario', data = false) {
  if (typeof value === 'string' && !data) return value;
  let text;
  try {
    text = JSON.stringify(value, keepNonFinite);
  } catch (error) {
    // A cycle, a BigInt, a getter that throws: an object, but none JSON can write (issue 36: "…an
    // object…, got object"); said with JavaScript's own reason.
    const why = String(error instanceof Error ? error.message : error).replace(/\s+/g, ' ').slice(0, 200);
    throw new EpochcalcError([
      { code: 'E_TYPE', path: data ? `/${what}` : '', message: `the ${what} cannot be written as JSON (${why}): give plain objects, arrays, strings and numbers, without a cycle` },
    ]);
  }
  if (typeof text !== 'string') {
    throw new EpochcalcError([
      { code: 'E_TYPE', path: data ? `/${what}` : '', message: `expected the ${what} as ${data ? 'JSON data' : 'an object or JSON text'}, got ${typeof value}` },
    ]);
  }
  return text;
}

/**
 * A link's parameters as the engine reads them: URLSearchParams, or any list of [key, value] pairs.
 * @param {unknown} params @param {number} max  the parameters the engine reads (schema.limits.link_params)
 * @param {unknown} [given]  how many the link has, where `params` holds only the first ones
 */
function linkText(params, max, given = 0) {
  const iterable = params != null && typeof params !== 'string' && typeof (/** @type {any} */ (params))[Symbol.iterator] === 'function';
  const bad = () => new EpochcalcError([{ code: 'E_TYPE', path: '', message: "expected the link's parameters as URLSearchParams or [key, value] pairs" }]);
  if (!iterable) throw bad();
  // Only the parameters the engine reads are sent, with how many the link has (a link of 130,000
  // parameters cost its whole text through the engine's JSON reader).
  const pairs = [];
  let total = 0;
  for (const p of /** @type {Iterable<unknown>} */ (params)) {
    if (!Array.isArray(p) || p.length !== 2) throw bad();
    if (total++ < max) pairs.push([String(p[0]), String(p[1])]);
  }
  return JSON.stringify({ pairs, total: Math.max(total, +given || 0) });
}

/**
 * Batch sizes for a sweep: null for the default grid, else an array or typed array of numbers.
 * @param {unknown} sizes
 * @returns {ArrayLike<number>|null}
 */
function checkBatchSizes(sizes) {
  if (sizes == null) return null;
  if (!Array.isArray(sizes) && !(ArrayBuffer.isView(sizes) && !(sizes instanceof DataView))) {
    throw new EpochcalcError([{ code: 'E_TYPE', path: '/batch_sizes', message: 'expected an array of batch sizes, or null for the default grid' }]);
  }
  const list = /** @type {ArrayLike<unknown>} */ (sizes);
  const errors = [];
  for (let i = 0; i < list.length; i++) {
    if (typeof list[i] !== 'number') {
      errors.push({ code: 'E_TYPE', path: `/batch_sizes/${i}`, message: `expected a whole number, got ${list[i] === null ? 'null' : typeof list[i]}` });
    }
  }
  if (errors.length) throw new EpochcalcError(errors);
  return /** @type {ArrayLike<number>} */ (list);
}

/**
 * A prepared scenario (calc.prepare): read, validated and solved once by the engine, then edited one
 * field at a time. `set` takes an SI number or text read by the engine's unit reader, as the document's
 * edit would; `solve` gives the result's numbers as a Float64Array over the engine's memory, named by
 * `calc.view` and valid until the next call; `result` the full result document of the edited scenario.
 * The engine keeps it until `dispose` (or until it is garbage-collected).
 */
export class PreparedScenario {
  /** @type {any} */ #engine;
  /** @type {number} */ #id;
  /** Where its numbers are in the engine's memory (the same for its life). */
  #at = 0;
  /** @type {Float64Array|null} */ #view = null;
  /** @param {any} engine  the calculator's engine access (createCalculator) @param {number} id */
  constructor(engine, id) {
    this.#engine = engine;
    this.#id = id;
    this.#at = engine.core._epochcalc_prepared(id, 2, 0);
    engine.held.register(this, id, this);
  }

  /** Throws once disposed: the engine's copy is gone. */
  #alive() {
    if (this.#id < 0) throw new EpochcalcError([{ code: 'E_TYPE', path: '', message: 'this prepared scenario was disposed: prepare it again' }]);
  }

  /** One call of the handle (wasm/bindings.cpp: epochcalc_prepared). @param {number} op @param {number} [value] */
  #call(op, value = 0) {
    this.#alive();
    return this.#engine.core._epochcalc_prepared(this.#id, op, value);
  }

  /**
   * Sets one field (a JSON pointer or a dotted path): a number in SI units, text such as "20 us", or
   * null or "" to remove an optional field. A refused value throws EpochcalcError with the engine's code
   * and path, and the scenario stays as it was.
   * @param {string} path @param {number|string|null} value @returns {this}
   */
  set(path, value) {
    const engine = this.#engine;
    const number = typeof value === 'number';
    if (!number && value != null && typeof value !== 'string') {
      throw new EpochcalcError([{ code: 'E_TYPE', path: String(path), message: `expected a number in SI units or text such as "20 us", got ${typeof value}` }]);
    }
    engine.putPath(path);
    if (!number) engine.put(2, value ?? '');
    if (this.#call(number ? 0 : 1, number ? value : 0)) engine.reply(engine.taken());
    return this;
  }

  /** The result's numbers, one slot per name of `calc.view.names`: valid until the next call. */
  solve() {
    this.#alive();
    const buffer = this.#engine.core.HEAPU8.buffer;
    // A new view only when the engine's memory grew, which replaces its buffer.
    if (this.#view?.buffer !== buffer) this.#view = new Float64Array(buffer, this.#at, this.#engine.viewSize);
    return this.#view;
  }

  /** The result document of the edited scenario, as calc.solve gives it (warnings and sources included). */
  result() {
    this.#call(3);
    return this.#engine.reply(this.#engine.taken());
  }

  /**
   * What calc.update gives for the edited scenario: the document, its expansion for a form, its result
   * and default sweep, in one call (the page's edit loop).
   */
  update() {
    this.#call(6);
    const { schema: _, ...out } = this.#engine.reply(this.#engine.taken());
    return out;
  }

  /** The scenario document with every edit in it. */
  document() {
    this.#call(4);
    return JSON.parse(utf8.decode(this.#engine.taken()));
  }

  /** calc.sweepField of the edited scenario. @param {...any} sweeps */
  sweepField(...sweeps) { return this.#engine.calc.sweepField(this.document(), ...sweeps); }
  /** calc.solveFor of the edited scenario. @param {string} field @param {any} [goal] */
  solveFor(field, goal) { return this.#engine.calc.solveFor(this.document(), field, goal); }
  /** calc.breakEven of the edited scenario. */
  breakEven() { return this.#engine.calc.breakEven(this.document()); }
  /** calc.compare of the edited scenario. @param {any} [devices] @param {any} [across] */
  compare(devices, across) { return this.#engine.calc.compare(this.document(), devices, across); }

  /** Frees the engine's copy; any later call throws. */
  dispose() {
    if (this.#id < 0) return;
    this.#engine.held.unregister(this);
    this.#call(5);
    this.#engine.live--;
    this.#id = -1;
    this.#view = null;
  }
}

/**
 * In node the glue (built for the web) cannot fetch a file: read the .wasm beside this module. The
 * specifier is built at run time so that bundlers for the browser leave node's fs alone.
 * @param {object} options
 */
async function withNodeWasm(options, file = 'epochcalc_core.wasm') {
  const inNode = typeof process === 'object' && typeof process.versions?.node === 'string' && typeof window === 'undefined';
  if (!inNode || options.wasmBinary) return options;
  const fs = await import(/* @vite-ignore */ ['node', 'fs/promises'].join(':'));
  return { ...options, wasmBinary: await fs.readFile(new URL(`./${file}`, import.meta.url)) };
}

/**
 * The calibration module (epochcalc_calibration.js and .wasm beside this file), loaded on the first
 * calibrate() call: a fit runs rarely, so a first visit does not carry it. Options as for
 * createCalculator, with `calibrationWasmBinary` for its .wasm.
 * @param {{ calibrationWasmBinary?: ArrayBuffer | Uint8Array, locateFile?: Function }} options
 */
async function loadCalibration(options, limit) {
  const { default: createCalibration } = await import('./epochcalc_calibration.js');
  const fit = await createCalibration(await ownOptions(options, options.calibrationWasmBinary, 'epochcalc_calibration.wasm'));
  const io = exchange(fit, limit);
  fit._epochcalc_words();
  const words = JSON.parse(io.text());
  /** @param {string} text */
  return (text) => {
    io.put(0, text);
    fit._epochcalc_calibrate();
    return unwrap(io.taken(), words);
  };
}

/**
 * The what-if calls (epochcalc_whatif_calls.js, over epochcalc_whatif.js and .wasm beside this file),
 * loaded on the first what-if call: sweeps of any field, solve-for, break-even and devices side by side.
 * @param {{ whatifWasmBinary?: ArrayBuffer | Uint8Array, locateFile?: Function }} options
 */
async function loadWhatif(options, limit) {
  const { whatifCalls } = await import('./epochcalc_whatif_calls.js');
  return whatifCalls(await ownOptions(options, options.whatifWasmBinary, 'epochcalc_whatif.wasm'), { toText, exchange: (mod) => exchange(mod, limit), unwrap });
}

/**
 * A module loaded on its first use, once. A failed load (a file not copied, the network gone) is kept, with
 * a message that names the file and where it was looked for, instead of asked for again on every call;
 * the first call after the browser is back online tries again.
 * @template T @param {() => Promise<T>} load @param {string} file @returns {() => Promise<T>}
 */
function loadedOnce(load, file) {
  /** @type {Promise<T>|null} */
  let loading = null;
  let failed = false;
  globalThis.addEventListener?.('online', () => { if (failed) loading = null; });
  const get = () => (loading ??= load().then((module) => {
    failed = false;
    return module;
  }, (error) => {
    failed = true;
    const where = new URL(`./${file}`, import.meta.url).href;
    throw new Error(`${file} (and its .wasm) could not be loaded from ${where}: copy it beside this module (${error?.message ?? error})`);
  }));
  // Forgets the module: the next call loads a fresh one (its memory back to a new module's).
  get.drop = () => { loading = null; };
  return get;
}

/** Prepared scenarios alive at once, at most (each holds its scenario in the engine, about 4 KB): a loop
 * that prepares without dispose() meets a clear error before the engine's memory grows without bound. */
const MAX_PREPARED = 10000;

/** A what-if module whose memory grew past this (a large grid) is loaded afresh for the next call. */
const WHATIF_MEMORY_KEEP = 64 * 1024 * 1024;

/** An on-demand module's options: the page's locateFile, and its own .wasm bytes when given. */
function ownOptions(options, wasmBinary, file) {
  const own = { locateFile: options.locateFile, wasmBinary };
  if (!own.locateFile) delete own.locateFile;
  if (!own.wasmBinary) delete own.wasmBinary;
  return withNodeWasm(own, file);
}

/**
 * Loads the WebAssembly engine: in a browser the .wasm next to this file is fetched, in node it is
 * read from beside this file (or pass `{ wasmBinary }`). Options go to the Emscripten module factory.
 * @param {object} [options]
 */
export async function createCalculator(options = {}) {
  // Every option but the on-demand modules' goes to the engine (a getter stays unread until then).
  const onDemand = ['calibrationWasmBinary', 'whatifWasmBinary'];
  const coreOptions = Object.fromEntries(Object.keys(options).filter((k) => !onDemand.includes(k)).map((k) => [k, options[k]]));
  const core = await createEpochcalcCore(await withNodeWasm(coreOptions));
  /** The most bytes of a document the engine reads (its schema's limit), for every module's arguments. */
  const limit = () => schema.limits.document.max_bytes;
  const whatifModule = loadedOnce(() => loadWhatif(options, limit), 'epochcalc_whatif_calls.js');
  /**
   * One what-if call. Whatever the module throws that is not an EpochcalcError (an abort in the wasm:
   * out of memory) becomes one, E_INTERNAL, and the module is dropped, so the next call gets a fresh
   * one; so is a module whose memory a call grew past WHATIF_MEMORY_KEEP (wasm memory never shrinks):
   * the memory goes back to a new module's (issue 36).
   * @template T @param {(calls: any) => T} use @returns {Promise<T>}
   */
  const whatif = async (use) => {
    const calls = await whatifModule();
    try {
      return use(calls);
    } catch (error) {
      if (error instanceof EpochcalcError) throw error;
      whatifModule.drop();
      throw new EpochcalcError([{ code: 'E_INTERNAL', path: '', message: `the what-if engine stopped (${error instanceof Error ? error.message : String(error)}); it is loaded afresh for the next call: ask for fewer points or devices` }]);
    } finally {
      if (calls.memoryBytes() > WHATIF_MEMORY_KEEP) whatifModule.drop();
    }
  };
  /** @type {Promise<any>|null} */
  let calibration = null;
  // The engine's C exports (wasm/bindings.cpp, over wasm/exchange.hpp).
  const { put, taken } = exchange(core, limit);
  const text = (which) => {
    core._epochcalc_text(which);
    return utf8.decode(taken());
  };
  /** @param {string} scenario */
  const call = (f, scenario, ...args) => {
    put(0, scenario);
    f(...args);
    return taken();
  };
  // The registries and the schema never change while the page runs: parse them once.
  const words = JSON.parse(text(0));
  const schema = JSON.parse(text(1));
  const hardware = JSON.parse(text(2)).hardware;
  const datasets = JSON.parse(text(3)).datasets;
  const presets = JSON.parse(text(4)).presets;
  const profiles = JSON.parse(text(5)).profiles;
  const defaultScenario = text(6);
  const version = text(7);
  const view = JSON.parse(text(8));
  const viewIndex = Object.freeze(Object.fromEntries(view.names.map((name, i) => [name, i])));
  const copy = (value) => JSON.parse(JSON.stringify(value));
  const reply = (bytes) => unwrap(bytes, words);

  /** One engine call: validate once, solve once, find the win ranges once, sweep. */
  function evaluate(scenario, batchSizes = null) {
    const sizes = checkBatchSizes(batchSizes);
    if (sizes) {
      const bytes = new Uint8Array(Float64Array.from(sizes).buffer);
      const at = core._epochcalc_argument(1, bytes.length);
      core.HEAPU8.set(bytes, at);
    }
    const { result, sweep } = reply(call(core._epochcalc_evaluate, toText(scenario), sizes ? 1 : 0));
    return { result, sweep };
  }

  /** An edit of the page in one call: the document edited, expanded for the form, solved and swept. */
  function update(scenario, edit = null) {
    const text = toText(scenario);
    if (edit != null) {
      put(1, String(edit.path));
      put(2, String(edit.text));
    }
    const { schema: _, ...out } = reply(call(core._epochcalc_update, text, edit == null ? 0 : 1));
    return out;
  }

  // What a PreparedScenario reaches of the engine. The field path goes to an argument of its own
  // (wasm/bindings.cpp), sent only when it changes: a drag sets the same field many times.
  let lastPath = null;
  const engine = {
    core,
    put,
    taken,
    reply,
    viewSize: view.names.length,
    putPath(path) {
      const key = String(path);
      if (key === lastPath) return;
      const bytes = utf8Out.encode(key.length > 1024 ? key.slice(0, 1025) : key);
      core.HEAPU8.set(bytes, core._epochcalc_argument(3, bytes.length));
      lastPath = key;
    },
    // A handle dropped without dispose() frees the engine's copy when it is collected.
    held: new FinalizationRegistry((id) => {
      core._epochcalc_prepared(id, 5, 0);
      engine.live--;
    }),
    live: 0,
    calc: /** @type {any} */ (null),
  };
  /** @param {unknown} scenario */
  const prepare = (scenario) => {
    if (engine.live >= MAX_PREPARED) {
      throw new EpochcalcError([{ code: 'E_RANGE', path: '', message: `${MAX_PREPARED.toLocaleString('en-US')} prepared scenarios are alive: dispose() the ones you no longer use (each holds its scenario in the engine)` }]);
    }
    put(0, toText(scenario));
    const id = core._epochcalc_prepare();
    if (id < 0) reply(taken());
    engine.live++;
    return new PreparedScenario(engine, id);
  };

  const calc = Object.freeze({
    version,
    // A scenario solved once is a prepared scenario's result: one engine path for both.
    solve: (scenario) => {
      const prepared = prepare(scenario);
      try {
        return prepared.result();
      } finally {
        prepared.dispose();
      }
    },
    prepare,
    /** The result view's names (calc.prepare(...).solve()[calc.view.index[name]]) and its version. */
    view: Object.freeze({ version: view.version, names: Object.freeze(view.names.slice()), index: viewIndex }),
    evaluate,
    update,
    sweep: (scenario, batchSizes = null) => evaluate(scenario, batchSizes).sweep,
    // One engine call serves both: the expansion (or why there is none), the document after an edit.
    expand: (scenario) => {
      const { expanded, errors } = update(scenario);
      if (!expanded) throw new EpochcalcError(errors);
      return expanded;
    },
    set: (scenario, path, text) => update(scenario, { path, text }).scenario,
    readLink: (params, total) => {
      put(0, linkText(params, schema.limits.link_params, total), true);
      core._epochcalc_read_link();
      const { scenario, notes } = reply(taken());
      return { scenario, notes };
    },
    writeLink: (scenario) => reply(call(core._epochcalc_write_link, toText(scenario))).params,
    calibrate: async (input) => {
      const text = toText(input, 'calibration input');
      // A failed load is not kept: the fit panel's next run (a deliberate act, not a passing event) tries again.
      calibration ??= loadCalibration(options, limit).catch((error) => {
        calibration = null;
        throw error;
      });
      return (await calibration)(text);
    },
    // The what-ifs: each call loads the what-if module the first time (epochcalc_whatif_calls.js).
    sweepField: (scenario, ...sweeps) => whatif((w) => w.sweepField(scenario, ...sweeps)),
    solveFor: (scenario, field, goal) => whatif((w) => w.solveFor(scenario, field, goal)),
    breakEven: (scenario) => whatif((w) => w.breakEven(scenario)),
    compare: (scenario, devices, across) => whatif((w) => w.compare(scenario, devices, across)),
    quickWhatifs: (scenario) => whatif((w) => w.quickWhatifs(scenario)),
    csv: (scenario, what) => whatif((w) => w.csv(scenario, what)),
    schema: () => copy(schema),
    presets: () => copy(presets),
    profiles: () => copy(profiles),
    hardware: () => copy(hardware),
    datasets: () => copy(datasets),
    defaultScenario: () => JSON.parse(defaultScenario),
  });
  engine.calc = calc;
  return calc;
}

export default createCalculator;
