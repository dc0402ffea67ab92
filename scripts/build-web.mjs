#!/usr/bin/env node
// Builds the static site into dist/, with relative URLs only, so it works from any static host and
// sub-path:
//   index.html + app.js + app.css  the page (web/index.html with web/calculator.html inside; main.js
//                                  bundled by esbuild)
//   epochcalc.js + epochcalc_core.wasm  the engine (hand-written wrapper and Emscripten glue)
//   epochcalc-element.js           <epoch-overhead-calculator>, <epoch-value>, <epoch-input>: one module
//                                  with the engine's glue and its own CSS inside; the .wasm beside it
//   epochcalc-chart.js             the sweep chart (uPlot), shared by the page and the element and
//                                  loaded when the chart first comes into view
//   epochcalc-tools.js             pins, one-click what-ifs, break-even, devices, exports: shared by
//                                  the page and the element, loaded when their sections come into view
//   epochcalc-scrub.js             the draggable number of <epoch-input type="scrub">, loaded on use
//   embed.html + embed.js          the iframe embed
//   examples/                      host pages that embed it (plain HTML, Quarto, Jupyter Book, iframe)
//   epochcalc-offline.html         the page as one file that opens from disk
//   sw.js                          the service worker that precaches all of the above
//   epochcalc-book-sw.js           the worker a book registers to keep its embeds working offline
//   epochcalc-book.js              registerBookWorker(), which a book's pages load to register it
// Prints the gzip size of what a first visit loads. Needs the wasm module built first
// (bash scripts/build-wasm.sh).
import { build } from 'esbuild';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { bookWorker, precache } from './precache.mjs';
import { FIRST_ANSWER_SCRIPT, stampPolicy, withOfflinePolicy } from './csp.mjs';
import { prerenderAnswer } from './prerender.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Gzip budgets in bytes: the whole first visit (the issues' budget), and our own split of it for the
 * page without the engine. The split moved from 45 to 48 KB when the engine shrank by 5 KB (one JSON
 * parser, calibration in a module of its own), the page gained the framework profiles, the
 * efficiencies, the fit panel's hook and the saved scenario, and the page's count took in every file
 * it requests (file-check.js and the service worker's registration too). Issue 17 lowered the total
 * from 150 to 135 KB, to leave room for features loaded on demand, and the split to 26 KB when the
 * sweep chart (uPlot, 24.5 KB) moved to epochcalc-chart.js, loaded when the chart comes into view.
 * Issue 19 moved the split to 28 KB: the engine lost embind's runtime (5.5 KB), and the page gained the
 * links people write, their notices, Back through edits, and the hooks and styles of the what-if tools
 * (the tools themselves are epochcalc-tools.js, loaded on demand). Issue 34 moved it to 28.5 KB: the
 * calculator's code split into small units with their own state (web/src/calculator/, 0.16 KB more after
 * gzip for the same behaviour), beside the elements' fixes it shares with the page; the total stays 135 KB. */
export const BUDGET = { total: 135 * 1024, page: 28.5 * 1024 };
/** The page's own files; the rest (epochcalc.js, epochcalc_core.wasm) is the engine. */
export const PAGE_FILES = ['index.html', 'file-check.js', 'app.js', 'app.css'];
/** What an element's first visit loads: the module (glue, chart and CSS inside) and the wasm. */
export const ELEMENT_FILES = ['epochcalc-element.js', 'epochcalc_core.wasm'];
/** Every file the elements may load, by the feature that needs it (the README's "Which files to copy"
 * lists the same; tests/browser/elements-files.test.mjs checks both). */
export const ELEMENT_FEATURES = {
  'the calculator, its answer and bars, <epoch-value>': ELEMENT_FILES,
  '<epoch-input> (every type)': ['epochcalc-input.js'],
  'the sweep chart (view full or sweep)': ['epochcalc-chart.js'],
  'the what-if and devices views, pins, exports, the chart across a field, the map': ['epochcalc-tools.js'],
  'break-even values, the what-if and devices views, the chart across a field, the map': ['epochcalc_whatif_calls.js', 'epochcalc_whatif.js', 'epochcalc_whatif.wasm'],
  '<epoch-input type="scrub">': ['epochcalc-scrub.js'],
  'offline use after a reload: registerBookWorker()': ['epochcalc-book.js', 'epochcalc-book-files.json'],
  'the anywidget module (MyST {anywidget}, marimo, Jupyter): render({ model, el })': ['epochcalc-widget.js'],
};

