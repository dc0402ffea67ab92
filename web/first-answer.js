// dist/index.html holds the default scenario's answer as the engine drew it at build time
// (scripts/prerender.mjs), so a first visit reads it at the first paint. This runs before the page is
// drawn: when the visit will show another scenario, that answer is hidden (html[data-answer=later])
// until the engine has drawn the right one (web/src/main.js). Another scenario means parameters in the
// address, after '?' or '#' (a link), or a scenario kept from an earlier visit (web/src/saved.js's key).
// The build puts it inline in index.html (a file of its own held up the parser for one more request);
// the page's policy allows it by its hash (scripts/csp.mjs).
{
  let kept = false;
  try {
    kept = localStorage.getItem('epochcalc.scenario') !== null;
  } catch {
    // Storage refused (a sandboxed frame, a private window): nothing was kept.
  }
  if (location.search.length > 1 || location.hash.length > 1 || kept) document.documentElement.dataset.answer = 'later';
}
