// The sweep chart's log axes: which batch sizes get a label, and round epoch times for ticks. Pure
// functions, shared by the chart (sweep-plot.js, loaded on demand) and the tests.
import { num } from './format.js';

/** Compact tick label for a batch size: 1, 10, 100, 1k, 10k, 1M. @param {number} v */
export function compact(v) {
  if (v >= 1e9) return `${num(v / 1e9, { digits: 3 })}G`;
  if (v >= 1e6) return `${num(v / 1e6, { digits: 3 })}M`;
  if (v >= 1e3) return `${num(v / 1e3, { digits: 3 })}k`;
  return num(v, { digits: 3 });
}

/** Which mantissas get a tick label on a log axis spanning `decades`. */
export function labelled(v, decades) {
  if (v < 1 || v !== Math.round(v)) return false;  // batch sizes are whole numbers
  const m = Math.round(v / 10 ** Math.floor(Math.log10(v) + 1e-9));
  if (decades > 2.5) return m === 1;
  if (decades > 0.5) return m === 1 || m === 2 || m === 5;
  return true;
}

/** Round times for a log axis: decades below a minute, then minutes and hours; finer if few fit. */
export function timeTicks(lo, hi) {
  const levels = [
    [[1], [60, 600, 3600, 36000, 360000, 3600000, 36000000, 360000000]],
    [[1, 2, 5], [60, 120, 300, 600, 1200, 3600, 7200, 18000, 36000, 72000, 180000, 360000, 720000, 1800000, 3600000, 36000000, 360000000]],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9], [60, 120, 180, 240, 300, 600, 900, 1200, 1800, 2700, 3600, 5400, 7200, 10800, 18000, 36000, 72000]],
  ];
  let ticks = [];
  for (const [steps, big] of levels) {
    ticks = [];
    for (let k = Math.floor(Math.log10(lo)) - 1; k <= 1; k++) for (const m of steps) ticks.push(m * 10 ** k);
    ticks = [...ticks.filter((t) => t < 60), ...big].filter((t) => t >= lo * 0.999 && t <= hi * 1.001);
    if (ticks.length >= 3) break;
  }
  return ticks;
}

