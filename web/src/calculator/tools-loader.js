// When the calculator's what-if tools and exports (web/src/tools/, epochcalc-tools.js) load, and what
// waits for them. A view of tools alone (an element's view="devices") shows them at once; otherwise they
// load once the reader does something (scrolls, points, focuses, types), in the next idle moment, so a
// first visit that only reads the answer does not carry them. Not when their sections come into view:
// they grow from a line to over a thousand pixels as they arrive, and a reader who went straight to the
// chart, the tables or the exports below them saw it pushed a screen down (or a click land elsewhere).
// The export buttons, the chart's axes, the map and a dropped file are the tools' too: using one loads them.
import { h, onIdle, replace } from '../dom.js';
import { toolsModule } from '../tools-module.js';

/**
 * Returns [withTools (loads them, once, and gives them), ask (the tools follow the scenario on screen),
 * settled (their answers are drawn)].
 * @param {Document|ShadowRoot} root @param {(id: string) => HTMLElement} $
 * @param {HTMLElement} marker  carries data-settling while the tools' answers are on their way
 * @param {Set<string>} parts
 * @param {AbortSignal|undefined} signal  ends the listeners outside the calculator
 * @param {(m: typeof import('../tools/tools.js'), settled: () => void) => import('../tools/tools.js').Tools} mount  the tools on this calculator
 * @returns {[() => Promise<import('../tools/tools.js').Tools>, () => void, () => void]}
 */
export function mountToolsLoader(root, $, marker, parts, signal, mount) {
  /** @type {import('../tools/tools.js').Tools|null} */
  let tools = null;
  /** @type {Promise<import('../tools/tools.js').Tools>|null} */
  let loading = null;
  // The sections below the first are laid out only near the screen (content-visibility: auto, style.css),
  // at a guessed height until they have been once. Someone who jumps down the page (the scroll bar, End,
  // a link, find in page) would see them take their real heights and push away what they jumped to. So
  // once the answers are drawn, every section is laid out for one frame and the browser keeps its height;
  // data-settling ends after that frame.
  const results = $('results');
  let sizing = 0;
  function settled() {
    const mine = ++sizing;
    // After what waits for an idle moment too (the tables off screen, the pins' table).
    onIdle(() => {
      if (mine !== sizing) return; // a newer update owns the marker
      results?.classList.add('sizing');
      requestAnimationFrame(() => requestAnimationFrame(() => {
        if (mine !== sizing) return;
        results?.classList.remove('sizing');
        delete marker.dataset.settling;
      }));
    }, 300);
  }
  /** The tools follow the scenario on screen; a sizing frame still pending is for an older one. */
  function ask() {
    if (!tools) return;
    ++sizing;
    results?.classList.remove('sizing');
    tools.update();
  }
  const withTools = () => (loading ??= toolsModule().then((m) => {
    tools = mount(m, settled);
    ask();
    return tools;
  }, (err) => {
    // Kept: a file not copied is asked for once, not at every click (a reload tries again).
    settled();
    for (const body of root.querySelectorAll('[data-tools]')) {
      replace(/** @type {HTMLElement} */ (body), h('p', { class: 'field-error global' }, `These tools could not load (${err instanceof Error ? err.message : String(err)}); reload to try again.`));
    }
    throw err;
  }));
  const sections = [...root.querySelectorAll('section.tools')].filter((el) => parts.has(/** @type {HTMLElement} */ (el).dataset.part ?? ''));
  if (sections.length > 0 && [...parts].every((p) => p === 'whatif' || p === 'devices' || p === 'export')) withTools().catch(() => {});
  else if (sections.length) {
    // In the page, the calculator is what <main> holds (the update notice is outside it); in an
    // element, its shadow root.
    afterInteraction('host' in root ? root : $('answer').parentElement ?? root, signal, () => {
      // Their answers are on their way from now: scripts wait for them (data-settling) before they act.
      marker.dataset.settling = 'true';
      onIdle(() => { withTools().catch(() => {}); }, 500);
    });
  }
  // The export buttons' work is the tools' too: a click before they load waits for them.
  for (const id of ['export', 'map-panel']) {
    $(id).addEventListener('click', (e) => {
      const button = /** @type {HTMLElement} */ (e.target).closest('button');
      if (button?.id) withTools().then((t) => t.exportAction(button.id), () => {});
    });
  }
  // The chart's axes and views and the map are the tools' as well.
  for (const id of ['chart-x', 'chart-view']) $(id).addEventListener('focus', () => { withTools().catch(() => {}); });
  $('map-panel').addEventListener('toggle', () => { withTools().catch(() => {}); });
  // A scenario file dropped on the calculator is imported: the tools have the engine check it first.
  if (parts.has('export')) {
    const hasFile = (e) => [...(e.dataTransfer?.types ?? [])].includes('Files');
    root.addEventListener('dragover', (e) => { if (hasFile(e)) e.preventDefault(); });
    root.addEventListener('drop', (e) => {
      const file = /** @type {DragEvent} */ (e).dataTransfer?.files?.[0];
      if (!file) return;
      e.preventDefault();
      withTools().then((t) => t.importFile(file), () => {});
    });
  }
  $('report-format').addEventListener('change', () => { withTools().then((t) => t.update(), () => {}); });
  return [withTools, ask, settled];
}

/**
 * Runs `f` once, when the reader first scrolls the page or clicks, touches, focuses or types in the
 * calculator (`area`). A click elsewhere on the page (another embed, "Reload to update") is not one: the
 * tools' downloads then held back the new version's service worker (Chromium waited for the old one's
 * requests and did not take over). @param {Node} area @param {AbortSignal|undefined} signal @param {() => void} f
 */
function afterInteraction(area, signal, f) {
  const onPage = ['scroll', 'wheel'];
  const inCalculator = ['pointerdown', 'touchstart', 'keydown', 'focusin'];
  const once = () => {
    for (const kind of onPage) removeEventListener(kind, once, true);
    for (const kind of inCalculator) area.removeEventListener(kind, once, true);
    f();
  };
  for (const kind of onPage) addEventListener(kind, once, { capture: true, passive: true, signal });
  for (const kind of inCalculator) area.addEventListener(kind, once, { capture: true, passive: true });
}
