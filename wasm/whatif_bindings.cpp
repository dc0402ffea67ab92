// The what-if module's bindings (wasm/CMakeLists.txt), loaded by the wrapper on the first what-if
// call so that the page's first visit does not carry them. Scenarios, their arguments (sweeps, device
// lists: data the engine reads, whatif_json.hpp) and answers cross as JSON text;
// a field sweep's series cross as Float64Arrays (and the winner as a Uint8Array), copied out of wasm
// memory before the call returns, so no state is kept between calls.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "epochcalc/api/api_json.hpp"
#include "epochcalc/api/whatif_json.hpp"

namespace {

using emscripten::val;
using json = nlohmann::ordered_json;

// Text the wrapper parses: an answer, or an epochcalc/error@1 document.
std::string dump(const json& document) { return document.dump(-1, ' ', false, json::error_handler_t::replace); }

// The scenario's text as a document, or the error document's text in `error`.
std::optional<json> scenario_of(const std::string& text, std::string& error) {
  epochcalc::Errors errors;
  auto document = epochcalc::parse_json_text(text, "the scenario", errors);
  if (!document) error = dump(epochcalc::errors_to_json(errors));
  return document;
}

template <typename T>
val copy_of(const std::vector<T>& values) {
  return val(emscripten::typed_memory_view(values.size(), values.data())).call<val>("slice");
}

val series(const epochcalc::RunSeries& s) {
  val out = val::object();
  out.set("epoch_time_s", copy_of(s.epoch_time_s));
  out.set("compute_time_s", copy_of(s.compute_time_s));
  out.set("memory_time_s", copy_of(s.memory_time_s));
  out.set("work_time_s", copy_of(s.work_time_s));
  out.set("dispatch_time_s", copy_of(s.dispatch_time_s));
  out.set("launch_time_s", copy_of(s.launch_time_s));
  out.set("step_time_s", copy_of(s.step_time_s));
  out.set("transfer_time_s", copy_of(s.transfer_time_s));
  out.set("overhead_time_s", copy_of(s.overhead_time_s));
  out.set("energy_j", copy_of(s.energy_j));
  out.set("cost_usd", copy_of(s.cost_usd));
  out.set("priced", epochcalc::priced(s));
  return out;
}

// An argument's JSON text (the sweeps, the devices) as data, or the error document's text in `error`.
std::optional<json> argument_of(const std::string& text, const char* what, std::string& error) {
  epochcalc::Errors errors;
  auto document = epochcalc::parse_json_text(text, what, errors);
  if (!document) error = dump(epochcalc::errors_to_json(errors));
  return document;
}

// {header: text} with the series as typed arrays, or {error: text}. `sweeps_text`: the sweeps as JSON
// data (field_sweep_data).
val sweep_field(const std::string& scenario_text, const std::string& sweeps_text) {
  val out = val::object();
  std::string error;
  auto scenario = scenario_of(scenario_text, error);
  const auto sweeps = scenario ? argument_of(sweeps_text, "the sweeps", error) : std::nullopt;
  if (!sweeps) scenario.reset();
  json error_document;
  const auto request = scenario ? epochcalc::read_field_sweep_data(*scenario, *sweeps, error_document) : std::nullopt;
  if (!request) {
    out.set("error", scenario ? dump(error_document) : error);
    return out;
  }
  const epochcalc::FieldSweep sweep = epochcalc::run_field_sweep(*request);
  out.set("header", dump(epochcalc::field_sweep_header(*request, sweep.x.size())));
  out.set("x", copy_of(sweep.x));
  if (!sweep.y.empty()) out.set("y", copy_of(sweep.y));
  out.set("host", series(sweep.host));
  out.set("accelerator", series(sweep.accelerator));
  out.set("speedup", copy_of(sweep.speedup));
  out.set("accelerator_faster", copy_of(sweep.accelerator_faster));
  return out;
}

template <typename Answer>
std::string answer(const std::string& scenario_text, Answer compute) {
  std::string error;
  const auto scenario = scenario_of(scenario_text, error);
  return scenario ? dump(compute(*scenario)) : error;
}

std::string solve_for(const std::string& scenario, const std::string& field, const std::string& goal) {
  return answer(scenario, [&](const json& s) { return epochcalc::solve_for_document(s, field, goal); });
}
std::string break_even(const std::string& scenario) {
  return answer(scenario, [](const json& s) { return epochcalc::break_even_document(s); });
}
// `devices_text`: the devices as JSON data (compare_document).
std::string compare(const std::string& scenario, const std::string& devices_text) {
  std::string error;
  const auto devices = argument_of(devices_text, "the devices", error);
  return devices ? answer(scenario, [&](const json& s) { return epochcalc::compare_document(s, *devices); }) : error;
}
// `request_text`: the sweeps or the devices as JSON data, null for a result (csv_data).
std::string csv(const std::string& scenario, const std::string& what, const std::string& request_text, const std::string& units) {
  std::string error;
  const auto request = argument_of(request_text, "the CSV's request", error);
  return request ? answer(scenario, [&](const json& s) { return epochcalc::csv_data(s, what, *request, units); }) : error;
}
std::string quick_whatifs(const std::string& scenario) {
  return answer(scenario, [](const json& s) { return epochcalc::quick_whatifs_document(s); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(epochcalc_whatif) {
  emscripten::function("_sweepField", &sweep_field);
  emscripten::function("_solveFor", &solve_for);
  emscripten::function("_breakEven", &break_even);
  emscripten::function("_compare", &compare);
  emscripten::function("_quickWhatifs", &quick_whatifs);
  emscripten::function("_csv", &csv);
}
