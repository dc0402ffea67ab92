// The calibration module's C exports (wasm/CMakeLists.txt), loaded by the wrapper on the first
// calc.calibrate() so that the page's first visit does not carry it. The same transport as the core's
// (wasm/exchange.hpp): the calibration input in argument 0, the fit's document a tape in the reply.
#include "epochcalc/api/api.hpp"
#include "exchange.hpp"

extern "C" {

EMSCRIPTEN_KEEPALIVE void epochcalc_calibrate() { epochcalc::wasm::reply = epochcalc::calibrate_reply(epochcalc::wasm::argument(0)); }

// The words the tapes refer to by index (the wrapper reads them once per module).
EMSCRIPTEN_KEEPALIVE void epochcalc_words() { epochcalc::wasm::reply = epochcalc::reply_words_json(); }

}  // extern "C"
