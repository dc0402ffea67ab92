// Offline hosting: the service worker (web/sw.js, scripts/precache.mjs) precaches the whole build so a
// second visit works with the server stopped, from a sub-path; a new deployment waits until the user
// reloads through the notice and never mixes versions; the single-file copy registers no worker.
// Every test serves its own temporary copy of dist/ in its own browser context.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.mjs';
import { precache } from '../../scripts/precache.mjs';
import { declaredPolicy } from '../../scripts/csp.mjs';
import { testBrowser, dist, ensureDist, repo } from './helpers.mjs';

const TIMEOUT = 30_000;
/** @type {import('playwright-core').Browser} */
let browser;
before(async () => {
  await ensureDist();
  browser = await chromium.launch(testBrowser());
});
after(async () => { await browser?.close(); });

/** Every file of a folder, as paths relative to it with forward slashes. */
function filesIn(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath ?? e.path, e.name)).split('\\').join('/'));
}

/** A temporary copy of dist/ at `sub` inside a fresh folder; removed after the test. */
function copyDist(t, sub = '') {
  const rootDir = mkdtempSync(join(tmpdir(), 'epochcalc-offline-'));
  t.after(() => rmSync(rootDir, { recursive: true, force: true }));
  const site = join(rootDir, sub);
  cpSync(dist, site, { recursive: true });
  return { rootDir, site };
}

/** A fresh context and page, with page errors and console errors collected. */
async function newPage(t) {
  const context = await browser.newContext();
  t.after(() => context.close());
  const page = await context.newPage();
  // A step that hangs fails under its own name before the test's timeout hides which one it was.
  page.setDefaultTimeout(TIMEOUT / 2);
  const problems = watch(page);
  return { context, page, problems };
}

/** @param {import('playwright-core').Page} page */
function watch(page) {
  /** @type {string[]} */
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  return problems;
}

/** Waits until the page shows its answer; returns the sentence. */
async function answered(page) {
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  const sentence = (await page.textContent('#sentence'))?.trim() ?? '';
  assert.notEqual(sentence, '', 'the page shows no result sentence');
  return sentence;
}

/** Waits until a service worker is active and controls the page (first install claims it). */
async function controlled(page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
    await answered(page);
  }
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
}

/** The URL of every entry of every cache of the page's origin. */
const cachedUrls = (page) => page.evaluate(async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
  }
  return urls;
});

test('second visit works with the server stopped, from a sub-path', { timeout: TIMEOUT }, async (t) => {
  const sub = 'some/sub/path';
  const { rootDir, site } = copyDist(t, sub);
  const server = await serve({ root: rootDir, port: 0 });
  let serverOpen = true;
  t.after(() => (serverOpen ? server.close() : undefined));
  const url = `${server.url}${sub}/`;

  const { context, page, problems } = await newPage(t);
  await page.goto(url);
  const first = await answered(page);
  await controlled(page);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
  assert.equal(scope, url, 'the worker is scoped to the folder the build is served from');

  // The whole build is precached (sw.js itself aside), each file under its revision.
  const cached = new Set((await cachedUrls(page)).map((u) => new URL(u).pathname));
  const expected = filesIn(site).filter((f) => f !== 'sw.js').map((f) => `/${sub}/${f}`);
  assert.ok(expected.includes(`/${sub}/epochcalc_core.wasm`) && expected.includes(`/${sub}/epochcalc-offline.html`));
  assert.deepEqual([...cached].sort(), expected.sort());

  await server.close();
  serverOpen = false;
  const refused = await fetch(url).then(() => false, () => true);
  assert.ok(refused, 'the server still answers');

  const again = await context.newPage();
  const againProblems = watch(again);
  /** @type {string[]} */
  const fromWorker = [];
  again.on('response', (r) => { if (r.fromServiceWorker()) fromWorker.push(new URL(r.url()).pathname); });
  await again.goto(url);
  assert.equal(await answered(again), first);
  assert.ok(fromWorker.includes(`/${sub}/epochcalc_core.wasm`), `wasm not served by the worker: ${fromWorker}`);
  assert.ok(fromWorker.includes(`/${sub}/`), 'page not served by the worker');
  // Offline too: a link's parameters, and the what-if tools (their module and the what-if wasm) loaded
  // from the precache when their section comes into view.
  const linked = await context.newPage();
  const linkedProblems = watch(linked);
  await linked.goto(`${url}?network.batch_size=64`);
  await answered(linked);
  assert.equal(await linked.inputValue('#batch_size'), '64');
  await linked.locator('#whatif').scrollIntoViewIfNeeded();
  await linked.waitForSelector('#quick-whatifs [data-whatif="cuda-graphs"] button');
  assert.deepEqual([...problems, ...againProblems, ...linkedProblems], []);
});

