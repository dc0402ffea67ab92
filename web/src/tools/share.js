// Copying and downloading what the exports make (tools/exports.js).

/**
 * Copies text to the clipboard; falls back to selecting it in a textarea for a manual copy.
 * @param {string} text
 * @param {HTMLTextAreaElement} fallback  shown with the text selected when the clipboard is refused
 * @returns {Promise<boolean>} whether the clipboard took it
 */
export async function copyText(text, fallback) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    fallback.value = text;
    fallback.focus();
    fallback.select();
    return false;
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
