// Where an overhead input's number comes from, in words: the engine's sources of the values in force
// (result.<device>.overheads.sources, docs/model.md "The value in force") under the input they concern.
// Loaded with the tools: the first answer does not need it.
import { quantity } from '../format.js';
import { h } from '../dom.js';

/** @typedef {import('epochcalc').Result} Result */
/** @typedef {import('epochcalc').ValueSource} ValueSource */
/** @typedef {'host'|'accelerator'} Role */

/**
 * The line under the input at `path`: "" where every device pays the value the form shows (the
 * scenario's own, its preset's or the default), else which value each device pays and from where.
 * @param {string} path  a JSON pointer: a scenario-wide overhead ("/dispatch") or a device's own
 * @param {Result} result
 * @param {{fields: {path: string, kind: string, si_unit?: string}[]}} schema  the engine's (calc.schema())
 */
export function sourceLine(path, result, schema) {
  const field = schema.fields.find((f) => f.path === path);
  const own = path.match(/^\/overheads\/(host|accelerator)\/(\w+)$/);
  const key = /** @type {keyof import('epochcalc').PaidOverheads['sources']} */ (own ? own[2] : path.slice(path.lastIndexOf('/') + 1));
  /** @param {Role} role */
  const paid = (role) => {
    const src = result[role].overheads.sources[key];
    return src ? { role, src, value: /** @type {number|null} */ (result[role].overheads[key]) } : null;
  };
  /** @param {{src: ValueSource, value: number|null}} p */
  const words = (p) => {
    const value = field?.kind === 'quantity' ? quantity(/** @type {number} */ (p.value), /** @type {string} */ (field.si_unit)) : String(p.value ?? 'none');
    const layer = p.src.from === 'profile' ? `the ${p.src.id} profile` : p.src.from === 'preset' ? `the ${p.src.id} preset`
      : p.src.from === 'default' ? 'the default' : 'the scenario';
    return `${value} from ${layer}`;
  };
  if (own) {
    const p = paid(/** @type {Role} */ (own[1]));
    return p && p.src.path === path && p.src.from !== 'scenario' ? `In force: ${words(p)}.` : '';
  }
  const users = /** @type {{role: Role, src: ValueSource, value: number|null}[]} */ (
    [paid('host'), paid('accelerator')].filter(Boolean));
  const elsewhere = users.filter((u) => u.src.path !== path);
  // Said where a profile fills the value or a device pays its own: the preset's values and the
  // defaults are what the form shows as they are (and saying so at every input would be noise).
  if (!users.length || (!elsewhere.length && users.every((u) => u.src.from !== 'profile'))) return '';
  const parts = users.map((u) => (u.src.path === path
    ? `the ${u.role} pays this, ${words(u)}`
    : `the ${u.role} pays its own ${words(u)} (${u.src.path.slice(1).replaceAll('/', '.')})`));
  return `${elsewhere.length === users.length ? 'Not used: ' : 'In force: '}${parts.join('; ')}.`;
}

/**
 * A framework profile's measured ranges, each under its field's label in the schema ("Fixed cost per
 * step"), and its public sources: what the profile picker's "Ranges and sources" holds.
 * @param {import('epochcalc').ProfileEntry} profile @param {(path: string) => string} labelOf  a field's label by path
 */
export function profileDetails(profile, labelOf) {
  const ranges = Object.entries(profile.ranges).map(([name, r]) =>
    h('li', {}, `${labelOf(`/${name}`)}: ${r.min} to ${r.max}${r.note ? ` (${r.note})` : ''}.`));
  return [
    ranges.length ? h('p', {}, 'Measured ranges:') : null, ranges.length ? h('ul', {}, ...ranges) : null,
    h('p', {}, 'Sources:'),
    h('ul', {}, ...profile.sources.map((src) => h('li', {}, h('a', { href: src.url, rel: 'noopener' }, src.title), `: ${src.supports}.`))),
  ];
}
