// Builds what the README commands need: `--app` (npm start) the epochcalc tool, the wasm module and
// the page in dist/; without it (npm test) also the native, sanitizer and wasm test suites. Each step prints
// only a line unless it fails.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function step(label, command, args) {
  const started = Date.now();
  const run = spawnSync(command, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) {
    process.stdout.write(run.stdout ?? '');
    process.stderr.write(run.stderr ?? '');
    throw new Error(`build: ${label} failed (exit ${run.status ?? run.signal})`);
  }
  console.log(`build: ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/** @param {{ tests?: boolean }} [options] */
export async function buildAll({ tests = true } = {}) {
  const all = tests ? ['--all'] : [];
  step(tests ? 'native engine, epochcalc tool and tests' : 'native engine and epochcalc tool', 'bash', ['scripts/build-native.sh', ...all]);
  if (tests) step('native suite with ASan and UBSan', 'bash', ['scripts/build-sanitize.sh']);
  step(tests ? 'WebAssembly module and tests' : 'WebAssembly module', 'bash', ['scripts/build-wasm.sh', ...all]);
  const { buildWeb } = await import(pathToFileURL(path.join(root, 'scripts/build-web.mjs')).href);
  await buildWeb();
  if (!existsSync(path.join(root, 'dist/index.html'))) throw new Error('build: dist/index.html was not written');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    await buildAll({ tests: !process.argv.includes('--app') });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