/** Markup as shipped: without comments and indentation (the sources keep both for reading). @param {string} html */
export const compactHtml = (html) => html.replace(/<!--[\s\S]*?-->/g, '').replace(/\s*\n\s*/g, '\n').trim();

/** The calculator's markup (web/calculator.html), shared by the page and every element. */
const calculatorHtml = () => compactHtml(readFileSync(join(root, 'web/calculator.html'), 'utf8'));

/** The page's markup with the calculator's in its <main>. */
function pageHtml() {
  const marker = '<!-- web/calculator.html, included by scripts/build-web.mjs -->';
  const page = readFileSync(join(root, 'web/index.html'), 'utf8');
  if (!page.includes(marker)) throw new Error('build-web: web/index.html has no place for web/calculator.html');
  return compactHtml(page.replace(marker, () => calculatorHtml()));
}

/**
 * The page's stylesheet rewritten for an element's shadow root, so one stylesheet serves both: the
 * page's :root becomes the element's box (which resets everything the host page could pass down), the
 * dark scheme follows the element's theme, widths are the element's own (container queries) rather
 * than the window's, and rem (the host page's root size) becomes px at 16px.
 * @param {string} pageCss  minified
 */
export function elementCss(pageCss) {
  let css = pageCss;
  const dark = /@media\s*\(prefers-color-scheme:\s*dark\)\s*\{\s*:root\s*\{([^}]*)\}\s*\}/;
  if (!dark.test(css)) throw new Error('build-web: web/style.css has no dark :root block to turn into a theme');
  css = css.replace(dark, (_m, vars) => `.ec-root[data-theme=dark]{${vars};color-scheme:dark}`);
  css = css.replace(/:root/g, '.ec-root');
  // Every colour can be set by the host page through an inherited custom property of the same name with
  // an --epochcalc- prefix (--epochcalc-accent, --epochcalc-line-host): a book's palette and its theme
  // switch reach into the shadow root.
  css = css.replace(/\.ec-root(\[data-theme=dark\])?\{[^{}]*\}/g, (block) => block.replace(/--([\w-]+):([^;}]+)/g, (_m, name, value) => `--${name}:var(--epochcalc-${name},${value})`));
  // Rules for the page's own header, footer, body and fit panel have nothing to style in an element.
  css = css.replace(/(?<=^|\})[^{}@]*(?<![\w-])(?:header\.site|footer\.site|\.skip|\.tagline|body|\.fit-which|\.dot|#measurements|#fit-[\w-]+)(?![\w-])[^{}]*\{[^{}]*\}/g, '');
  css = css.replace(/@media\s*(\((?:min|max)-width:[^)]*\))/g, '@container $1');
  css = css.replace(/(\d*\.?\d+)rem\b/g, (_m, n) => `${Number((Number(n) * 16).toFixed(3))}px`);
  // Host-page rules such as "* { all: revert }" or "div { display: none !important }" reach the host
  // element only; important rules inside the shadow root win over them.
  const own = ':host{display:block!important;visibility:visible!important;opacity:1!important}' +
    ':host([hidden]){display:none!important}' +
    '.ec-root{all:initial;display:block;container-type:inline-size;color-scheme:light;text-align:left;padding:12px;border-radius:6px}' +
    '.ec-root[data-view=none]{display:none}' +
    // theme="inherit": the page's own background shows through.
    '.ec-root[data-inherit]{background:transparent}' +
    '[hidden]{display:none!important}';
  return own + css;
}

/**
 * One esbuild bundle with the options every script of the build shares: an ES module, minified,
 * for the browsers of the last years, with no legal-comment files.
 * @param {import('esbuild').BuildOptions} options
 */
