// The inline elements' announcements: one polite live region for the page, written once a value has
// settled and emptied soon after, so a screen reader says each change once and does not find the old
// sentence again while reading the page.

/** @type {HTMLElement|null} */
let region = null;
let clearing = 0;

/** Says `text` once, politely. @param {string} text */
export function announce(text) {
  // The inline values and controls are two modules (epochcalc-element.js, epochcalc-input.js), each with
  // this code: they find the page's one region by its attribute.
  if (!region?.isConnected) region = document.querySelector('[data-epochcalc-announcer]');
  if (!region) {
    region = document.createElement('div');
    region.setAttribute('role', 'status');
    region.setAttribute('data-epochcalc-announcer', '');
    region.style.cssText = 'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap';
    document.body.append(region);
  }
  region.textContent = text;
  clearTimeout(clearing);
  clearing = window.setTimeout(() => { if (region) region.textContent = ''; }, 5000);
}

/** Calls `f` once the calls to the function it returns have paused for `ms`. @param {() => void} f @param {number} ms */
export function settle(f, ms) {
  let timer = 0;
  const later = () => { clearTimeout(timer); timer = window.setTimeout(f, ms); };
  later.cancel = () => clearTimeout(timer);
  return later;
}
