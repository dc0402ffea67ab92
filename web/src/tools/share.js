// Copying and downloading what the exports make (tools/exports.js).

/** How long a copy may wait for the clipboard before the text is offered in the box instead. */
const CLIPBOARD_WAIT_MS = 2000;

/**
 * Copies text to the clipboard; falls back to selecting it in a textarea for a manual copy. The
 * clipboard's promise can stay pending for good (no permission, no user gesture left, a browser with
 * no prompt to show): the wait is bounded, so a click always ends in the text copied or selected.
 * @param {string} text
 * @param {HTMLTextAreaElement} fallback  shown with the text selected when the clipboard is refused
 * @returns {Promise<boolean>} whether the clipboard took it
 */
export async function copyText(text, fallback) {
  /** @type {ReturnType<typeof setTimeout>|undefined} */
  let timer;
  try {
    const tooLong = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('the clipboard did not answer')), CLIPBOARD_WAIT_MS); });
    await Promise.race([navigator.clipboard.writeText(text), tooLong]);
    return true;
  } catch {
    fallback.value = text;
    fallback.focus();
    fallback.select();
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Offers text as a file download.
 * @param {string} name @param {string|Blob} text @param {string} type
 */
export function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Freed a minute later, not at once: on a busy machine the download may start seconds after the click,
  // and a URL revoked before then downloads nothing.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A file name from a scenario name. @param {string} name */
export const fileName = (name) => (name || 'epochcalc').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'epochcalc';
