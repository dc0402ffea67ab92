// Values that look like slips: a number outside the range any real system has, most often a bare
// number meant in another unit ("dispatch": 20 is 20 s per operation). Each gets a warning with the
// field's path, what was read and the likely intended value; the value itself is never changed.
// Private to the engine; parse_scenario calls it on every valid scenario.
#pragma once

#include <vector>

#include "epochcalc/model/model.hpp"
#include "epochcalc/scenario/scenario_json.hpp"

namespace epochcalc {

inline constexpr const char* slip_warning = "W_UNLIKELY_VALUE";

// `document` is the scenario document as read (its preset merged and its profiles filled in): a value is
// read as it was typed there, and only a value it holds can warn (a registry entry's or a default's
// never does).
void add_slip_warnings(const Scenario& scenario, const nlohmann::ordered_json& document, std::vector<Warning>& warnings);

}  // namespace epochcalc