test('a new deployment waits for "Reload to update", and versions never mix', { timeout: TIMEOUT }, async (t) => {
  const { site } = copyDist(t);
  const html = readFileSync(join(site, 'index.html'), 'utf8');
  const app = readFileSync(join(site, 'app.js'), 'utf8');
  /** Makes the copy deployment `v`: a marker in the html and one set by app.js, then a new sw.js. */
  const deploy = async (v) => {
    assert.match(html, /<head>/);
    writeFileSync(join(site, 'index.html'), html.replace('<head>', `<head>\n<meta name="epochcalc-build" content="${v}">`));
    writeFileSync(join(site, 'app.js'), `${app};document.documentElement.dataset.build="${v}";\n`);
    await precache(site);
  };
  await deploy('v1');
  const swV1 = readFileSync(join(site, 'sw.js'), 'utf8');
  const server = await serve({ root: site, port: 0 });
  t.after(() => server.close());

  const { page, problems } = await newPage(t);
  /** [html marker, app.js marker] of the page as it runs. */
  const versions = () => page.evaluate(() => [
    document.querySelector('meta[name="epochcalc-build"]')?.getAttribute('content'),
    document.documentElement.dataset.build,
  ]);
  /** [html marker, app.js marker] of what the worker now serves for a request of this page. */
  const served = () => page.evaluate(async () => {
    const page = await (await fetch('./')).text();
    const app = await (await fetch('app.js')).text();
    return [page.match(/name="epochcalc-build" content="(v\d)"/)?.[1], app.match(/dataset\.build="(v\d)"/)?.[1]];
  });
  await page.goto(server.url);
  await answered(page);
  await controlled(page);
  assert.deepEqual(await versions(), ['v1', 'v1']);
  assert.equal(await page.locator('#epochcalc-update').count(), 0, 'a notice on the first visit');

  await deploy('v2');
  assert.notEqual(readFileSync(join(site, 'sw.js'), 'utf8'), swV1, 'sw.js did not change with the build');
  // The navigation makes the browser fetch sw.js again: v2 installs and waits.
  await page.reload();
  await answered(page);
  const notice = page.locator('#epochcalc-update');
  await notice.getByText('A new version of the calculator is ready.').waitFor({ timeout: 10_000 });
  assert.equal(await notice.getAttribute('role'), 'status');
  // (An async predicate's promise would count as true at once: the registration is polled instead.)
  const waiting = () => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
  for (let i = 0; i < 100 && !(await waiting()); i++) await page.waitForTimeout(100);
  assert.ok(await waiting(), 'the new worker waits');
  // The open page and everything it may still fetch are the old, complete set.
  assert.deepEqual(await versions(), ['v1', 'v1']);
  assert.deepEqual(await served(), ['v1', 'v1']);

  await Promise.all([
    page.waitForEvent('load'),
    notice.getByRole('button', { name: 'Reload to update' }).click(),
  ]);
  await answered(page);
  assert.deepEqual(await versions(), ['v2', 'v2']);
  assert.deepEqual(await served(), ['v2', 'v2']);
  assert.equal(await notice.count(), 0, 'the notice is still shown after the update');
  // The old revisions are gone from the precache: one entry per file.
  const appEntries = (await cachedUrls(page)).filter((u) => new URL(u).pathname === '/app.js');
  assert.equal(appEntries.length, 1, `app.js cached as ${appEntries}`);
  assert.deepEqual(problems, []);
});

/** Counts calls of ServiceWorkerContainer.register in the page (window.__registers). */
const countRegisters = () => {
  /** @type {any} */ (window).__registers = 0;
  const proto = self.ServiceWorkerContainer?.prototype;
  if (!proto) return;
  const original = proto.register;
  proto.register = function (...args) {
    /** @type {any} */ (window).__registers += 1;
    return original.apply(this, args);
  };
};

