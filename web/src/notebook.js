// The calculator in a notebook's output (dist/epochcalc-notebook.html, which Python's
// epochcalc.Calculator fills in with one element and shows in a frame of its own, srcdoc): the same
// element with the engine's .wasm embedded in the document (no file beside it to fetch, no network),
// and the frame grown to its content as it changes (where the frame's page lets it: same origin).
import './element.js';

/** The frame this document is shown in, or null (an opaque origin, a page opened on its own). */
function frame() {
  try {
    return /** @type {HTMLElement|null} */ (window.frameElement);
  } catch {
    return null;
  }
}

const fit = () => {
  const el = frame();
  if (el) el.style.height = `${Math.ceil(document.documentElement.getBoundingClientRect().height)}px`;
};
new ResizeObserver(fit).observe(document.documentElement);
