// What the page keeps in the browser between visits: the last scenario that solved and the measured
// epochs typed into the fit panel. Storage may be missing or refused (private windows, sandboxed
// frames, a full quota): then nothing is kept, and nothing fails.
const PREFIX = 'epochcalc.';

/** The stored value under `key`, or undefined. @param {string} key */
export function readSaved(key) {
  try {
    const text = localStorage.getItem(PREFIX + key);
    return text == null ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Stores `value` under `key`; false if the browser refused. @param {string} key @param {unknown} value */
export function writeSaved(key, value) {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}