/** uPlot's stylesheet as text where a script imports it (web/src/sweep-plot.js adopts it when the chart
 * first draws): it travels with the chart, not in every first visit's CSS. */
const uplotCss = {
  name: 'epochcalc-uplot-css',
  setup(b) {
    b.onResolve({ filter: /uPlot\.min\.css$/ }, (args) => (args.kind === 'import-statement'
      ? { path: join(root, 'node_modules/uplot/dist/uPlot.min.css'), namespace: 'uplot-css' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'uplot-css' }, (args) => ({ contents: readFileSync(args.path, 'utf8'), loader: 'text' }));
  },
};
const bundle = (options) => build({
  bundle: true, format: 'esm', minify: true, target: ['es2022'], legalComments: 'none', logLevel: 'warning', ...options,
  plugins: [uplotCss, ...(options.plugins ?? [])],
});

/** The on-demand modules stay files of their own, loaded by the wrapper on their first call: the
 * calibration on the first calibrate(), the what-ifs on the first sweepField(), solveFor(), … */
const onDemandExternal = {
  name: 'epochcalc-on-demand-external',
  setup(b) {
    b.onResolve({ filter: /^\.\/epochcalc_(calibration|whatif|whatif_calls)\.js$/ }, (args) => ({ path: args.path, external: true }));
  },
};
/** The page's fit panel (web/src/calibration.js) is a bundle of its own, fit.js, imported the first
 * time the panel opens: kept out of app.js without a chunk that app.js would load on every visit. */
const fitExternal = {
  name: 'epochcalc-fit-external',
  setup(b) {
    b.onResolve({ filter: /^\.\/calibration\.js$/ }, () => ({ path: './fit.js', external: true }));
  },
};
/** The sweep chart (web/src/sweep-plot.js with uPlot) is a module of its own, epochcalc-chart.js,
 * imported when the chart first comes into view; the page and the element share the one file. */
const chartExternal = {
  name: 'epochcalc-chart-external',
  setup(b) {
    b.onResolve({ filter: /^\.\/sweep-plot\.js$/ }, () => ({ path: './epochcalc-chart.js', external: true }));
  },
};
/** The what-if tools and the exports (web/src/tools/tools.js) are a module of their own,
 * epochcalc-tools.js, imported when their first section comes into view (or pins or an export click
 * need them); the page and the element share the one file. */
const toolsExternal = {
  name: 'epochcalc-tools-external',
  setup(b) {
    b.onResolve({ filter: /^\.\/tools\/tools\.js$/ }, () => ({ path: './epochcalc-tools.js', external: true }));
  },
};
/** The draggable number of <epoch-input type="scrub"> (web/src/elements/scrub.js) is a module of its
 * own, epochcalc-scrub.js, imported the first time a page has one. */
const scrubExternal = {
  name: 'epochcalc-scrub-external',
  setup(b) {
    b.onResolve({ filter: /^\.\/scrub\.js$/ }, () => ({ path: './epochcalc-scrub.js', external: true }));
  },
};
/** What an <epoch-input> does (web/src/elements/input-control.js) is a module of its own,
 * epochcalc-input.js, loaded the first time a page has one: a page with only calculators never carries it. */
const inputExternal = {
  name: 'epochcalc-input-external',
  setup(b) {
    b.onResolve({ filter: /^\.\/input-control\.js$/ }, () => ({ path: './epochcalc-input.js', external: true }));
  },
};
/** The on-demand modules' files, copied beside the engine's. */
const ON_DEMAND_FILES = ['epochcalc_calibration.js', 'epochcalc_calibration.wasm', 'epochcalc_whatif.js', 'epochcalc_whatif.wasm'];
/** The hand-written what-if calls over that module, minified beside it. */
const WHATIF_CALLS = 'epochcalc_whatif_calls.js';

/** Code loaded after the first result (the service worker's registration) goes in its own chunk. */
const LATER_CHUNKS = { splitting: true, chunkNames: '[name]-[hash]' };

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
  for (const file of [wrapper, wasm, ...[...ON_DEMAND_FILES, WHATIF_CALLS].map((f) => join(wasmDir, f))]) {
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
  await bundle({ entryPoints: { app: join(root, 'web/src/main.js') }, outdir, plugins: [engineExternal, fitExternal, chartExternal, toolsExternal], ...LATER_CHUNKS });
  await bundle({ entryPoints: { fit: join(root, 'web/src/calibration.js') }, outdir });
  await bundle({ entryPoints: { 'epochcalc-chart': join(root, 'web/src/sweep-plot.js') }, outdir });
  await bundle({ entryPoints: { 'epochcalc-tools': join(root, 'web/src/tools/tools.js') }, outdir });
  // The engine: the hand-written wrapper plus the Emscripten glue, which fetches
  // epochcalc_core.wasm next to itself (import.meta.url).
  await bundle({ entryPoints: { epochcalc: wrapper }, outdir, plugins: [onDemandExternal] });
  await bundle({ entryPoints: { epochcalc_whatif_calls: join(wasmDir, WHATIF_CALLS) }, outdir, plugins: [onDemandExternal] });
  await build({
    entryPoints: { app: join(root, 'web/style.css') },
    outdir,
    bundle: true,
    minify: true,
    logLevel: 'warning',
  });
  // web/first-answer.js inline, where index.html names it: it runs before the first paint.
  const tag = '<script src="first-answer.js"></script>';
  if (!pageHtml().includes(tag)) throw new Error(`build-web: web/index.html has no ${tag}`);
  writeFileSync(join(outdir, 'index.html'), pageHtml().replace(tag, () => `<script>${FIRST_ANSWER_SCRIPT}</script>`));
  await buildElement(outdir, wrapper);
  copyFileSync(join(root, 'web/embed.html'), join(outdir, 'embed.html'));
  // Typings for the package (package.json "exports"): the engine's module and the elements.
  copyFileSync(join(root, 'wasm/epochcalc.d.ts'), join(outdir, 'epochcalc.d.ts'));
  copyFileSync(join(root, 'web/element.d.ts'), join(outdir, 'epochcalc-element.d.ts'));
  copyFileSync(join(root, 'web/book.d.ts'), join(outdir, 'epochcalc-book.d.ts'));
  copyFileSync(join(root, 'web/widget.d.ts'), join(outdir, 'epochcalc-widget.d.ts'));
  // The example host pages (README: embedding), served beside the build so their relative URLs work.
  cpSync(join(root, 'examples'), join(outdir, 'examples'), { recursive: true });
  writeFileSync(join(outdir, 'examples/dispatch-tax-jb.html'), chapterAsJupyterBook());
  copyFileSync(join(root, 'web/file-check.js'), join(outdir, 'file-check.js'));
  copyFileSync(wasm, join(outdir, 'epochcalc_core.wasm'));
  for (const file of ON_DEMAND_FILES) copyFileSync(join(wasmDir, file), join(outdir, file));
  // Data, not a program: the linker leaves it executable, the package should not.
  for (const file of ['epochcalc_core.wasm', 'epochcalc_calibration.wasm', 'epochcalc_whatif.wasm']) chmodSync(join(outdir, file), 0o644);
  await buildOffline(outdir, wrapper);
  await buildNotebook(outdir, wrapper);
  stampPolicy(outdir); // the Content-Security-Policy <meta> in every page but the single file (scripts/csp.mjs)
  // The default scenario's answer in index.html, drawn by the built page (scripts/prerender.mjs).
  const prerendered = await prerenderAnswer(outdir);
  if (!prerendered.done) console.warn(`build-web: the default answer is not in index.html (${prerendered.reason}); the page draws it once the engine loads`);
  // Last: the service workers precache every file written above (the book's worker, the elements' files).
  await bookWorker(outdir, Object.values(ELEMENT_FEATURES).flat().filter((f) => f !== 'epochcalc-book-files.json'));
  // The examples stand for a book whose pages sit one folder below the elements' files: its worker
  // beside them, as an author copies it.
  copyFileSync(join(outdir, 'epochcalc-book-sw.js'), join(outdir, 'examples/epochcalc-book-sw.js'));
  await precache(outdir);

  const sizeOf = (name) => {
    const data = readFileSync(join(outdir, name));
    return { name, bytes: statSync(join(outdir, name)).size, gzip: gzipSync(data, { level: 9 }).length };
  };
  // A chunk that app.js imports statically loads on every visit, so it counts as the page's.
  const chunks = [...readFileSync(join(outdir, 'app.js'), 'utf8').matchAll(/(?:from|import)\s*"\.\/(chunk-[\w-]+\.js)"/g)].map((m) => m[1]);
  // The page also loads its service worker's registration when it is idle after the first result:
  // still the first visit (npm run bench counts every file the page requested).
  const later = readdirSync(outdir).filter((f) => /^offline-[\w-]+\.js$/.test(f));
  const files = [...PAGE_FILES, ...chunks, ...later, 'epochcalc.js', 'epochcalc_core.wasm'].map(sizeOf);
  const element = ELEMENT_FILES.map(sizeOf).reduce((sum, f) => sum + f.gzip, 0);
  const total = files.reduce((sum, f) => sum + f.gzip, 0);
  const page = files.filter((f) => PAGE_FILES.includes(f.name) || chunks.includes(f.name) || later.includes(f.name)).reduce((sum, f) => sum + f.gzip, 0);
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
    console.log(`  ${'element first visit'.padEnd(22)}${' '.repeat(11)}${kb(element)}  (epochcalc-element.js + wasm; budget ${BUDGET.total / 1024} KB)`);
    if (page > BUDGET.page || total > BUDGET.total || element > BUDGET.total) console.warn('build-web: over the size budget');
  }
  return { files, total, page, element, outdir };
}

