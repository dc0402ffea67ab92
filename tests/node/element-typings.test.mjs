// The elements' typings as a web developer's editor reads them (issue 34): the prefixed events are typed
// on the element and on the document, the properties exist with their types, and a misspelt event
// detail is an error. Compiled with the TypeScript compiler against the files the package ships.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The diagnostics of a consumer's code beside the shipped typings, one line each. @param {string} code */
function check(code) {
  const dir = mkdtempSync(path.join(tmpdir(), 'epochcalc-element-types-'));
  try {
    copyFileSync(path.join(root, 'web/element.d.ts'), path.join(dir, 'epochcalc-element.d.ts'));
    copyFileSync(path.join(root, 'wasm/epochcalc.d.ts'), path.join(dir, 'epochcalc.d.ts'));
    const file = path.join(dir, 'consumer.ts');
    writeFileSync(file, `import type {} from './epochcalc-element.js';\n${code}\nexport {};\n`);
    const program = ts.createProgram([file], { strict: true, noEmit: true, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ES2022, moduleResolution: ts.ModuleResolutionKind.Bundler });
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a consumer of the elements type-checks: events on the document and the element, properties, values', () => {
  const problems = check(`
document.addEventListener('epochcalc-result', (e) => { const s: number = e.detail.accelerator.batched.epoch_time_s; void s; });
document.addEventListener('epochcalc-error', (e) => { const c: string = e.detail[0].code; void c; });
const calc = document.createElement('epoch-overhead-calculator');
calc.addEventListener('epochcalc-result', (e) => { const b: number = e.detail.network.batched.batch_size; void b; });
calc.scenario = { preset: 'mnist-cpu-vs-h100' };
calc.set('dispatch', '1 us');
calc.view = 'none';
const errors = calc.errors?.map((e) => e.path);
void errors;
const v: number | null = document.createElement('epoch-value').value;
const stale: boolean = document.createElement('epoch-value').stale;
document.createElement('epoch-input').value = 64;
void v; void stale;`);
  assert.deepEqual(problems, []);
});

test('the typings catch a wrong event detail and a misspelt property', () => {
  const problems = check(`
document.addEventListener('epochcalc-result', (e) => { const s: string = e.detail.accelerator.batched.epoch_time_s; void s; });
document.createElement('epoch-overhead-calculator').reslt;`);
  assert.equal(problems.length, 2, problems.join('\n'));
  assert.match(problems[0], /number.*string|string.*number/);
  assert.match(problems[1], /reslt/);
});

test('the widget module\'s typings (epochcalc/widget): render takes a model and an element and returns its cleanup', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'epochcalc-widget-types-'));
  try {
    copyFileSync(path.join(root, 'web/widget.d.ts'), path.join(dir, 'epochcalc-widget.d.ts'));
    copyFileSync(path.join(root, 'wasm/epochcalc.d.ts'), path.join(dir, 'epochcalc.d.ts'));
    const file = path.join(dir, 'consumer.ts');
    writeFileSync(file, `import widget, { render, type WidgetModel } from './epochcalc-widget.js';
const traits: Record<string, unknown> = {};
const model: WidgetModel = { get: (n: string) => traits[n] as never, set: (n: string, v: unknown) => { traits[n] = v; }, save_changes() {}, on() {}, off() {} };
const cleanup: () => void = render({ model, el: document.body });
cleanup();
widget.render({ model, el: document.body });
// @ts-expect-error: render needs the element to mount in
render({ model });
export {};
`);
    const program = ts.createProgram([file], { strict: true, noEmit: true, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ES2022, moduleResolution: ts.ModuleResolutionKind.Bundler, baseUrl: dir, paths: { epochcalc: ['./epochcalc.d.ts'] } });
    assert.deepEqual(ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' ')), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
