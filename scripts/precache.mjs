// The offline step of the web build: bundles web/sw.js (Workbox precaching) to <outdir>/sw.js and fills
// in the list of every file of the build, each with a content hash (workbox-build's getManifest, which
// needs no network). Runs last, after every other file of outdir is written; files added later to the
// build are picked up by the glob.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getManifest } from 'workbox-build';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the manifest goes in the worker's source (Workbox's convention). */
const INJECTION_POINT = 'self.__WB_MANIFEST';

/**
 * Writes <outdir>/sw.js precaching every file in outdir except sw.js itself and source maps.
 * @param {string} outdir
 * @returns {Promise<{ count: number, size: number }>} files precached and their total bytes
 */
export async function precache(outdir) {
  const dir = resolve(outdir);
  const { manifestEntries, count, size, warnings } = await getManifest({
    globDirectory: dir,
    globPatterns: ['**/*'],
    globIgnores: ['sw.js', '**/*.map'],
    // Workbox leaves out files over 2 MB by default; the wasm and the single-file copy (the wasm as
    // base64, ~1 MB) grow, so allow plenty. A file left out anyway is a warning, and fails the build.
    maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
  });
  if (warnings.length) throw new Error(`precache: ${warnings.join('; ')}`);

  await writeWorker(join(root, 'web/sw.js'), join(dir, 'sw.js'), manifestEntries);
  return { count, size };
}

/**
 * Writes <outdir>/epochcalc-book-sw.js (web/book-sw.js), the worker a book registers at its own scope,
 * and <outdir>/epochcalc-book-files.json, the list it reads of this build's element files, each with its
 * SHA-256 (the worker checks each file it keeps against it), and the build's id (a hash of the list).
 * The worker itself holds no list, so a deploy that copies only the elements' files still reaches it.
 * @param {string} outdir @param {string[]} files  the elements' files, relative to outdir
 */
export async function bookWorker(outdir, files) {
  bookFiles(outdir, files);
  await writeWorker(join(root, 'web/book-sw.js'), join(resolve(outdir), 'epochcalc-book-sw.js'), null);
}

/**
 * Writes <dir>/epochcalc-book-files.json for the element files in dir (the tests' deploys use it too).
 * @param {string} dir @param {string[]} files
 */
export function bookFiles(dir, files) {
  /** @type {Record<string, string>} */
  const hashes = {};
  for (const f of files) hashes[f] = createHash('sha256').update(readFileSync(join(dir, f))).digest('hex');
  const build = createHash('sha256').update(JSON.stringify(hashes)).digest('hex').slice(0, 16);
  writeFileSync(join(dir, 'epochcalc-book-files.json'), `${JSON.stringify({ build, files: hashes }, null, 1)}\n`);
}

/**
 * Bundles a worker's source with its list of files where self.__WB_MANIFEST stands (entries null: a
 * worker without one).
 * @param {string} source @param {string} out @param {{url: string, revision: string|null}[]|null} entries
 */
async function writeWorker(source, out, entries) {
  const bundle = await build({
    entryPoints: [source],
    bundle: true,
    format: 'iife',
    minify: true,
    target: ['es2022'],
    // Workbox's development logging is dropped in production.
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'silent',
    write: false,
  });
  const code = bundle.outputFiles[0].text;
  if (!entries) return void writeFileSync(out, code);
  const at = code.indexOf(INJECTION_POINT);
  if (at < 0 || code.indexOf(INJECTION_POINT, at + 1) >= 0) {
    throw new Error(`precache: ${source} must use ${INJECTION_POINT} exactly once`);
  }
  const list = JSON.stringify(entries.map(({ url, revision }) => ({ url, revision })));
  writeFileSync(out, code.slice(0, at) + list + code.slice(at + INJECTION_POINT.length));
}