/**
 * The explorable chapter (examples/dispatch-tax.html, Quarto's shape) in the shape Jupyter Book renders
 * (examples/jupyter-book.html's: sphinx-book-theme's containers, its CSS, whose dark scheme follows the
 * system): its sections in that page's article, with the offline script, and no Quarto toggle. One
 * chapter, two renderings, so the two never drift apart.
 */
function chapterAsJupyterBook() {
  const quarto = readFileSync(join(root, 'examples/dispatch-tax.html'), 'utf8');
  const book = readFileSync(join(root, 'examples/jupyter-book.html'), 'utf8');
  const sections = quarto.slice(quarto.indexOf('<section id='), quarto.lastIndexOf('</section>') + '</section>'.length)
    .replace(/<section id="([^"]+)" class="level2">\n<h2 class="anchored" data-anchor-id="[^"]+">([^<]+)<\/h2>/g,
      (_m, id, title) => `<section id="${id}">\n<h2>${title}<a class="headerlink" href="#${id}" title="Link to this heading">#</a></h2>`);
  const article = book.slice(book.indexOf('<article class="bd-article">'), book.indexOf('</article>') + '</article>'.length);
  const title = 'The dispatch tax';
  const chapter = `<article class="bd-article">\n<section class="tex2jax_ignore mathjax_ignore" id="the-dispatch-tax">\n` +
    `<h1>${title}<a class="headerlink" href="#the-dispatch-tax" title="Link to this heading">#</a></h1>\n${sections}\n</section>\n</article>`;
  if (!sections || !article) throw new Error('build-web: the chapter or the Jupyter Book page has changed shape');
  return book.replace(article, chapter)
    .replace(/<title>[^<]*<\/title>/, `<title>${title} — My ML Systems Book</title>`)
    .replace(/<!--[\s\S]*?-->\n?/, '<!-- Written by scripts/build-web.mjs from examples/dispatch-tax.html in the shape of examples/jupyter-book.html. -->\n');
}

