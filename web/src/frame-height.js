// The iframe embed (embed.html) tells its host page how tall it is.

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
