// The frame of a notebook's second and later calculators (python/epochcalc/notebook.py): the runtime
// (the element, its modules and the engine's .wasm, about 1 MB) is in the notebook once, in the frame of
// the first calculator shown (marked data-epochcalc-runtime). This page finds that page's text, on the
// notebook's window or in its document, and becomes it with its own element in place of the first one,
// so each further calculator adds its element and this script, not another megabyte. Where no runtime
// is found within half a minute it says how to get one; the output's static copy stays in view.
const BETWEEN = /<!-- epochcalc:calculator -->[\s\S]*?<!-- \/epochcalc:calculator -->/;
const mine = /** @type {HTMLTemplateElement} */ (document.getElementById('epochcalc-element')).innerHTML;

/** The runtime page's text, or null where this frame cannot see one (yet). */
function runtime() {
  try {
    const held = /** @type {any} */ (parent).epochcalcRuntime;
    if (typeof held === 'string' && BETWEEN.test(held)) return held;
    for (const other of parent.document.querySelectorAll('iframe[data-epochcalc-runtime]')) {
      const text = other.getAttribute('srcdoc');
      if (text && BETWEEN.test(text)) return text;
    }
  } catch {
    // A notebook page of another origin: nothing to read.
  }
  return null;
}

let tries = 0;
(function load() {
  const own = /** @type {HTMLIFrameElement|null} */ (window.frameElement);
  const page = runtime();
  if (page && own) {
    own.srcdoc = page.replace(BETWEEN, () => `<!-- epochcalc:calculator -->${mine}<!-- /epochcalc:calculator -->`);
  } else if (++tries < 60) {
    setTimeout(load, 500);
  } else if (own) {
    own.style.display = '';
    own.style.height = '4em';
  }
})();
