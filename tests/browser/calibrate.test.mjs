// The page's framework profiles, efficiency fields and "Fit to your measurements" panel in Chromium:
// a profile fills the overheads and records itself in the link; measured epochs fit, show on the sweep
// chart, apply with one click and undo with another; bad lines are refused line by line.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPage, release, value, choose, afterUpdate, fill, near, text } from './helpers.mjs';

/** @type {Awaited<ReturnType<typeof setUp>>} */
let env;
before(async () => { env = await setUp(); });
after(async () => { await env?.close(); });

const preset = 'mnist-cpu-vs-h100';

/** Measured epochs made by the engine itself from known constants, as lines for the box. */
async function measuredLines(truth) {
  const lines = [];
  for (const device of ['host', 'accelerator']) {
    for (const b of [1, 32, 512]) {
      const r = env.calc.solve({ ...truth, network: { batch_size: b } });
      lines.push(`${device} ${b} ${r[device].batched.epoch_time_s}`);
    }
  }
  return lines.join('\n');
}

/** Opens the fit panel and waits for its code to arrive. */
async function openFit(page) {
  await page.click('#fit-panel summary');
  await page.waitForSelector('#measurements');
}

test('choosing a profile fills the overheads, names its sources and goes into the link', async () => {
  const page = await openPage(env.browser, env.url);
  await choose(page, '#profile', 'numpy-cpu');
  const expected = env.calc.solve({ preset, profile: 'numpy-cpu' });
  assert.ok(near(await value(page, 'host.batched.epoch'), expected.host.batched.epoch_time_s));
  assert.equal(await page.inputValue('#dispatch'), '1 us');
  assert.equal(new URL(page.url()).searchParams.get('profile'), 'numpy-cpu');
  assert.match(await text(page, '#profile-desc'), /NumPy/);
  const links = await page.$$eval('#profile-source a', (as) => as.map((a) => a.getAttribute('href')));
  assert.ok(links.length > 0 && links.every((href) => href?.startsWith('https://')), links.join(' '));
  // Editing a filled field keeps the profile and wins over it.
  await fill(page, '#dispatch', '2 us');
  const mine = env.calc.solve({ preset, profile: 'numpy-cpu', dispatch: '2 us' });
  assert.ok(near(await value(page, 'host.batched.epoch'), mine.host.batched.epoch_time_s));
  assert.equal(await page.inputValue('#profile'), 'numpy-cpu');
  assert.deepEqual(page.problems, []);
  await release(page);
});

test('an efficiency typed as a percentage slows that device only, and says how it was read', async () => {
  const page = await openPage(env.browser, env.url);
  await fill(page, '#host_efficiency', '0.25');
  const expected = env.calc.solve({ preset, assumptions: { host_efficiency: 0.25 } });
  assert.ok(near(await value(page, 'host.batched.epoch'), expected.host.batched.epoch_time_s));
  assert.match(await text(page, '#host_efficiency-read'), /25%/);
  await fill(page, '#host_efficiency', '150 %');
  await page.locator('#host_efficiency').blur();
  await page.waitForSelector('#host_efficiency[aria-invalid="true"]');
  assert.deepEqual(page.problems, []);
  await release(page);
});

test('measured epochs fit, show on the chart, apply with one click and undo with another', async () => {
  const page = await openPage(env.browser, env.url);
  const truth = { preset, dispatch: '7 us', launch: '4 us', assumptions: { host_efficiency: 0.35, accelerator_efficiency: 0.12 } };
  await openFit(page);
  await page.fill('#measurements', await measuredLines(truth));
  await page.fill('#fit-predict', '64, 4096');
  await page.click('#fit-run');
  await page.waitForSelector('#fit-constants');
  const table = await text(page, '#fit-constants');
  assert.match(table, /7(\.000)? µs/, table);
  assert.match(table, /35(\.0)?% of peak/, table);
  // The fitted model's epochs at the batch sizes asked for: the truth's own.
  const rows = await page.$$eval('#fit-predictions tbody tr', (trs) => trs.map((tr) => tr.textContent ?? ''));
  assert.equal(rows.length, 2, rows.join(' | '));
  assert.match(rows[0], /^64/);
  assert.match(rows[1], /^4,096/);
  assert.equal(await page.isVisible('#sweep-measured'), true, 'the chart says what the points are');
  const before = await value(page, 'host.batched.epoch');

  await afterUpdate(page, () => page.click('#fit-apply'));
  const fitted = env.calc.solve({ ...truth, network: { batch_size: 32 } });
  assert.ok(near(await value(page, 'host.batched.epoch'), fitted.host.batched.epoch_time_s, 1e-6));
  assert.ok(near(await value(page, 'accelerator.batched.epoch'), fitted.accelerator.batched.epoch_time_s, 1e-6));

  await afterUpdate(page, () => page.click('#fit-undo'));
  assert.equal(await value(page, 'host.batched.epoch'), before);
  assert.equal(await page.isVisible('#fit-undo'), false);
  assert.deepEqual(page.problems, []);
  await release(page);
});

test('host times alone leave launch undetermined, and bad lines are refused by line', async () => {
  const page = await openPage(env.browser, env.url);
  await openFit(page);
  await page.fill('#measurements', 'host 1 7 s\nhost 32 300 ms\nhost 512 90 ms');
  await page.click('#fit-run');
  await page.waitForSelector('#fit-constants');
  assert.match(await text(page, '#fit-constants'), /Kernel launch per operation\s*not determined/);

  await page.fill('#measurements', 'host 32 300 ms\ngpu 32 1 s\nhost 64 -2 s');
  await page.click('#fit-run');
  await page.waitForSelector('#fit-errors:not([hidden])');
  const errors = await text(page, '#fit-errors');
  assert.match(errors, /Line “gpu 32 1 s”, device/);
  assert.match(errors, /Line “host 64 -2 s”, epoch time/);
  assert.equal(await page.isDisabled('#fit-apply'), true, 'nothing to apply after a refused fit');
  assert.deepEqual(page.problems, []);
  await release(page);
});
