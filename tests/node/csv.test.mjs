// CSV through the module (calc.csv) and the command line (--csv): one writer in the engine
// (contract/csv.hpp), so the two are the same text; read back by Python's csv module (as a spreadsheet
// reads it), every number equals the engine's (issue 35).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = path.join(root, 'build/native/cli/epochcalc');
const { createCalculator, EpochcalcError } = await import(path.join(root, 'build/wasm/wasm/epochcalc.js'));
const calc = await createCalculator();
const SCENARIO = { preset: 'mnist-cpu-vs-h100', accelerator: { price_per_hour: '3 USD/h' } };

/** The command line's CSV for the same question. @param {string[]} args */
const cliCsv = (args) => execFileSync(cli, ['--scenario', '-', ...args, '--csv'], { input: JSON.stringify(SCENARIO), encoding: 'utf8' });

/** Rows as Python's csv module reads the text. @param {string} text @returns {string[][]} */
const pythonRows = (text) => JSON.parse(execFileSync('python3', ['-c', 'import csv, io, json, sys; print(json.dumps(list(csv.reader(io.StringIO(sys.stdin.read())))))'], { input: text, encoding: 'utf8' }));
/**
 * Rows as a spreadsheet's import reads a file it is given: the dialect guessed from the text (Python's
 * csv.Sniffer, as LibreOffice's dialog guesses the separator), not told.
 * @param {string} text @returns {{ delimiter: string, header: boolean, rows: string[][] }}
 */
const sniffedRows = (text) => JSON.parse(execFileSync('python3', ['-c', [
  'import csv, io, json, sys',
  'text = sys.stdin.read()',
  'd = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")',
  'print(json.dumps({"delimiter": d.delimiter, "header": csv.Sniffer().has_header(text[:4096]), "rows": list(csv.reader(io.StringIO(text), d))}))',
].join('\n')], { input: text, encoding: 'utf8' }));

test('a sweep across dispatch and the map\'s grid: the module\'s CSV is the command line\'s, and reads back to the engine\'s numbers', async () => {
  // Each sweep as data, and as the command line writes it.
  const across = { field: 'dispatch', from: '1 us', to: '100 us', points: 9, log: true };
  const byBatch = { field: 'network.batch_size', from: 1, to: 60000, points: 5, log: true };
  const typed = new Map([[across, 'dispatch=1 us:100 us:9:log'], [byBatch, 'network.batch_size=1:60000:5:log']]);
  for (const sweeps of [[across], [byBatch, across]]) {
    const text = await calc.csv(SCENARIO, { sweeps });
    assert.equal(text, cliCsv(sweeps.flatMap((s) => ['--sweep', String(typed.get(s))])));
    const rows = pythonRows(text);
    // A spreadsheet that guesses the separator finds the comma, and reads the same cells.
    const sniffed = sniffedRows(text);
    assert.equal(sniffed.delimiter, ',');
    assert.deepEqual(sniffed.rows, rows);
    const sweep = await calc.sweepField(SCENARIO, ...sweeps);
    assert.equal(rows.length, 2 + sweep.points);
    const col = (name) => rows[0].indexOf(name);
    for (let i = 0; i < sweep.points; i++) {
      const row = rows[i + 2];
      assert.equal(row.length, rows[0].length);
      assert.equal(Number(row[col('host.epoch_time_s')]), sweep.host.epoch_time_s[i]);
      assert.equal(Number(row[col('accelerator.cost_usd')]), sweep.accelerator.cost_usd[i]);
      assert.equal(row[col('host.cost_usd')], '', 'no price, no cost');
      assert.equal(sweep.host.cost_usd, null, 'no price: null, never zeros (issue 45)');
      assert.equal(row.at(-1), sweep.winner[i]);
    }
  }
  // For people: the same rows in units that read.
  const human = pythonRows(await calc.csv(SCENARIO, { sweeps: [across], units: 'human' }));
  assert.equal(human[1][0], 'µs');
  assert.equal(human[2][0], '1');
});

test('a comparison and a result as CSV equal the command line\'s; bad requests throw EpochcalcError', async () => {
  assert.equal(await calc.csv(SCENARIO, { compare: [{ id: 'l4', price: '0.80/h' }, 'h100-sxm'] }), cliCsv(['--compare', 'l4@0.80/h,h100-sxm']));
  assert.equal(await calc.csv(SCENARIO), cliCsv([]));
  await assert.rejects(calc.csv(SCENARIO, { units: 'imperial' }), (e) => e instanceof EpochcalcError && e.path === '/units');
  await assert.rejects(calc.csv(SCENARIO, { sweeps: [{ field: 'dispatch', from: '-1 us', to: '1 us' }] }), (e) => e instanceof EpochcalcError && e.code === 'E_RANGE');
});
