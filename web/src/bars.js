// Stacked bars: where one epoch's time goes on each device, batched and at batch size 1. Every
// segment is a button that shows its formula with the numbers filled in.
import { h, replace } from './dom.js';
import { time, si, int, percent, exact, shortName, count } from './format.js';

/** Segment kinds, in stacking order: work (cool colours) then overhead (warm colours). */
export const SEGMENTS = /** @type {const} */ ([
  { key: 'compute', label: 'compute', legend: 'compute (work)' },
  { key: 'memory', label: 'memory', legend: 'memory traffic (work)' },
  { key: 'dispatch', label: 'dispatch', legend: 'dispatch (overhead)' },
  { key: 'launch', label: 'launch', legend: 'kernel launch (overhead, accelerator only)' },
]);

/** @param {HTMLElement} legend */
export function renderLegend(legend) {
  replace(legend, ...SEGMENTS.map((s) => h('li', {}, h('span', { class: `swatch seg-${s.key}`, 'aria-hidden': 'true' }), s.legend)));
}

/** Formula digits: enough to check by hand. */
const F = { digits: 5 };

/**
 * The segments of one run, each with its value and formula.
 * @param {import('epochcalc').Result} result
 * @param {'host'|'accelerator'} role
 * @param {'batched'|'batch_one'} which
 */
export function segmentsOf(result, role, which) {
  const sc = result.scenario;
  const run = result[role][which];
  const prof = result.network[which];
  const dev = sc[role];
  const peak = dev.peak_flops[sc.precision] ?? 0;
  const compute = `compute = F ÷ P = ${si(prof.flops, 'FLOP', F)} ÷ ${si(peak, 'FLOP/s', F)} (${sc.precision}) = ${time(run.compute_time_s, F)}`;
  const memory = `memory = Y ÷ BW = ${si(prof.bytes, 'B', F)} ÷ ${si(dev.memory_bandwidth, 'B/s', F)} = ${time(run.memory_time_s, F)}`;
  const ops = count(prof.launched_ops, 'op');
  const segs = [];
  if (sc.assumptions.overlap === 'roofline') {
    const bound = run.compute_time_s >= run.memory_time_s ? 'compute' : 'memory';
    const hidden = bound === 'compute' ? 'memory' : 'compute';
    segs.push({
      key: bound, label: `${bound}-bound work`, value: run.work_time_s,
      formula: `work = max(compute, memory) = max(${time(run.compute_time_s, F)}, ${time(run.memory_time_s, F)}) = ${time(run.work_time_s, F)}; ${hidden} overlaps with ${bound}. ${bound === 'compute' ? compute : memory}`,
    });
  } else {
    segs.push({ key: 'compute', label: 'compute', value: run.compute_time_s, formula: compute });
    segs.push({ key: 'memory', label: 'memory', value: run.memory_time_s, formula: memory });
  }
  segs.push({
    key: 'dispatch', label: 'dispatch', value: run.dispatch_time_s,
    formula: `dispatch = O × dispatch = ${ops} × ${time(sc.dispatch, F)} = ${time(run.dispatch_time_s, F)}`,
  });
  if (role === 'accelerator') {
    segs.push({
      key: 'launch', label: 'launch', value: run.launch_time_s,
      formula: `launch = O × launch = ${ops} × ${time(sc.launch, F)} = ${time(run.launch_time_s, F)}`,
    });
  }
  return segs;
}

/**
 * Draws the four bars in two groups (batched, batch size 1), each group on its own scale.
 * @param {HTMLElement} container
 * @param {HTMLElement} formulaOut  where a selected segment's formula is shown
 * @param {import('epochcalc').Result} result
 */
