// Who wins where, in words: the page's one wording of the engine's win ranges
// (result.comparison.accelerator_wins). The sentence, the headline, the chart's description and the
// report all take their words from here, so none of them can say what the ranges contradict.
import { int, shortName } from './format.js';

/** @typedef {import('epochcalc').Result} Result */
/** @typedef {import('epochcalc').BatchRange} BatchRange */

/** "21 to 60,000", or "7" for a range of one. @param {BatchRange} r */
export const span = (r) => (r.from === r.to ? int(r.from) : `${int(r.from)} to ${int(r.to)}`);

/** "1 to 3 and 28 to 1,322". @param {BatchRange[]} ranges */
export function spans(ranges) {
  const parts = ranges.map(span);
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * The batch sizes in [1, n] outside the ranges: where the host is as fast or faster.
 * @param {BatchRange[]} ranges @param {number} n
 * @returns {BatchRange[]}
 */
export function complement(ranges, n) {
  const out = [];
  let next = 1;
  for (const r of ranges) {
    if (r.from > next) out.push({ from: next, to: r.from - 1 });
    next = r.to + 1;
  }
  if (next <= n) out.push({ from: next, to: n });
  return out;
}

/**
 * The win ranges as one statement, with a short form for the headline.
 * @param {Result} r
 * @returns {{ kind: 'never'|'always'|'from'|'until'|'between', sentence: string, short: string, note: string }}
 */
export function describeWins(r) {
  const wins = r.comparison.accelerator_wins;
  const n = r.scenario.network.dataset.training_examples;
  const acc = shortName(r.accelerator.name);
  const all = `1 to ${int(n)}`;
  if (wins.length === 0) {
    return {
      kind: 'never', short: 'never',
      note: `the accelerator is not faster at any batch size from ${all}`,
      sentence: `The ${acc} is not faster than the host at any batch size from ${all}.`,
    };
  }
  if (wins.length === 1 && wins[0].from === 1 && wins[0].to === n) {
    return {
      kind: 'always', short: `batch ${all}`,
      note: 'the accelerator is faster at every batch size',
      sentence: `The ${acc} is faster than the host at every batch size from ${all}.`,
    };
  }
  if (wins.length === 1 && wins[0].to === n) {
    return {
      kind: 'from', short: `from batch ${int(wins[0].from)}`,
      note: `accelerator faster from batch ${int(wins[0].from)} up to ${int(n)}`,
      sentence: `The ${acc} starts to win at batch size ${int(wins[0].from)} and stays faster up to ${int(n)}.`,
    };
  }
  const host = spans(complement(wins, n));
  return {
    kind: wins.length === 1 && wins[0].from === 1 ? 'until' : 'between',
    short: `batch ${spans(wins)}`,
    note: `accelerator faster only there; the host is as fast or faster at ${host}`,
    sentence: `The ${acc} is faster only at batch sizes ${spans(wins)}; the host is as fast or faster at ${host}.`,
  };
}
