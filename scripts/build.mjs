// Builds everything the two README commands need: the native tool and tests, the wasm module and
// its tests, and the static page in dist/. Each step prints only a line unless it fails.
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

export async function buildAll() {
  step('native engine, epochcalc tool and tests', 'bash', ['scripts/build-native.sh']);
  step('WebAssembly module and tests', 'bash', ['scripts/build-wasm.sh']);
  const { buildWeb } = await import(pathToFileURL(path.join(root, 'scripts/build-web.mjs')).href);
  await buildWeb();
  if (!existsSync(path.join(root, 'dist/index.html'))) throw new Error('build: dist/index.html was not written');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    await buildAll();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
