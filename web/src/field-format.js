// How <epoch-value> writes one result field: auto-scaled by what the field's name says it holds
// (…_s seconds, …_j joules, …fraction, …speedup, flops, bytes, counts), or in the unit `format` asks for.
import { time, energy, si, int, num, percent, times, faster } from './format.js';

/** Units `format` may name, as [factor from the SI value, unit text]. */
const UNITS = {
  h: [1 / 3600, 'h'], min: [1 / 60, 'min'], s: [1, 's'], ms: [1e3, 'ms'], us: [1e6, 'µs'], 'µs': [1e6, 'µs'], ns: [1e9, 'ns'],
  kJ: [1e-3, 'kJ'], J: [1, 'J'], mJ: [1e3, 'mJ'],
};

/**
 * The value at a dotted path of an object ("accelerator.batched.epoch_time_s"; "widths.0").
 * @param {unknown} obj @param {string} path
 */
export function valueAt(obj, path) {
  let node = /** @type {any} */ (obj);
  for (const key of path.split('.')) {
    if (node == null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

/**
 * One result field as text.
 * @param {string} path  dotted path into the result
 * @param {unknown} value
 * @param {string|null} [format]  a unit (ms, s, µs, J, …), "percent", "int", "number", "times", "faster"
 *   (a ratio as "1.08× faster" or "1.13× slower", never "0.886× faster") or "auto"
 */
export function formatField(path, value, format = 'auto') {
  if (value === undefined) return '—';
  if (value === null) return 'none';
  if (typeof value !== 'number') return typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (format === 'faster') return faster(value);
  if (format === 'times') return times(value);
  const unit = format ? UNITS[format] : undefined;
  if (unit) return `${num(value * unit[0])}\u00a0${unit[1]}`;
  if (format === 'percent') return percent(value);
  if (format === 'int') return int(value);
  if (format === 'number') return num(value);
  const key = path.split('.').pop() ?? '';
  if (key.endsWith('_s')) return time(value);
  if (key.endsWith('_j')) return energy(value);
  if (key.includes('fraction')) return percent(value);
  if (key.includes('speedup')) return times(value);
  if (key === 'flops') return si(value, 'FLOP');
  if (key === 'bytes') return si(value, 'B');
  return Number.isInteger(value) ? int(value) : num(value);
}

/**
 * A value of a scenario field in that field's unit, as the what-if answers name the field ({unit,
 * integer}): "5 µs", "64", "50%" (a fraction), "3.35 TB/s".
 * @param {{ unit: string, integer: boolean }} field @param {number} v
 */
export function fieldValue(field, v) {
  if (field.unit === 's') return time(v);
  if (field.unit === '') return field.integer ? int(v) : percent(v);
  return si(v, field.unit);
}

/** A field's dotted path ("network.batch_size", as --set and the attributes name it) as a JSON pointer;
 * a pointer as it is. @param {string} path */
export const pointerOf = (path) => (path.startsWith('/') ? path : `/${path.replace(/\./g, '/')}`);

/** A JSON pointer as the dotted path people write. @param {string} pointer */
export const dottedOf = (pointer) => pointer.replace(/^\//, '').replace(/\//g, '.');

