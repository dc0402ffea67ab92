// The Content-Security-Policy of the built pages, in one place. scripts/build-web.mjs writes it into
// every page of dist/ as a <meta http-equiv> (stampPolicy), scripts/serve.mjs repeats a page's policy as
// an HTTP header with frame-ancestors added (cspHeader), and tests/browser/csp.test.mjs checks both.
//
// No inline script but one, no eval, no inline style attribute, nothing from another origin. The one
// inline script is web/first-answer.js in index.html, allowed by its hash: it must run before the first
// paint, and as a file of its own it held up the parser for one more request (about 50 to 80 ms of a
// first visit here, a round trip on a real network). The one other exception is 'wasm-unsafe-eval': browsers count compiling WebAssembly as code generation, so without it the
// engine's .wasm (and the fit's) cannot be compiled, from a same-origin URL or not. It allows
// WebAssembly.compile/instantiate only, not eval() or new Function() (the Emscripten glue is linked
// with -sDYNAMIC_EXECUTION=0 and uses neither).
//
// epochcalc-offline.html must open from disk, so its script, its CSS and its wasm are inline by design:
// it gets a policy of its own (offlinePolicy), which allows exactly its inline script and style by their
// hashes and nothing from anywhere, written by the build after the file is assembled.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

/** web/first-answer.js as index.html carries it inline (minified: the comments stay in the source). */
export const FIRST_ANSWER_SCRIPT = transformSync(
  readFileSync(join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'web/first-answer.js'), 'utf8'),
  { minify: true, target: 'es2022' },
).code.trim();
const FIRST_ANSWER_HASH = `'sha256-${createHash('sha256').update(FIRST_ANSWER_SCRIPT).digest('base64')}'`;

/** The directives, in the order they are written. */
export const DIRECTIVES = [
  ['default-src', "'self'"],
  // Module scripts from the site itself; 'wasm-unsafe-eval' compiles the engine's .wasm (see above).
  ['script-src', "'self'", "'wasm-unsafe-eval'", FIRST_ANSWER_HASH],
  // app.css only; the element's CSS is a constructed stylesheet (adoptedStyleSheets), which style-src
  // does not govern, and element.style set from script is allowed.
  ['style-src', "'self'"],
  // data: for the pages' empty icon (<link rel="icon" href="data:,">), which spares a /favicon.ico request.
  ['img-src', "'self'", 'data:'],
  // The .wasm files, fetched by the glue (and preloaded by the page).
  ['connect-src', "'self'"],
  // The service worker (sw.js), which precaches the build for offline use.
  ['worker-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  // The calculator's forms never submit (they exist for their labels and keyboard behaviour).
  ['form-action', "'none'"],
];

/** The policy as a <meta> carries it (a meta cannot carry frame-ancestors; browsers ignore it there). */
export const POLICY = DIRECTIVES.map((d) => d.join(' ')).join('; ');

/** The page meant to be framed by any host (the iframe embed): no frame-ancestors for it. */
const FRAMED_ANYWHERE = new Set(['embed.html']);

/** Pages stampPolicy leaves alone: the single file that opens from disk and the notebook's calculator
 * page and its loader have their code inline, and a policy of their own (offlinePolicy). */
export const EXCLUDED = new Set(['epochcalc-offline.html', 'epochcalc-notebook.html', 'epochcalc-notebook-loader.html']);

/** The base64 SHA-256 source expression of an inline script's or style's text. @param {string} text */
const hashOf = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The single file's policy: its inline module script and its inline CSS by their hashes (the wasm's
 * base64 data blocks are not scripts), WebAssembly compilation, data: images, and no other source of
 * anything: nothing loads from the network or the disk.
 * @param {string} html the assembled page
 */
export function offlinePolicy(html) {
  const scripts = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((m) => hashOf(m[1]));
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => hashOf(m[1]));
  if (scripts.length === 0 || styles.length === 0) throw new Error('csp: the single file has no inline script or style to allow');
  return [
    ['default-src', "'none'"],
    ['script-src', "'wasm-unsafe-eval'", ...scripts],
    ['style-src', ...styles],
    ['img-src', 'data:'],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
  ].map((d) => d.join(' ')).join('; ');
}

/**
 * The single file with its policy's <meta> after <meta charset>.
 * @param {string} html
 */
export function withOfflinePolicy(html) {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${offlinePolicy(html)}">`;
  const charset = /<meta\s+charset=["']?[\w-]+["']?\s*\/?>/i;
  if (!charset.test(html)) throw new Error('csp: the single file has no <meta charset> to put the policy after');
  return html.replace(charset, (m) => `${m}\n${meta}`);
}

/**
 * The policy a server sends as a header for a page: the page's own policy plus frame-ancestors, 'self'
 * (the page and the examples may be framed by their own site only) except for embed.html, which any
 * host may frame.
 * @param {string} name the page's file name (embed.html, index.html, ...)
 * @param {string} [policy] the page's policy (POLICY by default)
 */
export function headerPolicy(name, policy = POLICY) {
  return FRAMED_ANYWHERE.has(name) ? policy : `${policy}; frame-ancestors 'self'`;
}

/** The <meta> element for a page. */
export const META = `<meta http-equiv="Content-Security-Policy" content="${POLICY}">`;

const META_PATTERN = /<meta\s+http-equiv=["']?Content-Security-Policy["']?\s+content="([^"]*)"\s*\/?>/i;

/**
 * The policy a page declares in a <meta>, or null.
 * @param {string} html
 */
export function declaredPolicy(html) {
  const end = html.search(/<\/head>/i);
  return META_PATTERN.exec(end < 0 ? html.slice(0, 8192) : html.slice(0, end))?.[1] ?? null;
}

/**
 * The Content-Security-Policy header for an HTML file a server sends: the policy the page declares in
 * its <meta> (so header and meta never differ), with frame-ancestors added; null for a page without one
 * (the single-file copy, pages of other sites).
 * @param {string} name the file's name @param {string} html its text
 */
export function cspHeader(name, html) {
  const policy = declaredPolicy(html);
  return policy == null ? null : headerPolicy(name, policy);
}

/**
 * The page with the policy's <meta> as the first element after <meta charset> (before any script or
 * stylesheet, as a meta policy applies only to what follows it); an existing one is replaced.
 * @param {string} html @param {string} [where] the page, for the error message
 */
export function withPolicy(html, where = 'page') {
  if (META_PATTERN.test(html)) return html.replace(META_PATTERN, () => META);
  const charset = /<meta\s+charset=["']?[\w-]+["']?\s*\/?>/i;
  if (!charset.test(html)) throw new Error(`csp: ${where} has no <meta charset> to put the policy after`);
  return html.replace(charset, (m) => `${m}\n${META}`);
}

/**
 * Writes the policy's <meta> into every .html file under outdir except the EXCLUDED ones.
 * @param {string} outdir
 * @returns {string[]} the pages written, relative to outdir with / separators
 */
export function stampPolicy(outdir) {
  /** @param {string} dir @returns {string[]} */
  const htmlIn = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return htmlIn(join(dir, e.name));
    return e.isFile() && e.name.endsWith('.html') && !EXCLUDED.has(e.name) ? [join(dir, e.name)] : [];
  });
  const pages = htmlIn(outdir);
  for (const file of pages) writeFileSync(file, withPolicy(readFileSync(file, 'utf8'), file));
  return pages.map((file) => relative(outdir, file).split(sep).join(posix.sep)).sort();
}
