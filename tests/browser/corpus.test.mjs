// The shared corpus of malformed input (tests/corpus/malformed.json) where a reader meets it: every
// scenario case as a page link (#scenario=<text>), every scenario and field case as attributes of one
// <epoch-overhead-calculator>. The expected code must reach the reader at the expected path, in the
// engine's words: on the page as a visible error carrying data-code and data-path, from the element in
// its `error` event and in its shadow root. Hostile but valid text must solve and show as text, never
// as markup; nothing may crash. One page and one element serve every case (a hash change, an attribute
// change), so the whole corpus runs in well under a minute. The CLI and the module run it in
// tests/node/corpus.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPage, afterUpdate } from './helpers.mjs';
import { loadCorpus, todoIf, expected, summary } from '../corpus/corpus.mjs';

/** @typedef {import('../corpus/corpus.mjs').Case} Case */

const { cases, hostile } = loadCorpus();
const linkCases = cases.filter((c) => c.kind === 'scenario');
const elementCases = cases.filter((c) => c.kind !== 'calibration');

/** Chromium opens no address longer than 2 MiB. */
const LONGEST_URL = 2 * 1024 * 1024;

/** Elements that hostile text would create if it were ever read as HTML. */
const MARKUP = 'script, img, svg, iframe, object, embed, [onerror], [onload], a[href^="javascript:"]';

/** @type {Awaited<ReturnType<typeof setUp>>} */
let env;
/** @type {Awaited<ReturnType<typeof openPage>>} */
let page;
/** @type {Awaited<ReturnType<typeof openPage>>} */
let host;
/** Markup the page and the element hold before any case: whatever is added later came from input. */
let pageMarkup;
let hostMarkup;

before(async () => {
  env = await setUp();
  page = await openPage(env.browser, env.url);
  host = await openHost();
  pageMarkup = await markupIn(page, false);
  hostMarkup = await markupIn(host, true);
});
after(async () => {
  await page?.context().close();
  await host?.context().close();
  await env?.close();
});

/**
 * One host page with one full calculator element, served from the build's own origin so that
 * ./epochcalc-element.js is the one in dist/. Errors are collected in page.problems as openPage does.
 */
async function openHost() {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const p = await context.newPage();
  /** @type {string[]} */
  const problems = [];
  p.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  p.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  const origin = new URL(env.url).origin;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Corpus host</title>
<script type="module" src="./epochcalc-element.js"></script></head>
<body><epoch-overhead-calculator id="calc" view="full"></epoch-overhead-calculator></body></html>`;
  await p.route('**/*', (route) => {
    const url = route.request().url();
    if (!url.startsWith(origin)) {
      problems.push(`external request: ${url}`);
      return route.abort();
    }
    if (url === `${origin}/corpus-host.html`) return route.fulfill({ contentType: 'text/html', body: html });
    return route.continue();
  });
  await p.goto(`${origin}/corpus-host.html`);
  await p.waitForFunction(() => /** @type {any} */ (document.getElementById('calc'))?.result);
  return Object.assign(p, { problems });
}

/**
 * The errors a reader can see in a root (the page's document or the element's shadow root): every
 * visible element with data-code, with its path and its text.
 * @param {import('playwright-core').Page} p @param {boolean} inElement
 */
const shownErrors = (p, inElement) => p.evaluate((shadow) => {
  const root = shadow ? /** @type {ShadowRoot} */ (document.getElementById('calc')?.shadowRoot) : document;
  return [...root.querySelectorAll('[data-code]')]
    .filter((el) => el.checkVisibility())
    .map((el) => ({ code: el.getAttribute('data-code') ?? '', path: el.getAttribute('data-path') ?? '', message: el.textContent ?? '' }));
}, inElement);

/** What hostile text could have made: markup elements, and the flag their handlers would set. */
const markupIn = (p, inElement) => p.evaluate(([shadow, selector]) => {
  const root = shadow ? /** @type {ShadowRoot} */ (document.getElementById('calc')?.shadowRoot) : document;
  return {
    elements: [...root.querySelectorAll(selector)].map((el) => el.outerHTML.slice(0, 120)),
    ran: /** @type {any} */ (window).__corpusPwned ?? null,
  };
}, /** @type {[boolean, string]} */ ([inElement, MARKUP]));

/** Opens a link by changing the hash of the one page, and waits for the page to recompute. */
async function openLink(text) {
  const hash = `#scenario=${encodeURIComponent(text)}`;
  await afterUpdate(page, () => page.evaluate((h) => { location.hash = h; }, hash));
}

/**
 * Sets the element's attributes for a case (every earlier field or scenario attribute removed in the
 * same task, so the element sees one change) and waits for what it reports: its first `error` event,
 * or a `result` event with no error after it in the same task (an attribute the engine refuses is
 * reported after the rest of the scenario has solved).
 * @param {Case} c
 * @returns {Promise<{type: 'error'|'result'|'none', detail: any}>}
 */
function setAttributes(c) {
  const attrs = c.kind === 'field' ? [[c.field?.dotted, c.field?.value]] : [['scenario', c.text]];
  return host.evaluate((a) => new Promise((resolve) => {
    const el = /** @type {any} */ (document.getElementById('calc'));
    const timer = setTimeout(() => done('none', 'neither an error nor a result event within 10 s'), 10_000);
    const onError = (/** @type {CustomEvent} */ e) => done('error', e.detail);
    const onResult = (/** @type {CustomEvent} */ e) => setTimeout(() => done('result', e.detail), 0);
    function done(type, detail) {
      clearTimeout(timer);
      el.removeEventListener('epochcalc-error', onError);
      el.removeEventListener('epochcalc-result', onResult);
      resolve({ type, detail });
    }
    el.addEventListener('epochcalc-error', onError);
    el.addEventListener('epochcalc-result', onResult);
    for (const { name } of [...el.attributes]) if (name !== 'id' && name !== 'view') el.removeAttribute(name);
    for (const [k, v] of a) el.setAttribute(k, v);
  }), attrs);
}

