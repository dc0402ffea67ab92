// The only file that knows about Emscripten. Text in, text out: JSON strings cross the boundary, so
// nothing needs .delete() and the engine's own validation sees exactly what JavaScript sent.
// The engine catches every exception itself (api.cpp), so nothing escapes as a bare number.
#include <emscripten/bind.h>

#include <string>

#include "epochcalc/api.hpp"

namespace {

std::string solve(const std::string& scenario) { return epochcalc::solve_json(scenario); }
std::string sweep(const std::string& scenario, const std::string& batch_sizes) {
  return epochcalc::sweep_json(scenario, batch_sizes);
}
std::string version() { return std::string(epochcalc::version()); }

}  // namespace

EMSCRIPTEN_BINDINGS(epochcalc) {
  emscripten::function("_solve", &solve);
  emscripten::function("_sweep", &sweep);
  emscripten::function("_hardware", &epochcalc::hardware_json);
  emscripten::function("_datasets", &epochcalc::datasets_json);
  emscripten::function("_presets", &epochcalc::presets_json);
  emscripten::function("_defaultScenario", &epochcalc::default_scenario_json);
  emscripten::function("_version", &version);
}
