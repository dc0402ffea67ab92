// Benchmarks the budgets the issues set: time per solve and per sweep in the wasm module (what a page
// pays on every keystroke), the exact crossover search on the largest registry dataset, and the gzip
// size of what a first visit loads. Run after a build: `node bench/run.mjs`. Prints a table; writes
// nothing. Timings vary with the machine; sizes do not.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const moduleDir = path.join(root, 'build/wasm/wasm');
const { createCalculator } = await import(path.join(moduleDir, 'epochcalc.js'));

const loadStart = performance.now();
const calc = await createCalculator({ wasmBinary: readFileSync(path.join(moduleDir, 'epochcalc_core.wasm')) });
const loadMs = performance.now() - loadStart;

/** Median time of `fn` in microseconds over `runs` runs after a warm-up. */
function median(fn, runs) {
  for (let i = 0; i < 5; i++) fn();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push((performance.now() - start) * 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const rows = [
  ['module load (node, wasm compile + init)', `${loadMs.toFixed(1)} ms`, ''],
  ['solve, default preset', `${median(() => calc.solve({ preset: 'mnist-cpu-vs-h100' }), 200).toFixed(0)} µs`, 'budget: one frame (16 ms)'],
  ['solve, ImageNet preset (N = 1.28 M)', `${median(() => calc.solve({ preset: 'imagenet-mlp-epyc-vs-h100' }), 50).toFixed(0)} µs`, ''],
  ['solve, ImageNet, drop_last + roofline', `${median(() => calc.solve({ preset: 'imagenet-mlp-epyc-vs-h100', assumptions: { drop_last: true, overlap: 'roofline' } }), 20).toFixed(0)} µs`, ''],
  ['solve, ImageNet, no crossover, drop_last + roofline (worst case)', `${median(() => calc.solve({ preset: 'imagenet-mlp-epyc-vs-h100', accelerator: 'epyc-9654', assumptions: { drop_last: true, overlap: 'roofline' } }), 20).toFixed(0)} µs`, ''],
  ['solve, N = 10^10 (largest allowed), no crossover', `${median(() => calc.solve({ preset: 'mnist-cpu-vs-h100', accelerator: 'reference-cpu', network: { dataset: { name: 'huge', training_examples: 1e10 } } }), 5).toFixed(0)} µs`, ''],
  ['sweep, default grid', `${median(() => calc.sweep({ preset: 'mnist-cpu-vs-h100' }), 200).toFixed(0)} µs`, ''],
  ['sweep, 1,000 batch sizes', `${median(() => calc.sweep({ preset: 'mnist-cpu-vs-h100' }, Array.from({ length: 1000 }, (_, i) => i + 1)), 20).toFixed(0)} µs`, ''],
];

// First visit: every file in dist/ but the offline single-file copy, which only a download fetches.
const dist = path.join(root, 'dist');
let total = 0;
try {
  for (const file of readdirSync(dist)) {
    const full = path.join(dist, file);
    if (!statSync(full).isFile()) continue;
    const gz = gzipSync(readFileSync(full), { level: 9 }).length;
    const offline = file === 'epochcalc-offline.html';
    if (!offline) total += gz;
    const note = file.endsWith('.wasm') ? 'budget: 80 KB' : offline ? 'not part of a first visit' : '';
    rows.push([`gzip ${file}`, `${(gz / 1024).toFixed(1)} KB`, note]);
  }
  rows.push(['gzip first visit (index.html and what it loads)', `${(total / 1024).toFixed(1)} KB`, 'budget: 150 KB']);
} catch {
  rows.push(['dist/', 'not built', 'run npm run build']);
}

const width = Math.max(...rows.map((r) => r[0].length));
for (const [what, value, note] of rows) console.log(`${what.padEnd(width)}  ${value.padStart(10)}  ${note}`);
