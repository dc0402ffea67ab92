// The calibration module's bindings (wasm/CMakeLists.txt): one call, JSON text in and out, loaded by
// the wrapper on the first calc.calibrate() so that the page's first visit does not carry it.
#include <emscripten/bind.h>

#include <string>

#include "epochcalc/api/api.hpp"

namespace {

std::string calibrate(const std::string& input) { return epochcalc::calibrate_json(input); }

}  // namespace

EMSCRIPTEN_BINDINGS(epochcalc_calibration) { emscripten::function("_calibrate", &calibrate); }
