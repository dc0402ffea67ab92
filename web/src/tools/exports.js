// Share and export: the link, the scenario JSON (copied, or imported from a file the engine checks
// first), the results and the sweep as CSV, the sweep chart as PNG and SVG, and the report in plain
// text, Markdown or LaTeX. An import the engine refuses shows its errors and changes nothing.
import { byId, h, replace, watchNearView } from '../dom.js';
import { copyText, download, fileName } from './share.js';
import { report } from './report.js';
import { svgToPng } from './chart-image.js';

/** Past this many characters a copied link is said to be long (what chat apps and mail tend to keep). */
const LONG_LINK = 8000;

/** A scenario file read at most: the engine refuses more anyway (its document limit). */
const MAX_FILE_BYTES = 4 * 1024 * 1024;


/**
 * @param {import('./tools.js').ToolsHost} host
 * @param {{ chart: () => string|null, map: () => string|null, chartSweeps: () => any[]|null, mapSweeps: () => any[]|null }} pictures
 *   the chart and the map on screen, as SVG, and the sweeps behind them (their CSV is the engine's, calc.csv)
 */
export function mountExports(host, pictures) {
  const $ = byId(host.root);
  const status = $('export-status');
  const reportBox = /** @type {HTMLTextAreaElement} */ ($('report'));
  const format = /** @type {HTMLSelectElement} */ ($('report-format'));
  const say = (text) => { replace(status, text); };
  const name = () => fileName(/** @type {any} */ (host.current()?.result.scenario.name ?? ''));
  const reportText = () => {
    const now = host.current();
    return now ? report(now.result, host.calc.version, /** @type {any} */ (format.value)) : '';
  };

  /** A file picked or dropped: checked by the engine, loaded only if it solves. @param {File} file */
  async function importFile(file) {
    if (file.size > MAX_FILE_BYTES) return say(`“${file.name}” is ${(file.size / 1048576).toFixed(1)} MB: a scenario file is a few KB. Nothing changed.`);
    const text = await file.text();
    let reply;
    try {
      reply = host.calc.update(text);
    } catch (err) {
      reply = { expanded: null, result: null, errors: /** @type {any} */ (err).errors ?? [{ code: 'E_INTERNAL', path: '', message: String(err) }] };
    }
    if (!reply.expanded || !reply.result) {
      replace(status, h('strong', {}, `“${file.name}” cannot be used, so nothing changed: `),
        h('ul', { id: 'import-errors' }, ...reply.errors.map((e) => h('li', { 'data-code': e.code, 'data-path': e.path }, host.said(e)))));
      return;
    }
    host.load(undefined, { text, edited: true });
    say(`Imported “${file.name}”.`);
  }

  const picker = /** @type {HTMLInputElement} */ (h('input', { type: 'file', accept: '.json,application/json', hidden: true, id: 'import-file', 'aria-label': 'Scenario file to import (JSON)' }));
  picker.addEventListener('change', () => {
    const file = picker.files?.[0];
    picker.value = '';
    if (file) importFile(file);
  });
  $('export').append(picker);

  /**
   * Copies a text that is not the report; if the clipboard refuses it, the report's box holds it
   * selected, and the report is not written over it (the box coming into view, or a late update)
   * until the scenario changes. @param {string} text
   */
  async function offer(text) {
    const copied = await copyText(text, reportBox);
    if (!copied) reportStale = false;
    return copied;
  }

  /** @param {string} id */
  async function action(id) {
    const now = host.current();
    switch (id) {
      case 'copy-link': {
        if (!host.linkFor) return;
        const link = host.linkFor(host.doc());
        // A long link keeps its scenario after '#' (no server refuses it), but chat apps and mail cut long
        // links: said, with what carries any scenario whole.
        const long = link.length > LONG_LINK
          ? ` It is ${link.length.toLocaleString('en-US')} characters long: some chat apps and mail programs cut links past ${LONG_LINK.toLocaleString('en-US')}; “Copy JSON” carries the scenario whole.`
          : '';
        say((await offer(link)) ? `Link copied.${long}` : `The link is selected in the box below: copy it from there.${long}`);
        return;
      }
      case 'copy-json':
        say((await offer(JSON.stringify(host.doc(), null, 2))) ? 'Scenario JSON copied.' : 'The JSON is selected in the box below: copy it from there.');
        return;
      case 'import-json':
        picker.click();
        return;
      case 'copy-report': {
        if (!now) return say('Nothing to report yet.');
        const text = reportText();
        reportBox.value = text;
        say((await copyText(text, reportBox)) ? 'Report copied.' : 'The report is selected: copy it from the box.');
        return;
      }
      default:
    }
    if (!now) return say('Nothing to export yet.');
    if (id === 'download-csv') {
      // The engine's CSV of the result (calc.csv, as --csv writes it): the same columns as a sweep's,
      // a map's and a comparison's, a units row, and empty cells where a value does not exist.
      try {
        download(`${name()}.csv`, await host.calc.csv(/** @type {any} */ (host.doc())), 'text/csv');
        say('CSV downloaded (SI units: seconds, joules).');
      } catch (err) {
        say(`The CSV could not be written (${err instanceof Error ? err.message : String(err)}).`);
      }
    } else if (id === 'download-sweep-csv' || id === 'download-map-csv') {
      // What the chart (or the map) shows, along its axes, as the command line's --csv writes it.
      const map = id === 'download-map-csv';
      const sweeps = map ? pictures.mapSweeps() : pictures.chartSweeps();
      if (!sweeps) return say(map ? 'Open the map first.' : 'Nothing to export yet.');
      try {
        download(`${name()}-${map ? 'map' : 'sweep'}.csv`, await host.calc.csv(/** @type {any} */ (host.doc()), { sweeps }), 'text/csv');
        say(`${map ? 'Map' : 'Sweep'} CSV downloaded (a header row, a units row; SI units).`);
      } catch (err) {
        say(`The CSV could not be written (${err instanceof Error ? err.message : String(err)}).`);
      }
    } else if (/^download-(map-)?(png|svg)$/.test(id)) {
      const map = id.includes('map');
      const what = map ? 'Map' : 'Chart';
      const svg = map ? pictures.map() : pictures.chart();
      if (!svg) return say(map ? 'Open the map first.' : 'Nothing to export yet.');
      const file = `${name()}-${map ? 'map' : 'chart'}`;
      if (id.endsWith('svg')) {
        download(`${file}.svg`, svg, 'image/svg+xml');
        return say(`${what} downloaded as SVG.`);
      }
      try {
        download(`${file}.png`, await svgToPng(svg), 'image/png');
        say(`${what} downloaded as PNG.`);
      } catch (err) {
        say(`The PNG could not be made (${err instanceof Error ? err.message : String(err)}); the SVG can be.`);
      }
    }
  }

  // The report is written when it is on screen (or nearly): formatting it on every edit made garbage
  // for nobody to read.
  let reportInView = false;
  let reportStale = true;
  const writeReport = () => {
    reportStale = false;
    if (host.current()) reportBox.value = reportText();
  };
  watchNearView(reportBox, (near) => {
    reportInView = near;
    if (near && reportStale) writeReport();
  });

  return {
    action,
    importFile,
    /** @param {{ result: import('epochcalc').Result }|null} now */
    update(now) {
      if (!now) return;
      if (reportInView) writeReport();
      else reportStale = true;
    },
  };
}
