// Tiny DOM helpers. All text goes in through textContent / text nodes, never innerHTML.

/**
 * Creates an element. Attributes whose value is false, null or undefined are skipped, `true` sets an
 * empty attribute, functions under `on…` keys become event listeners. String children become text.
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {...(Node|string|number|null|undefined|false)} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value == null) continue;
    if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

/**
 * Appends children (strings become text nodes; null/false are skipped).
 * @param {ParentNode} parent
 * @param {any[]} children
 */
export function append(parent, children) {
  for (const child of children.flat()) {
    if (child === false || child == null) continue;
    parent.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/**
 * Replaces all children of `parent`.
 * @param {Element} parent
 * @param {...any} children
 */
export function replace(parent, ...children) {
  parent.replaceChildren();
  append(parent, children);
}

/**
 * Text with http(s) URLs turned into links (built with the DOM, so nothing is parsed as HTML).
 * @param {string} text
 * @returns {(string|HTMLElement)[]}
 */
export function linkify(text) {
  const parts = [];
  let last = 0;
  for (const m of text.matchAll(/https?:\/\/[^\s)"]+[^\s)".,;]/g)) {
    parts.push(text.slice(last, m.index));
    parts.push(h('a', { href: m[0], rel: 'noopener noreferrer', target: '_blank' }, m[0]));
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}

/**
 * Finds elements by id inside one calculator: the page's document, or an element's shadow root, where
 * ids are scoped so two calculators on one page never collide.
 * @param {Document|ShadowRoot} root
 * @returns {(id: string) => HTMLElement}
 */
export const byId = (root) => (id) => /** @type {HTMLElement} */ (root.getElementById(id));

/** Safari has no requestIdleCallback: there an idle callback is a task soon after, given the longest
 * idle period the standard allows (50 ms). */
const hasIdle = typeof requestIdleCallback === 'function';
const IDLE_PERIOD_MS = 50;

/**
 * requestIdleCallback where the browser has it, else a task soon after (Safari).
 * @param {IdleRequestCallback} f @param {number} timeout  ms at most before it runs @returns {number}
 */
export function onIdle(f, timeout) {
  if (hasIdle) return requestIdleCallback(f, { timeout });
  return window.setTimeout(() => {
    const start = performance.now();
    f({ didTimeout: false, timeRemaining: () => Math.max(0, IDLE_PERIOD_MS - (performance.now() - start)) });
  }, 1);
}

/** Cancels what onIdle scheduled. @param {number} handle */
export function cancelIdle(handle) {
  if (hasIdle) cancelIdleCallback(handle);
  else clearTimeout(handle);
}

/**
 * Resolves once any of `elements` is on screen, at least `ratio` of it. (The observer's first report
 * comes whatever the ratio, so each report is checked.)
 * @param {Element[]} elements @param {number} [ratio] @returns {Promise<void>}
 */
export function whenInView(elements, ratio = 0) {
  return new Promise((resolve) => {
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting && e.intersectionRatio >= ratio)) return;
      seen.disconnect();
      resolve();
    }, { threshold: ratio });
    for (const el of elements) seen.observe(el);
  });
}

/**
 * Tells `onChange` whether `el` is on screen or within 200 px of it, at first and at every change: what
 * is drawn only for a reader who can see it.
 * @param {Element} el @param {(near: boolean) => void} onChange
 */
export function watchNearView(el, onChange) {
  new IntersectionObserver((entries) => onChange(entries.some((e) => e.isIntersecting)), { rootMargin: '200px' }).observe(el);
}


/** The text each rewritten element was last built from. @type {WeakMap<Element, string>} */
const builtFrom = new WeakMap();
/**
 * Rebuilds an element's children only when the text they come from changed: sources and notes are
 * the same on almost every edit, and rebuilding them was DOM work on every keystroke.
 * @param {HTMLElement} el @param {string} key @param {() => any[]} children
 */
export function rewrite(el, key, children) {
  if (builtFrom.get(el) === key) return;
  builtFrom.set(el, key);
  replace(el, ...children());
}