/**
 * epochcalc-offline.html: the same page as one self-contained file that also opens from disk
 * (file:// cannot fetch modules or the .wasm): CSS and JS inline, the wasm (and the on-demand modules') as base64, which the page
 * hands to the engine as wasmBinary. Not part of a first visit; for saving and sharing a copy.
 * @param {string} outdir @param {string} wrapper
 */
async function buildOffline(outdir, wrapper) {
  const js = await bundle({ entryPoints: [join(root, 'web/src/main.js')], alias: { epochcalc: wrapper }, write: false });
  // Inside an inline <script>, "</script" would end it early; "<\/script" means the same to JS.
  const code = js.outputFiles[0].text.replace(/<\/script/gi, '<\\/script');
  const css = readFileSync(join(outdir, 'app.css'), 'utf8').replace(/<\/style/gi, '<\\/style');
  const wasm64 = readFileSync(join(outdir, 'epochcalc_core.wasm')).toString('base64');
  const calibration64 = readFileSync(join(outdir, 'epochcalc_calibration.wasm')).toString('base64');
  const whatif64 = readFileSync(join(outdir, 'epochcalc_whatif.wasm')).toString('base64');
  const html = pageHtml();
  const pieces = [
    [/<link rel="stylesheet" href="app.css">/, () => `<style>${css}</style>`],
    [/<link rel="modulepreload"[^>]*>\n?/, () => ''],
    [/<link rel="preload"[^>]*>\n?/, () => ''],
    // The single file works from disk: no file:// warning.
    [/<script src="file-check.js" async><\/script>\n?/, () => ''],
    // Nor a default answer drawn at build time to hide (scripts/prerender.mjs writes index.html only).
    [/<script src="first-answer.js"><\/script>\n?/, () => ''],
    [/<script type="module" src="app.js"><\/script>/,
      () => `<script type="application/wasm;base64" id="epochcalc-wasm">${wasm64}</script>\n` +
        `<script type="application/wasm;base64" id="epochcalc-calibration-wasm">${calibration64}</script>\n` +
        `<script type="application/wasm;base64" id="epochcalc-whatif-wasm">${whatif64}</script>\n` +
        `<script type="module">${code}</script>`],
  ];
  let out = html;
  for (const [pattern, replacement] of pieces) {
    if (!pattern.test(out)) throw new Error(`build-web: web/index.html has no ${pattern} to inline`);
    out = out.replace(pattern, replacement);
  }
  // Its own policy: the inline script and style by their hashes, nothing from anywhere (scripts/csp.mjs).
  writeFileSync(join(outdir, 'epochcalc-offline.html'), withOfflinePolicy(out));
}

