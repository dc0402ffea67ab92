// The embeddable build (dist/epochcalc-element.js): defines <epoch-overhead-calculator>, <epoch-value>
// and <epoch-input>. One module with the engine's glue inside; the .wasm is fetched once, from beside
// this file, however many elements a page holds.
import { EpochOverheadCalculator } from './elements/calculator-element.js';
import { EpochValue } from './elements/value-element.js';
import { EpochInput } from './elements/input-element.js';

const define = (name, cls) => { if (!customElements.get(name)) customElements.define(name, cls); };
define('epoch-overhead-calculator', EpochOverheadCalculator);
define('epoch-value', EpochValue);
define('epoch-input', EpochInput);

export { EpochOverheadCalculator, EpochValue, EpochInput };
export { default as createCalculator } from 'epochcalc';
// The one engine every element on the page shares (loaded once; the iframe embed reads its address with it).
export { engine } from './engine.js';
