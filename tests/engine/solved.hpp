// Helpers the model's topic files share: a scenario solved through the JSON API (the test stops if it
// does not solve), and relative comparison.
#pragma once

#include <doctest/doctest.h>

#include <cmath>

#include "epochcalc/api/api_json.hpp"

namespace epochcalc::testing {

using json = nlohmann::ordered_json;

inline double relative_error(double got, double want) { return std::fabs(got - want) / std::fabs(want); }

inline json solved(const json& document) {
  const json r = solve_document(document);
  REQUIRE_MESSAGE(r["schema"] == "epochcalc/result@1", r.dump());
  return r;
}

// The default preset with these assumptions patched in.
inline json preset_with(const json& assumptions) { return {{"preset", "mnist-cpu-vs-h100"}, {"assumptions", assumptions}}; }

// A result without where each overhead came from (host/accelerator .overheads.sources): what a round
// trip through the normalized scenario keeps. That scenario writes every value out, so its own result
// says each came from the scenario, where the original said preset, profile or default.
inline json numbers_of_device(json device) {
  if (device.contains("overheads")) device["overheads"].erase("sources");
  return device;
}
inline json numbers_of(json result) {
  for (const char* device : {"host", "accelerator"})
    if (result.contains(device)) result[device] = numbers_of_device(result[device]);
  return result;
}

inline double number(const json& run, const char* key) { return run[key].get<double>(); }

}  // namespace epochcalc::testing
