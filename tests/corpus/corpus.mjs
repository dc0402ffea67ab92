// The shared corpus of malformed input (malformed.json beside this file), read once for every surface:
// the CLI and the module (tests/node/corpus.test.mjs), the page's links and the element's attributes
// (tests/browser/corpus.test.mjs). This module checks the file's shape and expands each case into
// what a surface sends; it decides nothing about the answers, which are the file's.
import { readFileSync } from 'node:fs';

export const CORPUS_FILE = new URL('./malformed.json', import.meta.url);

const KINDS = new Set(['scenario', 'calibration', 'field']);
const FINDING_ON = new Set(['code', 'message', 'cli-text', 'link', 'element']);

/**
 * @typedef {{code: string, path: string, message: string}} EngineError
 * @typedef {{on: 'code'|'message'|'cli-text'|'link'|'element', what: string}} Finding
 * @typedef {object} Case
 * @property {string} name
 * @property {'scenario'|'calibration'|'field'} kind
 * @property {string} [text]   the document as text (scenario and calibration cases), repeats expanded
 * @property {unknown} [input]  the document as a JSON value, when the case gives one
 * @property {{path: string, dotted: string, value: string}} [field]  a field edit: JSON pointer, the same
 *   dotted (as --set and an element attribute write it), and the typed text
 * @property {string} [code]   expected error code (malformed cases)
 * @property {string} [path]   expected JSON pointer of that error
 * @property {RegExp|null} message  what that error's message must say
 * @property {Finding[]} findings  known defects: the checks they concern run as todos
 * @property {string} [shows]  hostile cases: text that must be on screen as written
 * @property {boolean} hostile  a valid document that must solve and be shown as text
 */

/** Replaces the marker with the repeated text, in every string the case sends or expects. */
function grow(value, repeat) {
  if (!repeat || typeof value !== 'string') return value;
  return value.split(repeat.marker).join(repeat.text.repeat(repeat.times));
}

/** "/network/batch_size" → "network.batch_size" (an element attribute cannot start with "/"). */
export const dotted = (pointer) => pointer.slice(1).split('/').join('.');

/**
 * One entry of the file, checked and expanded.
 * @param {any} raw @param {boolean} hostile @returns {Case}
 */
function expand(raw, hostile) {
  const where = `corpus case ${JSON.stringify(raw?.name)}`;
  if (typeof raw?.name !== 'string' || !raw.name) throw new Error(`${where}: no name`);
  if (!KINDS.has(raw.kind)) throw new Error(`${where}: kind must be scenario, calibration or field`);
  const given = ['text', 'input', 'field'].filter((k) => k in raw);
  const wanted = raw.kind === 'field' ? ['field'] : ['text', 'input'];
  if (given.length !== 1 || !wanted.includes(given[0])) throw new Error(`${where}: give exactly one of ${wanted.join(' or ')}`);
  if (hostile) {
    if (raw.result !== 'ok') throw new Error(`${where}: a hostile case's result is "ok"`);
  } else {
    if (typeof raw.code !== 'string' || !/^E_[A-Z_]+$/.test(raw.code)) throw new Error(`${where}: code must be an E_… code`);
    if (typeof raw.path !== 'string' || (raw.path !== '' && !raw.path.startsWith('/'))) throw new Error(`${where}: path must be a JSON pointer`);
  }
  // One finding, or a list; `on` names one check or several.
  const findings = (raw.finding == null ? [] : [raw.finding].flat())
    .flatMap((f) => [f?.on].flat().map((on) => ({ on, what: f?.what })));
  if (findings.some((f) => !FINDING_ON.has(f.on) || typeof f.what !== 'string')) {
    throw new Error(`${where}: finding is {on: ${[...FINDING_ON].join('|')} (or a list of them), what}`);
  }
  const r = raw.repeat;
  /** @type {Case} */
  const c = {
    name: raw.name,
    kind: raw.kind,
    hostile,
    message: raw.message ? new RegExp(raw.message, 'i') : null,
    findings,
  };
  if (!hostile) {
    c.code = raw.code;
    c.path = grow(raw.path, r);
  }
  if (raw.shows != null) c.shows = raw.shows;
  if ('field' in raw) {
    const path = grow(raw.field.path, r);
    c.field = { path, dotted: dotted(path), value: grow(raw.field.value, r) };
  } else if ('text' in raw) {
    c.text = grow(raw.text, r);
  } else {
    c.input = raw.input;
    c.text = JSON.stringify(raw.input);
  }
  return c;
}

/** @returns {{cases: Case[], hostile: Case[]}} */
export function loadCorpus() {
  const doc = JSON.parse(readFileSync(CORPUS_FILE, 'utf8'));
  const cases = doc.cases.map((raw) => expand(raw, false));
  const hostile = (doc.hostile ?? []).map((raw) => expand(raw, true));
  const names = new Set();
  for (const c of [...cases, ...hostile]) {
    if (names.has(c.name)) throw new Error(`corpus: two cases are named ${JSON.stringify(c.name)}`);
    names.add(c.name);
  }
  return { cases, hostile };
}

/**
 * What a module call takes for a scenario or calibration case: the value itself where the case gives
 * one, the text where it gives text. A string value is sent as JSON text, since the module reads a
 * string argument as JSON text already.
 * @param {Case} c
 */
export function moduleArgument(c) {
  if (c.input === undefined || typeof c.input === 'string') return c.text;
  return c.input;
}

/** The todo reason for a check, when a known finding concerns it; else false. @param {Case} c @param {Finding['on']} on */
export function todoIf(c, on) {
  const finding = c.findings.find((f) => f.on === on);
  return finding ? `finding: ${finding.what}` : false;
}

/** An error list in a few lines for assertion messages (long paths and messages cut). @param {EngineError[]} errors */
export function summary(errors) {
  const cut = (s, n) => (s.length > n ? `${s.slice(0, n)}… (${s.length} characters)` : s);
  return errors.map((e) => `${e.code} ${JSON.stringify(cut(e.path, 60))}: ${cut(e.message, 200)}`).join('\n') || '(no errors)';
}

/**
 * The error the case expects in the list (its code at its path), or a sentence saying why not.
 * @param {Case} c @param {unknown} errors
 * @returns {{error: EngineError|null, why: string}}
 */
export function expected(c, errors) {
  if (!Array.isArray(errors) || errors.length === 0) return { error: null, why: `no errors, expected ${c.code} at ${JSON.stringify(c.path)}` };
  const error = errors.find((e) => e?.code === c.code && e?.path === c.path) ?? null;
  return { error, why: error ? '' : `expected ${c.code} at ${JSON.stringify(c.path)}, got\n${summary(errors)}` };
}

/** Why the message does not say what the case asks, or ''. @param {Case} c @param {EngineError} error */
export function messageProblem(c, error) {
  if (!c.message || c.message.test(error.message)) return '';
  const m = error.message.length > 300 ? `${error.message.slice(0, 300)}… (${error.message.length} characters)` : error.message;
  return `the message should match ${c.message}: ${JSON.stringify(m)}`;
}
