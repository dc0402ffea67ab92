// The what-if tools: pins, one-click what-ifs, break-even and goal seek, every device side by side, and
// the exports (link, JSON, import, CSV, chart images, the report in three formats). A module of its
// own (dist/epochcalc-tools.js), shared by the page and every element, loaded in an idle moment after
// the reader's first scroll, click or key, when a link or the browser holds pins, or on the first export
// click: a first visit that only reads the answer does not carry it. Every answer is the engine's
// (calc.quickWhatifs, breakEven, solveFor, compare, update); these files only draw them.
import { byId, cancelIdle, onIdle } from '../dom.js';
import { pointerOf } from '../field-format.js';
import { mountPins } from './pins.js';
import { mountQuick } from './quick.js';
import { mountBreakEven } from './break-even.js';
import { mountDevices } from './devices.js';
import { mountExports } from './exports.js';

export { renderPaid } from './paid.js';
export { sourceLine, profileDetails } from './sources.js';
import { mountCharts } from './charts.js';
import { mountMap } from './map.js';

/** @typedef {import('epochcalc').Result} Result */
/** @typedef {import('epochcalc').SweepResult} SweepResult */
/** A pinned scenario with its result and sweep, as the bars and the chart draw it. */
/** @typedef {{ name: string, scenario: unknown, result: Result, sweep: SweepResult }} Pinned */
/** The calculator the tools work for (web/src/calculator.js). */
/**
 * @typedef {object} ToolsHost
 * @property {Document|ShadowRoot} root
 * @property {HTMLElement} marker  data-settling is set on it while answers to the scenario on screen are coming
 * @property {import('epochcalc').Calculator} calc
 * @property {Set<string|undefined>} parts
 * @property {((doc: unknown) => string)|null} linkFor
 * @property {() => unknown} doc  the scenario as written
 * @property {() => ({ doc: unknown, result: Result, sweep: SweepResult }|null)} current  null while it does not solve
 * @property {(path: string, text: string) => void} edit  one edit, as a typed field makes it
 * @property {(doc: unknown, how?: { edited?: boolean, text?: string }) => void} load
 * @property {{ undo: () => void, reset: () => void, depth: () => number }|null} history  an element's own
 *   undo and reset (null on the page, where Back undoes an edit)
 * @property {(e: { path: string, message: string }) => string} said  an engine error in the page's words
 * @property {(list: Pinned[]) => void} setPinned
 * @property {(text: string|null) => void} onPins  the pins as JSON (null: none), for the page's link
 * @property {() => void} settled  the answers to the scenario on screen are drawn (ends data-settling)
 */
/** @typedef {ReturnType<typeof mountTools>} Tools */

/** The what-if answers wait for a pause in typing: each asks the engine several questions. */
const SETTLE_MS = 150;

/** @param {ToolsHost} host */
export function mountTools(host) {
  const $ = byId(host.root);
  const shown = (part) => host.parts.has(part);
  /** @type {Pinned[]} */
  let pinned = [];
  const charts = shown('sweep') ? mountCharts(host, () => pinned) : null;
  const map = shown('sweep') ? mountMap(host) : null;
  const exports = mountExports(host, {
    chart: () => charts?.svg() ?? null, map: () => map?.svg() ?? null,
    chartSweeps: () => charts?.sweeps() ?? null, mapSweeps: () => map?.sweeps() ?? null,
  });
  // The pins reach the chart's picture as well as the calculator's bars and chart.
  const pins = mountPins({ ...host, setPinned: (list) => { pinned = list; host.setPinned(list); } }, $('whatif-body'));
  const quick = shown('whatif') ? mountQuick(host, $('whatif-body')) : null;
  // The fields the engine varies, with their values now: the break-even cards, the chart's axes, the map.
  const fieldsChanged = (list) => {
    charts?.setFields(list);
    map?.setFields(list);
  };
  const breakEven = shown('whatif') || shown('sweep') ? mountBreakEven(host, $('whatif-body'), fieldsChanged, shown('whatif')) : null;
  const devices = shown('devices') ? mountDevices(host, $('devices-body')) : null;
  /** Answers to a scenario that is no longer shown are dropped. */
  let asked = 0;
  let timer = 0;
  let idle = 0;
  return {
    /** The scenario on screen changed: redraw what depends on it now, ask the engine after a pause. */
    update() {
      const now = host.current();
      // Off the edit's path: the numbers are painted first, then the tables and texts that follow them.
      cancelIdle(idle);
      idle = onIdle(() => {
        pins.update(host.current());
        exports.update(host.current());
        charts?.update();
      }, 100);
      clearTimeout(timer);
      // Asked first: an answer to an earlier scenario is dropped, whether or not this one solves.
      const question = ++asked;
      if (!now) {
        host.settled();
        return;
      }
      const still = () => question === asked;
      // Each question to the engine in a task of its own, so an edit in between waits for one at most.
      const steps = [() => quick?.update(now.doc, still), () => breakEven?.update(now.doc, still), () => devices?.update(now.doc, still), () => map?.update()];
      // The answers change the text above the later tools: scripts (and the browser tests) wait for
      // them before they click, as a reader waits for the page to settle.
      host.marker.dataset.settling = 'true';
      const next = () => {
        if (!still()) return; // a newer question owns the marker
        const step = steps.shift();
        if (!step) {
          host.settled();
          return;
        }
        // The next question once this one's answer is drawn (the what-if module may still be loading);
        // one tool that fails leaves the others their answers, and its error still reaches the console.
        const after = () => { if (still()) timer = window.setTimeout(next, 0); };
        let answered = null;
        try {
          answered = step();
        } finally {
          if (answered) answered.finally(after);
          else after();
        }
      };
      timer = window.setTimeout(next, SETTLE_MS);
    },
    /** @param {string} id  an export button's id */
    exportAction: (id) => exports.action(id),
    /** @param {File} file */
    importFile: (file) => exports.importFile(file),
    /** @param {string} text  pins as JSON, from a link or the browser */
    setPins: (text) => pins.setText(text),
    /** @param {{x?: string|null, view?: string|null, map?: string|null}} wanted  fields dotted or as pointers */
    setCharts(wanted) {
      const pointer = (f) => (f == null || f === '' ? null : pointerOf(f));
      charts?.want(pointer(wanted.x ?? null), wanted.view ?? null);
      if (wanted.map != null) map?.want(pointer(wanted.map));
    },
  };
}
