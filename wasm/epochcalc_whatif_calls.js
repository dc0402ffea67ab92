// The what-if calls of the module (calc.sweepField, solveFor, breakEven, compare) over the what-if
// wasm (epochcalc_whatif.js and .wasm). Loaded by epochcalc.js with that module on the first what-if
// call, so that a first visit carries neither. Every rule is the engine's: the arguments (sweeps,
// devices) go to it as JSON data, which it reads and checks where each value stands, and this file
// only turns replies into objects.
import createWhatif from './epochcalc_whatif.js';

/**
 * @param {object} options  the Emscripten options of the what-if module
 * @param {{ toText: (v: unknown, what?: string, data?: boolean) => string, exchange: (mod: any) => { put: (i: number, text: string) => void, taken: () => Uint8Array, text: () => string },
 *   unwrap: (bytes: Uint8Array, words: string[]) => any }} wrapper  epochcalc.js's own helpers
 */
export async function whatifCalls(options, { toText, exchange, unwrap }) {
  const engine = await createWhatif(options);
  const io = exchange(engine);
  engine._epochcalc_words();
  const words = JSON.parse(io.text());
  /**
   * One call of the module (wasm/whatif_bindings.cpp: epochcalc_whatif): the scenario and the call's
   * own arguments in, the engine's reply read (an error document throws).
   * @param {number} which @param {unknown} scenario @param {...string} args
   */
  const call = (which, scenario, ...args) => {
    io.put(0, toText(scenario));
    args.forEach((a, i) => io.put(i + 1, a));
    engine._epochcalc_whatif(which);
    return unwrap(io.taken(), words);
  };

  return {
    sweepField: (scenario, ...sweeps) => call(0, scenario, toText(sweeps, 'sweeps', true)),
    solveFor: (scenario, field, goal = 'flip') => call(1, scenario, String(field), String(goal)),
    breakEven: (scenario) => call(2, scenario),
    // A list names each device by id, or as { id, price?, idle_power? } (a price per hour and an idle
    // power as those fields take them: "1.80 USD/h", or a number of USD/h or W).
    // `across`: a sweep of the batch size as sweepField takes it ({ field: 'network.batch_size', from,
    // to, points?, log? } or { field, values }): each device's epoch and cost at every point ("across").
    compare: (scenario, devices = 'accelerators', across = undefined) => call(3, scenario, toText(devices, 'devices', true),
      across == null ? '' : toText([across], 'across', true)),
    quickWhatifs: (scenario) => call(4, scenario),
    // A CSV of the scenario's result, of a sweep (its sweeps as sweepField takes them) or of a comparison
    // (its devices as compare takes them), written by the engine: the same columns the command line's
    // --csv writes, in SI units or for people.
    csv: (scenario, { sweeps, compare, units = 'si' } = {}) => call(5, scenario, sweeps ? 'sweep' : compare != null ? 'compare' : 'result',
      toText(sweeps ?? compare ?? null, sweeps ? 'sweeps' : 'devices', true), String(units)).csv,
    // The module's memory now, in bytes: the wrapper loads a fresh module after a call that grew it far.
    memoryBytes: () => engine.HEAPU8.length,
  };
}
