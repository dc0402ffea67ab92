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
  { key: 'step', label: 'per step', legend: 'fixed cost per step (overhead)' },
  { key: 'transfer', label: 'copy', legend: 'copying the batch to the accelerator' },
]);

/**
 * The legend: the seed's four parts, and a part beyond them only when the result has it.
 * @param {HTMLElement} legend @param {import('epochcalc').Result} [result]
 */
export function renderLegend(legend, result) {
  const has = (key) => ['host', 'accelerator'].some((r) => result?.[r].batch_one[`${key}_time_s`] > 0);
  const shown = SEGMENTS.filter((s) => (s.key !== 'step' && s.key !== 'transfer') || has(s.key));
  const keys = shown.map((s) => s.key).join(' ');
  if (legend.dataset.keys === keys) return;  // an edit that changes no part redraws nothing
  legend.dataset.keys = keys;
  replace(legend, ...shown.map((s) => h('li', {}, h('span', { class: `swatch seg-${s.key}`, 'aria-hidden': 'true' }), s.legend)));
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
  // What this device pays with: its own values or the scenario's (the engine says which).
  const paid = result[role].overheads;
  const steps = count(prof.steps_per_epoch, 'step');
  // The calls the device pays: every operation, or the accelerator's graph replays (result.*.dispatches).
  const graphs = role === 'accelerator' && paid.launches_per_step != null;
  const calls = count(run.dispatches, graphs ? 'graph replay' : 'op');
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
    formula: `dispatch = O × dispatch = ${calls} × ${time(paid.dispatch, F)} = ${time(run.dispatch_time_s, F)}`,
  });
  if (role === 'accelerator') {
    segs.push({
      key: 'launch', label: 'launch', value: run.launch_time_s,
      formula: `launch = O × launch = ${calls} × ${time(paid.launch, F)} = ${time(run.launch_time_s, F)}`,
    });
  }
  segs.push({
    key: 'step', label: 'per step', value: run.step_time_s,
    formula: `per step = steps × cost per step = ${steps} × ${time(paid.step_overhead, F)} = ${time(run.step_time_s, F)}`,
  });
  if (role === 'accelerator') {
    const link = sc.accelerator;
    const bytes = `${int(result.network[which].batch_size)} × ${int(sc.network.widths[0])} values`;
    segs.push({
      key: 'transfer', label: 'copy', value: run.transfer_time_s,
      formula: `copy = steps × latency + inputs ÷ link bandwidth = ${steps} × ${time(link.host_link_latency ?? 0, F)}` +
        (link.host_link_bandwidth ? ` + (${bytes} a step) ÷ ${si(link.host_link_bandwidth, 'B/s', F)}` : '') +
        ` = ${time(run.transfer_time_s, F)}`,
    });
  }
  return segs;
}

/**
 * Draws the four bars in two groups (batched, batch size 1), each group on its own scale.
 * @param {HTMLElement} container
 * @param {HTMLElement} formulaOut  where a selected segment's formula is shown
 * @param {import('epochcalc').Result} result
 * @param {import('./tools/tools.js').Pinned[]} [pinned]  each pinned result's epoch is an outline on its bar
 */
