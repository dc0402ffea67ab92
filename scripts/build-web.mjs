#!/usr/bin/env node
// Builds the static page into dist/: web/index.html, app.js (web/src/main.js + uPlot, bundled and
// minified by esbuild), app.css (web/style.css + uPlot's CSS), epochcalc.js (the engine's wrapper and
// Emscripten glue, minified) and a copy of epochcalc_core.wasm. Prints the gzip size of everything a
// first visit loads.
// Needs the wasm module built first: bash scripts/build-wasm.sh.
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Gzip budgets in bytes: the whole first visit, and the page without the engine. */
export const BUDGET = { total: 150 * 1024, page: 45 * 1024 };
/** The page's own files; the rest (epochcalc.js, epochcalc_core.wasm) is the engine. */
const PAGE_FILES = ['index.html', 'file-check.js', 'app.js', 'app.css'];

/**
 * Builds dist/ and returns the gzip sizes of the files a first visit loads.
 * @param {{ outdir?: string, wasmDir?: string, quiet?: boolean }} [options]
 * @returns {Promise<{ files: {name: string, bytes: number, gzip: number}[], total: number, page: number, outdir: string }>}
 */
export async function buildWeb(options = {}) {
  const outdir = resolve(options.outdir ?? join(root, 'dist'));
  const wasmDir = resolve(options.wasmDir ?? join(root, 'build/wasm/wasm'));
  const wrapper = join(wasmDir, 'epochcalc.js');
  const wasm = join(wasmDir, 'epochcalc_core.wasm');
  for (const file of [wrapper, wasm]) {
    if (!existsSync(file)) throw new Error(`build-web: ${file} is missing; run bash scripts/build-wasm.sh first`);
  }

  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  // The page's code, with the engine left as a separate module (./epochcalc.js) so that the engine
  // and the page are cached, measured and updated separately.
  const engineExternal = {
    name: 'epochcalc-external',
    setup(b) {
      b.onResolve({ filter: /^epochcalc$/ }, () => ({ path: './epochcalc.js', external: true }));
    },
  };
  await build({
    entryPoints: { app: join(root, 'web/src/main.js') },
    outdir,
    bundle: true,
    format: 'esm',
    minify: true,
    target: ['es2022'],
    plugins: [engineExternal],
    legalComments: 'none',
    logLevel: 'warning',
  });
  // The engine: the hand-written wrapper plus the Emscripten glue, which fetches
  // epochcalc_core.wasm next to itself (import.meta.url).
  await build({
    entryPoints: { epochcalc: wrapper },
    outdir,
    bundle: true,
    format: 'esm',
    minify: true,
    target: ['es2022'],
    legalComments: 'none',
    logLevel: 'warning',
  });
  await build({
    entryPoints: { app: join(root, 'web/style.css') },
    outdir,
    bundle: true,
    minify: true,
    logLevel: 'warning',
  });
  copyFileSync(join(root, 'web/index.html'), join(outdir, 'index.html'));
  copyFileSync(join(root, 'web/file-check.js'), join(outdir, 'file-check.js'));
  copyFileSync(wasm, join(outdir, 'epochcalc_core.wasm'));
  await buildOffline(outdir, wrapper);

  const files = ['index.html', 'file-check.js', 'app.js', 'app.css', 'epochcalc.js', 'epochcalc_core.wasm'].map((name) => {
    const data = readFileSync(join(outdir, name));
    return { name, bytes: statSync(join(outdir, name)).size, gzip: gzipSync(data, { level: 9 }).length };
  });
  const total = files.reduce((sum, f) => sum + f.gzip, 0);
  const page = files.filter((f) => PAGE_FILES.includes(f.name)).reduce((sum, f) => sum + f.gzip, 0);
  if (!options.quiet) {
    const kb = (n) => `${(n / 1024).toFixed(1).padStart(7)} KB`;
    console.log(`build-web: ${outdir}`);
    console.log('  file                      raw        gzip');
    for (const f of files) console.log(`  ${f.name.padEnd(22)}${kb(f.bytes)}  ${kb(f.gzip)}`);
    console.log(`  ${'page (html, app.*)'.padEnd(22)}${' '.repeat(11)}${kb(page)}  (budget ${BUDGET.page / 1024} KB)`);
    console.log(`  ${'engine (js + wasm)'.padEnd(22)}${' '.repeat(11)}${kb(total - page)}`);
    console.log(`  ${'first visit total'.padEnd(22)}${' '.repeat(11)}${kb(total)}  (budget ${BUDGET.total / 1024} KB)`);
    const offline = statSync(join(outdir, 'epochcalc-offline.html')).size;
    console.log(`  epochcalc-offline.html ${kb(offline)}  (one file that also opens from disk; not loaded by the page)`);
    if (page > BUDGET.page || total > BUDGET.total) console.warn('build-web: over the size budget');
  }
  return { files, total, page, outdir };
}

/**
 * epochcalc-offline.html: the same page as one self-contained file that also opens from disk
 * (file:// cannot fetch modules or the .wasm): CSS and JS inline, the wasm as base64, which the page
 * hands to the engine as wasmBinary. Not part of a first visit; for saving and sharing a copy.
 * @param {string} outdir @param {string} wrapper
 */
async function buildOffline(outdir, wrapper) {
  const js = await build({
    entryPoints: [join(root, 'web/src/main.js')],
    bundle: true,
    format: 'esm',
    minify: true,
    target: ['es2022'],
    alias: { epochcalc: wrapper },
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
  });
  // Inside an inline <script>, "</script" would end it early; "<\/script" means the same to JS.
  const code = js.outputFiles[0].text.replace(/<\/script/gi, '<\\/script');
  const css = readFileSync(join(outdir, 'app.css'), 'utf8').replace(/<\/style/gi, '<\\/style');
  const wasm64 = readFileSync(join(outdir, 'epochcalc_core.wasm')).toString('base64');
  const html = readFileSync(join(root, 'web/index.html'), 'utf8');
  const pieces = [
    [/<link rel="stylesheet" href="app.css">/, () => `<style>${css}</style>`],
    [/<link rel="modulepreload"[^>]*>\n?/, () => ''],
    [/<link rel="preload"[^>]*>\n?/, () => ''],
    // The single file works from disk: no file:// warning.
    [/<script src="file-check.js" async><\/script>\n?/, () => ''],
    [/<script type="module" src="app.js"><\/script>/,
      () => `<script type="application/wasm;base64" id="epochcalc-wasm">${wasm64}</script>\n<script type="module">${code}</script>`],
  ];
  let out = html;
  for (const [pattern, replacement] of pieces) {
    if (!pattern.test(out)) throw new Error(`build-web: web/index.html has no ${pattern} to inline`);
    out = out.replace(pattern, replacement);
  }
  writeFileSync(join(outdir, 'epochcalc-offline.html'), out);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildWeb().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
