// The default preset as a typed scenario, read by the parser (the test stops if it does not parse).
// Its own header, without solved.hpp's json alias: a unity batch may hold files that spell it themselves.
#pragma once

#include <doctest/doctest.h>

#include "epochcalc/scenario/registry.hpp"
#include "epochcalc/scenario/scenario_json.hpp"

namespace epochcalc::testing {

inline Scenario default_scenario() {
  ParsedScenario parsed = parse_scenario(registry::find_preset(registry::default_preset_id)->scenario);
  REQUIRE(parsed.errors.empty());
  return std::move(*parsed.scenario);
}

}  // namespace epochcalc::testing
