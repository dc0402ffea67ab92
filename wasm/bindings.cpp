// The only file that knows about Emscripten. Scenarios come in as JSON text, so the engine's own
// validation sees exactly what JavaScript sent. Replies go out as one Uint8Array per call: the engine's
// tape of the reply document (engine/src/reply_tape.hpp), copied out of wasm memory before the call
// returns (manifold's typed_memory_view + slice), so no state is kept between calls; wasm/epochcalc.js
// turns it into objects, the series into Float64Arrays. Listings and the schema, read once, stay text.
// The engine catches every exception itself (api.cpp), so nothing escapes as a bare number.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "epochcalc/api.hpp"

namespace {

using emscripten::val;

// The reply's bytes as a Uint8Array of its own.
val bytes(const std::string& reply) {
  return val(emscripten::typed_memory_view(reply.size(), reinterpret_cast<const unsigned char*>(reply.data())))
      .call<val>("slice");
}

val solve(const std::string& scenario) { return bytes(epochcalc::solve_reply(scenario)); }

// batch_sizes: null for the default grid, or an array of numbers (checked by the wrapper).
val evaluate(const std::string& scenario, val batch_sizes) {
  if (batch_sizes.isNull() || batch_sizes.isUndefined()) return bytes(epochcalc::evaluate_reply(scenario, nullptr));
  const std::vector<double> sizes = emscripten::convertJSArrayToNumberVector<double>(batch_sizes);
  return bytes(epochcalc::evaluate_reply(scenario, &sizes));
}

// has_edit false: the document alone (path and text ignored).
val update(const std::string& scenario, bool has_edit, const std::string& path, const std::string& text) {
  const epochcalc::FieldEdit edit{path, text};
  return bytes(epochcalc::update_reply(scenario, has_edit ? &edit : nullptr));
}
val read_link(const std::string& params) { return bytes(epochcalc::read_link_reply(params)); }
val write_link(const std::string& scenario) { return bytes(epochcalc::write_link_reply(scenario)); }
std::string version() { return std::string(epochcalc::version()); }

}  // namespace

EMSCRIPTEN_BINDINGS(epochcalc) {
  emscripten::function("_solve", &solve);
  emscripten::function("_evaluate", &evaluate);
  emscripten::function("_update", &update);
  emscripten::function("_readLink", &read_link);
  emscripten::function("_writeLink", &write_link);
  emscripten::function("_replyWords", &epochcalc::reply_words_json);
  emscripten::function("_schema", &epochcalc::schema_json);
  emscripten::function("_hardware", &epochcalc::hardware_json);
  emscripten::function("_datasets", &epochcalc::datasets_json);
  emscripten::function("_presets", &epochcalc::presets_json);
  emscripten::function("_profiles", &epochcalc::profiles_json);
  emscripten::function("_defaultScenario", &epochcalc::default_scenario_json);
  emscripten::function("_version", &version);
}
