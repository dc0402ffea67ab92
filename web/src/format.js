// Number and unit formatting: values auto-scaled for reading, exact values for titles and tables.

const LOCALE = 'en-US';
/** Between a number and its unit, so that "274.2 ms" never breaks across lines. */
const NBSP = '\u00a0';
const cache = new Map();
/** @param {Intl.NumberFormatOptions} opts */
function nf(opts) {
  const key = JSON.stringify(opts);
  if (!cache.has(key)) cache.set(key, new Intl.NumberFormat(LOCALE, opts));
  return cache.get(key);
}

/**
 * A number with `digits` significant digits (no exponent), or with exactly `fixed` decimals.
 * @param {number} x
 * @param {{digits?: number, fixed?: number}} [how]
 */
export function num(x, { digits = 4, fixed } = {}) {
  if (!Number.isFinite(x)) return String(x);
  if (fixed != null) return nf({ minimumFractionDigits: fixed, maximumFractionDigits: fixed }).format(x);
  return nf({ maximumSignificantDigits: digits }).format(x);
}

/** Whole number with thousands separators. @param {number} x */
export const int = (x) => nf({ maximumFractionDigits: 0 }).format(x);

/**
 * Picks the scale from `scales` ([factor, unit] ascending) for |x|.
 * @param {number} x @param {[number, string][]} scales
 */
function pick(x, scales) {
  const a = Math.abs(x);
  let chosen = scales[0];
  for (const s of scales) if (a >= s[0] * 0.99995) chosen = s;
  return chosen;
}

const TIME = /** @type {[number, string][]} */ ([[1e-9, 'ns'], [1e-6, 'µs'], [1e-3, 'ms'], [1, 's'], [60, 'min'], [3600, 'h']]);
const ENERGY = /** @type {[number, string][]} */ ([[1e-9, 'nJ'], [1e-6, 'µJ'], [1e-3, 'mJ'], [1, 'J'], [1e3, 'kJ'], [3.6e6, 'kWh']]);
const SI = /** @type {[number, string][]} */ ([[1e-15, 'f'], [1e-12, 'p'], [1e-9, 'n'], [1e-6, 'µ'], [1e-3, 'm'], [1, ''], [1e3, 'k'], [1e6, 'M'], [1e9, 'G'], [1e12, 'T'], [1e15, 'P'], [1e18, 'E']]);

/**
 * Formats with an auto-scaled unit. `fixed` gives a fixed number of decimals (tables).
 * @param {number} x @param {[number, string][]} scales @param {{digits?: number, fixed?: number}} [how]
 */
function scaled(x, scales, how) {
  if (x === 0) return `0${NBSP}${scales.find((s) => s[0] === 1)?.[1] ?? scales[0][1]}`;
  const [f, unit] = pick(x, scales);
  return `${num(x / f, how)}${NBSP}${unit}`;
}

/** Seconds → "274.2 ms". @param {number} s @param {{digits?: number, fixed?: number}} [how] */
export const time = (s, how) => scaled(s, TIME, how);
/** Joules → "674.9 mJ". @param {number} j @param {{digits?: number, fixed?: number}} [how] */
export const energy = (j, how) => scaled(j, ENERGY, how);

/**
 * SI-prefixed count with a unit: 3.93e10 FLOP → "39.31 GFLOP".
 * @param {number} x @param {string} unit @param {{digits?: number, fixed?: number}} [how]
 */
export function si(x, unit, how) {
  if (x === 0) return `0${NBSP}${unit}`;
  const [f, prefix] = pick(x, SI);
  return `${num(x / f, how)}${NBSP}${prefix}${unit}`;
}

/**
 * A quantity in SI units written for reading, by its SI unit as the engine's schema names it:
 * times as times ("20 µs"), a price as dollars ("0.12 USD/h", never "120 mUSD/h"), the rest with an SI
 * prefix ("3.35 TB/s", "160 pJ/B").
 * @param {number} x @param {string} siUnit
 */
export const quantity = (x, siUnit) => (siUnit === 's' ? time(x) : siUnit === 'USD/h' ? `${num(x)}${NBSP}USD/h` : si(x, siUnit));

/** Full-precision value with its SI unit, for titles: "0.27424314 s". @param {number} x @param {string} unit */
export const exact = (x, unit) => `${String(x)} ${unit}`;

/** Ratio "1.08×"; past a million in scientific notation ("1.543E11×"), not a row of zeros. @param {number} x */
export const times = (x) => (x >= 1e6
  ? `${nf({ notation: 'scientific', maximumSignificantDigits: 4 }).format(x)}×`
  : `${num(x, { digits: x >= 100 ? 4 : 3 })}×`);

/**
 * How much faster A is than B, from B's time over A's: "1.08× faster", or "1.28× slower" below 1,
 * so a ratio under one never has to be read backwards; "as fast" for a tie.
 * @param {number} ratio
 */
export const faster = (ratio) => {
  if (ratio === 1) return 'as fast';
  const ahead = ratio >= 1 || ratio <= 0;
  const shown = times(ahead ? ratio : 1 / ratio);
  // A gap below the figure's precision is not "1× faster" (or slower): say so.
  if (shown === times(1)) return 'about as fast';
  return `${shown} ${ahead ? 'faster' : 'slower'}`;
};

/**
 * How a value now compares with an earlier one, for tables that show them side by side: "now 1.97×
 * faster" for a time, "now −37.3 points" for a share (a fraction), "same now" when equal.
 * @param {number} now @param {number} was @param {'time'|'share'} kind
 */
export function compared(now, was, kind) {
  if (now === was) return 'same now';
  if (kind === 'time') return `now ${faster(was / now)}`;
  return `now ${now > was ? '+' : '−'}${num(Math.abs(now - was) * 100, { digits: 3 })} points`;
}

/** Percentage "61.5%"; a sliver shows as "< 0.001%", not 0.000000000429%. @param {number} fraction */
/** A cost in USD, to three figures; a fraction of a cent per epoch reads per 1,000 epochs (issue 35:
 * "0.00004 USD" beside "0.00007 USD" told nobody which device was cheaper). @param {number} usd */
export const cost = (usd) => (usd > 0 && usd < 0.01 ? `${num(usd * 1000, { digits: 3 })} USD per 1,000 epochs` : `${num(usd, { digits: 3 })} USD`);

export const percent = (fraction) => (fraction > 0 && fraction * 100 < 0.001 ? '< 0.001%' : `${num(fraction * 100, { digits: 3 })}%`);

/** A count with its noun: "1 step", "1,875 steps". @param {number} n @param {string} noun */
export const count = (n, noun) => `${int(n)} ${n === 1 ? noun : `${noun}s`}`;

/**
 * A name short enough for a label: names come from links and files and can be any length, so past
 * `max` characters they are cut with an ellipsis (the full name stays in the form and in tooltips).
 * @param {string} name @param {number} [max]
 */
export function shortName(name, max = 60) {
  const chars = [...name];
  return chars.length <= max ? name : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/**
 * Creates the number formats the first answer uses, while the engine is still loading: the first
 * Intl.NumberFormat of a page loads the locale's data, which would otherwise delay the first result.
 */
export function prepareFormats() {
  for (const digits of [3, 4, 5]) num(1, { digits });
  int(1);
  num(1, { fixed: 3 });
}
