// Typings for epochcalc/element (dist/epochcalc-element.js): the custom elements and the engine.
import type { Calculator, EngineError, Result, ScenarioInput } from './epochcalc.js';

export * from './epochcalc.js';
export { default as createCalculator } from './epochcalc.js';
/** The one engine every element on the page shares: loaded once, by the first element or call. */
export function engine(): Promise<import('./epochcalc.js').Calculator>;

/** The views of <epoch-overhead-calculator view="…">. */
export type CalculatorView = 'full' | 'compact' | 'bars' | 'sweep' | 'table' | 'whatif' | 'devices' | 'none';

/** Events the elements fire; each bubbles and crosses shadow roots (composed). */
export interface EpochcalcEventMap {
  /** A calculator's result, after every change. */
  'epochcalc-result': CustomEvent<Result>;
  /** A calculator's input the engine refused (once per refused input), or an engine that did not load (E_LOAD). */
  'epochcalc-error': CustomEvent<EngineError[]>;
  /** While a value moves (a drag): the engine's numbers for the scenario with that field set, before the
   * full update (`epochcalc-result`) that follows when the move ends. `values[index[name]]` is the result's
   * number at that dotted name (Calculator.view). */
  'epochcalc-preview': CustomEvent<{ path: string; values: Float64Array; index: Readonly<Record<string, number>>; scenario: () => ScenarioInput }>;
}

/**
 * <epoch-overhead-calculator>: attributes preset, scenario (JSON), view, controls, theme, chart-x (the
 * sweep chart's axis: a field, dotted), chart-view (epoch, parts, share), map (the map's second field:
 * opens the map), and any scenario field by its dotted path (network.batch_size="64", dispatch="20 us").
 * Fires `epochcalc-result` and `epochcalc-error` (EpochcalcEventMap). What is assigned or called before
 * the engine is ready is applied, in order, once it is.
 */
export class EpochOverheadCalculator extends HTMLElement {
  static readonly observedAttributes: string[];
  /** Whether an attribute of this name is a scenario field's (not the element's own, nor one of every element's). */
  static isField(name: string): boolean;
  /** The scenario document as written (as assigned, before the engine is ready); assign one to load it. */
  scenario: ScenarioInput | Record<string, unknown> | null;
  /** The last result that solved, or null. */
  readonly result: Result | null;
  /** Why the input now shown does not solve, or null. */
  readonly errors: EngineError[] | null;
  /** The engine, once loaded. */
  readonly engine: Calculator | null;
  /** The `view` attribute ('full' when absent). */
  view: CalculatorView | string;
  /** The `theme` attribute ('auto' when absent). */
  theme: 'light' | 'dark' | 'auto' | string;
  /** The `controls` attribute. */
  controls: string | null;
  /** The `preset` attribute. */
  preset: string | null;
  /** Sets one field from text, as the form and `epochcalc --set` do. */
  set(path: string, text: string | number): void;
  /** Takes back the last edit (a typed value, a what-if applied, a scenario assigned); false when there is none. */
  undo(): boolean;
  /** Returns to the scenario of the element's attributes; undo() takes it back. */
  reset(): void;
  /** The numbers for the scenario with one field set, while its value still moves: solved by the engine's
   * prepared scenario and fired as `epochcalc-preview`, nothing else updated; false where there is nothing
   * to preview (no engine yet, an input that does not solve, a refused value), when set() is the call. */
  preview(path: string, text: string | number): boolean;
  addEventListener<K extends keyof EpochcalcEventMap>(type: K, listener: (event: EpochcalcEventMap[K]) => void, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
}

/** <epoch-value for="ID" field="accelerator.batched.epoch_time_s" format="ms" none="never" announce>: one
 * result field, inline; or <epoch-value for="ID" break-even="dispatch" goal="flip|twice">: the engine's
 * break-even value of that field (where the accelerator starts to win, or is twice as fast). Carries the
 * `stale` attribute while its calculator's input is refused. */
export class EpochValue extends HTMLElement {
  static readonly observedAttributes: string[];
  /** The number shown (SI units, a fraction, a count), or null where the engine has none. */
  readonly value: number | null;
  /** Whether the number shown belongs to an older input. */
  readonly stale: boolean;
}

/** <epoch-input for="ID" field="network.batch_size" type="range|number|select|scrub" min max step
 * scale="log" label value announce>. Fires `input` while its value moves and `change` when committed;
 * carries the `invalid` attribute while the engine refuses its value. */
export class EpochInput extends HTMLElement {
  static readonly observedAttributes: string[];
  /** The field's value as the engine reads it (SI units for a quantity); assign one to set the field. */
  value: number | string | boolean | null;
}

declare global {
  interface DocumentEventMap extends EpochcalcEventMap {}
  interface HTMLElementTagNameMap {
    'epoch-overhead-calculator': EpochOverheadCalculator;
    'epoch-value': EpochValue;
    'epoch-input': EpochInput;
  }
}
