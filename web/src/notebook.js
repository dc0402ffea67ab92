// The calculator in a notebook's output (dist/epochcalc-notebook.html, which Python's
// epochcalc.Calculator fills in with one element and shows in a frame of its own, srcdoc): the same
// element with the engine's .wasm embedded in the document (no file beside it to fetch, no network),
// and the frame grown to its content as it changes (where the frame's page lets it: same origin).
//
// The output holds a static copy of the answer before the frame (text and SVG, for a notebook that is
// not trusted or runs no script), and the frame starts hidden: it shows itself, and hides the static
// copy, once its calculator has an answer, so the interactive calculator appears only where it runs.
// A frame marked data-epochcalc-runtime is the notebook's copy of this page: it leaves its text on the
// notebook's window for the later calculators' frames (web/src/notebook-loader.js), which load it
// from there rather than carrying another megabyte each.
import './element.js';
import { RESULT } from './elements/events.js';

/** The frame this document is shown in, or null (an opaque origin, a page opened on its own). */
function frame() {
  try {
    return /** @type {HTMLIFrameElement|null} */ (window.frameElement);
  } catch {
    return null;
  }
}

const own = frame();
try {
  if (own?.hasAttribute('data-epochcalc-runtime')) /** @type {any} */ (parent).epochcalcRuntime ??= own.getAttribute('srcdoc');
} catch {
  // A notebook's page that will not be written to: the later frames look for this one instead.
}

const fit = () => {
  if (own) own.style.height = `${Math.ceil(document.documentElement.getBoundingClientRect().height)}px`;
};
new ResizeObserver(fit).observe(document.documentElement);

document.addEventListener(RESULT, () => {
  if (!own) return;
  own.style.display = '';
  // The notebook's element, of another window: not an instance of this one's HTMLElement.
  const copy = /** @type {HTMLElement|null} */ (own.previousElementSibling);
  if (copy?.classList.contains('epochcalc-static')) copy.hidden = true;
}, { once: true });