export function renderBars(container, formulaOut, result, pinned = []) {
  const batch = result.network.batched.batch_size;
  const groups = /** @type {const} */ ([
    ['batched', `At batch size ${int(batch)}`, `${count(result.network.batched.steps_per_epoch, 'step')} per epoch`],
    ['batch_one', 'At batch size 1', `${count(result.network.batch_one.steps_per_epoch, 'step')} per epoch`],
  ]);
  const roles = /** @type {const} */ (['host', 'accelerator']);
  const blocks = groups.map(([which, title, steps]) => {
    if (which === 'batch_one' && batch === 1) return null;
    const max = Math.max(...roles.map((r) => result[r][which].epoch_time_s), ...pinned.flatMap((p) => roles.map((r) => p.result[r][which].epoch_time_s))) || 1;
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
        h('div', { class: 'track' }, ...segs, ...pinned.map((p) => {
          const v = p.result[role][which].epoch_time_s;
          const ghost = h('span', { class: 'ghost', title: `Pinned “${p.name}”: ${time(v)}`, 'data-key': `pin.${role}.${which}`, 'data-value': v });
          ghost.style.width = `${(v / max) * 100}%`;
          return ghost;
        })));
    });
    return h('div', { class: 'bar-group', role: 'group', 'aria-label': title },
      h('h3', {}, title, ' ', h('span', { class: 'muted' }, steps)),
      ...rows);
  });
  replace(container, ...blocks, pinned.length > 0 && h('p', { class: 'hint' },
    `Dashed outlines: the epoch of each pin (${pinned.map((p) => `“${shortName(p.name, 30)}”`).join(', ')}).`));
  // Labels that do not fit their segment are hidden as the bars are built, from widths measured
  // before: an update then costs the frame one layout. Until they are known (the first draw, a new
  // label), they are measured in the next frame.
  if (!fitLabels(container)) {
    cancelAnimationFrame(frames.get(container) ?? 0);
    frames.set(container, requestAnimationFrame(() => measureLabels(container)));
  }
  const select = (seg) => {
    for (const s of container.querySelectorAll('.seg.selected')) s.classList.remove('selected');
    seg.classList.add('selected');
    container.dataset.selected = seg.dataset.key ?? '';
    formulaOut.textContent = seg.dataset.formula ?? '';
  };
  if (!observed.has(container)) {
    observed.add(container);
    // A new width may bring a new font size (container queries): measure again.
    new ResizeObserver(() => measureLabels(container)).observe(container);
    const onEvent = (e) => {
      const seg = /** @type {HTMLElement|null} */ (/** @type {HTMLElement} */ (e.target).closest('.seg'));
      if (seg) select(seg);
    };
    for (const type of ['click', 'focusin', 'mouseover']) container.addEventListener(type, onEvent);
  }
  // After a recompute, the formula shown follows the same segment with the new numbers.
  const key = container.dataset.selected;
  const again = key && container.querySelector(`.seg[data-key="${key}"]`);
  if (again) select(/** @type {HTMLElement} */ (again));
  else formulaOut.textContent = 'Hover, focus or click a bar segment to see how it is computed.';
}

// What each calculator's bars hold between draws, kept per container (several calculators share this
// module): the segment selected is the container's data-selected; the frame that measures its labels
// and whether it is watched are here.
/** @type {WeakMap<HTMLElement, number>} */
const frames = new WeakMap();
const observed = new WeakSet();

/** Room a label needs inside its segment beyond its own width, in px: its margins, the 1 px border, and
 * a few px a segment may lose to its neighbours' 3 px minimum width. */
const LABEL_ROOM = 10;

/**
 * What fitting needs, per container (an element's bars may have another font size than the page's):
 * the track's width and each label's width by its text, in px, as last laid out.
 * @type {WeakMap<HTMLElement, { track: number, labels: Map<string, number> }>}
 */
const sizes = new WeakMap();

/**
 * Shows a segment's name only where it fits inside the segment (its share of the track's width);
 * false if a width is not known yet.
 * @param {HTMLElement} container
 */
function fitLabels(container) {
  const known = sizes.get(container);
  if (!known || known.track <= 0) return false;
  const spans = /** @type {HTMLElement[]} */ ([...container.querySelectorAll('.seg span')]);
  const widths = spans.map((el) => known.labels.get(el.textContent ?? ''));
  if (widths.some((w) => w === undefined)) return false;
  spans.forEach((el, i) => {
    const segment = (parseFloat(/** @type {HTMLElement} */ (el.parentElement).style.width) / 100) * known.track;
    el.hidden = /** @type {number} */ (widths[i]) + LABEL_ROOM > segment;
  });
  return true;
}

/** Measures the track and every label as laid out (all shown first: one layout), then fits them. @param {HTMLElement} container */
function measureLabels(container) {
  const spans = /** @type {HTMLElement[]} */ ([...container.querySelectorAll('.seg span')]);
  for (const el of spans) el.hidden = false;
  const track = /** @type {HTMLElement|null} */ (container.querySelector('.track'));
  sizes.set(container, {
    track: track?.clientWidth ?? 0,
    labels: new Map(spans.map((el) => [el.textContent ?? '', el.offsetWidth])),
  });
  fitLabels(container);
}
