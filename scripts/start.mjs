// Serves the built calculator (dist/) on 127.0.0.1 and prints its URL, after printing the default
// scenario's breakdown from the command-line tool. PORT overrides the port (default 8080).
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tool = spawnSync(path.join(root, 'build/native/cli/epochcalc'), [], { encoding: 'utf8' });
process.stdout.write(tool.stdout ?? '');
if (tool.status !== 0) process.stderr.write(tool.stderr ?? 'epochcalc did not run\n');

const { serve } = await import(pathToFileURL(path.join(root, 'scripts/serve.mjs')).href);
const port = Number(process.env.PORT ?? 8080);
const server = await serve({ root: path.join(root, 'dist'), port, host: '127.0.0.1' });
console.log(`\nepochcalc is served at ${server.url}  (Ctrl+C stops it)`);
