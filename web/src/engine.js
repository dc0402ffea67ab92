// The engine, loaded once per page however many elements use it: every <epoch-overhead-calculator>,
// <epoch-value> and <epoch-input> shares this one promise, so the .wasm is fetched once.
import createCalculator from 'epochcalc';
import { embeddedWasm } from './wasm-source.js';

/** @type {Promise<import('epochcalc').Calculator>|null} */
let loading = null;

/** The shared engine. @returns {Promise<import('epochcalc').Calculator>} */
export function engine() {
  loading ??= createCalculator(embeddedWasm());
  return loading;
}
