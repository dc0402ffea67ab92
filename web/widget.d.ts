// Typings for epochcalc/widget (dist/epochcalc-widget.js): the anywidget front-end contract.

/** What an anywidget host gives `render`: a Backbone-style model of the widget's traits. */
export interface WidgetModel {
  get(name: 'scenario'): object | string | null | undefined;
  get(name: 'view' | 'theme' | 'controls' | 'preset'): string | null | undefined;
  get(name: string): unknown;
  set(name: 'scenario', value: object | string): void;
  set(name: 'result', value: import('epochcalc').Result): void;
  set(name: 'errors', value: import('epochcalc').EngineError[] | null): void;
  set(name: string, value: unknown): void;
  save_changes(): void;
  on(event: string, callback: () => void): void;
  off(event: string, callback: () => void): void;
}

/**
 * Mounts the calculator element in `el` with the model's scenario (and its `view`, `theme`, `controls`,
 * `preset`); each change writes `scenario`, `result` and `errors` back and saves them, and a
 * `change:scenario` from the model loads the new scenario. Returns the cleanup the host calls.
 */
export function render(context: { model: WidgetModel; el: HTMLElement }): () => void;

declare const widget: { render: typeof render };
export default widget;
