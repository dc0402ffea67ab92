// `npm pack` / `npm publish` run this first: the package ships the built module, element, wasm and
// typings from dist/ (package.json "files"), so they must be there. It never builds by itself: a
// full build takes minutes and needs the toolchain (npm run build).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { files } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const missing = files.filter((f) => !existsSync(join(root, f)));
if (missing.length) {
  console.error(`epochcalc: cannot pack, ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing: run npm run build first`);
  process.exit(1);
}
