// The what-if calls of the module (calc.sweepField, solveFor, breakEven, compare) over the what-if
// wasm (epochcalc_whatif.js and .wasm). Loaded by epochcalc.js with that module on the first what-if
// call, so that a first visit carries neither. Every rule is the engine's: this file only turns
// arguments into text and replies into objects.
import createWhatif from './epochcalc_whatif.js';

/**
 * @param {object} options  the Emscripten options of the what-if module
 * @param {{ toText: (v: unknown) => string, parseReply: (text: string) => any, EpochcalcError: any }} wrapper
 */
export async function whatifCalls(options, { toText, parseReply, EpochcalcError }) {
  const engine = await createWhatif(options);

  /**
   * A sweep as the engine reads it ("PATH=FROM:TO:N[:log]" or "PATH=V1,V2,..."): a string as it is,
   * or { field, from, to, points?, log? } or { field, values }. Numbers are in SI units, strings carry theirs.
   * @param {any} spec
   */
  function sweepText(spec, index = 0) {
    if (typeof spec === 'string') return spec;
    if (!spec || typeof spec !== 'object' || typeof spec.field !== 'string') {
      throw new EpochcalcError([{ code: 'E_TYPE', path: '/sweeps', message: 'a sweep is { field, from, to, points?, log? } or { field, values }, or the text "PATH=FROM:TO[:N][:log]"' }]);
    }
    // Each value is one value: a ":" or "," in it would be read as a range or a list (issue 36: a value
    // "1 us:2 us:3" ran a 3-point range).
    const one = (value, where) => {
      if (/[:,]/.test(String(value))) {
        throw new EpochcalcError([{ code: 'E_TYPE', path: `/sweeps/${index}/${where}`, message: `"${String(value).slice(0, 60)}" is not one value: give each value on its own, without ":" or ","` }]);
      }
      return value;
    };
    if (Array.isArray(spec.values)) return `${spec.field}=${spec.values.map((v, i) => one(v, `values/${i}`)).join(',')}`;
    return `${spec.field}=${one(spec.from, 'from')}:${one(spec.to, 'to')}${spec.points != null ? `:${one(spec.points, 'points')}` : ''}${spec.log ? ':log' : ''}`;
  }

  /**
   * A device list as the engine reads it: ids, or { id, price?, idle_power? } as "id@price@idle W",
   * separated by commas. A number is in USD/h or W. Each part is one value: a "," or "@" in it would
   * be read as another device or term.
   */
  function deviceList(devices) {
    if (!Array.isArray(devices)) return String(devices);
    return devices.map((d, i) => {
      const one = (value, where, separators = /[,@]/) => {
        if (separators.test(String(value))) {
          throw new EpochcalcError([{ code: 'E_TYPE', path: `/devices/${i}${where}`, message: `"${String(value).slice(0, 60)}" is not one value: give it without "," or "@"` }]);
        }
        return String(value);
      };
      if (!d || typeof d !== 'object') return one(d, '', /,/);  // "l4@0.80/h" as the engine reads it
      let text = one(d.id, '/id');
      if (d.price != null) text += `@${one(d.price, '/price')}`;
      // The engine reads a term that ends in W as the idle power; a bare number is in W.
      if (d.idle_power != null) text += `@${one(d.idle_power, '/idle_power')}${/^\s*[-+0-9.eE]+\s*$/.test(String(d.idle_power)) ? ' W' : ''}`;
      return text;
    }).join(',');
  }

  /** A field sweep's reply: the engine's header, its values and series (typed arrays), the winner by name. */
  function fieldSweep(reply) {
    if (reply.error !== undefined) parseReply(reply.error);
    const out = JSON.parse(reply.header);
    out.x.values = reply.x;
    if (out.y) out.y.values = reply.y;
    out.host = reply.host;
    out.accelerator = reply.accelerator;
    out.speedup = reply.speedup;
    out.winner = Array.from(reply.accelerator_faster, (f) => (f ? 'accelerator' : 'host'));
    return out;
  }

  return {
    sweepField: (scenario, ...sweeps) => fieldSweep(engine._sweepField(toText(scenario), sweeps.map(sweepText))),
    solveFor: (scenario, field, goal = 'flip') => parseReply(engine._solveFor(toText(scenario), String(field), String(goal))),
    breakEven: (scenario) => parseReply(engine._breakEven(toText(scenario))),
    // A CSV of the scenario's result, of a sweep (its sweeps as sweepField takes them) or of a comparison
    // (its devices as compare takes them), written by the engine: the same columns the command line's
    // --csv writes, in SI units or for people.
    csv: (scenario, { sweeps, compare, units = 'si' } = {}) => parseReply(engine._csv(toText(scenario),
      sweeps ? 'sweep' : compare != null ? 'compare' : 'result',
      sweeps ? sweeps.map(sweepText) : compare != null ? [deviceList(compare)] : [], String(units))).csv,
    // A list names each device by id, or as { id, price } (a price per hour as the price field takes it:
    // "1.80 USD/h", or a number of USD/h); the engine reads it as "id@price".
    compare: (scenario, devices = 'accelerators') => parseReply(engine._compare(toText(scenario), deviceList(devices))),
    quickWhatifs: (scenario) => parseReply(engine._quickWhatifs(toText(scenario))),
    // The module's memory now, in bytes: the wrapper loads a fresh module after a call that grew it far.
    memoryBytes: () => engine.HEAPU8.length,
  };
}
