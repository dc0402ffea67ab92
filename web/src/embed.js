// The iframe embed (embed.html): one <epoch-overhead-calculator> configured from the address
// (?preset=…&view=…&theme=…&controls=…&<dotted.path>=<value>, the same names as the element's
// attributes), which tells its parent frame its height on every change.
import { EpochOverheadCalculator, engine } from './element.js';
import { reportHeightToParent } from './frame-height.js';
import { fire, RESULT, ERROR } from './elements/events.js';

const calculator = document.createElement('epoch-overhead-calculator');
calculator.id = 'calculator';
/** @type {{code: string, path: string, message: string}[]} */
const bad = [];
// Only the element's own attributes and scenario fields: not an inline handler (onclick=), not hidden=,
// style= or another attribute of every element (issue 36), which the address must not set; and a field
// only where the engine's link reader reads it as one (not zzz=, not for=: hostile input round three, L6).
const attributes = new Set(EpochOverheadCalculator.observedAttributes);
// The element loads the same engine: waiting for it here delays nothing it shows.
const calc = await engine().catch(() => null);
for (const [name, value] of new URLSearchParams(location.search)) {
  const refused = attributes.has(name) ? null
    : !EpochOverheadCalculator.isField(name) ? `“${name}” in the address is not one of the calculator's settings or a field`
    : calc?.readLink([[name, value]]).notes.find((n) => n.code === 'E_UNKNOWN_FIELD')?.message;
  if (refused) {
    bad.push({ code: 'E_UNKNOWN_FIELD', path: '', message: refused });
    continue;
  }
  try {
    calculator.setAttribute(name, value);
  } catch {
    bad.push({ code: 'E_UNKNOWN_FIELD', path: '', message: `“${name}” in the address is not a field name` });
  }
}
// The frame is a page of its own: without a theme in its address it follows the reader's system.
if (!calculator.hasAttribute('theme')) calculator.setAttribute('theme', 'auto');
document.body.style.margin = '0';
const loading = document.getElementById('embed-loading');
if (loading) calculator.append(loading);
document.body.append(calculator);
if (bad.length) {
  calculator.addEventListener(RESULT, () => fire(calculator, ERROR, bad), { once: true });
  console.error(bad.map((e) => e.message).join('\n'));
}
reportHeightToParent();
// Offline use is set up after the page has loaded (offline.js waits for it), from its own small chunk.
import('./offline.js').then((offline) => offline.registerOffline());
