// The what-if calls of the module (calc.sweepField, solveFor, breakEven, compare) over the what-if
// wasm (epochcalc_whatif.js and .wasm). Loaded by epochcalc.js with that module on the first what-if
// call, so that a first visit carries neither. Every rule is the engine's: the arguments (sweeps,
// devices) go to it as JSON data, which it reads and checks where each value stands, and this file
// only turns replies into objects.
import createWhatif from './epochcalc_whatif.js';

/**
 * @param {object} options  the Emscripten options of the what-if module
 * @param {{ toText: (v: unknown, what?: string, data?: boolean) => string, parseReply: (text: string) => any }} wrapper
 */
export async function whatifCalls(options, { toText, parseReply }) {
  const engine = await createWhatif(options);

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
    sweepField: (scenario, ...sweeps) => fieldSweep(engine._sweepField(toText(scenario), toText(sweeps, 'sweeps', true))),
    solveFor: (scenario, field, goal = 'flip') => parseReply(engine._solveFor(toText(scenario), String(field), String(goal))),
    breakEven: (scenario) => parseReply(engine._breakEven(toText(scenario))),
    // A CSV of the scenario's result, of a sweep (its sweeps as sweepField takes them) or of a comparison
    // (its devices as compare takes them), written by the engine: the same columns the command line's
    // --csv writes, in SI units or for people.
    csv: (scenario, { sweeps, compare, units = 'si' } = {}) => parseReply(engine._csv(toText(scenario),
      sweeps ? 'sweep' : compare != null ? 'compare' : 'result',
      toText(sweeps ?? compare ?? null, sweeps ? 'sweeps' : 'devices', true), String(units))).csv,
    // A list names each device by id, or as { id, price?, idle_power? } (a price per hour and an idle
    // power as those fields take them: "1.80 USD/h", or a number of USD/h or W).
    compare: (scenario, devices = 'accelerators') => parseReply(engine._compare(toText(scenario), toText(devices, 'devices', true))),
    quickWhatifs: (scenario) => parseReply(engine._quickWhatifs(toText(scenario))),
    // The module's memory now, in bytes: the wrapper loads a fresh module after a call that grew it far.
    memoryBytes: () => engine.HEAPU8.length,
  };
}
