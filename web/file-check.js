// Opened straight from disk (file://), the browser refuses the page's module script, so the page
// could never explain itself. This classic script still runs there and says what to do.
// The single-file copy (epochcalc-offline.html) leaves it out: it works from disk.
// Loaded async, so it never holds up the page's own script.
if (location.protocol === 'file:') {
  const explain = () => {
    const status = document.getElementById('status');
    if (!status || document.documentElement.dataset.ready) return;
    status.textContent = 'Opened from a file, this page cannot load its engine: browsers block modules on file://. ' +
      'Open epochcalc-offline.html (one file that works from disk), or serve this folder over http ' +
      '(for example node scripts/serve.mjs, or any static file server).';
    status.classList.add('error');
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', explain);
  else explain();
}
