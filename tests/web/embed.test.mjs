// Pure pieces of the embedding: how <epoch-value> writes a result field, and how the build turns the
// page's stylesheet into the element's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatField, valueAt } from '../../web/src/field-format.js';
import { elementCss, compactHtml } from '../../scripts/build-web.mjs';

const NBSP = '\u00a0';

test('valueAt: dotted paths into a result, own properties only', () => {
  const r = { accelerator: { batched: { epoch_time_s: 0.25 } }, list: [{ from: 3 }] };
  assert.equal(valueAt(r, 'accelerator.batched.epoch_time_s'), 0.25);
  assert.equal(valueAt(r, 'list.0.from'), 3);
  assert.equal(valueAt(r, 'accelerator.nope'), undefined);
  assert.equal(valueAt(r, 'accelerator.batched.epoch_time_s.x'), undefined);
  assert.equal(valueAt(r, 'constructor'), undefined, 'no prototype properties');
});

test('formatField: auto-scaled by what the name says, or in the unit asked for', () => {
  assert.equal(formatField('host.batched.epoch_time_s', 0.2742), `274.2${NBSP}ms`);
  assert.equal(formatField('host.batched.epoch_time_s', 0.2742, 'ms'), `274.2${NBSP}ms`);
  assert.equal(formatField('host.batched.epoch_time_s', 0.2742, 's'), `0.2742${NBSP}s`);
  assert.equal(formatField('host.batched.epoch_time_s', 2.5e-5, 'us'), `25${NBSP}µs`);
  assert.equal(formatField('host.batched.energy_j', 0.6749), `674.9${NBSP}mJ`);
  assert.equal(formatField('host.batched.overhead_fraction', 0.615), '61.5%');
  assert.equal(formatField('comparison.accelerator_speedup_batched', 1.0767), '1.08×');
  assert.equal(formatField('network.batched.flops', 3.93e10), `39.3${NBSP}GFLOP`);
  assert.equal(formatField('network.batched.bytes', 3.3e9), `3.3${NBSP}GB`);
  assert.equal(formatField('network.batched.launched_ops', 16875), '16,875');
  assert.equal(formatField('comparison.crossover_batch_size', null), 'none');  // <epoch-value> writes its own words (none=)
  assert.equal(formatField('comparison.nope', undefined), '—');
  assert.equal(formatField('host.name', 'Reference CPU'), 'Reference CPU');
});

test('elementCss: the page stylesheet, scoped to the element box, themed by attribute, sized by the element', () => {
  const page = ':root{--bg:#fff;font-size:16px}@media (prefers-color-scheme:dark){:root{--bg:#000}}' +
    'body{margin:0}header.site,main{max-width:1240px}tbody td{padding:.5rem}' +
    '@media (min-width:960px){.layout{gap:1.5rem}}.x{margin:0 0 .75rem}';
  const css = elementCss(page);
  // Each colour reads the host page's --epochcalc- property of the same name first, in both themes.
  assert.match(css, /\.ec-root\{--bg:var\(--epochcalc-bg,#fff\);font-size:16px\}/);
  assert.match(css, /\.ec-root\[data-theme=dark\]\{--bg:var\(--epochcalc-bg,#000\);color-scheme:dark\}/);
  assert.match(css, /\.ec-root\[data-inherit\]\{background:transparent\}/);
  assert.doesNotMatch(css, /prefers-color-scheme|:root|\bbody\{|header\.site/);
  assert.match(css, /tbody td\{padding:8px\}/, 'tbody is not body');
  assert.match(css, /@container \(min-width:960px\)\{\.layout\{gap:24px\}\}/);
  assert.match(css, /\.x\{margin:0 0 12px\}/);
  assert.doesNotMatch(css, /rem\b/);
  assert.match(css, /^:host\{display:block!important/);
  assert.throws(() => elementCss('.a{}'), /dark/);
});

test('compactHtml: no comments, no indentation, same markup', () => {
  assert.equal(compactHtml('<!-- note -->\n<div>\n    <p>a b</p>\n  </div>\n'), '<div>\n<p>a b</p>\n</div>');
});