/**
 * epochcalc-notebook.html: a page for one calculator element in a notebook's output (Python's
 * epochcalc.Calculator puts the element where the page's marker is and shows the page in a frame of its
 * own): the element and every module it loads inline (no file beside it: the output is a cell's HTML,
 * and an exported notebook opens offline), the engine's and the what-ifs' .wasm as base64, and the
 * element's views with their frame heights as JSON (Python refuses any other view).
 * epochcalc-notebook-loader.html: the frame of a notebook's later calculators, which loads the first
 * one's page rather than carrying it again (web/src/notebook-loader.js).
 * @param {string} outdir @param {string} wrapper
 */
async function buildNotebook(outdir, wrapper) {
  const inline = async (entry, plugins) => (await bundle({
    entryPoints: [join(root, entry)], write: false, alias: { epochcalc: wrapper }, loader: { '.html': 'text' }, plugins,
  })).outputFiles[0].text.replace(/<\/script/gi, '<\\/script');
  const code = await inline('web/src/notebook.js', [elementSources(outdir, false)]);
  const { VIEWS, FRAME_HEIGHTS } = await import(pathToFileURL(join(root, 'web/src/elements/views.js')).href);
  const views = JSON.stringify(Object.fromEntries(Object.keys(VIEWS).map((view) => [view, FRAME_HEIGHTS[view]])));
  const base64 = (file) => readFileSync(join(outdir, file)).toString('base64');
  writeFileSync(join(outdir, 'epochcalc-notebook.html'), withOfflinePolicy(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>epochcalc</title><style>html,body{margin:0;background:transparent}</style></head><body>
${NOTEBOOK_MARKER}
<script type="application/json" id="epochcalc-views">${views}</script>
<script type="application/wasm;base64" id="epochcalc-wasm">${base64('epochcalc_core.wasm')}</script>
<script type="application/wasm;base64" id="epochcalc-whatif-wasm">${base64('epochcalc_whatif.wasm')}</script>
<script type="module">${code}</script>
</body></html>
`));
  const loader = await inline('web/src/notebook-loader.js', []);
  writeFileSync(join(outdir, 'epochcalc-notebook-loader.html'), withOfflinePolicy(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>epochcalc</title>
<style>html,body{margin:0;background:transparent;font:14px system-ui,sans-serif}</style></head><body>
<p>This calculator loads its page from the notebook's first calculator output: run that cell too, or
show this one with <code>Calculator(..., standalone=True)</code>.</p>
<template id="epochcalc-element">${NOTEBOOK_MARKER}</template>
<script type="module">${loader}</script>
</body></html>
`));
}

