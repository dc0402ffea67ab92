// What a host page needs for a calculator in an iframe: fit each frame to the height it reports.
// A sandboxed frame has an opaque origin ("null"), so the message is matched by the frame it came from.
addEventListener('message', (event) => {
  if (event.data?.type !== 'epochcalc:resize' || !Number.isFinite(event.data.height)) return;
  for (const frame of document.querySelectorAll('iframe')) {
    if (frame.contentWindow === event.source) frame.style.height = `${Math.ceil(event.data.height)}px`;
  }
});
