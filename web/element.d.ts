// Typings for epochcalc/element (dist/epochcalc-element.js): the custom elements and the engine.
import type { Calculator, EngineError, Result, ScenarioInput } from './epochcalc.js';

export * from './epochcalc.js';
export { default as createCalculator } from './epochcalc.js';

/** The views of <epoch-overhead-calculator view="…">. */
export type CalculatorView = 'full' | 'compact' | 'bars' | 'sweep' | 'table' | 'whatif' | 'devices' | 'none';

/**
 * <epoch-overhead-calculator>: attributes preset, scenario (JSON), view, controls, theme, chart-x (the
 * sweep chart's axis: a field, dotted), chart-view (epoch, parts, share), map (the map's second field:
 * opens the map), and any scenario field by its dotted path (network.batch_size="64", dispatch="20 us").
 * Events: `result` (detail: Result) on every change; `error` (detail: EngineError[]).
 */
export class EpochOverheadCalculator extends HTMLElement {
  /** The scenario document as written, or null before the engine is ready; assign one to load it. */
  scenario: ScenarioInput | Record<string, unknown> | null;
  /** The last result that solved, or null. */
  readonly result: Result | null;
  /** The engine, once loaded. */
  readonly engine: Calculator | null;
  /** Sets one field from text, as the form and `epochcalc --set` do. */
  set(path: string, text: string | number): void;
  addEventListener(type: 'result', listener: (event: CustomEvent<Result>) => void, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: 'error', listener: (event: CustomEvent<EngineError[]>) => void, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
}

/** <epoch-value for="ID" field="accelerator.batched.epoch_time_s" format="ms">: one result field, inline;
 * or <epoch-value for="ID" break-even="dispatch" goal="flip|twice">: the engine's break-even value of
 * that field (where the accelerator starts to win, or is twice as fast). */
export class EpochValue extends HTMLElement {}

/** <epoch-input for="ID" field="network.batch_size" type="range|number|select" min max step scale="log" label>. */
export class EpochInput extends HTMLElement {}

declare global {
  interface HTMLElementTagNameMap {
    'epoch-overhead-calculator': EpochOverheadCalculator;
    'epoch-value': EpochValue;
    'epoch-input': EpochInput;
  }
}
