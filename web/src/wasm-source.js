// Where the engine's .wasm comes from. The single-file build (epochcalc-offline.html) carries it as
// base64, as file:// cannot fetch it (and the on-demand modules' too); everywhere else the glue
// fetches epochcalc_core.wasm (and epochcalc_calibration.wasm, epochcalc_whatif.wasm) beside itself.

/** The bytes of an embedded base64 wasm, or undefined. @param {string} id */
function embedded(id) {
  const el = document.getElementById(id);
  if (!el) return undefined;
  const bytes = atob((el.textContent ?? '').trim());
  return Uint8Array.from(bytes, (c) => c.charCodeAt(0));
}

/** Options for createCalculator: the embedded engine and calibration wasm, when the page carries them. */
export function embeddedWasm() {
  const wasmBinary = embedded('epochcalc-wasm');
  if (!wasmBinary) return {};
  // The on-demand modules' bytes are decoded only when a calibration or a what-if first asks for them.
  return {
    wasmBinary,
    get calibrationWasmBinary() { return embedded('epochcalc-calibration-wasm'); },
    get whatifWasmBinary() { return embedded('epochcalc-whatif-wasm'); },
  };
}
