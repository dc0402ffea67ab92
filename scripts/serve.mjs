#!/usr/bin/env node
// A tiny static file server for dist/ (or another folder) on 127.0.0.1, for local use and tests.
//   node scripts/serve.mjs [port] [root]      (port also from PORT; 0 picks a free one)
import { createServer } from 'node:http';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cspHeader } from './csp.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * The file a request path maps to inside root, or null if it would leave root.
 * @param {string} root absolute folder
 * @param {string} urlPath the request's path, percent-encoded
 * @returns {string|null}
 */
export function resolvePath(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0].split('#')[0]);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = resolve(root, `.${decoded.startsWith('/') ? '' : '/'}${decoded}`);
  if (file !== root && !file.startsWith(root + sep)) return null;
  return file;
}

/**
 * Serves `root` over http.
 * @param {{ root?: string, port?: number, host?: string }} [options]
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export function serve({ root = join(repo, 'dist'), port = 8080, host = '127.0.0.1' } = {}) {
  const base = resolve(root);
  const server = createServer((req, res) => {
    const send = (status, text) => {
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' });
      res.end(req.method === 'HEAD' ? undefined : text);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      return send(405, 'method not allowed\n');
    }
    let file = resolvePath(base, new URL(req.url ?? '/', 'http://localhost').pathname);
    if (!file) return send(403, 'forbidden\n');
    let stat;
    try {
      stat = statSync(file);
      if (stat.isDirectory()) {
        file = join(file, 'index.html');
        stat = statSync(file);
      }
    } catch {
      return send(404, 'not found\n');
    }
    if (!stat.isFile()) return send(404, 'not found\n');
    const ext = extname(file).toLowerCase();
    /** @type {Record<string, string|number>} */
    const headers = {
      'content-type': MIME[ext] ?? 'application/octet-stream',
      'content-length': stat.size,
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
      // A sandboxed iframe (embed.html in <iframe sandbox="allow-scripts">) has an opaque origin, so
      // its module script and .wasm are cross-origin requests: allow them, as static hosts commonly do.
      'access-control-allow-origin': '*',
    };
    if (ext === '.html') {
      // A page's Content-Security-Policy <meta> (scripts/csp.mjs) repeated as a header, with the
      // frame-ancestors only a header can carry; pages without one (the single file) get none.
      let body;
      try {
        body = readFileSync(file);
      } catch {
        return send(404, 'not found\n');
      }
      const csp = cspHeader(basename(file), body.toString('utf8'));
      if (csp) headers['content-security-policy'] = csp;
      headers['content-length'] = body.length;
      res.writeHead(200, headers);
      return res.end(req.method === 'HEAD' ? undefined : body);
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).on('error', () => res.destroy()).pipe(res);
  });
  return new Promise((resolveServe, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = /** @type {import('node:net').AddressInfo} */ (server.address());
      const shownHost = host.includes(':') ? `[${host}]` : host;
      resolveServe({
        url: `http://${shownHost}:${address.port}/`,
        port: address.port,
        close: () => new Promise((done) => {
          server.closeAllConnections?.();
          server.close(() => done());
        }),
      });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.argv[2] ?? process.env.PORT ?? 8080);
  const root = process.argv[3] ? resolve(process.argv[3]) : undefined;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`serve: bad port ${process.argv[2] ?? process.env.PORT}`);
    process.exit(2);
  }
  serve({ root, port }).then(
    ({ url }) => console.log(`Serving ${root ?? join(repo, 'dist')} at ${url}`),
    (err) => {
      console.error(`serve: ${err.message}`);
      process.exit(1);
    },
  );
}
