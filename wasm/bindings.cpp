// The only file that knows about Emscripten. Scenarios, results and errors cross as JSON text, so the
// engine's own validation sees exactly what JavaScript sent; sweep series cross as typed arrays, one
// Float64Array per quantity (views into the last evaluation's vectors, which the wrapper copies at once).
// The engine catches every exception itself (api.cpp), so nothing escapes as a bare number.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "epochcalc/api.hpp"

namespace {

using emscripten::val;

// The series of the last evaluate call, in the order the wrapper reads them (wasm/epochcalc.js).
epochcalc::SweepSeries last_series;

const std::vector<double>* series_at(int index) {
  const epochcalc::SweepSeries& s = last_series;
  const std::vector<double>* all[] = {&s.batch_size,
                                      &s.host.epoch_time_s, &s.host.work_time_s, &s.host.overhead_time_s,
                                      &s.accelerator.epoch_time_s, &s.accelerator.work_time_s, &s.accelerator.overhead_time_s};
  return index >= 0 && index < 7 ? all[index] : nullptr;
}

// batch_sizes: null for the default grid, or an array of numbers (checked by the wrapper).
std::string evaluate(const std::string& scenario, val batch_sizes) {
  if (batch_sizes.isNull() || batch_sizes.isUndefined()) return epochcalc::evaluate_json(scenario, nullptr, last_series);
  const std::vector<double> sizes = emscripten::convertJSArrayToNumberVector<double>(batch_sizes);
  return epochcalc::evaluate_json(scenario, &sizes, last_series);
}

val series(int index) {
  const std::vector<double>* values = series_at(index);
  if (!values) return val::null();
  return val(emscripten::typed_memory_view(values->size(), values->data()));
}

std::string solve(const std::string& scenario) { return epochcalc::solve_json(scenario); }
std::string expand(const std::string& scenario) { return epochcalc::expand_json(scenario); }
std::string set_field(const std::string& scenario, const std::string& path, const std::string& text) {
  return epochcalc::set_field_json(scenario, path, text);
}
std::string version() { return std::string(epochcalc::version()); }

}  // namespace

EMSCRIPTEN_BINDINGS(epochcalc) {
  emscripten::function("_solve", &solve);
  emscripten::function("_evaluate", &evaluate);
  emscripten::function("_series", &series);
  emscripten::function("_expand", &expand);
  emscripten::function("_setField", &set_field);
  emscripten::function("_schema", &epochcalc::schema_json);
  emscripten::function("_hardware", &epochcalc::hardware_json);
  emscripten::function("_datasets", &epochcalc::datasets_json);
  emscripten::function("_presets", &epochcalc::presets_json);
  emscripten::function("_profiles", &epochcalc::profiles_json);
  emscripten::function("_defaultScenario", &epochcalc::default_scenario_json);
  emscripten::function("_version", &version);
}