/** Where epochcalc-notebook.html takes its calculator element (python/epochcalc/notebook.py fills it). */
export const NOTEBOOK_MARKER = '<!-- epochcalc:calculator -->';

/**
 * epochcalc-element.js: the elements with the engine's wrapper and glue bundled in (the glue finds the
 * .wasm beside the module, by import.meta.url), the calculator's markup and the element's CSS as text;
 * and embed.js, the iframe page's script, which imports the element module rather than a second copy.
 * @param {string} outdir @param {string} wrapper
 */
/**
 * The element's sources as esbuild modules: its CSS (the page's, transformed) and the calculator's
 * markup as text. With `fetchWasm` the element fetches its .wasm beside its module (the element file);
 * without, it reads the copies embedded in its document (the notebook's page), as the single file does.
 * @param {string} outdir @param {boolean} fetchWasm
 */
function elementSources(outdir, fetchWasm) {
  const css = elementCss(readFileSync(join(outdir, 'app.css'), 'utf8'));
  return {
    name: 'epochcalc-element-sources',
    setup(b) {
      b.onResolve({ filter: /^epochcalc:element-css$/ }, () => ({ path: 'element-css', namespace: 'epochcalc' }));
      b.onLoad({ filter: /^element-css$/, namespace: 'epochcalc' }, () => ({ contents: css, loader: 'text' }));
      if (fetchWasm) {
        b.onResolve({ filter: /\/wasm-source\.js$/ }, () => ({ path: 'wasm-source', namespace: 'epochcalc' }));
        b.onLoad({ filter: /^wasm-source$/, namespace: 'epochcalc' }, () => ({ contents: 'export const embeddedWasm = () => ({});', loader: 'js' }));
      }
      b.onLoad({ filter: /calculator\.html$/ }, () => ({ contents: calculatorHtml(), loader: 'text' }));
    },
  };
}

async function buildElement(outdir, wrapper) {
  const virtualCss = elementSources(outdir, true);
  await bundle({
    entryPoints: { 'epochcalc-element': join(root, 'web/src/element.js') },
    outdir,
    alias: { epochcalc: wrapper },
    loader: { '.html': 'text' },
    plugins: [virtualCss, onDemandExternal, chartExternal, toolsExternal, scrubExternal, inputExternal],
  });
  await bundle({ entryPoints: { 'epochcalc-scrub': join(root, 'web/src/elements/scrub.js') }, outdir });
  await bundle({ entryPoints: { 'epochcalc-input': join(root, 'web/src/elements/input-control.js') }, outdir, plugins: [scrubExternal] });
  await bundle({ entryPoints: { 'epochcalc-book': join(root, 'web/src/elements/book-offline.js') }, outdir });
  const elementExternal = {
    name: 'epochcalc-element-external',
    setup(b) {
      b.onResolve({ filter: /\/element\.js$/ }, () => ({ path: './epochcalc-element.js', external: true }));
    },
  };
  await bundle({ entryPoints: { embed: join(root, 'web/src/embed.js') }, outdir, plugins: [elementExternal], ...LATER_CHUNKS });
  // The anywidget contract's module: render({ model, el }) over the element, which it imports from beside it.
  await bundle({ entryPoints: { 'epochcalc-widget': join(root, 'web/src/widget.js') }, outdir, plugins: [elementExternal] });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildWeb().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
