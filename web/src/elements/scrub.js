// A number in a sentence that is dragged, stepped and typed: the <epoch-input type="scrub"> control.
// It is a slider to assistive technology (role, name, value with its unit); arrows step it, Page Up and
// Page Down ten steps, Home and End go to the limits; a drag moves a step every few pixels (mouse, pen,
// touch: pointer events); Enter or a double-click opens a box to type a value in (with its unit, read by
// the engine); Escape leaves the box unchanged. A log scale steps by a constant factor.

/** How a draggable number looks: set apart from the words around it, in their colour. */
const STYLE = `
.scrub { cursor: ew-resize; touch-action: none; user-select: none; font-variant-numeric: tabular-nums; font-weight: 600;
  color: inherit; border-bottom: 2px dotted currentColor; padding: 0 0.1em; border-radius: 2px; }
.scrub:hover, .scrub:focus-visible, .scrub.dragging { background: color-mix(in srgb, currentColor 14%, transparent); }
.scrub[aria-disabled="true"] { cursor: default; opacity: 0.6; }
input.typed { width: 6em; }
`;
/** @type {CSSStyleSheet|null} */
let sheet = null;

/** Pixels of drag per step. */
const PX_PER_STEP = 6;

/**
 * @typedef {object} ScrubOptions
 * @property {() => [number, number]} limits  the lowest and highest value
 * @property {() => number} step  a linear step
 * @property {() => boolean} log  whether a step multiplies
 * @property {() => number} [perDecade]  on a log scale, steps per factor of ten (12 when not given)
 * @property {() => boolean} integer  whether values are whole
 * @property {() => number} value  the value now
 * @property {(text: string, committed: boolean) => void} send  a new value (committed: the move has ended)
 */

/**
 * The value `n` steps from `from`, within the limits.
 * @param {number} from @param {number} n @param {ScrubOptions} o
 */
export function stepped(from, n, o) {
  const [lo, hi] = o.limits();
  let v = o.log() && lo > 0 && from > 0 ? from * 10 ** (n / (o.perDecade?.() ?? 12)) : o.log() && lo > 0 ? lo : from + n * o.step();
  if (o.integer()) {
    v = Math.round(v);
    // A small value on a log scale moves by a whole number at least.
    if (n !== 0 && v === from) v = from + Math.sign(n);
  } else {
    v = Number(v.toPrecision(6));
  }
  return Math.min(hi, Math.max(lo, v));
}

/**
 * Makes `el` (an empty span) the scrub control; returns its clean-up.
 * @param {HTMLElement} el @param {ScrubOptions} o @returns {() => void}
 */
export function attachScrub(el, o) {
  const root = el.getRootNode();
  if (root instanceof ShadowRoot || root instanceof Document) {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(STYLE);
    }
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }
  el.className = 'scrub';
  el.setAttribute('role', 'slider');
  el.tabIndex = 0;
  el.title = 'Drag, or use the arrow keys; Enter or a double-click to type a value';
  const abort = new AbortController();
  const on = (/** @type {string} */ type, /** @type {(e: any) => void} */ f) => el.addEventListener(type, f, { signal: abort.signal });
  const moved = () => el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  const disabled = () => el.getAttribute('aria-disabled') === 'true';
  /** @param {number} v @param {boolean} committed */
  const set = (v, committed) => {
    o.send(String(v), committed);
    moved();
  };

  /** @type {{x: number, from: number, last: number, id: number}|null} */
  let drag = null;
  on('pointerdown', (/** @type {PointerEvent} */ e) => {
    if (disabled() || e.button !== 0) return;
    drag = { x: e.clientX, from: o.value(), last: o.value(), id: e.pointerId };
    el.setPointerCapture(e.pointerId);
    el.classList.add('dragging');
    e.preventDefault();
    el.focus();
  });
  on('pointermove', (/** @type {PointerEvent} */ e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const v = stepped(drag.from, Math.trunc((e.clientX - drag.x) / PX_PER_STEP), o);
    if (v === drag.last) return;
    drag.last = v;
    set(v, false);
  });
  const end = (/** @type {PointerEvent} */ e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const { from, last } = drag;
    drag = null;
    el.classList.remove('dragging');
    if (last !== from) o.send(String(last), true);
  };
  on('pointerup', end);
  on('pointercancel', end);

  on('keydown', (/** @type {KeyboardEvent} */ e) => {
    if (disabled()) return;
    const [lo, hi] = o.limits();
    const now = o.value();
    const steps = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 10, PageDown: -10 }[e.key];
    let v = null;
    if (steps !== undefined) v = stepped(now, steps, o);
    else if (e.key === 'Home') v = lo;
    else if (e.key === 'End') v = hi;
    else if (e.key === 'Enter' || e.key === 'F2') {
      e.preventDefault();
      return type();
    }
    if (v == null) return;
    e.preventDefault();
    if (v !== now) set(v, true);
  });
  on('dblclick', () => { if (!disabled()) type(); });

  /** Replaces the number with a box to type into, until Enter, Escape or leaving it. */
  function type() {
    const box = document.createElement('input');
    box.className = 'typed';
    box.value = el.textContent?.replace(/\u00a0/g, ' ') ?? '';
    box.setAttribute('aria-label', el.getAttribute('aria-label') ?? '');
    el.hidden = true;
    el.after(box);
    box.select();
    box.focus();
    let done = false;
    /** @param {boolean} keep */
    const finish = (keep) => {
      if (done) return;
      done = true;
      const text = box.value.trim();
      box.remove();
      el.hidden = false;
      el.focus();
      if (keep && text) {
        o.send(text, true);
        moved();
      }
    };
    box.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') finish(true);
      else if (e.key === 'Escape') finish(false);
      else return;
      e.preventDefault();
    });
    box.addEventListener('blur', () => finish(true));
  }

  return () => abort.abort();
}
