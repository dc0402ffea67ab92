// The default scenario's answer, written into dist/index.html at build time, so that a first visit
// reads it at the first paint instead of after the engine has loaded (about half a second on a
// 2-core machine). Nothing here computes or formats a number: the built page runs in headless
// Chromium, the engine solves the default preset and the page draws its answer as it always does; its
// sentence and headline are copied into the HTML as drawn, marked data-prerendered.
//
// The copy is right only for the default scenario. web/first-answer.js hides it before the first
// paint when the visit will show another one (a link's scenario, or the last one kept in the browser),
// and web/src/main.js replaces it with the engine's own drawing once the engine has loaded.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, haveChromium, testBrowser } from './chromium.mjs';
import { serve } from './serve.mjs';

/** The elements copied, each as web/calculator.html writes it empty (its class is its id). */
const PRERENDERED = [{ tag: 'p', id: 'sentence' }, { tag: 'dl', id: 'headline' }].map(({ tag, id }) => {
  const open = `<${tag} id="${id}" class="${id}"`;
  return { id, empty: `${open}></${tag}>`, filled: (inner) => `${open} data-prerendered>${inner}</${tag}>` };
});

/**
 * Draws the default answer into outdir/index.html. Without Chromium the page is left as it was (it
 * draws the answer once the engine loads) and the reason is returned.
 * @param {string} outdir
 * @returns {Promise<{ done: boolean, reason?: string }>}
 */
export async function prerenderAnswer(outdir) {
  if (!haveChromium()) return { done: false, reason: `no Chromium at ${CHROMIUM} (set EPOCHCALC_CHROMIUM)` };
  const file = join(outdir, 'index.html');
  const html = readFileSync(file, 'utf8');
  for (const part of PRERENDERED) {
    if (!html.includes(part.empty)) throw new Error(`prerender: index.html has no empty ${part.empty}`);
  }
  const server = await serve({ root: outdir, port: 0 });
  const browser = await chromium.launch(testBrowser());
  try {
    // A desktop window; no service worker (it would precache the build being written).
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(server.url);
    await page.waitForSelector('html[data-ready]', { timeout: 60000 });
    const drawn = await page.evaluate((ids) => ids.map((id) => document.getElementById(id)?.innerHTML ?? ''), PRERENDERED.map((p) => p.id));
    if (problems.length) throw new Error(`prerender: the page failed: ${problems[0]}`);
    let out = html;
    PRERENDERED.forEach((part, i) => {
      if (!drawn[i]) throw new Error(`prerender: the page drew no #${part.id} for the default scenario`);
      out = out.replace(part.empty, () => part.filled(drawn[i]));
    });
    writeFileSync(file, out);
    return { done: true };
  } finally {
    await browser.close();
    await server.close();
  }
}
