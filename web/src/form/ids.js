// Where the form's values live: each field's element id (kept short and stable: tests and links to
// fields use them), the value at a JSON pointer, and a value as the text a field shows.

/** Element ids by JSON pointer, kept short and stable (tests and links to fields use them). */
const ID_OF = {
  '/preset': 'preset',
  '/name': 'scenario-name',
  '/network/batch_size': 'batch_size',
  '/network/dataset': 'dataset',
  '/network/dataset/training_examples': 'examples',
  '/network/dataset/name': 'dataset-name',
  '/precision': 'precision',
  '/dispatch': 'dispatch',
  '/launch': 'launch',
  '/step_overhead': 'step_overhead',
  '/flop_energy': 'flop_energy',
  '/dram_energy_per_byte': 'dram_energy_per_byte',
  '/profile': 'profile',
};
const DEVICE_SUFFIX = { '': 'id', name: 'name', memory_bandwidth: 'bw', memory_capacity: 'cap', tdp: 'tdp', source: 'src' };

/**
 * The element id for a JSON pointer.
 * @param {string} path
 */
export function idFor(path) {
  if (ID_OF[path]) return ID_OF[path];
  const parts = path.split('/').slice(1);
  if (parts[0] === 'overheads') return `own-${parts[1]}-${parts[2]}`;
  if (parts[0] === 'assumptions') return parts[1];
  if (parts[0] === 'network' && parts[1] === 'widths') return `width-${parts[2]}`;
  if (parts[1] === 'peak_flops') return `${parts[0]}-peak-${parts[2]}`;
  return `${parts[0]}-${DEVICE_SUFFIX[parts[1] ?? ''] ?? parts[1]}`;
}

/**
 * The value at a JSON pointer of a document, or undefined.
 * @param {unknown} doc @param {string} path
 */
export function at(doc, path) {
  let node = /** @type {any} */ (doc);
  for (const key of path.split('/').slice(1)) {
    if (node == null || typeof node !== 'object') return undefined;
    node = node[key.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

/**
 * A value of the scenario as the text a field shows: strings as written, numbers as JSON writes them.
 * @param {unknown} value
 */
export function shownText(value) {
  if (value == null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

