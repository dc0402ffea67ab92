// The static server (MIME types, no escaping the root) and the first-visit size budget of dist/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { serve, resolvePath } from '../../scripts/serve.mjs';
import { BUDGET, ELEMENT_FILES, PAGE_FILES } from '../../scripts/build-web.mjs';
import { ensureDist, dist } from './helpers.mjs';

/** @type {{url: string, close: () => Promise<void>}} */
let server;
before(async () => {
  await ensureDist();
  server = await serve({ root: dist, port: 0 });
});
after(async () => { await server?.close(); });

/** A raw GET (no URL normalisation, so ../ reaches the server as sent). */
function get(path, method = 'GET') {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'], body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('serve: listens on 127.0.0.1 with a free port for port 0', () => {
  assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
  assert.notEqual(new URL(server.url).port, '0');
});

test('serve: MIME types, index.html for /, 404 for missing files', async () => {
  const cases = [
    ['/', 'text/html; charset=utf-8'],
    ['/index.html', 'text/html; charset=utf-8'],
    ['/app.js', 'text/javascript; charset=utf-8'],
    ['/epochcalc.js', 'text/javascript; charset=utf-8'],
    ['/app.css', 'text/css; charset=utf-8'],
    ['/epochcalc_core.wasm', 'application/wasm'],
  ];
  for (const [path, type] of cases) {
    const res = await get(path);
    assert.equal(res.status, 200, path);
    assert.equal(res.type, type, path);
  }
  const wasm = await get('/epochcalc_core.wasm');
  assert.deepEqual(wasm.body, readFileSync(join(dist, 'epochcalc_core.wasm')));
  assert.equal((await get('/nope.js')).status, 404);
  assert.equal((await get('/app.js', 'POST')).status, 405);
  const head = await get('/app.js', 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.body.length, 0);
});

test('serve: no directory traversal', async () => {
  for (const path of ['/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json', '/%2e%2e%2f%2e%2e%2fetc/passwd', '/a/../../package.json']) {
    const res = await get(path);
    assert.ok(res.status === 403 || res.status === 404, `${path} → ${res.status}`);
    assert.ok(!res.body.toString().includes('"name": "epochcalc"'), path);
  }
  assert.equal(resolvePath('/srv/www', '/../x'), null);
  assert.equal(resolvePath('/srv/www', '/%2e%2e/x'), null);
  assert.equal(resolvePath('/srv/www', '/%zz'), null);
  assert.equal(resolvePath('/srv/www', '/a%00b'), null);
  assert.equal(resolvePath('/srv/www', '/a/b.js'), '/srv/www/a/b.js');
});

test('first visit stays within the gzip budget', () => {
  const gz = (name) => gzipSync(readFileSync(join(dist, name)), { level: 9 }).length;
  // Every file the page requests on a first visit, as npm run bench counts them: the classic scripts,
  // the module, the stylesheet, and the service worker's registration loaded once it is idle.
  const later = readdirSync(dist).filter((f) => /^offline-[\w-]+\.js$/.test(f));
  assert.equal(later.length, 1, 'one registration chunk');
  const page = [...PAGE_FILES, ...later].reduce((s, f) => s + gz(f), 0);
  const total = page + gz('epochcalc.js') + gz('epochcalc_core.wasm');
  assert.ok(page <= BUDGET.page, `page ${(page / 1024).toFixed(1)} KB gzip > ${BUDGET.page / 1024} KB`);
  assert.ok(total <= BUDGET.total, `first visit ${(total / 1024).toFixed(1)} KB gzip > ${BUDGET.total / 1024} KB`);
  // The chart is left out because app.js imports it only on demand (never statically, never inlined),
  // and it is precached for offline use with everything else.
  const app = readFileSync(join(dist, 'app.js'), 'utf8');
  assert.match(app, /import\(\s*"\.\/epochcalc-chart\.js"\s*\)/);
  assert.doesNotMatch(app, /from\s*"\.\/epochcalc-chart\.js"|u-legend/);
  assert.match(readFileSync(join(dist, 'epochcalc-chart.js'), 'utf8'), /u-legend/, 'uPlot is in the chart module');
  assert.match(readFileSync(join(dist, 'sw.js'), 'utf8'), /"epochcalc-chart\.js"/);
});

// The chart (epochcalc-chart.js) is not counted here: it loads when it comes into view. npm run bench
// also measures a full element at the top of a page, whose chart is in view at once.
test("an element's module (its glue, markup and CSS) and the wasm stay within the same budget", () => {
  const gz = (name) => gzipSync(readFileSync(join(dist, name)), { level: 9 }).length;
  assert.deepEqual(ELEMENT_FILES, ['epochcalc-element.js', 'epochcalc_core.wasm']);
  const total = ELEMENT_FILES.reduce((s, f) => s + gz(f), 0);
  assert.ok(total <= BUDGET.total, `element first visit ${(total / 1024).toFixed(1)} KB gzip > ${BUDGET.total / 1024} KB`);
});

test('the page loads nothing from elsewhere: no external URLs in html, css or js', () => {
  for (const name of ['index.html', 'app.css', 'app.js', 'epochcalc.js', 'epochcalc-element.js', 'embed.html', 'embed.js', 'sw.js']) {
    const text = readFileSync(join(dist, name), 'utf8');
    // Links to datasheets are data (in the wasm registry), not loaded resources.
    const loads = text.match(/(src|href)=["']https?:|@import\s+url\(["']?https?:|url\(["']?https?:/g);
    assert.equal(loads, null, `${name} loads ${loads}`);
  }
});
