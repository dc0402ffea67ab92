// Offline use: registers dist/sw.js (web/sw.js, built by scripts/precache.mjs), which precaches the
// whole build so that a second visit works without a network. A new deployment installs beside the
// old one and waits; this page says so and switches only when the user asks, then reloads, so the
// page never runs with files from two versions.

const NOTICE_ID = 'epochcalc-update';
let started = false;

/**
 * Registers the service worker, once, where that makes sense; never throws. Does nothing from disk
 * (file://), in the single-file copy, without service worker support, in a sandboxed iframe, or when
 * this script was loaded from another site.
 */
export function registerOffline() {
  if (started) return;
  started = true;
  try {
    if (location.protocol !== 'http:' && location.protocol !== 'https:') return;
    // The single-file copy carries everything itself (the wasm inline) and has no sw.js beside it.
    if (document.getElementById('epochcalc-wasm')) return;
    if (!('serviceWorker' in navigator)) return;
    // Reading navigator.serviceWorker throws in a sandboxed iframe (opaque origin): caught below.
    const container = navigator.serviceWorker;
    // sw.js sits next to the bundled script (dist/app.js, dist/epochcalc-element.js), whatever page
    // loaded it and at whatever sub-path the build is hosted; its folder is the scope.
    const script = new URL('sw.js', import.meta.url);
    if (!container || script.origin !== location.origin) return;
    // After load: the worker's downloads must not compete with the first visit's own.
    const go = () => { watch(container, script).catch(() => {}); };
    if (document.readyState === 'complete') go();
    else addEventListener('load', go, { once: true });
  } catch {
    // No offline support here; the page works as before.
  }
}

/**
 * @param {ServiceWorkerContainer} container
 * @param {URL} script
 */
async function watch(container, script) {
  // Controlled at load: any later change of worker means a newer version now serves this scope, so
  // reload to get its complete set. Uncontrolled (first visit): the first worker takes the page over
  // (clientsClaim), which changes nothing the page has loaded, so that change is not a reason to reload.
  let controlled = Boolean(container.controller);
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!controlled) { controlled = true; return; }
    if (reloading) return;
    reloading = true;
    location.reload();
  });

  const registration = await container.register(script.href, { scope: new URL('./', script).href });
  /** A worker for a new version has installed and waits: offer it, if an old one serves this page. */
  const offer = () => {
    if (!container.controller || !registration.waiting) return;
    showNotice(() => {
      const waiting = registration.waiting;
      if (waiting) waiting.postMessage({ type: 'SKIP_WAITING' });
      else location.reload(); // another tab already switched
    });
  };
  /** @param {ServiceWorker|null} worker */
  const follow = (worker) => worker?.addEventListener('statechange', () => { if (worker.state === 'installed') offer(); });
  offer();
  // The browser checks for a new sw.js on every navigation, so an update may have started before
  // this code ran: follow the one installing now as well as any found later.
  follow(registration.installing);
  registration.addEventListener('updatefound', () => follow(registration.installing));
}

/**
 * A small fixed banner: "A new version of the calculator is ready." and a button.
 * @param {() => void} onUpdate
 */
function showNotice(onUpdate) {
  if (document.getElementById(NOTICE_ID)) return;
  const box = document.createElement('div');
  box.id = NOTICE_ID;
  box.setAttribute('role', 'status');
  box.style.cssText = 'position:fixed;right:1rem;bottom:1rem;z-index:1000;max-width:calc(100vw - 2rem);'
    + 'display:flex;flex-wrap:wrap;align-items:center;gap:.5rem .75rem;padding:.5rem .75rem;font-size:.9rem;'
    + 'background:var(--surface);color:var(--text);border:1px solid var(--border);border-radius:6px;'
    + 'box-shadow:0 2px 8px rgb(0 0 0/.25)';
  const text = document.createElement('span');
  text.textContent = 'A new version of the calculator is ready.';
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Reload to update';
  button.addEventListener('click', () => {
    button.disabled = true;
    onUpdate();
  });
  // The live region exists before its text arrives, so screen readers announce the text.
  document.body.append(box);
  setTimeout(() => box.append(text, button), 0);
}
