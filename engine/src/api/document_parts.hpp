// What the what-if documents share between their files (private): whatif_json.cpp and compare_json.cpp.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "epochcalc/model/model.hpp"
#include "scenario/json_read.hpp"

namespace epochcalc::detail {

std::string trimmed(std::string_view text);
// The scenario validated once for the call, or the error document.
std::optional<Scenario> scenario_of(const json& document, json& error_document);
// One run in SI units. `priced`: the device has a price, so its cost is a number; otherwise null, as
// in a result.
json run_json(const Run& r, bool priced);

}  // namespace epochcalc::detail