test('the single-file copy works from file:// with no network and registers no worker', { timeout: TIMEOUT }, async (t) => {
  // Issue 36 (defect 15): the served page had a Content-Security-Policy and this copy none. Its own allows
  // its inline script and style by their hashes and nothing else; a violation is a console error
  // (problems) and an event, both counted.
  const policy = declaredPolicy(readFileSync(join(dist, 'epochcalc-offline.html'), 'utf8'));
  assert.match(policy ?? '', /^default-src 'none'; script-src 'wasm-unsafe-eval' 'sha256-[^']+'; style-src 'sha256-[^']+';/);
  const { context, page, problems } = await newPage(t);
  await context.addInitScript(countRegisters);
  await context.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => {
    /** @type {any} */ (window).__violations = [...(/** @type {any} */ (window).__violations ?? []), e.violatedDirective];
  }));
  /** @type {string[]} */
  const requests = [];
  await page.route(/^https?:/, (route) => {
    requests.push(route.request().url());
    return route.abort();
  });
  await page.goto(pathToFileURL(join(dist, 'epochcalc-offline.html')).href);
  await answered(page);
  // registerOffline waits for the load event: give it the chance to misbehave.
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.evaluate(() => new Promise((r) => setTimeout(r, 100)));
  assert.equal(await page.evaluate(() => /** @type {any} */ (window).__registers), 0);
  // The fit panel and the engine's calibration module are inside the file too.
  // Opened as the panel's summary does, without a click that a layout shift (the chart coming into
  // view as the page scrolls to the panel) can send elsewhere on a loaded machine (a CI timeout).
  await page.$eval('#fit-panel', (panel) => { /** @type {HTMLDetailsElement} */ (panel).open = true; });
  await page.fill('#measurements', 'host 1 7 s\nhost 32 300 ms\nhost 512 90 ms');
  await page.click('#fit-run');
  // The fit's answer or its error, whichever comes: an error is reported, not waited out.
  await page.waitForSelector('#fit-constants, #fit-errors:not([hidden])');
  assert.equal(await page.isVisible('#fit-errors'), false, await page.textContent('#fit-errors') ?? '');
  assert.match(await page.textContent('#fit-constants') ?? '', /Dispatch per operation\s*[\d.]+\s*µs/);
  // The what-if tools too (their module is inline as well): the device table under the same policy.
  await page.locator('#devices').scrollIntoViewIfNeeded();
  await page.waitForSelector('#device-table tbody tr');
  assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).__violations ?? []), []);
  assert.deepEqual(requests, []);
  assert.deepEqual(problems, []);
});

test('the single-file copy served over http registers no worker either', { timeout: TIMEOUT }, async (t) => {
  const server = await serve({ root: dist, port: 0 });
  t.after(() => server.close());
  const { context, page, problems } = await newPage(t);
  await context.addInitScript(countRegisters);
  await page.goto(`${server.url}epochcalc-offline.html`);
  await answered(page);
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.evaluate(() => new Promise((r) => setTimeout(r, 100)));
  assert.equal(await page.evaluate(() => /** @type {any} */ (window).__registers), 0);
  assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), 0);
  assert.deepEqual(problems, []);
});

test('registration is silent in a sandboxed iframe (opaque origin)', { timeout: TIMEOUT }, async (t) => {
  // web/src/offline.js as the page bundles it, run inside <iframe sandbox="allow-scripts">, where
  // even reading navigator.serviceWorker throws.
  const bundle = await build({
    stdin: {
      contents: `import { registerOffline } from './web/src/offline.js';
        let sw;
        try { navigator.serviceWorker; sw = 'readable'; } catch { sw = 'throws'; }
        try { registerOffline(); parent.postMessage({ sw, result: 'ok' }, '*'); }
        catch (e) { parent.postMessage({ sw, result: 'threw ' + e }, '*'); }`,
      resolveDir: repo,
    },
    bundle: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const code = bundle.outputFiles[0].text.replace(/<\/script/gi, '<\\/script');
  // Served over http (so the protocol check passes) into a sandbox without allow-same-origin.
  const { site } = copyDist(t);
  const icon = '<link rel="icon" href="data:,">';
  writeFileSync(join(site, 'frame.html'), `<!doctype html><title>frame</title>${icon}<script type="module">${code}</script>`);
  writeFileSync(join(site, 'sandbox.html'), `<!doctype html><title>sandbox</title>${icon}
<script>window.reply = new Promise((r) => addEventListener('message', (e) => r(e.data)));</script>
<iframe sandbox="allow-scripts" src="frame.html"></iframe>`);
  const server = await serve({ root: site, port: 0 });
  t.after(() => server.close());
  const { page, problems } = await newPage(t);
  await page.goto(`${server.url}sandbox.html`);
  const reply = await page.evaluate(() => /** @type {any} */ (window).reply);
  assert.deepEqual(reply, { sw: 'throws', result: 'ok' });
  await page.evaluate(() => new Promise((r) => setTimeout(r, 100)));
  assert.deepEqual(problems, []);
});