export function renderBars(container, formulaOut, result) {
  const batch = result.network.batched.batch_size;
  const groups = /** @type {const} */ ([
    ['batched', `At batch size ${int(batch)}`, `${count(result.network.batched.steps_per_epoch, 'step')} per epoch`],
    ['batch_one', 'At batch size 1', `${count(result.network.batch_one.steps_per_epoch, 'step')} per epoch`],
  ]);
  const roles = /** @type {const} */ (['host', 'accelerator']);
  const blocks = groups.map(([which, title, steps]) => {
    if (which === 'batch_one' && batch === 1) return null;
    const max = Math.max(...roles.map((r) => result[r][which].epoch_time_s)) || 1;
    const rows = roles.map((role) => {
      const run = result[role][which];
      const who = `${role === 'host' ? 'Host' : 'Accelerator'}: ${shortName(result[role].name)}`;
      const context = `${shortName(result[role].name)}, ${title.toLowerCase()}`;
      // Zero-length segments (no launch on the host, a zero overhead) are in the table, not the bar.
      const segs = segmentsOf(result, role, which).filter((seg) => seg.value > 0).map((seg) => {
        const share = run.epoch_time_s > 0 ? seg.value / run.epoch_time_s : 0;
        const width = (seg.value / max) * 100;
        const button = h('button', {
          type: 'button', class: `seg seg-${seg.key}`,
          title: seg.formula,
          'aria-label': `${context}: ${seg.label} ${time(seg.value)}, ${percent(share)} of the epoch`,
          'data-formula': `${context}: ${seg.formula} (${percent(share)} of the epoch)`,
          'data-key': `${role}.${which}.${seg.key}`,
          'data-value': seg.value,
        }, h('span', { 'aria-hidden': 'true' }, seg.label));
        button.style.width = `${width}%`;
        return button;
      });
      return h('div', { class: 'bar-row' },
        h('div', { class: 'bar-label', title: result[role].name }, who),
        h('div', { class: 'bar-total', title: exact(run.epoch_time_s, 's') },
          h('strong', { 'data-key': `${role}.${which}.epoch`, 'data-value': run.epoch_time_s }, time(run.epoch_time_s)),
          h('span', { class: 'muted' }, ` · ${percent(run.overhead_fraction)} overhead`)),
        h('div', { class: 'track' }, ...segs));
    });
    return h('div', { class: 'bar-group', role: 'group', 'aria-label': title },
      h('h3', {}, title, ' ', h('span', { class: 'muted' }, steps)),
      ...rows);
  });
  replace(container, ...blocks);
  // Measured in the frame's own layout, not forced in the middle of the update.
  cancelAnimationFrame(fitFrame);
  fitFrame = requestAnimationFrame(() => fitLabels(container));
  const select = (seg) => {
    for (const s of container.querySelectorAll('.seg.selected')) s.classList.remove('selected');
    seg.classList.add('selected');
    selectedKey = seg.dataset.key ?? '';
    formulaOut.textContent = seg.dataset.formula ?? '';
  };
  if (!observed.has(container)) {
    observed.add(container);
    new ResizeObserver(() => fitLabels(container)).observe(container);
    const onEvent = (e) => {
      const seg = /** @type {HTMLElement|null} */ (/** @type {HTMLElement} */ (e.target).closest('.seg'));
      if (seg) select(seg);
    };
    for (const type of ['click', 'focusin', 'mouseover']) container.addEventListener(type, onEvent);
  }
  // After a recompute, the formula shown follows the same segment with the new numbers.
  const again = selectedKey && container.querySelector(`.seg[data-key="${selectedKey}"]`);
  if (again) select(/** @type {HTMLElement} */ (again));
  else formulaOut.textContent = 'Hover over, focus or click a bar segment to see how it is computed.';
}

let selectedKey = '';
let fitFrame = 0;
const observed = new WeakSet();

/** Shows a segment's name only where it fits inside the segment. @param {HTMLElement} container */
function fitLabels(container) {
  // All writes, then all reads, then all writes: one layout, not one per label.
  const spans = /** @type {HTMLElement[]} */ ([...container.querySelectorAll('.seg span')]);
  for (const el of spans) el.hidden = false;
  const fits = spans.map((el) => el.offsetWidth + 6 <= /** @type {HTMLElement} */ (el.parentElement).clientWidth);
  spans.forEach((el, i) => { el.hidden = !fits[i]; });
}