const cut = (s) => (s.length > 80 ? `${s.slice(0, 80)}…` : s);

/**
 * The engine's message for the case's expected error, asked of the module (as built into dist/) the
 * way the page asks it for a link: the engine reads the link (a scenario without a preset starts from
 * the default one), expands the document, then evaluates it. Null when the link solves: a case that
 * only lacks what the default preset gives.
 * @param {Case} c
 */
function linkMessage(c) {
  const text = /** @type {string} */ (c.text);
  const read = env.calc.readLink([['scenario', text]]).scenario;
  // JSON that is not an object is the engine's to name from the text, as the page does.
  const doc = read !== null && typeof read === 'object' && !Array.isArray(read) ? read : text;
  try {
    env.calc.expand(doc);
    env.calc.evaluate(doc);
  } catch (err) {
    const { error, why } = expected(c, /** @type {any} */ (err).errors);
    assert.ok(error, `the module: ${why}`);
    return error.message;
  }
  return null;
}

/** Whether the page shows a current result. @param {import('playwright-core').Page} p */
const currentResult = (p) => p.evaluate(() => {
  const results = /** @type {HTMLElement} */ (document.getElementById('results'));
  return !results.classList.contains('stale') && !results.classList.contains('empty');
});

/**
 * Asserts that the expected error is among those shown, in the engine's words (the page may put the
 * field's label before them), and that no markup came from the input.
 * @param {Case} c @param {import('playwright-core').Page} p @param {boolean} inElement
 * @param {string} message  the engine's message for that error
 */
async function assertShown(c, p, inElement, message) {
  const shown = await shownErrors(p, inElement);
  const { error, why } = expected(c, shown);
  assert.ok(error, `not shown to the reader: ${why}`);
  assert.ok(error.message.includes(message), `the engine's message is shown: ${JSON.stringify(cut(message))} in ${JSON.stringify(cut(error.message))}`);
  assert.deepEqual(await markupIn(p, inElement), inElement ? hostMarkup : pageMarkup, 'no markup from the input');
}

for (const c of linkCases) {
  // The server's address is a few dozen characters: keep well clear of the limit.
  const tooLong = encodeURIComponent(c.text ?? '').length > LONGEST_URL - 1000;
  test(`link: ${c.name}`, {
    todo: todoIf(c, 'code') || todoIf(c, 'link'),
    skip: tooLong ? 'Chromium opens no address over 2 MiB (the element takes this case as an attribute)' : false,
  }, async () => {
    const message = linkMessage(c);
    await openLink(/** @type {string} */ (c.text));
    if (message === null) assert.ok(await currentResult(page), 'over the default preset the link solves, and its result is shown');
    else await assertShown(c, page, false, message);
    assert.deepEqual(page.problems, [], `${cut(c.name)}: nothing crashes`);
  });
}

for (const c of elementCases) {
  test(`element: ${c.name}`, { todo: todoIf(c, 'code') || todoIf(c, 'element') }, async () => {
    const { type, detail } = await setAttributes(c);
    assert.equal(type, 'error', type === 'result' ? `the element solved it: ${cut(detail.scenario.name)}` : detail);
    const { error, why } = expected(c, detail);
    assert.ok(error, `the error event: ${why}`);
    await assertShown(c, host, true, error.message);
    assert.deepEqual(host.problems, [], `${cut(c.name)}: nothing crashes`);
  });
}

for (const c of hostile.filter((h) => h.kind === 'scenario')) {
  test(`link: ${c.name} (hostile, valid): solved and shown as text`, async () => {
    await openLink(/** @type {string} */ (c.text));
    assert.deepEqual(await shownErrors(page, false), [], 'no error');
    assert.ok(await currentResult(page), 'a current result is shown');
    if (c.shows) {
      const text = await page.evaluate(() => document.body.innerText + [...document.querySelectorAll('input, textarea')].map((el) => /** @type {HTMLInputElement} */ (el).value).join('\n'));
      assert.ok(text.includes(c.shows), `${JSON.stringify(c.shows)} is on the page as written`);
    }
    assert.deepEqual(await markupIn(page, false), pageMarkup, 'no markup from the input');
    assert.deepEqual(page.problems, []);
  });
  test(`element: ${c.name} (hostile, valid): solved and shown as text`, async () => {
    const { type, detail } = await setAttributes(c);
    assert.equal(type, 'result', type === 'error' ? summary(detail) : detail);
    assert.equal(detail.schema, 'epochcalc/result@1');
    if (c.shows) {
      const text = await host.evaluate(() => {
        const root = /** @type {ShadowRoot} */ (document.getElementById('calc')?.shadowRoot);
        const box = /** @type {HTMLElement} */ (root.querySelector('.ec-root'));
        return box.innerText + [...root.querySelectorAll('input, textarea')].map((el) => /** @type {HTMLInputElement} */ (el).value).join('\n');
      });
      assert.ok(text.includes(c.shows), `${JSON.stringify(c.shows)} is in the element as written`);
    }
    assert.deepEqual(await markupIn(host, true), hostMarkup, 'no markup from the input');
    assert.deepEqual(host.problems, []);
  });
}
