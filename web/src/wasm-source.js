// Where the engine's .wasm comes from. The single-file build (epochcalc-offline.html) carries it as
// base64, as file:// cannot fetch it; everywhere else the glue fetches epochcalc_core.wasm beside itself.

/** Options for createCalculator: the embedded wasm, when the page carries one. */
export function embeddedWasm() {
  const el = document.getElementById('epochcalc-wasm');
  if (!el) return {};
  const bytes = atob((el.textContent ?? '').trim());
  return { wasmBinary: Uint8Array.from(bytes, (c) => c.charCodeAt(0)) };
}
