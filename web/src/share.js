// Share and export: link, scenario JSON, CSV, report paragraph.

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
 * @param {string} name @param {string} text @param {string} type
 */
export function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file name from a scenario name. @param {string} name */
export const fileName = (name) => (name || 'epochcalc').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'epochcalc';

/**
 * When the page is embedded in an iframe, tells the host page its height whenever it changes, so the
 * frame can fit it: { type: "epochcalc:resize", height } (see the README's iframe section).
 */
export function reportHeightToParent() {
  if (window.parent === window) return;
  let lastHeight = 0;
  new ResizeObserver(() => {
    // The content's own height: scrollHeight would never report less than the frame's current height,
    // so a frame could grow but never shrink back.
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === lastHeight) return;
    lastHeight = height;
    window.parent.postMessage({ type: 'epochcalc:resize', height }, '*');
  }).observe(document.body);
}
